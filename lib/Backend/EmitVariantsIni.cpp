//===- EmitVariantsIni.cpp - --emit=variants-ini --------------------------===//
//
// --emit=variants-ini: the set as one Fairy-Stockfish section that
// Fairy-Stockfish reads back to the same moves. The section has no parent
// (so no pieces but its own): the board, every piece as a custom piece in
// Betza (the royal one as the king), the start position and the promotion
// zones. Fairy-Stockfish reads Betza 'i' (initial) as "from the
// double-step region", so that region is the start squares of the pieces
// with initial moves. A piece outside Fairy-Stockfish's reading (moves it
// cannot write, a side of its own, several royal pieces, a board it has no
// room for) is left out with a located warning (-Wpiece-not-written), and
// from the start position too; with -fno-keep-going it is an error and
// nothing is written.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"

#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/PieceViews.h"

#include "fairy/Notation/BetzaWriter.h"
#include "fairy/Support/Escape.h"
#include "fairy/Transforms/Pass.h"

#include <cctype>
#include <cstring>

using namespace fairy;

namespace {

/// The letters Fairy-Stockfish's Betza reader knows (piece.cpp).
bool withinFairyStockfish(const std::string &Betza) {
  for (char C : Betza)
    if (!std::isdigit((unsigned char)C) &&
        !std::strchr("mcpgnifblrsvhWFDNAHCZGKRBQe", C))
      return false;
  return true;
}

/// A region as Fairy-Stockfish writes it: squares, or "-" for none.
std::string squares(const Board &B, const SquareSet &S) {
  std::string Out = squareNames(B, S, " ");
  return Out.empty() ? "-" : Out;
}

/// A section name made of the game's title: lower case, '-' for the rest.
std::string sectionName(const PieceSet &Set) {
  std::string Name;
  for (char C : Set.Title)
    Name += std::isalnum((unsigned char)C) ? char(std::tolower(C)) : '-';
  return Name.empty() ? "fairyc" : Name;
}

/// \p Placement (a FEN's ranks) with the pieces whose letters (either
/// case) are in \p Gone replaced by empty squares.
std::string withoutPieces(const std::string &Placement,
                          const std::string &Gone) {
  std::string Out;
  int Empty = 0;
  auto Flush = [&] {
    if (Empty)
      Out += std::to_string(Empty);
    Empty = 0;
  };
  for (size_t I = 0; I < Placement.size(); ++I) {
    char C = Placement[I];
    if (std::isdigit((unsigned char)C)) {
      int N = 0;
      while (I < Placement.size() && std::isdigit((unsigned char)Placement[I]))
        N = N * 10 + (Placement[I++] - '0');
      --I;
      Empty += N;
    } else if (std::isalpha((unsigned char)C) &&
               Gone.find(char(std::toupper((unsigned char)C))) !=
                   std::string::npos) {
      ++Empty;
    } else {
      Flush();
      Out += C;
    }
  }
  Flush();
  return Out;
}

std::optional<std::string> pieceSet(Compilation &C) {
  DiagnosticEngine &Diags = C.Diags;
  const PieceSet &Set = C.set();
  const Board &B = Set.board();
  auto Refuse = [&](const std::string &Why) {
    Diags.error("cannot write a variants.ini section: " + Why);
    return std::nullopt;
  };
  if (B.depth() != 1 || B.width() > 12 || B.height() > 10)
    return Refuse("Fairy-Stockfish's boards are flat and at most 12x10 (this "
                  "one is " +
                  B.str() + ")");
  if (B.squares().count() != B.numSquares())
    return Refuse("Fairy-Stockfish's boards have no missing squares");
  std::string Pieces, Royal, Gone, Written;
  int Custom = 0;
  std::vector<const PieceDef *> Initial;
  for (const PieceDef &D : Set.Pieces) {
    // Why the piece cannot be written, if it cannot.
    auto Unwritable = [&]() -> std::optional<std::string> {
      if (D.hasSideSpecificMoves())
        return "Fairy-Stockfish's pieces move alike for both sides (Black's "
               "turned half round)";
      NodeRef IR = optimize(D.movesFor(Color::White), C.Inv.OptLevel, {});
      std::string Why;
      // Fairy-Stockfish reads no bracket chains.
      auto Betza = irToBetza(IR, Why, {}, BetzaStyle::XBetza);
      if (!Betza)
        return "its moves cannot be written in Betza (" + Why + ")";
      if (!withinFairyStockfish(*Betza))
        return "its Betza, '" + *Betza +
               "', is outside what Fairy-Stockfish reads (one-leg moves of "
               "its atoms with m c p g n i and directions)";
      char L = char(std::tolower((unsigned char)D.Letter));
      if (D.Royal) {
        if (!Royal.empty())
          return std::string("Fairy-Stockfish has one royal piece, the king");
        Royal = "king = " + std::string(1, L) + ":" + *Betza + "\n";
      } else {
        if (Custom == 25)
          return std::string("Fairy-Stockfish has 25 custom pieces at most");
        Pieces += "# " + escapeForIni(D.Name) + "\ncustomPiece" +
                  std::to_string(++Custom) + " = " + std::string(1, L) + ":" +
                  *Betza + "\n";
      }
      if (usesGuard(*IR, GuardPredicate::Initial))
        Initial.push_back(&D);
      return std::nullopt;
    };
    auto Why = Unwritable();
    if (!Why) {
      Written += (Written.empty() ? "" : ", ") + escapeForIni(D.Name);
      continue;
    }
    if (!C.Inv.KeepGoing) {
      Diags.error(D.NameRange.Start,
                  "cannot write '" + D.Name +
                      "' in a variants.ini section: " + *Why,
                  {D.NameRange});
      return std::nullopt;
    }
    leftOut(Diags, D, D.Name, "the variants.ini section", *Why);
    Gone += D.Letter;
  }
  if (Written.empty())
    return Refuse("no piece of the set can be written in one");
  std::string Out = "# Generated by fairyc " FAIRY_VERSION
                    " --emit=variants-ini from " +
                    escapeForIni(C.source()) + " on " + B.str() + ".\n";
  if (!Gone.empty())
    Out += "# Pieces: " + Written +
           "; the others are left out, and from the start position.\n";
  Out += "[" + sectionName(Set) + "]\n";
  Out += "maxFile = " + std::to_string(B.width()) + "\n";
  Out += "maxRank = " + std::to_string(B.height()) + "\n";
  Out += Pieces + Royal;
  // The start position; without one, an empty board.
  std::string Placement;
  if (Set.Start) {
    Placement =
        withoutPieces(Set.StartFEN.substr(0, Set.StartFEN.find(' ')), Gone);
  } else {
    for (int R = 0; R < B.height(); ++R)
      Placement += (R ? "/" : "") + std::to_string(B.width());
  }
  Out += "startFen = " + Placement + " w - - 0 1\n";
  Out += "castling = false\n";
  // Initial moves are Fairy-Stockfish's double-step moves: from the squares
  // the pieces that have them start on.
  SquareSet Region[2] = {SquareSet(B.numSquares()), SquareSet(B.numSquares())};
  if (Set.Start)
    for (unsigned S : B.squares().toVector()) {
      const Occupant &O = Set.Start->at(S);
      for (const PieceDef *D : Initial)
        if (O.Present && O.Type == D->Letter)
          Region[(int)O.Side].set(S);
    }
  else if (!Initial.empty())
    Diags.warning("without a start position, the initial moves of '" +
                  Initial.front()->Name +
                  "' are Fairy-Stockfish's: from ranks 2 and 7 (its default "
                  "double-step region)");
  if (Set.Start || Initial.empty()) {
    Out += "doubleStepRegionWhite = " + squares(B, Region[0]) + "\n";
    Out += "doubleStepRegionBlack = " + squares(B, Region[1]) + "\n";
  }
  for (int Side = 0; Side < 2; ++Side)
    if (Set.Promotion[Side])
      Out += std::string("promotionRegion") + (Side ? "Black" : "White") +
             " = " + squares(B, *Set.Promotion[Side]) + "\n";
  return Out;
}

} // namespace

const BackendInfo fairy::VariantsIniBackend = {
    "variants-ini", "a piece file as a Fairy-Stockfish variants.ini section",
    /*OnePiece=*/nullptr,
    /*RefusesOnePiece=*/
    "--emit=variants-ini writes a piece file as a Fairy-Stockfish section; "
    "give a piece file (.fairy, -x pieces) or --import",
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/nullptr,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"-O -fno-keep-going"};
