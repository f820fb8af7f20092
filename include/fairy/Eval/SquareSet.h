//===- SquareSet.h - Sets of board squares as bit words ---------*- C++ -*-===//
//
// Bit i stands for square index i (see Board). Up to 16 words (1024
// squares) are held inline. Each set also keeps the range of words that may
// be non-zero, so that operations on a small set - a frontier near one
// square on a large board - touch a few words instead of the whole board.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_SQUARESET_H
#define FAIRY_EVAL_SQUARESET_H

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace fairy {

/// Shifts the words [Lo, Hi) of \p Src (all others zero) by \p Delta bits
/// into \p Dst, which has \p N words. Writes every word of the returned
/// range [first, second) of \p Dst and no other; bits shifted past either
/// end vanish. Shared by SquareSet and the fast evaluator's WideBits.
inline std::pair<int, int> shiftWords(const uint64_t *Src, int Lo, int Hi,
                                      uint64_t *Dst, int N, int Delta) {
  if (Lo >= Hi)
    return {0, 0};
  if (Delta >= 0) {
    int WS = Delta / 64, BS = Delta % 64;
    // Source words [Lo, Hi) land in [Lo + WS, Hi + WS + 1).
    int From = Lo + WS, To = std::min(N, Hi + WS + 1);
    for (int I = From; I < To; ++I) {
      int S = I - WS;
      uint64_t V = S < Hi ? Src[S] << BS : 0;
      if (BS && S - 1 >= Lo)
        V |= Src[S - 1] >> (64 - BS);
      Dst[I] = V;
    }
    return {From, std::max(From, To)};
  }
  int D = -Delta, WS = D / 64, BS = D % 64;
  // Source words [Lo, Hi) land in [Lo - WS - 1, Hi - WS).
  int From = std::max(0, Lo - WS - 1), To = Hi - WS;
  for (int I = From; I < To; ++I) {
    int S = I + WS;
    uint64_t V = S >= Lo ? Src[S] >> BS : 0;
    if (BS && S + 1 < Hi)
      V |= Src[S + 1] << (64 - BS);
    Dst[I] = V;
  }
  return {From, std::max(From, To)};
}

class SquareSet {
public:
  SquareSet() = default;
  /// An empty set able to hold \p NumSquares squares.
  explicit SquareSet(unsigned NumSquares) : W((NumSquares + 63) / 64, 0) {}

  unsigned numWords() const { return W.size(); }
  uint64_t word(unsigned I) const { return W[I]; }

  bool test(unsigned I) const { return (W[I >> 6] >> (I & 63)) & 1; }
  void set(unsigned I) {
    unsigned K = I >> 6;
    W[K] |= uint64_t(1) << (I & 63);
    widen(K, K + 1);
  }
  void reset(unsigned I) { W[I >> 6] &= ~(uint64_t(1) << (I & 63)); }
  /// ORs a whole word of 64 squares in at once.
  void orWord(unsigned I, uint64_t Bits) {
    if (!Bits)
      return;
    W[I] |= Bits;
    widen(I, I + 1);
  }
  void clear() {
    for (unsigned I = Lo; I < Hi; ++I)
      W[I] = 0;
    Lo = Hi = 0;
  }
  bool any() const {
    for (unsigned I = Lo; I < Hi; ++I)
      if (W[I])
        return true;
    return false;
  }
  bool none() const { return !any(); }
  unsigned count() const;

  SquareSet &operator|=(const SquareSet &O) {
    for (unsigned I = O.Lo; I < O.Hi; ++I)
      W[I] |= O.W[I];
    widen(O.Lo, O.Hi);
    return *this;
  }
  SquareSet &operator&=(const SquareSet &O) {
    unsigned NLo = std::max(Lo, O.Lo), NHi = std::min(Hi, O.Hi);
    if (NLo >= NHi) {
      clear();
      return *this;
    }
    for (unsigned I = Lo; I < NLo; ++I)
      W[I] = 0;
    for (unsigned I = NHi; I < Hi; ++I)
      W[I] = 0;
    for (unsigned I = NLo; I < NHi; ++I)
      W[I] &= O.W[I];
    Lo = NLo;
    Hi = NHi;
    return *this;
  }
  /// Removes the squares of \p O.
  SquareSet &subtract(const SquareSet &O) {
    unsigned From = std::max(Lo, O.Lo), To = std::min(Hi, O.Hi);
    for (unsigned I = From; I < To; ++I)
      W[I] &= ~O.W[I];
    return *this;
  }
  SquareSet operator|(const SquareSet &O) const {
    return SquareSet(*this) |= O;
  }
  SquareSet operator&(const SquareSet &O) const {
    return SquareSet(*this) &= O;
  }
  SquareSet minus(const SquareSet &O) const {
    return SquareSet(*this).subtract(O);
  }
  bool operator==(const SquareSet &O) const;
  bool operator!=(const SquareSet &O) const { return !(*this == O); }
  bool isSubsetOf(const SquareSet &O) const;

  /// Every bit i moved to i + Delta; bits leaving the word range vanish.
  SquareSet shifted(int Delta) const;

  template <typename F> void forEach(F Fn) const {
    for (unsigned I = Lo; I < Hi; ++I)
      for (uint64_t X = W[I]; X; X &= X - 1)
        Fn(I * 64 + (unsigned)__builtin_ctzll(X));
  }
  std::vector<unsigned> toVector() const;

private:
  llvm::SmallVector<uint64_t, 16> W;
  /// Words outside [Lo, Hi) are zero. The range may be wider than needed.
  unsigned Lo = 0, Hi = 0;

  void widen(unsigned L, unsigned H) {
    if (L >= H)
      return;
    if (Lo >= Hi) {
      Lo = L;
      Hi = H;
      return;
    }
    Lo = std::min(Lo, L);
    Hi = std::max(Hi, H);
  }
};

} // namespace fairy

#endif
