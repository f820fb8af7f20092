//===- ChoiceParser.h - Options that name their values ----------*- C++ -*-===//
//
// LLVM's parser for an option with a list of values says only "Cannot find
// option named 'jsn'!". This one names the valid values and the nearest
// ("did you mean 'json'?"), as clang does for its options, in the words
// the C API uses too (fairy::notOneOfMessage). It does not print them: it
// keeps the default value and the words, which the tool reports through
// the driver's diagnostics, as an error like the others.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRYC_CHOICEPARSER_H
#define FAIRYC_CHOICEPARSER_H

#include "fairy/Driver/Options.h"

#include "llvm/Support/CommandLine.h"

#include <optional>
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
    Refused = notOneOfMessage(Value.str(), Valid);
    return false;
  }

  /// What is wrong with the value given, if it is not one of the list.
  const std::optional<std::string> &refused() const { return Refused; }

private:
  std::optional<std::string> Refused;
};

} // namespace fairy

#endif
