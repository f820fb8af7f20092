//===- ParlettWriter.h - A moveset written in Parlett -----------*- C++ -*-===//
#ifndef FAIRY_BACKEND_PARLETTWRITER_H
#define FAIRY_BACKEND_PARLETTWRITER_H

#include "fairy/IR/Node.h"

#include <optional>
#include <string>

namespace fairy {

/// --emit=parlett: \p IR in Parlett's notation, or nullopt with \p Why when
/// it has a move Parlett cannot say (hoppers, lame leaps, limited riders of
/// long leaps, directions no Parlett direction selects).
std::optional<std::string> irToParlett(const NodeRef &IR, std::string &Why);

} // namespace fairy

#endif
