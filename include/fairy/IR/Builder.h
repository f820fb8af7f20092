//===- Builder.h - Convenience constructors for IR trees --------*- C++ -*-===//
#ifndef FAIRY_IR_BUILDER_H
#define FAIRY_IR_BUILDER_H

#include "fairy/IR/Node.h"

namespace fairy::ir {

inline NodeRef leg(Vec V, Land L = Land::any(), Effect E = Effect::None) {
  return Node::makeLeg(V, L, E);
}
inline NodeRef seq(std::vector<NodeRef> Cs) {
  return Node::makeList(NodeKind::Seq, std::move(Cs));
}
inline NodeRef alt(std::vector<NodeRef> Cs) {
  return Node::makeList(NodeKind::Alt, std::move(Cs));
}
inline NodeRef prio(std::vector<NodeRef> Cs) {
  return Node::makeList(NodeKind::Prio, std::move(Cs));
}
/// The empty path (seq of nothing): a move of no legs.
inline NodeRef emptyPath() { return seq({}); }
/// The empty set of paths (alt of nothing).
inline NodeRef nothing() { return alt({}); }
inline NodeRef rep(RangeList R, NodeRef A) {
  return Node::makeRepeat(NodeKind::Rep, std::move(R), std::move(A));
}
inline NodeRef ride(RangeList R, NodeRef A) {
  return Node::makeRepeat(NodeKind::Ride, std::move(R), std::move(A));
}
inline NodeRef sym(TransformSet S, NodeRef A) {
  return Node::makeSym(std::move(S), std::move(A));
}
inline NodeRef sym(const std::string &GroupName, NodeRef A) {
  return Node::makeSym(*TransformSet::named(GroupName), std::move(A));
}
inline NodeRef filter(AxisPredicate P, NodeRef A) {
  return Node::makeFilter(P, std::move(A));
}
inline NodeRef guard(GuardPredicate G, NodeRef A) {
  return Node::makeGuard(G, std::move(A));
}
/// The empty path where \p A has a valid path from the current square.
inline NodeRef ahead(NodeRef A) { return Node::makeAhead(false, std::move(A)); }
/// The empty path where \p A has no valid path from the current square.
inline NodeRef notAhead(NodeRef A) {
  return Node::makeAhead(true, std::move(A));
}
inline NodeRef borrow(NodeRef A) { return Node::makeBorrow(std::move(A)); }

/// ride<R>(A), but without the noise a front end would otherwise emit:
/// ride<1>(A) is A and ride<0>(A) is the empty path.
NodeRef rideOrSimpler(RangeList R, NodeRef A);
/// rep<R>(A), simplified the same way.
NodeRef repOrSimpler(RangeList R, NodeRef A);
/// seq(Cs) with nested seqs flattened and a single element returned as is.
NodeRef seqFlat(std::vector<NodeRef> Cs);
/// alt(Cs) with nested alts flattened and a single element returned as is.
NodeRef altFlat(std::vector<NodeRef> Cs);

} // namespace fairy::ir

#endif
