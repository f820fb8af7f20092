// The backbone of correctness: random movesets on random positions, the
// fast evaluator against the reference evaluator, case by case. A failure
// prints the IR, the position and the origin so it can be replayed.
#include "EvalHelpers.h"

#include "fairy/Eval/Borrow.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Testing/Random.h"

using namespace fairy;
using namespace fairy::test;

namespace {

struct Tally {
  unsigned Compared = 0, Skipped = 0, Disagreed = 0;
  // How interesting the agreeing cases were: a generator that only made
  // empty movesets would agree trivially.
  unsigned NonEmpty = 0, WithCapture = 0, WithRemote = 0, Large = 0;
  /// Cases whose destinations change when borrowing is switched off.
  unsigned Borrowed = 0;
};

std::string describe(const Position &P) {
  std::string S = P.board().str() + " pieces:";
  P.board().squares().forEach([&](unsigned I) {
    if (P.at(I).Present)
      S += " " + P.board().squareName(I) + "=" +
           (P.at(I).Side == Color::White ? "W" : "B");
  });
  return S;
}

/// Compares the engines for \p IR on \p Positions positions, two origins each.
void compare(const NodeRef &IR, std::mt19937_64 &Rng, unsigned Positions,
             const gen::RandomPositionOptions &PO, Tally &T) {
  for (unsigned I = 0; I < Positions; ++I) {
    Position P = gen::randomPosition(Rng, PO);
    std::string Error;
    auto Fast = FastEvaluator::compile(IR, P.board(), Error);
    if (!Fast) {
      ++T.Skipped;
      continue;
    }
    ReferenceEvaluator Ref(IR, 2'000'000);
    for (int O = 0; O < 2; ++O) {
      unsigned Origin = gen::randomSquare(Rng, P.board());
      Color Mover = Rng() % 2 ? Color::White : Color::Black;
      auto R = Ref.evaluate(P, Origin, Mover, Error);
      if (!R) {
        ++T.Skipped;
        continue;
      }
      ++T.Compared;
      auto FastResult = Fast->evaluate(P, Origin, Mover, Error);
      ASSERT_TRUE(FastResult) << Error;
      Destinations F = *FastResult;
      T.NonEmpty += F.all().any();
      T.WithCapture += F.Capture.any();
      T.WithRemote += F.Remote.any();
      T.Large += F.all().count() >= 5;
      if (usesBorrowing(*IR)) {
        auto Off = Fast->evaluate(borrowingOff(P), Origin, Mover, Error);
        T.Borrowed += Off && *Off != F;
      }
      if (F != *R) {
        ++T.Disagreed;
        ADD_FAILURE() << "engines disagree\nIR:\n"
                      << printIR(*IR) << "position: " << describe(P)
                      << "\norigin: " << P.board().squareName(Origin)
                      << (Mover == Color::White ? " white" : " black")
                      << "\nfast quiet/capture/remote: " << F.Quiet.count()
                      << "/" << F.Capture.count() << "/" << F.Remote.count()
                      << "\nref  quiet/capture/remote: " << R->Quiet.count()
                      << "/" << R->Capture.count() << "/" << R->Remote.count();
        if (T.Disagreed > 5)
          return;
      }
    }
  }
}

/// Prints the tally and checks that enough cases were interesting: at least
/// a third move somewhere, and captures of both kinds occur (the minimum
/// shares are per mille of the cases compared).
void report(const char *What, const Tally &T, unsigned CapturePerMille = 80,
            unsigned RemotePerMille = 20) {
  std::printf("%s: %u cases compared, %u skipped, %u disagreements; %u with "
              "moves, %u with 5+ moves, %u with captures, %u with remote "
              "captures\n",
              What, T.Compared, T.Skipped, T.Disagreed, T.NonEmpty, T.Large,
              T.WithCapture, T.WithRemote);
  EXPECT_GT(T.NonEmpty * 3, T.Compared);
  EXPECT_GT(T.WithCapture * 1000, T.Compared * CapturePerMille);
  if (RemotePerMille) { // 0: the movesets compared make none
    EXPECT_GT(T.WithRemote * 1000, T.Compared * RemotePerMille);
  }
}

} // namespace

