//===- EmitMovegen.cpp - --emit=movegen -----------------------------------===//
//
// A variant's legal move generator in C (docs/engine-kit.md): the bitboard
// header's tables of every piece, and around them a position, FEN in and
// out, legal moves, make and unmake, and perft. This file reads the set
// into a movegen::Model -- which pieces' captures are leapers' and riders'
// (pins and check masks are then exact), where pieces take en passant,
// the promotion and castling rules the set states -- and reports the
// rules it leaves to the engine; MovegenWriter.cpp writes the C.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "BitboardSet.h"
#include "BitboardTables.h"
#include "MovegenModel.h"

#include "fairy/Backend/Bitboard.h"
#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/PieceViews.h"
#include "fairy/Eval/Evaluator.h"
#include "fairy/IR/Builder.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/Transforms/Pass.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <numeric>
#include <set>

using namespace fairy;
using namespace fairy::movegen;
using bitboard::Bits;

namespace {

/// Partial paths one square's relaxed moves may take to evaluate (a lion's
/// take hundreds): beyond it the square's answer is "any square", which
/// keeps the generator exact and slower, and a hostile moveset within the
/// budget of time every input has.
constexpr size_t RelaxedBudget = 20'000;

Bits bitsOf(const SquareSet &S) {
  Bits B = 0;
  for (unsigned W = 0; W < std::min<size_t>(S.numWords(), 2); ++W)
    B |= Bits(S.word(W)) << (64 * W);
  return B;
}

bool anyLeg(const Node &N, const std::function<bool(const Node &)> &Pred) {
  if (N.is(NodeKind::Leg))
    return Pred(N);
  for (const NodeRef &C : N.children())
    if (anyLeg(*C, Pred))
      return true;
  return false;
}

/// Whether some path of \p N may capture: a leg that may land on an enemy.
bool canCapture(const Node &N) {
  return anyLeg(N, [](const Node &L) {
    return (L.land().Mask & Land::Enemy) || L.effect() == Effect::Capture ||
           L.effect() == Effect::EnPassant;
  });
}

bool hasEffect(const Node &N, Effect E) {
  return anyLeg(N, [&](const Node &L) { return L.effect() == E; });
}

/// Whether a guard<initial> in \p N guards a part that may capture.
bool initialCaptures(const Node &N) {
  if (N.is(NodeKind::Guard) && N.guard().K == GuardPredicate::Initial &&
      canCapture(*N.operand()))
    return true;
  for (const NodeRef &C : N.children())
    if (initialCaptures(*C))
      return true;
  return false;
}

/// The vectors of a leaper part: one leg (under a symmetry) that lands on
/// an empty square or an enemy, with no effect.
std::optional<std::vector<Vec>> leaperVectors(const NodeRef &Part) {
  const Node *Body = Part.get();
  std::vector<Transform> Ts = {Transform::identity()};
  if (Body->is(NodeKind::Sym)) {
    Ts = Body->transforms().transforms();
    Body = Body->operand().get();
  }
  if (!Body->is(NodeKind::Leg) || Body->effect() != Effect::None ||
      (Body->land().Mask & Land::Friend))
    return std::nullopt;
  std::vector<Vec> Out;
  for (const Transform &T : Ts) {
    Vec V = T.apply(Body->vec());
    if (std::find(Out.begin(), Out.end(), V) == Out.end())
      Out.push_back(V);
  }
  return Out;
}

bool primitive(Vec D) {
  return std::gcd(std::gcd(std::abs(D.x), std::abs(D.y)), std::abs(D.z)) == 1;
}

/// How the capturing parts of one table view look to legality.
struct CaptureShape {
  bool Reversible = true; ///< leapers and riders only
  bool Primitive = true;  ///< riders step to neighbouring squares of a line
  /// Every part, capturing or not, moves as it captures (a rider, or a
  /// leaper landing on an empty square or an enemy): its destinations are
  /// its attacks less its own pieces.
  bool Plain = true;
  std::vector<bitboard::RiderShape> Riders;
  std::vector<Vec> Leaps;
  /// The capturing parts, one word each ("R 1 0 0", "L 1 2").
  std::set<std::string> Signature;
};

CaptureShape captureShape(const NodeRef &IR) {
  CaptureShape S;
  std::vector<NodeRef> Parts;
  bitboard::splitParts(IR, Parts);
  for (const NodeRef &P : Parts) {
    auto R = bitboard::riderShape(P);
    auto L = R ? std::nullopt : leaperVectors(P);
    const Node *Leg = P->is(NodeKind::Sym) ? P->operand().get() : P.get();
    S.Plain &= R || (L && Leg->land() == Land::notFriend());
    if (!canCapture(*P))
      continue;
    if (R) {
      for (Vec D : R->Dirs) {
        S.Primitive &= primitive(D);
        S.Signature.insert(fmt::format("R {} {} {}", D.x, D.y, R->MaxSteps));
      }
      S.Riders.push_back(*R);
    } else if (L) {
      S.Leaps.insert(S.Leaps.end(), L->begin(), L->end());
      for (Vec V : *L)
        S.Signature.insert(fmt::format("L {} {}", V.x, V.y));
    } else {
      S.Reversible = false;
    }
  }
  return S;
}

/// Per square, the squares from which \p S's riders and leapers of side
/// \p Side reach it on the empty board: their moves turned half round.
void reachFrom(const CaptureShape &S, const Board &B, Color Side,
               std::vector<Bits> &Riders, std::vector<Bits> &Leapers) {
  Color Other = Side == Color::White ? Color::Black : Color::White;
  Riders.assign(B.numSquares(), 0);
  Leapers.assign(B.numSquares(), 0);
  for (unsigned Q = 0; Q < B.numSquares(); ++Q) {
    if (!B.squares().test(Q))
      continue;
    for (const bitboard::RiderShape &R : S.Riders)
      for (const auto &Ray : bitboard::raysOf(R, B, Q, Other))
        for (unsigned F : Ray)
          Riders[Q] |= Bits(1) << F;
    Vec C = B.coord(Q);
    for (Vec V : S.Leaps) {
      // White's leaper on F reaches F + V; Black's reaches F - V.
      Vec F = Side == Color::White ? Vec(C.x - V.x, C.y - V.y, C.z - V.z)
                                   : Vec(C.x + V.x, C.y + V.y, C.z + V.z);
      if (B.contains(F))
        Leapers[Q] |= Bits(1) << B.index(F);
    }
  }
}

/// Where \p V's en passant moves land from each square (the squares they
/// pass to before taking the piece that moved last); empty if it has none.
std::vector<Bits> enPassantSquares(const PieceSet &Set, const PieceView &V,
                                   Color Side) {
  std::vector<NodeRef> Parts, Ep;
  bitboard::splitParts(V.IR, Parts);
  for (const NodeRef &P : Parts)
    if (hasEffect(*P, Effect::EnPassant))
      Ep.push_back(rewriteBottomUp(assumeGuard(P, GuardPredicate::Passed, true),
                                   [](const NodeRef &N) -> NodeRef {
                                     return N->is(NodeKind::Leg) &&
                                                    N->effect() ==
                                                        Effect::EnPassant
                                                ? ir::seq({})
                                                : N;
                                   }));
  if (Ep.empty())
    return {};
  const Board &B = Set.board();
  ReferenceEvaluator Eval(ir::alt(Ep));
  Position Empty(B);
  Empty.Zones = Set.Zones;
  std::vector<Bits> Out(B.numSquares(), 0);
  for (unsigned Q : B.squares().toVector()) {
    std::string Error;
    if (auto D = Eval.evaluate(Empty, Q, Side, Error))
      Out[Q] = bitsOf(D->all());
  }
  return Out;
}

/// \p N with every condition on the board dropped: legs land anywhere and
/// take nothing, guards other than zones hold, prioritised alternatives are
/// all tried. Every path of \p N under some occupancy is a path of the
/// result on the empty board.
NodeRef relaxed(const NodeRef &N) {
  return rewriteBottomUp(N, [](const NodeRef &X) -> NodeRef {
    switch (X->kind()) {
    case NodeKind::Leg:
      return ir::leg(X->vec(), Land::any());
    case NodeKind::Guard:
      return X->guard().K == GuardPredicate::Zone ? X : X->operand();
    case NodeKind::Ahead:
      return ir::seq({});
    case NodeKind::Prio:
      return ir::alt(X->children());
    default:
      return X;
    }
  });
}

/// Per square, the squares from which \p V's piece of side \p Side might
/// capture there: its relaxed moves turned round.
std::vector<Bits> maybeFrom(const PieceSet &Set, const PieceView &V,
                            Color Side) {
  const Board &B = Set.board();
  ReferenceEvaluator Eval(relaxed(V.IR), RelaxedBudget);
  Position Empty(B);
  Empty.Zones = Set.Zones;
  std::vector<Bits> Out(B.numSquares(), 0);
  for (unsigned F : B.squares().toVector()) {
    std::string Error;
    auto D = Eval.evaluate(Empty, F, Side, Error);
    SquareSet To = D ? D->all() : B.squares(); // unknown: any square
    for (unsigned Q : To.toVector())
      Out[Q] |= Bits(1) << F;
  }
  return Out;
}

/// The squares strictly between \p A and \p C on the line of their
/// primitive step, as the generated fairy_mg_between[][] holds them.
Bits between(const Board &B, unsigned A, unsigned C) {
  Vec From = B.coord(A), To = B.coord(C);
  int DX = To.x - From.x, DY = To.y - From.y;
  int G = std::gcd(std::abs(DX), std::abs(DY));
  Bits Out = 0;
  for (int K = 1; K < G; ++K) {
    Vec S(From.x + K * (DX / G), From.y + K * (DY / G), From.z);
    if (B.contains(S))
      Out |= Bits(1) << B.index(S);
  }
  return Out;
}

/// Per square q, the squares whose occupancy may decide whether \p V's piece
/// of side \p Side captures on q: those its relaxed paths to q pass over.
/// A move that neither leaves nor enters one of them, by a side not in
/// check, cannot expose its royal piece on q.
/// Sets \p Linear when every such square lies between the two squares on
/// the line of their primitive step (riders, hoppers, a lame leaper's
/// midpoint): then the squares between the piece and q are the ones.
std::vector<Bits> relevantTo(const PieceSet &Set, const PieceView &V,
                             Color Side, bool &Linear) {
  const Board &B = Set.board();
  ReferenceEvaluator Eval(relaxed(V.IR), RelaxedBudget);
  Position Empty(B);
  Empty.Zones = Set.Zones;
  std::vector<Bits> Out(B.numSquares(), 0);
  constexpr size_t Limit = RelaxedBudget;
  for (unsigned F : B.squares().toVector()) {
    std::string Error;
    auto Paths = Eval.paths(Empty, F, Side, Limit, Error);
    if (!Paths || Paths->size() >= Limit) {
      // Unknown: every square may matter everywhere.
      for (unsigned Q : B.squares().toVector())
        Out[Q] = ~Bits(0);
      return Out;
    }
    for (const std::vector<unsigned> &P : *Paths) {
      Bits Line = between(B, P.front(), P.back());
      for (size_t K = 1; K + 1 < P.size(); ++K) {
        Out[P.back()] |= Bits(1) << P[K];
        Linear &= (Line >> P[K]) & 1;
      }
    }
  }
  return Out;
}

/// A type whose captures are exactly those of other types together (a
/// queen's, a rook's and a bishop's) needs no lookup of its own for
/// attackers: it is counted with theirs. Only types that are not
/// themselves covered cover others.
void coverTypes(Model &M) {
  auto Subset = [](const std::set<std::string> &A,
                   const std::set<std::string> &B) {
    return std::includes(B.begin(), B.end(), A.begin(), A.end());
  };
  auto Usable = [&](const PieceType &T) {
    return T.Reversible && !T.Signature[0].empty() && !T.Signature[1].empty();
  };
  std::vector<bool> Atom(M.Types.size(), false);
  for (size_t T = 0; T < M.Types.size(); ++T)
    Atom[T] = Usable(M.Types[T]);
  // Smaller types first: a type's cover is made of types already final.
  std::vector<size_t> Order(M.Types.size());
  std::iota(Order.begin(), Order.end(), 0);
  auto Size = [&](size_t T) {
    return M.Types[T].Signature[0].size() + M.Types[T].Signature[1].size();
  };
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return Size(A) < Size(B); });
  for (size_t T : Order) {
    PieceType &P = M.Types[T];
    if (!Usable(P))
      continue;
    std::vector<int> By;
    std::array<std::set<std::string>, 2> Union;
    for (size_t U = 0; U < M.Types.size(); ++U) {
      const PieceType &Q = M.Types[U];
      if (U == T || !Atom[U] || !Subset(Q.Signature[0], P.Signature[0]) ||
          !Subset(Q.Signature[1], P.Signature[1]) ||
          (Q.Signature == P.Signature && U > T))
        continue;
      By.push_back(int(U));
      for (int S = 0; S < 2; ++S)
        Union[S].insert(Q.Signature[S].begin(), Q.Signature[S].end());
    }
    if (By.empty() || Union != P.Signature)
      continue;
    P.CoveredBy = By;
    Atom[T] = false;
  }
}

