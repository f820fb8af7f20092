//===- Attacks.h - Which squares the pieces on the board attack -*- C++ -*-===//
//
// Movement Formula's attack conditions (`%|x`: attacked by an enemy piece,
// `$|x`: protected by a friendly one) lower to guard<attacked> and
// guard<defended>. Whether they hold depends on the other pieces' moves:
// a square is attacked by a side when one of its pieces, evaluated with its
// own moveset, could capture a piece of the other side standing there. The
// moving piece's square counts as empty (it has left it), so a king cannot
// step back along a rook's line. While a piece's attacks are worked out its
// own attack conditions hold (Position::AttackConditionsHold): a king
// guards the squares around it whether or not they are attacked.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_ATTACKS_H
#define FAIRY_EVAL_ATTACKS_H

#include "fairy/Eval/Position.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace fairy {

class AttackMap {
public:
  /// Evaluates moveset \p Moves for a piece of \p Side on square \p From of
  /// \p P: the capture destinations, or nullopt with an error.
  using Evaluate = std::function<std::optional<SquareSet>(
      const NodeRef &Moves, const Position &P, unsigned From, Color Side,
      std::string &Error)>;

  AttackMap(const Position &P, unsigned Origin, Color Mover, Evaluate Eval);

  /// Whether a piece of \p By could capture on \p Target. Pieces without a
  /// definition in the position's piece table attack nothing. Throws
  /// AttackError when an attacker's evaluation fails.
  bool attacked(unsigned Target, Color By);

private:
  Position Base; ///< the position with the origin emptied
  Color Mover;
  char MoverType;
  Evaluate Eval;
  std::map<std::pair<unsigned, Color>, bool> Known;
};

struct AttackError {
  std::string Why;
};

/// The squares holding pieces that the position's piece table does not
/// define: they take no part in attack conditions (the driver warns).
std::string undefinedPieceTypes(const Position &P, unsigned Origin);

/// Whether \p N has a guard<attacked> or guard<defended>.
bool usesAttackConditions(const Node &N);

} // namespace fairy

#endif
