//===- EmitSvg.cpp - --emit=svg -------------------------------------------===//
//
// Pictures: of one notation's piece from its square, its moves told apart
// by kind (probing the squares), on the board in its style (cropped to its
// moves on the unbounded plane); of every piece of a set, a sheet of
// pictures; with --position and a set, a sheet of each piece standing
// there.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "PositionMoves.h"

#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/PieceViews.h"
#include "fairy/Backend/Svg.h"
#include "fairy/Eval/MoveKinds.h"
#include "fairy/Eval/Plane.h"

using namespace fairy;

namespace {

/// \p Prefix and \p Text, cut to about what fits above a picture of \p B in
/// a sheet (16px letters, 9px each; a notation text may be megabytes
/// long), on a UTF-8 character boundary.
std::string sheetCaption(const std::string &Prefix, const std::string &Text,
                         const Board &B) {
  size_t Width = 48 * (B.width() * B.depth() + B.depth());
  size_t Fits = std::max<size_t>(Prefix.size() + 12, Width / 9);
  if (Prefix.size() + Text.size() <= Fits)
    return Prefix + Text;
  size_t Cut = Fits - Prefix.size() - 3;
  while (Cut > 0 && (static_cast<unsigned char>(Text[Cut]) & 0xC0) == 0x80)
    --Cut;
  return Prefix + Text.substr(0, Cut) + "...";
}

std::optional<std::string> onePiece(Compilation &C) {
  auto B = C.pieceOnBoard(/*WithOriginMoves=*/true);
  if (!B)
    return std::nullopt;
  Destinations D = B->Moves;
  const NodeRef &IR = B->IR;
  Position P = B->P;
  unsigned Origin = B->Origin;
  Color Side = C.side();
  auto Evaluate = C.engineFor(IR, P.board());
  if (!Evaluate)
    return std::nullopt;
  // The squares worth probing, whichever engine evaluates.
  std::string Error;
  auto Relevant = FastEvaluator::compile(IR, P.board(), Error);
  // A hopper on an empty board is drawn with example hurdles, a locust with
  // example victims; with --position, the position is what is drawn, and
  // so in a picture one clicks to put pieces on (--svg-squares, the
  // playground's): there the reader places the hurdles, and the marks stay
  // the moves of the squares as they are.
  SvgOptions Opts;
  if (C.Inv.Position.empty() && !C.Inv.SvgSquares && !P.hasPieces() &&
      Relevant) {
    ExamplePieces E = exampleHurdles(IR, *Relevant, P, Origin, Side);
    if (!E.Squares.empty())
      if (auto DE = (*Evaluate)(E.P, Origin, Error)) {
        P = std::move(E.P);
        D = *DE;
        Opts.Examples = std::move(E.Squares);
        Opts.ExampleHurdles = E.Hurdles;
        Opts.ExampleVictims = E.Victims;
      }
  }
  PictureLimits Limits;
  MoveKinds K = classifyForPicture(
      IR, P, Origin, Side, D,
      [&](const Position &Q, std::string &E) {
        return (*Evaluate)(Q, Origin, E);
      },
      Relevant.get(), Limits);
  if (!Limits.Paths.empty())
    C.Diags.warning(Warning::TooManyPaths,
                    "the paths of this piece are too many to draw (" +
                        Limits.Paths +
                        "); the picture shows destinations only");
  if (!Limits.Probes.empty())
    C.Diags.warning(Warning::TooManyPaths,
                    "the picture shows captures only where pieces stand: "
                    "probing the empty squares failed (" +
                        Limits.Probes + ")");
  const PieceMovement &M = C.notation();
  std::string Caption = M.Text + " (" + M.Notation->Name + ")";
  Opts.Title = Caption;
  Opts.Caption =
      (C.Inv.PieceName.empty() ? "" : C.Inv.PieceName + ": ") + Caption;
  Opts.Style = resolveBoardStyle(C.Inv.Style, BoardStyle::Auto, P.board());
  Opts.Squares = C.Inv.SvgSquares;
  if (!B->Plane)
    return renderSvg(P, Origin, Side, K, Opts);
  // Keep every square a mark or line shows, then renumber.
  SquareSet Keep = K.Quiet | K.Capture;
  for (const auto &Line : K.Lines)
    for (unsigned Sq : Line)
      Keep.set(Sq);
  for (unsigned Sq : Opts.Examples)
    Keep.set(Sq);
  Cropped Crop = cropAround(P, Origin, D, Keep);
  for (unsigned &Sq : Opts.Examples)
    Sq = Crop.NewIndex[Sq];
  auto Renumber = [&](const SquareSet &Old) {
    SquareSet New = Crop.P.board().emptySet();
    Old.forEach([&](unsigned Sq) {
      if (Crop.NewIndex[Sq] >= 0)
        New.set(Crop.NewIndex[Sq]);
    });
    return New;
  };
  MoveKinds CK;
  CK.D = Crop.D;
  CK.Quiet = Renumber(K.Quiet);
  CK.Capture = Renumber(K.Capture);
  CK.InitialOnly = Renumber(K.InitialOnly);
  CK.Hop = Renumber(K.Hop);
  CK.Probed = K.Probed;
  for (auto Line : K.Lines) {
    for (unsigned &Sq : Line)
      Sq = Crop.NewIndex[Sq];
    CK.Lines.push_back(std::move(Line));
  }
  return renderSvg(Crop.P, Crop.Origin, Side, CK, Opts);
}

/// One picture per view, side by side in rows of three, in one SVG.
std::optional<std::string> pieceSet(Compilation &C) {
  const PieceSet &Set = C.set();
  auto Views = viewsOf(C.Diags, Set, C.Inv.Side, C.Inv.OptLevel);
  if (!Views)
    return std::nullopt;
  auto Origin = originOf(C.Diags, Set, C.Inv.From);
  if (!Origin)
    return std::nullopt;
  std::vector<SheetPicture> Pictures;
  for (const PieceView &V : *Views) {
    Position P = positionFor(Set, V);
    auto M = evaluateView(C.Diags, V, P, *Origin);
    if (!M)
      return std::nullopt;
    SvgOptions Opts;
    Destinations D = M->D;
    // A hopper or a locust on the empty board: with example hurdles or
    // victims, as for one piece.
    if (!P.hasPieces()) {
      ExamplePieces E = exampleHurdles(V.IR, *M->Fast, P, *Origin, V.Side);
      std::string Error;
      if (!E.Squares.empty())
        if (auto DE = M->Fast->evaluate(E.P, *Origin, V.Side, Error)) {
          P = std::move(E.P);
          D = *DE;
          Opts.Examples = std::move(E.Squares);
          Opts.ExampleHurdles = E.Hurdles;
          Opts.ExampleVictims = E.Victims;
        }
    }
    MoveKinds K = classifyWithFast(*M->Fast, V.IR, P, *Origin, V.Side, D);
    Opts.Title = viewTitle(V);
    Opts.Style = resolveBoardStyle(C.Inv.Style, Set.Style, Set.board());
    std::optional<Color> Side;
    if (!V.BothSides)
      Side = V.Side;
    // "knight: N — betza 'N'": the name, the letter, the notation text.
    std::string Name = V.Def->Name + ": " + std::string(1, V.Def->Letter) +
                       (V.BothSides              ? ""
                        : V.Side == Color::White ? " (White)"
                                                 : " (Black)");
    Pictures.push_back(
        {sheetCaption(Name + " \u2014 ", V.Def->describe(Side), Set.board()),
         renderSvg(P, *Origin, V.Side, K, Opts)});
  }
  return svgSheet(Pictures, Set.Title.empty() ? C.source() : Set.Title);
}

/// A sheet: each piece's moves in the position, one picture each.
std::optional<std::string> inPosition(Compilation &C) {
  auto Moves = positionMoves(C);
  if (!Moves)
    return std::nullopt;
  const PieceSet &Set = C.set();
  const Board &B = Set.board();
  Position &P = Moves->P;
  std::vector<SheetPicture> Pictures;
  BoardStyle Style = resolveBoardStyle(C.Inv.Style, Set.Style, B);
  for (const PlacedMove &M : Moves->All) {
    P.SideToMove = M.Side;
    MoveKinds K = classifyWithFast(*M.Fast, M.IR, P, M.Square, M.Side, M.D);
    SvgOptions Opts;
    Opts.Title = M.Def->Name + " on " + B.squareName(M.Square);
    Opts.Style = Style;
    Pictures.push_back({M.Def->Name + " (" + sideName(M.Side) + ") on " +
                            B.squareName(M.Square),
                        renderSvg(P, M.Square, M.Side, K, Opts)});
  }
  std::string Title = (Set.Title.empty() ? C.source() : Set.Title) + " in " +
                      C.Inv.Position + " (" + Moves->SideWord + ")";
  return svgSheet(Pictures, Title);
}

} // namespace

const BackendInfo fairy::SvgBackend = {
    "svg", "a picture of the moves",
    /*OnePiece=*/onePiece,
    /*RefusesOnePiece=*/nullptr,
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/inPosition,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/true,
    /*Options=*/
    "--board --position --from --side --moved --engine --board-style "
    "--svg-squares --name"};