/// The set's pieces named by the letters of \p Value (lower case).
std::vector<int> typesOf(const PieceSet &Set, const std::string &Value) {
  std::vector<int> Out;
  for (char C : Value)
    for (size_t T = 0; T < Set.Pieces.size(); ++T)
      if (Set.Pieces[T].Letter == std::toupper((unsigned char)C))
        Out.push_back(int(T));
  return Out;
}

/// The set's pieces that Fairy-Stockfish knows as \p FsfType (an import's).
std::vector<int> typesNamed(const PieceSet &Set, const std::string &FsfType) {
  std::vector<int> Out;
  for (size_t T = 0; T < Set.Pieces.size(); ++T)
    if (Set.Pieces[T].AsFairyStockfish &&
        Set.Pieces[T].AsFairyStockfish->Type == FsfType)
      Out.push_back(int(T));
  return Out;
}

/// The rules a move generator makes: the rest are reported, and left to
/// the engine.
const std::set<std::string> &generatedRules() {
  static const std::set<std::string> Keys = {
      "startFen",
      "maxFile",
      "maxRank",
      "castling",
      "castlingKingPiece",
      "castlingRookPieces",
      "castlingRookPiece",
      "castlingKingsideFile",
      "castlingQueensideFile",
      "castlingRank",
      "chess960",
      "promotionPawnTypes",
      "promotionPawnType",
      "promotionPieceTypes",
      "mandatoryPawnPromotion",
      "promotionRegionWhite",
      "promotionRegionBlack",
      "promotionRank",
      "doubleStep",
      "doubleStepRegionWhite",
      "doubleStepRegionBlack",
      "tripleStepRegionWhite",
      "tripleStepRegionBlack",
      "enPassantRegion",
      "enPassantRegionWhite",
      "enPassantRegionBlack",
      "enPassantTypes",
      "flyingGeneral",
      "mustCapture",
      "pass",
      "diagonalLines",
      "checking",
      "soldierPromotionRank",
      "pieceToCharTable",
      "variantTemplate",
  };
  return Keys;
}

