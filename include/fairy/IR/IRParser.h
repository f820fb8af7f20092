//===- IRParser.h - Read the textual IR -------------------------*- C++ -*-===//
#ifndef FAIRY_IR_IRPARSER_H
#define FAIRY_IR_IRPARSER_H

#include "fairy/IR/Node.h"
#include "fairy/Support/Diagnostics.h"

namespace fairy {

/// Parses the textual IR held in buffer \p Buffer of \p Diags. Reports every
/// problem there and returns nullptr if there was one. The result is not
/// verified; call verifyIR for that.
NodeRef parseIR(DiagnosticEngine &Diags, unsigned Buffer);

} // namespace fairy

#endif
