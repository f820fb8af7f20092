// The Parlett front end: lowering, semantics with pieces on the board, and
// diagnostics for malformed input.
#include "EvalHelpers.h"

#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Notation/Notation.h"

using namespace fairy;
using namespace fairy::test;

static NodeRef parlett(const std::string &Text) {
  DiagnosticEngine Diags(nullptr);
  NodeRef N = parseParlett(Diags, Diags.addBuffer(Text, "<input>"));
  EXPECT_TRUE(N) << Text << ": "
                 << (Diags.diagnostics().empty()
                         ? ""
                         : Diags.diagnostics()[0].Message);
  if (N) {
    EXPECT_TRUE(verifyIR(*N).empty()) << Text;
  }
  return N;
}

static Names moves(const std::string &Text, const std::string &FEN,
                   const std::string &From, bool Captures = false) {
  Position P = position(FEN);
  Destinations D = evalBoth(parlett(Text), P, From);
  return names(P.board(), Captures ? D.Capture : D.Quiet);
}

static const char *Empty8 = "8/8/8/8/8/8/8/8";

TEST(ParlettTest, LowersTheRookToTheDesignIR) {
  EXPECT_EQ(printIRInline(*parlett("n+")),
            "sym<d4>(seq(ride<0..>(leg(0,1; empty)), leg(0,1; notfriend)))");
  EXPECT_EQ(printIRInline(*parlett("~1/2")), "sym<d4>(leg(1,2; notfriend))");
  EXPECT_EQ(printIRInline(*parlett("m={1x}")), "sym<d4>(leg(1,1; notfriend))");
}

TEST(ParlettTest, SlidersAreBlocked) {
  // A friend on d6, an enemy on f4.
  const char *FEN = "8/8/3P4/8/5p2/8/8/8";
  EXPECT_EQ(moves("n+", FEN, "d4"),
            (Names{"d5", "e4", "c4", "b4", "a4", "d3", "d2", "d1"}));
  EXPECT_EQ(moves("n+", FEN, "d4", true), (Names{"f4"}));
  EXPECT_EQ(moves("1-2+", FEN, "d4"),
            (Names{"d5", "e4", "c4", "b4", "d3", "d2"}));
}

TEST(ParlettTest, LeapersJumpAndCompoundMovesDoNot) {
  // Pieces all around d4: the leaper still reaches every knight square, the
  // compound move 2=.1<>,2<>.1= needs its path empty.
  const char *Crowded = "8/8/8/2PPP3/2PPP3/2PPP3/8/8";
  EXPECT_EQ(moves("~1/2", Crowded, "d4").size(), 8u);
  EXPECT_TRUE(moves("2=.1<>,2<>.1=", Crowded, "d4").empty());
  EXPECT_EQ(moves("2=.1<>,2<>.1=", Empty8, "d4").size(), 8u);
  // ~ on straight moves passes over pieces too.
  EXPECT_EQ(moves("~2+", Crowded, "d4"), (Names{"b4", "f4", "d2", "d6"}));
}

TEST(ParlettTest, PrefixesRestrictCaptureAndTiming) {
  const char *FEN = "8/8/8/8/8/3ppp2/8/8";
  EXPECT_EQ(moves("o1>", FEN, "e2"), Names{});
  EXPECT_EQ(moves("c1x>", FEN, "e2", true), (Names{"d3", "f3"}));
  EXPECT_EQ(moves("c1x>", Empty8, "e2"), Names{});
  EXPECT_EQ(moves("oi2>", Empty8, "e2"), (Names{"e4"}));
  Position P = position(Empty8);
  P.Moved.set(P.board().index({4, 1}));
  EXPECT_TRUE(evalBoth(parlett("oi2>"), P, "e2").all().none());
}

TEST(ParlettTest, RepeatMakesRiders) {
  // Nightrider from a1 with an enemy on c5: b3, c5 (captured), c2, e3, g4.
  const char *FEN = "8/8/8/2p5/8/8/8/8";
  EXPECT_EQ(moves("~1/2&", FEN, "a1"), (Names{"b3", "c2", "e3", "g4"}));
  EXPECT_EQ(moves("~1/2&", FEN, "a1", true), (Names{"c5"}));
  // A dabbaba rider leaps over pieces between its landings.
  EXPECT_EQ(moves("~2+&", "8/8/8/8/8/8/8/1P6", "a1"),
            (Names{"c1", "e1", "g1", "a3", "a5", "a7"}));
}

