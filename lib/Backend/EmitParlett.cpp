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

std::optional<std::string> onePiece(Compilation &C) {
  return writePiece(C, WrittenIn::Parlett);
}

std::optional<std::string> pieceSet(Compilation &C) {
  return writePieceFile(C, WrittenIn::Parlett);
}

} // namespace

const BackendInfo fairy::ParlettBackend = {
    "parlett",
    "the piece written in Parlett's notation",
    /*OnePiece=*/onePiece,
    /*RefusesOnePiece=*/nullptr,
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/nullptr,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"-O"};
