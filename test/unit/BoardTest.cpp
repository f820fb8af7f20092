#include "fairy/Eval/Board.h"
#include "fairy/Eval/Position.h"

#include <gtest/gtest.h>

#include <random>

using namespace fairy;

TEST(SquareSetTest, ShiftMatchesNaiveOnManyWords) {
  std::mt19937_64 Rng(7);
  for (unsigned N : {10u, 64u, 65u, 100u, 200u, 700u}) {
    SquareSet S(N);
    for (unsigned I = 0; I < N; ++I)
      if (Rng() % 3 == 0)
        S.set(I);
    for (int Delta : {0, 1, -1, 5, -5, 63, -63, 64, -64, 65, -65, 130, -130, 1000}) {
      SquareSet R = S.shifted(Delta);
      unsigned Words = (N + 63) / 64;
      for (unsigned I = 0; I < Words * 64; ++I) {
        long Src = (long)I - Delta;
        bool Want = Src >= 0 && Src < (long)N && S.test(Src);
        ASSERT_EQ(R.test(I), Want) << "N=" << N << " Delta=" << Delta << " I=" << I;
      }
    }
  }
}

TEST(SquareSetTest, SetOperations) {
  SquareSet A(130), B(130);
  A.set(1);
  A.set(129);
  B.set(129);
  EXPECT_EQ(A.count(), 2u);
  EXPECT_TRUE(B.isSubsetOf(A));
  EXPECT_FALSE(A.isSubsetOf(B));
  EXPECT_EQ(A.minus(B).toVector(), std::vector<unsigned>{1});
  EXPECT_EQ((A & B).toVector(), std::vector<unsigned>{129});
  EXPECT_TRUE(A.minus(A).none());
}

TEST(BoardTest, ParseAndNames) {
  std::string E;
  auto B = Board::parse("8x8", E);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->numSquares(), 64u);
  EXPECT_EQ(B->squareName(0), "a1");
  EXPECT_EQ(B->squareName(63), "h8");
  EXPECT_EQ(B->squareName(B->centre()), "d4");
  unsigned I;
  ASSERT_TRUE(B->parseSquare("e4", I, E));
  EXPECT_EQ(B->coord(I), Vec(4, 3));
  ASSERT_TRUE(B->parseSquare("5,4", I, E));
  EXPECT_EQ(B->coord(I), Vec(4, 3));
  EXPECT_FALSE(B->parseSquare("i1", I, E));
  EXPECT_FALSE(B->parseSquare("e", I, E));
  EXPECT_FALSE(B->parseSquare("e0", I, E));
  EXPECT_FALSE(Board::parse("8", E));
  EXPECT_FALSE(Board::parse("0x8", E));
  EXPECT_FALSE(Board::parse("65x2", E));
  EXPECT_FALSE(Board::parse("8xq", E));
}

TEST(BoardTest, WideAndThreeD) {
  std::string E;
  auto Wide = Board::parse("30x2", E);
  ASSERT_TRUE(Wide);
  EXPECT_EQ(Wide->squareName(27), "ab1");
  unsigned I;
  ASSERT_TRUE(Wide->parseSquare("ab2", I, E));
  EXPECT_EQ(Wide->coord(I), Vec(27, 1));
  auto Cube = Board::parse("5x5x5", E);
  ASSERT_TRUE(Cube);
  EXPECT_TRUE(Cube->is3D());
  EXPECT_EQ(Cube->squareName(Cube->index({0, 0, 4})), "Ea1");
  ASSERT_TRUE(Cube->parseSquare("Cc3", I, E));
  EXPECT_EQ(Cube->coord(I), Vec(2, 2, 2));
  ASSERT_TRUE(Cube->parseSquare("3,3,3", I, E));
  EXPECT_EQ(Cube->coord(I), Vec(2, 2, 2));
}

TEST(BoardTest, SourcesForRespectsEdgesAndHoles) {
  std::string E;
  auto B = Board::make(3, 3, 1, E);
  B->removeSquare(B->index({1, 1}));
  SquareSet S = B->sourcesFor({1, 0});
  // Sources: x in {0,1} with both squares present: (0,0),(1,0),(0,2),(1,2);
  // (0,1) -> (1,1) is a hole and (1,1) is a hole itself.
  EXPECT_EQ(S.count(), 4u);
  EXPECT_FALSE(S.test(B->index({0, 1})));
}

TEST(PositionTest, FEN) {
  std::string E;
  auto P = Position::fromFEN("3k/4/*3/R2p", std::nullopt, E);
  ASSERT_TRUE(P) << E;
  const Board &B = P->board();
  EXPECT_EQ(B.width(), 4);
  EXPECT_EQ(B.height(), 4);
  EXPECT_TRUE(P->at(B.index({0, 0})).Present);
  EXPECT_EQ(P->at(B.index({0, 0})).Side, Color::White);
  EXPECT_EQ(P->at(B.index({0, 0})).Type, 'R');
  EXPECT_EQ(P->at(B.index({3, 0})).Side, Color::Black);
  EXPECT_EQ(P->at(B.index({3, 3})).Type, 'K');
  EXPECT_FALSE(B.squares().test(B.index({0, 1})));
  EXPECT_FALSE(Position::fromFEN("3k/4", Board::parse("8x8", E), E));
  EXPECT_FALSE(Position::fromFEN("3k/5", std::nullopt, E));
  EXPECT_FALSE(Position::fromFEN("3k/4?", std::nullopt, E));
  auto P3 = Position::fromFEN("2/2|p1/1P", std::nullopt, E);
  ASSERT_TRUE(P3) << E;
  EXPECT_EQ(P3->board().depth(), 2);
  EXPECT_TRUE(P3->at(P3->board().index({0, 1, 1})).Present);
}
