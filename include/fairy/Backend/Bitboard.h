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
// occupancy of those squares. docs/backends.md describes it. A White and
// a Black piece of one family (BitboardPiece::Family) also get
//   fairy_attacks_<family>(side, square, occupied)   (and quiets, captures)
// with side 0 for White and 1 for Black, over tables whose rows are the
// two sides.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_BITBOARD_H
#define FAIRY_BACKEND_BITBOARD_H

#include "fairy/Backend/BitboardIndex.h"
#include "fairy/Eval/Board.h"
#include "fairy/Eval/Position.h"
#include "fairy/IR/Node.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

struct BitboardPiece {
  std::string Name;          ///< a C identifier
  NodeRef IR;                ///< after -O1
  Color Side = Color::White; ///< whose moves the tables hold
  /// A C identifier naming the piece for both sides: the White and the
  /// Black piece of one family (pawn_white, pawn_black: pawn) also get
  /// functions taking the side, fairy_attacks_pawn(side, sq, occupied).
  /// Empty for a piece that moves alike for both.
  std::string Family = {};
};

/// A piece of a piece set as the header's index-based API gives it:
/// fairy_pieces[i], FAIRY_PIECE_<IDENTIFIER>, fairy_attacks(i, side, sq,
/// occupied) and the rest.
struct BitboardPieceInfo {
  std::string Identifier; ///< a C identifier
  std::string Name;       ///< as written (user text)
  char Letter = '?';
  bool Royal = false;
  bool SideSpecific = false; ///< White's and Black's moves differ
  /// Per side (0 White, 1 Black): the header's piece (BitboardPiece::Name)
  /// whose functions give its moves, and the one of the unmoved piece
  /// (the same when it has no initial moves); empty where the header has
  /// none (--side).
  std::array<std::string, 2> Moves, Initial;
  bool Promotes = false; ///< `promote P to ...` names it
};

/// Rules of the game a header carries for engines when the piece file
/// states them (`start`, `promotion`): fairy_start_<piece>(side) and
/// fairy_promotion_zone(side).
struct BitboardRules {
  /// Per piece (its C identifier): the squares of White's and of Black's
  /// pieces in the start position.
  std::vector<std::pair<std::string, std::array<SquareSet, 2>>> Start;
  /// White's and Black's promotion zones.
  std::optional<std::array<SquareSet, 2>> Promotion;
  /// The squares of each zone the pieces' guard<zone N> test: fixed
  /// squares, so such a guard is tabulated like the board's edges.
  std::map<int, SquareSet> Zones;
  /// The pieces of a piece set, in order, for the index-based API; empty
  /// for one notation's pieces, which have no such API.
  std::vector<BitboardPieceInfo> Pieces;
  /// `promote P to Q R B N;`: the indices in Pieces of what pieces promote
  /// to.
  std::optional<std::vector<int>> PromotionTypes;
  /// Whether a piece's functions may take a last parameter, same_type (the
  /// pieces of its type: a janggi cannon hops neither over nor onto its
  /// own type). Otherwise such pieces are refused, for callers whose code
  /// calls every function with (sq, occupied).
  bool SameTypeParameter = false;
};

/// A piece emitBitboard left out, and why.
struct SkippedPiece {
  size_t Index; ///< in the pieces given
  std::string Why;
};

/// The header for \p Pieces on \p B, or nullopt with \p Error. With
/// \p Skipped, a piece that cannot be tabulated is left out and listed there
/// instead (the header has the others; nullopt if none is left).
std::optional<std::string>
emitBitboard(const std::vector<BitboardPiece> &Pieces, const Board &B,
             const std::string &Comment, std::string &Error,
             BitboardIndex Index = BitboardIndex::Magic,
             const BitboardRules &Rules = BitboardRules(),
             std::vector<SkippedPiece> *Skipped = nullptr);

} // namespace fairy

#endif
