//===- Node.h - The moveset IR ----------------------------------*- C++ -*-===//
//
// A moveset denotes a set of paths; a path is a sequence of legs. Nodes are
// immutable and shared (NodeRef), so passes build new trees instead of
// editing old ones. See docs/ir.md for the semantics of each kind.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_IR_NODE_H
#define FAIRY_IR_NODE_H

#include "fairy/IR/Range.h"
#include "fairy/IR/Symmetry.h"
#include "fairy/IR/Vec.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fairy {

/// Thrown when making a node would pass the NodeBudget in force.
struct NodeBudgetExceeded {
  uint64_t Budget;
};

/// While it lives, at most \p Budget more nodes may be made on this thread;
/// the next one throws NodeBudgetExceeded. Budgets nest, the tighter one
/// wins. Lowering, passes and rewriting charge as they build, so a moveset
/// that would grow without bound stops before it has taken the memory.
class NodeBudget {
public:
  explicit NodeBudget(uint64_t Budget);
  ~NodeBudget();
  NodeBudget(const NodeBudget &) = delete;
  NodeBudget &operator=(const NodeBudget &) = delete;

private:
  uint64_t SavedLimit;
};

/// What the landing square of a leg may hold: a set of square states.
/// Named sets: never, empty, friend, enemy, notenemy, notfriend, occupied,
/// any. "friend" and "enemy" are relative to the moving piece.
struct Land {
  enum : uint8_t { Empty = 1, Friend = 2, Enemy = 4, All = 7 };
  uint8_t Mask = All;

  constexpr Land() = default;
  constexpr explicit Land(uint8_t M) : Mask(M & All) {}
  static constexpr Land any() { return Land(All); }
  static constexpr Land empty() { return Land(Empty); }
  static constexpr Land enemy() { return Land(Enemy); }
  static constexpr Land friendly() { return Land(Friend); }
  static constexpr Land notFriend() { return Land(Empty | Enemy); }
  static constexpr Land occupied() { return Land(Friend | Enemy); }

  bool allows(uint8_t State) const { return Mask & State; }
  const char *name() const;
  static bool fromName(const std::string &Name, Land &Out);
  bool operator==(Land O) const { return Mask == O.Mask; }
  bool operator!=(Land O) const { return Mask != O.Mask; }
};

/// What happens on the landing square besides moving there.
enum class Effect : uint8_t {
  None,
  Capture, ///< remove the piece standing there (a locust capture mid-path)
  Promote, ///< the piece changes into another one (Movement Formula '=')
  /// Take the piece that made the previous move, on the square where that
  /// move ended (Betza's en passant 'e'); only valid if an enemy is there.
  EnPassant,
};
const char *effectName(Effect E);
bool effectFromName(const std::string &Name, Effect &Out);

/// A path predicate of `filter`: some leg d of the path has
/// Sign * d[Axis] >= K (fairy-notation's axis filters ^ V > <).
struct AxisPredicate {
  unsigned char Axis = 1; ///< 0 = x, 1 = y, 2 = z
  signed char Sign = 1;
  int K = 1;

  bool holds(Vec D) const { return Sign * D[Axis] >= K; }
  /// The same predicate read on vectors of the outer frame, when the
  /// vectors of this predicate's frame are mapped there by \p Frame.
  AxisPredicate inFrame(const Transform &Frame) const;
  /// "y >= 1", "x <= -2"
  std::string str() const;
  bool operator==(const AxisPredicate &O) const {
    return Axis == O.Axis && Sign == O.Sign && K == O.K;
  }
};

/// A state predicate of `guard`, read where the guarded part starts (the
/// "current square"): so guard<P>(seq()) is a test of the square a path has
/// reached, which is how Movement Formula's conditions lower.
struct GuardPredicate {
  enum Kind : uint8_t {
    Initial,  ///< the moving piece has never moved
    Zone,     ///< the current square is in zone N of the position
    State,    ///< the moving piece is in state N of the position
    Origin,   ///< the current square is the piece's own square
    LastTo,   ///< the current square is where the previous move ended
    LastFrom, ///< the current square is where the previous move started
    SameType, ///< the current square holds a piece of the mover's type
    Attacked, ///< a piece of the other side could capture on the square
    Defended, ///< a piece of the mover's side could capture on the square
    Passed,   ///< the previous move passed over the current square
    Royal,    ///< the current square holds a royal piece (a king)
    Advanced, ///< the moving piece stands one rank ahead of its start
    Unmoved,  ///< the current square holds a piece that has never moved
  };
  Kind K = Initial;
  bool Negated = false;
  int ZoneId = 0; ///< the N of zone N and state N

