//===- FairyLowering.cpp - fairy-notation AST to IR -----------------------===//
//
// A fairy-notation move is a list of deltas; every delta but the last must
// land on an empty square, the last on an empty or enemy one. Which delta
// is last depends on where a sub-expression stands, so each sub-expression
// has two lowerings:
//
//   mid(E)  every leg lands on an empty square (E is followed by more legs)
//   end(E)  the same, except the path's final leg, which may also capture
//
// Most constructs lower structurally (end(A.B) = seq(mid(A), end(B)),
// end(A{{R}}) = seq(rep<R-1>(mid(A)), end(A)), ...). The exception is
// mapped multiplication A{R}: it repeats one move p of A k times, and only
// the last leg of the last copy may capture. For an atom that is
// seq(ride<R-1>(leg empty), leg notfriend); sums, mirrors and filters
// distribute over {R}; for products and powers inside {R} the lowering
// lists A's concrete moves (as the fast evaluator does for every ride)
// and writes the same shape for each. docs/notations/fairy-notation.md
// explains each case.
//
//===----------------------------------------------------------------------===//
#include "FairyAST.h"

#include "fairy/IR/Builder.h"
#include "fairy/IR/Verifier.h"

#include <algorithm>
#include <map>
#include <set>

using namespace fairy;
using namespace fairy::fairynotation;

namespace {

using Path = std::vector<Vec>;

/// Concrete moves listed for one {..}: beyond these, give up with an error.
constexpr size_t MaxListedMoves = 65536;
constexpr size_t MaxListedDeltas = 200000;

/// The counts of \p R that behave differently on a supported board: every
/// count above SaturatedCount acts like SaturatedCount (see FairyAST.h).
std::vector<int> saturatedCounts(const RangeList &R) {
  std::vector<int> Out;
  for (const Interval &I : R.intervals())
    for (int K = I.Lo; K <= std::min(I.Hi, SaturatedCount); ++K)
      Out.push_back(K);
  return Out;
}

RangeList countsOf(const std::set<int> &Ks) {
  std::vector<Interval> Parts;
  for (int K : Ks)
    Parts.push_back({K, K});
  return RangeList::fromUnsorted(Parts).normalized();
}

/// The first {{R}} with an open end inside \p E, or nullptr.
const Expr *unboundedPower(const Expr &E) {
  if (E.K == Expr::Power && E.Counts.isUnbounded())
    return &E;
  for (const ExprRef &I : E.Items)
    if (const Expr *U = unboundedPower(*I))
      return U;
  return E.Operand ? unboundedPower(*E.Operand) : nullptr;
}

/// A run of mirrors (`A|-*`) as one symmetry set, and what it applies to:
/// sym<S>(sym<T>(a)) is sym<S·T>(a), so `*****` costs one node, not five.
std::pair<TransformSet, const Expr *> mirrorRun(const Expr &E) {
  TransformSet Set = E.Symmetry;
  const Expr *Inner = E.Operand.get();
  while (Inner->K == Expr::Mirror) {
    std::vector<Transform> Product;
    for (const Transform &A : Set.transforms())
      for (const Transform &B : Inner->Symmetry.transforms())
        Product.push_back(A.compose(B));
    Set = TransformSet(Product);
    Inner = Inner->Operand.get();
  }
  return {Set, Inner};
}

class Lowering {
public:
  explicit Lowering(DiagnosticEngine &Diags) : Diags(Diags) {}

  NodeRef run(const Expr &E) {
    NodeRef N = end(E);
    return Failed ? nullptr : N;
  }

private:
  DiagnosticEngine &Diags;
  bool Failed = false;
  std::map<const Expr *, NodeRef> MidCache;

  NodeRef fail(const Expr &Site, const std::string &Msg) {
    if (!Failed)
      Diags.error(Site.Where.Start, Msg, {Site.Where});
    Failed = true;
    return ir::nothing();
  }

  /// {R} repeats a concrete move, so what it repeats must have finitely
  /// many moves.
  bool checkRepeatable(const Expr &Mapped) {
    if (Failed)
      return false;
    const Expr *U = unboundedPower(*Mapped.Operand);
    if (!U)
      return true;
    fail(*U, "this {{..}} has no end, so the {..} after it would repeat "
             "infinitely many different moves; give it an upper bound");
    Diags.note(Mapped.Where.Start, "repeated here", {Mapped.Where});
    return false;
  }

