//===- BetzaAST.h - A Betza string as written -------------------*- C++ -*-===//
//
// The visitor (BetzaFrontend.cpp) fills these from the ANTLR parse tree and
// checks them; the lowering makes IR: BetzaLowering.cpp for one-leg groups
// (Fairy-Stockfish's reading plus XBetza's j o z q d t u), BetzaLegs.cpp for
// XBetza's multi-leg moves (legs separated by 'a', XBoard's reading).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_FRONTEND_BETZA_BETZAAST_H
#define FAIRY_FRONTEND_BETZA_BETZAAST_H

#include "PathShapes.h"
#include "fairy/IR/Node.h"

#include <memory>
#include <string>
#include <vector>

namespace fairy::betza {

/// The modifiers of one leg. A group has one leg unless XBetza's 'a'
/// separates several: `mafsW` has the legs `m` and `fs`.
struct Leg {
  /// Direction codes as Fairy-Stockfish pairs them: a lone letter is
  /// doubled ("ff"), a pairable letter pair kept ("fr", "fs", "hr"). On a
  /// leg after the first they are relative to the previous leg.
  std::vector<std::string> Directions;
  bool Move = false;      ///< m: the square must be empty
  bool Capture = false;   ///< c: it must hold an enemy, which is captured
  bool Destroy = false;   ///< d: it may hold a friend, which is captured
  bool Lame = false;      ///< n: blocked by a piece on the way
  bool Hop = false;       ///< p: hop over a piece (a hurdle, left alone)
  bool Grasshop = false;  ///< g: p, landing right behind the hurdle
  bool Toggle = false;    ///< y: m, and later legs toggle slider/leaper
  bool Tame = false;      ///< t: with p or g, hurdles are own pieces only
  bool Relay = false;     ///< x: the leg ends on an own piece (induction)
  int Jumps = 0;          ///< j: squares a slider skips (jj: two)
  bool EnPassant = false; ///< e: may take en passant (see lower())
  bool RoyalOnly = false; ///< k: may capture only a royal piece
  /// i on a leg after the first (XBoard's "iso", rifle moves): the leg has
  /// exactly as many steps as the last slider leg before it.
  bool Iso = false;
  /// A link of a bracket chain ('[F?R]') has its own range: 1 a leaper, 0
  /// no limit, k at most k; -1: the range comes from the atom and y/g.
  int LinkRange = -1;
  /// Where the leg's letters are, for diagnostics.
  size_t Begin = 0, End = 0;
};

/// One link of a bracket chain ('[F?R]', '[W?sR]'): an atom of the king
/// lines with its own letters and range.
struct ChainLink {
  char Atom = 'W';
  /// 1 a leaper, 0 no limit, k at most k steps.
  int Range = 1;
  /// Direction codes as Fairy-Stockfish pairs them: absolute on the first
  /// link, relative to the link before on the others (f straight on, fs
  /// 45 degrees, s 90, ...); empty: every way for the first link, straight
  /// on or 45 degrees "outward" for the others.
  std::vector<std::string> Directions;
  bool Move = false, Capture = false; ///< m, c: how the move may end here
  /// '?' follows the link, or it is the last: the move may end on it.
  bool MayEnd = false;
  size_t Begin = 0, End = 0; ///< where the link is written
};

/// The Interactive Diagram's bracket chain: links each going on from where
/// the one before ended, over empty squares (BetzaChains.cpp).
struct Chain {
  std::vector<ChainLink> Links;
  /// Direction letters before the bracket (f b l r v s), selecting moves
  /// by where they end relative to the start, as for an oblique leap.
  std::string Whole;
  /// m c d before the bracket: how the move ends (unless the link says).
  Leg Ends;
  /// Its moves, made as it is read (lowerChain), so that a chain that
  /// cannot be lowered is an error at its place.
  NodeRef IR;
};

/// One atom with its modifiers and range, e.g. `fmW`, `cpR`, `N0`, `NN`,
/// `mafsW`.
struct Group {
  /// The atom letter after legacy names are read (L is C, J is Z).
  char Atom = 'W';
  std::vector<Leg> Legs = {Leg()};
  bool Initial = false; ///< i: only while the piece has not moved
  /// ii under --betza=xboard: only while the piece stands one rank ahead
  /// of its start square (XBoard's Wildebeest pawn)
  bool Advanced = false;
  bool Cylinder = false; ///< o: files wrap around
  bool Crooked = false;  ///< z: a rider turning left and right in turn
  bool Circular = false; ///< q: a rider turning the same way every step
  /// Steps of a rider: 1 for a leaper, 0 for no limit (R, B, Q and doubled
  /// atoms unless a range is written).
  int Range = 1;
  /// Whether the range was written (z and q make riders unless it was).
  bool RangeWritten = false;
  /// XBoard's reading (--betza=xboard) where it differs from
  /// Fairy-Stockfish's: K and Q as one 8-way atom, captures on initial
  /// moves, lame leaps blocked at the one midpoint.
  bool XBoard = false;
  /// The board's width, for 'o' (0 if no board was given).
  int BoardWidth = 0;
  /// The most steps a line can take on the board (its longest side less
  /// one), for rifle legs ('Iso'): they are built for each count up to it.
  int MaxSteps = 63;
  /// A bracket chain: the group is its moves (Legs and Atom unused).
  std::shared_ptr<const Chain> Bracket;
};

/// The IR of a whole string: the union of its groups
/// (docs/notations/betza.md).
NodeRef lower(const std::vector<Group> &Groups);

/// The IR of one multi-leg group (BetzaLegs.cpp).
NodeRef lowerLegs(const Group &G);

/// The IR of a bracket chain (BetzaChains.cpp); null with \p Error set if
/// it makes more paths than a chain may, no path at all, or a path with
/// two rider links under directions before the bracket.
NodeRef lowerChain(const Chain &C, std::string &Error);

/// The range of each leg of \p G: the atom's for the first, toggled by y
/// and g for the legs after them (1 a leaper, 0 no limit, k at most k).
std::vector<int> legRanges(const Group &G);

/// For each leg of \p G, whether a rifle leg ('i' on a later leg) counts
/// its steps: it is a slider leg, and the last one before a rifle leg.
std::vector<bool> countedLegs(const Group &G);

/// The images the first (or only) leg of \p G selects: its direction
/// letters read as Fairy-Stockfish does, or, for K and Q under
/// --betza=xboard, as one 8-way atom.
std::vector<Vec> firstLegImages(const Group &G);

/// The landing condition of the last leg of a move: m (or y) empty, c
/// enemy, d friend, their union; none of them: empty or enemy.
Land finalLand(const Leg &L);

/// The counts of empty steps a rider of \p Range steps (0: no limit)
/// slides before its last step.
RangeList slideCounts(int Range);

/// The images of atom \p Atom (a W, F or oblique leap) that \p Directions
/// select, in Fairy-Stockfish's reading; \p Split is true for a lone
/// orthogonal atom, whose letter pairs count as two single letters.
std::vector<Vec> selectImages(Vec Atom, const std::vector<std::string> &Dirs,
                              bool Split);

/// The leap of atom letter \p A (W F D N A H C Z G) as (small, large).
Vec leapOf(char A);

/// lameSteps: the shared path shapes (lib/Notation/Shapes/PathShapes.h).
using shapes::lameSteps;

using shapes::midpoint;

/// Whether \p Code is a direction code Fairy-Stockfish recognises.
bool isKnownDirection(const std::string &Code);

/// The turns (in eighths of a circle, clockwise, -3..4) that the direction
/// codes of a leg after the first select relative to the previous leg; an
/// empty list selects the default. Also XBoard's reading of K and Q, whose
/// codes select the 8 directions the same way from straight ahead.
std::vector<int> relativeTurns(const std::vector<std::string> &Dirs);

/// The 8 directions of a move system, clockwise from straight ahead: the
/// images of \p Atom in order for an oblique atom, the king's directions
/// scaled by the atom's size otherwise (even = orthogonal, odd = diagonal).
Vec direction8(Vec Atom, int Index);

/// The atom whose direction8() are \p A's directions: the leap of an
/// oblique atom; (0, size) otherwise, since W and F share the king's 8.
Vec directionBase(char A);

/// The index of \p V among direction8(\p Base, 0..7).
int directionIndex(Vec Base, Vec V);

} // namespace fairy::betza

#endif
