//===- EmitVariantsIni.cpp - --emit=variants-ini --------------------------===//
//
// --emit=variants-ini: the set as one Fairy-Stockfish section that plays the
// same game in Fairy-Stockfish. The section has no parent, so it states
// everything: the board, every piece under the key Fairy-Stockfish has for
// it, the start position as the set has it (walls '*', promoted pieces
// '+X', pockets, the side to move) and the game's rules.
//
// Two kinds of set come here:
//  * an imported section (--import, --variant): its pieces are written back
//    as the section (or Fairy-Stockfish's built-in variant) wrote them, and
//    its rules -- the regions it resolved and every key fairyc carries
//    without modelling -- as the import kept them (PieceSet::Rules), so
//    the export is the same game by construction;
//  * a piece file: each piece is matched to Fairy-Stockfish's keys -- the
//    royal piece as `king` (k:BETZA when it is not a plain king), a
//    predefined type (`pawn`, `knight`, ...) where the moves are equal,
//    else a custom piece in Betza -- and the file's rules are written:
//    initial moves as the double-step region (Fairy-Stockfish reads Betza
//    'i' as "from that region"), the promotion zone, `promote`, `castling`
//    and `drops` statements, and its `variants-ini { }` block verbatim.
//
// What cannot be carried is a located warning, never silence: a piece
// outside Fairy-Stockfish's reading (moves it cannot write, several royal
// pieces, more than 25 custom pieces) is left out (-Wpiece-not-written),
// and from the start position too; a promotion zone with no piece that
// promotes is -Wrule-not-written. With -fno-keep-going a piece left out is
// an error and nothing is written.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"

#include "fairy/Backend/Compilation.h"
#include "fairy/Backend/PieceViews.h"

#include "fairy/IR/Builder.h"
#include "fairy/IR/IRParser.h"
#include "fairy/IR/Printer.h"
#include "fairy/Notation/BetzaWriter.h"
#include "fairy/Support/Escape.h"
#include "fairy/Transforms/Pass.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

using namespace fairy;

