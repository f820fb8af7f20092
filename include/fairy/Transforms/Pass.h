//===- Pass.h - Passes over the moveset IR and the pass manager -*- C++ -*-===//
//
// A pass maps a tree to a tree with the same destinations from every origin
// on every position (the differential tests in test/unit/PassTest.cpp check
// it). Each pass lives in its own file under lib/Transforms; docs/passes.md
// describes them.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_TRANSFORMS_PASS_H
#define FAIRY_TRANSFORMS_PASS_H

#include "fairy/IR/BoardShape.h"
#include "fairy/IR/Node.h"

#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

struct PassContext {
  /// Set when the board is known; the passes that depend on it (range
  /// clamping, board specialisation, leg fusion) do nothing without it.
  std::optional<BoardShape> Board;
};

class Pass {
public:
  virtual ~Pass() = default;
  virtual const char *name() const = 0;
  virtual const char *summary() const = 0;
  virtual NodeRef run(const NodeRef &N, const PassContext &Ctx) const = 0;
};

std::unique_ptr<Pass> createRangeFoldingPass();
std::unique_ptr<Pass> createSymmetryDedupPass();
std::unique_ptr<Pass> createCanonicalizePass();
std::unique_ptr<Pass> createBoardSpecializePass();

/// The registered pass names, in pipeline order.
const std::vector<std::string> &passNames();
/// The pass called \p Name, or nullptr.
std::unique_ptr<Pass> createPass(const std::string &Name);

struct PassStatistic {
  std::string Pass;
  size_t NodesBefore = 0, NodesAfter = 0;
};

class PassManager {
public:
  void add(std::unique_ptr<Pass> P) { Passes.push_back(std::move(P)); }
  /// Runs every pass once, in order. With \p PrintAfterEach, prints
  /// "// -- after <pass> --" and the IR after each pass.
  NodeRef run(NodeRef N, const PassContext &Ctx,
              llvm::raw_ostream *PrintAfterEach = nullptr);
  const std::vector<PassStatistic> &statistics() const { return Stats; }

private:
  std::vector<std::unique_ptr<Pass>> Passes;
  std::vector<PassStatistic> Stats;
};

/// \p N with every guard of kind \p K answered: \p Holds says whether the
/// unnegated predicate holds (the piece has not moved, for Initial). Used
/// to compile a moveset per state for tables that see only occupancy.
NodeRef assumeGuard(const NodeRef &N, GuardPredicate::Kind K, bool Holds);
/// Whether \p N has a guard of kind \p K.
bool usesGuard(const Node &N, GuardPredicate::Kind K);

/// The optimisation pipeline of fairyc: level 0 returns \p N unchanged;
/// level 1 runs range-fold, sym-dedup, canonicalize (and board-specialize
/// when the board is known) until the tree stops changing.
NodeRef optimize(const NodeRef &N, unsigned Level, const PassContext &Ctx);

} // namespace fairy

#endif
