//===- Builder.cpp - Convenience constructors for IR trees ----------------===//
#include "fairy/IR/Builder.h"

using namespace fairy;

static NodeRef repeatOrSimpler(NodeKind Kind, RangeList R, NodeRef A) {
  if (auto K = R.single()) {
    if (*K == 0)
      return ir::emptyPath();
    if (*K == 1)
      return A;
  }
  return Node::makeRepeat(Kind, std::move(R), std::move(A));
}

NodeRef ir::rideOrSimpler(RangeList R, NodeRef A) {
  return repeatOrSimpler(NodeKind::Ride, std::move(R), std::move(A));
}

NodeRef ir::repOrSimpler(RangeList R, NodeRef A) {
  return repeatOrSimpler(NodeKind::Rep, std::move(R), std::move(A));
}

static NodeRef flatList(NodeKind K, std::vector<NodeRef> Cs) {
  std::vector<NodeRef> Flat;
  for (NodeRef &C : Cs) {
    if (C->is(K))
      Flat.insert(Flat.end(), C->children().begin(), C->children().end());
    else
      Flat.push_back(std::move(C));
  }
  if (Flat.size() == 1)
    return Flat.front();
  return Node::makeList(K, std::move(Flat));
}

NodeRef ir::seqFlat(std::vector<NodeRef> Cs) {
  return flatList(NodeKind::Seq, std::move(Cs));
}
NodeRef ir::altFlat(std::vector<NodeRef> Cs) {
  return flatList(NodeKind::Alt, std::move(Cs));
}
