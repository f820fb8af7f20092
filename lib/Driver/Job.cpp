//===- Job.cpp - One run of the driver: inputs to output ------------------===//
//
// What fairyc does with an Invocation: pick the input and its notation (or
// a piece file, or a variants.ini section), lower it, set up the board and
// position the options describe, run the passes, evaluate, and produce the
// output of the chosen back end. Errors are reported to the diagnostics
// engine and end the job with no output.
//
//===----------------------------------------------------------------------===//
#include "Job.h"
#include "PositionSetup.h"

#include "fairy/Backend/Bitboard.h"
#include "fairy/Backend/CTable.h"
#include "fairy/Backend/Diagram.h"
#include "fairy/Backend/Dot.h"
#include "fairy/Backend/Json.h"
#include "fairy/Backend/Svg.h"
#include "fairy/Eval/Attacks.h"
#include "fairy/Eval/Evaluator.h"
#include "fairy/Eval/Plane.h"
#include "fairy/IR/Extent.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Lint/Lint.h"
#include "fairy/Notation/BetzaWriter.h"
#include "fairy/Notation/FairyWriter.h"
#include "fairy/Notation/ParlettWriter.h"
#include "fairy/PieceFile/PieceSetOutput.h"
#include "fairy/PieceFile/PositionMoves.h"
#include "fairy/Support/Files.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <map>

using namespace fairy;
using namespace llvm;

namespace {

class Job {
public:
  Job(const Invocation &Inv, DiagnosticEngine &Diags)
      : Inv(Inv), Diags(Diags), Side(Inv.Side.value_or(Color::White)),
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
      Diags.error("unknown notation '" + Inv.Notation + "'; known: " + Known);
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
    if (!Inv.Board.empty() && !(B = Board::parse(Inv.Board, Error))) {
      Diags.error("--board: " + Error);
      return std::nullopt;
    }
    std::optional<Position> P;
    if (!Inv.Position.empty()) {
      P = Position::fromFEN(Inv.Position, B, Error);
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
    if (!Inv.From.empty() && !P->board().parseSquare(Inv.From, Origin, Error)) {
      Diags.error("--from: " + Error);
      return std::nullopt;
    }
    // JSON of every square and the tables have no one piece's square.
    bool OriginMatters = !Inv.From.empty() || Inv.Emit == EmitKind::Diagram ||
                         Inv.Emit == EmitKind::Svg;
    if (OriginMatters && !P->board().squares().test(Origin)) {
      Diags.error("the piece's square " + P->board().squareName(Origin) +
                  " is missing from the board; choose one with --from");
      return std::nullopt;
    }
    // The side to move of the FEN is the mover's unless --side says.
    if (P->SideGiven && !Inv.Side)
      Side = P->SideToMove;
    if (OriginMatters && P->at(Origin).Present && P->at(Origin).Side != Side) {
      Diags.error("--from: the square " + P->board().squareName(Origin) +
                  " holds a piece of the other colour");
      return std::nullopt;
    }
    P->SideToMove = Side;
    if (Inv.Moved)
      P->Moved.set(Origin);
    if (Inv.Advanced)
      P->Advanced.set(Origin);
    if (!setUpStates(Inv, Diags, *P, Origin))
      return std::nullopt;
    return std::make_pair(std::move(*P), Origin);
  }

  /// Whether the piece is drawn on the unbounded plane: a diagram or picture
  /// of a notation that has one, with no board given.
  bool onUnboundedPlane(const NotationInfo &N) {
    return N.UnboundedDiagrams && Inv.Board.empty() && Inv.Position.empty() &&
           (Inv.Emit == EmitKind::Diagram || Inv.Emit == EmitKind::Svg);
  }

