//===- Borrow.cpp - Moves a piece borrows from its own pieces -------------===//
#include "fairy/Eval/Borrow.h"

using namespace fairy;

const NodeRef *fairy::lentMoves(const Position &P, unsigned Origin, Color Mover,
                                unsigned Lender) {
  const Occupant &O = P.at(Lender);
  if (P.BorrowingOff || Lender == Origin || !O.Present || O.Side != Mover ||
      O.Type == P.moverType(Origin) || !P.Definitions)
    return nullptr;
  return P.Definitions->find(Mover, O.Type);
}

Position fairy::borrowingOff(const Position &P) {
  Position Q = P;
  Q.BorrowingOff = true;
  return Q;
}

std::vector<BorrowedEnd> fairy::borrowedEnds(const Destinations &D) {
  std::vector<BorrowedEnd> Out;
  auto Add = [&](const SquareSet &S, bool Remote, bool Pending) {
    S.forEach([&](unsigned Sq) {
      Out.push_back({Sq, Remote, Pending, D.Promote.test(Sq)});
    });
  };
  // Quiet and Capture never share a square (one is empty, the other not);
  // a remote end also counts as a capture where a piece stands.
  Add(D.Quiet, false, false);
  Add(D.Capture.minus(D.Remote), false, true);
  Add(D.Remote, true, false);
  return Out;
}

std::string fairy::borrowFailure(const Position &P, unsigned Lender,
                                 const std::string &Why) {
  return "while working out the moves borrowed from the piece on " +
         P.board().squareName(Lender) + ": " + Why;
}

bool fairy::usesBorrowing(const Node &N) {
  if (N.is(NodeKind::Borrow))
    return true;
  for (const NodeRef &C : N.children())
    if (usesBorrowing(*C))
      return true;
  return false;
}
