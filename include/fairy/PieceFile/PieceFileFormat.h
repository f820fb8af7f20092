//===- PieceFileFormat.h - A piece file's layout ----------------*- C++ -*-===//
//
// The layout fairyc-lsp formats a piece file (.fairy) to: only the
// whitespace between tokens changes, every token and every comment stays.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PIECEFILE_PIECEFILEFORMAT_H
#define FAIRY_PIECEFILE_PIECEFILEFORMAT_H

#include <optional>
#include <string>

namespace fairy {

/// Returns piece file \p Text laid out: one statement per line, two spaces
/// of indentation inside a piece's `{ }` block and a `variants-ini { }`
/// block (one `key = value` a line), a single space between the tokens of
/// a statement (none before ';' and ',', none around the '-' of a span of
/// squares), at most one blank line where there were some, comments kept
/// where they were (after a token on its line, or on a line of their own),
/// no trailing whitespace and one final newline. Formatting its result
/// gives it back. Returns nullopt when \p Text has a syntax error (or is
/// not UTF-8): a file being typed is left as it is.
std::optional<std::string> formatPieceFile(const std::string &Text);

} // namespace fairy

#endif
