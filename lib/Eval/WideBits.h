//===- WideBits.h - Fixed-width square sets for the fast evaluator -*- C++
//-*-===//
//
// A square set of exactly N words held by value, plus the range of words
// that may be non-zero. The fast evaluator instantiates its propagation for
// WideBits<4>, <16> and <64> so that boards of up to 4096 squares need no
// allocation, and a small frontier on a large board costs a few words.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_EVAL_WIDEBITS_H
#define FAIRY_LIB_EVAL_WIDEBITS_H

#include "fairy/Eval/SquareSet.h"

#include <algorithm>
#include <cstdint>

namespace fairy {

template <unsigned N> struct WideBits {
  /// Only the words in [Lo, Hi) are meaningful; the others are zero by
  /// definition whatever they hold, so a new set needs no clearing.
  uint64_t W[N];
  uint16_t Lo = 0, Hi = 0;

  static WideBits from(const SquareSet &S) {
    WideBits B;
    for (unsigned I = 0; I < S.numWords() && I < N; ++I) {
      B.W[I] = S.word(I);
      if (B.W[I])
        B.widen(I, I + 1);
    }
    return B;
  }
  static WideBits single(unsigned Square) {
    WideBits B;
    B.W[Square / 64] = uint64_t(1) << (Square % 64);
    B.Lo = Square / 64;
    B.Hi = B.Lo + 1;
    return B;
  }
  SquareSet toSquareSet(unsigned NumSquares) const {
    SquareSet S(NumSquares);
    for (unsigned I = Lo; I < Hi && I < S.numWords(); ++I)
      S.orWord(I, W[I]);
    return S;
  }

  /// Grows the meaningful range to cover [L, H); words that join it are
  /// cleared first (the caller then fills [L, H) itself).
  void widen(unsigned L, unsigned H) {
    if (L >= H)
      return;
    if (Lo >= Hi) {
      Lo = L;
      Hi = H;
      return;
    }
    for (unsigned I = H; I < Lo; ++I)
      W[I] = 0;
    for (unsigned I = Hi; I < L; ++I)
      W[I] = 0;
    Lo = std::min<unsigned>(Lo, L);
    Hi = std::max<unsigned>(Hi, H);
  }
  bool any() const {
    for (unsigned I = Lo; I < Hi; ++I)
      if (W[I])
        return true;
    return false;
  }
  WideBits &operator|=(const WideBits &O) {
    if (O.Lo >= O.Hi)
      return *this;
    if (Lo >= Hi) {
      *this = O;
      return *this;
    }
    unsigned OldLo = Lo, OldHi = Hi;
    widen(O.Lo, O.Hi);
    // Words of O outside the old range were garbage here: copy, not OR.
    for (unsigned I = O.Lo; I < O.Hi; ++I)
      W[I] = (I >= OldLo && I < OldHi) ? W[I] | O.W[I] : O.W[I];
    return *this;
  }
  WideBits &operator&=(const WideBits &O) {
    unsigned L = std::max(Lo, O.Lo), H = std::min(Hi, O.Hi);
    if (L >= H) {
      Lo = Hi = 0;
      return *this;
    }
    for (unsigned I = L; I < H; ++I)
      W[I] &= O.W[I];
    Lo = L;
    Hi = H;
    return *this;
  }
  WideBits minus(const WideBits &O) const {
    WideBits R = *this;
    unsigned L = std::max(Lo, O.Lo), H = std::min(Hi, O.Hi);
    for (unsigned I = L; I < H; ++I)
      R.W[I] &= ~O.W[I];
    return R;
  }
  uint64_t at(unsigned I) const { return I >= Lo && I < Hi ? W[I] : 0; }
  bool operator==(const WideBits &O) const {
    unsigned L = std::min(Lo, O.Lo), H = std::max(Hi, O.Hi);
    if (Lo >= Hi)
      L = O.Lo, H = O.Hi;
    else if (O.Lo >= O.Hi)
      L = Lo, H = Hi;
    for (unsigned I = L; I < H; ++I)
      if (at(I) != O.at(I))
        return false;
    return true;
  }
  WideBits shifted(int Delta) const {
    WideBits R;
    auto [From, To] = shiftWords(W, Lo, Hi, R.W, N, Delta);
    R.widen(From, To);
    return R;
  }
  template <typename F> void forEach(F Fn) const {
    for (unsigned I = Lo; I < Hi; ++I)
      for (uint64_t X = W[I]; X; X &= X - 1)
        Fn(I * 64 + (unsigned)__builtin_ctzll(X));
  }
};

} // namespace fairy

#endif
