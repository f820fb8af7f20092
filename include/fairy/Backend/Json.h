//===- Json.h - Moves and IR as JSON ----------------------------*- C++ -*-===//
//
// --emit=json: the moves of the piece from every square (or the squares
// asked for) and the IR as a tree, for other tools. Schema in
// docs/backends.md. Written with llvm::json.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_JSON_H
#define FAIRY_BACKEND_JSON_H

#include "fairy/Eval/Evaluator.h"
#include "fairy/IR/Node.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace fairy {

/// The IR as a JSON tree: {"kind": "leg", "vector": [1, 2], ...}.
llvm::json::Value irToJson(const Node &N);

struct OriginMoves {
  unsigned Origin;
  Destinations D;
};

/// The whole document: format version, notation and text, board, side,
/// IR, and per origin the quiet, capture and remote destinations.
llvm::json::Value movesToJson(const std::string &Notation,
                              const std::string &Text, const Position &P,
                              Color Side, const Node &IR,
                              const std::vector<OriginMoves> &Moves);

} // namespace fairy

#endif
