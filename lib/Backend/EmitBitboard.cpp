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
#include "NotationTables.h"

#include "fairy/Backend/Bitboard.h"
#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/PieceViews.h"

#include <algorithm>

using namespace fairy;

namespace {

/// The start squares and promotion zones the file states, for headers.
BitboardRules rulesOf(const PieceSet &Set) {
  BitboardRules Rules;
  const Board &B = Set.board();
  if (Set.Start)
    for (const PieceDef &D : Set.Pieces) {
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
  return Rules;
}

std::optional<std::string> pieceSet(Compilation &C) {
  const PieceSet &Set = C.set();
  std::string Why, Notes;
  auto TableViews =
      tableViewsOf(C.Diags, Set, C.Inv.Side, C.Inv.OptLevel, Notes);
  if (!TableViews)
    return std::nullopt;
  const std::vector<PieceView> &Views = *TableViews;
  auto Emit = [&](const std::vector<PieceView> &Written,
                  std::vector<SkippedPiece> *Skipped) {
    std::vector<BitboardPiece> Pieces;
    for (const PieceView &V : Written) {
      // pawn_white and pawn_black are the family pawn; their unmoved
      // views the family pawn_initial.
      std::string Family;
      if (!V.BothSides && !C.Inv.Side)
        Family = V.Def->Identifier +
                 (V.Assumes == PieceView::Unmoved ? "_initial" : "");
      Pieces.push_back({V.Name, V.IR, V.Side, Family});
    }
    return emitBitboard(Pieces, Set.board(),
                        generatedBy("bitboard", Set, Written, C.source()) +
                            Notes,
                        Why, C.Inv.Index, rulesOf(Set), Skipped);
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
  auto Header = emitBitboard(T->Pieces, T->B, T->Comment, Why, C.Inv.Index);
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
    "--board --position --side --name --bitboard-index -fno-keep-going"};
