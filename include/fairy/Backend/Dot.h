//===- Dot.h - The IR as a Graphviz graph -----------------------*- C++ -*-===//
#ifndef FAIRY_BACKEND_DOT_H
#define FAIRY_BACKEND_DOT_H

#include "fairy/IR/Node.h"

#include <string>

namespace fairy {

/// --emit=dot: one Graphviz node per IR node, labelled as the textual IR
/// labels it (legs with their vector, condition and effect), edges from a
/// node to its operands, numbered where their order matters (seq, prio).
std::string irToDot(const Node &Root);

/// --emit=dot --dot=automaton: the moveset as an automaton whose edges are
/// legs (DotAutomaton.cpp).
std::string movesetToDotAutomaton(const Node &Root);

} // namespace fairy

#endif
