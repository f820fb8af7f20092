//===- EmitDot.cpp - --emit=dot -------------------------------------------===//
//
// One piece's IR as a Graphviz graph: the tree of IR nodes, or (--dot=
// automaton) the moveset as an automaton whose edges are legs.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"

#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/Dot.h"

using namespace fairy;

namespace {

std::optional<std::string> onePiece(Compilation &C) {
  auto IR = C.pieceIR();
  if (!IR)
    return std::nullopt;
  return C.Inv.Dot == DotStyle::Automaton ? movesetToDotAutomaton(**IR)
                                          : irToDot(**IR);
}

} // namespace

const BackendInfo fairy::DotBackend = {
    "dot", "the IR as a Graphviz graph",
    /*OnePiece=*/onePiece,
    /*RefusesOnePiece=*/nullptr,
    /*PieceSet=*/nullptr,
    /*RefusesPieceSet=*/
    "--emit=dot draws one piece's IR; a piece file has many (use --emit=ir, "
    "or give one piece's notation)",
    /*Position=*/nullptr,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"--dot --board --position -O"};
