//===- ParlettLowering.cpp - Parlett moves to moveset IR ------------------===//
//
// A straight part "D P" is D unit steps in one direction of pattern P; an
// oblique part "a/b" is one leap to (a, b) or one of its images. Unit steps
// between landings must be empty (the piece slides), or may hold anything
// with '~' (the piece leaps); they must all stay on the board. Every landing
// of a move except the last must be empty; the last one must not hold a
// friend (or must be empty with 'o', hold an enemy with 'c').
//
// Because 'n' includes the distance 0, which part of a chain makes the
// last landing depends on the distances chosen: a chain lowers to one
// alternative per part that can be the last one that moves.
//
//===----------------------------------------------------------------------===//
#include "ParlettAST.h"

#include "fairy/IR/Builder.h"

#include <functional>
#include <set>

using namespace fairy;
using namespace fairy::ir;
using namespace fairy::parlett;

namespace {

/// One base vector and the symmetry that spreads it over the pattern.
struct Spread {
  Vec Base;
  const char *Group;
};

std::vector<Spread> straightSpreads(Direction D) {
  switch (D) {
  case Direction::Orthogonal:
    return {{{0, 1}, "d4"}};
  case Direction::All:
    return {{{0, 1}, "d4"}, {{1, 1}, "d4"}};
  case Direction::Diagonal:
    return {{{1, 1}, "d4"}};
  case Direction::DiagonalForward:
    return {{{1, 1}, "lr"}};
  case Direction::DiagonalBackward:
    return {{{1, -1}, "lr"}};
  case Direction::Forward:
    return {{{0, 1}, "id"}};
  case Direction::Backward:
    return {{{0, -1}, "id"}};
  case Direction::ForwardBackward:
    return {{{0, 1}, "fb"}};
  case Direction::Sideways:
    return {{{1, 0}, "lr"}};
  case Direction::ForwardSideways:
    return {{{0, 1}, "id"}, {{1, 0}, "lr"}};
  case Direction::BackwardSideways:
    return {{{0, -1}, "id"}, {{1, 0}, "lr"}};
  case Direction::None:
    break;
  }
  return {};
}

/// Whether an oblique image with this y component fits the pattern.
bool obliqueAllows(Direction D, int Y) {
  switch (D) {
  case Direction::Forward:
    return Y > 0;
  case Direction::Backward:
    return Y < 0;
  case Direction::ForwardBackward:
    return Y != 0;
  case Direction::Sideways:
    return Y == 0;
  case Direction::ForwardSideways:
    return Y >= 0;
  case Direction::BackwardSideways:
    return Y <= 0;
  default:
    return true;
  }
}

using Body = std::function<NodeRef(Vec)>;

/// The union over every direction of the part of Fn(direction).
NodeRef overDirections(const Part &P, const Body &Fn) {
  if (P.Oblique) {
    std::set<Vec> All, Kept;
    TransformSet D4 = TransformSet::d4();
    for (const Transform &T : D4.transforms()) {
      Vec V = T.apply(Vec(P.A, P.B));
      All.insert(V);
      if (obliqueAllows(P.Dir, V.y))
        Kept.insert(V);
    }
    if (Kept == All)
      return sym("d4", Fn(Vec(P.A, P.B)));
    std::vector<NodeRef> Alts;
    for (Vec V : Kept)
      Alts.push_back(Fn(V));
    return altFlat(std::move(Alts));
  }
  // Bodies that share a symmetry share one sym node.
  std::vector<std::pair<std::string, std::vector<NodeRef>>> Groups;
  for (const Spread &S : straightSpreads(P.Dir)) {
    auto It = std::find_if(Groups.begin(), Groups.end(),
                           [&](const auto &G) { return G.first == S.Group; });
    if (It == Groups.end()) {
      Groups.push_back({S.Group, {}});
      It = Groups.end() - 1;
    }
    It->second.push_back(Fn(S.Base));
  }
  std::vector<NodeRef> Alts;
  for (auto &[Group, Bodies] : Groups) {
    NodeRef Inner = altFlat(std::move(Bodies));
    Alts.push_back(Group == "id" ? Inner : sym(Group, Inner));
  }
  return altFlat(std::move(Alts));
}

/// Counts of unit steps in one hop, and how many hops a part makes.
RangeList hopLengths(const Part &P) {
  if (P.Oblique)
    return RangeList::exactly(1);
  return P.Distance;
}
RangeList positive(const RangeList &R) {
  if (!R.contains(0))
    return R;
  return RangeList::fromUnsorted(R.shifted(-1).intervals()).shifted(1);
}
bool canStayPut(const Part &P) {
  return !P.Oblique && !P.Repeat && P.Distance.contains(0);
}

class MoveLowering {
public:
  MoveLowering(const Move &M) : M(M) {
    Final = M.CaptureOnly ? Land::enemy()
            : M.NoCapture ? Land::empty()
                          : Land::notFriend();
  }

