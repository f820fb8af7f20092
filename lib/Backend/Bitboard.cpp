//===- Bitboard.cpp - Attack tables for bitboard engines ------------------===//
#include "fairy/Backend/Bitboard.h"
#include "BitboardTables.h"
#include "MagicSearch.h"
#include "fairy/Eval/Evaluator.h"
#include "fairy/IR/Builder.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/Support/Escape.h"
#include "fairy/Support/Progress.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <functional>
#include <map>
#include <numeric>
#include <tuple>
#include <unordered_map>

using namespace fairy;
using namespace fairy::bitboard;

namespace {

/// Leg steps one occupancy's evaluation may take (sliders, hoppers and
/// riders take tens to hundreds), all evaluations of one header together,
/// and multipliers times occupancies its searches may try. The chess header
/// takes 12.3 million steps and 70 million probes; the cannon's two
/// rook-sized parts 27.3 million and 137 million.
constexpr uint64_t MaxStepsPerOccupancy = 10'000;
constexpr uint64_t MaxTableSteps = 50'000'000;
constexpr uint64_t MaxMagicWork = 200'000'000;

struct Refused {
  std::string Why;
};

/// Why an evaluation for the tables failed: the header's budget spent,
/// one occupancy's, or what the evaluator said.
Refused evaluationFailed(const std::string &E) {
  auto Budget = WorkBudgetScope::current();
  if (Budget && Budget->Used > Budget->Limit)
    return Refused{"the tables take more than " +
                   std::to_string(Budget->Limit) +
                   " leg steps of evaluation (all tables of one header "
                   "together)"};
  if (E.find("evaluation stopped after") == 0)
    return Refused{"the moves from one square and occupancy take more than " +
                   std::to_string(MaxStepsPerOccupancy) +
                   " leg steps to evaluate, more than tables are built for"};
  return Refused{E};
}

/// A rider's range of \p Steps along \p D on \p Bd: 0 (to the edge) if it
/// reaches as far as any ray along D can go there.
int reach(int Steps, Vec D, const Board &Bd) {
  int Most = INT_MAX;
  int Sides[3] = {Bd.width(), Bd.height(), Bd.depth()};
  for (unsigned I = 0; I < 3; ++I)
    if (D[I])
      Most = std::min(Most, (Sides[I] - 1) / std::abs(D[I]));
  return Steps == 0 || Steps >= Most ? 0 : Steps;
}

/// Whether parts \p A and \p B make the same moves on \p B: equal IR, or
/// riders with the same directions whose ranges reach as far. (The passes
/// bound a ride by the board: a queen's files end at 9 steps on 12x10 while
/// the rook's four rays, one ride, end at 11.)
bool sameMoves(const NodeRef &A, const NodeRef &B, const Board &Bd) {
  if (equal(*A, *B))
    return true;
  auto RA = riderShape(A), RB = riderShape(B);
  if (!RA || !RB)
    return false;
  std::sort(RA->Dirs.begin(), RA->Dirs.end());
  std::sort(RB->Dirs.begin(), RB->Dirs.end());
  if (RA->Dirs != RB->Dirs)
    return false;
  for (Vec D : RA->Dirs)
    if (reach(RA->MaxSteps, D, Bd) != reach(RB->MaxSteps, D, Bd))
      return false;
  return true;
}

/// Table entries a part needs before compaction: for each square, 2 to the
/// number of squares whose occupancy matters. UINT64_MAX if some square has
/// more than 20 of them.
uint64_t rawEntries(const NodeRef &Part, const Board &B, Color Side) {
  if (auto R = riderShape(Part)) {
    uint64_t Total = 0;
    for (unsigned S : B.squares().toVector()) {
      size_t K = 0;
      for (const auto &Ray : raysOf(*R, B, S, Side))
        K += Ray.size();
      if (K > 20)
        return UINT64_MAX;
      Total += uint64_t(1) << K;
    }
    return Total;
  }
  std::string E;
  auto Fast = FastEvaluator::compile(Part, B, E);
  if (!Fast)
    throw Refused{E};
  Fast->setWorkLimit(MaxStepsPerOccupancy);
  Position Empty(B);
  uint64_t Total = 0;
  for (unsigned S : B.squares().toVector()) {
    auto Tested = Fast->testedSquares(Empty, S, Side, E);
    if (!Tested)
      throw evaluationFailed(E);
    size_t K = Tested->count();
    if (K > 20)
      return UINT64_MAX;
    Total += uint64_t(1) << K;
  }
  return Total;
}

/// Table lookups one piece's attacks may take.
constexpr size_t MaxPartsPerPiece = 64;

/// Larger parts are split into one part per symmetry image. (Counted before
/// the ends of rays are dropped, which divides a slider's tables by 4.)
constexpr uint64_t MaxPartEntries = uint64_t(1) << 20;

/// \p Part, or if its table would be too large, its symmetry images in as
/// few groups as fit. Each image is tried next to its half-turn image
/// first, so that a rook's rays pair up into lines. A rook on 8x8 (409,600
/// raw, 102,400 final entries) stays one part; on 10x10 (2.4 million final
/// entries of 16 bytes) it becomes a file part and a rank part: two lookups
/// instead of one, and kilobytes instead of 40 MB.
void fitParts(const NodeRef &Part, const Board &B, Color Side,
              std::vector<NodeRef> &Out) {
  if (!Part->is(NodeKind::Sym) || Part->transforms().size() < 2 ||
      rawEntries(Part, B, Side) <= MaxPartEntries) {
    Out.push_back(Part);
    return;
  }
  const NodeRef &Operand = Part->operand();
  // In a fixed order, so that equal symmetries split into equal groups
  // whichever notation listed them: the queen's rook part then shares the
  // rook's tables on 10x10 too.
  std::vector<Transform> All = Part->transforms().transforms();
  std::sort(All.begin(), All.end());
  std::vector<Transform> Order;
  auto Add = [&](const Transform &T) {
    if (std::find(All.begin(), All.end(), T) != All.end() &&
        std::find(Order.begin(), Order.end(), T) == Order.end())
      Order.push_back(T);
  };
  for (const Transform &T : All) {
    Add(T);
    Add(Transform::rotate180().compose(T));
  }
  auto Group = [&](const std::vector<Transform> &Ts) {
    return Ts.size() == 1 ? transformed(Operand, Ts[0])
                          : ir::sym(TransformSet(Ts), Operand);
  };
  // A rider along other lines than files, ranks and diagonals (a
  // nightrider) is split into its lines: their rays are short, and two
  // lines in one table cost more than two tables (on 12x10: 67 KB as four
  // lines, 118 KB as two pairs of lines).
  auto R = riderShape(Part);
  bool LinesApart =
      R && std::any_of(R->Dirs.begin(), R->Dirs.end(), [](Vec D) {
        return std::max({std::abs(D.x), std::abs(D.y), std::abs(D.z)}) > 1;
      });
  std::vector<Transform> Current;
  for (const Transform &T : Order) {
    std::vector<Transform> Wider = Current;
    Wider.push_back(T);
    bool NewLine = LinesApart && Current.size() == 2;
    if (Current.empty() ||
        (!NewLine && rawEntries(Group(Wider), B, Side) <= MaxPartEntries)) {
      Current = std::move(Wider);
      continue;
    }
    fitParts(Group(Current), B, Side, Out);
    Current = {T};
  }
  fitParts(Group(Current), B, Side, Out);
}

/// The primitive direction all legs of \p N go in (each a positive
/// multiple of it, on the plane), if they share one.
std::optional<Vec> lineOf(const Node &N) {
  std::optional<Vec> U;
  bool Ok = true;
  std::function<void(const Node &)> Walk = [&](const Node &M) {
    if (!Ok)
      return;
    if (M.is(NodeKind::Leg)) {
      Vec V = M.vec();
      int G = std::gcd(std::abs(V.x), std::abs(V.y));
      if (V.z != 0 || G == 0) {
        Ok = false;
        return;
      }
      Vec W(V.x / G, V.y / G);
      if (U && *U != W)
        Ok = false;
      U = W;
      return;
    }
    for (const NodeRef &C : M.children())
      Walk(*C);
  };
  Walk(N);
  if (!Ok)
    return std::nullopt;
  return U;
}

/// Parts regrouped by geometry, whatever the notation wrote: every
/// symmetry image of a part whose legs go along one line is turned back to
/// a canonical direction ((a, b) with a >= b >= 0), and images equal there
/// become one part, the symmetry of that canonical image. A queen written
/// Q (eight rays), RB or n* is one rook part and one bishop part; a sym<d4>
/// of a rook's ray (four images twice) is one part of four.
std::vector<NodeRef> regroupByLine(const std::vector<NodeRef> &Parts,
                                   const Board &Bd) {
  std::vector<NodeRef> Out;
  struct Group {
    NodeRef Canon;
    std::vector<Transform> Ts;
    size_t Slot; ///< its place in Out
  };
  std::vector<Group> Groups;
  const TransformSet D4 = TransformSet::d4();
  for (const NodeRef &Part : Parts) {
    std::vector<NodeRef> Images;
    if (Part->is(NodeKind::Sym))
      for (const Transform &T : Part->transforms().transforms())
        Images.push_back(transformed(Part->operand(), T));
    else
      Images.push_back(Part);
    for (NodeRef X : Images) {
      // A ride the board bounds (Betza's NN on 12x10: 4 steps along (1,2),
      // 5 along (2,1)) is unbounded there, as another notation writes it.
      auto R = riderShape(X);
      if (R && R->Dirs.size() == 1 && R->MaxSteps &&
          !reach(R->MaxSteps, R->Dirs[0], Bd)) {
        Vec D = R->Dirs[0];
        X = ir::seq({ir::ride(RangeList::atLeast(0), ir::leg(D, Land::empty())),
                     ir::leg(D, Land::notFriend())});
      }
      std::optional<Vec> U = lineOf(*X);
      if (!U) {
        Out.push_back(X);
        continue;
      }
      Vec Rep(std::max(std::abs(U->x), std::abs(U->y)),
              std::min(std::abs(U->x), std::abs(U->y)));
      const Transform *T = nullptr; // the first that takes Rep to U
      for (const Transform &D : D4.transforms())
        if (D.apply(Rep) == *U) {
          T = &D;
          break;
        }
      NodeRef Canon = transformed(X, T->inverse());
      auto G = std::find_if(Groups.begin(), Groups.end(), [&](const Group &G) {
        return equal(*G.Canon, *Canon);
      });
      if (G == Groups.end()) {
        Groups.push_back({Canon, {*T}, Out.size()});
        Out.push_back(nullptr);
      } else if (std::find(G->Ts.begin(), G->Ts.end(), *T) == G->Ts.end()) {
        G->Ts.push_back(*T);
      }
    }
  }
  for (const Group &G : Groups)
    Out[G.Slot] = G.Ts.size() == 1 ? transformed(G.Canon, G.Ts[0])
                                   : ir::sym(TransformSet(G.Ts), G.Canon);
  return Out;
}

/// Whether \p N makes no leg: a test of the square reached
/// (guard<zone 1>(seq())).
bool legless(const Node &N) {
  if (N.is(NodeKind::Leg))
    return false;
  return std::all_of(N.children().begin(), N.children().end(),
                     [](const NodeRef &C) { return legless(*C); });
}

/// Alternatives and symmetries pushed out of guards and out of sequences
/// whose other members make no leg: a mobility region's
/// seq(alt(a, b), guard<zone 1>(seq())) becomes alt(seq(a, guard<zone
/// 1>(seq())), seq(b, guard<zone 1>(seq()))), so that its lines are parts
/// of their own as they are without the region. A guard tests a square, so
/// a symmetry's images leave it alone.
NodeRef distributeTests(const NodeRef &N) {
  std::function<NodeRef(const NodeRef &)> Push =
      [&](const NodeRef &M) -> NodeRef {
    std::vector<NodeRef> Cs = M->children();
    size_t K = Cs.size();
    if (M->is(NodeKind::Guard)) {
      K = 0;
    } else if (M->is(NodeKind::Seq)) {
      for (size_t I = 0; I < Cs.size(); ++I)
        if (!legless(*Cs[I])) {
          if (K != Cs.size())
            return M; // two members make legs
          K = I;
        }
    } else {
      return M;
    }
    if (K == Cs.size())
      return M;
    const NodeRef Inner = Cs[K];
    auto With = [&](const NodeRef &X) {
      Cs[K] = X;
      return Push(withChildren(*M, Cs));
    };
    if (Inner->is(NodeKind::Alt)) {
      std::vector<NodeRef> Alts;
      for (const NodeRef &A : Inner->children())
        Alts.push_back(With(A));
      return ir::alt(Alts);
    }
    if (Inner->is(NodeKind::Sym))
      return ir::sym(Inner->transforms(), With(Inner->operand()));
    return M;
  };
  return rewriteBottomUp(N, Push);
}

/// guard<!sametype>(seq()): the square reached holds no piece of the
/// mover's type.
bool isNotSameType(const Node &N) {
  return N.is(NodeKind::Guard) && N.guard().K == GuardPredicate::SameType &&
         N.guard().Negated && N.operand()->is(NodeKind::Seq) &&
         N.operand()->children().empty();
}

bool hasSameTypeGuard(const Node &N) {
  if (N.is(NodeKind::Guard) && N.guard().K == GuardPredicate::SameType)
    return true;
  return std::any_of(N.children().begin(), N.children().end(),
                     [](const NodeRef &C) { return hasSameTypeGuard(*C); });
}

/// A hop along one ray of \p B over a hurdle onto a square, neither of the
/// mover's type (the janggi cannon): seq([ride<0..>(leg(v; empty))], leg(v;
/// occupied), guard<!sametype>(seq()), [ride<0..>(leg(v; empty))], leg(v;
/// ...), guard<!sametype>(seq())), perhaps inside zone tests (a palace's
/// diagonals). Its direction, and whether the hurdle may stand beyond the
/// first square.
struct SameTypeHop {
  Vec V;
  bool Far;
};

std::optional<SameTypeHop> sameTypeHop(const Node &N, const Board &B) {
  // The path's members, zone tests left out (they only say where moves
  // exist, which the tables hold).
  std::vector<const Node *> Items;
  bool Ok = true;
  std::function<void(const Node &)> Flatten = [&](const Node &M) {
    if (M.is(NodeKind::Seq)) {
      for (const NodeRef &C : M.children())
        Flatten(*C);
    } else if (M.is(NodeKind::Guard) && M.guard().K == GuardPredicate::Zone) {
      Flatten(*M.operand());
    } else if (M.is(NodeKind::Leg) || M.is(NodeKind::Ride) ||
               isNotSameType(M)) {
      Items.push_back(&M);
    } else {
      Ok = false;
    }
  };
  Flatten(N);
  if (!Ok)
    return std::nullopt;
  size_t At = 0;
  std::optional<Vec> V;
  // An optional ride<0..>(leg(v; empty)).
  auto Ride = [&]() {
    if (At < Items.size() && Items[At]->is(NodeKind::Ride)) {
      const Node &R = *Items[At];
      const auto &Parts = R.range().intervals();
      const Node &Step = *R.operand();
      // A ride the passes bounded by the board goes to its edge.
      if (Parts.size() != 1 || Parts[0].Lo != 0 || !Step.is(NodeKind::Leg) ||
          (!Parts[0].isUnbounded() &&
           reach(Parts[0].Hi + 1, Step.vec(), B) != 0) ||
          Step.land() != Land::empty() || Step.effect() != Effect::None ||
          (V && Step.vec() != *V))
        return Ok = false;
      V = Step.vec();
      ++At;
      return true;
    }
    return false;
  };
  auto LegThenGuard = [&](bool Hurdle) {
    if (At + 1 >= Items.size() || !Items[At]->is(NodeKind::Leg) ||
        !isNotSameType(*Items[At + 1]))
      return false;
    const Node &L = *Items[At];
    if ((V && L.vec() != *V) || L.effect() != Effect::None ||
        (Hurdle && L.land() != Land::occupied()))
      return false;
    V = L.vec();
    At += 2;
    return true;
  };
  bool Far = Ride();
  if (!Ok || !LegThenGuard(true))
    return std::nullopt;
  Ride();
  if (!Ok || !LegThenGuard(false) || At != Items.size() || V->z != 0)
    return std::nullopt;
  return SameTypeHop{*V, Far};
}

/// The hurdle of \p Hop from \p Origin on \p Occ: the first occupied
/// square along its ray (the next one only, for a hurdle that is not far).
Bits hurdleOf(const SameTypeHop &Hop, const Board &B, unsigned Origin,
              Color Side, Bits Occ) {
  Vec D = Side == Color::Black ? Transform::rotate180().apply(Hop.V) : Hop.V;
  Vec C = B.coord(Origin);
  while (true) {
    C = Vec(C.x + D.x, C.y + D.y, C.z + D.z);
    if (!B.contains(C))
      return 0;
    unsigned Sq = B.index(C);
    if (Occ >> Sq & 1)
      return Bits(1) << Sq;
    if (!Hop.Far)
      return 0;
  }
}

void checkColourless(const Node &N, const BitboardRules &Rules) {
  if (N.is(NodeKind::Borrow))
    throw Refused{"borrowed moves (XBetza's final 'x') depend on the types "
                  "of the pieces around, not on occupancy"};
  if (N.is(NodeKind::Leg) && (N.land().Mask & Land::Friend) &&
      !(N.land().Mask & Land::Enemy))
    throw Refused{"a leg that may land on its own side's pieces but not on "
                  "the opponent's depends on colours, not occupancy"};
  if (N.is(NodeKind::Leg) && N.effect() == Effect::Promote)
    throw Refused{"a promotion is not a destination a table can list"};
  if (N.is(NodeKind::Leg) && N.effect() == Effect::EnPassant)
    throw Refused{"an en passant capture depends on the previous move"};
  // A zone is fixed squares (a variants.ini region): tables hold it. A
  // hop whose hurdle and landing square must not hold the mover's type is
  // checked part by part (sameTypeHop).
  if (N.is(NodeKind::Guard) &&
      !(N.guard().K == GuardPredicate::Zone &&
        Rules.Zones.count(N.guard().ZoneId)) &&
      !isNotSameType(N))
    throw Refused{"a guard (" + N.guard().str() +
                  ") depends on more than occupancy"};
  for (const NodeRef &C : N.children())
    checkColourless(*C, Rules);
}

unsigned popcount(Bits B) {
  return __builtin_popcountll(lo(B)) + __builtin_popcountll(hi(B));
}
unsigned ctz(Bits B) {
  return lo(B) ? __builtin_ctzll(lo(B)) : 64 + __builtin_ctzll(hi(B));
}

Bits pdep(uint64_t Index, Bits Mask) {
  Bits R = 0;
  for (uint64_t Bit = 1; Mask; Mask &= Mask - 1, Bit <<= 1)
    if (Index & Bit)
      R |= Mask & -Mask;
  return R;
}

Bits bitsOf(const SquareSet &S) {
  Bits B = 0;
  for (unsigned W = 0; W < std::min<size_t>(S.numWords(), 2); ++W)
    B |= Bits(S.word(W)) << (64 * W);
  return B;
}

struct KindFlags {
  bool Plain = true, Quiet = true, Capture = true;
  Kind kind() const {
    return Quiet     ? Kind::QuietOnly
           : Capture ? Kind::CaptureOnly
           : Plain   ? Kind::Plain
                     : Kind::Mixed;
  }
};

/// A part whose magic tables are in the header: its moves, side and place.
struct WrittenPart {
  NodeRef Part;
  Color Side;
  size_t Piece, Index;
  Kind K;
  bool SameType;
};

/// The squares that matter to a part from \p Origin (the relevance probe),
/// at most 20 of them.
Bits relevantSquares(const FastEvaluator &Fast, const Position &Empty,
                     unsigned Origin, Color Side) {
  std::string E;
  auto Tested = Fast.testedSquares(Empty, Origin, Side, E);
  if (!Tested)
    throw evaluationFailed(E);
  Bits Mask = bitsOf(*Tested);
  unsigned K = popcount(Mask);
  if (K > 20)
    throw Refused{fmt::format("{} squares matter to one part from {}; at most "
                              "20 are supported",
                              K, Empty.board().squareName(Origin))};
  return Mask;
}

/// What entry \p I (occupancy \p Occ of its mask \p Mask) allows of the
/// kinds, when it is one of the images of a part whose squares that matter
/// are \p Union (\p Mask for a part of one image). Exact for the union of
/// the images' entries: its sets are a kind's where each image's are, and
/// no image lists a square another image's occupancy decides (a set that
/// does not change when that square fills cannot be plain).
void noteKind(KindFlags &Flags, const Entry &En, size_t I, Bits Occ, Bits Mask,
              Bits Union) {
  Bits Others = Union & ~Mask;
  Flags.Plain &= En.Quiet[I] == (En.All[I] & ~Occ) &&
                 En.Capture[I] == (En.All[I] & Occ) &&
                 (En.All[I] & Others) == 0;
  // Quiet-only and capture-only need every destination to be a square
  // whose occupancy was tabulated: elsewhere an occupied destination was
  // never seen.
  bool Inside = (En.All[I] & ~Union) == 0;
  Flags.Quiet &= Inside && En.Capture[I] == 0;
  // Captures of the capture-only kind land on the piece taken; a locust's
  // land on an empty square (the piece taken is elsewhere): Mixed.
  Flags.Capture &= Inside && En.Quiet[I] == 0 && (En.Capture[I] & ~Occ) == 0;
}

/// What every entry of \p En, an image of a part whose squares that
/// matter are \p Union, allows of the kinds.
void noteKinds(KindFlags &Flags, const Entry &En, Bits Union) {
  // Occupancies in index order: the subsets of the mask counted up.
  Bits Occ = 0;
  for (size_t I = 0; I < En.All.size(); ++I, Occ = (Occ - En.Mask) & En.Mask)
    noteKind(Flags, En, I, Occ, En.Mask, Union);
}

/// Destinations for every occupancy of \p Mask, the squares that matter;
/// every occupied square holds an opponent.
Entry tabulate(const FastEvaluator &Fast, const Position &Empty,
               unsigned Origin, Color Side, Bits Mask) {
  std::string E;
  unsigned K = popcount(Mask);
  Entry En;
  size_t N = size_t(1) << K;
  En.All.resize(N);
  En.Quiet.resize(N);
  En.Capture.resize(N);
  Position P = Empty;
  Bits Placed = 0; // the occupancy P holds now
  Bits Occ = 0;    // pdep(I, Mask): the subsets of the mask counted up
  for (size_t I = 0; I < N; ++I, Occ = (Occ - Mask) & Mask) {
    for (Bits B = Placed & ~Occ; B; B &= B - 1)
      P.clear(ctz(B));
    for (Bits B = Occ & ~Placed; B; B &= B - 1)
      P.place(ctz(B), opposite(Side), 'X');
    Placed = Occ;
    auto D = Fast.evaluate(P, Origin, Side, E);
    if (!D)
      throw evaluationFailed(E);
    En.Quiet[I] = bitsOf(D->Quiet);
    En.Capture[I] = bitsOf(D->Capture) | bitsOf(D->Remote);
    En.All[I] = En.Quiet[I] | En.Capture[I];
  }
  En.Mask = Mask;
  return En;
}

/// An image walked on its ray instead of evaluated: one or two segments
/// [ride<0..n>(leg(v; empty))] leg(v; land) along one direction -- a slider
/// or a quiet one, a cannon's or a grasshopper's hop over the first piece
/// (guard<!sametype> tests left out: nothing is of the mover's type when
/// tables are made) -- perhaps inside a zone test of its square and before
/// one of where it lands (a palace's diagonals, a mobility region).
struct RayWalk {
  Vec V;
  struct Segment {
    int Steps = 1; ///< 0: to the edge
    Land L;
  };
  std::vector<Segment> Segments;
  /// Or a path of single legs, each landing where its land allows: a lame
  /// leaper (a xiangqi horse, an elephant, a pawn's double step) or a
  /// leaper.
  std::vector<std::pair<Vec, Land>> Path;
  int From = 0, To = 0; ///< the zones tested (0: none)
};

std::optional<RayWalk> rayWalk(const Node &N) {
  RayWalk W;
  const Node *M = &N;
  if (M->is(NodeKind::Guard) && !isNotSameType(*M)) {
    if (M->guard().K != GuardPredicate::Zone || M->guard().Negated)
      return std::nullopt;
    W.From = M->guard().ZoneId;
    M = M->operand().get();
  }
  std::vector<const Node *> Items;
  std::function<void(const Node &)> Flatten = [&](const Node &X) {
    if (X.is(NodeKind::Seq))
      for (const NodeRef &C : X.children())
        Flatten(*C);
    else if (!isNotSameType(X))
      Items.push_back(&X);
  };
  Flatten(*M);
  if (!Items.empty() && Items.back()->is(NodeKind::Guard)) {
    const Node &G = *Items.back();
    if (G.guard().K != GuardPredicate::Zone || G.guard().Negated ||
        !G.operand()->is(NodeKind::Seq) || !G.operand()->children().empty())
      return std::nullopt;
    W.To = G.guard().ZoneId;
    Items.pop_back();
  }
  if (!Items.empty() &&
      std::all_of(Items.begin(), Items.end(), [](const Node *X) {
        return X->is(NodeKind::Leg) && X->effect() == Effect::None &&
               !(X->land().Mask & Land::Friend &&
                 !(X->land().Mask & Land::Enemy));
      })) {
    for (const Node *X : Items)
      W.Path.push_back({X->vec(), X->land()});
    return W;
  }
  std::optional<Vec> V;
  for (size_t At = 0; At < Items.size();) {
    RayWalk::Segment Seg;
    if (Items[At]->is(NodeKind::Ride)) {
      const Node &R = *Items[At];
      const auto &Parts = R.range().intervals();
      const Node &Step = *R.operand();
      if (!Step.is(NodeKind::Leg) || Parts.size() != 1 || Parts[0].Lo != 0 ||
          Step.land() != Land::empty() || Step.effect() != Effect::None ||
          (V && Step.vec() != *V))
        return std::nullopt;
      V = Step.vec();
      Seg.Steps = Parts[0].isUnbounded() ? 0 : Parts[0].Hi + 1;
      ++At;
    }
    if (At == Items.size() || !Items[At]->is(NodeKind::Leg))
      return std::nullopt;
    const Node &L = *Items[At++];
    Land Lands[] = {Land::empty(), Land::notFriend(), Land::enemy(),
                    Land::occupied()};
    if (L.effect() != Effect::None || (V && L.vec() != *V) ||
        std::find(std::begin(Lands), std::end(Lands), L.land()) ==
            std::end(Lands))
      return std::nullopt;
    V = L.vec();
    Seg.L = L.land();
    W.Segments.push_back(Seg);
  }
  // A hop: the first segment lands on the hurdle.
  if (W.Segments.empty() || W.Segments.size() > 2 ||
      (W.Segments.size() == 2 && W.Segments[0].L != Land::occupied() &&
       W.Segments[0].L != Land::enemy()))
    return std::nullopt;
  W.V = *V;
  return W;
}

/// The entry of \p W from \p Origin for every occupancy of \p Mask, as
/// tabulate would make it (every occupied square an opponent).
Entry walk(const RayWalk &W, const Board &B, const Position &Empty,
           unsigned Origin, Color Side, Bits Mask) {
  auto ZoneBits = [&](int Id) {
    auto Z = Empty.Zones.find(Id);
    return Z == Empty.Zones.end() ? Bits(0) : bitsOf(Z->second);
  };
  Entry En;
  size_t N = size_t(1) << popcount(Mask);
  En.Mask = Mask;
  En.All.assign(N, 0);
  En.Quiet.assign(N, 0);
  En.Capture.assign(N, 0);
  if (W.From && !(ZoneBits(W.From) >> Origin & 1))
    return En;
  Bits Land = W.To ? ZoneBits(W.To) : ~Bits(0);
  auto Turn = [&](Vec V) {
    return Side == Color::Black ? Transform::rotate180().apply(V) : V;
  };
  if (!W.Path.empty()) {
    // The squares of the path, or none if it leaves the board.
    std::vector<unsigned> Squares;
    Vec C = B.coord(Origin);
    for (const auto &[V, L] : W.Path) {
      Vec T = Turn(V);
      C = Vec(C.x + T.x, C.y + T.y, C.z + T.z);
      if (!B.contains(C))
        return En;
      Squares.push_back(B.index(C));
    }
    Bits Occ = 0;
    for (size_t I = 0; I < N; ++I, Occ = (Occ - Mask) & Mask) {
      bool Ok = true;
      for (size_t K = 0; K < Squares.size() && Ok; ++K)
        Ok = W.Path[K].second.allows((Occ >> Squares[K] & 1) ? Land::Enemy
                                                             : Land::Empty);
      Bits All = Ok ? (Bits(1) << Squares.back()) & Land : 0;
      En.All[I] = All;
      En.Quiet[I] = All & ~Occ;
      En.Capture[I] = All & Occ;
    }
    return En;
  }
  Vec D = Turn(W.V);
  std::vector<unsigned> Ray; // to the edge
  for (Vec C = B.coord(Origin);;) {
    C = Vec(C.x + D.x, C.y + D.y, C.z + D.z);
    if (!B.contains(C))
      break;
    Ray.push_back(B.index(C));
  }
  Bits Occ = 0;
  for (size_t I = 0; I < N; ++I, Occ = (Occ - Mask) & Mask) {
    Bits All = 0;
    size_t At = 0; // the next square of the ray
    for (size_t G = 0; G < W.Segments.size(); ++G) {
      const RayWalk::Segment &Seg = W.Segments[G];
      bool Last = G + 1 == W.Segments.size();
      bool Found = false;
      for (int K = 1; (Seg.Steps == 0 || K <= Seg.Steps) && At < Ray.size();
           ++K) {
        unsigned Sq = Ray[At++];
        bool Full = Occ >> Sq & 1;
        bool Lands = Seg.L.allows(Full ? Land::Enemy : Land::Empty);
        if (Last && Lands)
          All |= Bits(1) << Sq;
        if (Full) {
          Found = Lands;
          break;
        }
      }
      if (!Last && !Found)
        break; // no hurdle
    }
    All &= Land;
    En.All[I] = All;
    En.Quiet[I] = All & ~Occ;
    En.Capture[I] = All & Occ;
  }
  return En;
}

/// The entry of a union of parts (the images of a symmetry) over the union
/// of their masks, from each one's own entry: destinations for an
/// occupancy are the union of each image's for the squares that matter to
/// it. A cannon's four rays are tabulated over one ray each (2^6 sets on
/// 8x8, not 2^12 evaluations), a xiangqi horse's eight images over one
/// square each, and no evaluation is made per occupancy of the union.
Entry combine(const std::vector<Entry> &Images) {
  Entry En;
  for (const Entry &I : Images)
    En.Mask |= I.Mask;
  unsigned K = popcount(En.Mask);
  size_t N = size_t(1) << K;
  En.All.assign(N, 0);
  En.Quiet.assign(N, 0);
  En.Capture.assign(N, 0);
  // Image M's index for the union's index I: Low[M][its low bits] |
  // High[M][its high bits], each bit of I being one bit of the image's
  // index or none.
  unsigned LowBits = K / 2;
  std::vector<std::vector<size_t>> Low(Images.size()), High(Images.size());
  for (size_t M = 0; M < Images.size(); ++M) {
    std::vector<size_t> Bit;
    for (Bits Rest = En.Mask; Rest; Rest &= Rest - 1) {
      Bits Sq = Rest & -Rest;
      const Bits &Own = Images[M].Mask;
      Bit.push_back((Own & Sq) ? size_t(1) << popcount(Own & (Sq - 1)) : 0);
    }
    auto Fill = [&](std::vector<size_t> &T, unsigned From, unsigned Count) {
      T.assign(size_t(1) << Count, 0);
      for (size_t V = 1; V < T.size(); ++V) {
        unsigned B = unsigned(__builtin_ctzll(V));
        T[V] = T[V & (V - 1)] | Bit[From + B];
      }
    };
    Fill(Low[M], 0, LowBits);
    Fill(High[M], LowBits, K - LowBits);
  }
  std::vector<size_t> Index(Images.size());
  size_t LowMask = (size_t(1) << LowBits) - 1;
  for (size_t I = 0; I < N; ++I) {
    for (size_t M = 0; M < Images.size(); ++M)
      Index[M] = Low[M][I & LowMask] | High[M][I >> LowBits];
    for (size_t M = 0; M < Images.size(); ++M) {
      En.All[I] |= Images[M].All[Index[M]];
      En.Quiet[I] |= Images[M].Quiet[Index[M]];
      En.Capture[I] |= Images[M].Capture[Index[M]];
    }
  }
  return En;
}

/// The tables of a rider on \p Origin, walked on the board: the squares that
/// matter are every square of a ray but its last (whatever stands there, the
/// ray ends), in the order relevantSquares and tabulate would give.
Entry tabulateRider(const RiderShape &R, const Board &B, unsigned Origin,
                    Color Side) {
  auto Rays = raysOf(R, B, Origin, Side);
  Entry En;
  for (const auto &Ray : Rays)
    for (size_t I = 0; I + 1 < Ray.size(); ++I)
      En.Mask |= Bits(1) << Ray[I];
  if (popcount(En.Mask) > 20)
    throw Refused{fmt::format("{} squares matter to one part from {}; at most "
                              "20 are supported",
                              popcount(En.Mask), B.squareName(Origin))};
  size_t N = size_t(1) << popcount(En.Mask);
  En.All.resize(N);
  En.Quiet.resize(N);
  En.Capture.resize(N);
  for (size_t I = 0; I < N; ++I) {
    Bits Occ = pdep(I, En.Mask), All = 0;
    for (const auto &Ray : Rays)
      for (unsigned Sq : Ray) {
        All |= Bits(1) << Sq;
        if (Occ >> Sq & 1)
          break;
      }
    En.All[I] = All;
    En.Quiet[I] = All & ~Occ;
    En.Capture[I] = All & Occ;
  }
  return En;
}

/// Whether entries A and B store the same.
bool sameAt(const Entry &En, size_t A, size_t B, Kind K) {
  if (K != Kind::Mixed)
    return stored(En, A, K) == stored(En, B, K);
  return En.All[A] == En.All[B] && En.Quiet[A] == En.Quiet[B] &&
         En.Capture[A] == En.Capture[B];
}

/// Whether the occupancy of square \p Sq (index bit \p Bit) can be
/// ignored: one stored set serves both the entry with it empty (I) and
/// with it occupied (I | Bit). Returns the entry to keep.
std::optional<size_t> mergeable(const Entry &En, size_t I, size_t Bit, Bits Sq,
                                Kind K) {
  switch (K) {
  case Kind::QuietOnly: // the occupied square is masked out by ~occ
    if ((En.Quiet[I] & ~Sq) == En.Quiet[I | Bit])
      return I;
    return std::nullopt;
  case Kind::CaptureOnly: // the empty square is masked out by occ
    if ((En.Capture[I | Bit] & ~Sq) == En.Capture[I])
      return I | Bit;
    return std::nullopt;
  default:
    if (sameAt(En, I, I | Bit, K))
      return I;
    return std::nullopt;
  }
}

/// Drops the squares whose occupancy never changes the tables (the ends of
/// rays); the entries stay in PEXT order (occupancy I is pdep(I, Mask)).
void compact(Entry &En, Kind Kd) {
  Bits Mask = En.Mask;
  unsigned K = popcount(Mask);
  size_t N = size_t(1) << K;
  for (unsigned J = K; J-- > 0;) {
    uint64_t Bit = uint64_t(1) << J;
    Bits Sq = pdep(Bit, Mask);
    std::vector<size_t> Keep;
    for (size_t I = 0; I < N; ++I)
      if (!(I & Bit)) {
        auto M = mergeable(En, I, Bit, Sq, Kd);
        if (!M)
          break;
        Keep.push_back(*M);
      }
    if (Keep.size() != N / 2)
      continue;
    std::vector<Bits> A, Q, C, H;
    for (size_t I : Keep) {
      A.push_back(En.All[I]);
      Q.push_back(En.Quiet[I]);
      C.push_back(En.Capture[I]);
      if (!En.Hurdle.empty())
        H.push_back(En.Hurdle[I]);
    }
    En.Hurdle = std::move(H);
    En.All = std::move(A);
    En.Quiet = std::move(Q);
    En.Capture = std::move(C);
    Mask &= ~pdep(Bit, Mask);
    N /= 2;
    --K;
  }
  En.Mask = Mask;
}

/// Finds the multiplier of a compacted entry and puts its sets in
/// magic-index order.
void assignMultiplier(Entry &En, unsigned Origin, const Board &Bd, Kind Kd,
                      BitboardIndex Index, uint64_t &MagicWork) {
  Bits Mask = En.Mask;
  unsigned K = popcount(Mask);
  size_t N = size_t(1) << K;
  if (K == 0)
    return; // occupancy independent: magics 0, shift 63, one entry
  if (Index == BitboardIndex::Pext)
    return; // entries in PEXT order already: occupancy I is pdep(I, Mask)
  // Occupancies with the same stored sets share a class number: they may
  // share an index.
  MagicProblem P;
  P.OccLo.resize(N);
  P.OccHi.resize(N);
  P.Class.resize(N);
  // Only equality of class numbers matters to the search.
  struct SetsHash {
    size_t operator()(const std::tuple<Bits, Bits, Bits> &T) const {
      auto H = [](Bits B) {
        uint64_t X =
            lo(B) * 0x9e3779b97f4a7c15ull ^ hi(B) * 0xc2b2ae3d27d4eb4full;
        return X ^ (X >> 29);
      };
      return H(std::get<0>(T)) * 31 + H(std::get<1>(T)) * 17 +
             H(std::get<2>(T));
    }
  };
  std::unordered_map<std::tuple<Bits, Bits, Bits>, uint32_t, SetsHash> Seen;
  Seen.reserve(N);
  Bits Occ = 0; // pdep(I, Mask): the subsets of the mask counted up
  for (size_t I = 0; I < N; ++I, Occ = (Occ - Mask) & Mask) {
    P.OccLo[I] = lo(Occ);
    P.OccHi[I] = hi(Occ);
    auto Key = Kd == Kind::Mixed
                   ? std::make_tuple(En.All[I], En.Quiet[I], En.Capture[I])
                   : std::make_tuple(stored(En, I, Kd), Bits(0), Bits(0));
    P.Class[I] = Seen.emplace(Key, uint32_t(Seen.size())).first->second;
  }
  P.MaskLo = lo(Mask);
  P.MaskHi = hi(Mask);
  P.Bits = K;
  P.Seed = Origin;
  bool OverBudget = false;
  auto M = findMultiplier(P, MagicWork, MaxMagicWork, OverBudget);
  if (OverBudget)
    throw Refused{fmt::format(
        "the search for multipliers took more than {} table probes (all "
        "tables of one header together)",
        MaxMagicWork)};
  std::vector<uint32_t> First;
  if (!M || !separates(P, *M, First))
    throw Refused{"no magic multiplier found for " + Bd.squareName(Origin)};
  En.MagicLo = M->Lo;
  En.MagicHi = M->Hi;
  En.Shift = M->Shift;
  // The tables in magic-index order; unused slots stay empty.
  std::vector<Bits> A(First.size()), Q(First.size()), C(First.size()),
      H(En.Hurdle.empty() ? 0 : First.size());
  for (size_t Idx = 0; Idx < First.size(); ++Idx)
    if (First[Idx] != UINT32_MAX) {
      A[Idx] = En.All[First[Idx]];
      Q[Idx] = En.Quiet[First[Idx]];
      C[Idx] = En.Capture[First[Idx]];
      if (!H.empty())
        H[Idx] = En.Hurdle[First[Idx]];
    }
  En.Hurdle = std::move(H);
  En.All = std::move(A);
  En.Quiet = std::move(Q);
  En.Capture = std::move(C);
}

/// Whether every square of \p T has one entry whatever the occupancy: a
/// leaper (knight, king, a pawn's captures), looked up without a magic.
bool isLeaper(const PartTables &T) {
  if (T.K == Kind::Mixed || T.How == Lookup::Shared || T.Squares.empty() ||
      T.SameType)
    return false;
  for (const Entry &En : T.Squares)
    if (En.Mask != 0 || En.All.size() != 1)
      return false;
  return true;
}

/// Whether the destinations of \p T from every square depend on at most one
/// square (a lame leaper: the unmoved pawn's double step, a xiangqi
/// elephant's eye): chosen by a test of that square, without a multiplier.
/// Call before multipliers are assigned (entries in occupancy order).
bool isOneBlocker(const PartTables &T) {
  if (T.K == Kind::Mixed || T.How == Lookup::Shared || T.Squares.empty() ||
      T.SameType)
    return false;
  for (const Entry &En : T.Squares)
    if (popcount(En.Mask) > 1)
      return false;
  return true;
}

/// Leaper parts of one kind united into one table: a king written as
/// W and F parts is one load, not two.
void mergeLeapers(std::vector<PartTables> &Tables) {
  std::vector<PartTables> Out;
  for (PartTables &T : Tables) {
    auto Same = std::find_if(Out.begin(), Out.end(), [&](const PartTables &O) {
      return O.K == T.K && isLeaper(O) && isLeaper(T);
    });
    if (Same == Out.end()) {
      Out.push_back(std::move(T));
      continue;
    }
    for (size_t S = 0; S < T.Squares.size(); ++S) {
      Entry &Into = Same->Squares[S];
      const Entry &From = T.Squares[S];
      Into.All[0] |= From.All[0];
      Into.Quiet[0] |= From.Quiet[0];
      Into.Capture[0] |= From.Capture[0];
    }
  }
  Tables = std::move(Out);
}

/// The multipliers of every square of \p T, unless one test of one square
/// tells its entries apart.
void assignMultipliers(PartTables &T, const Board &B, BitboardIndex Index,
                       uint64_t &MagicWork, const std::string &Name) {
  if (isOneBlocker(T)) {
    T.How = Lookup::OneBlocker;
    return;
  }
  for (unsigned S = 0; S < B.numSquares(); ++S) {
    if (B.squares().test(S))
      assignMultiplier(T.Squares[S], S, B, T.K, Index, MagicWork);
    if (progressWanted())
      progress("magic multipliers for '" + Name + "'", S + 1, B.numSquares());
  }
}

/// The parts of \p Piece (number \p PieceIndex of the header) tabulated,
/// each with its lookup; parts equal to those of earlier pieces
/// (\p AllWritten) share their tables.
std::vector<PartTables>
tabulatePiece(const BitboardPiece &Piece, size_t PieceIndex, const Board &B,
              BitboardIndex Index, const BitboardRules &Rules,
              std::vector<WrittenPart> &AllWritten, uint64_t &MagicWork) {
  Position Empty(B);
  for (const auto &[Id, Squares] : Rules.Zones)
    Empty.Zones[Id] = Squares;
  checkColourless(*Piece.IR, Rules);
  std::vector<NodeRef> Split, Parts;
  splitParts(distributeTests(Piece.IR), Split);
  for (const NodeRef &Part : regroupByLine(Split, B)) {
    // A hop that must not pass over its own type is looked up ray by ray:
    // one ray's moves go when its hurdle is of that type.
    if (hasSameTypeGuard(*Part)) {
      if (!Rules.SameTypeParameter)
        throw Refused{"a guard (!sametype) depends on more than occupancy "
                      "(the bitboard header's functions take the pieces of "
                      "the mover's type; this output calls them without)"};
      if (Part->is(NodeKind::Sym))
        for (const Transform &Tr : Part->transforms().transforms())
          Parts.push_back(transformed(Part->operand(), Tr));
      else
        Parts.push_back(Part);
      for (size_t I = Parts.size(); I-- > 0 && hasSameTypeGuard(*Parts[I]);)
        if (!sameTypeHop(*Parts[I], B))
          throw Refused{"a guard (!sametype) depends on more than occupancy "
                        "(tables hold it only at a hop's hurdle and landing "
                        "square, as for the janggi cannon)"};
    } else {
      fitParts(Part, B, Piece.Side, Parts);
    }
    // Each part is a lookup in the engine and a table in the header.
    if (Parts.size() > MaxPartsPerPiece)
      throw Refused{
          fmt::format("'{}' needs more than {} table parts; at most {} are "
                      "supported (-O1 merges repeated alternatives)",
                      Piece.Name, MaxPartsPerPiece, MaxPartsPerPiece)};
  }
  std::vector<PartTables> Tables;
  for (const NodeRef &Part : Parts) {
    auto Written = std::find_if(
        AllWritten.begin(), AllWritten.end(), [&](const WrittenPart &W) {
          return W.Side == Piece.Side && sameMoves(W.Part, Part, B);
        });
    if (Written != AllWritten.end()) {
      PartTables T;
      T.K = Written->K;
      T.SameType = Written->SameType;
      T.How = Lookup::Shared;
      T.SharedPiece = Written->Piece;
      T.SharedPart = Written->Index;
      Tables.push_back(std::move(T));
      continue;
    }
    if (auto Rider = riderShape(Part)) {
      PartTables T;
      T.K = Kind::Plain;
      for (unsigned S = 0; S < B.numSquares(); ++S) {
        T.Squares.push_back(B.squares().test(S)
                                ? tabulateRider(*Rider, B, S, Piece.Side)
                                : Entry{0, 0, 0, 63, {0}, {0}, {0}, {}});
        compact(T.Squares[S], T.K);
      }
      assignMultipliers(T, B, Index, MagicWork, Piece.Name);
      T.Part = Part;
      Tables.push_back(std::move(T));
      continue;
    }
    // Each image of a symmetry is evaluated over the squares that matter to
    // it alone, and the images' entries are combined.
    std::vector<NodeRef> Images;
    if (Part->is(NodeKind::Sym) && Part->transforms().size() > 1)
      for (const Transform &Tr : Part->transforms().transforms())
        Images.push_back(transformed(Part->operand(), Tr));
    else
      Images.push_back(Part);
    std::vector<std::unique_ptr<FastEvaluator>> Fast;
    // Images along one ray are walked, not evaluated.
    std::vector<std::optional<RayWalk>> Walks;
    for (const NodeRef &Image : Images)
      Walks.push_back(rayWalk(*Image));
    for (const NodeRef &Image : Images) {
      std::string E;
      auto F = FastEvaluator::compile(Image, B, E);
      if (!F)
        throw Refused{E};
      F->setWorkLimit(MaxStepsPerOccupancy);
      Fast.push_back(std::move(F));
    }
    // Every square's relevant squares first: a part with too many is
    // refused before any square is tabulated (2^20 evaluations each).
    std::vector<std::vector<Bits>> Masks(B.numSquares(),
                                         std::vector<Bits>(Images.size(), 0));
    uint64_t Left = 0;
    for (unsigned S = 0; S < B.numSquares(); ++S) {
      if (!B.squares().test(S))
        continue;
      Bits Union = 0;
      for (size_t I = 0; I < Images.size(); ++I) {
        Masks[S][I] = relevantSquares(*Fast[I], Empty, S, Piece.Side);
        Union |= Masks[S][I];
        Left += uint64_t(1) << popcount(Masks[S][I]);
      }
      if (popcount(Union) > 20)
        throw Refused{fmt::format(
            "{} squares matter to one part from {}; at most 20 are supported",
            popcount(Union), B.squareName(S))};
    }
    PartTables T;
    KindFlags Flags;
    // Each square's images' entries, combined once the kind is known and
    // each is compacted: a union over the squares that matter to some
    // image after the ends of its rays are dropped (2^10 sets for a cannon
    // in a corner of 8x8, not 2^14), never held for every square at once.
    std::vector<std::vector<Entry>> Own(B.numSquares());
    T.Squares.assign(B.numSquares(), Entry{0, 0, 0, 63, {0}, {0}, {0}, {}});
    // Evaluations still to make, and the steps they would take at the
    // rate seen so far: a part that would spend the header's budget is
    // refused after its first square, not after the budget.
    const WorkBudget &Steps = *WorkBudgetScope::current();
    for (unsigned S = 0; S < B.numSquares(); ++S) {
      if (!B.squares().test(S)) {
        continue;
      }
      uint64_t Before = Steps.Used, Made = 0;
      for (size_t I = 0; I < Images.size(); ++I) {
        Own[S].push_back(
            Walks[I] ? walk(*Walks[I], B, Empty, S, Piece.Side, Masks[S][I])
                     : tabulate(*Fast[I], Empty, S, Piece.Side, Masks[S][I]));
        Made += uint64_t(1) << popcount(Masks[S][I]);
      }
      Bits Union = 0;
      for (const Entry &En : Own[S])
        Union |= En.Mask;
      for (const Entry &En : Own[S])
        noteKinds(Flags, En, Union);
      Left -= Made;
      if (progressWanted())
        progress("tabulating '" + Piece.Name + "'", S + 1, B.numSquares());
      uint64_t Rate = (Steps.Used - Before) / Made;
      if (Left &&
          Rate > (Steps.Limit - std::min(Steps.Limit, Steps.Used)) / Left)
        throw Refused{fmt::format(
            "the tables would take about {} leg steps of evaluation; at "
            "most {} are spent on one header",
            Steps.Used + Rate * Left, Steps.Limit)};
    }
    // The kind is known only once every square is tabulated.
    T.K = Flags.kind();
    if (auto Hop = sameTypeHop(*Part, B)) {
      if (T.K != Kind::Plain)
        throw Refused{"a hop that must not pass over its own type makes "
                      "moves a plain table cannot hold"};
      T.SameType = true;
      for (unsigned S = 0; S < B.numSquares(); ++S)
        for (Entry &En : Own[S]) {
          Bits Occ = 0;
          for (size_t I = 0; I < En.All.size();
               ++I, Occ = (Occ - En.Mask) & En.Mask)
            En.Hurdle.push_back(
                En.All[I] ? hurdleOf(*Hop, B, S, Piece.Side, Occ) : 0);
        }
    }
    for (unsigned S = 0; S < B.numSquares(); ++S)
      if (B.squares().test(S)) {
        // Compacting the images first keeps the union's sets right: each
        // kind's sets are unions of the stored ones.
        if (Own[S].size() > 1)
          for (Entry &En : Own[S])
            compact(En, T.K);
        T.Squares[S] =
            Own[S].size() == 1 ? std::move(Own[S][0]) : combine(Own[S]);
        Own[S].clear();
        compact(T.Squares[S], T.K);
      }
    assignMultipliers(T, B, Index, MagicWork, Piece.Name);
    T.Part = Part;
    Tables.push_back(std::move(T));
  }
  mergeLeapers(Tables);
  for (size_t I = 0; I < Tables.size(); ++I) {
    PartTables &T = Tables[I];
    if (T.How == Lookup::Shared)
      continue;
    if (isLeaper(T))
      T.How = Lookup::Leaper;
    if (T.How == Lookup::Magic)
      AllWritten.push_back(
          {T.Part, Piece.Side, PieceIndex, I, T.K, T.SameType});
  }
  return Tables;
}

/// Whether every ray of \p Narrow (for side \p NS) from every square
/// starts a ray of \p Wide (for \p WS) from that square: then Narrow's
/// destinations are Wide's restricted to Narrow's squares, as each ray is
/// blocked by its own squares only.
bool raysWithin(const RiderShape &Narrow, Color NS, const RiderShape &Wide,
                Color WS, const Board &B) {
  for (unsigned S : B.squares().toVector()) {
    auto Outer = raysOf(Wide, B, S, WS);
    for (const auto &Ray : raysOf(Narrow, B, S, NS)) {
      if (Ray.empty())
        continue;
      bool Found = false;
      for (const auto &O : Outer)
        if (O.size() >= Ray.size() &&
            std::equal(Ray.begin(), Ray.end(), O.begin())) {
          Found = true;
          break;
        }
      if (!Found)
        return false;
    }
  }
  return true;
}

/// Rider parts whose rays lie within another rider part's of the header
/// (a lance's in the rook's, a short rook's, Black's forward rook's) look
/// up that part's tables and mask them: one mask per square instead of
/// tables of their own. Wider parts are kept first, so a part is masked
/// over one that keeps its tables; parts sharing a masked part's tables
/// are masked the same way.
void maskOverWiderRiders(std::vector<TabulatedPiece> &Pieces, const Board &B) {
  struct Candidate {
    size_t Piece, Part, Squares;
    RiderShape Shape;
    Color Side;
  };
  std::vector<Candidate> Riders;
  for (size_t P = 0; P < Pieces.size(); ++P)
    for (size_t I = 0; I < Pieces[P].Tables.size(); ++I) {
      const PartTables &T = Pieces[P].Tables[I];
      auto Shape = T.How == Lookup::Magic ? riderShape(T.Part) : std::nullopt;
      if (!Shape)
        continue;
      Color Side = Pieces[P].Piece->Side;
      size_t Squares = 0;
      for (unsigned S : B.squares().toVector())
        for (const auto &Ray : raysOf(*Shape, B, S, Side))
          Squares += Ray.size();
      Riders.push_back({P, I, Squares, *Shape, Side});
    }
  // A part that covers another comes first: unbounded rides, then longer
  // ones, then more directions and squares; ties in header order.
  auto Key = [](const Candidate &C) {
    return std::make_tuple(C.Shape.MaxSteps == 0, C.Shape.MaxSteps,
                           C.Shape.Dirs.size(), C.Squares);
  };
  std::stable_sort(
      Riders.begin(), Riders.end(),
      [&](const Candidate &A, const Candidate &C) { return Key(A) > Key(C); });
  // The mask of a rider's rays from every square.
  auto Masks = [&](const RiderShape &R, Color Side) {
    std::vector<Entry> Squares(B.numSquares());
    for (unsigned S = 0; S < B.numSquares(); ++S) {
      Bits Mask = 0;
      if (B.squares().test(S))
        for (const auto &Ray : raysOf(R, B, S, Side))
          for (unsigned Sq : Ray)
            Mask |= Bits(1) << Sq;
      Squares[S] = Entry{0, 0, 0, 63, {Mask}, {Mask}, {Mask}, {}};
    }
    return Squares;
  };
  std::vector<const Candidate *> Kept;
  for (const Candidate &C : Riders) {
    // One kept part covering all of C's rays, else each direction's rays
    // in one (a 9x9 short rook's in the rook's file and rank parts).
    std::vector<std::pair<const Candidate *, RiderShape>> Groups;
    auto Covering = [&](const RiderShape &R) {
      auto W = std::find_if(Kept.begin(), Kept.end(), [&](auto *K) {
        return raysWithin(R, C.Side, K->Shape, K->Side, B);
      });
      return W == Kept.end() ? nullptr : *W;
    };
    if (const Candidate *W = Covering(C.Shape)) {
      Groups.push_back({W, C.Shape});
    } else {
      for (Vec D : C.Shape.Dirs) {
        const Candidate *W = Covering(RiderShape{{D}, C.Shape.MaxSteps});
        if (!W) {
          Groups.clear();
          break;
        }
        auto G = std::find_if(Groups.begin(), Groups.end(),
                              [&](const auto &X) { return X.first == W; });
        if (G == Groups.end())
          Groups.push_back({W, RiderShape{{D}, C.Shape.MaxSteps}});
        else
          G->second.Dirs.push_back(D);
      }
    }
    if (Groups.empty()) {
      Kept.push_back(&C);
      continue;
    }
    std::vector<PartTables> &Tables = Pieces[C.Piece].Tables;
    NodeRef Part = Tables[C.Part].Part;
    for (size_t G = 0; G < Groups.size(); ++G) {
      PartTables T;
      T.K = Kind::Plain;
      T.How = Lookup::Subset;
      T.SharedPiece = Groups[G].first->Piece;
      T.SharedPart = Groups[G].first->Part;
      T.Squares = Masks(Groups[G].second, C.Side);
      T.Part = Part;
      if (G == 0)
        Tables[C.Part] = std::move(T);
      else
        Tables.push_back(std::move(T));
    }
  }
  // A part sharing a masked part's tables is masked the same way.
  for (TabulatedPiece &TP : Pieces)
    for (PartTables &T : TP.Tables)
      if (T.How == Lookup::Shared) {
        const PartTables &Target = Pieces[T.SharedPiece].Tables[T.SharedPart];
        if (Target.How == Lookup::Subset)
          T = Target;
      }
}

} // namespace

