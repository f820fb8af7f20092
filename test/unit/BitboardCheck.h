// A program that checks a --emit=bitboard header: for random occupancies
// and every origin, each piece's fairy_attacks_, fairy_quiets_ and
// fairy_captures_ must equal the destinations the test computed (with the
// evaluator) and embedded in the program. Used for single pieces
// (BitboardTest) and whole piece files (PieceFileTest).
#ifndef FAIRY_TEST_UNIT_BITBOARDCHECK_H
#define FAIRY_TEST_UNIT_BITBOARDCHECK_H

#include "fairy/Eval/Board.h"
#include "fairy/Eval/Evaluator.h"

#include <fmt/format.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

namespace fairy::test {

/// Squares as bits, as the generated code has them (up to 128).
using Bits = unsigned __int128;

inline Bits bitsOf(const SquareSet &S) {
  Bits B = 0;
  for (unsigned W = 0; W < std::min<size_t>(S.numWords(), 2); ++W)
    B |= Bits(S.word(W)) << (64 * W);
  return B;
}

/// "{low,high}" as C initialisers.
inline std::string halves(Bits B) {
  return fmt::format("{{{}ULL,{}ULL}}", uint64_t(B), uint64_t(B >> 64));
}

/// Random occupancies of the board's squares (densities up to one half).
inline std::vector<Bits> randomOccupancies(const Board &B, unsigned Count,
                                           std::mt19937_64 &Rng) {
  Bits Squares = bitsOf(B.squares());
  std::vector<Bits> Out;
  for (unsigned K = 0; K < Count; ++K) {
    double Density = std::uniform_real_distribution<double>(0, 0.5)(Rng);
    Bits O = 0;
    for (unsigned S = 0; S < B.numSquares(); ++S)
      if ((Squares >> S & 1) && std::bernoulli_distribution(Density)(Rng))
        O |= Bits(1) << S;
    Out.push_back(O);
  }
  return Out;
}

/// The destinations of a piece from \p Origin when the other squares of
/// \p Occupied hold enemy pieces.
using ExpectedFn = std::function<Destinations(Bits Occupied, unsigned Origin)>;

struct CheckedPiece {
  std::string Name; ///< as in fairy_attacks_<Name>
  ExpectedFn Expected;
  /// For a family's functions taking the side: "0" (White) or "1".
  std::string Side = {};
};

/// The check program for header "<Header>.h".
inline std::string
bitboardCheckProgram(const std::string &Header, const Board &B,
                     const std::vector<Bits> &Occupancies,
                     const std::vector<CheckedPiece> &Pieces) {
  unsigned N = B.numSquares();
  Bits Squares = bitsOf(B.squares());
  std::string Occ, Tables, Checks;
  for (Bits O : Occupancies)
    Occ += halves(O) + ",\n";
  for (size_t P = 0; P < Pieces.size(); ++P) {
    std::string Expect;
    for (Bits O : Occupancies) {
      Expect += "{";
      for (unsigned S = 0; S < N; ++S) {
        Bits All = 0, Quiet = 0, Capture = 0;
        if (Squares >> S & 1) {
          Destinations D = Pieces[P].Expected(O & ~(Bits(1) << S), S);
          Quiet = bitsOf(D.Quiet);
          Capture = bitsOf(D.Capture) | bitsOf(D.Remote);
          All = Quiet | Capture;
        }
        Expect += "{" + halves(All) + "," + halves(Quiet) + "," +
                  halves(Capture) + "},";
      }
      Expect += "},\n";
    }
    Tables += fmt::format(
        "static const unsigned long long expected{0}[{1}][{2}][3][2] = {{\n"
        "{3}}};\n",
        P, Occupancies.size(), N, Expect);
    std::string Args =
        Pieces[P].Side.empty() ? "s, occ" : Pieces[P].Side + ", s, occ";
    Checks += fmt::format(
        "      got[0] = fairy_attacks_{0}({2});\n"
        "      got[1] = fairy_quiets_{0}({2});\n"
        "      got[2] = fairy_captures_{0}({2});\n"
        "      for (i = 0; i < 3; ++i)\n"
        "        if (got[i] != SET(expected{1}[k][s][i]) && mismatches++ < 5)\n"
        "          printf(\"{0}: occupancy %d square %d set %d: got "
        "%llx:%llx, want %llx:%llx\\n\", k, s, i,\n"
        "                 (unsigned long long)(got[i] >> 32 >> 32),\n"
        "                 (unsigned long long)got[i], "
        "expected{1}[k][s][i][1],\n"
        "                 expected{1}[k][s][i][0]);\n",
        Pieces[P].Name, P, Args);
  }
  // One program for every board: on boards of up to 64 squares the high
  // halves are 0 and FAIRY_BB drops them.
  return fmt::format(R"(#define FAIRY_TABLES_IMPLEMENTATION
#include "{0}.h"
#include <stdio.h>

#ifndef FAIRY_BB
#define FAIRY_BB(hi, lo) ((fairy_bb)(lo))
#endif
#define SET(x) FAIRY_BB((x)[1], (x)[0])

static const unsigned long long squares[2] = {1};
static const unsigned long long occupancy[{2}][2] = {{
{3}}};
{4}
int main(void) {{
  int k, s, i, mismatches = 0;
  for (k = 0; k < {2}; ++k)
    for (s = 0; s < {5}; ++s) {{
      /* The engine's occupancy holds the piece itself too. */
      fairy_bb occ = SET(occupancy[k]) | ((fairy_bb)1 << s);
      fairy_bb got[3];
      if (!((squares[s / 64] >> (s % 64)) & 1))
        continue;
{6}    }}
  printf("%d mismatches\n", mismatches);
  return mismatches != 0;
}}
)",
                     Header, halves(Squares), Occupancies.size(), Occ, Tables,
                     N, Checks);
}

} // namespace fairy::test

#endif
