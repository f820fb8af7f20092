//===- BetzaFeatureWriter.h - XBetza features written back -----*- C++ -*-===//
//
// Private to the Betza writer (BetzaWriter.cpp, BetzaFeatureWriter.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_BETZAFEATUREWRITER_H
#define FAIRY_LIB_BACKEND_BETZAFEATUREWRITER_H

#include "fairy/IR/Node.h"
#include "fairy/Notation/Notation.h"

#include <string>
#include <vector>

namespace fairy {

/// Groups of XBetza's one-leg features (crooked `z` and circular `q`
/// riders, cylinder `o`, jumping `j`, `t` and `k` about royal pieces, own
/// hurdles `tp`/`tg`) and rifle moves (`caibR`) for the paths of \p Needed,
/// which the shape and multi-leg writers cannot take apart. A group is kept
/// only if every path it makes is a path of \p Needed or \p Optional (the
/// moves the other writers can write) and it makes at least one path of
/// \p Needed. On return \p Needed holds the paths no group made and
/// \p Optional the moves not wholly made by the groups; the groups' text is
/// returned. \p Opts gives the board the moves were read for (o, rifles).
std::string writeFeatureGroups(std::vector<NodeRef> &Needed,
                               std::vector<NodeRef> &Optional,
                               const FrontendOptions &Opts);

/// Appends the single paths of \p N to \p Out: alt and sym taken apart,
/// seq expanded into each combination of its parts' paths, guard and
/// filter kept around each path; false past 50 000 paths.
bool expandPaths(const NodeRef &N, std::vector<NodeRef> &Out);

} // namespace fairy

#endif
