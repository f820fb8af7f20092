//===- EmitFairy.cpp - --emit=fairy ---------------------------------------===//
//
// The piece written in fairy-notation: one notation's piece as
// one line; a set as a piece file whose movements are all written so.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "PieceFileWriter.h"

using namespace fairy;

namespace {

std::optional<std::string> onePiece(Compilation &C) {
  return writePiece(C, WrittenIn::Fairy);
}

std::optional<std::string> pieceSet(Compilation &C) {
  return writePieceFile(C, WrittenIn::Fairy);
}

} // namespace

const BackendInfo fairy::FairyBackend = {"fairy",
                                         "the piece written in fairy-notation",
                                         /*OnePiece=*/onePiece,
                                         /*RefusesOnePiece=*/nullptr,
                                         /*PieceSet=*/pieceSet,
                                         /*RefusesPieceSet=*/nullptr,
                                         /*Position=*/nullptr,
                                         /*ManyInputs=*/false,
                                         /*ShowsOrigin=*/false,
                                         /*Options=*/"-O"};
