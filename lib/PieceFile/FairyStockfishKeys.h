//===- FairyStockfishKeys.h - The keys Fairy-Stockfish reads ----*- C++ -*-===//
//
// Every key of a variants.ini section that Fairy-Stockfish's parser looks
// up (its src/parser.cpp at c19b5f6): the board, the piece types and their
// mobility regions, the rules, and the deprecated keys it still reads. Any
// other key is never read: a misspelt one ('knigt', 'maxFiel') is silently
// ignored by Fairy-Stockfish, so the import warns of it (-Wunknown-key).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PIECEFILE_FAIRYSTOCKFISHKEYS_H
#define FAIRY_PIECEFILE_FAIRYSTOCKFISHKEYS_H

#include "fairy/Support/Diagnostics.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace fairy {
namespace ini {

/// Whether Fairy-Stockfish reads key \p Key (case matters, as there).
bool isFairyStockfishKey(llvm::StringRef Key);

/// Every key Fairy-Stockfish reads, in its parser's order (the piece types
/// and their mobility regions first); built once, shared.
const std::vector<std::string> &fairyStockfishKeys();

/// Warns (-Wunknown-key) that Fairy-Stockfish reads no key \p Key, written
/// at \p Range, with the nearest keys it reads as "did you mean" (and a
/// fix-it when one is nearest).
void warnUnknownKey(DiagnosticEngine &Diags, llvm::StringRef Key,
                    llvm::SMRange Range);

} // namespace ini
} // namespace fairy

#endif
