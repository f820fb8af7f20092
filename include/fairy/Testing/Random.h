//===- Random.h - Random IR, positions and notation text --------*- C++ -*-===//
//
// Generators for differential and property tests, in the spirit of RE2's
// regexp_generator: deterministic from a seed, small enough that the
// reference evaluator can enumerate every path, and covering every node
// kind, landing condition, effect and symmetry.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_TESTING_RANDOM_H
#define FAIRY_TESTING_RANDOM_H

#include "fairy/Eval/Position.h"
#include "fairy/IR/Node.h"

#include <random>
#include <string>

namespace fairy::gen {

struct RandomIROptions {
  unsigned MaxDepth = 4;
  bool ThreeD = false;  ///< legs and transforms may use z
  int MaxComponent = 2; ///< |x|, |y| of a leg
  int MaxCount = 3;     ///< largest finite repetition count
  unsigned MaxChildren = 3;
  /// Guards may test attacks (the position needs piece definitions).
  bool AttackGuards = false;
  /// Also ahead and notahead tests, guard<unmoved>, and (with AttackGuards,
  /// whose piece definitions lend moves) borrow.
  bool LookAhead = false;
};

class RandomIR {
public:
  RandomIR(uint64_t Seed, RandomIROptions Opts = {}) : Rng(Seed), Opts(Opts) {}
  /// A tree that passes the verifier.
  NodeRef generate() { return node(Opts.MaxDepth, false); }
  std::mt19937_64 &rng() { return Rng; }

private:
  std::mt19937_64 Rng;
  RandomIROptions Opts;
  unsigned FilterDepth = 0; ///< filters around the node being made

  int uniform(int Lo, int Hi) {
    return std::uniform_int_distribution<int>(Lo, Hi)(Rng);
  }
  bool chance(double P) { return std::bernoulli_distribution(P)(Rng); }
  NodeRef node(unsigned Depth, bool InRide);
  NodeRef leg();
  RangeList range(bool AllowUnbounded);
  TransformSet transforms();
};

struct RandomPositionOptions {
  bool ThreeD = false;
  int MinSide = 3, MaxSide = 9;
  /// Take the sides as given even in 3D (normally capped at 5).
  bool Large = false;
  /// Define orthodox chess moves for the pieces (for attack guards).
  bool AttackGuards = false;
};

/// A random position with random pieces, holes, moved flags and zones 0-2.
Position randomPosition(std::mt19937_64 &Rng, RandomPositionOptions Opts = {});
/// A random square that exists on \p B.
unsigned randomSquare(std::mt19937_64 &Rng, const Board &B);

/// Orthodox chess moves for P N B R Q K of both sides (pawns: their
/// step and their captures, no double step), for attack conditions.
std::shared_ptr<const PieceTable> chessPieces();

/// Random Movement Formula text with every construct; the front end may
/// still refuse some (a priority inside a linear repetition).
std::string randomFormula(std::mt19937_64 &Rng);

/// A random well-formed Parlett expression.
std::string randomParlett(std::mt19937_64 &Rng);

/// A random well-formed fairy-notation expression: atoms with components in
/// -2..2 (three of them when \p ThreeD), sums, products, every modifier,
/// open ranges only in {..} (never in {{..}}).
std::string randomFairyNotation(std::mt19937_64 &Rng, bool ThreeD = false,
                                unsigned Depth = 3);

} // namespace fairy::gen

#endif
