//===- PieceSet.h - A game's board and pieces --------------------*- C++
//-*-===//
//
// What a piece file (.fairy, docs/piece-files.md) or a Fairy-Stockfish
// variants.ini section describes: the board, and for every piece its name,
// its letter and its movement for each side, each movement written in one
// of fairyc's notations. Readers check everything they can and report
// problems located in the file -- inside a notation string, at the
// offending character of the string.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PIECEFILE_PIECESET_H
#define FAIRY_PIECEFILE_PIECESET_H

#include "fairy/Eval/Board.h"
#include "fairy/Eval/BoardStyle.h"
#include "fairy/Eval/Position.h"
#include "fairy/IR/Node.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Support/Diagnostics.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

/// One notation string of a piece.
struct PieceMovement {
  /// The side it is for; nullopt for both. Each side's movement is written
  /// from that side's point of view (forward is toward the opponent).
  std::optional<Color> Side;
  const NotationInfo *Notation = nullptr;
  std::string Text;
  /// The notation text as a buffer of the diagnostics engine, embedded in
  /// the file it was written in.
  unsigned Buffer = 0;
  /// Where the movement is written (the notation's name).
  llvm::SMRange Range;
  NodeRef IR;
};

/// How a Fairy-Stockfish section writes a piece: its piece type
/// ("knight", "king", "customPiece1") and the Betza string it moves by
/// (the type's own for a predefined one).
struct FairyStockfishPiece {
  std::string Type, Betza;
  /// Whether Betza is the predefined type's own (the key gives only the
  /// letter: "knight = n").
  bool TypesOwnMoves = false;
};

struct PieceDef {
  std::string Name;       ///< as written: "dragon king"
  std::string Identifier; ///< a C identifier made of the name: dragon_king
  char Letter = '?';      ///< upper case; Black's is its lower case
  bool Royal = false;
  std::string File; ///< the file that defined it
  llvm::SMRange NameRange, LetterRange;
  std::vector<PieceMovement> Moves;
  /// `confine L squares;`: the zone (of PieceSet::Zones) where each side's
  /// moves must end, or 0 -- Fairy-Stockfish's mobility regions.
  int ConfineZone[2] = {0, 0};
  /// For a piece imported from a variants.ini section: how the section
  /// wrote it, which an export writes back (its moves carry the section's
  /// regions, which the section states as keys of their own).
  std::optional<FairyStockfishPiece> AsFairyStockfish;

  bool appliesTo(const PieceMovement &M, Color Side) const {
    return !M.Side || *M.Side == Side;
  }
  /// Whether some movement is for one side only.
  bool hasSideSpecificMovements() const {
    for (const PieceMovement &M : Moves)
      if (M.Side)
        return true;
    return false;
  }
  /// Whether the sides' moves may differ: a movement for one side, or
  /// confinement to zones of their own (a xiangqi palace each).
  bool hasSideSpecificMoves() const {
    return hasSideSpecificMovements() || ConfineZone[0] != ConfineZone[1];
  }
  /// The movesets of \p Side: every movement for it, as alternatives (an
  /// empty alt for a piece that cannot move).
  NodeRef movesFor(Color Side) const;
  /// The same without the confinement (what the notations write; the
  /// `confine` statement says the rest).
  NodeRef unconfinedMovesFor(Color Side) const;
  /// "betza 'N'", or "white betza 'fW', black betza 'bW'"; with \p Side,
  /// the movements of that side only, without the side.
  std::string describe(std::optional<Color> Side = std::nullopt) const;
};

/// A Fairy-Stockfish variants.ini key = value that fairyc carries without
/// modelling it -- a game rule (castling, drops, promotion choices, game
/// ends, legality...) -- kept from an imported section or stated in a
/// piece file, and written back by --emit=variants-ini.
struct GameRule {
  std::string Key, Value;
  /// Where it is stated (the key to the end of the value); none for a
  /// rule a reader derived (an imported section's resolved regions).
  llvm::SMRange Range;
};

