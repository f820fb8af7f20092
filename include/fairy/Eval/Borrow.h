//===- Borrow.h - Moves a piece borrows from its own pieces -----*- C++ -*-===//
//
// XBetza's final 'x' lowers to borrow(a): the piece moves as the own piece
// that a path of `a` reaches (a rook that borrows along knight lines moves
// like a knight while one of its own knights stands a knight's leap away).
// What that piece can do comes from the position's piece table, the same
// one attack conditions read. Both evaluators share the rules here:
//   - the lender is a piece of the mover's side on the square a path of `a`
//     ends on, of another type than the mover (XBetza: "not of a same-type
//     piece"), and defined in the piece table;
//   - its moveset is evaluated for the mover's side from the square where
//     borrow(a) is entered, in the same position, with borrowing switched
//     off: borrowed moves borrow nothing further;
//   - its destinations become ends of the borrowing path (borrowedEnds).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_BORROW_H
#define FAIRY_EVAL_BORROW_H

#include "fairy/Eval/Evaluator.h"

#include <string>
#include <vector>

namespace fairy {

/// The moveset the piece moving from \p Origin may borrow from the piece on
/// \p Lender, or null if there is nothing to borrow there.
const NodeRef *lentMoves(const Position &P, unsigned Origin, Color Mover,
                         unsigned Lender);

/// \p P with borrowing switched off, for evaluating borrowed moves.
Position borrowingOff(const Position &P);

/// One destination of borrowed moves, as the end of a path: Remote if a
/// path to it captured on a square it left, Pending if it captures the
/// piece standing there, Promote if a path to it promotes.
struct BorrowedEnd {
  unsigned Square;
  bool Remote = false, Pending = false, Promote = false;
};

/// The ends that give back \p D when the borrowing path ends there.
std::vector<BorrowedEnd> borrowedEnds(const Destinations &D);

/// The error of an evaluation that failed while it worked out the moves
/// lent by the piece on \p Lender.
std::string borrowFailure(const Position &P, unsigned Lender,
                          const std::string &Why);

/// Whether \p N has a borrow node.
bool usesBorrowing(const Node &N);

} // namespace fairy

#endif
