//===- VariantsIniRules.h - What a variants.ini section leaves --*- C++ -*-===//
//
// The rules a variants.ini section and its parents leave for the moves of
// pieces: the board, the pieces, the regions of double steps, promotion and
// mobility, and the rules fairyc does not model. A section's RuleState is
// its parent's with the section's entries applied, so a resolved parent's
// state is copied, never re-read. What grows with the number of entries
// along a chain (mobility regions, unsupported rules) is a list shared with
// the parents, so a copy costs the same at any depth.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PIECEFILE_VARIANTSINIRULES_H
#define FAIRY_PIECEFILE_VARIANTSINIRULES_H

#include "VariantsIniText.h"

#include "fairy/Eval/BoardStyle.h"

#include <bitset>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fairy {
namespace ini {

/// A Fairy-Stockfish Bitboard: squares of its largest board, 12 files by
/// 10 ranks (bit file + 12 * rank); a board keeps those it has.
constexpr int RegionFiles = 12, RegionRanks = 10;
using Region = std::bitset<RegionFiles * RegionRanks>;

Region rankRegion(int Rank); // 1-based
/// Fairy-Stockfish's zone_bb: the ranks from relative rank \p Rank to the
/// far end, for White or Black.
Region zoneFrom(int Rank, bool Black, int MaxRank);

/// Fairy-Stockfish's predefined piece types and their Betza strings, as its
/// variants.ini documents them.
const std::map<std::string, std::string> &predefinedPieces();

/// A piece as a section (and its parents) leave it: views into the
/// variants.ini texts or the predefined pieces.
struct IniPiece {
  llvm::StringRef Type; ///< "knight", "customPiece1"
  char Letter;
  llvm::StringRef Betza;
  /// The entry that set it (for a custom piece, its Betza string follows
  /// the letter and colon); none for one of [chess] without a parent.
  const Entry *From = nullptr;
};

/// An error of a section's rules, located in its text; reported (again)
/// by every import of the section and of those that inherit from it.
struct Failure {
  bool Builtin;
  size_t Begin, End;
  std::string Message;
  /// The text that replaces Begin..End, when one repair is obvious (the
  /// one known parent nearest to a misspelt one).
  std::optional<std::string> FixIt = std::nullopt;
};

/// Lists shared by a section's state with its parents' (newest first).
struct MobilityNode {
  bool Black;
  std::string Type;
  Region R;
  const MobilityNode *Prev;
};
struct UnsupportedNode {
  const Entry *E;
  const UnsupportedNode *Prev;
};
/// Where the nodes of those lists live: as long as the importer.
struct RuleArena {
  std::deque<MobilityNode> Mobility;
  std::deque<UnsupportedNode> Unsupported, Carried, Uncarried;
};

/// The rules that change where pieces go, as Fairy-Stockfish's defaults
/// leave them before a section without a parent (regions by side: White,
/// then Black).
struct RuleState {
  int Files = 8, Ranks = 8;
  std::vector<IniPiece> Pieces; ///< at most one per letter: 26
  /// The startFen entry, if any; else chess's start position.
  const Entry *StartFenFrom = nullptr;
  bool DoubleStep = true;
  /// How pictures draw the board: the family of the built-in variant the
  /// section descends from.
  BoardStyle Style = BoardStyle::Auto;
  Region DoubleStepRegion[2] = {rankRegion(2), rankRegion(7)};
  Region TripleStepRegion[2] = {};
  Region PromotionRegion[2] = {rankRegion(8), rankRegion(1)};
  /// By side and piece type ("rook", "customPiece1"), newest first.
  const MobilityNode *Mobility = nullptr;
  /// Janggi's palace diagonals: squares along which pieces that move
  /// orthogonally also move diagonally.
  Region DiagonalLines;
  /// Cambodian makruk's first moves: the king's knight leap to the next
  /// rank, the met's (fers's) two squares forward.
  bool CambodianMoves = false;
  int SoldierPromotionRank = 1;
  int DoubleStepRank = 2, DoubleStepRankMin = 2;
  /// The predefined type the king moves as (built-in variants only).
  llvm::StringRef KingType = "king";
  /// Entries of rules fairyc does not model, newest first.
  const UnsupportedNode *Unsupported = nullptr;
  /// Every entry fairyc carries without modelling it (game rules:
  /// castling, drops, game ends...), newest first: what an export writes
  /// back.
  const UnsupportedNode *Carried = nullptr;
  /// Where a section of the user's file names a built-in parent: the
  /// rules of the built-in variant are reported there.
  const Entry *BuiltinParent = nullptr;

  llvm::StringRef startFen() const;
  /// The mobility region of \p Type for a side, or nullptr.
  const Region *mobility(bool Black, llvm::StringRef Type) const;
  /// The unsupported rules' entries, oldest first.
  std::vector<const Entry *> unsupported() const;
  /// Rules of built-in variants that Fairy-Stockfish has no key for
  /// (BuiltinVariants.ini states them with keys of fairyc's own: kingType,
  /// freeDrops), newest first: an export cannot write them.
  const UnsupportedNode *Uncarried = nullptr;
  /// The entry that set KingType, if any.
  const Entry *KingTypeFrom = nullptr;
  /// The carried entries, oldest first, one per key (the newest value).
  std::vector<const Entry *> carried() const;
  /// Every carried entry of \p Key along the chain, oldest first.
  std::vector<const Entry *> carriedAll(llvm::StringRef Key) const;

  /// Applies section \p S over this state (its parent's): its family's
  /// board style, its entries in order, then what Fairy-Stockfish
  /// concludes. Throws a Failure at the first entry that cannot be read.
  void applySection(const Section &S, RuleArena &A);

private:
  void apply(const Entry &E, RuleArena &A);
  bool applyRule(const Entry &E, RuleArena &A);
  void setPiece(llvm::StringRef Type, char Letter, llvm::StringRef Betza,
                const Entry &From);
  void conclude();
};

} // namespace ini
} // namespace fairy

#endif
