//===- PathShapes.h - A moveset as classified paths -------------*- C++ -*-===//
//
// Private to lib/Backend: the notation writers (BetzaWriter.cpp,
// FairyWriter.cpp) take a moveset apart into one path per symmetry image
// (filters keep or drop whole images, guard<initial> marks them) and
// recognise each path as a leap, a rider, a lame leap, a hopper or a
// grasshopper.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_PATHSHAPES_H
#define FAIRY_LIB_BACKEND_PATHSHAPES_H

#include "fairy/IR/Node.h"

#include <optional>
#include <string>
#include <vector>

namespace fairy::shapes {

enum class Shape { Leap, Rider, Lame, Hop, Grasshop };

/// One path of the moveset, classified.
struct Move {
  Shape S = Shape::Leap;
  Vec V;         ///< the leap (the whole displacement for a lame leap)
  int Range = 1; ///< riders: steps, 0 for no limit
  Land Final;
  bool Initial = false;
  /// XBoard's 'ii': only while the piece stands one rank ahead of its start.
  bool Advanced = false;
  /// A lame leap blocked at XBoard's one midpoint (half the leap, rounded
  /// toward zero) where Fairy-Stockfish's path of unit steps differs.
  bool Midpoint = false;
};

/// The paths of \p IR, or nullopt with \p Why when one has none of the
/// shapes. \p XBoard also takes XBoard's readings apart: guard<advanced>
/// ('ii') and lame leaps blocked at their midpoint.
std::optional<std::vector<Move>> decompose(const NodeRef &IR, std::string &Why,
                                           bool XBoard = false);

/// The most parts flatten() writes out: far more legs than any path the
/// writers spell (a rider on the largest board), far fewer than nested
/// counts multiply to (rep<4096> three deep is 2^36 legs).
constexpr size_t MaxFlatParts = 4096;

/// The parts of a path in order, with nested seqs flattened and ride<k>
/// of a single count written out (the passes fold two equal legs into
/// ride<2>). False, with \p Out partial, past MaxFlatParts parts.
bool flatten(const NodeRef &N, std::vector<NodeRef> &Out);

/// The unit steps of Fairy-Stockfish's lame path to \p V: along the long
/// axis while the remaining long offset exceeds the short one, else
/// diagonally (N: (0,1), (1,1); Z: (0,1), (1,1), (1,1)). Betza's n reads
/// it, and the writers of every notation spell lame leaps with it.
std::vector<Vec> lameSteps(Vec V);
/// XBoard's single test square of a lame or jumping leap: half the leap,
/// rounded toward zero (N: (0,1); Z: (1,1)).
Vec midpoint(Vec V);

} // namespace fairy::shapes

#endif
