//===- UnknownOptions.cpp - "Did you mean" for misspelt options -----------===//
#include "UnknownOptions.h"

#include "fairy/Support/Suggest.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

bool fairy::optionsAreKnown(int argc, char **argv, std::string &Error) {
  // A subcommand has options of its own; LLVM checks those.
  if (argc > 1 && StringRef(argv[1]) == "serve")
    return true;
  StringMap<cl::Option *> &Known = cl::getRegisteredOptions();
  for (int I = 1; I < argc; ++I) {
    StringRef Arg = argv[I];
    if (Arg == "--")
      break; // the rest are arguments, whatever they look like
    // Only what reads as a named option: '-' or '--' and a letter ('-' is
    // standard input, '-1' a notation's text).
    StringRef Name = Arg.drop_while([](char C) { return C == '-'; });
    if (Name.size() == Arg.size() || Name.empty() || !llvm::isAlpha(Name[0]))
      continue;
    auto [Key, Value] = Name.split('=');
    bool HasValue = Name.contains('=');
    auto It = Known.find(Key);
    if (It != Known.end()) {
      // Its value may be the next argument (-e '-1+'): not an option.
      if (!HasValue && It->second->getValueExpectedFlag() == cl::ValueRequired)
        ++I;
      continue;
    }
    // -O2, -Wno-x and the like: a prefix option and its value joined.
    bool Prefixed = false;
    for (auto &Entry : Known)
      if (Entry.second->getFormattingFlag() == cl::Prefix &&
          Key.startswith(Entry.first()) && !Entry.first().empty())
        Prefixed = true;
    if (Prefixed)
      continue;
    TypoCorrector Typo(Key, /*PartsCount=*/false);
    for (auto &Entry : Known)
      if (Entry.second->getOptionHiddenFlag() == cl::NotHidden &&
          Entry.first().size() > 1)
        Typo.add(Entry.first());
    Error = "unknown argument '" + Arg.str() + "'";
    if (auto Best = Typo.best())
      Error += "; did you mean '--" + *Best +
               (HasValue ? "=" + Value.str() : std::string()) + "'?";
    Error += " (fairyc --help lists the options)";
    return false;
  }
  return true;
}

bool fairy::diagnosticsAsJson(int argc, char **argv) {
  bool Json = false;
  for (int I = 1; I < argc; ++I) {
    StringRef Arg = argv[I];
    if (Arg == "--")
      break;
    StringRef Name = Arg.drop_while([](char C) { return C == '-'; });
    if (Name.size() == Arg.size() || Name.size() + 2 < Arg.size())
      continue;
    if (Name.startswith("diagnostics="))
      Json = Name.drop_front(12) == "json";
    else if (Name == "diagnostics" && I + 1 < argc)
      Json = StringRef(argv[++I]) == "json";
  }
  return Json;
}