  NodeRef lower() {
    if (M.Parts.size() == 1 && M.Parts[0].Locust)
      return wrap(locust(M.Parts[0]));
    // One alternative per part that can make the last landing: the parts
    // after it all choose the distance 0.
    std::vector<NodeRef> Alts;
    for (size_t J = M.Parts.size(); J-- > 0;) {
      std::vector<NodeRef> Chain;
      for (size_t I = 0; I < J; ++I)
        Chain.push_back(nonFinal(M.Parts[I]));
      Chain.push_back(finalPart(M.Parts[J]));
      Alts.push_back(seqFlat(std::move(Chain)));
      if (!canStayPut(M.Parts[J]))
        break;
    }
    std::reverse(Alts.begin(), Alts.end());
    return wrap(altFlat(std::move(Alts)));
  }

private:
  const Move &M;
  Land Final;

  NodeRef wrap(NodeRef N) const {
    if (!M.Initial)
      return N;
    GuardPredicate G;
    G.K = GuardPredicate::Initial;
    return guard(G, N);
  }

  Land between(const Part &P) const {
    return P.Leap ? Land::any() : Land::empty();
  }

  /// One hop along \p V of \p Lengths unit steps (all >= 1) whose landing
  /// must satisfy \p L.
  NodeRef hop(const Part &P, Vec V, const RangeList &Lengths, Land L) const {
    Land Mid = between(P);
    if (Mid == L)
      return rideOrSimpler(Lengths, leg(V, L));
    std::vector<NodeRef> S;
    RangeList Before = Lengths.shifted(-1);
    if (!(Before.single() && *Before.single() == 0))
      S.push_back(rideOrSimpler(Before, leg(V, Mid)));
    S.push_back(leg(V, L));
    return seqFlat(std::move(S));
  }

  /// The part when a later part makes the last landing.
  NodeRef nonFinal(const Part &P) const {
    return overDirections(P, [&](Vec V) -> NodeRef {
      RangeList Len = hopLengths(P);
      if (P.Repeat)
        return ride(RangeList::atLeast(1), hop(P, V, Len, Land::empty()));
      if (between(P) == Land::empty())
        return rideOrSimpler(Len, leg(V, Land::empty()));
      NodeRef Moving = hop(P, V, positive(Len), Land::empty());
      if (!Len.contains(0))
        return Moving;
      return alt({emptyPath(), Moving});
    });
  }

  /// The part when it makes the last landing of the move.
  NodeRef finalPart(const Part &P) const {
    return overDirections(P, [&](Vec V) -> NodeRef {
      RangeList Len = positive(hopLengths(P));
      if (!P.Repeat)
        return hop(P, V, Len, Final);
      return seqFlat(
          {ride(RangeList::atLeast(0), hop(P, V, Len, Land::empty())),
           hop(P, V, Len, Final)});
    });
  }

  /// '^': along one line, over exactly one enemy (captured) to an empty
  /// square; every other square passed is empty. D counts all unit steps.
  NodeRef locust(const Part &P) const {
    const RangeList &D = P.Distance;
    return overDirections(P, [&](Vec V) -> NodeRef {
      NodeRef Empty = leg(V, Land::empty());
      NodeRef Hit = leg(V, Land::enemy(), Effect::Capture);
      std::vector<NodeRef> Alts;
      // The enemy stands on step I (1-based); after it come J >= 0 empty
      // steps and the empty landing, so the total is I + J + 1.
      auto AddFor = [&](int I, RangeList After) {
        if (After.empty())
          return;
        Alts.push_back(
            seqFlat({rideOrSimpler(RangeList::exactly(I - 1), Empty), Hit,
                     rideOrSimpler(After, Empty), leg(V, Land::empty())}));
      };
      if (!D.isUnbounded()) {
        for (int I = 1; I + 1 <= D.maxFinite(); ++I)
          AddFor(I, D.shifted(-I - 1));
        return altFlat(std::move(Alts));
      }
      // Unbounded: for the capture steps below the tail, list them; from
      // the tail's start on, one alternative covers every capture step.
      int Tail = D.unboundedFrom();
      for (int I = 1; I + 2 <= Tail; ++I)
        AddFor(I, D.shifted(-I - 1));
      int From = std::max(1, Tail - 1);
      Alts.push_back(
          seqFlat({ride(RangeList::atLeast(From - 1), Empty), Hit,
                   ride(RangeList::atLeast(0), Empty), leg(V, Land::empty())}));
      return altFlat(std::move(Alts));
    });
  }
};

} // namespace

NodeRef parlett::lower(const std::vector<Move> &Moves) {
  std::vector<NodeRef> Alts;
  for (const Move &M : Moves)
    Alts.push_back(MoveLowering(M).lower());
  return altFlat(std::move(Alts));
}
