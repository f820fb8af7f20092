//===- CTable.h - C tables for mailbox engines ------------------*- C++ -*-===//
//
// --emit=ctable: the moveset as leaps (one leg: a destination per origin)
// and rays (steps over empty squares along one vector, between a minimum
// and a maximum count, ending on a square whose state a condition allows),
// written as C arrays indexed by origin square. docs/backends.md gives the
// layout and the loop an engine runs over it.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_CTABLE_H
#define FAIRY_BACKEND_CTABLE_H

#include "fairy/Eval/Board.h"
#include "fairy/Eval/Position.h"
#include "fairy/IR/Node.h"

#include <optional>
#include <string>
#include <vector>

namespace fairy {

/// A moveset as a mailbox engine sees it.
struct MailboxPattern {
  struct Leap {
    Vec V;
    Land L;
  };
  struct Ray {
    Vec Step;
    int Min = 1; ///< first count that may be a destination
    int Max = 1; ///< last count; RangeList::MaxFinite when unbounded
    Land L;      ///< what the destination may hold
    /// A first step to an empty square from which the ray starts: a bent
    /// rider's corner ([F-R]) or a lame leaper's midpoint (nN); zero for
    /// a ray from the origin.
    Vec Via;
  };
  std::vector<Leap> Leaps;
  std::vector<Ray> Rays;
};

/// The leaps and rays of \p IR (in White's frame), or nullopt with \p Why
/// saying which part a mailbox table cannot express.
std::optional<MailboxPattern> mailboxPattern(const Node &IR, std::string &Why);

/// The C header for \p Pattern on board \p B, for the side \p Side, with C
/// identifiers starting with fairy_<Name>_. \p Comment is put at the top.
std::string emitCTable(const MailboxPattern &Pattern, const Board &B,
                       Color Side, const std::string &Name,
                       const std::string &Comment);

} // namespace fairy

#endif
