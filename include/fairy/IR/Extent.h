//===- Extent.h - How far a moveset reaches ---------------------*- C++ -*-===//
//
// A box, relative to the square a moveset starts from, that holds every
// square any of its paths lands on. Used to draw a moveset on the
// unbounded plane: a board this large around the piece behaves like no
// board at all.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_IR_EXTENT_H
#define FAIRY_IR_EXTENT_H

#include "fairy/IR/Node.h"

#include <optional>

namespace fairy {

/// An axis-aligned box of displacements; may be empty.
struct Box {
  Vec Lo, Hi;
  bool Empty = true;

  static Box point(Vec V) { return {V, V, false}; }
  /// The smallest box holding both.
  Box hull(const Box &O) const;
  /// Every a + b with a in this box and b in \p O.
  Box plus(const Box &O) const;
  /// The largest |coordinate| of any point (0 if empty).
  int radius() const;
};

/// The box of every landing square of every path of \p N, and of the start
/// square; nullopt when an unbounded repetition makes it infinite.
/// Conservative: filters and landing conditions are not taken into account.
std::optional<Box> landingBox(const Node &N);

/// Whether any leg of \p N moves along z, or a symmetry moves z.
bool usesZ(const Node &N);

} // namespace fairy

#endif
