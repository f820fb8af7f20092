//===- Bitboard.h - Attack tables for bitboard engines ----------*- C++ -*-===//
//
// --emit=bitboard: a C99/C++17 header with, per piece,
//   fairy_attacks_<piece>(square, occupied)   every destination
//   fairy_quiets_<piece>(square, occupied)    destinations of moves that
//                                             capture nothing
//   fairy_captures_<piece>(square, occupied)  destinations of capturing moves
// where `occupied` holds every piece on the board. Occupied squares count
// as capturable: an engine masks captures with the opponent's pieces.
// Each part of the moveset is a magic-bitboard table: per square, the
// squares whose occupancy matters (found by the fast evaluator's relevance
// probe, then trimmed to those that change the result), a multiplier found
// at compile time from a fixed seed, and the destinations for every
// occupancy of those squares. docs/backends.md describes it.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_BITBOARD_H
#define FAIRY_BACKEND_BITBOARD_H

#include "fairy/Backend/BitboardIndex.h"
#include "fairy/Eval/Board.h"
#include "fairy/Eval/Position.h"
#include "fairy/IR/Node.h"

#include <optional>
#include <string>
#include <vector>

namespace fairy {

struct BitboardPiece {
  std::string Name;          ///< a C identifier
  NodeRef IR;                ///< after -O1
  Color Side = Color::White; ///< whose moves the tables hold
};

/// The header for \p Pieces on \p B, or nullopt with \p Error.
std::optional<std::string>
emitBitboard(const std::vector<BitboardPiece> &Pieces, const Board &B,
             const std::string &Comment, std::string &Error,
             BitboardIndex Index = BitboardIndex::Magic);

} // namespace fairy

#endif
