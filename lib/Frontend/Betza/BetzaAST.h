//===- BetzaAST.h - A Betza string as written -------------------*- C++ -*-===//
//
// The visitor (BetzaFrontend.cpp) fills these from the ANTLR parse tree and
// checks them; the lowering (BetzaLowering.cpp) turns them into IR.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_FRONTEND_BETZA_BETZAAST_H
#define FAIRY_FRONTEND_BETZA_BETZAAST_H

#include "fairy/IR/Node.h"

#include <string>
#include <vector>

namespace fairy::betza {

/// One atom with its modifiers and range, e.g. `fmW`, `cpR`, `N0`, `NN`.
struct Group {
  /// The atom letter after legacy names are read (L is C, J is Z).
  char Atom = 'W';
  /// Direction codes as Fairy-Stockfish pairs them: a lone letter is
  /// doubled ("ff"), a pairable letter pair kept ("fr", "fs", "hr").
  std::vector<std::string> Directions;
  bool Move = false;     ///< m: the destination must be empty
  bool Capture = false;  ///< c (or e): the destination must hold an enemy
  bool Initial = false;  ///< i: only while the piece has not moved
  bool Lame = false;     ///< n: blocked by a piece on the way
  bool Hop = false;      ///< p: hop over one piece anywhere on the line
  bool Grasshop = false; ///< g: land right behind the hurdle
  /// Steps of a rider: 1 for a leaper, 0 for no limit (R, B, Q and doubled
  /// atoms unless a range is written).
  int Range = 1;
};

/// The IR of a whole string: the union of its groups (Fairy-Stockfish's
/// reading, docs/notations/betza.md).
NodeRef lower(const std::vector<Group> &Groups);

/// The images of atom \p Atom (a W, F or oblique leap) that \p Directions
/// select, in Fairy-Stockfish's reading; \p Split is true for a lone
/// orthogonal atom, whose letter pairs count as two single letters.
std::vector<Vec> selectImages(Vec Atom, const std::vector<std::string> &Dirs,
                              bool Split);

/// The unit steps of Fairy-Stockfish's lame path to \p V: along the long
/// axis while the remaining long offset exceeds the short one, else
/// diagonally (N: (0,1), (1,1); Z: (0,1), (1,1), (1,1)).
std::vector<Vec> lameSteps(Vec V);

/// Whether \p Code is a direction code Fairy-Stockfish recognises.
bool isKnownDirection(const std::string &Code);

} // namespace fairy::betza

#endif
