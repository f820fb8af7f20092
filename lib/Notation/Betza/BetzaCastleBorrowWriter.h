//===- BetzaCastleBorrowWriter.h - O and final x written back --*- C++ -*-===//
//
// Private to the Betza writer (BetzaWriter.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_BETZACASTLEBORROWWRITER_H
#define FAIRY_LIB_BACKEND_BETZACASTLEBORROWWRITER_H

#include "fairy/IR/Node.h"
#include "fairy/Notation/Notation.h"

#include <optional>
#include <string>
#include <vector>

namespace fairy {

/// Whether \p N looks at more than the squares its moves land on: an
/// ahead test (castling), guard<unmoved> or a borrow.
bool looksBeyondMoves(const Node &N);

/// The Betza groups of \p Alts, alternatives of a moveset that are
/// castling (XBetza's `O`, as the Betza front end lowers it) or borrowing
/// (a final `x`), each optionally initial; nullopt with \p Why when one is
/// neither or cannot be spelt.
std::optional<std::string>
writeCastlingAndBorrowing(const std::vector<NodeRef> &Alts, std::string &Why,
                          const FrontendOptions &Opts);

} // namespace fairy

#endif
