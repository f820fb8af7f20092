//===- EmitDiagram.cpp - --emit=diagram -----------------------------------===//
//
// The ASCII move diagram: of one notation's piece from its square (cropped
// to its moves on the unbounded plane); of every piece of a set, each under
// its title; with --position and a set, one line of moves per piece
// standing there.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "PositionMoves.h"

#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/Diagram.h"
#include "fairy/Backend/PieceViews.h"
#include "fairy/Eval/MoveKinds.h"
#include "fairy/Eval/Plane.h"
#include "fairy/Support/Escape.h"

#include "llvm/Support/raw_ostream.h"

using namespace fairy;

namespace {

/// What a diagram of an empty board shows beyond the destinations, so that
/// every kind of move is seen: a hopper's example hurdles and a locust's
/// example victims (\p P and \p D become those of the position with them),
/// and '*' on the empty squares where the piece would capture a lone enemy
/// (as the SVG's probes find them). \p P and \p D stay as they are where an
/// evaluation fails.
void showEveryKind(const NodeRef &IR, const FastEvaluator &Fast,
                   const Compilation::Engine &Evaluate, Position &P,
                   unsigned Origin, Color Side, Destinations &D,
                   DiagramOptions &Opts) {
  std::string Error;
  ExamplePieces E = exampleHurdles(IR, Fast, P, Origin, Side);
  if (!E.Squares.empty())
    if (auto DE = Evaluate(E.P, Origin, Error)) {
      P = std::move(E.P);
      D = *DE;
      Opts.Examples = std::move(E.Squares);
    }
  auto Captures = probedCaptures(
      P, Origin, Side, D,
      [&](const Position &Q, std::string &Err) {
        return Evaluate(Q, Origin, Err);
      },
      [&](const Position &Q) -> std::optional<SquareSet> {
        std::string Ignored;
        return Fast.testedSquares(Q, Origin, Side, Ignored);
      },
      Error);
  // A square it moves to stays 'X', and one it reaches capturing on the way
  // (a locust's example victim) '+': '*' is for the captures alone.
  if (Captures)
    D.Capture |= Captures->minus(D.Quiet | D.Remote);
}

std::optional<std::string> onePiece(Compilation &C) {
  auto B = C.pieceOnBoard(/*WithOriginMoves=*/true);
  if (!B)
    return std::nullopt;
  Destinations D = B->Moves;
  Position &P = B->P;
  DiagramOptions Opts;
  Opts.Labels = C.Inv.Labels;
  // With --position, the position is what is drawn.
  if (C.Inv.Position.empty() && !P.hasPieces()) {
    std::string Error;
    auto Fast = FastEvaluator::compile(B->IR, P.board(), Error);
    auto Evaluate = C.engineFor(B->IR, P.board());
    if (!Evaluate)
      return std::nullopt;
    if (Fast)
      showEveryKind(B->IR, *Fast, *Evaluate, P, B->Origin, C.side(), D, Opts);
  }
  if (B->Plane) {
    SquareSet Keep(P.board().numSquares());
    for (unsigned Sq : Opts.Examples)
      Keep.set(Sq);
    Cropped Crop = cropAround(P, B->Origin, D, Keep);
    for (unsigned &Sq : Opts.Examples)
      Sq = Crop.NewIndex[Sq];
    return renderDiagram(Crop.P, Crop.Origin, Crop.D, Opts);
  }
  return renderDiagram(P, B->Origin, D, Opts);
}

std::optional<std::string> pieceSet(Compilation &C) {
  const PieceSet &Set = C.set();
  auto Views = viewsOf(C.Diags, Set, C.Inv.Side, C.Inv.OptLevel);
  if (!Views)
    return std::nullopt;
  auto Origin = originOf(C.Diags, Set, C.Inv.From);
  if (!Origin)
    return std::nullopt;
  std::string Out;
  for (const PieceView &V : *Views) {
    Position P = positionFor(Set, V);
    auto M = evaluateView(C.Diags, V, P, *Origin);
    if (!M)
      return std::nullopt;
    DiagramOptions Opts;
    Opts.Labels = C.Inv.Labels;
    Destinations D = M->D;
    if (!P.hasPieces())
      showEveryKind(
          V.IR, *M->Fast,
          [&](const Position &Q, unsigned From, std::string &E) {
            return M->Fast->evaluate(Q, From, V.Side, E);
          },
          P, *Origin, V.Side, D, Opts);
    std::optional<Color> Side;
    if (!V.BothSides)
      Side = V.Side;
    Out += (Out.empty() ? "" : "\n") +
           escapeForTerminal(viewTitle(V) + ": " + V.Def->describe(Side)) +
           "\n" + renderDiagram(P, *Origin, D, Opts);
  }
  return Out;
}

/// One line per piece: quiet moves, then captures marked x; with both
/// sides, White's pieces first, each line naming its side.
std::optional<std::string> inPosition(Compilation &C) {
  auto Moves = positionMoves(C);
  if (!Moves)
    return std::nullopt;
  const Board &B = C.set().board();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const PlacedMove &M : Moves->All) {
    std::string Quiet = squareNames(B, M.D.Quiet, " ");
    std::string Capture = squareNames(B, M.D.Capture | M.D.Remote, " ", "x");
    OS << B.squareName(M.Square) << " " << escapeForTerminal(M.Def->Name)
       << " (";
    if (C.Inv.BothSides)
      OS << sideName(M.Side) << " ";
    OS << M.Def->Letter << "):" << (Quiet.empty() ? "" : " " + Quiet)
       << (Capture.empty() ? "" : " " + Capture)
       << (Quiet.empty() && Capture.empty() ? " no moves" : "") << "\n";
  }
  if (C.Inv.BothSides)
    OS << Moves->Count[0] << " moves for white, " << Moves->Count[1]
       << " for black\n";
  else
    OS << Moves->Count[(int)Moves->Sides[0]] << " moves for " << Moves->SideWord
       << "\n";
  return OS.str();
}

} // namespace

const BackendInfo fairy::DiagramBackend = {
    "diagram",
    "ASCII move diagram",
    /*OnePiece=*/onePiece,
    /*RefusesOnePiece=*/nullptr,
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/inPosition,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/true,
    /*Options=*/"--board --position --from --side --moved --labels --engine"};
