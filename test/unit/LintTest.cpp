// --lint's claims checked against the evaluator. A duplicate or subsumed
// alternative's fix-it deletes it, and a simpler equivalent's replaces the
// text: each fix-it applied must leave the moves unchanged, from every
// square of random positions. An unreachable alternative alone must have
// no move at all. Texts are random Parlett and fairy-notation pieces, each
// alone, doubled ("A,A"), with a queen, and single steps with a king
// (which subsumes them), so every claim is exercised.
#include "EvalHelpers.h"

#include "fairy/IR/Builder.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Lint/Lint.h"
#include "fairy/Testing/Random.h"
#include "fairy/Transforms/Pass.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

using namespace fairy;

namespace {

/// \p Text with the fix-its of \p D applied (one line; columns from 1).
std::string applyFixIts(const std::string &Text, const Diagnostic &D) {
  std::string Out = Text;
  // From the right, so earlier columns stay valid.
  std::vector<Diagnostic::FixIt> Fixes = D.FixIts;
  std::sort(Fixes.begin(), Fixes.end(), [](const auto &A, const auto &B) {
    return A.Begin.Column > B.Begin.Column;
  });
  for (const auto &F : Fixes)
    Out.replace(F.Begin.Column - 1, F.End.Column - F.Begin.Column, F.Text);
  return Out;
}

NodeRef parse(const NotationInfo &N, const std::string &Text) {
  DiagnosticEngine Diags(nullptr);
  unsigned Buffer = Diags.addBuffer(Text, "<lint>");
  NodeRef IR = N.Parse(Diags, Buffer, FrontendOptions());
  return Diags.errorCount() ? nullptr : IR;
}

/// Whether \p A and \p B make the same moves from every square of
/// \p Positions.
bool sameMoves(const NodeRef &A, const NodeRef &B,
               const std::vector<Position> &Positions) {
  for (const Position &P : Positions) {
    std::string E;
    auto FA = FastEvaluator::compile(A, P.board(), E);
    auto FB = FastEvaluator::compile(B, P.board(), E);
    if (!FA || !FB)
      return false;
    for (unsigned S : P.board().squares().toVector()) {
      if (P.at(S).Present)
        continue;
      auto DA = FA->evaluate(P, S, Color::White, E);
      auto DB = FB->evaluate(P, S, Color::White, E);
      if (!DA || !DB || !(*DA == *DB))
        return false;
    }
  }
  return true;
}

/// One position per density of \p B, each square holding a piece of a
/// random side with that probability.
std::vector<Position> randomPositions(const Board &B,
                                      std::initializer_list<double> Densities,
                                      std::mt19937_64 &Rng) {
  std::vector<Position> Positions;
  for (double Density : Densities) {
    Position P(B);
    for (unsigned S = 0; S < B.numSquares(); ++S)
      if (std::bernoulli_distribution(Density)(Rng))
        P.place(S,
                std::bernoulli_distribution(0.5)(Rng) ? Color::White
                                                      : Color::Black,
                'X');
    Positions.push_back(P);
  }
  return Positions;
}

TEST(LintTest, FixItsKeepTheMovesAndUnreachableMovesHaveNone) {
  std::mt19937_64 Rng(88);
  std::string Error;
  Board B = *Board::parse("8x8", Error);
  std::vector<Position> Positions =
      randomPositions(B, {0.0, 0.15, 0.3, 0.5}, Rng);
  std::map<std::string, int> Checked;
  for (int I = 0; I < 160; ++I) {
    bool Parlett = I % 2;
    const NotationInfo &N = *findNotation(Parlett ? "parlett" : "fairy");
    std::string Piece = Parlett ? gen::randomParlett(Rng)
                                : gen::randomFairyNotation(Rng, false, 2);
    // The king subsumes the small steps; the queen some riders.
    std::string King = Parlett ? "1*" : "[1,0]*,[1,1]*";
    std::string Queen = Parlett ? "n*" : "[1,0]{1..}*,[1,1]{1..}*";
    const char *Steps[] = {"1+", "1x", "1>", "1<>", "1="};
    const char *FairySteps[] = {"[1,0]*", "[1,1]+", "[0,1]", "[1,0]|", "[1,1]"};
    std::string Step = Parlett ? Steps[I % 5] : FairySteps[I % 5];
    for (const std::string &Text :
         {Piece, Piece + "," + Piece, Piece + "," + Queen, Queen + "," + Piece,
          Step + "," + King, King + "," + Step + "," + Piece,
          Piece + "," + (Parlett ? "~1/8" : "[1,8]*")}) {
      SCOPED_TRACE(Text);
      NodeRef Original = parse(N, Text);
      if (!Original)
        continue;
      DiagnosticEngine Diags(nullptr);
      unsigned Buffer = Diags.addBuffer(Text, "<lint>");
      lintMovement(Diags, N, Buffer, B, FrontendOptions());
      for (const Diagnostic &D : Diags.diagnostics()) {
        if (D.Name == "duplicate-alternative" ||
            D.Name == "subsumed-alternative" ||
            D.Name == "simpler-equivalent") {
          ASSERT_EQ(D.FixIts.size(), 1u) << D.Message;
          std::string Fixed = applyFixIts(Text, D);
          NodeRef After = parse(N, Fixed);
          ASSERT_TRUE(After) << D.Name << " gave unreadable " << Fixed;
          EXPECT_TRUE(sameMoves(Original, After, Positions))
              << D.Name << ": " << Text << " -> " << Fixed;
          ++Checked[D.Name];
        } else if (D.Name == "unreachable-move") {
          ASSERT_FALSE(D.Ranges.empty());
          auto [Begin, End] = D.Ranges[0];
          std::string Alone =
              Text.substr(Begin.Column - 1, End.Column - Begin.Column);
          NodeRef IR = parse(N, Alone);
          ASSERT_TRUE(IR) << Alone;
          EXPECT_TRUE(sameMoves(IR, ir::nothing(), Positions)) << Alone;
          ++Checked[D.Name];
        }
      }
    }
  }
  // Every kind of claim was put to the test.
  EXPECT_GE(Checked["duplicate-alternative"], 20);
  EXPECT_GE(Checked["subsumed-alternative"], 10);
  EXPECT_GE(Checked["simpler-equivalent"], 10);
  EXPECT_GE(Checked["unreachable-move"], 20);
  for (auto &[Name, Count] : Checked)
    std::printf("%s: %d claims checked\n", Name.c_str(), Count);
}

/// \p Text read alone, or null if it does not read.
NodeRef readAlone(const NotationInfo &N, const std::string &Text) {
  NodeRef IR = parse(N, Text);
  return IR && verifyIR(*IR).empty() ? IR : nullptr;
}

std::string canonical(const NodeRef &IR) {
  return printIR(*optimize(IR, 1, PassContext()));
}

/// \p Text with every fix-it of \p Fixes applied (one line, from the
/// right, so earlier columns stay valid).
std::string applyAll(const std::string &Text,
                     std::vector<Diagnostic::FixIt> Fixes) {
  std::sort(Fixes.begin(), Fixes.end(), [](const auto &A, const auto &B) {
    return A.Begin.Column > B.Begin.Column;
  });
  std::string Out = Text;
  for (const auto &F : Fixes)
    Out.replace(F.Begin.Column - 1, F.End.Column - F.Begin.Column, F.Text);
  return Out;
}

// Lint judges each distinct text once and finds repeats through a table; a
// repeat points at the first alternative of the same canonical form. An
// alternative is subsumed when the others not found subsumed before it
// make all its moves, so the fix-its of all the repeats and subsumed
// alternatives, applied together, keep the moves, as does each alone; and
// no alternative left unwarned is subsumed, by the canonical form of a
// pair, by another one left.
TEST(LintTest, RepeatsAndSubsumedAlternativesCanAllGo) {
  const NotationInfo &N = *findNotation("betza");
  std::string Error;
  Board B = *Board::parse("8x8", Error);
  std::mt19937_64 Rng(5);
  std::vector<Position> Positions = randomPositions(B, {0.0, 0.2, 0.4}, Rng);
  const char *Pool[] = {"W",   "F",    "K",   "N",     "R",  "B",  "Q",   "D",
                        "A",   "WW",   "R2",  "B3",    "W2", "fW", "bW",  "vW",
                        "sW",  "fF",   "mW",  "cF",    "fR", "K2", "WF",  "lW",
                        "fsW", "mR",   "cR",  "mQ",    "cB", "pR", "cpR", "NN",
                        "iW",  "ifmW", "iR2", "mafsW", "nN"};
  int Repeats = 0, Subsumed = 0, Unfixed = 0;
  for (int Round = 0; Round < 200; ++Round) {
    std::string Text;
    int Groups = 2 + Rng() % 7;
    for (int G = 0; G < Groups; ++G)
      Text += Pool[Rng() % std::size(Pool)];
    SCOPED_TRACE(Text);
    NodeRef Whole = readAlone(N, Text);
    if (!Whole)
      continue; // a doubled atom with a range ('KK2'): lint says nothing
    DiagnosticEngine Diags(nullptr);
    unsigned Buffer = Diags.addBuffer(Text, "<lint>");
    lintMovement(Diags, N, Buffer, B, FrontendOptions());
    auto Alts = topLevelAlternatives("betza", Text);
    std::vector<NodeRef> IRs;
    std::vector<std::string> Canon;
    for (auto [Begin, End] : Alts) {
      IRs.push_back(readAlone(N, Text.substr(Begin, End - Begin)));
      Canon.push_back(IRs.back() ? canonical(IRs.back()) : "");
    }
    auto AltAt = [&](unsigned Column) {
      for (size_t I = 0; I < Alts.size(); ++I)
        if (Alts[I].first + 1 == Column)
          return I;
      ADD_FAILURE() << "no alternative at column " << Column;
      return size_t(0);
    };
    std::vector<Diagnostic::FixIt> All;
    std::set<size_t> Warned;
    const auto &Ds = Diags.diagnostics();
    for (size_t I = 0; I < Ds.size(); ++I) {
      bool Repeat = Ds[I].Name == "duplicate-alternative";
      if (!Repeat && Ds[I].Name != "subsumed-alternative")
        continue;
      size_t A = AltAt(Ds[I].Column);
      Warned.insert(A);
      ASSERT_LT(I + 1, Ds.size());
      ASSERT_EQ(Ds[I + 1].Kind, llvm::SourceMgr::DK_Note);
      size_t Other = AltAt(Ds[I + 1].Column);
      if (Repeat) {
        // The first of the same canonical form.
        EXPECT_EQ(Canon[Other], Canon[A]);
        for (size_t J = 0; J < Other; ++J)
          EXPECT_NE(Canon[J], Canon[A]);
        ++Repeats;
      } else {
        EXPECT_NE(Canon[Other], Canon[A]);
        ++Subsumed;
      }
      // Each alone keeps the moves. None where the neighbours would glue
      // ('R' and 'R2' around a 'W' become the doubled 'RR2').
      ASSERT_LE(Ds[I].FixIts.size(), 1u);
      if (Ds[I].FixIts.empty()) {
        ++Unfixed;
        continue;
      }
      NodeRef One = readAlone(N, applyAll(Text, Ds[I].FixIts));
      ASSERT_TRUE(One);
      EXPECT_TRUE(sameMoves(Whole, One, Positions))
          << Ds[I].Message << ": " << applyAll(Text, Ds[I].FixIts);
      All.push_back(Ds[I].FixIts[0]);
    }
    // All together keep the moves.
    std::string Left = applyAll(Text, All);
    NodeRef After = readAlone(N, Left);
    ASSERT_TRUE(After) << Left;
    EXPECT_TRUE(sameMoves(Whole, After, Positions)) << Text << " -> " << Left;
    // What is left has no pair the old comparison finds subsumed.
    for (size_t I = 0; I < Alts.size(); ++I)
      for (size_t J = 0; J < Alts.size(); ++J)
        if (I != J && !Warned.count(I) && !Warned.count(J) &&
            !Canon[I].empty() && !Canon[J].empty() && Canon[I] != Canon[J])
          EXPECT_NE(canonical(ir::alt({IRs[I], IRs[J]})), Canon[J])
              << Text.substr(Alts[I].first, Alts[I].second - Alts[I].first)
              << " in "
              << Text.substr(Alts[J].first, Alts[J].second - Alts[J].first);
  }
  std::printf("%d repeats, %d subsumed, %d without a fix-it\n", Repeats,
              Subsumed, Unfixed);
  EXPECT_GE(Repeats, 50);
  EXPECT_GE(Subsumed, 150);
  EXPECT_LE(Unfixed, (Repeats + Subsumed) / 10);
}

} // namespace