bool isMobilityRegion(const std::string &Key) {
  return Key.rfind("mobilityRegion", 0) == 0;
}

/// Whether \p R switches something off: nothing to generate.
bool switchedOff(const GameRule &R) {
  return R.Value == "false" || R.Value == "-" || R.Value == "none" ||
         R.Value == "0" || R.Value.empty();
}

void reportRulesLeft(DiagnosticEngine &Diags, const PieceSet &Set) {
  auto Left = [&](const GameRule &R) {
    std::string Msg = "--emit=movegen does not generate the rule '" + R.Key +
                      " = " + R.Value + "'; the engine must apply it";
    if (R.Range.isValid())
      Diags.warning(Warning::RuleNotGenerated, R.Range.Start, Msg, {R.Range});
    else
      Diags.warning(Warning::RuleNotGenerated, Msg);
  };
  for (const GameRule &R : Set.Rules)
    if (!generatedRules().count(R.Key) && !isMobilityRegion(R.Key) &&
        !switchedOff(R))
      Left(R);
  for (const GameRule &R : Set.Uncarried)
    Left(R);
  // Passing is generated; the end of the game it brings is not.
  if (const GameRule *Pass = Set.rule("pass"); Pass && Pass->Value == "true")
    Left(GameRule{"pass",
                  "true (the game ends when both sides pass in a "
                  "row)",
                  Pass->Range});
}

