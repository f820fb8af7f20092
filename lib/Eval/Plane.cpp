//===- Plane.cpp - Moves on the unbounded plane ---------------------------===//
#include "fairy/Eval/Plane.h"
#include "fairy/IR/Extent.h"

#include <algorithm>
#include <cstdlib>

using namespace fairy;

std::optional<Board> fairy::planeFor(const Node &IR, std::string &Error) {
  std::optional<Box> Reach = landingBox(IR);
  if (!Reach) {
    Error = "the moves have no end on the unbounded plane";
    return std::nullopt;
  }
  int Side = 2 * std::max(Reach->radius(), 1) + 1;
  bool ThreeD = usesZ(IR);
  if (Side > Board::MaxSide ||
      (ThreeD && Side * Side * Side > Board::MaxSquares)) {
    Error = "the moves reach " + std::to_string(Reach->radius()) +
            " squares from the piece, too far to draw without a board; give "
            "one with --board=WxH";
    return std::nullopt;
  }
  return Board::make(Side, Side, ThreeD ? Side : 1, Error);
}

Cropped fairy::cropAround(const Position &P, unsigned Origin,
                          const Destinations &D, const SquareSet &Keep) {
  const Board &B = P.board();
  Vec O = B.coord(Origin);
  int R = 1;
  auto Widen = [&](unsigned I) {
    Vec C = B.coord(I) - O;
    for (unsigned A = 0; A < 3; ++A)
      R = std::max(R, std::abs(C[A]));
  };
  D.all().forEach(Widen);
  Keep.forEach(Widen);
  int Side = 2 * R + 1;
  std::string Error;
  std::optional<Board> Small =
      Board::make(Side, Side, B.is3D() ? Side : 1, Error);
  Cropped Out{Position(*Small), 0, {}, std::vector<int>(B.numSquares(), -1)};
  Vec Corner = O - Vec(R, R, B.is3D() ? R : 0);
  unsigned N = Small->numSquares();
  Out.D = {SquareSet(N), SquareSet(N), SquareSet(N), SquareSet(N)};
  for (unsigned I = 0; I < B.numSquares(); ++I) {
    Vec C = B.coord(I) - Corner;
    if (!Small->inBox(C))
      continue;
    unsigned J = Small->index(C);
    Out.NewIndex[I] = J;
    if (P.at(I).Present)
      Out.P.place(J, P.at(I).Side, P.at(I).Type);
    if (D.Quiet.test(I))
      Out.D.Quiet.set(J);
    if (D.Capture.test(I))
      Out.D.Capture.set(J);
    if (D.Remote.test(I))
      Out.D.Remote.set(J);
    if (D.Promote.test(I))
      Out.D.Promote.set(J);
  }
  Out.Origin = Out.NewIndex[Origin];
  Out.P.SideToMove = P.SideToMove;
  return Out;
}
