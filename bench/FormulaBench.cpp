//===- FormulaBench.cpp - Movement Formula pieces, attack conditions ------===//
//
// The spec's five pieces on a middlegame position, both engines. The king's
// attack condition (%|o) evaluates every enemy piece's moves for each
// square it asks about, so it costs far more than the others; this shows
// by how much.
//
//   build/bench/fairy-bench-formula --benchmark_min_time=0.2
//
// docs/performance.md records the numbers.
//
//===----------------------------------------------------------------------===//
#include "EngineBench.h"

#include "fairy/Eval/Evaluator.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Testing/Random.h"

#include <benchmark/benchmark.h>

using namespace fairy;

namespace {

struct Piece {
  const char *Name, *Formula, *Square;
};
const Piece Pieces[] = {
    {"king", "[{1,0},{1,1}]{(%|o),[(#@),(%x@)]}", "e4"},
    {"rook", "({1,0}[(#+),(#@),(%x@)])*", "d4"},
    {"bishop", "({1,1}[(#+),(#@),(%x@)])*", "c4"},
    {"knight", "{2,1}[(#@),(%x@)]", "f3"},
    {"pawn",
     "[({1,0}^(#@)),(s0({1,0}^[(#+),(#@)])*:1;1),({1,1}^[(%x@),({#,/{1,0}v{%+,"
     "m+}/,/{1,0}^{#,m-}/}-({1,0}v)@)])]",
     "e5"},
};

/// A middlegame: Black just played d7-d5, so e5xd6 is possible.
Position middlegame() {
  std::string E;
  auto P = Position::fromFEN(
      "r1bq1rk1/ppp2ppp/2n2n2/2bpP3/2B1K3/2N2N2/PPPP1PPP/R1BQ3R w - d6 0 8",
      std::nullopt, E);
  P->Definitions = gen::chessPieces();
  return *P;
}

void evaluate(benchmark::State &State, const Piece &Pc, bool Fast) {
  Position P = middlegame();
  DiagnosticEngine Diags(nullptr);
  NodeRef IR =
      parseMovementFormula(Diags, Diags.addBuffer(Pc.Formula, "<bench>"), {});
  std::string E;
  unsigned Origin;
  P.board().parseSquare(Pc.Square, Origin, E);
  P.Moved.set(Origin);
  bench::timeEngine(State, IR, P, Origin, Fast);
}

const int Registered = bench::registerBothEngines(Pieces, evaluate);

} // namespace

BENCHMARK_MAIN();
