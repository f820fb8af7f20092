//===- fairy-opt.cpp - Run passes over the moveset IR ---------------------===//
//
// The IR counterpart of LLVM's opt: reads textual IR, verifies it, runs the
// passes named with --pass (or the -O1 pipeline) and prints the result, so
// that each pass can be tested with lit and FileCheck.
//
//===----------------------------------------------------------------------===//
#include "fairy/IR/IRParser.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/Files.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

using namespace fairy;
using namespace llvm;

static cl::OptionCategory Category("fairy-opt options");
static cl::opt<std::string> Input(cl::Positional, cl::desc("<input IR file>"),
                                  cl::init("-"), cl::cat(Category));
static cl::opt<std::string> OutputPath("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(Category));
static cl::opt<bool> Inline("inline", cl::desc("Print the IR on a single line"),
                            cl::cat(Category));
static cl::list<std::string>
    PassList("pass", cl::CommaSeparated,
             cl::desc("Passes to run, in order: range-fold, sym-dedup, "
                      "canonicalize, board-specialize"),
             cl::value_desc("name"), cl::cat(Category));
static cl::opt<bool> O1("O1", cl::desc("Run the fairyc -O1 pipeline"),
                        cl::cat(Category));
static cl::opt<bool> PrintAfterAll("print-after-all",
                                   cl::desc("Print the IR after each pass"),
                                   cl::cat(Category));
static cl::opt<std::string>
    BoardSpec("board",
              cl::desc("The board, WxH or WxHxD, for the passes that use it"),
              cl::value_desc("WxH"), cl::cat(Category));

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

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "fairy-opt " FAIRY_VERSION "\n"; });
  cl::ParseCommandLineOptions(
      argc, argv,
      "fairy-opt: read, verify, transform and print moveset IR\n\n"
      "  -stats prints the node count before and after each --pass.\n");
  DiagnosticEngine Diags(&llvm::errs(), "fairy-opt");
  PassContext Ctx;
  if (!BoardSpec.empty() && !(Ctx.Board = parseShape(BoardSpec))) {
    Diags.error("--board: '" + BoardSpec + "' is not a board size such as 8x8");
    return 1;
  }
  PassManager PM;
  for (const std::string &Name : PassList) {
    auto P = createPass(Name);
    if (!P) {
      Diags.error("unknown pass '" + Name +
                  "'; known: " + llvm::join(passNames(), ", "));
      return 1;
    }
    PM.add(std::move(P));
  }
  std::string Error;
  auto Text = readInput(Input, Error);
  if (!Text) {
    Diags.error(Error);
    return 1;
  }
  unsigned Buffer = Diags.addBuffer(*Text, Input == "-" ? std::string("<stdin>")
                                                        : std::string(Input));
  NodeRef IR = parseIR(Diags, Buffer);
  if (!IR)
    return 1;
  for (const std::string &P : verifyIR(*IR))
    Diags.error("invalid IR: " + P);
  if (Diags.errorCount())
    return 1;
  std::string Printed;
  raw_string_ostream Trace(Printed);
  IR = PM.run(IR, Ctx, PrintAfterAll ? &Trace : nullptr);
  if (O1)
    IR = optimize(IR, 1, Ctx);
  for (const std::string &P : verifyIR(*IR))
    Diags.error("internal error: a pass produced invalid IR: " + P);
  if (Diags.errorCount())
    return 1;
  // -stats is LLVM's own option (lib/Support registers it): here it prints
  // the node count before and after each pass to stderr.
  if (llvm::AreStatisticsEnabled())
    for (const PassStatistic &S : PM.statistics())
      errs() << S.Pass << ": " << S.NodesBefore << " -> " << S.NodesAfter
             << " nodes\n";
  Trace.flush();
  std::string Out =
      Printed + (Inline ? printIRInline(*IR) + "\n" : printIR(*IR));
  if (!writeOutputAtomically(OutputPath, Out, Error)) {
    Diags.error(Error);
    return 1;
  }
  return 0;
}
