//===- FairyStockfishKeys.cpp - The keys Fairy-Stockfish reads ------------===//
//
// The table is Fairy-Stockfish's VariantParser::parse (src/parser.cpp) in
// its own order, written as lists: a key it looks up with config.find or
// parse_attribute is here, and nothing else. Its piece types are those of
// src/piece.cpp (PieceMap::init) with up to 25 custom pieces (its 26th
// custom slot is the custom king's, set by "king = k:BETZA", never by a
// key of its own) and the king.
//
//===----------------------------------------------------------------------===//
#include "FairyStockfishKeys.h"

#include "fairy/PieceFile/PieceSet.h"

#include "fairy/Support/Suggest.h"

#include "llvm/ADT/StringSet.h"

#include <cctype>

using namespace fairy;
using llvm::StringRef;

namespace {

/// Fairy-Stockfish's piece types by their names in a section
/// (piece_name), in PieceType order; the custom pieces and the king are
/// added after them.
const char *const PredefinedTypes[] = {
    "pawn",         "knight",   "bishop",      "rook",
    "queen",        "fers",     "alfil",       "fersAlfil",
    "silver",       "aiwok",    "bers",        "archbishop",
    "chancellor",   "amazon",   "knibis",      "biskni",
    "kniroo",       "rookni",   "shogiPawn",   "lance",
    "shogiKnight",  "gold",     "dragonHorse", "clobber",
    "breakthrough", "immobile", "cannon",      "janggiCannon",
    "soldier",      "horse",    "elephant",    "janggiElephant",
    "banner",       "wazir",    "commoner",    "centaur"};
constexpr int CustomPieces = 25;

/// The rules, in the order the parser reads them after the pieces: piece
/// values, the deprecated keys (read for older files), the aliases, then
/// the documented options.
const char *const RuleKeys[] = {
    // Piece values.
    "pieceValueMg", "pieceValueEg",
    // Deprecated, still read.
    "promotionRank", "doubleStepRank", "doubleStepRankMin", "whiteFlag",
    "blackFlag", "castlingRookPiece", "whiteDropRegion", "blackDropRegion",
    "dropOnTop",
    // Aliases.
    "pawnTypes",
    // The board, the start and promotion.
    "variantTemplate", "pieceToCharTable", "pocketSize", "chess960",
    "twoBoards", "startFen", "promotionRegionWhite", "promotionRegionBlack",
    "promotionPawnTypes", "promotionPawnTypesWhite", "promotionPawnTypesBlack",
    "promotionPieceTypes", "promotionPieceTypesWhite",
    "promotionPieceTypesBlack", "sittuyinPromotion", "promotionLimit",
    "promotedPieceType", "piecePromotionOnCapture", "mandatoryPawnPromotion",
    "mandatoryPiecePromotion", "pieceDemotion",
    // Captures.
    "blastOnCapture", "blastImmuneTypes", "mutuallyImmuneTypes",
    "petrifyOnCaptureTypes", "petrifyBlastPieces",
    // Pawn steps and en passant.
    "doubleStep", "doubleStepRegionWhite", "doubleStepRegionBlack",
    "tripleStepRegionWhite", "tripleStepRegionBlack", "enPassantRegion",
    "enPassantRegionWhite", "enPassantRegionBlack", "enPassantTypes",
    "enPassantTypesWhite", "enPassantTypesBlack",
    // Castling.
    "castling", "castlingDroppedPiece", "castlingKingsideFile",
    "castlingQueensideFile", "castlingRank", "castlingKingFile",
    "castlingKingPiece", "castlingKingPieceWhite", "castlingKingPieceBlack",
    "castlingRookKingsideFile", "castlingRookQueensideFile",
    "castlingRookPieces", "castlingRookPiecesWhite", "castlingRookPiecesBlack",
    "oppositeCastling",
    // Checks, drops, gating, walls and passing.
    "checking", "dropChecks", "mustCapture", "mustDrop", "mustDropType",
    "pieceDrops", "dropLoop", "capturesToHand", "firstRankPawnDrops",
    "promotionZonePawnDrops", "enclosingDrop", "enclosingDropStart",
    "dropRegionWhite", "dropRegionBlack", "sittuyinRookDrop",
    "dropOppositeColoredBishop", "dropPromoted", "dropNoDoubled",
    "dropNoDoubledCount", "immobilityIllegal", "gating", "wallingRule",
    "wallingRegionWhite", "wallingRegionBlack", "wallingRegion", "wallOrMove",
    "seirawanGating", "cambodianMoves", "diagonalLines", "pass", "passWhite",
    "passBlack", "passOnStalemate", "passOnStalemateWhite",
    "passOnStalemateBlack", "makpongRule", "flyingGeneral",
    "soldierPromotionRank", "flipEnclosedPieces",
    // The end of the game.
    "nMoveRuleTypes", "nMoveRuleTypesWhite", "nMoveRuleTypesBlack", "nMoveRule",
    "nFoldRule", "nFoldValue", "nFoldValueAbsolute", "perpetualCheckIllegal",
    "moveRepetitionIllegal", "chasingRule", "stalemateValue",
    "stalematePieceCount", "checkmateValue", "shogiPawnDropMateIllegal",
    "shatarMateRule", "bikjangRule", "extinctionValue", "extinctionClaim",
    "extinctionPseudoRoyal", "dupleCheck", "extinctionPieceTypes",
    "extinctionPieceCount", "extinctionOpponentPieceCount", "flagPiece",
    "flagPieceWhite", "flagPieceBlack", "flagRegion", "flagRegionWhite",
    "flagRegionBlack", "flagPieceCount", "flagPieceBlockedWin", "flagMove",
    "flagPieceSafe", "checkCounting", "connectN", "connectPieceTypes",
    "connectHorizontal", "connectVertical", "connectDiagonal",
    "connectRegion1White", "connectRegion2White", "connectRegion1Black",
    "connectRegion2Black", "connectNxN", "collinearN", "connectValue",
    "materialCounting", "adjudicateFullBoard", "countingRule", "castlingWins"};

std::vector<std::string> makeKeys() {
  std::vector<std::string> Types(std::begin(PredefinedTypes),
                                 std::end(PredefinedTypes));
  for (int I = 1; I <= CustomPieces; ++I)
    Types.push_back("customPiece" + std::to_string(I));
  Types.push_back("king");
  std::vector<std::string> Keys = {"maxRank", "maxFile"};
  // Each type's letter, then its mobility regions.
  for (const std::string &T : Types) {
    Keys.push_back(T);
    std::string Capitalized = T;
    Capitalized[0] = char(std::toupper((unsigned char)T[0]));
    for (const char *Side : {"White", "Black"})
      Keys.push_back(std::string("mobilityRegion") + Side + Capitalized);
  }
  Keys.insert(Keys.end(), std::begin(RuleKeys), std::end(RuleKeys));
  return Keys;
}

} // namespace

