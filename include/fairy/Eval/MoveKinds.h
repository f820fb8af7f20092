//===- MoveKinds.h - What kind of move reaches each square ------*- C++ -*-===//
//
// A picture of a piece tells its moves apart: those that only move, those
// that only capture, those that do both, those only a piece that has not
// moved has, those that jump over a piece, and the lines of its slides.
// The destinations of one evaluation cannot tell all that: on an empty
// board a capture-only move reaches nothing. So the squares are probed: an
// empty square is a capture square if the piece could capture a lone enemy
// put there (everything else unchanged), and a square is initial-only if
// the piece reaches it as it stands but not once it has moved.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_MOVEKINDS_H
#define FAIRY_EVAL_MOVEKINDS_H

#include "fairy/Eval/Evaluator.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

struct MoveKinds {
  /// The destinations on the position as given.
  Destinations D;
  /// Empty squares the piece moves to without capturing.
  SquareSet Quiet;
  /// Squares where it captures: the enemy pieces it takes, and the empty
  /// squares where it would take a lone enemy.
  SquareSet Capture;
  /// Squares of Quiet or Capture it reaches only before it has moved.
  SquareSet InitialOnly;
  /// Destinations that every path drawn reaches by jumping over a piece.
  SquareSet Hop;
  /// The paths to draw as lines, the origin first: slides of two or more
  /// steps and moves of several legs, each only if no longer one drawn
  /// goes on from it.
  std::vector<std::vector<unsigned>> Lines;
  /// Whether the squares were probed; if not (an evaluation ran out of its
  /// budget), Capture and InitialOnly hold only what \p D shows.
  bool Probed = false;
};

/// At most this many squares are probed (two evaluations each).
constexpr unsigned MaxProbedSquares = 4096;
/// Partial paths the reference evaluator may build to tell whether the
/// probed captures jump, in all and for one square: it runs once per
/// capture square, so a costly piece gets hop marks for some squares only.
constexpr size_t ProbePathBudget = 2'000'000;
constexpr size_t ProbePathBudgetPerSquare = 100'000;

/// Evaluates the piece on a position like the one being drawn (the same
/// board, other pieces added or the piece marked as moved).
using EvaluateOn = std::function<std::optional<Destinations>(
    const Position &P, std::string &Error)>;

/// The squares whose being empty or occupied can change the moves on a
/// position like the one being drawn (FastEvaluator::testedSquares), or
/// nullopt for every square. With the destinations (a last leg that moves
/// or captures does not count as a test) they hold every square where a
/// lone enemy could be captured (test/unit/MoveKindsTest.cpp checks it on
/// random movesets): only those are probed.
using CandidatesOn = std::function<std::optional<SquareSet>(const Position &P)>;

/// The kinds of the moves from \p Origin. \p Paths are the landing squares
/// of the paths on \p P (ReferenceEvaluator::paths), empty if unknown;
/// whether a capture found by a probe jumps over a piece (a cannon's beyond
/// its screen) is told by \p IR's paths on the probe's position, within
/// ProbePathBudget in all.
/// Only the squares \p Candidates names (if given) are probed. If a probe
/// fails, or there are more than MaxProbedSquares squares to probe, the
/// kinds are what \p D shows, with \p Error saying why.
MoveKinds classifyMoves(const Position &P, unsigned Origin, Color Side,
                        const Destinations &D,
                        const std::vector<std::vector<unsigned>> &Paths,
                        const EvaluateOn &Evaluate,
                        const CandidatesOn &Candidates, const NodeRef &IR,
                        std::string &Error);

/// Why a picture is less than whole: the paths to draw were too many
/// (no lines, no hop marks), or probing failed (captures only where pieces
/// stand); empty if neither.
struct PictureLimits {
  std::string Paths, Probes;
};

/// classifyMoves as pictures use it: the reference evaluator gives the
/// paths (500 at most, within 1,000,000 partial paths), \p Evaluate the
/// probes, \p Relevant (if given) the squares worth probing.
MoveKinds classifyForPicture(const NodeRef &IR, const Position &P,
                             unsigned Origin, Color Side, const Destinations &D,
                             const EvaluateOn &Evaluate,
                             const FastEvaluator *Relevant,
                             PictureLimits &Limits);
/// The same with \p Fast for both.
MoveKinds classifyWithFast(const FastEvaluator &Fast, const NodeRef &IR,
                           const Position &P, unsigned Origin, Color Side,
                           const Destinations &D);

/// The squares where the piece would capture a lone enemy put there, with
/// the captures of \p D: classifyMoves' probes without its paths (what an
/// ASCII diagram of an empty board marks). Only the squares \p Candidates
/// names (if given) are probed; nullopt with \p Error if a probe fails or
/// there are more than MaxProbedSquares of them.
std::optional<SquareSet> probedCaptures(const Position &P, unsigned Origin,
                                        Color Side, const Destinations &D,
                                        const EvaluateOn &Evaluate,
                                        const CandidatesOn &Candidates,
                                        std::string &Error);

/// Whether a path of \p IR hops: a leg whose square must hold a piece (its
/// condition excludes an empty square and it captures nothing) with more
/// legs after it. Tests of what lies ahead (castling's rook) and the
/// lenders of borrowed moves do not count.
bool hopsOverPieces(const Node &IR);

/// Whether a path of \p IR captures on the way (a locust, XBetza's `ca`):
/// a leg that captures a piece that must stand there, with more legs after
/// it.
bool capturesOnTheWay(const Node &IR);

/// A hopper's moves need a piece in the way, and a locust's a piece to
/// capture on the way, which an empty board has not: pictures of an empty
/// board show them with example pieces ("hurdles", "victims").
struct ExamplePieces {
  Position P;                    ///< the board with them
  std::vector<unsigned> Squares; ///< where they stand; none if not needed
  bool Hurdles = false;          ///< the piece hops (hopsOverPieces)
  bool Victims = false;          ///< it captures on the way
};
/// At most this many example hurdles, and candidate squares tried.
constexpr unsigned MaxExampleHurdles = 16;
constexpr unsigned MaxHurdleCandidates = 64;
/// Evaluations the search for them may make (a third of the job's leg
/// steps too): boards far larger than a game's go without examples.
constexpr unsigned MaxExampleEvaluations = 20'000;

/// The hurdles that make \p IR's moves from \p Origin visible on \p P, a
/// board with no other piece: none if the piece neither hops
/// (hopsOverPieces) nor captures on the way (capturesOnTheWay). Each candidate
/// square (one \p Fast tests, nearest first; once some serve, none farther than
/// two squares from the piece) gets a piece of the mover's side, else of the
/// other side, alone, and counts if the picture then shows a move or capture
/// (capture squares probed as classifyMoves does) that the empty board does
/// not. Candidates are taken by how many such marks they add less how many they
/// hide, then two squares from the piece (the squares before the hurdle keep
/// their moves), then nearest; one whose changes overlap an earlier one's is
/// skipped (one hurdle per line), and each is kept only if, with the
/// hurdles before it, it still adds marks. The moves then drawn are the
/// piece's moves in the position returned.
ExamplePieces exampleHurdles(const NodeRef &IR, const FastEvaluator &Fast,
                             const Position &P, unsigned Origin, Color Side);

} // namespace fairy

#endif
