//===- Plane.h - Moves on the unbounded plane -------------------*- C++ -*-===//
//
// fairy-notation draws a piece with no board around it, sized to its
// destinations. fairyc evaluates on a board large enough that no path from
// its centre can leave it (which is the unbounded plane for that piece),
// then crops the result to the smallest square around the piece that
// shows what matters.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_PLANE_H
#define FAIRY_EVAL_PLANE_H

#include "fairy/Eval/Evaluator.h"

#include <optional>
#include <string>
#include <vector>

namespace fairy {

/// An empty board on which \p IR, from the centre, moves as on the unbounded
/// plane: 2D, or 3D when \p IR moves along z. nullopt with \p Error if the
/// moves reach too far for any supported board or never end.
std::optional<Board> planeFor(const Node &IR, std::string &Error);

/// A position cut down to the squares around a piece.
struct Cropped {
  Position P;
  unsigned Origin = 0;
  Destinations D;
  /// The new index of each old square, or -1 if it was cut away.
  std::vector<int> NewIndex;
};

/// \p P cut to the smallest square (cube on 3D boards) centred on
/// \p Origin that holds \p D and every square of \p Keep, at least 3 wide.
Cropped cropAround(const Position &P, unsigned Origin, const Destinations &D,
                   const SquareSet &Keep);

} // namespace fairy

#endif