  std::vector<NodeRef> each(const std::vector<ExprRef> &Items,
                            NodeRef (Lowering::*F)(const Expr &)) {
    std::vector<NodeRef> Out;
    for (const ExprRef &I : Items)
      Out.push_back((this->*F)(*I));
    return Out;
  }

  NodeRef mid(const Expr &E) {
    auto It = MidCache.find(&E);
    if (It != MidCache.end())
      return It->second;
    NodeRef N;
    switch (E.K) {
    case Expr::Atom:
      N = ir::leg(E.Delta, Land::empty());
      break;
    case Expr::Sum:
      N = ir::altFlat(each(E.Items, &Lowering::mid));
      break;
    case Expr::Product:
      N = ir::seqFlat(each(E.Items, &Lowering::mid));
      break;
    case Expr::Mirror: {
      auto [Set, Inner] = mirrorRun(E);
      N = ir::sym(Set, mid(*Inner));
      break;
    }
    case Expr::Mapped:
      if (!checkRepeatable(E))
        return ir::nothing();
      N = ir::rideOrSimpler(E.Counts, mid(*E.Operand));
      break;
    case Expr::Power:
      N = ir::repOrSimpler(E.Counts, mid(*E.Operand));
      break;
    case Expr::Filter:
      N = ir::filter(E.Predicate, mid(*E.Operand));
      break;
    }
    return MidCache[&E] = N;
  }

  NodeRef end(const Expr &E) {
    switch (E.K) {
    case Expr::Atom:
      return ir::leg(E.Delta, Land::notFriend());
    case Expr::Sum:
      return ir::altFlat(each(E.Items, &Lowering::end));
    case Expr::Product: {
      std::vector<NodeRef> Parts;
      for (size_t I = 0; I + 1 < E.Items.size(); ++I)
        Parts.push_back(mid(*E.Items[I]));
      Parts.push_back(end(*E.Items.back()));
      return ir::seqFlat(std::move(Parts));
    }
    case Expr::Mirror: {
      auto [Set, Inner] = mirrorRun(E);
      return ir::sym(Set, end(*Inner));
    }
    case Expr::Power:
      // k moves chosen anew each time: the first k-1 in the middle of the
      // path, the last at its end. Counts are at least 1.
      return ir::seqFlat(
          {ir::repOrSimpler(E.Counts.shifted(-1), mid(*E.Operand)),
           end(*E.Operand)});
    case Expr::Filter:
      return ir::filter(E.Predicate, end(*E.Operand));
    case Expr::Mapped:
      if (!checkRepeatable(E))
        return ir::nothing();
      return endRepeated(*E.Operand, {E.Counts}, E);
    }
    return ir::nothing();
  }

  /// The moves p^n of \p E, n the product of one count of each range of
  /// \p Factors, at the end of the path. \p Site is the outermost {..}.
  NodeRef endRepeated(const Expr &E, std::vector<RangeList> Factors,
                      const Expr &Site) {
    switch (E.K) {
    case Expr::Sum: {
      std::vector<NodeRef> Alts;
      for (const ExprRef &I : E.Items)
        Alts.push_back(endRepeated(*I, Factors, Site));
      return ir::altFlat(std::move(Alts));
    }
    // Repeating a move commutes with mirroring it, and p^n has the same
    // deltas as p, so filters commute too.
    case Expr::Mirror: {
      auto [Set, Inner] = mirrorRun(E);
      return ir::sym(Set, endRepeated(*Inner, Factors, Site));
    }
    case Expr::Filter:
      return ir::filter(E.Predicate, endRepeated(*E.Operand, Factors, Site));
    case Expr::Mapped:
      Factors.push_back(E.Counts);
      return endRepeated(*E.Operand, std::move(Factors), Site);
    case Expr::Atom:
    case Expr::Product:
    case Expr::Power:
      break;
    }
    std::optional<std::vector<Path>> Moves = list(E, Site);
    if (!Moves)
      return ir::nothing();
    // Repeating commutes with the board's symmetries: the moves that the
    // symmetries keeping the whole list map onto each other are written
    // once, under a sym node (a product of mirrored atoms has 8 times
    // fewer to write).
    auto [Group, Representatives] = orbits(*Moves);
    // Without fewer moves to write, the plain list.
    bool Folds = Representatives.size() < Moves->size();
    std::vector<NodeRef> Alts;
    for (const Path &P : Folds ? Representatives : *Moves)
      Alts.push_back(repeatedAtEnd(P, Factors));
    NodeRef Written = ir::altFlat(std::move(Alts));
    return Folds ? ir::sym(Group, Written) : Written;
  }

