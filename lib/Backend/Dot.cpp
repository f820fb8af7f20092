//===- Dot.cpp - The IR as a Graphviz graph -------------------------------===//
#include "fairy/Backend/Dot.h"
#include "fairy/IR/Printer.h"
#include "fairy/Support/Escape.h"

#include <fmt/format.h>

using namespace fairy;

namespace {

class DotWriter {
public:
  std::string Out = "digraph moveset {\n"
                    "  node [fontname=\"monospace\", fontsize=10];\n"
                    "  edge [fontname=\"monospace\", fontsize=9];\n";

  unsigned visit(const Node &N) {
    unsigned Id = Next++;
    bool IsLeg = N.is(NodeKind::Leg);
    Out +=
        fmt::format("  n{} [label={}, shape={}];\n", Id,
                    dotQuoted(printNodeHeader(N)), IsLeg ? "box" : "ellipse");
    bool Ordered = N.is(NodeKind::Seq) || N.is(NodeKind::Prio);
    for (size_t I = 0; I < N.children().size(); ++I) {
      unsigned Child = visit(*N.children()[I]);
      if (Ordered)
        Out += fmt::format("  n{} -> n{} [label=\"{}\"];\n", Id, Child, I + 1);
      else
        Out += fmt::format("  n{} -> n{};\n", Id, Child);
    }
    return Id;
  }

private:
  unsigned Next = 0;
};

} // namespace

std::string fairy::irToDot(const Node &Root) {
  DotWriter W;
  W.visit(Root);
  return W.Out + "}\n";
}
