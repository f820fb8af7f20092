//===- EmitBitboard.cpp - --emit=bitboard ---------------------------------===//
//
// A C/C++ header of magic-bitboard (or PEXT) attack tables
// (docs/bitboards.md): of one notation's piece, of several files of one
// piece each, or of every view of a set, with the set's start squares and
// promotion zones. A view the header cannot hold is left out with a
// warning (keep-going) or fails the whole header.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "BitboardSet.h"
#include "NotationTables.h"

#include "fairy/Backend/Bitboard.h"
#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/PieceViews.h"

#include <algorithm>
#include <cctype>
#include <set>

using namespace fairy;

namespace {

/// The lower-case letters of rule \p Key (promotionPawnTypes, ...), or
/// nullopt when the set does not state it.
std::optional<std::string> ruleLetters(const PieceSet &Set, const char *Key) {
  const GameRule *R = Set.rule(Key);
  if (!R)
    return std::nullopt;
  return R->Value;
}

/// The pieces of \p Views for the index-based API, in the set's order: a
/// piece whose every view is written. \p SideSpecific: the pieces whose
/// White and Black moves differ.
std::vector<BitboardPieceInfo>
pieceInfos(const PieceSet &Set, const std::vector<PieceView> &Views,
           const std::set<const PieceDef *> &SideSpecific,
           const std::set<const PieceDef *> &Incomplete) {
  std::vector<BitboardPieceInfo> Infos;
  auto Promoting = ruleLetters(Set, "promotionPawnTypes");
  for (const PieceDef &D : Set.Pieces) {
    if (Incomplete.count(&D))
      continue;
    BitboardPieceInfo I;
    bool Any = false;
    for (const PieceView &V : Views) {
      if (V.Def != &D)
        continue;
      Any = true;
      for (int S : {0, 1}) {
        if (!V.BothSides && (int)V.Side != S)
          continue;
        if (V.Assumes != PieceView::Unmoved)
          I.Moves[S] = V.Name;
        if (V.Assumes != PieceView::Moved)
          I.Initial[S] = V.Name;
      }
    }
    if (!Any)
      continue;
    I.Identifier = D.Identifier;
    I.Name = D.Name;
    I.Letter = D.Letter;
    I.Royal = D.Royal;
    I.SideSpecific = SideSpecific.count(&D);
    // Without promotionPawnTypes, Fairy-Stockfish promotes its pawn type
    // (an imported section's; a piece file's promote statement states both).
    I.Promotes =
        Promoting
            ? Promoting->find((char)std::tolower((unsigned char)D.Letter)) !=
                  std::string::npos
            : Set.rule("promotionPieceTypes") && D.AsFairyStockfish &&
                  D.AsFairyStockfish->Type == "pawn";
    Infos.push_back(std::move(I));
  }
  return Infos;
}

} // namespace

/// The start squares and promotion zones the file states, the pieces of
/// \p Views and what pieces promote to, for headers.
BitboardRules
fairy::bitboardRulesOf(const PieceSet &Set, const std::vector<PieceView> &Views,
                       const std::set<const PieceDef *> &SideSpecific,
                       const std::set<const PieceDef *> &Incomplete) {
  BitboardRules Rules;
  const Board &B = Set.board();
  auto Written = [&](const PieceDef &D) {
    return std::any_of(Views.begin(), Views.end(),
                       [&](const PieceView &V) { return V.Def == &D; });
  };
  if (Set.Start)
    for (const PieceDef &D : Set.Pieces) {
      if (!Written(D))
        continue;
      std::array<SquareSet, 2> Squares = {SquareSet(B.numSquares()),
                                          SquareSet(B.numSquares())};
      for (unsigned S : B.squares().toVector()) {
        const Occupant &O = Set.Start->at(S);
        if (O.Present && O.Type == D.Letter)
          Squares[(int)O.Side].set(S);
      }
      Rules.Start.push_back({D.Identifier, Squares});
    }
  Rules.Zones = Set.Zones;
  if (Set.Promotion[0] || Set.Promotion[1])
    Rules.Promotion = {Set.Promotion[0].value_or(SquareSet(B.numSquares())),
                       Set.Promotion[1].value_or(SquareSet(B.numSquares()))};
  Rules.Pieces = pieceInfos(Set, Views, SideSpecific, Incomplete);
  if (auto Into = ruleLetters(Set, "promotionPieceTypes")) {
    // In the order the rule names them (Q R B N).
    Rules.PromotionTypes.emplace();
    for (char L : *Into)
      for (size_t I = 0; I < Rules.Pieces.size(); ++I)
        if (std::tolower((unsigned char)Rules.Pieces[I].Letter) ==
            std::tolower((unsigned char)L))
          Rules.PromotionTypes->push_back((int)I);
  }
  return Rules;
}

