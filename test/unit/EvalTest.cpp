// Hand-checked semantics of the evaluators (docs/ir.md, "Evaluation").
// Every case runs on both engines, which must also agree with each other.
#include "EvalHelpers.h"

#include "fairy/IR/Builder.h"

using namespace fairy;
using namespace fairy::ir;
using namespace fairy::test;

static NodeRef rook() {
  return sym("d4", seq({ride(RangeList::atLeast(0), leg({1, 0}, Land::empty())),
                        leg({1, 0}, Land::notFriend())}));
}

TEST(EvalTest, RookStopsAtPiecesAndCapturesEnemies) {
  // d6 holds a friend, f4 an enemy.
  Position P = position("8/8/3P4/8/5p2/8/8/8");
  Destinations D = evalBoth(rook(), P, "d4");
  EXPECT_EQ(names(P.board(), D.Quiet),
            (Names{"d5", "e4", "c4", "b4", "a4", "d3", "d2", "d1"}));
  EXPECT_EQ(names(P.board(), D.Capture), (Names{"f4"}));
  EXPECT_TRUE(D.Remote.none());
}

TEST(EvalTest, BlackMovesAreRotated) {
  Position P = position("8/8/8/8/8/8/8/8");
  NodeRef Forward = leg({1, 2}, Land::notFriend());
  EXPECT_EQ(names(P.board(), evalBoth(Forward, P, "d4").Quiet), (Names{"e6"}));
  // Black's forward is down the board and its right is White's left.
  EXPECT_EQ(names(P.board(), evalBoth(Forward, P, "d4", Color::Black).Quiet),
            (Names{"c2"}));
  // Friend and enemy are relative to the mover.
  Position Q = position("8/8/4p3/8/3p4/8/8/8");
  EXPECT_EQ(names(Q.board(), evalBoth(Forward, Q, "d4").Capture),
            (Names{"e6"}));
  EXPECT_EQ(names(Q.board(), evalBoth(Forward, Q, "d4", Color::Black).Quiet),
            (Names{"c2"}));
}

TEST(EvalTest, LocustCapturesOnTheWay) {
  NodeRef Checker = sym("lr", seq({leg({1, 1}, Land::enemy(), Effect::Capture),
                                   leg({1, 1}, Land::empty())}));
  Position P = position("8/8/8/8/4p3/3P4/8/8");
  Destinations D = evalBoth(Checker, P, "d3");
  EXPECT_EQ(names(P.board(), D.Remote), (Names{"f5"}));
  EXPECT_TRUE(D.Quiet.none());
  EXPECT_TRUE(D.Capture.none());
}

TEST(EvalTest, PrioTakesTheFirstAlternativeThatMoves) {
  NodeRef N = prio({leg({0, 1}, Land::empty()), leg({1, 0}, Land::any())});
  Position Open = position("8/8/8/8/8/8/8/8");
  EXPECT_EQ(names(Open.board(), evalBoth(N, Open, "d4").Quiet), (Names{"d5"}));
  Position Blocked = position("8/8/8/3p4/8/8/8/8");
  EXPECT_EQ(names(Blocked.board(), evalBoth(N, Blocked, "d4").Quiet),
            (Names{"e4"}));
  // At the top edge the first alternative has nowhere to go either.
  EXPECT_EQ(names(Open.board(), evalBoth(N, Open, "d8").Quiet), (Names{"e8"}));
}

TEST(EvalTest, FilterKeepsPathsWithAForwardLeg) {
  AxisPredicate Up;
  Up.Axis = 1;
  Up.Sign = 1;
  Up.K = 1;
  NodeRef N = filter(Up, sym("d4", leg({1, 2}, Land::notFriend())));
  Position P = position("8/8/8/8/8/8/8/8");
  EXPECT_EQ(names(P.board(), evalBoth(N, P, "d4").Quiet),
            (Names{"c6", "e6", "b5", "f5"}));
  // The predicate is read in the filter's own frame: mirroring the filter
  // flips what "forward" means.
  NodeRef Down = sym("fb", N);
  EXPECT_EQ(evalBoth(Down, P, "d4").Quiet.count(), 8u);
  // A filter counts legs anywhere in its path.
  NodeRef TwoStep = filter(Up, seq({leg({1, 0}), sym("fb", leg({0, 1}))}));
  EXPECT_EQ(names(P.board(), evalBoth(TwoStep, P, "d4").Quiet), (Names{"e5"}));
}

