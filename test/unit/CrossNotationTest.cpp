// The same piece written in Betza, Parlett, fairy-notation and Movement
// Formula moves alike
// from every square of empty boards and random positions with blockers.
// The xiangqi cannon, which fairy-notation cannot say, is compared between
// Betza and Movement Formula in CannonInFormula below.
// Where a notation cannot say a piece (a Parlett xiangqi horse, a
// fairy-notation cannon), it is left out: docs/notations/betza.md lists why.
#include "EvalHelpers.h"

#include "fairy/Notation/BetzaWriter.h"
#include "fairy/Notation/FairyWriter.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Notation/ParlettWriter.h"
#include "fairy/Testing/Random.h"

#include "fairy/Transforms/Pass.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

using namespace fairy;

namespace {

NodeRef compile(const std::string &Notation, const std::string &Text,
                const FrontendOptions &Opts = {}) {
  DiagnosticEngine Diags(nullptr);
  const NotationInfo *N = findNotation(Notation);
  EXPECT_TRUE(N) << Notation;
  NodeRef IR = N->Parse(Diags, Diags.addBuffer(Text, "<test>"), Opts);
  EXPECT_TRUE(IR) << Notation << " '" << Text << "'";
  return IR;
}

std::vector<Position> positions() {
  std::vector<Position> Ps;
  std::string E;
  for (const char *Size : {"8x8", "10x10", "9x7"})
    Ps.emplace_back(*Board::parse(Size, E));
  std::mt19937_64 Rng(404);
  for (int I = 0; I < 30 && Ps.size() < 13; ++I) {
    gen::RandomPositionOptions O;
    O.MinSide = 6;
    O.MaxSide = 10;
    Position P = gen::randomPosition(Rng, O);
    // On boards with missing squares Parlett's leaps differ on purpose:
    // they walk their unit steps, which must stay on the board.
    if (!P.board().shape().HasHoles)
      Ps.push_back(std::move(P));
  }
  return Ps;
}

TEST(CrossNotationTest, SamePieceSameMoves) {
  struct Case {
    const char *Piece, *Betza, *Parlett, *Fairy, *Formula;
  } Cases[] = {
      {"knight", "N", "~1/2", "[1,2]*", "{2,1}[(#@),(%x@)]"},
      {"rook", "R", "n+", "[0,1]{1..}*", "({1,0}[(#+),(#@),(%x@)])*"},
      {"bishop", "B", "nX", "[1,1]{1..}*", "({1,1}[(#+),(#@),(%x@)])*"},
      {"queen", "Q", "n*", "[0,1]{1..}*,[1,1]{1..}*",
       "([{1,0},{1,1}][(#+),(#@),(%x@)])*"},
      {"king", "K", "1*", "[0,1]*,[1,1]*", "[{1,0},{1,1}][(#@),(%x@)]"},
      {"nightrider", "NN", "~1/2&", "[1,2]{1..}*", "({2,1}[(#+),(#@),(%x@)])*"},
      {"xiangqi horse", "nN", nullptr, "([0,1].([1,1],[-1,1]))*",
       "[({1,0}^#+{1,1}^),({1,0}v#+{1,1}v),({1,0}>#+{1,1}>),({1,0}<#+{1,1}<)]"
       "[(#@),(%x@)]"},
      {"lance", "fR", "n>", "[0,1]{1..}", "({1,0}^[(#+),(#@),(%x@)])*"},
      {"wazir rider 2", "W2", "1-2+", "[0,1]{1..2}*",
       "({1,0}[(#+),(#@),(%x@)])*:2"},
      {"dabbaba", "D", "~2+", "[0,2]*", "{2,0}[(#@),(%x@)]"},
  };
  std::vector<Position> Ps = positions();
  size_t Compared = 0;
  for (const Case &C : Cases) {
    NodeRef B = compile("betza", C.Betza);
    std::vector<std::pair<std::string, NodeRef>> Others;
    Others.emplace_back("fairy", compile("fairy", C.Fairy));
    if (C.Parlett)
      Others.emplace_back("parlett", compile("parlett", C.Parlett));
    Others.emplace_back("formula", compile("formula", C.Formula));
    for (const Position &P : Ps)
      for (unsigned O : P.board().squares().toVector()) {
        if (P.at(O).Present)
          continue;
        Destinations Want = test::evalBoth(B, P, P.board().squareName(O));
        for (auto &[Name, IR] : Others) {
          ++Compared;
          Destinations Got = test::evalBoth(IR, P, P.board().squareName(O));
          ASSERT_EQ(test::names(P.board(), Got.Quiet),
                    test::names(P.board(), Want.Quiet))
              << C.Piece << ": " << Name << " vs betza from "
              << P.board().squareName(O);
          ASSERT_EQ(test::names(P.board(), Got.Capture),
                    test::names(P.board(), Want.Capture))
              << C.Piece << ": " << Name << " vs betza from "
              << P.board().squareName(O);
        }
      }
  }
  EXPECT_GT(Compared, 10000u);
}

TEST(CrossNotationTest, CannonInFormula) {
  // Movement Formula has no "same direction as before" across separate
  // repetitions, so the cannon's capture is written once per direction.
  std::string Capture;
  for (const char *D : {"^", "v", ">", "<"}) {
    std::string S = std::string("{1,0}") + D;
    Capture +=
        ",((" + S + "#+)*:0-12" + S + "[$,%]+(" + S + "#+)*:0-12" + S + "%x@)";
  }
  NodeRef Formula = compile("formula", "[({1,0}[(#+),(#@)])*" + Capture + "]");
  NodeRef Betza = compile("betza", "mRcpR");
  size_t Compared = 0;
  for (const Position &P : positions())
    for (unsigned O : P.board().squares().toVector()) {
      if (P.at(O).Present)
        continue;
      std::string From = P.board().squareName(O);
      Destinations A = test::evalBoth(Formula, P, From);
      Destinations B = test::evalBoth(Betza, P, From);
      ++Compared;
      ASSERT_EQ(test::names(P.board(), A.Quiet),
                test::names(P.board(), B.Quiet))
          << "from " << From;
      ASSERT_EQ(test::names(P.board(), A.Capture),
                test::names(P.board(), B.Capture))
          << "from " << From;
    }
  EXPECT_GT(Compared, 500u);
}

} // namespace

