//===- PositionMoves.h - Every piece's moves in a position -----*- C++ -*-===//
//
// --position with a piece set (or variants.ini section): the pieces
// standing there, each with its moves, for the back ends that list them.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_POSITIONMOVES_H
#define FAIRY_LIB_BACKEND_POSITIONMOVES_H

#include "fairy/Backend/Compilation.h"

#include <memory>
#include <optional>
#include <vector>

namespace fairy {

/// One piece standing in the position, and its moves there.
struct PlacedMove {
  unsigned Square;
  const PieceDef *Def;
  Color Side;
  Destinations D;
  NodeRef IR;                          ///< optimised, for its picture
  std::shared_ptr<FastEvaluator> Fast; ///< that found D
};

struct PositionMoves {
  Position P; ///< the position, knowing the set's pieces
  std::vector<PlacedMove> All;
  size_t Count[2]; ///< moves of White and of Black
  std::vector<Color> Sides;
  const char *SideWord; ///< "white", "black" or "both"
};

/// The moves of the pieces of --side (or of both, --side=both) standing in
/// --position ("start": the set's start position); nullopt after an error.
std::optional<PositionMoves> positionMoves(Compilation &C);

} // namespace fairy

#endif
