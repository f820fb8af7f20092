//===- BetzaLowering.cpp - Betza groups to IR ----------------------------===//
//
// Each one-leg group becomes the union of its selected images; each image
// one path:
//
//   leaper      leg(v; final)
//   rider       seq(ride<0..k-1>(leg(v; empty)), leg(v; final))
//   lame (n)    the unit steps of Fairy-Stockfish's path (XBoard: the one
//               midpoint), all but the last landing on empty squares
//   hopper (p)  seq(ride<0..>(empty), leg(v; occupied), ride<0..>(empty),
//               leg(v; final))
//   g           seq(ride<0..>(empty), leg(v; occupied), leg(v; final))
//   jumping (j) a leaper: the midpoint occupied; a slider: the first j
//               squares skipped, whatever is on them
//   cylinder(o) every leg also as its file-wrapped twin
//   crooked (z) the image and a quarter turn of it in turn
//   circular(q) each step the next image the same way round
//
// where `final` is empty (m), enemy (c), friend (d), or their union (none:
// empty-or-enemy). `i` wraps the group in guard<initial>. Directions are
// selected image by image exactly as Fairy-Stockfish's from_betza does
// (docs/notations/betza.md, "Directions"). Multi-leg groups are lowered by
// BetzaLegs.cpp.
//
//===----------------------------------------------------------------------===//
#include "BetzaAST.h"

#include "fairy/IR/Builder.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

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

