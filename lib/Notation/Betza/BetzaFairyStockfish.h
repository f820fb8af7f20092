//===- BetzaFairyStockfish.h - Betza as Fairy-Stockfish's loop reads it -*- C++
//-*-===//
//
// Fairy-Stockfish reads a custom piece's Betza (from_betza, src/piece.cpp)
// one character at a time and skips every one it does not know: XBetza's
// legs ('a'), 'y', brackets, a second range digit. A variants.ini means
// what it reads, so the import keeps the letters it knows, in an order
// the Betza reader reads to the same moves, and says what was dropped.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_FRONTEND_BETZA_BETZAFAIRYSTOCKFISH_H
#define FAIRY_FRONTEND_BETZA_BETZAFAIRYSTOCKFISH_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace fairy::betza {

/// A Betza text as Fairy-Stockfish reads it.
struct FairyStockfishText {
  /// The characters it reads, as fairyc's reader reads them to the same
  /// moves (a lone direction letter doubled where a dropped one stood
  /// between it and a letter it would now pair with; a leaper given the
  /// range 1 where it would now read as doubled).
  std::string Kept;
  /// For each byte of Kept, the byte of the text it stands for; one more
  /// for the end.
  std::vector<size_t> Offsets;
  /// A character (or a run of modifiers with no atom after them) that
  /// Fairy-Stockfish skips, and what XBoard reads there.
  struct Dropped {
    size_t Begin, End;
    std::string Message;
  };
  std::vector<Dropped> Drops;
};

/// Reads \p Text as Fairy-Stockfish's from_betza does; the caller owns the
/// result.
FairyStockfishText readAsFairyStockfish(llvm::StringRef Text);

} // namespace fairy::betza

#endif
