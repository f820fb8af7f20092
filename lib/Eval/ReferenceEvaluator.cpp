//===- ReferenceEvaluator.cpp - Path-by-path evaluation -------------------===//
//
// The semantics of docs/ir.md written down as directly as possible: every
// node maps one partial path to the list of its extensions. Nothing is
// shared with the fast evaluator except the IR and the board, so that the
// differential tests compare two independent readings of the semantics.
//
// The only departure from plain enumeration is an unbounded `rep`, whose
// paths are infinitely many: there, paths that agree on everything later
// nodes can observe (square, remote-capture flag, which open filters are
// satisfied) are kept once.
//
//===----------------------------------------------------------------------===//
#include "fairy/Eval/Evaluator.h"

#include "fairy/Eval/Attacks.h"
#include "fairy/Eval/Borrow.h"

#include <set>
#include <tuple>

using namespace fairy;

uint8_t fairy::squareState(const Position &P, unsigned Square, unsigned Origin,
                           Color Mover) {
  const Occupant &O = P.at(Square);
  if (Square == Origin || !O.Present)
    return Land::Empty;
  return O.Side == Mover ? Land::Friend : Land::Enemy;
}

namespace {

struct Path {
  unsigned Square;
  bool Remote = false;  ///< captured on a square it then left
  bool Pending = false; ///< captured on the square it stands on
  bool Promote = false; ///< passed a promotion

  std::vector<Vec> Legs; ///< board-frame displacement of every leg so far
};

/// One step of a concrete path enumerated out of a ride operand.
struct Step {
  enum Kind { Leg, Guard } K = Leg;
  Vec V;
  Land L;
  Effect E = Effect::None;
  GuardPredicate G;
};
using Shape = std::vector<Step>;

struct OpenFilter {
  AxisPredicate Pred; ///< in the board frame
  size_t Start;       ///< index of the first leg made inside the filter
};

struct BudgetExceeded {};

/// Legs all the paths of one evaluation may hold (48 MB of them).
constexpr size_t MaxLegsStored = 4'000'000;
struct Unsupported {
  std::string Why;
};

class Enumerator {
public:
  Enumerator(const Position &P, unsigned Origin, Color Mover, size_t Budget)
      : P(P), B(P.board()), Origin(Origin), Mover(Mover), Budget(Budget) {}

  std::vector<Path> walk(const Node &N, const Path &From, const Transform &T) {
    switch (N.kind()) {
    case NodeKind::Leg: {
      std::vector<Path> Out;
      Path Q = From;
      if (legStep(Q, T.apply(N.vec()), N.land(), N.effect()))
        Out.push_back(std::move(Q));
      return Out;
    }
    case NodeKind::Seq: {
      std::vector<Path> Cur = {From};
      for (const NodeRef &C : N.children()) {
        std::vector<Path> Next;
        for (const Path &Q : Cur)
          append(Next, walk(*C, Q, T));
        Cur = std::move(Next);
      }
      return Cur;
    }
    case NodeKind::Alt: {
      std::vector<Path> Out;
      for (const NodeRef &C : N.children())
        append(Out, walk(*C, From, T));
      return Out;
    }
    case NodeKind::Prio:
      for (const NodeRef &C : N.children()) {
        std::vector<Path> Out = walk(*C, From, T);
        if (!Out.empty())
          return Out;
      }
      return {};
    case NodeKind::Sym: {
      std::vector<Path> Out;
      for (const Transform &S : N.transforms().transforms())
        append(Out, walk(*N.operand(), From, T.compose(S)));
      return Out;
    }
    case NodeKind::Filter: {
      Open.push_back({N.predicate().inFrame(T), From.Legs.size()});
      std::vector<Path> Inner = walk(*N.operand(), From, T);
      OpenFilter F = Open.back();
      Open.pop_back();
      std::vector<Path> Out;
      for (Path &Q : Inner)
        if (satisfied(F, Q))
          Out.push_back(std::move(Q));
      return Out;
    }
    case NodeKind::Guard:
      if (!guardHolds(N.guard(), From.Square))
        return {};
      return walk(*N.operand(), From, T);
    case NodeKind::Ahead: {
      bool Some = !walk(*N.operand(), From, T).empty();
      if (Some == N.negated())
        return {};
      return {From};
    }
    case NodeKind::Borrow:
      return borrow(N, From, T);
    case NodeKind::Rep:
      return rep(N, From, T);
    case NodeKind::Ride:
      return ride(N, From, T);
    }
    return {};
  }

