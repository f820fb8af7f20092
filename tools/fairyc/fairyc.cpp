//===- fairyc.cpp - The fairyc compiler driver ----------------------------===//
//
// Reads a piece's movement in one notation (or a piece file, or a section of
// a variants.ini), lowers it to the moveset IR and emits what was asked
// for. This file only parses options into a fairy::Invocation; the driver
// library (lib/Driver) does the work.
//
//===----------------------------------------------------------------------===//
#include "ChoiceParser.h"
#include "TerminalProgress.h"
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

cl::opt<std::string> Input(cl::Positional,
                           cl::desc("<notation text, or a file to read; '-' or "
                                    "nothing for standard input>"),
                           cl::init(""), cl::cat(Category));

cl::list<std::string> MoreInputs(
    cl::Positional, cl::ZeroOrMore,
    cl::desc("<more piece files: with --emit=bitboard, one header for all>"),
    cl::cat(Category));

cl::opt<std::string> Expression("e", cl::desc("The notation text itself"),
                                cl::value_desc("text"), cl::cat(Category));

cl::opt<std::string>
    NotationName("notation",
                 cl::desc("The input notation, also -x: parlett, betza, fairy, "
                          "formula, ir, or pieces for a piece file (default: "
                          "from the file extension)"),
                 cl::value_desc("name"), cl::cat(Category));
cl::alias NotationAlias("x", cl::desc("Alias for --notation"),
                        cl::aliasopt(NotationName), cl::cat(Category));

cl::opt<EmitKind, false, ChoiceParser<EmitKind>> Emit(
    "emit", cl::desc("What to produce"), cl::init(EmitKind::Diagram),
    cl::values(
        clEnumValN(EmitKind::Diagram, "diagram", "ASCII move diagram"),
        clEnumValN(EmitKind::IR, "ir", "the textual moveset IR"),
        clEnumValN(EmitKind::Json, "json",
                   "moves from every square (or --from) and the IR, as JSON"),
        clEnumValN(EmitKind::Dot, "dot", "the IR as a Graphviz graph"),
        clEnumValN(EmitKind::Svg, "svg", "a picture of the moves"),
        clEnumValN(EmitKind::CTable, "ctable",
                   "C arrays of leaps and rays for mailbox engines"),
        clEnumValN(EmitKind::Bitboard, "bitboard",
                   "a C/C++ header of magic-bitboard attack tables"),
        clEnumValN(EmitKind::Betza, "betza",
                   "the piece written in Betza (Fairy-Stockfish's reading)"),
        clEnumValN(EmitKind::Fairy, "fairy",
                   "the piece written in fairy-notation"),
        clEnumValN(EmitKind::Parlett, "parlett",
                   "the piece written in Parlett's notation"),
        clEnumValN(EmitKind::VariantsIni, "variants-ini",
                   "a piece file as a Fairy-Stockfish variants.ini section")),
    cl::cat(Category));

cl::opt<DotStyle, false, ChoiceParser<DotStyle>> DotKind(
    "dot", cl::desc("What --emit=dot draws"), cl::init(DotStyle::Tree),
    cl::values(clEnumValN(DotStyle::Tree, "tree",
                          "the IR tree, one node per "
                          "IR node"),
               clEnumValN(DotStyle::Automaton, "automaton",
                          "the moveset as an automaton whose edges are legs")),
    cl::cat(Category));

