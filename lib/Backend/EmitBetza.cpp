//===- EmitBetza.cpp - --emit=betza ---------------------------------------===//
//
// The piece written in Betza (Fairy-Stockfish's reading): one notation's piece
// as one line; a set as a piece file whose movements are all written so.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "PieceFileWriter.h"

using namespace fairy;

namespace {

std::optional<std::string> emit(Compilation &C) {
  return C.fromNotation() ? writePiece(C, WrittenIn::Betza)
                          : writePieceFile(C, WrittenIn::Betza);
}

} // namespace

const BackendInfo fairy::BetzaBackend = {
    "betza",
    "the piece written in Betza (Fairy-Stockfish's reading)",
    /*RefusesOnePiece=*/nullptr,
    /*RefusesPieceSet=*/nullptr,
    /*EmitPosition=*/nullptr,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"-O --betza-style",
    emit};
