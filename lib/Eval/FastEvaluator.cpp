//===- FastEvaluator.cpp - Evaluation by propagating square sets ----------===//
//
// A frontier is a small map from a tag to a set of squares: the squares
// where partial paths stand. Tag bit 0 records a remote capture on the way;
// every filter node owns one more bit, set while a path inside it has made
// a leg that satisfies its predicate. Each node maps an input frontier to
// an output frontier:
//   leg     shift by the vector (masked to squares that stay on the board),
//           then keep the squares whose state the leg allows;
//   seq     composition; alt, sym: union; filter, guard: tag and set masks;
//   rep     iteration, and for an unbounded range a fixpoint that only
//           propagates squares not seen before;
//   ride    one pass per concrete path of the operand (precomputed), each
//           repeated until the frontier leaves the board or stops changing;
//   prio    per square of the frontier: the first operand that goes
//           anywhere from there.
// The work is proportional to tree size x board words, never to the number
// of concrete paths, except for ride operands and prio (docs/ir.md).
//
//===----------------------------------------------------------------------===//
#include "fairy/Eval/Evaluator.h"

#include "llvm/ADT/DenseMap.h"

#include <unordered_map>

using namespace fairy;

namespace fairy {

namespace {

constexpr uint32_t RemoteBit = 1;

struct TaggedSet {
  uint32_t Tag;
  SquareSet Set;
};
using Frontier = llvm::SmallVector<TaggedSet, 1>;

void addTo(Frontier &F, uint32_t Tag, const SquareSet &S) {
  for (TaggedSet &T : F)
    if (T.Tag == Tag) {
      T.Set |= S;
      return;
    }
  F.push_back({Tag, S});
}

void unite(Frontier &Into, const Frontier &From) {
  for (const TaggedSet &T : From)
    addTo(Into, T.Tag, T.Set);
}

bool isEmpty(const Frontier &F) {
  for (const TaggedSet &T : F)
    if (T.Set.any())
      return false;
  return true;
}

bool sameFrontier(const Frontier &A, const Frontier &B) {
  auto Covered = [](const Frontier &X, const Frontier &Y) {
    for (const TaggedSet &T : X) {
      if (T.Set.none())
        continue;
      bool Found = false;
      for (const TaggedSet &U : Y)
        if (U.Tag == T.Tag) {
          Found = T.Set == U.Set;
          break;
        }
      if (!Found)
        return false;
    }
    return true;
  };
  return Covered(A, B) && Covered(B, A);
}

/// One step of a precomputed ride path.
struct ShapeStep {
  bool IsGuard = false;
  Vec V;
  Land L;
  Effect E = Effect::None;
  GuardPredicate G;
};
using Shape = std::vector<ShapeStep>;

constexpr size_t MaxShapes = 1 << 16;

struct TooComplex {
  std::string Why;
};

} // namespace

class FastEvaluatorImpl {
public:
  FastEvaluatorImpl(NodeRef Root, const Board &B) : Root(std::move(Root)), B(B) {}

  void compile(const Node &N, unsigned RideDepth) {
    if (N.is(NodeKind::Filter))
      FilterBits[&N] = 2u << FilterBits.size();
    if (N.is(NodeKind::Ride))
      RideShapes[&N] = shapes(*N.operand());
    for (const NodeRef &C : N.children())
      compile(*C, RideDepth + N.is(NodeKind::Ride));
  }

  Destinations evaluate(const Position &P, unsigned Origin, Color Mover) const;

