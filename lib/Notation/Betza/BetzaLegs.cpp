//===- BetzaLegs.cpp - XBetza multi-leg moves to IR -----------------------===//
//
// `mods1 a mods2 a ... modsK ATOM [range]`: K legs of the same atom, each
// with its own modifiers, read as XBoard reads them (Fairy-Stockfish has no
// multi-leg moves; the reference §5.3):
//
// * a leg after the first turns relative to the one before, in eighths of
//   a circle: f straight on, fr/fl 45 degrees, r/l 90, br/bl 135, b back.
//   Without letters: every turn but back for 8-way atoms (N C Z K Q), only
//   f r l for 4-way ones. An odd turn of a 4-way atom makes it its diagonal
//   partner (W and F, D and A, H and G, R and B) from then on.
// * a leg that is not the last lands on an empty square (m, the default),
//   captures an enemy there (c) or a friend (d), or stands on a hurdle that
//   it leaves alone (p, g; tp/tg own pieces only; x an own piece that makes
//   the rest of the move); letters combine (mp: any square).
// * y and g also toggle slider and leaper for the later legs (R and W, B
//   and F, Q and K; other atoms: a leaper rides, a rider leaps).
// * a slider leg slides over empty squares and may stop on any square of
//   its line that its mode allows; the last leg is m, c, d or, by default,
//   m or c; a last p or g hops, like a one-leg hopper (pR = pafR).
// * i on a later leg (XBoard's "iso", rifle moves): the leg takes exactly
//   as many steps as the last slider leg before it (`mRcaibR` shoots an
//   enemy on a rook line and comes back). The IR has no counting, so that
//   slider leg is built once for each distance up to the board's longest
//   side, each passing its count on.
//
// The IR is the tree of every first direction and every later turn: a
// seq of one leg and an alt of the continuations, so a later pass can fold
// the symmetric images; the front end caps its size (BetzaFrontend.cpp).
//
//===----------------------------------------------------------------------===//
#include "BetzaAST.h"

#include "fairy/IR/Builder.h"

#include <cstring>

using namespace fairy;
using namespace fairy::betza;

namespace {

class LegLowering {
public:
  explicit LegLowering(const Group &G) : G(G), Legs(G.Legs) {
    // A last hopping leg hops on straight ahead: pR is pafR.
    const Leg &Last = Legs.back();
    if (Last.Hop || Last.Grasshop) {
      Leg On;
      On.Directions = {"ff"};
      Legs.push_back(On);
    }
    EightWay = std::strchr("NCZKQ", G.Atom) != nullptr;
    Base = directionBase(G.Atom);
    Group Extended = G;
    Extended.Legs = Legs;
    Ranges = legRanges(Extended);
    Counted = countedLegs(Extended);
  }

  NodeRef lower() {
    std::vector<NodeRef> Alts;
    for (Vec V : firstLegImages(G))
      Alts.push_back(from(0, directionIndex(Base, V), 0));
    return ir::altFlat(Alts);
  }

private:
  const Group &G;
  std::vector<Leg> Legs;
  std::vector<int> Ranges;
  std::vector<bool> Counted;
  bool EightWay;
  Vec Base;

  /// Legs I.. of the move, leg I going in direction \p D; \p Count is the
  /// length of the slider leg a rifle leg counts (0 before it).
  NodeRef from(size_t I, int D, int Count) const {
    const Leg &L = Legs[I];
    int Range = Ranges[I];
    if (L.Iso) // as many steps as the counted leg, if the range allows
      return Range && Range < Count ? ir::alt({}) : legOf(I, D, Count, Count);
    if (!Counted[I])
      return legOf(I, D, 0, Count);
    std::vector<NodeRef> Lengths;
    int Longest = Range ? std::min(Range, G.MaxSteps) : G.MaxSteps;
    for (int K = 1; K <= Longest; ++K)
      Lengths.push_back(legOf(I, D, K, K));
    return ir::altFlat(Lengths);
  }

  /// Leg I in direction \p D, of exactly \p Steps steps (0: any its range
  /// allows), then the legs after it.
  NodeRef legOf(size_t I, int D, int Steps, int Count) const {
    const Leg &L = Legs[I];
    Vec V = direction8(Base, D);
    bool Last = I + 1 == Legs.size();
    RangeList Slide =
        Steps ? RangeList::exactly(Steps - 1) : slideCounts(Ranges[I]);
    NodeRef End = Last ? ir::leg(V, finalLand(L)) : stop(L, V);
    NodeRef Here =
        ir::seqFlat({ir::rideOrSimpler(Slide, ir::leg(V, Land::empty())), End});
    if (Last)
      return Here;
    std::vector<int> Turns = relativeTurns(Legs[I + 1].Directions);
    if (Legs[I + 1].Directions.empty())
      Turns = EightWay ? std::vector<int>{-3, -2, -1, 0, 1, 2, 3}
                       : std::vector<int>{-2, 0, 2};
    std::vector<NodeRef> Alts;
    for (int T : Turns)
      Alts.push_back(from(I + 1, D + T, Count));
    return ir::seq({Here, ir::altFlat(Alts)});
  }

  /// Where a leg that is not the last may stop: a square to stand on (m,
  /// the default; p g y x) or one to capture on and go on from (c, d).
  static NodeRef stop(const Leg &L, Vec V) {
    uint8_t Quiet = 0, Taken = 0;
    if (L.Move || L.Toggle)
      Quiet |= Land::Empty;
    if (L.Capture)
      Taken |= Land::Enemy;
    if (L.Destroy)
      Taken |= Land::Friend;
    if (L.Hop || L.Grasshop)
      Quiet |= L.Tame ? Land::Friend : Land::Friend | Land::Enemy;
    if (L.Relay)
      Quiet |= Land::Friend;
    if (!Quiet && !Taken)
      Quiet = Land::Empty;
    std::vector<NodeRef> Ends;
    if (Quiet)
      Ends.push_back(ir::leg(V, Land(Quiet)));
    if (Taken)
      Ends.push_back(ir::leg(V, Land(Taken), Effect::Capture));
    return ir::altFlat(Ends);
  }
};

} // namespace

std::vector<int> fairy::betza::legRanges(const Group &G) {
  std::vector<int> Out;
  int Range = G.Range;
  for (const Leg &L : G.Legs) {
    if (L.LinkRange >= 0)
      Range = L.LinkRange;
    Out.push_back(Range);
    if (L.Toggle || L.Grasshop)
      Range = Range == 1 ? 0 : 1;
  }
  return Out;
}

std::vector<bool> fairy::betza::countedLegs(const Group &G) {
  std::vector<int> Ranges = legRanges(G);
  std::vector<bool> Out(G.Legs.size(), false);
  int LastSlider = -1;
  for (size_t I = 0; I < G.Legs.size(); ++I) {
    if (G.Legs[I].Iso && LastSlider >= 0)
      Out[LastSlider] = true;
    if (Ranges[I] != 1 && !G.Legs[I].Iso)
      LastSlider = (int)I;
  }
  return Out;
}

NodeRef fairy::betza::lowerLegs(const Group &G) {
  return LegLowering(G).lower();
}
