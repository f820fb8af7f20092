//===- PassManager.cpp - The registry of passes and the pipeline ----------===//
#include "fairy/IR/Printer.h"
#include "fairy/Support/TimeReport.h"
#include "fairy/Transforms/Pass.h"

using namespace fairy;

const std::vector<std::string> &fairy::passNames() {
  static const std::vector<std::string> Names = {
      "range-fold", "sym-dedup", "canonicalize", "board-specialize"};
  return Names;
}

std::unique_ptr<Pass> fairy::createPass(const std::string &Name) {
  if (Name == "range-fold")
    return createRangeFoldingPass();
  if (Name == "sym-dedup")
    return createSymmetryDedupPass();
  if (Name == "canonicalize")
    return createCanonicalizePass();
  if (Name == "board-specialize")
    return createBoardSpecializePass();
  return nullptr;
}

NodeRef PassManager::run(NodeRef N, const PassContext &Ctx,
                         llvm::raw_ostream *PrintAfterEach) {
  for (const auto &P : Passes) {
    PassStatistic S;
    S.Pass = P->name();
    S.NodesBefore = N->size();
    N = P->run(N, Ctx);
    S.NodesAfter = N->size();
    Stats.push_back(S);
    if (PrintAfterEach)
      *PrintAfterEach << "// -- after " << P->name() << " --\n" << printIR(*N);
  }
  return N;
}

NodeRef fairy::optimize(const NodeRef &N, unsigned Level,
                        const PassContext &Ctx) {
  if (Level == 0)
    return N;
  TimeReport::Phase Timing("passes");
  NodeRef Cur = N;
  // Each pass can expose work for another (a folded range lets two
  // alternatives compare equal, say); a few rounds reach the fixpoint.
  for (int Round = 0; Round < 6; ++Round) {
    PassManager PM;
    for (const std::string &Name : passNames())
      if (Name != "board-specialize" || Ctx.Board)
        PM.add(createPass(Name));
    NodeRef Before = Cur;
    Cur = PM.run(Cur, Ctx);
    if (equal(*Cur, *Before))
      break;
  }
  return Cur;
}
