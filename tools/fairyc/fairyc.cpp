//===- fairyc.cpp - The fairyc compiler driver ----------------------------===//
//
// Reads a piece's movement in one notation, lowers it to the moveset IR and
// emits what was asked for. Option parsing and plumbing only: the work is
// done by the libraries.
//
//===----------------------------------------------------------------------===//
#include "fairy/Backend/BetzaWriter.h"
#include "fairy/Backend/Bitboard.h"
#include "fairy/Backend/CTable.h"
#include "fairy/Backend/Diagram.h"
#include "fairy/Backend/Dot.h"
#include "fairy/Backend/FairyWriter.h"
#include "fairy/Backend/Json.h"
#include "fairy/Backend/ParlettWriter.h"
#include "fairy/Backend/Svg.h"
#include "fairy/Eval/Attacks.h"
#include "fairy/Eval/Evaluator.h"
#include "fairy/Eval/Plane.h"
#include "fairy/Frontend/Notation.h"
#include "fairy/IR/Extent.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Lint/Lint.h"
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/PieceFile/PieceSetOutput.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/Files.h"
#include "fairy/Transforms/Pass.h"

#include "PositionOptions.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace fairy;
using namespace llvm;

namespace {

cl::OptionCategory &Category = fairyc::optionCategory();

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

enum class EmitKind {
  Diagram,
  IR,
  Json,
  Dot,
  Svg,
  CTable,
  Bitboard,
  Betza,
  Fairy,
  Parlett
};
cl::opt<EmitKind> Emit(
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
                   "the piece written in Parlett's notation")),
    cl::cat(Category));

