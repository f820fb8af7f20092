//===- PathShapes.cpp - A moveset as classified paths
//----------------------===//
//
// What the notation writers (--emit=betza, --emit=fairy) share: the IR
// taken apart into one path per symmetry image, each recognised as one of
// the shapes front ends make.
//
//===----------------------------------------------------------------------===//
#include "PathShapes.h"

#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"

#include <cstdlib>

using namespace fairy;
using namespace fairy::shapes;

namespace {

/// Thrown with the reason when a path has none of the shapes.
struct CannotWrite {
  std::string Why;
};

bool isLeg(const Node &N, Vec V, Land L) {
  return N.is(NodeKind::Leg) && N.vec() == V && N.land() == L &&
         N.effect() == Effect::None;
}

/// ride<0..k-1>(leg(V; empty)) or ride<0..>(...): the steps before the last.
bool isSlide(const Node &N, Vec V, int &Range) {
  if (!N.is(NodeKind::Ride) || !isLeg(*N.operand(), V, Land::empty()))
    return false;
  const RangeList &R = N.range();
  if (R.intervals().size() != 1 || R.min() != 0)
    return false;
  if (R.isUnbounded()) {
    Range = 0;
    return true;
  }
  Range = R.intervals()[0].Hi + 1;
  return true;
}

} // namespace

bool fairy::shapes::flatten(const NodeRef &N, std::vector<NodeRef> &Out) {
  if (Out.size() >= MaxFlatParts)
    return false;
  if (N->is(NodeKind::Seq)) {
    for (const NodeRef &C : N->children())
      if (!flatten(C, Out))
        return false;
    return true;
  }
  if (N->is(NodeKind::Ride) || N->is(NodeKind::Rep))
    if (auto K = N->range().single()) {
      for (int I = 0; I < *K; ++I)
        if (!flatten(N->operand(), Out))
          return false;
      return true;
    }
  Out.push_back(N);
  return true;
}