namespace {

/// A and B have the same quiet and capture destinations everywhere.
void expectSameMoves(const NodeRef &A, const NodeRef &B,
                     const std::vector<Position> &Ps, const std::string &What) {
  for (const Position &P : Ps)
    for (unsigned O : P.board().squares().toVector()) {
      if (P.at(O).Present)
        continue;
      Destinations DA = test::evalBoth(A, P, P.board().squareName(O));
      Destinations DB = test::evalBoth(B, P, P.board().squareName(O));
      ASSERT_EQ(test::names(P.board(), DA.Quiet),
                test::names(P.board(), DB.Quiet))
          << What << " from " << P.board().squareName(O);
      ASSERT_EQ(test::names(P.board(), DA.Capture),
                test::names(P.board(), DB.Capture))
          << What << " from " << P.board().squareName(O);
    }
}

// --emit=betza round trip: every Betza string of the conformance data and
// of the worked examples, compiled, written back, compiled again, moves
// alike everywhere (guarded moves are compared with the piece unmoved).
/// Every Betza string of the conformance data and the worked examples.
std::vector<std::string> betzaStrings() {
  std::vector<std::string> Strings = {
      "fN",          "hrN", "hlN",   "nA",     "gQ",  "NN",  "R2",  "fR",
      "fmFfcWifmnA", "FvW", "fsN",   "ffNfsN", "frW", "lbF", "frK", "fsK",
      "ffsK",        "mQ3", "W4cF2", "vR",     "sN0", "bhN", "rvN", "lhC"};
  std::ifstream In(FAIRY_SOURCE_DIR "/test/conformance/fsf-pieces.txt");
  for (std::string Line; std::getline(In, Line);)
    if (!Line.empty() && Line[0] != '#')
      Strings.push_back(Line.substr(Line.find(' ') == std::string::npos
                                        ? Line.size()
                                        : Line.find(' ') + 1));
  return Strings;
}

/// Betza \p S, written back by --emit=betza and read again, has the same
/// moves on every position of \p Ps.
void expectBetzaRoundTrip(const std::string &S, const std::vector<Position> &Ps,
                          const FrontendOptions &Opts = {}) {
  NodeRef IR = compile("betza", S, Opts);
  ASSERT_TRUE(IR) << S;
  std::string Why;
  auto Back = irToBetza(optimize(IR, 1, {}), Why, Opts);
  ASSERT_TRUE(Back) << S << ": " << Why;
  NodeRef Again = compile("betza", *Back, Opts);
  ASSERT_TRUE(Again) << S << " -> " << *Back;
  expectSameMoves(IR, Again, Ps, S + " -> " + *Back);
}

TEST(CrossNotationTest, BetzaRoundTrip) {
  std::vector<std::string> Strings = betzaStrings();
  ASSERT_GT(Strings.size(), 120u);
  std::vector<Position> Ps = positions();
  // Fairy-Stockfish's ranged hoppers whose hurdle may stand further than
  // next to them are alternatives of paths Betza has no spelling for (a
  // ride of bounded length inside a leg): --emit=betza says so.
  const std::set<std::string> Unwritable = {"pB3", "pQ4"};
  for (const std::string &S : Strings) {
    if (Unwritable.count(S)) {
      std::string Why;
      EXPECT_FALSE(irToBetza(optimize(compile("betza", S), 1, {}), Why)) << S;
      EXPECT_NE(Why.find("a ride that is not an unlimited slide"),
                std::string::npos)
          << S << ": " << Why;
      continue;
    }
    expectBetzaRoundTrip(S, Ps);
  }
}

// XBetza multi-leg moves (leaping or sliding legs of one atom) are written
// back as 'a' groups (lib/Notation/Betza/BetzaLegsWriter.cpp) that read as the
// same moves.
TEST(CrossNotationTest, XBetzaMultiLegRoundTrip) {
  std::vector<Position> Ps = positions();
  for (const char *S :
       {"mafsW", "afsF", "mafsmafW", "cabK", "caK", "mcabK", "KNADcaKmcabK",
        "cafsF", "mcafsW", "afsafsW", "WmafsW", "cafcfW", "fmafrW", "mabW",
        "mafsDcaW", "camfF",
        // oblique legs, sliding legs, d on any leg
        "mpafN", "maN", "maC", "afsN", "gafN", "mpafZ", "mcafcaN", "FyafsF",
        "ymasR", "yaW", "FyafsFyabB", "mdafdaW", "cdK", "mdN", "mcdR",
        // the Interactive Diagram's bracket chains
        "[F?R]", "fm[F?R]", "[F-K]", "[W-R]", "[W?B]", "[F-R]", "[W-F-W]",
        // repetitions, k and t on a last leg
        "(caf)2mB", "(caf)6mkB", "cafmkW", "caftW", "cafkW"}) {
    expectBetzaRoundTrip(S, Ps);
  }
}

/// The empty 8x8 board and ten random 8x8 positions from \p Seed: for
/// strings whose reading depends on the board's width ('o', rifle legs).
std::vector<Position> eightByEight(uint64_t Seed) {
  std::vector<Position> Ps;
  std::string E;
  Ps.emplace_back(*Board::parse("8x8", E));
  std::mt19937_64 Rng(Seed);
  gen::RandomPositionOptions RO;
  RO.MinSide = RO.MaxSide = 8;
  RO.AttackGuards = true; // the chess pieces' moves, lent to final 'x'
  for (int I = 0; I < 10; ++I)
    Ps.push_back(gen::randomPosition(Rng, RO));
  return Ps;
}

// XBetza's one-leg features and rifle legs
// (lib/Notation/Betza/BetzaFeatureWriter.cpp) read for an 8x8 board (cylinder
// moves wrap round its 8 files, rifle legs count up to 7 steps), written back
// and read again for the same board.
TEST(CrossNotationTest, XBetzaFeatureRoundTrip) {
  std::vector<Position> Ps = eightByEight(808);
  FrontendOptions Opts;
  Opts.BoardWidth = Opts.BoardMaxSide = 8;
  for (const char *S :
       {// crooked and circular riders
        "zB", "zR", "zW3", "zN", "mzB", "fzB", "qN", "qW", "qF", "cqN",
        // cylinder moves, jumping sliders
        "oR", "oN", "oW", "oB", "oQ", "foR", "jR", "jB", "jjR", "jN", "cjR",
        // royal rules: t never takes a king, k only a king, tp own hurdles
        "tW", "tR", "tK", "kW", "mkW", "kQ", "tpR", "tgB",
        // rifle legs: a slide, a stop, as many steps again
        "caibR", "caifR", "caiR", "caibB", "caifbR", "caibR3", "mRcaibR",
        "daibR", "paifR",
        // mixed with the other writers' groups
        "zBR", "NqN", "mafsWtR", "KoR",
        // castling (the random positions' pieces, some unmoved, partner
        // it) and borrowing (they lend the chess pieces' moves), relay legs
        "KisO2", "isjO1", "vO2", "sO3", "WxN", "ixN", "RxB", "mafxW", "KisO2xN",
        "xaN", "FxaW", "mxafW"}) {
    expectBetzaRoundTrip(S, Ps, Opts);
  }
}

// In XBoard's reading (--betza=xboard) the writer also writes what only
// XBoard reads: ranges past 9, initial captures, 'ii', en passant on one
// move. Every test string XBoard reads must round-trip in that reading.
TEST(CrossNotationTest, XBoardReadingRoundTrip) {
  std::vector<Position> Ps = eightByEight(909);
  FrontendOptions Opts;
  Opts.XBoardBetza = true;
  Opts.BoardWidth = Opts.BoardMaxSide = 8;
  std::vector<std::string> Strings = betzaStrings();
  for (const char *S : {"W12", "R15", "icW", "iifmW2", "iimfW", "fmWfcFfeW",
                        "nZ", "icaibR", "izB", "fmWfeFifmW2"})
    Strings.push_back(S);
  size_t Read = 0;
  for (const std::string &S : Strings) {
    DiagnosticEngine Diags(nullptr);
    Diags.policy().silenceAll();
    if (!parseBetza(Diags, Diags.addBuffer(S, "<test>"), Opts) ||
        Diags.errorCount())
      continue;
    ++Read;
    expectBetzaRoundTrip(S, Ps, Opts);
  }
  EXPECT_GT(Read, 130u);
}

// Other notations written as Betza, where Betza can say the piece.
TEST(CrossNotationTest, OtherNotationsToBetza) {
  struct Case {
    const char *Notation, *Text, *Betza;
  } Cases[] = {
      {"fairy", "[1,2]*", "N"},
      {"fairy", "[0,1]{1..}*", "R"},
      {"fairy", "[1,2]{1..}*", "NN"},
      {"fairy", "[0,1],[1,1]+^^", "fK"},
      // Two knight leaps, the second turned 45 degrees: XBetza legs.
      {"fairy", "[1,2].[2,1]", "rfafrN"},
      {"parlett", "n*", "Q"},
      {"parlett", "~1/2>", "fhN"},
      {"parlett", "o1>,c1x>", "fmWfcF"},
      {"formula", "{2,1}[(#@),(%x@)]", "N"},
      {"formula", "({1,0}[(#+),(#@),(%x@)])*", "R"},
      {"formula", "([{1,0},{1,1}][(#+),(#@),(%x@)])*", "Q"},
      {"formula", "({2,1}[(#+),(#@),(%x@)])*", "NN"},
      {"formula", "({1,0}^[(#+),(#@),(%x@)])*:2", "fR2"},
      {"formula", "[({1,0}^#@),({1,1}^%x@)]", "fmWfcF"},
  };
  std::vector<Position> Ps = positions();
  for (const Case &C : Cases) {
    NodeRef IR = compile(C.Notation, C.Text);
    std::string Why;
    auto Betza = irToBetza(optimize(IR, 1, {}), Why);
    ASSERT_TRUE(Betza) << C.Text << ": " << Why;
    EXPECT_EQ(*Betza, C.Betza) << C.Text;
    expectSameMoves(IR, compile("betza", *Betza), Ps, C.Text);
  }
  // What Betza cannot say is refused with the reason.
  for (const char *Fairy : {"[1,2].[1,1]", "[1,4]", "[1,1,1]"}) {
    std::string Why;
    EXPECT_FALSE(irToBetza(optimize(compile("fairy", Fairy), 1, {}), Why))
        << Fairy;
    EXPECT_FALSE(Why.empty());
  }
}

} // namespace

