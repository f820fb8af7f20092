//===- BetzaLegsWriter.h - Multi-leg moves as XBetza -----------*- C++ -*-===//
//
// Private to the Betza writer (BetzaWriter.cpp, BetzaLegsWriter.cpp,
// BetzaFeatureWriter.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_BETZALEGSWRITER_H
#define FAIRY_LIB_BACKEND_BETZALEGSWRITER_H

#include "fairy/IR/Node.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fairy {

/// The direction letters that select exactly \p Images of the leap \p Leap
/// (as (min, max) of its components) in a one-leg group, spelled as
/// Fairy-Stockfish pairs them; nullopt if no letters do.
std::optional<std::string> directionLetters(Vec Leap,
                                            const std::set<Vec> &Images);

/// The atom letter (W F D N A H C Z G) of the leap \p V in any of its
/// images, or 0 (BetzaWriter.cpp).
char atomLetter(Vec V);

/// The letters m, c and d (XBetza's capture of a friend) for the squares a
/// last leg may land on, \p Final; none for the default, empty or enemy
/// (BetzaWriter.cpp).
std::string landLetters(Land Final);

/// The index (0..7) of \p V among the eight directions of \p Atom in the
/// front end's order (direction8), or -1.
int directionIndexOf(char Atom, Vec V);

/// The direction codes of a leg after the first that select exactly the
/// turns \p Turns (eighths of a circle, -3..4), as the front end reads them
/// (relativeTurns); none for the default (every turn but back for 8-way
/// atoms, f r l for 4-way ones).
std::string spellTurns(const std::set<int> &Turns, bool EightWay);

/// XBetza groups (`mafsW`, `cabK`, `mpafN`, `yafsF`, ...) for \p Moves,
/// multi-leg moves of leaps and slides, or nullopt with \p Why. The result is
/// not yet checked: the caller reads it back.
std::optional<std::string> multiLegToBetza(const std::vector<NodeRef> &Moves,
                                           std::string &Why);

} // namespace fairy

#endif