TEST(DifferentialTest, RandomIRFastVersusReference) {
  Tally T;
  std::mt19937_64 Rng(20261122);
  for (uint64_t Seed = 0; Seed < 3000 && T.Disagreed <= 5; ++Seed) {
    gen::RandomIROptions Opts;
    Opts.ThreeD = Seed % 5 == 0;
    Opts.MaxDepth = 4 + Seed % 2;
    // Attack conditions evaluate the other pieces' moves: both evaluators
    // do that with their own engine.
    Opts.AttackGuards = Seed % 4 == 1;
    NodeRef IR = gen::RandomIR(Seed, Opts).generate();
    ASSERT_TRUE(verifyIR(*IR).empty());
    gen::RandomPositionOptions PO;
    PO.ThreeD = Opts.ThreeD;
    PO.AttackGuards = Opts.AttackGuards;
    compare(IR, Rng, 3, PO, T);
  }
  // A capture on the path's last square is an ordinary capture, so remote
  // ones need a capture followed by more legs: rarer in random trees.
  report("random IR", T, /*CapturePerMille=*/80, /*RemotePerMille=*/15);
  EXPECT_EQ(T.Disagreed, 0u);
  EXPECT_GE(T.Compared, 15000u);
  // Skips (reference budget exhausted) must stay rare, or the test would
  // quietly stop testing the hard cases.
  EXPECT_LT(T.Skipped * 50, T.Compared);
}

/// Whether \p N has a node of kind \p K.
static bool hasKind(const Node &N, NodeKind K) {
  if (N.is(K))
    return true;
  for (const NodeRef &C : N.children())
    if (hasKind(*C, K))
      return true;
  return false;
}

// ahead/notahead (castling's test of the squares beyond) and borrow (XBetza's
// final x, which evaluates the lenders' movesets): each evaluator its own
// way, per square of the frontier or path by path.
TEST(DifferentialTest, RandomLookAheadFastVersusReference) {
  Tally T;
  std::mt19937_64 Rng(1122);
  unsigned WithAhead = 0, WithBorrow = 0;
  for (uint64_t Seed = 0; Seed < 3000 && T.Disagreed <= 5; ++Seed) {
    gen::RandomIROptions Opts;
    Opts.MaxDepth = 4;
    Opts.LookAhead = true;
    Opts.AttackGuards = Seed % 2 == 1;
    NodeRef IR = gen::RandomIR(Seed, Opts).generate();
    ASSERT_TRUE(verifyIR(*IR).empty());
    WithAhead += hasKind(*IR, NodeKind::Ahead);
    WithBorrow += hasKind(*IR, NodeKind::Borrow);
    gen::RandomPositionOptions PO;
    PO.AttackGuards = Opts.AttackGuards;
    compare(IR, Rng, 3, PO, T);
  }
  report("random look-ahead IR", T, /*CapturePerMille=*/40,
         /*RemotePerMille=*/8);
  std::printf("random look-ahead IR: %u trees with ahead, %u with borrow; "
              "borrowing changed %u cases\n",
              WithAhead, WithBorrow, T.Borrowed);
  EXPECT_EQ(T.Disagreed, 0u);
  EXPECT_GE(T.Compared, 5000u);
  EXPECT_GE(WithAhead, 300u);
  EXPECT_GE(WithBorrow, 150u);
  EXPECT_GE(T.Borrowed, 50u);
  EXPECT_LT(T.Skipped * 50, T.Compared);
}

TEST(DifferentialTest, RandomParlettFastVersusReference) {
  Tally T;
  std::mt19937_64 Rng(42);
  for (int I = 0; I < 1500 && T.Disagreed <= 5; ++I) {
    std::string Text = gen::randomParlett(Rng);
    DiagnosticEngine Diags(nullptr);
    NodeRef IR = parseParlett(Diags, Diags.addBuffer(Text, "<random>"));
    ASSERT_TRUE(IR) << Text << ": " << Diags.diagnostics()[0].Message;
    ASSERT_TRUE(verifyIR(*IR).empty()) << Text;
    compare(IR, Rng, 2, gen::RandomPositionOptions(), T);
  }
  report("random Parlett", T);
  EXPECT_EQ(T.Disagreed, 0u);
  EXPECT_GE(T.Compared, 5000u);
  EXPECT_LT(T.Skipped * 50, T.Compared);
}

TEST(DifferentialTest, RandomMovementFormulaFastVersusReference) {
  Tally T;
  std::mt19937_64 Rng(7);
  unsigned Refused = 0;
  for (int I = 0; I < 1500 && T.Disagreed <= 5; ++I) {
    std::string Text = gen::randomFormula(Rng);
    DiagnosticEngine Diags(nullptr);
    NodeRef IR =
        parseMovementFormula(Diags, Diags.addBuffer(Text, "<random>"), {});
    if (!IR) {
      ++Refused;
      continue;
    }
    ASSERT_TRUE(verifyIR(*IR).empty()) << Text;
    gen::RandomPositionOptions PO;
    PO.AttackGuards = true;
    PO.MaxSide = 7;
    compare(IR, Rng, 2, PO, T);
  }
  report("random Movement Formula", T, /*CapturePerMille=*/40,
         /*RemotePerMille=*/8);
  std::printf("random Movement Formula: %u refused by the front end\n",
              Refused);
  EXPECT_EQ(T.Disagreed, 0u);
  EXPECT_GE(T.Compared, 4000u);
  EXPECT_LT(Refused * 5, 1500u);
  EXPECT_LT(T.Skipped * 50, T.Compared);
}