std::vector<BitboardPiece>
fairy::bitboardPieces(const std::vector<PieceView> &Views, bool Families) {
  std::vector<BitboardPiece> Pieces;
  for (const PieceView &V : Views) {
    // pawn_white and pawn_black are the family pawn; their unmoved views
    // the family pawn_initial.
    std::string Family;
    if (!V.BothSides && Families)
      Family = V.Def->Identifier +
               (V.Assumes == PieceView::Unmoved ? "_initial" : "");
    Pieces.push_back({V.Name, V.IR, V.Side, Family});
  }
  return Pieces;
}

namespace {

std::optional<std::string> pieceSet(Compilation &C) {
  const PieceSet &Set = C.set();
  std::string Why, Notes;
  auto AllViews = viewsOf(C.Diags, Set, C.Inv.Side, C.Inv.OptLevel);
  if (!AllViews)
    return std::nullopt;
  auto Chosen = onlyViews(C.Diags, *AllViews, C.Inv.Only);
  if (!Chosen)
    return std::nullopt;
  const std::vector<PieceView> Views =
      tableViews(Set, *Chosen, C.Inv.OptLevel, Notes);
  // fairy_pieces[].side_specific: a piece with a White and a Black view
  // (with --side, one whose moves for the two sides differ).
  std::set<const PieceDef *> SideSpecific, Incomplete;
  for (const PieceView &V :
       C.Inv.Side ? pieceViews(Set, std::nullopt, C.Inv.OptLevel) : *Chosen)
    if (!V.BothSides)
      SideSpecific.insert(V.Def);
  auto Emit = [&](const std::vector<PieceView> &Written,
                  std::vector<SkippedPiece> *Skipped) {
    BitboardRules Rules =
        bitboardRulesOf(Set, Written, SideSpecific, Incomplete);
    Rules.SameTypeParameter = true;
    return emitBitboard(bitboardPieces(Written, !C.Inv.Side), Set.board(),
                        generatedBy("bitboard", Set, Written, C.source()) +
                            Notes,
                        Why, C.Inv.Index, Rules, Skipped);
  };
  std::vector<SkippedPiece> Skipped;
  auto Header = Emit(Views, C.Inv.KeepGoing ? &Skipped : nullptr);
  if (Header && !Skipped.empty()) {
    // Once more without them, so that the header names only its pieces.
    std::vector<PieceView> Written;
    for (size_t I = 0; I < Views.size(); ++I)
      if (std::none_of(Skipped.begin(), Skipped.end(),
                       [&](const SkippedPiece &S) { return S.Index == I; }))
        Written.push_back(Views[I]);
      else // not in the index-based API
        Incomplete.insert(Views[I].Def);
    Header = Emit(Written, nullptr);
  }
  for (const SkippedPiece &S : Skipped)
    leftOut(C.Diags, *Views[S.Index].Def, Views[S.Index].Name,
            "the bitboard header", S.Why);
  if (!Header)
    C.Diags.error("cannot emit bitboard tables: " + Why);
  return Header;
}

std::optional<std::string> onePiece(Compilation &C) {
  auto T = notationTables(C);
  if (!T)
    return std::nullopt;
  std::string Why;
  BitboardRules Rules;
  Rules.SameTypeParameter = true;
  auto Header =
      emitBitboard(T->Pieces, T->B, T->Comment, Why, C.Inv.Index, Rules);
  if (!Header)
    C.Diags.error("cannot emit bitboard tables: " + Why);
  return Header;
}

} // namespace

const BackendInfo fairy::BitboardBackend = {
    "bitboard", "a C/C++ header of magic-bitboard attack tables",
    /*OnePiece=*/onePiece,
    /*RefusesOnePiece=*/nullptr,
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/nullptr,
    /*ManyInputs=*/true,
    /*ShowsOrigin=*/false,
    /*Options=*/
    "--board --position --side --name --bitboard-index --only -fno-keep-going"};
