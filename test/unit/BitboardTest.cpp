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
#include "fairy/IR/IRParser.h"
#include "fairy/Notation/Notation.h"
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
    // Hoppers and lame leapers, tabulated image by image (each over the
    // squares that matter to it) and combined.
    {"xiangqi_elephant", "ir",
     "sym<lrfb>(seq(leg(1,1; empty), leg(1,1; notfriend)))", "9x10",
     Color::White},
    {"pawn_double_step", "betza", "fmWfcFfmnD", "8x8", Color::White},
    {"cannon_betza", "betza", "mRcpR", "8x8", Color::White},
    {"cannon_10x10", "betza", "mRcpR", "10x10", Color::Black},
    {"cannon_12x10", "betza", "mRcpR", "12x10", Color::White},
    {"grasshopper_12x10", "betza", "gQ", "12x10", Color::Black},
    {"horse_12x10", "betza", "nN", "12x10", Color::White},
    // The Interactive Diagram's bent riders (bracket chains).
    {"griffon", "betza", "[F?R]", "8x8", Color::White},
    {"rhino", "betza", "[W?B]", "8x8", Color::Black},
    {"osprey", "betza", "[D?B]", "10x10", Color::White},
    {"ship", "betza", "v[F?R]", "8x8", Color::Black},
    {"snake", "betza", "v[W?B]", "9x10", Color::White},
    {"picket", "betza", "[F-B]", "8x8", Color::White},
    {"ski_rook", "betza", "[W-R]", "12x10", Color::Black},
    {"bent_rook", "betza", "[W?sR]", "8x8", Color::White},
};

/// \p Text in \p Notation, after -O1 for \p B.
NodeRef compile(const char *Notation, const char *Text, const Board &B) {
  DiagnosticEngine Diags(nullptr);
  unsigned Buf = Diags.addBuffer(Text, "<case>");
  const NotationInfo *Info = findNotation(Notation);
  EXPECT_TRUE(Info);
  NodeRef IR = Info ? Info->Parse(Diags, Buf, FrontendOptions()) : nullptr;
  EXPECT_TRUE(IR) << Text;
  if (!IR)
    return nullptr;
  PassContext Ctx;
  Ctx.Board = B.shape();
  return optimize(IR, 1, Ctx);
}

/// The evaluator's destinations of \p IR for \p Side, other pieces
/// enemies.
ExpectedFn expected(const NodeRef &IR, const Board &B, Color Side) {
  std::string E;
  std::shared_ptr<FastEvaluator> Fast = FastEvaluator::compile(IR, B, E);
  EXPECT_TRUE(Fast) << E;
  return [Fast, &B, Side](Bits Others, unsigned S) {
    Position Q(B);
    for (unsigned X = 0; X < B.numSquares(); ++X)
      if (Others >> X & 1)
        Q.place(X, opposite(Side), 'X');
    std::string E;
    auto D = Fast ? Fast->evaluate(Q, S, Side, E) : std::nullopt;
    EXPECT_TRUE(D) << E;
    return D ? *D : Destinations();
  };
}

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
    NodeRef IR = compile(C.Notation, C.Text, B);
    ASSERT_TRUE(IR);
    if (Index == BitboardIndex::Pext && B.numSquares() > 64)
      continue;
    auto Header = emitBitboard({{C.Name, IR, C.Side}}, B, "test", E, Index);
    ASSERT_TRUE(Header) << E;
    std::string Program =
        bitboardCheckProgram(C.Name, B, randomOccupancies(B, 200, Rng),
                             {{C.Name, expected(IR, B, C.Side)}});
    Code.check(C.Name, *Header, Program);
  }
}

/// A White and a Black piece of one family: parts looked up alike share
/// two-row arrays (leapers, one-blocker parts, plain and mixed magic
/// parts), others choose by side.
struct FamilyCase {
  const char *Name, *Notation, *White, *Black, *Board;
};

const FamilyCase Families[] = {
    {"pawn", "betza", "fmWfcF", "fmWfcF", "8x8"},
    {"unmoved_pawn", "betza", "fmWfcFfmnD", "fmWfcFfmnD", "8x8"},
    {"odd", "betza", "B", "R", "8x8"},
    {"checker", "parlett", "o1x>,^2x>", "o1x>,^2x>", "8x8"},
    {"unalike", "betza", "N", "R", "8x8"},
    {"pawn_10x10", "betza", "fmWfcFfmnD", "fmWfcFfmnD", "10x10"},
    {"horse", "betza", "nN", "nN", "9x10"},
};

