//===- fairyc.cpp - The fairyc compiler driver ----------------------------===//
//
// Reads a piece's movement in one notation (or a piece file, or a section of
// a variants.ini), lowers it to the moveset IR and emits what was asked
// for. The options that fill the fairy::Invocation are declared from the
// driver's table (fairy/Driver/Options.def, OptionTable.h); this file holds
// the others (the output's colours, warnings, -v, fairyc serve). The driver
// library (lib/Driver) does the work.
//
//===----------------------------------------------------------------------===//
#include "ChoiceParser.h"
#include "OptionTable.h"
#include "TerminalProgress.h"
#include "UnknownOptions.h"
#include "fairy/Driver/Driver.h"
#include "fairy/Playground/CompileWorker.h"
#include "fairy/Playground/PlaygroundServer.h"
#include "fairy/Support/TimeReport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace fairy;
using namespace llvm;

namespace {

cl::OptionCategory Category("fairyc options");

// fairyc serve: the playground (lib/Playground, docs/playground.md).
cl::SubCommand ServeCommand(
    "serve", "Serve the playground: a page that draws a piece as you type it "
             "(docs/playground.md)");
cl::OptionCategory ServeCategory("fairyc serve options");
cl::opt<int> ServePort("port",
                       cl::desc("The port to listen on (0: any free port)"),
                       cl::init(8151), cl::sub(ServeCommand),
                       cl::cat(ServeCategory));
cl::opt<std::string> ServeHost(
    "host",
    cl::desc("The address to listen on (default 127.0.0.1: this machine "
             "only)"),
    cl::init("127.0.0.1"), cl::sub(ServeCommand), cl::cat(ServeCategory));
cl::opt<bool> ServeLog("log",
                       cl::desc("Print a line per request on standard error"),
                       cl::sub(ServeCommand), cl::cat(ServeCategory));
cl::opt<unsigned> ServeCompileBudget(
    "compile-budget",
    cl::desc("How long one compilation may take, in milliseconds (default "
             "2000); a longer one is stopped"),
    cl::init(2000), cl::sub(ServeCommand), cl::cat(ServeCategory));
// The server's compile worker: fairyc serve starts itself with it.
cl::opt<bool> ServeCompileWorker("compile-worker", cl::Hidden,
                                 cl::sub(ServeCommand), cl::cat(ServeCategory));

cl::opt<bool> ColorDiagnostics(
    "fcolor-diagnostics",
    cl::desc("Colour diagnostics even when standard error is not a terminal"),
    cl::cat(Category));

cl::opt<bool> NoColorDiagnostics(
    "fno-color-diagnostics",
    cl::desc("Never colour diagnostics (also: the NO_COLOR environment "
             "variable, unless -fcolor-diagnostics)"),
    cl::cat(Category));

cl::opt<bool> ProgressFlag(
    "fprogress",
    cl::desc("Show how far long steps have come on standard error always, "
             "from the start (default: on a terminal, once a run takes a "
             "second)"),
    cl::cat(Category));

cl::opt<bool> NoProgressFlag("fno-progress", cl::desc("Never show progress"),
                             cl::cat(Category));

cl::opt<bool> Verbose("v",
                      cl::desc("Say on standard error what fairyc runs: "
                               "version, inputs, notation, passes, output"),
                      cl::cat(Category));

cl::opt<bool> TimeReportFlag(
    "ftime-report",
    cl::desc("Print the time of each phase (read, parse, lower, passes, "
             "evaluate, emit) on standard error"),
    cl::cat(Category));

cl::list<std::string> WarningFlags(
    "W", cl::Prefix, cl::ZeroOrMore,
    cl::desc("-W<name> turns a warning on, -Wno-<name> off, -Werror makes "
             "every warning an error, -Werror=<name> one of them "
             "(docs/diagnostics.md lists the names)"),
    cl::value_desc("warning"), cl::cat(Category));

cl::opt<bool> NoWarnings("w", cl::desc("Show no warnings"), cl::cat(Category));

cl::opt<DiagnosticsOutput, false, ChoiceParser<DiagnosticsOutput>>
    DiagnosticsAs(
        "diagnostics", cl::desc("How errors and warnings are printed"),
        cl::init(DiagnosticsOutput::Text),
        cl::values(clEnumValN(DiagnosticsOutput::Text, "text",
                              "file:line:col: messages with the source line, a "
                              "caret and fix-its (default)"),
                   clEnumValN(DiagnosticsOutput::Json, "json",
                              "one JSON array of every diagnostic on standard "
                              "error, at the end")),
        cl::cat(Category));

/// What -v says before the run: the version and what the job is.
std::string describe(const Invocation &Inv, const std::string &Level) {
  std::string Input =
      !Inv.ImportPath.empty() || !Inv.VariantName.empty()
          ? (Inv.ImportPath.empty() ? std::string("Fairy-Stockfish")
                                    : Inv.ImportPath) +
                " [" + Inv.VariantName + "]"
      : Inv.Expression ? "-e '" + *Inv.Expression + "'"
      : Inv.Input      ? *Inv.Input
                       : std::string("-");
  std::string Out = std::string("fairyc ") + libraryVersion() +
                    " (built with " + libraryDependencies() + ")\n";
  Out += "input: " + Input;
  for (const std::string &M : Inv.MoreInputs)
    Out += ", " + M;
  Out +=
      "\nnotation: " +
      (Inv.Notation.empty() ? std::string("from the input") : Inv.Notation) +
      "\npasses: " +
      (Inv.OptLevel == 0
           ? std::string("none (-O0)")
           : "docs/passes.md to their fixed point (-O" +
                 (Level.empty() ? std::string("1") : Level) + ")") +
      "\nboard: " +
      (Inv.Board.empty() ? std::string("the input's, else 8x8") : Inv.Board) +
      "\nemit: " + Inv.Emit + " to " +
      (Inv.OutputPath == "-" ? std::string("standard output")
                             : Inv.OutputPath) +
      "\n";
  return Out;
}

/// fairyc serve: listens until stopped; 1 if it cannot.
int serve() {
  if (ServeCompileWorker)
    return runCompileWorker(3);
  ServeOptions Opts;
  Opts.WorkerCommand = {"/proc/self/exe", "serve", "--compile-worker"};
  Opts.CompileBudget = std::chrono::milliseconds(ServeCompileBudget);
  Opts.Host = ServeHost;
  Opts.Port = ServePort;
  Opts.Ready = [](const std::string &Url) {
    outs() << "fairyc: the playground is at " << Url << " (Ctrl-C stops it)\n";
    outs().flush();
  };
  if (ServeLog)
    Opts.Log = [](const std::string &Line) { errs() << Line << "\n"; };
  std::string Error;
  if (ServePort < 0 || ServePort > 65535) {
    errs() << "fairyc: error: --port: " << ServePort
           << " is not a port (0 to 65535)\n";
    return 1;
  }
  if (!servePlayground(Opts, Error)) {
    errs() << "fairyc: error: " << Error << "\n";
    return 1;
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  // The options that fill the Invocation, from the driver's table.
  OptionTable Table(Category);
  cl::HideUnrelatedOptions({&Category, &ServeCategory});
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "fairyc " << libraryVersion() << "\nbuilt with "
       << libraryDependencies() << "\n";
  });
  std::string Unknown;
  if (!optionsAreKnown(argc, argv, Unknown)) {
    // Before cl::opt has read --diagnostics: the error is written as the
    // run's others would have been, JSON included.
    Driver D("fairyc", diagnosticsAsJson(argc, argv) ? DiagnosticsOutput::Json
                                                     : DiagnosticsOutput::Text);
    D.reportError(Unknown);
    D.finish();
    return 1;
  }
  cl::ParseCommandLineOptions(
      argc, argv,
      "fairyc: compile fairy-chess piece movement notations\n\n"
      "  fairyc -x parlett '2=.1<>,2<>.1='      draw the knight\n"
      "  fairyc -x parlett 'n+' --emit=ir       show the IR of the rook\n"
      "  fairyc -x fairy '[1,2]*'               draw the knight\n"
      "  fairyc piece.parlett --board=8x8 --from=a1 --position=...\n"
      "  fairyc serve                           the playground in a browser\n");
  if (ServeCommand)
    return serve();
  Driver D("fairyc", DiagnosticsAs);
  if (ColorDiagnostics || NoColorDiagnostics)
    D.setColors(ColorDiagnostics && !NoColorDiagnostics);
  int Status = D.applyWarningFlags(WarningFlags, NoWarnings) ? 0 : 1;
  if (const auto &Refused = DiagnosticsAs.getParser().refused()) {
    D.reportError("--diagnostics: " + *Refused);
    Status = 1;
  }
  // -O's level and a value not in an option's list are refused once
  // cl::opt has parsed the values, through the driver's diagnostics.
  Invocation Inv;
  if (!Table.fill(Inv, [&](const std::string &Error) { D.reportError(Error); }))
    Status = 1;
  if (Verbose)
    errs() << describe(Inv, Table.given("O"));
  TimeReport::enable(TimeReportFlag);
  TerminalProgress Progress(NoProgressFlag ? TerminalProgress::Never
                            : ProgressFlag ? TerminalProgress::Always
                                           : TerminalProgress::Auto);
  Inv.Progress = Progress.callback();
  if (!Status)
    Status = D.run(Inv);
  Progress.finish();
  D.finish();
  if (TimeReportFlag)
    errs() << TimeReport::format(TimeReport::take());
  return Status;
}
