//===- Symmetry.h - Signed axis permutations and named groups ---*- C++ -*-===//
//
// A Transform maps a vector by permuting its axes and flipping signs:
// result[i] = Sign[i] * v[Perm[i]]. They form the hyperoctahedral group
// (48 elements in 3D; the 8 that fix z are the dihedral group D4 of the
// square). A TransformSet is what a `sym` node applies: a sorted set of
// transforms, often but not necessarily a group, with names for the usual
// ones (d4, lr, fb, ...).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_IR_SYMMETRY_H
#define FAIRY_IR_SYMMETRY_H

#include "fairy/IR/Vec.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

struct Transform {
  std::array<unsigned char, 3> Perm = {0, 1, 2};
  std::array<signed char, 3> Sign = {1, 1, 1};

  static Transform identity() { return {}; }
  /// (x, y, z) -> (-x, -y, z): how Black's moves follow from White's.
  static Transform rotate180();

  Vec apply(Vec V) const {
    Vec R;
    for (unsigned I = 0; I < 3; ++I)
      R[I] = Sign[I] * V[Perm[I]];
    return R;
  }
  /// The transform that applies \p Inner first, then this one.
  Transform compose(const Transform &Inner) const;
  Transform inverse() const;
  /// True when z is left alone (the transform acts on the 2D plane).
  bool fixesZ() const { return Perm[2] == 2 && Sign[2] == 1; }
  bool isIdentity() const { return *this == Transform(); }
  /// "[-x,y]" or "[x,y,-z]": the image of (x, y, z).
  std::string str(bool With3D) const;

  bool operator==(const Transform &O) const {
    return Perm == O.Perm && Sign == O.Sign;
  }
  bool operator!=(const Transform &O) const { return !(*this == O); }
  bool operator<(const Transform &O) const {
    return Perm != O.Perm ? Perm < O.Perm : Sign < O.Sign;
  }
};

class TransformSet {
public:
  TransformSet() = default;
  /// Sorts and removes duplicates.
  explicit TransformSet(std::vector<Transform> Ts);

  /// The named sets: id, lr, fb, rot180, lrfb, swap, c4 (the rotations),
  /// d4 (2D); ud, mirror3 (all 8 sign flips), cube (all 48) for 3D boards.
  static std::optional<TransformSet> named(const std::string &Name);
  static TransformSet d4();
  /// The name of this set if it is a named one, else empty.
  std::string name() const;
  static const std::vector<std::string> &names();

  const std::vector<Transform> &transforms() const { return Ts; }
  size_t size() const { return Ts.size(); }
  bool empty() const { return Ts.empty(); }
  bool fixesZ() const;
  /// "d4", or "[x,y],[-x,y]" for an unnamed set.
  std::string str() const;

  bool operator==(const TransformSet &O) const { return Ts == O.Ts; }
  bool operator!=(const TransformSet &O) const { return !(*this == O); }

private:
  std::vector<Transform> Ts;
};

} // namespace fairy

#endif
