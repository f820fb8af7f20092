//===- PieceSet.cpp - A game's board and pieces ---------------------------===//
#include "fairy/PieceFile/PieceSet.h"

#include "fairy/IR/Builder.h"

#include "VariantsIniRules.h"

using namespace fairy;

NodeRef PieceDef::unconfinedMovesFor(Color Side) const {
  std::vector<NodeRef> Alternatives;
  for (const PieceMovement &M : Moves)
    if (appliesTo(M, Side))
      Alternatives.push_back(M.IR);
  return Alternatives.size() == 1 ? Alternatives[0] : ir::alt(Alternatives);
}

NodeRef PieceDef::movesFor(Color Side) const {
  NodeRef Moves = unconfinedMovesFor(Side);
  int Zone = ConfineZone[(int)Side];
  if (!Zone)
    return Moves;
  // Each move tested where it ends, as the import writes Fairy-Stockfish's
  // mobility regions.
  GuardPredicate G;
  G.K = GuardPredicate::Zone;
  G.ZoneId = Zone;
  return ir::seq({Moves, ir::guard(G, ir::seq({}))});
}

std::string PieceDef::describe(std::optional<Color> Side) const {
  std::string S;
  for (const PieceMovement &M : Moves) {
    if (Side && !appliesTo(M, *Side))
      continue;
    if (!S.empty())
      S += ", ";
    if (M.Side && !Side)
      S += *M.Side == Color::White ? "white " : "black ";
    S += std::string(M.Notation->Name) + " '" + M.Text + "'";
  }
  return S.empty() ? "no movement" : S;
}

void PieceSet::describeTo(Position &P) const {
  auto Table = std::make_shared<PieceTable>();
  std::string Royal;
  for (const PieceDef &D : Pieces) {
    for (Color Side : {Color::White, Color::Black})
      Table->define(Side, D.Letter, D.movesFor(Side));
    if (D.Royal)
      Royal += D.Letter;
  }
  P.Definitions = Table;
  for (const auto &[Id, Squares] : Zones)
    P.Zones[Id] = Squares;
  // A set that marks no piece royal keeps the default (kings).
  if (!Royal.empty())
    P.RoyalTypes = Royal;
}

const PieceDef *PieceSet::findByLetter(char Letter) const {
  for (const PieceDef &D : Pieces)
    if (D.Letter == Letter)
      return &D;
  return nullptr;
}

const GameRule *PieceSet::rule(llvm::StringRef Key) const {
  for (const GameRule &R : Rules)
    if (R.Key == Key)
      return &R;
  return nullptr;
}

void PieceSet::setRule(GameRule R) {
  for (GameRule &Old : Rules)
    if (Old.Key == R.Key) {
      Old = std::move(R);
      return;
    }
  Rules.push_back(std::move(R));
}

/// Keys of Fairy-Stockfish's that a piece file says in its own statements
/// or in its pieces' moves, which a variants-ini block must not state
/// again (the export would then play another game than fairyc's).
std::optional<std::string> fairy::ruleStatedByPieceFile(llvm::StringRef Key) {
  if (Key == "maxFile" || Key == "maxRank")
    return std::string("the board is stated by 'board'");
  if (Key == "startFen")
    return std::string("the start position is stated by 'start'");
  if (Key.startswith("promotionRegion") || Key == "promotionRank")
    return std::string("the promotion zone is stated by 'promotion'");
  if (Key.startswith("customPiece") || Key == "king" || Key == "pawn" ||
      Key.startswith("mobilityRegion") || Key.startswith("doubleStep") ||
      Key.startswith("tripleStep") || Key == "diagonalLines" ||
      Key == "soldierPromotionRank" || Key == "cambodianMoves")
    return std::string("the pieces and where they move are stated by "
                       "'piece' statements and their notation");
  return std::nullopt;
}

const std::map<std::string, std::string> &fairy::fairyStockfishPieceTypes() {
  return ini::predefinedPieces();
}