struct PieceSet {
  std::string Title; ///< from `game "..."`; may be empty
  /// Always set by the readers; false BoardGiven means the default 8x8.
  std::optional<Board> TheBoard;
  bool BoardGiven = false;
  /// Where the board is declared (a piece file's `board` statement).
  llvm::SMRange BoardRange;
  /// How pictures draw the board: `board ... style NAME;`, or the family
  /// of an imported variant (xiangqi, janggi, shogi); Auto if not said.
  BoardStyle Style = BoardStyle::Auto;
  const Board &board() const { return *TheBoard; }
  std::vector<PieceDef> Pieces;
  /// `start "FEN";`: the game's start position, if the file gives one
  /// (the main file's, else an include's).
  std::optional<Position> Start;
  std::string StartFEN; ///< as written
  /// Why a start position that was given could not be read (a built-in
  /// variant's with promoted pieces): what --position=start reports.
  std::string StartUnreadable;

  /// `promotion ...;`: each side's promotion zone (by Color), if given.
  std::optional<SquareSet> Promotion[2];
  /// Where the promotion zone is stated (the first `promotion` statement).
  llvm::SMRange PromotionRange;
  /// The zones the pieces' `guard<zone N>` test (variants.ini regions).
  std::map<int, SquareSet> Zones;
  /// The game rules carried for Fairy-Stockfish, one per key, in the order
  /// stated. An imported section's hold every key it and its parents set
  /// that fairyc does not model, its start FEN as written, and the regions
  /// it resolved (so that its pieces, written back as the section wrote
  /// them, move as before).
  std::vector<GameRule> Rules;
  /// Rules of the game that no Fairy-Stockfish key states (a built-in
  /// variant's king that moves as a wazir along janggi's palace lines,
  /// ataxx's free drops), each located where fairyc states it, with why:
  /// an export warns that its game differs.
  std::vector<GameRule> Uncarried;
  /// Whether the set is an imported variants.ini section (whose Rules are
  /// complete as they are).
  bool Imported = false;

  /// The rule \p Key, or nullptr.
  const GameRule *rule(llvm::StringRef Key) const;
  /// Sets rule \p Key (replacing one of that key, else appending).
  void setRule(GameRule R);

  /// The moves of every piece for both sides, and the royal letters: what
  /// positions need for attack conditions and Betza's k and t.
  void describeTo(Position &P) const;
  const PieceDef *findByLetter(char Letter) const;
};

struct PieceFileOptions {
  /// Read Betza as XBoard does (--betza=xboard).
  bool XBoardBetza = false;
  /// Replaces the board the file declares (fairyc --board).
  std::optional<Board> BoardOverride;
  /// Whether include statements may read files (the fuzzer says no).
  bool AllowIncludes = true;
  /// Where the includes of a piece file given as text are found
  /// (readPieceFileText); empty: the current directory. An editor's unsaved
  /// document includes files next to it.
  std::string IncludeDir;
  /// A piece whose notation has an error is left out, the error reported,
  /// and the other pieces read (with the piece-file lint) instead of the
  /// whole file failing: what an editor shows while one piece is typed.
  /// The game rules (start position, promotion) are then not read.
  bool Recover = false;
};

/// Reads the piece file at \p Path and every file it includes; reports
/// problems to \p Diags and returns nullopt after an error.
std::optional<PieceSet> readPieceFile(DiagnosticEngine &Diags,
                                      const std::string &Path,
                                      const PieceFileOptions &Opts);
/// The same for a piece file given as text (includes are relative to
/// Opts.IncludeDir, else the current directory).
std::optional<PieceSet> readPieceFileText(DiagnosticEngine &Diags,
                                          const std::string &Text,
                                          const std::string &Name,
                                          const PieceFileOptions &Opts);

