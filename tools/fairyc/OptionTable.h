//===- OptionTable.h - fairyc's options from the driver's table -*- C++ -*-===//
//
// fairyc declares no option that fills the Invocation itself: this makes a
// cl::opt (or cl::list, cl::alias) of each row of fairy/Driver/Options.def
// at start-up, and sets the Invocation from what was given through
// fairy::setOption, as the C API does.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRYC_OPTIONTABLE_H
#define FAIRYC_OPTIONTABLE_H

#include "fairy/Driver/Options.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/CommandLine.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace fairy {

class OptionTable {
public:
  /// Declares every row that the command line takes in \p Category; call
  /// it before cl::ParseCommandLineOptions. The options live as long as
  /// this.
  explicit OptionTable(llvm::cl::OptionCategory &Category);
  ~OptionTable();

  /// Sets \p Inv from the options given, row by row in the table's order.
  /// A value the Invocation refuses (cl::opt has checked the numbers) is
  /// passed to \p Report; false if one was.
  bool fill(Invocation &Inv,
            llvm::function_ref<void(const std::string &)> Report) const;

  /// The last value given to option \p Name as fairy::setOption reads it;
  /// "" when none was.
  std::string given(const std::string &Name) const;

private:
  struct Row {
    const OptionInfo *Info;
    /// The values given, in the command line's order.
    std::function<std::vector<std::string>()> Given;
  };
  std::vector<Row> Rows;
  std::vector<std::unique_ptr<llvm::cl::Option>> Declared;
};

} // namespace fairy

#endif