  /// Partial paths built so far.
  size_t built() const { return Built; }

private:
  const Position &P;
  const Board &B;
  unsigned Origin;
  Color Mover;
  size_t Budget;
  size_t Built = 0;
  /// Legs taken and copied into stored paths: paths of rides repeated
  /// hundreds of times in each other are few but long (a ride<153..> of
  /// rides of a null leg stored gigabytes within the path budget).
  size_t LegsStored = 0;
  std::vector<OpenFilter> Open;

  void chargeLegs(size_t Legs) {
    LegsStored += Legs;
    if (LegsStored > MaxLegsStored)
      throw BudgetExceeded();
  }
  std::optional<AttackMap> Attacks;

  void append(std::vector<Path> &Out, std::vector<Path> &&In) {
    Built += In.size();
    if (Built > Budget)
      throw BudgetExceeded();
    for (Path &Q : In)
      Out.push_back(std::move(Q));
  }

  /// Extends \p Q by one leg; false if the leg is not possible.
  bool legStep(Path &Q, Vec W, Land L, Effect E) {
    chargeLegs(1);
    Vec C = B.coord(Q.Square) + W;
    if (!B.contains(C))
      return false;
    unsigned To = B.index(C);
    uint8_t State = squareState(P, To, Origin, Mover);
    if (!L.allows(State))
      return false;
    // A capture becomes remote once the path leaves the captured square;
    // on the destination itself it is an ordinary capture.
    if (Q.Pending && !W.isZero()) {
      Q.Remote = true;
      Q.Pending = false;
    }
    if (E == Effect::Capture && State != Land::Empty)
      Q.Pending = true;
    if (E == Effect::Promote)
      Q.Promote = true;
    if (E == Effect::EnPassant) {
      if (!P.enPassantTarget(Origin, Mover))
        return false;
      Q.Remote = true; // taken where the previous move ended, not here
    }
    Q.Square = To;
    Q.Legs.push_back(W);
    return true;
  }

  bool guardHolds(const GuardPredicate &G, unsigned Square) {
    bool Holds = false;
    switch (G.K) {
    case GuardPredicate::Initial:
      Holds = !P.Moved.test(Origin);
      break;
    case GuardPredicate::Advanced:
      Holds = P.Advanced.test(Origin);
      break;
    case GuardPredicate::Zone: {
      auto It = P.Zones.find(G.ZoneId);
      Holds = It != P.Zones.end() && It->second.test(Square);
      break;
    }
    case GuardPredicate::State: {
      auto It = P.States.find(G.ZoneId);
      Holds = It != P.States.end() && It->second.test(Origin);
      break;
    }
    case GuardPredicate::Origin:
      Holds = Square == Origin;
      break;
    case GuardPredicate::LastTo:
      Holds = P.LastMove && P.LastMove->To == Square;
      break;
    case GuardPredicate::LastFrom:
      Holds = P.LastMove && P.LastMove->From == Square;
      break;
    case GuardPredicate::SameType:
      Holds = Square != Origin && P.at(Square).Present &&
              P.at(Square).Type == P.moverType(Origin);
      break;
    case GuardPredicate::Passed:
      Holds = P.passedSquares().test(Square);
      break;
    case GuardPredicate::Royal:
      Holds = Square != Origin && P.isRoyal(Square);
      break;
    case GuardPredicate::Unmoved:
      Holds = Square != Origin && P.at(Square).Present && !P.Moved.test(Square);
      break;
    case GuardPredicate::Attacked:
    case GuardPredicate::Defended:
      if (P.AttackConditionsHold)
        return true;
      Holds = attacks().attacked(
          Square, G.K == GuardPredicate::Attacked ? opposite(Mover) : Mover);
      break;
    }
    return Holds != G.Negated;
  }

