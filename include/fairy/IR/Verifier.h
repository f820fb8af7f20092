//===- Verifier.h - Structural checks of an IR tree -------------*- C++ -*-===//
#ifndef FAIRY_IR_VERIFIER_H
#define FAIRY_IR_VERIFIER_H

#include "fairy/IR/Node.h"

#include <string>
#include <vector>

namespace fairy {

/// Limits that keep evaluation bounded; the verifier enforces them.
struct IRLimits {
  static constexpr size_t MaxNodes = 200000;
  static constexpr int MaxComponent = 4096; ///< |x|, |y|, |z| of a leg
  static constexpr unsigned MaxFilters = 12;
};

/// Checks the invariants of docs/ir.md. Returns one sentence per problem
/// (empty when the tree is valid).
std::vector<std::string> verifyIR(const Node &Root);

} // namespace fairy

#endif
