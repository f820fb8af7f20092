//===- SuggestTest.cpp - The shared "did you mean" ------------------------===//
#include "fairy/Support/Suggest.h"

#include <gtest/gtest.h>

using namespace fairy;

namespace {

std::optional<std::string> nearest(const char *Typo,
                                   std::vector<const char *> Names) {
  TypoCorrector C(Typo);
  for (const char *N : Names)
    C.add(N);
  return C.best();
}

TEST(SuggestTest, ClangsDistanceAThirdOfTheLength) {
  EXPECT_EQ(maxTypoDistance("jsn"), 1u);
  EXPECT_EQ(maxTypoDistance("peice"), 2u);
  EXPECT_EQ(maxTypoDistance("ab"), 1u);
  EXPECT_EQ(nearest("jsn", {"diagram", "json", "svg"}), "json");
  EXPECT_EQ(nearest("peice", {"game", "board", "piece", "royal"}), "piece");
  EXPECT_EQ(nearest("borad", {"game", "board", "piece"}), "board");
  // Two edits are too many for three letters.
  EXPECT_EQ(nearest("jzn", {"json"}), std::nullopt);
  EXPECT_EQ(nearest("zzzzzz", {"emit", "board"}), std::nullopt);
}

TEST(SuggestTest, TheNearestOnlyAndAPartCounts) {
  TypoCorrector C("jangi", /*PartsCount=*/false);
  for (const char *N : {"janus", "janggi", "chess"})
    C.add(N);
  EXPECT_EQ(C.nearest(), std::vector<std::string>{"janggi"});
  // 'pex' starts 'pext'; 'legacy-atom' ends 'betza-legacy-atom'.
  EXPECT_EQ(nearest("pex", {"magic", "pext"}), "pext");
  EXPECT_EQ(nearest("legacy-atom", {"betza-legacy-atom", "empty-moveset"}),
            "betza-legacy-atom");
  // An exact match is no typo.
  EXPECT_EQ(nearest("json", {"json"}), std::nullopt);
}

TEST(SuggestTest, DidYouMeanListsTies) {
  EXPECT_EQ(didYouMean("cat", {"bat", "car", "dog"}),
            "; did you mean 'bat', 'car'?");
  EXPECT_EQ(didYouMean("xiangqui", {"xiangqi", "janggi"}, "[", "]"),
            "; did you mean [xiangqi]?");
  EXPECT_EQ(didYouMean("zzz", {"bat"}), "");
}

} // namespace
