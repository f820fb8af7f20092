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

#include <benchmark/benchmark.h>

#include <cstdio>
#include <random>
#include <vector>

namespace {

struct Inputs {
  std::vector<int> Square;
  std::vector<uint64_t> Occupied;
  Inputs() {
    std::mt19937_64 Rng(3); // as in AttackBench.cpp
    for (int I = 0; I < 4096; ++I) {
      int Sq = Rng() % 64;
      Square.push_back(Sq);
      Occupied.push_back((Rng() & Rng()) | (uint64_t(1) << Sq));
    }
  }
};

template <typename F> void run(benchmark::State &State, F Attacks) {
  static const Inputs In;
  size_t I = 0;
  uint64_t Sum = 0;
  for (auto _ : State) {
    Sum ^= Attacks(In.Square[I], In.Occupied[I]);
    I = (I + 1) & 4095;
  }
  benchmark::DoNotOptimize(Sum);
}

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
