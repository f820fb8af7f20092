//===- MovegenModel.h - What a generated move generator knows ---*- C++ -*-===//
//
// --emit=movegen in two steps, as the bitboard back end: EmitMovegen.cpp
// reads a piece set into this model (the pieces' table views, what their
// moves look like to legality, the game rules it generates), and
// MovegenWriter.cpp writes the C text from it. Private to the back end.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_MOVEGENMODEL_H
#define FAIRY_LIB_BACKEND_MOVEGENMODEL_H

#include "BitboardTables.h"

#include "fairy/Eval/Board.h"
#include "fairy/Eval/Color.h"
#include "fairy/IR/Node.h"

#include <array>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace fairy {
namespace movegen {

using bitboard::Bits;

/// One path of a move that captures on the way (a locust's, a lion's), on
/// the board from one square: the squares its legs land on, what each may
/// find there (Land's mask: 1 empty, 2 own piece, 4 the opponent's), and
/// whether it takes what it finds.
struct LocustPath {
  std::vector<unsigned> Squares;
  std::vector<uint8_t> Lands;
  std::vector<bool> Takes;
  bool operator<(const LocustPath &O) const {
    return std::tie(Squares, Lands, Takes) <
           std::tie(O.Squares, O.Lands, O.Takes);
  }
};

/// One piece type of the game, for both sides.
struct PieceType {
  std::string Name;       ///< as written, for the piece table
  std::string Identifier; ///< a C identifier
  char Letter = '?';      ///< upper case
  bool Royal = false;
  bool SideSpecific = false;
  /// Per side: its capturing parts, one word each, and whether every part
  /// moves as it captures (its destinations are its attacks less its own
  /// pieces: one lookup, not two).
  std::array<std::set<std::string>, 2> Signature;
  std::array<bool, 2> Plain = {false, false};
  /// Types whose captures together are this type's: attackers count its
  /// pieces with theirs instead of looking it up.
  std::vector<int> CoveredBy;
  /// Its lookups take the pieces of its type (a janggi cannon's hop).
  bool SameType = false;
  /// The table views' names by side: the moved piece's, and the unmoved
  /// piece's when initial moves make it differ (else empty).
  std::array<std::string, 2> Moved, Unmoved;
  /// Whether its captures, turned half round, are where the other side's
  /// pieces of this type attack a square from (leapers and riders): then
  /// attackers-to is one lookup, otherwise each piece is tested.
  bool Reversible = false;
  /// When not: per side and square, the squares from which a piece of this
  /// type might capture there under some occupancy (a superset), so that
  /// only those pieces are tested.
  std::array<std::vector<Bits>, 2> MaybeFrom;
  /// Without the fast legality test: per side and square, the squares
  /// whose occupancy may decide whether this type captures there.
  std::array<std::vector<Bits>, 2> RelevantTo;
  /// Whether those squares are always between the piece and the square
  /// (on the line of their primitive step).
  bool Linear = false;
  /// En passant: per side and square, where it may take en passant (the
  /// squares its en passant moves land on); empty when it cannot.
  std::array<std::vector<Bits>, 2> EnPassant;
  /// Whether its moves from its start square make en passant squares
  /// (a pawn's double step): a non-royal piece with initial moves.
  bool MakesEnPassant = false;
  /// For the fast legality test (Model::Fast): per side and square, the
  /// squares from which this type's rider parts reach the square on the
  /// empty board, and those from which its leaper parts do.
  std::array<std::vector<Bits>, 2> RiderFrom, LeaperFrom;
  /// Moves that capture on the way: per side and square, their paths (none
  /// for a piece without such moves; the tables hold its other moves).
  std::array<std::vector<std::vector<LocustPath>>, 2> Locust;
  bool hasLocust() const { return !Locust[0].empty() || !Locust[1].empty(); }
  /// Promotion: whether it promotes in the zone, and whether it must.
  bool Promotes = false;
};

struct Model {
  explicit Model(Board B) : B(std::move(B)) {}
  Board B;
  std::vector<PieceType> Types;
  /// Pins and check masks are exact: every capture of every piece is a
  /// leaper's or a rider's along a line of primitive steps, so that only
  /// a rider's line can be blocked or opened by a move.
  bool Fast = false;
  /// Why not, for the header's comment.
  std::string WhyNotFast;
  /// Promotion: each side's zone, the types chosen, and whether a piece
  /// reaching the zone must promote.
  std::array<Bits, 2> PromotionZone = {0, 0};
  std::vector<int> PromotionChoices;
  bool MandatoryPromotion = true;
  /// Castling: the king's type (-1: none), the rooks' types, and the files
  /// the king goes to on the king's and the queen's side.
  int CastlingKing = -1;
  std::vector<int> CastlingRooks;
  int KingsideFile = 6, QueensideFile = 2;
  /// Kings may not face each other on an open file (xiangqi).
  bool FlyingGeneral = false;
  /// Per side, the squares where it may take en passant.
  std::array<Bits, 2> EnPassantRegion = {~Bits(0), ~Bits(0)};
  /// Captures are compulsory (Fairy-Stockfish's mustCapture: antichess).
  bool MustCapture = false;
  /// Whether a move may give check (Fairy-Stockfish's checking = false, as
  /// in racing kings, forbids it).
  bool Checking = true;
  /// A side may pass (Fairy-Stockfish's pass = true: janggi), written as
  /// its royal piece's move to its own square.
  bool Pass = false;
  /// Per type and side: the squares of the start position (a piece there
  /// counts as unmoved when a FEN is read).
  std::vector<std::array<Bits, 2>> Start;
  bool HasStart = false;
  std::string StartFEN;
  /// The bitboard header with the pieces' tables.
  std::string Tables;
  std::string Comment;
};

/// The parts of \p IR that capture on the way, as paths on \p B from each
/// square for \p Side (zones from \p Zones); false with \p Why when a part
/// cannot be listed so (a ride without end, more than one capture on the
/// way, a condition other than a zone).
bool locustPaths(const std::vector<NodeRef> &Parts, const Board &B, Color Side,
                 const std::map<int, SquareSet> &Zones,
                 std::vector<std::vector<LocustPath>> &Out, std::string &Why);

/// The C text of the move generator for \p M.
std::string writeMovegen(const Model &M);

} // namespace movegen
} // namespace fairy

#endif
