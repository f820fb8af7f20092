//===- AttackBench.cpp - Generated attack tables vs hand-written magics ---===//
//
// ns per call of fairy_attacks_<piece>(square, occupied) from headers that
// fairyc --emit=bitboard generates at build time (bench/pieces/), against a
// straightforward hand-written magic-bitboard rook and bishop: random squares
// and occupancies, the same 4096 of them for every benchmark.
//
//   build/bench/fairy-bench-attacks --benchmark_repetitions=5
//
//===----------------------------------------------------------------------===//
// The tables of the generated headers are defined in this file.
#define FAIRY_TABLES_IMPLEMENTATION
#include "bishop.h"
#include "cannon.h"
#include "nightrider.h"
#include "queen.h"
#include "rook.h"

#include "AttackInputs.h"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

using fairy::bench::inputs;
using fairy::bench::Inputs;
using fairy::bench::run;

// The hand-written baseline: plain magic bitboards as engines write them.
struct Magic {
  uint64_t Mask = 0, Factor = 0;
  unsigned Shift = 0;
  std::vector<uint64_t> Table;
  uint64_t operator()(uint64_t Occupied) const {
    return Table[((Occupied & Mask) * Factor) >> Shift];
  }
};

uint64_t slide(int Sq, uint64_t Occupied, const int (*Dirs)[2], bool Inner) {
  uint64_t A = 0;
  for (int D = 0; D < 4; ++D) {
    int X = Sq % 8 + Dirs[D][0], Y = Sq / 8 + Dirs[D][1];
    while (X >= 0 && X < 8 && Y >= 0 && Y < 8) {
      int NX = X + Dirs[D][0], NY = Y + Dirs[D][1];
      bool Edge = NX < 0 || NX > 7 || NY < 0 || NY > 7;
      if (Inner && Edge)
        break;
      A |= uint64_t(1) << (Y * 8 + X);
      if (Occupied >> (Y * 8 + X) & 1)
        break;
      X = NX;
      Y = NY;
    }
  }
  return A;
}

std::vector<Magic> initMagics(const int (*Dirs)[2]) {
  std::vector<Magic> Ms(64);
  std::mt19937_64 Rng(7);
  for (int Sq = 0; Sq < 64; ++Sq) {
    Magic &M = Ms[Sq];
    M.Mask = slide(Sq, 0, Dirs, true);
    unsigned Bits = __builtin_popcountll(M.Mask);
    M.Shift = 64 - Bits;
    std::vector<uint64_t> Occ, Att;
    uint64_t Sub = 0;
    do {
      Occ.push_back(Sub);
      Att.push_back(slide(Sq, Sub, Dirs, false));
      Sub = (Sub - M.Mask) & M.Mask;
    } while (Sub);
    for (;;) {
      M.Factor = Rng() & Rng() & Rng();
      M.Table.assign(size_t(1) << Bits, 0);
      std::vector<bool> Used(size_t(1) << Bits);
      bool Ok = true;
      for (size_t I = 0; I < Occ.size() && Ok; ++I) {
        size_t Idx = (Occ[I] * M.Factor) >> M.Shift;
        if (!Used[Idx]) {
          Used[Idx] = true;
          M.Table[Idx] = Att[I];
        } else {
          Ok = M.Table[Idx] == Att[I];
        }
      }
      if (Ok)
        break;
    }
  }
  return Ms;
}

const int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
const int BishopDirs[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

void handwrittenRook(benchmark::State &State) {
  static const std::vector<Magic> Ms = initMagics(RookDirs);
  run(State, [](int Sq, uint64_t Occ) { return Ms[Sq](Occ); });
}
void handwrittenBishop(benchmark::State &State) {
  static const std::vector<Magic> Ms = initMagics(BishopDirs);
  run(State, [](int Sq, uint64_t Occ) { return Ms[Sq](Occ); });
}
void generatedRook(benchmark::State &State) { run(State, fairy_attacks_rook); }
void generatedBishop(benchmark::State &State) {
  run(State, fairy_attacks_bishop);
}
void generatedQueen(benchmark::State &State) {
  run(State, fairy_attacks_queen);
}
void generatedNightrider(benchmark::State &State) {
  run(State, fairy_attacks_nightrider);
}
void generatedCannon(benchmark::State &State) {
  run(State, fairy_attacks_cannon);
}

/// The generated tables agree with the hand-written ones (checked once).
void checkAgreement(benchmark::State &State) {
  static const std::vector<Magic> R = initMagics(RookDirs),
                                  B = initMagics(BishopDirs);
  const Inputs &In = inputs();
  for (auto _ : State)
    for (int I = 0; I < 4096; ++I)
      if (R[In.Square[I]](In.Occupied[I]) !=
              fairy_attacks_rook(In.Square[I], In.Occupied[I]) ||
          B[In.Square[I]](In.Occupied[I]) !=
              fairy_attacks_bishop(In.Square[I], In.Occupied[I]))
        State.SkipWithError("generated and hand-written tables disagree");
}

} // namespace

BENCHMARK(checkAgreement)->Iterations(1);
BENCHMARK(handwrittenRook);
BENCHMARK(generatedRook);
BENCHMARK(handwrittenBishop);
BENCHMARK(generatedBishop);
BENCHMARK(generatedQueen);
BENCHMARK(generatedNightrider);
BENCHMARK(generatedCannon);

BENCHMARK_MAIN();
