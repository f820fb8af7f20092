//===- MagicSearch.cpp - Multipliers for magic-bitboard tables ------------===//
#include "MagicSearch.h"

namespace fairy {
namespace {

struct KnownMultiplier {
  uint64_t MaskLo, MaskHi, Lo, Hi;
  unsigned char IndexBits;
};

/// Multipliers fairyc found for the masks of common boards' rook and bishop
/// parts, written by scripts/known-multipliers.py from generated headers.
const KnownMultiplier Known[] = {
#include "KnownMultipliers.inc"
};

/// Bits set in a byte, without the library call __builtin_popcount makes on
/// targets without a POPCNT instruction.
unsigned popcount8(uint64_t Byte) {
  Byte = Byte - ((Byte >> 1) & 0x55);
  Byte = (Byte & 0x33) + ((Byte >> 2) & 0x33);
  return unsigned((Byte + (Byte >> 4)) & 0x0f);
}

/// Tries \p M: one multiply per occupancy, slots stamped with \p Epoch (no
/// clearing between tries), a collision checked with one comparison of
/// class numbers.
bool tryMultiplier(const MagicProblem &P, uint64_t MLo, uint64_t MHi,
                   unsigned Shift, std::vector<uint32_t> &Stamp,
                   std::vector<uint32_t> &SlotClass, uint32_t Epoch,
                   uint64_t &Work) {
  for (size_t I = 0; I < P.Class.size(); ++I) {
    ++Work;
    size_t Idx = (P.OccLo[I] * MLo ^ P.OccHi[I] * MHi) >> Shift;
    if (Stamp[Idx] != Epoch) {
      Stamp[Idx] = Epoch;
      SlotClass[Idx] = P.Class[I];
    } else if (SlotClass[Idx] != P.Class[I]) {
      return false;
    }
  }
  return true;
}

} // namespace

bool separates(const MagicProblem &P, const Multiplier &M,
               std::vector<uint32_t> &First) {
  First.assign(size_t(1) << (64 - M.Shift), UINT32_MAX);
  for (size_t I = 0; I < P.Class.size(); ++I) {
    size_t Idx = (P.OccLo[I] * M.Lo ^ P.OccHi[I] * M.Hi) >> M.Shift;
    if (First[Idx] == UINT32_MAX)
      First[Idx] = uint32_t(I);
    else if (P.Class[First[Idx]] != P.Class[I])
      return false;
  }
  return true;
}

std::optional<Multiplier> findMultiplier(const MagicProblem &P, uint64_t &Work,
                                         uint64_t MaxWork, bool &OverBudget) {
  OverBudget = false;
  // xorshift64* (Vigna): three shifts and a multiply per number.
  uint64_t State = 0x6661697279ull + P.Seed * 0x9e3779b97f4a7c15ull;
  auto Rng = [&State] {
    State ^= State >> 12;
    State ^= State << 25;
    State ^= State >> 27;
    return State * 2685821657736338717ull;
  };
  // The known multipliers first, with the fewest index bits first: one
  // recorded with more bits than the mask's is there because the search
  // found none with fewer (a second of tries on yarishogi's 7x9 rook).
  for (unsigned Extra = 0; Extra <= 2; ++Extra) {
    unsigned IndexBits = P.Bits + Extra;
    std::vector<uint32_t> Stamp, SlotClass;
    uint32_t Epoch = 0;
    for (const KnownMultiplier &K : Known)
      if (K.MaskLo == P.MaskLo && K.MaskHi == P.MaskHi &&
          K.IndexBits == IndexBits) {
        if (Stamp.empty()) {
          Stamp.assign(size_t(1) << IndexBits, 0);
          SlotClass.resize(size_t(1) << IndexBits);
        }
        if (tryMultiplier(P, K.Lo, K.Hi, 64 - IndexBits, Stamp, SlotClass,
                          ++Epoch, Work))
          return Multiplier{K.Lo, K.Hi, 64 - IndexBits};
      }
  }
  // When no multiplier fits 2^Bits entries (tables that must tell quiet
  // from capture collide less often), one or two more index bits are
  // allowed.
  for (unsigned Extra = 0; Extra <= 2; ++Extra) {
    unsigned IndexBits = P.Bits + Extra;
    unsigned Shift = 64 - IndexBits;
    size_t Slots = size_t(1) << IndexBits;
    std::vector<uint32_t> Stamp(Slots, 0), SlotClass(Slots);
    uint32_t Epoch = 0;
    for (int Try = 0; Try < (Extra == 0 ? 1'500'000 : 500'000); ++Try) {
      // A half with no relevant square gets multiplier 0.
      uint64_t MLo = P.MaskLo ? Rng() & Rng() & Rng() : 0;
      uint64_t MHi = P.MaskHi ? Rng() & Rng() & Rng() : 0;
      // Stockfish's filter: a multiplier that takes few bits of the mask
      // to the top byte rarely separates the occupancies.
      if (P.Bits > 8 && popcount8((P.MaskLo * MLo ^ P.MaskHi * MHi) >> 56) < 6)
        continue;
      if (Work > MaxWork) {
        OverBudget = true;
        return std::nullopt;
      }
      if (tryMultiplier(P, MLo, MHi, Shift, Stamp, SlotClass, ++Epoch, Work))
        return Multiplier{MLo, MHi, Shift};
    }
  }
  return std::nullopt;
}

} // namespace fairy
