//===- Lint.h - Warnings about notation that parses but says less -*- C++
//-*-===//
//
// fairyc --lint: beyond syntax, what a careful reader of a movement would
// point out. The text is cut into its top-level alternatives (Betza groups,
// comma-separated terms of Parlett and fairy-notation), each read alone,
// and the alternatives are compared in canonical IR, so every warning
// points at the alternative it is about:
//   -Wempty-moveset            the whole movement makes no move
//   -Wcontradictory-qualifiers an alternative whose conditions exclude
//                              each other (no move on any board)
//   -Wunreachable-move         an alternative with no move on this board
//   -Wrange-exceeds-board      a range longer than any line of the board
//   -Wreturns-to-origin        a move that ends where it started
//   -Wduplicate-alternative    an alternative written twice (fix-it: drop)
//   -Wsubsumed-alternative     one whose moves the others already make
//   -Wsimpler-equivalent       the same moves written shorter (fix-it)
// Subsumption and equivalence are claimed only when the canonical forms
// prove them (their paths compared as words: Subsumption.h), so a warning
// is never wrong, though a subtle case may pass.
// Each distinct alternative is judged once; subsumption and the shorter
// spelling are looked for within fixed budgets (docs/diagnostics.md,
// "Limits"), so a long movement is linted in linear time.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LINT_LINT_H
#define FAIRY_LINT_LINT_H

#include "fairy/Eval/Board.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Support/Diagnostics.h"

namespace fairy {

/// Lints the movement in buffer \p Buffer of \p Diags, written in \p N,
/// for board \p B; reports the warnings above (as the policy allows).
void lintMovement(DiagnosticEngine &Diags, const NotationInfo &N,
                  unsigned Buffer, const Board &B, const FrontendOptions &Opts);

/// The byte ranges of the top-level alternatives of \p Text in notation
/// \p Notation: Betza's groups, the comma-separated terms of Parlett and
/// fairy-notation; the whole text for the others.
std::vector<std::pair<size_t, size_t>>
topLevelAlternatives(const std::string &Notation, llvm::StringRef Text);

} // namespace fairy

#endif
