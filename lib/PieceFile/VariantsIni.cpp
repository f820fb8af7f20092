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
// alone; a key Fairy-Stockfish does not read at all is a warning
// (-Wunknown-key), and custom pieces' Betza is read as it reads it, letter
// by letter (FrontendOptions::FairyStockfishLetters). A parent is another
// section of the file or one of Fairy-Stockfish's built-in variants, which
// BuiltinVariants.ini states as sections read by the same code; without a
// parent a section starts from chess's rules with no pieces, as in
// Fairy-Stockfish.
//
// The text is split once (VariantsIniText.h), each section's rules are
// resolved once over its parent's and kept (VariantsIniRules.h), so that
// importing or listing every section costs as much as reading the file,
// whatever the number of sections or the length of a chain of parents.
//
//===----------------------------------------------------------------------===//
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/Support/Suggest.h"

#include "FairyStockfishKeys.h"
#include "VariantsIniPieces.h"
#include "VariantsIniRules.h"
#include "VariantsIniText.h"

#include "fairy/IR/Builder.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Support/Escape.h"
#include "fairy/Support/Files.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <fmt/format.h>

#include <map>
#include <memory>

using namespace fairy;
using namespace fairy::ini;
using llvm::SMRange;
using llvm::StringRef;

/// The importer of one variants.ini (or of the built-in variants alone):
/// its text split once, each section's rules resolved once and kept.
class VariantsIniImporter::Impl {
public:
  /// Reads \p Text (none: the built-in variants alone), called \p Name.
  /// With \p Diags, the text is its buffer; without, the importer keeps a
  /// copy and can only list.
  Impl(DiagnosticEngine *Diags, std::optional<std::string> Text,
       std::string Name, const PieceFileOptions &Opts)
      : Diags(Diags), UserName(std::move(Name)), Opts(Opts) {
    if (Text) {
      StringRef View;
      if (Diags) {
        UserBuffer = Diags->addBuffer(*Text, UserName);
        View = Diags->bufferText(*UserBuffer);
      } else {
        Owned = std::move(*Text);
        View = Owned;
      }
      User = std::make_unique<IniText>(View, false);
      User->linkParents(&builtinVariants());
    }
    for (const Section &S : listed().sections())
      Infos.push_back({S.Name.str(), S.Parent.str(), S.FirstLine, S.LastLine});
  }

  const std::vector<VariantsIniImporter::SectionInfo> &sections() const {
    return Infos;
  }

  std::optional<PieceSet> import(const std::string &Variant) {
    // As in Fairy-Stockfish, where a file adds to the built-in variants.
    const Section *S = find(Variant);
    if (!S) {
      unknownVariant(Variant);
      return std::nullopt;
    }
    warnUnknownKeys(*S);
    Outcome O = resolve(*S);
    if (O.F) {
      unsigned In = buffer(O.F->Builtin);
      SMRange R = Diags->range(In, O.F->Begin, O.F->End);
      std::vector<llvm::SMFixIt> Fix;
      if (O.F->FixIt)
        Fix.push_back(llvm::SMFixIt(R, *O.F->FixIt));
      Diags->error(Diags->loc(In, O.F->Begin), O.F->Message, {R}, Fix);
      return std::nullopt;
    }
    St = O.S;
    return finish(Variant);
  }

  std::string list();

private:
  DiagnosticEngine *Diags;
  std::string UserName, Owned;
  const PieceFileOptions &Opts;
  std::optional<unsigned> UserBuffer, BuiltinBuffer;
  std::unique_ptr<IniText> User; ///< none: the built-in variants alone
  std::vector<VariantsIniImporter::SectionInfo> Infos;

  /// A section's rules, or the error that stops them.
  struct Outcome {
    const RuleState *S = nullptr;
    std::shared_ptr<const Failure> F;
  };
  /// The sections resolved so far: those other sections inherit from (and
  /// every built-in one); the states live in States.
  llvm::DenseMap<const Section *, Outcome> Resolved;
  std::deque<RuleState> States;
  RuleState Last; ///< the state of a section no other inherits from
  RuleArena Arena;
  /// The sections of the user's file whose keys were checked.
  llvm::DenseSet<const Section *> KeysChecked;
  /// The state finish() reads.
  const RuleState *St = nullptr;

