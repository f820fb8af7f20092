//===- ParlettAST.h - A Parlett expression as written ------------*- C++
//-*-===//
//
// The visitor (ParlettFrontend.cpp) fills these from the ANTLR parse tree
// and checks them; the lowering (ParlettLowering.cpp) turns them into IR.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_FRONTEND_PARLETT_PARLETTAST_H
#define FAIRY_FRONTEND_PARLETT_PARLETTAST_H

#include "fairy/IR/Node.h"

#include <vector>

namespace fairy::parlett {

/// The eleven challenge patterns plus '*'.
enum class Direction {
  None,             ///< not written (only valid on an oblique leap)
  Orthogonal,       ///< +   forward, sideways, backward
  All,              ///< *   orthogonal and diagonal
  Diagonal,         ///< x   diagonal forward and backward
  DiagonalForward,  ///< x>
  DiagonalBackward, ///< x<
  Forward,          ///< >
  Backward,         ///< <
  ForwardBackward,  ///< <>
  Sideways,         ///< =
  ForwardSideways,  ///< >=
  BackwardSideways, ///< <=
};

struct Part {
  bool Leap = false;   ///< ~ : passes over pieces between its landings
  bool Locust = false; ///< ^ : captures the one enemy it passes
  bool Repeat = false; ///< & : the leap is repeated in the same direction
  bool Oblique = false;
  int A = 0, B = 0;   ///< the a/b of an oblique leap
  RangeList Distance; ///< unit steps of a straight part (n = 0..)
  Direction Dir = Direction::None;
};

struct Move {
  bool Initial = false;     ///< i
  bool CaptureOnly = false; ///< c
  bool NoCapture = false;   ///< o
  std::vector<Part> Parts;  ///< joined by '.'
};

/// The IR of a whole expression: the union of its moves.
NodeRef lower(const std::vector<Move> &Moves);

} // namespace fairy::parlett

#endif