// Boards of every size class the fast evaluator has a representation for:
// up to 4, 16 and 64 words, and the general SquareSet beyond (large 3D).
TEST(DifferentialTest, LargeBoardsFastVersusReference) {
  Tally T;
  std::mt19937_64 Rng(7);
  struct Size {
    int MinSide, MaxSide;
    bool ThreeD;
  } Sizes[] = {
      {10, 16, false}, {17, 32, false}, {33, 64, false}, {18, 20, true}};
  for (const Size &S : Sizes)
    for (uint64_t Seed = 0; Seed < 150 && T.Disagreed <= 5; ++Seed) {
      gen::RandomIROptions Opts;
      Opts.MaxDepth = 3;
      Opts.ThreeD = S.ThreeD;
      NodeRef IR = gen::RandomIR(Seed * 7919 + S.MinSide, Opts).generate();
      gen::RandomPositionOptions PO;
      PO.MinSide = S.MinSide;
      PO.MaxSide = S.MaxSide;
      PO.ThreeD = S.ThreeD;
      PO.Large = true;
      compare(IR, Rng, 2, PO, T);
    }
  report("large boards", T);
  EXPECT_EQ(T.Disagreed, 0u);
  EXPECT_GE(T.Compared, 2000u);
  EXPECT_LT(T.Skipped * 20, T.Compared);
}

// Long repetition counts on small boards: frontiers repeat, so the fast
// evaluator's cycle shortcut in rep is exercised against plain enumeration.
TEST(DifferentialTest, LongRepetitionsFastVersusReference) {
  Tally T;
  std::mt19937_64 Rng(99);
  for (uint64_t Seed = 0; Seed < 800 && T.Disagreed <= 5; ++Seed) {
    gen::RandomIROptions Opts;
    Opts.MaxDepth = 3;
    Opts.MaxCount = 10;
    Opts.MaxComponent = 1;
    NodeRef IR = gen::RandomIR(Seed * 31 + 5, Opts).generate();
    gen::RandomPositionOptions PO;
    PO.MinSide = 2;
    PO.MaxSide = 4;
    compare(IR, Rng, 2, PO, T);
  }
  // Boards of 2 to 4 files hold few pieces to capture.
  report("long repetitions", T, /*CapturePerMille=*/40, /*RemotePerMille=*/8);
  EXPECT_EQ(T.Disagreed, 0u);
  EXPECT_GE(T.Compared, 3000u);
  EXPECT_LT(T.Skipped * 10, T.Compared);
}

// The Interactive Diagram's bracket chains lower to concrete paths of their
// own (BetzaChains.cpp): each, its variations (ranges, link letters,
// directions before the bracket, m and c) on random positions.
TEST(DifferentialTest, BracketChainsFastVersusReference) {
  const char *Chains[] = {
      "[F?R]",   "[F-R]",   "[W?sR]", "[W-sR]",  "[W?B]",  "[D?B]",   "v[F?R]",
      "v[W?B]",  "[F-B]",   "[W-R]",  "[F?R3]",  "[fF?R]", "fm[F?R]", "[F?cR]",
      "s[D?B]",  "[K?R]",   "[F-K]",  "[W-F-W]", "[A?Q2]", "c[W?lR]", "i[H?G]",
      "b[F-sB]", "[W?R-F]", "[W2?B]", "[G-W]",   "l[W?B]",
  };
  Tally T;
  std::mt19937_64 Rng(20261126);
  for (const char *Text : Chains) {
    DiagnosticEngine Diags(nullptr);
    NodeRef IR = parseBetza(Diags, Diags.addBuffer(Text, "<chain>"), {});
    ASSERT_TRUE(IR) << Text;
    gen::RandomPositionOptions PO;
    PO.MinSide = 5;
    PO.MaxSide = 10;
    compare(IR, Rng, 40, PO, T);
  }
  report("bracket chains", T, /*CapturePerMille=*/300, /*RemotePerMille=*/0);
  EXPECT_EQ(T.Disagreed, 0u);
  EXPECT_GE(T.Compared, 1500u);
}
