#include "fairy/Eval/Board.h"
#include "SquareBits.h"
#include "fairy/Eval/Position.h"
#include "fairy/Testing/Random.h"

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
    for (int Delta :
         {0, 1, -1, 5, -5, 63, -63, 64, -64, 65, -65, 130, -130, 1000}) {
      SquareSet R = S.shifted(Delta);
      unsigned Words = (N + 63) / 64;
      for (unsigned I = 0; I < Words * 64; ++I) {
        long Src = (long)I - Delta;
        bool Want = Src >= 0 && Src < (long)N && S.test(Src);
        ASSERT_EQ(R.test(I), Want)
            << "N=" << N << " Delta=" << Delta << " I=" << I;
      }
    }
  }
}

// Every operation against a plain vector<bool>, on sets whose active word
// ranges are narrow, wide, disjoint and empty.
TEST(SquareSetTest, OperationsMatchNaiveModel) {
  std::mt19937_64 Rng(11);
  using Model = std::vector<bool>;
  auto Make = [&](unsigned N, Model &M) {
    SquareSet S(N);
    M.assign(N, false);
    unsigned Lo = Rng() % N, Len = Rng() % 3 == 0 ? N : 1 + Rng() % 80;
    for (unsigned I = Lo; I < std::min(N, Lo + Len); ++I)
      if (Rng() % 3 == 0) {
        S.set(I);
        M[I] = true;
      }
    unsigned J = Rng() % N;
    if (Rng() % 5 == 0 && !M[J]) { // a set whose range is wider than its bits
      S.set(J);
      S.reset(J);
    }
    return S;
  };
  auto Same = [](const SquareSet &S, const Model &M) {
    for (unsigned I = 0; I < M.size(); ++I)
      if (S.test(I) != M[I])
        return false;
    unsigned C = 0;
    for (bool B : M)
      C += B;
    return S.count() == C && S.any() == (C > 0);
  };
  for (int Round = 0; Round < 3000; ++Round) {
    unsigned N = 1 + Rng() % 1100;
    Model MA, MB;
    SquareSet A = Make(N, MA), B = Make(N, MB);
    Model Or(N), And(N), Minus(N);
    for (unsigned I = 0; I < N; ++I) {
      Or[I] = MA[I] || MB[I];
      And[I] = MA[I] && MB[I];
      Minus[I] = MA[I] && !MB[I];
    }
    ASSERT_TRUE(Same(A | B, Or)) << Round;
    ASSERT_TRUE(Same(A & B, And)) << Round;
    ASSERT_TRUE(Same(A.minus(B), Minus)) << Round;
    ASSERT_EQ(A == B, MA == MB) << Round;
    ASSERT_TRUE((A & B) == (B & A)) << Round;
    ASSERT_EQ(A.isSubsetOf(A | B), true) << Round;
    bool Subset = true;
    for (unsigned I = 0; I < N; ++I)
      Subset &= !MA[I] || MB[I];
    ASSERT_EQ(A.isSubsetOf(B), Subset) << Round;
    SquareSet C = A;
    C.clear();
    ASSERT_TRUE(C.none());
    ASSERT_TRUE(C == SquareSet(N));
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

/// Every square of \p B is named with level capitals (3D only), file
/// letters and rank digits, and its name reads back to it.
void expectNamesReadBack(const Board &B) {
  SCOPED_TRACE(B.str());
  for (unsigned I = 0; I < B.numSquares(); ++I) {
    std::string Name = B.squareName(I), E;
    size_t K = 0;
    while (K < Name.size() && std::isupper((unsigned char)Name[K]))
      ++K;
    ASSERT_EQ(K > 0, B.is3D()) << Name;
    size_t L = K;
    while (L < Name.size() && std::islower((unsigned char)Name[L]))
      ++L;
    ASSERT_GT(L, K) << Name;
    for (size_t D = L; D < Name.size(); ++D)
      ASSERT_TRUE(std::isdigit((unsigned char)Name[D])) << Name;
    unsigned Back = ~0u;
    ASSERT_TRUE(B.parseSquare(Name, Back, E)) << Name << ": " << E;
    ASSERT_EQ(Back, I) << Name;
  }
}

TEST(BoardTest, EverySquareNameReadsBack) {
  std::string E;
  // Every flat board, 1x1 to 64x64.
  for (int W = 1; W <= Board::MaxSide; ++W)
    for (int H = 1; H <= Board::MaxSide; ++H)
      expectNamesReadBack(*Board::make(W, H, 1, E));
  // 3D boards of every depth, as wide as the square limit lets them be.
  for (int D = 2; D <= Board::MaxSide; ++D) {
    int Side = 1;
    while ((Side + 1) * (Side + 1) * D <= Board::MaxSquares &&
           Side < Board::MaxSide)
      ++Side;
    for (auto [W, H] :
         {std::pair{1, 1}, std::pair{Side, Side},
          std::pair{Board::MaxSide,
                    std::max(1, Board::MaxSquares / (Board::MaxSide * D))},
          std::pair{3, 7}})
      if (auto B = Board::make(W, std::min(H, Board::MaxSide), D, E))
        expectNamesReadBack(*B);
      else
        ADD_FAILURE() << E;
  }
  // And random ones.
  std::mt19937 Rng(7);
  for (int Trial = 0; Trial < 300; ++Trial) {
    int W = 1 + Rng() % Board::MaxSide, H = 1 + Rng() % Board::MaxSide;
    int D = 1 + Rng() % Board::MaxSide;
    if (auto B = Board::make(W, H, D, E))
      expectNamesReadBack(*B);
  }
}

TEST(BoardTest, NamesPastTwentySixLevels) {
  std::string E;
  auto Tall = Board::make(2, 2, 64, E);
  ASSERT_TRUE(Tall);
  // The first 26 levels as ever; then two capitals, as files past z.
  EXPECT_EQ(Tall->squareName(Tall->index({0, 0, 25})), "Za1");
  EXPECT_EQ(Tall->squareName(Tall->index({1, 1, 26})), "AAb2");
  EXPECT_EQ(Tall->squareName(Tall->index({0, 1, 63})), "BLa2");
  EXPECT_EQ(Board::levelName(51), "AZ");
  EXPECT_EQ(Board::levelName(52), "BA");
  unsigned I;
  ASSERT_TRUE(Tall->parseSquare("BLb2", I, E));
  EXPECT_EQ(Tall->coord(I), Vec(1, 1, 63));
  EXPECT_FALSE(Tall->parseSquare("BMa1", I, E)); // level 65
  EXPECT_FALSE(Tall->parseSquare("ZZZZZZZZZZZZZZa1", I, E));
  EXPECT_FALSE(Tall->parseSquare("a1", I, E));
  auto Flat = Board::make(8, 8, 1, E);
  EXPECT_FALSE(Flat->parseSquare("Aa1", I, E));
  auto Cube = Board::make(5, 5, 5, E);
  EXPECT_FALSE(Cube->parseSquare("AAa1", I, E)); // level 27 of 5
  EXPECT_NE(E.find("not on the 5x5x5 board"), std::string::npos) << E;
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

// toFEN writes what fromFEN reads back: the same squares, holes and pieces,
// on random boards of every size up to 12 (two-digit empty runs) and in 3D.
TEST(PositionTest, FENRoundTrip) {
  std::mt19937_64 Rng(2611);
  unsigned TwoDigitRuns = 0;
  for (int Round = 0; Round < 600; ++Round) {
    gen::RandomPositionOptions Opts;
    Opts.ThreeD = Round % 3 == 0;
    Opts.MaxSide = 12;
    Position P = gen::randomPosition(Rng, Opts);
    P.SideGiven = Round % 2;
    P.SideToMove = Round % 4 < 2 ? Color::White : Color::Black;
    std::string FEN = P.toFEN(), E;
    TwoDigitRuns += FEN.find("10") != std::string::npos ||
                    FEN.find("11") != std::string::npos ||
                    FEN.find("12") != std::string::npos;
    auto Q = Position::fromFEN(FEN, std::nullopt, E);
    ASSERT_TRUE(Q) << FEN << ": " << E;
    const Board &B = P.board();
    ASSERT_EQ(Q->board().str(), B.str()) << FEN;
    ASSERT_TRUE(Q->board().squares() == B.squares()) << FEN;
    EXPECT_EQ(Q->SideGiven, P.SideGiven) << FEN;
    if (P.SideGiven) {
      EXPECT_EQ(Q->SideToMove, P.SideToMove) << FEN;
    }
    for (unsigned I = 0; I < B.numSquares(); ++I) {
      ASSERT_EQ(Q->at(I).Present, P.at(I).Present) << FEN << " square " << I;
      if (P.at(I).Present) {
        EXPECT_EQ(Q->at(I).Side, P.at(I).Side) << FEN;
        EXPECT_EQ(Q->at(I).Type, P.at(I).Type) << FEN;
      }
    }
  }
  EXPECT_GT(TwoDigitRuns, 0u); // the long runs were exercised
}

// The fast evaluator's fixed-width sets against SquareSet, which the test
// above checks against a plain model.
TEST(WideBitsTest, MatchesSquareSet) {
  std::mt19937_64 Rng(5);
  for (int Round = 0; Round < 2000; ++Round) {
    unsigned N = 1 + Rng() % 1024;
    auto Make = [&] {
      SquareSet S(N);
      unsigned Lo = Rng() % N, Len = Rng() % 2 ? N : 1 + Rng() % 100;
      for (unsigned I = Lo; I < std::min(N, Lo + Len); ++I)
        if (Rng() % 3 == 0)
          S.set(I);
      return S;
    };
    SquareSet A = Make(), B = Make();
    auto WA = WideBits<16>::from(A), WB = WideBits<16>::from(B);
    ASSERT_EQ(WA.toSquareSet(N), A);
    auto Or = WA;
    Or |= WB;
    ASSERT_EQ(Or.toSquareSet(N), A | B);
    auto And = WA;
    And &= WB;
    ASSERT_EQ(And.toSquareSet(N), A & B);
    ASSERT_EQ(WA.minus(WB).toSquareSet(N), A.minus(B));
    ASSERT_EQ(WA == WB, A == B);
    ASSERT_EQ(WA.any(), A.any());
    int Delta = (int)(Rng() % 400) - 200;
    SquareSet Shifted = A.shifted(Delta), Cut(N);
    // WideBits<16> holds 1024 bits: compare within the board.
    Shifted.forEach([&](unsigned I) {
      if (I < N)
        Cut.set(I);
    });
    SquareSet WShift = WA.shifted(Delta).toSquareSet(16 * 64), WCut(N);
    WShift.forEach([&](unsigned I) {
      if (I < N)
        WCut.set(I);
    });
    ASSERT_EQ(WCut, Cut) << "N=" << N << " Delta=" << Delta;
  }
}
