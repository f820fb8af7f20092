//===- Svg.h - Move diagrams as SVG pictures --------------------*- C++ -*-===//
//
// --emit=svg: the board in its game's style (chess squares, xiangqi or
// janggi points with palaces, a shogi grid), the piece on its square, its
// moves marked by kind (dot: moves there; ring: captures there; both;
// dashed: first move only; diamond: over a piece; cross: captured on the
// way), lines along its slides and multi-leg paths, the other pieces as
// discs with their letter (example hurdles and victims dashed, without
// one), a caption and a legend of the kinds shown.
// 3D boards are drawn as a row of levels.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_SVG_H
#define FAIRY_BACKEND_SVG_H

#include "fairy/Eval/BoardStyle.h"
#include "fairy/Eval/MoveKinds.h"

#include <string>
#include <vector>

namespace fairy {

struct SvgOptions {
  std::string Title;   ///< the picture's <title>
  std::string Caption; ///< written above the board; none if empty
  BoardStyle Style = BoardStyle::Chess; ///< Auto draws chess
  bool Legend = true;                   ///< a legend of the kinds of move shown
  unsigned SquareSize = 48;             ///< pixels
  /// Over every square, last, an invisible square that names it
  /// (`<rect class="square" data-square="e4" .../>`), for pages that let a
  /// reader click the picture (the playground).
  bool Squares = false;
  /// Squares (in board order) whose pieces are examples, not part of the
  /// position asked for: the hurdles that show a hopper's moves on an empty
  /// board, and the victims a locust captures on the way (exampleHurdles).
  /// Drawn dashed, without a letter, and named in the legend as what they
  /// are for: to hop over, to capture on the way, or either.
  std::vector<unsigned> Examples;
  bool ExampleHurdles = true;  ///< the piece hops (the legend's words)
  bool ExampleVictims = false; ///< it captures on the way
};

std::string renderSvg(const Position &P, unsigned Origin, Color Side,
                      const MoveKinds &K, const SvgOptions &Opts);

} // namespace fairy

#endif
