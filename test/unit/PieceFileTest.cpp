// Piece files: every example in examples/ compiles, with --emit=bitboard,
// to one header whose tables (compiled by gcc, g++ and clang with -Wall
// -Wextra -Werror) agree with the fast evaluator on the piece's own moves
// -- for each side, and for pieces with initial moves both as a piece that
// has moved and as one that has not -- from every square and 40 random
// occupancies. The expected destinations come from each piece's movement
// as the file wrote it, not from the views the header was made of, so the
// views' side and state handling is checked too.
#include "BitboardCheck.h"
#include "GeneratedCode.h"

#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/PieceViews.h"
#include "fairy/PieceFile/PieceSet.h"

#include <gtest/gtest.h>

using namespace fairy;
using namespace fairy::test;

namespace {

std::string examplePath(const std::string &Name) {
  return std::string(FAIRY_SOURCE_DIR) + "/examples/" + Name;
}

TEST(PieceFileTest, ExamplesCompileToCheckedBitboardHeaders) {
  GeneratedCode Code;
  std::mt19937_64 Rng(8);
  for (const char *File : {"chess.fairy", "xiangqi.fairy", "shogi.fairy",
                           "grand.fairy", "raumschach.fairy"}) {
    SCOPED_TRACE(File);
    DiagnosticEngine Diags(nullptr);
    auto Set = readPieceFile(Diags, examplePath(File), PieceFileOptions());
    ASSERT_TRUE(Set) << (Diags.diagnostics().empty()
                             ? ""
                             : Diags.diagnostics()[0].Message);
    EXPECT_TRUE(Diags.diagnostics().empty()) << Diags.diagnostics()[0].Message;
    auto Header =
        emitPieceSet(Diags, *Set, *findBackend("bitboard"), Invocation(), File);
    ASSERT_TRUE(Header) << Diags.diagnostics().back().Message;
    std::string Notes;
    std::vector<PieceView> Views =
        tableViews(*Set, pieceViews(*Set, std::nullopt, 1), 1, Notes);
    const Board &B = Set->board();
    std::vector<CheckedPiece> Checked;
    for (const PieceView &V : Views) {
      // Each side of a piece that looks the same for both is checked too.
      std::vector<Color> Sides = {V.Side};
      if (V.BothSides)
        Sides.push_back(Color::Black);
      for (Color Side : Sides) {
        std::string E;
        std::shared_ptr<FastEvaluator> Fast =
            FastEvaluator::compile(V.Def->movesFor(Side), B, E);
        ASSERT_TRUE(Fast) << E;
        bool Moved = V.Assumes == PieceView::Moved;
        ExpectedFn Expected = [&B, Side, Moved, F = Fast,
                               Zones = Set->Zones](Bits Others, unsigned S) {
          Position P(B);
          // The zones the pieces test (xiangqi's palace and river).
          for (const auto &[Id, Squares] : Zones)
            P.Zones[Id] = Squares;
          for (unsigned X = 0; X < B.numSquares(); ++X)
            if (Others >> X & 1)
              P.place(X, opposite(Side), 'X');
          if (Moved)
            P.Moved.set(S);
          std::string E;
          auto D = F->evaluate(P, S, Side, E);
          EXPECT_TRUE(D) << E;
          return D ? *D : Destinations();
        };
        Checked.push_back({V.Name, Expected});
        // A piece moving differently by side is also checked through its
        // family's functions taking the side (pawn, pawn_initial).
        if (!V.BothSides)
          Checked.push_back(
              {V.Def->Identifier +
                   (V.Assumes == PieceView::Unmoved ? "_initial" : ""),
               Expected, Side == Color::White ? "0" : "1"});
      }
    }
    EXPECT_GE(Checked.size(), Set->Pieces.size());
    std::string Name = llvm::StringRef(File).split('.').first.str();
    Code.check(
        Name, *Header,
        bitboardCheckProgram(Name, B, randomOccupancies(B, 40, Rng), Checked));
  }
}

} // namespace

// PieceFileOptions::Recover: a piece whose notation has an error is left
// out, the error reported once, the others read (and linted); without it
// the whole file fails. The game rules, which may name the piece left out,
// are not read then.
TEST(PieceFileTest, RecoverLeavesOutOnlyTheBrokenPiece) {
  const std::string Text = "board 6x6;\nstart \"6/6/6/6/6/LGW3\";\n"
                           "piece wizard W betza \"FC\";\n"
                           "piece lancer L betza \"fRbx\";\n"
                           "piece guard G parlett \"1*\";\n";
  DiagnosticEngine Strict(nullptr);
  EXPECT_FALSE(readPieceFileText(Strict, Text, "<input>", {}));
  EXPECT_EQ(Strict.errorCount(), 1u);

  DiagnosticEngine Lenient(nullptr);
  PieceFileOptions Opts;
  Opts.Recover = true;
  auto Set = readPieceFileText(Lenient, Text, "<input>", Opts);
  ASSERT_TRUE(Set);
  EXPECT_EQ(Lenient.errorCount(), 1u);
  ASSERT_EQ(Set->Pieces.size(), 2u);
  EXPECT_EQ(Set->Pieces[0].Name, "wizard");
  EXPECT_EQ(Set->Pieces[1].Name, "guard");
  EXPECT_EQ(Set->board().str(), "6x6");
  EXPECT_FALSE(Set->Start);

  // With nothing broken, Recover reads the game rules as always.
  DiagnosticEngine Clean(nullptr);
  auto Whole = readPieceFileText(
      Clean,
      "board 6x6;\nstart \"6/6/6/6/6/W5\";\npiece wizard W betza \"FC\";\n",
      "<input>", Opts);
  ASSERT_TRUE(Whole);
  EXPECT_EQ(Clean.errorCount(), 0u);
  EXPECT_TRUE(Whole->Start);
}
