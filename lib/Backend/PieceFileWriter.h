//===- PieceFileWriter.h - A piece in another notation ---------*- C++ -*-===//
//
// What --emit=betza, fairy, parlett (and ir, for a set) share: one
// notation's piece written in the target notation, and a piece set written
// as a piece file whose movements are all in it.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_PIECEFILEWRITER_H
#define FAIRY_LIB_BACKEND_PIECEFILEWRITER_H

#include "fairy/Backend/Compilation.h"

namespace fairy {

enum class WrittenIn { Betza, Fairy, Parlett, IR };

/// One notation's piece in \p Target (not IR), from its board-independent
/// IR after the passes; nullopt after an error located at its text.
std::optional<std::string> writePiece(Compilation &C, WrittenIn Target);

/// The set as a piece file whose movements are in \p Target; a piece that
/// cannot be written there but tests zones is written in the IR, with a
/// warning.
std::optional<std::string> writePieceFile(Compilation &C, WrittenIn Target);

} // namespace fairy

#endif
