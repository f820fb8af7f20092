//===- Evaluator.h - Where a moveset goes in a position ---------*- C++ -*-===//
//
// eval(moveset, position, origin) is the set of destinations of the valid
// paths (docs/ir.md, "Evaluation"). Two engines compute it:
//   - ReferenceEvaluator enumerates concrete paths one by one, literally as
//     the semantics are written. Slow and obviously right; for tests.
//   - FastEvaluator propagates sets of squares (bit words) through the tree,
//     so its cost follows the size of the tree and of the board, not the
//     number of paths.
// Random differential tests keep them in agreement.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_EVALUATOR_H
#define FAIRY_EVAL_EVALUATOR_H

#include "fairy/Eval/Position.h"
#include "fairy/IR/Node.h"

#include <memory>
#include <optional>
#include <string>

namespace fairy {

/// The destinations of one piece on one square, by kind of move. A square
/// reached by several paths is in every set that one of them puts it in.
struct Destinations {
  SquareSet Quiet;   ///< reached by a path that captures nothing
  SquareSet Capture; ///< the destination holds a piece, which is captured
  SquareSet Remote;  ///< a path captured on a square it left (locust)
  SquareSet Promote; ///< a path to it promotes (also in another set)

  SquareSet all() const { return Quiet | Capture | Remote; }
  bool operator==(const Destinations &O) const {
    return Quiet == O.Quiet && Capture == O.Capture && Remote == O.Remote &&
           Promote == O.Promote;
  }
  bool operator!=(const Destinations &O) const { return !(*this == O); }
};

/// The state of a square as seen by the mover: Land::Empty, Friend or Enemy.
/// The origin always counts as empty.
uint8_t squareState(const Position &P, unsigned Square, unsigned Origin,
                    Color Mover);

class ReferenceEvaluator {
public:
  /// \p Budget caps the number of partial paths the enumeration may build.
  explicit ReferenceEvaluator(NodeRef Root, size_t Budget = 20'000'000)
      : Root(std::move(Root)), Budget(Budget) {}

  /// The destinations, or nullopt with \p Error set when the budget ran out
  /// or the tree uses something the evaluator cannot enumerate.
  std::optional<Destinations> evaluate(const Position &P, unsigned Origin,
                                       Color Mover, std::string &Error) const;

  /// The valid paths that are moves, each as the squares it lands on (the
  /// origin first), at most \p Limit of them (the first found), for drawing.
  std::optional<std::vector<std::vector<unsigned>>>
  paths(const Position &P, unsigned Origin, Color Mover, size_t Limit,
        std::string &Error) const;

  /// The partial paths the last evaluate or paths built (its budget if it
  /// ran out): what callers sharing one budget among many calls charge.
  size_t work() const { return Work; }

private:
  NodeRef Root;
  size_t Budget;
  mutable size_t Work = 0;
};

/// Leg steps that several evaluations may take together.
struct WorkBudget {
  uint64_t Limit;
  uint64_t Used = 0;
};

/// While one exists on a thread, the fast evaluators compiled on that
/// thread charge every evaluation to its budget: what one fairyc job may
/// spend in all, however many squares, pieces and checks it evaluates (each
/// evaluation keeps its own limit too, setWorkLimit). An evaluator given a
/// budget of its own (setWorkBudget) leaves it.
class WorkBudgetScope {
public:
  explicit WorkBudgetScope(uint64_t Steps);
  ~WorkBudgetScope();
  WorkBudgetScope(const WorkBudgetScope &) = delete;
  WorkBudgetScope &operator=(const WorkBudgetScope &) = delete;

  const std::shared_ptr<WorkBudget> &budget() const { return Budget; }
  /// The innermost scope's budget on this thread; null outside any.
  static std::shared_ptr<WorkBudget> current();

private:
  std::shared_ptr<WorkBudget> Budget, Saved;
};

class FastEvaluatorImpl;

class FastEvaluator {
public:
  /// Prepares \p Root for evaluation on boards shaped like \p B (same size
  /// and the same missing squares). Returns nullptr with \p Error set if the
  /// tree cannot be compiled (see docs/ir.md for the limits).
  static std::unique_ptr<FastEvaluator> compile(NodeRef Root, const Board &B,
                                                std::string &Error);
  ~FastEvaluator();

  /// Leg steps one evaluation may take before it gives up: about 0.4 s
  /// (7 million steps a second on this project's 2-core reference machine,
  /// half that with both cores busy), within the one second any input may
  /// take. Only pathological
  /// nestings of repetitions and priorities reach it.
  static constexpr uint64_t DefaultWorkLimit = 3'000'000;

  /// A superset of the squares (origin excluded) whose being empty or
  /// occupied can change the destinations from \p Origin: the landings of
  /// legs whose condition tells empty from occupied, with every condition
  /// relaxed so that no path is missed. Bitboard tables index on them.
  std::optional<SquareSet> testedSquares(const Position &P, unsigned Origin,
                                         Color Mover, std::string &Error) const;
  /// Sets the leg steps each evaluation may take.
  void setWorkLimit(uint64_t Steps);
  /// Charges every evaluation to \p Budget too, which other evaluators may
  /// share: what one fairyc job may spend, however many squares and pieces
  /// it evaluates.
  void setWorkBudget(std::shared_ptr<WorkBudget> Budget);

  /// The destinations, or nullopt with \p Error set if the evaluation
  /// needed more than its budget of work (only pathological nestings of
  /// repetitions do).
  std::optional<Destinations> evaluate(const Position &P, unsigned Origin,
                                       Color Mover, std::string &Error) const;

private:
  explicit FastEvaluator(std::unique_ptr<FastEvaluatorImpl> Impl);
  std::unique_ptr<FastEvaluatorImpl> Impl;
};

} // namespace fairy

#endif
