//===- Job.cpp - One run of the driver: inputs to output ------------------===//
//
// What fairyc does with an Invocation: pick the input and its notation (or
// a piece file, or a variants.ini section) and read it into a piece set —
// one notation's text is a set of one piece — then lint it, or hand it as a
// Compilation to the back end --emit names (lib/Backend, Backend.h), which
// runs the passes, evaluates and writes. Errors are reported to the
// diagnostics engine and end the job with no output.
//
//===----------------------------------------------------------------------===//
#include "Job.h"

#include "fairy/Backend/Compilation.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Lint/Lint.h"
#include "fairy/Support/Files.h"
#include "fairy/Support/Progress.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cctype>
#include <set>

using namespace fairy;
using namespace llvm;

namespace {

class Job {
public:
  Job(const Invocation &Inv, DiagnosticEngine &Diags)
      : Inv(Inv), Diags(Diags), Backend(findBackend(Inv.Emit)),
        In(Inv.Input.value_or("")),
        Scope(Inv.EvalStepLimit ? Inv.EvalStepLimit
                                : FastEvaluator::DefaultWorkLimit),
        Progressing(Inv.Progress), ErrorsBefore(Diags.errorCount()) {}

  /// Whether the -e text is within the input size limit (files are checked
  /// as they are read); reports it if not.
  bool expressionFits() {
    if (Inv.Expression->size() <= Inv.MaxInputSize)
      return true;
    Diags.error(
        "the -e text is larger than " + std::to_string(Inv.MaxInputSize) +
        " bytes, the most fairyc reads (--max-input-size to change it)");
    return false;
  }

  /// The errors reported since the job began (a driver may run many).
  unsigned newErrors() const { return Diags.errorCount() - ErrorsBefore; }

  /// Where the notation text comes from and what it is called in diagnostics.
  struct Source {
    std::string Text, Name, Path;
  };

  std::optional<Source> readSource(DiagnosticEngine &Diags) {
    std::string Error;
    // -e '' is empty notation text (a piece that cannot move), not "no -e".
    if (Inv.Expression.has_value()) {
      if (!expressionFits())
        return std::nullopt;
      if (Inv.Input && !Inv.Input->empty()) {
        Diags.error(
            "give the notation either with -e or as an argument, not both");
        return std::nullopt;
      }
      return Source{withoutByteOrderMark(*Inv.Expression), "<input>", ""};
    }
    // An explicit empty argument is empty notation text, not "no argument".
    if (!Inv.Input || *Inv.Input == "-") {
      auto Text = readInput("-", Error);
      if (!Text) {
        Diags.error(Error);
        return std::nullopt;
      }
      return Source{*Text, "<stdin>", ""};
    }
    if (!In.empty() && sys::fs::is_regular_file(In)) {
      auto Text = readInput(In, Error);
      if (!Text) {
        Diags.error(Error);
        return std::nullopt;
      }
      return Source{*Text, In, In};
    }
    if (Inv.Notation.empty()) {
      if (notationForPath(In))
        Diags.error("no such file '" + In + "'");
      else
        Diags.error("'" + In +
                    "' is not a file; to give notation text "
                    "directly, name its notation with -x (e.g. -x parlett)");
      return std::nullopt;
    }
    return Source{In, "<input>", ""};
  }

  const NotationInfo *pickNotation(DiagnosticEngine &Diags, const Source &S) {
    if (!Inv.Notation.empty()) {
      if (const NotationInfo *N = findNotation(Inv.Notation))
        return N;
      std::string Known;
      for (const NotationInfo &N : notations())
        Known += (Known.empty() ? "" : ", ") + std::string(N.Name);
      const NotationInfo *Near = nearestNotation(Inv.Notation);
      Diags.error(
          "unknown notation '" + Inv.Notation + "'; known: " + Known +
          (Near ? "; did you mean '" + std::string(Near->Name) + "'?" : ""));
      return nullptr;
    }
    if (const NotationInfo *N = notationForPath(S.Path))
      return N;
    Diags.error("cannot tell the notation of '" + S.Name +
                "'; name it with -x (e.g. -x parlett)");
    return nullptr;
  }

  /// A parsed input: its notation, its text and its IR.
  struct Piece {
    const NotationInfo *Notation;
    std::string Text, Path;
    NodeRef IR;
    unsigned Buffer;
  };

