//===- Attacks.cpp - Which squares the pieces on the board attack ---------===//
#include "fairy/Eval/Attacks.h"

#include <set>

using namespace fairy;

AttackMap::AttackMap(const Position &P, unsigned Origin, Color Mover,
                     Evaluate Eval)
    : Base(P), Mover(Mover), MoverType(P.moverType(Origin)),
      Eval(std::move(Eval)) {
  Base.clear(Origin);
  Base.AttackConditionsHold = true;
}

bool AttackMap::attacked(unsigned Target, Color By) {
  auto [It, New] = Known.try_emplace({Target, By}, false);
  if (!New)
    return It->second;
  if (!Base.Definitions)
    return false;
  // A piece of the side under attack stands on the target, in place of
  // whatever stood there.
  Position Q = Base;
  Q.place(Target, opposite(By), MoverType);
  for (unsigned From : Q.piecesOf(By).toVector()) {
    const NodeRef *Moves = Q.Definitions->find(By, Q.at(From).Type);
    if (!Moves)
      continue;
    std::string Error;
    std::optional<SquareSet> Captures = Eval(*Moves, Q, From, By, Error);
    if (!Captures)
      throw AttackError{"while working out what the piece on " +
                        Q.board().squareName(From) + " attacks: " + Error};
    if (Captures->test(Target))
      return It->second = true;
  }
  return false;
}

std::string fairy::undefinedPieceTypes(const Position &P, unsigned Origin) {
  std::set<char> Missing;
  for (int Side = 0; Side < 2; ++Side)
    for (unsigned Sq : P.piecesOf(Color(Side)).toVector())
      if (Sq != Origin &&
          (!P.Definitions || !P.Definitions->find(Color(Side), P.at(Sq).Type)))
        Missing.insert(Side ? (char)std::tolower(P.at(Sq).Type)
                            : P.at(Sq).Type);
  return std::string(Missing.begin(), Missing.end());
}

bool fairy::usesAttackConditions(const Node &N) {
  if (N.is(NodeKind::Guard) && N.guard().isAttack())
    return true;
  for (const NodeRef &C : N.children())
    if (usesAttackConditions(*C))
      return true;
  return false;
}
