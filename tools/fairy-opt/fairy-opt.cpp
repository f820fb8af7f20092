//===- fairy-opt.cpp - Run passes over the moveset IR ---------------------===//
//
// The IR counterpart of LLVM's opt: reads textual IR, verifies it, runs the
// passes named with --pass (or the -O1 pipeline) and prints the result, so
// that each pass can be tested with lit and FileCheck. Option parsing only:
// fairy::Driver::runOpt does the work.
//
//===----------------------------------------------------------------------===//
#include "fairy/Driver/Driver.h"

#include "llvm/ADT/Statistic.h"
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

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "fairy-opt " << libraryVersion() << "\n"; });
  cl::ParseCommandLineOptions(
      argc, argv,
      "fairy-opt: read, verify, transform and print moveset IR\n\n"
      "  -stats prints the node count before and after each --pass.\n");
  OptInvocation Inv;
  Inv.Input = Input;
  Inv.OutputPath = OutputPath;
  Inv.Passes = PassList;
  Inv.O1 = O1;
  Inv.PrintAfterAll = PrintAfterAll;
  Inv.Inline = Inline;
  // -stats is LLVM's own option (lib/Support registers it).
  Inv.Stats = llvm::AreStatisticsEnabled();
  Inv.Board = BoardSpec;
  Driver D("fairy-opt", DiagnosticsOutput::Text);
  return D.runOpt(Inv);
}
