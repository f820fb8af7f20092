//===- BoardShape.h - The geometry a pass may rely on -----------*- C++ -*-===//
#ifndef FAIRY_IR_BOARDSHAPE_H
#define FAIRY_IR_BOARDSHAPE_H

#include "fairy/IR/Vec.h"

#include <algorithm>
#include <cstdlib>

namespace fairy {

/// What passes may know of the board the moveset will be evaluated on.
struct BoardShape {
  /// No supported board is longer than this along any axis.
  static constexpr int MaxSide = 64;

  int Width = 8, Height = 8, Depth = 1;
  bool HasHoles = false;
  int maxSide() const { return std::max(Width, std::max(Height, Depth)); }
  /// Whether a leg by \p V can land anywhere on the box.
  bool fits(Vec V) const {
    return std::abs(V.x) < Width && std::abs(V.y) < Height &&
           std::abs(V.z) < Depth;
  }
};

} // namespace fairy

#endif