namespace {

/// When a path may be made: always, initial ('i'), advanced ('ii').
enum class When { Always, Initial, Advanced };

Move classify(const NodeRef &Path, When W, bool XBoard) {
  Move M;
  M.Initial = W == When::Initial;
  M.Advanced = W == When::Advanced;
  std::vector<NodeRef> C;
  if (!flatten(Path, C))
    throw CannotWrite{"a path of more than " + std::to_string(MaxFlatParts) +
                      " legs"};
  if (C.empty())
    throw CannotWrite{"the empty move"};
  const Node &N = C.size() == 1 ? *C[0] : *Path;
  if (C.size() == 1 && N.is(NodeKind::Leg) && N.effect() == Effect::None) {
    M.V = N.vec();
    M.Final = N.land();
    return M;
  }
  if (N.is(NodeKind::Borrow))
    throw CannotWrite{"moves borrowed from an own piece (XBetza's final "
                      "'x', which --emit=betza writes)"};
  for (const NodeRef &Part : C)
    if (Part->is(NodeKind::Ahead))
      throw CannotWrite{"a move that looks past its destination (castling, "
                        "XBetza's 'O', which --emit=betza writes)"};
  if (C.size() == 1)
    throw CannotWrite{"'" + printNodeHeader(N) +
                      "' is not a leap, a rider, a lame leap or a hopper"};
  const Node &Last = *C.back();
  if (Last.is(NodeKind::Leg) && Last.effect() == Effect::EnPassant)
    throw CannotWrite{"an en passant capture"};
  if (Last.is(NodeKind::Leg) && Last.effect() == Effect::Promote)
    throw CannotWrite{"a promotion"};
  if (!Last.is(NodeKind::Leg) || Last.effect() != Effect::None)
    throw CannotWrite{"a move that does not end with a plain landing"};
  Vec V = Last.vec();
  M.Final = Last.land();
  int Range;
  if (C.size() == 2 && isSlide(*C[0], V, Range)) {
    M.S = Shape::Rider;
    M.V = V;
    M.Range = Range;
    return M;
  }
  if (C.size() == 4 && isSlide(*C[0], V, Range) && Range == 0 &&
      isLeg(*C[1], V, Land::occupied()) && isSlide(*C[2], V, Range) &&
      Range == 0) {
    M.S = Shape::Hop;
    M.V = V;
    return M;
  }
  if (C.size() == 3 && isSlide(*C[0], V, Range) && Range == 0 &&
      isLeg(*C[1], V, Land::occupied())) {
    M.S = Shape::Grasshop;
    M.V = V;
    return M;
  }
  // A lame leap: Fairy-Stockfish's unit steps over empty squares.
  const char *MultiLeg =
      "a multi-leg move that is not a leap, a rider, a lame leap or a hopper";
  Vec Sum;
  for (const NodeRef &L : C) {
    if (!L->is(NodeKind::Leg) || L->effect() != Effect::None)
      throw CannotWrite{MultiLeg};
    Sum = Sum + L->vec();
  }
  std::vector<Vec> Steps = lameSteps(Sum);
  bool Lame = Steps.size() == C.size();
  for (size_t I = 0; Lame && I < C.size(); ++I)
    Lame = C[I]->vec() == Steps[I] &&
           (I + 1 == C.size() || C[I]->land() == Land::empty());
  // XBoard's lame leap tests one square, the midpoint; for N, A and D
  // that is Fairy-Stockfish's path too.
  bool Midpoint = XBoard && !Lame && C.size() == 2 &&
                  isLeg(*C[0], midpoint(Sum), Land::empty()) &&
                  !midpoint(Sum).isZero();
  if (!Lame && !Midpoint)
    throw CannotWrite{MultiLeg};
  M.S = Shape::Lame;
  M.V = Sum;
  M.Midpoint = Midpoint;
  return M;
}

/// Whether some leg of \p N satisfies \p P. In the shapes Betza writes
/// every leg inside a path is made (a slide's legs equal its last one).
bool someLeg(const Node &N, const AxisPredicate &P) {
  if (N.is(NodeKind::Leg))
    return P.holds(N.vec());
  for (const NodeRef &C : N.children())
    if (someLeg(*C, P))
      return true;
  return false;
}

/// Nodes paths() may visit and copy for one moveset. Nested symmetries
/// multiply their images (sym<lr> nested 255 deep has 2^255), far past any
/// moveset Betza or Parlett could write out.
constexpr size_t MaxPathWork = 1'000'000;

/// The paths of \p N, one per symmetry image, with when they may be made.
/// \p Work counts the nodes visited and copied, up to MaxPathWork.
void paths(const NodeRef &N, When W, bool XBoard,
           std::vector<std::pair<NodeRef, When>> &Out, size_t &Work) {
  if (++Work > MaxPathWork)
    throw CannotWrite{"a moveset whose symmetries expand to more than " +
                      std::to_string(MaxPathWork) +
                      " nodes of paths (run -O1 to merge them first)"};
  switch (N->kind()) {
  case NodeKind::Alt:
    for (const NodeRef &C : N->children())
      paths(C, W, XBoard, Out, Work);
    return;
  case NodeKind::Sym:
    for (const Transform &T : N->transforms().transforms()) {
      if (!T.fixesZ())
        throw CannotWrite{"Betza has no moves between levels of a 3D board"};
      Work += N->operand()->size();
      paths(transformed(N->operand(), T), W, XBoard, Out, Work);
    }
    return;
  case NodeKind::Guard: {
    const GuardPredicate &G = N->guard();
    bool Advanced = XBoard && G.K == GuardPredicate::Advanced;
    if ((G.K != GuardPredicate::Initial && !Advanced) || G.Negated ||
        W != When::Always)
      throw CannotWrite{
          XBoard ? "a guard other than 'initial' (Betza's 'i') and "
                   "'advanced' (XBoard's 'ii')"
          : G.K == GuardPredicate::Advanced
              ? "a guard 'advanced' (XBoard's 'ii': --betza=xboard)"
              : "a guard other than 'initial' (Betza's 'i')"};
    paths(N->operand(), Advanced ? When::Advanced : When::Initial, XBoard, Out,
          Work);
    return;
  }
  case NodeKind::Filter: {
    // Filters select whole images; Betza selects them with letters.
    std::vector<std::pair<NodeRef, When>> Inner;
    paths(N->operand(), W, XBoard, Inner, Work);
    for (auto &P : Inner)
      if (someLeg(*P.first, N->predicate()))
        Out.push_back(std::move(P));
    return;
  }
  default:
    Out.push_back({N, W});
  }
}

} // namespace

std::optional<std::vector<Move>>
fairy::shapes::decompose(const NodeRef &IR, std::string &Why, bool XBoard) {
  try {
    std::vector<std::pair<NodeRef, When>> Ps;
    size_t Work = 0;
    paths(IR, When::Always, XBoard, Ps, Work);
    std::vector<Move> Out;
    for (const auto &[Path, W] : Ps)
      Out.push_back(classify(Path, W, XBoard));
    return Out;
  } catch (CannotWrite &C) {
    Why = C.Why;
    return std::nullopt;
  }
}

std::vector<Vec> fairy::shapes::lameSteps(Vec V) {
  std::vector<Vec> Steps;
  auto Sign = [](int A) { return (A > 0) - (A < 0); };
  while (V != Vec()) {
    Vec S;
    if (std::abs(V.y) > std::abs(V.x))
      S = Vec(0, Sign(V.y));
    else if (std::abs(V.x) > std::abs(V.y))
      S = Vec(Sign(V.x), 0);
    else
      S = Vec(Sign(V.x), Sign(V.y));
    Steps.push_back(S);
    V = V - S;
  }
  return Steps;
}

Vec fairy::shapes::midpoint(Vec V) { return Vec(V.x / 2, V.y / 2, V.z / 2); }
