//===- BitboardTables.h - Tabulated parts of bitboard pieces ----*- C++ -*-===//
//
// What Bitboard.cpp computes and BitboardHeader.cpp writes: per piece, its
// parts, each a table of destinations per square and relevant occupancy,
// and how an engine looks it up (one load, one square's test, or a magic
// multiplier). Private to the back end.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_BITBOARDTABLES_H
#define FAIRY_LIB_BACKEND_BITBOARDTABLES_H

#include "fairy/Backend/Bitboard.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fairy {
namespace bitboard {

/// A set of up to 128 squares: boards of up to 64 squares use the low half
/// only, and their headers use uint64_t.
using Bits = unsigned __int128;

inline uint64_t lo(Bits B) { return uint64_t(B); }
inline uint64_t hi(Bits B) { return uint64_t(B >> 64); }

/// One square of one part: the squares that matter, the multiplier (a pair
/// for the two halves of a 128-square board), and the destinations by index.
struct Entry {
  Bits Mask = 0;
  uint64_t MagicLo = 0, MagicHi = 0;
  unsigned Shift = 63;
  std::vector<Bits> All, Quiet, Capture;
  /// For a part whose hurdle must not be of the mover's type (SameType):
  /// each entry's hurdle (empty where the part has no move).
  std::vector<Bits> Hurdle;

  /// The table index of the relevant occupancy \p Occ: the halves are
  /// multiplied separately and combined, as in Fairy-Stockfish's large
  /// boards; on small boards the high half is 0.
  size_t index(Bits Occ) const {
    return (lo(Occ) * MagicLo ^ hi(Occ) * MagicHi) >> Shift;
  }
};

/// How a part's one stored set S gives its destinations (occ: the board's
/// occupancy). Quiet-only and capture-only parts leave the occupied
/// (respectively empty) squares of S free, so the ends of rays need no index
/// bit, as for a plain slider.
enum class Kind {
  Plain,       ///< attacks S; quiets S & ~occ; captures S & occ
  QuietOnly,   ///< quiets and attacks S & ~occ; no captures
  CaptureOnly, ///< captures and attacks S & occ; no quiet moves
  Mixed,       ///< three stored sets: attacks, quiets, captures
};

/// The stored set of entry \p I for a part of kind \p K (Mixed: attacks).
inline Bits stored(const Entry &En, size_t I, Kind K) {
  return K == Kind::QuietOnly     ? En.Quiet[I]
         : K == Kind::CaptureOnly ? En.Capture[I]
                                  : En.All[I];
}

/// How an engine finds a part's destinations.
enum class Lookup {
  Leaper,     ///< one load: the destinations do not depend on occupancy
  OneBlocker, ///< one square's test picks one of two sets
  Magic,      ///< a magic (or PEXT) index into the part's own tables
  Shared,     ///< the tables of an equal part of an earlier piece
  /// The tables of a rider part whose rays include this part's (fR in a
  /// rook, R3 in a rook, fNN in NN), masked by this part's squares per
  /// square (Squares: one set each).
  Subset,
};

struct PartTables {
  /// Per square of the board (empty if Shared; the mask if Subset).
  std::vector<Entry> Squares;
  Kind K = Kind::Plain;
  Lookup How = Lookup::Magic;
  /// For Shared and Subset: the piece and part whose tables are looked up
  /// (a queen looks up the rook's and the bishop's, a lance the rook's).
  size_t SharedPiece = 0, SharedPart = 0;
  NodeRef Part; ///< the moveset tabulated
  /// A hop over a hurdle, onto a square, neither holding a piece of the
  /// mover's type (guard<!sametype> at both: the janggi cannon), along one
  /// ray: Plain, with a hurdle per entry. Its moves are
  /// (hurdle & same_type) ? 0 : S & ~same_type, where same_type holds the
  /// pieces of the mover's type, the functions' last parameter.
  bool SameType = false;
};

struct TabulatedPiece {
  const BitboardPiece *Piece;
  std::vector<PartTables> Tables;
};

/// The moveset as a union of parts, symmetries pushed into alternatives so
/// that a queen becomes a rook part and a bishop part.
void splitParts(const NodeRef &N, std::vector<NodeRef> &Parts);

/// A rider: from its square along each direction, up to MaxSteps steps
/// (0: to the edge), over empty squares to the first empty or occupied one.
/// Rooks, bishops, queens' parts, nightriders and short-range riders in
/// every notation come out of the passes as seq(ride<0..n>(leg(v; empty)),
/// leg(v; notfriend)) under a symmetry; their tables are walked on the board
/// instead of evaluated, as an engine author's initialisation would.
struct RiderShape {
  std::vector<Vec> Dirs;
  int MaxSteps = 0;
};

std::optional<RiderShape> riderShape(const NodeRef &Part);

/// The squares of each ray of \p R from \p Origin, nearest first. Black's
/// moves are White's turned half round, as the evaluators turn them.
std::vector<std::vector<unsigned>> raysOf(const RiderShape &R, const Board &B,
                                          unsigned Origin, Color Side);

/// The header text for \p Pieces (tabulated in order, multipliers
/// assigned).
std::string writeHeader(const std::vector<TabulatedPiece> &Pieces,
                        const Board &B, const std::string &Comment,
                        BitboardIndex Index, const BitboardRules &Rules);

} // namespace bitboard
} // namespace fairy

#endif
