//===- Options.h - The options that fill an Invocation ----------*- C++ -*-===//
//
// Every option that sets a field of an Invocation is one row of
// Options.def, as clang's are rows of Options.td: fairyc declares its
// command-line options from the rows and the C API's fairy_options_set
// takes the same names, both through setOption. Adding a field to the
// Invocation is one row. Standard types only: this header needs no LLVM.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_DRIVER_OPTIONS_H
#define FAIRY_DRIVER_OPTIONS_H

#include <string>
#include <vector>

namespace fairy {

struct Invocation;

/// What an option's value is, as the command line parses it.
enum class OptionKind {
  Flag,         ///< --moved, --moved=false
  String,       ///< --board=8x8
  Int,          ///< --radius=2
  UInt64,       ///< --max-input-size=1024
  List,         ///< --zone=1:a8-h8, repeatable
  UnsignedList, ///< --state=1, repeatable
  Choice,       ///< --dot=tree: one of the option's values
};

/// How an option is spelled and who takes it (bits of OptionInfo::Flags).
enum OptionFlag : unsigned {
  NoFlags = 0,
  Positional = 1 << 0,    ///< an argument without a name
  Prefix = 1 << 1,        ///< the value joined to the name: -O2
  ValueOptional = 1 << 2, ///< the name alone too: -O
  /// Not taken by the C API, whose functions' arguments say it (the
  /// inputs, --emit, -o) or which has no such step (--lint).
  ToolOnly = 1 << 3,
  ApiOnly = 1 << 4, ///< not on the command line
};

/// One of a Choice option's values.
struct OptionValue {
  const char *Name; ///< as the command line spells it
  const char *Help; ///< one line, for --help
  int Enumerator;   ///< what the option's setter stores (an enumerator)
};

/// Another name of an option (-x for --notation).
struct OptionAlias {
  const char *Name;
  const char *Help;
};

struct OptionInfo;
/// Stores \p Value (\p Choice: the value it names, for a Choice option)
/// into \p Inv; false with \p Error when the field refuses it.
using OptionSetter = bool (*)(Invocation &Inv, const std::string &Value,
                              const OptionValue *Choice, std::string &Error);

/// One row of Options.def.
struct OptionInfo {
  const char *Name; ///< without dashes; a positional argument's for setOption
  OptionKind Kind;
  unsigned Flags;        ///< OptionFlag bits
  const char *ValueDesc; ///< --board=<WxH>; "" for the kind's own
  const char *Help;
  std::vector<OptionValue> Values; ///< a Choice's, in --help's order
  std::vector<OptionAlias> Aliases;
  OptionSetter Set;

  /// The value called \p Name, or nullptr.
  const OptionValue *value(const std::string &Name) const;
};

/// Every row of Options.def, in its order (the order positional arguments
/// come in, and the order a tool applies options in).
const std::vector<OptionInfo> &options();
/// The option called \p Name or with an alias \p Name, or nullptr.
const OptionInfo *findOption(const std::string &Name);

/// Sets option \p Name (a row's name or alias) of \p Inv to \p Value,
/// spelled as on the command line ("true"/"false" for a flag; a list's
/// value is added). False with \p Error, which names the valid values of a
/// choice and the nearest, when \p Name or \p Value is not one.
bool setOption(Invocation &Inv, const std::string &Name,
               const std::string &Value, std::string &Error);

/// What to say of \p Value, which is none of \p Valid: "'jsn' is not one
/// of its values (diagram, ir, json, ...); did you mean 'json'?" (the
/// nearest at most two edits away, or one that \p Value begins).
std::string notOneOfMessage(const std::string &Value,
                            const std::vector<std::string> &Valid);

} // namespace fairy

#endif