/// Reads section \p Variant of a Fairy-Stockfish variants.ini at \p Path
/// (or, with an empty path, one of Fairy-Stockfish's built-in variants):
/// its board size (maxFile, maxRank), the pieces it keeps from its parent
/// variants (chess when none is named) and its custom pieces
/// (customPieceN = letter:betza), read as Fairy-Stockfish reads them.
std::optional<PieceSet> importVariantsIni(DiagnosticEngine &Diags,
                                          const std::string &Path,
                                          const std::string &Variant,
                                          const PieceFileOptions &Opts);

/// The same for a variants.ini given as \p Text, called \p Name.
std::optional<PieceSet> importVariantsIniText(DiagnosticEngine &Diags,
                                              const std::string &Text,
                                              const std::string &Name,
                                              const std::string &Variant,
                                              const PieceFileOptions &Opts);

/// A variants.ini read once: its sections split once, Fairy-Stockfish's
/// built-in variants parsed once per process and shared, each section
/// imported over its parents. Each section's rules are resolved once and
/// kept, so importing every section costs as much as reading the file.
/// The importer keeps a reference to \p Diags (which holds the text) and
/// to \p Opts; both must outlive it.
class VariantsIniImporter {
public:
  VariantsIniImporter(DiagnosticEngine &Diags, const std::string &Text,
                      const std::string &Name, const PieceFileOptions &Opts);
  ~VariantsIniImporter();
  VariantsIniImporter(const VariantsIniImporter &) = delete;
  VariantsIniImporter &operator=(const VariantsIniImporter &) = delete;

  struct SectionInfo {
    std::string Name, Parent;
    /// 1-based: the header line to the line before the next header (or
    /// the last line).
    unsigned FirstLine, LastLine;
  };
  /// Every section header of the file, in file order.
  const std::vector<SectionInfo> &sections() const;
  /// Imports section \p Variant (of the file, else a built-in),
  /// diagnostics to Diags, as importVariantsIniText would.
  std::optional<PieceSet> import(const std::string &Variant);

  class Impl;

private:
  std::unique_ptr<Impl> I;
};

/// The names of the sections of the variants.ini \p Text, in file order.
std::vector<std::string> variantsIniSections(const std::string &Text);
/// The names of Fairy-Stockfish's built-in variants, in its order.
std::vector<std::string> builtinVariantNames();

/// A Fairy-Stockfish region (a Bitboard value: "*3" a rank, "c*" a file,
/// "c3" a square, "-" none, words separated by spaces) as the squares of
/// \p B; nullopt if it is not one.
std::optional<SquareSet> fairyStockfishRegion(llvm::StringRef Value,
                                              const Board &B);

/// Every key of a variants.ini section that Fairy-Stockfish reads, in its
/// parser's order: the board, the piece types with their mobility regions,
/// then the rules (what an editor completes). Built once, shared.
const std::vector<std::string> &fairyStockfishKeyNames();

/// One line per section of the variants.ini at \p Path (with an empty
/// path, per built-in variant of Fairy-Stockfish), in file order:
/// `[name:parent] WxH: piece (L), ...`, or why the section cannot be
/// imported; nullopt if the file cannot be read.
std::optional<std::string> listVariantsIni(DiagnosticEngine &Diags,
                                           const std::string &Path,
                                           const PieceFileOptions &Opts);

/// Why Fairy-Stockfish's key \p Key cannot be given in a piece file's
/// `variants-ini` block -- the file states it itself (the board, the start
/// position, the promotion zone, the pieces and where they move) -- or
/// nullopt when it can.
std::optional<std::string> ruleStatedByPieceFile(llvm::StringRef Key);

/// Fairy-Stockfish's predefined piece types (its variants.ini keys such as
/// "knight", "fersAlfil") and the Betza each moves by, as its variants.ini
/// documents them.
const std::map<std::string, std::string> &fairyStockfishPieceTypes();

/// A C identifier made of \p Name: letters, digits and '_', not starting
/// with a digit.
std::string identifierFor(const std::string &Name);

} // namespace fairy

#endif