  /// Parses and verifies \p S; nullopt after reporting an error.
  std::optional<Piece> parsePiece(DiagnosticEngine &Diags, const Source &S) {
    const NotationInfo *N = pickNotation(Diags, S);
    if (!N)
      return std::nullopt;
    auto FOpts = frontendOptionsFor(Inv, Backend, *N, Diags);
    if (!FOpts)
      return std::nullopt;
    // One notation per input: a trailing newline of a file is not part of it.
    std::string Text = StringRef(S.Text).rtrim("\r\n").str();
    unsigned Buffer = Diags.addBuffer(Text, S.Name);
    NodeRef IR = N->Parse(Diags, Buffer, *FOpts);
    if (!IR || newErrors())
      return std::nullopt;
    std::vector<std::string> Problems = verifyIR(*IR);
    for (const std::string &P : Problems)
      Diags.error(P);
    if (!Problems.empty())
      return std::nullopt;
    return Piece{N, Text, S.Path, IR, Buffer};
  }

  /// The back ends that make one output of several inputs, as options.
  static std::string manyInputBackends() {
    std::string Out;
    for (const BackendInfo *B : backends())
      if (B->ManyInputs)
        Out += (Out.empty() ? "" : " and ") + std::string("--emit=") + B->Name;
    return Out;
  }

