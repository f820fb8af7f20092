//===- DotAutomaton.cpp - The moveset as a leg automaton ------------------===//
//
// --emit=dot --dot=automaton: a Thompson-style automaton of the moveset.
// States are squares reached along a path (start = the piece's square);
// solid edges are legs, labelled with their vector, landing condition and
// effect; dashed edges take no leg and say why they exist: a branch of an
// alternative, a priority, a repetition going round again, a filter or a
// guard. Small symmetry sets are drawn image by image, so a knight shows
// its eight leaps.
//
//===----------------------------------------------------------------------===//
#include "fairy/Backend/Dot.h"
#include "fairy/Support/Escape.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"

#include <fmt/format.h>

using namespace fairy;

namespace {

/// Symmetry images are drawn one by one while the picture stays this small.
constexpr size_t MaxExpandedNodes = 400;

class AutomatonWriter {
public:
  std::string Out = "digraph automaton {\n"
                    "  rankdir=LR;\n"
                    "  node [fontname=\"monospace\", fontsize=10, "
                    "shape=circle, width=0.3, label=\"\"];\n"
                    "  edge [fontname=\"monospace\", fontsize=9];\n";

  unsigned state() {
    Out += fmt::format("  s{};\n", Next);
    return Next++;
  }
  void leg(unsigned From, unsigned To, const Node &L) {
    Out += fmt::format("  s{} -> s{} [label={}];\n", From, To,
                       dotQuoted(printNodeHeader(L)));
  }
  void epsilon(unsigned From, unsigned To, const std::string &Why = "") {
    Out += fmt::format("  s{} -> s{} [style=dashed{}];\n", From, To,
                       Why.empty() ? "" : ", label=" + dotQuoted(Why));
  }

  /// Draws \p N starting at state \p From; returns the state where its
  /// paths end.
  unsigned build(const Node &N, unsigned From) {
    switch (N.kind()) {
    case NodeKind::Leg: {
      unsigned To = state();
      leg(From, To, N);
      return To;
    }
    case NodeKind::Seq:
      for (const NodeRef &C : N.children())
        From = build(*C, From);
      return From;
    case NodeKind::Alt:
    case NodeKind::Prio: {
      unsigned To = state();
      for (size_t I = 0; I < N.children().size(); ++I) {
        unsigned Branch = state();
        epsilon(From, Branch,
                N.is(NodeKind::Prio)
                    ? (I ? fmt::format("else {}", I + 1) : std::string("1"))
                    : "");
        epsilon(build(*N.children()[I], Branch), To);
      }
      return To;
    }
    case NodeKind::Rep:
    case NodeKind::Ride: {
      bool Ride = N.is(NodeKind::Ride);
      const RangeList &R = N.range();
      unsigned Loop = state(), To = state();
      epsilon(From, Loop,
              fmt::format("{}<{}>", Ride ? "ride" : "rep", R.str()));
      unsigned End = build(*N.operand(), Loop);
      if (R.maxNamed() > 1 || R.isUnbounded())
        epsilon(End, Loop, Ride ? "again, same path" : "again");
      epsilon(End, To, "count in " + R.str());
      if (R.contains(0))
        epsilon(From, To, "0 times");
      return To;
    }
    case NodeKind::Sym: {
      const TransformSet &S = N.transforms();
      unsigned To = state();
      if (S.size() * N.operand()->size() > MaxExpandedNodes) {
        unsigned In = state();
        epsilon(From, In,
                fmt::format("sym<{}>: each of {} images", S.str(), S.size()));
        epsilon(build(*N.operand(), In), To);
        return To;
      }
      for (const Transform &T : S.transforms()) {
        unsigned In = state();
        epsilon(From, In, T.str(!S.fixesZ()));
        epsilon(build(*transformed(N.operand(), T), In), To);
      }
      return To;
    }
    case NodeKind::Filter: {
      unsigned In = state(), To = state();
      epsilon(From, In, "filter<" + N.predicate().str() + ">");
      epsilon(build(*N.operand(), In), To, "end of filter");
      return To;
    }
    case NodeKind::Guard: {
      unsigned In = state();
      epsilon(From, In, printNodeHeader(N));
      return build(*N.operand(), In);
    }
    case NodeKind::Ahead: {
      // A side branch: the operand is only looked at; the path goes on
      // from where it was.
      unsigned In = state(), To = state();
      epsilon(From, In, printNodeHeader(N) + ": test");
      build(*N.operand(), In);
      epsilon(From, To, N.negated() ? "if no path" : "if a path");
      return To;
    }
    case NodeKind::Borrow: {
      unsigned In = state(), To = state();
      epsilon(From, In, "borrow: find a lender");
      epsilon(build(*N.operand(), In), To,
              "the lender's moves, made from the start");
      return To;
    }
    }
    return From;
  }

private:
  unsigned Next = 0;
};

} // namespace

std::string fairy::movesetToDotAutomaton(const Node &Root) {
  AutomatonWriter W;
  unsigned Start = W.state();
  unsigned End = W.build(Root, Start);
  W.Out +=
      fmt::format("  s{} [shape=circle, label=\"start\", width=0.6];\n", Start);
  W.Out += fmt::format(
      "  s{} [shape=doublecircle, label=\"end\", width=0.6];\n", End);
  return W.Out + "}\n";
}
