//===- LookAheadBench.cpp - Castling and borrowing, both engines ----------===//
//
// XBetza's castling (KisO2: ahead tests of the squares beyond) and
// borrowing (WxN: the lenders' movesets evaluated too) against the same
// pieces without them, on the opening position with f1 and g1 empty and a
// white knight on e2 to lend.
//
//   build/bench/fairy-bench-lookahead --benchmark_min_time=0.2
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
  const char *Name, *Betza, *Square;
};
const Piece Pieces[] = {
    {"king K", "K", "e1"},
    {"castling king KisO2", "KisO2", "e1"},
    {"wazir W", "W", "d4"},
    {"borrowing wazir WxN", "WxN", "d4"},
};

void evaluate(benchmark::State &State, const Piece &Pc, bool Fast) {
  std::string E;
  auto P = Position::fromFEN(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPNPPP/RNBQK2R w KQkq - 0 1", std::nullopt,
      E);
  P->Definitions = gen::chessPieces();
  DiagnosticEngine Diags(nullptr);
  NodeRef IR = parseBetza(Diags, Diags.addBuffer(Pc.Betza, "<bench>"), {});
  unsigned Origin;
  P->board().parseSquare(Pc.Square, Origin, E);
  bench::timeEngine(State, IR, *P, Origin, Fast);
}

const int Registered = bench::registerBothEngines(Pieces, evaluate);

} // namespace

BENCHMARK_MAIN();