void checkFamilies(BitboardIndex Index, GeneratedCode &Code) {
  std::mt19937_64 Rng(22);
  for (const FamilyCase &F : Families) {
    SCOPED_TRACE(std::string(F.Name) + " on " + F.Board);
    std::string E;
    std::optional<Position> P = fairy::test::boardOrPlacement(F.Board, E);
    ASSERT_TRUE(P) << E;
    const Board &B = P->board();
    if (Index == BitboardIndex::Pext && B.numSquares() > 64)
      continue;
    NodeRef White = compile(F.Notation, F.White, B);
    NodeRef Black = compile(F.Notation, F.Black, B);
    ASSERT_TRUE(White && Black);
    std::string W = std::string(F.Name) + "_white",
                Bl = std::string(F.Name) + "_black";
    auto Header = emitBitboard(
        {{W, White, Color::White, F.Name}, {Bl, Black, Color::Black, F.Name}},
        B, "test", E, Index);
    ASSERT_TRUE(Header) << E;
    EXPECT_NE(Header->find("fairy_attacks_" + std::string(F.Name) +
                           "(int side, int sq, fairy_bb occupied)"),
              std::string::npos);
    ExpectedFn ForWhite = expected(White, B, Color::White);
    ExpectedFn ForBlack = expected(Black, B, Color::Black);
    std::string Program =
        bitboardCheckProgram(F.Name, B, randomOccupancies(B, 100, Rng),
                             {{W, ForWhite},
                              {Bl, ForBlack},
                              {F.Name, ForWhite, "0"},
                              {F.Name, ForBlack, "1"}});
    Code.check(F.Name, *Header, Program);
  }
}

/// Riders whose rays lie within a wider rider's of the same header look
/// up its tables through a mask per square: the lance (a family: White's
/// and Black's masks are two rows), a short rook, a forward nightrider;
/// the lance comes before the rook it masks.
void checkMaskedRiders(BitboardIndex Index, GeneratedCode &Code) {
  struct Member {
    const char *Name, *Text;
    Color Side;
    const char *Family;
  };
  const Member Members[] = {
      {"lance_white", "fR", Color::White, "lance"},
      {"lance_black", "fR", Color::Black, "lance"},
      {"rook", "R", Color::White, ""},
      {"short_rook", "R3", Color::White, ""},
      {"nightrider", "NN", Color::White, ""},
      {"forward_nightrider_black", "fNN", Color::Black, ""},
  };
  std::mt19937_64 Rng(23);
  for (const char *Size : {"9x9", "12x10"}) {
    SCOPED_TRACE(Size);
    std::string E;
    std::optional<Position> P = fairy::test::boardOrPlacement(Size, E);
    ASSERT_TRUE(P) << E;
    const Board &B = P->board();
    if (Index == BitboardIndex::Pext && B.numSquares() > 64)
      continue;
    std::vector<BitboardPiece> Pieces;
    std::vector<CheckedPiece> Checked;
    for (const Member &M : Members) {
      NodeRef IR = compile("betza", M.Text, B);
      ASSERT_TRUE(IR);
      Pieces.push_back({M.Name, IR, M.Side, M.Family});
      Checked.push_back({M.Name, expected(IR, B, M.Side)});
      if (*M.Family)
        Checked.push_back({M.Family, expected(IR, B, M.Side),
                           M.Side == Color::White ? "0" : "1"});
    }
    auto Header = emitBitboard(Pieces, B, "test", E, Index);
    ASSERT_TRUE(Header) << E;
    // Only the rook and the nightrider keep magic tables.
    for (const char *Own : {"lance", "short_rook", "forward_nightrider"})
      EXPECT_EQ(Header->find(std::string("fairy_") + Own + "_part"),
                std::string::npos)
          << Own;
    EXPECT_NE(Header->find("fairy_lance_rays0[2]"), std::string::npos);
    std::string Name = std::string("masked_") + Size;
    Code.check(
        Name, *Header,
        bitboardCheckProgram(Name, B, randomOccupancies(B, 100, Rng), Checked));
  }
}

