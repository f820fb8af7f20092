#include "fairy/IR/Builder.h"
#include "fairy/IR/IRParser.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Testing/Random.h"

#include <gtest/gtest.h>

using namespace fairy;
using namespace fairy::ir;

static NodeRef parse(const std::string &Text, DiagnosticEngine &Diags) {
  return parseIR(Diags, Diags.addBuffer(Text, "<test>"));
}

TEST(IRTest, PrintsRook) {
  NodeRef Rook =
      sym("d4", seq({ride(RangeList::atLeast(0), leg({1, 0}, Land::empty())),
                     leg({1, 0}, Land::notFriend())}));
  EXPECT_EQ(printIRInline(*Rook),
            "sym<d4>(seq(ride<0..>(leg(1,0; empty)), leg(1,0; notfriend)))");
  EXPECT_TRUE(verifyIR(*Rook).empty());
  EXPECT_EQ(Rook->size(), 5u);
}

TEST(IRTest, PrintsEveryPayload) {
  GuardPredicate G;
  G.K = GuardPredicate::Zone;
  G.ZoneId = 2;
  G.Negated = true;
  AxisPredicate P;
  P.Axis = 0;
  P.Sign = -1;
  P.K = 2;
  NodeRef N = prio(
      {guard(G, filter(P, leg({1, 2, -1}, Land::enemy(), Effect::Capture))),
       rep(RangeList({{1, 3}, {5, Interval::Unbounded}}), alt({})), seq({})});
  EXPECT_EQ(
      printIRInline(*N),
      "prio(guard<!zone 2>(filter<x <= -2>(leg(1,2,-1; enemy, capture))), "
      "rep<1..3,5..>(alt()), seq())");
}

TEST(IRTest, PrintsAndParsesLookAheadAndBorrow) {
  GuardPredicate Unmoved;
  Unmoved.K = GuardPredicate::Unmoved;
  NodeRef N =
      alt({seq({leg({1, 0}, Land::empty()),
                ahead(seq({leg({1, 0}, Land::friendly()),
                           guard(Unmoved, seq({})), notAhead(leg({1, 0}))}))}),
           borrow(sym("d4", leg({1, 2}, Land::friendly())))});
  std::string Text = "alt(seq(leg(1,0; empty), ahead(seq(leg(1,0; friend), "
                     "guard<unmoved>(seq()), notahead(leg(1,0; any))))), "
                     "borrow(sym<d4>(leg(1,2; friend))))";
  EXPECT_EQ(printIRInline(*N), Text);
  DiagnosticEngine Diags(nullptr);
  NodeRef Back = parse(Text, Diags);
  ASSERT_TRUE(Back);
  EXPECT_TRUE(equal(*N, *Back));
  // A negated and a plain test are different trees.
  EXPECT_FALSE(equal(*ahead(leg({1, 0})), *notAhead(leg({1, 0}))));
}

TEST(IRTest, ParsesWhatItPrints) {
  const char *Text = "// a comment\n"
                     "alt(sym<[y,x],[-x,y]>(leg(1,2; any)), "
                     "guard<initial>(filter<y >= 1>(leg(0,1,1; empty))), "
                     "ride<2,4..6>(sym<cube>(leg(0,0,1; notenemy, capture))))";
  DiagnosticEngine Diags(nullptr);
  NodeRef N = parse(Text, Diags);
  ASSERT_TRUE(N) << (Diags.diagnostics().empty()
                         ? ""
                         : Diags.diagnostics()[0].Message);
  EXPECT_EQ(
      printIRInline(*N),
      "alt(sym<[-x,y],[y,x]>(leg(1,2; any)), guard<initial>(filter<y >= "
      "1>(leg(0,1,1; empty))), ride<2,4..6>(sym<cube>(leg(0,0,1; notenemy, "
      "capture))))");
}

TEST(IRTest, RoundTripOnRandomTrees) {
  for (uint64_t Seed = 0; Seed < 1500; ++Seed) {
    gen::RandomIROptions Opts;
    Opts.ThreeD = Seed % 3 == 0;
    Opts.LookAhead = Seed % 2 == 0;
    Opts.AttackGuards = Seed % 4 == 0;
    gen::RandomIR Gen(Seed, Opts);
    NodeRef N = Gen.generate();
    ASSERT_TRUE(verifyIR(*N).empty()) << printIRInline(*N);
    std::string Printed = printIR(*N);
    DiagnosticEngine Diags(nullptr);
    NodeRef Back = parse(Printed, Diags);
    ASSERT_TRUE(Back) << Printed;
    EXPECT_EQ(printIR(*Back), Printed);
    EXPECT_TRUE(equal(*N, *Back)) << Printed;
  }
}

