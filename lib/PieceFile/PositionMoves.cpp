//===- PositionMoves.cpp - Every piece's moves in a position --------------===//
#include "fairy/PieceFile/PositionMoves.h"

#include "fairy/Eval/Evaluator.h"
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
  Color Side = Opts.Side.value_or(P->SideToMove);
  P->SideToMove = Side;
  PassContext Ctx;
  Ctx.Board = B.shape();
  std::vector<PlacedMoves> All;
  size_t Count = 0;
  for (unsigned S : B.squares().toVector()) {
    const Occupant &O = P->at(S);
    if (!O.Present || O.Side != Side)
      continue;
    const PieceDef *D = Set.findByLetter(O.Type);
    std::string Error;
    NodeRef IR = optimize(D->movesFor(Side), Opts.OptLevel, Ctx);
    auto Fast = FastEvaluator::compile(IR, B, Error);
    std::optional<Destinations> Dest;
    if (Fast)
      Dest = Fast->evaluate(*P, S, Side, Error);
    if (!Dest) {
      Diags.error("cannot evaluate '" + D->Name + "' on " + B.squareName(S) +
                  ": " + Error);
      return std::nullopt;
    }
    Count += Dest->all().count();
    All.push_back({S, D, Side, std::move(*Dest)});
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (Opts.Output == SetOutput::Json) {
    llvm::json::OStream J(OS, 2);
    J.object([&] {
      J.attribute("position", FEN);
      J.attribute("side", sideName(Side));
      J.attribute("moves", int64_t(Count));
      J.attributeArray("pieces", [&] {
        for (const PlacedMoves &M : All)
          J.object([&] {
            J.attribute("square", B.squareName(M.Square));
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
    return OS.str();
  }
  if (Opts.Output != SetOutput::Diagram) {
    Diags.error("--position with a piece set writes JSON (--emit=json) or a "
                "list of moves (--emit=diagram)");
    return std::nullopt;
  }
  // One line per piece: quiet moves, then captures marked x.
  for (const PlacedMoves &M : All) {
    std::string Quiet = squareNames(B, M.D.Quiet, " ");
    std::string Capture = squareNames(B, M.D.Capture | M.D.Remote, " ", "x");
    OS << B.squareName(M.Square) << " " << M.Def->Name << " (" << M.Def->Letter
       << "):" << (Quiet.empty() ? "" : " " + Quiet)
       << (Capture.empty() ? "" : " " + Capture)
       << (Quiet.empty() && Capture.empty() ? " no moves" : "") << "\n";
  }
  OS << Count << " moves for " << sideName(Side) << "\n";
  return OS.str();
}
