//===- Node.cpp - The moveset IR ------------------------------------------===//
#include "fairy/IR/Node.h"

#include <iterator>

using namespace fairy;

namespace {
struct LandName {
  uint8_t Mask;
  const char *Name;
};
} // namespace

static const LandName LandNames[] = {
    {0, "never"},
    {Land::Empty, "empty"},
    {Land::Friend, "friend"},
    {Land::Enemy, "enemy"},
    {Land::Empty | Land::Friend, "notenemy"},
    {Land::Empty | Land::Enemy, "notfriend"},
    {Land::Friend | Land::Enemy, "occupied"},
    {Land::All, "any"},
};

const char *Land::name() const {
  for (const LandName &N : LandNames)
    if (N.Mask == Mask)
      return N.Name;
  return "any";
}

bool Land::fromName(const std::string &Name, Land &Out) {
  for (const LandName &N : LandNames)
    if (Name == N.Name) {
      Out = Land(N.Mask);
      return true;
    }
  return false;
}

const char *fairy::effectName(Effect E) {
  switch (E) {
  case Effect::Capture:
    return "capture";
  case Effect::Promote:
    return "promote";
  case Effect::EnPassant:
    return "enpassant";
  case Effect::None:
    break;
  }
  return "none";
}

bool fairy::effectFromName(const std::string &Name, Effect &Out) {
  if (Name == "capture")
    Out = Effect::Capture;
  else if (Name == "promote")
    Out = Effect::Promote;
  else if (Name == "enpassant")
    Out = Effect::EnPassant;
  else if (Name == "none")
    Out = Effect::None;
  else
    return false;
  return true;
}

AxisPredicate AxisPredicate::inFrame(const Transform &Frame) const {
  // The predicate reads u[Axis] of a vector u of this frame; an outer vector
  // is v = Frame(u), so u[Frame.Perm[i]] = Frame.Sign[i] * v[i].
  AxisPredicate R = *this;
  for (unsigned I = 0; I < 3; ++I)
    if (Frame.Perm[I] == Axis) {
      R.Axis = I;
      R.Sign = Sign * Frame.Sign[I];
    }
  return R;
}

std::string AxisPredicate::str() const {
  static const char *Axes[] = {"x", "y", "z"};
  std::string S = Axes[Axis];
  if (Sign > 0)
    return S + " >= " + std::to_string(K);
  return S + " <= " + std::to_string(-K);
}

static const char *const GuardNames[] = {
    "initial",  "zone",     "state",    "origin",   "lastto",
    "lastfrom", "sametype", "attacked", "defended", "passed",
    "royal",    "advanced", "unmoved"};

const char *GuardPredicate::kindName(Kind K) { return GuardNames[K]; }

bool GuardPredicate::kindFromName(const std::string &Name, Kind &Out) {
  for (unsigned I = 0; I < std::size(GuardNames); ++I)
    if (Name == GuardNames[I]) {
      Out = Kind(I);
      return true;
    }
  return false;
}

std::string GuardPredicate::str() const {
  std::string S = (Negated ? "!" : "") + std::string(kindName(K));
  if (hasNumber())
    S += " " + std::to_string(ZoneId);
  return S;
}

const char *fairy::kindName(NodeKind K) {
  switch (K) {
  case NodeKind::Leg:
    return "leg";
  case NodeKind::Seq:
    return "seq";
  case NodeKind::Alt:
    return "alt";
  case NodeKind::Rep:
    return "rep";
  case NodeKind::Ride:
    return "ride";
  case NodeKind::Sym:
    return "sym";
  case NodeKind::Filter:
    return "filter";
  case NodeKind::Guard:
    return "guard";
  case NodeKind::Prio:
    return "prio";
  case NodeKind::Ahead:
    return "ahead";
  case NodeKind::Borrow:
    return "borrow";
  }
  return "?";
}

size_t Node::size() const {
  size_t N = 1;
  for (const NodeRef &C : Children)
    N += C->size();
  return N;
}

NodeRef Node::makeLeg(Vec V, Land L, Effect E) {
  auto N = std::make_shared<Node>(NodeKind::Leg);
  N->V = V;
  N->L = L;
  N->E = E;
  return N;
}

NodeRef Node::makeList(NodeKind K, std::vector<NodeRef> Children) {
  auto N = std::make_shared<Node>(K);
  N->Children = std::move(Children);
  return N;
}

NodeRef Node::makeRepeat(NodeKind K, RangeList R, NodeRef Operand) {
  auto N = std::make_shared<Node>(K);
  N->R = std::move(R);
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeSym(TransformSet S, NodeRef Operand) {
  auto N = std::make_shared<Node>(NodeKind::Sym);
  N->S = std::move(S);
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeFilter(AxisPredicate P, NodeRef Operand) {
  auto N = std::make_shared<Node>(NodeKind::Filter);
  N->P = P;
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeGuard(GuardPredicate G, NodeRef Operand) {
  auto N = std::make_shared<Node>(NodeKind::Guard);
  N->G = G;
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeAhead(bool Negated, NodeRef Operand) {
  auto N = std::make_shared<Node>(NodeKind::Ahead);
  N->G.Negated = Negated;
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeBorrow(NodeRef Operand) {
  auto N = std::make_shared<Node>(NodeKind::Borrow);
  N->Children.push_back(std::move(Operand));
  return N;
}

bool fairy::equal(const Node &A, const Node &B) {
  if (A.kind() != B.kind() || A.children().size() != B.children().size())
    return false;
  switch (A.kind()) {
  case NodeKind::Leg:
    if (A.vec() != B.vec() || A.land() != B.land() || A.effect() != B.effect())
      return false;
    break;
  case NodeKind::Rep:
  case NodeKind::Ride:
    if (A.range() != B.range())
      return false;
    break;
  case NodeKind::Sym:
    if (A.transforms() != B.transforms())
      return false;
    break;
  case NodeKind::Filter:
    if (!(A.predicate() == B.predicate()))
      return false;
    break;
  case NodeKind::Guard:
    if (!(A.guard() == B.guard()))
      return false;
    break;
  case NodeKind::Ahead:
    if (A.negated() != B.negated())
      return false;
    break;
  default:
    break;
  }
  for (size_t I = 0; I < A.children().size(); ++I)
    if (!equal(*A.children()[I], *B.children()[I]))
      return false;
  return true;
}
