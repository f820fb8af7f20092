//===- MagicSearch.h - Multipliers for magic-bitboard tables ----*- C++ -*-===//
//
// A magic multiplier takes every relevant occupancy of one square to a table
// index, (lo(occ) * Lo ^ hi(occ) * Hi) >> Shift, such that occupancies with
// different destinations never share an index. The search is Stockfish's:
// sparse random candidates, a cheap filter, slots stamped with the try. It
// first tries the multipliers fairyc has found before for the same mask
// (KnownMultipliers.inc), which turns the chess header's 11 million tries
// into 128 checks; those are hints, checked like any candidate.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_MAGICSEARCH_H
#define FAIRY_LIB_BACKEND_MAGICSEARCH_H

#include <cstdint>
#include <optional>
#include <vector>

namespace fairy {

struct Multiplier {
  uint64_t Lo = 0, Hi = 0;
  unsigned Shift = 63;
};

/// What the search is asked: the relevant occupancies of one square (both
/// halves of each), a class number per occupancy (equal classes may share
/// an index), and the mask they were made from.
struct MagicProblem {
  std::vector<uint64_t> OccLo, OccHi;
  std::vector<uint32_t> Class;
  uint64_t MaskLo = 0, MaskHi = 0;
  unsigned Bits = 0; ///< popcount of the mask
  unsigned Seed = 0; ///< the square: each gets its own random sequence
};

/// A multiplier for \p P with Bits, Bits + 1 or Bits + 2 index bits (the
/// fewest found), or nullopt. \p Work counts probes and must stay within
/// \p MaxWork; \p OverBudget is set when it would not.
std::optional<Multiplier> findMultiplier(const MagicProblem &P, uint64_t &Work,
                                         uint64_t MaxWork, bool &OverBudget);

/// Whether \p M separates the classes of \p P; fills \p First, for each
/// index, the first occupancy that takes it (or UINT32_MAX).
bool separates(const MagicProblem &P, const Multiplier &M,
               std::vector<uint32_t> &First);

} // namespace fairy

#endif
