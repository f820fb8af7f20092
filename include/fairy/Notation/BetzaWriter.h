//===- BetzaWriter.h - A moveset written back in Betza ----------*- C++ -*-===//
#ifndef FAIRY_BACKEND_BETZAWRITER_H
#define FAIRY_BACKEND_BETZAWRITER_H

#include "fairy/IR/Node.h"
#include "fairy/Notation/BetzaStyle.h"
#include "fairy/Notation/Notation.h"

#include <optional>
#include <string>
#include <vector>

namespace fairy {

/// --emit=betza: \p IR as a Betza string that Fairy-Stockfish (and fairyc's
/// Betza front end) read as the same moves; nullopt with \p Why when the
/// moveset has a move Betza cannot write (a leap without an atom letter,
/// a multi-leg move of another shape, a 3D move, ...). \p Opts are the
/// options the moves were read with: XBetza's cylinder moves and rifle legs
/// depend on the board, so their strings are read back for the same one.
/// \p Style: multi-leg moves as XBetza legs or bracket chains.
std::optional<std::string>
irToBetza(const NodeRef &IR, std::string &Why,
          const FrontendOptions &Opts = FrontendOptions(),
          BetzaStyle Style = BetzaStyle::Auto);

/// \p Betza as people write it (BetzaIdioms.cpp): K for FW, Q for BR, B and
/// R for F and W riders (B4 for F4), NN for N0 (not for \p XBoard, which
/// reads only N0), and the atoms in the usual
/// order (K Q R B W F N A D ..., plain ones before those with modifiers:
/// QN, KNAD, WfF, fmWfceFifmnD). Returns \p Betza unchanged when it holds
/// anything else than modifiers, atoms and ranges. irToBetza keeps the
/// result only if it reads back to the same moves.
std::string idiomaticBetza(const std::string &Betza, bool XBoard = false);

/// Multi-leg pieces whose spelling people know better than any the
/// writer would build (Chu Shogi's lion KNADcaKmcabK, the xiangqi horse
/// mafsW): irToBetza writes one of these when it reads back the same.
const std::vector<const char *> &famousBetza();

} // namespace fairy

#endif
