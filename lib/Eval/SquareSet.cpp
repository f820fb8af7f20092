//===- SquareSet.cpp - Sets of board squares as bit words -----------------===//
#include "fairy/Eval/SquareSet.h"

using namespace fairy;

unsigned SquareSet::count() const {
  unsigned N = 0;
  for (uint64_t X : W)
    N += __builtin_popcountll(X);
  return N;
}

bool SquareSet::isSubsetOf(const SquareSet &O) const {
  for (unsigned I = 0; I < W.size(); ++I)
    if (W[I] & ~O.W[I])
      return false;
  return true;
}

SquareSet SquareSet::shifted(int Delta) const {
  SquareSet R = *this;
  unsigned N = W.size();
  if (N == 1) { // the common case: a board of at most 64 squares
    if (Delta >= 64 || Delta <= -64)
      R.W[0] = 0;
    else
      R.W[0] = Delta >= 0 ? W[0] << Delta : W[0] >> -Delta;
    return R;
  }
  R.clear();
  if (Delta >= 0) {
    unsigned WordShift = Delta / 64, BitShift = Delta % 64;
    for (unsigned I = N; I-- > WordShift;) {
      uint64_t V = W[I - WordShift] << BitShift;
      if (BitShift && I - WordShift > 0)
        V |= W[I - WordShift - 1] >> (64 - BitShift);
      R.W[I] = V;
    }
  } else {
    unsigned D = -Delta;
    unsigned WordShift = D / 64, BitShift = D % 64;
    for (unsigned I = 0; I + WordShift < N; ++I) {
      uint64_t V = W[I + WordShift] >> BitShift;
      if (BitShift && I + WordShift + 1 < N)
        V |= W[I + WordShift + 1] << (64 - BitShift);
      R.W[I] = V;
    }
  }
  return R;
}

std::vector<unsigned> SquareSet::toVector() const {
  std::vector<unsigned> V;
  forEach([&](unsigned I) { V.push_back(I); });
  return V;
}