TEST(IRTest, ParseErrorsAreLocated) {
  struct Case {
    const char *Text;
    unsigned Column;
    const char *Contains;
  } Cases[] = {
      {"leg(1,2; nowhere)", 10, "unknown landing condition 'nowhere'"},
      {"leg(1,2; any, explode)", 15, "unknown effect 'explode'"},
      {"sym<d5>(leg(1,0))", 5, "unknown symmetry 'd5'"},
      {"sym<[x,x]>(leg(1,0))", 8, "appears twice"},
      {"rep<3..2>(leg(1,0))", 5, "is empty"},
      {"rep<2..,5>(leg(1,0))", 5, "only the last interval"},
      {"guard<sometimes>(leg(1,0))", 7, "unknown guard"},
      {"filter<w >= 1>(leg(1,0))", 8, "axis x, y or z"},
      {"seq(leg(1,0)", 13, "unexpected end"},
      {"leg(1)", 6, "unexpected ')'"},
      {"foo(leg(1,0))", 1, "unexpected"},
      {"leg(1,0) leg(0,1)", 10, "unexpected 'leg'"},
      {"leg(1,0; any) #", 15, "unexpected character '#'"},
  };
  for (const Case &C : Cases) {
    DiagnosticEngine Diags(nullptr);
    EXPECT_FALSE(parse(C.Text, Diags)) << C.Text;
    ASSERT_EQ(Diags.errorCount(), 1u) << C.Text;
    const Diagnostic &D = Diags.diagnostics()[0];
    EXPECT_EQ(D.Column, C.Column) << C.Text << ": " << D.Message;
    EXPECT_NE(D.Message.find(C.Contains), std::string::npos)
        << C.Text << ": " << D.Message;
  }
}

TEST(IRTest, VerifierRejects) {
  EXPECT_FALSE(verifyIR(*ride(RangeList(), leg({1, 0}))).empty());
  EXPECT_FALSE(verifyIR(*leg({5000, 0})).empty());
  EXPECT_FALSE(
      verifyIR(*ride(RangeList::atLeast(1), prio({leg({1, 0})}))).empty());
  EXPECT_FALSE(verifyIR(*ride(RangeList::atLeast(1),
                              rep(RangeList::atLeast(1), leg({1, 0}))))
                   .empty());
  EXPECT_FALSE(verifyIR(*sym(TransformSet(), leg({1, 0}))).empty());
  // Tests of the board and borrowed moves have no concrete paths to ride;
  // borrowed moves have no legs for a filter to read.
  EXPECT_FALSE(
      verifyIR(*ride(RangeList::atLeast(1), ahead(leg({1, 0})))).empty());
  EXPECT_FALSE(
      verifyIR(*ride(RangeList::atLeast(1), borrow(leg({1, 0})))).empty());
  AxisPredicate Up;
  EXPECT_FALSE(verifyIR(*filter(Up, borrow(leg({1, 0})))).empty());
  EXPECT_TRUE(verifyIR(*borrow(filter(Up, leg({1, 0})))).empty());
  // A bounded rep inside a ride is fine.
  EXPECT_TRUE(verifyIR(*ride(RangeList::atLeast(1),
                             rep(RangeList::between(1, 2), leg({1, 0}))))
                  .empty());
}

TEST(IRTest, BuilderSimplifications) {
  NodeRef L = leg({1, 0});
  EXPECT_EQ(rideOrSimpler(RangeList::exactly(1), L), L);
  EXPECT_EQ(printIRInline(*rideOrSimpler(RangeList::exactly(0), L)), "seq()");
  EXPECT_EQ(printIRInline(*seqFlat({seq({L, L}), seq({}), L})),
            "seq(leg(1,0; any), leg(1,0; any), leg(1,0; any))");
  EXPECT_EQ(altFlat({L}), L);
}

TEST(IRLimitsTest, SizeAndDepthCountSharedSubtreesWithoutWalkingThem) {
  // Each level doubles the tree but adds one node to the DAG: 60 levels are
  // 2^61 - 1 tree nodes, counted at once and capped, not walked.
  NodeRef N = ir::leg(Vec(1, 0));
  for (int I = 0; I < 60; ++I)
    N = ir::seq({N, N});
  EXPECT_EQ(N->depth(), 61u);
  EXPECT_EQ(N->size(), (size_t(1) << 61) - 1);
  for (int I = 0; I < 10; ++I)
    N = ir::seq({N, N});
  EXPECT_EQ(N->size(), SIZE_MAX / 2);
  // A long chain.
  NodeRef Deep = ir::leg(Vec(1, 0));
  for (int I = 0; I < 20000; ++I)
    Deep = Node::makeRepeat(NodeKind::Rep, RangeList::exactly(1), Deep);
  EXPECT_EQ(Deep->depth(), 20001u);
  EXPECT_EQ(Deep->size(), 20001u);
}

TEST(IRLimitsTest, NodeBudgetStopsBuildingAndNests) {
  {
    NodeBudget Outer(100);
    EXPECT_THROW(
        {
          for (int I = 0; I < 200; ++I)
            ir::leg(Vec(1, 0));
        },
        NodeBudgetExceeded);
  }
  // Out of scope, building goes on.
  for (int I = 0; I < 200; ++I)
    ir::leg(Vec(1, 0));
  NodeBudget Loose(1000);
  {
    NodeBudget Tight(10);
    try {
      for (int I = 0; I < 20; ++I)
        ir::leg(Vec(1, 0));
      FAIL() << "the tighter budget did not hold";
    } catch (const NodeBudgetExceeded &E) {
      EXPECT_EQ(E.Budget, 10u);
    }
  }
  for (int I = 0; I < 500; ++I)
    ir::leg(Vec(1, 0));
}
