//===- Json.cpp - Moves and IR as JSON ------------------------------------===//
#include "fairy/Backend/Json.h"
#include "fairy/Support/Escape.h"

using namespace fairy;
using llvm::json::Value;

// Written through llvm::json::OStream as it goes, never built as a Value:
// a moveset of 200,000 nodes took 370 MB as a Value tree. Keys are written
// in the order llvm::json prints an Object's, sorted, so the text is the
// same as before.

static void writeOperand(llvm::json::OStream &J, const Node &N);

static void vectorJson(llvm::json::OStream &J, Vec V) {
  J.arrayBegin();
  J.value(V.x);
  J.value(V.y);
  if (V.z)
    J.value(V.z);
  J.arrayEnd();
}

void fairy::writeIRJson(llvm::json::OStream &J, const Node &N) {
  J.objectBegin();
  switch (N.kind()) {
  case NodeKind::Leg:
    if (N.effect() != Effect::None)
      J.attribute("effect", effectName(N.effect()));
    J.attribute("kind", kindName(N.kind()));
    J.attribute("land", N.land().name());
    J.attributeBegin("vector");
    vectorJson(J, N.vec());
    J.attributeEnd();
    J.objectEnd();
    return;
  case NodeKind::Seq:
  case NodeKind::Alt:
  case NodeKind::Prio:
    J.attributeArray("children", [&] {
      for (const NodeRef &C : N.children())
        writeIRJson(J, *C);
    });
    J.attribute("kind", kindName(N.kind()));
    J.objectEnd();
    return;
  case NodeKind::Rep:
  case NodeKind::Ride:
    J.attributeArray("intervals", [&] {
      for (const Interval &I : N.range().intervals())
        J.object([&] {
          J.attribute("max", I.isUnbounded() ? Value(nullptr) : Value(I.Hi));
          J.attribute("min", I.Lo);
        });
    });
    J.attribute("kind", kindName(N.kind()));
    writeOperand(J, N);
    J.attribute("range", N.range().str());
    break;
  case NodeKind::Sym: {
    J.attribute("kind", kindName(N.kind()));
    writeOperand(J, N);
    std::string Name = N.transforms().name();
    J.attribute("set", Name.empty() ? Value(nullptr) : Value(Name));
    J.attributeArray("transforms", [&] {
      for (const Transform &T : N.transforms().transforms())
        J.value(T.str(!N.transforms().fixesZ()));
    });
    break;
  }
  case NodeKind::Filter: {
    static const char *Axes[] = {"x", "y", "z"};
    const AxisPredicate &P = N.predicate();
    J.attribute("at_least", P.K);
    J.attribute("axis", Axes[P.Axis]);
    J.attribute("kind", kindName(N.kind()));
    writeOperand(J, N);
    J.attribute("predicate", P.str());
    J.attribute("sign", int(P.Sign));
    break;
  }
  case NodeKind::Guard: {
    const GuardPredicate &G = N.guard();
    J.attribute("guard", GuardPredicate::kindName(G.K));
    J.attribute("kind", kindName(N.kind()));
    J.attribute("negated", G.Negated);
    writeOperand(J, N);
    J.attribute("predicate", G.str());
    if (G.K == GuardPredicate::State)
      J.attribute("state", G.ZoneId);
    if (G.K == GuardPredicate::Zone)
      J.attribute("zone", G.ZoneId);
    break;
  }
  case NodeKind::Ahead:
    J.attribute("kind", kindName(N.kind()));
    J.attribute("negated", N.negated());
    writeOperand(J, N);
    break;
  case NodeKind::Borrow:
    J.attribute("kind", kindName(N.kind()));
    writeOperand(J, N);
    break;
  }
  J.objectEnd();
}

static void writeOperand(llvm::json::OStream &J, const Node &N) {
  J.attributeBegin("operand");
  writeIRJson(J, *N.operand());
  J.attributeEnd();
}

static void squares(llvm::json::OStream &J, const char *Key, const Board &B,
                    const SquareSet &S) {
  J.attributeArray(
      Key, [&] { S.forEach([&](unsigned I) { J.value(B.squareName(I)); }); });
}

void fairy::writeMovesJson(llvm::json::OStream &J, const Board &B,
                           const std::vector<OriginMoves> &Moves) {
  J.array([&] {
    for (const OriginMoves &M : Moves)
      J.object([&] {
        squares(J, "capture", B, M.D.Capture);
        J.attribute("from", B.squareName(M.Origin));
        squares(J, "promote", B, M.D.Promote);
        squares(J, "quiet", B, M.D.Quiet);
        squares(J, "remote", B, M.D.Remote);
      });
  });
}

std::string fairy::movesToJson(const std::string &Notation,
                               const std::string &Text, const Position &P,
                               Color Side, const Node &IR,
                               const std::vector<OriginMoves> &Moves,
                               unsigned Indent) {
  const Board &B = P.board();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::json::OStream J(OS, Indent);
  J.object([&] {
    J.attributeObject("board", [&] {
      J.attribute("depth", B.depth());
      J.attribute("height", B.height());
      J.attributeArray("missing", [&] {
        for (unsigned I = 0; I < B.numSquares(); ++I)
          if (!B.squares().test(I))
            J.value(B.squareName(I));
      });
      J.attribute("width", B.width());
    });
    J.attribute("format", "fairyc-moves");
    J.attributeBegin("ir");
    writeIRJson(J, IR);
    J.attributeEnd();
    J.attributeBegin("moves");
    writeMovesJson(J, B, Moves);
    J.attributeEnd();
    J.attribute("notation", Notation);
    J.attributeArray("pieces", [&] {
      B.squares().forEach([&](unsigned I) {
        const Occupant &O = P.at(I);
        if (O.Present)
          J.object([&] {
            J.attribute("side", O.Side == Color::White ? "white" : "black");
            J.attribute("square", B.squareName(I));
            J.attribute("type", std::string(1, O.Type));
          });
      });
    });
    J.attribute("side", Side == Color::White ? "white" : "black");
    J.attribute("text", Text);
    J.attribute("version", 1);
  });
  OS.flush();
  return jsonWithoutControls(Out);
}
