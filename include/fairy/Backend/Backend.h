//===- Backend.h - The registry of back ends -------------------*- C++ -*-===//
//
// Every output of fairyc is a back end: one file in lib/Backend that states
// its name (--emit=NAME), its help, the inputs it takes and the options it
// reads, and the function that writes it from a Compilation. It is listed
// once, in lib/Backend/Backends.def; fairyc's --emit, the C API's kinds,
// the playground, the LSP and docs/backends.md all read this registry (as
// LLVM's tools read the TargetRegistry).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_BACKEND_H
#define FAIRY_BACKEND_BACKEND_H

#include <optional>
#include <string>
#include <vector>

namespace fairy {

class Compilation;

/// Writes the output of \p C; nullopt after reporting an error.
using EmitFn = std::optional<std::string> (*)(Compilation &C);

/// One back end. Plain constants, so that each is ready before any
/// constructor runs (fairyc declares --emit from them at start-up).
struct BackendInfo {
  const char *Name; ///< as --emit spells it
  const char *Help; ///< one line, for --help and docs/backends.md
  /// Writes one notation's piece (several, each from its file, when
  /// ManyInputs); nullptr if it does not, and RefusesOnePiece says why.
  EmitFn OnePiece;
  const char *RefusesOnePiece;
  /// Writes a piece file's (or variants.ini section's) pieces; nullptr if
  /// it does not, and RefusesPieceSet says why.
  EmitFn PieceSet;
  const char *RefusesPieceSet;
  /// With a piece set, --position lists the moves of the pieces standing
  /// there: writes them, or nullptr.
  EmitFn Position;
  /// Several inputs make one output (--emit=bitboard's one header).
  bool ManyInputs;
  /// It shows one piece from its square (--from): the square must be on
  /// the board and not hold the other side's piece, and a notation that
  /// has the unbounded plane is drawn there when no board is given.
  bool ShowsOrigin;
  /// The options it reads beyond the input's, for docs/backends.md.
  const char *Options;
};

/// Every back end, in the order --help lists them.
const std::vector<const BackendInfo *> &backends();
/// The back end called \p Name, or nullptr.
const BackendInfo *findBackend(const std::string &Name);
/// The names of every back end joined by \p Sep ("diagram, ir, ...").
std::string backendNames(const char *Sep = ", ");

} // namespace fairy

#endif
