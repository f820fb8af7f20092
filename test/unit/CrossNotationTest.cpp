// The same piece written in Betza, Parlett and fairy-notation moves alike
// from every square of empty boards and random positions with blockers.
// Where a notation cannot say a piece (a Parlett xiangqi horse, a
// fairy-notation cannon), it is left out: docs/notations/betza.md lists why.
#include "EvalHelpers.h"

#include "fairy/Frontend/Notation.h"
#include "fairy/Testing/Random.h"

#include <gtest/gtest.h>

using namespace fairy;

namespace {

NodeRef compile(const std::string &Notation, const std::string &Text) {
  DiagnosticEngine Diags(nullptr);
  const NotationInfo *N = findNotation(Notation);
  EXPECT_TRUE(N) << Notation;
  NodeRef IR = N->Parse(Diags, Diags.addBuffer(Text, "<test>"), {});
  EXPECT_TRUE(IR) << Notation << " '" << Text << "'";
  return IR;
}

std::vector<Position> positions() {
  std::vector<Position> Ps;
  std::string E;
  for (const char *Size : {"8x8", "10x10", "9x7"})
    Ps.emplace_back(*Board::parse(Size, E));
  std::mt19937_64 Rng(404);
  for (int I = 0; I < 30 && Ps.size() < 13; ++I) {
    gen::RandomPositionOptions O;
    O.MinSide = 6;
    O.MaxSide = 10;
    Position P = gen::randomPosition(Rng, O);
    // On boards with missing squares Parlett's leaps differ on purpose:
    // they walk their unit steps, which must stay on the board.
    if (!P.board().shape().HasHoles)
      Ps.push_back(std::move(P));
  }
  return Ps;
}

TEST(CrossNotationTest, SamePieceSameMoves) {
  struct Case {
    const char *Piece, *Betza, *Parlett, *Fairy;
  } Cases[] = {
      {"knight", "N", "~1/2", "[1,2]*"},
      {"rook", "R", "n+", "[0,1]{1..}*"},
      {"bishop", "B", "nX", "[1,1]{1..}*"},
      {"queen", "Q", "n*", "[0,1]{1..}*,[1,1]{1..}*"},
      {"king", "K", "1*", "[0,1]*,[1,1]*"},
      {"nightrider", "NN", "~1/2&", "[1,2]{1..}*"},
      {"xiangqi horse", "nN", nullptr, "([0,1].([1,1],[-1,1]))*"},
      {"lance", "fR", "n>", "[0,1]{1..}"},
      {"wazir rider 2", "W2", "1-2+", "[0,1]{1..2}*"},
      {"dabbaba", "D", "~2+", "[0,2]*"},
  };
  std::vector<Position> Ps = positions();
  size_t Compared = 0;
  for (const Case &C : Cases) {
    NodeRef B = compile("betza", C.Betza);
    std::vector<std::pair<std::string, NodeRef>> Others;
    Others.emplace_back("fairy", compile("fairy", C.Fairy));
    if (C.Parlett)
      Others.emplace_back("parlett", compile("parlett", C.Parlett));
    for (const Position &P : Ps)
      for (unsigned O : P.board().squares().toVector()) {
        if (P.at(O).Present)
          continue;
        Destinations Want = test::evalBoth(B, P, P.board().squareName(O));
        for (auto &[Name, IR] : Others) {
          ++Compared;
          Destinations Got = test::evalBoth(IR, P, P.board().squareName(O));
          ASSERT_EQ(test::names(P.board(), Got.Quiet),
                    test::names(P.board(), Want.Quiet))
              << C.Piece << ": " << Name << " vs betza from "
              << P.board().squareName(O);
          ASSERT_EQ(test::names(P.board(), Got.Capture),
                    test::names(P.board(), Want.Capture))
              << C.Piece << ": " << Name << " vs betza from "
              << P.board().squareName(O);
        }
      }
  }
  EXPECT_GT(Compared, 10000u);
}

} // namespace
