//===- Files.h - Reading inputs and writing outputs safely ------*- C++ -*-===//
#ifndef FAIRY_SUPPORT_FILES_H
#define FAIRY_SUPPORT_FILES_H

#include <optional>
#include <string>

namespace fairy {

/// The contents of \p Path ("-" for standard input), or nullopt with
/// \p Error set.
std::optional<std::string> readInput(const std::string &Path,
                                     std::string &Error);

/// Writes \p Contents to \p Path ("-" for standard output) through a
/// temporary file renamed into place, so that a failure never leaves a
/// partial file behind. Returns false with \p Error set on failure.
bool writeOutputAtomically(const std::string &Path, const std::string &Contents,
                           std::string &Error);

} // namespace fairy

#endif
