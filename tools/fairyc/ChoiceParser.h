//===- ChoiceParser.h - Enumerated options that name their values -*- C++
//-*-===//
//
// LLVM's parser for an option with a list of values says only "Cannot find
// option named 'jsn'!". This one names the valid values and the nearest
// ("did you mean 'json'?"), as clang does for its options.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRYC_CHOICEPARSER_H
#define FAIRYC_CHOICEPARSER_H

#include "llvm/Support/CommandLine.h"

#include <string>

namespace fairy {

template <class T> class ChoiceParser : public llvm::cl::parser<T> {
public:
  using llvm::cl::parser<T>::parser;

  // Returns true on error, as cl::parser does.
  bool parse(llvm::cl::Option &O, llvm::StringRef ArgName, llvm::StringRef Arg,
             T &V) {
    llvm::StringRef Value = O.hasArgStr() ? Arg : ArgName;
    for (const auto &Choice : this->Values)
      if (Choice.Name == Value) {
        V = Choice.V.getValue();
        return false;
      }
    std::string Valid, Nearest;
    unsigned Best = 3; // at most two edits away to be suggested
    for (const auto &Choice : this->Values) {
      Valid += (Valid.empty() ? "" : ", ") + Choice.Name.str();
      unsigned D = Value.edit_distance(Choice.Name, true, Best);
      if (D < Best || (Nearest.empty() && Choice.Name.startswith(Value) &&
                       !Value.empty())) {
        Best = std::min(D, Best);
        Nearest = Choice.Name.str();
      }
    }
    return O.error(
        "'" + Value + "' is not one of its values (" + Valid + ")" +
        (Nearest.empty() ? "" : "; did you mean '" + Nearest + "'?"));
  }
};

} // namespace fairy

#endif
