//===- PositionMoves.h - Every piece's moves in a position ------*- C++ -*-===//
//
// A piece file (or variants.ini section) with --position: the pieces of
// the side to move (or of --side, or of both sides with --side=both)
// standing in the position, each with its destinations there, as JSON, as
// a list, or as a sheet of pictures (one per piece, moves told apart by
// kind as --emit=svg does). `--position=start` is the
// set's start position (`start "FEN";`, a section's startFen). With a start
// position, a piece that does not stand where the start position has a
// piece of its kind and side counts as moved (initial moves are gone).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PIECEFILE_POSITIONMOVES_H
#define FAIRY_PIECEFILE_POSITIONMOVES_H

#include "fairy/PieceFile/PieceSetOutput.h"

#include <optional>
#include <string>

namespace fairy {

/// The moves of \p Set's pieces in \p FEN ("start" for the set's start
/// position); nullopt after reporting an error.
std::optional<std::string> emitPositionMoves(DiagnosticEngine &Diags,
                                             const PieceSet &Set,
                                             const std::string &FEN,
                                             const SetOptions &Opts);

} // namespace fairy

#endif
