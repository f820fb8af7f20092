// Back ends: the JSON document parses back and lists exactly the moves the
// evaluator computes, from every square, for random pieces and positions.
#include "EvalHelpers.h"

#include "fairy/Backend/Dot.h"
#include "fairy/Backend/Json.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Testing/Random.h"

#include "llvm/Support/FormatVariadic.h"

using namespace fairy;
using namespace fairy::test;

static Names namesIn(const llvm::json::Array *A) {
  Names N;
  for (const llvm::json::Value &V : *A)
    N.insert(V.getAsString()->str());
  return N;
}

TEST(BackendTest, JsonRoundTripsTheMoves) {
  std::mt19937_64 Rng(8);
  for (int I = 0; I < 100; ++I) {
    std::string Text = gen::randomParlett(Rng);
    DiagnosticEngine Diags(nullptr);
    NodeRef IR = parseParlett(Diags, Diags.addBuffer(Text, "<random>"));
    ASSERT_TRUE(IR) << Text;
    gen::RandomPositionOptions PO;
    PO.MaxSide = 6;
    Position P = gen::randomPosition(Rng, PO);
    std::string E;
    auto Fast = FastEvaluator::compile(IR, P.board(), E);
    ASSERT_TRUE(Fast) << E;
    std::vector<OriginMoves> Moves;
    for (unsigned O : P.board().squares().toVector())
      Moves.push_back({O, *Fast->evaluate(P, O, Color::White, E)});
    std::string Json =
        movesToJson("parlett", Text, P, Color::White, *IR, Moves, 0);
    auto Parsed = llvm::json::parse(Json);
    ASSERT_TRUE(bool(Parsed)) << llvm::toString(Parsed.takeError());
    const llvm::json::Array *List = Parsed->getAsObject()->getArray("moves");
    ASSERT_EQ(List->size(), Moves.size());
    for (size_t K = 0; K < Moves.size(); ++K) {
      const llvm::json::Object *M = (*List)[K].getAsObject();
      const Board &B = P.board();
      EXPECT_EQ(*M->getString("from"), B.squareName(Moves[K].Origin));
      EXPECT_EQ(namesIn(M->getArray("quiet")), names(B, Moves[K].D.Quiet));
      EXPECT_EQ(namesIn(M->getArray("capture")), names(B, Moves[K].D.Capture));
      EXPECT_EQ(namesIn(M->getArray("remote")), names(B, Moves[K].D.Remote));
    }
  }
}

TEST(BackendTest, DotHasOneNodePerIRNode) {
  for (uint64_t Seed = 0; Seed < 200; ++Seed) {
    NodeRef IR = gen::RandomIR(Seed).generate();
    std::string Dot = irToDot(*IR);
    size_t Nodes = 0, Edges = 0;
    for (size_t At = 0; (At = Dot.find("[label=", At)) != std::string::npos;
         ++At)
      ++Nodes;
    for (size_t At = 0; (At = Dot.find(" -> ", At)) != std::string::npos; ++At)
      ++Edges;
    // Edge labels ("1", "2") use [label= too: count node lines only.
    size_t NodeLines = 0;
    for (size_t At = 0; (At = Dot.find(", shape=", At)) != std::string::npos;
         ++At)
      ++NodeLines;
    EXPECT_EQ(NodeLines, IR->size());
    EXPECT_EQ(Edges, IR->size() - 1);
    EXPECT_GE(Nodes, NodeLines);
  }
}
