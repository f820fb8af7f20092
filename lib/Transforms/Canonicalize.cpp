//===- Canonicalize.cpp - A normal form for movesets ----------------------===//
//
// After this pass, movesets that are equal up to the writing below print
// identically:
//   - nested seq and alt are flattened; seq() is dropped from a seq; a seq
//     containing alt() (no paths) is alt(); one-child seq/alt/prio are their
//     child; alt() is dropped from alt and prio;
//   - the alternatives of an alt are sorted (by their printed form) and
//     duplicates dropped; a prio keeps its order;
//   - rep<R>(leg) is ride<R>(leg): a single path repeats the same either way;
//   - sets of legs (in an alt, or a sym of one leg) are regrouped: each
//     class of vectors related by a symmetry of the board becomes one node,
//     sym<G>(leg(v)) with G the smallest named group giving exactly that
//     class (or the explicit transforms), so [1,2]*, [2,1]* and the eight
//     knight legs in any order all become sym<d4>(leg(2,1; ...));
//   - sym<G>(a) with G a group has a replaced by its greatest image under G
//     (by printed form): the same moveset written from another direction
//     prints the same;
//   - a zero-length leg (a test of the square reached) is folded into the
//     leg before it, or pushed into the images and branches that end there;
//     legs differing only in their condition merge (empty | enemy is
//     notfriend); a capture effect on a path's last leg is dropped (it is an
//     ordinary capture there);
//   - on a known board without holes, a leg landing anywhere (any, no
//     effect) followed by a leg is fused into one leg when the landing in
//     between lies between start and end on every axis (so it is on the
//     board whenever the end is), outside filters, whose predicates count
//     legs.
//
//===----------------------------------------------------------------------===//
#include "fairy/IR/Builder.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/Transforms/Pass.h"

#include <map>
#include <set>

using namespace fairy;

namespace {

bool isGroup(const TransformSet &S) {
  std::set<Transform> In(S.transforms().begin(), S.transforms().end());
  for (const Transform &A : S.transforms())
    for (const Transform &B : S.transforms())
      if (!In.count(A.compose(B)))
        return false;
  return true;
}

/// The named groups that may stand for a class of legs, smallest first.
const char *const Smallest[] = {"lr", "fb", "rot180", "swap",    "lrfb",
                                "c4", "d4", "ud",     "mirror3", "cube"};

std::set<Vec> orbit(const TransformSet &G, Vec V) {
  std::set<Vec> O;
  for (const Transform &T : G.transforms())
    O.insert(T.apply(V));
  return O;
}

class Canonicalize : public Pass {
public:
  const char *name() const override { return "canonicalize"; }
  const char *summary() const override {
    return "a normal form: flatten, sort and dedupe alternatives, regroup "
           "legs by symmetry, pick canonical images, fuse legs";
  }
  NodeRef run(const NodeRef &N, const PassContext &Ctx) const override {
    NodeRef X = visit(N, Ctx, /*InFilter=*/false);
    NodeRef Y = dropFinalCaptures(X);
    return Y == X ? X : visit(Y, Ctx, /*InFilter=*/false);
  }

private:
  NodeRef visit(const NodeRef &N, const PassContext &Ctx, bool InFilter) const {
    std::vector<NodeRef> Children;
    bool Changed = false;
    bool Inside = InFilter || N->is(NodeKind::Filter);
    for (const NodeRef &C : N->children()) {
      Children.push_back(visit(C, Ctx, Inside));
      Changed |= Children.back() != C;
    }
    NodeRef X = Changed ? withChildren(*N, std::move(Children)) : N;
    return fold(X, Ctx, InFilter);
  }

