//===- Json.cpp - Moves and IR as JSON ------------------------------------===//
#include "fairy/Backend/Json.h"

using namespace fairy;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

static Array vectorJson(Vec V) {
  Array A{V.x, V.y};
  if (V.z)
    A.push_back(V.z);
  return A;
}

Value fairy::irToJson(const Node &N) {
  Object O{{"kind", kindName(N.kind())}};
  switch (N.kind()) {
  case NodeKind::Leg:
    O["vector"] = vectorJson(N.vec());
    O["land"] = N.land().name();
    if (N.effect() != Effect::None)
      O["effect"] = effectName(N.effect());
    return Value(std::move(O));
  case NodeKind::Seq:
  case NodeKind::Alt:
  case NodeKind::Prio: {
    Array Children;
    for (const NodeRef &C : N.children())
      Children.push_back(irToJson(*C));
    O["children"] = std::move(Children);
    return Value(std::move(O));
  }
  case NodeKind::Rep:
  case NodeKind::Ride: {
    Array Intervals;
    for (const Interval &I : N.range().intervals())
      Intervals.push_back(
          Object{{"min", I.Lo},
                 {"max", I.isUnbounded() ? Value(nullptr) : Value(I.Hi)}});
    O["range"] = N.range().str();
    O["intervals"] = std::move(Intervals);
    break;
  }
  case NodeKind::Sym: {
    std::string Name = N.transforms().name();
    O["set"] = Name.empty() ? Value(nullptr) : Value(Name);
    Array Ts;
    for (const Transform &T : N.transforms().transforms())
      Ts.push_back(T.str(!N.transforms().fixesZ()));
    O["transforms"] = std::move(Ts);
    break;
  }
  case NodeKind::Filter: {
    static const char *Axes[] = {"x", "y", "z"};
    const AxisPredicate &P = N.predicate();
    O["predicate"] = P.str();
    O["axis"] = Axes[P.Axis];
    O["sign"] = int(P.Sign);
    O["at_least"] = P.K;
    break;
  }
  case NodeKind::Guard: {
    const GuardPredicate &G = N.guard();
    O["predicate"] = G.str();
    O["guard"] = GuardPredicate::kindName(G.K);
    if (G.K == GuardPredicate::Zone)
      O["zone"] = G.ZoneId;
    if (G.K == GuardPredicate::State)
      O["state"] = G.ZoneId;
    O["negated"] = G.Negated;
    break;
  }
  case NodeKind::Ahead:
    O["negated"] = N.negated();
    break;
  case NodeKind::Borrow:
    break;
  }
  O["operand"] = irToJson(*N.operand());
  return Value(std::move(O));
}

static Array squares(const Board &B, const SquareSet &S) {
  Array A;
  S.forEach([&](unsigned I) { A.push_back(B.squareName(I)); });
  return A;
}

Value fairy::movesToJson(const std::string &Notation, const std::string &Text,
                         const Position &P, Color Side, const Node &IR,
                         const std::vector<OriginMoves> &Moves) {
  const Board &B = P.board();
  Array Missing;
  for (unsigned I = 0; I < B.numSquares(); ++I)
    if (!B.squares().test(I))
      Missing.push_back(B.squareName(I));
  Array Pieces;
  B.squares().forEach([&](unsigned I) {
    const Occupant &O = P.at(I);
    if (O.Present)
      Pieces.push_back(
          Object{{"square", B.squareName(I)},
                 {"side", O.Side == Color::White ? "white" : "black"},
                 {"type", std::string(1, O.Type)}});
  });
  Array PerOrigin;
  for (const OriginMoves &M : Moves)
    PerOrigin.push_back(Object{{"from", B.squareName(M.Origin)},
                               {"quiet", squares(B, M.D.Quiet)},
                               {"capture", squares(B, M.D.Capture)},
                               {"remote", squares(B, M.D.Remote)},
                               {"promote", squares(B, M.D.Promote)}});
  return Object{
      {"format", "fairyc-moves"},
      {"version", 1},
      {"notation", Notation},
      {"text", Text},
      {"board", Object{{"width", B.width()},
                       {"height", B.height()},
                       {"depth", B.depth()},
                       {"missing", std::move(Missing)}}},
      {"side", Side == Color::White ? "white" : "black"},
      {"pieces", std::move(Pieces)},
      {"ir", irToJson(IR)},
      {"moves", std::move(PerOrigin)},
  };
}
