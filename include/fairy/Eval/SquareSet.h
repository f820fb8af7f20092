//===- SquareSet.h - Sets of board squares as bit words ---------*- C++ -*-===//
//
// Bit i stands for square index i (see Board). Boards of up to 64 squares
// use one uint64_t held inline; larger boards use as many words as needed.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_SQUARESET_H
#define FAIRY_EVAL_SQUARESET_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace fairy {

class SquareSet {
public:
  SquareSet() = default;
  /// An empty set able to hold \p NumSquares squares.
  explicit SquareSet(unsigned NumSquares) : W((NumSquares + 63) / 64, 0) {}

  unsigned numWords() const { return W.size(); }
  const uint64_t *words() const { return W.data(); }
  uint64_t *words() { return W.data(); }

  bool test(unsigned I) const { return (W[I >> 6] >> (I & 63)) & 1; }
  void set(unsigned I) { W[I >> 6] |= uint64_t(1) << (I & 63); }
  void reset(unsigned I) { W[I >> 6] &= ~(uint64_t(1) << (I & 63)); }
  void clear() {
    for (uint64_t &X : W)
      X = 0;
  }
  bool any() const {
    for (uint64_t X : W)
      if (X)
        return true;
    return false;
  }
  bool none() const { return !any(); }
  unsigned count() const;

  SquareSet &operator|=(const SquareSet &O) {
    for (unsigned I = 0; I < W.size(); ++I)
      W[I] |= O.W[I];
    return *this;
  }
  SquareSet &operator&=(const SquareSet &O) {
    for (unsigned I = 0; I < W.size(); ++I)
      W[I] &= O.W[I];
    return *this;
  }
  /// Removes the squares of \p O.
  SquareSet &subtract(const SquareSet &O) {
    for (unsigned I = 0; I < W.size(); ++I)
      W[I] &= ~O.W[I];
    return *this;
  }
  SquareSet operator|(const SquareSet &O) const { return SquareSet(*this) |= O; }
  SquareSet operator&(const SquareSet &O) const { return SquareSet(*this) &= O; }
  SquareSet minus(const SquareSet &O) const { return SquareSet(*this).subtract(O); }
  bool operator==(const SquareSet &O) const { return W == O.W; }
  bool operator!=(const SquareSet &O) const { return !(*this == O); }
  bool isSubsetOf(const SquareSet &O) const;

  /// Every bit i moved to i + Delta; bits leaving the word range vanish.
  SquareSet shifted(int Delta) const;

  template <typename F> void forEach(F Fn) const {
    for (unsigned I = 0; I < W.size(); ++I)
      for (uint64_t X = W[I]; X; X &= X - 1)
        Fn(I * 64 + (unsigned)__builtin_ctzll(X));
  }
  std::vector<unsigned> toVector() const;

private:
  llvm::SmallVector<uint64_t, 1> W;
};

} // namespace fairy

#endif
