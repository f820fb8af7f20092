//===- Printer.cpp - Textual form of the IR -------------------------------===//
#include "fairy/IR/Printer.h"

using namespace fairy;

static constexpr size_t LineWidth = 80;

/// "sym<d4>", "rep<1..>", "seq": everything before the opening parenthesis.
static std::string header(const Node &N) {
  std::string H = kindName(N.kind());
  switch (N.kind()) {
  case NodeKind::Rep:
  case NodeKind::Ride:
    return H + "<" + N.range().str() + ">";
  case NodeKind::Sym:
    return H + "<" + N.transforms().str() + ">";
  case NodeKind::Filter:
    return H + "<" + N.predicate().str() + ">";
  case NodeKind::Guard:
    return H + "<" + N.guard().str() + ">";
  case NodeKind::Ahead:
    return N.negated() ? "notahead" : H;
  default:
    return H;
  }
}

static std::string legText(const Node &N) {
  std::string S = "leg(" + N.vec().str() + "; " + N.land().name();
  if (N.effect() != Effect::None)
    S += std::string(", ") + effectName(N.effect());
  return S + ")";
}

std::string fairy::printNodeHeader(const Node &N) {
  return N.is(NodeKind::Leg) ? legText(N) : header(N);
}

std::string fairy::printIRInline(const Node &N) {
  if (N.is(NodeKind::Leg))
    return legText(N);
  std::string S = header(N) + "(";
  for (size_t I = 0; I < N.children().size(); ++I) {
    if (I)
      S += ", ";
    S += printIRInline(*N.children()[I]);
  }
  return S + ")";
}

static void printPretty(const Node &N, size_t Indent, std::string &Out) {
  std::string One = printIRInline(N);
  if (Indent + One.size() <= LineWidth || N.children().empty()) {
    Out += One;
    return;
  }
  Out += header(N) + "(\n";
  for (size_t I = 0; I < N.children().size(); ++I) {
    Out.append(Indent + 2, ' ');
    printPretty(*N.children()[I], Indent + 2, Out);
    Out += I + 1 < N.children().size() ? ",\n" : "\n";
  }
  Out.append(Indent, ' ');
  Out += ")";
}

std::string fairy::printIR(const Node &N) {
  std::string Out;
  printPretty(N, 0, Out);
  return Out + "\n";
}