cl::opt<std::string> OutputPath("o", cl::desc("Write the output to <file>"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(Category));

cl::opt<std::string> BoardSpec(
    "board",
    cl::desc("Board size WxH or WxHxD (default: the size of --position; for "
             "fairy-notation diagrams the unbounded plane; otherwise 9x9)"),
    cl::value_desc("WxH"), cl::cat(Category));

cl::opt<int> Radius(
    "radius",
    cl::desc("Bound every open range ({1..}) of fairy-notation at N, so the "
             "piece can be drawn on the unbounded plane"),
    cl::value_desc("N"), cl::cat(Category));

cl::opt<BetzaReading, false, ChoiceParser<BetzaReading>> BetzaDialect(
    "betza",
    cl::desc("How to read Betza where Fairy-Stockfish and XBoard differ"),
    cl::init(BetzaReading::FairyStockfish),
    cl::values(clEnumValN(BetzaReading::FairyStockfish, "fsf",
                          "as Fairy-Stockfish (default)"),
               clEnumValN(BetzaReading::XBoard, "xboard",
                          "as XBoard/WinBoard: 8-way K and Q, NN a leaper, "
                          "L and J swapped, captures on initial moves, lame "
                          "leaps blocked at the midpoint, two range digits")),
    cl::cat(Category));

cl::opt<BetzaStyle, false, ChoiceParser<BetzaStyle>> BetzaStyleKind(
    "betza-style", cl::desc("How --emit=betza writes multi-leg moves"),
    cl::init(BetzaStyle::Auto),
    cl::values(clEnumValN(BetzaStyle::Auto, "auto",
                          "a bracket chain where one spells them ([F?R]), "
                          "unless a famous spelling does (default)"),
               clEnumValN(BetzaStyle::XBetza, "xbetza",
                          "XBetza legs only (FyafsF), as Fairy-Stockfish "
                          "and XBoard read"),
               clEnumValN(BetzaStyle::Brackets, "brackets",
                          "a bracket chain before any other spelling")),
    cl::cat(Category));

cl::opt<std::string> From("from",
                          cl::desc("The piece's square, e.g. e5 or 5,5 "
                                   "(default: the centre)"),
                          cl::value_desc("square"), cl::cat(Category));

cl::opt<std::string> PositionFEN(
    "position",
    cl::desc("Pieces on the board, FEN-like: ranks from the top separated by "
             "'/', digits for empty squares, upper case White, lower case "
             "Black, '*' for a missing square"),
    cl::value_desc("placement"), cl::cat(Category));

enum class SideChoice { White, Black, Both };
cl::opt<SideChoice, false, ChoiceParser<SideChoice>> Side(
    "side", cl::desc("The colour of the moving piece"),
    cl::init(SideChoice::White),
    cl::values(clEnumValN(SideChoice::White, "white", "White"),
               clEnumValN(SideChoice::Black, "black", "Black"),
               clEnumValN(SideChoice::Both, "both",
                          "both (--position with a piece file: every piece "
                          "of either side)")),
    cl::cat(Category));

cl::opt<bool> Moved("moved",
                    cl::desc("The piece has moved before (disables initial "
                             "moves)"),
                    cl::cat(Category));

cl::opt<bool> Advanced(
    "advanced",
    cl::desc("The piece stands one rank ahead of its start square (enables "
             "XBoard's 'ii' moves, --betza=xboard)"),
    cl::cat(Category));

cl::opt<bool> Labels("labels", cl::desc("Label ranks and files in diagrams"),
                     cl::cat(Category));
cl::opt<bool> SvgSquares(
    "svg-squares",
    cl::desc("In --emit=svg of one piece, an invisible square over each "
             "square that names it (data-square), for pages that click it"),
    cl::cat(Category));

cl::opt<BoardStyle, false, ChoiceParser<BoardStyle>> BoardStyleKind(
    "board-style", cl::desc("How --emit=svg draws the board"),
    cl::values(
        clEnumValN(BoardStyle::Auto, "auto",
                   "the piece file's or variant's style; else xiangqi for a "
                   "9x10 board, chess otherwise (default)"),
        clEnumValN(BoardStyle::Chess, "chess", "checkered squares"),
        clEnumValN(BoardStyle::Xiangqi, "xiangqi",
                   "points where lines cross, palaces and the river"),
        clEnumValN(BoardStyle::Janggi, "janggi",
                   "points where lines cross and palaces, no river"),
        clEnumValN(BoardStyle::Shogi, "shogi", "an even grid of cells")),
    cl::init(BoardStyle::Auto), cl::cat(Category));

cl::opt<EngineKind, false, ChoiceParser<EngineKind>> Engine(
    "engine", cl::desc("Which evaluator computes destinations"),
    cl::init(EngineKind::Fast),
    cl::values(clEnumValN(EngineKind::Fast, "fast", "square-set propagation"),
               clEnumValN(EngineKind::Reference, "reference",
                          "path-by-path enumeration (slow)")),
    cl::cat(Category));

cl::opt<BitboardIndex, false, ChoiceParser<BitboardIndex>> BitboardIndexKind(
    "bitboard-index", cl::desc("How --emit=bitboard indexes slider tables"),
    cl::values(clEnumValN(BitboardIndex::Magic, "magic",
                          "magic multipliers (any 64-bit CPU; default)"),
               clEnumValN(BitboardIndex::Pext, "pext",
                          "BMI2's PEXT instruction (compile with -mbmi2; "
                          "boards of up to 64 squares)")),
    cl::init(BitboardIndex::Magic), cl::cat(Category));
cl::opt<std::string> PieceName(
    "name",
    cl::desc("The piece's name in generated code (default: the input file's "
             "name, or 'piece')"),
    cl::value_desc("identifier"), cl::cat(Category));

cl::opt<std::string> OptLevel(
    "O", cl::Prefix, cl::ValueOptional, cl::init("1"), cl::value_desc("level"),
    cl::desc("Optimisation level: -O0 keeps the IR as the front end made it; "
             "-O1 (the default), -O2, -O3, -Os and -Oz run the passes of "
             "docs/passes.md to their fixed point (fairyc has one pipeline)"),
    cl::cat(Category));

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
cl::opt<bool> KeepGoing(
    "fkeep-going",
    cl::desc("In a piece file, leave out a piece the back end cannot write, "
             "with a warning, write the rest and exit 1 (the default; also "
             "--keep-going)"),
    cl::cat(Category));
cl::alias KeepGoingAlias("keep-going", cl::desc("Alias for -fkeep-going"),
                         cl::aliasopt(KeepGoing), cl::cat(Category));
cl::opt<bool> NoKeepGoing(
    "fno-keep-going",
    cl::desc("A piece the back end cannot write fails the whole output"),
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

cl::opt<uint64_t> EvalStepLimit(
    "eval-step-limit",
    cl::desc("Leg steps one evaluation may take before fairyc gives up "
             "(default: 3,000,000)"),
    cl::init(0), cl::cat(Category));

cl::opt<uint64_t>
    MaxInputSize("max-input-size",
                 cl::desc("The largest input read, in bytes (default: 4 MiB)"),
                 cl::init(4 * 1024 * 1024), cl::value_desc("bytes"),
                 cl::cat(Category));

cl::opt<std::string> ImportPath(
    "import",
    cl::desc("Read the pieces and board of a Fairy-Stockfish variants.ini "
             "section (with --variant) and compile them like a piece file"),
    cl::value_desc("variants.ini"), cl::cat(Category));

cl::opt<bool> ListVariants(
    "list-variants",
    cl::desc("List the sections of --import (without it, Fairy-Stockfish's "
             "built-in variants): name, parent, board and pieces, or why one "
             "cannot be imported"),
    cl::cat(Category));

cl::opt<std::string> VariantName("variant",
                                 cl::desc("The section of --import to read "
                                          "(without it, one of "
                                          "Fairy-Stockfish's built-in "
                                          "variants: --variant=xiangqi)"),
                                 cl::value_desc("name"), cl::cat(Category));

cl::list<std::string> WarningFlags(
    "W", cl::Prefix, cl::ZeroOrMore,
    cl::desc("-W<name> turns a warning on, -Wno-<name> off, -Werror makes "
             "every warning an error, -Werror=<name> one of them "
             "(docs/diagnostics.md lists the names)"),
    cl::value_desc("warning"), cl::cat(Category));

cl::opt<bool> LintOnly(
    "lint",
    cl::desc("Check the notation (or every movement of a piece file) for "
             "moves that cannot be made, duplicate or subsumed alternatives, "
             "ranges longer than the board, simpler equivalents, ...; print "
             "the warnings and write no output (docs/diagnostics.md)"),
    cl::cat(Category));

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

cl::opt<std::string> LastMove(
    "last-move",
    cl::desc("The previous move, FROM-TO (e.g. e7-e5), for Movement "
             "Formula's m+ and m- (default: from the en passant field of "
             "--position)"),
    cl::value_desc("from-to"), cl::cat(Category));

cl::list<std::string> ZoneSpecs(
    "zone",
    cl::desc("Zone N of the board, N:SQUARES, e.g. 1:a8,b8,c8 or 1:a8-h8 (a "
             "rectangle); repeatable"),
    cl::value_desc("n:squares"), cl::cat(Category));

cl::list<std::string> MovedSquares(
    "moved-squares",
    cl::desc("The pieces on these squares have moved (s0 and initial moves "
             "of the other pieces), e.g. e4,a1-h1; --moved says it of the "
             "moving piece"),
    cl::value_desc("squares"), cl::cat(Category));

cl::list<std::string> AdvancedSquares(
    "advanced-squares",
    cl::desc("The pieces on these squares stand one rank ahead of their "
             "start square (XBoard's 'ii' moves), e.g. a3-h3"),
    cl::value_desc("squares"), cl::cat(Category));

cl::list<unsigned> States("state",
                          cl::desc("The moving piece is in state N (Movement "
                                   "Formula's sN, N >= 1); repeatable"),
                          cl::value_desc("n"), cl::cat(Category));

cl::opt<std::string> MoverType(
    "type",
    cl::desc("The moving piece's type letter, for same-type conditions "
             "(default: the letter on its square in --position)"),
    cl::value_desc("letter"), cl::cat(Category));

cl::opt<std::string>
    RoyalTypes("royal",
               cl::desc("The type letters of royal pieces, for Betza's k and t "
                        "(default: K)"),
               cl::value_desc("letters"), cl::init("K"), cl::cat(Category));

cl::list<std::string> PieceDefs(
    "piece",
    cl::desc("Defines a piece type for attack conditions: L=TEXT in the "
             "input's notation or L=NOTATION:TEXT; an upper-case L defines "
             "both sides unless the lower case is defined too; repeatable"),
    cl::value_desc("letter=text"), cl::cat(Category));

/// The invocation the options describe.
Invocation invocation() {
  Invocation Inv;
  // An explicit empty argument is empty notation text, not "no argument".
  if (Input.getNumOccurrences())
    Inv.Input = Input;
  Inv.MoreInputs = MoreInputs;
  // -e '' is empty notation text (a piece that cannot move), not "no -e".
  if (Expression.getNumOccurrences())
    Inv.Expression = Expression;
  Inv.Notation = NotationName;
  Inv.ImportPath = ImportPath;
  Inv.VariantName = VariantName;
  Inv.ListVariants = ListVariants;
  Inv.Emit = Emit;
  Inv.Dot = DotKind;
  Inv.OutputPath = OutputPath;
  Inv.PieceName = PieceName;
  Inv.Index = BitboardIndexKind;
  Inv.LintOnly = LintOnly;
  Inv.MaxInputSize = MaxInputSize;
  Inv.KeepGoing = !NoKeepGoing;
  if (BetzaDialect.getNumOccurrences())
    Inv.Betza = BetzaDialect;
  Inv.WriteBetza = BetzaStyleKind;
  if (Radius.getNumOccurrences())
    Inv.Radius = Radius;
  Inv.Board = BoardSpec;
  Inv.Position = PositionFEN;
  Inv.From = From;
  if (Side == SideChoice::Both)
    Inv.BothSides = true;
  else if (Side.getNumOccurrences())
    Inv.Side = Side == SideChoice::White ? Color::White : Color::Black;
  Inv.Moved = Moved;
  Inv.Advanced = Advanced;
  Inv.Labels = Labels;
  Inv.SvgSquares = SvgSquares;
  Inv.Style = BoardStyleKind;
  Inv.Engine = Engine;
  Inv.EvalStepLimit = EvalStepLimit;
  Inv.LastMove = LastMove;
  Inv.Zones = ZoneSpecs;
  Inv.MovedSquares = MovedSquares;
  Inv.AdvancedSquares = AdvancedSquares;
  Inv.States = States;
  Inv.MoverType = MoverType;
  Inv.RoyalTypes = RoyalTypes;
  Inv.PieceDefs = PieceDefs;
  return Inv;
}

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
      "\nemit: " + emitKindName(Inv.Emit) + " to " +
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
  cl::HideUnrelatedOptions({&Category, &ServeCategory});
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "fairyc " << libraryVersion() << "\nbuilt with "
       << libraryDependencies() << "\n";
  });
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
  Invocation Inv = invocation();
  int Status = D.applyWarningFlags(WarningFlags, NoWarnings) ? 0 : 1;
  if (auto Level = optLevelNamed(OptLevel)) {
    Inv.OptLevel = *Level;
  } else {
    D.reportError("-O" + OptLevel +
                  " is not a level; use -O0 (no passes) or -O1, -O2, -O3, "
                  "-Os, -Oz (the passes)");
    Status = 1;
  }
  if (Verbose)
    errs() << describe(Inv, OptLevel);
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
