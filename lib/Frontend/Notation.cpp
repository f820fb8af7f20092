//===- Notation.cpp - The registry of notations ---------------------------===//
#include "fairy/Frontend/Notation.h"
#include "fairy/IR/IRParser.h"

#include "llvm/ADT/StringRef.h"

using namespace fairy;

const std::vector<NotationInfo> &fairy::notations() {
  static const std::vector<NotationInfo> All = {
      {"parlett",
       "Parlett's movement notation (challenge dialect and classic)",
       {".parlett", ".par"},
       [](DiagnosticEngine &D, unsigned B, const FrontendOptions &) {
         return parseParlett(D, B);
       }},
      {"betza",
       "Betza's notation as Fairy-Stockfish reads it, and XBetza, such as "
       "mRcpR or mafsW",
       {".betza"},
       parseBetza},
      {"fairy",
       "fairy-notation: algebra over displacement atoms such as [1,2]*",
       {".fn"},
       parseFairyNotation,
       /*UnboundedDiagrams=*/true},
      {"formula",
       "Movement Formula: steps, square conditions and continuations, such "
       "as ({1,0}[(#+),(#@),(%x@)])*",
       {".mf", ".formula"},
       parseMovementFormula},
      {"ir",
       "the textual moveset IR",
       {".fir"},
       [](DiagnosticEngine &D, unsigned B, const FrontendOptions &) {
         return parseIR(D, B);
       }},
  };
  return All;
}

const NotationInfo *fairy::findNotation(const std::string &Name) {
  for (const NotationInfo &N : notations())
    if (Name == N.Name)
      return &N;
  return nullptr;
}

const NotationInfo *fairy::notationForPath(const std::string &Path) {
  for (const NotationInfo &N : notations())
    for (const std::string &Ext : N.Extensions)
      if (llvm::StringRef(Path).endswith(Ext))
        return &N;
  return nullptr;
}