  NodeRef fold(const NodeRef &X, const PassContext &Ctx, bool InFilter) const {
    switch (X->kind()) {
    case NodeKind::Seq:
      return foldSeq(X, Ctx, InFilter);
    case NodeKind::Alt:
      return foldAlt(X->children(), X);
    case NodeKind::Prio: {
      std::vector<NodeRef> Kept;
      for (const NodeRef &C : X->children())
        if (!C->isNothing())
          Kept.push_back(C);
      if (Kept.empty())
        return ir::nothing();
      if (Kept.size() == 1)
        return Kept.front();
      return Kept.size() == X->children().size() ? X : ir::prio(Kept);
    }
    case NodeKind::Rep:
      if (X->operand()->is(NodeKind::Leg))
        return ir::ride(X->range(), X->operand());
      return X;
    case NodeKind::Filter:
    case NodeKind::Guard:
    case NodeKind::Borrow:
      return X->operand()->isNothing() ? X->operand() : X;
    case NodeKind::Ahead: // a test of no paths never passes, or always
      if (X->operand()->isNothing())
        return X->negated() ? ir::emptyPath() : X->operand();
      return X;
    case NodeKind::Sym:
      if (X->operand()->isNothing() || X->operand()->isEmptyPath())
        return X->operand();
      if (X->operand()->is(NodeKind::Leg))
        return foldAlt({X}, X);
      if (isGroup(X->transforms()))
        return greatestImage(X);
      return X;
    default:
      return X;
    }
  }

  /// A capture effect on the last leg of a path is an ordinary capture
  /// (the destination's piece is taken anyway), so it is dropped there:
  /// N's last legs, not those inside a repetition, which may go on.
  static NodeRef dropFinalCaptures(const NodeRef &N) {
    switch (N->kind()) {
    case NodeKind::Leg:
      return N->effect() == Effect::Capture
                 ? ir::leg(N->vec(), N->land(), Effect::None)
                 : N;
    case NodeKind::Seq: {
      if (N->children().empty())
        return N;
      std::vector<NodeRef> Cs = N->children();
      NodeRef Last = dropFinalCaptures(Cs.back());
      if (Last == Cs.back())
        return N;
      Cs.back() = Last;
      return withChildren(*N, std::move(Cs));
    }
    case NodeKind::Alt:
    case NodeKind::Prio:
    case NodeKind::Sym:
    case NodeKind::Guard:
    case NodeKind::Filter: {
      std::vector<NodeRef> Cs;
      bool Changed = false;
      for (const NodeRef &C : N->children()) {
        Cs.push_back(dropFinalCaptures(C));
        Changed |= Cs.back() != C;
      }
      return Changed ? withChildren(*N, std::move(Cs)) : N;
    }
    case NodeKind::Rep:
    case NodeKind::Ride:
    case NodeKind::Ahead:  // looked at, not moved along
    case NodeKind::Borrow: // the lender's square is not a destination
      return N;
    }
    return N;
  }

  /// sym<G>(a) with a replaced by its greatest image under the group G.
  static NodeRef greatestImage(const NodeRef &X) {
    const NodeRef &A = X->operand();
    NodeRef Best = A;
    std::string BestText = printIRInline(*A);
    for (const Transform &T : X->transforms().transforms()) {
      NodeRef Image = transformed(A, T);
      std::string Text = printIRInline(*Image);
      if (Text > BestText) {
        Best = Image;
        BestText = std::move(Text);
      }
    }
    return Best == A ? X : ir::sym(X->transforms(), Best);
  }

  NodeRef foldSeq(const NodeRef &X, const PassContext &Ctx,
                  bool InFilter) const {
    std::vector<NodeRef> Flat;
    for (const NodeRef &C : X->children()) {
      if (C->isNothing())
        return ir::nothing();
      if (C->is(NodeKind::Seq))
        Flat.insert(Flat.end(), C->children().begin(), C->children().end());
      else
        Flat.push_back(C);
    }
    if (!InFilter) { // a filter's predicate counts zero-length legs too
      Flat = fuseZeroLegs(Flat);
      // A test of the square reached goes into the legs that reach it.
      if (Flat.size() >= 2 && isZeroTest(*Flat.back())) {
        if (NodeRef Pushed = pushDown(Flat[Flat.size() - 2], Flat.back())) {
          Flat.pop_back();
          Flat.back() = visit(Pushed, Ctx, InFilter);
        }
      }
    }
    if (Ctx.Board && !Ctx.Board->HasHoles && !InFilter)
      Flat = fuseLegs(Flat);
    if (Flat.size() == 1)
      return Flat.front();
    bool Same = Flat.size() == X->children().size();
    for (size_t I = 0; Same && I < Flat.size(); ++I)
      Same = Flat[I] == X->children()[I];
    return Same ? X : ir::seq(Flat);
  }

