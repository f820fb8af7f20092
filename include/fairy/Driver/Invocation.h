//===- Invocation.h - Everything one run of fairyc is asked -----*- C++ -*-===//
//
// What clang calls a CompilerInvocation: the complete description of one
// job, filled from command-line options by the tools and from arguments by
// library users, and carried out by fairy::Driver. Plain data, standard
// types only: this header needs no LLVM.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_DRIVER_INVOCATION_H
#define FAIRY_DRIVER_INVOCATION_H

#include "fairy/Backend/BitboardIndex.h"
#include "fairy/Eval/BoardStyle.h"
#include "fairy/Eval/Color.h"
#include "fairy/Notation/BetzaStyle.h"
#include "fairy/Support/Progress.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fairy {

/// The pass level of -O<Value>, as clang spells its levels: "0" none; "",
/// "1", "2", "3", "s" and "z" the passes to their fixed point (fairyc has
/// one pipeline, so every optimising level runs it). nullopt for another.
std::optional<unsigned> optLevelNamed(const std::string &Value);

enum class DotStyle { Tree, Automaton };
enum class BetzaReading { FairyStockfish, XBoard };
enum class EngineKind { Fast, Reference };

/// One job. The defaults are fairyc's with no options.
struct Invocation {
  // --- Inputs -------------------------------------------------------------
  /// The positional argument: a file to read, or notation text when
  /// Notation is given and no such file exists; "-" or nullopt for
  /// standard input. An empty string is empty notation text.
  std::optional<std::string> Input;
  /// More piece files (--emit=bitboard makes one header of them all).
  std::vector<std::string> MoreInputs;
  /// -e: the notation text itself.
  std::optional<std::string> Expression;
  /// Where the includes of a piece file given as Expression are found;
  /// empty: the current directory (fairyc-lsp gives the document's).
  std::string IncludeDir;
  /// In a piece file, a piece whose notation has an error is left out
  /// (the error reported all the same) and the others compiled and linted:
  /// fairyc-lsp's view of a file being edited (PieceFileOptions::Recover).
  bool RecoverPieces = false;
  /// -x: parlett, betza, fairy, formula, ir, or pieces; empty: from the
  /// file's extension.
  std::string Notation;
  /// --import and --variant: a section of a Fairy-Stockfish variants.ini.
  std::string ImportPath, VariantName;
  /// --list-variants: the sections of --import, one line each.
  bool ListVariants = false;

  // --- What to produce ----------------------------------------------------
  /// --emit: the name of a back end (fairy/Backend/Backend.h lists them).
  std::string Emit = "diagram";
  DotStyle Dot = DotStyle::Tree;
  /// -o: where Driver::run writes; "-" for standard output.
  std::string OutputPath = "-";
  /// --bitboard-index: magic multipliers or PEXT in --emit=bitboard.
  BitboardIndex Index = BitboardIndex::Magic;
  /// How --emit=betza writes multi-leg moves (--betza-style).
  BetzaStyle WriteBetza = BetzaStyle::Auto;
  /// --name: the piece's C identifier in generated code.
  std::string PieceName;
  /// --only: the pieces of a piece set to write, by name or letter,
  /// separated by commas (onlyViews in fairy/Backend/PieceViews.h); empty
  /// for every piece.
  std::string Only;
  /// --lint: check the notation, print warnings, write nothing.
  bool LintOnly = false;
  /// In a piece file, a piece the back end cannot write is left out with a
  /// warning, the rest written, and the exit status 1 (-fno-keep-going:
  /// an error, nothing written).
  bool KeepGoing = true;
  /// -O0 keeps the front end's IR, -O1 runs the passes (optLevelNamed).
  unsigned OptLevel = 1;
  /// --max-input-size: the largest input (file, standard input or -e text)
  /// read, in bytes (docs/diagnostics.md, "Limits").
  uint64_t MaxInputSize = 4 * 1024 * 1024;

  // --- Reading ------------------------------------------------------------
  /// --betza; nullopt means Fairy-Stockfish's reading, not asked for.
  std::optional<BetzaReading> Betza;
  /// --radius: bound fairy-notation's open ranges.
  std::optional<int> Radius;

  // --- Board and position -------------------------------------------------
  std::string Board;    ///< WxH or WxHxD; empty: from Position, else 9x9
  std::string Position; ///< FEN-like placement, with optional side and e.p.
  std::string From;     ///< the piece's square; empty: the centre
  /// The moving piece's side; nullopt: the FEN's side to move, else White.
  std::optional<Color> Side;
  /// --side=both: with --position and a piece set, the pieces of both sides.
  bool BothSides = false;
  bool Moved = false;    ///< the piece has moved (no initial moves)
  bool Advanced = false; ///< one rank ahead of its start (XBoard's 'ii')
  bool Labels = false;   ///< rank and file labels in diagrams
  /// --svg-squares: a clickable, invisible square naming each square in
  /// the picture of one piece (SvgOptions::Squares).
  bool SvgSquares = false;
  /// Told how far long steps have come (fairy/Support/Progress.h); empty:
  /// nobody listens.
  ProgressFn Progress;
  /// How --emit=svg draws the board; Auto: the piece file's or variant's
  /// style, else xiangqi for 9x10 and chess otherwise.
  BoardStyle Style = BoardStyle::Auto;
  EngineKind Engine = EngineKind::Fast;
  /// Leg steps one evaluation may take; 0 for the evaluator's default.
  uint64_t EvalStepLimit = 0;

  // --- Movement Formula's and Betza's conditions --------------------------
  std::string LastMove;                     ///< FROM-TO
  std::vector<std::string> Zones;           ///< N:SQUARES each
  std::vector<std::string> MovedSquares;    ///< e4,a1-h1 each
  std::vector<std::string> AdvancedSquares; ///< likewise
  std::vector<unsigned> States;             ///< the mover's states, >= 1
  std::string MoverType;                    ///< one letter
  std::string RoyalTypes = "K";             ///< letters of royal pieces
  /// L=TEXT or L=NOTATION:TEXT: other pieces' moves, for attack conditions.
  std::vector<std::string> PieceDefs;
};

/// What fairy-opt is asked: read textual IR, run passes, print it.
struct OptInvocation {
  std::string Input = "-"; ///< a file, or "-" for standard input
  std::string OutputPath = "-";
  std::vector<std::string> Passes; ///< in order (range-fold, ...)
  bool O1 = false;                 ///< then the -O1 pipeline
  bool PrintAfterAll = false;
  bool Inline = false; ///< the IR on one line
  bool Stats = false;  ///< node counts per pass, on standard error
  std::string Board;   ///< WxH or WxHxD, for the passes that use it
};

} // namespace fairy

#endif