const std::vector<std::string> &ini::fairyStockfishKeys() {
  static const std::vector<std::string> Keys = makeKeys();
  return Keys;
}

const std::vector<std::string> &fairy::fairyStockfishKeyNames() {
  return ini::fairyStockfishKeys();
}

bool ini::isFairyStockfishKey(StringRef Key) {
  static const llvm::StringSet<> Set = [] {
    llvm::StringSet<> S;
    for (const std::string &K : fairyStockfishKeys())
      S.insert(K);
    return S;
  }();
  return Set.count(Key) != 0;
}

void ini::warnUnknownKey(DiagnosticEngine &Diags, StringRef Key,
                         llvm::SMRange Range) {
  TypoCorrector Typo(Key, /*PartsCount=*/false);
  for (const std::string &K : fairyStockfishKeys())
    Typo.add(K);
  std::string Similar;
  for (const std::string &K : Typo.nearest())
    Similar += (Similar.empty() ? "'" : ", '") + K + "'";
  std::vector<llvm::SMFixIt> Fix;
  if (Typo.nearest().size() == 1)
    Fix.emplace_back(Range, Typo.nearest().front());
  Diags.warning(
      Warning::UnknownKey, Range.Start,
      "Fairy-Stockfish reads no key '" + Key.str() + "' and ignores this line" +
          (Similar.empty() ? std::string() : "; did you mean " + Similar + "?"),
      {Range}, Fix);
}
