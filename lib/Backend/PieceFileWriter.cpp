//===- PieceFileWriter.cpp - A piece in another notation ------------------===//
#include "PieceFileWriter.h"

#include "fairy/Backend/PieceViews.h"
#include "fairy/IR/Printer.h"
#include "fairy/Notation/BetzaWriter.h"
#include "fairy/Notation/FairyWriter.h"
#include "fairy/Notation/ParlettWriter.h"
#include "fairy/Support/Escape.h"

#include <set>

using namespace fairy;

namespace {

/// --emit's name of \p Target.
const char *emitName(WrittenIn Target) {
  return Target == WrittenIn::Betza     ? "betza"
         : Target == WrittenIn::Fairy   ? "fairy"
         : Target == WrittenIn::Parlett ? "parlett"
                                        : "ir";
}

/// \p IR written in \p Target (not IR), or nullopt with \p Why.
std::optional<std::string> written(const NodeRef &IR, WrittenIn Target,
                                   std::string &Why,
                                   const FrontendOptions &Read,
                                   BetzaStyle Style) {
  return Target == WrittenIn::Betza   ? irToBetza(IR, Why, Read, Style)
         : Target == WrittenIn::Fairy ? irToFairy(IR, Why)
                                      : irToParlett(IR, Why);
}

/// \p Text as a piece file's string literal.
std::string quoted(const std::string &Text) { return pieceFileString(Text); }

/// The board declaration, with its missing squares.
std::string boardDecl(const Board &B) {
  std::string S = "board " + B.str();
  std::string Missing;
  for (unsigned I = 0; I < B.numSquares(); ++I)
    if (!B.squares().test(I))
      Missing += (Missing.empty() ? " missing " : ", ") + B.squareName(I);
  return S + Missing + ";\n";
}

/// \p Value's letters as a piece file names pieces ("qrbn": "Q R B N"), or
/// nullopt when it is not only letters of pieces of \p Set.
std::optional<std::string> pieceLetters(const PieceSet &Set,
                                        const std::string &Value) {
  std::string Out;
  for (char C : Value) {
    char L = char(std::toupper((unsigned char)C));
    if (!std::isalpha((unsigned char)C) || !Set.findByLetter(L))
      return std::nullopt;
    Out += (Out.empty() ? "" : " ") + std::string(1, L);
  }
  return Out.empty() ? std::nullopt : std::optional<std::string>(Out);
}

/// The set's game rules (PieceSet::Rules): `promote`, `castling` and
/// `drops` statements where the rules are what those say, the other keys
/// in a `variants-ini` block. Keys a piece file states otherwise (an
/// imported section's start FEN and regions, which its pieces' moves and
/// the start statement carry) are not repeated.
std::string gameRulesDecl(const PieceSet &Set) {
  std::string Out, Block;
  std::set<std::string> Done;
  auto Value = [&](const char *Key) -> std::string {
    const GameRule *R = Set.rule(Key);
    return R ? R->Value : "";
  };
  auto Pawns = pieceLetters(Set, Value("promotionPawnTypes"));
  auto Into = pieceLetters(Set, Value("promotionPieceTypes"));
  if (Pawns && Into) {
    Out += "promote " + *Pawns + " to " + *Into + ";\n";
    Done = {"promotionPawnTypes", "promotionPieceTypes"};
  }
  if (Value("castling") == "true") {
    auto King = pieceLetters(Set, Value("castlingKingPiece"));
    auto Rooks = pieceLetters(Set, Value("castlingRookPieces"));
    std::string Files = Value("castlingKingsideFile").size() == 1 &&
                                Value("castlingQueensideFile").size() == 1
                            ? " to " + Value("castlingKingsideFile") + " " +
                                  Value("castlingQueensideFile")
                            : "";
    if (King && Rooks && King->size() == 1) {
      Out += "castling " + *King + " with " + *Rooks + Files + ";\n";
      Done.insert({"castling", "castlingKingPiece", "castlingRookPieces"});
      if (!Files.empty())
        Done.insert({"castlingKingsideFile", "castlingQueensideFile"});
    } else if (!Set.rule("castlingKingPiece") &&
               !Set.rule("castlingRookPieces")) {
      Out += "castling;\n";
      Done.insert("castling");
    }
  }
  if (Value("pieceDrops") == "true") {
    bool Captured = Value("capturesToHand") == "true";
    Out += Captured ? "drops captured;\n" : "drops;\n";
    Done.insert("pieceDrops");
    if (Captured)
      Done.insert("capturesToHand");
  }
  for (const GameRule &R : Set.Rules)
    if (!Done.count(R.Key) && !ruleStatedByPieceFile(R.Key) &&
        R.Value.find('}') == std::string::npos)
      Block +=
          "  " + escapeForIni(R.Key) + " = " + escapeForIni(R.Value) + "\n";
  if (!Block.empty())
    Out += "variants-ini {\n" + Block + "}\n";
  return Out;
}

/// The start and promotion statements, each zone listed square by square.
std::string rulesDecl(const PieceSet &Set) {
  std::string Out;
  if (Set.Start)
    Out += "start " + quoted(Set.StartFEN) + ";\n";
  for (Color Side : {Color::White, Color::Black}) {
    const std::optional<SquareSet> &Zone = Set.Promotion[(int)Side];
    if (!Zone || Zone->count() == 0)
      continue;
    Out += std::string("promotion ") + sideName(Side) + " " +
           squareNames(Set.board(), *Zone, ", ") + ";\n";
  }
  for (const auto &[Id, Zone] : Set.Zones) {
    std::string Squares = squareNames(Set.board(), Zone, ", ");
    // Zones past 1000 are the confine statements' (below).
    if (!Squares.empty() && Id <= 1000)
      Out += "zone " + std::to_string(Id) + " " + Squares + ";\n";
  }
  for (const PieceDef &D : Set.Pieces)
    for (Color Side : {Color::White, Color::Black})
      if (auto Zone = Set.Zones.find(D.ConfineZone[(int)Side]);
          D.ConfineZone[(int)Side] && Zone != Set.Zones.end())
        Out += std::string("confine ") + D.Letter + " " + sideName(Side) + " " +
               squareNames(Set.board(), Zone->second, ", ") + ";\n";
  return Out + gameRulesDecl(Set);
}

/// Whether \p Name must be quoted in a piece file: a keyword.
bool isKeyword(const std::string &Name) {
  for (const char *K : {"game", "board", "missing", "include", "piece", "royal",
                        "white", "black", "start", "promotion", "zone",
                        "promote", "castling", "drops", "confine"})
    if (Name == K)
      return true;
  return false;
}

} // namespace

