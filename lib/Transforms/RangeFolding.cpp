//===- RangeFolding.cpp - Normalise and fold repetition counts ------------===//
//
//   rep/ride<R>     R with adjacent and overlapping intervals merged
//   ride<1>(a)      a                  (also rep<1>)
//   ride<0>(a)      seq()              the empty path
//   ride<R>(seq())  seq()              repeating nothing moves nowhere
//   ride<R>(alt())  seq() if 0 in R, else alt()
//   ride<R>(ride<b>(a))  ride<b*R>(a)  (likewise rep in rep) for finite R
//   ride<m..>(a)    ride<m..max(m,S)>(a) on a board whose longest side is S:
//                   a repeated path that moves leaves the board within S
//                   repetitions, one that does not move lands on the same
//                   squares every time.
//
//===----------------------------------------------------------------------===//
#include "fairy/IR/Builder.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/Transforms/Pass.h"

using namespace fairy;

namespace {

/// {b * k : k in R} for finite R, if it has few enough intervals.
std::optional<RangeList> multiplied(const RangeList &R, int B) {
  if (B == 1)
    return R;
  std::vector<Interval> Parts;
  for (const Interval &I : R.intervals())
    for (long K = I.Lo; K <= I.Hi; ++K) {
      if (K * B > RangeList::MaxFinite || Parts.size() >= 64)
        return std::nullopt;
      Parts.push_back({int(K * B), int(K * B)});
    }
  return RangeList::fromUnsorted(Parts).normalized();
}

class RangeFolding : public Pass {
public:
  const char *name() const override { return "range-fold"; }
  const char *summary() const override {
    return "normalise repetition counts and fold trivial repetitions";
  }
  NodeRef run(const NodeRef &N, const PassContext &Ctx) const override {
    return rewriteBottomUp(N, [&](const NodeRef &X) { return fold(X, Ctx); });
  }

private:
  NodeRef fold(const NodeRef &X, const PassContext &Ctx) const {
    if (!X->is(NodeKind::Rep) && !X->is(NodeKind::Ride))
      return X;
    RangeList R = X->range().normalized();
    const NodeRef &A = X->operand();
    if (X->is(NodeKind::Ride) && R.isUnbounded() && Ctx.Board) {
      std::vector<Interval> Parts = R.intervals();
      Parts.back().Hi = std::max(Parts.back().Lo, Ctx.Board->maxSide());
      R = RangeList(Parts).normalized();
    }
    if (A->isEmptyPath())
      return ir::emptyPath();
    if (A->isNothing())
      return R.contains(0) ? ir::emptyPath() : ir::nothing();
    if (auto K = R.single()) {
      if (*K == 0)
        return ir::emptyPath();
      if (*K == 1)
        return A;
    }
    // Nested repetitions of the same kind with one inner count multiply:
    // k rides of b repetitions of one path are k*b repetitions of it, and k
    // free repetitions of b free repetitions are k*b free repetitions.
    if (A->kind() == X->kind() && A->range().single() && !R.isUnbounded())
      if (auto M = multiplied(R, *A->range().single()))
        return fold(Node::makeRepeat(X->kind(), *M, A->operand()), Ctx);
    if (R != X->range())
      return Node::makeRepeat(X->kind(), R, A);
    return X;
  }
};

} // namespace

std::unique_ptr<Pass> fairy::createRangeFoldingPass() {
  return std::make_unique<RangeFolding>();
}
