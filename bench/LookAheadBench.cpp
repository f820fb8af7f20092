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
#include "fairy/Eval/Evaluator.h"
#include "fairy/Frontend/Notation.h"
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
  auto F = FastEvaluator::compile(IR, P->board(), E);
  ReferenceEvaluator R(IR);
  size_t Moves = 0;
  for (auto _ : State) {
    auto D = Fast ? F->evaluate(*P, Origin, Color::White, E)
                  : R.evaluate(*P, Origin, Color::White, E);
    Moves = D->all().count();
    benchmark::DoNotOptimize(Moves);
  }
  State.counters["moves"] = Moves;
}

int registerAll() {
  for (const Piece &Pc : Pieces)
    for (bool Fast : {true, false})
      benchmark::RegisterBenchmark(
          ((Fast ? "fast/" : "reference/") + std::string(Pc.Name)).c_str(),
          evaluate, Pc, Fast)
          ->Unit(benchmark::kMicrosecond);
  return 0;
}
const int Registered = registerAll();

} // namespace

BENCHMARK_MAIN();