  /// Leg \p A followed by the zero-length leg \p T as one leg: both
  /// conditions on one square, the effect of whichever has one; null when
  /// both have an effect.
  static NodeRef withTest(const Node &A, const Node &T) {
    if (A.effect() != Effect::None && T.effect() != Effect::None)
      return nullptr;
    Effect E = T.effect() == Effect::None ? A.effect() : T.effect();
    return ir::leg(A.vec(), Land(A.land().Mask & T.land().Mask), E);
  }

  /// A zero-length leg, or an alt of them: a test of the square reached.
  static bool isZeroTest(const Node &N) {
    if (N.is(NodeKind::Leg))
      return N.vec().isZero();
    if (!N.is(NodeKind::Alt) || N.children().empty())
      return false;
    for (const NodeRef &C : N.children())
      if (!C->is(NodeKind::Leg) || !C->vec().isZero())
        return false;
    return true;
  }

  /// \p Prev followed by the zero-length test \p Z, with the test moved
  /// into the legs that end \p Prev's paths (a zero-length leg is the same
  /// under every symmetry); null when \p Prev is not made of such legs.
  static NodeRef pushDown(const NodeRef &Prev, const NodeRef &Z) {
    switch (Prev->kind()) {
    case NodeKind::Leg: {
      std::vector<NodeRef> Out;
      for (const NodeRef &T :
           Z->is(NodeKind::Alt) ? Z->children() : std::vector<NodeRef>{Z}) {
        Out.push_back(withTest(*Prev, *T));
        if (!Out.back())
          return nullptr;
      }
      return ir::altFlat(Out);
    }
    case NodeKind::Sym: {
      NodeRef Inner = pushDown(Prev->operand(), Z);
      return Inner ? ir::sym(Prev->transforms(), Inner) : nullptr;
    }
    case NodeKind::Alt: {
      std::vector<NodeRef> Out;
      for (const NodeRef &C : Prev->children()) {
        NodeRef P = pushDown(C, Z);
        if (!P)
          return nullptr;
        Out.push_back(P);
      }
      return ir::altFlat(Out);
    }
    default:
      return nullptr;
    }
  }

  /// A leg of length zero tests the square the path stands on again: after
  /// another leg, both conditions hold on one square, so the two are one
  /// leg (if at most one has an effect); leg(0; any) alone does nothing.
  static std::vector<NodeRef> fuseZeroLegs(const std::vector<NodeRef> &In) {
    std::vector<NodeRef> Out;
    for (const NodeRef &C : In) {
      bool Zero = C->is(NodeKind::Leg) && C->vec().isZero();
      if (Zero && C->land() == Land::any() && C->effect() == Effect::None)
        continue;
      if (Zero && !Out.empty() && Out.back()->is(NodeKind::Leg))
        if (NodeRef Fused = withTest(*Out.back(), *C)) {
          Out.back() = Fused;
          continue;
        }
      Out.push_back(C);
    }
    if (Out.empty() && !In.empty())
      Out.push_back(ir::emptyPath());
    return Out;
  }

  /// leg(a; any) then leg(b; L, E) is leg(a + b; L, E) when a lies between
  /// 0 and a + b on every axis: on a box the middle landing is then on the
  /// board whenever the end is, and it is allowed to hold anything.
  static std::vector<NodeRef> fuseLegs(const std::vector<NodeRef> &In) {
    std::vector<NodeRef> Out;
    for (const NodeRef &C : In) {
      if (!Out.empty() && C->is(NodeKind::Leg) &&
          Out.back()->is(NodeKind::Leg)) {
        const Node &A = *Out.back();
        Vec Sum = A.vec() + C->vec();
        bool Between = true;
        for (unsigned Axis = 0; Axis < 3; ++Axis)
          Between &= std::min(0, Sum[Axis]) <= A.vec()[Axis] &&
                     A.vec()[Axis] <= std::max(0, Sum[Axis]);
        if (A.land() == Land::any() && A.effect() == Effect::None && Between) {
          Out.back() = ir::leg(Sum, C->land(), C->effect());
          continue;
        }
      }
      Out.push_back(C);
    }
    return Out;
  }

