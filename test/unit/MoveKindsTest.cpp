// The kinds of move a picture shows, kept honest: probing only the squares
// the fast evaluator calls relevant must find what probing every square
// finds, and probing with either engine must agree. A failure prints the IR
// and the position so it can be replayed.
#include "EvalHelpers.h"

#include "fairy/Eval/MoveKinds.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Testing/Random.h"

using namespace fairy;
using namespace fairy::test;

namespace {

struct Probed {
  MoveKinds K;
  std::string Error;
};

/// classifyMoves with \p Fast or the reference evaluator for the probes,
/// with or without the fast evaluator's relevant squares.
Probed classify(const NodeRef &IR, const FastEvaluator &Fast, const Position &P,
                unsigned Origin, Color Side, bool Reference, bool Candidates) {
  std::string Error;
  auto D = Fast.evaluate(P, Origin, Side, Error);
  EXPECT_TRUE(D) << Error;
  auto Paths = ReferenceEvaluator(IR, 200'000)
                   .paths(P, Origin, Side, /*Limit=*/500, Error);
  Probed R;
  R.K = classifyMoves(
      P, Origin, Side, *D,
      Paths ? *Paths : std::vector<std::vector<unsigned>>(),
      [&](const Position &Q, std::string &E) -> std::optional<Destinations> {
        if (Reference)
          return ReferenceEvaluator(IR, 2'000'000).evaluate(Q, Origin, Side, E);
        return Fast.evaluate(Q, Origin, Side, E);
      },
      [&](const Position &Q) -> std::optional<SquareSet> {
        std::string E;
        if (!Candidates)
          return std::nullopt;
        return Fast.testedSquares(Q, Origin, Side, E);
      },
      IR, R.Error);
  return R;
}

} // namespace

TEST(MoveKindsTest, RelevantSquaresFindEveryCaptureAndBothEnginesAgree) {
  std::mt19937_64 Rng(20261126);
  unsigned Compared = 0, ProbeFound = 0, Initial = 0, Hops = 0;
  for (uint64_t Seed = 0; Seed < 6000; ++Seed) {
    gen::RandomIROptions Opts;
    Opts.MaxDepth = 4;
    NodeRef IR = gen::RandomIR(Seed, Opts).generate();
    gen::RandomPositionOptions PO;
    PO.MaxSide = 7;
    Position P = gen::randomPosition(Rng, PO);
    std::string Error;
    auto Fast = FastEvaluator::compile(IR, P.board(), Error);
    if (!Fast)
      continue;
    unsigned Origin = gen::randomSquare(Rng, P.board());
    Color Side = Rng() % 2 ? Color::White : Color::Black;
    P.Moved.reset(Origin); // let initial moves show
    Probed All = classify(IR, *Fast, P, Origin, Side, false, false);
    Probed Some = classify(IR, *Fast, P, Origin, Side, false, true);
    Probed Ref = classify(IR, *Fast, P, Origin, Side, true, true);
    if (!All.K.Probed || !Some.K.Probed || !Ref.K.Probed)
      continue; // a budget ran out: nothing to compare
    ++Compared;
    std::string Case = "IR:\n" + printIR(*IR) + "board " + P.board().str() +
                       ", origin " + P.board().squareName(Origin) +
                       (Side == Color::White ? " white" : " black") +
                       ", pieces:";
    P.board().squares().forEach([&](unsigned I) {
      if (P.at(I).Present)
        Case += " " + P.board().squareName(I) +
                (P.at(I).Side == Color::White ? "=W" : "=B") +
                (P.Moved.test(I) ? "(moved)" : "");
    });
    if (P.LastMove)
      Case += ", last move " + P.board().squareName(P.LastMove->From) + "-" +
              P.board().squareName(P.LastMove->To);
    const Board &B = P.board();
    EXPECT_EQ(names(B, Some.K.Capture), names(B, All.K.Capture)) << Case;
    EXPECT_EQ(names(B, Some.K.Quiet), names(B, All.K.Quiet)) << Case;
    EXPECT_EQ(names(B, Some.K.InitialOnly), names(B, All.K.InitialOnly))
        << Case;
    EXPECT_EQ(names(B, Ref.K.Capture), names(B, All.K.Capture)) << Case;
    EXPECT_EQ(names(B, Ref.K.InitialOnly), names(B, All.K.InitialOnly)) << Case;
    // What the picture marks includes what the position shows.
    EXPECT_TRUE(All.K.D.Capture.isSubsetOf(All.K.Capture)) << Case;
    EXPECT_TRUE(All.K.InitialOnly.isSubsetOf(All.K.Quiet | All.K.Capture))
        << Case;
    ProbeFound += All.K.Capture != All.K.D.Capture;
    Initial += All.K.InitialOnly.any();
    Hops += All.K.Hop.any();
  }
  std::printf("move kinds: %u cases, %u with captures found by probing, %u "
              "with initial-only moves, %u with hops\n",
              Compared, ProbeFound, Initial, Hops);
  EXPECT_GE(Compared, 4000u);
  // The comparison must be about something.
  EXPECT_GE(ProbeFound, Compared / 5);
  EXPECT_GE(Initial, 10u);
}

TEST(MoveKindsTest, CannonCapturesBeyondItsScreenAreHops) {
  DiagnosticEngine Diags(nullptr);
  std::string Error;
  auto Board = Board::make(9, 10, 1, Error);
  ASSERT_TRUE(Board);
  NodeRef IR = parseBetza(Diags, Diags.addBuffer("mRcpR", "<test>"), {});
  ASSERT_TRUE(IR);
  Position P(*Board);
  unsigned Origin, Screen;
  ASSERT_TRUE(Board->parseSquare("b3", Origin, Error));
  ASSERT_TRUE(Board->parseSquare("b5", Screen, Error));
  P.place(Screen, Color::Black, 'P');
  auto Fast = FastEvaluator::compile(IR, *Board, Error);
  ASSERT_TRUE(Fast) << Error;
  Probed R = classify(IR, *Fast, P, Origin, Color::White, false, true);
  ASSERT_TRUE(R.K.Probed) << R.Error;
  EXPECT_EQ(names(*Board, R.K.Hop),
            (std::set<std::string>{"b6", "b7", "b8", "b9", "b10"}));
  EXPECT_EQ(names(*Board, R.K.Capture), names(*Board, R.K.Hop));
  EXPECT_TRUE(names(*Board, R.K.Quiet).count("b4"));
  EXPECT_FALSE(names(*Board, R.K.Quiet).count("b6"));
}
