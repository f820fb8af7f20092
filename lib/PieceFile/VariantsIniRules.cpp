//===- VariantsIniRules.cpp - What a variants.ini section leaves ----------===//
#include "VariantsIniRules.h"
#include "VariantsIniPieces.h"

#include "fairy/Eval/Board.h"

#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <cctype>
#include <optional>

using namespace fairy;
using namespace fairy::ini;
using llvm::StringRef;

const std::map<std::string, std::string> &ini::predefinedPieces() {
  static const std::map<std::string, std::string> Pieces = {
      {"pawn", "fmWfceF"},
      {"knight", "N"},
      {"bishop", "B"},
      {"rook", "R"},
      {"queen", "Q"},
      {"fers", "F"},
      {"alfil", "A"},
      {"fersAlfil", "FA"},
      {"silver", "FfW"},
      {"aiwok", "RNF"},
      {"bers", "RF"},
      {"archbishop", "BN"},
      {"chancellor", "RN"},
      {"amazon", "QN"},
      {"knibis", "mNcB"},
      {"biskni", "mBcN"},
      {"kniroo", "mNcR"},
      {"rookni", "mRcN"},
      {"shogiPawn", "fW"},
      {"lance", "fR"},
      {"shogiKnight", "fN"},
      {"gold", "WfF"},
      {"dragonHorse", "BW"},
      {"clobber", "cW"},
      {"breakthrough", "fmWfF"},
      {"immobile", ""},
      {"cannon", "mRcpR"},
      {"janggiCannon", "pR"},
      {"soldier", "fsW"},
      {"horse", "nN"},
      {"elephant", "nA"},
      {"janggiElephant", "nZ"},
      {"banner", "RcpRnN"},
      {"wazir", "W"},
      {"commoner", "K"},
      {"centaur", "KN"},
      {"king", "K"},
  };
  return Pieces;
}

Region ini::rankRegion(int Rank) {
  Region R;
  if (Rank >= 1 && Rank <= RegionRanks)
    for (int F = 0; F < RegionFiles; ++F)
      R.set(F + RegionFiles * (Rank - 1));
  return R;
}

namespace {

/// The region of \p Ranks for White, or their mirror on a board of
/// \p MaxRank ranks for Black.
Region ranksFor(const std::vector<int> &Ranks, bool Black, int MaxRank) {
  Region R;
  for (int Rank : Ranks)
    R |= rankRegion(Black ? MaxRank + 1 - Rank : Rank);
  return R;
}

/// Reads a Bitboard value as Fairy-Stockfish does: words "*3" (a rank),
/// "c*" (a file), "c3" (a square) or "-" (none).
std::optional<Region> parseRegion(StringRef V) {
  Region R;
  llvm::SmallVector<StringRef, 16> Words;
  V.split(Words, ' ', -1, false);
  for (StringRef W : Words) {
    if (W == "-")
      break;
    int N = 0;
    if (W.size() == 2 && W.back() == '*' && std::isalpha((unsigned char)W[0])) {
      int File = std::tolower((unsigned char)W[0]) - 'a';
      if (File >= RegionFiles)
        return std::nullopt;
      for (int Rank = 0; Rank < RegionRanks; ++Rank)
        R.set(File + RegionFiles * Rank);
    } else if (W.front() == '*' && !W.drop_front().getAsInteger(10, N)) {
      if (N < 1 || N > RegionRanks)
        return std::nullopt;
      R |= rankRegion(N);
    } else if (W.size() > 1 && std::isalpha((unsigned char)W[0]) &&
               !W.drop_front().getAsInteger(10, N)) {
      int File = std::tolower((unsigned char)W[0]) - 'a';
      if (N < 1 || N > RegionRanks || File >= RegionFiles)
        return std::nullopt;
      R.set(File + RegionFiles * (N - 1));
    } else {
      return std::nullopt;
    }
  }
  return R;
}

/// Rules that change where pieces go and that fairyc does not model: the
/// import warns when a section sets them. (Legality -- check, the flying
/// general, immobility -- and what a capture does besides are an engine's,
/// not movement: they are left alone like other game rules.)
bool isUnsupportedRule(StringRef Key) {
  return Key.startswith("enPassantRegion") ||
         Key.startswith("enPassantTypes") || Key == "sittuyinPromotion";
}

/// The board style of the built-in variants that start a family: their
/// descendants (manchu, kyotoshogi, ...) inherit it.
std::optional<BoardStyle> familyStyle(StringRef Name) {
  static const std::map<std::string, BoardStyle, std::less<>> Families = {
      {"minixiangqi", BoardStyle::Xiangqi}, {"xiangqi", BoardStyle::Xiangqi},
      {"janggi", BoardStyle::Janggi},       {"minishogi", BoardStyle::Shogi},
      {"dobutsu", BoardStyle::Shogi},       {"torishogi", BoardStyle::Shogi},
      {"yarishogi", BoardStyle::Shogi}};
  auto It = Families.find(Name);
  if (It == Families.end())
    return std::nullopt;
  return It->second;
}

[[noreturn]] void failAtValue(const Entry &E, const std::string &Msg) {
  throw Failure{E.Builtin, E.ValueBegin, E.ValueBegin + E.Value.size(), Msg};
}

Region region(const Entry &E) {
  auto R = parseRegion(E.Value);
  if (!R)
    failAtValue(E, "'" + E.Value.str() +
                       "' is not a region: words such as *3 (a rank), c* "
                       "(a file), c3 (a square), or -");
  return *R;
}

int rank(const Entry &E) {
  int N = 0;
  if (E.Value.getAsInteger(10, N) || N < 1 || N > RegionRanks)
    failAtValue(E, "'" + E.Value.str() + "' is not a rank (1 to 10)");
  return N;
}

int dimension(const Entry &E, bool File) {
  int N = 0;
  StringRef V(E.Value);
  if (File && V.size() == 1 && V[0] >= 'a' && V[0] <= 'z')
    N = V[0] - 'a' + 1;
  else if (V.getAsInteger(10, N))
    N = 0;
  if (N < 1 || N > Board::MaxSide)
    failAtValue(E,
                "'" + E.Value.str() + "' is not a number of " +
                    (File ? "files (a number or a letter: j is 10)" : "ranks"));
  return N;
}

} // namespace

