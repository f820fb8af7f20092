//===- VariantsIni.cpp - Fairy-Stockfish's variants.ini as a PieceSet -----===//
//
// A variants.ini section ([name] or [name:parent]) gives a variant's rules
// as key = value lines. What decides how pieces move is read:
//   maxFile, maxRank              the board (a file may be a letter: j = 10)
//   <piece type> = x              one of Fairy-Stockfish's predefined piece
//                                 types under the letter x ("-" removes it)
//   king = k:KN                   a predefined type with its own Betza
//   customPieceN = x:<betza>      a piece of its own
// and the rules that change where pieces go, as guards on zones:
//   doubleStep, doubleStepRegionWhite/Black, tripleStepRegionWhite/Black
//                                 the pawn's double and triple steps
//   mobilityRegion<Side><Type>    where a piece type may move to
//   soldierPromotionRank          where a soldier starts to move sideways
// and, for positions and engines, startFen and promotionRegion (or the
// older promotionRank). Rules that change where pieces go and that fairyc
// does not model get a warning naming them (-Wunsupported-rule); the rest
// (drops, castling, counting, results...) are game rules, left alone. A parent
// is another section of the file or one of the built-in variants listed in
// builtinVariants(); without a parent a section starts from chess's rules with
// no pieces, as in Fairy-Stockfish.
//
//===----------------------------------------------------------------------===//
#include "fairy/PieceFile/PieceSet.h"

#include "fairy/IR/Builder.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Support/Files.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

#include <array>
#include <bitset>
#include <map>
#include <set>

using namespace fairy;
using llvm::SMRange;
using llvm::StringRef;

