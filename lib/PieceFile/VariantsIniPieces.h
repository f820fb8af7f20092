//===- VariantsIniPieces.h - A section's rules in its pieces' IR -*- C++
//-*-===//
//
// What the rules a variants.ini section leaves (VariantsIniRules.h) add to
// its pieces' moves, as Fairy-Stockfish's Position::moves_from makes them:
// double and triple steps, a soldier's sideways steps, janggi's palace
// diagonals and cannon, cambodian first moves, mobility regions -- each as
// IR guards on the zones of the piece set; and the walls of the start
// position as holes of the board.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PIECEFILE_VARIANTSINIPIECES_H
#define FAIRY_PIECEFILE_VARIANTSINIPIECES_H

#include "VariantsIniRules.h"

#include "fairy/PieceFile/PieceSet.h"

namespace fairy {
namespace ini {

/// The rules of one resolved section, for its pieces. Keeps references to
/// \p St and \p Diags (where the palace lines' Betza is parsed).
class PieceRules {
public:
  PieceRules(const RuleState &St, DiagnosticEngine &Diags)
      : St(&St), Diags(&Diags) {}

  /// The squares of \p R on board \p B.
  static SquareSet onBoard(const Region &R, const Board &B);
  /// Whether piece \p P with moves \p Moves has rules to add (withRules).
  bool hasRules(const IniPiece &P, const Node &Moves) const;
  /// White's moves of the rules for piece \p P (by side, from that side's
  /// point of view), added to \p Moves; zones added to \p Set.
  NodeRef withRules(PieceSet &Set, const IniPiece &P, NodeRef Moves,
                    bool Black);
  /// The walls ('*') of the start position removed from \p B.
  void removeWalls(Board &B);

private:
  const RuleState *St;
  DiagnosticEngine *Diags;

  int zone(PieceSet &Set, const Region &R);
  std::string palaceDiagonals(const IniPiece &P) const;
  static NodeRef withoutCannonHurdles(NodeRef Moves);
  NodeRef betzaIR(const std::string &Betza);
};

} // namespace ini
} // namespace fairy

#endif
