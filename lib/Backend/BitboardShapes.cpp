//===- BitboardShapes.cpp - Parts of a moveset and rider shapes ----------===//
//
// How the bitboard back end and the move generator see a moveset: a union
// of parts, and the parts that are plain riders (walked on the board, not
// evaluated).
//
//===----------------------------------------------------------------------===//
#include "BitboardTables.h"
#include "fairy/IR/Builder.h"

#include <algorithm>

using namespace fairy;

namespace fairy {
namespace bitboard {

/// The moveset as a union of parts, symmetries pushed into alternatives so
/// that a queen becomes a rook part and a bishop part.
void splitParts(const NodeRef &N, std::vector<NodeRef> &Parts) {
  if (N->is(NodeKind::Alt)) {
    for (const NodeRef &C : N->children())
      splitParts(C, Parts);
    return;
  }
  if (N->is(NodeKind::Sym) && N->operand()->is(NodeKind::Alt)) {
    for (const NodeRef &C : N->operand()->children())
      splitParts(ir::sym(N->transforms(), C), Parts);
    return;
  }
  Parts.push_back(N);
}

std::optional<RiderShape> riderShape(const NodeRef &Part) {
  const Node *Body = Part.get();
  std::vector<Transform> Ts = {Transform::identity()};
  if (Body->is(NodeKind::Sym)) {
    Ts = Body->transforms().transforms();
    Body = Body->operand().get();
  }
  if (!Body->is(NodeKind::Seq) || Body->children().size() != 2)
    return std::nullopt;
  const Node &Ride = *Body->children()[0], &Last = *Body->children()[1];
  if (!Ride.is(NodeKind::Ride) || !Last.is(NodeKind::Leg) ||
      !Ride.operand()->is(NodeKind::Leg))
    return std::nullopt;
  const Node &Step = *Ride.operand();
  const auto &Parts = Ride.range().intervals();
  if (Parts.size() != 1 || Parts[0].Lo != 0 || Step.vec() != Last.vec() ||
      Step.land() != Land::empty() || Last.land() != Land::notFriend() ||
      Step.effect() != Effect::None || Last.effect() != Effect::None)
    return std::nullopt;
  RiderShape R;
  R.MaxSteps = Parts[0].isUnbounded() ? 0 : Parts[0].Hi + 1;
  for (const Transform &T : Ts) {
    Vec D = T.apply(Step.vec());
    if (std::find(R.Dirs.begin(), R.Dirs.end(), D) == R.Dirs.end())
      R.Dirs.push_back(D);
  }
  return R;
}

/// The squares of each ray of \p R from \p Origin, nearest first. Black's
/// moves are White's turned half round, as the evaluators turn them.
std::vector<std::vector<unsigned>> raysOf(const RiderShape &R, const Board &B,
                                          unsigned Origin, Color Side) {
  std::vector<std::vector<unsigned>> Rays;
  for (Vec D : R.Dirs) {
    if (Side == Color::Black)
      D = Transform::rotate180().apply(D);
    std::vector<unsigned> Ray;
    Vec C = B.coord(Origin);
    for (int K = 1; R.MaxSteps == 0 || K <= R.MaxSteps; ++K) {
      C = Vec(C.x + D.x, C.y + D.y, C.z + D.z);
      if (!B.contains(C))
        break;
      Ray.push_back(B.index(C));
    }
    Rays.push_back(std::move(Ray));
  }
  return Rays;
}

} // namespace bitboard
} // namespace fairy