  /// The sections listed: the file's, or the built-in ones without a file.
  const IniText &listed() const { return User ? *User : builtinVariants(); }

  /// The buffer of Diags that holds the file's text or the built-in one
  /// (added when first needed).
  unsigned buffer(bool Builtin) {
    if (!Builtin)
      return *UserBuffer;
    if (!BuiltinBuffer)
      BuiltinBuffer =
          Diags->addBuffer(builtinVariants().text(), ini::BuiltinName);
    return *BuiltinBuffer;
  }

  /// A section of the user's file, else a built-in one.
  const Section *find(StringRef Name) const {
    if (User)
      if (const Section *S = User->find(Name))
        return S;
    return builtinVariants().find(Name);
  }

  /// The names of the sections of \p Texts at most two edits from \p Name,
  /// each written between \p Open and \p Close ("[xiangqi]", "'janggi'"),
  /// for a "did you mean".
  static std::string similarNames(StringRef Name,
                                  std::initializer_list<const IniText *> Texts,
                                  const char *Open, const char *Close) {
    std::string Similar;
    for (const std::string &S : nearestNames(Name, Texts))
      Similar += (Similar.empty() ? "" : ", ") + (Open + S + Close);
    return Similar;
  }

  /// The names of the sections of \p Texts at most two edits from \p Name,
  /// each once (a section of the file may have a built-in one's name).
  static std::vector<std::string>
  nearestNames(StringRef Name, std::initializer_list<const IniText *> Texts) {
    TypoCorrector Typo(Name, /*PartsCount=*/false);
    llvm::StringSet<> Seen;
    for (const IniText *T : Texts)
      if (T)
        for (const Section &S : T->sections())
          if (Seen.insert(S.Name).second)
            Typo.add(S.Name);
    return Typo.nearest();
  }

  /// Warns of every key Fairy-Stockfish does not read in \p Start and the
  /// sections of the user's file it inherits from, each section once per
  /// importer (what it reads of a built-in one is fairyc's own statement).
  void warnUnknownKeys(const Section &Start) {
    for (const Section *S = &Start; S && !S->Builtin; S = S->ParentSection) {
      if (!KeysChecked.insert(S).second)
        return; // checked, and so are its parents (or a loop)
      for (const Entry &E : S->Entries)
        if (!isFairyStockfishKey(E.Key))
          unknownKey(E);
    }
  }

  void unknownKey(const Entry &E) {
    unsigned In = buffer(false);
    warnUnknownKey(*Diags, E.Key,
                   Diags->range(In, E.KeyBegin, E.KeyBegin + E.Key.size()));
  }

  void unknownVariant(const std::string &Variant) {
    std::string Similar =
        similarNames(Variant, {User.get(), &builtinVariants()}, "[", "]");
    std::string Where = User
                            ? UserName
                            : std::string("Fairy-Stockfish's built-in variants "
                                          "(--list-variants lists them)");
    Diags->error("no section [" + Variant + "] in " + Where +
                 (User ? " nor a built-in variant of Fairy-Stockfish" : "") +
                 (Similar.empty() ? "" : "; did you mean " + Similar + "?"));
  }

