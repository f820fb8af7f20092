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

TEST(LintTest, FixItsKeepTheMovesAndUnreachableMovesHaveNone) {
  std::mt19937_64 Rng(88);
  std::string Error;
  Board B = *Board::parse("8x8", Error);
  std::vector<Position> Positions;
  for (double Density : {0.0, 0.15, 0.3, 0.5}) {
    Position P(B);
    for (unsigned S = 0; S < B.numSquares(); ++S)
      if (std::bernoulli_distribution(Density)(Rng))
        P.place(S,
                std::bernoulli_distribution(0.5)(Rng) ? Color::White
                                                      : Color::Black,
                'X');
    Positions.push_back(P);
  }
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

// Lint judges each distinct text once and finds repeats through a table;
// its duplicate and subsumption warnings must be those of comparing every
// alternative with every other, as it did before: a repeat points at the
// first alternative of the same canonical form, a subsumed one at the
// first (in order) of another form that the pair's canonical form equals.
// Lists of light Betza groups, with repeats, stay within the budget.
TEST(LintTest, RepeatsAndSubsumptionAreThoseOfEveryPair) {
  const NotationInfo &N = *findNotation("betza");
  std::string Error;
  Board B = *Board::parse("8x8", Error);
  const char *Pool[] = {"W",  "F",  "K",  "N",  "R",  "B",  "Q",  "D",  "A",
                        "WW", "R2", "B3", "W2", "fW", "bW", "vW", "sW", "fF",
                        "mW", "cF", "fR", "K2", "WF", "lW", "fsW"};
  std::mt19937_64 Rng(5);
  int Compared = 0;
  for (int Round = 0; Round < 200; ++Round) {
    std::string Text;
    int Groups = 2 + Rng() % 7;
    for (int G = 0; G < Groups; ++G)
      Text += Pool[Rng() % std::size(Pool)];
    SCOPED_TRACE(Text);
    if (!readAlone(N, Text))
      continue; // a doubled atom with a range ('KK2'): lint says nothing
    DiagnosticEngine Diags(nullptr);
    unsigned Buffer = Diags.addBuffer(Text, "<lint>");
    lintMovement(Diags, N, Buffer, B, FrontendOptions());
    // (name, column, column of its note) for repeats and subsumptions;
    // the columns of alternatives lint set aside before comparing.
    using Claim = std::tuple<std::string, unsigned, unsigned>;
    std::set<Claim> Got;
    std::set<unsigned> SetAside;
    const auto &Ds = Diags.diagnostics();
    for (size_t I = 0; I < Ds.size(); ++I) {
      if (Ds[I].Name == "contradictory-qualifiers" ||
          Ds[I].Name == "unreachable-move")
        SetAside.insert(Ds[I].Column);
      if (Ds[I].Name == "duplicate-alternative" ||
          Ds[I].Name == "subsumed-alternative") {
        ASSERT_LT(I + 1, Ds.size());
        Got.insert({Ds[I].Name, Ds[I].Column, Ds[I + 1].Column});
      }
    }
    auto Alts = topLevelAlternatives("betza", Text);
    std::vector<NodeRef> IRs;
    std::vector<std::string> Canon;
    for (auto [Begin, End] : Alts) {
      IRs.push_back(readAlone(N, Text.substr(Begin, End - Begin)));
      Canon.push_back(IRs.back() ? canonical(IRs.back()) : "");
    }
    std::set<Claim> Want;
    for (size_t I = 0; I < Alts.size(); ++I) {
      unsigned Column = Alts[I].first + 1;
      if (Canon[I].empty() || SetAside.count(Column))
        continue;
      std::optional<Claim> C;
      for (size_t J = 0; J < I && !C; ++J)
        if (!Canon[J].empty() && Canon[J] == Canon[I])
          C = Claim{"duplicate-alternative", Column, Alts[J].first + 1};
      for (size_t J = 0; J < Alts.size() && !C; ++J) {
        if (J == I || Canon[J].empty() || Canon[J] == Canon[I])
          continue;
        if (canonical(ir::alt({IRs[I], IRs[J]})) == Canon[J])
          C = Claim{"subsumed-alternative", Column, Alts[J].first + 1};
      }
      if (C)
        Want.insert(*C);
    }
    EXPECT_EQ(Got, Want);
    Compared += Want.size();
  }
  EXPECT_GE(Compared, 200);
}

} // namespace
