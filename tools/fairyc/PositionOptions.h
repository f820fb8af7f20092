//===- PositionOptions.h - What fairyc's options say of a position -*- C++
//-*-===//
#ifndef FAIRY_TOOLS_FAIRYC_POSITIONOPTIONS_H
#define FAIRY_TOOLS_FAIRYC_POSITIONOPTIONS_H

#include "fairy/Eval/Position.h"
#include "fairy/Frontend/Notation.h"
#include "fairy/Support/Diagnostics.h"

#include "llvm/Support/CommandLine.h"

namespace fairyc {

/// The category every fairyc option belongs to (--help lists it).
llvm::cl::OptionCategory &optionCategory();

/// Applies --last-move, --zone, --moved-squares, --state, --type and
/// --royal to \p P; false after reporting an error.
bool setUpStates(fairy::DiagnosticEngine &Diags, fairy::Position &P,
                 unsigned Origin);

/// Gives \p P the moves of the pieces --piece defines (and the moving
/// piece's own, \p IR, under its type letter); warns when attack
/// conditions meet pieces nobody defined. False after an error.
bool definePieces(fairy::DiagnosticEngine &Diags, fairy::Position &P,
                  unsigned Origin, const fairy::NodeRef &IR,
                  const fairy::NotationInfo &Input);

} // namespace fairyc

#endif
