// --emit=ctable: for each piece and board, the generated header is compiled
// by gcc and clang as C99 and by g++ as C++17 with -Wall -Wextra -Werror,
// together with a generated program that walks the tables as the header's
// comment tells an engine to, for every origin and 200 random occupancies,
// and compares with the fast evaluator's destinations embedded in it.
#include "EvalHelpers.h"
#include "GeneratedCode.h"

#include "fairy/Backend/CTable.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <random>

using namespace fairy;
using fairy::test::GeneratedCode;

namespace {

struct Case {
  const char *Parlett; ///< Parlett, or Betza after "betza:"
  const char *Board;   ///< a size, or a FEN-like placement with '*' holes
  Color Side;
};

const Case Cases[] = {
    {"n+", "8x8", Color::White},
    {"nx", "8x8", Color::White},
    {"n*", "10x10", Color::White},
    {"~1/2", "8x8", Color::White},
    {"1*", "8x8", Color::Black},
    {"~1/2&", "10x10", Color::White},
    {"o1>,c1x>", "8x8", Color::Black},
    {"n+,~1/2", "8x8", Color::White},
    {"1-3x,2-n+", "8x8", Color::White},
    {"n+", "3*2/6/1*4/6/6/6", Color::White},
    {"~1/3,~0/2", "11x11", Color::White},
    {"o2>,n=", "6x6", Color::White},
    // Bent riders (the Interactive Diagram's bracket chains) and lame
    // leapers: rays that start after a first step to an empty square.
    {"betza:[F?R]", "8x8", Color::White},
    {"betza:[W?B]", "8x8", Color::Black},
    {"betza:[D?B]", "10x10", Color::White},
    {"betza:v[F?R]", "8x8", Color::Black},
    {"betza:v[W?B]", "8x8", Color::White},
    {"betza:[F-B]", "8x8", Color::White},
    {"betza:[W-R]", "3*2/6/1*4/6/6/6", Color::White},
    {"betza:[W?sR]", "8x8", Color::White},
    {"betza:[F?R3]", "9x9", Color::White},
    {"betza:nN", "9x10", Color::White},
    {"betza:nNnA", "9x10", Color::Black},
};

/// The first compiler found of \p Names, or empty.
} // namespace

TEST(CTableTest, CompiledTablesMatchTheEvaluator) {
  GeneratedCode Code;
  std::mt19937_64 Rng(12);
  unsigned Index = 0;
  for (const Case &C : Cases) {
    SCOPED_TRACE(std::string(C.Parlett) + " on " + C.Board);
    std::string E;
    std::optional<Position> P = fairy::test::boardOrPlacement(C.Board, E);
    ASSERT_TRUE(P) << E;
    const Board &B = P->board();
    DiagnosticEngine Diags(nullptr);
    std::string Text = C.Parlett;
    NodeRef IR =
        Text.rfind("betza:", 0) == 0
            ? parseBetza(Diags, Diags.addBuffer(Text.substr(6), "<case>"), {})
            : parseParlett(Diags, Diags.addBuffer(Text, "<case>"));
    ASSERT_TRUE(IR);
    PassContext Ctx;
    Ctx.Board = B.shape();
    IR = optimize(IR, 1, Ctx);
    auto Pattern = mailboxPattern(*IR, E);
    ASSERT_TRUE(Pattern) << E;
    std::string Name = "p" + std::to_string(Index++);
    std::string Header = emitCTable(*Pattern, B, C.Side, Name, "test");
    auto Fast = FastEvaluator::compile(IR, B, E);
    ASSERT_TRUE(Fast) << E;

    // 200 occupancies: 0 empty, 1 the mover's side, 2 the other side.
    unsigned N = B.numSquares();
    ASSERT_LE(N, 128u);
    std::string Occ, Expect;
    for (int K = 0; K < 200; ++K) {
      Position Q(B);
      double Density = std::uniform_real_distribution<double>(0, 0.5)(Rng);
      Occ += "{";
      for (unsigned S = 0; S < N; ++S) {
        int State =
            B.squares().test(S) && std::bernoulli_distribution(Density)(Rng)
                ? 1 + int(Rng() % 2)
                : 0;
        if (State)
          Q.place(S, State == 1 ? C.Side : opposite(C.Side), 'P');
        Occ += std::to_string(State) + ",";
      }
      Occ += "},\n";
      Expect += "{";
      for (unsigned S = 0; S < N; ++S) {
        uint64_t Lo = 0, Hi = 0;
        if (B.squares().test(S)) {
          auto D = Fast->evaluate(Q, S, C.Side, E);
          ASSERT_TRUE(D) << E;
          D->all().forEach([&](unsigned T) {
            (T < 64 ? Lo : Hi) |= uint64_t(1) << (T % 64);
          });
        }
        Expect += fmt::format("{{{}u,{}u}},", Lo, Hi);
      }
      Expect += "},\n";
    }
    std::string Prefix = "fairy_" + Name + "_";
    std::string Program = fmt::format(R"(#include "{0}.h"
#include <stdio.h>

static const unsigned char occupancy[200][{1}] = {{
{2}}};
static const unsigned long long expected[200][{1}][2] = {{
{3}}};

static int state(const unsigned char *occ, int square, int origin) {{
  if (square == origin || occ[square] == 0)
    return FAIRY_EMPTY;
  return occ[square] == 1 ? FAIRY_FRIEND : FAIRY_ENEMY;
}}

int main(void) {{
  int k, s, mismatches = 0;
  for (k = 0; k < 200; ++k)
    for (s = 0; s < {1}; ++s) {{
      unsigned long long got[2] = {{0, 0}};
      int i;
      for (i = {4}leap_first[s]; i < {4}leap_first[s + 1]; ++i)
        if ({4}leap_land[i] & state(occupancy[k], {4}leap_to[i], s))
          got[{4}leap_to[i] / 64] |= 1ULL << ({4}leap_to[i] % 64);
      for (i = {4}ray_first[s]; i < {4}ray_first[s + 1]; ++i) {{
        const struct fairy_ray *r = &{4}rays[i];
        int sq = r->from, step;
        if (sq != s && state(occupancy[k], sq, s) != FAIRY_EMPTY)
          continue;
        for (step = 1; step <= r->count; ++step) {{
          int st;
          sq += r->step;
          st = state(occupancy[k], sq, s);
          if (step >= r->min && (r->land & st))
            got[sq / 64] |= 1ULL << (sq % 64);
          if (st != FAIRY_EMPTY)
            break;
        }}
      }}
      if (got[0] != expected[k][s][0] || got[1] != expected[k][s][1]) {{
        if (mismatches++ < 5)
          printf("occupancy %d origin %d: got %llx %llx, want %llx %llx\n", k,
                 s, got[1], got[0], expected[k][s][1], expected[k][s][0]);
      }}
    }}
  printf("%d mismatches\n", mismatches);
  return mismatches != 0;
}}
)",
                                      Name, N, Occ, Expect, Prefix);
    Code.check(Name, Header, Program);
  }
}
