//===- Options.cpp - The options that fill an Invocation ------------------===//
//
// Options.def's rows made into OptionInfos, and the setters that read a
// value as the command line spells it into the Invocation's field. A row's
// FIELD(F) picks the setter by F's type, so most rows need no code here.
//
//===----------------------------------------------------------------------===//
#include "fairy/Driver/Options.h"
#include "fairy/Support/Suggest.h"

#include "fairy/Backend/Backend.h"
#include "fairy/Driver/Invocation.h"

#include "llvm/ADT/StringRef.h"

#include <type_traits>

using namespace fairy;

namespace {

// --side's values: a colour, or both (which is not a colour).
enum class SideChoice { White, Black, Both };

/// Reads a flag as cl::opt<bool> does; false with \p Error.
bool readFlag(const std::string &V, bool &Out, std::string &Error) {
  if (V.empty() || V == "true" || V == "TRUE" || V == "True" || V == "1")
    Out = true;
  else if (V == "false" || V == "FALSE" || V == "False" || V == "0")
    Out = false;
  else {
    Error = "'" + V + "' is not true or false (1 or 0)";
    return false;
  }
  return true;
}

/// Reads a decimal number that fits \p Out; false with \p Error.
template <typename N>
bool readNumber(const std::string &V, N &Out, std::string &Error) {
  if (!llvm::StringRef(V).getAsInteger(10, Out))
    return true;
  Error = "'" + V + "' is not a number";
  return false;
}

// One assign per kind of field; FIELD(F) calls the one F's type picks.
bool assign(std::string &F, const std::string &V, const OptionValue *,
            std::string &) {
  F = V;
  return true;
}
bool assign(std::optional<std::string> &F, const std::string &V,
            const OptionValue *, std::string &) {
  F = V;
  return true;
}
bool assign(std::vector<std::string> &F, const std::string &V,
            const OptionValue *, std::string &) {
  F.push_back(V);
  return true;
}
bool assign(bool &F, const std::string &V, const OptionValue *,
            std::string &Error) {
  return readFlag(V, F, Error);
}
bool assign(uint64_t &F, const std::string &V, const OptionValue *,
            std::string &Error) {
  return readNumber(V, F, Error);
}
bool assign(std::optional<int> &F, const std::string &V, const OptionValue *,
            std::string &Error) {
  int N = 0;
  if (!readNumber(V, N, Error))
    return false;
  F = N;
  return true;
}
bool assign(std::vector<unsigned> &F, const std::string &V, const OptionValue *,
            std::string &Error) {
  unsigned N = 0;
  if (!readNumber(V, N, Error))
    return false;
  F.push_back(N);
  return true;
}
// A Choice's value, found by setOption before it calls the setter.
template <typename E, typename = std::enable_if_t<std::is_enum_v<E>>>
bool assign(E &F, const std::string &, const OptionValue *Choice,
            std::string &) {
  F = static_cast<E>(Choice->Enumerator);
  return true;
}
template <typename E, typename = std::enable_if_t<std::is_enum_v<E>>>
bool assign(std::optional<E> &F, const std::string &, const OptionValue *Choice,
            std::string &) {
  F = static_cast<E>(Choice->Enumerator);
  return true;
}

// The rows whose fields are not set by their type alone.

bool setNoKeepGoing(Invocation &I, const std::string &V, const OptionValue *,
                    std::string &Error) {
  bool No = false;
  if (!readFlag(V, No, Error))
    return false;
  I.KeepGoing = !No;
  return true;
}

bool setOptLevel(Invocation &I, const std::string &V, const OptionValue *,
                 std::string &Error) {
  std::optional<unsigned> Level = optLevelNamed(V);
  if (!Level) {
    Error = "-O" + V +
            " is not a level; use -O0 (no passes) or -O1, -O2, -O3, -Os, -Oz "
            "(the passes)";
    return false;
  }
  I.OptLevel = *Level;
  return true;
}

// The last --side given wins, both included.
bool setSide(Invocation &I, const std::string &, const OptionValue *Choice,
             std::string &) {
  auto S = static_cast<SideChoice>(Choice->Enumerator);
  I.BothSides = S == SideChoice::Both;
  I.Side = S == SideChoice::White   ? std::optional(Color::White)
           : S == SideChoice::Black ? std::optional(Color::Black)
                                    : std::nullopt;
  return true;
}

std::vector<OptionInfo> makeTable() {
  std::vector<OptionInfo> T;
#define FIELD(F)                                                               \
  [](Invocation &I, const std::string &V, const OptionValue *C,                \
     std::string &E) { return assign(I.F, V, C, E); }
#define OPTION(NAME, KIND, FLAGS, SETS, VALUE_DESC, HELP)                      \
  T.push_back({NAME, OptionKind::KIND, FLAGS, VALUE_DESC, HELP, {}, {}, SETS});
#define VALUE(NAME, ENUMERATOR, HELP)                                          \
  T.back().Values.push_back({NAME, HELP, static_cast<int>(ENUMERATOR)});
#define BACKEND_VALUES()                                                       \
  for (const BackendInfo *B : backends())                                      \
    T.back().Values.push_back({B->Name, B->Help, 0});
#define ALIAS(NAME, HELP) T.back().Aliases.push_back({NAME, HELP});
#include "fairy/Driver/Options.def"
#undef FIELD
  return T;
}

} // namespace

const OptionValue *OptionInfo::value(const std::string &Name) const {
  for (const OptionValue &V : Values)
    if (Name == V.Name)
      return &V;
  return nullptr;
}

const std::vector<OptionInfo> &fairy::options() {
  static const std::vector<OptionInfo> Table = makeTable();
  return Table;
}

const OptionInfo *fairy::findOption(const std::string &Name) {
  for (const OptionInfo &O : options()) {
    if (Name == O.Name)
      return &O;
    for (const OptionAlias &A : O.Aliases)
      if (Name == A.Name)
        return &O;
  }
  return nullptr;
}

bool fairy::setOption(Invocation &Inv, const std::string &Name,
                      const std::string &Value, std::string &Error) {
  const OptionInfo *O = findOption(Name);
  if (!O) {
    Error = "unknown option '" + Name + "'";
    return false;
  }
  const OptionValue *Choice = nullptr;
  if (O->Kind == OptionKind::Choice && !(Choice = O->value(Value))) {
    std::vector<std::string> Valid;
    for (const OptionValue &V : O->Values)
      Valid.push_back(V.Name);
    Error = notOneOfMessage(Value, Valid);
    return false;
  }
  return O->Set(Inv, Value, Choice, Error);
}

std::string fairy::notOneOfMessage(const std::string &Value,
                                   const std::vector<std::string> &Valid) {
  std::string List;
  TypoCorrector Typo(Value);
  for (const std::string &Name : Valid) {
    List += (List.empty() ? "" : ", ") + Name;
    Typo.add(Name);
  }
  auto Nearest = Typo.best();
  return "'" + Value + "' is not one of its values (" + List + ")" +
         (Nearest ? "; did you mean '" + *Nearest + "'?" : "");
}
