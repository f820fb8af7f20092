//===- EmitIR.cpp - --emit=ir ---------------------------------------------===//
//
// The textual moveset IR (docs/ir.md): of one notation's piece, after the
// passes; of a set, the piece file with every movement written in the IR.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "PieceFileWriter.h"

#include "fairy/Backend/Compilation.h"
#include "fairy/IR/Printer.h"

using namespace fairy;

namespace {

std::optional<std::string> onePiece(Compilation &C) {
  auto IR = C.pieceIR();
  if (!IR)
    return std::nullopt;
  return printIR(**IR);
}

std::optional<std::string> pieceSet(Compilation &C) {
  return writePieceFile(C, WrittenIn::IR);
}

} // namespace

const BackendInfo fairy::IRBackend = {"ir",
                                      "the textual moveset IR",
                                      /*OnePiece=*/onePiece,
                                      /*RefusesOnePiece=*/nullptr,
                                      /*PieceSet=*/pieceSet,
                                      /*RefusesPieceSet=*/nullptr,
                                      /*Position=*/nullptr,
                                      /*ManyInputs=*/false,
                                      /*ShowsOrigin=*/false,
                                      /*Options=*/"--board --position -O"};
