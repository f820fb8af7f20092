//===- FairyWriter.h - A moveset written in fairy-notation ------*- C++ -*-===//
#ifndef FAIRY_BACKEND_FAIRYWRITER_H
#define FAIRY_BACKEND_FAIRYWRITER_H

#include "fairy/IR/Node.h"

#include <optional>
#include <string>

namespace fairy {

/// --emit=fairy: \p IR in fairy-notation, or nullopt with \p Why when it has
/// a move the notation cannot say (move-only or capture-only moves,
/// initial moves, hoppers, other multi-leg shapes).
std::optional<std::string> irToFairy(const NodeRef &IR, std::string &Why);

} // namespace fairy

#endif