  NodeRef Root;
  Board B;
  llvm::DenseMap<const Node *, uint32_t> FilterBits;
  llvm::DenseMap<const Node *, std::vector<Shape>> RideShapes;
  mutable std::unordered_map<Vec, SquareSet, VecHash> SourceCache;

private:
  /// Concrete paths of a ride operand, in the operand's frame.
  std::vector<Shape> shapes(const Node &N) {
    std::vector<Shape> Out;
    switch (N.kind()) {
    case NodeKind::Leg: {
      ShapeStep S;
      S.V = N.vec();
      S.L = N.land();
      S.E = N.effect();
      Out.push_back({S});
      break;
    }
    case NodeKind::Seq:
      Out.push_back({});
      for (const NodeRef &C : N.children())
        Out = concat(Out, shapes(*C));
      break;
    case NodeKind::Alt:
      for (const NodeRef &C : N.children())
        for (Shape &S : shapes(*C))
          Out.push_back(std::move(S));
      break;
    case NodeKind::Sym: {
      std::vector<Shape> Inner = shapes(*N.operand());
      for (const Transform &T : N.transforms().transforms())
        for (const Shape &S : Inner) {
          Shape Img = S;
          for (ShapeStep &St : Img)
            St.V = T.apply(St.V);
          Out.push_back(std::move(Img));
        }
      break;
    }
    case NodeKind::Filter:
      for (Shape &S : shapes(*N.operand())) {
        bool Ok = false;
        for (const ShapeStep &St : S)
          Ok |= !St.IsGuard && N.predicate().holds(St.V);
        if (Ok)
          Out.push_back(std::move(S));
      }
      break;
    case NodeKind::Guard:
      for (Shape &S : shapes(*N.operand())) {
        ShapeStep G;
        G.IsGuard = true;
        G.G = N.guard();
        S.insert(S.begin(), G);
        Out.push_back(std::move(S));
      }
      break;
    case NodeKind::Rep:
    case NodeKind::Ride: {
      const RangeList &R = N.range();
      if (N.is(NodeKind::Rep) && R.isUnbounded())
        throw TooComplex{"an unbounded rep inside a ride operand"};
      int Max = R.isUnbounded() ? std::max(R.unboundedFrom(), B.maxSide())
                                : R.maxFinite();
      std::vector<Shape> Inner = shapes(*N.operand());
      if (N.is(NodeKind::Ride)) {
        for (const Shape &S : Inner) {
          Shape Cur;
          for (int K = 0; K <= Max; ++K) {
            if (R.contains(K))
              push(Out, Cur);
            Cur.insert(Cur.end(), S.begin(), S.end());
          }
        }
      } else {
        std::vector<Shape> Cur = {{}};
        for (int K = 0; K <= Max; ++K) {
          if (R.contains(K))
            for (const Shape &S : Cur)
              push(Out, S);
          if (K < Max)
            Cur = concat(Cur, Inner);
        }
      }
      break;
    }
    case NodeKind::Prio:
      throw TooComplex{"a prio inside a ride operand"};
    }
    if (Out.size() > MaxShapes)
      throw TooComplex{"a ride whose operand has more than " +
                       std::to_string(MaxShapes) + " concrete paths"};
    return Out;
  }

  static void push(std::vector<Shape> &Out, const Shape &S) {
    Out.push_back(S);
    if (Out.size() > MaxShapes)
      throw TooComplex{"a ride whose operand has more than " +
                       std::to_string(MaxShapes) + " concrete paths"};
  }

  static std::vector<Shape> concat(const std::vector<Shape> &A,
                                   const std::vector<Shape> &Bs) {
    if (A.size() * Bs.size() > MaxShapes)
      throw TooComplex{"a ride whose operand has more than " +
                       std::to_string(MaxShapes) + " concrete paths"};
    std::vector<Shape> Out;
    for (const Shape &X : A)
      for (const Shape &Y : Bs) {
        Shape S = X;
        S.insert(S.end(), Y.begin(), Y.end());
        Out.push_back(std::move(S));
      }
    return Out;
  }
};

namespace {

struct OpenFilter {
  uint32_t Bit;
  AxisPredicate Pred; ///< in the board frame
};

/// Everything one evaluate() call needs: the compiled tree and the position
/// turned into square sets.
class Propagator {
public:
  Propagator(const FastEvaluatorImpl &C, const Position &P, unsigned Origin,
             Color Mover)
      : C(C), P(P), B(C.B), Origin(Origin) {
    unsigned N = B.numSquares();
    SquareSet Empty(N), Friend(N), Enemy(N);
    B.squares().forEach([&](unsigned I) {
      uint8_t S = squareState(P, I, Origin, Mover);
      (S == Land::Empty ? Empty : S == Land::Friend ? Friend : Enemy).set(I);
    });
    for (unsigned M = 0; M < 8; ++M) {
      LandMask[M] = SquareSet(N);
      if (M & Land::Empty)
        LandMask[M] |= Empty;
      if (M & Land::Friend)
        LandMask[M] |= Friend;
      if (M & Land::Enemy)
        LandMask[M] |= Enemy;
    }
    Virgin = !P.Moved.test(Origin);
  }

