//===- Diagram.cpp - ASCII move diagrams ----------------------------------===//
#include "fairy/Backend/Diagram.h"

#include <fmt/format.h>

#include <algorithm>

using namespace fairy;

static char cellFor(const Position &P, unsigned Origin, const Destinations &D,
                    const DiagramOptions &Opts, unsigned I) {
  const Board &B = P.board();
  if (!B.squares().test(I))
    return '#';
  if (I == Origin) // '@': it can also capture without moving (igui)
    return D.Remote.test(I) ? '@' : 'O';
  // Not a piece of the position asked for: no letter, any piece would do.
  if (std::binary_search(Opts.Examples.begin(), Opts.Examples.end(), I))
    return '%';
  if (D.Capture.test(I))
    return '*';
  if (D.Quiet.test(I))
    return 'X';
  if (D.Remote.test(I))
    return '+';
  const Occupant &O = P.at(I);
  if (O.Present)
    return O.Side == Color::White ? O.Type : (char)std::tolower(O.Type);
  return '.';
}

std::string fairy::renderDiagram(const Position &P, unsigned Origin,
                                 const Destinations &D,
                                 const DiagramOptions &Opts) {
  const Board &B = P.board();
  int RankWidth = std::to_string(B.height()).size();
  std::string Out;
  for (int Z = B.depth() - 1; Z >= 0; --Z) {
    if (B.is3D())
      Out += fmt::format("level {}:\n", Board::levelName(Z));
    for (int Y = B.height() - 1; Y >= 0; --Y) {
      if (Opts.Labels)
        Out += fmt::format("{:>{}} ", Y + 1, RankWidth);
      for (int X = 0; X < B.width(); ++X) {
        if (X)
          Out += ' ';
        Out += cellFor(P, Origin, D, Opts, B.index(Vec(X, Y, Z)));
      }
      Out += '\n';
    }
    if (Opts.Labels) {
      Out.append(RankWidth + 1, ' ');
      for (int X = 0; X < B.width(); ++X) {
        if (X)
          Out += ' ';
        // Files past z take two letters; the label shows the last one.
        Out += B.squareName(B.index(Vec(X, 0, 0)))
                   .substr(B.squareName(B.index(Vec(X, 0, 0))).size() - 2, 1);
      }
      Out += '\n';
    }
    if (Z > 0)
      Out += '\n';
  }
  return Out;
}