  /// The attack map, with attackers evaluated by this evaluator too.
  AttackMap &attacks() {
    if (!Attacks)
      Attacks.emplace(P, Origin, Mover,
                      [this](const NodeRef &Moves, const Position &Q,
                             unsigned From, Color Side,
                             std::string &Error) -> std::optional<SquareSet> {
                        auto D = ReferenceEvaluator(Moves, Budget)
                                     .evaluate(Q, From, Side, Error);
                        if (!D)
                          return std::nullopt;
                        return D->Capture;
                      });
    return *Attacks;
  }

  /// The paths of borrow(a) from \p From: for each own piece that a path
  /// of a reaches, its moves from From's square (fairy/Eval/Borrow.h).
  std::vector<Path> borrow(const Node &N, const Path &From,
                           const Transform &T) {
    if (P.BorrowingOff)
      return {};
    std::vector<Path> Out;
    std::set<const Node *> Done;
    for (const Path &L : walk(*N.operand(), From, T)) {
      const NodeRef *Moves = lentMoves(P, Origin, Mover, L.Square);
      if (!Moves || !Done.insert(Moves->get()).second)
        continue;
      std::string Error;
      auto D = ReferenceEvaluator(*Moves, Budget)
                   .evaluate(borrowingOff(P), From.Square, Mover, Error);
      if (!D)
        throw AttackError{borrowFailure(P, L.Square, Error)};
      for (const BorrowedEnd &E : borrowedEnds(*D)) {
        Path Q = From;
        if (Q.Pending && E.Square != From.Square) {
          Q.Remote = true;
          Q.Pending = false;
        }
        Q.Remote |= E.Remote;
        Q.Pending |= E.Pending;
        Q.Promote |= E.Promote;
        Q.Legs.push_back(B.coord(E.Square) - B.coord(From.Square));
        Q.Square = E.Square;
        Out.push_back(std::move(Q));
      }
    }
    Built += Out.size();
    if (Built > Budget)
      throw BudgetExceeded();
    return Out;
  }

  static bool satisfied(const OpenFilter &F, const Path &Q) {
    for (size_t I = F.Start; I < Q.Legs.size(); ++I)
      if (F.Pred.holds(Q.Legs[I]))
        return true;
    return false;
  }

  /// What the rest of the evaluation can observe of a path.
  std::tuple<unsigned, bool, bool, bool, std::vector<bool>>
  key(const Path &Q) const {
    std::vector<bool> Sat;
    for (const OpenFilter &F : Open)
      Sat.push_back(satisfied(F, Q));
    return {Q.Square, Q.Remote, Q.Pending, Q.Promote, Sat};
  }

  std::vector<Path> rep(const Node &N, const Path &From, const Transform &T) {
    const RangeList &R = N.range();
    bool Unbounded = R.isUnbounded();
    int Last = Unbounded ? R.unboundedFrom() : R.maxFinite();
    std::vector<Path> Out, Cur = {From};
    if (R.contains(0) && !(Unbounded && R.unboundedFrom() == 0))
      Out.push_back(From);
    for (int K = 1; K <= Last && !Cur.empty(); ++K) {
      std::vector<Path> Next;
      for (const Path &Q : Cur)
        append(Next, walk(*N.operand(), Q, T));
      Cur = std::move(Next);
      if (R.contains(K) && !(Unbounded && K == Last))
        Out.insert(Out.end(), Cur.begin(), Cur.end());
    }
    if (!Unbounded)
      return Out;
    // Every path of count >= Last: all extensions of Cur, each observable
    // state once.
    std::set<decltype(key(Path()))> Seen;
    std::vector<Path> Work;
    for (const Path &Q : Cur)
      if (Seen.insert(key(Q)).second)
        Work.push_back(Q);
    for (size_t I = 0; I < Work.size(); ++I) {
      Out.push_back(Work[I]);
      std::vector<Path> Next = walk(*N.operand(), Work[I], T);
      Built += Next.size();
      if (Built > Budget)
        throw BudgetExceeded();
      for (Path &Q : Next)
        if (Seen.insert(key(Q)).second)
          Work.push_back(std::move(Q));
    }
    return Out;
  }

