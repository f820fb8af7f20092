//===- AssumeGuard.cpp - A moveset under a known piece or game state ------===//
//
// Tables for engines depend on occupancy only; a moveset with a guard on
// the piece's or the game's state (has it moved? did the previous move
// pass this square?) is compiled once per state by fixing the guard's
// answer. A guard that holds is dropped, one that fails takes its subtree
// with it; the passes then fold away what is left.
//
//===----------------------------------------------------------------------===//
#include "fairy/IR/Builder.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/Transforms/Pass.h"

using namespace fairy;

NodeRef fairy::assumeGuard(const NodeRef &N, GuardPredicate::Kind K,
                           bool Holds) {
  return rewriteBottomUp(N, [&](const NodeRef &X) -> NodeRef {
    if (X->kind() != NodeKind::Guard || X->guard().K != K)
      return X;
    bool Passes = Holds != X->guard().Negated;
    return Passes ? X->children()[0] : ir::nothing();
  });
}

bool fairy::usesGuard(const Node &N, GuardPredicate::Kind K) {
  if (N.kind() == NodeKind::Guard && N.guard().K == K)
    return true;
  for (const NodeRef &C : N.children())
    if (usesGuard(*C, K))
      return true;
  return false;
}
