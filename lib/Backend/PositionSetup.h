//===- PositionSetup.h - What an invocation says of a position --*- C++ -*-===//
#ifndef FAIRY_LIB_BACKEND_POSITIONSETUP_H
#define FAIRY_LIB_BACKEND_POSITIONSETUP_H

#include "fairy/Driver/Invocation.h"
#include "fairy/Eval/Position.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Support/Diagnostics.h"

namespace fairy {

/// Applies the last move, zones, moved and advanced squares, states, the
/// mover's type and the royal letters of \p Inv to \p P; false after
/// reporting an error.
bool setUpStates(const Invocation &Inv, DiagnosticEngine &Diags, Position &P,
                 unsigned Origin);

/// Gives \p P the moves of the pieces Inv.PieceDefs defines (and the moving
/// piece's own, \p IR, under its type letter); warns when attack conditions
/// or borrowing meet pieces nobody defined. False after an error.
bool definePieces(const Invocation &Inv, DiagnosticEngine &Diags, Position &P,
                  unsigned Origin, const NodeRef &IR,
                  const NotationInfo &Input);

} // namespace fairy

#endif
