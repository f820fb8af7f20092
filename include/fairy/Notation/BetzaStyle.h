//===- BetzaStyle.h - How --emit=betza writes multi-leg moves ---*- C++ -*-===//
//
// Standard library only: the driver's public Invocation names it.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_BETZASTYLE_H
#define FAIRY_BACKEND_BETZASTYLE_H

namespace fairy {

/// Multi-leg moves in XBetza legs ('a', what Fairy-Stockfish and XBoard
/// read) or in the Interactive Diagram's bracket chains ('[F?R]'). Auto:
/// a bracket chain for bent riders (a chain with a rider link) where one
/// spells the moves, unless a famous spelling does; XBetza: never a chain;
/// Brackets: a chain before anything else that reads back the same.
enum class BetzaStyle { Auto, XBetza, Brackets };

} // namespace fairy

#endif