  /// Every concrete path of \p N, in N's frame, as a list of steps.
  std::vector<Shape> shapes(const Node &N) {
    switch (N.kind()) {
    case NodeKind::Leg: {
      Step S;
      S.V = N.vec();
      S.L = N.land();
      S.E = N.effect();
      return {{S}};
    }
    case NodeKind::Seq: {
      std::vector<Shape> Cur = {{}};
      for (const NodeRef &C : N.children())
        Cur = product(Cur, shapes(*C));
      return Cur;
    }
    case NodeKind::Alt: {
      std::vector<Shape> Out;
      for (const NodeRef &C : N.children())
        for (Shape &S : shapes(*C))
          Out.push_back(std::move(S));
      return Out;
    }
    case NodeKind::Sym: {
      std::vector<Shape> Inner = shapes(*N.operand()), Out;
      for (const Transform &T : N.transforms().transforms())
        for (Shape S : Inner) {
          for (Step &St : S)
            St.V = T.apply(St.V);
          Out.push_back(std::move(S));
        }
      return Out;
    }
    case NodeKind::Filter: {
      std::vector<Shape> Out;
      for (Shape &S : shapes(*N.operand())) {
        bool Ok = false;
        for (const Step &St : S)
          Ok |= St.K == Step::Leg && N.predicate().holds(St.V);
        if (Ok)
          Out.push_back(std::move(S));
      }
      return Out;
    }
    case NodeKind::Guard: {
      std::vector<Shape> Out;
      for (Shape &S : shapes(*N.operand())) {
        Step G;
        G.K = Step::Guard;
        G.G = N.guard();
        S.insert(S.begin(), G);
        Out.push_back(std::move(S));
      }
      return Out;
    }
    case NodeKind::Rep:
    case NodeKind::Ride: {
      std::vector<Shape> Inner = shapes(*N.operand()), Out;
      const RangeList &R = N.range();
      if (N.is(NodeKind::Rep) && R.isUnbounded())
        throw Unsupported{"an unbounded rep inside a ride operand"};
      // An unbounded ride inside a ride cannot go further than the board is
      // wide: past that every repetition of a moving path is off the board,
      // and a path that does not move lands on the same squares again.
      int Max = R.isUnbounded() ? std::max(R.unboundedFrom(), B.maxSide())
                                : R.maxFinite();
      if (N.is(NodeKind::Ride)) {
        for (const Shape &S : Inner)
          for (int K = 0; K <= Max; ++K)
            if (R.contains(K)) {
              Shape Rep;
              for (int I = 0; I < K; ++I)
                Rep.insert(Rep.end(), S.begin(), S.end());
              Out.push_back(std::move(Rep));
            }
        return Out;
      }
      std::vector<Shape> Cur = {{}};
      for (int K = 0; K <= Max; ++K) {
        if (R.contains(K))
          Out.insert(Out.end(), Cur.begin(), Cur.end());
        Cur = product(Cur, Inner);
      }
      return Out;
    }
    case NodeKind::Prio:
    case NodeKind::Ahead:
    case NodeKind::Borrow:
      throw Unsupported{std::string("a ") + kindName(N.kind()) +
                        " inside a ride operand"};
    }
    return {};
  }

  std::vector<Shape> product(const std::vector<Shape> &A,
                             const std::vector<Shape> &B2) {
    std::vector<Shape> Out;
    for (const Shape &X : A)
      for (const Shape &Y : B2) {
        Shape S = X;
        S.insert(S.end(), Y.begin(), Y.end());
        Out.push_back(std::move(S));
        if (++Built > Budget)
          throw BudgetExceeded();
      }
    return Out;
  }

