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
void writeIRJson(llvm::json::OStream &J, const Node &N);

struct OriginMoves {
  unsigned Origin;
  Destinations D;
};

/// Per origin, the quiet, capture, remote and promoting destinations.
void writeMovesJson(llvm::json::OStream &J, const Board &B,
                    const std::vector<OriginMoves> &Moves);

/// The whole document: format version, notation and text, board, side,
/// IR, and the moves from each origin; indented by \p Indent (0: one
/// line).
std::string movesToJson(const std::string &Notation, const std::string &Text,
                        const Position &P, Color Side, const Node &IR,
                        const std::vector<OriginMoves> &Moves,
                        unsigned Indent = 2);

} // namespace fairy

#endif
