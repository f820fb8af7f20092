//===- BoardSpecialize.cpp - Drop what can never land on the board --------===//
//
// On a known W x H x D board, a leg whose vector is at least as long as the
// board on some axis lands nowhere, from any square, for either side. The
// pass walks the tree top-down with the set of transforms the enclosing
// syms apply, so that a leg is dropped only when none of its images fits,
// and a sym keeps only the transforms under which its operand can still
// land:
//   leg that fits in no orientation     alt()   (no paths)
//   seq containing alt()                alt()
//   alt(), sym, filter, guard of alt()  alt(); alt and prio drop alt() children
//   ride/rep<R>(alt())                  seq() if 0 in R, else alt()
//   ride<R>(leg(v))                     counts limited to those that fit:
//                                       k * |v| must stay below the board
//
//===----------------------------------------------------------------------===//
#include "fairy/IR/Builder.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/Transforms/Pass.h"

#include <map>
#include <set>

using namespace fairy;

namespace {

using Frames = std::set<Transform>;

class BoardSpecialize : public Pass {
public:
  const char *name() const override { return "board-specialize"; }
  const char *summary() const override {
    return "drop legs and alternatives that can never land on the board";
  }
  NodeRef run(const NodeRef &N, const PassContext &Ctx) const override {
    if (!Ctx.Board)
      return N;
    return specialize(N, *Ctx.Board);
  }
  NodeRef specialize(const NodeRef &N, const BoardShape &B) const;

private:
  class Walk;
};

/// One run of the pass.
class BoardSpecialize::Walk {
public:
  NodeRef visit(const NodeRef &N, const Frames &F, const BoardShape &B) {
    auto Key = std::make_pair(N.get(), F);
    auto It = Memo.find(Key);
    if (It != Memo.end())
      return It->second;
    NodeRef Out = visitOnce(N, F, B);
    Memo.emplace(std::move(Key), Out);
    return Out;
  }

private:
  /// Results by node and frames: a sym visits its operand once per
  /// transform and once more with them all, so nested syms (and shared
  /// subtrees) would otherwise be visited exponentially often.
  std::map<std::pair<const Node *, Frames>, NodeRef> Memo;

  NodeRef visitOnce(const NodeRef &N, const Frames &F, const BoardShape &B) {
    switch (N->kind()) {
    case NodeKind::Leg:
      for (const Transform &T : F)
        if (B.fits(T.apply(N->vec())))
          return N;
      return ir::nothing();
    case NodeKind::Sym: {
      std::vector<Transform> Kept;
      for (const Transform &S : N->transforms().transforms())
        if (!visit(N->operand(), compose(F, S), B)->isNothing())
          Kept.push_back(S);
      if (Kept.empty())
        return ir::nothing();
      Frames All;
      for (const Transform &S : Kept)
        for (const Transform &T : compose(F, S))
          All.insert(T);
      NodeRef Operand = visit(N->operand(), All, B);
      TransformSet KeptSet(Kept);
      if (Operand == N->operand() && KeptSet == N->transforms())
        return N;
      return ir::sym(KeptSet, Operand);
    }
    case NodeKind::Ride:
    case NodeKind::Rep: {
      NodeRef Operand = visit(N->operand(), F, B);
      const RangeList &R = N->range();
      if (Operand->isNothing())
        return R.contains(0) ? ir::emptyPath() : ir::nothing();
      RangeList Limited = R;
      if (Operand->is(NodeKind::Leg) && !Operand->vec().isZero())
        Limited = limit(R, maxCount(Operand->vec(), F, B));
      if (Limited.empty())
        return ir::nothing();
      if (Operand == N->operand() && Limited == R)
        return N;
      return Node::makeRepeat(N->kind(), Limited, Operand);
    }
    case NodeKind::Ahead: {
      NodeRef Operand = visit(N->operand(), F, B);
      if (Operand->isNothing()) // a test that never passes, or always
        return N->negated() ? ir::emptyPath() : ir::nothing();
      return Operand == N->operand() ? N : withChildren(*N, {Operand});
    }
    default: {
      std::vector<NodeRef> Children;
      bool Changed = false;
      for (const NodeRef &C : N->children()) {
        NodeRef V = visit(C, F, B);
        Changed |= V != C;
        if (V->isNothing()) {
          if (N->is(NodeKind::Alt) || N->is(NodeKind::Prio))
            continue;           // an alternative with no paths
          return ir::nothing(); // seq, filter, guard of no paths
        }
        Children.push_back(V);
      }
      if (!Changed)
        return N;
      if (Children.empty())
        return ir::nothing();
      return withChildren(*N, std::move(Children));
    }
    }
  }

  static Frames compose(const Frames &F, const Transform &S) {
    Frames Out;
    for (const Transform &T : F)
      Out.insert(T.compose(S));
    return Out;
  }

  /// The most times a leg by \p V can repeat in one direction and stay on
  /// the board, in any of the orientations \p F.
  static int maxCount(Vec V, const Frames &F, const BoardShape &B) {
    int Best = 0;
    int Sides[3] = {B.Width, B.Height, B.Depth};
    for (const Transform &T : F) {
      Vec W = T.apply(V);
      int K = RangeList::MaxFinite;
      for (unsigned A = 0; A < 3; ++A)
        if (W[A] != 0)
          K = std::min(K, (Sides[A] - 1) / std::abs(W[A]));
      Best = std::max(Best, K);
    }
    return Best;
  }

  /// \p R without the counts above \p Max.
  static RangeList limit(const RangeList &R, int Max) {
    std::vector<Interval> Parts;
    for (Interval I : R.intervals()) {
      if (I.Lo > Max)
        break;
      I.Hi = std::min(I.Hi, Max);
      Parts.push_back(I);
    }
    return RangeList(Parts);
  }
};

NodeRef BoardSpecialize::specialize(const NodeRef &N,
                                    const BoardShape &B) const {
  return Walk().visit(N, {Transform()}, B);
}

} // namespace

std::unique_ptr<Pass> fairy::createBoardSpecializePass() {
  return std::make_unique<BoardSpecialize>();
}