  /// The empty plane around the piece, for onUnboundedPlane().
  std::optional<std::pair<Position, unsigned>>
  setUpPlane(DiagnosticEngine &Diags, const Node &IR) {
    if (!Inv.From.empty()) {
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
    if (Inv.Moved)
      P.Moved.set(Origin);
    if (Inv.Advanced)
      P.Advanced.set(Origin);
    return std::make_pair(std::move(P), Origin);
  }

  /// A moveset that moves along z needs a board with levels.
  bool checkDimensions(DiagnosticEngine &Diags, const Node &IR,
                       const Board &B) {
    if (B.is3D() || !usesZ(IR))
      return true;
    Diags.error("this piece moves between levels (its moves have a z "
                "component) but the board " +
                B.str() + " is flat; give a 3D board such as --board=5x5x5");
    return false;
  }

  /// \p IR after the passes of -O<Inv.OptLevel>.
  NodeRef optimized(const NodeRef &IR, const PassContext &Ctx) {
    NodeRef Out = optimize(IR, Inv.OptLevel, Ctx);
    // The passes keep the IR valid; a failure here is a bug in a pass.
    for (const std::string &P : verifyIR(*Out))
      llvm::report_fatal_error(("a pass produced invalid IR: " + P).c_str());
    return Out;
  }

  /// Partial paths the reference engine may build in one job.
  static constexpr size_t ReferenceJobBudget = 20'000'000;

  /// The destinations of \p IR on positions of \p B's board from a square,
  /// by the chosen engine; the fast engine charges them all to the job's
  /// budget.
  using Engine = std::function<std::optional<Destinations>(
      const Position &, unsigned, std::string &)>;
  std::optional<Engine> engineFor(DiagnosticEngine &Diags, const NodeRef &IR,
                                  const Board &B) {
    if (Inv.Engine == EngineKind::Reference) {
      // One evaluation's budget for all of them, as the fast engine's.
      auto Left = std::make_shared<size_t>(ReferenceJobBudget);
      return Engine([IR, Left, S = Side](
                        const Position &P, unsigned Origin,
                        std::string &Error) -> std::optional<Destinations> {
        if (*Left == 0) {
          Error = "the reference evaluator used its budget of " +
                  std::to_string(ReferenceJobBudget) +
                  " partial paths for this job";
          return std::nullopt;
        }
        ReferenceEvaluator Ref(IR, *Left);
        auto D = Ref.evaluate(P, Origin, S, Error);
        *Left -= std::min(*Left, Ref.work());
        return D;
      });
    }
    std::string Error;
    std::shared_ptr<FastEvaluator> Fast = FastEvaluator::compile(IR, B, Error);
    if (!Fast) {
      Diags.error(Error);
      return std::nullopt;
    }
    return Engine([Fast, S = Side](const Position &P, unsigned Origin,
                                   std::string &Error) {
      return Fast->evaluate(P, Origin, S, Error);
    });
  }

  /// The destinations of \p IR from each of \p Origins.
  std::optional<std::vector<OriginMoves>>
  evaluateAt(DiagnosticEngine &Diags, const NodeRef &IR, const Position &P,
             const std::vector<unsigned> &Origins) {
    auto Evaluate = engineFor(Diags, IR, P.board());
    if (!Evaluate)
      return std::nullopt;
    std::vector<OriginMoves> Moves;
    std::string Error;
    for (unsigned Origin : Origins) {
      if (Origins.size() > 1 && progressWanted())
        progress("evaluating every square", Moves.size() + 1, Origins.size());
      auto D = (*Evaluate)(P, Origin, Error);
      if (!D) {
        Diags.error(Error);
        return std::nullopt;
      }
      Moves.push_back({Origin, std::move(*D)});
    }
    return Moves;
  }

  /// --emit=svg: the moves from \p Origin told apart by kind (probing the
  /// squares), drawn on the board in its style.
  std::optional<std::string> picture(DiagnosticEngine &Diags, const NodeRef &IR,
                                     const Position &P, unsigned Origin,
                                     const Destinations &D, bool Plane,
                                     const std::string &Caption) {
    auto Evaluate = engineFor(Diags, IR, P.board());
    if (!Evaluate)
      return std::nullopt;
    // The squares worth probing, whichever engine evaluates.
    std::string Error;
    auto Relevant = FastEvaluator::compile(IR, P.board(), Error);
    PictureLimits Limits;
    MoveKinds K = classifyForPicture(
        IR, P, Origin, Side, D,
        [&](const Position &Q, std::string &E) {
          return (*Evaluate)(Q, Origin, E);
        },
        Relevant.get(), Limits);
    if (!Limits.Paths.empty())
      Diags.warning(Warning::TooManyPaths,
                    "the paths of this piece are too many to draw (" +
                        Limits.Paths +
                        "); the picture shows destinations only");
    if (!Limits.Probes.empty())
      Diags.warning(Warning::TooManyPaths,
                    "the picture shows captures only where pieces stand: "
                    "probing the empty squares failed (" +
                        Limits.Probes + ")");
    SvgOptions Opts;
    Opts.Title = Caption;
    Opts.Caption =
        (Inv.PieceName.empty() ? "" : Inv.PieceName + ": ") + Caption;
    Opts.Style = resolveBoardStyle(Inv.Style, BoardStyle::Auto, P.board());
    Opts.Squares = Inv.SvgSquares;
    if (!Plane)
      return renderSvg(P, Origin, Side, K, Opts);
    // Keep every square a mark or line shows, then renumber.
    SquareSet Keep = K.Quiet | K.Capture;
    for (const auto &Line : K.Lines)
      for (unsigned Sq : Line)
        Keep.set(Sq);
    Cropped C = cropAround(P, Origin, D, Keep);
    auto Renumber = [&](const SquareSet &Old) {
      SquareSet New = C.P.board().emptySet();
      Old.forEach([&](unsigned Sq) {
        if (C.NewIndex[Sq] >= 0)
          New.set(C.NewIndex[Sq]);
      });
      return New;
    };
    MoveKinds CK;
    CK.D = C.D;
    CK.Quiet = Renumber(K.Quiet);
    CK.Capture = Renumber(K.Capture);
    CK.InitialOnly = Renumber(K.InitialOnly);
    CK.Hop = Renumber(K.Hop);
    CK.Probed = K.Probed;
    for (auto Line : K.Lines) {
      for (unsigned &Sq : Line)
        Sq = C.NewIndex[Sq];
      CK.Lines.push_back(std::move(Line));
    }
    return renderSvg(C.P, C.Origin, Side, CK, Opts);
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
        !definePieces(Inv, Diags, P, Origin, IR, N))
      return std::nullopt;
    PassContext Ctx;
    Ctx.Board = P.board().shape();
    IR = optimized(IR, Ctx);
    if (Inv.Emit == EmitKind::Json) {
      // Every square, or only the one asked for.
      auto Moves = evaluateAt(Diags, IR, P,
                              Inv.From.empty() ? P.board().squares().toVector()
                                               : std::vector<unsigned>{Origin});
      if (!Moves)
        return std::nullopt;
      return movesToJson(NotationName, Text, P, Side, *IR, *Moves) + "\n";
    }
    auto Moves = evaluateAt(Diags, IR, P, {Origin});
    if (!Moves)
      return std::nullopt;
    const Destinations *D = &Moves->front().D;
    if (Inv.Emit == EmitKind::Svg)
      return picture(Diags, IR, P, Origin, *D, Plane,
                     Text + " (" + NotationName + ")");
    DiagramOptions Opts;
    Opts.Labels = Inv.Labels;
    if (Plane) {
      Cropped C = cropAround(P, Origin, *D, SquareSet(P.board().numSquares()));
      return renderDiagram(C.P, C.Origin, C.D, Opts);
    }
    return renderDiagram(P, Origin, *D, Opts);
  }

