//===- EmitParlett.cpp - --emit=parlett -----------------------------------===//
//
// The piece written in Parlett's notation: one notation's piece as
// one line; a set as a piece file whose movements are all written so.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "PieceFileWriter.h"

using namespace fairy;

namespace {

std::optional<std::string> emit(Compilation &C) {
  return C.fromNotation() ? writePiece(C, WrittenIn::Parlett)
                          : writePieceFile(C, WrittenIn::Parlett);
}

} // namespace

const BackendInfo fairy::ParlettBackend = {
    "parlett",
    "the piece written in Parlett's notation",
    /*RefusesOnePiece=*/nullptr,
    /*RefusesPieceSet=*/nullptr,
    /*EmitPosition=*/nullptr,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"-O ",
    emit};
