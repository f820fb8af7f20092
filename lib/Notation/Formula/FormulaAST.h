//===- FormulaAST.h - Movement Formula, read ---------------------*- C++
//-*-===//
//
// What FormulaFrontend.cpp reads out of the parse tree and
// FormulaLowering.cpp lowers to IR. By then every symbol has been paired
// with its neighbours: a step carries its directions, `$|+` is one
// condition, a `-` holds the phrase it captures, `/.../` is a probe.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_FRONTEND_FORMULA_AST_H
#define FAIRY_FRONTEND_FORMULA_AST_H

#include "fairy/IR/Node.h"

#include "llvm/Support/SMLoc.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fairy::formula {

struct Expr;
using ExprRef = std::shared_ptr<Expr>;

struct Expr {
  enum Kind {
    Move,     ///< a step: one of Images (per priority level)
    Check,    ///< a condition on the current square
    End,      ///< '@': the move ends here
    Continue, ///< '+': the move goes on
    Capture,  ///< 'x': take the piece on the current square
    Promote,  ///< '=': the piece changes (into one of Letters)
    Remote,   ///< '-': take the piece on the square Children[0] names
    Probe,    ///< '/.../': the square Children[0] names must be so
    Seq,      ///< phrase or compound: Children one after the other
    Any,      ///< '[...]': one of Children, by priority Levels
    Repeat,   ///< Children[0] made Min..Max times (Max < 0: unbounded)
  };
  Kind K;
  llvm::SMRange Loc;

  /// Move: the images of each priority level, highest first.
  std::vector<std::vector<Vec>> Images;
  /// Check: what the square may hold, and predicates it must satisfy.
  Land L = Land::any();
  std::vector<GuardPredicate> Guards;
  /// Capture: the side whose piece is taken (enemy, or friend after '$').
  Land Taken = Land::enemy();
  /// Promote: the pieces it may become (empty: not said).
  std::string Letters;
  /// Seq, Any, Repeat, Remote, Probe.
  std::vector<ExprRef> Children;
  /// Any: the priority level of each child (0 first).
  std::vector<int> Levels;
  /// Repeat.
  int Min = 1, Max = -1;
  enum RepeatKind { Linear, Crooked, CrookedReturn } How = Linear;

  explicit Expr(Kind K, llvm::SMRange Loc = {}) : K(K), Loc(Loc) {}
  bool hasPriorities() const;
  /// Whether some path through this expression makes a step / every path.
  bool mayMove() const;
  bool mustMove() const;
};

struct LowerError {
  llvm::SMRange Loc;
  std::string Message;
};

/// The moveset of a formula; throws LowerError when it is too large to
/// lower (the geometric choices of a linear repetition are multiplied out).
NodeRef lower(const Expr &Formula);

} // namespace fairy::formula

#endif