  /// The symmetries of the board that map \p Moves onto itself, and one
  /// move of each set of moves they map onto each other.
  static std::pair<TransformSet, std::vector<Path>>
  orbits(const std::vector<Path> &Moves) {
    bool ThreeD = false;
    for (const Path &P : Moves)
      for (Vec V : P)
        ThreeD |= V.z != 0;
    std::set<Path> All(Moves.begin(), Moves.end());
    auto Image = [](const Transform &T, const Path &P) {
      Path Out = P;
      for (Vec &V : Out)
        V = T.apply(V);
      return Out;
    };
    std::vector<Transform> Keeping;
    TransformSet Board = *TransformSet::named(ThreeD ? "cube" : "d4");
    for (const Transform &T : Board.transforms())
      if (std::all_of(All.begin(), All.end(), [&](const Path &P) {
            return All.count(Image(T, P)) > 0;
          }))
        Keeping.push_back(T);
    std::set<Path> Covered;
    std::vector<Path> Representatives;
    for (const Path &P : All) {
      if (Covered.count(P))
        continue;
      Representatives.push_back(P);
      for (const Transform &T : Keeping)
        Covered.insert(Image(T, P));
    }
    return {TransformSet(Keeping), Representatives};
  }

  /// \p P repeated n times, n in the products of \p Factors, the last leg
  /// of the last copy allowed to capture.
  NodeRef repeatedAtEnd(const Path &P, const std::vector<RangeList> &Factors) {
    std::vector<NodeRef> Mid, End;
    for (size_t I = 0; I < P.size(); ++I) {
      Mid.push_back(ir::leg(P[I], Land::empty()));
      End.push_back(
          ir::leg(P[I], I + 1 == P.size() ? Land::notFriend() : Land::empty()));
    }
    NodeRef PMid = ir::seqFlat(Mid), PEnd = ir::seqFlat(End);
    auto Tail = [&](const RangeList &K) {
      return ir::seqFlat({ir::rideOrSimpler(K.shifted(-1), PMid), PEnd});
    };
    if (Factors.size() == 1)
      return Tail(Factors[0]);
    // Several {..} in a row multiply their counts.
    std::vector<const RangeList *> Open;
    std::set<int> Finite = {1};
    for (const RangeList &F : Factors) {
      if (F.isUnbounded() && Open.empty()) {
        Open.push_back(&F);
        continue;
      }
      std::set<int> Next;
      for (int A : Finite)
        for (int B : saturatedCounts(F))
          Next.insert(std::min(A * B, SaturatedCount));
      Finite = std::move(Next);
    }
    if (Open.empty())
      return Tail(countsOf(Finite));
    // One open factor U: p^(f*u) = (p^f)^u, so ride over the block p^f.
    std::vector<NodeRef> Alts;
    for (int F : Finite)
      Alts.push_back(ir::seqFlat(
          {ir::rideOrSimpler(Open[0]->shifted(-1),
                             ir::rideOrSimpler(RangeList::exactly(F), PMid)),
           ir::rideOrSimpler(RangeList::exactly(F - 1), PMid), PEnd}));
    return ir::altFlat(std::move(Alts));
  }

