//===- BitboardSet.h - A piece set's bitboard tables ------------*- C++ -*-===//
//
// What --emit=bitboard and --emit=movegen both give emitBitboard for a piece
// set: its table views as pieces, and the rules and piece table the header
// carries. Private to the back ends.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_BITBOARDSET_H
#define FAIRY_LIB_BACKEND_BITBOARDSET_H

#include "fairy/Backend/Bitboard.h"
#include "fairy/Backend/PieceViews.h"
#include "fairy/PieceFile/PieceSet.h"

#include <set>
#include <vector>

namespace fairy {

/// The table views \p Views as the header's pieces; with \p Families, a
/// piece's White and Black views also get functions taking the side.
std::vector<BitboardPiece> bitboardPieces(const std::vector<PieceView> &Views,
                                          bool Families);

/// The start squares and promotion zones the file states, the pieces of
/// \p Views for the index-based API (\p SideSpecific: those whose White and
/// Black moves differ; \p Incomplete: those left out) and what pieces
/// promote to.
BitboardRules bitboardRulesOf(const PieceSet &Set,
                              const std::vector<PieceView> &Views,
                              const std::set<const PieceDef *> &SideSpecific,
                              const std::set<const PieceDef *> &Incomplete);

} // namespace fairy

#endif
