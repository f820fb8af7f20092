//===- BetzaLowering.cpp - Betza groups to IR
//------------------------------===//
//
// Each group becomes the union of its selected images; each image one path:
//
//   leaper      leg(v; final)
//   rider       seq(ride<0..k-1>(leg(v; empty)), leg(v; final))
//   lame (n)    the unit steps of Fairy-Stockfish's path, all but the last
//               landing on empty squares
//   hopper (p)  seq(ride<0..>(empty), leg(v; occupied), ride<0..>(empty),
//               leg(v; final))
//   g           seq(ride<0..>(empty), leg(v; occupied), leg(v; final))
//
// where `final` is empty (m), enemy (c), or empty-or-enemy (neither or
// both). `i` wraps the group in guard<initial>. Directions are selected
// image by image exactly as Fairy-Stockfish's from_betza does
// (docs/notations/betza.md, "Directions").
//
//===----------------------------------------------------------------------===//
#include "BetzaAST.h"

#include "fairy/IR/Builder.h"

#include <algorithm>
#include <cstdlib>

using namespace fairy;
using namespace fairy::betza;

namespace {

/// How far image \p V goes toward the side named by letter \p L.
int side(char L, Vec V) {
  switch (L) {
  case 'f':
    return V.y;
  case 'b':
    return -V.y;
  case 'r':
    return V.x;
  default: // 'l'
    return -V.x;
  }
}

/// The component of \p V across the side \p L.
int across(char L, Vec V) { return L == 'f' || L == 'b' ? V.x : V.y; }

/// A single letter: the images whose largest component goes that way.
bool single(char L, Vec V) {
  return side(L, V) > 0 && side(L, V) >= std::abs(across(L, V));
}

/// A perpendicular pair XY: the images of Y that lie toward X.
bool pair(char X, char Y, Vec V) { return single(Y, V) && side(X, V) >= 0; }

bool isVertical(char C) { return C == 'f' || C == 'b'; }
bool isHorizontal(char C) { return C == 'l' || C == 'r'; }

/// The chiral orbit of \p V: its four quarter turns clockwise.
bool inOrbit(Vec Seed, Vec V) {
  for (int I = 0; I < 4; ++I) {
    if (Seed == V)
      return true;
    Seed = Vec(Seed.y, -Seed.x);
  }
  return false;
}

bool matches(const std::string &Code, Vec V, Vec Atom) {
  char X = Code[0], Y = Code[1];
  if (X == Y) {
    if (X == 'v')
      return single('f', V) || single('b', V);
    if (X == 's')
      return single('l', V) || single('r', V);
    if (X == 'h')
      return false; // a bare 'h' (the visitor reports it)
    return single(X, V);
  }
  if ((isVertical(X) && isHorizontal(Y)) || (isHorizontal(X) && isVertical(Y)))
    return pair(X, Y, V);
  if (Code == "fs" || Code == "bs")
    return pair(X, 'l', V) || pair(X, 'r', V);
  if (Code == "rv" || Code == "lv")
    return pair(X, 'f', V) || pair(X, 'b', V);
  if (Y == 'h') // fh bh rh lh: every image with a component that way
    return side(X, V) >= 0;
  if (Code == "hr") // clockwise from the image (small, large)
    return inOrbit(Vec(Atom.x, Atom.y), V);
  if (Code == "hl")
    return inOrbit(Vec(Atom.y, Atom.x), V);
  return false;
}

} // namespace

std::vector<Vec> fairy::betza::lameSteps(Vec V) {
  std::vector<Vec> Steps;
  auto Sign = [](int A) { return (A > 0) - (A < 0); };
  while (V != Vec()) {
    Vec S;
    if (std::abs(V.y) > std::abs(V.x))
      S = Vec(0, Sign(V.y));
    else if (std::abs(V.x) > std::abs(V.y))
      S = Vec(Sign(V.x), 0);
    else
      S = Vec(Sign(V.x), Sign(V.y));
    Steps.push_back(S);
    V = V - S;
  }
  return Steps;
}

