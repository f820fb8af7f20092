//===- VariantsIni.cpp - Fairy-Stockfish's variants.ini as a PieceSet -----===//
//
// A variants.ini section ([name] or [name:parent]) gives a variant's rules
// as key = value lines. What decides how pieces move is read:
//   maxFile, maxRank              the board (a file may be a letter: j = 10)
//   <piece type> = x              one of Fairy-Stockfish's predefined piece
//                                 types under the letter x ("-" removes it)
//   king = k:KN                   a predefined type with its own Betza
//   customPieceN = x:<betza>      a piece of its own
// Everything else (start position, promotion, drops, ...) is a game rule
// and is left alone. A parent is another section of the file or one of
// the built-in variants listed in builtinVariants(); without a parent a
// section starts from chess's rules with no pieces, as in Fairy-Stockfish.
//
//===----------------------------------------------------------------------===//
#include "fairy/PieceFile/PieceSet.h"

#include "fairy/IR/Verifier.h"
#include "fairy/Support/Files.h"

#include "llvm/ADT/StringExtras.h"

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
      {"placement", {8, 8, Chess}},
      {"racingkings", {8, 8, Chess}},
      {"giveaway", {8, 8, Giveaway}},
      {"antichess", {8, 8, Giveaway}},
      {"capablanca",
       {10, 8, With(Chess, {{"archbishop", 'a'}, {"chancellor", 'c'}})}},
      {"gothic",
       {10, 8, With(Chess, {{"archbishop", 'a'}, {"chancellor", 'c'}})}},
      {"janus", {10, 8, With(Chess, {{"archbishop", 'j'}})}},
      {"grand",
       {10, 10, With(Chess, {{"archbishop", 'a'}, {"chancellor", 'c'}})}},
      {"gardner", {5, 5, Chess}},
      {"losalamos",
       {6,
        6,
        {{"pawn", 'p'},
         {"knight", 'n'},
         {"rook", 'r'},
         {"queen", 'q'},
         {"king", 'k'}}}},
  };
  return All;
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
        Files = B->second.Files;
        Ranks = B->second.Ranks;
        for (const auto &[Type, Letter] : B->second.Pieces)
          setPiece(Type, Letter, predefinedPieces().at(Type),
                   std::string::npos);
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

  std::optional<PieceSet> finish(const std::string &Variant) {
    PieceSet Set;
    Set.Title = Variant;
    std::string Error;
    Set.TheBoard = Opts.BoardOverride ? *Opts.BoardOverride
                                      : *Board::make(Files, Ranks, 1, Error);
    Set.BoardGiven = true;
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
      D.Moves.push_back(std::move(M));
      Set.Pieces.push_back(std::move(D));
    }
    if (!Ok)
      return std::nullopt;
    return Set;
  }
};

} // namespace

std::optional<PieceSet> fairy::importVariantsIni(DiagnosticEngine &Diags,
                                                 const std::string &Path,
                                                 const std::string &Variant,
                                                 const PieceFileOptions &Opts) {
  std::string Error;
  auto Text = readInput(Path, Error);
  if (!Text) {
    Diags.error(Error);
    return std::nullopt;
  }
  unsigned Buffer = Diags.addBuffer(*Text, Path);
  return Importer(Diags, Buffer, Opts).import(Variant);
}
