//===- OptionTable.cpp - fairyc's options made from the driver's table ---===//
//
// Each kind of row becomes the cl::opt that parses it as fairyc always
// has (so --help and the "for the --x option" errors of numbers are
// cl::opt's); the values given are spelled back as text for
// fairy::setOption. A value of a row's list that is not among them is
// kept and refused by setOption, through the driver's diagnostics: an
// error like any other ("fairyc: error: --emit: 'jsn' is not one of its
// values ...; did you mean 'json'?", in --diagnostics=json too), where
// cl::opt printed "for the --emit option:" and exited.
//
//===----------------------------------------------------------------------===//
#include "OptionTable.h"

#include <deque>

using namespace fairy;
using namespace llvm;

namespace {

/// A row's values, as literal options (for --help); any other value is
/// kept under its own name with no enumerator, for setOption to refuse.
class TableChoiceParser : public cl::parser<const OptionValue *> {
public:
  using cl::parser<const OptionValue *>::parser;

  // Returns true on error, as cl::parser does: never.
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg,
             const OptionValue *&V) {
    StringRef Value = O.hasArgStr() ? Arg : ArgName;
    for (const auto &Choice : this->Values)
      if (Choice.Name == Value) {
        V = Choice.V.getValue();
        return false;
      }
    Names.push_back(Value.str());
    Unknown.push_back({Names.back().c_str(), "", -1});
    V = &Unknown.back();
    return false;
  }

private:
  std::deque<std::string> Names; // the storage of Unknown's names
  std::deque<OptionValue> Unknown;
};

using ChoiceOpt = cl::opt<const OptionValue *, false, TableChoiceParser>;

// A parsed value as setOption reads it.
template <typename T> std::string spell(const T &V) {
  return std::to_string(V);
}
std::string spell(const std::string &V) { return V; }
std::string spell(bool V) { return V ? "true" : "false"; }
std::string spell(const OptionValue *V) { return V->Name; }

template <typename T> bool isFalse(const T &) { return false; }
bool isFalse(bool V) { return !V; }

} // namespace

OptionTable::OptionTable(cl::OptionCategory &Category) {
  for (const OptionInfo &Info : options()) {
    if (Info.Flags & ApiOnly)
      continue;
    // The last given wins for a cl::opt; a cl::list gives every value. A
    // flag given as =false counts as not given, as fairyc has always read
    // them: -fkeep-going=false leaves the default (keep going).
    auto Opt = [&](auto *O) {
      Declared.emplace_back(O);
      Rows.push_back({&Info, [O]() -> std::vector<std::string> {
                        if (!O->getNumOccurrences() || isFalse(O->getValue()))
                          return {};
                        return {spell(O->getValue())};
                      }});
      return O;
    };
    auto List = [&](auto *O) {
      Declared.emplace_back(O);
      Rows.push_back({&Info, [O] {
                        std::vector<std::string> Values;
                        for (const auto &V : *O)
                          Values.push_back(spell(V));
                        return Values;
                      }});
      return O;
    };
    StringRef Name = Info.Name; // what cl::opt takes as a name
    cl::desc Desc(Info.Help);
    cl::value_desc Value(Info.ValueDesc);
    cl::cat Cat(Category);
    bool IsPositional = Info.Flags & Positional;
    cl::Option *O = nullptr;
    switch (Info.Kind) {
    case OptionKind::Flag:
      O = Opt(new cl::opt<bool>(Name, Desc, Cat));
      break;
    case OptionKind::String:
      if (IsPositional)
        O = Opt(new cl::opt<std::string>(cl::Positional, Desc, Cat));
      else
        O = Opt(new cl::opt<std::string>(
            Name, Desc, Value, Cat,
            Info.Flags & Prefix ? cl::Prefix : cl::NormalFormatting,
            Info.Flags & ValueOptional ? cl::ValueOptional
                                       : cl::ValueRequired));
      break;
    case OptionKind::Int:
      O = Opt(new cl::opt<int>(Name, Desc, Value, Cat));
      break;
    case OptionKind::UInt64:
      O = Opt(new cl::opt<uint64_t>(Name, Desc, Value, Cat));
      break;
    case OptionKind::List:
      if (IsPositional)
        O = List(new cl::list<std::string>(cl::Positional, cl::ZeroOrMore, Desc,
                                           Cat));
      else
        O = List(new cl::list<std::string>(Name, Desc, Value, Cat));
      break;
    case OptionKind::UnsignedList:
      O = List(new cl::list<unsigned>(Name, Desc, Value, Cat));
      break;
    case OptionKind::Choice: {
      ChoiceOpt *C = Opt(new ChoiceOpt(Name, Desc, Value, Cat));
      for (const OptionValue &V : Info.Values)
        C->getParser().addLiteralOption(V.Name, &V, V.Help);
      O = C;
      break;
    }
    }
    for (const OptionAlias &A : Info.Aliases)
      Declared.emplace_back(new cl::alias(StringRef(A.Name), cl::desc(A.Help),
                                          cl::aliasopt(*O), Cat));
  }
}

OptionTable::~OptionTable() = default;

bool OptionTable::fill(Invocation &Inv,
                       function_ref<void(const std::string &)> Report) const {
  bool Ok = true;
  for (const Row &R : Rows)
    for (const std::string &V : R.Given()) {
      std::string Error;
      if (!setOption(Inv, R.Info->Name, V, Error)) {
        // setOption's words for a value not in the list do not name the
        // option (the C API's caller names it).
        bool NotListed =
            R.Info->Kind == OptionKind::Choice && !R.Info->value(V);
        Report(NotListed ? "--" + std::string(R.Info->Name) + ": " + Error
                         : Error);
        Ok = false;
      }
    }
  return Ok;
}

std::string OptionTable::given(const std::string &Name) const {
  for (const Row &R : Rows)
    if (Name == R.Info->Name) {
      std::vector<std::string> Values = R.Given();
      return Values.empty() ? "" : Values.back();
    }
  return "";
}