/// Pieces confined to a region (Fairy-Stockfish's mobilityRegion: a zone
/// tested where each move lands), whose alternatives are split by line
/// around the test: a queen's quiet moves on 11x7 (22 squares from a1
/// together, at most 11 per line), stardust's mQ2cW on 9x10.
void checkZones(BitboardIndex Index, GeneratedCode &Code) {
  struct ZoneCase {
    const char *Name, *IR, *Board, *Zone;
    Color Side;
  };
  const ZoneCase ZoneCases[] = {
      {"quiet_queen_zone",
       "seq(sym<d4>(alt(seq(ride<0..>(leg(1,0; empty)), leg(1,0; empty)), "
       "seq(ride<0..>(leg(1,1; empty)), leg(1,1; empty)))), guard<zone "
       "1>(seq()))",
       "11x7", "a2-k6", Color::White},
      {"short_queen_zone",
       "seq(alt(sym<d4>(alt(seq(ride<0..1>(leg(1,0; empty)), leg(1,0; "
       "empty)), seq(ride<0..1>(leg(1,1; empty)), leg(1,1; empty)))), "
       "sym<c4>(leg(1,0; enemy))), guard<zone 1>(seq()))",
       "9x10", "a1-i4,a6-i8,c5-g5", Color::Black},
      {"palace_cannon",
       "guard<zone 1>(seq(sym<lrfb>(seq(ride<0..>(leg(1,1; empty)), leg(1,1; "
       "occupied), ride<0..>(leg(1,1; empty)), leg(1,1; notfriend))), "
       "guard<zone 1>(seq())))",
       "9x10", "d1,f1,e2,d3,f3,d8,f8,e9,d10,f10", Color::White},
  };
  std::mt19937_64 Rng(24);
  for (const ZoneCase &C : ZoneCases) {
    SCOPED_TRACE(std::string(C.Name) + ": " + C.IR + " on " + C.Board);
    std::string E;
    std::optional<Position> P = fairy::test::boardOrPlacement(C.Board, E);
    ASSERT_TRUE(P) << E;
    const Board &B = P->board();
    if (Index == BitboardIndex::Pext && B.numSquares() > 64)
      continue;
    SquareSet Zone(B.numSquares());
    std::string Ranges = C.Zone;
    for (size_t At = 0; At <= Ranges.size();) {
      size_t End = std::min(Ranges.find(',', At), Ranges.size());
      std::string Range = Ranges.substr(At, End - At);
      At = End + 1;
      size_t Dash = Range.find('-');
      unsigned From = 0, To = 0;
      ASSERT_TRUE(B.parseSquare(Range.substr(0, Dash), From, E)) << E;
      ASSERT_TRUE(B.parseSquare(
          Dash == std::string::npos ? Range : Range.substr(Dash + 1), To, E))
          << E;
      Vec F = B.coord(From), T = B.coord(To);
      for (int X = F.x; X <= T.x; ++X)
        for (int Y = F.y; Y <= T.y; ++Y)
          Zone.set(B.index(Vec(X, Y)));
    }
    NodeRef IR = compile("ir", C.IR, B);
    ASSERT_TRUE(IR);
    BitboardRules Rules;
    Rules.Zones[1] = Zone;
    auto Header =
        emitBitboard({{C.Name, IR, C.Side}}, B, "test", E, Index, Rules);
    ASSERT_TRUE(Header) << E;
    std::string Ev;
    std::shared_ptr<FastEvaluator> Fast = FastEvaluator::compile(IR, B, Ev);
    ASSERT_TRUE(Fast) << Ev;
    Color Side = C.Side;
    ExpectedFn Expected = [Fast, &B, Side, Zone](Bits Others, unsigned S) {
      Position Q(B);
      Q.Zones[1] = Zone;
      for (unsigned X = 0; X < B.numSquares(); ++X)
        if (Others >> X & 1)
          Q.place(X, opposite(Side), 'X');
      std::string E;
      auto D = Fast->evaluate(Q, S, Side, E);
      EXPECT_TRUE(D) << E;
      return D ? *D : Destinations();
    };
    Code.check(C.Name, *Header,
               bitboardCheckProgram(C.Name, B, randomOccupancies(B, 200, Rng),
                                    {{C.Name, Expected}}));
  }
}