namespace {

/// A leg of \p V, or on a cylinder of \p Width files, it or its wrapped
/// twin (exactly one of them lands on the board).
NodeRef step(Vec V, Land L, int Width) {
  if (Width == 0)
    return ir::leg(V, L);
  int X = ((V.x % Width) + Width) % Width;
  if (X == 0)
    return ir::leg(Vec(0, V.y, V.z), L);
  return ir::alt(
      {ir::leg(Vec(X, V.y, V.z), L), ir::leg(Vec(X - Width, V.y, V.z), L)});
}

/// One image \p V of a one-leg group \p G, with \p Range steps at most.
NodeRef path(const Group &G, int Range, Vec V, Land Final) {
  const Leg &L = G.Legs[0];
  NodeRef Empty = ir::leg(V, Land::empty());
  if (L.Hop || L.Grasshop) {
    Land Hurdle = L.Tame ? Land::friendly() : Land::occupied();
    NodeRef Before = ir::ride(RangeList::atLeast(0), Empty);
    if (L.Grasshop && Range <= 1)
      return ir::seq({Before, ir::leg(V, Hurdle), ir::leg(V, Final)});
    if (Range <= 1)
      return ir::seq({Before, ir::leg(V, Hurdle),
                      ir::ride(RangeList::atLeast(0), Empty),
                      ir::leg(V, Final)});
    // Fairy-Stockfish's range on a hopper bounds the whole move: it lands
    // at most Range squares from its own (pR2: over an adjacent hurdle to
    // the square behind it).
    std::vector<NodeRef> Alts;
    for (int Ahead = 0; Ahead + 2 <= Range; ++Ahead)
      Alts.push_back(ir::seqFlat(
          {ir::rideOrSimpler(RangeList::exactly(Ahead), Empty),
           ir::leg(V, Hurdle),
           ir::rideOrSimpler(RangeList::between(0, Range - 2 - Ahead), Empty),
           ir::leg(V, Final)}));
    return Alts.size() == 1 ? Alts[0] : ir::alt(Alts);
  }
  if (L.Lame && G.XBoard) {
    Vec Mid = midpoint(V);
    return ir::seq({ir::leg(Mid, Land::empty()), ir::leg(V - Mid, Final)});
  }
  if (L.Lame && !std::strchr("NADZ", G.Atom))
    return ir::alt({}); // Fairy-Stockfish gives it no destination
  if (L.Lame) {
    std::vector<Vec> Steps = lameSteps(V);
    std::vector<NodeRef> Legs;
    for (size_t I = 0; I < Steps.size(); ++I)
      Legs.push_back(
          ir::leg(Steps[I], I + 1 == Steps.size() ? Final : Land::empty()));
    return ir::seqFlat(Legs);
  }
  if (L.Jumps && Range == 1) {
    Vec Mid = midpoint(V);
    return ir::seq({ir::leg(Mid, Land::occupied()), ir::leg(V - Mid, Final)});
  }
  if (L.Jumps) {
    // XBoard's jumping slider: the first squares are skipped whatever
    // stands there; the range still counts from the origin.
    std::vector<NodeRef> Legs(L.Jumps, ir::leg(V, Land::any()));
    Legs.push_back(ir::rideOrSimpler(
        slideCounts(Range == 0 ? 0 : Range - L.Jumps), Empty));
    Legs.push_back(ir::leg(V, Final));
    return ir::seqFlat(Legs);
  }
  if (G.Cylinder) {
    // A horizontal line is back on the origin after Width steps, so no
    // more are needed; other lines leave the board by themselves.
    int W = G.BoardWidth;
    int Steps = Range == 0 ? 0 : Range;
    if (V.y == 0 && V.z == 0)
      Steps = Steps == 0 ? W : std::min(Steps, W);
    NodeRef Slide =
        ir::repOrSimpler(slideCounts(Steps), step(V, Land::empty(), W));
    return ir::seqFlat({Slide, step(V, Final, W)});
  }
  return ir::seqFlat(
      {ir::rideOrSimpler(slideCounts(Range), Empty), ir::leg(V, Final)});
}

/// A crooked rider (z): V and a quarter turn W of it in turn, 1 to Range
/// steps (no limit if 0).
NodeRef crooked(Vec Base, Vec V, int Range, Land Final) {
  std::vector<NodeRef> Alts;
  int D = directionIndex(Base, V);
  for (int Turn : {2, -2}) {
    Vec W = direction8(Base, D + Turn);
    NodeRef Pair =
        ir::seq({ir::leg(V, Land::empty()), ir::leg(W, Land::empty())});
    // 2j+1 steps end with V, 2j+2 steps with W.
    RangeList Odd = Range == 0 ? RangeList::atLeast(0)
                               : RangeList::between(0, (Range - 1) / 2);
    Alts.push_back(
        ir::seqFlat({ir::rideOrSimpler(Odd, Pair), ir::leg(V, Final)}));
    if (Range == 0 || Range >= 2) {
      RangeList Even = Range == 0 ? RangeList::atLeast(0)
                                  : RangeList::between(0, (Range - 2) / 2);
      Alts.push_back(
          ir::seqFlat({ir::rideOrSimpler(Even, Pair), ir::leg(V, Land::empty()),
                       ir::leg(W, Final)}));
    }
  }
  return ir::altFlat(Alts);
}

/// A circular rider (q): each step the next direction the same way round,
/// until it would be back on the origin or has made Range steps.
NodeRef circular(Vec Base, bool EightWay, Vec V, int Range, Land Final) {
  int Turn = EightWay ? 1 : 2;
  int Most = 8 / Turn - 1;
  if (Range != 0)
    Most = std::min(Most, Range);
  std::vector<NodeRef> Alts;
  int D = directionIndex(Base, V);
  for (int Sense : {Turn, -Turn}) {
    // From the last step back: step k may end the move or go on.
    NodeRef Rest;
    for (int K = Most - 1; K >= 0; --K) {
      Vec S = direction8(Base, D + Sense * K);
      NodeRef End = ir::leg(S, Final);
      Rest = Rest ? ir::alt({End, ir::seq({ir::leg(S, Land::empty()), Rest})})
                  : End;
    }
    Alts.push_back(Rest);
  }
  return ir::altFlat(Alts);
}

NodeRef lowerOneLeg(const Group &G) {
  const Leg &L = G.Legs[0];
  Land Final = finalLand(L);
  if (G.Initial && !G.XBoard) // Fairy-Stockfish: initial moves never capture
    Final = Land::empty();
  int Range = G.Range;
  bool Turning = G.Crooked || G.Circular;
  if (Turning && !G.RangeWritten)
    Range = 0; // z and q make riders: the crooked bishop zB, the rose qN
  bool Oblique = std::strchr("NCZ", G.Atom) != nullptr;
  Vec Base = directionBase(G.Atom);
  std::vector<Vec> Images = firstLegImages(G);
  bool EightWay = Oblique || G.Atom == 'K' || G.Atom == 'Q';
  std::vector<NodeRef> Moves;
  for (Vec V : Images)
    Moves.push_back(G.Crooked    ? crooked(Base, V, Range, Final)
                    : G.Circular ? circular(Base, EightWay, V, Range, Final)
                                 : path(G, Range, V, Final));
  return ir::altFlat(Moves);
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

Vec fairy::betza::leapOf(char A) {
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
  case 'G':
    return Vec(3, 3);
  default: // K R B Q: unit steps
    return Vec(0, 1);
  }
}


Vec fairy::betza::direction8(Vec Atom, int Index) {
  Index = ((Index % 8) + 8) % 8;
  int A = Atom.x, B = Atom.y;
  if (A != 0 && A != B) {
    const Vec Oblique[8] = {Vec(A, B),   Vec(B, A),   Vec(B, -A), Vec(A, -B),
                            Vec(-A, -B), Vec(-B, -A), Vec(-B, A), Vec(-A, B)};
    return Oblique[Index];
  }
  int S = std::max(A, B);
  const Vec King[8] = {Vec(0, 1),  Vec(1, 1),   Vec(1, 0),  Vec(1, -1),
                       Vec(0, -1), Vec(-1, -1), Vec(-1, 0), Vec(-1, 1)};
  return Vec(King[Index].x * S, King[Index].y * S);
}

std::vector<int>
fairy::betza::relativeTurns(const std::vector<std::string> &Dirs) {
  static const struct {
    const char *Code;
    std::vector<int> Turns;
  } Table[] = {{"ff", {0}},         {"bb", {4}},        {"rr", {2}},
               {"ll", {-2}},        {"vv", {0, 4}},     {"ss", {2, -2}},
               {"fr", {1}},         {"rf", {1}},        {"fl", {-1}},
               {"lf", {-1}},        {"br", {3}},        {"rb", {3}},
               {"bl", {-3}},        {"lb", {-3}},       {"fs", {1, -1}},
               {"bs", {3, -3}},     {"rv", {1, 3}},     {"lv", {-1, -3}},
               {"fh", {-1, 0, 1}},  {"bh", {3, 4, -3}}, {"rh", {1, 2, 3}},
               {"lh", {-1, -2, -3}}};
  std::vector<int> Turns;
  for (const std::string &D : Dirs)
    for (const auto &Row : Table)
      if (D == Row.Code)
        for (int T : Row.Turns)
          if (std::find(Turns.begin(), Turns.end(), T) == Turns.end())
            Turns.push_back(T);
  std::sort(Turns.begin(), Turns.end());
  return Turns;
}

Land fairy::betza::finalLand(const Leg &L) {
  uint8_t M = 0;
  if (L.Move || L.Toggle)
    M |= Land::Empty;
  if (L.Capture)
    M |= Land::Enemy;
  if (L.Destroy)
    M |= Land::Friend;
  return M ? Land(M) : Land::notFriend();
}

RangeList fairy::betza::slideCounts(int Range) {
  return Range == 0 ? RangeList::atLeast(0)
                    : RangeList::between(0, std::max(Range - 1, 0));
}

Vec fairy::betza::directionBase(char A) {
  Vec L = leapOf(A);
  if (std::strchr("NCZ", A))
    return L;
  return Vec(0, std::max(L.x, L.y));
}

int fairy::betza::directionIndex(Vec Base, Vec V) {
  for (int I = 0; I < 8; ++I)
    if (direction8(Base, I) == V)
      return I;
  return 0;
}

std::vector<Vec> fairy::betza::firstLegImages(const Group &G) {
  const std::vector<std::string> &Dirs = G.Legs[0].Directions;
  std::vector<Vec> Images;
  if (G.XBoard && (G.Atom == 'K' || G.Atom == 'Q')) {
    // XBoard: one 8-way atom, its letters read from straight ahead.
    std::vector<int> Turns = relativeTurns(Dirs);
    if (Dirs.empty())
      Turns = {0, 1, 2, 3, 4, 5, 6, 7};
    for (int T : Turns)
      Images.push_back(direction8(Vec(0, 1), T));
    return Images;
  }
  if (G.Atom == 'K' || G.Atom == 'Q') {
    // K and Q are their W and F parts, each with the same letters and no
    // splitting of pairs (K4 is Q4, as in Fairy-Stockfish and XBoard).
    for (Vec Part : {Vec(0, 1), Vec(1, 1)})
      for (Vec V : selectImages(Part, Dirs, false))
        Images.push_back(V);
    return Images;
  }
  Vec Leap = G.Atom == 'R'   ? Vec(0, 1)
             : G.Atom == 'B' ? Vec(1, 1)
                             : leapOf(G.Atom);
  return selectImages(Leap, Dirs, Leap.x == 0);
}

/// O<n>, XBoard's castling: n steps along a rank (or file) over empty
/// squares, while the first piece beyond them on that line is an own
/// unmoved piece at the board's edge (with j, that many squares in from
/// it). That piece jumps over the mover, which changes the position after
/// the move, not where the mover goes.
static NodeRef castling(const Group &G) {
  const Leg &L = G.Legs[0];
  GuardPredicate Unmoved;
  Unmoved.K = GuardPredicate::Unmoved;
  std::vector<NodeRef> Moves;
  for (Vec D : selectImages(Vec(0, 1), L.Directions, true)) {
    NodeRef Partner = ir::seqFlat(
        {ir::ride(RangeList::atLeast(0), ir::leg(D, Land::empty())),
         ir::leg(D, Land::friendly()), ir::guard(Unmoved, ir::emptyPath()),
         ir::repOrSimpler(RangeList::exactly(L.Jumps), ir::leg(D)),
         ir::notAhead(ir::leg(D))});
    Moves.push_back(ir::seq({ir::rideOrSimpler(RangeList::exactly(G.Range),
                                               ir::leg(D, Land::empty())),
                             ir::ahead(Partner)}));
  }
  return ir::altFlat(Moves);
}

/// A final x: the moves of the own piece that the group's paths reach.
static NodeRef borrowing(const Group &G);

/// The moves of \p G, without en passant.
static NodeRef lowerGroup(const Group &G) {
  if (G.Bracket)
    return G.Bracket->IR;
  if (G.Atom == 'O')
    return castling(G);
  if (G.Legs.back().Relay)
    return borrowing(G);
  return G.Legs.size() > 1 ? lowerLegs(G) : lowerOneLeg(G);
}

static NodeRef borrowing(const Group &G) {
  // The lender's square: the group's move, landing on an own piece (the
  // same as a final 'd' leg, without the capture).
  Group Lender = G;
  Lender.Initial = Lender.Advanced = false; // lower() tests them
  Leg &Last = Lender.Legs.back();
  Last.Relay = false;
  Last.Destroy = true;
  return ir::borrow(lowerGroup(Lender));
}

/// Whether \p G takes en passant: XBoard reads 'e' as a modality of its
/// move, Fairy-Stockfish as a flag of the whole piece that lets every
/// capture-only move also take en passant.
static bool takesEnPassant(const Group &G, bool PieceHasE) {
  const Leg &Last = G.Legs.back();
  if (G.XBoard)
    return Last.EnPassant;
  return PieceHasE && Last.Capture && !Last.Move && !Last.Toggle;
}

/// The en passant moves of \p G: its paths to an empty square the previous
/// move passed over, taking the piece that made that move.
static NodeRef enPassant(const Group &G) {
  Group Quiet = G;
  Leg &Last = Quiet.Legs.back();
  Last.Move = true;
  Last.Capture = Last.Destroy = Last.Toggle = false;
  GuardPredicate Passed;
  Passed.K = GuardPredicate::Passed;
  return ir::seq({lowerGroup(Quiet), ir::guard(Passed, ir::emptyPath()),
                  ir::leg(Vec(), Land::any(), Effect::EnPassant)});
}

/// guard<royal>(seq()), or its negation.
static NodeRef royal(bool Negated) {
  GuardPredicate G;
  G.K = GuardPredicate::Royal;
  G.Negated = Negated;
  return ir::guard(G, ir::emptyPath());
}

/// k: the group's captures only where a royal piece stands (and, with m,
/// its quiet moves).
static NodeRef royalCaptures(const Group &G) {
  Group Captures = G, Quiet = G;
  Leg &C = Captures.Legs.back();
  C.Capture = true;
  C.Move = C.Toggle = C.Destroy = C.RoyalOnly = false;
  std::vector<NodeRef> Parts = {ir::seq({lowerGroup(Captures), royal(false)})};
  if (G.Legs.back().Move) {
    Leg &Q = Quiet.Legs.back();
    Q.Capture = Q.Destroy = Q.RoyalOnly = false;
    Parts.push_back(lowerGroup(Quiet));
  }
  return ir::altFlat(Parts);
}

NodeRef fairy::betza::lower(const std::vector<Group> &Groups) {
  bool PieceHasE = false;
  for (const Group &G : Groups)
    for (const Leg &L : G.Legs)
      PieceHasE |= L.EnPassant;
  std::vector<NodeRef> Alts;
  for (const Group &G : Groups) {
    const Leg &Last = G.Legs.back();
    // XBoard's 'e' alone ("feF") is only the en passant capture.
    bool OnlyEnPassant = G.XBoard && Last.EnPassant && !Last.Move &&
                         !Last.Capture && !Last.Destroy && !Last.Toggle;
    NodeRef N = OnlyEnPassant ? ir::nothing() : lowerGroup(G);
    if (Last.RoyalOnly)
      N = royalCaptures(G);
    if (Last.Tame && !Last.Hop && !Last.Grasshop) // t: never take a king
      N = ir::seq({N, royal(true)});
    if (takesEnPassant(G, PieceHasE))
      N = ir::altFlat({N, enPassant(G)});
    if (G.Initial || G.Advanced) {
      GuardPredicate When;
      When.K = G.Advanced ? GuardPredicate::Advanced : GuardPredicate::Initial;
      N = ir::guard(When, N);
    }
    Alts.push_back(N);
  }
  return ir::altFlat(Alts);
}
