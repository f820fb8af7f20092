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
//   diagonalLines                 janggi's palace diagonals
//   cambodianMoves                the king's and the met's first leaps
// and the janggi cannon's own rule (no cannon as hurdle or prey).
// and, for positions and engines, startFen and promotionRegion (or the
// older promotionRank). Rules that change where pieces go and that fairyc
// does not model get a warning naming them (-Wunsupported-rule); the rest
// (drops, castling, counting, legality, results...) are game rules, left
// alone. A parent is another section of the file or one of Fairy-Stockfish's
// built-in variants, which BuiltinVariants.ini states as sections read by the
// same code; without a parent a section starts from chess's rules with no
// pieces, as in Fairy-Stockfish.
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

/// Fairy-Stockfish's built-in variants as variants.ini sections
/// (BuiltinVariants.ini): the parents a section may name besides its own
/// file's sections.
StringRef builtinVariantsText() {
  static const char Text[] =
#include "BuiltinVariants.inc"
      ;
  return StringRef(Text, sizeof(Text) - 1);
}

/// The name the built-in variants' text has as a buffer.
constexpr const char *BuiltinName = "<Fairy-Stockfish's built-in variants>";

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
/// import warns when a section sets them. (Legality -- check, the flying
/// general, immobility -- and what a capture does besides are an engine's,
/// not movement: they are left alone like other game rules.)
bool isUnsupportedRule(StringRef Key) {
  return Key.startswith("enPassantRegion") ||
         Key.startswith("enPassantTypes") || Key == "sittuyinPromotion";
}

struct Entry {
  std::string Key, Value;
  unsigned Buffer = 0;
  size_t KeyBegin = 0, ValueBegin = 0; ///< byte offsets in the buffer
  std::string Section;                 ///< the section it belongs to
};

struct Section {
  std::string Name, Parent;
  unsigned Buffer = 0;
  size_t HeaderBegin = 0, HeaderEnd = 0, ParentBegin = 0;
  std::vector<Entry> Entries;
};

/// A piece as a section (and its parents) leave it.
struct IniPiece {
  std::string Type; ///< "knight", "customPiece1"
  char Letter;
  std::string Betza;
  /// The entry that set it (for a custom piece, its Betza string follows
  /// the letter and colon); none for one of [chess] without a parent.
  std::optional<Entry> From = std::nullopt;
};

struct Failed {};

class Importer {
public:
  /// Reads the sections of \p UserBuffer, if any, and the built-in ones.
  Importer(DiagnosticEngine &Diags, std::optional<unsigned> UserBuffer,
           const PieceFileOptions &O)
      : Diags(Diags), UserBuffer(UserBuffer), Opts(O) {
    BuiltinBuffer = Diags.addBuffer(builtinVariantsText(), BuiltinName);
    split(BuiltinBuffer, Builtins, BuiltinOrder);
    if (UserBuffer)
      split(*UserBuffer, Sections, Order);
  }

  /// The sections' names and parents, in file order (the built-in ones
  /// without a file).
  std::vector<std::pair<std::string, std::string>> sections() const {
    std::vector<std::pair<std::string, std::string>> Out;
    for (const std::string &N : UserBuffer ? Order : BuiltinOrder)
      Out.push_back({N, (UserBuffer ? Sections : Builtins).at(N).Parent});
    return Out;
  }

  std::optional<PieceSet> import(const std::string &Variant) {
    try {
      // As in Fairy-Stockfish, where a file adds to the built-in variants.
      const Section *S = find(Variant);
      if (!S)
        unknownVariant(Variant);
      resolve(*S);
      return finish(Variant);
    } catch (Failed &) {
      return std::nullopt;
    }
  }

private:
  DiagnosticEngine &Diags;
  std::optional<unsigned> UserBuffer;
  unsigned BuiltinBuffer = 0;
  const PieceFileOptions &Opts;
  std::map<std::string, Section> Sections, Builtins;
  std::vector<std::string> Order, BuiltinOrder; ///< as they appear
  /// Where a section of the user's file names a built-in parent: the
  /// rules of the built-in variant are reported there.
  std::optional<Entry> BuiltinParent;
  int Files = 8, Ranks = 8;
  std::vector<IniPiece> Pieces;
  std::set<std::string> Resolving;
  // The rules that change where pieces go, as Fairy-Stockfish's defaults
  // leave them (regions of White, then Black).
  std::string StartFen =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  std::optional<Entry> StartFenFrom;
  bool DoubleStep = true;
  /// How pictures draw the board: the family of the built-in variant the
  /// section descends from.
  BoardStyle Style = BoardStyle::Auto;
  Region DoubleStepRegion[2] = {rankRegion(2), rankRegion(7)};
  Region TripleStepRegion[2] = {};
  Region PromotionRegion[2] = {rankRegion(8), rankRegion(1)};
  /// By side and piece type ("rook", "customPiece1").
  std::map<std::string, Region> MobilityRegion[2];
  /// Janggi's palace diagonals: squares along which pieces that move
  /// orthogonally also move diagonally.
  Region DiagonalLines;
  /// Cambodian makruk's first moves: the king's knight leap to the next
  /// rank, the met's (fers's) two squares forward.
  bool CambodianMoves = false;
  int SoldierPromotionRank = 1;
  int DoubleStepRank = 2, DoubleStepRankMin = 2;
  /// The predefined type the king moves as (built-in variants only).
  std::string KingType = "king";
  /// Entries of rules fairyc does not model, warned about at the end.
  std::vector<Entry> Unsupported;