/// Janggi cannons: a hop neither over nor onto a piece of its own type
/// (guard<!sametype> at the hurdle and the landing square), looked up ray
/// by ray with each entry's hurdle; the functions take same_type, the
/// pieces of the mover's type. Checked against the evaluator with random
/// occupancies of which some pieces are cannons.
void checkSameType(BitboardIndex Index, GeneratedCode &Code) {
  struct SameCase {
    const char *Name, *IR, *Board, *Zone;
    Color Side;
  };
  const char *Hop =
      "seq(ride<0..>(leg(1,0; empty)), leg(1,0; occupied), "
      "guard<!sametype>(seq()), ride<0..>(leg(1,0; empty)), leg(1,0; "
      "notfriend), guard<!sametype>(seq()))";
  const std::string Orthogonal = std::string("sym<c4>(") + Hop + ")";
  std::string Diagonal = std::string("sym<lrfb>(") + Hop + ")";
  for (size_t At; (At = Diagonal.find("1,0;")) != std::string::npos;)
    Diagonal.replace(At, 4, "1,1;");
  const std::string Palace = "alt(" + Orthogonal + ", guard<zone 1>(seq(" +
                             Diagonal + ", guard<zone 1>(seq()))))";
  const SameCase SameCases[] = {
      {"janggi_cannon", Palace.c_str(), "9x10",
       "d1,e1,f1,d2,e2,f2,d3,e3,f3,d8,e8,f8,d9,e9,f9,d10,e10,f10",
       Color::White},
      {"cannon_8x8", Orthogonal.c_str(), "8x8", "", Color::Black},
  };
  std::mt19937_64 Rng(25);
  for (const SameCase &C : SameCases) {
    SCOPED_TRACE(std::string(C.Name) + " on " + C.Board);
    std::string E;
    std::optional<Position> P = fairy::test::boardOrPlacement(C.Board, E);
    ASSERT_TRUE(P) << E;
    const Board &B = P->board();
    if (Index == BitboardIndex::Pext && B.numSquares() > 64)
      continue;
    SquareSet Zone(B.numSquares());
    std::string Names = C.Zone;
    for (size_t At = 0; At < Names.size();) {
      size_t End = std::min(Names.find(',', At), Names.size());
      unsigned Sq = 0;
      ASSERT_TRUE(B.parseSquare(Names.substr(At, End - At), Sq, E)) << E;
      Zone.set(Sq);
      At = End + 1;
    }
    NodeRef IR = compile("ir", C.IR, B);
    ASSERT_TRUE(IR);
    BitboardRules Rules;
    Rules.Zones[1] = Zone;
    Rules.SameTypeParameter = true;
    auto Header =
        emitBitboard({{C.Name, IR, C.Side}}, B, "test", E, Index, Rules);
    ASSERT_TRUE(Header) << E;
    EXPECT_NE(Header->find("fairy_attacks_" + std::string(C.Name) +
                           "(int sq, fairy_bb occupied, fairy_bb same_type)"),
              std::string::npos);
    std::shared_ptr<FastEvaluator> Fast = FastEvaluator::compile(IR, B, E);
    ASSERT_TRUE(Fast) << E;
    std::vector<Bits> Occupancies = randomOccupancies(B, 200, Rng);
    std::string Occ, Same, Expect;
    unsigned N = B.numSquares();
    for (Bits O : Occupancies) {
      Bits Cannons = 0;
      for (unsigned S = 0; S < N; ++S)
        if ((O >> S & 1) && std::bernoulli_distribution(0.3)(Rng))
          Cannons |= Bits(1) << S;
      Occ += halves(O) + ",\n";
      Same += halves(Cannons) + ",\n";
      Expect += "{";
      for (unsigned S = 0; S < N; ++S) {
        Position Q(B);
        Q.Zones[1] = Zone;
        Q.MoverType = 'C';
        for (unsigned X = 0; X < N; ++X)
          if (X != S && (O >> X & 1))
            Q.place(X, opposite(C.Side), (Cannons >> X & 1) ? 'C' : 'X');
        auto D = Fast->evaluate(Q, S, C.Side, E);
        ASSERT_TRUE(D) << E;
        Bits Quiet = bitsOf(D->Quiet),
             Capture = bitsOf(D->Capture) | bitsOf(D->Remote);
        Expect += "{" + halves(Quiet | Capture) + "," + halves(Quiet) + "," +
                  halves(Capture) + "},";
      }
      Expect += "},\n";
    }
    std::string Program = fmt::format(
        R"(#define FAIRY_TABLES_IMPLEMENTATION
#include "{0}.h"
#include <stdio.h>

#ifndef FAIRY_BB
#define FAIRY_BB(hi, lo) ((fairy_bb)(lo))
#endif
#define SET(x) FAIRY_BB((x)[1], (x)[0])

static const unsigned long long occupancy[{1}][2] = {{
{2}}};
static const unsigned long long same[{1}][2] = {{
{3}}};
static const unsigned long long expected[{1}][{4}][3][2] = {{
{5}}};
int main(void) {{
  int k, s, i, mismatches = 0;
  for (k = 0; k < {1}; ++k)
    for (s = 0; s < {4}; ++s) {{
      fairy_bb bit = (fairy_bb)1 << s;
      fairy_bb occ = SET(occupancy[k]) | bit;
      fairy_bb cannons = SET(same[k]) & ~bit;
      fairy_bb got[3];
      got[0] = fairy_attacks_{0}(s, occ, cannons);
      got[1] = fairy_quiets_{0}(s, occ, cannons);
      got[2] = fairy_captures_{0}(s, occ, cannons);
      for (i = 0; i < 3; ++i)
        if (got[i] != SET(expected[k][s][i]) && mismatches++ < 5)
          printf("occupancy %d square %d set %d: got %llx:%llx\n", k, s, i,
                 (unsigned long long)(got[i] >> 32 >> 32),
                 (unsigned long long)got[i]);
    }}
  printf("%d mismatches\n", mismatches);
  return mismatches != 0;
}}
)",
        C.Name, Occupancies.size(), Occ, Same, N, Expect);
    Code.check(C.Name, *Header, Program);
  }
}

