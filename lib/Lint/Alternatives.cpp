//===- Alternatives.cpp - A movement cut into its alternatives -----------===//
//
// What lint compares: Betza's groups, the comma-separated terms of Parlett
// and fairy-notation, the arguments of the IR's top alt(...). A cut by the
// text alone, before any parsing, so each piece can be read by itself.
//
//===----------------------------------------------------------------------===//
#include "fairy/Lint/Lint.h"

#include <cctype>

using namespace fairy;
using llvm::StringRef;

std::vector<std::pair<size_t, size_t>>
fairy::topLevelAlternatives(const std::string &Notation, StringRef Text) {
  std::vector<std::pair<size_t, size_t>> Out;
  if (Notation == "betza") {
    // A group is its modifiers, one atom (a capital, maybe doubled) and
    // its range digits.
    size_t I = 0;
    while (I < Text.size()) {
      while (I < Text.size() && std::isspace((unsigned char)Text[I]))
        ++I;
      size_t Begin = I;
      while (I < Text.size() && !std::isupper((unsigned char)Text[I]) &&
             Text[I] != '[')
        ++I;
      if (I < Text.size() && Text[I] == '[') {
        // A bracket chain ('v[F?R]') is one group, up to its ']'.
        while (I < Text.size() && Text[I] != ']')
          ++I;
        I += I < Text.size();
        Out.push_back({Begin, I});
        continue;
      }
      if (I < Text.size()) {
        // A doubled atom (NN, the nightrider) is one group; a third letter
        // starts the next group, as the front end reads it ('NNN' is the
        // nightrider and the knight).
        char Atom = Text[I++];
        if (I < Text.size() && Text[I] == Atom)
          ++I;
      }
      while (I < Text.size() && std::isdigit((unsigned char)Text[I]))
        ++I;
      if (I > Begin)
        Out.push_back({Begin, I});
    }
    return Out;
  }
  if (Notation == "parlett" || Notation == "fairy") {
    int Depth = 0;
    size_t Begin = 0;
    for (size_t I = 0; I <= Text.size(); ++I) {
      char C = I < Text.size() ? Text[I] : ',';
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if (C == ')' || C == ']' || C == '}')
        --Depth;
      else if (C == ',' && Depth <= 0) {
        StringRef Part = Text.slice(Begin, I);
        size_t Lead = Part.size() - Part.ltrim().size();
        if (!Part.trim().empty())
          Out.push_back({Begin + Lead, Begin + Lead + Part.trim().size()});
        Begin = I + 1;
      }
    }
    return Out;
  }
  // The IR: the arguments of a top-level alt.
  StringRef Trimmed = Text.trim();
  size_t Lead = Text.size() - Text.ltrim().size();
  if (Notation == "ir" && Trimmed.startswith("alt(") && Trimmed.endswith(")")) {
    int Depth = 0;
    size_t Begin = Lead + 4;
    for (size_t I = Begin; I < Lead + Trimmed.size(); ++I) {
      char C = Text[I];
      bool Last = I + 1 == Lead + Trimmed.size();
      if (C == '(' || C == '<')
        ++Depth;
      else if ((C == ')' || C == '>') && !Last)
        --Depth;
      if ((C == ',' && Depth == 0) || Last) {
        StringRef Part = Text.slice(Begin, I);
        size_t Skip = Part.size() - Part.ltrim().size();
        if (!Part.trim().empty())
          Out.push_back({Begin + Skip, Begin + Skip + Part.trim().size()});
        Begin = I + 1;
      }
    }
    return Out;
  }
  if (!Trimmed.empty())
    Out.push_back({Lead, Lead + Trimmed.size()});
  return Out;
}