  Frontier eval(const Node &N, const Frontier &In, const Transform &T) {
    if (isEmpty(In))
      return {};
    switch (N.kind()) {
    case NodeKind::Leg: {
      Frontier Out;
      leg(T.apply(N.vec()), N.land(), N.effect(), In, Out);
      return Out;
    }
    case NodeKind::Seq: {
      Frontier Cur = In;
      for (const NodeRef &Ch : N.children())
        Cur = eval(*Ch, Cur, T);
      return Cur;
    }
    case NodeKind::Alt: {
      Frontier Out;
      for (const NodeRef &Ch : N.children())
        unite(Out, eval(*Ch, In, T));
      return Out;
    }
    case NodeKind::Sym: {
      Frontier Out;
      for (const Transform &S : N.transforms().transforms())
        unite(Out, eval(*N.operand(), In, T.compose(S)));
      return Out;
    }
    case NodeKind::Filter: {
      uint32_t Bit = C.FilterBits.lookup(&N);
      Open.push_back({Bit, N.predicate().inFrame(T)});
      Frontier Inner = eval(*N.operand(), In, T);
      Open.pop_back();
      Frontier Out;
      for (const TaggedSet &TS : Inner)
        if (TS.Tag & Bit)
          addTo(Out, TS.Tag & ~Bit, TS.Set);
      return Out;
    }
    case NodeKind::Guard:
      return eval(*N.operand(), guard(N.guard(), In), T);
    case NodeKind::Rep:
      return rep(N, In, T);
    case NodeKind::Ride:
      return ride(N, In, T);
    case NodeKind::Prio:
      return prio(N, In, T);
    }
    return {};
  }

private:
  const FastEvaluatorImpl &C;
  const Position &P;
  const Board &B;
  unsigned Origin;
  SquareSet LandMask[8];
  bool Virgin;
  llvm::SmallVector<OpenFilter, 2> Open;

  const SquareSet &sources(Vec W) const {
    auto It = C.SourceCache.find(W);
    if (It == C.SourceCache.end())
      It = C.SourceCache.emplace(W, B.sourcesFor(W)).first;
    return It->second;
  }

  void leg(Vec W, Land L, Effect E, const Frontier &In, Frontier &Out) {
    const SquareSet &Src = sources(W);
    int Delta = W.x + B.width() * (W.y + B.height() * W.z);
    uint32_t Bits = 0;
    for (const OpenFilter &F : Open)
      if (F.Pred.holds(W))
        Bits |= F.Bit;
    const SquareSet &Allowed = LandMask[L.Mask];
    for (const TaggedSet &TS : In) {
      SquareSet To = (TS.Set & Src).shifted(Delta);
      To &= Allowed;
      if (To.none())
        continue;
      uint32_t Tag = TS.Tag | Bits;
      if (E == Effect::Capture) {
        SquareSet Hit = To.minus(LandMask[Land::Empty]);
        if (Hit.any())
          addTo(Out, Tag | RemoteBit, Hit);
        To.subtract(Hit);
        if (To.none())
          continue;
      }
      addTo(Out, Tag, To);
    }
  }

  Frontier guard(const GuardPredicate &G, const Frontier &In) const {
    if (G.K == GuardPredicate::Initial)
      return Virgin != G.Negated ? In : Frontier();
    SquareSet Zone = B.emptySet();
    auto It = P.Zones.find(G.ZoneId);
    if (It != P.Zones.end())
      Zone = It->second;
    Frontier Out;
    for (const TaggedSet &TS : In)
      addTo(Out, TS.Tag, G.Negated ? TS.Set.minus(Zone) : TS.Set & Zone);
    return Out;
  }

  Frontier rep(const Node &N, const Frontier &In, const Transform &T) {
    const RangeList &R = N.range();
    bool Unbounded = R.isUnbounded();
    int Last = Unbounded ? R.unboundedFrom() : R.maxFinite();
    Frontier Out, Cur = In;
    if (R.contains(0) && !(Unbounded && Last == 0))
      unite(Out, In);
    for (int K = 1; K <= Last && !isEmpty(Cur); ++K) {
      Cur = eval(*N.operand(), Cur, T);
      if (R.contains(K) && !(Unbounded && K == Last))
        unite(Out, Cur);
    }
    if (!Unbounded)
      return Out;
    // Counts >= Last: everything reachable from Cur. Only squares not seen
    // before are propagated again, so each (tag, square) is expanded once.
    Frontier Seen = Cur, New = Cur;
    while (!isEmpty(New)) {
      Frontier Next = eval(*N.operand(), New, T);
      New.clear();
      for (const TaggedSet &TS : Next) {
        SquareSet Fresh = TS.Set;
        for (const TaggedSet &S : Seen)
          if (S.Tag == TS.Tag)
            Fresh.subtract(S.Set);
        if (Fresh.any()) {
          addTo(New, TS.Tag, Fresh);
          addTo(Seen, TS.Tag, Fresh);
        }
      }
    }
    unite(Out, Seen);
    return Out;
  }

