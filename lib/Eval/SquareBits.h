//===- SquareBits.h - Square sets of the fast evaluator ---------*- C++ -*-===//
//
// The fast evaluator's propagation is written once over its set type and
// instantiated for the narrowest one that holds the board:
//   uint64_t      boards of at most 64 squares: each operation is one
//                 instruction;
//   WideBits<N>   N = 4, 16, 64 words: held by value, tracking the range of
//                 meaningful words, so a small frontier on a large board
//                 costs a word or two;
//   SquareSet     anything larger (big 3D boards).
// The free functions at the end are the whole interface the propagation
// uses; dispatchBits picks the representation for a board.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_EVAL_SQUAREBITS_H
#define FAIRY_LIB_EVAL_SQUAREBITS_H

#include "fairy/Eval/Board.h"
#include "fairy/Eval/SquareSet.h"

#include <algorithm>
#include <cstdint>
#include <functional>

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

// The operations, overloaded for every representation.
inline bool anyBits(uint64_t B) { return B != 0; }
inline bool anyBits(const SquareSet &B) { return B.any(); }
inline uint64_t minusBits(uint64_t A, uint64_t B) { return A & ~B; }
inline SquareSet minusBits(const SquareSet &A, const SquareSet &B) {
  return A.minus(B);
}
inline uint64_t shiftBits(uint64_t B, int D) {
  return D >= 64 || D <= -64 ? 0 : D >= 0 ? B << D : B >> -D;
}
inline SquareSet shiftBits(const SquareSet &B, int D) { return B.shifted(D); }
template <typename F> void forEachBit(uint64_t B, F Fn) {
  for (; B; B &= B - 1)
    Fn((unsigned)__builtin_ctzll(B));
}
template <typename F> void forEachBit(const SquareSet &B, F Fn) {
  B.forEach(Fn);
}
template <unsigned N> bool anyBits(const WideBits<N> &B) { return B.any(); }
template <unsigned N>
WideBits<N> minusBits(const WideBits<N> &A, const WideBits<N> &B) {
  return A.minus(B);
}
template <unsigned N> WideBits<N> shiftBits(const WideBits<N> &B, int D) {
  return B.shifted(D);
}
template <unsigned N, typename F> void forEachBit(const WideBits<N> &B, F Fn) {
  B.forEach(Fn);
}

template <typename Bits> Bits convert(const SquareSet &S);
template <> inline uint64_t convert<uint64_t>(const SquareSet &S) {
  return S.numWords() ? S.word(0) : 0;
}
template <> inline SquareSet convert<SquareSet>(const SquareSet &S) {
  return S;
}
template <> inline WideBits<4> convert<WideBits<4>>(const SquareSet &S) {
  return WideBits<4>::from(S);
}
template <> inline WideBits<16> convert<WideBits<16>>(const SquareSet &S) {
  return WideBits<16>::from(S);
}
template <> inline WideBits<64> convert<WideBits<64>>(const SquareSet &S) {
  return WideBits<64>::from(S);
}
template <unsigned N> SquareSet toSquareSet(const WideBits<N> &B, unsigned Sq) {
  return B.toSquareSet(Sq);
}
inline SquareSet toSquareSet(uint64_t B, unsigned N) {
  SquareSet S(N);
  S.orWord(0, B);
  return S;
}
inline SquareSet toSquareSet(const SquareSet &B, unsigned) { return B; }

// A hash of the squares, the same for equal sets whatever their storage.
inline size_t hashBits(uint64_t B) { return std::hash<uint64_t>()(B); }
template <unsigned N> size_t hashBits(const WideBits<N> &B) {
  size_t H = 0;
  for (unsigned I = B.Lo; I < B.Hi; ++I)
    if (B.W[I])
      H ^= std::hash<uint64_t>()(B.W[I] * 0x9E3779B97F4A7C15ull + I);
  return H;
}
inline size_t hashBits(const SquareSet &B) {
  size_t H = 0;
  for (unsigned I = 0; I < B.numWords(); ++I)
    if (B.word(I))
      H ^= std::hash<uint64_t>()(B.word(I) * 0x9E3779B97F4A7C15ull + I);
  return H;
}

inline void addSquare(uint64_t &B, unsigned Square) {
  B |= uint64_t(1) << Square;
}
template <unsigned N> void addSquare(WideBits<N> &B, unsigned Square) {
  B |= WideBits<N>::single(Square);
}
inline void addSquare(SquareSet &B, unsigned Square) { B.set(Square); }

/// Calls \p Fn with a null pointer to the narrowest representation that
/// holds \p B, and returns what it returns.
template <typename F> auto dispatchBits(const Board &B, F Fn) {
  unsigned Words = (B.numSquares() + 63) / 64;
  if (Words <= 1)
    return Fn((uint64_t *)nullptr);
  if (Words <= 4)
    return Fn((WideBits<4> *)nullptr);
  if (Words <= 16)
    return Fn((WideBits<16> *)nullptr);
  if (Words <= 64)
    return Fn((WideBits<64> *)nullptr);
  return Fn((SquareSet *)nullptr);
}

} // namespace fairy

#endif
