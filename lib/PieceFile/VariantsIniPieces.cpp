//===- VariantsIniPieces.cpp - A section's rules in its pieces' IR --------===//
#include "VariantsIniPieces.h"

#include "fairy/IR/Builder.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cctype>

using namespace fairy;
using namespace fairy::ini;
using llvm::StringRef;

/// The squares of \p R on the set's board.
SquareSet PieceRules::onBoard(const Region &R, const Board &B) {
  SquareSet Out(B.numSquares());
  for (int Rank = 0; Rank < std::min(B.height(), RegionRanks); ++Rank)
    for (int File = 0; File < std::min(B.width(), RegionFiles); ++File)
      if (R.test(File + RegionFiles * Rank) && B.contains(Vec(File, Rank, 0)))
        Out.set(B.index(Vec(File, Rank, 0)));
  return Out;
}

/// The number of the set's zone holding \p R: one already made for the
/// same squares, else a new one.
int PieceRules::zone(PieceSet &Set, const Region &R) {
  SquareSet Squares = onBoard(R, Set.board());
  for (const auto &[Id, Zone] : Set.Zones)
    if (Zone == Squares)
      return Id;
  int Id = int(Set.Zones.size()) + 1;
  Set.Zones[Id] = std::move(Squares);
  return Id;
}

/// The diagonal moves a piece of \p P's type gains on janggi's palace
/// lines, as Betza (Fairy-Stockfish's Position::moves_from): a wazir (and
/// a king of type wazir) steps as a fers, a soldier as a pawn captures, a
/// rook rides as a bishop, a janggi cannon hops as a bishop would; or "".
std::string PieceRules::palaceDiagonals(const IniPiece &P) const {
  if (St->DiagonalLines.none())
    return "";
  StringRef MovesAs = P.Type == "king" ? St->KingType : P.Type;
  if (MovesAs == "wazir")
    return "F";
  if (MovesAs == "soldier")
    return "fF";
  if (MovesAs == "rook")
    return "B";
  if (MovesAs == "janggiCannon")
    return "pB";
  return "";
}

/// A janggi cannon's hops as Fairy-Stockfish makes them
/// (Position::moves_from): neither over nor onto another janggi cannon,
/// of either side -- the hurdle and the landing square may not hold a
/// piece of the mover's type.
NodeRef PieceRules::withoutCannonHurdles(NodeRef Moves) {
  GuardPredicate NotCannon;
  NotCannon.K = GuardPredicate::SameType;
  NotCannon.Negated = true;
  NodeRef Check = ir::guard(NotCannon, ir::seq({}));
  return rewriteBottomUp(Moves, [&](const NodeRef &N) {
    if (!N->is(NodeKind::Seq))
      return N;
    std::vector<NodeRef> Out;
    bool Hops = false;
    for (const NodeRef &C : N->children()) {
      Out.push_back(C);
      if (C->is(NodeKind::Leg) && C->land() == Land::occupied()) {
        Out.push_back(Check); // the hurdle
        Hops = true;
      }
    }
    if (!Hops)
      return N;
    Out.push_back(Check); // where it lands
    return ir::seq(Out);
  });
}

/// \p Betza parsed into the IR (fairyc's own strings, always valid).
NodeRef PieceRules::betzaIR(const std::string &Betza) {
  FrontendOptions FOpts;
  unsigned B = Diags->addBuffer(Betza, "<palace lines>");
  return findNotation("betza")->Parse(*Diags, B, FOpts);
}