std::optional<std::string> fairy::writePieceFile(Compilation &C,
                                                 WrittenIn Target) {
  DiagnosticEngine &Diags = C.Diags;
  const PieceSet &Set = C.set();
  const char *Name = emitName(Target);
  std::string Out =
      "// " + escapeForLineComment(generatedBy(Name, Set, {}, C.source())) +
      "\n";
  Out.replace(Out.find(": ."), 3, ".");
  if (!Set.Title.empty())
    Out += "game " + quoted(Set.Title) + ";\n";
  Out += boardDecl(Set.board()) + rulesDecl(Set) + "\n";
  // Cylinder moves and rifle legs were read for the set's board.
  FrontendOptions Read;
  Read.BoardWidth = Set.board().width();
  Read.BoardMaxSide = Set.board().maxSide();
  for (const PieceDef &D : Set.Pieces) {
    std::vector<std::optional<Color>> Sides = {std::nullopt};
    if (D.hasSideSpecificMovements())
      Sides = {Color::White, Color::Black};
    std::vector<std::string> Lines;
    bool Warned = false;
    for (std::optional<Color> Side : Sides) {
      // Board-independent, like --emit=betza of one piece.
      NodeRef IR = optimize(D.unconfinedMovesFor(Side.value_or(Color::White)),
                            C.Inv.OptLevel, PassContext());
      std::string Why;
      std::optional<std::string> Text =
          Target == WrittenIn::IR
              ? printIRInline(*IR)
              : written(IR, Target, Why, Read, C.Inv.WriteBetza);
      const char *Written = Name;
      if (!Text && C.Inv.KeepGoing) {
        // Keep going: a piece the notation cannot spell (a hopper in
        // Parlett, a variants.ini pawn's double-step region) is written in
        // the IR, which reads back to the same moves, and the file stays
        // whole; -fno-keep-going makes it an error.
        if (!Warned)
          Diags.warning(Warning::WrittenInIR, D.NameRange.Start,
                        "the piece '" + D.Name + "' is written in the IR: " +
                            Name + " cannot write it (" + Why + ")",
                        {D.NameRange});
        Warned = true;
        Text = printIRInline(*IR);
        Written = "ir";
      }
      if (!Text) {
        Diags.error(D.NameRange.Start,
                    "cannot write the piece '" + D.Name + "' in " + Name +
                        ": " + Why + " (-fkeep-going writes it in the IR)",
                    {D.NameRange});
        return std::nullopt;
      }
      Lines.push_back((Side ? std::string(sideName(*Side)) + " " : "") +
                      Written + " " + quoted(*Text) + ";");
    }
    std::string Head =
        "piece " +
        (D.Identifier == D.Name && !isKeyword(D.Name) ? D.Name
                                                      : quoted(D.Name)) +
        " " + std::string(1, D.Letter) + (D.Royal ? " royal" : "");
    if (Lines.size() == 1) {
      Out += Head + " " + Lines[0] + "\n";
    } else {
      Out += Head + " {\n";
      for (const std::string &L : Lines)
        Out += "  " + L + "\n";
      Out += "}\n";
    }
  }
  return Out;
}

std::optional<std::string> fairy::writePiece(Compilation &C, WrittenIn Target) {
  // Written from the board-independent -O1 IR, like --emit=ir.
  const PieceMovement &M = C.notation();
  std::string Why;
  NodeRef Opt = C.optimized(M.IR, PassContext());
  auto Read = frontendOptionsFor(C.Inv, &C.Backend, *M.Notation, C.Diags);
  if (!Read)
    return std::nullopt;
  std::optional<std::string> Out =
      written(Opt, Target, Why, *Read, C.Inv.WriteBetza);
  const char *TargetName = Target == WrittenIn::Betza   ? "Betza"
                           : Target == WrittenIn::Fairy ? "fairy-notation"
                                                        : "Parlett";
  if (!Out) {
    C.Diags.error(C.Diags.loc(M.Buffer, 0),
                  std::string("cannot write this moveset in ") + TargetName +
                      ": " + Why);
    return std::nullopt;
  }
  return *Out + "\n";
}
