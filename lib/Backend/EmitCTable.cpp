//===- EmitCTable.cpp - --emit=ctable -------------------------------------===//
//
// C arrays of leaps and rays for mailbox engines (docs/backends.md): of one
// notation's piece, or of every view of a set that a mailbox pattern can
// hold (the others left out with a warning, or failing the whole output).
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "NotationTables.h"

#include "fairy/Backend/CTable.h"
#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/PieceViews.h"

using namespace fairy;

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
  std::vector<std::pair<PieceView, MailboxPattern>> Written;
  for (const PieceView &V : Views) {
    auto Pattern = mailboxPattern(*V.IR, Why);
    if (!Pattern && C.Inv.KeepGoing) {
      leftOut(C.Diags, *V.Def, V.Name, "the C tables", Why);
      continue;
    }
    if (!Pattern) {
      C.Diags.error(V.Def->NameRange.Start,
                    "cannot emit a C table for '" + V.Def->Name + "': " + Why,
                    {V.Def->NameRange});
      return std::nullopt;
    }
    Written.push_back({V, *Pattern});
  }
  if (Written.empty()) {
    C.Diags.error("cannot emit C tables: no piece of the set can be written "
                  "as one");
    return std::nullopt;
  }
  std::vector<PieceView> Names;
  for (const auto &W : Written)
    Names.push_back(W.first);
  std::string Out;
  for (const auto &[V, Pattern] : Written)
    Out += (Out.empty() ? "" : "\n") +
           emitCTable(Pattern, Set.board(), V.Side, V.Name,
                      generatedBy("ctable", Set, Names, C.source()) + Notes);
  return Out;
}

std::optional<std::string> onePiece(Compilation &C) {
  auto T = notationTables(C);
  if (!T)
    return std::nullopt;
  std::string Why;
  const BitboardPiece &P = T->Pieces[0];
  auto Pattern = mailboxPattern(*P.IR, Why);
  if (!Pattern) {
    C.Diags.error("cannot emit a C table: " + Why);
    return std::nullopt;
  }
  return emitCTable(*Pattern, T->B, C.side(), P.Name, T->Comment);
}

} // namespace

const BackendInfo fairy::CTableBackend = {
    "ctable",
    "C arrays of leaps and rays for mailbox engines",
    /*OnePiece=*/onePiece,
    /*RefusesOnePiece=*/nullptr,
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/nullptr,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"--board --position --side --name --only -fno-keep-going"};