  /// A C identifier for the piece: --name, else the input file's stem.
  std::optional<std::string> pieceIdentifier(DiagnosticEngine &Diags,
                                             const std::string &Path) {
    std::string Name = Inv.PieceName;
    if (Name.empty())
      Name = Path.empty() ? "piece" : llvm::sys::path::stem(Path).str();
    for (char &C : Name)
      if (!std::isalnum((unsigned char)C))
        C = '_';
    if (!Inv.PieceName.empty() && Name != Inv.PieceName) {
      Diags.error("--name: '" + Inv.PieceName +
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
    std::string Sources;
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
      Sources += std::string(Sources.empty() ? "" : ", ") + P.Notation->Name +
                 " '" + P.Text + "'";
    }
    std::string Why;
    std::string Comment =
        std::string("Generated by fairyc " FAIRY_VERSION " --emit=") +
        (Inv.Emit == EmitKind::Bitboard ? "bitboard" : "ctable") + " from " +
        Sources + " for " + (Side == Color::White ? "White" : "Black") +
        " on " + B.str() + ".";
    if (Inv.Emit == EmitKind::Bitboard) {
      auto Header = emitBitboard(Compiled, B, Comment, Why, Inv.Index);
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
    if (Inv.Radius) {
      if (!N.UnboundedDiagrams) {
        Diags.error("--radius bounds the open ranges of fairy-notation; the " +
                    std::string(N.Name) + " notation has none to bound");
        return std::nullopt;
      }
      if (*Inv.Radius < 1) {
        Diags.error("--radius must be at least 1");
        return std::nullopt;
      }
      FOpts.Radius = *Inv.Radius;
    }
    FOpts.RequireBounded = onUnboundedPlane(N);
    FOpts.XBoardBetza = Inv.Betza == BetzaReading::XBoard;
    if (Inv.Betza.has_value() && std::string(N.Name) != "betza") {
      Diags.error("--betza chooses how Betza is read; this input is " +
                  std::string(N.Name));
      return std::nullopt;
    }
    // The board's width, for moves that wrap around it; a bad board is
    // reported where the position is set up.
    std::string Ignored;
    std::optional<Board> B;
    if (!Inv.Board.empty())
      B = Board::parse(Inv.Board, Ignored);
    else if (!Inv.Position.empty())
      if (auto P = Position::fromFEN(Inv.Position, std::nullopt, Ignored))
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
    if (!IR || newErrors())
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
    if (Inv.Emit != EmitKind::Bitboard) {
      Diags.error("several inputs make one header of all their pieces, which "
                  "only --emit=bitboard does; give one input otherwise");
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
        (Inv.Emit != EmitKind::Bitboard || !Inv.ImportPath.empty() ||
         !Inv.VariantName.empty() || Inv.Expression.has_value())) {
      Diags.error("several piece files make one header of all their pieces, "
                  "which only --emit=bitboard does; give one piece file "
                  "otherwise");
      return std::nullopt;
    }
    PieceFileOptions POpts;
    POpts.XBoardBetza = Inv.Betza == BetzaReading::XBoard;
    POpts.IncludeDir = Inv.IncludeDir;
    POpts.Recover = Inv.RecoverPieces;
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
                        ? "--import needs --variant=NAME: the section to read"
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
    if (!Set || (newErrors() && !Inv.RecoverPieces))
      return std::nullopt;
    return Set;
  }

  /// A piece file or variants.ini section: every piece, one output.
  std::optional<std::string> runPieceSet() {
    std::optional<PieceSet> Set = readPieceSetInput();
    if (!Set)
      return std::nullopt;
    if (Inv.LintOnly) {
      FrontendOptions FOpts;
      FOpts.XBoardBetza = Inv.Betza == BetzaReading::XBoard;
      FOpts.BoardWidth = Set->board().width();
      FOpts.BoardMaxSide = Set->board().maxSide();
      for (const PieceDef &D : Set->Pieces)
        for (const PieceMovement &M : D.Moves)
          lintMovement(Diags, *M.Notation, M.Buffer, Set->board(), FOpts);
      return newErrors() ? std::nullopt : std::optional<std::string>("");
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
        {EmitKind::Parlett, SetOutput::Parlett},
        {EmitKind::VariantsIni, SetOutput::VariantsIni}};
    auto Output = SetOutputs.find(Inv.Emit);
    if (Output == SetOutputs.end()) {
      Diags.error("--emit=dot draws one piece's IR; a piece file has many "
                  "(use --emit=ir, or give one piece's notation)");
      return std::nullopt;
    }
    SOpts.Output = Output->second;
    if (!Inv.Position.empty()) {
      // The pieces standing in the position, with their moves there.
      SOpts.Side = Inv.Side;
      SOpts.BothSides = Inv.BothSides;
      SOpts.OptLevel = Inv.OptLevel;
      SOpts.Style = Inv.Style;
      SOpts.Source = pieceSetSourceName();
      auto Out = emitPositionMoves(Diags, *Set, Inv.Position, SOpts);
      if (!Out || newErrors())
        return std::nullopt;
      return Out;
    }
    if (Inv.Side)
      SOpts.Side = *Inv.Side;
    SOpts.From = Inv.From;
    SOpts.Labels = Inv.Labels;
    SOpts.Style = Inv.Style;
    SOpts.OptLevel = Inv.OptLevel;
    SOpts.Index = Inv.Index;
    SOpts.WriteBetza = Inv.WriteBetza;
    SOpts.KeepGoing = Inv.KeepGoing;
    SOpts.Source = pieceSetSourceName();
    auto Out = emitPieceSet(Diags, *Set, SOpts);
    if (!Out || newErrors())
      return std::nullopt;
    return Out;
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
    bool PieceSet = isPieceSetInput();
    if (Inv.BothSides && (!PieceSet || Inv.Position.empty())) {
      Diags.error("--side=both lists the moves of every piece of a piece "
                  "file standing in --position; one piece moves for one "
                  "side (--side=white or --side=black)");
      return std::nullopt;
    }
    if (PieceSet)
      return runPieceSet();
    std::vector<Piece> Pieces;
    if (!Inv.MoreInputs.empty()) {
      auto Ps = readPieceFiles(Diags);
      if (!Ps)
        return std::nullopt;
      Pieces = std::move(*Ps);
    } else {
      auto P = readOnePiece();
      if (!P)
        return std::nullopt;
      Pieces.push_back(std::move(*P));
    }
    if (Inv.LintOnly) {
      // The board of the options, else orthodox chess's.
      std::string Error;
      std::optional<Board> B;
      if (!Inv.Board.empty() || !Inv.Position.empty()) {
        auto Setup = setUpPosition(Diags);
        if (!Setup)
          return std::nullopt;
        B = Setup->first.board();
      } else {
        B = Board::parse("8x8", Error);
      }
      auto FOpts = frontendOptions(Diags, *Pieces[0].Notation);
      if (!FOpts)
        return std::nullopt;
      lintMovement(Diags, *Pieces[0].Notation, Pieces[0].Buffer, *B, *FOpts);
      return newErrors() ? std::nullopt : std::optional<std::string>("");
    }
    NodeRef IR = Pieces[0].IR;
    const NotationInfo *N = Pieces[0].Notation;
    const std::string &Text = Pieces[0].Text;
    std::optional<std::string> Out;
    switch (Inv.Emit) {
    case EmitKind::Betza:
    case EmitKind::Fairy:
    case EmitKind::Parlett: {
      // Written from the board-independent -O1 IR, like --emit=ir.
      std::string Why;
      NodeRef Opt = optimized(IR, PassContext());
      auto FOpts = frontendOptions(Diags, *N);
      if (!FOpts)
        return std::nullopt;
      Out = Inv.Emit == EmitKind::Betza
                ? irToBetza(Opt, Why, *FOpts, Inv.WriteBetza)
            : Inv.Emit == EmitKind::Fairy ? irToFairy(Opt, Why)
                                          : irToParlett(Opt, Why);
      const char *Target = Inv.Emit == EmitKind::Betza   ? "Betza"
                           : Inv.Emit == EmitKind::Fairy ? "fairy-notation"
                                                         : "Parlett";
      if (!Out) {
        Diags.error(Diags.loc(Pieces[0].Buffer, 0),
                    std::string("cannot write this moveset in ") + Target +
                        ": " + Why);
        return std::nullopt;
      }
      *Out += "\n";
      break;
    }
    case EmitKind::IR:
    case EmitKind::Dot: {
      // Board-dependent passes run only when the board was given.
      PassContext Ctx;
      if (!Inv.Board.empty() || !Inv.Position.empty())
        if (auto Setup = setUpPosition(Diags))
          Ctx.Board = Setup->first.board().shape();
      if (newErrors())
        return std::nullopt;
      NodeRef Opt = optimized(IR, Ctx);
      Out = Inv.Emit == EmitKind::IR         ? printIR(*Opt)
            : Inv.Dot == DotStyle::Automaton ? movesetToDotAutomaton(*Opt)
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
    case EmitKind::VariantsIni:
      Diags.error("--emit=variants-ini writes a piece file as a Fairy-"
                  "Stockfish section; give a piece file (.fairy, -x pieces) "
                  "or --import");
      return std::nullopt;
    }
    return Out;
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
    if (isPieceSetInput())
      return readPieceSetInput();
    auto P = readOnePiece();
    if (!P)
      return std::nullopt;
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
    if (!B) {
      Diags.error((Inv.Position.empty() ? "--board: " : "--position: ") +
                  Error);
      return std::nullopt;
    }
    if (!checkDimensions(Diags, *P->IR, *B))
      return std::nullopt;
    auto Name = pieceIdentifier(Diags, P->Path);
    if (!Name)
      return std::nullopt;
    PieceSet Set;
    Set.TheBoard = B;
    Set.BoardGiven = !Inv.Board.empty() || !Inv.Position.empty();
    PieceDef D;
    D.Name = D.Identifier = *Name;
    D.Letter = Inv.MoverType.size() == 1
                   ? (char)std::toupper((unsigned char)Inv.MoverType[0])
                   : 'X';
    D.File = P->Path;
    PieceMovement M;
    M.Notation = P->Notation;
    M.Text = P->Text;
    M.Buffer = P->Buffer;
    M.IR = P->IR;
    D.Moves.push_back(std::move(M));
    Set.Pieces.push_back(std::move(D));
    return Set;
  }

private:
  const Invocation &Inv;
  DiagnosticEngine &Diags;
  Color Side;
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
