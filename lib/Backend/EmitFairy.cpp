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

std::optional<std::string> emit(Compilation &C) {
  return C.fromNotation() ? writePiece(C, WrittenIn::Fairy)
                          : writePieceFile(C, WrittenIn::Fairy);
}

} // namespace

const BackendInfo fairy::FairyBackend = {"fairy",
                                         "the piece written in fairy-notation",
                                         /*RefusesOnePiece=*/nullptr,
                                         /*RefusesPieceSet=*/nullptr,
                                         /*EmitPosition=*/nullptr,
                                         /*ManyInputs=*/false,
                                         /*ShowsOrigin=*/false,
                                         /*Options=*/"-O ",
                                         emit};
