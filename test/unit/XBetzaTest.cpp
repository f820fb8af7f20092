// XBetza's extensions against small walkers written from the reference's
// words (../shared/notations/betza.md §5), independent of the lowering; and
// XBetza's spellings of classic pieces against their Fairy-Stockfish and
// fairy-notation spellings. Every comparison runs both evaluators
// (test::evalBoth), so the new IR shapes (file-wrapping reps, leg trees,
// captures without moving) are also checked fast against reference.
#include "EvalHelpers.h"

#include "fairy/Notation/Notation.h"
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
    O.BoardMaxSide = P.board().maxSide();
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

/// A rifle move `ca<turn>iR`-like, read from the reference's words (§5.2:
/// "that leg must have exactly as many steps as the last slider leg"):
/// slide along \p Dirs (king directions) to the first piece within \p
/// Most steps; if it is an enemy, k steps away, capture it and go on, after
/// each turn of \p Turns (eighths), exactly k steps over empty squares (the
/// origin counts as empty) to a square that holds no friend.
struct Shot {
  std::set<std::string> Quiet, Capture, Remote;
};
Shot rifle(const Position &P, unsigned O, const std::vector<int> &Dirs,
           const std::vector<int> &Turns, int Most) {
  const Board &B = P.board();
  auto Free = [&](Vec V) {
    return B.contains(V) && B.squares().test(B.index(V));
  };
  Shot S;
  for (int D : Dirs) {
    Vec At = B.coord(O);
    for (int K = 1; K <= Most; ++K) {
      At = At + King[D];
      if (!Free(At))
        break;
      const Occupant &Hit = P.at(B.index(At));
      if (!Hit.Present)
        continue;
      if (Hit.Side == Color::White)
        break;
      for (int T : Turns) {
        Vec Step = King[(D + T + 8) % 8], To = At;
        bool Open = true;
        for (int J = 1; J <= K && Open; ++J) {
          To = To + Step;
          Open = Free(To);
          if (Open && J < K)
            Open = !P.at(B.index(To)).Present || B.index(To) == O;
        }
        if (!Open)
          continue;
        unsigned Sq = B.index(To);
        const Occupant &End = P.at(Sq);
        if (End.Present && Sq != O && End.Side == Color::White)
          continue;
        S.Remote.insert(B.squareName(Sq));
        if (End.Present && Sq != O)
          S.Capture.insert(B.squareName(Sq));
      }
      break;
    }
  }
  return S;
}

TEST(XBetzaTest, RifleLegsCountTheSlidersSteps) {
  struct Case {
    const char *Text;
    std::vector<int> Dirs, Turns;
    int Most;
  } Cases[] = {
      {"caibR", {0, 2, 4, 6}, {4}, 1000}, // shoot and come back
      {"caifR", {0, 2, 4, 6}, {0}, 1000}, // shoot and go as far again
      {"caifbR", {0, 2, 4, 6}, {0, 4}, 1000},
      {"caiR", {0, 2, 4, 6}, {-2, 0, 2}, 1000},
      {"caibB", {1, 3, 5, 7}, {4}, 1000},
      {"caibR3", {0, 2, 4, 6}, {4}, 3},    // the counted leg's range
      {"cafiR2", {0, 2, 4, 6}, {0}, 1000}, // the rifle leg's own range
  };
  size_t Shots = 0;
  for (const Case &C : Cases)
    for (const Position &P : positions()) {
      FrontendOptions O;
      O.BoardMaxSide = P.board().maxSide();
      NodeRef IR = compile("betza", C.Text, O);
      ASSERT_TRUE(IR);
      for (unsigned Sq : P.board().squares().toVector()) {
        if (P.at(Sq).Present)
          continue;
        std::string From = P.board().squareName(Sq);
        Destinations D = test::evalBoth(IR, P, From);
        Shot Want = rifle(P, Sq, C.Dirs, C.Turns, C.Most);
        if (std::string(C.Text) == "cafiR2") {
          // A rifle leg of range 2 cannot go further than 2 steps.
          Shot Near = rifle(P, Sq, C.Dirs, C.Turns, 2);
          Want = Near;
        }
        Shots += Want.Remote.size();
        ASSERT_TRUE(test::names(P.board(), D.Quiet).empty()) << C.Text;
        ASSERT_EQ(test::names(P.board(), D.Capture), Want.Capture)
            << C.Text << " from " << From;
        ASSERT_EQ(test::names(P.board(), D.Remote), Want.Remote)
            << C.Text << " from " << From;
      }
    }
  EXPECT_GT(Shots, 500u);
  // Without a board the counted leg is built up to the largest board.
  NodeRef Far = compile("betza", "caibR");
  Position P = test::position("8/8/8/8/8/8/8/8");
  P.place(P.board().index(Vec(0, 7)), Color::Black, 'P');
  EXPECT_EQ(test::names(P.board(), test::evalBoth(Far, P, "a1").Remote),
            std::set<std::string>{"a1"});
}

} // namespace