  bool hasNumber() const { return K == Zone || K == State; }
  /// Whether the predicate needs the other pieces' moves.
  bool isAttack() const { return K == Attacked || K == Defended; }
  /// "initial", "!initial", "zone 2", "state 1", "attacked" ...
  std::string str() const;
  /// The predicate's name without number or negation, and back.
  static const char *kindName(Kind K);
  static bool kindFromName(const std::string &Name, Kind &Out);
  bool operator==(const GuardPredicate &O) const {
    // The number means nothing for the predicates without one.
    return K == O.K && Negated == O.Negated &&
           (!hasNumber() || ZoneId == O.ZoneId);
  }
};

enum class NodeKind : uint8_t {
  Leg,
  Seq,
  Alt,
  Rep,
  Ride,
  Sym,
  Filter,
  Guard,
  Prio,
  /// A test of what lies ahead: the empty path, valid where its operand has
  /// a valid path from the current square (negated: where it has none).
  /// Castling's "an unmoved piece at the edge beyond" lowers to it.
  Ahead,
  /// The moves of the own piece that the operand's paths reach, made from
  /// the current square: XBetza's final 'x' (move borrowing).
  Borrow
};
const char *kindName(NodeKind K);

class Node;
using NodeRef = std::shared_ptr<const Node>;

class Node {
public:
  NodeKind kind() const { return Kind; }
  bool is(NodeKind K) const { return Kind == K; }
  /// seq(): the path of no legs.
  bool isEmptyPath() const { return Kind == NodeKind::Seq && Children.empty(); }
  /// alt(): no paths at all.
  bool isNothing() const { return Kind == NodeKind::Alt && Children.empty(); }

  const std::vector<NodeRef> &children() const { return Children; }
  /// The operand of rep, ride, sym, filter and guard.
  const NodeRef &operand() const { return Children.front(); }

  // Leg payload.
  Vec vec() const { return V; }
  Land land() const { return L; }
  Effect effect() const { return E; }
  // Rep and ride payload.
  const RangeList &range() const { return R; }
  // Sym payload.
  const TransformSet &transforms() const { return S; }
  // Filter payload.
  const AxisPredicate &predicate() const { return P; }
  // Guard payload.
  const GuardPredicate &guard() const { return G; }
  // Ahead payload: whether the test is negated.
  bool negated() const { return G.Negated; }

  /// Number of nodes in the tree, a shared subtree counted as often as it
  /// is reached (what printing or walking it costs), computed once per
  /// distinct node and capped at SIZE_MAX / 2. Remembered in each node:
  /// passes and the verifier ask again and again.
  size_t size() const;
  /// The longest path from here to a leaf, in nodes. Like size(), without
  /// recursion: safe on any depth.
  size_t depth() const;

  // Factories; the builder functions in Builder.h are the usual way in.
  static NodeRef makeLeg(Vec V, Land L, Effect E);
  static NodeRef makeList(NodeKind K, std::vector<NodeRef> Children);
  static NodeRef makeRepeat(NodeKind K, RangeList R, NodeRef Operand);
  static NodeRef makeSym(TransformSet S, NodeRef Operand);
  static NodeRef makeFilter(AxisPredicate P, NodeRef Operand);
  static NodeRef makeGuard(GuardPredicate G, NodeRef Operand);
  static NodeRef makeAhead(bool Negated, NodeRef Operand);
  static NodeRef makeBorrow(NodeRef Operand);

  explicit Node(NodeKind K) : Kind(K) {}

private:
  NodeKind Kind;
  std::vector<NodeRef> Children;
  Vec V;
  Land L;
  Effect E = Effect::None;
  RangeList R;
  TransformSet S;
  AxisPredicate P;
  GuardPredicate G;
  /// size(), once known (0: not yet). Nodes are immutable once made, so the
  /// value never goes stale; atomic because nodes may be shared by threads.
  mutable std::atomic<size_t> KnownSize{0};
};

/// Structural equality of two trees.
bool equal(const Node &A, const Node &B);

} // namespace fairy

#endif
