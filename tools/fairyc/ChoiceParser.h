//===- ChoiceParser.h - Options that name their values ----------*- C++ -*-===//
//
// LLVM's parser for an option with a list of values says only "Cannot find
// option named 'jsn'!". This one names the valid values and the nearest
// ("did you mean 'json'?"), as clang does for its options, in the words
// the C API uses too (fairy::notOneOfMessage).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRYC_CHOICEPARSER_H
#define FAIRYC_CHOICEPARSER_H

#include "fairy/Driver/Options.h"

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace fairy {

template <class T> class ChoiceParser : public llvm::cl::parser<T> {
public:
  using llvm::cl::parser<T>::parser;

  // Returns true on error, as cl::parser does.
  bool parse(llvm::cl::Option &O, llvm::StringRef ArgName, llvm::StringRef Arg,
             T &V) {
    llvm::StringRef Value = O.hasArgStr() ? Arg : ArgName;
    std::vector<std::string> Valid;
    for (const auto &Choice : this->Values) {
      if (Choice.Name == Value) {
        V = Choice.V.getValue();
        return false;
      }
      Valid.push_back(Choice.Name.str());
    }
    return O.error(notOneOfMessage(Value.str(), Valid));
  }
};

} // namespace fairy

#endif