  /// Every concrete move of \p E, or nullopt after an error at \p Site.
  std::optional<std::vector<Path>> list(const Expr &E, const Expr &Site) {
    std::vector<Path> Out;
    switch (E.K) {
    case Expr::Atom:
      Out.push_back({E.Delta});
      break;
    case Expr::Sum:
      for (const ExprRef &I : E.Items) {
        auto Part = list(*I, Site);
        if (!Part)
          return std::nullopt;
        Out.insert(Out.end(), Part->begin(), Part->end());
      }
      break;
    case Expr::Product: {
      Out.push_back({});
      for (const ExprRef &I : E.Items) {
        auto Part = list(*I, Site);
        if (!Part)
          return std::nullopt;
        std::vector<Path> Next;
        for (const Path &A : Out)
          for (const Path &B : *Part) {
            Next.push_back(A);
            Next.back().insert(Next.back().end(), B.begin(), B.end());
          }
        if (!withinLimits(Next, Site))
          return std::nullopt;
        Out = std::move(Next);
      }
      break;
    }
    case Expr::Mirror: {
      auto Part = list(*E.Operand, Site);
      if (!Part)
        return std::nullopt;
      for (const Transform &T : E.Symmetry.transforms())
        for (Path P : *Part) {
          for (Vec &V : P)
            V = T.apply(V);
          Out.push_back(std::move(P));
        }
      break;
    }
    case Expr::Filter: {
      auto Part = list(*E.Operand, Site);
      if (!Part)
        return std::nullopt;
      for (Path &P : *Part)
        if (std::any_of(P.begin(), P.end(),
                        [&](Vec V) { return E.Predicate.holds(V); }))
          Out.push_back(std::move(P));
      break;
    }
    case Expr::Mapped: {
      auto Part = list(*E.Operand, Site);
      if (!Part)
        return std::nullopt;
      for (const Path &P : *Part)
        for (int K : saturatedCounts(E.Counts)) {
          Path Repeated;
          for (int I = 0; I < K; ++I)
            Repeated.insert(Repeated.end(), P.begin(), P.end());
          Out.push_back(std::move(Repeated));
          if (!withinLimits(Out, Site))
            return std::nullopt;
        }
      break;
    }
    case Expr::Power: {
      auto Part = list(*E.Operand, Site);
      if (!Part)
        return std::nullopt;
      std::vector<Path> Layer = {{}};
      int Max = E.Counts.maxFinite();
      for (int K = 1; K <= Max; ++K) {
        std::vector<Path> Next;
        for (const Path &A : Layer)
          for (const Path &B : *Part) {
            Next.push_back(A);
            Next.back().insert(Next.back().end(), B.begin(), B.end());
          }
        unique(Next);
        if (!withinLimits(Next, Site))
          return std::nullopt;
        Layer = std::move(Next);
        if (E.Counts.contains(K))
          Out.insert(Out.end(), Layer.begin(), Layer.end());
      }
      break;
    }
    }
    unique(Out);
    if (!withinLimits(Out, Site))
      return std::nullopt;
    return Out;
  }

  static void unique(std::vector<Path> &Ps) {
    std::sort(Ps.begin(), Ps.end());
    Ps.erase(std::unique(Ps.begin(), Ps.end()), Ps.end());
  }

  bool withinLimits(const std::vector<Path> &Ps, const Expr &Site) {
    size_t Deltas = 0;
    for (const Path &P : Ps)
      Deltas += P.size();
    if (Ps.size() <= MaxListedMoves && Deltas <= MaxListedDeltas)
      return true;
    fail(Site, "this {..} repeats each of its moves separately, and they are "
               "too many to list (more than " +
                   std::to_string(MaxListedMoves) + " moves or " +
                   std::to_string(MaxListedDeltas) +
                   " deltas); use smaller counts");
    return false;
  }
};

} // namespace

/// The atoms and modifiers of \p E in source order.
static void sites(const Expr &E, std::vector<const Expr *> &Out) {
  if (E.Operand)
    sites(*E.Operand, Out);
  for (const ExprRef &I : E.Items)
    sites(*I, Out);
  if (E.K != Expr::Sum && E.K != Expr::Product)
    Out.push_back(&E);
}

NodeRef fairy::fairynotation::lower(const ExprRef &E, DiagnosticEngine &Diags) {
  NodeRef N = Lowering(Diags).run(*E);
  if (!N)
    return nullptr;
  // Valid notation whose IR exceeds a limit of the evaluators (docs/ir.md):
  // say so at the construct that tipped it over.
  std::vector<std::string> Problems = verifyIR(*N);
  if (Problems.empty())
    return N;
  std::vector<const Expr *> All;
  sites(*E, All);
  const Expr *Site = All.front();
  unsigned Filters = 0;
  for (const Expr *S : All)
    if (S->K == Expr::Filter && ++Filters <= IRLimits::MaxFilters + 1)
      Site = S;
  std::string Msg =
      "this moveset is beyond what fairyc evaluates: " + Problems.front();
  if (Filters && Filters <= IRLimits::MaxFilters)
    Msg += " (a filter inside a {{..}} that ends the move counts twice)";
  Diags.error(Site->Where.Start, Msg, {Site->Where});
  return nullptr;
}
