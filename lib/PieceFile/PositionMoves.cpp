//===- PositionMoves.cpp - Every piece's moves in a position --------------===//
#include "fairy/PieceFile/PositionMoves.h"

#include "fairy/Backend/Svg.h"
#include "fairy/Eval/Evaluator.h"
#include "fairy/Eval/MoveKinds.h"
#include "fairy/Support/Escape.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace fairy;

namespace {

struct PlacedMoves {
  unsigned Square;
  const PieceDef *Def;
  Color Side;
  Destinations D;
  NodeRef IR;                          ///< optimised, for its picture
  std::shared_ptr<FastEvaluator> Fast; ///< that found D
};

/// The position \p FEN on the set's board, or its start position.
std::optional<Position> positionOf(DiagnosticEngine &Diags, const PieceSet &Set,
                                   const std::string &FEN) {
  if (FEN == "start") {
    if (!Set.Start && !Set.StartUnreadable.empty()) {
      Diags.error("--position=start: " + Set.StartUnreadable);
      return std::nullopt;
    }
    if (!Set.Start) {
      Diags.error("--position=start: this piece set has no start position "
                  "(a piece file states one with start \"FEN\";, a "
                  "variants.ini section with startFen)");
      return std::nullopt;
    }
    return *Set.Start;
  }
  std::string Error;
  auto P = Position::fromFEN(FEN, Set.board(), Error);
  if (!P) {
    Diags.error("--position: " + Error);
    return std::nullopt;
  }
  for (unsigned S : Set.board().squares().toVector())
    if (P->at(S).Present && !Set.findByLetter(P->at(S).Type)) {
      char L = P->at(S).Type;
      if (P->at(S).Side == Color::Black)
        L = char(L - 'A' + 'a');
      Diags.error("--position: the piece '" + std::string(1, L) + "' on " +
                  Set.board().squareName(S) + " is none of the set's pieces");
      return std::nullopt;
    }
  return P;
}

} // namespace

std::optional<std::string> fairy::emitPositionMoves(DiagnosticEngine &Diags,
                                                    const PieceSet &Set,
                                                    const std::string &FEN,
                                                    const SetOptions &Opts) {
  auto P = positionOf(Diags, Set, FEN);
  if (!P)
    return std::nullopt;
  const Board &B = Set.board();
  Set.describeTo(*P);
  // Off its start square a piece has moved.
  if (Set.Start)
    for (unsigned S : B.squares().toVector()) {
      const Occupant &Now = P->at(S), &Then = Set.Start->at(S);
      if (Now.Present &&
          (!Then.Present || Then.Type != Now.Type || Then.Side != Now.Side))
        P->Moved.set(S);
    }
  std::vector<Color> Sides = {Opts.Side.value_or(P->SideToMove)};
  if (Opts.BothSides)
    Sides = {Color::White, Color::Black};
  PassContext Ctx;
  Ctx.Board = B.shape();
  std::vector<PlacedMoves> All;
  size_t Count[2] = {0, 0};
  for (Color Side : Sides) {
    P->SideToMove = Side;
    for (unsigned S : B.squares().toVector()) {
      const Occupant &O = P->at(S);
      if (!O.Present || O.Side != Side)
        continue;
      const PieceDef *D = Set.findByLetter(O.Type);
      std::string Error;
      NodeRef IR = optimize(D->movesFor(Side), Opts.OptLevel, Ctx);
      std::shared_ptr<FastEvaluator> Fast =
          FastEvaluator::compile(IR, B, Error);
      std::optional<Destinations> Dest;
      if (Fast)
        Dest = Fast->evaluate(*P, S, Side, Error);
      if (!Dest) {
        Diags.error("cannot evaluate '" + D->Name + "' on " + B.squareName(S) +
                    ": " + Error);
        return std::nullopt;
      }
      Count[(int)Side] += Dest->all().count();
      All.push_back({S, D, Side, std::move(*Dest), IR, std::move(Fast)});
    }
  }
  const char *SideWord = Opts.BothSides ? "both" : sideName(Sides[0]);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (Opts.Output == SetOutput::Json) {
    llvm::json::OStream J(OS, 2);
    J.object([&] {
      J.attribute("position", FEN);
      J.attribute("side", SideWord);
      J.attribute("moves", int64_t(Count[0] + Count[1]));
      J.attributeArray("pieces", [&] {
        for (const PlacedMoves &M : All)
          J.object([&] {
            J.attribute("square", B.squareName(M.Square));
            J.attribute("side", sideName(M.Side));
            J.attribute("name", M.Def->Name);
            J.attribute("letter", std::string(1, M.Def->Letter));
            const std::pair<const char *, const SquareSet *> Kinds[] = {
                {"quiet", &M.D.Quiet},
                {"capture", &M.D.Capture},
                {"remote", &M.D.Remote},
                {"promote", &M.D.Promote}};
            for (const auto &Kind : Kinds)
              J.attributeArray(Kind.first, [&] {
                for (unsigned Sq : Kind.second->toVector())
                  J.value(B.squareName(Sq));
              });
          });
      });
    });
    OS << "\n";
    return jsonWithoutControls(OS.str());
  }
  if (Opts.Output == SetOutput::Svg) {
    // A sheet: each piece's moves in the position, one picture each.
    std::vector<SheetPicture> Pictures;
    BoardStyle Style = resolveBoardStyle(Opts.Style, Set.Style, B);
    for (const PlacedMoves &M : All) {
      P->SideToMove = M.Side;
      MoveKinds K = classifyWithFast(*M.Fast, M.IR, *P, M.Square, M.Side, M.D);
      SvgOptions SOpts;
      SOpts.Title = M.Def->Name + " on " + B.squareName(M.Square);
      SOpts.Style = Style;
      Pictures.push_back({M.Def->Name + " (" + sideName(M.Side) + ") on " +
                              B.squareName(M.Square),
                          renderSvg(*P, M.Square, M.Side, K, SOpts)});
    }
    std::string Title = (Set.Title.empty() ? Opts.Source : Set.Title) + " in " +
                        FEN + " (" + SideWord + ")";
    return svgSheet(Pictures, Title);
  }
  if (Opts.Output != SetOutput::Diagram) {
    Diags.error("--position with a piece set writes JSON (--emit=json), a "
                "sheet of pictures (--emit=svg) or a list of moves "
                "(--emit=diagram)");
    return std::nullopt;
  }
  // One line per piece: quiet moves, then captures marked x; with both
  // sides, White's pieces first, each line naming its side.
  for (const PlacedMoves &M : All) {
    std::string Quiet = squareNames(B, M.D.Quiet, " ");
    std::string Capture = squareNames(B, M.D.Capture | M.D.Remote, " ", "x");
    OS << B.squareName(M.Square) << " " << escapeForTerminal(M.Def->Name)
       << " (";
    if (Opts.BothSides)
      OS << sideName(M.Side) << " ";
    OS << M.Def->Letter << "):" << (Quiet.empty() ? "" : " " + Quiet)
       << (Capture.empty() ? "" : " " + Capture)
       << (Quiet.empty() && Capture.empty() ? " no moves" : "") << "\n";
  }
  if (Opts.BothSides)
    OS << Count[0] << " moves for white, " << Count[1] << " for black\n";
  else
    OS << Count[(int)Sides[0]] << " moves for " << SideWord << "\n";
  return OS.str();
}
