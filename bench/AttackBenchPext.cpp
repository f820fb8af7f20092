//===- AttackBenchPext.cpp - PEXT-indexed generated tables ----------------===//
//
// ns per call of fairy_attacks_<piece>(square, occupied) from headers made
// with --bitboard-index=pext (BMI2's _pext_u64 instead of a multiplier),
// with the same random squares and occupancies as fairy-bench-attacks, so
// the two programs' figures compare. A program of its own, built with
// -mbmi2: it runs only on a CPU with BMI2 and says so elsewhere.
//
//   build/bench/fairy-bench-attacks-pext --benchmark_repetitions=5
//
//===----------------------------------------------------------------------===//
// The tables of the generated headers are defined in this file.
#define FAIRY_TABLES_IMPLEMENTATION
#include "bishop_pext.h"
#include "queen_pext.h"
#include "rook_pext.h"

#include "AttackInputs.h"

#include <benchmark/benchmark.h>

#include <cstdio>

namespace {

using fairy::bench::run;

void pextRook(benchmark::State &State) { run(State, fairy_attacks_rook_pext); }
void pextBishop(benchmark::State &State) {
  run(State, fairy_attacks_bishop_pext);
}
void pextQueen(benchmark::State &State) {
  run(State, fairy_attacks_queen_pext);
}

} // namespace

BENCHMARK(pextRook);
BENCHMARK(pextBishop);
BENCHMARK(pextQueen);

int main(int argc, char **argv) {
  if (!__builtin_cpu_supports("bmi2")) {
    fprintf(stderr, "fairy-bench-attacks-pext: this CPU has no BMI2 (PEXT); "
                    "nothing to measure\n");
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
