//===- LargeStack.h - Run work on a thread with a known stack ---*- C++ -*-===//
//
// Notations nest at most 256 levels deep and the IR a few times that, but
// the parsers, passes, printers and evaluators recurse on that depth: at
// the limit they need between 0.5 and 1 MB of stack. A program embedding
// the library may call it from a thread with less (a 512 KB thread crashed
// on a 255-deep moveset), so the driver's entry points run their work on a
// thread of their own whose stack is known to suffice, as clang runs its
// compilation with a stack of a known size.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_SUPPORT_LARGESTACK_H
#define FAIRY_SUPPORT_LARGESTACK_H

#include <functional>

namespace fairy {

/// The stack the driver's work runs on: 16 times what the deepest input
/// accepted needs.
constexpr unsigned LargeStackBytes = 16 << 20;

/// Runs \p Work on a thread with LargeStackBytes of stack and waits for it;
/// an exception it throws is thrown again here. Without thread support,
/// runs it here.
void runOnLargeStack(const std::function<void()> &Work);

} // namespace fairy

#endif
