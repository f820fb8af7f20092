#include "fairy/IR/Symmetry.h"
#include "fairy/IR/Node.h"

#include <gtest/gtest.h>

#include <set>

using namespace fairy;

TEST(SymmetryTest, NamedSetSizes) {
  std::map<std::string, size_t> Sizes = {
      {"id", 1},   {"lr", 2}, {"fb", 2}, {"rot180", 2},  {"lrfb", 4},
      {"swap", 2}, {"d4", 8}, {"ud", 2}, {"mirror3", 8}, {"cube", 48}};
  for (auto &[Name, Size] : Sizes) {
    auto S = TransformSet::named(Name);
    ASSERT_TRUE(S) << Name;
    EXPECT_EQ(S->size(), Size) << Name;
    EXPECT_EQ(S->name(), Name);
    EXPECT_EQ(S->str(), Name);
  }
  EXPECT_FALSE(TransformSet::named("nope"));
}

TEST(SymmetryTest, ImagesOfKnightAndDiagonal) {
  TransformSet D4 = TransformSet::d4();
  std::set<Vec> Knight, Ferz, Wazir;
  for (const Transform &T : D4.transforms()) {
    Knight.insert(T.apply({1, 2}));
    Ferz.insert(T.apply({1, 1}));
    Wazir.insert(T.apply({0, 1}));
  }
  EXPECT_EQ(Knight.size(), 8u);
  EXPECT_EQ(Ferz.size(), 4u);
  EXPECT_EQ(Wazir.size(), 4u);
  std::set<Vec> Up;
  TransformSet Cube = *TransformSet::named("cube");
  for (const Transform &T : Cube.transforms())
    Up.insert(T.apply({0, 0, 1}));
  EXPECT_EQ(Up.size(), 6u);
}

TEST(SymmetryTest, ComposeAndInverse) {
  TransformSet Cube = *TransformSet::named("cube");
  Vec U(1, -2, 3);
  for (const Transform &A : Cube.transforms()) {
    EXPECT_TRUE(A.compose(A.inverse()).isIdentity());
    EXPECT_TRUE(A.inverse().compose(A).isIdentity());
    for (const Transform &B : Cube.transforms())
      EXPECT_EQ(A.compose(B).apply(U), A.apply(B.apply(U)));
  }
  // The group is closed under composition.
  std::set<Transform> All(Cube.transforms().begin(), Cube.transforms().end());
  for (const Transform &A : Cube.transforms())
    for (const Transform &B : Cube.transforms())
      EXPECT_TRUE(All.count(A.compose(B)));
}

TEST(SymmetryTest, RotateIsBlackView) {
  EXPECT_EQ(Transform::rotate180().apply({1, 2, 1}), Vec(-1, -2, 1));
}

TEST(SymmetryTest, PredicateInFrameAgreesWithApply) {
  TransformSet Cube = *TransformSet::named("cube");
  for (unsigned Axis = 0; Axis < 3; ++Axis)
    for (int Sign : {-1, 1})
      for (const Transform &T : Cube.transforms())
        for (int X = -2; X <= 2; ++X)
          for (int Y = -2; Y <= 2; ++Y)
            for (int Z = -1; Z <= 1; ++Z) {
              AxisPredicate P;
              P.Axis = Axis;
              P.Sign = Sign;
              P.K = 1;
              Vec U(X, Y, Z);
              EXPECT_EQ(P.holds(U), P.inFrame(T).holds(T.apply(U)));
            }
}

TEST(SymmetryTest, UnnamedSetPrints) {
  Transform Swap;
  Swap.Perm = {1, 0, 2};
  Transform Neg;
  Neg.Sign = {-1, 1, 1};
  TransformSet S({Swap, Neg, Neg});
  EXPECT_EQ(S.size(), 2u);
  EXPECT_EQ(S.str(), "[-x,y],[y,x]");
}
