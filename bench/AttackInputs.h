//===- AttackInputs.h - The squares and occupancies of the 8x8 benches ----===//
//
// fairy-bench-attacks and fairy-bench-attacks-pext time their lookups on the
// same 4,096 random squares and occupancies, so their figures compare.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BENCH_ATTACKINPUTS_H
#define FAIRY_BENCH_ATTACKINPUTS_H

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

namespace fairy::bench {

struct Inputs {
  std::vector<int> Square;
  std::vector<uint64_t> Occupied;
  Inputs() {
    std::mt19937_64 Rng(3);
    for (int I = 0; I < 4096; ++I) {
      int Sq = static_cast<int>(Rng() % 64);
      Square.push_back(Sq);
      Occupied.push_back((Rng() & Rng()) | (uint64_t(1) << Sq));
    }
  }
};

inline const Inputs &inputs() {
  static const Inputs In;
  return In;
}

/// Times \p Attacks(square, occupied) over the 4,096 inputs \p In (any
/// board width: the sets may be 64 or 128 bits), round and round.
template <typename InputsT, typename F>
void runOn(const InputsT &In, benchmark::State &State, F Attacks) {
  size_t I = 0;
  decltype(Attacks(In.Square[0], In.Occupied[0])) Sum = 0;
  for (auto _ : State) {
    Sum ^= Attacks(In.Square[I], In.Occupied[I]);
    I = (I + 1) & 4095;
  }
  benchmark::DoNotOptimize(Sum);
}

/// The same over the 8x8 inputs.
template <typename F> void run(benchmark::State &State, F Attacks) {
  runOn(inputs(), State, Attacks);
}

} // namespace fairy::bench

#endif
