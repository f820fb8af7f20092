//===- Position.h - What stands where ---------------------------*- C++ -*-===//
//
// A position is a board, the pieces on it (colour and a type letter), the
// side to move, which pieces have moved (for `guard<initial>`), pieces'
// other states (`guard<state N>`), named zones (`guard<zone N>`), the
// previous move (`guard<lastto>`, `guard<lastfrom>`), and the moves of the
// pieces on it, for attack conditions (`guard<attacked>`).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_POSITION_H
#define FAIRY_EVAL_POSITION_H

#include "fairy/Eval/Board.h"
#include "fairy/Eval/Color.h"
#include "fairy/IR/Node.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

struct Occupant {
  bool Present = false;
  Color Side = Color::White;
  char Type = '?';
};

/// The moves of each kind of piece, by side and type letter (upper case),
/// for attack conditions: whether a square is attacked depends on what the
/// pieces standing around can do.
class PieceTable {
public:
  void define(Color Side, char Type, NodeRef Moves);
  /// The moveset of \p Side's pieces of \p Type, or null if undefined.
  const NodeRef *find(Color Side, char Type) const;
  bool empty() const { return Moves.empty(); }

private:
  std::map<std::pair<Color, char>, NodeRef> Moves;
};

struct Move {
  unsigned From = 0, To = 0;
};

class Position {
public:
  explicit Position(Board B);

  /// Reads a FEN-like placement: ranks from the top separated by '/', digits
  /// for runs of empty squares, letters for pieces (upper case White, lower
  /// case Black), '*' for a missing square; on 3D boards levels from the
  /// bottom separated by '|'. With \p Size the placement must match it;
  /// without, the board is as large as the placement. FEN's further fields
  /// may follow: side to move (w or b; sets SideToMove and SideGiven),
  /// castling rights (checked, not used), and the en passant square, from
  /// which the previous move (a double step through it) is inferred.
  static std::optional<Position> fromFEN(const std::string &FEN,
                                         const std::optional<Board> &Size,
                                         std::string &Error);

  /// The placement as fromFEN reads it (ranks from the top, digits for
  /// empty runs, '*' for missing squares, levels from the bottom separated
  /// by '|'), followed by the side to move when SideGiven; fromFEN of it
  /// gives back the board's squares and pieces.
  std::string toFEN() const;

  const Board &board() const { return B; }
  Board &board() { return B; }
  const Occupant &at(unsigned I) const { return Squares[I]; }
  void place(unsigned I, Color Side, char Type);
  void clear(unsigned I);
  bool hasPieces() const;
  /// The squares holding pieces of \p Side (kept up to date by place and
  /// clear, so evaluators read occupancy in a few word operations).
  const SquareSet &piecesOf(Color Side) const { return Pieces[(int)Side]; }

  Color SideToMove = Color::White;
  bool SideGiven = false; ///< the FEN named the side to move
  /// Squares whose pieces have moved; the rest are still "initial".
  SquareSet Moved;
  /// Squares whose pieces stand one rank ahead of their start square
  /// (`guard<advanced>`, XBoard's `ii` moves: the Wildebeest pawn).
  SquareSet Advanced;
  std::map<int, SquareSet> Zones;
  /// State N (N >= 1) holds for the pieces on the squares of States[N].
  std::map<int, SquareSet> States;
  std::optional<Move> LastMove;
  /// The type letters of royal pieces (Betza's k and t): kings by default.
  std::string RoyalTypes = "K";
  bool isRoyal(unsigned Square) const {
    return Squares[Square].Present &&
           RoyalTypes.find(Squares[Square].Type) != std::string::npos;
  }
  /// The moving piece's type when its square is empty in the position.
  char MoverType = '?';
  /// The moves of the pieces on the board, for attack conditions.
  std::shared_ptr<const PieceTable> Definitions;
  /// Set while the evaluators work out which squares a piece attacks: its
  /// own attack conditions then hold (a king guards the squares next to it
  /// whether or not they are attacked), which also ends the recursion.
  bool AttackConditionsHold = false;
  /// Set while the evaluators work out moves a piece borrows (XBetza's
  /// final x): borrowed moves borrow nothing further, which also ends the
  /// recursion of two pieces that borrow from each other.
  bool BorrowingOff = false;

  /// The squares the previous move passed over: those strictly between its
  /// ends on the line joining them (e6 after e7-e5; none after a knight's
  /// leap). Every move that passes a square makes it an en passant square.
  SquareSet passedSquares() const;
  /// Whether an en passant capture by \p Mover (from \p Origin) finds an
  /// enemy piece where the previous move ended.
  bool enPassantTarget(unsigned Origin, Color Mover) const {
    if (!LastMove || LastMove->To == Origin)
      return false;
    const Occupant &O = Squares[LastMove->To];
    return O.Present && O.Side != Mover;
  }

  /// The type letter of the piece moving from \p Origin.
  char moverType(unsigned Origin) const {
    return Squares[Origin].Present ? Squares[Origin].Type : MoverType;
  }

private:
  Board B;
  std::vector<Occupant> Squares;
  SquareSet Pieces[2];
};

} // namespace fairy

#endif
