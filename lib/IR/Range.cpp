//===- Range.cpp - Repetition counts --------------------------------------===//
#include "fairy/IR/Range.h"

#include <algorithm>

using namespace fairy;

RangeList RangeList::fromUnsorted(std::vector<Interval> In) {
  std::sort(In.begin(), In.end(), [](const Interval &A, const Interval &B) {
    return A.Lo != B.Lo ? A.Lo < B.Lo : A.Hi < B.Hi;
  });
  std::vector<Interval> Out;
  for (const Interval &I : In) {
    if (!Out.empty() && I.Lo <= Out.back().Hi)
      Out.back().Hi = std::max(Out.back().Hi, I.Hi);
    else
      Out.push_back(I);
  }
  return RangeList(std::move(Out));
}

bool RangeList::contains(int K) const {
  for (const Interval &I : Parts)
    if (K >= I.Lo && K <= I.Hi)
      return true;
  return false;
}

int RangeList::maxFinite() const {
  for (auto It = Parts.rbegin(); It != Parts.rend(); ++It)
    if (!It->isUnbounded())
      return It->Hi;
  return -1;
}

int RangeList::maxNamed() const {
  if (Parts.empty())
    return -1;
  return Parts.back().isUnbounded() ? Parts.back().Lo : Parts.back().Hi;
}

std::optional<int> RangeList::single() const {
  if (Parts.size() == 1 && Parts[0].Lo == Parts[0].Hi)
    return Parts[0].Lo;
  return std::nullopt;
}

std::string RangeList::problem() const {
  if (Parts.empty())
    return "a range must name at least one count";
  for (size_t I = 0; I < Parts.size(); ++I) {
    const Interval &P = Parts[I];
    if (P.Lo < 0)
      return "repetition counts cannot be negative";
    if (P.Hi < P.Lo)
      return "the range " + std::to_string(P.Lo) + ".." + std::to_string(P.Hi) +
             " is empty (its lower bound is above its upper bound)";
    if (P.Lo > MaxFinite || (!P.isUnbounded() && P.Hi > MaxFinite))
      return "repetition counts above " + std::to_string(MaxFinite) +
             " are not supported";
    if (P.isUnbounded() && I + 1 != Parts.size())
      return "only the last interval of a range may be unbounded";
    if (I > 0 && P.Lo <= Parts[I - 1].Hi)
      return "range intervals must be sorted and must not overlap";
  }
  return "";
}

RangeList RangeList::normalized() const {
  std::vector<Interval> Out;
  for (const Interval &I : Parts) {
    if (!Out.empty() && !Out.back().isUnbounded() && I.Lo <= Out.back().Hi + 1)
      Out.back().Hi = std::max(Out.back().Hi, I.Hi);
    else if (!Out.empty() && Out.back().isUnbounded())
      continue;
    else
      Out.push_back(I);
  }
  return RangeList(std::move(Out));
}

RangeList RangeList::shifted(int Delta) const {
  std::vector<Interval> Out;
  for (Interval I : Parts) {
    int Hi = I.isUnbounded() ? Interval::Unbounded : I.Hi + Delta;
    int Lo = std::max(0, I.Lo + Delta);
    if (Hi < 0 || Hi < Lo)
      continue;
    Out.push_back({Lo, Hi});
  }
  return RangeList(std::move(Out));
}

std::string RangeList::str() const {
  std::string S;
  for (const Interval &I : Parts) {
    if (!S.empty())
      S += ",";
    S += std::to_string(I.Lo);
    if (I.isUnbounded())
      S += "..";
    else if (I.Hi != I.Lo)
      S += ".." + std::to_string(I.Hi);
  }
  return S;
}
