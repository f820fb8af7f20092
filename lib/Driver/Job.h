//===- Job.h - One run of the driver ----------------------------*- C++ -*-===//
#ifndef FAIRY_LIB_DRIVER_JOB_H
#define FAIRY_LIB_DRIVER_JOB_H

#include "fairy/Driver/Invocation.h"
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/Support/Diagnostics.h"

#include <optional>
#include <string>

namespace fairy {

/// The output \p Inv asks for ("" for --lint); nullopt after an error.
std::optional<std::string> runJob(const Invocation &Inv,
                                  DiagnosticEngine &Diags);
/// The inputs of \p Inv as pieces on a board; nullopt after an error.
std::optional<PieceSet> compileJob(const Invocation &Inv,
                                   DiagnosticEngine &Diags);

} // namespace fairy

#endif