TEST(ParlettTest, ObliqueDirections) {
  EXPECT_EQ(moves("~1/2>", Empty8, "d4"), (Names{"c6", "e6", "b5", "f5"}));
  EXPECT_EQ(moves("~1/2<", Empty8, "d4"), (Names{"c2", "e2", "b3", "f3"}));
  EXPECT_EQ(moves("~0/2=", Empty8, "d4"), (Names{"b4", "f4"}));
}

TEST(ParlettTest, LocustCapturesTheOnePieceItPasses) {
  Position P = position("8/8/8/8/8/8/3p4/8");
  Destinations D = evalBoth(parlett("^n+"), P, "d1");
  EXPECT_EQ(names(P.board(), D.Remote),
            (Names{"d3", "d4", "d5", "d6", "d7", "d8"}));
  Destinations Two = evalBoth(parlett("^2+"), P, "d1");
  EXPECT_EQ(names(P.board(), Two.Remote), (Names{"d3"}));
  Destinations Three =
      evalBoth(parlett("^3-4x"), position("8/8/8/8/8/2p5/8/8"), "a1");
  EXPECT_EQ(names(P.board(), Three.Remote), (Names{"d4", "e5"}));
}

TEST(ParlettTest, ChainsWithZeroDistances) {
  // n<>.nx< may skip either part; the last part that moves may capture.
  const char *FEN = "8/8/8/8/8/8/2p5/8";
  EXPECT_EQ(moves("n<>.nx<", FEN, "d3", true), (Names{"c2"}));
  // 1+.n= lands after the first part when the second is skipped.
  EXPECT_EQ(moves("1>.n=", "8/8/8/8/8/3p4/8/8", "d2", true), (Names{"d3"}));
}

TEST(ParlettTest, Malformed) {
  struct Case {
    const char *Text;
    unsigned Column;
    const char *Contains;
  } Cases[] = {
      {"", 1, "empty notation"},
      {"2", 2,
       "expected a direction such as '+', 'x' or '<>' after the distance '2'"},
      {"+", 1, "a move starts with its distance"},
      {"2q", 2, "unexpected character 'q'"},
      {"2+,", 4, "unexpected end of the notation after ','"},
      {"2+.", 4, "unexpected end of the notation after '.'"},
      {",2+", 1, "expected a move such as '1+' or 'n*' at the start"},
      {"2+..1x", 4, "after '.', found '.'"},
      {"0+", 1, "a distance of 0 does not move the piece"},
      {"3-1+", 1, "the range 3-1 is empty"},
      {"~1/", 4, "the second number of the oblique leap"},
      {"m={1+", 6, "'}' to close 'm={'"},
      {"1+}", 3, "'}' has no matching 'm={'"},
      {"x2", 1, "a move starts with its distance"},
      {"1x>>", 4, "'x>>' is not a direction"},
      {"co1+", 2, "contradict each other"},
      {"ii1+", 2, "the prefix 'i' is given twice"},
      {"n/2", 2, "'n' cannot be one of them"},
      {"^1/2", 1, "cannot take an oblique leap"},
      {"^1+", 1, "a locust move needs a distance of at least 2"},
      {"^2+.1x", 1, "cannot be chained"},
      {"o^2+", 2, "cannot take the prefix 'o'"},
      {"n+&", 3, "'&' repeats a move of one fixed length"},
      {"~1/2x", 5, "an oblique leap has no diagonal directions"},
      {"100+", 1, "longer than any supported board"},
      {"2-+", 3, "the upper end of the range"},
      {"1+ 2x", 4, "found '2'"},
      {"1é+", 2, "unexpected character 'é'"},
      {"~0/0", 2, "does not move the piece"},
  };
  for (const Case &C : Cases) {
    DiagnosticEngine Diags(nullptr);
    EXPECT_FALSE(parseParlett(Diags, Diags.addBuffer(C.Text, "<input>")))
        << C.Text;
    ASSERT_EQ(Diags.errorCount(), 1u) << C.Text;
    const Diagnostic &D = Diags.diagnostics()[0];
    EXPECT_EQ(D.Line, 1u) << C.Text;
    EXPECT_EQ(D.Column, C.Column) << "'" << C.Text << "': " << D.Message;
    EXPECT_NE(D.Message.find(C.Contains), std::string::npos)
        << "'" << C.Text << "': " << D.Message;
  }
}