  Frontier ride(const Node &N, const Frontier &In, const Transform &T) {
    const RangeList &R = N.range();
    Frontier Out;
    if (R.contains(0))
      unite(Out, In);
    int Max = R.isUnbounded() ? R.unboundedFrom() + (int)B.numSquares() + 1
                              : R.maxFinite();
    for (const Shape &S : C.RideShapes.lookup(&N)) {
      Frontier Cur = In;
      for (int K = 1; K <= Max; ++K) {
        Frontier Next = Cur;
        for (const ShapeStep &St : S) {
          if (St.IsGuard) {
            Next = guard(St.G, Next);
          } else {
            Frontier Moved;
            leg(T.apply(St.V), St.L, St.E, Next, Moved);
            Next = std::move(Moved);
          }
          if (isEmpty(Next))
            break;
        }
        if (isEmpty(Next))
          break;
        bool Stable = sameFrontier(Next, Cur);
        Cur = std::move(Next);
        if (R.contains(K))
          unite(Out, Cur);
        // A path that does not move the piece gives the same frontier for
        // ever: one more count of the range that is >= K adds nothing new.
        if (Stable) {
          if (R.isUnbounded() || R.maxFinite() > K)
            unite(Out, Cur);
          break;
        }
      }
    }
    return Out;
  }

  Frontier prio(const Node &N, const Frontier &In, const Transform &T) {
    Frontier Out, Rest = In;
    const auto &Cs = N.children();
    for (size_t I = 0; I < Cs.size() && !isEmpty(Rest); ++I) {
      if (I + 1 == Cs.size()) {
        unite(Out, eval(*Cs[I], Rest, T));
        break;
      }
      // The squares of the frontier from which this alternative goes
      // anywhere take it; the others try the next one.
      SquareSet All = B.emptySet(), Yields = B.emptySet();
      for (const TaggedSet &TS : Rest)
        All |= TS.Set;
      All.forEach([&](unsigned Sq) {
        SquareSet One = B.emptySet();
        One.set(Sq);
        if (!isEmpty(eval(*Cs[I], Frontier{{0, One}}, T)))
          Yields.set(Sq);
      });
      Frontier Taken, Left;
      for (const TaggedSet &TS : Rest) {
        addTo(Taken, TS.Tag, TS.Set & Yields);
        addTo(Left, TS.Tag, TS.Set.minus(Yields));
      }
      unite(Out, eval(*Cs[I], Taken, T));
      Rest = std::move(Left);
    }
    return Out;
  }
};

} // namespace

Destinations FastEvaluatorImpl::evaluate(const Position &P, unsigned Origin,
                                         Color Mover) const {
  Propagator Prop(*this, P, Origin, Mover);
  SquareSet Start = B.emptySet();
  Start.set(Origin);
  Transform T = Mover == Color::White ? Transform() : Transform::rotate180();
  Frontier End = Prop.eval(*Root, Frontier{{0, Start}}, T);
  Destinations D{B.emptySet(), B.emptySet(), B.emptySet()};
  SquareSet Empty = B.emptySet();
  B.squares().forEach([&](unsigned I) {
    if (squareState(P, I, Origin, Mover) == Land::Empty)
      Empty.set(I);
  });
  for (const TaggedSet &TS : End) {
    SquareSet S = TS.Set;
    S.reset(Origin); // a path back to the origin is not a move
    D.Capture |= S.minus(Empty);
    if (TS.Tag & RemoteBit)
      D.Remote |= S;
    else
      D.Quiet |= S & Empty;
  }
  return D;
}

} // namespace fairy

FastEvaluator::FastEvaluator(std::unique_ptr<FastEvaluatorImpl> I)
    : Impl(std::move(I)) {}
FastEvaluator::~FastEvaluator() = default;

std::unique_ptr<FastEvaluator>
FastEvaluator::compile(NodeRef Root, const Board &B, std::string &Error) {
  auto Impl = std::make_unique<FastEvaluatorImpl>(Root, B);
  try {
    Impl->compile(*Root, 0);
  } catch (TooComplex &E) {
    Error = "cannot evaluate " + E.Why;
    return nullptr;
  }
  if (Impl->FilterBits.size() > 30) {
    Error = "cannot evaluate more than 30 filters in one moveset";
    return nullptr;
  }
  return std::unique_ptr<FastEvaluator>(new FastEvaluator(std::move(Impl)));
}

Destinations FastEvaluator::evaluate(const Position &P, unsigned Origin,
                                     Color Mover) const {
  return Impl->evaluate(P, Origin, Mover);
}