/// The game rules the generator makes: promotion, castling, flying
/// generals. Fairy-Stockfish's defaults hold for an imported section.
void readRules(const PieceSet &Set, Model &M) {
  auto Rule = [&](const char *Key) -> std::string {
    const GameRule *R = Set.rule(Key);
    return R ? R->Value : std::string();
  };
  auto Flag = [&](const char *Key, bool Default) {
    const GameRule *R = Set.rule(Key);
    return R ? R->Value == "true" : Default;
  };
  // Promotion.
  std::vector<int> Pawns =
      typesOf(Set, Rule("promotionPawnTypes") + Rule("promotionPawnType"));
  if (Pawns.empty() && Set.Imported && !Set.rule("promotionPawnTypes"))
    Pawns = typesNamed(Set, "pawn");
  M.PromotionChoices = typesOf(Set, Rule("promotionPieceTypes"));
  M.MandatoryPromotion = Flag("mandatoryPawnPromotion", true);
  for (int S = 0; S < 2; ++S)
    if (Set.Promotion[S])
      M.PromotionZone[S] = bitsOf(*Set.Promotion[S]);
  if (!M.PromotionChoices.empty())
    for (int T : Pawns)
      M.Types[T].Promotes = true;
  // Castling.
  if (Flag("castling", Set.Imported)) {
    std::vector<int> Kings = typesOf(Set, Rule("castlingKingPiece"));
    if (Kings.empty())
      for (size_t T = 0; T < Set.Pieces.size(); ++T)
        if (Set.Pieces[T].Royal) {
          Kings.push_back(int(T));
          break;
        }
    M.CastlingRooks =
        typesOf(Set, Rule("castlingRookPieces") + Rule("castlingRookPiece"));
    if (M.CastlingRooks.empty() && Set.Imported)
      M.CastlingRooks = typesNamed(Set, "rook");
    if (!Kings.empty() && !M.CastlingRooks.empty())
      M.CastlingKing = Kings.front();
    std::string KF = Rule("castlingKingsideFile"),
                QF = Rule("castlingQueensideFile");
    if (KF.size() == 1 && KF[0] >= 'a')
      M.KingsideFile = KF[0] - 'a';
    if (QF.size() == 1 && QF[0] >= 'a')
      M.QueensideFile = QF[0] - 'a';
  }
  M.FlyingGeneral = Flag("flyingGeneral", false);
  // Where each side may take en passant (Fairy-Stockfish keeps a pawn's
  // passed squares there only).
  for (const char *Key :
       {"enPassantRegion", "enPassantRegionWhite", "enPassantRegionBlack"})
    if (const GameRule *R = Set.rule(Key))
      if (auto Squares = fairyStockfishRegion(R->Value, Set.board()))
        for (int S = 0; S < 2; ++S)
          if (Key[15] == 0 || (S == 0) == (Key[15] == 'W'))
            M.EnPassantRegion[S] = bitsOf(*Squares);
  M.MustCapture = Flag("mustCapture", false);
  M.Checking = Flag("checking", true);
  M.Pass = Flag("pass", false);
}

