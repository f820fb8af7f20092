#include "fairy/IR/Range.h"

#include <gtest/gtest.h>

using namespace fairy;

TEST(RangeTest, ContainsAndBounds) {
  RangeList R({{1, 3}, {5, 5}, {7, Interval::Unbounded}});
  EXPECT_TRUE(R.problem().empty());
  for (int K : {1, 2, 3, 5, 7, 8, 1000})
    EXPECT_TRUE(R.contains(K)) << K;
  for (int K : {0, 4, 6})
    EXPECT_FALSE(R.contains(K)) << K;
  EXPECT_TRUE(R.isUnbounded());
  EXPECT_EQ(R.unboundedFrom(), 7);
  EXPECT_EQ(R.maxFinite(), 5);
  EXPECT_EQ(R.maxNamed(), 7);
  EXPECT_EQ(R.str(), "1..3,5,7..");
}

TEST(RangeTest, Problems) {
  EXPECT_FALSE(RangeList().problem().empty());
  EXPECT_FALSE(RangeList({{3, 2}}).problem().empty());
  EXPECT_FALSE(RangeList({{-1, 2}}).problem().empty());
  EXPECT_FALSE(RangeList({{2, 4}, {3, 5}}).problem().empty());
  EXPECT_FALSE(RangeList({{1, Interval::Unbounded}, {9, 9}}).problem().empty());
  EXPECT_FALSE(RangeList({{1, RangeList::MaxFinite + 1}}).problem().empty());
  // Touching intervals are valid (range folding merges them).
  EXPECT_TRUE(RangeList({{1, 3}, {4, Interval::Unbounded}}).problem().empty());
}

TEST(RangeTest, FromUnsortedMergesOverlaps) {
  RangeList R = RangeList::fromUnsorted({{7, 9}, {2, 3}, {5, 5}, {3, 4}});
  EXPECT_EQ(R.str(), "2..4,5,7..9");
  EXPECT_TRUE(R.problem().empty());
}

TEST(RangeTest, NormalizedMergesAdjacent) {
  EXPECT_EQ(RangeList({{1, 3}, {4, Interval::Unbounded}}).normalized().str(),
            "1..");
  EXPECT_EQ(RangeList({{1, 1}, {2, 2}, {4, 4}}).normalized().str(), "1..2,4");
}

TEST(RangeTest, Shifted) {
  EXPECT_EQ(RangeList({{0, 3}}).shifted(-1).str(), "0..2");
  EXPECT_EQ(RangeList({{0, 0}, {2, 2}}).shifted(-1).str(), "1");
  EXPECT_EQ(RangeList::atLeast(0).shifted(-2).str(), "0..");
  EXPECT_EQ(RangeList::atLeast(1).shifted(2).str(), "3..");
  EXPECT_EQ(RangeList::exactly(4).single(), 4);
  EXPECT_FALSE(RangeList::between(1, 2).single());
}
