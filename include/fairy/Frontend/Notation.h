//===- Notation.h - The registry of notations -------------------*- C++ -*-===//
//
// Every front end registers here: its name for `-x`, the file extensions
// that select it, and the function that parses a buffer into IR.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_FRONTEND_NOTATION_H
#define FAIRY_FRONTEND_NOTATION_H

#include "fairy/IR/Node.h"
#include "fairy/Support/Diagnostics.h"

#include <string>
#include <vector>

namespace fairy {

/// Parses buffer \p Buffer of \p Diags; reports problems there and returns
/// nullptr if there was an error.
using ParseFn = NodeRef (*)(DiagnosticEngine &Diags, unsigned Buffer);

struct NotationInfo {
  const char *Name;
  const char *Description;
  std::vector<std::string> Extensions; ///< with the dot: ".parlett"
  ParseFn Parse;
};

const std::vector<NotationInfo> &notations();
/// By name (as given to -x); nullptr if unknown.
const NotationInfo *findNotation(const std::string &Name);
/// By the extension of \p Path; nullptr if none matches.
const NotationInfo *notationForPath(const std::string &Path);

/// The Parlett front end (lib/Frontend/Parlett).
NodeRef parseParlett(DiagnosticEngine &Diags, unsigned Buffer);

} // namespace fairy

#endif
