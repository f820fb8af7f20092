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

#include "llvm/Support/raw_ostream.h"

namespace fairy {

/// Whether every option among \p argv is one of the top-level command's
/// (call after every option is declared and unrelated ones hidden); reports
/// the first that is not to \p OS, with the nearest option, if not.
bool optionsAreKnown(int argc, char **argv, llvm::raw_ostream &OS);

} // namespace fairy

#endif
