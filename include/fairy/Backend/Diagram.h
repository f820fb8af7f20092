//===- Diagram.h - ASCII move diagrams --------------------------*- C++ -*-===//
//
// The Parlett challenge's format: one row per rank from the top, one
// character per square separated by single spaces: 'O' the piece, 'X' a
// destination, '.' anything else. When the position has pieces, captures
// are '*', moves that capture elsewhere (locust) '+', and other occupied
// squares show their piece letter (upper case White, lower case Black).
// Missing squares are '#'. 3D boards print one labelled slice per level.
// On an empty board, '*' also marks an empty square where the piece would
// capture a lone enemy, and '%' an example piece a hopper hops over.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_DIAGRAM_H
#define FAIRY_BACKEND_DIAGRAM_H

#include "fairy/Eval/Evaluator.h"

#include <string>
#include <vector>

namespace fairy {

struct DiagramOptions {
  /// Print rank numbers on the left and file letters below.
  bool Labels = false;
  /// Squares (in board order) whose pieces are examples, drawn '%': the
  /// hurdles that show a hopper's moves on an empty board, and the victims
  /// that show a locust's (exampleHurdles).
  std::vector<unsigned> Examples;
};

std::string renderDiagram(const Position &P, unsigned Origin,
                          const Destinations &D, const DiagramOptions &Opts);

} // namespace fairy

#endif