enum class DotKind { Tree, Automaton };
cl::opt<DotKind> DotStyle(
    "dot", cl::desc("What --emit=dot draws"), cl::init(DotKind::Tree),
    cl::values(clEnumValN(DotKind::Tree, "tree",
                          "the IR tree, one node per "
                          "IR node"),
               clEnumValN(DotKind::Automaton, "automaton",
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

enum class BetzaReading { FairyStockfish, XBoard };
cl::opt<BetzaReading> BetzaDialect(
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

cl::opt<Color> Side("side", cl::desc("The colour of the moving piece"),
                    cl::init(Color::White),
                    cl::values(clEnumValN(Color::White, "white", "White"),
                               clEnumValN(Color::Black, "black", "Black")),
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

enum class EngineKind { Fast, Reference };
cl::opt<EngineKind> Engine(
    "engine", cl::desc("Which evaluator computes destinations"),
    cl::init(EngineKind::Fast),
    cl::values(clEnumValN(EngineKind::Fast, "fast", "square-set propagation"),
               clEnumValN(EngineKind::Reference, "reference",
                          "path-by-path enumeration (slow)")),
    cl::cat(Category));

cl::opt<std::string> PieceName(
    "name",
    cl::desc("The piece's name in generated code (default: the input file's "
             "name, or 'piece')"),
    cl::value_desc("identifier"), cl::cat(Category));

cl::opt<unsigned>
    OptLevel("O", cl::Prefix, cl::init(1), cl::value_desc("level"),
             cl::desc("Optimisation level: -O0 keeps the IR as the front end "
                      "made it, -O1 (the default) runs the passes of "
                      "docs/passes.md"),
             cl::cat(Category));

cl::opt<uint64_t> EvalStepLimit(
    "eval-step-limit",
    cl::desc("Leg steps one evaluation may take before fairyc gives up"),
    cl::init(FastEvaluator::DefaultWorkLimit), cl::cat(Category));

cl::opt<std::string> ImportPath(
    "import",
    cl::desc("Read the pieces and board of a Fairy-Stockfish variants.ini "
             "section (with --variant) and compile them like a piece file"),
    cl::value_desc("variants.ini"), cl::cat(Category));

cl::opt<std::string> VariantName("variant",
                                 cl::desc("The section of --import to read"),
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

enum class DiagnosticsFormat { Text, Json };
cl::opt<DiagnosticsFormat> DiagnosticsAs(
    "diagnostics", cl::desc("How errors and warnings are printed"),
    cl::init(DiagnosticsFormat::Text),
    cl::values(clEnumValN(DiagnosticsFormat::Text, "text",
                          "file:line:col: messages with the source line, a "
                          "caret and fix-its (default)"),
               clEnumValN(DiagnosticsFormat::Json, "json",
                          "one JSON array of every diagnostic on standard "
                          "error, at the end")),
    cl::cat(Category));

/// Where the notation text comes from and what it is called in diagnostics.
struct Source {
  std::string Text, Name, Path;
};

std::optional<Source> readSource(DiagnosticEngine &Diags) {
  std::string Error;
  // -e '' is empty notation text (a piece that cannot move), not "no -e".
  if (Expression.getNumOccurrences()) {
    if (!Input.empty()) {
      Diags.error(
          "give the notation either with -e or as an argument, not both");
      return std::nullopt;
    }
    return Source{Expression, "<input>", ""};
  }
  // An explicit empty argument is empty notation text, not "no argument".
  if (Input.getNumOccurrences() == 0 || Input == "-") {
    auto Text = readInput("-", Error);
    if (!Text) {
      Diags.error(Error);
      return std::nullopt;
    }
    return Source{*Text, "<stdin>", ""};
  }
  if (!Input.empty() && sys::fs::is_regular_file(Input)) {
    auto Text = readInput(Input, Error);
    if (!Text) {
      Diags.error(Error);
      return std::nullopt;
    }
    return Source{*Text, Input, Input};
  }
  if (NotationName.empty()) {
    if (notationForPath(Input))
      Diags.error("no such file '" + Input + "'");
    else
      Diags.error("'" + Input +
                  "' is not a file; to give notation text "
                  "directly, name its notation with -x (e.g. -x parlett)");
    return std::nullopt;
  }
  return Source{Input, "<input>", ""};
}

const NotationInfo *pickNotation(DiagnosticEngine &Diags, const Source &S) {
  if (!NotationName.empty()) {
    if (const NotationInfo *N = findNotation(NotationName))
      return N;
    std::string Known;
    for (const NotationInfo &N : notations())
      Known += (Known.empty() ? "" : ", ") + std::string(N.Name);
    Diags.error("unknown notation '" + NotationName + "'; known: " + Known);
    return nullptr;
  }
  if (const NotationInfo *N = notationForPath(S.Path))
    return N;
  Diags.error("cannot tell the notation of '" + S.Name +
              "'; name it with -x (e.g. -x parlett)");
  return nullptr;
}

/// The position and origin the options describe.
std::optional<std::pair<Position, unsigned>>
setUpPosition(DiagnosticEngine &Diags) {
  std::string Error;
  std::optional<Board> B;
  if (!BoardSpec.empty() && !(B = Board::parse(BoardSpec, Error))) {
    Diags.error("--board: " + Error);
    return std::nullopt;
  }
  std::optional<Position> P;
  if (!PositionFEN.empty()) {
    P = Position::fromFEN(PositionFEN, B, Error);
    if (!P) {
      Diags.error("--position: " + Error);
      return std::nullopt;
    }
  } else {
    if (!B)
      B = Board::parse("9x9", Error);
    P.emplace(*B);
  }
  unsigned Origin = P->board().centre();
  if (!From.empty() && !P->board().parseSquare(From, Origin, Error)) {
    Diags.error("--from: " + Error);
    return std::nullopt;
  }
  // JSON of every square and the tables have no one piece's square.
  bool OriginMatters =
      !From.empty() || Emit == EmitKind::Diagram || Emit == EmitKind::Svg;
  if (OriginMatters && !P->board().squares().test(Origin)) {
    Diags.error("the piece's square " + P->board().squareName(Origin) +
                " is missing from the board; choose one with --from");
    return std::nullopt;
  }
  // The side to move of the FEN is the mover's unless --side says.
  if (P->SideGiven && !Side.getNumOccurrences())
    Side = P->SideToMove;
  if (OriginMatters && P->at(Origin).Present && P->at(Origin).Side != Side) {
    Diags.error("--from: the square " + P->board().squareName(Origin) +
                " holds a piece of the other colour");
    return std::nullopt;
  }
  P->SideToMove = Side;
  if (Moved)
    P->Moved.set(Origin);
  if (Advanced)
    P->Advanced.set(Origin);
  if (!fairyc::setUpStates(Diags, *P, Origin))
    return std::nullopt;
  return std::make_pair(std::move(*P), Origin);
}

/// Whether the piece is drawn on the unbounded plane: a diagram or picture
/// of a notation that has one, with no board given.
bool onUnboundedPlane(const NotationInfo &N) {
  return N.UnboundedDiagrams && BoardSpec.empty() && PositionFEN.empty() &&
         (Emit == EmitKind::Diagram || Emit == EmitKind::Svg);
}

/// The empty plane around the piece, for onUnboundedPlane().
std::optional<std::pair<Position, unsigned>> setUpPlane(DiagnosticEngine &Diags,
                                                        const Node &IR) {
  if (!From.empty()) {
    Diags.error("--from names a square of a board; on the unbounded plane "
                "the piece stands at the centre (give a board with --board)");
    return std::nullopt;
  }
  std::string Error;
  std::optional<Board> B = planeFor(IR, Error);
  if (!B) {
    Diags.error(Error);
    return std::nullopt;
  }
  Position P(*B);
  unsigned Origin = B->centre();
  P.SideToMove = Side;
  if (Moved)
    P.Moved.set(Origin);
  if (Advanced)
    P.Advanced.set(Origin);
  return std::make_pair(std::move(P), Origin);
}

/// A moveset that moves along z needs a board with levels.
bool checkDimensions(DiagnosticEngine &Diags, const Node &IR, const Board &B) {
  if (B.is3D() || !usesZ(IR))
    return true;
  Diags.error("this piece moves between levels (its moves have a z "
              "component) but the board " +
              B.str() + " is flat; give a 3D board such as --board=5x5x5");
  return false;
}

/// \p IR after the passes of -O<OptLevel>.
NodeRef optimized(const NodeRef &IR, const PassContext &Ctx) {
  NodeRef Out = optimize(IR, OptLevel, Ctx);
  // The passes keep the IR valid; a failure here is a bug in a pass.
  for (const std::string &P : verifyIR(*Out))
    llvm::report_fatal_error(("a pass produced invalid IR: " + P).c_str());
  return Out;
}

/// The destinations of \p IR from \p Origin with the chosen engine.
std::optional<Destinations> evaluateAt(DiagnosticEngine &Diags,
                                       const NodeRef &IR, const Position &P,
                                       unsigned Origin) {
  std::string Error;
  std::optional<Destinations> D;
  if (Engine == EngineKind::Reference) {
    D = ReferenceEvaluator(IR).evaluate(P, Origin, Side, Error);
  } else if (auto Fast = FastEvaluator::compile(IR, P.board(), Error)) {
    Fast->setWorkLimit(EvalStepLimit);
    D = Fast->evaluate(P, Origin, Side, Error);
  }
  if (!D)
    Diags.error(Error);
  return D;
}

/// Diagram, SVG and JSON: emitters that evaluate on the position.
std::optional<std::string> emitOnBoard(DiagnosticEngine &Diags, NodeRef IR,
                                       const NotationInfo &N,
                                       const std::string &Text) {
  const std::string NotationName = N.Name;
  bool Plane = onUnboundedPlane(N);
  if (Plane)
    IR = optimized(IR, PassContext());
  auto Setup = Plane ? setUpPlane(Diags, *IR) : setUpPosition(Diags);
  if (!Setup)
    return std::nullopt;
  auto &[P, Origin] = *Setup;
  if (!checkDimensions(Diags, *IR, P.board()) ||
      !fairyc::definePieces(Diags, P, Origin, IR, N))
    return std::nullopt;
  PassContext Ctx;
  Ctx.Board = P.board().shape();
  IR = optimized(IR, Ctx);
  if (Emit == EmitKind::Json) {
    // Every square, or only the one asked for.
    std::vector<OriginMoves> Moves;
    std::vector<unsigned> Origins = From.empty()
                                        ? P.board().squares().toVector()
                                        : std::vector<unsigned>{Origin};
    for (unsigned O : Origins) {
      auto D = evaluateAt(Diags, IR, P, O);
      if (!D)
        return std::nullopt;
      Moves.push_back({O, *D});
    }
    return llvm::formatv("{0:2}",
                         movesToJson(NotationName, Text, P, Side, *IR, Moves))
               .str() +
           "\n";
  }
  auto D = evaluateAt(Diags, IR, P, Origin);
  if (!D)
    return std::nullopt;
  if (Emit == EmitKind::Svg) {
    // Paths to draw come from the reference evaluator, within its budget.
    std::string Error;
    auto Paths = ReferenceEvaluator(IR, 2'000'000)
                     .paths(P, Origin, Side, /*Limit=*/500, Error);
    if (!Paths)
      Diags.warning(Warning::TooManyPaths,
                    "the paths of this piece are too many to draw (" + Error +
                        "); the picture shows destinations only");
    SvgOptions Opts;
    Opts.Title = Text + " (" + NotationName + ")";
    std::vector<std::vector<unsigned>> Drawn;
    if (Paths)
      Drawn = *Paths;
    if (!Plane)
      return renderSvg(P, Origin, Side, *D, Drawn, Opts);
    // Keep every square a drawn path passes, then renumber the paths.
    SquareSet Keep(P.board().numSquares());
    for (const auto &Path : Drawn)
      for (unsigned Sq : Path)
        Keep.set(Sq);
    Cropped C = cropAround(P, Origin, *D, Keep);
    for (auto &Path : Drawn)
      for (unsigned &Sq : Path)
        Sq = C.NewIndex[Sq];
    return renderSvg(C.P, C.Origin, Side, C.D, Drawn, Opts);
  }
  DiagramOptions Opts;
  Opts.Labels = Labels;
  if (Plane) {
    Cropped C = cropAround(P, Origin, *D, SquareSet(P.board().numSquares()));
    return renderDiagram(C.P, C.Origin, C.D, Opts);
  }
  return renderDiagram(P, Origin, *D, Opts);
}

/// A C identifier for the piece: --name, else the input file's stem.
std::optional<std::string> pieceIdentifier(DiagnosticEngine &Diags,
                                           const std::string &Path) {
  std::string Name = PieceName;
  if (Name.empty())
    Name = Path.empty() ? "piece" : llvm::sys::path::stem(Path).str();
  for (char &C : Name)
    if (!std::isalnum((unsigned char)C))
      C = '_';
  if (!PieceName.empty() && Name != PieceName) {
    Diags.error("--name: '" + PieceName +
                "' is not a C identifier; use letters, digits and '_'");
    return std::nullopt;
  }
  if (std::isdigit((unsigned char)Name[0]))
    Name = "piece_" + Name;
  return Name;
}

/// A parsed input: its notation, its text and its IR.
struct Piece {
  const NotationInfo *Notation;
  std::string Text, Path;
  NodeRef IR;
  unsigned Buffer;
};

std::optional<std::string> emitTables(DiagnosticEngine &Diags,
                                      const std::vector<Piece> &Pieces) {
  auto Setup = setUpPosition(Diags);
  if (!Setup)
    return std::nullopt;
  const Board &B = Setup->first.board();
  PassContext Ctx;
  Ctx.Board = B.shape();
  std::vector<BitboardPiece> Compiled;
  std::string From;
  for (const Piece &P : Pieces) {
    auto Name = pieceIdentifier(Diags, P.Path);
    if (!Name || !checkDimensions(Diags, *P.IR, B))
      return std::nullopt;
    for (const BitboardPiece &Other : Compiled)
      if (Other.Name == *Name) {
        Diags.error("two pieces are called '" + *Name +
                    "'; each file's name names its piece in the header");
        return std::nullopt;
      }
    Compiled.push_back({*Name, optimized(P.IR, Ctx), Side});
    From += std::string(From.empty() ? "" : ", ") + P.Notation->Name + " '" +
            P.Text + "'";
  }
  std::string Why;
  std::string Comment =
      std::string("Generated by fairyc " FAIRY_VERSION " --emit=") +
      (Emit == EmitKind::Bitboard ? "bitboard" : "ctable") + " from " + From +
      " for " + (Side == Color::White ? "White" : "Black") + " on " + B.str() +
      ".";
  if (Emit == EmitKind::Bitboard) {
    auto Header = emitBitboard(Compiled, B, Comment, Why);
    if (!Header)
      Diags.error("cannot emit bitboard tables: " + Why);
    return Header;
  }
  auto Pattern = mailboxPattern(*Compiled[0].IR, Why);
  if (!Pattern) {
    Diags.error("cannot emit a C table: " + Why);
    return std::nullopt;
  }
  return emitCTable(*Pattern, B, Side, Compiled[0].Name, Comment);
}

/// The options the front end of \p N gets; nullopt after an error.
std::optional<FrontendOptions> frontendOptions(DiagnosticEngine &Diags,
                                               const NotationInfo &N) {
  FrontendOptions FOpts;
  if (Radius.getNumOccurrences()) {
    if (!N.UnboundedDiagrams) {
      Diags.error("--radius bounds the open ranges of fairy-notation; the " +
                  std::string(N.Name) + " notation has none to bound");
      return std::nullopt;
    }
    if (Radius < 1) {
      Diags.error("--radius must be at least 1");
      return std::nullopt;
    }
    FOpts.Radius = Radius;
  }
  FOpts.RequireBounded = onUnboundedPlane(N);
  FOpts.XBoardBetza = BetzaDialect == BetzaReading::XBoard;
  if (BetzaDialect.getNumOccurrences() && std::string(N.Name) != "betza") {
    Diags.error("--betza chooses how Betza is read; this input is " +
                std::string(N.Name));
    return std::nullopt;
  }
  // The board's width, for moves that wrap around it; a bad board is
  // reported where the position is set up.
  std::string Ignored;
  std::optional<Board> B;
  if (!BoardSpec.empty())
    B = Board::parse(BoardSpec, Ignored);
  else if (!PositionFEN.empty())
    if (auto P = Position::fromFEN(PositionFEN, std::nullopt, Ignored))
      B = P->board();
  if (B) {
    FOpts.BoardWidth = B->width();
    FOpts.BoardMaxSide = B->maxSide();
  }
  return FOpts;
}

/// Parses and verifies \p S; nullopt after reporting an error.
std::optional<Piece> parsePiece(DiagnosticEngine &Diags, const Source &S) {
  const NotationInfo *N = pickNotation(Diags, S);
  if (!N)
    return std::nullopt;
  auto FOpts = frontendOptions(Diags, *N);
  if (!FOpts)
    return std::nullopt;
  // One notation per input: a trailing newline of a file is not part of it.
  std::string Text = StringRef(S.Text).rtrim("\r\n").str();
  unsigned Buffer = Diags.addBuffer(Text, S.Name);
  NodeRef IR = N->Parse(Diags, Buffer, *FOpts);
  if (!IR || Diags.errorCount())
    return std::nullopt;
  std::vector<std::string> Problems = verifyIR(*IR);
  for (const std::string &P : Problems)
    Diags.error(P);
  if (!Problems.empty())
    return std::nullopt;
  return Piece{N, Text, S.Path, IR, Buffer};
}

/// Several piece files compiled into one header (--emit=bitboard).
std::optional<std::vector<Piece>> readPieceFiles(DiagnosticEngine &Diags) {
  if (Emit != EmitKind::Bitboard) {
    Diags.error("several inputs make one header of all their pieces, which "
                "only --emit=bitboard does; give one input otherwise");
    return std::nullopt;
  }
  if (Expression.getNumOccurrences() || !PieceName.empty()) {
    Diags.error("with several piece files each is named after its file; "
                "-e and --name take one piece");
    return std::nullopt;
  }
  std::vector<std::string> Paths = {Input};
  Paths.insert(Paths.end(), MoreInputs.begin(), MoreInputs.end());
  std::vector<Piece> Pieces;
  for (const std::string &Path : Paths) {
    std::string Error;
    auto Text =
        sys::fs::is_regular_file(Path) ? readInput(Path, Error) : std::nullopt;
    if (!Text) {
      Diags.error("no such piece file '" + Path + "'" +
                  (Error.empty() ? "" : ": " + Error));
      return std::nullopt;
    }
    auto P = parsePiece(Diags, Source{*Text, Path, Path});
    if (!P)
      return std::nullopt;
    Pieces.push_back(std::move(*P));
  }
  return Pieces;
}

/// Whether the input is a piece file (.fairy, or -x pieces).
bool isPieceSetInput() {
  return !ImportPath.empty() || NotationName == "pieces" ||
         (NotationName.empty() && !Expression.getNumOccurrences() &&
          StringRef(Input).endswith(".fairy"));
}

/// A piece file or variants.ini section: every piece, one output.
int runPieceSet(DiagnosticEngine &Diags) {
  auto Refuse = [&](bool Given, const char *Option) {
    if (Given)
      Diags.error(std::string(Option) +
                  " is about one piece; a piece file gives the pieces and "
                  "the board");
    return Given;
  };
  if (Refuse(!PositionFEN.empty(), "--position") ||
      Refuse(Radius.getNumOccurrences(), "--radius") ||
      Refuse(!PieceName.empty(), "--name") ||
      Refuse(!MoreInputs.empty(), "more than one input"))
    return 1;
  PieceFileOptions POpts;
  POpts.XBoardBetza = BetzaDialect == BetzaReading::XBoard;
  std::string Error;
  if (!BoardSpec.empty() &&
      !(POpts.BoardOverride = Board::parse(BoardSpec, Error))) {
    Diags.error("--board: " + Error);
    return 1;
  }
  std::optional<PieceSet> Set;
  std::string Source;
  if (!ImportPath.empty()) {
    if (VariantName.empty() || !Input.empty() ||
        Expression.getNumOccurrences()) {
      Diags.error(VariantName.empty()
                      ? "--import needs --variant=NAME: the section to read"
                      : "--import reads its pieces from the variants.ini; "
                        "give no other input");
      return 1;
    }
    Source = ImportPath + " [" + VariantName + "]";
    Set = importVariantsIni(Diags, ImportPath, VariantName, POpts);
  } else if (Expression.getNumOccurrences()) {
    Source = "<input>";
    Set = readPieceFileText(Diags, Expression, Source, POpts);
  } else {
    Source = Input.empty() ? std::string("-") : std::string(Input);
    if (Source != "-" && !sys::fs::is_regular_file(Source)) {
      Diags.error("no such piece file '" + Source + "'");
      return 1;
    }
    Set = readPieceFile(Diags, Source, POpts);
  }
  if (!Set || Diags.errorCount())
    return 1;
  if (LintOnly) {
    FrontendOptions FOpts;
    FOpts.XBoardBetza = POpts.XBoardBetza;
    FOpts.BoardWidth = Set->board().width();
    FOpts.BoardMaxSide = Set->board().maxSide();
    for (const PieceDef &D : Set->Pieces)
      for (const PieceMovement &M : D.Moves)
        lintMovement(Diags, *M.Notation, M.Buffer, Set->board(), FOpts);
    return Diags.errorCount() ? 1 : 0;
  }
  SetOptions SOpts;
  // The same outputs, but for every piece; a graph is of one IR only.
  static const std::map<EmitKind, SetOutput> SetOutputs = {
      {EmitKind::Diagram, SetOutput::Diagram},
      {EmitKind::IR, SetOutput::IR},
      {EmitKind::Json, SetOutput::Json},
      {EmitKind::Svg, SetOutput::Svg},
      {EmitKind::CTable, SetOutput::CTable},
      {EmitKind::Bitboard, SetOutput::Bitboard},
      {EmitKind::Betza, SetOutput::Betza},
      {EmitKind::Fairy, SetOutput::Fairy},
      {EmitKind::Parlett, SetOutput::Parlett}};
  auto Output = SetOutputs.find(Emit);
  if (Output == SetOutputs.end()) {
    Diags.error("--emit=dot draws one piece's IR; a piece file has many "
                "(use --emit=ir, or give one piece's notation)");
    return 1;
  }
  SOpts.Output = Output->second;
  if (Side.getNumOccurrences())
    SOpts.Side = Side;
  SOpts.From = From;
  SOpts.Labels = Labels;
  SOpts.OptLevel = OptLevel;
  SOpts.StepLimit = EvalStepLimit;
  SOpts.Source = Source;
  if (OptLevel > 1) {
    Diags.error("-O" + std::to_string(OptLevel) +
                " is not a level; use -O0 or -O1");
    return 1;
  }
  auto Out = emitPieceSet(Diags, *Set, SOpts);
  if (!Out || Diags.errorCount())
    return 1;
  if (!writeOutputAtomically(OutputPath, *Out, Error)) {
    Diags.error(Error);
    return 1;
  }
  return 0;
}

int run(DiagnosticEngine &Diags) {
  if (!VariantName.empty() && ImportPath.empty()) {
    Diags.error("--variant names a section of the variants.ini that "
                "--import reads");
    return 1;
  }
  if (isPieceSetInput())
    return runPieceSet(Diags);
  std::vector<Piece> Pieces;
  if (!MoreInputs.empty()) {
    auto Ps = readPieceFiles(Diags);
    if (!Ps)
      return 1;
    Pieces = std::move(*Ps);
  } else {
    auto S = readSource(Diags);
    if (!S)
      return 1;
    auto P = parsePiece(Diags, *S);
    if (!P)
      return 1;
    Pieces.push_back(std::move(*P));
  }
  if (LintOnly) {
    // The board of the options, else orthodox chess's.
    std::string Error;
    std::optional<Board> B;
    if (!BoardSpec.empty() || !PositionFEN.empty()) {
      auto Setup = setUpPosition(Diags);
      if (!Setup)
        return 1;
      B = Setup->first.board();
    } else {
      B = Board::parse("8x8", Error);
    }
    auto FOpts = frontendOptions(Diags, *Pieces[0].Notation);
    if (!FOpts)
      return 1;
    lintMovement(Diags, *Pieces[0].Notation, Pieces[0].Buffer, *B, *FOpts);
    return Diags.errorCount() ? 1 : 0;
  }
  NodeRef IR = Pieces[0].IR;
  const NotationInfo *N = Pieces[0].Notation;
  const std::string &Text = Pieces[0].Text;
  if (OptLevel > 1) {
    Diags.error("-O" + std::to_string(OptLevel) +
                " is not a level; use -O0 or -O1");
    return 1;
  }
  std::optional<std::string> Out;
  switch (Emit) {
  case EmitKind::Betza:
  case EmitKind::Fairy:
  case EmitKind::Parlett: {
    // Written from the board-independent -O1 IR, like --emit=ir.
    std::string Why;
    NodeRef Opt = optimized(IR, PassContext());
    auto FOpts = frontendOptions(Diags, *N);
    if (!FOpts)
      return 1;
    Out = Emit == EmitKind::Betza   ? irToBetza(Opt, Why, *FOpts)
          : Emit == EmitKind::Fairy ? irToFairy(Opt, Why)
                                    : irToParlett(Opt, Why);
    const char *Target = Emit == EmitKind::Betza   ? "Betza"
                         : Emit == EmitKind::Fairy ? "fairy-notation"
                                                   : "Parlett";
    if (!Out) {
      Diags.error(Diags.loc(Pieces[0].Buffer, 0),
                  std::string("cannot write this moveset in ") + Target + ": " +
                      Why);
      return 1;
    }
    *Out += "\n";
    break;
  }
  case EmitKind::IR:
  case EmitKind::Dot: {
    // Board-dependent passes run only when the board was given.
    PassContext Ctx;
    if (!BoardSpec.empty() || !PositionFEN.empty())
      if (auto Setup = setUpPosition(Diags))
        Ctx.Board = Setup->first.board().shape();
    if (Diags.errorCount())
      return 1;
    NodeRef Opt = optimized(IR, Ctx);
    Out = Emit == EmitKind::IR             ? printIR(*Opt)
          : DotStyle == DotKind::Automaton ? movesetToDotAutomaton(*Opt)
                                           : irToDot(*Opt);
    break;
  }
  case EmitKind::Diagram:
  case EmitKind::Json:
  case EmitKind::Svg:
    Out = emitOnBoard(Diags, IR, *N, Text);
    break;
  case EmitKind::CTable:
  case EmitKind::Bitboard:
    Out = emitTables(Diags, Pieces);
    break;
  }
  if (!Out)
    return 1;
  std::string Error;
  if (!writeOutputAtomically(OutputPath, *Out, Error)) {
    Diags.error(Error);
    return 1;
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "fairyc " FAIRY_VERSION "\n"; });
  cl::ParseCommandLineOptions(
      argc, argv,
      "fairyc: compile fairy-chess piece movement notations\n\n"
      "  fairyc -x parlett '2=.1<>,2<>.1='      draw the knight\n"
      "  fairyc -x parlett 'n+' --emit=ir       show the IR of the rook\n"
      "  fairyc -x fairy '[1,2]*'               draw the knight\n"
      "  fairyc piece.parlett --board=8x8 --from=a1 --position=...\n");
  DiagnosticEngine Diags;
  if (DiagnosticsAs == DiagnosticsFormat::Json)
    Diags.setStream(nullptr);
  int Status = 0;
  for (const std::string &Flag : WarningFlags) {
    std::string Error;
    if (!Diags.policy().apply(Flag, Error)) {
      Diags.error(Error);
      Status = 1;
    }
  }
  if (NoWarnings)
    Diags.policy().silenceAll();
  if (!Status)
    Status = run(Diags);
  // Warnings promoted by -Werror fail the run too.
  if (!Status && Diags.errorCount())
    Status = 1;
  if (DiagnosticsAs == DiagnosticsFormat::Json)
    llvm::errs() << diagnosticsToJson(Diags.diagnostics());
  return Status;
}