std::optional<std::string> pieceSet(Compilation &C) {
  const PieceSet &Set = C.set();
  const Board &B = Set.board();
  if (B.depth() > 1 || B.numSquares() > 128 || B.width() > 26) {
    C.Diags.error(Set.BoardRange.isValid() ? Set.BoardRange.Start
                                           : llvm::SMLoc(),
                  "--emit=movegen generates boards of up to 128 squares in "
                  "two dimensions (this one is " +
                      B.str() + ")");
    return std::nullopt;
  }
  if (C.Inv.Side) {
    C.Diags.error("--emit=movegen generates both sides' moves; --side "
                  "does not apply");
    return std::nullopt;
  }
  std::string Notes;
  auto Views = viewsOf(C.Diags, Set, std::nullopt, C.Inv.OptLevel);
  if (!Views)
    return std::nullopt;
  std::vector<PieceView> Table = tableViews(Set, *Views, C.Inv.OptLevel, Notes);

  Model M(B);
  for (const PieceDef &D : Set.Pieces) {
    PieceType T;
    T.Name = D.Name;
    T.Identifier = D.Identifier;
    T.Letter = D.Letter;
    T.Royal = D.Royal;
    M.Types.push_back(T);
  }
  auto TypeOf = [&](const PieceView &V) {
    return int(V.Def - Set.Pieces.data());
  };
  // Moves the tables cannot hold make the generator wrong: refused here,
  // located at the piece.
  bool Refused = false;
  for (const PieceView &V : *Views) {
    if (!hasEffect(*V.IR, Effect::Promote))
      continue;
    C.Diags.error(V.Def->NameRange.Start,
                  "piece '" + V.Def->Name +
                      "' promotes within its move; write promotion as the "
                      "game's rule (promote P to Q;)",
                  {V.Def->NameRange});
    Refused = true;
  }
  // Moves that capture on the way leave the tables for paths of their own.
  for (PieceView &V : Table) {
    std::vector<NodeRef> Parts, Plain, Locust;
    bitboard::splitParts(V.IR, Parts);
    for (const NodeRef &P : Parts)
      (hasEffect(*P, Effect::Capture) ? Locust : Plain).push_back(P);
    if (Locust.empty())
      continue;
    V.IR = ir::alt(Plain);
    if (V.Assumes == PieceView::Unmoved)
      continue; // the same paths as the moved piece's view
    PieceType &T = M.Types[TypeOf(V)];
    for (int S = 0; S < 2; ++S) {
      if (!V.BothSides && int(V.Side) != S)
        continue;
      std::string Why;
      if (!locustPaths(Locust, B, Color(S), Set.Zones, T.Locust[S], Why)) {
        C.Diags.error(V.Def->NameRange.Start,
                      "piece '" + V.Def->Name +
                          "' captures on the way in a way --emit=movegen "
                          "cannot list: " +
                          Why,
                      {V.Def->NameRange});
        Refused = true;
        break;
      }
    }
  }
  if (Refused)
    return std::nullopt;

  bool Fast = true;
  for (const PieceView &V : Table) {
    PieceType &T = M.Types[TypeOf(V)];
    T.SideSpecific |= !V.BothSides;
    T.SameType |= usesGuard(*V.IR, GuardPredicate::SameType);
    for (int S = 0; S < 2; ++S) {
      if (!V.BothSides && int(V.Side) != S)
        continue;
      (V.Assumes == PieceView::Unmoved ? T.Unmoved : T.Moved)[S] = V.Name;
    }
  }
  for (const PieceView &V : *Views) {
    int TI = TypeOf(V);
    PieceType &T = M.Types[TI];
    for (int S = 0; S < 2; ++S) {
      if (!V.BothSides && int(V.Side) != S)
        continue;
      auto Ep = enPassantSquares(Set, V, Color(S));
      if (!Ep.empty())
        T.EnPassant[S] = Ep;
    }
    // Fairy-Stockfish's en passant types: pawns (an imported section's
    // pawn, whose double step is a zone's, or the pieces enPassantTypes
    // names), and in a piece file the pieces with initial moves.
    if (!T.Royal &&
        (usesGuard(*V.IR, GuardPredicate::Initial) ||
         (V.Def->AsFairyStockfish && V.Def->AsFairyStockfish->Type == "pawn")))
      T.MakesEnPassant = true;
  }
  for (size_t TI = 0; TI < M.Types.size(); ++TI) {
    PieceType &T = M.Types[TI];
    bool Reversible = true;
    for (const PieceView &V : Table) {
      if (TypeOf(V) != int(TI) || V.Assumes == PieceView::Unmoved)
        continue;
      CaptureShape Shape = captureShape(V.IR);
      Reversible &= Shape.Reversible;
      for (int S = 0; S < 2; ++S)
        if (V.BothSides || int(V.Side) == S) {
          T.Signature[S] = Shape.Signature;
          T.Plain[S] = Shape.Plain && T.Unmoved[S].empty();
        }
      if (!Shape.Primitive) {
        Fast = false;
        M.WhyNotFast = T.Name + " rides with steps over squares";
      }
      for (int S = 0; S < 2; ++S)
        if (V.BothSides || int(V.Side) == S)
          reachFrom(Shape, B, Color(S), T.RiderFrom[S], T.LeaperFrom[S]);
    }
    for (const PieceView &V : *Views)
      if (TypeOf(V) == int(TI) && initialCaptures(*V.IR))
        Reversible = false;
    T.Reversible = Reversible;
    if (!Reversible)
      for (const PieceView &V : *Views)
        if (TypeOf(V) == int(TI))
          for (int S = 0; S < 2; ++S)
            if (V.BothSides || int(V.Side) == S)
              T.MaybeFrom[S] = maybeFrom(Set, V, Color(S));
    if (!Reversible) {
      Fast = false;
      M.WhyNotFast = T.Name + " captures other than a leaper or a rider";
    }
  }
  if (const GameRule *R = Set.rule("enPassantTypes"))
    for (PieceType &T : M.Types)
      T.MakesEnPassant =
          R->Value.find(char(std::tolower((unsigned char)T.Letter))) !=
          std::string::npos;
  coverTypes(M);
  readRules(Set, M);
  for (const PieceType &T : M.Types)
    if (T.hasLocust()) {
      Fast = false;
      M.WhyNotFast = T.Name + " captures on the way";
    }
  if (M.FlyingGeneral) {
    Fast = false;
    M.WhyNotFast = "flying generals";
  }
  if (!M.Checking) {
    Fast = false;
    M.WhyNotFast = "a move may not give check";
  }
  M.Fast = Fast;
  if (!Fast)
    for (size_t TI = 0; TI < M.Types.size(); ++TI) {
      PieceType &T = M.Types[TI];
      T.Linear = !(T.Royal && M.FlyingGeneral);
      for (const PieceView &V : *Views)
        if (TypeOf(V) == int(TI))
          for (int S = 0; S < 2; ++S)
            if (V.BothSides || int(V.Side) == S) {
              T.RelevantTo[S] = relevantTo(Set, V, Color(S), T.Linear);
              if (T.MaybeFrom[S].empty())
                T.MaybeFrom[S] = maybeFrom(Set, V, Color(S));
            }
      if (!(T.Royal && M.FlyingGeneral))
        continue;
      // Generals face each other along a file.
      for (int S = 0; S < 2; ++S)
        for (unsigned Q = 0; Q < B.numSquares(); ++Q)
          for (unsigned R = Q % B.width(); R < B.numSquares(); R += B.width())
            T.RelevantTo[S][Q] |= Bits(1) << R;
    }

  // Start squares: a piece on its start square has not moved.
  M.Start.assign(M.Types.size(), {Bits(0), Bits(0)});
  if (Set.Start) {
    M.HasStart = true;
    for (unsigned S : B.squares().toVector()) {
      const Occupant &O = Set.Start->at(S);
      if (!O.Present)
        continue;
      if (const PieceDef *D = Set.findByLetter(O.Type))
        M.Start[D - Set.Pieces.data()][(int)O.Side] |= Bits(1) << S;
    }
    M.StartFEN = Set.StartFEN;
  }

  // The tables: every view, or no generator; with the piece table and
  // promotion types of --emit=bitboard's header.
  std::set<const PieceDef *> SideSpecific;
  for (const PieceView &V : *Views)
    if (!V.BothSides)
      SideSpecific.insert(V.Def);
  BitboardRules Rules = bitboardRulesOf(Set, Table, SideSpecific, {});
  Rules.SameTypeParameter = true;
  std::string Why;
  M.Comment = generatedBy("movegen", Set, Table, C.source()) + Notes;
  auto Header = emitBitboard(bitboardPieces(Table, true), B, M.Comment, Why,
                             C.Inv.Index, Rules);
  if (!Header) {
    C.Diags.error("cannot emit a move generator: " + Why);
    return std::nullopt;
  }
  M.Tables = *Header;
  reportRulesLeft(C.Diags, Set);
  return writeMovegen(M);
}

} // namespace

const BackendInfo fairy::MovegenBackend = {
    "movegen",
    "a variant's legal move generator in C: position, FEN, make/unmake, "
    "perft",
    /*OnePiece=*/nullptr,
    /*RefusesOnePiece=*/
    "--emit=movegen generates a game's move generator: give a piece file "
    "or a variant (--variant, --import)",
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/nullptr,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"--bitboard-index"};