namespace {

/// Fairy-Stockfish's predefined piece types and their Betza strings, as its
/// variants.ini documents them.
const std::map<std::string, std::string> &predefinedPieces() {
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

struct BuiltinVariant {
  int Files, Ranks;
  std::vector<std::pair<std::string, char>> Pieces; ///< type, letter
  /// Where it differs from chess's: the start position, and the ranks of
  /// White's promotion region and double steps (Black's mirrored).
  std::string StartFen = {};
  std::vector<int> PromotionRanks = {}, DoubleStepRanks = {};
  bool DoubleStep = true;
  std::string KingBetza = {}; ///< Fairy-Stockfish's kingType, if not K
  int SoldierPromotionRank = 1;
  /// Mobility regions: type, White's region, Black's (region words).
  std::vector<std::array<std::string, 3>> Mobility = {};
};

/// Built-in variants a section may name as its parent: the chess family,
/// whose pieces and boards are certain. Others are refused by name.
const std::map<std::string, BuiltinVariant> &builtinVariants() {
  static const std::vector<std::pair<std::string, char>> Chess = {
      {"pawn", 'p'}, {"knight", 'n'}, {"bishop", 'b'},
      {"rook", 'r'}, {"queen", 'q'},  {"king", 'k'}};
  // Giveaway's king is a commoner: not royal.
  static const std::vector<std::pair<std::string, char>> Giveaway = {
      {"pawn", 'p'}, {"knight", 'n'}, {"bishop", 'b'},
      {"rook", 'r'}, {"queen", 'q'},  {"commoner", 'k'}};
  static const std::vector<std::pair<std::string, char>> ShogiPieces = {
      {"shogiPawn", 'p'},   {"silver", 's'}, {"gold", 'g'}, {"bishop", 'b'},
      {"dragonHorse", 'h'}, {"rook", 'r'},   {"bers", 'd'}, {"king", 'k'}};
  auto With = [](std::vector<std::pair<std::string, char>> Base,
                 std::vector<std::pair<std::string, char>> More) {
    Base.insert(Base.end(), More.begin(), More.end());
    return Base;
  };
  static const std::map<std::string, BuiltinVariant> All = {
      {"chess", {8, 8, Chess}},
      {"normal", {8, 8, Chess}},
      {"fischerandom", {8, 8, Chess}},
      {"crazyhouse", {8, 8, Chess}},
      {"kingofthehill", {8, 8, Chess}},
      {"3check", {8, 8, Chess}},
      {"5check", {8, 8, Chess}},
      {"atomic", {8, 8, Chess}},
      {"nocheckatomic", {8, 8, Chess}},
      {"extinction", {8, 8, Chess}},
      {"giveaway", {8, 8, Giveaway}},
      {"capablanca",
       {10, 8, With(Chess, {{"archbishop", 'a'}, {"chancellor", 'c'}}),
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 "
        "1"}},
      {"gothic",
       {10, 8, With(Chess, {{"archbishop", 'a'}, {"chancellor", 'c'}}),
        "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 "
        "1"}},
      {"janus",
       {10, 8, With(Chess, {{"archbishop", 'j'}}),
        "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 "
        "1"}},
      {"grand",
       {10,
        10,
        With(Chess, {{"archbishop", 'a'}, {"chancellor", 'c'}}),
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - "
        "- 0 1",
        {8, 9, 10},
        {3}}},
      {"gardner", {5, 5, Chess, "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", {5}}},
      {"losalamos",
       {6,
        6,
        {{"pawn", 'p'},
         {"knight", 'n'},
         {"rook", 'r'},
         {"queen", 'q'},
         {"king", 'k'}},
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
        {6}}},
      {"antichess",
       {8, 8, Giveaway,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"}},
      {"racingkings", {8, 8, Chess, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"}},
      {"placement",
       {8, 8, Chess,
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"}},
      // Beyond chess: the pieces (Fairy-Stockfish's KHON is the silver,
      // MET the fers, DRAGON the bers), regions and kings of
      // src/variant.cpp.
      {"makruk",
       {8,
        8,
        {{"pawn", 'p'},
         {"knight", 'n'},
         {"rook", 'r'},
         {"king", 'k'},
         {"silver", 's'},
         {"fers", 'm'}},
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        {6, 7, 8},
        {},
        false}},
      {"chaturanga",
       {8,
        8,
        {{"pawn", 'p'},
         {"knight", 'n'},
         {"rook", 'r'},
         {"king", 'k'},
         {"alfil", 'b'},
         {"fers", 'q'}},
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        {},
        {},
        false}},
      {"minishogi",
       {5, 5, ShogiPieces, "rbsgk/4p/5/P4/KGSBR[-] w 0 1", {5}, {}, false}},
      {"shogi",
       {9,
        9,
        With(ShogiPieces, {{"lance", 'l'}, {"shogiKnight", 'n'}}),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
        {7, 8, 9},
        {},
        false}},
      {"minixiangqi",
       {7,
        7,
        {{"rook", 'r'},
         {"horse", 'n'},
         {"king", 'k'},
         {"cannon", 'c'},
         {"soldier", 'p'}},
        "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1",
        {},
        {},
        false,
        "W",
        1,
        {{{"king", "c1 d1 e1 c2 d2 e2 c3 d3 e3",
           "c5 d5 e5 c6 d6 e6 c7 d7 e7"}}}}},
      {"xiangqi",
       {9,
        10,
        {{"rook", 'r'},
         {"horse", 'n'},
         {"king", 'k'},
         {"cannon", 'c'},
         {"soldier", 'p'},
         {"elephant", 'b'},
         {"fers", 'a'}},
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 "
        "1",
        {},
        {},
        false,
        "W",
        6,
        {{{"king", "d1 e1 f1 d2 e2 f2 d3 e3 f3",
           "d8 e8 f8 d9 e9 f9 d10 e10 f10"},
          {"fers", "d1 e1 f1 d2 e2 f2 d3 e3 f3",
           "d8 e8 f8 d9 e9 f9 d10 e10 f10"},
          {"elephant", "*1 *2 *3 *4 *5", "*6 *7 *8 *9 *10"}}}}},
  };
  return All;
}

/// A Fairy-Stockfish Bitboard: squares of its largest board, 12 files by
/// 10 ranks (bit file + 12 * rank); a board keeps those it has.
constexpr int RegionFiles = 12, RegionRanks = 10;
using Region = std::bitset<RegionFiles * RegionRanks>;

Region rankRegion(int Rank) { // 1-based
  Region R;
  if (Rank >= 1 && Rank <= RegionRanks)
    for (int F = 0; F < RegionFiles; ++F)
      R.set(F + RegionFiles * (Rank - 1));
  return R;
}

/// The region of \p Ranks for White, or their mirror on a board of
/// \p MaxRank ranks for Black.
Region ranksFor(const std::vector<int> &Ranks, bool Black, int MaxRank) {
  Region R;
  for (int Rank : Ranks)
    R |= rankRegion(Black ? MaxRank + 1 - Rank : Rank);
  return R;
}

/// Fairy-Stockfish's zone_bb: the ranks from relative rank \p Rank to the
/// far end, for White or Black.
Region zoneFrom(int Rank, bool Black, int MaxRank) {
  std::vector<int> Ranks;
  for (int R = Rank; R <= MaxRank; ++R)
    Ranks.push_back(R);
  return ranksFor(Ranks, Black, MaxRank);
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
/// import warns when a section sets them.
bool isUnsupportedRule(StringRef Key) {
  return Key == "diagonalLines" || Key == "cambodianMoves" ||
         Key == "immobilityIllegal" || Key.startswith("enPassantRegion") ||
         Key.startswith("enPassantTypes") || Key == "flyingGeneral" ||
         Key == "petrifyOnCaptureTypes" || Key == "sittuyinPromotion";
}

struct Entry {
  std::string Key, Value;
  size_t KeyBegin, ValueBegin; ///< byte offsets in the file
};

struct Section {
  std::string Name, Parent;
  size_t HeaderBegin = 0, HeaderEnd = 0, ParentBegin = 0;
  std::vector<Entry> Entries;
};

/// A piece as a section (and its parents) leave it.
struct IniPiece {
  std::string Type; ///< "knight", "customPiece1"
  char Letter;
  std::string Betza;
  /// Where the Betza string is written; npos for a predefined one.
  size_t BetzaBegin = std::string::npos;
};

struct Failed {};

class Importer {
public:
  Importer(DiagnosticEngine &Diags, unsigned Buffer, const PieceFileOptions &O)
      : Diags(Diags), Buffer(Buffer), Opts(O) {
    split();
  }

  /// The sections' names and parents, in file order.
  std::vector<std::pair<std::string, std::string>> sections() const {
    std::vector<std::pair<std::string, std::string>> Out;
    for (const std::string &N : Order)
      Out.push_back({N, Sections.at(N).Parent});
    return Out;
  }

  std::optional<PieceSet> import(const std::string &Variant) {
    try {
      auto It = Sections.find(Variant);
      if (It == Sections.end())
        unknownVariant(Variant);
      resolve(It->second);
      return finish(Variant);
    } catch (Failed &) {
      return std::nullopt;
    }
  }

private:
  DiagnosticEngine &Diags;
  unsigned Buffer;
  const PieceFileOptions &Opts;
  std::map<std::string, Section> Sections;
  std::vector<std::string> Order; ///< section names as they appear
  int Files = 8, Ranks = 8;
  std::vector<IniPiece> Pieces;
  std::set<std::string> Resolving;
  // The rules that change where pieces go, as Fairy-Stockfish's defaults
  // leave them (regions of White, then Black).
  std::string StartFen =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  size_t StartFenBegin = std::string::npos;
  bool DoubleStep = true;
  Region DoubleStepRegion[2] = {rankRegion(2), rankRegion(7)};
  Region TripleStepRegion[2] = {};
  Region PromotionRegion[2] = {rankRegion(8), rankRegion(1)};
  /// By side and piece type ("rook", "customPiece1").
  std::map<std::string, Region> MobilityRegion[2];
  int SoldierPromotionRank = 1;
  int DoubleStepRank = 2, DoubleStepRankMin = 2;
  /// Entries of rules fairyc does not model, warned about at the end.
  std::vector<Entry> Unsupported;

  [[noreturn]] void fail(size_t Begin, size_t End, const std::string &Msg) {
    Diags.error(Diags.loc(Buffer, Begin), Msg,
                {Diags.range(Buffer, Begin, End)});
    throw Failed();
  }

  /// Splits the file into sections of key = value entries.
  void split() {
    StringRef Text = Diags.bufferText(Buffer);
    Section *Current = nullptr;
    size_t Pos = 0;
    while (Pos <= Text.size()) {
      size_t End = Text.find('\n', Pos);
      if (End == StringRef::npos)
        End = Text.size();
      StringRef Line = Text.slice(Pos, End);
      size_t Indent = Line.size() - Line.ltrim().size();
      StringRef Body = Line.trim();
      size_t Begin = Pos + Indent;
      Pos = End + 1;
      if (Body.empty() || Body[0] == '#' || Body[0] == ';')
        continue;
      if (Body.startswith("[") && Body.endswith("]")) {
        StringRef Header = Body.drop_front().drop_back();
        auto [Name, Parent] = Header.split(':');
        Section S;
        S.Name = Name.trim().str();
        S.Parent = Parent.trim().str();
        S.HeaderBegin = Begin;
        S.HeaderEnd = Begin + Body.size();
        S.ParentBegin = Begin + 1 + Name.size() + 1;
        Order.push_back(S.Name);
        Current = &(Sections[S.Name] = S);
        continue;
      }
      auto [Key, Value] = Body.split('=');
      if (!Current || Value.data() == nullptr || !Body.contains('='))
        continue; // not an entry Fairy-Stockfish would read either
      Entry E;
      E.Key = Key.trim().str();
      E.Value = Value.trim().str();
      E.KeyBegin = Begin;
      E.ValueBegin = (Value.trim().data() - Text.data());
      Current->Entries.push_back(E);
    }
  }

  [[noreturn]] void unknownVariant(const std::string &Variant) {
    std::string Similar;
    for (const std::string &N : Order)
      if (StringRef(N).edit_distance(Variant) <= 2)
        Similar += (Similar.empty() ? "" : ", ") + ("[" + N + "]");
    Diags.error(
        "no section [" + Variant + "] in " +
        Diags.sourceMgr().getMemoryBuffer(Buffer)->getBufferIdentifier().str() +
        (Similar.empty() ? "" : "; did you mean " + Similar + "?"));
    throw Failed();
  }

  void resolve(const Section &S) {
    if (!Resolving.insert(S.Name).second)
      fail(S.HeaderBegin, S.HeaderEnd,
           "the section [" + S.Name + "] inherits from itself");
    if (!S.Parent.empty()) {
      if (auto It = Sections.find(S.Parent); It != Sections.end()) {
        resolve(It->second);
      } else if (auto B = builtinVariants().find(S.Parent);
                 B != builtinVariants().end()) {
        const BuiltinVariant &V = B->second;
        Files = V.Files;
        Ranks = V.Ranks;
        for (const auto &[Type, Letter] : V.Pieces)
          setPiece(Type, Letter, predefinedPieces().at(Type),
                   std::string::npos);
        if (!V.StartFen.empty())
          StartFen = V.StartFen;
        DoubleStep = V.DoubleStep;
        SoldierPromotionRank = V.SoldierPromotionRank;
        for (const auto &[Type, White, Black] : V.Mobility) {
          MobilityRegion[0][Type] = *parseRegion(White);
          MobilityRegion[1][Type] = *parseRegion(Black);
        }
        if (!V.KingBetza.empty())
          for (IniPiece &P : Pieces)
            if (P.Type == "king")
              P.Betza = V.KingBetza;
        for (int Black = 0; Black < 2; ++Black) {
          if (!V.PromotionRanks.empty())
            PromotionRegion[Black] = ranksFor(V.PromotionRanks, Black, Ranks);
          if (!V.DoubleStepRanks.empty())
            DoubleStepRegion[Black] = ranksFor(V.DoubleStepRanks, Black, Ranks);
        }
      } else {
        std::string Known;
        for (const auto &[Name, V] : builtinVariants())
          Known += (Known.empty() ? "" : ", ") + Name;
        fail(S.ParentBegin, S.ParentBegin + S.Parent.size(),
             "the parent variant '" + S.Parent +
                 "' is neither a section of this file nor a built-in "
                 "variant whose pieces fairyc knows (" +
                 Known + ")");
      }
    }
    for (const Entry &E : S.Entries)
      apply(E);
    conclude();
  }

  /// As Fairy-Stockfish concludes each section: no double steps without
  /// doubleStep, and none without a region.
  void conclude() {
    if (!DoubleStep)
      DoubleStepRegion[0] = DoubleStepRegion[1] = Region();
    if (DoubleStepRegion[0].none() && DoubleStepRegion[1].none())
      DoubleStep = false;
  }

  Region region(const Entry &E) {
    auto R = parseRegion(E.Value);
    if (!R)
      fail(E.ValueBegin, E.ValueBegin + E.Value.size(),
           "'" + E.Value +
               "' is not a region: words such as *3 (a rank), c* (a file), "
               "c3 (a square), or -");
    return *R;
  }

  int rank(const Entry &E) {
    int N = 0;
    if (StringRef(E.Value).getAsInteger(10, N) || N < 1 || N > RegionRanks)
      fail(E.ValueBegin, E.ValueBegin + E.Value.size(),
           "'" + E.Value + "' is not a rank (1 to 10)");
    return N;
  }

  /// The rules of where pieces go; false for any other key.
  bool applyRule(const Entry &E) {
    StringRef K(E.Key);
    if (K == "startFen") {
      StartFen = E.Value;
      StartFenBegin = E.ValueBegin;
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
      MobilityRegion[Black][Type] = region(E);
    } else if (isUnsupportedRule(K)) {
      if (E.Value != "false" && E.Value != "-" && !E.Value.empty())
        Unsupported.push_back(E);
    } else {
      return false;
    }
    return true;
  }

  void setPiece(const std::string &Type, char Letter, const std::string &Betza,
                size_t BetzaBegin) {
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
        P = {Type, Letter, Betza, BetzaBegin};
        return;
      }
    Pieces.push_back({Type, Letter, Betza, BetzaBegin});
  }

  int dimension(const Entry &E, bool File) {
    int N = 0;
    StringRef V(E.Value);
    if (File && V.size() == 1 && V[0] >= 'a' && V[0] <= 'z')
      N = V[0] - 'a' + 1;
    else if (V.getAsInteger(10, N))
      N = 0;
    if (N < 1 || N > Board::MaxSide)
      fail(E.ValueBegin, E.ValueBegin + E.Value.size(),
           "'" + E.Value + "' is not a number of " +
               (File ? "files (a number or a letter: j is 10)" : "ranks"));
    return N;
  }

  void apply(const Entry &E) {
    if (E.Key == "maxFile") {
      Files = dimension(E, true);
      return;
    }
    if (E.Key == "maxRank") {
      Ranks = dimension(E, false);
      return;
    }
    if (applyRule(E))
      return;
    bool Custom = StringRef(E.Key).startswith("customPiece");
    auto Predefined = predefinedPieces().find(E.Key);
    if (!Custom && Predefined == predefinedPieces().end())
      return; // a game rule
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
      fail(E.ValueBegin, E.ValueBegin + E.Value.size(),
           "'" + E.Value + "' is not a piece letter" +
               (Custom ? " with its Betza string, such as a:mRcpR"
                       : ", such as n, or a letter and a Betza string, "
                         "such as k:KN"));
    if (V.size() > 1)
      setPiece(E.Key, Letter, V.drop_front(2).str(), E.ValueBegin + 2);
    else if (Custom)
      fail(E.ValueBegin, E.ValueBegin + E.Value.size(),
           "a custom piece needs its Betza string after the letter, such "
           "as " +
               E.Value + ":mRcpR");
    else
      setPiece(E.Key, Letter, Predefined->second, std::string::npos);
  }

  /// The squares of \p R on the set's board.
  SquareSet onBoard(const Region &R, const Board &B) {
    SquareSet Out(B.numSquares());
    for (int Rank = 0; Rank < std::min(B.height(), RegionRanks); ++Rank)
      for (int File = 0; File < std::min(B.width(), RegionFiles); ++File)
        if (R.test(File + RegionFiles * Rank) && B.contains(Vec(File, Rank, 0)))
          Out.set(B.index(Vec(File, Rank, 0)));
    return Out;
  }

  /// A new zone of the set holding \p R; its number.
  int zone(PieceSet &Set, const Region &R) {
    int Id = int(Set.Zones.size()) + 1;
    Set.Zones[Id] = onBoard(R, Set.board());
    return Id;
  }

  /// White's moves of the rules for piece \p P (by side, from that side's
  /// point of view), added to \p Moves: a pawn's double and triple steps
  /// from their regions, a soldier's sideways steps from its promotion
  /// rank; then every move kept to the type's mobility region.
  NodeRef withRules(PieceSet &Set, const IniPiece &P, NodeRef Moves,
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
          Zone(DoubleStep ? DoubleStepRegion[Black] : Region());
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
      if (DoubleStep && DoubleStepRegion[Black].any())
        Parts.push_back(ir::guard(Zone(DoubleStepRegion[Black]), Steps(2)));
      if (TripleStepRegion[Black].any())
        Parts.push_back(ir::guard(Zone(TripleStepRegion[Black]), Steps(3)));
    }
    if (P.Type == "soldier" && SoldierPromotionRank > 1 && P.Betza == "fsW") {
      // Forward only until the promotion rank, then sideways too.
      Parts = {ir::leg(Vec(0, 1), Land::notFriend()),
               ir::guard(Zone(zoneFrom(SoldierPromotionRank, Black, Ranks)),
                         ir::alt({ir::leg(Vec(1, 0), Land::notFriend()),
                                  ir::leg(Vec(-1, 0), Land::notFriend())}))};
    }
    NodeRef Out = Parts.size() == 1 ? Parts[0] : ir::alt(Parts);
    auto Mobility = MobilityRegion[Black].find(P.Type);
    if (Mobility != MobilityRegion[Black].end()) {
      // Zones are squares of the board, tested where the path has come:
      // Black's region as given, though Black's moves are turned.
      const Region &R = Mobility->second;
      Out = ir::seq({Out, ir::guard(Zone(R), ir::seq({}))});
    }
    return Out;
  }

  bool hasRules(const IniPiece &P, const Node &Moves) const {
    if (usesGuard(Moves, GuardPredicate::Initial))
      return true;
    for (int Black = 0; Black < 2; ++Black)
      if (MobilityRegion[Black].count(P.Type))
        return true;
    return (P.Type == "pawn" && (DoubleStep || TripleStepRegion[0].any() ||
                                 TripleStepRegion[1].any())) ||
           (P.Type == "soldier" && SoldierPromotionRank > 1 &&
            P.Betza == "fsW");
  }

  std::optional<PieceSet> finish(const std::string &Variant) {
    PieceSet Set;
    Set.Title = Variant;
    std::string Error;
    Set.TheBoard = Opts.BoardOverride ? *Opts.BoardOverride
                                      : *Board::make(Files, Ranks, 1, Error);
    Set.BoardGiven = true;
    for (int Black = 0; Black < 2; ++Black)
      Set.Promotion[Black] = onBoard(PromotionRegion[Black], Set.board());
    for (const Entry &E : Unsupported)
      Diags.warning(
          Warning::UnsupportedRule, Diags.loc(Buffer, E.KeyBegin),
          "fairyc does not model the rule '" + E.Key +
              "', which changes where pieces may go; the imported "
              "moves leave it out",
          {Diags.range(Buffer, E.KeyBegin, E.ValueBegin + E.Value.size())});
    bool Ok = true;
    for (const IniPiece &P : Pieces) {
      PieceDef D;
      D.Name = P.Type;
      D.Identifier = identifierFor(P.Type);
      D.Letter = std::toupper((unsigned char)P.Letter);
      D.Royal = P.Type == "king";
      D.File = Diags.sourceMgr()
                   .getMemoryBuffer(Buffer)
                   ->getBufferIdentifier()
                   .str();
      PieceMovement M;
      M.Notation = findNotation("betza");
      M.Text = P.Betza;
      if (P.BetzaBegin != std::string::npos) {
        std::vector<size_t> Offsets;
        for (size_t I = 0; I <= P.Betza.size(); ++I)
          Offsets.push_back(P.BetzaBegin + I);
        M.Buffer = Diags.addEmbeddedBuffer(P.Betza, Buffer, Offsets, false);
        M.Range =
            Diags.range(Buffer, P.BetzaBegin, P.BetzaBegin + P.Betza.size());
      } else {
        M.Buffer =
            Diags.addBuffer(P.Betza, "<Fairy-Stockfish's " + P.Type + ">");
      }
      FrontendOptions FOpts;
      FOpts.XBoardBetza = Opts.XBoardBetza;
      FOpts.BoardWidth = Set.board().width();
      FOpts.BoardMaxSide = Set.board().maxSide();
      unsigned Before = Diags.errorCount();
      M.IR = M.Notation->Parse(Diags, M.Buffer, FOpts);
      if (!M.IR || Diags.errorCount() != Before) {
        Ok = false;
        continue;
      }
      if (hasRules(P, *M.IR)) {
        // Each side's moves with the section's rules, in the IR notation.
        for (int Black = 0; Black < 2; ++Black) {
          PieceMovement R;
          R.Side = Black ? Color::Black : Color::White;
          R.Notation = findNotation("ir");
          R.IR = withRules(Set, P, M.IR, Black);
          R.Text = printIRInline(*R.IR);
          R.Buffer = Diags.addBuffer(R.Text, "<the rules of [" + Variant +
                                                 "] for " + P.Type + ">");
          R.Range = M.Range;
          D.Moves.push_back(std::move(R));
        }
      } else {
        D.Moves.push_back(std::move(M));
      }
      Set.Pieces.push_back(std::move(D));
    }
    if (!Ok)
      return std::nullopt;
    startPosition(Set);
    return Set;
  }

  /// The section's startFen on the set's board: its placement (pockets in
  /// [] left out) and side to move; a warning if it does not fit.
  void startPosition(PieceSet &Set) {
    StringRef Fen(StartFen);
    auto [Placement, Rest] = Fen.split(' ');
    std::string Board = Placement.str();
    if (size_t Open = Board.find('['); Open != std::string::npos)
      Board.erase(Open, Board.find(']', Open) - Open + 1);
    std::string Side = Rest.split(' ').first.str();
    std::string Text = Board + (Side.empty() ? "" : " " + Side);
    std::string Error;
    auto P = Position::fromFEN(Text, Set.board(), Error);
    for (unsigned S : Set.board().squares().toVector())
      if (P && P->at(S).Present && !Set.findByLetter(P->at(S).Type)) {
        Error = std::string("no piece has the letter ") + P->at(S).Type;
        P.reset();
      }
    if (!P) {
      // Fairy-Stockfish's default (chess's) says nothing of another board.
      if (StartFenBegin == std::string::npos)
        return;
      size_t At = StartFenBegin;
      Diags.warning(Warning::UnsupportedRule, Diags.loc(Buffer, At),
                    "the start position '" + StartFen + "' cannot be read (" +
                        Error + "); --position=start is not available",
                    {Diags.range(Buffer, At, At + StartFen.size())});
      return;
    }
    Set.Start = std::move(*P);
    Set.StartFEN = Text;
  }
};

} // namespace

std::optional<PieceSet> fairy::importVariantsIni(DiagnosticEngine &Diags,
                                                 const std::string &Path,
                                                 const std::string &Variant,
                                                 const PieceFileOptions &Opts) {
  auto Text = readInput(Diags, Path);
  if (!Text)
    return std::nullopt;
  unsigned Buffer = Diags.addBuffer(*Text, Path);
  return Importer(Diags, Buffer, Opts).import(Variant);
}

std::optional<std::string>
fairy::listVariantsIni(DiagnosticEngine &Diags, const std::string &Path,
                       const PieceFileOptions &Opts) {
  auto Text = readInput(Diags, Path);
  if (!Text)
    return std::nullopt;
  std::string Out;
  // Each section on its own: one that cannot be imported is listed with
  // the first error, and the others still are.
  DiagnosticEngine Quiet(nullptr);
  unsigned Buffer = Quiet.addBuffer(*Text, Path);
  for (const auto &[Name, Parent] : Importer(Quiet, Buffer, Opts).sections()) {
    DiagnosticEngine One(nullptr);
    unsigned B = One.addBuffer(*Text, Path);
    std::string Head = "[" + Name + (Parent.empty() ? "" : ":" + Parent) + "]";
    auto Set = Importer(One, B, Opts).import(Name);
    if (!Set) {
      std::string Why = "cannot be imported";
      for (const Diagnostic &D : One.diagnostics())
        if (D.Kind == llvm::SourceMgr::DK_Error) {
          Why += fmt::format(" (line {}: {})", D.Line, D.Message);
          break;
        }
      Out += Head + " " + Why + "\n";
      continue;
    }
    std::string Pieces;
    for (const PieceDef &D : Set->Pieces)
      Pieces += (Pieces.empty() ? "" : ", ") + D.Name + " (" +
                std::string(1, D.Letter) + ")";
    Out += Head + " " + Set->board().str() + ": " +
           (Pieces.empty() ? "no pieces" : Pieces) + "\n";
  }
  return Out;
}