  std::vector<Path> ride(const Node &N, const Path &From, const Transform &T) {
    const RangeList &R = N.range();
    std::vector<Path> Out;
    if (R.contains(0))
      Out.push_back(From);
    // Repeating one path moves the piece by a fixed amount each time, so it
    // leaves any board within numSquares repetitions, or never moves.
    int Max = R.isUnbounded() ? R.unboundedFrom() + (int)B.numSquares() + 1
                              : R.maxFinite();
    for (const Shape &S : shapes(*N.operand())) {
      Path Q = From;
      for (int K = 1; K <= Max; ++K) {
        bool Ok = true;
        for (const Step &St : S) {
          if (St.K == Step::Guard)
            Ok = guardHolds(St.G, Q.Square);
          else
            Ok = legStep(Q, T.apply(St.V), St.L, St.E);
          if (!Ok)
            break;
        }
        if (!Ok)
          break;
        if (R.contains(K)) {
          chargeLegs(Q.Legs.size());
          Out.push_back(Q);
        }
        if (++Built > Budget)
          throw BudgetExceeded();
      }
    }
    return Out;
  }
};

} // namespace

/// Every valid path of \p Root from \p Origin, or nullopt with \p Error.
static std::optional<std::vector<Path>>
allPaths(const Node &Root, const Position &P, unsigned Origin, Color Mover,
         size_t Budget, std::string &Error, size_t &Work) {
  Enumerator E(P, Origin, Mover, Budget);
  Path Start;
  Start.Square = Origin;
  Transform T = Mover == Color::White ? Transform() : Transform::rotate180();
  try {
    auto Paths = E.walk(Root, Start, T);
    Work = E.built();
    return Paths;
  } catch (BudgetExceeded &) {
    Work = Budget;
    Error = "the reference evaluator gave up after " + std::to_string(Budget) +
            " partial paths or " + std::to_string(MaxLegsStored) + " legs";
  } catch (Unsupported &U) {
    Work = E.built();
    Error = "the reference evaluator does not support " + U.Why;
  } catch (AttackError &A) {
    Work = E.built();
    Error = A.Why;
  }
  return std::nullopt;
}

std::optional<std::vector<std::vector<unsigned>>>
ReferenceEvaluator::paths(const Position &P, unsigned Origin, Color Mover,
                          size_t Limit, std::string &Error) const {
  auto Paths = allPaths(*Root, P, Origin, Mover, Budget, Error, Work);
  if (!Paths)
    return std::nullopt;
  const Board &B = P.board();
  std::vector<std::vector<unsigned>> Out;
  for (const Path &Q : *Paths) {
    if ((Q.Square == Origin && !Q.Remote) || Out.size() >= Limit)
      continue;
    std::vector<unsigned> Squares = {Origin};
    Vec At = B.coord(Origin);
    for (Vec L : Q.Legs) {
      At = At + L;
      Squares.push_back(B.index(At));
    }
    Out.push_back(std::move(Squares));
  }
  return Out;
}

std::optional<Destinations>
ReferenceEvaluator::evaluate(const Position &P, unsigned Origin, Color Mover,
                             std::string &Error) const {
  const Board &B = P.board();
  auto Found = allPaths(*Root, P, Origin, Mover, Budget, Error, Work);
  if (!Found)
    return std::nullopt;
  std::vector<Path> &Paths = *Found;
  Destinations D{B.emptySet(), B.emptySet(), B.emptySet(), B.emptySet()};
  for (const Path &Q : Paths) {
    if (Q.Square == Origin && !Q.Remote)
      continue; // a path back to the origin is not a move, unless it
                // captured on the way (capture without moving)
    bool Occupied = squareState(P, Q.Square, Origin, Mover) != Land::Empty;
    if (Occupied)
      D.Capture.set(Q.Square);
    if (Q.Remote)
      D.Remote.set(Q.Square);
    if (!Occupied && !Q.Remote)
      D.Quiet.set(Q.Square);
    if (Q.Promote)
      D.Promote.set(Q.Square);
  }
  return D;
}