  /// The alternatives \p Children, flattened, regrouped, sorted, deduped.
  NodeRef foldAlt(const std::vector<NodeRef> &Children,
                  const NodeRef &Unchanged) const {
    std::vector<NodeRef> Others;
    // Legs by vector and effect: the union of their landing conditions
    // (alt(leg(v; empty), leg(v; enemy)) is leg(v; notfriend)).
    std::map<std::pair<Vec, Effect>, uint8_t> Lands;
    std::vector<NodeRef> Work(Children.begin(), Children.end());
    for (size_t I = 0; I < Work.size(); ++I) {
      const NodeRef &C = Work[I];
      if (C->is(NodeKind::Alt)) {
        Work.insert(Work.end(), C->children().begin(), C->children().end());
      } else if (C->is(NodeKind::Leg)) {
        Lands[{C->vec(), C->effect()}] |= C->land().Mask;
      } else if (C->is(NodeKind::Sym) && C->operand()->is(NodeKind::Leg)) {
        const Node &L = *C->operand();
        for (const Transform &T : C->transforms().transforms())
          Lands[{T.apply(L.vec()), L.effect()}] |= L.land().Mask;
      } else {
        Others.push_back(C);
      }
    }
    // Then by (landing condition, effect): the vectors present.
    std::map<std::pair<uint8_t, Effect>, std::set<Vec>> Legs;
    for (const auto &[Key, Mask] : Lands)
      Legs[{Mask, Key.second}].insert(Key.first);
    for (auto &[Key, Vecs] : Legs)
      for (NodeRef &G : regroup(Vecs, Land(Key.first), Key.second))
        Others.push_back(std::move(G));
    // Sorted by printed form, duplicates dropped.
    std::map<std::string, NodeRef> Sorted;
    for (const NodeRef &C : Others)
      Sorted.emplace(printIRInline(*C), C);
    std::vector<NodeRef> Out;
    for (auto &Entry : Sorted)
      Out.push_back(Entry.second);
    if (Out.size() == 1)
      return Out.front();
    NodeRef Result = ir::alt(Out);
    if (Unchanged && printIRInline(*Result) == printIRInline(*Unchanged))
      return Unchanged;
    return Result;
  }

  /// The legs to \p Vecs, one node per class of vectors that the full
  /// symmetry group (d4, or cube when some vector leaves the plane) maps to
  /// each other: a leg, or sym<G>(leg(v)) with v the class's greatest vector
  /// (by printed leg) and G the smallest named group whose images of v are
  /// the class, once each, or else the first transform of the full group
  /// for each vector of the class. At most two nodes a class, so regrouping
  /// never makes a tree larger.
  static std::vector<NodeRef> regroup(std::set<Vec> Vecs, Land L, Effect E) {
    bool ThreeD = false;
    for (Vec V : Vecs)
      ThreeD |= V.z != 0;
    TransformSet Full = *TransformSet::named(ThreeD ? "cube" : "d4");
    std::vector<NodeRef> Out;
    while (!Vecs.empty()) {
      Vec Seed = *std::max_element(Vecs.begin(), Vecs.end(), [&](Vec A, Vec B) {
        return legText(A, L, E) < legText(B, L, E);
      });
      std::set<Vec> Class;
      for (Vec V : orbit(Full, Seed))
        if (Vecs.count(V))
          Class.insert(V);
      for (Vec V : Class)
        Vecs.erase(V);
      Out.push_back(classNode(Class, Full, Seed, L, E));
    }
    return Out;
  }

  static NodeRef classNode(const std::set<Vec> &Class, const TransformSet &Full,
                           Vec Seed, Land L, Effect E) {
    NodeRef Leg = ir::leg(Seed, L, E);
    if (Class.size() == 1)
      return Leg;
    for (const char *Name : Smallest) {
      TransformSet G = *TransformSet::named(Name);
      if (G.size() == Class.size() && orbit(G, Seed) == Class)
        return ir::sym(G, Leg);
    }
    std::vector<Transform> Kept;
    for (Vec W : Class)
      for (const Transform &T : Full.transforms())
        if (T.apply(Seed) == W) {
          Kept.push_back(T);
          break;
        }
    return ir::sym(TransformSet(Kept), Leg);
  }

  static std::string legText(Vec V, Land L, Effect E) {
    return printIRInline(*ir::leg(V, L, E));
  }
};

} // namespace

std::unique_ptr<Pass> fairy::createCanonicalizePass() {
  return std::make_unique<Canonicalize>();
}
