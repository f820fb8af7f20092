//===- Compilation.cpp - What every back end is given ---------------------===//
//
// The services back ends share: the passes, the position the options
// describe for one notation's piece, the unbounded plane, and the engines.
// Errors are reported to the compilation's diagnostics.
//
//===----------------------------------------------------------------------===//
#include "fairy/Backend/Compilation.h"
#include "PositionSetup.h"

#include "fairy/Eval/Plane.h"
#include "fairy/IR/Extent.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Support/Progress.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Path.h"

#include <cctype>

using namespace fairy;

Compilation::Compilation(const Invocation &Inv, DiagnosticEngine &Diags,
                         const BackendInfo &Backend, const PieceSet &Set,
                         InputKind Kind, std::string Source)
    : Inv(Inv), Diags(Diags), Backend(Backend), Set(Set), Kind(Kind),
      Source(std::move(Source)), Side(Inv.Side.value_or(Color::White)),
      ErrorsBefore(Diags.errorCount()) {}

NodeRef Compilation::optimized(const NodeRef &IR,
                               const PassContext &Ctx) const {
  NodeRef Out = optimize(IR, Inv.OptLevel, Ctx);
  // The passes keep the IR valid; a failure here is a bug in a pass.
  for (const std::string &P : verifyIR(*Out))
    llvm::report_fatal_error(("a pass produced invalid IR: " + P).c_str());
  return Out;
}

std::optional<std::pair<Position, unsigned>>
Compilation::positionFromOptions() {
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
  bool OriginMatters = !Inv.From.empty() || Backend.ShowsOrigin;
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

std::optional<Compilation::OnBoard>
Compilation::pieceOnBoard(bool WithOriginMoves) {
  const PieceMovement &M = notation();
  NodeRef IR = M.IR;
  bool Plane = onUnboundedPlane(*M.Notation);
  if (Plane)
    IR = optimized(IR, PassContext());
  auto Setup = Plane ? planeAround(*IR) : positionFromOptions();
  if (!Setup)
    return std::nullopt;
  auto &[P, Origin] = *Setup;
  if (!checkDimensions(*IR, P.board()) ||
      !definePieces(Inv, Diags, P, Origin, IR, *M.Notation))
    return std::nullopt;
  PassContext Ctx;
  Ctx.Board = P.board().shape();
  IR = optimized(IR, Ctx);
  OnBoard Out{std::move(P), Origin, IR, Plane};
  if (WithOriginMoves) {
    auto Moves = evaluateAt(IR, Out.P, {Origin});
    if (!Moves)
      return std::nullopt;
    Out.Moves = std::move(Moves->front().D);
  }
  return Out;
}

std::optional<NodeRef> Compilation::pieceIR() {
  // Board-dependent passes run only when the board was given.
  PassContext Ctx;
  if (!Inv.Board.empty() || !Inv.Position.empty())
    if (auto Setup = positionFromOptions())
      Ctx.Board = Setup->first.board().shape();
  if (newErrors())
    return std::nullopt;
  return optimized(notation().IR, Ctx);
}

/// Whether \p Backend draws \p N's piece on the unbounded plane under \p Inv.
static bool drawsOnPlane(const Invocation &Inv, const BackendInfo *Backend,
                         const NotationInfo &N) {
  return N.UnboundedDiagrams && Inv.Board.empty() && Inv.Position.empty() &&
         Backend && Backend->ShowsOrigin;
}

bool Compilation::onUnboundedPlane(const NotationInfo &N) const {
  return drawsOnPlane(Inv, &Backend, N);
}

std::optional<std::pair<Position, unsigned>>
Compilation::planeAround(const Node &IR) {
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

bool Compilation::checkDimensions(const Node &IR, const Board &B) {
  if (B.is3D() || !usesZ(IR))
    return true;
  Diags.error("this piece moves between levels (its moves have a z "
              "component) but the board " +
              B.str() + " is flat; give a 3D board such as --board=5x5x5");
  return false;
}

std::optional<std::string> Compilation::pieceIdentifier(size_t I) {
  const std::string &Path = Set.Pieces[I].File;
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

/// Partial paths the reference engine may build in one compilation.
static constexpr size_t ReferenceJobBudget = 20'000'000;

std::optional<Compilation::Engine> Compilation::engineFor(const NodeRef &IR,
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
  return Engine(
      [Fast, S = Side](const Position &P, unsigned Origin, std::string &Error) {
        return Fast->evaluate(P, Origin, S, Error);
      });
}

std::optional<std::vector<OriginMoves>>
Compilation::evaluateAt(const NodeRef &IR, const Position &P,
                        const std::vector<unsigned> &Origins) {
  auto Evaluate = engineFor(IR, P.board());
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

std::optional<FrontendOptions>
fairy::frontendOptionsFor(const Invocation &Inv, const BackendInfo *Backend,
                          const NotationInfo &N, DiagnosticEngine &Diags) {
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
  FOpts.RequireBounded = drawsOnPlane(Inv, Backend, N);
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
