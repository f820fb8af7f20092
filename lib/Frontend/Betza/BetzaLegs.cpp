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
  }

  NodeRef lower() {
    std::vector<NodeRef> Alts;
    for (Vec V : firstLegImages(G))
      Alts.push_back(from(0, directionIndex(Base, V), G.Range));
    return ir::altFlat(Alts);
  }

private:
  const Group &G;
  std::vector<Leg> Legs;
  bool EightWay;
  Vec Base;

  /// Legs I.. of the move, leg I going in direction \p D with \p Range
  /// steps at most (1 a leaper, 0 no limit).
  NodeRef from(size_t I, int D, int Range) const {
    const Leg &L = Legs[I];
    bool Last = I + 1 == Legs.size();
    Vec V = direction8(Base, D);
    NodeRef Here = legPath(L, Last, V, Range);
    if (Last)
      return Here;
    int Next = L.Toggle || L.Grasshop ? (Range == 1 ? 0 : 1) : Range;
    std::vector<int> Turns = relativeTurns(Legs[I + 1].Directions);
    if (Legs[I + 1].Directions.empty())
      Turns = EightWay ? std::vector<int>{-3, -2, -1, 0, 1, 2, 3}
                       : std::vector<int>{-2, 0, 2};
    std::vector<NodeRef> Alts;
    for (int T : Turns)
      Alts.push_back(from(I + 1, D + T, Next));
    return ir::seq({Here, ir::altFlat(Alts)});
  }

  /// One leg: slide over empty squares if a rider, then land where the
  /// leg's mode allows, capturing there for c and d.
  static NodeRef legPath(const Leg &L, bool Last, Vec V, int Range) {
    NodeRef End = Last ? ir::leg(V, finalLand(L)) : stop(L, V);
    return ir::seqFlat(
        {ir::rideOrSimpler(slideCounts(Range), ir::leg(V, Land::empty())),
         End});
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

NodeRef fairy::betza::lowerLegs(const Group &G) {
  return LegLowering(G).lower();
}
