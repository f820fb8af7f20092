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
  auto [From, To] = shiftWords(W.data(), Lo, Hi, R.W.data(), W.size(), Delta);
  R.widen(From, To);
  return R;
}

std::vector<unsigned> SquareSet::toVector() const {
  std::vector<unsigned> V;
  forEach([&](unsigned I) { V.push_back(I); });
  return V;
}
