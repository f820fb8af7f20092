//===- Svg.h - Move diagrams as SVG pictures --------------------*- C++ -*-===//
//
// --emit=svg: a checkered board with file and rank labels, the piece on its
// square, quiet moves as dots, captures as rings, remote captures as
// crosses, other pieces as discs with their letter, and the paths of
// multi-leg moves as lines through their landing squares. 3D boards are
// drawn as a row of levels.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_SVG_H
#define FAIRY_BACKEND_SVG_H

#include "fairy/Eval/Evaluator.h"

#include <string>
#include <vector>

namespace fairy {

struct SvgOptions {
  std::string Title;        ///< shown as the picture's title
  unsigned SquareSize = 48; ///< pixels
};

/// \p Paths: landing squares of each path to draw (the origin first); only
/// paths of two or more legs are drawn.
std::string renderSvg(const Position &P, unsigned Origin, Color Side,
                      const Destinations &D,
                      const std::vector<std::vector<unsigned>> &Paths,
                      const SvgOptions &Opts);

} // namespace fairy

#endif
