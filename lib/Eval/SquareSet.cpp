//===- SquareSet.cpp - Sets of board squares as bit words -----------------===//
#include "fairy/Eval/SquareSet.h"

using namespace fairy;

unsigned SquareSet::count() const {
  unsigned N = 0;
  for (unsigned I = Lo; I < Hi; ++I)
    N += __builtin_popcountll(W[I]);
  return N;
}

bool SquareSet::operator==(const SquareSet &O) const {
  if (W.size() != O.W.size())
    return false;
  unsigned From = std::min(Lo, O.Lo), To = std::max(Hi, O.Hi);
  if (Lo >= Hi)
    From = O.Lo, To = O.Hi;
  else if (O.Lo >= O.Hi)
    From = Lo, To = Hi;
  for (unsigned I = From; I < To; ++I)
    if (W[I] != O.W[I])
      return false;
  return true;
}

bool SquareSet::isSubsetOf(const SquareSet &O) const {
  for (unsigned I = Lo; I < Hi; ++I)
    if (W[I] & ~O.W[I])
      return false;
  return true;
}

SquareSet SquareSet::shifted(int Delta) const {
  SquareSet R;
  R.W.assign(W.size(), 0);
  if (Lo >= Hi)
    return R;
  int N = W.size();
  if (Delta >= 0) {
    int WordShift = Delta / 64, BitShift = Delta % 64;
    // Source words [Lo, Hi) land in [Lo + WordShift, Hi + WordShift + 1).
    int From = Lo + WordShift, To = std::min(N, (int)Hi + WordShift + 1);
    for (int I = From; I < To; ++I) {
      int S = I - WordShift;
      uint64_t V = S < (int)Hi ? W[S] << BitShift : 0;
      if (BitShift && S - 1 >= (int)Lo)
        V |= W[S - 1] >> (64 - BitShift);
      R.W[I] = V;
    }
    if (From < To)
      R.widen(From, To);
  } else {
    int D = -Delta, WordShift = D / 64, BitShift = D % 64;
    // Source words [Lo, Hi) land in [Lo - WordShift - 1, Hi - WordShift).
    int From = std::max(0, (int)Lo - WordShift - 1), To = (int)Hi - WordShift;
    for (int I = From; I < To; ++I) {
      int S = I + WordShift;
      uint64_t V = S >= (int)Lo ? W[S] >> BitShift : 0;
      if (BitShift && S + 1 < (int)Hi)
        V |= W[S + 1] << (64 - BitShift);
      R.W[I] = V;
    }
    if (From < To)
      R.widen(From, To);
  }
  return R;
}

std::vector<unsigned> SquareSet::toVector() const {
  std::vector<unsigned> V;
  forEach([&](unsigned I) { V.push_back(I); });
  return V;
}