/// White's moves of the rules for piece \p P (by side, from that side's
/// point of view), added to \p Moves: a pawn's double and triple steps
/// from their regions, a soldier's sideways steps from its promotion
/// rank, the palace lines' diagonals; then every move kept to the type's
/// mobility region.
NodeRef PieceRules::withRules(PieceSet &Set, const IniPiece &P, NodeRef Moves,
                              bool Black) {
  auto Zone = [&](const Region &R) {
    GuardPredicate G;
    G.K = GuardPredicate::Zone;
    G.ZoneId = zone(Set, R);
    return G;
  };
  auto Steps = [](int N) {
    std::vector<NodeRef> Legs;
    for (int I = 0; I < N; ++I)
      Legs.push_back(ir::leg(Vec(0, 1), Land::empty()));
    return ir::seq(Legs);
  };
  // Betza's 'i' is Fairy-Stockfish's "in the double-step region", not
  // "never moved" (Position::moves_from): the region's zone instead.
  if (usesGuard(*Moves, GuardPredicate::Initial)) {
    GuardPredicate InRegion =
        Zone(St->DoubleStep ? St->DoubleStepRegion[Black] : Region());
    Moves = rewriteBottomUp(Moves, [&](const NodeRef &N) {
      if (!N->is(NodeKind::Guard) || N->guard().K != GuardPredicate::Initial)
        return N;
      if (N->guard().Negated) {
        GuardPredicate Out = InRegion;
        Out.Negated = true;
        return ir::guard(Out, N->operand());
      }
      return ir::guard(InRegion, N->operand());
    });
  }
  std::vector<NodeRef> Parts = {Moves};
  if (P.Type == "pawn") {
    if (St->DoubleStep && St->DoubleStepRegion[Black].any())
      Parts.push_back(ir::guard(Zone(St->DoubleStepRegion[Black]), Steps(2)));
    if (St->TripleStepRegion[Black].any())
      Parts.push_back(ir::guard(Zone(St->TripleStepRegion[Black]), Steps(3)));
  }
  if (P.Type == "soldier" && St->SoldierPromotionRank > 1 && P.Betza == "fsW") {
    // Forward only until the promotion rank, then sideways too.
    Parts = {
        ir::leg(Vec(0, 1), Land::notFriend()),
        ir::guard(Zone(zoneFrom(St->SoldierPromotionRank, Black, St->Ranks)),
                  ir::alt({ir::leg(Vec(1, 0), Land::notFriend()),
                           ir::leg(Vec(-1, 0), Land::notFriend())}))};
  }
  if (St->CambodianMoves && (P.Type == "king" || P.Type == "fers")) {
    // Fairy-Stockfish gives them while the piece keeps its gate (the
    // start position's rights, lost when it moves): fairyc's "never
    // moved"; to an empty square, leaping.
    GuardPredicate Unmoved;
    Unmoved.K = GuardPredicate::Initial;
    NodeRef First = P.Type == "king"
                        ? ir::alt({ir::leg(Vec(2, 1), Land::empty()),
                                   ir::leg(Vec(-2, 1), Land::empty())})
                        : ir::leg(Vec(0, 2), Land::empty());
    Parts.push_back(ir::guard(Unmoved, First));
  }
  if (std::string Diagonals = palaceDiagonals(P); !Diagonals.empty()) {
    // From a square of the lines, along them, to a square of them (the
    // lines are squares of the board, tested where the path has come).
    GuardPredicate OnLines = Zone(St->DiagonalLines);
    Parts.push_back(ir::guard(
        OnLines,
        ir::seq({betzaIR(Diagonals), ir::guard(OnLines, ir::seq({}))})));
  }
  NodeRef Out = Parts.size() == 1 ? Parts[0] : ir::alt(Parts);
  if (P.Type == "janggiCannon")
    Out = withoutCannonHurdles(Out);
  if (const Region *Mobility = St->mobility(Black, P.Type)) {
    // Zones are squares of the board, tested where the path has come:
    // Black's region as given, though Black's moves are turned.
    const Region &R = *Mobility;
    Out = ir::seq({Out, ir::guard(Zone(R), ir::seq({}))});
  }
  return Out;
}

bool PieceRules::hasRules(const IniPiece &P, const Node &Moves) const {
  if (usesGuard(Moves, GuardPredicate::Initial))
    return true;
  for (int Black = 0; Black < 2; ++Black)
    if (St->mobility(Black, P.Type))
      return true;
  return (P.Type == "pawn" &&
          (St->DoubleStep || St->TripleStepRegion[0].any() ||
           St->TripleStepRegion[1].any())) ||
         (P.Type == "soldier" && St->SoldierPromotionRank > 1 &&
          P.Betza == "fsW") ||
         !palaceDiagonals(P).empty() || P.Type == "janggiCannon" ||
         (St->CambodianMoves && (P.Type == "king" || P.Type == "fers"));
}

/// The walls ('*') of the start position: squares Fairy-Stockfish's
/// pieces can neither stand on nor pass, holes of fairyc's board.
void PieceRules::removeWalls(Board &B) {
  StringRef Placement = St->startFen().split(' ').first;
  Placement = Placement.split('[').first;
  if (!Placement.contains('*'))
    return;
  llvm::SmallVector<StringRef, 12> Rows;
  Placement.split(Rows, '/');
  for (size_t Row = 0; Row < Rows.size(); ++Row) {
    int Rank = int(Rows.size()) - 1 - int(Row), File = 0;
    StringRef R = Rows[Row];
    for (size_t I = 0; I < R.size(); ++I) {
      if (std::isdigit((unsigned char)R[I])) {
        int N = 0;
        while (I < R.size() && std::isdigit((unsigned char)R[I]))
          N = std::min(N * 10 + (R[I++] - '0'), 1000);
        --I;
        File += N;
      } else if (R[I] == '*') {
        if (B.contains(Vec(File, Rank, 0)))
          B.removeSquare(B.index(Vec(File, Rank, 0)));
        ++File;
      } else if (std::isalpha((unsigned char)R[I])) {
        ++File;
      }
    }
  }
}