TEST(EvalTest, GuardsReadPieceStateAndZones) {
  GuardPredicate Initial;
  NodeRef N = guard(Initial, leg({0, 2}, Land::empty()));
  Position P = position("8/8/8/8/8/8/8/8");
  EXPECT_EQ(evalBoth(N, P, "e2").Quiet.count(), 1u);
  P.Moved.set(P.board().index({4, 1}));
  EXPECT_TRUE(evalBoth(N, P, "e2").Quiet.none());

  GuardPredicate Zone;
  Zone.K = GuardPredicate::Zone;
  Zone.ZoneId = 1;
  NodeRef Z = seq({leg({0, 1}), guard(Zone, leg({1, 0}))});
  SquareSet River = P.board().emptySet();
  River.set(P.board().index({4, 4}));
  P.Zones[1] = River;
  EXPECT_EQ(names(P.board(), evalBoth(Z, P, "e4").Quiet), (Names{"f5"}));
  EXPECT_TRUE(evalBoth(Z, P, "d4").Quiet.none());
}

TEST(EvalTest, OriginIsEmptyAndReturningIsNoMove) {
  Position P = position("8/8/8/8/8/8/8/8");
  EXPECT_TRUE(evalBoth(seq({leg({1, 0}), leg({-1, 0})}), P, "d4").all().none());
  NodeRef Through =
      seq({leg({1, 0}, Land::empty()), leg({-1, 0}, Land::empty()),
           leg({-1, 0}, Land::empty())});
  Position Q = position("8/8/8/8/3P4/8/8/8"); // our own piece on d4
  EXPECT_EQ(names(Q.board(), evalBoth(Through, Q, "d4").Quiet), (Names{"c4"}));
}

TEST(EvalTest, HolesBlockAndEdgesEnd) {
  Position P = position("8/8/8/8/3*4/8/8/8");
  Destinations D = evalBoth(rook(), P, "d2");
  EXPECT_EQ(names(P.board(), D.Quiet).count("d3"), 1u);
  EXPECT_EQ(names(P.board(), D.Quiet).count("d5"), 0u);
  EXPECT_EQ(D.Quiet.count(), 1u + 1u + 3u + 4u);
}

TEST(EvalTest, CapturingAFriendIsACapture) {
  Position P = position("8/8/8/8/8/8/8/3P4");
  Destinations D = evalBoth(leg({0, -1}, Land::any()), P, "d2");
  EXPECT_EQ(names(P.board(), D.Capture), (Names{"d1"}));
}

TEST(EvalTest, ThreeDimensionalCube) {
  std::string E;
  Position P(*Board::parse("3x3x3", E));
  NodeRef N = sym("cube", leg({0, 0, 1}));
  EXPECT_EQ(evalBoth(N, P, "Bb2").Quiet.count(), 6u);
  NodeRef Diag = sym("cube", leg({1, 1, 1}));
  EXPECT_EQ(evalBoth(Diag, P, "Bb2").Quiet.count(), 8u);
  EXPECT_EQ(evalBoth(Diag, P, "Aa1").Quiet.count(), 1u);
}

TEST(EvalTest, CrookedRepetitionFloodsEmptySquares) {
  // A piece that may step orthogonally through empty squares as often as
  // it likes reaches every empty square connected to it.
  NodeRef N = rep(RangeList::atLeast(1), sym("d4", leg({1, 0}, Land::empty())));
  Position P = position("8/8/8/PPPPPPPP/8/8/8/8");
  EXPECT_EQ(evalBoth(N, P, "a1").Quiet.count(), 8u * 4 - 1);
}

TEST(EvalTest, RideRepeatsOnePath) {
  // A nightrider-like ride of a two-leg path: (0,1) then (1,1), repeated.
  NodeRef N =
      ride(RangeList::atLeast(1),
           seq({leg({0, 1}, Land::empty()), leg({1, 1}, Land::empty())}));
  Position P = position("8/8/8/8/8/8/8/8");
  EXPECT_EQ(names(P.board(), evalBoth(N, P, "a1").Quiet),
            (Names{"b3", "c5", "d7"}));
  // rep, by contrast, may change path between repetitions.
  NodeRef R =
      rep(RangeList::between(2, 2),
          alt({leg({0, 1}, Land::empty()), leg({1, 0}, Land::empty())}));
  EXPECT_EQ(names(P.board(), evalBoth(R, P, "a1").Quiet),
            (Names{"a3", "b2", "c1"}));
}

TEST(EvalTest, LargeBoardsUseManyWords) {
  std::string E;
  Position P(*Board::parse("20x20", E));
  P.place(P.board().index({10, 15}), Color::Black, 'P');
  Destinations D = evalBoth(rook(), P, "k11");
  EXPECT_EQ(D.Quiet.count(), 4u + 10u + 10u + 9u);
  EXPECT_EQ(names(P.board(), D.Capture), (Names{"k16"}));
}
