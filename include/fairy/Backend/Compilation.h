//===- Compilation.h - What every back end is given ------------*- C++ -*-===//
//
// The one road: whatever the input (one notation's text, several files of
// one piece each, a piece file, a variants.ini section), the driver reads it
// into a piece set and hands a Compilation to the back end asked for. The
// Compilation carries the set, the Invocation's options, the diagnostics,
// and the services every back end shares: the passes, the position the
// options describe, and the evaluators.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_COMPILATION_H
#define FAIRY_BACKEND_COMPILATION_H

#include "fairy/Backend/Backend.h"
#include "fairy/Backend/Json.h"
#include "fairy/Driver/Invocation.h"
#include "fairy/Eval/Evaluator.h"
#include "fairy/Eval/Position.h"
#include "fairy/Notation/Notation.h"
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Transforms/Pass.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fairy {

class Compilation {
public:
  /// What the input was.
  enum class InputKind {
    Notation, ///< one notation's text or file (several files: one each)
    PieceSet  ///< a piece file, or a variants.ini section
  };

  Compilation(const Invocation &Inv, DiagnosticEngine &Diags,
              const BackendInfo &Backend, const PieceSet &Set, InputKind Kind,
              std::string Source);

  const Invocation &Inv;
  DiagnosticEngine &Diags;
  const BackendInfo &Backend;

  const PieceSet &set() const { return Set; }
  /// Whether every piece is one notation's text (a set of one, or of one
  /// piece per file given for --emit=bitboard).
  bool fromNotation() const { return Kind == InputKind::Notation; }
  /// The only movement of piece \p I of a set read from notation.
  const PieceMovement &notation(size_t I = 0) const {
    return Set.Pieces[I].Moves.front();
  }
  /// What the input is called in generated comments.
  const std::string &source() const { return Source; }
  /// The moving side: --side, else the position's side to move (once
  /// positionFromOptions has read it), else White.
  Color side() const { return Side; }
  /// The errors reported since the compilation began.
  unsigned newErrors() const { return Diags.errorCount() - ErrorsBefore; }

  /// \p IR after the passes of -O<Inv.OptLevel>.
  NodeRef optimized(const NodeRef &IR, const PassContext &Ctx) const;

  // --- One notation's piece on the options' board --------------------------

  /// The position and origin --board, --position, --from and the condition
  /// options describe (9x9 and its centre by default).
  std::optional<std::pair<Position, unsigned>> positionFromOptions();
  /// One notation's piece where the options put it: in the position they
  /// describe (or on the unbounded plane), knowing the other pieces they
  /// define, with its IR after the passes for that board.
  struct OnBoard {
    Position P;
    unsigned Origin;
    NodeRef IR;
    bool Plane; ///< on the unbounded plane, to be cropped for drawing
    /// Its destinations from its square, when asked for (a picture).
    Destinations Moves = {};
  };
  std::optional<OnBoard> pieceOnBoard(bool WithOriginMoves = false);
  /// One notation's piece's IR after the passes, for the options' board
  /// when one is given; nullopt after an error.
  std::optional<NodeRef> pieceIR();
  /// Whether \p N's piece is drawn on the unbounded plane: a back end that
  /// shows its origin, a notation that has the plane, and no board given.
  bool onUnboundedPlane(const NotationInfo &N) const;
  /// The empty plane around \p IR's moves, for onUnboundedPlane().
  std::optional<std::pair<Position, unsigned>> planeAround(const Node &IR);
  /// Whether \p IR's moves fit \p B's dimensions; reported if not.
  bool checkDimensions(const Node &IR, const Board &B);
  /// The C identifier of piece \p I: --name (checked), else its file's.
  std::optional<std::string> pieceIdentifier(size_t I = 0);

  /// The destinations of an IR from a square of a position, by the engine
  /// --engine chose.
  using Engine = std::function<std::optional<Destinations>(
      const Position &, unsigned, std::string &)>;
  std::optional<Engine> engineFor(const NodeRef &IR, const Board &B);
  /// The destinations of \p IR from each of \p Origins.
  std::optional<std::vector<OriginMoves>>
  evaluateAt(const NodeRef &IR, const Position &P,
             const std::vector<unsigned> &Origins);

private:
  const PieceSet &Set;
  InputKind Kind;
  std::string Source;
  Color Side;
  unsigned ErrorsBefore;
};

/// The options the front end of \p N gets under \p Inv for \p Backend
/// (nullptr: none, as --lint); nullopt after reporting an error.
std::optional<FrontendOptions> frontendOptionsFor(const Invocation &Inv,
                                                  const BackendInfo *Backend,
                                                  const NotationInfo &N,
                                                  DiagnosticEngine &Diags);

/// The output of back end \p Backend for piece set \p Set under \p Inv's
/// options (Inv.Emit is not read), named \p Source in generated comments;
/// nullopt after reporting an error. What the driver does for a piece file,
/// for library users who hold a set.
std::optional<std::string> emitPieceSet(DiagnosticEngine &Diags,
                                        const PieceSet &Set,
                                        const BackendInfo &Backend,
                                        const Invocation &Inv,
                                        const std::string &Source = "");

/// Runs back end \p C.Backend, refusing the inputs it does not take.
std::optional<std::string> runBackend(Compilation &C);

} // namespace fairy

#endif
