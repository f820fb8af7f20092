//===- PieceSetOutput.h - fairyc's outputs for a whole piece set -*- C++
//-*-===//
//
// A piece file or a variants.ini section compiles to one output for all its
// pieces: one header of tables, one JSON document, one sheet of diagrams or
// SVG pictures, or the piece file rewritten in another notation.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PIECEFILE_PIECESETOUTPUT_H
#define FAIRY_PIECEFILE_PIECESETOUTPUT_H

#include "fairy/Notation/BetzaStyle.h"
#include "fairy/Backend/Bitboard.h"
#include "fairy/PieceFile/PieceSet.h"

#include <vector>

#include <optional>
#include <string>

namespace fairy {

enum class SetOutput {
  Diagram,
  IR,
  Json,
  Svg,
  CTable,
  Bitboard,
  Betza,
  Fairy,
  Parlett,
  VariantsIni ///< a Fairy-Stockfish section (VariantsIniWriter.cpp)
};

struct SetOptions {
  SetOutput Output = SetOutput::Diagram;
  /// Only this side's moves; otherwise both where they differ.
  std::optional<Color> Side;
  /// With a position: the pieces of both sides (--side=both).
  bool BothSides = false;
  std::string From; ///< the square of diagrams and pictures
  bool Labels = false;
  /// How pictures draw the board (--board-style); Auto: the set's style.
  BoardStyle Style = BoardStyle::Auto;
  unsigned OptLevel = 1;
  BitboardIndex Index = BitboardIndex::Magic; ///< --bitboard-index
  BetzaStyle WriteBetza = BetzaStyle::Auto;   ///< --betza-style
  std::string Source; ///< the input's name, for generated comments
  /// A piece the back end cannot write is left out with a warning
  /// (-Wpiece-not-written) rather than failing the whole output.
  bool KeepGoing = true;
};

/// A piece for one side, as outputs show it. A piece whose moves are the
/// same for both sides (no side-specific movement, and a moveset that
/// Black's half-turn leaves unchanged) has one view named after the piece;
/// any other a White and a Black view (pawn_white, pawn_black).
struct PieceView {
  const PieceDef *Def;
  Color Side;
  bool BothSides;   ///< the view stands for both sides
  std::string Name; ///< a C identifier
  NodeRef IR;       ///< after the passes, for the set's board
  /// For tables: the state the view assumes, if it assumes one.
  enum State { AnyState, Moved, Unmoved } Assumes = AnyState;
};

std::vector<PieceView> pieceViews(const PieceSet &Set, const SetOptions &Opts);
/// The views as tables see them (occupancy only): a moveset with initial
/// moves becomes one view for a piece that has moved (the view's name) and
/// one for a piece that has not (name_initial); en passant captures, which
/// depend on the previous move, are left out. \p Notes says which.
std::vector<PieceView> tableViews(const PieceSet &Set,
                                  const std::vector<PieceView> &Views,
                                  const SetOptions &Opts, std::string &Notes);

/// One picture of a sheet, with the caption written above it.
struct SheetPicture {
  std::string Caption;
  std::string Svg; ///< a whole SVG document, as renderSvg writes it
};
/// Pictures side by side, three to a row, in one SVG titled \p Title.
std::string svgSheet(const std::vector<SheetPicture> &Pictures,
                     const std::string &Title);

/// Keep-going: piece (or view) \p Name of \p Def is left out of \p What,
/// which is written without it (-Wpiece-not-written; an error under
/// -Werror).
void leftOut(DiagnosticEngine &Diags, const PieceDef &Def,
             const std::string &Name, const char *What, const std::string &Why);

/// "white" or "black", as piece files and outputs write a side.
const char *sideName(Color C);
/// The names of the squares of \p S in board order, joined by \p Sep,
/// each after \p Prefix ("x" for captures).
std::string squareNames(const Board &B, const SquareSet &S, const char *Sep,
                        const char *Prefix = "");

/// \p Set as one Fairy-Stockfish variants.ini section, or nullopt after
/// reporting why Fairy-Stockfish could not read it so.
std::optional<std::string> emitVariantsIni(DiagnosticEngine &Diags,
                                           const PieceSet &Set,
                                           const SetOptions &Opts);

/// The output for \p Set, or nullopt after reporting an error.
std::optional<std::string> emitPieceSet(DiagnosticEngine &Diags,
                                        const PieceSet &Set,
                                        const SetOptions &Opts);

} // namespace fairy

#endif
