//===- JsonInput.cpp - JSON that came from outside ------------------------===//
#include "fairy/Support/JsonInput.h"

using namespace fairy;
using namespace llvm;

std::optional<std::string> fairy::checkJsonLimits(StringRef Text,
                                                  const JsonLimits &Limits) {
  if (Text.size() > Limits.MaxBytes)
    return "the JSON text is larger than " + std::to_string(Limits.MaxBytes) +
           " bytes";
  // Brackets inside strings do not nest; a backslash hides the next
  // character. Unbalanced text is left for the parser to refuse.
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > Limits.MaxDepth)
        return "the JSON text is nested deeper than " +
               std::to_string(Limits.MaxDepth) + " levels";
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return std::nullopt;
}

Expected<json::Value> fairy::parseJsonInput(StringRef Text,
                                            const JsonLimits &Limits) {
  if (std::optional<std::string> Why = checkJsonLimits(Text, Limits))
    return createStringError(inconvertibleErrorCode(), *Why);
  return json::parse(Text);
}

std::string fairy::jsonShapeError(const json::Path::Root &R) {
  return toString(R.getError());
}