std::optional<SquareSet> fairy::fairyStockfishRegion(llvm::StringRef Value,
                                                     const Board &B) {
  auto R = parseRegion(Value);
  if (!R)
    return std::nullopt;
  return PieceRules::onBoard(*R, B);
}

Region ini::zoneFrom(int Rank, bool Black, int MaxRank) {
  std::vector<int> Ranks;
  for (int R = Rank; R <= MaxRank; ++R)
    Ranks.push_back(R);
  return ranksFor(Ranks, Black, MaxRank);
}

StringRef RuleState::startFen() const {
  return StartFenFrom
             ? StartFenFrom->Value
             : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

const Region *RuleState::mobility(bool Black, StringRef Type) const {
  for (const MobilityNode *N = Mobility; N; N = N->Prev)
    if (N->Black == Black && N->Type == Type)
      return &N->R;
  return nullptr;
}

std::vector<const Entry *> RuleState::unsupported() const {
  std::vector<const Entry *> Out;
  for (const UnsupportedNode *N = Unsupported; N; N = N->Prev)
    Out.push_back(N->E);
  std::reverse(Out.begin(), Out.end());
  return Out;
}

std::vector<const Entry *> RuleState::carriedAll(StringRef Key) const {
  std::vector<const Entry *> Out;
  for (const UnsupportedNode *N = Carried; N; N = N->Prev)
    if (N->E->Key == Key)
      Out.push_back(N->E);
  std::reverse(Out.begin(), Out.end());
  return Out;
}

std::vector<const Entry *> RuleState::carried() const {
  std::vector<const Entry *> Out;
  llvm::StringSet<> Seen;
  for (const UnsupportedNode *N = Carried; N; N = N->Prev)
    if (Seen.insert(N->E->Key).second)
      Out.push_back(N->E);
  std::reverse(Out.begin(), Out.end());
  return Out;
}

void RuleState::applySection(const Section &S, RuleArena &A) {
  if (S.Builtin)
    if (auto F = familyStyle(S.Name))
      Style = *F;
  if (!S.Builtin && S.ParentSection && S.ParentSection->Builtin)
    BuiltinParent = &S.ParentRef;
  for (const Entry &E : S.Entries)
    apply(E, A);
  conclude();
}

/// As Fairy-Stockfish concludes each section: no double steps without
/// doubleStep, and none without a region.
void RuleState::conclude() {
  if (!DoubleStep)
    DoubleStepRegion[0] = DoubleStepRegion[1] = Region();
  if (DoubleStepRegion[0].none() && DoubleStepRegion[1].none())
    DoubleStep = false;
}

/// The rules of where pieces go; false for any other key.
bool RuleState::applyRule(const Entry &E, RuleArena &A) {
  StringRef K(E.Key);
  if (K == "startFen") {
    StartFenFrom = &E;
  } else if (K == "doubleStep") {
    DoubleStep = E.Value == "true" || E.Value == "1";
  } else if (K == "doubleStepRegionWhite" || K == "doubleStepRegionBlack") {
    DoubleStepRegion[K.endswith("Black")] = region(E);
  } else if (K == "tripleStepRegionWhite" || K == "tripleStepRegionBlack") {
    TripleStepRegion[K.endswith("Black")] = region(E);
  } else if (K == "promotionRegionWhite" || K == "promotionRegionBlack") {
    PromotionRegion[K.endswith("Black")] = region(E);
  } else if (K == "promotionRank") {
    int R = rank(E);
    for (int Black = 0; Black < 2; ++Black)
      PromotionRegion[Black] = zoneFrom(R, Black, Ranks);
  } else if (K == "doubleStepRank" || K == "doubleStepRankMin") {
    // The older keys: the ranks from doubleStepRankMin to doubleStepRank.
    (K == "doubleStepRank" ? DoubleStepRank : DoubleStepRankMin) = rank(E);
    std::vector<int> Between;
    for (int R = DoubleStepRankMin; R <= DoubleStepRank; ++R)
      Between.push_back(R);
    for (int Black = 0; Black < 2; ++Black)
      DoubleStepRegion[Black] = ranksFor(Between, Black, Ranks);
  } else if (K == "soldierPromotionRank") {
    SoldierPromotionRank = rank(E);
  } else if (K.startswith("mobilityRegionWhite") ||
             K.startswith("mobilityRegionBlack")) {
    bool Black = K.startswith("mobilityRegionBlack");
    std::string Type = K.drop_front(19).str();
    if (!Type.empty())
      Type[0] = std::tolower((unsigned char)Type[0]);
    Region R = region(E);
    Mobility = &A.Mobility.emplace_back(
        MobilityNode{Black, std::move(Type), R, Mobility});
  } else if (K == "cambodianMoves") {
    CambodianMoves = E.Value == "true" || E.Value == "1";
  } else if (K == "diagonalLines") {
    DiagonalLines = region(E);
  } else if (K == "freeDrops" && E.Builtin) {
    Uncarried = &A.Uncarried.emplace_back(UnsupportedNode{&E, Uncarried});
  } else if (K == "kingType" && E.Builtin) {
    KingType = E.Value;
    KingTypeFrom = &E;
    for (IniPiece &P : Pieces)
      if (P.Type == "king")
        P.Betza = predefinedPieces().at(KingType.str());
  } else if (isUnsupportedRule(K)) {
    if (E.Value != "false" && E.Value != "-" && !E.Value.empty())
      Unsupported =
          &A.Unsupported.emplace_back(UnsupportedNode{&E, Unsupported});
    Carried = &A.Carried.emplace_back(UnsupportedNode{&E, Carried});
  } else {
    return false;
  }
  return true;
}

void RuleState::setPiece(StringRef Type, char Letter, StringRef Betza,
                         const Entry &From) {
  // As in Fairy-Stockfish, a letter given to a piece type takes it from
  // the type that had it ("pawn = -" before "customPiece1 = p:..." is
  // optional).
  Pieces.erase(std::remove_if(Pieces.begin(), Pieces.end(),
                              [&](const IniPiece &P) {
                                return P.Type != Type &&
                                       std::tolower(P.Letter) ==
                                           std::tolower(Letter);
                              }),
               Pieces.end());
  for (IniPiece &P : Pieces)
    if (P.Type == Type) {
      P = {Type, Letter, Betza, &From};
      return;
    }
  Pieces.push_back({Type, Letter, Betza, &From});
}

void RuleState::apply(const Entry &E, RuleArena &A) {
  if (E.Key == "maxFile") {
    Files = dimension(E, true);
    return;
  }
  if (E.Key == "maxRank") {
    Ranks = dimension(E, false);
    return;
  }
  if (applyRule(E, A))
    return;
  bool Custom = E.Key.startswith("customPiece");
  auto Predefined = predefinedPieces().find(E.Key.str());
  if (!Custom && Predefined == predefinedPieces().end()) {
    // A game rule: carried as written, for an export to write back.
    Carried = &A.Carried.emplace_back(UnsupportedNode{&E, Carried});
    return;
  }
  if (E.Value == "-") {
    Pieces.erase(
        std::remove_if(Pieces.begin(), Pieces.end(),
                       [&](const IniPiece &P) { return P.Type == E.Key; }),
        Pieces.end());
    return;
  }
  StringRef V(E.Value);
  char Letter = V.empty() ? 0 : V[0];
  if (!std::isalpha((unsigned char)Letter) || (V.size() > 1 && V[1] != ':'))
    failAtValue(E, "'" + E.Value.str() + "' is not a piece letter" +
                       (Custom ? " with its Betza string, such as a:mRcpR"
                               : ", such as n, or a letter and a Betza "
                                 "string, such as k:KN"));
  if (E.Key == "king") {
    KingType = "king"; // moves as its Betza string, or as a king
    KingTypeFrom = nullptr;
  }
  if (V.size() > 1)
    setPiece(E.Key, Letter, V.drop_front(2), E);
  else if (Custom)
    failAtValue(E, "a custom piece needs its Betza string after the "
                   "letter, such as " +
                       E.Value.str() + ":mRcpR");
  else
    setPiece(E.Key, Letter, Predefined->second, E);
}
