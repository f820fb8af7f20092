//===- BetzaWriter.h - A moveset written back in Betza ----------*- C++ -*-===//
#ifndef FAIRY_BACKEND_BETZAWRITER_H
#define FAIRY_BACKEND_BETZAWRITER_H

#include "fairy/Frontend/Notation.h"
#include "fairy/IR/Node.h"

#include <optional>
#include <string>

namespace fairy {

/// --emit=betza: \p IR as a Betza string that Fairy-Stockfish (and fairyc's
/// Betza front end) read as the same moves; nullopt with \p Why when the
/// moveset has a move Betza cannot write (a leap without an atom letter,
/// a multi-leg move of another shape, a 3D move, ...). \p Opts are the
/// options the moves were read with: XBetza's cylinder moves and rifle legs
/// depend on the board, so their strings are read back for the same one.
std::optional<std::string>
irToBetza(const NodeRef &IR, std::string &Why,
          const FrontendOptions &Opts = FrontendOptions());

} // namespace fairy

#endif
