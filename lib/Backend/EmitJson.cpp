//===- EmitJson.cpp - --emit=json -----------------------------------------===//
//
// The moves as JSON: of one notation's piece from every square (or
// --from), with its IR (docs/backends.md, "JSON"); of every piece of a set
// and side, written piece by piece; with --position and a set, the moves
// of each piece standing there.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "PositionMoves.h"

#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/Json.h"
#include "fairy/Backend/PieceViews.h"
#include "fairy/Support/Escape.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace fairy;

namespace {

std::optional<std::string> onePiece(Compilation &C) {
  auto B = C.pieceOnBoard();
  if (!B)
    return std::nullopt;
  // Every square, or only the one asked for.
  auto Moves =
      C.evaluateAt(B->IR, B->P,
                   C.Inv.From.empty() ? B->P.board().squares().toVector()
                                      : std::vector<unsigned>{B->Origin});
  if (!Moves)
    return std::nullopt;
  const PieceMovement &M = C.notation();
  return movesToJson(M.Notation->Name, M.Text, B->P, C.side(), *B->IR, *Moves) +
         "\n";
}

std::optional<std::string> pieceSet(Compilation &C) {
  using namespace llvm::json;
  const PieceSet &Set = C.set();
  auto Views = viewsOf(C.Diags, Set, C.Inv.Side, C.Inv.OptLevel);
  if (!Views)
    return std::nullopt;
  const Board &B = Set.board();
  // Written piece by piece as it is made, so that memory holds one piece's
  // moves at a time, not the whole document's (256 queens took 300 MB).
  // Keys in the order llvm::json prints an Object's: sorted.
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OStream J(OS, 2);
  J.objectBegin();
  Array Missing;
  for (unsigned I = 0; I < B.numSquares(); ++I)
    if (!B.squares().test(I))
      Missing.push_back(B.squareName(I));
  J.attribute("board", Object{{"width", B.width()},
                              {"height", B.height()},
                              {"depth", B.depth()},
                              {"missing", std::move(Missing)}});
  J.attribute("format", "fairyc-pieces");
  J.attributeBegin("pieces");
  J.arrayBegin();
  for (const PieceDef &D : Set.Pieces) {
    // The sides this piece is shown for, by name (sorted, as JSON keys).
    std::vector<std::pair<std::string, const PieceView *>> Sides;
    for (const PieceView &V : *Views) {
      if (V.Def != &D)
        continue;
      if (V.BothSides) {
        Sides.push_back({"black", &V});
        Sides.push_back({"white", &V});
      } else {
        Sides.push_back({sideName(V.Side), &V});
      }
    }
    std::sort(Sides.begin(), Sides.end());
    J.objectBegin();
    J.attribute("identifier", D.Identifier);
    J.attribute("letter", std::string(1, D.Letter));
    J.attributeArray("movements", [&] {
      for (const PieceMovement &M : D.Moves)
        J.object([&] {
          J.attribute("notation", M.Notation->Name);
          J.attribute("side",
                      M.Side ? Value(sideName(*M.Side)) : Value("both"));
          J.attribute("text", M.Text);
        });
    });
    J.attribute("name", D.Name);
    J.attribute("royal", D.Royal);
    J.attributeBegin("sides");
    J.objectBegin();
    const PieceView *Evaluated = nullptr; // a view shown for both sides: once
    std::vector<OriginMoves> Moves;
    for (const auto &Shown : Sides) {
      // (Not a structured binding: C++17 lambdas cannot capture those.)
      const PieceView *V = Shown.second;
      if (V != Evaluated) {
        Position P = positionFor(Set, *V);
        Moves.clear();
        for (unsigned O : B.squares().toVector()) {
          auto Dest = evaluateView(C.Diags, *V, P, O);
          if (!Dest)
            return std::nullopt;
          Moves.push_back({O, Dest->D});
        }
        Evaluated = V;
      }
      J.attributeObject(Shown.first, [&] {
        J.attributeBegin("ir");
        writeIRJson(J, *V->IR);
        J.attributeEnd();
        J.attributeBegin("moves");
        writeMovesJson(J, B, Moves);
        J.attributeEnd();
      });
    }
    J.objectEnd();
    J.attributeEnd();
    J.objectEnd();
  }
  J.arrayEnd();
  J.attributeEnd();
  J.attribute("title", Set.Title);
  J.attribute("version", 1);
  J.objectEnd();
  OS.flush();
  return jsonWithoutControls(Out) + "\n";
}

std::optional<std::string> inPosition(Compilation &C) {
  auto Moves = positionMoves(C);
  if (!Moves)
    return std::nullopt;
  const Board &B = C.set().board();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("position", C.Inv.Position);
    J.attribute("side", Moves->SideWord);
    J.attribute("moves", int64_t(Moves->Count[0] + Moves->Count[1]));
    J.attributeArray("pieces", [&] {
      for (const PlacedMove &M : Moves->All)
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

} // namespace

const BackendInfo fairy::JsonBackend = {
    "json",
    "moves from every square (or --from) and the IR, as JSON",
    /*OnePiece=*/onePiece,
    /*RefusesOnePiece=*/nullptr,
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/inPosition,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"--board --position --from --side --moved --engine"};