namespace {

NodeRef path(const Group &G, int Range, Vec V, Land Final) {
  RangeList Slide =
      Range == 0 ? RangeList::atLeast(0) : RangeList::between(0, Range - 1);
  NodeRef Empty = ir::leg(V, Land::empty());
  if (G.Hop)
    return ir::seq({ir::ride(RangeList::atLeast(0), Empty),
                    ir::leg(V, Land::occupied()),
                    ir::ride(RangeList::atLeast(0), Empty), ir::leg(V, Final)});
  if (G.Grasshop)
    return ir::seq({ir::ride(RangeList::atLeast(0), Empty),
                    ir::leg(V, Land::occupied()), ir::leg(V, Final)});
  if (G.Lame) {
    std::vector<Vec> Steps = lameSteps(V);
    std::vector<NodeRef> Legs;
    for (size_t I = 0; I < Steps.size(); ++I)
      Legs.push_back(
          ir::leg(Steps[I], I + 1 == Steps.size() ? Final : Land::empty()));
    return ir::seqFlat(Legs);
  }
  return ir::seqFlat({ir::rideOrSimpler(Slide, Empty), ir::leg(V, Final)});
}

} // namespace

bool fairy::betza::isKnownDirection(const std::string &Code) {
  static const char *Known[] = {"ff", "bb", "ll", "rr", "vv", "ss", "fr", "rf",
                                "fl", "lf", "br", "rb", "bl", "lb", "fs", "bs",
                                "rv", "lv", "fh", "bh", "rh", "lh", "hr", "hl"};
  return std::find(std::begin(Known), std::end(Known), Code) != std::end(Known);
}

std::vector<Vec>
fairy::betza::selectImages(Vec Atom, const std::vector<std::string> &Dirs,
                           bool Split) {
  std::vector<std::string> Codes;
  for (const std::string &D : Dirs) {
    if (Split && D[0] != D[1]) {
      Codes.push_back(std::string(2, D[0]));
      Codes.push_back(std::string(2, D[1]));
    } else {
      Codes.push_back(D);
    }
  }
  std::vector<Vec> Images;
  for (int SX : {1, -1})
    for (int SY : {1, -1})
      for (bool Swap : {false, true}) {
        Vec V = Swap ? Vec(SX * Atom.y, SY * Atom.x)
                     : Vec(SX * Atom.x, SY * Atom.y);
        if (std::find(Images.begin(), Images.end(), V) != Images.end())
          continue;
        bool Take = Codes.empty();
        for (const std::string &C : Codes)
          Take = Take || matches(C, V, Atom);
        if (Take)
          Images.push_back(V);
      }
  std::sort(Images.begin(), Images.end());
  return Images;
}

/// The leap of atom letter \p A as (small, large).
static Vec leapOf(char A) {
  switch (A) {
  case 'W':
    return Vec(0, 1);
  case 'F':
    return Vec(1, 1);
  case 'D':
    return Vec(0, 2);
  case 'N':
    return Vec(1, 2);
  case 'A':
    return Vec(2, 2);
  case 'H':
    return Vec(0, 3);
  case 'C':
    return Vec(1, 3);
  case 'Z':
    return Vec(2, 3);
  default: // 'G'
    return Vec(3, 3);
  }
}

NodeRef fairy::betza::lower(const std::vector<Group> &Groups) {
  std::vector<NodeRef> Alts;
  for (const Group &G : Groups) {
    Land Final = G.Move && !G.Capture   ? Land::empty()
                 : G.Capture && !G.Move ? Land::enemy()
                                        : Land::notFriend();
    if (G.Initial) // Fairy-Stockfish: initial moves never capture
      Final = Land::empty();
    // K and Q are their W and F parts, each with the same letters and no
    // splitting of pairs; R and B are W and F riders.
    struct Part {
      Vec Leap;
      bool Split;
      int Range;
    };
    std::vector<Part> Parts;
    switch (G.Atom) {
    case 'K': // K4 is Q4, as in Fairy-Stockfish and XBoard
    case 'Q':
      Parts.push_back({Vec(0, 1), false, G.Range});
      Parts.push_back({Vec(1, 1), false, G.Range});
      break;
    case 'R':
      Parts.push_back({Vec(0, 1), true, G.Range});
      break;
    case 'B':
      Parts.push_back({Vec(1, 1), false, G.Range});
      break;
    default: {
      Vec L = leapOf(G.Atom);
      Parts.push_back({L, L.x == 0, G.Range});
    }
    }
    std::vector<NodeRef> Moves;
    for (const Part &P : Parts)
      for (Vec V : selectImages(P.Leap, G.Directions, P.Split))
        Moves.push_back(path(G, P.Range, V, Final));
    NodeRef N = ir::altFlat(Moves);
    Alts.push_back(G.Initial ? ir::guard(GuardPredicate(), N) : N);
  }
  return ir::altFlat(Alts);
}
