//===- AttackBench128.cpp - Generated attack tables on a 10x10 board ------===//
//
// ns per call of a 10x10 rook (a 128-bit fairy_bb; four ray tables, see
// docs/backends.md) and a 10x10 nightrider, random squares and occupancies.
// A separate translation unit: headers for boards of up to 64 and of more
// squares cannot be included together.
//
//===----------------------------------------------------------------------===//
// The tables of the generated headers are defined in this file.
#define FAIRY_TABLES_IMPLEMENTATION
#include "nightrider10.h"
#include "rook10.h"

#include "AttackInputs.h"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

struct Inputs {
  std::vector<int> Square;
  std::vector<fairy_bb> Occupied;
  Inputs() {
    std::mt19937_64 Rng(10);
    for (int I = 0; I < 4096; ++I) {
      int Sq = Rng() % 100;
      fairy_bb Occ = (fairy_bb(Rng() & Rng()) << 64 | (Rng() & Rng())) &
                     ((fairy_bb(1) << 100) - 1);
      Square.push_back(Sq);
      Occupied.push_back(Occ | fairy_bb(1) << Sq);
    }
  }
};

template <typename F> void run(benchmark::State &State, F Attacks) {
  static const Inputs In;
  fairy::bench::runOn(In, State, Attacks);
}

void generatedRook10x10(benchmark::State &State) {
  run(State, fairy_attacks_rook10);
}
void generatedNightrider10x10(benchmark::State &State) {
  run(State, fairy_attacks_nightrider10);
}

} // namespace

BENCHMARK(generatedRook10x10);
BENCHMARK(generatedNightrider10x10);
