// --emit=bitboard: for at least 20 pieces (leapers, sliders, riders, lame
// leapers, hoppers and a cannon, asymmetric pieces, locusts, a board with
// holes and a 3D board), the generated header is compiled by gcc and clang
// as C99 and by g++ as C++17 with -Wall -Wextra -Werror, together with a
// generated program that checks fairy_attacks_, fairy_quiets_ and
// fairy_captures_ for every origin and 200 random occupancies against the
// fast evaluator's destinations embedded in it. Boards of 65 to 128
// squares (10x10, 11x11, 12x10, the 9x10 of xiangqi) use the 128-bit type.
#include "BitboardCheck.h"
#include "EvalHelpers.h"
#include "GeneratedCode.h"

#include "fairy/Backend/Bitboard.h"
#include "fairy/Frontend/Notation.h"
#include "fairy/IR/IRParser.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <random>

using namespace fairy;
using namespace fairy::test;

namespace {

struct Case {
  const char *Name;
  const char *Notation; ///< "parlett" or "ir"
  const char *Text;
  const char *Board; ///< a size, or a FEN-like placement with '*' holes
  Color Side;
};

const Case Cases[] = {
    {"rook", "parlett", "n+", "8x8", Color::White},
    {"bishop", "parlett", "nx", "8x8", Color::White},
    {"queen", "parlett", "n*", "8x8", Color::White},
    {"knight", "parlett", "~1/2", "8x8", Color::White},
    {"king", "parlett", "1*", "8x8", Color::White},
    {"nightrider", "parlett", "~1/2&", "8x8", Color::White},
    {"lame_knight", "parlett", "2=.1<>,2<>.1=", "8x8", Color::White},
    {"black_pawn", "parlett", "o1>,c1x>", "8x8", Color::Black},
    {"white_pawn", "parlett", "o1>,c1x>", "8x8", Color::White},
    {"camel", "parlett", "~1/3", "8x8", Color::White},
    {"chancellor", "parlett", "n+,~1/2", "8x8", Color::White},
    {"forward_knight", "parlett", "~1/2>", "8x8", Color::White},
    {"short_bishop", "parlett", "1-3x", "8x8", Color::White},
    {"dabbaba_rider", "parlett", "~2+&", "8x8", Color::White},
    {"cannon", "ir",
     "alt(sym<c4>(ride<1..>(leg(1,0; empty))), sym<c4>(seq(ride<0..>(leg(1,0; "
     "empty)), leg(1,0; occupied), ride<0..>(leg(1,0; empty)), leg(1,0; "
     "enemy))))",
     "8x8", Color::White},
    {"grasshopper", "ir",
     "sym<d4>(alt(seq(ride<0..>(leg(1,0; empty)), leg(1,0; occupied), "
     "leg(1,0; notfriend)), seq(ride<0..>(leg(1,1; empty)), leg(1,1; "
     "occupied), leg(1,1; notfriend))))",
     "8x8", Color::White},
    {"horse", "ir",
     "sym<d4>(seq(leg(0,1; empty), sym<lr>(leg(1,1; notfriend))))", "9x7",
     Color::White},
    {"rook3d", "ir",
     "sym<cube>(seq(ride<0..>(leg(0,0,1; empty)), leg(0,0,1; notfriend)))",
     "4x4x4", Color::White},
    {"holed_queen", "parlett", "n*", "3*2/6/1*4/6/6/6", Color::White},
    {"checker_man", "parlett", "o1x>,^2x>", "8x8", Color::White},
    // Boards of 65 to 128 squares: fairy_bb is 128 bits wide.
    {"rook_10x10", "parlett", "n+", "10x10", Color::White},
    {"queen_11x11", "parlett", "n*", "11x11", Color::White},
    {"knight_12x10", "parlett", "~1/2", "12x10", Color::Black},
    {"nightrider_10x10", "fairy", "[1,2]{1..}*", "10x10", Color::White},
    // Riders whose tables are walked on the board, not evaluated: Black's
    // are turned half round; ranges the board bounds are unbounded there.
    {"lance_black", "betza", "fR", "9x9", Color::Black},
    {"short_rook_black", "betza", "R3", "12x10", Color::Black},
    {"nightrider_12x10", "betza", "NN", "12x10", Color::White},
    {"forward_bishop_black", "betza", "fB", "8x8", Color::Black},
    {"holed_nightrider", "parlett", "~1/2&", "3*2/6/1*4/6/6/6", Color::Black},
    {"xiangqi_cannon", "ir",
     "alt(sym<c4>(ride<1..>(leg(1,0; empty))), sym<c4>(seq(ride<0..>(leg(1,0; "
     "empty)), leg(1,0; occupied), ride<0..>(leg(1,0; empty)), leg(1,0; "
     "enemy))))",
     "9x10", Color::White},
    {"xiangqi_horse", "ir",
     "sym<d4>(seq(leg(0,1; empty), sym<lr>(leg(1,1; notfriend))))", "9x10",
     Color::Black},
};

/// Every case's header, indexed by \p Index, compiled and compared with
/// the evaluator (PEXT: the cases on boards of up to 64 squares).
void checkCases(BitboardIndex Index, GeneratedCode &Code) {
  std::mt19937_64 Rng(21);
  EXPECT_GE(std::size(Cases), 20u);
  for (const Case &C : Cases) {
    SCOPED_TRACE(std::string(C.Name) + ": " + C.Text + " on " + C.Board);
    std::string E;
    std::optional<Position> P = fairy::test::boardOrPlacement(C.Board, E);
    ASSERT_TRUE(P) << E;
    const Board &B = P->board();
    DiagnosticEngine Diags(nullptr);
    unsigned Buf = Diags.addBuffer(C.Text, "<case>");
    const NotationInfo *Notation = findNotation(C.Notation);
    ASSERT_TRUE(Notation);
    NodeRef IR = Notation->Parse(Diags, Buf, FrontendOptions());
    ASSERT_TRUE(IR);
    PassContext Ctx;
    Ctx.Board = B.shape();
    IR = optimize(IR, 1, Ctx);
    if (Index == BitboardIndex::Pext && B.numSquares() > 64)
      continue;
    auto Header = emitBitboard({{C.Name, IR, C.Side}}, B, "test", E, Index);
    ASSERT_TRUE(Header) << E;
    auto Fast = FastEvaluator::compile(IR, B, E);
    ASSERT_TRUE(Fast) << E;

    auto Expected = [&](Bits Others, unsigned S) {
      Position Q(B);
      for (unsigned X = 0; X < B.numSquares(); ++X)
        if (Others >> X & 1)
          Q.place(X, opposite(C.Side), 'X');
      auto D = Fast->evaluate(Q, S, C.Side, E);
      EXPECT_TRUE(D) << E;
      return D ? *D : Destinations();
    };
    std::string Program = bitboardCheckProgram(
        C.Name, B, randomOccupancies(B, 200, Rng), {{C.Name, Expected}});
    Code.check(C.Name, *Header, Program);
  }
}

} // namespace

TEST(BitboardTest, CompiledTablesMatchTheEvaluator) {
  GeneratedCode Code;
  checkCases(BitboardIndex::Magic, Code);
}

TEST(BitboardTest, PextTablesMatchTheEvaluator) {
  if (!__builtin_cpu_supports("bmi2"))
    GTEST_SKIP() << "this CPU has no BMI2, so PEXT code cannot run here";
  GeneratedCode Code;
  Code.addFlags({"-mbmi2"});
  checkCases(BitboardIndex::Pext, Code);
}
