//===- Verifier.cpp - Structural checks of an IR tree ---------------------===//
#include "fairy/IR/Verifier.h"

#include <cstdlib>

using namespace fairy;

namespace {
class Verifier {
public:
  std::vector<std::string> Problems;
  unsigned Filters = 0;

  void visit(const Node &N, unsigned RideDepth, unsigned FilterDepth = 0) {
    auto Fail = [&](const std::string &Msg) {
      Problems.push_back(std::string(kindName(N.kind())) + ": " + Msg);
    };
    switch (N.kind()) {
    case NodeKind::Leg: {
      Vec V = N.vec();
      for (unsigned A = 0; A < 3; ++A)
        if (std::abs(V[A]) > IRLimits::MaxComponent)
          Fail("leg component " + std::to_string(V[A]) + " is larger than " +
               std::to_string(IRLimits::MaxComponent));
      if (!N.children().empty())
        Fail("a leg has no operands");
      break;
    }
    case NodeKind::Seq:
    case NodeKind::Alt:
    case NodeKind::Prio:
    case NodeKind::Ahead:
    case NodeKind::Borrow:
      break;
    case NodeKind::Rep:
    case NodeKind::Ride: {
      std::string P = N.range().problem();
      if (!P.empty())
        Fail(P);
      if (N.is(NodeKind::Rep) && RideDepth > 0 && N.range().isUnbounded())
        Fail("an unbounded rep inside a ride operand is not supported (the "
             "ride would have to repeat paths of any length)");
      break;
    }
    case NodeKind::Sym:
      if (N.transforms().empty())
        Fail("a sym needs at least one transform");
      break;
    case NodeKind::Filter:
      if (N.predicate().Axis > 2 || std::abs(N.predicate().Sign) != 1)
        Fail("malformed axis predicate");
      if (++Filters > IRLimits::MaxFilters)
        Fail("more than " + std::to_string(IRLimits::MaxFilters) +
             " filters in one moveset are not supported");
      break;
    case NodeKind::Guard:
      if (N.guard().hasNumber() && N.guard().ZoneId < 0)
        Fail("zone and state numbers cannot be negative");
      break;
    }
    // A ride repeats one concrete path of its operand; these nodes look at
    // the board before they choose, so they have no concrete paths.
    if ((N.is(NodeKind::Prio) || N.is(NodeKind::Ahead) ||
         N.is(NodeKind::Borrow)) &&
        RideDepth > 0)
      Fail(std::string("a ") + kindName(N.kind()) +
           " inside a ride operand is not supported");
    // A filter's predicate reads the legs of a path; borrowed moves are
    // another piece's, evaluated on their own, so they have none to read.
    if (N.is(NodeKind::Borrow) && FilterDepth > 0)
      Fail("a borrow inside a filter is not supported (the borrowed moves "
           "are another piece's, and their legs are not the path's)");
    bool OneOperand = N.is(NodeKind::Rep) || N.is(NodeKind::Ride) ||
                      N.is(NodeKind::Sym) || N.is(NodeKind::Filter) ||
                      N.is(NodeKind::Guard) || N.is(NodeKind::Ahead) ||
                      N.is(NodeKind::Borrow);
    if (OneOperand && N.children().size() != 1)
      Fail("takes exactly one operand");
    for (const NodeRef &C : N.children()) {
      if (!C) {
        Fail("missing operand");
        continue;
      }
      visit(*C, RideDepth + (N.is(NodeKind::Ride) ? 1 : 0),
            FilterDepth + N.is(NodeKind::Filter));
    }
  }
};
} // namespace

std::vector<std::string> fairy::verifyIR(const Node &Root) {
  Verifier V;
  if (Root.size() > IRLimits::MaxNodes)
    return {"the moveset has " + std::to_string(Root.size()) +
            " nodes; at most " + std::to_string(IRLimits::MaxNodes) +
            " are supported"};
  V.visit(Root, 0);
  return V.Problems;
}