  /// The rules section \p Start leaves over its ancestors, or its error.
  /// The chain of parents up to one already resolved is found first (a
  /// loop or a missing parent is an error of every section that reaches
  /// it), then each section's rules are applied over its parent's, from
  /// the oldest down. Without recursion, so that a chain of any length
  /// fits any stack; each section is walked once per importer however
  /// many inherit from it.
  Outcome resolve(const Section &Start) {
    if (auto It = Resolved.find(&Start); It != Resolved.end())
      return It->second;
    std::vector<const Section *> Path; // Start first
    llvm::DenseMap<const Section *, size_t> OnPath;
    Outcome Base;
    static const RuleState Initial;
    Base.S = &Initial;
    size_t Broken = SIZE_MAX; // Path[Broken...] share the chain's error
    for (const Section *S = &Start;;) {
      if (auto It = Resolved.find(S); It != Resolved.end()) {
        Base = It->second;
        break;
      }
      if (auto It = OnPath.find(S); It != OnPath.end()) {
        // A loop: each section in it inherits from itself; those that
        // lead into it fail where they enter it.
        for (size_t I = It->second; I < Path.size(); ++I)
          remember(Path[I],
                   failure(*Path[I], "the section [" + Path[I]->Name.str() +
                                         "] inherits from itself"));
        Broken = It->second;
        Base = Resolved[S];
        break;
      }
      OnPath[S] = Path.size();
      Path.push_back(S);
      if (S->Parent.empty())
        break;
      if (!S->ParentSection) {
        const IniText *File = S->Builtin ? nullptr : User.get();
        std::string Similar =
            similarNames(S->Parent, {File, &builtinVariants()}, "'", "'");
        Failure F{S->Builtin, S->ParentBegin, S->ParentBegin + S->Parent.size(),
                  "the parent variant '" + S->Parent.str() +
                      "' is neither a section of this file nor one of "
                      "Fairy-Stockfish's built-in variants" +
                      (Similar.empty() ? " (--list-variants lists them)"
                                       : "; did you mean " + Similar + "?")};
        // One nearest name is the repair, as for a misspelt key.
        std::vector<std::string> Nearest =
            nearestNames(S->Parent, {File, &builtinVariants()});
        if (Nearest.size() == 1)
          F.FixIt = Nearest[0];
        Base.S = nullptr;
        Base.F = std::make_shared<Failure>(std::move(F));
        break;
      }
      S = S->ParentSection;
    }
    // From the oldest down: each over its parent's outcome.
    size_t End = std::min(Broken, Path.size());
    for (size_t I = End; I-- > 0;) {
      const Section *S = Path[I];
      if (!Base.F) {
        RuleState &Next = keeps(S) ? States.emplace_back(*Base.S) : Last;
        if (&Next == &Last)
          Last = *Base.S;
        try {
          Next.applySection(*S, Arena);
          Base.S = &Next;
        } catch (Failure &F) {
          Base.S = nullptr;
          Base.F = std::make_shared<Failure>(std::move(F));
        }
      }
      if (keeps(S))
        Resolved[S] = Base;
    }
    return Resolved.count(&Start) ? Resolved[&Start] : Base;
  }

  /// Whether the outcome of \p S is kept: one that others inherit from
  /// (all built-in ones, a handful).
  static bool keeps(const Section *S) { return S->Builtin || S->HasChildren; }

  Outcome failure(const Section &S, std::string Msg) {
    Outcome O;
    O.F = std::make_shared<Failure>(
        Failure{S.Builtin, S.HeaderBegin, S.HeaderEnd, std::move(Msg)});
    return O;
  }
  void remember(const Section *S, Outcome O) { Resolved[S] = std::move(O); }

  /// Warns of \p Msg at entry \p E: in the user's file where it is set,
  /// or, for a rule of a built-in variant, where the file names that
  /// variant as its parent, with a note showing the rule.
  void warnAt(const Entry &E, const std::string &Msg) {
    if (!E.Builtin || !St->BuiltinParent) {
      unsigned In = buffer(E.Builtin);
      Diags->warning(
          Warning::UnsupportedRule, Diags->loc(In, E.KeyBegin), Msg,
          {Diags->range(In, E.KeyBegin, E.ValueBegin + E.Value.size())});
      return;
    }
    const Entry &P = *St->BuiltinParent;
    unsigned PIn = buffer(P.Builtin), In = buffer(true);
    std::string Name = E.In->Name.str();
    if (Diags->warning(
            Warning::UnsupportedRule, Diags->loc(PIn, P.KeyBegin),
            "the built-in variant '" + Name + "': " + Msg,
            {Diags->range(PIn, P.KeyBegin, P.KeyBegin + P.Key.size())}))
      Diags->note(
          Diags->loc(In, E.KeyBegin),
          "Fairy-Stockfish's [" + Name + "] has it here",
          {Diags->range(In, E.KeyBegin, E.ValueBegin + E.Value.size())});
  }

