//===- Notation.h - The registry of notations -------------------*- C++ -*-===//
//
// Every front end registers here: its name for `-x`, the file extensions
// that select it, and the function that parses a buffer into IR.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_NOTATION_NOTATION_H
#define FAIRY_NOTATION_NOTATION_H

#include "fairy/IR/Node.h"
#include "fairy/Support/Diagnostics.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

/// What the driver tells a front end beyond the text.
struct FrontendOptions {
  /// Bound unbounded ranges: an open end becomes this count (--radius).
  std::optional<int> Radius;
  /// Every range must end up bounded: the moves will be drawn on the
  /// unbounded plane, so an open end with no Radius is an error.
  bool RequireBounded = false;
  /// Read Betza as XBoard does where it differs from Fairy-Stockfish
  /// (--betza=xboard; docs/notations/betza.md, "XBoard's reading").
  bool XBoardBetza = false;
  /// Read Betza letter by letter as Fairy-Stockfish reads a variants.ini's
  /// pieces: a character it does not know (XBetza's 'a' and 'y', brackets,
  /// a second range digit) is skipped, with a warning, instead of read as
  /// XBetza. Not with XBoardBetza.
  bool FairyStockfishLetters = false;
  /// The width of the board the moves are for, if one was given: XBetza's
  /// cylinder moves ('o') wrap around it.
  std::optional<int> BoardWidth;
  /// The board's longest side, if one was given: XBoard's rifle legs ('i'
  /// on a later leg) are built for every distance up to it (without a
  /// board, up to the largest board fairyc supports).
  std::optional<int> BoardMaxSide;
};

/// Parses buffer \p Buffer of \p Diags; reports problems there and returns
/// nullptr if there was an error.
using ParseFn = std::function<NodeRef(DiagnosticEngine &Diags, unsigned Buffer,
                                      const FrontendOptions &Opts)>;

/// IR nodes one notation may build while it is read (lowering included):
/// a bound on time and memory far above any real piece, whose moveset has
/// at most IRLimits::MaxNodes nodes.
constexpr uint64_t MaxNodesBuilt = 2'000'000;
/// The longest notation text read, in bytes: real pieces take tens, and a
/// 1 MB Betza string took 3.5 GB. The textual IR, read node for node, may be
/// longer (a moveset of IRLimits::MaxNodes nodes prints to a few MB).
constexpr size_t MaxNotationLength = 16 * 1024;
constexpr size_t MaxIRLength = 4 * 1024 * 1024;

struct NotationInfo {
  const char *Name;
  const char *Description;
  std::vector<std::string> Extensions; ///< with the dot: ".parlett"
  ParseFn Parse;
  /// Without a board, diagrams are drawn on the unbounded plane, sized to
  /// the destinations (fairy-notation); otherwise on the default board.
  bool UnboundedDiagrams = false;
};

const std::vector<NotationInfo> &notations();
/// By name (as given to -x); nullptr if unknown.
const NotationInfo *findNotation(const std::string &Name);
/// The notation a misspelt \p Name most likely means ('betsa': betza;
/// 'fairy-notation', a name with a word added: fairy), or nullptr.
const NotationInfo *nearestNotation(const std::string &Name);
/// By the extension of \p Path; nullptr if none matches.
const NotationInfo *notationForPath(const std::string &Path);

/// The Parlett front end (lib/Notation/Parlett).
NodeRef parseParlett(DiagnosticEngine &Diags, unsigned Buffer);
/// The Betza front end (lib/Notation/Betza): Fairy-Stockfish's reading and
/// XBetza's extensions.
NodeRef parseBetza(DiagnosticEngine &Diags, unsigned Buffer,
                   const FrontendOptions &Opts);
/// The fairy-notation front end (lib/Notation/Fairy).
NodeRef parseFairyNotation(DiagnosticEngine &Diags, unsigned Buffer,
                           const FrontendOptions &Opts);
/// The Movement Formula front end (lib/Notation/Formula).
NodeRef parseMovementFormula(DiagnosticEngine &Diags, unsigned Buffer,
                             const FrontendOptions &Opts);

} // namespace fairy

#endif
