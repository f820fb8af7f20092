//===- fairy-opt.cpp - Read, verify and print the moveset IR --------------===//
//
// The IR counterpart of LLVM's opt: reads textual IR, verifies it and prints
// it back, so that the IR and (later) each pass can be tested with lit.
//
//===----------------------------------------------------------------------===//
#include "fairy/IR/IRParser.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/Files.h"

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

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "fairy-opt " FAIRY_VERSION "\n"; });
  cl::ParseCommandLineOptions(argc, argv,
                              "fairy-opt: read, verify and print moveset IR\n");
  DiagnosticEngine Diags(&llvm::errs(), "fairy-opt");
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
  std::vector<std::string> Problems = verifyIR(*IR);
  for (const std::string &P : Problems)
    Diags.error("invalid IR: " + P);
  if (!Problems.empty())
    return 1;
  std::string Out = Inline ? printIRInline(*IR) + "\n" : printIR(*IR);
  if (!writeOutputAtomically(OutputPath, Out, Error)) {
    Diags.error(Error);
    return 1;
  }
  return 0;
}
