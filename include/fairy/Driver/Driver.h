//===- Driver.h - The library behind every fairyc tool ----------*- C++ -*-===//
//
// As clang's Driver serves every clang tool, fairy::Driver does what the
// tools do: read an input of any notation, a piece file or a variants.ini
// section; run the passes; evaluate; emit any back end into a string or a
// file; collect the diagnostics. fairyc and fairy-opt parse options into an
// Invocation and call it; the C API (fairy/fairy.h) is built on it.
//
// Standard types only: including this header needs no LLVM. The C++ IR
// API (fairy/IR, fairy/Eval, fairy/PieceFile) is reached through
// CompiledPieces::pieceSet() and Driver::engine() for those who want it.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_DRIVER_DRIVER_H
#define FAIRY_DRIVER_DRIVER_H

#include "fairy/Driver/Invocation.h"

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

class DiagnosticEngine;
struct PieceSet;

/// The version of the library ("0.2.0").
const char *libraryVersion();
/// The versions of what it is built with ("LLVM 14.0.6, ANTLR 4.9.3
/// (runtime), fmt 9.1.0, gcc 12.2.0").
std::string libraryDependencies();

/// Where diagnostics go as they are reported.
enum class DiagnosticsOutput {
  Text,   ///< to standard error, with source lines, carets and fix-its
  Json,   ///< recorded; finish() prints them all as JSON to standard error
  Collect ///< recorded only (library use)
};

/// A diagnostic as recorded, in standard types.
struct DriverDiagnostic {
  enum Severity { Error, Warning, Note, Remark } Kind = Error;
  std::string File;              ///< the buffer's name; empty if unlocated
  unsigned Line = 0, Column = 0; ///< 1-based; Column counts bytes
  std::string Message;
  std::string Name; ///< the warning's name (-W<name>), if it has one
};

/// What stands on one square, for CompiledPieces::destinations.
struct SquareContent {
  bool Present = false;
  Color Side = Color::White;
  char Type = '?'; ///< the piece's letter, upper case
  bool Moved = false;
  bool Wall = false; ///< no square in this position (a FEN's '*')
};

/// Bits of Destination::Kinds.
enum DestinationKind : unsigned {
  QuietMove = 1,   ///< reached by a path that captures nothing
  CaptureMove = 2, ///< the piece standing there is captured
  RemoteMove = 4,  ///< a path captured on a square it left (locust)
  PromoteMove = 8  ///< a path to it promotes
};

struct Destination {
  unsigned Square; ///< index: file + width * (rank + height * level)
  unsigned Kinds;  ///< DestinationKind bits
};

/// The pieces of one compiled input, on its board: one piece for a
/// notation, every piece for a piece file or variants.ini section.
class CompiledPieces {
public:
  ~CompiledPieces();
  CompiledPieces(const CompiledPieces &) = delete;
  CompiledPieces &operator=(const CompiledPieces &) = delete;

  unsigned width() const;
  unsigned height() const;
  unsigned depth() const;
  unsigned numSquares() const;
  /// Whether square \p Index is on the board (boards may have holes).
  bool hasSquare(unsigned Index) const;
  std::string squareName(unsigned Index) const;
  /// "e4" (or "5,4"); nullopt with \p Error set for no square of the board.
  std::optional<unsigned> squareIndex(const std::string &Name,
                                      std::string &Error) const;

  size_t size() const;
  const std::string &name(size_t Piece) const;
  char letter(size_t Piece) const;

  /// Where piece \p Piece of \p Side moves from \p From when the board
  /// holds \p Squares (one entry per square, or empty for an empty board;
  /// the mover's own square is taken as holding it). \p Moved: the piece
  /// has moved before. nullopt with \p Error set when the question has no
  /// answer (a bad square, an evaluation over its budget).
  std::optional<std::vector<Destination>>
  destinations(size_t Piece, unsigned From, Color Side, bool Moved,
               const std::vector<SquareContent> &Squares,
               std::string &Error) const;

  /// The C++ IR API's view (fairy/PieceFile/PieceSet.h; needs LLVM).
  const PieceSet &pieceSet() const;

private:
  struct Impl;
  explicit CompiledPieces(std::unique_ptr<Impl> I);
  std::unique_ptr<Impl> I;
  friend class Driver;
};

class Driver {
public:
  /// \p Tool prefixes diagnostics that belong to no source ("fairyc:").
  explicit Driver(std::string Tool = "fairyc",
                  DiagnosticsOutput Output = DiagnosticsOutput::Collect);
  ~Driver();
  Driver(const Driver &) = delete;
  Driver &operator=(const Driver &) = delete;

  /// -W flags without their "-W" ("error", "no-empty-moveset"), and -w.
  /// False after reporting an unknown one.
  bool applyWarningFlags(const std::vector<std::string> &Flags,
                         bool NoWarnings = false);
  /// Colours in text diagnostics (default: when standard error is a
  /// terminal and NO_COLOR is not set).
  void setColors(bool Enabled);
  /// Reports an error of the tool's own (an option it could not read),
  /// with the other diagnostics.
  void reportError(const std::string &Message);

  /// fairyc's whole job: compile, emit, and write Inv.OutputPath
  /// atomically (nothing partial on failure). Returns the exit status.
  int run(const Invocation &Inv);
  /// The same, but the output is returned instead of written; nullopt
  /// after an error.
  std::optional<std::string> emit(const Invocation &Inv);
  /// The same, written to \p OS (nothing after an error); false after an
  /// error.
  bool emit(const Invocation &Inv, std::ostream &OS);
  /// Reads and compiles the inputs of \p Inv into pieces on a board;
  /// nullptr after an error.
  std::unique_ptr<CompiledPieces> compile(const Invocation &Inv);

  /// fairy-opt's whole job. Returns the exit status.
  int runOpt(const OptInvocation &Inv);

  /// Prints recorded diagnostics as JSON (DiagnosticsOutput::Json); call
  /// once at the end.
  void finish();
  unsigned errorCount() const;
  std::vector<DriverDiagnostic> diagnostics() const;
  /// The engine diagnostics go through (fairy/Support/Diagnostics.h).
  DiagnosticEngine &engine();

private:
  /// runOpt's work, on the thread it is called on.
  int runOptHere(const OptInvocation &Inv);

  struct Impl;
  std::unique_ptr<Impl> I;
};

} // namespace fairy

#endif
