//===- Files.h - Reading inputs and writing outputs safely ------*- C++ -*-===//
#ifndef FAIRY_SUPPORT_FILES_H
#define FAIRY_SUPPORT_FILES_H

#include <cstdint>
#include <optional>
#include <string>

namespace fairy {

class DiagnosticEngine;

/// The largest input read by default: 4 MiB. The parsers take about 30
/// bytes of memory per byte of input, and the rule is 256 MB for any input
/// (docs/diagnostics.md, "Limits").
constexpr uint64_t DefaultMaxInputSize = 4 * 1024 * 1024;
/// The largest input readInput reads, for this process (--max-input-size).
void setMaxInputSize(uint64_t Bytes);
uint64_t maxInputSize();

/// The contents of \p Path ("-" for standard input), or nullopt with
/// \p Error set.
std::optional<std::string> readInput(const std::string &Path,
                                     std::string &Error);
/// The same, reporting a file that cannot be read to \p Diags.
std::optional<std::string> readInput(DiagnosticEngine &Diags,
                                     const std::string &Path);

/// \p Text without a leading UTF-8 byte-order mark (EF BB BF), which
/// editors write and hide: locations then count from the first visible
/// character, as the editor shows them.
std::string withoutByteOrderMark(std::string Text);

/// Writes \p Contents to \p Path as clang writes its outputs: "-" is
/// standard output; a regular file (or a new one) is written to a temporary
/// beside it and renamed into place, so that an error leaves the old file
/// as it was, and the temporary is removed on every error path and on
/// SIGINT/SIGTERM; an existing FIFO or device is written in place, never
/// replaced; a directory or a read-only file is refused. False with \p Error
/// ("cannot write 'X': reason") on failure.
bool writeOutputAtomically(const std::string &Path, const std::string &Contents,
                           std::string &Error);

/// Whether output path \p Output names the file \p Input (the same file by
/// any name). "-" names no file.
bool isSameFile(const std::string &Output, const std::string &Input);

} // namespace fairy

#endif
