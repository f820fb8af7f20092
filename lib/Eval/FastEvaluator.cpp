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
//           anywhere from there;
//   ahead   per square of the frontier: whether the operand goes anywhere;
//   borrow  per square of the frontier: the destinations of the lenders'
//           movesets, each evaluated by its own compiled evaluator.
// The work is proportional to tree size x board words, never to the number
// of concrete paths, except for ride operands, prio, ahead and borrow
// (docs/ir.md).
//
//===----------------------------------------------------------------------===//
#include "fairy/Eval/Evaluator.h"
#include "fairy/Support/TimeReport.h"

#include "SquareBits.h"

#include "fairy/Eval/Attacks.h"
#include "fairy/Eval/Borrow.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <map>
#include <tuple>
#include <unordered_map>

using namespace fairy;

namespace fairy {

namespace {

// Tag bits of a frontier's square sets; the filters take the bits above.
constexpr uint32_t RemoteBit = 1;  ///< captured on a square it then left
constexpr uint32_t PendingBit = 2; ///< captured on the square it stands on
constexpr uint32_t PromoteBit = 4; ///< passed a promotion
constexpr uint32_t FirstFilterBit = 8;

template <typename Bits> struct Tagged {
  uint32_t Tag;
  Bits Set;
};
template <typename Bits> using FrontierOf = llvm::SmallVector<Tagged<Bits>, 2>;

template <typename Bits>
void addTo(FrontierOf<Bits> &F, uint32_t Tag, const Bits &S) {
  for (Tagged<Bits> &T : F)
    if (T.Tag == Tag) {
      T.Set |= S;
      return;
    }
  F.push_back({Tag, S});
}

template <typename Bits>
void unite(FrontierOf<Bits> &Into, const FrontierOf<Bits> &From) {
  for (const Tagged<Bits> &T : From)
    addTo(Into, T.Tag, T.Set);
}

template <typename Bits> bool isEmpty(const FrontierOf<Bits> &F) {
  for (const Tagged<Bits> &T : F)
    if (anyBits(T.Set))
      return false;
  return true;
}

template <typename Bits> size_t hashFrontier(const FrontierOf<Bits> &F) {
  size_t H = 0;
  for (const Tagged<Bits> &T : F)
    if (anyBits(T.Set))
      H ^= hashBits(T.Set) * 31 + T.Tag;
  return H;
}

template <typename Bits>
bool sameFrontier(const FrontierOf<Bits> &A, const FrontierOf<Bits> &B) {
  auto Covered = [](const FrontierOf<Bits> &X, const FrontierOf<Bits> &Y) {
    for (const Tagged<Bits> &T : X) {
      if (!anyBits(T.Set))
        continue;
      bool Found = false;
      for (const Tagged<Bits> &U : Y)
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
/// Steps in all the concrete paths of one moveset's rides: nested rides
/// multiply path lengths (ride<1..2> nested 40 deep has paths of 2^40
/// steps) where the number of paths stays small.
constexpr size_t MaxShapeSteps = 1 << 20;

struct TooComplex {
  std::string Why;
};

struct WorkExceeded {};

} // namespace

/// The board in one representation: its squares, and for each axis A and
/// displacement D the squares from which a move of D along A stays in the
/// board's box (Axis[A][D + side - 1]).
template <typename Bits> struct BoardMasks {
  Bits Squares{};
  std::vector<Bits> Axis[3];

  void build(const Board &B) {
    Squares = convert<Bits>(B.squares());
    int Sides[3] = {B.width(), B.height(), B.depth()};
    for (unsigned A = 0; A < 3; ++A)
      for (int D = 1 - Sides[A]; D <= Sides[A] - 1; ++D) {
        SquareSet M = B.emptySet();
        B.squares().forEach([&](unsigned I) {
          int C = B.coord(I)[A] + D;
          if (C >= 0 && C < Sides[A])
            M.set(I);
        });
        Axis[A].push_back(convert<Bits>(M));
      }
  }
};

class FastEvaluatorImpl {
public:
  FastEvaluatorImpl(NodeRef Root, const Board &B)
      : Root(std::move(Root)), B(B) {
    dispatchBits(B, [&](auto *Kind) {
      using Bits = std::remove_pointer_t<decltype(Kind)>;
      std::get<BoardMasks<Bits>>(Masks).build(B);
    });
  }

  void compile(const Node &N, unsigned RideDepth) {
    if (N.is(NodeKind::Filter))
      FilterBits[&N] = FirstFilterBit << FilterBits.size();
    if (N.is(NodeKind::Ride))
      RideShapes[&N] = shapes(*N.operand());
    for (const NodeRef &C : N.children())
      compile(*C, RideDepth + N.is(NodeKind::Ride));
  }

  std::optional<Destinations> evaluate(const Position &P, unsigned Origin,
                                       Color Mover, std::string &Error) const;
  std::optional<SquareSet> testedSquares(const Position &P, unsigned Origin,
                                         Color Mover, std::string &Error) const;

  NodeRef Root;
  Board B;
  uint64_t WorkLimit = FastEvaluator::DefaultWorkLimit;
  /// A limit shared with other evaluations and evaluators, if set.
  std::shared_ptr<WorkBudget> Shared;
  /// The limit an evaluation that ran out of steps reached: the shared
  /// budget if it is spent, else the evaluation's own.
  uint64_t workLimit() const {
    return Shared && Shared->Used > Shared->Limit ? Shared->Limit : WorkLimit;
  }
  /// Compiled movesets of the other pieces, for attack conditions and
  /// borrowed moves, kept from one evaluation to the next (the NodeRef keeps
  /// the key alive).
  mutable std::map<const Node *,
                   std::pair<NodeRef, std::unique_ptr<FastEvaluator>>>
      Others;
  llvm::DenseMap<const Node *, uint32_t> FilterBits;
  llvm::DenseMap<const Node *, std::vector<Shape>> RideShapes;
  size_t ShapeStepsMade = 0; ///< charged by chargeSteps()
  // Only the representation this board uses is filled in.
  std::tuple<BoardMasks<uint64_t>, BoardMasks<WideBits<4>>,
             BoardMasks<WideBits<16>>, BoardMasks<WideBits<64>>,
             BoardMasks<SquareSet>>
      Masks;
  template <typename Bits> const BoardMasks<Bits> &masks() const {
    return std::get<BoardMasks<Bits>>(Masks);
  }

  /// \p S restricted to the squares from which \p W stays in the box.
  /// Missing squares are left to the landing masks, which exclude them.
  template <typename Bits> bool restrictToSources(Bits &S, Vec W) const {
    for (unsigned A = 0; A < 3; ++A) {
      int Side = A == 0 ? B.width() : A == 1 ? B.height() : B.depth();
      if (W[A] <= -Side || W[A] >= Side)
        return false;
      if (W[A] != 0)
        S &= masks<Bits>().Axis[A][W[A] + Side - 1];
    }
    return true;
  }

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
            if (K < Max) {
              chargeSteps(S.size());
              Cur.insert(Cur.end(), S.begin(), S.end());
            }
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
    case NodeKind::Ahead:
    case NodeKind::Borrow:
      throw TooComplex{std::string("a ") + kindName(N.kind()) +
                       " inside a ride operand"};
    }
    if (Out.size() > MaxShapes)
      throw TooComplex{"a ride whose operand has more than " +
                       std::to_string(MaxShapes) + " concrete paths"};
    return Out;
  }

  void chargeSteps(size_t Steps) {
    ShapeStepsMade += Steps;
    if (ShapeStepsMade > MaxShapeSteps)
      throw TooComplex{"rides whose concrete paths have more than " +
                       std::to_string(MaxShapeSteps) + " steps in all"};
  }

  void push(std::vector<Shape> &Out, const Shape &S) {
    chargeSteps(S.size());
    Out.push_back(S);
    if (Out.size() > MaxShapes)
      throw TooComplex{"a ride whose operand has more than " +
                       std::to_string(MaxShapes) + " concrete paths"};
  }

  std::vector<Shape> concat(const std::vector<Shape> &A,
                            const std::vector<Shape> &Bs) {
    if (A.size() * Bs.size() > MaxShapes)
      throw TooComplex{"a ride whose operand has more than " +
                       std::to_string(MaxShapes) + " concrete paths"};
    std::vector<Shape> Out;
    for (const Shape &X : A)
      for (const Shape &Y : Bs) {
        chargeSteps(X.size() + Y.size());
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
/// turned into square sets of type Bits.
template <typename Bits> class Propagator {
public:
  using Frontier = FrontierOf<Bits>;
  using TaggedSet = Tagged<Bits>;

  /// With \p Relaxed, every leg may land on any square and every guard and
  /// prio alternative is taken: the paths found are a superset of the real
  /// ones, and tested() collects the squares whose state a leg checks.
  Propagator(const FastEvaluatorImpl &C, const Position &P, unsigned Origin,
             Color Mover, bool Relaxed = false)
      : C(C), P(P), B(C.B), Origin(Origin), Relaxed(Relaxed),
        Shared(C.Shared ? &C.Shared->Used : nullptr),
        SharedLimit(C.Shared ? C.Shared->Limit : UINT64_MAX), Mover(Mover) {
    // The origin counts as empty: the piece has left it.
    const Bits &Squares = C.masks<Bits>().Squares;
    LandMask[0] = minusBits(Squares, Squares); // no squares, sized to the board
    Bits Start = single(Origin);
    for (int Side = 0; Side < 2; ++Side) {
      Bits Pieces = convert<Bits>(P.piecesOf(Side ? opposite(Mover) : Mover));
      Pieces &= Squares;
      LandMask[Side ? Land::Enemy : Land::Friend] = minusBits(Pieces, Start);
    }
    LandMask[Land::Empty] = minusBits(
        minusBits(Squares, LandMask[Land::Friend]), LandMask[Land::Enemy]);
    Built = (1 << 0) | (1 << Land::Empty) | (1 << Land::Friend) |
            (1 << Land::Enemy);
    Virgin = !P.Moved.test(Origin);
    Tested = LandMask[0];
    if (Relaxed) { // LandMask[0] stays the empty set single() builds on
      for (unsigned M = 1; M < 8; ++M)
        LandMask[M] = Squares;
      Built = 0xff;
    }
  }

  /// The squares whose emptiness a leg tested (relaxed mode): those whose
  /// condition allows empty or occupied but not both.
  const Bits &tested() const { return Tested; }

  const Bits &emptySquares() const { return LandMask[Land::Empty]; }
  Bits single(unsigned Square) const {
    Bits S = LandMask[0];
    addSquare(S, Square);
    return S;
  }
  Bits noSquares() const { return LandMask[0]; }

  /// The squares a leg with condition \p L may land on, built on first use.
  const Bits &landMask(Land L) {
    if (!(Built >> L.Mask & 1)) {
      Bits M = LandMask[0];
      for (uint8_t Part : {Land::Empty, Land::Friend, Land::Enemy})
        if (L.Mask & Part)
          M |= LandMask[Part];
      LandMask[L.Mask] = M;
      Built |= 1 << L.Mask;
    }
    return LandMask[L.Mask];
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
      const Node &Op = *N.operand();
      if (Op.is(NodeKind::Leg)) {
        // The most common shape (one leg in every direction): each image
        // goes straight into Out.
        for (const Transform &S : N.transforms().transforms())
          leg(T.apply(S.apply(Op.vec())), Op.land(), Op.effect(), In, Out);
        return Out;
      }
      for (const Transform &S : N.transforms().transforms())
        unite(Out, eval(Op, In, T.compose(S)));
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
    case NodeKind::Ahead:
      return ahead(N, In, T);
    case NodeKind::Borrow:
      return borrow(N, In, T);
    }
    return {};
  }

private:
  const FastEvaluatorImpl &C;
  const Position &P;
  const Board &B;
  unsigned Origin;
  Bits LandMask[8];
  unsigned Built = 0; ///< bit M: LandMask[M] is computed
  bool Relaxed;
  Bits Tested;
  uint64_t OwnWork = 0; ///< leg applications of this evaluation
  uint64_t *Shared;     ///< the shared budget's count, if any
  uint64_t SharedLimit;
  bool Virgin;
  Color Mover;
  llvm::SmallVector<OpenFilter, 2> Open;
  std::optional<AttackMap> Attacks;

  void leg(Vec W, Land L, Effect E, const Frontier &In, Frontier &Out) {
    if (++OwnWork > C.WorkLimit || (Shared && ++*Shared > SharedLimit))
      throw WorkExceeded();
    int Delta = W.x + B.width() * (W.y + B.height() * W.z);
    uint32_t FilterBits = 0;
    for (const OpenFilter &F : Open)
      if (F.Pred.holds(W))
        FilterBits |= F.Bit;
    const Bits &Allowed = landMask(L);
    for (const TaggedSet &TS : In) {
      Bits From = TS.Set;
      if (!C.restrictToSources(From, W))
        return;
      Bits To = shiftBits(From, Delta);
      To &= Allowed;
      if (Relaxed && bool(L.Mask & Land::Empty) != bool(L.Mask & Land::Enemy))
        Tested |= To;
      if (!anyBits(To))
        continue;
      uint32_t Tag = TS.Tag | FilterBits;
      // A capture becomes remote once the path leaves the captured square;
      // on the destination itself it is an ordinary capture.
      if ((Tag & PendingBit) && !W.isZero())
        Tag = (Tag & ~PendingBit) | RemoteBit;
      if (E == Effect::Promote)
        Tag |= PromoteBit;
      if (E == Effect::EnPassant) {
        if (!P.enPassantTarget(Origin, Mover) && !Relaxed)
          continue;
        Tag |= RemoteBit; // taken where the previous move ended, not here
      }
      if (E == Effect::Capture) {
        Bits Hit = minusBits(To, LandMask[Land::Empty]);
        if (anyBits(Hit))
          addTo(Out, Tag | PendingBit, Hit);
        To = minusBits(To, Hit);
        if (!anyBits(To))
          continue;
      }
      addTo(Out, Tag, To);
    }
  }

  Frontier guard(const GuardPredicate &G, const Frontier &In) {
    if (Relaxed || (G.isAttack() && P.AttackConditionsHold))
      return In;
    bool Whole; // for predicates of the piece, not of the square
    switch (G.K) {
    case GuardPredicate::Initial:
      Whole = Virgin;
      break;
    case GuardPredicate::Advanced:
      Whole = P.Advanced.test(Origin);
      break;
    case GuardPredicate::State: {
      auto It = P.States.find(G.ZoneId);
      Whole = It != P.States.end() && It->second.test(Origin);
      break;
    }
    default:
      return filterSquares(G, In);
    }
    return Whole != G.Negated ? In : Frontier();
  }

  /// The squares of \p In where predicate \p G holds.
  Frontier filterSquares(const GuardPredicate &G, const Frontier &In) {
    Frontier Out;
    for (const TaggedSet &TS : In) {
      Bits Where = squaresWhere(G, TS.Set);
      if (G.Negated) {
        addTo(Out, TS.Tag, minusBits(TS.Set, Where));
      } else {
        Where &= TS.Set;
        addTo(Out, TS.Tag, Where);
      }
    }
    return Out;
  }

  /// The squares where the square predicate \p G holds; only those of
  /// \p Asked need be right (attack conditions are worked out per square).
  Bits squaresWhere(const GuardPredicate &G, const Bits &Asked) {
    Bits S = noSquares();
    switch (G.K) {
    case GuardPredicate::Zone: {
      auto It = P.Zones.find(G.ZoneId);
      if (It != P.Zones.end())
        S = convert<Bits>(It->second);
      break;
    }
    case GuardPredicate::Origin:
      S = single(Origin);
      break;
    case GuardPredicate::LastTo:
    case GuardPredicate::LastFrom:
      if (P.LastMove)
        addSquare(S, G.K == GuardPredicate::LastTo ? P.LastMove->To
                                                   : P.LastMove->From);
      break;
    case GuardPredicate::SameType: {
      char Type = P.moverType(Origin);
      for (int Side = 0; Side < 2; ++Side)
        forEachBit(convert<Bits>(P.piecesOf(Color(Side))), [&](unsigned Sq) {
          if (Sq != Origin && P.at(Sq).Type == Type)
            addSquare(S, Sq);
        });
      break;
    }
    case GuardPredicate::Attacked:
    case GuardPredicate::Defended: {
      Color By = G.K == GuardPredicate::Attacked ? opposite(Mover) : Mover;
      forEachBit(Asked, [&](unsigned Sq) {
        if (attacks().attacked(Sq, By))
          addSquare(S, Sq);
      });
      break;
    }
    case GuardPredicate::Passed:
      S = convert<Bits>(P.passedSquares());
      break;
    case GuardPredicate::Royal:
      for (int Side = 0; Side < 2; ++Side)
        forEachBit(convert<Bits>(P.piecesOf(Color(Side))), [&](unsigned Sq) {
          if (Sq != Origin && P.isRoyal(Sq))
            addSquare(S, Sq);
        });
      break;
    case GuardPredicate::Unmoved:
      for (int Side = 0; Side < 2; ++Side)
        S |= convert<Bits>(P.piecesOf(Color(Side)));
      S = minusBits(minusBits(S, convert<Bits>(P.Moved)), single(Origin));
      break;
    case GuardPredicate::Initial:
    case GuardPredicate::State:
    case GuardPredicate::Advanced:
      break;
    }
    return S;
  }

  /// Another piece's moveset \p Moves evaluated by this evaluator too.
  std::optional<Destinations> evaluateOther(const NodeRef &Moves,
                                            const Position &Q, unsigned From,
                                            Color Side, std::string &Error) {
    auto &[Kept, E] = C.Others[Moves.get()];
    if (!E && !(E = FastEvaluator::compile(Moves, Q.board(), Error)))
      return std::nullopt;
    Kept = Moves;
    E->setWorkLimit(C.WorkLimit);
    E->setWorkBudget(C.Shared);
    return E->evaluate(Q, From, Side, Error);
  }

  /// The attack map, with attackers evaluated by this evaluator too.
  AttackMap &attacks() {
    if (!Attacks)
      Attacks.emplace(P, Origin, Mover,
                      [this](const NodeRef &Moves, const Position &Q,
                             unsigned From, Color Side,
                             std::string &Error) -> std::optional<SquareSet> {
                        auto D = evaluateOther(Moves, Q, From, Side, Error);
                        if (!D)
                          return std::nullopt;
                        return D->Capture;
                      });
    return *Attacks;
  }

  /// The squares of \p In from which \p N's operand goes anywhere.
  Bits squaresWithPaths(const Node &N, const Frontier &In, const Transform &T) {
    Bits All = noSquares(), Yields = noSquares();
    for (const TaggedSet &TS : In)
      All |= TS.Set;
    forEachBit(All, [&](unsigned Sq) {
      Bits One = single(Sq);
      if (!isEmpty(eval(N, Frontier{{0, One}}, T)))
        Yields |= One;
    });
    return Yields;
  }

  Frontier ahead(const Node &N, const Frontier &In, const Transform &T) {
    if (Relaxed) { // the test may pass anywhere; its squares are tested
      eval(*N.operand(), In, T);
      return In;
    }
    Bits Yields = squaresWithPaths(*N.operand(), In, T);
    Frontier Out;
    for (const TaggedSet &TS : In) {
      Bits Kept = TS.Set;
      if (N.negated())
        Kept = minusBits(Kept, Yields);
      else
        Kept &= Yields;
      addTo(Out, TS.Tag, Kept);
    }
    return Out;
  }

  /// borrow(a): from each square of the frontier, the moves of the own
  /// pieces that a's paths reach (fairy/Eval/Borrow.h).
  Frontier borrow(const Node &N, const Frontier &In, const Transform &T) {
    if (Relaxed) { // what is borrowed depends on piece types, not occupancy
      eval(*N.operand(), In, T);
      return {};
    }
    Frontier Out;
    if (P.BorrowingOff)
      return Out;
    Bits All = noSquares();
    for (const TaggedSet &TS : In)
      All |= TS.Set;
    forEachBit(All, [&](unsigned Sq) {
      Bits Reached = noSquares();
      for (const TaggedSet &TS :
           eval(*N.operand(), Frontier{{0, single(Sq)}}, T))
        Reached |= TS.Set;
      std::vector<const Node *> Done;
      forEachBit(Reached, [&](unsigned Lender) {
        const NodeRef *Moves = lentMoves(P, Origin, Mover, Lender);
        if (!Moves || llvm::is_contained(Done, Moves->get()))
          return;
        Done.push_back(Moves->get());
        std::string Error;
        auto D = evaluateOther(*Moves, borrowingOff(P), Sq, Mover, Error);
        if (!D)
          throw AttackError{borrowFailure(P, Lender, Error)};
        std::vector<BorrowedEnd> Ends = borrowedEnds(*D);
        for (const TaggedSet &TS : In) {
          Bits Here = TS.Set;
          Here &= single(Sq);
          if (!anyBits(Here))
            continue;
          for (const BorrowedEnd &E : Ends) {
            uint32_t Tag = TS.Tag;
            // As after a leg: a capture left behind becomes remote.
            if ((Tag & PendingBit) && E.Square != Sq)
              Tag = (Tag & ~PendingBit) | RemoteBit;
            Tag |= (E.Remote ? RemoteBit : 0) | (E.Pending ? PendingBit : 0) |
                   (E.Promote ? PromoteBit : 0);
            addTo(Out, Tag, single(E.Square));
          }
        }
      });
    });
    return Out;
  }

  Frontier rep(const Node &N, const Frontier &In, const Transform &T) {
    const RangeList &R = N.range();
    bool Unbounded = R.isUnbounded();
    int Last = Unbounded ? R.unboundedFrom() : R.maxFinite();
    Frontier Out, Cur = In;
    auto Wanted = [&](int K) {
      return R.contains(K) && !(Unbounded && K == Last);
    };
    if (Wanted(0))
      unite(Out, In);
    // F(k) = g(F(k-1)) is deterministic, so once a frontier repeats the
    // rest of the sequence repeats too: read it from History instead of
    // computing up to 4096 more steps.
    std::vector<Frontier> History = {In};
    std::unordered_multimap<size_t, int> Index = {{hashFrontier(In), 0}};
    for (int K = 1; K <= Last && !isEmpty(Cur); ++K) {
      Cur = eval(*N.operand(), Cur, T);
      if (Wanted(K))
        unite(Out, Cur);
      size_t H = hashFrontier(Cur);
      int J = -1;
      auto [First, End] = Index.equal_range(H);
      for (auto It = First; It != End && J < 0; ++It)
        if (sameFrontier(History[It->second], Cur))
          J = It->second;
      if (J >= 0) {
        int Period = K - J;
        for (int K2 = K + 1; K2 <= Last; ++K2)
          if (Wanted(K2))
            unite(Out, History[J + (K2 - J) % Period]);
        Cur = History[J + (Last - J) % Period]; // F(Last)
        break;
      }
      History.push_back(Cur);
      Index.insert({H, K});
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
        Bits Fresh = TS.Set;
        for (const TaggedSet &S : Seen)
          if (S.Tag == TS.Tag)
            Fresh = minusBits(Fresh, S.Set);
        if (anyBits(Fresh)) {
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
      // Only a path that ends where it starts can leave the frontier
      // unchanged; any other one empties it within a board's length.
      Vec Shift;
      for (const ShapeStep &St : S)
        if (!St.IsGuard)
          Shift = Shift + St.V;
      bool MayStall = Shift.isZero();
      Frontier Cur = In;
      for (int K = 1; K <= Max; ++K) {
        Frontier Next;
        if (S.size() == 1 && !S[0].IsGuard) {
          leg(T.apply(S[0].V), S[0].L, S[0].E, Cur, Next);
        } else {
          Next = Cur;
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
        }
        if (isEmpty(Next))
          break;
        bool Stable = MayStall && sameFrontier(Next, Cur);
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
    if (Relaxed) { // every alternative, from every square
      Frontier Out;
      for (const NodeRef &Ch : N.children())
        unite(Out, eval(*Ch, In, T));
      return Out;
    }
    Frontier Out, Rest = In;
    const auto &Cs = N.children();
    for (size_t I = 0; I < Cs.size() && !isEmpty(Rest); ++I) {
      if (I + 1 == Cs.size()) {
        unite(Out, eval(*Cs[I], Rest, T));
        break;
      }
      // The squares of the frontier from which this alternative goes
      // anywhere take it; the others try the next one.
      Bits Yields = squaresWithPaths(*Cs[I], Rest, T);
      Frontier Taken, Left;
      for (const TaggedSet &TS : Rest) {
        Bits In2 = TS.Set;
        In2 &= Yields;
        addTo(Taken, TS.Tag, In2);
        addTo(Left, TS.Tag, minusBits(TS.Set, Yields));
      }
      unite(Out, eval(*Cs[I], Taken, T));
      Rest = std::move(Left);
    }
    return Out;
  }
};

} // namespace

template <typename Bits>
static Destinations propagate(const FastEvaluatorImpl &C, const Position &P,
                              unsigned Origin, Color Mover) {
  Propagator<Bits> Prop(C, P, Origin, Mover);
  Bits Start = Prop.single(Origin);
  Transform T = Mover == Color::White ? Transform() : Transform::rotate180();
  FrontierOf<Bits> End = Prop.eval(*C.Root, FrontierOf<Bits>{{0, Start}}, T);
  Bits Quiet = Prop.noSquares(), Capture = Quiet, Remote = Quiet,
       Promote = Quiet;
  const Bits &Empty = Prop.emptySquares();
  for (const Tagged<Bits> &TS : End) {
    // A path back to the origin is not a move, unless it captured on the
    // way (capture without moving, XBetza's mcabK).
    bool Captured = TS.Tag & RemoteBit;
    Bits S = Captured ? TS.Set : minusBits(TS.Set, Start);
    Capture |= minusBits(S, Empty);
    if (TS.Tag & PromoteBit)
      Promote |= S;
    if (Captured) {
      Remote |= S;
    } else {
      S &= Empty;
      Quiet |= S;
    }
  }
  unsigned N = C.B.numSquares();
  return {toSquareSet(Quiet, N), toSquareSet(Capture, N),
          toSquareSet(Remote, N), toSquareSet(Promote, N)};
}

template <typename Bits>
static SquareSet probeTested(const FastEvaluatorImpl &C, const Position &P,
                             unsigned Origin, Color Mover) {
  Propagator<Bits> Prop(C, P, Origin, Mover, /*Relaxed=*/true);
  Transform T = Mover == Color::White ? Transform() : Transform::rotate180();
  Prop.eval(*C.Root, FrontierOf<Bits>{{0, Prop.single(Origin)}}, T);
  SquareSet S = toSquareSet(Prop.tested(), C.B.numSquares());
  S.reset(Origin);
  return S;
}

std::optional<SquareSet>
FastEvaluatorImpl::testedSquares(const Position &P, unsigned Origin,
                                 Color Mover, std::string &Error) const {
  try {
    return dispatchBits(B, [&](auto *Kind) {
      using Bits = std::remove_pointer_t<decltype(Kind)>;
      return probeTested<Bits>(*this, P, Origin, Mover);
    });
  } catch (WorkExceeded &) {
    Error = "the relevance analysis stopped after " +
            std::to_string(workLimit()) + " leg steps";
    return std::nullopt;
  }
}

std::optional<Destinations>
FastEvaluatorImpl::evaluate(const Position &P, unsigned Origin, Color Mover,
                            std::string &Error) const {
  try {
    return dispatchBits(B, [&](auto *Kind) {
      using Bits = std::remove_pointer_t<decltype(Kind)>;
      return propagate<Bits>(*this, P, Origin, Mover);
    });
  } catch (AttackError &A) {
    Error = A.Why;
    return std::nullopt;
  } catch (WorkExceeded &) {
    Error = "evaluation stopped after " + std::to_string(workLimit()) +
            " leg steps; the moveset nests repetitions or priorities too "
            "deeply to evaluate (--eval-step-limit sets the limit)";
    return std::nullopt;
  }
}

} // namespace fairy

FastEvaluator::FastEvaluator(std::unique_ptr<FastEvaluatorImpl> I)
    : Impl(std::move(I)) {}
FastEvaluator::~FastEvaluator() = default;

std::unique_ptr<FastEvaluator>
FastEvaluator::compile(NodeRef Root, const Board &B, std::string &Error) {
  auto Impl = std::make_unique<FastEvaluatorImpl>(Root, B);
  // Within a job's scope one evaluation may spend the job's whole budget
  // (--eval-step-limit raises both).
  if ((Impl->Shared = WorkBudgetScope::current()))
    Impl->WorkLimit = Impl->Shared->Limit;
  try {
    Impl->compile(*Root, 0);
  } catch (TooComplex &E) {
    Error = "cannot evaluate " + E.Why;
    return nullptr;
  }
  if (Impl->FilterBits.size() > 28) {
    Error = "cannot evaluate more than 28 filters in one moveset";
    return nullptr;
  }
  return std::unique_ptr<FastEvaluator>(new FastEvaluator(std::move(Impl)));
}

std::optional<SquareSet>
FastEvaluator::testedSquares(const Position &P, unsigned Origin, Color Mover,
                             std::string &Error) const {
  return Impl->testedSquares(P, Origin, Mover, Error);
}

void FastEvaluator::setWorkLimit(uint64_t Steps) { Impl->WorkLimit = Steps; }

static thread_local std::shared_ptr<WorkBudget> CurrentBudget;

WorkBudgetScope::WorkBudgetScope(uint64_t Steps)
    : Budget(std::make_shared<WorkBudget>(WorkBudget{Steps})),
      Saved(CurrentBudget) {
  CurrentBudget = Budget;
}

WorkBudgetScope::~WorkBudgetScope() { CurrentBudget = Saved; }

std::shared_ptr<WorkBudget> WorkBudgetScope::current() { return CurrentBudget; }

void FastEvaluator::setWorkBudget(std::shared_ptr<WorkBudget> Budget) {
  Impl->Shared = std::move(Budget);
}

std::optional<Destinations> FastEvaluator::evaluate(const Position &P,
                                                    unsigned Origin,
                                                    Color Mover,
                                                    std::string &Error) const {
  TimeReport::Phase Timing("evaluate");
  return Impl->evaluate(P, Origin, Mover, Error);
}