std::optional<std::string>
fairy::emitBitboard(const std::vector<BitboardPiece> &Pieces, const Board &B,
                    const std::string &Comment, std::string &Error,
                    BitboardIndex Index, const BitboardRules &Rules,
                    std::vector<SkippedPiece> *Skipped) {
  if (B.numSquares() > 128) {
    Error = "--emit=bitboard supports boards of up to 128 squares (this one "
            "has " +
            std::to_string(B.numSquares()) + ")";
    return std::nullopt;
  }
  bool Wide = B.numSquares() > 64;
  if (Wide && Index == BitboardIndex::Pext) {
    Error = "--bitboard-index=pext needs a board of at most 64 squares (this "
            "one has " +
            std::to_string(B.numSquares()) +
            "); boards of up to 128 squares use magic multipliers";
    return std::nullopt;
  }
  std::vector<WrittenPart> AllWritten;
  // All evaluations of the header share one budget (a fuzzer's moveset of
  // nested rides ran for minutes), and so do the multiplier searches. The
  // chess header takes 12.3 million steps and 70 million probes.
  WorkBudgetScope TableSteps(MaxTableSteps);
  uint64_t MagicWork = 0;
  std::vector<TabulatedPiece> Tabulated;
  for (size_t P = 0; P < Pieces.size(); ++P) {
    size_t WrittenBefore = AllWritten.size();
    try {
      Tabulated.push_back(
          {&Pieces[P], tabulatePiece(Pieces[P], P, B, Index, Rules, AllWritten,
                                     MagicWork)});
    } catch (Refused &R) {
      if (!Skipped) {
        Error = R.Why;
        return std::nullopt;
      }
      // Left out: none of its parts stays for others to share.
      AllWritten.resize(WrittenBefore);
      Skipped->push_back({P, R.Why});
    }
  }
  if (Tabulated.empty()) {
    Error = Skipped && !Skipped->empty() ? Skipped->front().Why
                                         : "there are no pieces";
    return std::nullopt;
  }
  maskOverWiderRiders(Tabulated, B);
  return writeHeader(Tabulated, B, Comment, Index, Rules);
}
