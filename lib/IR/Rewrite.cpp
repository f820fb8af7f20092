//===- Rewrite.cpp - Building new trees from old ones ---------------------===//
#include "fairy/IR/Rewrite.h"

using namespace fairy;

NodeRef fairy::withChildren(const Node &N, std::vector<NodeRef> Children) {
  switch (N.kind()) {
  case NodeKind::Leg:
    return Node::makeLeg(N.vec(), N.land(), N.effect());
  case NodeKind::Seq:
  case NodeKind::Alt:
  case NodeKind::Prio:
    return Node::makeList(N.kind(), std::move(Children));
  case NodeKind::Rep:
  case NodeKind::Ride:
    return Node::makeRepeat(N.kind(), N.range(), Children.front());
  case NodeKind::Sym:
    return Node::makeSym(N.transforms(), Children.front());
  case NodeKind::Filter:
    return Node::makeFilter(N.predicate(), Children.front());
  case NodeKind::Guard:
    return Node::makeGuard(N.guard(), Children.front());
  case NodeKind::Ahead:
    return Node::makeAhead(N.negated(), Children.front());
  case NodeKind::Borrow:
    return Node::makeBorrow(Children.front());
  }
  return nullptr;
}

NodeRef
fairy::rewriteBottomUp(const NodeRef &N,
                       const std::function<NodeRef(const NodeRef &)> &Fn) {
  if (N->children().empty())
    return Fn(N);
  std::vector<NodeRef> Children;
  bool Changed = false;
  for (const NodeRef &C : N->children()) {
    Children.push_back(rewriteBottomUp(C, Fn));
    Changed |= Children.back() != C;
  }
  return Fn(Changed ? withChildren(*N, std::move(Children)) : N);
}

NodeRef fairy::transformed(const NodeRef &N, const Transform &T) {
  switch (N->kind()) {
  case NodeKind::Leg:
    return Node::makeLeg(T.apply(N->vec()), N->land(), N->effect());
  case NodeKind::Filter:
    return Node::makeFilter(N->predicate().inFrame(T),
                            transformed(N->operand(), T));
  case NodeKind::Sym: {
    std::vector<Transform> Conjugated;
    for (const Transform &S : N->transforms().transforms())
      Conjugated.push_back(T.compose(S).compose(T.inverse()));
    return Node::makeSym(TransformSet(Conjugated),
                         transformed(N->operand(), T));
  }
  default: {
    std::vector<NodeRef> Children;
    for (const NodeRef &C : N->children())
      Children.push_back(transformed(C, T));
    return withChildren(*N, std::move(Children));
  }
  }
}
