//===- FairyAST.h - A fairy-notation expression as written ------*- C++ -*-===//
//
// The visitor (FairyFrontend.cpp) builds these from the ANTLR parse tree and
// checks them; the lowering (FairyLowering.cpp) turns them into IR. The
// unit tests also read them directly, to compare the lowering with a
// path-by-path interpreter of the notation.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_FRONTEND_FAIRY_FAIRYAST_H
#define FAIRY_FRONTEND_FAIRY_FAIRYAST_H

#include "fairy/IR/Node.h"
#include "fairy/Notation/Notation.h"

#include "llvm/Support/SMLoc.h"

#include <memory>
#include <vector>

namespace fairy::fairynotation {

struct Expr;
using ExprRef = std::shared_ptr<const Expr>;

struct Expr {
  enum Kind {
    Atom,    ///< [x,y] or [x,y,z]
    Sum,     ///< A,B,...
    Product, ///< A.B. ...
    Mirror,  ///< A| A- A+ A/ A* A_ : A and its images under Symmetry
    Mapped,  ///< A{R}: each move of A repeated k times, k in Counts
    Power,   ///< A{{R}}: k moves of A in sequence, k in Counts
    Filter,  ///< A^ AV A> A<: the moves with a delta satisfying Predicate
  };
  Kind K = Atom;
  Vec Delta;                  ///< Atom
  std::vector<ExprRef> Items; ///< Sum, Product
  ExprRef Operand;            ///< the modifiers
  TransformSet Symmetry;      ///< Mirror: includes the identity
  RangeList Counts;           ///< Mapped, Power: every count >= 1
  AxisPredicate Predicate;    ///< Filter
  /// The atom, or the modifier, as written: where diagnostics point.
  llvm::SMRange Where;
};

/// Parses buffer \p Buffer into an expression; reports problems to \p Diags
/// and returns nullptr on error. \p Opts.Radius replaces every unbounded
/// range's open end; with \p Opts.RequireBounded an open end that remains is
/// an error.
ExprRef parseExpr(DiagnosticEngine &Diags, unsigned Buffer,
                  const FrontendOptions &Opts);

/// The IR of \p E (see docs/notations/fairy-notation.md); nullptr after
/// reporting to \p Diags if it is too large.
NodeRef lower(const ExprRef &E, DiagnosticEngine &Diags);

/// Counts above this behave like this count on every supported board: a
/// move repeated more often leaves any board (Board::MaxSide), and one that
/// comes back to where it started behaves the same for every count >= 2.
constexpr int SaturatedCount = 65;

} // namespace fairy::fairynotation

#endif
