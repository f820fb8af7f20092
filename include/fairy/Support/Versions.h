//===- Versions.h - The versions of what fairyc is built with ---*- C++ -*-===//
#ifndef FAIRY_SUPPORT_VERSIONS_H
#define FAIRY_SUPPORT_VERSIONS_H

#include <string>

namespace fairy {

/// "LLVM 14.0.6, ANTLR 4.9.3 (runtime), fmt 9.1.0, gcc 12.2.0": what
/// --version reports besides fairyc's own version.
std::string dependencyVersions();

} // namespace fairy

#endif