namespace {

// --emit=fairy round trip: movesets written in fairy-notation read back as
// the same moves. Betza pieces whose moves may all move or capture, and
// fairy-notation pieces of the README; the rest must be refused.
TEST(CrossNotationTest, FairyRoundTrip) {
  struct Case {
    const char *Notation, *Text;
  } Cases[] = {
      {"betza", "N"},        {"betza", "K"},
      {"betza", "Q"},        {"betza", "NN"},
      {"betza", "nN"},       {"betza", "nA"},
      {"betza", "nZ"},       {"betza", "W2"},
      {"betza", "FfW"},      {"betza", "WfF"},
      {"betza", "fsW"},      {"betza", "FvW"},
      {"betza", "hrN"},      {"betza", "fhN"},
      {"betza", "B3vND"},    {"betza", "RNF"},
      {"betza", "ADGH"},     {"betza", "F2N"},
      {"fairy", "[1,2]*"},   {"fairy", "[0,1]{1..}*,[1,1]{1..}*"},
      {"fairy", "[1,2]|"},   {"fairy", "([1,2],[2,1]){1..3}"},
      {"fairy", "[1,2]*^^"}, {"parlett", "~1/2&"},
      {"parlett", "1-3*"},
  };
  std::vector<Position> Ps = positions();
  for (const Case &C : Cases) {
    NodeRef IR = compile(C.Notation, C.Text);
    std::string Why;
    auto Fairy = irToFairy(optimize(IR, 1, {}), Why);
    ASSERT_TRUE(Fairy) << C.Text << ": " << Why;
    NodeRef Again = compile("fairy", *Fairy);
    ASSERT_TRUE(Again) << C.Text << " -> " << *Fairy;
    expectSameMoves(IR, Again, Ps, std::string(C.Text) + " -> " + *Fairy);
  }
  for (const char *Betza : {"mRcpR", "fmW", "ifmnD", "gQ", "cN"}) {
    std::string Why;
    EXPECT_FALSE(irToFairy(optimize(compile("betza", Betza), 1, {}), Why))
        << Betza;
    EXPECT_FALSE(Why.empty()) << Betza;
  }
}

} // namespace

