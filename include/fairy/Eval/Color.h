//===- Color.h - The two sides ----------------------------------*- C++ -*-===//
//
// On its own so that the driver's public headers can name a side without
// the evaluator's (which need LLVM).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_COLOR_H
#define FAIRY_EVAL_COLOR_H

#include <cstdint>

namespace fairy {

enum class Color : uint8_t { White, Black };
inline Color opposite(Color C) {
  return C == Color::White ? Color::Black : Color::White;
}

} // namespace fairy

#endif
