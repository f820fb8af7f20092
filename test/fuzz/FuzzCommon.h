//===- FuzzCommon.h - Shared checks of the fuzz targets ---------*- C++ -*-===//
//
// Whatever a front end accepts must verify, and both evaluators must agree
// on it. A few fixed small positions keep each input fast; the reference
// evaluator's budget keeps pathological inputs bounded.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_TEST_FUZZ_FUZZCOMMON_H
#define FAIRY_TEST_FUZZ_FUZZCOMMON_H

#include "fairy/Eval/Evaluator.h"
#include "fairy/IR/Builder.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Transforms/Pass.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace fairy::fuzz {

inline void check(bool Ok, const char *What, const Node &IR) {
  if (Ok)
    return;
  // A moveset of shared subtrees may print to gigabytes: only small ones.
  if (IR.size() <= 5000)
    std::fprintf(stderr, "fuzz check failed: %s\n%s", What,
                 printIR(IR).c_str());
  else
    std::fprintf(stderr, "fuzz check failed: %s (%zu nodes)\n", What,
                 static_cast<size_t>(IR.size()));
  std::abort();
}

/// Verifies \p IR; compares the engines, and the -O1 pipeline (with and
/// without the board) against the original, on three small positions. The
/// passes are left out for a tree of more than LargeTree nodes: over it they
/// take seconds under the sanitizers (an input must take far less for the
/// fuzzer to get anywhere), and the unit tests compare the passes on random
/// trees.
inline void checkMoveset(const NodeRef &IR) {
  check(verifyIR(*IR).empty(), "front end produced IR the verifier rejects",
        *IR);
  constexpr size_t LargeTree = 5'000;
  bool Small = IR->size() <= LargeTree;
  NodeRef Optimized = Small ? optimize(IR, 1, {}) : IR;
  check(verifyIR(*Optimized).empty(), "-O1 produced invalid IR", *IR);
  check(Optimized->size() <= IR->size(), "-O1 made the tree larger", *IR);
  static const char *const Positions[] = {"5/5/5/5/5", "2p2/1P1p1/5/p1P2/4P",
                                          "3/1*1/3"};
  for (const char *FEN : Positions) {
    std::string Error;
    auto P = Position::fromFEN(FEN, std::nullopt, Error);
    auto Fast = FastEvaluator::compile(IR, P->board(), Error);
    if (!Fast)
      return; // too complex to evaluate: reported as a diagnostic
    ReferenceEvaluator Ref(IR, 200'000);
    PassContext Ctx;
    Ctx.Board = P->board().shape();
    std::vector<NodeRef> Opts;
    if (Small)
      Opts = {Optimized, optimize(IR, 1, Ctx)};
    for (unsigned Origin : {0u, P->board().numSquares() / 2}) {
      if (!P->board().squares().test(Origin))
        continue;
      auto R = Ref.evaluate(*P, Origin, Color::White, Error);
      if (!R)
        continue; // over budget
      auto F = Fast->evaluate(*P, Origin, Color::White, Error);
      if (!F)
        continue; // over its work budget
      check(*F == *R, "fast and reference evaluators disagree", *IR);
      for (const NodeRef &Opt : Opts) {
        auto FastOpt = FastEvaluator::compile(Opt, P->board(), Error);
        check(bool(FastOpt), "-O1 made an evaluable moveset unevaluable", *IR);
        auto D = FastOpt->evaluate(*P, Origin, Color::White, Error);
        check(!D || *D == *R, "-O1 changed the destinations", *IR);
      }
    }
  }
}

/// A front end's whole check of one input: \p Parse(Diags, Buffer) must
/// reject with a diagnostic or return IR that checkMoveset accepts.
template <typename ParseFn>
void checkFrontEnd(llvm::StringRef Text, ParseFn Parse) {
  DiagnosticEngine Diags(nullptr);
  unsigned Buffer = Diags.addBuffer(Text, "<fuzz>");
  NodeRef IR = Parse(Diags, Buffer);
  check(IR || Diags.errorCount() > 0, "rejected input without a diagnostic",
        *ir::nothing());
  if (IR)
    checkMoveset(IR);
}

} // namespace fairy::fuzz

#endif
