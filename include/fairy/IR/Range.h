//===- Range.h - Repetition counts ------------------------------*- C++ -*-===//
//
// A RangeList is the set of repetition counts of a `rep` or `ride` node: a
// sorted list of disjoint intervals of non-negative integers whose last
// interval may be unbounded ({1..}). Adjacent intervals ({1..3,4..}) are
// allowed; the range-folding pass merges them.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_IR_RANGE_H
#define FAIRY_IR_RANGE_H

#include <climits>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

struct Interval {
  static constexpr int Unbounded = INT_MAX;
  int Lo = 0;
  int Hi = 0; ///< inclusive; Unbounded for an open end
  bool isUnbounded() const { return Hi == Unbounded; }
  bool operator==(const Interval &O) const { return Lo == O.Lo && Hi == O.Hi; }
};

class RangeList {
public:
  /// The largest finite bound a range may name; larger counts are rejected
  /// by the verifier so evaluation work stays bounded.
  static constexpr int MaxFinite = 4096;

  RangeList() = default;
  explicit RangeList(std::vector<Interval> Parts) : Parts(std::move(Parts)) {}
  static RangeList exactly(int K) { return RangeList({{K, K}}); }
  static RangeList between(int Lo, int Hi) { return RangeList({{Lo, Hi}}); }
  static RangeList atLeast(int Lo) {
    return RangeList({{Lo, Interval::Unbounded}});
  }

  /// Builds a valid list from arbitrary intervals: sorts them and merges the
  /// overlapping ones (touching ones are kept apart, as written).
  static RangeList fromUnsorted(std::vector<Interval> Parts);

  const std::vector<Interval> &intervals() const { return Parts; }
  bool empty() const { return Parts.empty(); }
  bool contains(int K) const;
  bool isUnbounded() const {
    return !Parts.empty() && Parts.back().isUnbounded();
  }
  /// The first count of the unbounded tail (only if isUnbounded()).
  int unboundedFrom() const { return Parts.back().Lo; }
  /// The largest count that is not part of an unbounded tail, or -1.
  int maxFinite() const;
  /// The largest count named at all: the finite max, or the tail's start.
  int maxNamed() const;
  int min() const { return Parts.empty() ? -1 : Parts.front().Lo; }
  /// {K} for a single count K.
  std::optional<int> single() const;

  /// Every interval sorted, non-negative, disjoint. Returns an explanation
  /// of the first problem, or an empty string.
  std::string problem() const;

  /// Adjacent and overlapping intervals merged.
  RangeList normalized() const;
  /// Each count shifted by Delta; counts that become negative are dropped.
  RangeList shifted(int Delta) const;

  /// "1..3,5,7.." ; an empty list prints as nothing.
  std::string str() const;

  bool operator==(const RangeList &O) const { return Parts == O.Parts; }
  bool operator!=(const RangeList &O) const { return !(*this == O); }

private:
  std::vector<Interval> Parts;
};

} // namespace fairy

#endif