  /// Several files of one piece each, compiled into one output (a
  /// back end with ManyInputs: --emit=bitboard).
  std::optional<std::vector<Piece>> readPieceFiles(DiagnosticEngine &Diags) {
    if (!Backend->ManyInputs) {
      Diags.error("several inputs make one header of all their pieces, which "
                  "only " +
                  manyInputBackends() + " does; give one input otherwise");
      return std::nullopt;
    }
    if (Inv.Expression.has_value() || !Inv.PieceName.empty()) {
      Diags.error("with several piece files each is named after its file; "
                  "-e and --name take one piece");
      return std::nullopt;
    }
    std::vector<std::string> Paths = {In};
    Paths.insert(Paths.end(), Inv.MoreInputs.begin(), Inv.MoreInputs.end());
    std::vector<Piece> Pieces;
    for (const std::string &Path : Paths) {
      if (StringRef(Path).endswith(".fairy")) {
        Diags.error("'" + Path +
                    "' is a piece file; one header combines piece files, or "
                    "files of one piece each, not both");
        return std::nullopt;
      }
      std::string Error;
      auto Text = sys::fs::is_regular_file(Path) ? readInput(Path, Error)
                                                 : std::nullopt;
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

  /// --only picks pieces of a piece set for a back end that reads it
  /// (onlyViews); false after reporting otherwise.
  bool checkOnly(bool PieceSetInput) {
    auto Reads = [](const BackendInfo &B) {
      llvm::SmallVector<StringRef, 8> Names;
      StringRef(B.Options).split(Names, ' ', -1, false);
      return llvm::is_contained(Names, "--only");
    };
    if (!Reads(*Backend)) {
      std::string Readers;
      for (const BackendInfo *B : backends())
        if (Reads(*B))
          Readers += (Readers.empty() ? "" : " and ") + std::string("--emit=") +
                     B->Name;
      Diags.error("--only: --emit=" + std::string(Backend->Name) +
                  " writes every piece; " + Readers +
                  " can write some pieces of a set");
      return false;
    }
    if (!PieceSetInput) {
      Diags.error("--only picks pieces of a piece file or a variants.ini "
                  "section; this input is notation");
      return false;
    }
    return true;
  }

  /// Whether the input is a piece file (.fairy, or -x pieces).
  bool isPieceSetInput() {
    return !Inv.ImportPath.empty() || !Inv.VariantName.empty() ||
           Inv.Notation == "pieces" ||
           (Inv.Notation.empty() && !Inv.Expression.has_value() &&
            StringRef(In).endswith(".fairy"));
  }

  /// What the piece-set input is called in generated comments.
  std::string pieceSetSourceName() const {
    if (!Inv.ImportPath.empty() || !Inv.VariantName.empty())
      return (Inv.ImportPath.empty() ? std::string("Fairy-Stockfish")
                                     : Inv.ImportPath) +
             " [" + Inv.VariantName + "]";
    if (Inv.Expression)
      return "<input>";
    std::string Name = In.empty() ? std::string("-") : In;
    for (const std::string &More : Inv.MoreInputs)
      Name += " " + More;
    return Name;
  }

  /// Several piece files as one set, as a file that includes each would be:
  /// their boards must agree, a piece defined twice is warned of.
  std::optional<PieceSet> combinedPieceFiles(const PieceFileOptions &POpts) {
    std::vector<std::string> Paths = {In};
    Paths.insert(Paths.end(), Inv.MoreInputs.begin(), Inv.MoreInputs.end());
    std::string Text = "// The piece files of the command line, as one set.\n";
    for (const std::string &Path : Paths) {
      if (!sys::fs::is_regular_file(Path)) {
        Diags.error("no such piece file '" + Path + "'");
        return std::nullopt;
      }
      if (!StringRef(Path).endswith(".fairy")) {
        Diags.error("'" + Path +
                    "' is not a piece file (.fairy); one header combines "
                    "piece files, or files of one piece each, not both");
        return std::nullopt;
      }
      std::string Quoted;
      for (char C : Path)
        Quoted +=
            C == '"' || C == '\\' ? std::string("\\") + C : std::string(1, C);
      Text += "include \"" + Quoted + "\";\n";
    }
    return readPieceFileText(Diags, Text, "<command line>", POpts);
  }

  /// The piece file, -e text or variants.ini section of the options.
  std::optional<PieceSet> readPieceSetInput() {
    auto Refuse = [&](bool Given, const char *Option) {
      if (Given)
        Diags.error(std::string(Option) +
                    " is about one piece; a piece file gives the pieces and "
                    "the board");
      return Given;
    };
    if (Refuse(Inv.Radius.has_value(), "--radius") ||
        Refuse(!Inv.PieceName.empty(), "--name"))
      return std::nullopt;
    if (!Inv.MoreInputs.empty() &&
        (!Backend->ManyInputs || !Inv.ImportPath.empty() ||
         !Inv.VariantName.empty() || Inv.Expression.has_value())) {
      Diags.error("several piece files make one header of all their pieces, "
                  "which only " +
                  manyInputBackends() + " does; give one piece file otherwise");
      return std::nullopt;
    }
    PieceFileOptions POpts;
    POpts.XBoardBetza = Inv.Betza == BetzaReading::XBoard;
    POpts.IncludeDir = Inv.IncludeDir;
    // --lint goes on past a piece that does not compile, as the editor
    // does: the others' warnings are reported with its error (the job
    // still fails).
    POpts.Recover = Inv.RecoverPieces || Inv.LintOnly;
    std::string Error;
    if (!Inv.Board.empty() &&
        !(POpts.BoardOverride = Board::parse(Inv.Board, Error))) {
      Diags.error("--board: " + Error);
      return std::nullopt;
    }
    std::optional<PieceSet> Set;
    std::string Source;
    if (!Inv.ImportPath.empty() || !Inv.VariantName.empty()) {
      // --variant alone: one of Fairy-Stockfish's built-in variants.
      if (Inv.VariantName.empty() || !In.empty() ||
          Inv.Expression.has_value()) {
        Diags.error(Inv.VariantName.empty()
                        ? "--import needs --variant=NAME: the section to "
                          "read (--lint without it lints every section)"
                        : "--variant reads the pieces of a variants.ini "
                          "section or a built-in variant; give no other "
                          "input");
        return std::nullopt;
      }
      Source = pieceSetSourceName();
      Set = importVariantsIni(Diags, Inv.ImportPath, Inv.VariantName, POpts);
    } else if (Inv.Expression.has_value()) {
      if (!expressionFits())
        return std::nullopt;
      Source = "<input>";
      Set = readPieceFileText(Diags, *Inv.Expression, Source, POpts);
    } else if (!Inv.MoreInputs.empty()) {
      Set = combinedPieceFiles(POpts);
    } else {
      Source = In.empty() ? std::string("-") : std::string(In);
      if (Source != "-" && !sys::fs::is_regular_file(Source)) {
        Diags.error("no such piece file '" + Source + "'");
        return std::nullopt;
      }
      Set = readPieceFile(Diags, Source, POpts);
    }
    if (!Set || (newErrors() && !POpts.Recover))
      return std::nullopt;
    return Set;
  }

  /// A piece file or variants.ini section: every piece, one output.
  /// --import=FILE --lint without --variant: every section of the file
  /// (the last of a name), and what is said of a section the others
  /// inherit from said once; only the movements written in the file are
  /// linted, as fairyc-lsp does.
  std::optional<std::string> lintVariantsIniFile() {
    PieceFileOptions POpts;
    POpts.XBoardBetza = Inv.Betza == BetzaReading::XBoard;
    std::string Error;
    if (!Inv.Board.empty() &&
        !(POpts.BoardOverride = Board::parse(Inv.Board, Error))) {
      Diags.error("--board: " + Error);
      return std::nullopt;
    }
    auto Text = readInput(Diags, Inv.ImportPath);
    if (!Text)
      return std::nullopt;
    Diags.setDeduplicate(true);
    VariantsIniImporter Importer(Diags, *Text, Inv.ImportPath, POpts);
    std::set<std::string> Done;
    for (const VariantsIniImporter::SectionInfo &S : Importer.sections())
      if (Done.insert(S.Name).second)
        if (auto Set = Importer.import(S.Name))
          lintSet(*Set, Inv.ImportPath);
    return newErrors() ? std::nullopt : std::optional<std::string>("");
  }

  /// --lint of a set: every movement, on the set's board (with \p OnlyIn,
  /// those written in that buffer).
  std::optional<std::string> lintSet(const PieceSet &Set,
                                     StringRef OnlyIn = "") {
    FrontendOptions FOpts;
    FOpts.XBoardBetza = Inv.Betza == BetzaReading::XBoard;
    // A variants.ini's Betza is what Fairy-Stockfish reads of it.
    FOpts.FairyStockfishLetters =
        !Inv.ImportPath.empty() || !Inv.VariantName.empty();
    FOpts.BoardWidth = Set.board().width();
    FOpts.BoardMaxSide = Set.board().maxSide();
    llvm::SourceMgr &SM = Diags.sourceMgr();
    for (const PieceDef &D : Set.Pieces)
      for (const PieceMovement &M : D.Moves)
        if (OnlyIn.empty() ||
            SM.getMemoryBuffer(M.Buffer)->getBufferIdentifier() == OnlyIn)
          lintMovement(Diags, *M.Notation, M.Buffer, Set.board(), FOpts);
    return newErrors() ? std::nullopt : std::optional<std::string>("");
  }

  /// --lint of one notation's piece: on the options' board, else orthodox
  /// chess's.
  std::optional<std::string> lintNotation(Compilation &C) {
    std::string Error;
    std::optional<Board> B;
    if (!Inv.Board.empty() || !Inv.Position.empty()) {
      auto Setup = C.positionFromOptions();
      if (!Setup)
        return std::nullopt;
      B = Setup->first.board();
    } else {
      B = Board::parse("8x8", Error);
    }
    const PieceMovement &M = C.notation();
    auto FOpts = frontendOptionsFor(Inv, Backend, *M.Notation, Diags);
    if (!FOpts)
      return std::nullopt;
    lintMovement(Diags, *M.Notation, M.Buffer, *B, *FOpts);
    return newErrors() ? std::nullopt : std::optional<std::string>("");
  }

  /// Pieces read from notation as a set on \p B, one piece each, named
  /// after their files until a back end names them (Compilation::
  /// pieceIdentifier).
  PieceSet notationSet(const std::vector<Piece> &Pieces, const Board &B,
                       bool BoardGiven) {
    PieceSet Set;
    Set.TheBoard = B;
    Set.BoardGiven = BoardGiven;
    for (const Piece &P : Pieces) {
      PieceDef D;
      D.Name = D.Identifier =
          P.Path.empty() ? "piece" : sys::path::stem(P.Path).str();
      D.Letter = Inv.MoverType.size() == 1
                     ? (char)std::toupper((unsigned char)Inv.MoverType[0])
                     : 'X';
      D.File = P.Path;
      PieceMovement M;
      M.Notation = P.Notation;
      M.Text = P.Text;
      M.Buffer = P.Buffer;
      M.IR = P.IR;
      D.Moves.push_back(std::move(M));
      Set.Pieces.push_back(std::move(D));
    }
    return Set;
  }

  /// The board --board or --position gives; nullopt after reporting an
  /// error in it if \p Report, else 8x8.
  std::optional<Board> optionsBoard(bool Report) {
    std::string Error;
    std::optional<Board> B;
    if (!Inv.Position.empty()) {
      auto Pos = Position::fromFEN(
          Inv.Position,
          Inv.Board.empty() ? std::nullopt : Board::parse(Inv.Board, Error),
          Error);
      if (Pos)
        B = Pos->board();
    } else {
      B = Board::parse(Inv.Board.empty() ? "8x8" : Inv.Board, Error);
    }
    if (!B && Report)
      Diags.error((Inv.Position.empty() ? "--board: " : "--position: ") +
                  Error);
    if (!B && !Report)
      B = Board::parse("8x8", Error);
    return B;
  }

  /// The notation inputs: one, or several files of one piece each.
  std::optional<std::vector<Piece>> readNotationPieces() {
    if (!Inv.MoreInputs.empty())
      return readPieceFiles(Diags);
    auto P = readOnePiece();
    if (!P)
      return std::nullopt;
    return std::vector<Piece>{std::move(*P)};
  }

  std::optional<std::string> run() {
    if (Inv.ListVariants) {
      if (!Inv.VariantName.empty()) {
        Diags.error("--list-variants lists every section; give no "
                    "--variant");
        return std::nullopt;
      }
      PieceFileOptions POpts;
      POpts.XBoardBetza = Inv.Betza == BetzaReading::XBoard;
      POpts.IncludeDir = Inv.IncludeDir;
      return listVariantsIni(Diags, Inv.ImportPath, POpts);
    }
    if (!Backend) {
      Diags.error("unknown output '" + Inv.Emit + "'; --emit takes " +
                  backendNames());
      return std::nullopt;
    }
    bool PieceSetInput = isPieceSetInput();
    if (Inv.BothSides && (!PieceSetInput || Inv.Position.empty())) {
      Diags.error("--side=both lists the moves of every piece of a piece "
                  "file standing in --position; one piece moves for one "
                  "side (--side=white or --side=black)");
      return std::nullopt;
    }
    if (!Inv.Only.empty() && !checkOnly(PieceSetInput))
      return std::nullopt;
    if (Inv.LintOnly && !Inv.ImportPath.empty() && Inv.VariantName.empty() &&
        In.empty() && !Inv.Expression)
      return lintVariantsIniFile();
    if (PieceSetInput) {
      std::optional<PieceSet> Set = readPieceSetInput();
      if (!Set)
        return std::nullopt;
      if (Inv.LintOnly)
        return lintSet(*Set);
      Compilation C(Inv, Diags, *Backend, *Set,
                    Compilation::InputKind::PieceSet, pieceSetSourceName());
      auto Out = runBackend(C);
      if (!Out || newErrors())
        return std::nullopt;
      return Out;
    }
    auto Pieces = readNotationPieces();
    if (!Pieces)
      return std::nullopt;
    PieceSet Set = notationSet(*Pieces, *optionsBoard(false),
                               !Inv.Board.empty() || !Inv.Position.empty());
    Compilation C(Inv, Diags, *Backend, Set, Compilation::InputKind::Notation,
                  pieceSetSourceName());
    if (Inv.LintOnly)
      return lintNotation(C);
    return runBackend(C);
  }

  /// The one notation input, read and parsed.
  std::optional<Piece> readOnePiece() {
    auto S = readSource(Diags);
    if (!S)
      return std::nullopt;
    return parsePiece(Diags, *S);
  }

  /// The input as pieces on a board: a piece file or variants.ini section
  /// as it is; one notation as a set of one piece on the options' board
  /// (8x8 by default).
  std::optional<PieceSet> pieces() {
    if (!Backend) {
      Diags.error("unknown output '" + Inv.Emit + "'; --emit takes " +
                  backendNames());
      return std::nullopt;
    }
    if (isPieceSetInput())
      return readPieceSetInput();
    auto P = readOnePiece();
    if (!P)
      return std::nullopt;
    std::optional<Board> B = optionsBoard(true);
    if (!B)
      return std::nullopt;
    PieceSet Set =
        notationSet({*P}, *B, !Inv.Board.empty() || !Inv.Position.empty());
    Compilation C(Inv, Diags, *Backend, Set, Compilation::InputKind::Notation,
                  pieceSetSourceName());
    if (!C.checkDimensions(*P->IR, *B))
      return std::nullopt;
    auto Name = C.pieceIdentifier();
    if (!Name)
      return std::nullopt;
    Set.Pieces[0].Name = Set.Pieces[0].Identifier = *Name;
    return Set;
  }

private:
  const Invocation &Inv;
  DiagnosticEngine &Diags;
  /// The back end --emit names; nullptr for none.
  const BackendInfo *Backend;
  std::string In;
  /// The leg steps every evaluation of this job may take together (the
  /// front ends', writers' and piece files' checks included).
  WorkBudgetScope Scope;
  ProgressScope Progressing;
  unsigned ErrorsBefore;
};

} // namespace

std::optional<std::string> fairy::runJob(const Invocation &Inv,
                                         DiagnosticEngine &Diags) {
  return Job(Inv, Diags).run();
}

std::optional<PieceSet> fairy::compileJob(const Invocation &Inv,
                                          DiagnosticEngine &Diags) {
  return Job(Inv, Diags).pieces();
}
