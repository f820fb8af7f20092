//===- Position.h - What stands where ---------------------------*- C++ -*-===//
//
// A position is a board, the pieces on it (colour and a type letter), the
// side to move, which pieces have moved (for `guard<initial>`), and named
// zones (for `guard<zone N>`).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_POSITION_H
#define FAIRY_EVAL_POSITION_H

#include "fairy/Eval/Board.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

enum class Color : uint8_t { White, Black };
inline Color opposite(Color C) {
  return C == Color::White ? Color::Black : Color::White;
}

struct Occupant {
  bool Present = false;
  Color Side = Color::White;
  char Type = '?';
};

class Position {
public:
  explicit Position(Board B);

  /// Reads a FEN-like placement: ranks from the top separated by '/', digits
  /// for runs of empty squares, letters for pieces (upper case White, lower
  /// case Black), '*' for a missing square; on 3D boards levels from the
  /// bottom separated by '|'. With \p Size the placement must match it;
  /// without, the board is as large as the placement.
  static std::optional<Position> fromFEN(const std::string &FEN,
                                         const std::optional<Board> &Size,
                                         std::string &Error);

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
  /// Squares whose pieces have moved; the rest are still "initial".
  SquareSet Moved;
  std::map<int, SquareSet> Zones;

private:
  Board B;
  std::vector<Occupant> Squares;
  SquareSet Pieces[2];
};

} // namespace fairy

#endif
