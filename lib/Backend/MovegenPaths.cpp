//===- MovegenPaths.cpp - Moves that capture on the way, as paths ---------===//
//
// A locust's or a lion's move takes a piece on a square it passes, which a
// table of destinations cannot say. Such parts of a moveset have a fixed
// number of legs (their rides have an end), so their paths are listed: each
// part expanded into sequences of legs, each sequence laid on the board from
// every square. The generated code follows them with the position's
// occupancy (MovegenWriter.cpp).
//
//===----------------------------------------------------------------------===//
#include "MovegenModel.h"

#include "fairy/IR/Symmetry.h"

#include <set>

using namespace fairy;
using namespace fairy::movegen;

namespace {

/// A leg of an expanded path; Zone > 0 is a test of the current square.
struct Step {
  Vec V;
  uint8_t Land = 0;
  bool Takes = false;
  int Zone = 0;
};
using Steps = std::vector<Step>;

constexpr size_t MaxPaths = 20'000;
constexpr size_t MaxPathsOnBoard = 200'000;

struct Expander {
  std::string Why;

  bool fail(std::string W) {
    if (Why.empty())
      Why = std::move(W);
    return false;
  }

  bool product(std::vector<Steps> &Acc, const std::vector<Steps> &Next) {
    if (Acc.size() * Next.size() > MaxPaths)
      return fail("it has more than " + std::to_string(MaxPaths) + " paths");
    std::vector<Steps> Out;
    for (const Steps &A : Acc)
      for (const Steps &B : Next) {
        Steps C = A;
        C.insert(C.end(), B.begin(), B.end());
        Out.push_back(std::move(C));
      }
    Acc = std::move(Out);
    return true;
  }

  bool expand(const Node &N, std::vector<Steps> &Out) {
    switch (N.kind()) {
    case NodeKind::Leg: {
      if (N.effect() != Effect::None && N.effect() != Effect::Capture)
        return fail("a leg that is not a step or a capture");
      Out = {{Step{N.vec(), N.land().Mask, N.effect() == Effect::Capture}}};
      return true;
    }
    case NodeKind::Seq: {
      std::vector<Steps> Acc = {{}};
      for (const NodeRef &C : N.children()) {
        std::vector<Steps> Next;
        if (!expand(*C, Next) || !product(Acc, Next))
          return false;
      }
      Out = std::move(Acc);
      return true;
    }
    case NodeKind::Alt:
    case NodeKind::Prio: // each alternative's paths (Prio: see below)
      if (N.is(NodeKind::Prio))
        return fail("prioritised alternatives");
      for (const NodeRef &C : N.children()) {
        std::vector<Steps> Next;
        if (!expand(*C, Next))
          return false;
        Out.insert(Out.end(), Next.begin(), Next.end());
        if (Out.size() > MaxPaths)
          return fail("it has more than " + std::to_string(MaxPaths) +
                      " paths");
      }
      return true;
    case NodeKind::Sym: {
      std::vector<Steps> Inner;
      if (!expand(*N.operand(), Inner))
        return false;
      std::set<std::vector<std::tuple<int, int, int, int, bool, int>>> Seen;
      for (const Transform &T : N.transforms().transforms())
        for (const Steps &S : Inner) {
          Steps Image = S;
          std::vector<std::tuple<int, int, int, int, bool, int>> Key;
          for (Step &X : Image) {
            X.V = T.apply(X.V);
            Key.emplace_back(X.V.x, X.V.y, X.V.z, X.Land, X.Takes, X.Zone);
          }
          if (Seen.insert(Key).second)
            Out.push_back(std::move(Image));
        }
      if (Out.size() > MaxPaths)
        return fail("it has more than " + std::to_string(MaxPaths) + " paths");
      return true;
    }
    case NodeKind::Rep:
    case NodeKind::Ride: {
      std::vector<Steps> Once;
      if (!expand(*N.operand(), Once))
        return false;
      for (const Interval &I : N.range().intervals()) {
        if (I.isUnbounded())
          return fail("it rides without end before or after a capture");
        std::vector<Steps> Power = {{}};
        for (int K = 0; K <= I.Hi; ++K) {
          if (K >= I.Lo)
            Out.insert(Out.end(), Power.begin(), Power.end());
          if (K < I.Hi && !product(Power, Once))
            return false;
        }
      }
      return true;
    }
    case NodeKind::Guard:
      if (N.guard().K != GuardPredicate::Zone || N.guard().Negated)
        return fail("a condition (" + N.guard().str() +
                    ") on a move that captures on the way");
      {
        std::vector<Steps> Inner;
        if (!expand(*N.operand(), Inner))
          return false;
        for (Steps &S : Inner) {
          S.insert(S.begin(), Step{Vec(0, 0, 0), 0, false, N.guard().ZoneId});
          Out.push_back(std::move(S));
        }
      }
      return true;
    default:
      return fail(std::string("a ") + kindName(N.kind()) +
                  " in a move that captures on the way");
    }
  }
};

} // namespace

bool fairy::movegen::locustPaths(const std::vector<NodeRef> &Parts,
                                 const Board &B, Color Side,
                                 const std::map<int, SquareSet> &Zones,
                                 std::vector<std::vector<LocustPath>> &Out,
                                 std::string &Why) {
  Expander E;
  std::vector<Steps> All;
  for (const NodeRef &P : Parts) {
    std::vector<Steps> Some;
    if (!E.expand(*P, Some)) {
      Why = E.Why;
      return false;
    }
    All.insert(All.end(), Some.begin(), Some.end());
  }
  // Every path from every square is kept: a bound on them all.
  if (All.size() * B.numSquares() > MaxPathsOnBoard) {
    Why = "its paths from every square are more than " +
          std::to_string(MaxPathsOnBoard);
    return false;
  }
  Out.assign(B.numSquares(), {});
  for (unsigned From : B.squares().toVector()) {
    std::set<LocustPath> Seen;
    for (const Steps &S : All) {
      LocustPath P;
      Vec At = B.coord(From);
      bool OnBoard = true;
      unsigned Takes = 0;
      for (const Step &X : S) {
        if (X.Zone) {
          auto Z = Zones.find(X.Zone);
          OnBoard &=
              Z != Zones.end() && B.contains(At) && Z->second.test(B.index(At));
          continue;
        }
        Vec V = Side == Color::Black ? Transform::rotate180().apply(X.V) : X.V;
        At = Vec(At.x + V.x, At.y + V.y, At.z + V.z);
        if (!(OnBoard &= B.contains(At)))
          break;
        P.Squares.push_back(B.index(At));
        P.Lands.push_back(X.Land);
        P.Takes.push_back(X.Takes);
      }
      if (!OnBoard || P.Squares.empty())
        continue;
      for (size_t K = 0; K + 1 < P.Takes.size(); ++K)
        Takes += P.Takes[K];
      if (Takes > 1) {
        Why = "it captures more than once on the way";
        return false;
      }
      if (Seen.insert(P).second)
        Out[From].push_back(std::move(P));
    }
  }
  return true;
}
