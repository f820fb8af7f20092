//===- Notation.cpp - The registry of notations ---------------------------===//
#include "fairy/Notation/Notation.h"
#include "fairy/IR/IRParser.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Support/Suggest.h"
#include "fairy/Support/TimeReport.h"

#include "llvm/ADT/StringRef.h"

using namespace fairy;

namespace {

/// \p Parse for texts of at most \p MaxLength bytes, under the budget of
/// IR nodes one notation may build (MaxNodesBuilt): past either, a located
/// error instead of the time and memory it would take.
template <typename ParseT>
ParseFn budgeted(ParseT Parse, size_t MaxLength = MaxNotationLength) {
  return [Parse, MaxLength](DiagnosticEngine &Diags, unsigned Buffer,
                            const FrontendOptions &Opts) -> NodeRef {
    size_t Length = Diags.bufferText(Buffer).size();
    if (Length > MaxLength) {
      Diags.error(Diags.loc(Buffer, 0),
                  "this notation text is " + std::to_string(Length) +
                      " bytes long; fairyc reads at most " +
                      std::to_string(MaxLength) +
                      " (docs/diagnostics.md, \"Limits\")");
      return nullptr;
    }
    NodeRef IR;
    try {
      NodeBudget Budget(MaxNodesBuilt);
      TimeReport::Phase Timing("parse");
      IR = Parse(Diags, Buffer, Opts);
    } catch (const NodeBudgetExceeded &E) {
      Diags.error(Diags.loc(Buffer, 0),
                  "this notation builds more than " + std::to_string(E.Budget) +
                      " IR nodes, more than fairyc reads "
                      "(docs/diagnostics.md, \"Limits\")",
                  {Diags.range(Buffer, 0, Diags.bufferText(Buffer).size())});
      return nullptr;
    }
    // A few shared subtrees nested in each other build little but stand
    // for an exponential tree, which every pass and evaluator would walk.
    if (IR && IR->size() > IRLimits::MaxNodes) {
      Diags.error(Diags.loc(Buffer, 0),
                  "this notation's moveset has " + std::to_string(IR->size()) +
                      " nodes, counting a shared part once per use; fairyc "
                      "reads at most " +
                      std::to_string(IRLimits::MaxNodes) +
                      " (docs/diagnostics.md, \"Limits\")",
                  {Diags.range(Buffer, 0, Diags.bufferText(Buffer).size())});
      return nullptr;
    }
    return IR;
  };
}

} // namespace

const std::vector<NotationInfo> &fairy::notations() {
  static const std::vector<NotationInfo> All = {
      {"parlett",
       "Parlett's movement notation (challenge dialect and classic)",
       {".parlett", ".par"},
       budgeted([](DiagnosticEngine &D, unsigned B, const FrontendOptions &) {
         return parseParlett(D, B);
       })},
      {"betza",
       "Betza's notation as Fairy-Stockfish reads it, and XBetza, such as "
       "mRcpR or mafsW",
       {".betza"},
       budgeted(parseBetza)},
      {"fairy",
       "fairy-notation: algebra over displacement atoms such as [1,2]*",
       {".fn"},
       budgeted(parseFairyNotation),
       /*UnboundedDiagrams=*/true},
      {"formula",
       "Movement Formula: steps, square conditions and continuations, such "
       "as ({1,0}[(#+),(#@),(%x@)])*",
       {".mf", ".formula"},
       budgeted(parseMovementFormula)},
      {"ir",
       "the textual moveset IR",
       {".fir"},
       budgeted([](DiagnosticEngine &D, unsigned B,
                   const FrontendOptions &) { return parseIR(D, B); },
                MaxIRLength)},
  };
  return All;
}

const NotationInfo *fairy::findNotation(const std::string &Name) {
  for (const NotationInfo &N : notations())
    if (Name == N.Name)
      return &N;
  return nullptr;
}

const NotationInfo *fairy::nearestNotation(const std::string &Name) {
  for (const NotationInfo &N : notations())
    if (llvm::StringRef(Name).startswith(std::string(N.Name) + "-"))
      return &N;
  // The name as people write it, with 'notation' or 'movement' about it
  // ('fairynotation', 'movement-formula').
  llvm::StringRef Core = Name;
  for (llvm::StringRef Prefix : {"movement-", "movement_", "movement"})
    if (Core.consume_front(Prefix))
      break;
  for (llvm::StringRef Suffix : {"-notation", "_notation", "notation"})
    if (Core.consume_back(Suffix))
      break;
  if (Core.size() != Name.size())
    if (const NotationInfo *N = findNotation(Core.str()))
      return N;
  TypoCorrector Typo(Name);
  for (const NotationInfo &N : notations())
    Typo.add(N.Name);
  auto Best = Typo.best();
  return Best ? findNotation(*Best) : nullptr;
}

const NotationInfo *fairy::notationForPath(const std::string &Path) {
  for (const NotationInfo &N : notations())
    for (const std::string &Ext : N.Extensions)
      if (llvm::StringRef(Path).endswith(Ext))
        return &N;
  return nullptr;
}