using CheckFn = void (*)(BitboardIndex, GeneratedCode &);

/// Runs \p Check on headers indexed by \p Index: PEXT code is compiled
/// with -mbmi2 and run only where the CPU has BMI2.
void run(CheckFn Check, BitboardIndex Index) {
  GeneratedCode Code;
  if (Index == BitboardIndex::Pext) {
    if (!__builtin_cpu_supports("bmi2"))
      GTEST_SKIP() << "this CPU has no BMI2, so PEXT code cannot run here";
    Code.addFlags({"-mbmi2"});
  }
  Check(Index, Code);
}

} // namespace

TEST(BitboardTest, CompiledTablesMatchTheEvaluator) {
  run(checkCases, BitboardIndex::Magic);
}
TEST(BitboardTest, PextTablesMatchTheEvaluator) {
  run(checkCases, BitboardIndex::Pext);
}
TEST(BitboardTest, FamilyFunctionsTakeTheSide) {
  run(checkFamilies, BitboardIndex::Magic);
}
TEST(BitboardTest, PextFamilyFunctionsTakeTheSide) {
  run(checkFamilies, BitboardIndex::Pext);
}
TEST(BitboardTest, ZonedPiecesMatchTheEvaluator) {
  run(checkZones, BitboardIndex::Magic);
}
TEST(BitboardTest, PextZonedPiecesMatchTheEvaluator) {
  run(checkZones, BitboardIndex::Pext);
}
TEST(BitboardTest, SameTypeHopsMatchTheEvaluator) {
  run(checkSameType, BitboardIndex::Magic);
}
TEST(BitboardTest, PextSameTypeHopsMatchTheEvaluator) {
  run(checkSameType, BitboardIndex::Pext);
}
TEST(BitboardTest, MaskedRidersMatchTheEvaluator) {
  run(checkMaskedRiders, BitboardIndex::Magic);
}
TEST(BitboardTest, PextMaskedRidersMatchTheEvaluator) {
  run(checkMaskedRiders, BitboardIndex::Pext);
}
