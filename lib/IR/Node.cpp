//===- Node.cpp - The moveset IR ------------------------------------------===//
#include "fairy/IR/Node.h"

#include <iterator>

#include <unordered_map>

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

namespace {
// Nodes made on this thread, and the count at which the next one throws.
thread_local uint64_t NodesMade = 0;
thread_local uint64_t NodeLimit = UINT64_MAX;
thread_local uint64_t NodeLimitBudget = 0;

std::shared_ptr<Node> newNode(NodeKind K) {
  if (++NodesMade > NodeLimit)
    throw NodeBudgetExceeded{NodeLimitBudget};
  return std::make_shared<Node>(K);
}

/// Folds \p Combine over the DAG under \p Root bottom-up, once per distinct
/// node, with an explicit stack: Combine(node, child values) -> value.
template <typename CombineFn>
size_t foldDag(const Node &Root, CombineFn Combine) {
  std::unordered_map<const Node *, size_t> Done;
  std::vector<std::pair<const Node *, size_t>> Stack = {{&Root, 0}};
  while (!Stack.empty()) {
    auto &[N, Next] = Stack.back();
    if (Next < N->children().size()) {
      const Node *C = N->children()[Next++].get();
      if (C && !Done.count(C))
        Stack.push_back({C, 0});
      continue;
    }
    std::vector<size_t> Values;
    for (const NodeRef &C : N->children())
      Values.push_back(C ? Done[C.get()] : 0);
    Done[N] = Combine(Values);
    Stack.pop_back();
  }
  return Done[&Root];
}
} // namespace

NodeBudget::NodeBudget(uint64_t Budget) : SavedLimit(NodeLimit) {
  uint64_t Limit =
      NodesMade > UINT64_MAX - Budget ? UINT64_MAX : NodesMade + Budget;
  if (Limit < NodeLimit) {
    NodeLimit = Limit;
    NodeLimitBudget = Budget;
  }
}

NodeBudget::~NodeBudget() { NodeLimit = SavedLimit; }

size_t Node::size() const {
  if (size_t Known = KnownSize.load(std::memory_order_relaxed))
    return Known;
  // Post-order over the nodes whose size is not known yet, with an
  // explicit stack (any depth); each node's size is stored as it is found.
  constexpr size_t Cap = SIZE_MAX / 2;
  std::vector<std::pair<const Node *, size_t>> Stack = {{this, 0}};
  while (!Stack.empty()) {
    auto &[N, Next] = Stack.back();
    if (Next < N->Children.size()) {
      const Node *C = N->Children[Next++].get();
      if (C && !C->KnownSize.load(std::memory_order_relaxed))
        Stack.push_back({C, 0});
      continue;
    }
    size_t Total = 1;
    for (const NodeRef &C : N->Children)
      if (C)
        Total =
            std::min(Cap, Total + C->KnownSize.load(std::memory_order_relaxed));
    N->KnownSize.store(Total, std::memory_order_relaxed);
    Stack.pop_back();
  }
  return KnownSize.load(std::memory_order_relaxed);
}

size_t Node::depth() const {
  return foldDag(*this, [](const std::vector<size_t> &Children) {
    size_t D = 0;
    for (size_t C : Children)
      D = std::max(D, C);
    return D + 1;
  });
}

NodeRef Node::makeLeg(Vec V, Land L, Effect E) {
  auto N = newNode(NodeKind::Leg);
  N->V = V;
  N->L = L;
  N->E = E;
  return N;
}

NodeRef Node::makeList(NodeKind K, std::vector<NodeRef> Children) {
  auto N = newNode(K);
  N->Children = std::move(Children);
  return N;
}

NodeRef Node::makeRepeat(NodeKind K, RangeList R, NodeRef Operand) {
  auto N = newNode(K);
  N->R = std::move(R);
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeSym(TransformSet S, NodeRef Operand) {
  auto N = newNode(NodeKind::Sym);
  N->S = std::move(S);
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeFilter(AxisPredicate P, NodeRef Operand) {
  auto N = newNode(NodeKind::Filter);
  N->P = P;
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeGuard(GuardPredicate G, NodeRef Operand) {
  auto N = newNode(NodeKind::Guard);
  N->G = G;
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeAhead(bool Negated, NodeRef Operand) {
  auto N = newNode(NodeKind::Ahead);
  N->G.Negated = Negated;
  N->Children.push_back(std::move(Operand));
  return N;
}

NodeRef Node::makeBorrow(NodeRef Operand) {
  auto N = newNode(NodeKind::Borrow);
  N->Children.push_back(std::move(Operand));
  return N;
}

bool fairy::equal(const Node &A, const Node &B) {
  if (&A == &B) // shared subtrees: no need to look inside
    return true;
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
