//===- PositionMoves.cpp - Every piece's moves in a position --------------===//
//
// --position with a piece set: the moves of every piece standing there, for
// the back ends that list them (diagram, JSON, SVG).
//
//===----------------------------------------------------------------------===//
#include "PositionMoves.h"

#include "fairy/Backend/PieceViews.h"
#include "fairy/Transforms/Pass.h"

#include <algorithm>
#include <cctype>

using namespace fairy;

namespace {

/// The byte of \p FEN's placement that stands for square \p S of \p B
/// (FEN's length if none): ranks from the top, levels from the bottom
/// separated by '|', digits for runs of empty squares.
size_t placementOffset(const std::string &FEN, const Board &B, unsigned S) {
  Vec Want = B.coord(S);
  int X = 0, Row = 0, Z = 0;
  size_t I = FEN.find_first_not_of(' ');
  for (; I < FEN.size() && FEN[I] != ' '; ++I) {
    char C = FEN[I];
    if (C == '/' || C == '|') {
      X = 0;
      Row = C == '/' ? Row + 1 : 0;
      Z += C == '|';
    } else if (std::isdigit((unsigned char)C)) {
      int N = 0;
      while (I < FEN.size() && std::isdigit((unsigned char)FEN[I]))
        N = std::min(N * 10 + (FEN[I++] - '0'), 1000);
      --I;
      X += N;
    } else {
      if (X == Want.x && B.height() - 1 - Row == Want.y && Z == Want.z)
        return I;
      ++X;
    }
  }
  return FEN.size();
}

/// The position \p FEN on the set's board, or its start position.
std::optional<Position> positionOf(DiagnosticEngine &Diags, const PieceSet &Set,
                                   const std::string &FEN) {
  if (FEN == "start") {
    if (!Set.Start && !Set.StartUnreadable.empty()) {
      Diags.error("--position=start: " + Set.StartUnreadable);
      return std::nullopt;
    }
    if (!Set.Start) {
      Diags.error("--position=start: this piece set has no start position "
                  "(a piece file states one with start \"FEN\";, a "
                  "variants.ini section with startFen)");
      return std::nullopt;
    }
    return *Set.Start;
  }
  std::string Error;
  auto P = Position::fromFEN(FEN, Set.board(), Error);
  if (!P) {
    Diags.error("--position: " + Error);
    return std::nullopt;
  }
  // A '*' of the position is a wall, as for one notation's piece; a piece
  // on a square the set's board does not have is an error at its letter.
  const Board &B = Set.board();
  for (unsigned S = 0; S < B.numSquares(); ++S)
    if (!B.squares().test(S) && P->at(S).Present) {
      unsigned In = Diags.addBuffer(FEN, "--position");
      size_t At = placementOffset(FEN, B, S);
      Diags.error(Diags.loc(In, At),
                  "the piece '" + FEN.substr(At, 1) + "' stands on " +
                      B.squareName(S) + ", which the board of " +
                      (Set.Title.empty() ? std::string("the set")
                                         : "'" + Set.Title + "'") +
                      " does not have",
                  {Diags.range(In, At, At + 1)});
      return std::nullopt;
    }
  for (unsigned S : P->board().squares().toVector())
    if (P->at(S).Present && !Set.findByLetter(P->at(S).Type)) {
      char L = P->at(S).Type;
      if (P->at(S).Side == Color::Black)
        L = char(L - 'A' + 'a');
      Diags.error("--position: the piece '" + std::string(1, L) + "' on " +
                  Set.board().squareName(S) + " is none of the set's pieces");
      return std::nullopt;
    }
  return P;
}

} // namespace

std::optional<PositionMoves> fairy::positionMoves(Compilation &C) {
  DiagnosticEngine &Diags = C.Diags;
  const PieceSet &Set = C.set();
  const Invocation &Inv = C.Inv;
  auto P = positionOf(Diags, Set, Inv.Position);
  if (!P)
    return std::nullopt;
  const Board &B = P->board(); // the set's, with the position's walls
  Set.describeTo(*P);
  // Off its start square a piece has moved.
  if (Set.Start)
    for (unsigned S : B.squares().toVector()) {
      const Occupant &Now = P->at(S), &Then = Set.Start->at(S);
      if (Now.Present &&
          (!Then.Present || Then.Type != Now.Type || Then.Side != Now.Side))
        P->Moved.set(S);
    }
  std::vector<Color> Sides = {Inv.Side.value_or(P->SideToMove)};
  if (Inv.BothSides)
    Sides = {Color::White, Color::Black};
  PassContext Ctx;
  Ctx.Board = B.shape();
  std::vector<PlacedMove> All;
  size_t Count[2] = {0, 0};
  for (Color Side : Sides) {
    P->SideToMove = Side;
    for (unsigned S : B.squares().toVector()) {
      const Occupant &O = P->at(S);
      if (!O.Present || O.Side != Side)
        continue;
      const PieceDef *D = Set.findByLetter(O.Type);
      std::string Error;
      NodeRef IR = optimize(D->movesFor(Side), Inv.OptLevel, Ctx);
      std::shared_ptr<FastEvaluator> Fast =
          FastEvaluator::compile(IR, B, Error);
      std::optional<Destinations> Dest;
      if (Fast)
        Dest = Fast->evaluate(*P, S, Side, Error);
      if (!Dest) {
        Diags.error("cannot evaluate '" + D->Name + "' on " + B.squareName(S) +
                    ": " + Error);
        return std::nullopt;
      }
      Count[(int)Side] += Dest->all().count();
      All.push_back({S, D, Side, std::move(*Dest), IR, std::move(Fast)});
    }
  }
  return PositionMoves{std::move(*P),
                       std::move(All),
                       {Count[0], Count[1]},
                       Sides,
                       Inv.BothSides ? "both" : sideName(Sides[0])};
}
