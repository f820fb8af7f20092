// The five chess pieces of the Movement Formula spec against orthodox
// chess, generated here by hand (the oracle below knows nothing of the IR),
// on random positions with both colours, unmoved and moved pawns, en
// passant available and not, and kings next to attacked squares. Both
// evaluators are run on every case.
#include "EvalHelpers.h"

#include "fairy/Notation/Notation.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Testing/Random.h"

#include <gtest/gtest.h>

#include <random>

using namespace fairy;

namespace {

// The spec's five examples; the pawn with the ")]" its last line lacks.
const char *King = "[{1,0},{1,1}]{(%|o),[(#@),(%x@)]}";
const char *Rook = "({1,0}[(#+),(#@),(%x@)])*";
const char *Bishop = "({1,1}[(#+),(#@),(%x@)])*";
const char *Knight = "{2,1}[(#@),(%x@)]";
const char *Pawn =
    "[({1,0}^(#@)),(s0({1,0}^[(#+),(#@)])*:1;1),({1,1}^[(%x@),({#,/{1,0}v{%+,"
    "m+}/,/{1,0}^{#,m-}/}-({1,0}v)@)])]";

NodeRef formula(const std::string &Text) {
  DiagnosticEngine Diags(nullptr);
  NodeRef IR = parseMovementFormula(Diags, Diags.addBuffer(Text, "<test>"), {});
  EXPECT_TRUE(IR) << Text << ": "
                  << (Diags.diagnostics().empty()
                          ? ""
                          : Diags.diagnostics()[0].Message);
  return IR;
}

const std::pair<int, int> KnightLeaps[] = {
    {1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};

/// Orthodox chess on an 8x8 board, from scratch.
class Chess {
public:
  explicit Chess(const Position &P) : P(P), B(P.board()) {}

  bool on(int X, int Y) const { return X >= 0 && X < 8 && Y >= 0 && Y < 8; }
  int at(int X, int Y) const { return B.index(Vec(X, Y)); }
  /// 0 empty, 1 the mover's, 2 the other side's.
  int side(int X, int Y, Color Me, unsigned Origin) const {
    unsigned S = at(X, Y);
    if (S == Origin || !P.at(S).Present)
      return 0;
    return P.at(S).Side == Me ? 1 : 2;
  }

  /// Whether a piece of \p By attacks (X, Y), with \p Origin empty.
  bool attacked(int X, int Y, Color By, unsigned Origin) const {
    auto Is = [&](int AX, int AY, char Type) {
      if (!on(AX, AY))
        return false;
      unsigned S = at(AX, AY);
      return S != Origin && P.at(S).Present && P.at(S).Side == By &&
             P.at(S).Type == Type;
    };
    int PawnDir = By == Color::White ? 1 : -1; // the way By's pawns go
    if (Is(X - 1, Y - PawnDir, 'P') || Is(X + 1, Y - PawnDir, 'P'))
      return true;
    for (auto [DX, DY] : KnightLeaps)
      if (Is(X + DX, Y + DY, 'N'))
        return true;
    for (int DX = -1; DX <= 1; ++DX)
      for (int DY = -1; DY <= 1; ++DY) {
        if (!DX && !DY)
          continue;
        if (Is(X + DX, Y + DY, 'K'))
          return true;
        char Slider = DX && DY ? 'B' : 'R';
        for (int K = 1; on(X + K * DX, Y + K * DY); ++K) {
          int SX = X + K * DX, SY = Y + K * DY;
          if (Is(SX, SY, Slider) || Is(SX, SY, 'Q'))
            return true;
          unsigned S = at(SX, SY);
          if (S != Origin && P.at(S).Present)
            break;
        }
      }
    return false;
  }

  /// Destinations and the captures among them.
  std::pair<SquareSet, SquareSet> moves(char Type, unsigned Origin,
                                        Color Me) const {
    SquareSet All(64), Takes(64);
    Vec O = B.coord(Origin);
    int Fwd = Me == Color::White ? 1 : -1;
    auto Add = [&](int X, int Y, bool Capture) {
      All.set(at(X, Y));
      if (Capture)
        Takes.set(at(X, Y));
    };
    auto Leap = [&](int DX, int DY) {
      int X = O.x + DX, Y = O.y + DY;
      if (on(X, Y) && side(X, Y, Me, Origin) != 1)
        Add(X, Y, side(X, Y, Me, Origin) == 2);
    };
    auto Slide = [&](int DX, int DY) {
      for (int K = 1; on(O.x + K * DX, O.y + K * DY); ++K) {
        int X = O.x + K * DX, Y = O.y + K * DY, S = side(X, Y, Me, Origin);
        if (S != 1)
          Add(X, Y, S == 2);
        if (S)
          break;
      }
    };
    switch (Type) {
    case 'K':
      for (int DX = -1; DX <= 1; ++DX)
        for (int DY = -1; DY <= 1; ++DY) {
          int X = O.x + DX, Y = O.y + DY;
          if ((DX || DY) && on(X, Y) && side(X, Y, Me, Origin) != 1 &&
              !attacked(X, Y, opposite(Me), Origin))
            Add(X, Y, side(X, Y, Me, Origin) == 2);
        }
      break;
    case 'N':
      for (auto [DX, DY] : KnightLeaps)
        Leap(DX, DY);
      break;
    case 'R':
    case 'B':
      for (int DX = -1; DX <= 1; ++DX)
        for (int DY = -1; DY <= 1; ++DY)
          if ((DX || DY) && (Type == 'B') == (DX && DY))
            Slide(DX, DY);
      break;
    case 'P': {
      int Y1 = O.y + Fwd;
      if (on(O.x, Y1) && !side(O.x, Y1, Me, Origin)) {
        Add(O.x, Y1, false);
        if (!P.Moved.test(Origin) && on(O.x, Y1 + Fwd) &&
            !side(O.x, Y1 + Fwd, Me, Origin))
          Add(O.x, Y1 + Fwd, false);
      }
      for (int DX : {-1, 1}) {
        int X = O.x + DX;
        if (!on(X, Y1))
          continue;
        if (side(X, Y1, Me, Origin) == 2)
          Add(X, Y1, true);
        // En passant: the enemy pawn beside us just made a double step.
        bool Beside =
            side(X, O.y, Me, Origin) == 2 && P.at(at(X, O.y)).Type == 'P';
        if (Beside && !side(X, Y1, Me, Origin) && on(X, Y1 + Fwd) &&
            P.LastMove && P.LastMove->To == (unsigned)at(X, O.y) &&
            P.LastMove->From == (unsigned)at(X, Y1 + Fwd) &&
            !side(X, Y1 + Fwd, Me, Origin))
          Add(X, Y1, true);
      }
      break;
    }
    }
    return {All, Takes};
  }

private:
  const Position &P;
  const Board &B;
};

/// A random middlegame-like position with the piece on \p Origin; pawns
/// stay off the first and last ranks. Sometimes an en passant chance.
Position randomChess(std::mt19937_64 &Rng, char Type, Color Me,
                     unsigned &Origin) {
  auto Uniform = [&](int Lo, int Hi) {
    return std::uniform_int_distribution<int>(Lo, Hi)(Rng);
  };
  std::string E;
  Position P(*Board::parse("8x8", E));
  double Density = Uniform(5, 35) / 100.0;
  static const char Types[] = "PNBRQK";
  for (unsigned S = 0; S < 64; ++S)
    if (std::bernoulli_distribution(Density)(Rng)) {
      char T = Types[Uniform(0, 5)];
      int Y = S / 8;
      if (T == 'P' && (Y == 0 || Y == 7))
        continue;
      P.place(S, Uniform(0, 1) ? Color::White : Color::Black, T);
    }
  int Fwd = Me == Color::White ? 1 : -1;
  int X = Uniform(0, 7), Y = Type == 'P' ? Uniform(1, 6) : Uniform(0, 7);
  bool EnPassant = Type == 'P' && Uniform(0, 2) == 0;
  if (EnPassant) {
    // Our pawn on its fifth rank, an enemy pawn beside it that came from
    // two squares ahead (the squares it passed cleared).
    Y = Me == Color::White ? 4 : 3;
    int EX = X + (X == 0 ? 1 : X == 7 ? -1 : (Uniform(0, 1) ? 1 : -1));
    P.place(EX + 8 * Y, opposite(Me), 'P');
    P.clear(EX + 8 * (Y + Fwd));
    if (Uniform(0, 3))
      P.clear(EX + 8 * (Y + 2 * Fwd));
    P.LastMove = Move{unsigned(EX + 8 * (Y + 2 * Fwd)), unsigned(EX + 8 * Y)};
  } else if (Uniform(0, 1)) {
    P.LastMove = Move{unsigned(Uniform(0, 63)), unsigned(Uniform(0, 63))};
  }
  Origin = X + 8 * Y;
  P.place(Origin, Me, Type);
  // A pawn off its start rank has moved; on it, it has not (usually).
  int StartRank = Me == Color::White ? 1 : 6;
  if (Y != StartRank || Uniform(0, 5) == 0)
    P.Moved.set(Origin);
  P.Definitions = gen::chessPieces();
  return P;
}

TEST(MovementFormulaTest, SpecExamplesMoveLikeOrthodoxChess) {
  struct Case {
    char Type;
    const char *Text;
  } Cases[] = {
      {'K', King}, {'R', Rook}, {'B', Bishop}, {'N', Knight}, {'P', Pawn}};
  std::mt19937_64 Rng(2026);
  unsigned EnPassants = 0, KingRefusals = 0, DoubleSteps = 0, Compared = 0;
  for (const Case &C : Cases) {
    NodeRef IR = formula(C.Text);
    ASSERT_TRUE(IR);
    for (int I = 0; I < 400; ++I) {
      Color Me = I % 2 ? Color::Black : Color::White;
      unsigned Origin;
      Position P = randomChess(Rng, C.Type, Me, Origin);
      std::string From = P.board().squareName(Origin);
      Destinations D = test::evalBoth(IR, P, From, Me);
      auto [All, Takes] = Chess(P).moves(C.Type, Origin, Me);
      ++Compared;
      ASSERT_EQ(test::names(P.board(), D.all()), test::names(P.board(), All))
          << C.Text << " from " << From
          << (Me == Color::White ? " (White)" : " (Black)");
      ASSERT_EQ(test::names(P.board(), D.Capture | D.Remote),
                test::names(P.board(), Takes))
          << C.Text << " from " << From;
      EnPassants += D.Remote.any();
      DoubleSteps +=
          C.Type == 'P' && !P.Moved.test(Origin) && D.Quiet.count() >= 2;
      if (C.Type == 'K') {
        // Squares the king may not enter although free.
        SquareSet Free(64);
        for (int DX = -1; DX <= 1; ++DX)
          for (int DY = -1; DY <= 1; ++DY) {
            Vec V = P.board().coord(Origin) + Vec(DX, DY);
            if ((DX || DY) && P.board().contains(V))
              Free.set(P.board().index(V));
          }
        KingRefusals += (Free.count() - D.all().count()) > 0;
      }
    }
  }
  // The interesting cases did happen.
  EXPECT_GT(EnPassants, 30u);
  EXPECT_GT(DoubleSteps, 10u);
  EXPECT_GT(KingRefusals, 100u);
  EXPECT_EQ(Compared, 2000u);
}

TEST(MovementFormulaTest, SpecPawnAsPrintedIsUnbalanced) {
  // The spec prints the pawn without its last ")]": a located error that
  // says what is missing, not a guess.
  std::string Text = std::string(Pawn).substr(0, std::string(Pawn).size() - 2);
  DiagnosticEngine Diags(nullptr);
  NodeRef IR = parseMovementFormula(Diags, Diags.addBuffer(Text, "<t>"), {});
  EXPECT_FALSE(IR);
  ASSERT_EQ(Diags.errorCount(), 1u);
  EXPECT_EQ(Diags.diagnostics()[0].Column, 44u);
  EXPECT_NE(Diags.diagnostics()[0].Message.find("')]'"), std::string::npos);
}

} // namespace
