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

std::optional<std::string> onePiece(Compilation &C) {
  return writePiece(C, WrittenIn::Betza);
}

std::optional<std::string> pieceSet(Compilation &C) {
  return writePieceFile(C, WrittenIn::Betza);
}

} // namespace

const BackendInfo fairy::BetzaBackend = {
    "betza",
    "the piece written in Betza (Fairy-Stockfish's reading)",
    /*OnePiece=*/onePiece,
    /*RefusesOnePiece=*/nullptr,
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/nullptr,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"-O --betza-style"};
