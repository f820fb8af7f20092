//===- UnknownOptions.h - "Did you mean" for misspelt options ---*- C++ -*-===//
//
// LLVM's parser reads an unknown long option such as --emitt=json as a
// group of one-letter options and suggests '-e'. fairyc looks first and
// says what clang says: "unknown argument '--emitt=json'; did you mean
// '--emit=json'?".
//
//===----------------------------------------------------------------------===//
#ifndef FAIRYC_UNKNOWNOPTIONS_H
#define FAIRYC_UNKNOWNOPTIONS_H

#include <string>

namespace fairy {

/// Whether every option among \p argv is one of the top-level command's
/// (call after every option is declared and unrelated ones hidden); if
/// not, \p Error says which is not, with the nearest option, for the
/// driver's diagnostics.
bool optionsAreKnown(int argc, char **argv, std::string &Error);

/// Whether \p argv asks for --diagnostics=json, read before cl::opt reads
/// it, so that an unknown option is reported as the others are.
bool diagnosticsAsJson(int argc, char **argv);

} // namespace fairy

#endif