  std::optional<PieceSet> finish(const std::string &Variant) {
    PieceRules Rules(*St, *Diags);
    PieceSet Set;
    Set.Title = Variant;
    std::string Error;
    Set.TheBoard = Opts.BoardOverride
                       ? *Opts.BoardOverride
                       : *Board::make(St->Files, St->Ranks, 1, Error);
    if (!Opts.BoardOverride)
      Rules.removeWalls(*Set.TheBoard);
    Set.BoardGiven = true;
    Set.Style = St->Style;
    // The promotion zones, where a piece promotes (xiangqi's pieces, say,
    // never do, though Fairy-Stockfish's default region is there).
    if (somethingPromotes())
      for (int Black = 0; Black < 2; ++Black)
        Set.Promotion[Black] =
            Rules.onBoard(St->PromotionRegion[Black], Set.board());
    for (const Entry *E : St->unsupported())
      warnAt(*E, "fairyc does not model the rule '" + E->Key.str() +
                     "', which changes where pieces may go; the imported "
                     "moves leave it out");
    bool Ok = true;
    for (const IniPiece &P : St->Pieces) {
      PieceDef D;
      D.Name = P.Type.str();
      D.Identifier = identifierFor(D.Name);
      D.Letter = std::toupper((unsigned char)P.Letter);
      D.Royal = P.Type == "king";
      D.File = User ? UserName : std::string(BuiltinName);
      auto Own = predefinedPieces().find(P.Type.str());
      D.AsFairyStockfish = FairyStockfishPiece{
          P.Type.str(), P.Betza.str(),
          Own != predefinedPieces().end() && Own->second == P.Betza};
      PieceMovement M;
      M.Notation = findNotation("betza");
      M.Text = P.Betza.str();
      if (P.From && P.From->Value.size() >= 2 &&
          P.From->Value.drop_front(2) == P.Betza) {
        // The Betza string after "x:", located where it is written.
        size_t Begin = P.From->ValueBegin + 2;
        std::vector<size_t> Offsets;
        for (size_t I = 0; I <= P.Betza.size(); ++I)
          Offsets.push_back(Begin + I);
        unsigned In = buffer(P.From->Builtin);
        M.Buffer = Diags->addEmbeddedBuffer(P.Betza, In, Offsets, false);
        M.Range = Diags->range(In, Begin, Begin + P.Betza.size());
      } else {
        M.Buffer =
            Diags->addBuffer(P.Betza, "<Fairy-Stockfish's " + D.Name + ">");
      }
      FrontendOptions FOpts;
      FOpts.XBoardBetza = Opts.XBoardBetza;
      FOpts.FairyStockfishLetters = true; // what Fairy-Stockfish reads
      FOpts.BoardWidth = Set.board().width();
      FOpts.BoardMaxSide = Set.board().maxSide();
      unsigned Before = Diags->errorCount();
      M.IR = M.Notation->Parse(*Diags, M.Buffer, FOpts);
      if (!M.IR || Diags->errorCount() != Before) {
        Ok = false;
        continue;
      }
      if (Rules.hasRules(P, *M.IR)) {
        // Each side's moves with the section's rules, in the IR notation.
        for (int Black = 0; Black < 2; ++Black) {
          PieceMovement R;
          R.Side = Black ? Color::Black : Color::White;
          R.Notation = findNotation("ir");
          R.IR = Rules.withRules(Set, P, M.IR, Black);
          R.Text = printIRInline(*R.IR);
          R.Buffer = Diags->addBuffer(R.Text, "<the rules of [" + Variant +
                                                  "] for " + D.Name + ">");
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
    carryRules(Set);
    return Set;
  }

  /// Whether a piece of the section can promote: a pawn (Fairy-Stockfish's
  /// default promotionPawnTypes) or a type the rules name.
  bool somethingPromotes() const {
    for (const IniPiece &P : St->Pieces)
      if (P.Type == "pawn")
        return true;
    for (const Entry *E : St->carried())
      if ((E->Key.startswith("promotionPawnTypes") ||
           E->Key == "promotedPieceType" || E->Key == "pawnTypes") &&
          E->Value.trim() != "-" && !E->Value.trim().empty())
        return true;
    return false;
  }

  /// The rule \p E as the set carries it, located where it is written.
  GameRule located(const Entry &E) {
    unsigned In = buffer(E.Builtin);
    return {E.Key.str(), E.Value.str(),
            Diags->range(In, E.KeyBegin, E.ValueBegin + E.Value.size())};
  }

  /// What an export needs to write the section back: its start FEN as
  /// written, every rule fairyc carries without modelling, and the regions
  /// the section and its parents leave, resolved (those that differ from
  /// a section without a parent).
  void carryRules(PieceSet &Set) {
    Set.Imported = true;
    if (St->StartFenFrom)
      Set.setRule(located(*St->StartFenFrom));
    else
      Set.setRule({"startFen", St->startFen().str(), {}});
    for (const Entry *E : St->carried()) {
      GameRule R = located(*E);
      if (isPieceSetKey(E->Key))
        R.Value = retargeted(*E, E->Value);
      Set.setRule(std::move(R));
    }
    // Fairy-Stockfish sets these per piece type over the parent's: the
    // entries of every section of the chain, by piece, the newest last.
    for (const char *Key : {"promotedPieceType", "promotionLimit"}) {
      std::vector<const Entry *> Chain = St->carriedAll(Key);
      if (Chain.empty())
        continue;
      std::vector<std::pair<std::string, std::string>> ByPiece;
      for (const Entry *E : Chain) {
        std::string Value = retargeted(*E, E->Value);
        llvm::SmallVector<StringRef, 16> Words;
        StringRef(Value).split(Words, ' ', -1, false);
        for (StringRef W : Words) {
          std::string Piece = W.split(':').first.lower();
          auto Old = std::find_if(ByPiece.begin(), ByPiece.end(),
                                  [&](auto &P) { return P.first == Piece; });
          if (Old != ByPiece.end())
            Old->second = W.str();
          else
            ByPiece.push_back({Piece, W.str()});
        }
      }
      GameRule R = located(*Chain.back());
      R.Value.clear();
      for (auto &[Piece, Word] : ByPiece)
        R.Value += (R.Value.empty() ? "" : " ") + Word;
      Set.setRule(std::move(R));
    }
    static const RuleState Default;
    auto Derived = [&](std::string Key, std::string Value) {
      Set.setRule({std::move(Key), std::move(Value), {}});
    };
    const char *Sides[2] = {"White", "Black"};
    if (!St->DoubleStep)
      Derived("doubleStep", "false");
    for (int Black = 0; Black < 2; ++Black) {
      std::string Side = Sides[Black];
      if (St->DoubleStep &&
          St->DoubleStepRegion[Black] != Default.DoubleStepRegion[Black])
        Derived("doubleStepRegion" + Side,
                regionText(St->DoubleStepRegion[Black]));
      if (St->TripleStepRegion[Black].any())
        Derived("tripleStepRegion" + Side,
                regionText(St->TripleStepRegion[Black]));
      if (St->PromotionRegion[Black] != Default.PromotionRegion[Black])
        Derived("promotionRegion" + Side,
                regionText(St->PromotionRegion[Black]));
    }
    for (const IniPiece &P : St->Pieces)
      for (int Black = 0; Black < 2; ++Black)
        if (const Region *R = St->mobility(Black, P.Type)) {
          std::string Type = P.Type.str();
          Type[0] = std::toupper((unsigned char)Type[0]);
          Derived(std::string("mobilityRegion") + Sides[Black] + Type,
                  regionText(*R));
        }
    if (St->DiagonalLines.any())
      Derived("diagonalLines", regionText(St->DiagonalLines));
    if (St->SoldierPromotionRank != Default.SoldierPromotionRank)
      Derived("soldierPromotionRank", std::to_string(St->SoldierPromotionRank));
    if (St->CambodianMoves)
      Derived("cambodianMoves", "true");
    // What no key of Fairy-Stockfish's says; the value says why.
    for (const UnsupportedNode *N = St->Uncarried; N; N = N->Prev) {
      GameRule R = located(*N->E);
      R.Value = "a drop needs no piece in hand";
      Set.Uncarried.push_back(std::move(R));
    }
    if (St->KingTypeFrom && St->DiagonalLines.any()) {
      GameRule R = located(*St->KingTypeFrom);
      R.Value = "the king moves as Fairy-Stockfish's built-in " +
                St->KingType.str() +
                " type, which alone steps along the palace's diagonal "
                "lines; a section without a parent can only make it a "
                "custom royal piece (king = k:" +
                predefinedPieces().at(St->KingType.str()) + "), which does not";
      Set.Uncarried.push_back(std::move(R));
    }
  }

  /// Whether \p Key's value names piece types by their letters.
  static bool isPieceSetKey(StringRef Key) {
    for (const char *K :
         {"pawnTypes", "promotionPawnTypes", "promotionPieceTypes",
          "enPassantTypes", "castlingKingPiece", "castlingRookPiece",
          "mustDropType", "dropNoDoubled", "blastImmuneTypes",
          "mutuallyImmuneTypes", "petrifyOnCaptureTypes", "nMoveRuleTypes",
          "extinctionPieceTypes", "flagPiece", "connectPieceTypes",
          "promotedPieceType", "promotionLimit"})
      if (Key.startswith(K))
        return true;
    return false;
  }

  /// \p Value, of entry \p E, with each piece letter naming the piece type
  /// it named where \p E is written: a letter that a later section gave to
  /// another type (dragon-chess's custom rook takes 'r', which chess's
  /// promotionPieceTypes meant as the rook) is dropped, and one whose type
  /// took another letter gets that letter. Words of letter pairs
  /// ("p:g", "q:1") keep their other part; a word whose piece is gone is
  /// dropped.
  std::string retargeted(const Entry &E, StringRef Value) {
    auto It = Resolved.find(E.In);
    if (!E.In || It == Resolved.end() || !It->second.S || It->second.S == St)
      return Value.str();
    const RuleState &Then = *It->second.S;
    auto Now = [&](char Letter) -> std::optional<char> {
      if (!std::isalpha((unsigned char)Letter))
        return Letter; // '*', '-'
      for (const IniPiece &P : Then.Pieces)
        if (std::tolower(P.Letter) == std::tolower(Letter)) {
          for (const IniPiece &Q : St->Pieces)
            if (Q.Type == P.Type)
              return std::isupper((unsigned char)Letter)
                         ? char(std::toupper(Q.Letter))
                         : char(std::tolower(Q.Letter));
          return std::nullopt;
        }
      return std::nullopt;
    };
    std::string Out;
    if (Value.contains(':')) {
      llvm::SmallVector<StringRef, 16> Words;
      Value.split(Words, ' ', -1, false);
      for (StringRef W : Words) {
        auto [Piece, Rest] = W.split(':');
        if (Piece.size() != 1)
          continue;
        auto L = Now(Piece[0]);
        std::string To = Rest.str();
        if (E.Key == "promotedPieceType" && Rest.size() == 1) {
          auto T = Now(Rest[0]);
          if (!T)
            continue;
          To = std::string(1, *T);
        }
        if (!L)
          continue;
        Out += (Out.empty() ? "" : " ") + std::string(1, *L) + ":" + To;
      }
      return Out;
    }
    for (char C : Value)
      if (C == ' ')
        Out += C;
      else if (auto L = Now(C))
        Out += *L;
    Out = StringRef(Out).trim().str();
    return Out.empty() ? "-" : Out;
  }

  /// A region as Fairy-Stockfish reads one: "*3" for a whole rank, "c5"
  /// for a square, "-" for none.
  static std::string regionText(const Region &R) {
    std::string Out;
    for (int Rank = 1; Rank <= RegionRanks; ++Rank) {
      Region Whole = rankRegion(Rank);
      if ((R & Whole) == Whole) {
        Out += (Out.empty() ? "*" : " *") + std::to_string(Rank);
        continue;
      }
      for (int File = 0; File < RegionFiles; ++File)
        if (R.test(File + RegionFiles * (Rank - 1)))
          Out += (Out.empty() ? "" : " ") + std::string(1, char('a' + File)) +
                 std::to_string(Rank);
    }
    return Out.empty() ? "-" : Out;
  }

  /// The section's startFen on the set's board: its placement (pockets in
  /// [] left out, walls as holes) and side to move. One that cannot be read
  /// is warned about where a user's file states it; a built-in one (with
  /// promoted pieces, say) leaves the reason for --position=start.
  void startPosition(PieceSet &Set) {
    StringRef Fen = St->startFen();
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
      if (!St->StartFenFrom)
        return;
      Set.StartUnreadable = "the start position '" + Fen.str() +
                            "' cannot be read (" + Error + ")";
      if (St->StartFenFrom->Builtin)
        return;
      size_t At = St->StartFenFrom->ValueBegin;
      unsigned In = buffer(false);
      Diags->warning(Warning::UnsupportedRule, Diags->loc(In, At),
                     Set.StartUnreadable +
                         "; --position=start is not available",
                     {Diags->range(In, At, At + Fen.size())});
      return;
    }
    Set.Start = std::move(*P);
    Set.StartFEN = Text;
  }
};

/// One line per section, as listVariantsIni documents: resolved over the
/// kept states of their parents, and each piece's Betza string parsed once
/// per board size however many sections keep it. Nothing is printed
/// through Diags: errors are located by the texts' own line tables.
std::string VariantsIniImporter::Impl::list() {
  struct Parsed {
    bool Ok;
    std::string Message; ///< the first error's; empty if none was said
    unsigned Line;       ///< its line in the Betza text
  };
  std::map<std::string, Parsed> Parses;
  auto Parse = [&](StringRef Betza, int Width, int MaxSide) -> const Parsed & {
    std::string Key =
        fmt::format("{}x{}:{}", Width, MaxSide, std::string_view(Betza));
    auto It = Parses.find(Key);
    if (It != Parses.end())
      return It->second;
    DiagnosticEngine One(nullptr);
    FrontendOptions FOpts;
    FOpts.XBoardBetza = Opts.XBoardBetza;
    FOpts.FairyStockfishLetters = true;
    FOpts.BoardWidth = Width;
    FOpts.BoardMaxSide = MaxSide;
    NodeRef IR = findNotation("betza")->Parse(
        One, One.addBuffer(Betza, "<betza>"), FOpts);
    Parsed P{IR && One.errorCount() == 0, "", 0};
    for (const Diagnostic &D : One.diagnostics())
      if (D.Kind == llvm::SourceMgr::DK_Error) {
        P.Ok = false;
        P.Message = D.Message;
        P.Line = D.Line;
        break;
      }
    return Parses.emplace(Key, std::move(P)).first->second;
  };
  auto TextOf = [&](bool Builtin) -> const IniText & {
    return Builtin ? builtinVariants() : *User;
  };

  std::string Out;
  for (const Section &Listed : listed().sections()) {
    // Each section on its own: one that cannot be imported is listed with
    // the first error, and the others still are. A name given twice is
    // the later section.
    const Section &S = *find(Listed.Name);
    std::string Head =
        "[" + escapeForTerminal(S.Name.str()) +
        (S.Parent.empty() ? "" : ":" + escapeForTerminal(S.Parent.str())) + "]";
    auto CannotBe = [&](unsigned Line, const std::string &Message) {
      Out += Head + " cannot be imported";
      if (!Message.empty())
        Out += fmt::format(" (line {}: {})", Line, escapeForTerminal(Message));
      Out += "\n";
    };
    Outcome O = resolve(S);
    if (O.F) {
      CannotBe(TextOf(O.F->Builtin).lineOf(O.F->Begin), O.F->Message);
      continue;
    }
    const RuleState &R = *O.S;
    std::string Error;
    Board B = Opts.BoardOverride ? *Opts.BoardOverride
                                 : *Board::make(R.Files, R.Ranks, 1, Error);
    std::string Pieces;
    const Parsed *Bad = nullptr;
    unsigned BadLine = 0;
    for (const IniPiece &P : R.Pieces) {
      const Parsed &Result = Parse(P.Betza, B.width(), B.maxSide());
      if (!Result.Ok) {
        // Where a diagnostic of the piece is shown: the Betza string in
        // its entry, else a text of its own.
        bool Embedded = P.From && P.From->Value.size() > 2 &&
                        P.From->Value.drop_front(2) == P.Betza;
        Bad = &Result;
        BadLine = Embedded && Result.Line
                      ? TextOf(P.From->Builtin).lineOf(P.From->ValueBegin)
                      : Result.Line;
        break;
      }
      Pieces += (Pieces.empty() ? "" : ", ") + escapeForTerminal(P.Type.str()) +
                " (" + std::string(1, (char)std::toupper(P.Letter)) + ")";
    }
    if (Bad) {
      CannotBe(BadLine, Bad->Message);
      continue;
    }
    Out += Head + " " + B.str() + ": " +
           (Pieces.empty() ? "no pieces" : Pieces) + "\n";
  }
  return Out;
}

VariantsIniImporter::VariantsIniImporter(DiagnosticEngine &Diags,
                                         const std::string &Text,
                                         const std::string &Name,
                                         const PieceFileOptions &Opts)
    : I(std::make_unique<Impl>(&Diags, Text, Name, Opts)) {}

VariantsIniImporter::~VariantsIniImporter() = default;

const std::vector<VariantsIniImporter::SectionInfo> &
VariantsIniImporter::sections() const {
  return I->sections();
}

std::optional<PieceSet>
VariantsIniImporter::import(const std::string &Variant) {
  return I->import(Variant);
}

std::optional<PieceSet> fairy::importVariantsIni(DiagnosticEngine &Diags,
                                                 const std::string &Path,
                                                 const std::string &Variant,
                                                 const PieceFileOptions &Opts) {
  std::optional<std::string> Text;
  if (!Path.empty() && !(Text = readInput(Diags, Path)))
    return std::nullopt;
  return VariantsIniImporter::Impl(&Diags, std::move(Text), Path, Opts)
      .import(Variant);
}

std::optional<PieceSet> fairy::importVariantsIniText(
    DiagnosticEngine &Diags, const std::string &Text, const std::string &Name,
    const std::string &Variant, const PieceFileOptions &Opts) {
  return VariantsIniImporter(Diags, Text, Name, Opts).import(Variant);
}

std::vector<std::string> fairy::variantsIniSections(const std::string &Text) {
  std::vector<std::string> Out;
  IniText Split(Text, false);
  for (const Section &S : Split.sections())
    Out.push_back(S.Name.str());
  return Out;
}

std::vector<std::string> fairy::builtinVariantNames() {
  std::vector<std::string> Out;
  for (const Section &S : builtinVariants().sections())
    Out.push_back(S.Name.str());
  return Out;
}

std::optional<std::string>
fairy::listVariantsIni(DiagnosticEngine &Diags, const std::string &Path,
                       const PieceFileOptions &Opts) {
  std::optional<std::string> Text;
  if (!Path.empty() && !(Text = readInput(Diags, Path)))
    return std::nullopt;
  return VariantsIniImporter::Impl(nullptr, std::move(Text), Path, Opts).list();
}
