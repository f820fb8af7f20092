// XBetza's extensions against small walkers written from the reference's
// words (../shared/notations/betza.md §5), independent of the lowering; and
// XBetza's spellings of classic pieces against their Fairy-Stockfish and
// fairy-notation spellings. Every comparison runs both evaluators
// (test::evalBoth), so the new IR shapes (file-wrapping reps, leg trees,
// captures without moving) are also checked fast against reference.
#include "EvalHelpers.h"

#include "fairy/Frontend/Notation.h"
#include "fairy/Testing/Random.h"

#include <gtest/gtest.h>

#include <functional>

using namespace fairy;

namespace {

NodeRef compile(const std::string &Notation, const std::string &Text,
                FrontendOptions Opts = {}) {
  DiagnosticEngine Diags(nullptr);
  NodeRef IR = findNotation(Notation)->Parse(
      Diags, Diags.addBuffer(Text, "<test>"), Opts);
  EXPECT_TRUE(IR) << Notation << " '" << Text << "'";
  return IR;
}

std::vector<Position> positions() {
  std::vector<Position> Ps;
  std::string E;
  for (const char *Size : {"8x8", "9x10"})
    Ps.emplace_back(*Board::parse(Size, E));
  std::mt19937_64 Rng(2026);
  for (int I = 0; I < 8; ++I) {
    gen::RandomPositionOptions O;
    O.MinSide = 5;
    O.MaxSide = 10;
    Ps.push_back(gen::randomPosition(Rng, O));
  }
  return Ps;
}

/// Where a walker's piece can go: empty squares and enemies.
struct Walked {
  std::set<std::string> Quiet, Capture;
};

/// A rider that takes the steps \p Step(k) for k = 0, 1, ... up to \p Most
/// steps (\p Wrap: files wrap around), stopping at the first piece.
Walked ride(const Position &P, unsigned Origin,
            const std::function<Vec(int)> &Step, int Most, bool Wrap = false) {
  const Board &B = P.board();
  Walked W;
  Vec At = B.coord(Origin);
  for (int K = 0; K < Most; ++K) {
    At = At + Step(K);
    if (Wrap)
      At.x = ((At.x % B.width()) + B.width()) % B.width();
    if (!B.contains(At) || !B.squares().test(B.index(At)))
      break;
    unsigned S = B.index(At);
    if (S == Origin)
      break; // round the cylinder: nothing new beyond
    const Occupant &O = P.at(S);
    if (!O.Present) {
      W.Quiet.insert(B.squareName(S));
      continue;
    }
    if (O.Side != Color::White)
      W.Capture.insert(B.squareName(S));
    break;
  }
  return W;
}

void add(Walked &To, const Walked &From) {
  To.Quiet.insert(From.Quiet.begin(), From.Quiet.end());
  To.Capture.insert(From.Capture.begin(), From.Capture.end());
}

/// The eight king directions clockwise from straight ahead, and the
/// knight's.
const Vec King[8] = {Vec(0, 1),  Vec(1, 1),   Vec(1, 0),  Vec(1, -1),
                     Vec(0, -1), Vec(-1, -1), Vec(-1, 0), Vec(-1, 1)};
const Vec Knight[8] = {Vec(1, 2),   Vec(2, 1),   Vec(2, -1), Vec(1, -2),
                       Vec(-1, -2), Vec(-2, -1), Vec(-2, 1), Vec(-1, 2)};

/// Checks \p Text against \p Oracle from every empty square of positions().
void expectWalker(
    const std::string &Text,
    const std::function<Walked(const Position &, unsigned)> &Oracle,
    FrontendOptions Opts = {}) {
  size_t Origins = 0;
  for (const Position &P : positions()) {
    FrontendOptions O = Opts;
    O.BoardWidth = P.board().width();
    NodeRef IR = compile("betza", Text, O);
    ASSERT_TRUE(IR);
    for (unsigned Sq : P.board().squares().toVector()) {
      if (P.at(Sq).Present)
        continue;
      ++Origins;
      std::string From = P.board().squareName(Sq);
      Destinations D = test::evalBoth(IR, P, From);
      Walked Want = Oracle(P, Sq);
      ASSERT_EQ(test::names(P.board(), D.Quiet), Want.Quiet)
          << Text << " from " << From;
      ASSERT_EQ(test::names(P.board(), D.Capture), Want.Capture)
          << Text << " from " << From;
    }
  }
  EXPECT_GT(Origins, 300u);
}

/// A crooked rider of the king's directions First, First+2, ...: each
/// start, then a quarter turn either way, then back, and so on.
Walked zigzag(const Position &P, unsigned O, int First, int Most) {
  Walked W;
  for (int D = First; D < 8; D += 2)
    for (int Turn : {2, -2})
      add(W,
          ride(
              P, O,
              [&](int K) { return K % 2 ? King[(D + Turn + 8) % 8] : King[D]; },
              Most));
  return W;
}

TEST(XBetzaTest, CrookedBishopZigzags) {
  expectWalker("zB", [](const Position &P, unsigned O) {
    return zigzag(P, O, /*First=*/1, /*Most=*/1000);
  });
}

TEST(XBetzaTest, CrookedRookWithRangeCountsSteps) {
  expectWalker("zW3", [](const Position &P, unsigned O) {
    return zigzag(P, O, /*First=*/0, /*Most=*/3);
  });
}

TEST(XBetzaTest, RoseTurnsTheSameWayRound) {
  // qN: each knight step the next knight direction, at most seven.
  expectWalker("qN", [](const Position &P, unsigned O) {
    Walked W;
    for (int D = 0; D < 8; ++D)
      for (int Sense : {1, -1})
        add(W, ride(
                   P, O,
                   [&](int K) { return Knight[((D + Sense * K) % 8 + 8) % 8]; },
                   7));
    return W;
  });
}

TEST(XBetzaTest, CircularWazirWalksASquare) {
  expectWalker("qW", [](const Position &P, unsigned O) {
    Walked W;
    for (int D = 0; D < 8; D += 2)
      for (int Sense : {2, -2})
        add(W,
            ride(
                P, O,
                [&](int K) { return King[((D + Sense * K) % 8 + 8) % 8]; }, 3));
    return W;
  });
}

TEST(XBetzaTest, CylinderRookWrapsFiles) {
  expectWalker("oR", [](const Position &P, unsigned O) {
    Walked W;
    for (int D = 0; D < 8; D += 2)
      add(W, ride(
                 P, O, [&](int) { return King[D]; }, 1000, /*Wrap=*/true));
    return W;
  });
}

TEST(XBetzaTest, CylinderKnightWrapsFiles) {
  expectWalker("oN", [](const Position &P, unsigned O) {
    Walked W;
    for (int D = 0; D < 8; ++D)
      add(W, ride(
                 P, O, [&](int) { return Knight[D]; }, 1, /*Wrap=*/true));
    return W;
  });
}

TEST(XBetzaTest, JumpingRookSkipsItsFirstSquare) {
  // jR: the first square is passed whatever stands there.
  expectWalker("jR", [](const Position &P, unsigned O) {
    Walked W;
    const Board &B = P.board();
    for (int D = 0; D < 8; D += 2) {
      Vec First = B.coord(O) + King[D];
      if (!B.contains(First) || !B.squares().test(B.index(First)))
        continue;
      Walked Beyond = ride(
          P, B.index(First), [&](int) { return King[D]; }, 1000);
      Beyond.Quiet.erase(B.squareName(O)); // the origin is empty behind
      add(W, Beyond);
    }
    return W;
  });
}

/// Spellings that must mean the same piece everywhere. Boards with missing
/// squares are left out: there a multi-leg spelling must find its middle
/// squares on the board, while the leap it spells jumps over the gap.
void expectSame(const NodeRef &A, const NodeRef &B, const std::string &What) {
  for (const Position &P : positions()) {
    if (P.board().shape().HasHoles)
      continue;
    for (unsigned O : P.board().squares().toVector()) {
      if (P.at(O).Present)
        continue;
      std::string From = P.board().squareName(O);
      for (Color C : {Color::White, Color::Black}) {
        Destinations DA = test::evalBoth(A, P, From, C);
        Destinations DB = test::evalBoth(B, P, From, C);
        ASSERT_EQ(test::names(P.board(), DA.Quiet),
                  test::names(P.board(), DB.Quiet))
            << What << " from " << From;
        ASSERT_EQ(test::names(P.board(), DA.Capture),
                  test::names(P.board(), DB.Capture))
            << What << " from " << From;
        ASSERT_EQ(test::names(P.board(), DA.Remote),
                  test::names(P.board(), DB.Remote))
            << What << " from " << From;
      }
    }
  }
}

TEST(XBetzaTest, MultiLegSpellingsOfClassicPieces) {
  // The reference's equivalences (§5.2, §5.3): XBetza legs against
  // Fairy-Stockfish's lame leaps and hoppers.
  const std::pair<const char *, const char *> Same[] = {
      {"pR", "pafR"},       {"pB", "pafB"},  {"gQ", "gafQ"}, {"nN", "afsW"},
      {"nN", "mafsW"},      {"nA", "afF"},   {"nD", "afW"},  {"nZ", "mafsmafW"},
      {"mRcpR", "mRpafcR"}, {"N", "mpafsW"}, {"D", "mpafW"},
  };
  for (auto [A, B] : Same)
    expectSame(compile("betza", A), compile("betza", B),
               std::string(A) + " vs " + B);
}

TEST(XBetzaTest, MultiLegAgainstFairyNotation) {
  const std::pair<const char *, const char *> Same[] = {
      // Griffon: F, or an F step to an empty square and a rook slide on.
      {"FyafsF", "[1,1]*,([1,1].([1,0]{1..},[0,1]{1..}))*"},
      // Moa: a knight leap blocked at the diagonal square.
      {"afsF", "([1,1].([1,0],[0,1]))*"},
      // An unblockable (2,4) leap.
      {"mpafN", "[2,4]*"},
      // Rook slide, then one more rook step to the side (a "hook").
      {"ymasR", "([0,1]{1..}.([1,0],[-1,0]))*"},
      // Later legs without letters: W turns f, l or r; N anything but back.
      {"maW", "([0,1].([0,1],[1,0],[-1,0]))*"},
      {"maN", "([1,2].([1,2],[2,1],[2,-1],[1,-2],[-1,2],[-2,1],[-2,-1]))*"},
  };
  for (auto [A, B] : Same)
    expectSame(compile("betza", A), compile("fairy", B),
               std::string(A) + " vs " + B);
}

TEST(XBetzaTest, XBoardReading) {
  FrontendOptions XB;
  XB.XBoardBetza = true;
  const std::pair<const char *, const char *> Same[] = {
      // K and Q as one 8-way atom; NN a leaper; L the zebra; the lame
      // zebra blocked at its one midpoint.
      {"fK", "fW"}, {"frK", "frF"}, {"fsK", "fF"},
      {"vK", "vW"}, {"fsQ", "fB"},  {"NN", "N"},
      {"L", "Z"},   {"W12", "W0"},  {"sfN", "sNfN"},
  };
  for (auto [A, B] : Same)
    expectSame(compile("betza", A, XB), compile("betza", B),
               std::string("xboard ") + A + " vs " + B);
  expectSame(compile("betza", "nZ", XB), compile("fairy", "([1,1].[1,2])*"),
             "xboard nZ");
}

TEST(XBetzaTest, CaptureWithoutMoving) {
  // mcabK (Chu Shogi lion): step out and back; only a capture on the way
  // makes it a move, whose destination is the origin itself.
  Position P = test::position("8/8/8/8/3Pp3/8/8/8");
  NodeRef IR = compile("betza", "mcabK");
  Destinations D = test::evalBoth(IR, P, "c4");
  EXPECT_EQ(test::names(P.board(), D.Quiet), std::set<std::string>{});
  EXPECT_EQ(test::names(P.board(), D.Remote), std::set<std::string>{});
  D = test::evalBoth(IR, P, "f4");
  EXPECT_EQ(test::names(P.board(), D.Remote), std::set<std::string>{"f4"});
  EXPECT_EQ(test::names(P.board(), D.Capture), std::set<std::string>{});
}

} // namespace
