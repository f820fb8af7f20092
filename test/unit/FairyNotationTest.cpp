// fairy-notation: the lowering against a path-by-path interpreter of the
// notation, every equation written in the notation's README, what must
// differ, blocking, 3D boards, and agreement with Parlett on common pieces.
#include "EvalHelpers.h"
#include "FairyAST.h"

#include "fairy/IR/Verifier.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Testing/Random.h"
#include "fairy/Transforms/Pass.h"

#include <gtest/gtest.h>

#include <set>

using namespace fairy;
using namespace fairy::fairynotation;
using fairy::test::position;

namespace {

using Path = std::vector<Vec>;

//===----------------------------------------------------------------------===//
// The interpreter: the notation's definitions, read literally. A moveset is
// a set of moves; a move is a list of deltas. Nothing here is shared with
// the lowering except the AST.
//===----------------------------------------------------------------------===//

struct TooMany {};

std::vector<Path> concat(const std::vector<Path> &A,
                         const std::vector<Path> &B) {
  std::vector<Path> Out;
  for (const Path &X : A)
    for (const Path &Y : B) {
      Out.push_back(X);
      Out.back().insert(Out.back().end(), Y.begin(), Y.end());
    }
  if (Out.size() > 40000)
    throw TooMany();
  return Out;
}

/// \p Cap stands for "no end" in open ranges: on a board whose longest side
/// is below Cap, a move repeated Cap times or more either leaves the board
/// or comes back where it started (then every count from 2 on behaves the
/// same), so counts beyond Cap add nothing.
std::vector<Path> interpret(const Expr &E, int Cap) {
  std::vector<Path> Out;
  auto Counts = [&](const RangeList &R) {
    std::vector<int> Ks;
    for (const Interval &I : R.intervals())
      for (int K = I.Lo; K <= std::min(I.Hi, Cap); ++K)
        Ks.push_back(K);
    return Ks;
  };
  switch (E.K) {
  case Expr::Atom:
    return {{E.Delta}};
  case Expr::Sum:
    for (const ExprRef &I : E.Items) {
      auto Part = interpret(*I, Cap);
      Out.insert(Out.end(), Part.begin(), Part.end());
    }
    return Out;
  case Expr::Product:
    Out = {{}};
    for (const ExprRef &I : E.Items)
      Out = concat(Out, interpret(*I, Cap));
    return Out;
  case Expr::Mirror:
    for (const Transform &T : E.Symmetry.transforms())
      for (Path P : interpret(*E.Operand, Cap)) {
        for (Vec &V : P)
          V = T.apply(V);
        Out.push_back(P);
      }
    return Out;
  case Expr::Mapped: // each move by itself, k times
    for (const Path &P : interpret(*E.Operand, Cap))
      for (int K : Counts(E.Counts)) {
        Path Q;
        for (int I = 0; I < K; ++I)
          Q.insert(Q.end(), P.begin(), P.end());
        Out.push_back(Q);
      }
    return Out;
  case Expr::Power: { // the whole moveset multiplied by itself k times
    auto Base = interpret(*E.Operand, Cap);
    for (int K : Counts(E.Counts)) {
      std::vector<Path> Layer = {{}};
      for (int I = 0; I < K; ++I)
        Layer = concat(Layer, Base);
      Out.insert(Out.end(), Layer.begin(), Layer.end());
    }
    return Out;
  }
  case Expr::Filter:
    for (const Path &P : interpret(*E.Operand, Cap))
      for (Vec V : P)
        if (E.Predicate.Sign * V[E.Predicate.Axis] >= E.Predicate.K) {
          Out.push_back(P);
          break;
        }
    return Out;
  }
  return Out;
}

/// The moves of \p Moves for White from \p Origin: every delta but the last
/// lands on an empty square (the piece's own square counts as empty), the
/// last on an empty or enemy one.
Destinations play(const std::vector<Path> &Moves, const Position &P,
                  unsigned Origin) {
  const Board &B = P.board();
  unsigned N = B.numSquares();
  Destinations D{SquareSet(N), SquareSet(N), SquareSet(N), SquareSet(N)};
  for (const Path &M : Moves) {
    Vec At = B.coord(Origin);
    bool Valid = true;
    for (size_t I = 0; I < M.size() && Valid; ++I) {
      At = At + M[I];
      if (!B.contains(At)) {
        Valid = false;
        break;
      }
      unsigned Sq = B.index(At);
      bool Empty = Sq == Origin || !P.at(Sq).Present;
      bool Friend = !Empty && P.at(Sq).Side == Color::White;
      Valid = I + 1 < M.size() ? Empty : !Friend;
    }
    if (!Valid || B.index(At) == Origin)
      continue;
    unsigned Sq = B.index(At);
    (P.at(Sq).Present ? D.Capture : D.Quiet).set(Sq);
  }
  return D;
}

ExprRef parse(const std::string &Text, DiagnosticEngine &Diags) {
  return parseExpr(Diags, Diags.addBuffer(Text, "<test>"), FrontendOptions());
}

NodeRef lowerText(const std::string &Text) {
  DiagnosticEngine Diags(nullptr);
  ExprRef E = parse(Text, Diags);
  EXPECT_TRUE(E) << Text << ": " << Diags.diagnostics()[0].Message;
  if (!E)
    return nullptr;
  NodeRef IR = lower(E, Diags);
  EXPECT_TRUE(IR) << Text;
  if (IR) {
    EXPECT_TRUE(verifyIR(*IR).empty()) << Text;
  }
  return IR;
}

Destinations fast(const NodeRef &IR, const Position &P, unsigned Origin) {
  std::string Error;
  auto F = FastEvaluator::compile(IR, P.board(), Error);
  EXPECT_TRUE(F) << Error;
  auto D = F->evaluate(P, Origin, Color::White, Error);
  EXPECT_TRUE(D) << Error;
  return D ? *D : Destinations();
}

std::string show(const Board &B, const Destinations &D) {
  std::string S = "quiet:";
  for (const std::string &N : test::names(B, D.Quiet))
    S += " " + N;
  S += " capture:";
  for (const std::string &N : test::names(B, D.Capture))
    S += " " + N;
  return S;
}

/// The positions equations and cross-notation pieces are compared on: empty
/// boards of several sizes and random positions with blockers.
std::vector<Position> testPositions(bool ThreeD = false) {
  std::vector<Position> Ps;
  std::string E;
  for (const char *Size :
       ThreeD ? std::vector<const char *>{"5x5x5", "4x6x3"}
              : std::vector<const char *>{"8x8", "12x12", "7x10"})
    Ps.emplace_back(*Board::parse(Size, E));
  std::mt19937_64 Rng(2026);
  for (int I = 0; I < 12; ++I) {
    gen::RandomPositionOptions O;
    O.ThreeD = ThreeD;
    O.MinSide = ThreeD ? 3 : 6;
    O.MaxSide = ThreeD ? 5 : 12;
    Ps.push_back(gen::randomPosition(Rng, O));
  }
  return Ps;
}

/// A and B have the same moves from every square of every test position.
void expectSameMoves(const std::string &A, const std::string &B,
                     bool ThreeD = false) {
  NodeRef IA = lowerText(A), IB = lowerText(B);
  ASSERT_TRUE(IA && IB);
  for (const Position &P : testPositions(ThreeD))
    P.board().squares().forEach([&](unsigned O) {
      if (P.at(O).Present)
        return;
      Destinations DA = fast(IA, P, O), DB = fast(IB, P, O);
      ASSERT_EQ(show(P.board(), DA), show(P.board(), DB))
          << A << " = " << B << " from " << P.board().squareName(O) << " on "
          << P.board().str();
    });
}

/// Some square of some test position tells A and B apart.
void expectDifferentMoves(const std::string &A, const std::string &B) {
  NodeRef IA = lowerText(A), IB = lowerText(B);
  ASSERT_TRUE(IA && IB);
  for (const Position &P : testPositions())
    for (unsigned O : P.board().squares().toVector())
      if (!P.at(O).Present && fast(IA, P, O) != fast(IB, P, O))
        return;
  ADD_FAILURE() << A << " and " << B << " move alike everywhere";
}

//===----------------------------------------------------------------------===//

// The backbone: random expressions, lowered and evaluated by the fast
// evaluator, against the interpreter, from every square of random
// positions. The lowering of {..} at the end of a move (only the last leg
// of the last copy may capture) is where a mistake would show.
TEST(FairyNotationTest, LoweringAgreesWithInterpreter) {
  std::mt19937_64 Rng(99);
  size_t Compared = 0, Skipped = 0, Disagreed = 0;
  for (int I = 0; I < 1200 && Disagreed < 5; ++I) {
    bool ThreeD = I % 5 == 4;
    std::string Text = gen::randomFairyNotation(Rng, ThreeD);
    DiagnosticEngine Diags(nullptr);
    ExprRef E = parse(Text, Diags);
    ASSERT_TRUE(E) << Text << ": " << Diags.diagnostics()[0].Message;
    NodeRef IR = lower(E, Diags);
    if (!IR) { // too many moves to list: a documented limit
      ++Skipped;
      continue;
    }
    ASSERT_TRUE(verifyIR(*IR).empty()) << Text;
    gen::RandomPositionOptions O;
    O.ThreeD = ThreeD;
    O.MinSide = 3;
    O.MaxSide = ThreeD ? 4 : 7;
    Position P = gen::randomPosition(Rng, O);
    std::vector<Path> Moves;
    try {
      Moves = interpret(*E, P.board().maxSide() + 1);
    } catch (TooMany &) {
      ++Skipped;
      continue;
    }
    PassContext Ctx;
    Ctx.Board = P.board().shape();
    NodeRef Optimized = optimize(IR, 1, Ctx);
    for (int K = 0; K < 4; ++K) {
      unsigned Origin = gen::randomSquare(Rng, P.board());
      if (P.at(Origin).Present && P.at(Origin).Side == Color::Black)
        continue;
      Destinations Want = play(Moves, P, Origin);
      for (const NodeRef &N : {IR, Optimized}) {
        ++Compared;
        Destinations Got = fast(N, P, Origin);
        if (show(P.board(), Got) != show(P.board(), Want)) {
          ++Disagreed;
          ADD_FAILURE() << Text << " from " << P.board().squareName(Origin)
                        << " on " << P.board().str()
                        << "\n  lowered: " << show(P.board(), Got)
                        << "\n  interpreted: " << show(P.board(), Want);
          break;
        }
      }
    }
  }
  std::cout << "[ fairy    ] " << Compared << " compared, " << Skipped
            << " skipped\n";
  EXPECT_GE(Compared, 6000u);
  EXPECT_LT(Skipped * 20, Compared);
}

// Near the node limit: products of mirrored atoms under {..} list every
// combination, which used to make more than 200,000 IR nodes and be
// refused ([1,0]*.[1,1]*.[2,1]*.[1,2]*.[0,1]*.[1,0]* repeated twice: 212,993).
// The lowering writes one move of each set the board's symmetries map onto
// each other, under a sym node; random such products, lowered and
// evaluated, against the interpreter.
TEST(FairyNotationTest, NearTheLimitAgreesWithInterpreter) {
  std::mt19937_64 Rng(20261126);
  const char *Atoms[] = {"[1,0]", "[1,1]", "[2,1]", "[1,2]",
                         "[0,1]", "[2,0]", "[2,2]", "[0,2]"};
  // Mostly all eight images; sometimes fewer, so that the symmetry the
  // lowering finds is a smaller group.
  const char *Mirrors[] = {"*", "*", "*", "*", "|", "+"};
  size_t Compared = 0, Large = 0;
  for (int I = 0; I < 60; ++I) {
    std::string Product;
    int Factors = 5 + I % 2;
    for (int F = 0; F < Factors; ++F)
      Product +=
          std::string(F ? "." : "") + Atoms[Rng() % 8] + Mirrors[Rng() % 5];
    std::string Text = "(" + Product + "){" + std::to_string(1 + I % 2) + "}";
    DiagnosticEngine Diags(nullptr);
    ExprRef E = parse(Text, Diags);
    ASSERT_TRUE(E) << Text;
    NodeRef IR = lower(E, Diags);
    ASSERT_TRUE(IR) << Text << ": "
                    << (Diags.diagnostics().empty()
                            ? ""
                            : Diags.diagnostics()[0].Message);
    Large += IR->size() > 10000;
    gen::RandomPositionOptions O;
    O.MinSide = 7;
    O.MaxSide = 11;
    Position P = gen::randomPosition(Rng, O);
    std::vector<Path> Moves;
    try {
      Moves = interpret(*E, P.board().maxSide() + 1);
    } catch (TooMany &) {
      continue; // more than the interpreter lists
    }
    for (int K = 0; K < 3; ++K) {
      unsigned Origin = gen::randomSquare(Rng, P.board());
      if (P.at(Origin).Present && P.at(Origin).Side == Color::Black)
        continue;
      ++Compared;
      ASSERT_EQ(show(P.board(), fast(IR, P, Origin)),
                show(P.board(), play(Moves, P, Origin)))
          << Text << " from " << P.board().squareName(Origin) << " on "
          << P.board().str();
    }
  }
  std::cout << "[ fairy    ] near the limit: " << Compared << " compared, "
            << Large << " trees of more than 10,000 nodes\n";
  EXPECT_GE(Compared, 80u);
  EXPECT_GE(Large, 10u);
}

// Every equation written in the README (../shared/seeds/fairy-notation.md)
// and in DESIGN.md §1, both sides compiled and compared everywhere.
TEST(FairyNotationTest, ReadmeEquations) {
  expectSameMoves("[1,2]{1}", "[1,2]");
  expectSameMoves("[1,2]{2}", "[1,2].[1,2]");
  expectSameMoves("[1,2]{3}", "[1,2].[1,2].[1,2]");
  expectSameMoves("[1,2]{1..3}", "[1,2]{1,2,3}");
  expectSameMoves("[1,2]{1..3}", "[1,2],[1,2].[1,2],[1,2].[1,2].[1,2]");
  expectSameMoves("[1,2]{2,3}", "[1,2].[1,2],[1,2].[1,2].[1,2]");
  expectSameMoves("([1,2],[2,1]){2}", "([1,2].[1,2]),([2,1].[2,1])");
  expectSameMoves("([1,2],[2,1]){1..3}",
                  "([1,2]),([1,2].[1,2]),([1,2].[1,2].[1,2]),([2,1]),([2,1]."
                  "[2,1]),([2,1].[2,1].[2,1])");
  expectSameMoves("([2,0],[0,2]).([1,2],[-1,-2])",
                  "([2,0].[1,2]) , ([0,2].[1,2]) , ([2,0].[-1,-2]) , "
                  "([0,2].[-1,-2])");
  // The README lists ([1,2].[1,2]) twice and leaves out ([2,1].[2,1]), a
  // slip: the product of the set with itself has all four.
  expectSameMoves("([1,2],[2,1]){{2}}", "([1,2],[2,1]).([1,2],[2,1])");
  expectSameMoves("([1,2],[2,1]){{2}}", "([1,2].[1,2]),([1,2].[2,1]),([2,1]."
                                        "[1,2]),([2,1].[2,1])");
  expectSameMoves("[1,1]{2..3,5,7..9}", "[1,1]{2,3,5,7,8,9}");
  expectSameMoves("[0,1]{..4}", "[0,1]{1..4}");
  expectSameMoves("[0,1]{1..4}", "[0,1]{1,2,3,4}");
  // {2..} = {2,3,4,...}: no test board is longer than 12.
  expectSameMoves("[0,1]{2..}", "[0,1]{2..13}");
  expectSameMoves("[1,1]{..}", "[1,1]{1..}");
  expectSameMoves("[1,2]|", "[1,2],[-1,2]");
  expectSameMoves("[1,2]-", "[1,2],[1,-2]");
  expectSameMoves("[1,2]+", "[1,2],[1,-2],[-1,2],[-1,-2]");
  expectSameMoves("[1,2]/", "[1,2],[2,1]");
  expectSameMoves("[1,2]*", "[1,2],[1,-2],[-1,2],[-1,-2],[2,1],[2,-1],[-2,1],"
                            "[-2,-1]");
  // '+' is '|' then '-'; '*' is '+' then '/'.
  expectSameMoves("[1,2]+", "[1,2]|-");
  expectSameMoves("[1,2]*", "[1,2]+/");
  // The rook, bishop and queen of the README.
  expectSameMoves("[0,1]{1..}*", "[0,1]{1..},[0,-1]{1..},[1,0]{1..},"
                                 "[-1,0]{1..}");
  expectSameMoves("([1,1]){1..}*", "[1,1]{1..}+");
  expectSameMoves("[0,1]{1..}*,[1,1]{1..}*", "([0,1],[1,1]){1..}*");
  // DESIGN.md: {} repeats each whole move.
  expectSameMoves("([1,2],[2,1]){3}", "[1,2]{3},[2,1]{3}");
  // Mirrors commute with {}.
  expectSameMoves("([1,2],[2,1])|{2}", "([1,2],[2,1]){2}|");
  expectSameMoves("([1,2],[2,1])*{1..}", "([1,2],[2,1]){1..}*");
  // '.' binds tighter than ','.
  expectSameMoves("[1,0],[0,1].[0,1]", "[1,0],([0,1].[0,1])");
  // Filters: a run of k keeps the moves with a delta of at least k-1.
  expectSameMoves("[1,2]*^", "[1,2],[-1,2],[2,1],[-2,1]");
  expectSameMoves("[1,2]*^^^", "[1,2],[-1,2]");
  expectSameMoves("[1,2]*V", "[1,-2],[-1,-2],[2,-1],[-2,-1]");
  expectSameMoves("[1,2]*>>", "[1,2],[1,-2],[2,1],[2,-1]");
  expectSameMoves("[1,2]*>>>", "[2,1],[2,-1]");
  expectSameMoves("[1,2]*<", "[-1,2],[-1,-2],[-2,1],[-2,-1]");
  expectSameMoves("([1,0].[0,-1])^", "[1,0].[0,-1]");
  // No delta of [1,0].[0,-1] has y >= 1: '^^' leaves nothing of it.
  expectSameMoves("([1,0].[0,-1])^^,[1,1]", "[1,1]");
}

// What the README says is *not* equal.
TEST(FairyNotationTest, ReadmeInequalities) {
  expectDifferentMoves("([1,2],[2,1]){3}", "([1,2],[2,1]){{3}}");
  expectDifferentMoves("([1,2],[2,1])|{{2}}", "([1,2],[2,1]){{2}}|");
  expectDifferentMoves("[1,2]{2}", "[1,2]{{2}}.[0,0]");
}

// Intermediate squares must be empty; the last may hold an enemy.
TEST(FairyNotationTest, Blocking) {
  // White piece on d4; a1 is the corner.
  auto Dests = [](const std::string &Text, const std::string &FEN) {
    Position P = position(FEN);
    unsigned O;
    std::string E;
    EXPECT_TRUE(P.board().parseSquare("d4", O, E));
    return show(P.board(), fast(lowerText(Text), P, O));
  };
  const char *Empty = "8/8/8/8/3N4/8/8/8";
  EXPECT_EQ(Dests("[1,2].[2,1]", Empty), "quiet: g7 capture:");
  // Something on e6 (the [1,2] square) blocks the jump.
  EXPECT_EQ(Dests("[1,2].[2,1]", "8/8/4p3/8/3N4/8/8/8"), "quiet: capture:");
  EXPECT_EQ(Dests("[1,2].[2,1]", "8/8/4P3/8/3N4/8/8/8"), "quiet: capture:");
  // An enemy on g7 is captured, a friend there blocks.
  EXPECT_EQ(Dests("[1,2].[2,1]", "8/6p1/8/8/3N4/8/8/8"), "quiet: capture: g7");
  EXPECT_EQ(Dests("[1,2].[2,1]", "8/6P1/8/8/3N4/8/8/8"), "quiet: capture:");
  // A rook stops at the first piece and takes it if it is an enemy.
  EXPECT_EQ(Dests("[0,1]{1..}", "3p4/8/3p4/8/3N4/8/8/8"),
            "quiet: d5 capture: d6");
  EXPECT_EQ(Dests("[0,1]{1..}", "8/8/3P4/8/3N4/8/8/8"), "quiet: d5 capture:");
  // A leaper ignores what it jumps over.
  EXPECT_EQ(Dests("[0,2]", "8/8/8/3p4/3N4/8/8/8"), "quiet: d6 capture:");
  // {{2}}: both legs of ([0,1],[1,0]){{2}} must go through empty squares.
  EXPECT_EQ(Dests("([0,1],[1,0]){{2}}", "8/8/8/3p4/3N4/8/8/8"),
            "quiet: e5 f4 capture:");
}

// 3D boards: Raumschach-style pieces.
TEST(FairyNotationTest, ThreeD) {
  std::string E;
  Position P(*Board::parse("5x5x5", E));
  unsigned Centre = P.board().centre();
  NodeRef Unicorn = lowerText("[1,1,1]+");
  Destinations D = fast(Unicorn, P, Centre);
  // '+' leaves z alone: the four moves one level up.
  EXPECT_EQ(test::names(P.board(), D.Quiet),
            (test::Names{"Db2", "Db4", "Dd2", "Dd4"}));
  // The extension '_' mirrors z as well.
  D = fast(lowerText("[1,1,1]+_"), P, Centre);
  EXPECT_EQ(D.Quiet.count(), 8u);
  D = fast(lowerText("[0,0,1]{1..}+"), P, Centre);
  EXPECT_EQ(test::names(P.board(), D.Quiet), (test::Names{"Dc3", "Ec3"}));
  // A blocker one level up stops the rider.
  P.place(P.board().index(Vec(2, 2, 3)), Color::Black, 'P');
  D = fast(lowerText("[0,0,1]{1..}+"), P, Centre);
  EXPECT_EQ(test::names(P.board(), D.Capture), (test::Names{"Dc3"}));
  EXPECT_TRUE(D.Quiet.none());
  expectSameMoves("[1,0,0]{1..}*", "[0,1,0]{1..}*", true);
  expectSameMoves("[1,1,1]+_", "[1,1,1]_+", true);
  expectSameMoves("[1,2,0]*", "[1,2,0]+/", true);
}

// The same piece in fairy-notation and in Parlett moves alike.
TEST(FairyNotationTest, AgreesWithParlett) {
  struct Case {
    const char *Fairy, *Parlett;
  } Cases[] = {
      {"[1,2]*", "~1/2"},      {"[0,1]{1..}*", "n+"},
      {"[1,1]{1..}*", "nX"},   {"[0,1]{1..}*,[1,1]{1..}*", "n*"},
      {"[0,1]*,[1,1]*", "1*"}, {"[1,2]{1..}*", "~1/2&"},
      {"[0,1]{1..}", "n>"},    {"[1,1]{1..}+^^", "nX>"},
  };
  for (const Case &C : Cases) {
    NodeRef F = lowerText(C.Fairy);
    DiagnosticEngine Diags(nullptr);
    NodeRef P = parseParlett(Diags, Diags.addBuffer(C.Parlett, "<parlett>"));
    ASSERT_TRUE(F && P) << C.Parlett;
    for (const Position &Pos : testPositions())
      Pos.board().squares().forEach([&](unsigned O) {
        if (!Pos.at(O).Present) {
          ASSERT_EQ(show(Pos.board(), fast(F, Pos, O)),
                    show(Pos.board(), fast(P, Pos, O)))
              << C.Fairy << " vs " << C.Parlett;
        }
      });
  }
}

// Malformed input is rejected with a located error (lit pins the words).
TEST(FairyNotationTest, RejectsMalformed) {
  for (const char *Bad : {"",
                          "[1,2",
                          "[1,2]]",
                          "([1,2]",
                          "[1,2])",
                          "[]",
                          "[1]",
                          "[1,2,3,4]",
                          "[1,2],[1,2,3]",
                          "[1,2]{3..2}",
                          "[1,2]{0}",
                          "[1,2]{{0}}",
                          "[1,2]{}",
                          "*[1,2]",
                          "[1,2],",
                          "[1,2].",
                          "[1,2][2,1]",
                          "[1,2]v",
                          "[1,2]_",
                          "[a,2]",
                          "[1,,2]",
                          "[1,2]{1..3..5}",
                          "[99999,1]",
                          "[1,2]{5000}",
                          "([1,2]{{1..}}){2}",
                          "[1,2]..[2,1]",
                          "[+1,2]",
                          "{2}",
                          "[0,0]{..0}",
                          "[1,2]*VV>VV><-VV><>V<-V<-"}) {
    DiagnosticEngine Diags(nullptr);
    unsigned B = Diags.addBuffer(Bad, "<test>");
    EXPECT_FALSE(parseFairyNotation(Diags, B, FrontendOptions())) << Bad;
    ASSERT_FALSE(Diags.diagnostics().empty()) << Bad;
    EXPECT_GT(Diags.diagnostics()[0].Line, 0u) << Bad;
  }
}

// --radius bounds open ranges; without it, drawing needs a bound.
TEST(FairyNotationTest, Radius) {
  DiagnosticEngine Diags(nullptr);
  FrontendOptions Opts;
  Opts.RequireBounded = true;
  EXPECT_FALSE(parseFairyNotation(
      Diags, Diags.addBuffer("[0,1]{1..}*", "<test>"), Opts));
  Opts.Radius = 3;
  NodeRef R =
      parseFairyNotation(Diags, Diags.addBuffer("[0,1]{1..}*", "<test>"), Opts);
  ASSERT_TRUE(R);
  NodeRef Want = lowerText("[0,1]{1..3}*");
  for (const Position &P : testPositions())
    P.board().squares().forEach([&](unsigned O) {
      if (!P.at(O).Present) {
        ASSERT_EQ(fast(R, P, O), fast(Want, P, O));
      }
    });
  // A range that starts beyond the radius keeps its first count.
  NodeRef Far =
      parseFairyNotation(Diags, Diags.addBuffer("[0,1]{5..}", "<test>"), Opts);
  ASSERT_TRUE(Far);
  std::string Error;
  Position P(*Board::parse("9x9", Error));
  EXPECT_EQ(test::names(P.board(), fast(Far, P, 0).Quiet), (test::Names{"a6"}));
}

} // namespace