  [[noreturn]] void fail(unsigned Buffer, size_t Begin, size_t End,
                         const std::string &Msg) {
    Diags.error(Diags.loc(Buffer, Begin), Msg,
                {Diags.range(Buffer, Begin, End)});
    throw Failed();
  }
  [[noreturn]] void failAtValue(const Entry &E, const std::string &Msg) {
    fail(E.Buffer, E.ValueBegin, E.ValueBegin + E.Value.size(), Msg);
  }

  /// A section of the user's file, else a built-in one.
  const Section *find(const std::string &Name) const {
    if (auto It = Sections.find(Name); It != Sections.end())
      return &It->second;
    auto It = Builtins.find(Name);
    return It == Builtins.end() ? nullptr : &It->second;
  }

  /// Splits a buffer into sections of key = value entries.
  void split(unsigned Buffer, std::map<std::string, Section> &Into,
             std::vector<std::string> &Names) {
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
        S.Buffer = Buffer;
        S.HeaderBegin = Begin;
        S.HeaderEnd = Begin + Body.size();
        S.ParentBegin = Begin + 1 + Name.size() + 1;
        Names.push_back(S.Name);
        Current = &(Into[S.Name] = S);
        continue;
      }
      auto [Key, Value] = Body.split('=');
      if (!Current || Value.data() == nullptr || !Body.contains('='))
        continue; // not an entry Fairy-Stockfish would read either
      Entry E;
      E.Key = Key.trim().str();
      E.Value = Value.trim().str();
      E.Buffer = Buffer;
      E.KeyBegin = Begin;
      E.ValueBegin = (Value.trim().data() - Text.data());
      E.Section = Current->Name;
      Current->Entries.push_back(E);
    }
  }

  /// The names of \p Lists at most two edits from \p Name, each written
  /// between \p Open and \p Close ("[xiangqi]", "'janggi'"), for a "did you
  /// mean".
  static std::string
  similarNames(const std::string &Name,
               std::initializer_list<const std::vector<std::string> *> Lists,
               const char *Open, const char *Close) {
    std::string Similar;
    for (const std::vector<std::string> *Names : Lists)
      for (const std::string &N : *Names)
        if (StringRef(N).edit_distance(Name) <= 2)
          Similar += (Similar.empty() ? "" : ", ") + (Open + N + Close);
    return Similar;
  }

  [[noreturn]] void unknownVariant(const std::string &Variant) {
    std::string Similar =
        similarNames(Variant, {&Order, &BuiltinOrder}, "[", "]");
    std::string Where = UserBuffer
                            ? Diags.sourceMgr()
                                  .getMemoryBuffer(*UserBuffer)
                                  ->getBufferIdentifier()
                                  .str()
                            : std::string("Fairy-Stockfish's built-in variants "
                                          "(--list-variants lists them)");
    Diags.error(
        "no section [" + Variant + "] in " + Where +
        (UserBuffer ? " nor a built-in variant of Fairy-Stockfish" : "") +
        (Similar.empty() ? "" : "; did you mean " + Similar + "?"));
    throw Failed();
  }

  /// Reads section \p Start over its ancestors: the chain of parents is
  /// found first (a loop or a missing parent is an error), then each
  /// section's rules are applied from the oldest ancestor down. Without
  /// recursion, so that a chain of any length fits any stack.
  void resolve(const Section &Start) {
    std::vector<const Section *> Chain; // Start first
    for (const Section *S = &Start; S;) {
      if (!Resolving.insert(S->Name + "@" + std::to_string(S->Buffer)).second)
        fail(S->Buffer, S->HeaderBegin, S->HeaderEnd,
             "the section [" + S->Name + "] inherits from itself");
      Chain.push_back(S);
      if (S->Parent.empty())
        break;
      // A section's own file first, then the built-in variants; a
      // built-in section's parents are built in.
      const Section *P = find(S->Parent);
      if (S->Buffer == BuiltinBuffer)
        P = Builtins.count(S->Parent) ? &Builtins.at(S->Parent) : nullptr;
      if (!P) {
        std::string Similar =
            similarNames(S->Parent, {&BuiltinOrder}, "'", "'");
        fail(S->Buffer, S->ParentBegin, S->ParentBegin + S->Parent.size(),
             "the parent variant '" + S->Parent +
                 "' is neither a section of this file nor one of "
                 "Fairy-Stockfish's built-in variants" +
                 (Similar.empty() ? " (--list-variants lists them)"
                                  : "; did you mean " + Similar + "?"));
      }
      if (P->Buffer == BuiltinBuffer && S->Buffer != BuiltinBuffer) {
        Entry Ref;
        Ref.Key = Ref.Value = S->Parent;
        Ref.Buffer = S->Buffer;
        Ref.KeyBegin = Ref.ValueBegin = S->ParentBegin;
        Ref.Section = S->Name;
        BuiltinParent = Ref;
      }
      S = P;
    }
    for (auto It = Chain.rbegin(); It != Chain.rend(); ++It) {
      const Section &S = **It;
      if (S.Buffer == BuiltinBuffer)
        if (auto F = familyStyle(S.Name))
          Style = *F;
      for (const Entry &E : S.Entries)
        apply(E);
      conclude();
    }
  }

  /// The board style of the built-in variants that start a family: their
  /// descendants (manchu, kyotoshogi, ...) inherit it.
  static std::optional<BoardStyle> familyStyle(const std::string &Name) {
    static const std::map<std::string, BoardStyle> Families = {
        {"minixiangqi", BoardStyle::Xiangqi}, {"xiangqi", BoardStyle::Xiangqi},
        {"janggi", BoardStyle::Janggi},       {"minishogi", BoardStyle::Shogi},
        {"dobutsu", BoardStyle::Shogi},       {"torishogi", BoardStyle::Shogi},
        {"yarishogi", BoardStyle::Shogi}};
    auto It = Families.find(Name);
    if (It == Families.end())
      return std::nullopt;
    return It->second;
  }

  /// As Fairy-Stockfish concludes each section: no double steps without
  /// doubleStep, and none without a region.
  void conclude() {
    if (!DoubleStep)
      DoubleStepRegion[0] = DoubleStepRegion[1] = Region();
    if (DoubleStepRegion[0].none() && DoubleStepRegion[1].none())
      DoubleStep = false;
  }

  /// Warns of \p Msg at entry \p E: in the user's file where it is set,
  /// or, for a rule of a built-in variant, where the file names that
  /// variant as its parent, with a note showing the rule.
  void warnAt(const Entry &E, const std::string &Msg) {
    if (E.Buffer != BuiltinBuffer || !BuiltinParent) {
      Diags.warning(
          Warning::UnsupportedRule, Diags.loc(E.Buffer, E.KeyBegin), Msg,
          {Diags.range(E.Buffer, E.KeyBegin, E.ValueBegin + E.Value.size())});
      return;
    }
    const Entry &P = *BuiltinParent;
    if (Diags.warning(
            Warning::UnsupportedRule, Diags.loc(P.Buffer, P.KeyBegin),
            "the built-in variant '" + E.Section + "': " + Msg,
            {Diags.range(P.Buffer, P.KeyBegin, P.KeyBegin + P.Key.size())}))
      Diags.note(
          Diags.loc(E.Buffer, E.KeyBegin),
          "Fairy-Stockfish's [" + E.Section + "] has it here",
          {Diags.range(E.Buffer, E.KeyBegin, E.ValueBegin + E.Value.size())});
  }

  Region region(const Entry &E) {
    auto R = parseRegion(E.Value);
    if (!R)
      failAtValue(E, "'" + E.Value +
                         "' is not a region: words such as *3 (a rank), c* "
                         "(a file), c3 (a square), or -");
    return *R;
  }

  int rank(const Entry &E) {
    int N = 0;
    if (StringRef(E.Value).getAsInteger(10, N) || N < 1 || N > RegionRanks)
      failAtValue(E, "'" + E.Value + "' is not a rank (1 to 10)");
    return N;
  }

  /// The rules of where pieces go; false for any other key.
  bool applyRule(const Entry &E) {
    StringRef K(E.Key);
    if (K == "startFen") {
      StartFen = E.Value;
      StartFenFrom = E;
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
    } else if (K == "cambodianMoves") {
      CambodianMoves = E.Value == "true" || E.Value == "1";
    } else if (K == "diagonalLines") {
      DiagonalLines = region(E);
    } else if (K == "kingType" && E.Buffer == BuiltinBuffer) {
      KingType = E.Value;
      for (IniPiece &P : Pieces)
        if (P.Type == "king")
          P.Betza = predefinedPieces().at(KingType);
    } else if (isUnsupportedRule(K)) {
      if (E.Value != "false" && E.Value != "-" && !E.Value.empty())
        Unsupported.push_back(E);
    } else {
      return false;
    }
    return true;
  }

  void setPiece(const std::string &Type, char Letter, const std::string &Betza,
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
        P = {Type, Letter, Betza, From};
        return;
      }
    Pieces.push_back({Type, Letter, Betza, From});
  }

  int dimension(const Entry &E, bool File) {
    int N = 0;
    StringRef V(E.Value);
    if (File && V.size() == 1 && V[0] >= 'a' && V[0] <= 'z')
      N = V[0] - 'a' + 1;
    else if (V.getAsInteger(10, N))
      N = 0;
    if (N < 1 || N > Board::MaxSide)
      failAtValue(
          E, "'" + E.Value + "' is not a number of " +
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
      failAtValue(E, "'" + E.Value + "' is not a piece letter" +
                         (Custom ? " with its Betza string, such as a:mRcpR"
                                 : ", such as n, or a letter and a Betza "
                                   "string, such as k:KN"));
    if (E.Key == "king")
      KingType = "king"; // moves as its Betza string, or as a king
    if (V.size() > 1)
      setPiece(E.Key, Letter, V.drop_front(2).str(), E);
    else if (Custom)
      failAtValue(E, "a custom piece needs its Betza string after the "
                     "letter, such as " +
                         E.Value + ":mRcpR");
    else
      setPiece(E.Key, Letter, Predefined->second, E);
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

  /// The number of the set's zone holding \p R: one already made for the
  /// same squares, else a new one.
  int zone(PieceSet &Set, const Region &R) {
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
  std::string palaceDiagonals(const IniPiece &P) const {
    if (DiagonalLines.none())
      return "";
    std::string MovesAs = P.Type == "king" ? KingType : P.Type;
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
  static NodeRef withoutCannonHurdles(NodeRef Moves) {
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
  NodeRef betzaIR(const std::string &Betza) {
    FrontendOptions FOpts;
    unsigned B = Diags.addBuffer(Betza, "<palace lines>");
    return findNotation("betza")->Parse(Diags, B, FOpts);
  }

  /// White's moves of the rules for piece \p P (by side, from that side's
  /// point of view), added to \p Moves: a pawn's double and triple steps
  /// from their regions, a soldier's sideways steps from its promotion
  /// rank, the palace lines' diagonals; then every move kept to the type's
  /// mobility region.
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
    if (CambodianMoves && (P.Type == "king" || P.Type == "fers")) {
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
      GuardPredicate OnLines = Zone(DiagonalLines);
      Parts.push_back(ir::guard(
          OnLines,
          ir::seq({betzaIR(Diagonals), ir::guard(OnLines, ir::seq({}))})));
    }
    NodeRef Out = Parts.size() == 1 ? Parts[0] : ir::alt(Parts);
    if (P.Type == "janggiCannon")
      Out = withoutCannonHurdles(Out);
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
            P.Betza == "fsW") ||
           !palaceDiagonals(P).empty() || P.Type == "janggiCannon" ||
           (CambodianMoves && (P.Type == "king" || P.Type == "fers"));
  }

  /// The walls ('*') of the start position: squares Fairy-Stockfish's
  /// pieces can neither stand on nor pass, holes of fairyc's board.
  void removeWalls(Board &B) {
    StringRef Placement = StringRef(StartFen).split(' ').first;
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
            N = N * 10 + (R[I++] - '0');
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

  std::optional<PieceSet> finish(const std::string &Variant) {
    PieceSet Set;
    Set.Title = Variant;
    std::string Error;
    Set.TheBoard = Opts.BoardOverride ? *Opts.BoardOverride
                                      : *Board::make(Files, Ranks, 1, Error);
    if (!Opts.BoardOverride)
      removeWalls(*Set.TheBoard);
    Set.BoardGiven = true;
    Set.Style = Style;
    for (int Black = 0; Black < 2; ++Black)
      Set.Promotion[Black] = onBoard(PromotionRegion[Black], Set.board());
    for (const Entry &E : Unsupported)
      warnAt(E, "fairyc does not model the rule '" + E.Key +
                    "', which changes where pieces may go; the imported "
                    "moves leave it out");
    bool Ok = true;
    for (const IniPiece &P : Pieces) {
      PieceDef D;
      D.Name = P.Type;
      D.Identifier = identifierFor(P.Type);
      D.Letter = std::toupper((unsigned char)P.Letter);
      D.Royal = P.Type == "king";
      D.File = UserBuffer ? Diags.sourceMgr()
                                .getMemoryBuffer(*UserBuffer)
                                ->getBufferIdentifier()
                                .str()
                          : std::string(BuiltinName);
      PieceMovement M;
      M.Notation = findNotation("betza");
      M.Text = P.Betza;
      if (P.From && P.From->Value.size() > 2 &&
          StringRef(P.From->Value).drop_front(2) == P.Betza) {
        // The Betza string after "x:", located where it is written.
        size_t Begin = P.From->ValueBegin + 2;
        std::vector<size_t> Offsets;
        for (size_t I = 0; I <= P.Betza.size(); ++I)
          Offsets.push_back(Begin + I);
        M.Buffer =
            Diags.addEmbeddedBuffer(P.Betza, P.From->Buffer, Offsets, false);
        M.Range = Diags.range(P.From->Buffer, Begin, Begin + P.Betza.size());
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
  /// [] left out, walls as holes) and side to move. One that cannot be read
  /// is warned about where a user's file states it; a built-in one (with
  /// promoted pieces, say) leaves the reason for --position=start.
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
      if (!StartFenFrom)
        return;
      Set.StartUnreadable = "the start position '" + StartFen +
                            "' cannot be read (" + Error + ")";
      if (StartFenFrom->Buffer == BuiltinBuffer)
        return;
      size_t At = StartFenFrom->ValueBegin;
      Diags.warning(
          Warning::UnsupportedRule, Diags.loc(StartFenFrom->Buffer, At),
          Set.StartUnreadable + "; --position=start is not available",
          {Diags.range(StartFenFrom->Buffer, At, At + StartFen.size())});
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
  std::optional<unsigned> Buffer;
  if (!Path.empty()) {
    auto Text = readInput(Diags, Path);
    if (!Text)
      return std::nullopt;
    Buffer = Diags.addBuffer(*Text, Path);
  }
  return Importer(Diags, Buffer, Opts).import(Variant);
}

std::optional<PieceSet> fairy::importVariantsIniText(
    DiagnosticEngine &Diags, const std::string &Text, const std::string &Name,
    const std::string &Variant, const PieceFileOptions &Opts) {
  unsigned Buffer = Diags.addBuffer(Text, Name);
  return Importer(Diags, Buffer, Opts).import(Variant);
}

std::vector<std::string> fairy::variantsIniSections(const std::string &Text) {
  DiagnosticEngine Quiet(nullptr);
  std::vector<std::string> Out;
  for (const auto &Section :
       Importer(Quiet, Quiet.addBuffer(Text, "<sections>"), PieceFileOptions())
           .sections())
    Out.push_back(Section.first);
  return Out;
}

std::optional<std::string>
fairy::listVariantsIni(DiagnosticEngine &Diags, const std::string &Path,
                       const PieceFileOptions &Opts) {
  std::optional<std::string> Text;
  if (!Path.empty() && !(Text = readInput(Diags, Path)))
    return std::nullopt;
  std::string Out;
  // Each section on its own: one that cannot be imported is listed with
  // the first error, and the others still are.
  auto Read = [&](DiagnosticEngine &D) -> std::optional<unsigned> {
    if (!Text)
      return std::nullopt;
    return D.addBuffer(*Text, Path);
  };
  DiagnosticEngine Quiet(nullptr);
  for (const auto &[Name, Parent] :
       Importer(Quiet, Read(Quiet), Opts).sections()) {
    DiagnosticEngine One(nullptr);
    std::string Head = "[" + Name + (Parent.empty() ? "" : ":" + Parent) + "]";
    auto Set = Importer(One, Read(One), Opts).import(Name);
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