namespace {

/// The letters Fairy-Stockfish's Betza reader knows (piece.cpp).
bool withinFairyStockfish(const std::string &Betza) {
  for (char C : Betza)
    if (!std::isdigit((unsigned char)C) &&
        !std::strchr("mcpgnifblrsvhWFDNAHCZGKRBQe", C))
      return false;
  return true;
}

/// A region as Fairy-Stockfish writes it: squares, or "-" for none.
std::string squares(const Board &B, const SquareSet &S) {
  std::string Out = squareNames(B, S, " ");
  return Out.empty() ? "-" : Out;
}

/// A section name made of the game's title: lower case, '-' for the rest;
/// one that names a built-in variant of Fairy-Stockfish gets "-fairyc"
/// (Fairy-Stockfish refuses a section of a built-in variant's name and
/// plays its own).
std::string sectionName(const PieceSet &Set) {
  std::string Name;
  for (char C : Set.Title)
    Name += std::isalnum((unsigned char)C) ? char(std::tolower(C)) : '-';
  if (Name.empty())
    return "fairyc";
  for (const std::string &Builtin : builtinVariantNames())
    if (Builtin == Name)
      return Name + "-fairyc";
  return Name;
}

/// \p Placement (a FEN's ranks, pockets in [] kept) with the pieces whose
/// letters (either case) are in \p Gone replaced by empty squares, and
/// taken out of the pockets.
std::string withoutPieces(const std::string &Placement,
                          const std::string &Gone) {
  if (Gone.empty())
    return Placement;
  auto IsGone = [&](char C) {
    return std::isalpha((unsigned char)C) &&
           Gone.find(char(std::toupper((unsigned char)C))) != std::string::npos;
  };
  std::string Out;
  int Empty = 0;
  bool InPocket = false;
  auto Flush = [&] {
    if (Empty)
      Out += std::to_string(Empty);
    Empty = 0;
  };
  for (size_t I = 0; I < Placement.size(); ++I) {
    char C = Placement[I];
    if (InPocket) {
      InPocket = C != ']';
      if (!IsGone(C))
        Out += C;
    } else if (std::isdigit((unsigned char)C)) {
      int N = 0;
      while (I < Placement.size() && std::isdigit((unsigned char)Placement[I]))
        N = std::min(N * 10 + (Placement[I++] - '0'), 1000);
      --I;
      Empty += N;
    } else if (IsGone(C)) {
      ++Empty;
      // A promoted piece ("+P") that is left out leaves no '+' behind.
      if (!Out.empty() && Out.back() == '+') {
        Out.pop_back();
      }
    } else {
      Flush();
      InPocket = C == '[';
      Out += C;
    }
  }
  Flush();
  return Out;
}

/// The moves of \p N in a form where equal movesets compare equal.
std::string canonical(const NodeRef &N) { return printIR(*optimize(N, 2, {})); }

/// Fairy-Stockfish's predefined piece types by their moves (canonical IR)
/// on the board of \p Opts; the pawn with its double step (Fairy-Stockfish
/// gives it from the double-step region, which the export sets to the
/// squares where pieces with initial moves start).
std::map<std::string, std::string> predefinedByMoves(FrontendOptions Opts) {
  std::map<std::string, std::string> Out;
  for (auto [Type, Own] : fairyStockfishPieceTypes()) {
    // The king is the royal piece's key; the janggi cannon has a rule of
    // its own (no cannon as its hurdle).
    if (Type == "king" || Type == "janggiCannon")
      continue;
    std::string Betza = Type == "pawn" ? Own + "ifmnD" : Own;
    DiagnosticEngine Quiet(nullptr);
    unsigned Buffer = Quiet.addBuffer(Betza, Type);
    if (NodeRef IR = parseBetza(Quiet, Buffer, Opts);
        IR && !Quiet.errorCount()) {
      Out.emplace(canonical(IR), Type);
      std::string Why;
      if (auto Written = irToBetza(IR, Why, Opts, BetzaStyle::XBetza))
        Out.emplace("betza " + *Written, Type);
    }
  }
  return Out;
}

/// The FEN fields after the placement: side to move, castling rights, en
/// passant square, counters, as \p Given has them (a start statement may
/// give only the placement, or the side too); castling rights "KQkq" when
/// the game has castling and \p Given says none.
std::string fenFields(const std::string &Given, bool Castling) {
  llvm::SmallVector<llvm::StringRef, 6> Fields;
  llvm::StringRef(Given).split(Fields, ' ', -1, false);
  std::string Out;
  const char *Defaults[] = {"w", Castling ? "KQkq" : "-", "-", "0", "1"};
  for (size_t I = 0; I < 5; ++I)
    Out += " " + (I < Fields.size() ? Fields[I].str() : Defaults[I]);
  for (size_t I = 5; I < Fields.size(); ++I)
    Out += " " + Fields[I].str();
  return Out;
}

/// \p N without a mobility region: seq(X, guard<zone Z>(seq())) -- the
/// moves of X that end in zone Z, as the import writes Fairy-Stockfish's
/// mobility regions -- is X, with Z in \p Zone (0 when there is none).
NodeRef peelMobility(NodeRef N, int &Zone) {
  Zone = 0;
  while (N->is(NodeKind::Alt) && N->children().size() == 1)
    N = N->children().front();
  if (!N->is(NodeKind::Seq) || N->children().size() < 2)
    return N;
  const NodeRef &Last = N->children().back();
  if (!Last->is(NodeKind::Guard) || Last->guard().K != GuardPredicate::Zone ||
      Last->guard().Negated || !Last->operand()->isEmptyPath())
    return N;
  Zone = Last->guard().ZoneId;
  return ir::seqFlat({N->children().begin(), N->children().end() - 1});
}

/// The ranks of \p Zone, if it is the whole ranks from \p From to \p To.
bool isRanks(const Board &B, const SquareSet &Zone, int From, int To) {
  for (unsigned Sq : B.squares().toVector()) {
    int Rank = B.coord(Sq).y + 1;
    if (Zone.test(Sq) != (Rank >= From && Rank <= To))
      return false;
  }
  return true;
}

/// The rank from which \p White (a piece's moves) are Fairy-Stockfish's
/// soldier's -- a step forward, and sideways from its soldierPromotionRank
/// on -- with \p Black's zone the mirror; 0 when they are not.
int soldierRank(const PieceSet &Set, const NodeRef &White,
                const NodeRef &Black) {
  const Board &B = Set.board();
  // The sideways steps' zone: the one guard<zone Z> of White's moves.
  auto ZoneOf = [](const NodeRef &N) {
    int Zone = 0;
    std::vector<const Node *> Work = {N.get()};
    while (!Work.empty()) {
      const Node *At = Work.back();
      Work.pop_back();
      if (At->is(NodeKind::Guard) && At->guard().K == GuardPredicate::Zone)
        Zone = At->guard().ZoneId;
      for (const NodeRef &C : At->children())
        Work.push_back(C.get());
    }
    return Zone;
  };
  int ZW = ZoneOf(White), ZB = ZoneOf(Black);
  auto W = Set.Zones.find(ZW), Bl = Set.Zones.find(ZB);
  if (!ZW || !ZB || W == Set.Zones.end() || Bl == Set.Zones.end())
    return 0;
  auto Soldier = [&](int Zone) {
    DiagnosticEngine Quiet(nullptr);
    std::string Text = "alt(guard<zone " + std::to_string(Zone) +
                       ">(sym<lr>(leg(1,0; notfriend))), leg(0,1; notfriend))";
    unsigned Buffer = Quiet.addBuffer(Text, "soldier");
    NodeRef IR = parseIR(Quiet, Buffer);
    return IR ? canonical(IR) : std::string();
  };
  if (canonical(White) != Soldier(ZW) || canonical(Black) != Soldier(ZB))
    return 0;
  for (int Rank = 2; Rank <= B.height(); ++Rank)
    if (isRanks(B, W->second, Rank, B.height()) &&
        isRanks(B, Bl->second, 1, B.height() + 1 - Rank))
      return Rank;
  return 0;
}

/// The pieces and rules of a section being written.
struct Section {
  std::string Pieces, Royal, Gone, Written;
  int Custom = 0;
  /// The predefined types given to pieces so far.
  std::set<std::string> Types;
  /// The soldier's soldierPromotionRank, once a piece is the soldier.
  int Soldier = 0;
  /// The pieces with initial moves (the double-step region's).
  std::vector<const PieceDef *> Initial;
  /// Keys the export derives (board, regions); the set's rules come after
  /// and replace one of the same key.
  std::vector<std::pair<std::string, std::string>> Keys;
  void key(std::string K, std::string V) {
    for (auto &Old : Keys)
      if (Old.first == K) {
        Old.second = std::move(V);
        return;
      }
    Keys.emplace_back(std::move(K), std::move(V));
  }
};

/// Adds \p D to \p S under the key Fairy-Stockfish has for it; why it
/// cannot be written, if it cannot.
std::optional<std::string>
writePiece(Compilation &C, Section &S, const PieceDef &D,
           const std::map<std::string, std::string> &Predefined) {
  char L = char(std::tolower((unsigned char)D.Letter));
  std::string Letter(1, L);
  if (const auto &FSF = D.AsFairyStockfish) {
    // As the imported section wrote it.
    bool Custom = llvm::StringRef(FSF->Type).startswith("customPiece");
    std::string Value = Letter;
    if (!FSF->TypesOwnMoves)
      Value += ":" + FSF->Betza;
    (FSF->Type == "king" ? S.Royal : S.Pieces) +=
        FSF->Type + " = " + Value + "\n";
    if (Custom)
      ++S.Custom;
    return std::nullopt;
  }
  // Each side's moves, and where they must end (a mobility region).
  int Region[2];
  NodeRef Raw[2] = {peelMobility(D.movesFor(Color::White), Region[0]),
                    peelMobility(D.movesFor(Color::Black), Region[1])};
  NodeRef White = optimize(Raw[0], C.Inv.OptLevel, {});
  NodeRef Black = optimize(Raw[1], C.Inv.OptLevel, {});
  std::string Moves = canonical(White);
  int Soldier = 0;
  if (D.hasSideSpecificMoves() && canonical(Black) != Moves) {
    Soldier = soldierRank(C.set(), Raw[0], Raw[1]);
    if (!Soldier)
      return std::string("Fairy-Stockfish's pieces move alike for both "
                         "sides (Black's turned half round), and this "
                         "one's sides differ");
    // Fairy-Stockfish's soldier: fsW, its sideways steps from the rank.
    DiagnosticEngine Quiet(nullptr);
    unsigned Buffer = Quiet.addBuffer("fsW", "soldier");
    White = parseBetza(Quiet, Buffer, FrontendOptions());
    Moves = canonical(White);
  }
  std::string Why;
  // Fairy-Stockfish reads no bracket chains.
  auto Betza = irToBetza(White, Why, {}, BetzaStyle::XBetza);
  if (!Betza)
    return "its moves cannot be written in Betza (" + Why + ")";
  if (!withinFairyStockfish(*Betza))
    return "its Betza, '" + *Betza +
           "', is outside what Fairy-Stockfish reads (one-leg moves of "
           "its atoms with m c p g n i and directions)";
  // Equal moves: the same canonical IR, or the same Betza written (which
  // reads back to the moves of each).
  auto Type = Predefined.find(Moves);
  if (Type == Predefined.end())
    Type = Predefined.find("betza " + *Betza);
  std::optional<std::string> TypeName;
  if (Type != Predefined.end())
    TypeName = Type->second;
  if (Soldier) {
    if (S.Soldier)
      return std::string("Fairy-Stockfish has one soldier type, and its "
                         "rank is another piece's");
    S.Soldier = Soldier;
    TypeName = "soldier";
  }
  // A type given to one piece already (shogi's gold and tokin move alike):
  // the other is a custom piece.
  if (!D.Royal && TypeName && !S.Types.insert(*TypeName).second)
    TypeName.reset();
  std::string Key;
  if (D.Royal) {
    if (!S.Royal.empty())
      return std::string("Fairy-Stockfish has one royal piece, the king");
    bool PlainKing = TypeName == std::string("commoner");
    S.Royal = "king = " + Letter + (PlainKing ? "" : ":" + *Betza) + "\n";
    Key = "king";
  } else if (TypeName) {
    S.Pieces +=
        "# " + escapeForIni(D.Name) + "\n" + *TypeName + " = " + Letter + "\n";
    Key = *TypeName;
  } else {
    if (S.Custom == 25)
      return std::string("Fairy-Stockfish has 25 custom pieces at most");
    Key = "customPiece" + std::to_string(++S.Custom);
    S.Pieces += "# " + escapeForIni(D.Name) + "\n" + Key + " = " + Letter +
                ":" + *Betza + "\n";
  }
  if (Soldier)
    S.key("soldierPromotionRank", std::to_string(Soldier));
  // Where the piece's moves must end: its type's mobility region.
  Key[0] = char(std::toupper((unsigned char)Key[0]));
  for (int Side = 0; Side < 2; ++Side)
    if (auto Zone = C.set().Zones.find(Region[Side]);
        Region[Side] && Zone != C.set().Zones.end())
      S.key(std::string("mobilityRegion") + (Side ? "Black" : "White") + Key,
            squares(C.set().board(), Zone->second));
  if (usesGuard(*White, GuardPredicate::Initial))
    S.Initial.push_back(&D);
  return std::nullopt;
}

/// The keys a piece file's set leaves to the export: the double-step
/// region of its initial moves, the promotion zones, castling off unless
/// stated (Fairy-Stockfish's default is on).
void pieceFileRules(Compilation &C, Section &S) {
  const PieceSet &Set = C.set();
  const Board &B = Set.board();
  // Initial moves are Fairy-Stockfish's double-step moves: from the squares
  // the pieces that have them start on.
  SquareSet Region[2] = {SquareSet(B.numSquares()), SquareSet(B.numSquares())};
  if (Set.Start)
    for (unsigned Sq : B.squares().toVector()) {
      const Occupant &O = Set.Start->at(Sq);
      for (const PieceDef *D : S.Initial)
        if (O.Present && O.Type == D->Letter)
          Region[(int)O.Side].set(Sq);
    }
  else if (!S.Initial.empty())
    C.Diags.warning(Warning::RuleNotWritten, S.Initial.front()->NameRange.Start,
                    "without a start position, the initial moves of '" +
                        S.Initial.front()->Name +
                        "' are Fairy-Stockfish's: from ranks 2 and 7 (its "
                        "default double-step region)",
                    {S.Initial.front()->NameRange});
  if (Set.Start || S.Initial.empty()) {
    S.key("doubleStepRegionWhite", squares(B, Region[0]));
    S.key("doubleStepRegionBlack", squares(B, Region[1]));
  }
  for (int Side = 0; Side < 2; ++Side)
    S.key(std::string("promotionRegion") + (Side ? "Black" : "White"),
          Set.Promotion[Side] ? squares(B, *Set.Promotion[Side]) : "-");
  if (!Set.rule("castling"))
    S.key("castling", "false");
}

/// A promotion zone with no written piece that promotes into it: the
/// pawn type promotes by default, any other only when promotionPawnTypes
/// names it.
void checkPromotion(Compilation &C, const Section &S) {
  const PieceSet &Set = C.set();
  if (Set.Imported || Set.rule("promotionPawnTypes") ||
      Set.rule("promotedPieceType") ||
      (!Set.Promotion[0] && !Set.Promotion[1]) ||
      S.Pieces.find("\npawn = ") != std::string::npos ||
      S.Pieces.rfind("pawn = ", 0) == 0)
    return;
  C.Diags.warning(Warning::RuleNotWritten, Set.PromotionRange.Start,
                  "the set has a promotion zone, but no piece promotes in "
                  "the variants.ini section (Fairy-Stockfish promotes its "
                  "pawn type only): say which pieces promote, and to what, "
                  "with 'promote P to Q R B N;' in the piece file",
                  {Set.PromotionRange});
}

std::optional<std::string> pieceSet(Compilation &C) {
  DiagnosticEngine &Diags = C.Diags;
  const PieceSet &Set = C.set();
  const Board &B = Set.board();
  auto Refuse = [&](const std::string &Why) {
    Diags.error("cannot write a variants.ini section: " + Why);
    return std::nullopt;
  };
  if (B.depth() != 1 || B.width() > 12 || B.height() > 10) {
    std::string Why = "Fairy-Stockfish's boards are flat and at most 12x10 "
                      "(this one is " +
                      B.str() + ")";
    if (!Set.BoardRange.isValid())
      return Refuse(Why);
    Diags.error(Set.BoardRange.Start,
                "cannot write a variants.ini section: " + Why,
                {Set.BoardRange});
    return std::nullopt;
  }
  FrontendOptions Opts;
  Opts.BoardWidth = B.width();
  Opts.BoardMaxSide = B.maxSide();
  std::map<std::string, std::string> Predefined;
  if (!Set.Imported)
    Predefined = predefinedByMoves(Opts);
  Section S;
  for (const PieceDef &D : Set.Pieces) {
    auto Why = writePiece(C, S, D, Predefined);
    if (!Why) {
      S.Written += (S.Written.empty() ? "" : ", ") + escapeForIni(D.Name);
      continue;
    }
    if (!C.Inv.KeepGoing) {
      Diags.error(D.NameRange.Start,
                  "cannot write '" + D.Name +
                      "' in a variants.ini section: " + *Why,
                  {D.NameRange});
      return std::nullopt;
    }
    leftOut(Diags, D, D.Name, "the variants.ini section", *Why);
    S.Gone += D.Letter;
  }
  if (S.Written.empty())
    return Refuse("no piece of the set can be written in one");
  if (!Set.Imported)
    pieceFileRules(C, S);
  checkPromotion(C, S);
  for (const GameRule &R : Set.Uncarried)
    Diags.warning(Warning::RuleNotWritten, R.Range.Start,
                  "the rule '" + R.Key +
                      "' has no Fairy-Stockfish key, and the section's "
                      "game differs without it: " +
                      R.Value,
                  {R.Range});

  // The start position: as written (an import's startFen keeps its
  // pockets, promoted pieces and counters), else the set's; walls for the
  // squares the board lacks.
  std::string Fen;
  if (const GameRule *R = Set.rule("startFen")) {
    auto [Placement, Rest] = llvm::StringRef(R->Value).split(' ');
    Fen = withoutPieces(Placement.str(), S.Gone) +
          (Rest.empty() ? "" : " " + Rest.str());
  } else {
    std::string Placement;
    std::string Given;
    if (Set.Start) {
      auto [P, Rest] = llvm::StringRef(Set.StartFEN).split(' ');
      Placement = P.str();
      Given = Rest.str();
      if (B.squares().count() != B.numSquares())
        Placement = Set.Start->toFEN().substr(0, Set.Start->toFEN().find(' '));
    } else {
      Position Empty(B);
      Placement = Empty.toFEN();
      Placement = Placement.substr(0, Placement.find(' '));
    }
    Fen = withoutPieces(Placement, S.Gone) +
          fenFields(Given, Set.rule("castling") &&
                               Set.rule("castling")->Value == "true");
  }

  std::string Out = "# Generated by fairyc " FAIRY_VERSION
                    " --emit=variants-ini from " +
                    escapeForIni(C.source()) + " on " + B.str() + ".\n";
  if (!S.Gone.empty())
    Out += "# Pieces: " + S.Written +
           "; the others are left out, and from the start position.\n";
  Out += "[" + sectionName(Set) + "]\n";
  Out += "maxFile = " + std::to_string(B.width()) + "\n";
  Out += "maxRank = " + std::to_string(B.height()) + "\n";
  Out += S.Pieces + S.Royal;
  Out += "startFen = " + escapeForIni(Fen) + "\n";
  for (const GameRule &R : Set.Rules)
    if (R.Key != "startFen")
      S.key(R.Key, R.Value);
  for (const auto &[Key, Value] : S.Keys)
    Out += escapeForIni(Key) + " = " + escapeForIni(Value) + "\n";
  return Out;
}

} // namespace

const BackendInfo fairy::VariantsIniBackend = {
    "variants-ini", "a piece file as a Fairy-Stockfish variants.ini section",
    /*OnePiece=*/nullptr,
    /*RefusesOnePiece=*/
    "--emit=variants-ini writes a piece file as a Fairy-Stockfish section; "
    "give a piece file (.fairy, -x pieces) or --import",
    /*PieceSet=*/pieceSet,
    /*RefusesPieceSet=*/nullptr,
    /*Position=*/nullptr,
    /*ManyInputs=*/false,
    /*ShowsOrigin=*/false,
    /*Options=*/"-O -fno-keep-going"};
