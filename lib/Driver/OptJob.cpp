//===- OptJob.cpp - fairy-opt's job: passes over textual IR ---------------===//
//
// Reads textual IR, verifies it, runs the named passes (then the -O1
// pipeline if asked), and writes it back: what fairy-opt does, so that each
// pass can be tested with lit and FileCheck.
//
//===----------------------------------------------------------------------===//
#include "fairy/Driver/Driver.h"

#include "fairy/IR/IRParser.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/Files.h"
#include "fairy/Support/LargeStack.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace fairy;
using namespace llvm;

/// "8x8" or "5x5x5" as a BoardShape, or nullopt.
static std::optional<BoardShape> parseShape(StringRef Spec) {
  SmallVector<StringRef, 3> Parts;
  Spec.split(Parts, 'x');
  BoardShape S;
  int *Dims[3] = {&S.Width, &S.Height, &S.Depth};
  if (Parts.size() < 2 || Parts.size() > 3)
    return std::nullopt;
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].getAsInteger(10, *Dims[I]) || *Dims[I] < 1 || *Dims[I] > 64)
      return std::nullopt;
  return S;
}

int Driver::runOpt(const OptInvocation &Inv) {
  int Status = 1;
  runOnLargeStack([&] { Status = runOptHere(Inv); });
  return Status;
}

int Driver::runOptHere(const OptInvocation &Inv) {
  DiagnosticEngine &Diags = engine();
  PassContext Ctx;
  if (!Inv.Board.empty() && !(Ctx.Board = parseShape(Inv.Board))) {
    Diags.error("--board: '" + Inv.Board + "' is not a board size such as 8x8");
    return 1;
  }
  PassManager PM;
  for (const std::string &Name : Inv.Passes) {
    auto P = createPass(Name);
    if (!P) {
      Diags.error("unknown pass '" + Name +
                  "'; known: " + llvm::join(passNames(), ", "));
      return 1;
    }
    PM.add(std::move(P));
  }
  if (isSameFile(Inv.OutputPath, Inv.Input)) {
    Diags.error("-o '" + Inv.OutputPath +
                "' names the input; refusing to "
                "overwrite it");
    return 1;
  }
  std::string Error;
  auto Text = readInput(Inv.Input, Error);
  if (!Text) {
    Diags.error(Error);
    return 1;
  }
  unsigned Buffer =
      Diags.addBuffer(*Text, Inv.Input == "-" ? "<stdin>" : Inv.Input);
  NodeRef IR = parseIR(Diags, Buffer);
  if (!IR)
    return 1;
  for (const std::string &P : verifyIR(*IR))
    Diags.error("invalid IR: " + P);
  if (Diags.errorCount())
    return 1;
  std::string Printed;
  raw_string_ostream Trace(Printed);
  IR = PM.run(IR, Ctx, Inv.PrintAfterAll ? &Trace : nullptr);
  if (Inv.O1)
    IR = optimize(IR, 1, Ctx);
  for (const std::string &P : verifyIR(*IR))
    Diags.error("internal error: a pass produced invalid IR: " + P);
  if (Diags.errorCount())
    return 1;
  if (Inv.Stats)
    for (const PassStatistic &S : PM.statistics())
      errs() << S.Pass << ": " << S.NodesBefore << " -> " << S.NodesAfter
             << " nodes\n";
  Trace.flush();
  std::string Out =
      Printed + (Inv.Inline ? printIRInline(*IR) + "\n" : printIR(*IR));
  if (!writeOutputAtomically(Inv.OutputPath, Out, Error)) {
    Diags.error(Error);
    return 1;
  }
  return 0;
}