namespace {

// --emit=parlett: every Betza string of the tests that Parlett can say, and
// pieces from the other notations, written in Parlett and read back as the
// same moves; the rest refused with a reason.
TEST(CrossNotationTest, ParlettRoundTrip) {
  std::vector<std::pair<std::string, std::string>> Inputs = {
      {"parlett", "o1>,c1x>,oi2>"}, {"parlett", "~1/2&"},
      {"parlett", "1-3*"},          {"parlett", "~1/2<,n="},
      {"parlett", "c~1/2&,o1x"},    {"fairy", "[1,2]*"},
      {"fairy", "[0,2]{1..}+"},     {"fairy", "[0,1]{1..3}*,[1,1]*"},
      {"betza", "FyafsF"}, // refused: a multi-leg move
  };
  for (const std::string &S : betzaStrings())
    Inputs.emplace_back("betza", S);
  std::vector<Position> Ps = positions();
  size_t Written = 0, Refused = 0;
  for (auto &[Notation, Text] : Inputs) {
    NodeRef IR = compile(Notation, Text);
    ASSERT_TRUE(IR) << Text;
    std::string Why;
    auto Parlett = irToParlett(optimize(IR, 1, {}), Why);
    if (!Parlett) {
      EXPECT_FALSE(Why.empty()) << Text;
      EXPECT_NE(Notation, "parlett") << Text << ": " << Why;
      ++Refused;
      continue;
    }
    ++Written;
    NodeRef Again = compile("parlett", *Parlett);
    ASSERT_TRUE(Again) << Text << " -> " << *Parlett;
    expectSameMoves(IR, Again, Ps, Text + " -> " + *Parlett);
  }
  // Most Fairy-Stockfish pieces are leaps, riders and pawns Parlett says.
  EXPECT_GT(Written, 60u);
  EXPECT_GT(Refused, 10u); // hoppers, fN, lame knights, multi-leg moves
}

} // namespace
