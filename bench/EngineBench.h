//===- EngineBench.h - One moveset timed with both engines ------*- C++ -*-===//
//
// Shared by the benchmarks that time a few pieces on one position with the
// fast and the reference evaluator (FormulaBench.cpp, LookAheadBench.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BENCH_ENGINEBENCH_H
#define FAIRY_BENCH_ENGINEBENCH_H

#include "fairy/Eval/Evaluator.h"

#include <benchmark/benchmark.h>

#include <string>

namespace fairy::bench {

/// Times one engine evaluating \p IR for White from \p Origin of \p P; the
/// counter "moves" is the number of destinations.
inline void timeEngine(benchmark::State &State, const NodeRef &IR,
                       const Position &P, unsigned Origin, bool Fast) {
  std::string E;
  auto F = FastEvaluator::compile(IR, P.board(), E);
  ReferenceEvaluator R(IR);
  size_t Moves = 0;
  for (auto _ : State) {
    auto D = Fast ? F->evaluate(P, Origin, Color::White, E)
                  : R.evaluate(P, Origin, Color::White, E);
    Moves = D->all().count();
    benchmark::DoNotOptimize(Moves);
  }
  State.counters["moves"] = Moves;
}

/// Registers Fn(State, Piece, Fast) as "fast/NAME" and "reference/NAME" for
/// each piece of \p Pieces (which have a Name), in microseconds.
template <typename PieceList, typename Fn>
int registerBothEngines(const PieceList &Pieces, Fn Bench) {
  for (const auto &Pc : Pieces)
    for (bool Fast : {true, false})
      benchmark::RegisterBenchmark(
          ((Fast ? "fast/" : "reference/") + std::string(Pc.Name)).c_str(),
          Bench, Pc, Fast)
          ->Unit(benchmark::kMicrosecond);
  return 0;
}

} // namespace fairy::bench

#endif
