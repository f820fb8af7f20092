//===- BetzaFrontend.cpp - Betza text to IR -------------------------------===//
//
// ANTLR (grammar/Betza.g4) splits the string into groups; this file reads
// each group's letters the way Fairy-Stockfish's from_betza does (modifier
// letters in any order, direction letters paired with the next one when
// they can be, one range digit, a doubled atom as an unlimited rider), or,
// with --betza=xboard, the way XBoard does where the two differ. XBetza's
// 'a' splits a group's letters into legs. Everything Fairy-Stockfish would
// silently ignore or turn into no moves, and every XBetza letter fairyc
// cannot read, is reported with its place in the string.
// BetzaLowering.cpp and BetzaLegs.cpp make the IR.
//
//===----------------------------------------------------------------------===//
#include "BetzaAST.h"
#include "BetzaFairyStockfish.h"

#include "fairy/IR/BoardShape.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Support/AntlrErrors.h"
#include "fairy/Support/TimeReport.h"

#include "BetzaLexer.h"
#include "BetzaParser.h"

#include <cctype>
#include <set>

using namespace fairy;
using namespace fairy::betza;
using namespace fairy::antlr_Betza;
using llvm::SMFixIt;

namespace {

std::string syntaxMessage(const SyntaxError &E) {
  if (E.FromLexer)
    return "unexpected character '" + E.Text +
           "'; Betza writes modifiers in lower case, atoms in upper case "
           "(W F D N A H C Z G K R B Q) and ranges with digits";
  if (E.RuleName == "repeat" && E.TokenType == antlr4::Token::EOF)
    return "the repetition is not closed; end it with ')' and a count, as "
           "in '(caf)6mkB'";
  if (E.RuleName == "repeat")
    return "a repetition is modifier letters in parentheses and a count, "
           "as in '(caf)6mkB'; '" +
           E.Text + "' does not belong there";
  if (E.TokenType == BetzaLexer::RPAREN)
    return "')' closes a repetition that was not opened; write it as "
           "'(caf)6mkB'";
  bool InChain = E.RuleName == "chain" || E.RuleName == "link";
  if (InChain && E.TokenType == antlr4::Token::EOF)
    return "the bracket chain is not closed; end it with ']', as in '[F?R]'";
  if (InChain)
    return "a bracket chain is atoms joined by '?' (the move may stop "
           "there) or '-' (it goes on), as in '[F?R]'; '" +
           E.Text + "' does not belong there";
  if (E.TokenType == BetzaLexer::LINK_SEP)
    return "'" + E.Text +
           "' joins the atoms of a bracket chain; write the chain in "
           "brackets, as in '[F?R]'";
  if (E.TokenType == BetzaLexer::RBRACKET)
    return "']' closes a bracket chain that was not opened; write it as "
           "'[F?R]'";
  if (E.TokenType == antlr4::Token::EOF)
    return "the modifiers before the end have no atom; write one after "
           "them, as in 'fmW'";
  if (E.TokenType == BetzaLexer::RANGE)
    return "a range belongs after an atom, as in 'W4'";
  return "unexpected '" + E.Text + "'";
}

bool isDirectionLetter(char C) { return std::strchr("fblrvsh", C) != nullptr; }
bool isVerticalLetter(char C) { return std::strchr("fbvh", C) != nullptr; }
bool isHorizontalLetter(char C) { return std::strchr("rlsh", C) != nullptr; }

bool isObliqueAtom(char A) { return std::strchr("NCZ", A) != nullptr; }
bool isLineAtom(char A) { return std::strchr("RBQ", A) != nullptr; }

/// Legs of a multi-leg move fairyc will build, at most (each leg after
/// the first multiplies the paths by its turns).
constexpr size_t MaxLegPaths = 20000;

/// Groups the repetitions of one group may make, at most.
constexpr size_t MaxRepeatGroups = 100;

class Reader : TokenSpans {
public:
  Reader(DiagnosticEngine &Diags, unsigned Buffer, const FrontendOptions &Opts)
      : TokenSpans(Diags, Buffer), Opts(Opts) {}

  bool read(BetzaParser::BetzaContext *Tree, std::vector<Group> &Out) {
    auto Groups = Tree->group();
    for (size_t I = 0; I < Groups.size(); ++I) {
      Group G;
      G.XBoard = Opts.XBoardBetza;
      G.BoardWidth = Opts.BoardWidth.value_or(0);
      G.MaxSteps = Opts.BoardMaxSide.value_or(BoardShape::MaxSide) - 1;
      if (!Groups[I]->repeat().empty()) {
        if (!readRepeats(Groups[I], G, Out))
          return false;
        continue;
      }
      if (Groups[I]->chain()) {
        if (!readChain(Groups[I], G, Out))
          return false;
        continue;
      }
      if (!readGroup(Groups[I], modifierTokens(Groups[I], {}), G))
        return false;
      bool Doubled =
          I + 1 < Groups.size() && Groups[I + 1]->MODIFIER().empty() &&
          Groups[I + 1]->repeat().empty() && Groups[I + 1]->ATOM() &&
          Groups[I + 1]->ATOM()->getText() == Groups[I]->ATOM()->getText() &&
          !Groups[I]->RANGE();
      // A doubled atom (NN) is an unlimited rider for Fairy-Stockfish;
      // XBoard reads the two letters as two leapers (the same one).
      if (Doubled && !G.XBoard) {
        if (Groups[I + 1]->RANGE()) {
          antlr4::Token *R = Groups[I + 1]->RANGE()->getSymbol();
          error(R, R,
                "a doubled atom is already an unlimited rider; it takes no "
                "range",
                {SMFixIt(range(R, R), "")});
          return false;
        }
        if (G.Legs.size() > 1 || G.Crooked || G.Circular) {
          antlr4::Token *A = Groups[I + 1]->ATOM()->getSymbol();
          error(A, A,
                "write the rider of a multi-leg, crooked or circular move "
                "with a range ('0' for no limit), not by doubling the atom");
          return false;
        }
        G.Range = 0;
        ++I;
      }
      Out.push_back(std::move(G));
    }
    return true;
  }

private:
  const FrontendOptions &Opts;

  /// Warnings already given, by place: a repeated letter warns once.
  std::set<size_t> Warned;

  /// Warning \p W at \p T, unless one was given there already (a letter
  /// inside a repetition is read once per copy).
  void warnOnce(Warning W, antlr4::Token *T, const std::string &Msg,
                std::vector<llvm::SMRange> Ranges,
                std::vector<llvm::SMFixIt> Fixes = {}) {
    if (Warned.insert(begin(T)).second)
      Diags.warning(W, Diags.loc(Buffer, begin(T)), Msg, Ranges, Fixes);
  }

  /// The modifier letters of \p Ctx in order, the letters of its I-th
  /// repetition written Counts[I] times.
  static std::vector<antlr4::Token *>
  modifierTokens(BetzaParser::GroupContext *Ctx,
                 const std::vector<int> &Counts) {
    std::vector<antlr4::Token *> Toks;
    size_t Repeat = 0;
    for (antlr4::tree::ParseTree *C : Ctx->children) {
      if (auto *R = dynamic_cast<BetzaParser::RepeatContext *>(C)) {
        for (int K = 0; K < Counts[Repeat]; ++K)
          for (auto *M : R->MODIFIER())
            Toks.push_back(M->getSymbol());
        ++Repeat;
        continue;
      }
      auto *T = dynamic_cast<antlr4::tree::TerminalNode *>(C);
      if (T && T->getSymbol()->getType() == BetzaLexer::MODIFIER)
        Toks.push_back(T->getSymbol());
    }
    return Toks;
  }

  /// The Interactive Diagram's repetition, '(caf)6mkB': the letters in
  /// parentheses written 0 to N times, each count one group. The letters
  /// must hold an 'a', so that each copy adds legs.
  bool readRepeats(BetzaParser::GroupContext *Ctx, const Group &Proto,
                   std::vector<Group> &Out) {
    std::vector<int> Most;
    size_t Groups = 1;
    for (auto *R : Ctx->repeat()) {
      antlr4::Token *Open = R->LPAREN()->getSymbol();
      antlr4::Token *Close = R->RPAREN()->getSymbol();
      antlr4::Token *Count = R->RANGE()->getSymbol();
      bool Legs = false;
      for (auto *M : R->MODIFIER())
        Legs |= M->getText() == "a";
      if (!Legs) {
        error(Open, Close,
              "a repetition repeats legs, so its letters hold an 'a', as in "
              "'(caf)6mkB'; letters repeated within one leg mean nothing "
              "more");
        return false;
      }
      std::string Digits = Count->getText();
      if (Digits.size() > 1 || Digits == "0") {
        error(Count, Count,
              "a repetition count is 1 to 9: the letters are written that "
              "many times at most");
        return false;
      }
      Most.push_back(std::stoi(Digits));
      Groups *= Most.back() + 1;
    }
    if (Groups > MaxRepeatGroups) {
      antlr4::Token *Open = Ctx->repeat()[0]->LPAREN()->getSymbol();
      error(Open, Open,
            "these repetitions make " + std::to_string(Groups) +
                " groups; fairyc stops at " + std::to_string(MaxRepeatGroups));
      return false;
    }
    if (Ctx->chain()) {
      antlr4::Token *Open = Ctx->repeat()[0]->LPAREN()->getSymbol();
      error(Open, Open,
            "a bracket chain takes no repetition; repeat XBetza legs, as "
            "in '(caf)6mkB'");
      return false;
    }
    // Every count from none to the most, the last repetition fastest.
    std::vector<int> Counts(Most.size(), 0);
    for (size_t N = 0; N < Groups; ++N) {
      size_t Rest = N;
      for (size_t I = Most.size(); I-- > 0;) {
        Counts[I] = int(Rest % (Most[I] + 1));
        Rest /= Most[I] + 1;
      }
      Group G = Proto;
      if (!readGroup(Ctx, modifierTokens(Ctx, Counts), G))
        return false;
      Out.push_back(std::move(G));
    }
    return true;
  }

  bool readGroup(BetzaParser::GroupContext *Ctx,
                 const std::vector<antlr4::Token *> &Toks, Group &G) {
    antlr4::Token *AtomTok = Ctx->ATOM()->getSymbol();
    char Atom = AtomTok->getText()[0];
    if (!readAtom(AtomTok, Atom, G))
      return false;
    if (isLineAtom(G.Atom))
      G.Range = 0; // unlimited unless a range is written
    // XBetza's 'a' separates legs; every other letter belongs to a leg,
    // except i o z q, which belong to the whole move.
    G.Legs.clear();
    size_t LegStart = 0;
    for (size_t I = 0; I <= Toks.size(); ++I) {
      if (I < Toks.size() && Toks[I]->getText()[0] != 'a')
        continue;
      G.Legs.push_back(Leg());
      if (!readLeg(Toks, LegStart, I, G))
        return false;
      LegStart = I + 1;
    }
    if (!readRange(Ctx, G))
      return false;
    return checkGroup(Toks, AtomTok, G);
  }

  /// The Interactive Diagram's bracket chain, '[F?R]': links of king-line
  /// atoms, each with its own letters and range, going on from the square
  /// the one before reached (BetzaChains.cpp has the semantics). The
  /// letters before '[' select moves by where they end (f b l r v s), say
  /// how the move ends (m c d) and whether it is initial (i).
  bool readChain(BetzaParser::GroupContext *Ctx, Group G,
                 std::vector<Group> &Out) {
    auto *Ch = Ctx->chain();
    auto Links = Ch->link();
    auto Seps = Ch->LINK_SEP();
    antlr4::Token *Open = Ch->LBRACKET()->getSymbol();
    if (Links.size() < 2) {
      error(Open, Ch->RBRACKET()->getSymbol(),
            "a bracket chain links two or more atoms, as in '[F?R]' (the "
            "griffon); a lone atom needs no brackets");
      return false;
    }
    auto C = std::make_shared<Chain>();
    for (auto *M : Ctx->MODIFIER()) {
      antlr4::Token *T = M->getSymbol();
      char L = T->getText()[0];
      if (std::strchr("fblrvs", L)) {
        if (C->Whole.find(L) == std::string::npos)
          C->Whole += L;
      } else if (L == 'm' || L == 'c' || L == 'd') {
        (L == 'm'   ? C->Ends.Move
         : L == 'c' ? C->Ends.Capture
                    : C->Ends.Destroy) = true;
      } else if (L == 'i') {
        G.Initial = true;
      } else {
        error(T, T,
              "before a bracket chain fairyc reads the directions the move "
              "ends in (f b l r v s), m c d (how it ends) and i; '" +
                  T->getText() +
                  "' belongs on a link inside the brackets or on a single "
                  "atom");
        return false;
      }
    }
    for (size_t I = 0; I < Links.size(); ++I) {
      ChainLink L;
      if (!readLink(Links[I], I == 0, L))
        return false;
      L.MayEnd =
          I + 1 == Links.size() || Seps[I]->getSymbol()->getText() == "?";
      C->Links.push_back(std::move(L));
    }
    // Each later link must have a direction along its lines, turning from
    // a direction along the lines of the link before.
    auto Along = [](char Atom, int D) {
      return D % 2 == 0 ? std::strchr("WDHRKQ", Atom) != nullptr
                        : std::strchr("FAGBKQ", Atom) != nullptr;
    };
    for (size_t I = 1; I < C->Links.size(); ++I) {
      const ChainLink &L = C->Links[I];
      if (L.Directions.empty())
        continue;
      bool Some = false;
      for (int Prev = 0; Prev < 8; ++Prev)
        for (int T : relativeTurns(L.Directions))
          Some |= Along(C->Links[I - 1].Atom, Prev) &&
                  Along(L.Atom, ((Prev + T) % 8 + 8) % 8);
      if (!Some) {
        auto *A = Links[I]->ATOM()->getSymbol();
        error(Links[I]->getStart(), A,
              "no turn these letters name leads along the lines of '" +
                  A->getText() +
                  "' (45 and 135 degrees change between orthogonal and "
                  "diagonal lines, 0, 90 and 180 keep them)");
        return false;
      }
    }
    std::string Error;
    C->IR = lowerChain(*C, Error);
    if (!C->IR) {
      error(Open, Ch->RBRACKET()->getSymbol(), Error);
      return false;
    }
    G.Atom = C->Links[0].Atom;
    G.Bracket = std::move(C);
    Out.push_back(std::move(G));
    return true;
  }

  /// One link: its letters, atom and range.
  bool readLink(BetzaParser::LinkContext *Ctx, bool First, ChainLink &L) {
    antlr4::Token *A = Ctx->ATOM()->getSymbol();
    char C = A->getText()[0];
    L.Atom = C;
    L.Begin = begin(Ctx->getStart());
    if (!std::strchr("WFDAHGKRBQ", C)) {
      error(A, A,
            "a bracket chain links atoms along king lines (W F D A H G, "
            "K, and the riders R B Q); '" +
                A->getText() + "' is not one");
      return false;
    }
    L.Range = std::strchr("RBQ", C) ? 0 : 1;
    if (auto *R = Ctx->RANGE()) {
      antlr4::Token *T = R->getSymbol();
      std::string Digits = T->getText();
      if (Digits.size() > 2) {
        error(T, T, "a link's range is at most 99 steps (0: no limit)");
        return false;
      }
      // As on a lone atom: W3 is a W rider of 3 steps, R0 has no limit.
      L.Range = std::stoi(Digits);
    }
    auto Mods = Ctx->MODIFIER();
    for (size_t I = 0; I < Mods.size(); ++I) {
      antlr4::Token *T = Mods[I]->getSymbol();
      char M = T->getText()[0];
      if (M == 'm' || M == 'c') {
        (M == 'm' ? L.Move : L.Capture) = true;
        continue;
      }
      if (!isDirectionLetter(M)) {
        error(T, T,
              "a link of a bracket chain takes direction letters (absolute "
              "on the first link, turns from the link before on the others) "
              "and m c (how the move ends there); '" +
                  T->getText() + "' does not belong there");
        return false;
      }
      // Letters pair as on any leg: a letter with the same one or a
      // perpendicular one after it.
      char Next =
          I + 1 < Mods.size() ? Mods[I + 1]->getSymbol()->getText()[0] : 0;
      bool Pairs =
          Next && isDirectionLetter(Next) &&
          (Next == M || (isVerticalLetter(M) && isHorizontalLetter(Next)) ||
           (isHorizontalLetter(M) && isVerticalLetter(Next)));
      std::string Code = Pairs ? std::string{M, Next} : std::string(2, M);
      antlr4::Token *Last = Pairs ? Mods[I + 1]->getSymbol() : T;
      if (First ? !isKnownDirection(Code) : relativeTurns({Code}).empty()) {
        error(T, Last,
              "'" + Code.substr(0, Pairs ? 2 : 1) +
                  "' is not a direction of a bracket link");
        return false;
      }
      L.Directions.push_back(Code);
      if (Pairs)
        ++I;
    }
    return true;
  }

  /// The letters Toks[Begin, End) of the last leg of \p G.
  bool readLeg(const std::vector<antlr4::Token *> &Toks, size_t Begin,
               size_t End, Group &G) {
    Leg &L = G.Legs.back();
    bool First = G.Legs.size() == 1;
    int InitialLetters = 0; // of the first leg: i, ii (XBoard), no more
    antlr4::Token *FirstInitial = nullptr;
    L.Begin = Begin < Toks.size() ? begin(Toks[Begin]) : 0;
    L.End = End;
    for (size_t I = Begin; I < End; ++I) {
      antlr4::Token *T = Toks[I];
      char C = T->getText()[0];
      if (isDirectionLetter(C)) {
        // Fairy-Stockfish pairs a letter with the next one when that is
        // the same letter or perpendicular to it; XBoard never pairs a
        // leading v or s.
        char Next = I + 1 < End ? Toks[I + 1]->getText()[0] : 0;
        bool Pairs =
            Next &&
            (Next == C || (isVerticalLetter(C) && isHorizontalLetter(Next)) ||
             (isHorizontalLetter(C) && isVerticalLetter(Next)));
        if (G.XBoard && (C == 'v' || C == 's') && Next != C)
          Pairs = false;
        std::string Code = Pairs ? std::string{C, Next} : std::string(2, C);
        antlr4::Token *Last = Pairs ? Toks[I + 1] : T;
        bool Relative = !First || (G.XBoard && std::strchr("KQ", G.Atom));
        if (!(Relative ? checkRelative(T, Last, Code, First)
                       : checkDirection(T, Last, Code, G)))
          return false;
        L.Directions.push_back(Code);
        if (Pairs)
          ++I;
        continue;
      }
      switch (C) {
      case 'm':
        L.Move = true;
        continue;
      case 'c':
        L.Capture = true;
        continue;
      case 'd':
        L.Destroy = true;
        continue;
      case 'n':
        L.Lame = true;
        continue;
      case 'p':
        L.Hop = true;
        continue;
      case 'g':
        L.Grasshop = true;
        continue;
      case 'y':
        L.Toggle = true;
        continue;
      case 't':
        L.Tame = true;
        continue;
      case 'x':
        L.Relay = true;
        continue;
      case 'j':
        ++L.Jumps;
        continue;
      case 'e':
        L.EnPassant = true;
        continue;
      case 'u':
        warnOnce(Warning::BetzaUnload, T,
                 "'u' (unload) puts the captured piece on this leg's "
                 "start square; that changes the position after the "
                 "move, not where the piece can go, and fairyc reads "
                 "the move without it",
                 {range(T, T)});
        continue;
      case 'k':
        L.RoyalOnly = true;
        continue;
      case 'i':
        if (!First) {
          // XBoard's "iso": as many steps as the last slider leg (rifle
          // moves, `mRcaibR`).
          if (L.Iso) {
            error(T, T,
                  "'ii' on a leg after the first means nothing; one 'i' "
                  "there makes the leg as long as the last slider leg");
            return false;
          }
          L.Iso = true;
          continue;
        }
        if (++InitialLetters > 2) {
          error(T, T,
                "'iii' means nothing: 'i' is a move of a piece that "
                "has not moved, and XBoard's 'ii' a move of a piece "
                "one rank ahead of its start square");
          return false;
        }
        if (G.Initial) {
          // Fairy-Stockfish sets its initial flag again; XBoard's 'ii'
          // is a move of a piece one rank ahead of its start square.
          if (G.XBoard) {
            G.Initial = false;
            G.Advanced = true;
            continue;
          }
          // The fix-it writes one 'i' for two side by side.
          bool Adjacent = begin(T) == begin(FirstInitial) + 1;
          std::vector<SMFixIt> Fix = {SMFixIt(range(FirstInitial, T), "i")},
                               NoFix;
          warnOnce(Warning::BetzaDoubleInitial, T,
                   "'ii' reads as 'i' (a move of a piece that has not "
                   "moved), as in Fairy-Stockfish; XBoard's 'ii', a "
                   "move of a piece one rank ahead of its start square, "
                   "is read with --betza=xboard",
                   {range(FirstInitial, T)}, Adjacent ? Fix : NoFix);
          continue;
        }
        FirstInitial = T;
        G.Initial = true;
        continue;
      case 'o':
      case 'z':
      case 'q':
        (C == 'o' ? G.Cylinder : C == 'z' ? G.Crooked : G.Circular) = true;
        continue;
      }
      error(T, T,
            "'" + std::string(1, C) +
                "' is not a Betza modifier; modifiers are f b l r v s h "
                "(directions), m c d (move, capture, capture own), i "
                "(initial), n j (lame, jumping), p g (hoppers), e (en "
                "passant), a (another leg), y t u x (XBetza), o z q "
                "(cylinder, crooked, circular)");
      return false;
    }
    return true;
  }

  bool readAtom(antlr4::Token *T, char Atom, Group &G) {
    switch (Atom) {
    case 'W':
    case 'F':
    case 'D':
    case 'N':
    case 'A':
    case 'H':
    case 'C':
    case 'Z':
    case 'G':
    case 'K':
    case 'R':
    case 'B':
    case 'Q':
      G.Atom = Atom;
      return true;
    case 'L':
    case 'J': {
      // Betza and Fairy-Stockfish: L = (1,3), J = (2,3); XBoard swaps them.
      G.Atom = (Atom == 'L') != G.XBoard ? 'C' : 'Z';
      std::string Modern(1, G.Atom);
      warnOnce(Warning::BetzaLegacyAtom, T,
               "'" + std::string(1, Atom) +
                   "' is a legacy atom that XBoard and Fairy-Stockfish "
                   "read differently; fairyc reads it as '" +
                   Modern + "' like " +
                   (G.XBoard ? "XBoard" : "Fairy-Stockfish"),
               {range(T, T)}, {SMFixIt(range(T, T), Modern)});
      return true;
    }
    case 'O': // castling, checked by checkCastling
      G.Atom = Atom;
      return true;
    case 'U':
      error(T, T,
            "'U' is the Interactive Diagram's universal leaper (to any "
            "square of the board), which XBoard and Fairy-Stockfish do not "
            "read; fairyc does not either: write the leaps it needs");
      return false;
    case 'I':
      error(T, T,
            "'I' is the Interactive Diagram's imitator, which moves as the "
            "piece that moved last; that depends on the game, not on the "
            "piece, so fairyc cannot read it");
      return false;
    }
    size_t At = begin(T);
    llvm::StringRef Text = Diags.bufferText(Buffer);
    if ((Atom == 'X' || Atom == 'Y') && At > 0 && std::isupper(Text[At - 1])) {
      error(T, T,
            "'" + std::string(1, Atom) +
                "' after an atom makes one of the Interactive Diagram's "
                "extended leapers (FX, NY, ...), which XBoard and "
                "Fairy-Stockfish do not read; "
                "fairyc does not read them");
      return false;
    }
    error(T, T,
          "'" + std::string(1, Atom) +
              "' is not a Betza atom; atoms are W F D N A H C Z G, and K R "
              "B Q");
    return false;
  }

  bool checkDirection(antlr4::Token *First, antlr4::Token *Last,
                      const std::string &Code, const Group &G) {
    // A lone orthogonal atom reads a pair as its two letters (sfW = fsW).
    bool Split = std::strchr("WDHRO", G.Atom) != nullptr;
    if (Split && Code[0] != Code[1] && Code[0] != 'h' && Code[1] != 'h')
      return true;
    if (Split && Code != "hh" && Code != "hr" && Code != "hl" &&
        (Code[0] == 'h' || Code[1] == 'h')) {
      char Other = Code[0] == 'h' ? Code[1] : Code[0];
      error(First, Last,
            "on W, D, H and R Fairy-Stockfish reads '" + Code +
                "' letter by letter, and a lone 'h' selects nothing; write '" +
                std::string(1, Other) + "'",
            {SMFixIt(range(First, Last), std::string(1, Other))});
      return false;
    }
    if (Code == "hh") {
      error(First, Last,
            "'h' (half) only comes in pairs: fh bh lh rh, or hr hl for the "
            "chiral halves of an oblique atom");
      return false;
    }
    if (isKnownDirection(Code)) {
      if ((Code == "hr" || Code == "hl") && !isObliqueAtom(G.Atom)) {
        error(First, Last,
              "'" + Code +
                  "' selects a chiral half of an oblique atom (N, C, Z); this "
                  "atom has no such halves");
        return false;
      }
      return true;
    }
    return unknownPair(First, Last, Code, "Fairy-Stockfish recognises",
                       "(it would give this atom no moves)");
  }

  /// Direction codes of a leg after the first, which turn relative to the
  /// leg before (and XBoard's codes on K and Q, read from straight ahead).
  bool checkRelative(antlr4::Token *First, antlr4::Token *Last,
                     const std::string &Code, bool FirstLeg) {
    if (Code == "hr" || Code == "hl" || Code == "hh") {
      error(First, Last,
            "'" + Code + "' has no meaning " +
                (FirstLeg ? "on XBoard's 8-way K and Q"
                          : "relative to the previous leg") +
                "; write the turns: f r l b, fr fl br bl, fs bs, v s, or fh "
                "bh rh lh");
      return false;
    }
    if (isKnownDirection(Code))
      return true;
    return unknownPair(First, Last, Code, "a leg can turn by", "");
  }

  bool unknownPair(antlr4::Token *First, antlr4::Token *Last,
                   const std::string &Code, const std::string &Known,
                   const std::string &Why) {
    std::string Swapped{Code[1], Code[0]};
    std::string Msg = "'" + Code + "' is not a direction pair " + Known +
                      (Why.empty() ? "" : " " + Why);
    if (isKnownDirection(Swapped)) {
      error(First, Last, Msg + "; did you mean '" + Swapped + "'?",
            {SMFixIt(range(First, Last), Swapped)});
      return false;
    }
    error(First, Last, Msg);
    return false;
  }

  bool readRange(BetzaParser::GroupContext *Ctx, Group &G) {
    auto *R = Ctx->RANGE();
    if (!R)
      return true;
    antlr4::Token *T = R->getSymbol();
    std::string Digits = T->getText();
    size_t MaxDigits = G.XBoard ? 2 : 1;
    if (Digits.size() > MaxDigits) {
      std::string Kept = Digits.substr(0, MaxDigits);
      std::string Msg = std::string(G.XBoard ? "XBoard" : "Fairy-Stockfish") +
                        " reads " +
                        (G.XBoard ? "two range digits" : "one range digit") +
                        ": '" + Digits + "' would be read as " + Kept +
                        " and the rest dropped; ranges are 1 to " +
                        (G.XBoard ? "99" : "9") + ", or 0 for no limit";
      // The fix is the range meant, not the digits kept (R12 is no R1):
      // on a board no longer than the range, no limit moves as far. A
      // line atom is a rider without a range; a leaper rides with '0'.
      // Elsewhere no spelling means the same, and there is no fix-it.
      std::vector<SMFixIt> Fix;
      size_t Longest = Opts.BoardMaxSide ? size_t(*Opts.BoardMaxSide - 1) : 0;
      bool AsFar = Longest &&
                   (Digits.size() > 6 || size_t(std::stoul(Digits)) >= Longest);
      if (AsFar) {
        std::string Atom = Ctx->ATOM() ? Ctx->ATOM()->getText() : "";
        bool Line = Atom.size() == 1 && isLineAtom(Atom[0]);
        std::string Written = Line ? "" : "0";
        Msg +=
            "; on this board '" + Atom + Written + "' goes as far (no limit)";
        Fix.emplace_back(range(T, T), Written);
      }
      error(T, T, Msg, Fix);
      return false;
    }
    G.Range = std::stoi(Digits);
    G.RangeWritten = true;
    return true;
  }

  /// The letter \p C among \p Toks, for locating a message.
  antlr4::Token *letter(const std::vector<antlr4::Token *> &Toks, char C,
                        antlr4::Token *Else) {
    for (antlr4::Token *T : Toks)
      if (T->getText()[0] == C)
        return T;
    return Else;
  }

  bool checkGroup(const std::vector<antlr4::Token *> &Toks,
                  antlr4::Token *AtomTok, Group &G) {
    if (G.Atom == 'O')
      return checkCastling(Toks, AtomTok, G);
    bool Rider = G.Range != 1 || isLineAtom(G.Atom);
    bool Multi = G.Legs.size() > 1;
    if (G.Cylinder || G.Crooked || G.Circular) {
      char C = G.Cylinder ? 'o' : G.Crooked ? 'z' : 'q';
      antlr4::Token *T = letter(Toks, C, AtomTok);
      if (Multi) {
        error(T, T,
              "'" + std::string(1, C) +
                  "' applies to one-leg moves; fairyc does not support it "
                  "inside a multi-leg ('a') move");
        return false;
      }
      if (G.Crooked + G.Circular + G.Cylinder > 1) {
        error(T, T, "'o', 'z' and 'q' are three kinds of path; choose one");
        return false;
      }
      if (G.Cylinder && !Opts.BoardWidth) {
        error(T, T,
              "'o' (cylinder) moves wrap around the board's files, so they "
              "depend on its width; give the board with --board or "
              "--position");
        return false;
      }
    }
    for (size_t I = 0; I < G.Legs.size(); ++I) {
      const Leg &L = G.Legs[I];
      bool Final = I + 1 == G.Legs.size();
      if (L.Lame && Multi) {
        // XBoard and the Interactive Diagram: 'n' on a leg marks the squares
        // the move passes as en passant squares for the opponent's next
        // move. Where this move goes does not change.
        antlr4::Token *T = letter(Toks, 'n', AtomTok);
        warnOnce(Warning::BetzaEnPassantStep, T,
                 "'n' in a multi-leg move marks XBoard's en passant "
                 "steps; that changes the position after the move, "
                 "not where the piece can go, and fairyc reads the "
                 "move without it (a lame leap is written with legs, "
                 "as in 'mafsW')",
                 {range(T, T)});
        G.Legs[I].Lame = false;
      }
      if (L.Lame && !checkLame(Toks, AtomTok, G, Rider))
        return false;
      if (L.Jumps && !checkJump(Toks, AtomTok, G, Rider, Multi))
        return false;
      if (L.Tame && !L.Hop && !L.Grasshop && !Final) {
        antlr4::Token *T = letter(Toks, 't', AtomTok);
        error(T, T,
              "'t' on a leg before the last makes hurdles own pieces, so it "
              "needs 'p' or 'g'; on the last leg it forbids capturing a "
              "royal piece");
        return false;
      }
      if (L.RoyalOnly && !Final) {
        antlr4::Token *T = letter(Toks, 'k', AtomTok);
        error(T, T,
              "'k' (capture only a royal piece) belongs on the last leg, "
              "where the move captures");
        return false;
      }
      if (!Multi && (L.Hop || L.Grasshop)) {
        bool Line =
            isLineAtom(G.Atom) || (std::strchr("WF", G.Atom) && G.Range == 0);
        if (!Line) {
          error(AtomTok, AtomTok,
                std::string("'") + (L.Hop ? 'p' : 'g') +
                    "' (hopper) applies to rook and bishop lines (R, B, Q, "
                    "the ones Fairy-Stockfish documents); a multi-leg move "
                    "('pafN') hops with any atom");
          return false;
        }
        if (isLineAtom(G.Atom) && G.Range > 1 && !G.XBoard) {
          // Fairy-Stockfish reads a range on a hopper without documenting
          // it: the whole move stays within that many squares.
          antlr4::Token *T = letter(Toks, L.Hop ? 'p' : 'g', AtomTok);
          warnOnce(Warning::BetzaFairyStockfish, T,
                   "Fairy-Stockfish reads a hopper with a range ('" +
                       std::string(1, L.Hop ? 'p' : 'g') + G.Atom +
                       std::to_string(G.Range) +
                       "'), without documenting it, as one that lands at "
                       "most " +
                       std::to_string(G.Range) +
                       " squares from its own, hurdle included; fairyc "
                       "reads it the same",
                   {range(T, AtomTok)});
        } else if (isLineAtom(G.Atom) && G.Range > 1) {
          error(AtomTok, AtomTok,
                std::string("'") + (L.Hop ? 'p' : 'g') +
                    "' (hopper) with a range is Fairy-Stockfish's reading; "
                    "XBoard's has none (write it with legs)");
          return false;
        }
      }
      if (L.Hop && L.Grasshop) {
        error(AtomTok, AtomTok,
              "'p' and 'g' are two kinds of hopper; choose one");
        return false;
      }
      if (Final && L.Relay && !checkBorrowing(Toks, AtomTok, G))
        return false;
      if (!Final && (L.Relay + (L.Hop || L.Grasshop) > 1)) {
        antlr4::Token *T = letter(Toks, 'x', AtomTok);
        error(T, T, "an 'x' leg ends on an own piece; it cannot also hop");
        return false;
      }
    }
    if ((G.Crooked || G.Circular || G.Cylinder) &&
        (G.Legs[0].Hop || G.Legs[0].Grasshop || G.Legs[0].Lame ||
         G.Legs[0].Jumps)) {
      error(AtomTok, AtomTok,
            "fairyc does not combine 'o', 'z' or 'q' with hopping, lame or "
            "jumping moves");
      return false;
    }
    const Leg &First = G.Legs[0];
    if (G.Initial && !G.XBoard && !Multi && First.Capture && !First.Move) {
      error(AtomTok, AtomTok,
            "Fairy-Stockfish drops initial ('i') moves that capture; an "
            "initial move must be quiet (XBoard allows it: --betza=xboard)");
      return false;
    }
    if (!checkRifle(Toks, AtomTok, G))
      return false;
    if (Multi && legPaths(G) > MaxLegPaths) {
      error(AtomTok, AtomTok,
            "this multi-leg move has more than " + std::to_string(MaxLegPaths) +
                " different paths of legs; fairyc stops there");
      return false;
    }
    return true;
  }

  /// A final x borrows the moves of the own piece it reaches; the leg has
  /// no other mode (what the move does is the lender's).
  bool checkBorrowing(const std::vector<antlr4::Token *> &Toks,
                      antlr4::Token *AtomTok, const Group &G) {
    const Leg &L = G.Legs.back();
    const char *Modes = "mcdepgykt";
    bool Flags[] = {L.Move,     L.Capture, L.Destroy,   L.EnPassant, L.Hop,
                    L.Grasshop, L.Toggle,  L.RoyalOnly, L.Tame};
    for (size_t I = 0; I < std::size(Flags); ++I) {
      if (!Flags[I])
        continue;
      // The letter of the last leg: after the last 'a'.
      antlr4::Token *T = AtomTok;
      for (size_t J = Toks.size(); J-- > 0 && Toks[J]->getText()[0] != 'a';)
        if (Toks[J]->getText()[0] == Modes[I]) {
          T = Toks[J];
          break;
        }
      error(T, T,
            "'" + std::string(1, Modes[I]) +
                "' cannot go with a final 'x': that leg only finds an own "
                "piece, whose moves the piece then makes; write other moves "
                "as a group of their own");
      return false;
    }
    return true;
  }

  /// O (XBoard, the Interactive Diagram): castling takes direction
  /// letters, i, j and m, and the king's step as its range.
  bool checkCastling(const std::vector<antlr4::Token *> &Toks,
                     antlr4::Token *AtomTok, const Group &G) {
    for (antlr4::Token *T : Toks) {
      char C = T->getText()[0];
      if (C == 'a') {
        error(T, T,
              "'O' (castling) is a move of its own, not a leg of a "
              "multi-leg move");
        return false;
      }
      if (!std::strchr("fblrvshijm", C)) {
        error(T, T,
              "'" + std::string(1, C) +
                  "' has no meaning on 'O' (castling), which takes "
                  "direction letters, 'i' (only while the piece has not "
                  "moved) and 'j' (the partner stands one square in from "
                  "the edge per 'j')");
        return false;
      }
    }
    if (G.Advanced) {
      antlr4::Token *T = letter(Toks, 'i', AtomTok);
      error(T, T, "'ii' has no meaning on 'O' (castling); write one 'i'",
            {SMFixIt(range(T, T), "")});
      return false;
    }
    if (!G.RangeWritten || G.Range == 0) {
      error(AtomTok, AtomTok,
            "'O' (castling) needs the king's step as its range: 'isO2' "
            "castles like a FIDE king, two squares toward the corner "
            "piece");
      return false;
    }
    return true;
  }

  bool checkLame(const std::vector<antlr4::Token *> &Toks,
                 antlr4::Token *AtomTok, Group &G, bool Rider) {
    bool Leaper = !Rider && std::strchr("WFK", G.Atom) == nullptr;
    if (G.XBoard) {
      if (!Leaper)
        error(AtomTok, AtomTok,
              "'n' (lame) applies to leaps longer than one step");
      return Leaper;
    }
    if (!Rider && std::strchr("NADZ", G.Atom))
      return true;
    // Fairy-Stockfish documents 'n' on N, A, D and Z, and accepts it on
    // any other atom without a word: on a rider it drops it, on another
    // leaper the move has no destination (ffish 0.7.10, checked by
    // test/conformance/fsf_conformance.py).
    antlr4::Token *T = letter(Toks, 'n', AtomTok);
    std::string Atom(1, G.Atom);
    if (Rider) {
      warnOnce(Warning::BetzaFairyStockfish, T,
               "Fairy-Stockfish drops 'n' (lame) on a rider, without "
               "documenting it; fairyc reads the rider as it does, not lame",
               {range(T, AtomTok)});
      G.Legs[0].Lame = false;
    } else {
      warnOnce(Warning::BetzaFairyStockfish, T,
               "Fairy-Stockfish's lame leaps are N, A, D and Z; it accepts "
               "'n" +
                   Atom +
                   "' without a word and gives it no destination, and so "
                   "does fairyc",
               {range(T, AtomTok)});
    }
    return true;
  }

  bool checkJump(const std::vector<antlr4::Token *> &Toks,
                 antlr4::Token *AtomTok, const Group &G, bool Rider,
                 bool Multi) {
    antlr4::Token *T = letter(Toks, 'j', AtomTok);
    if (Multi) {
      error(T, T, "fairyc supports 'j' on one-leg moves only");
      return false;
    }
    bool Unit = std::strchr("WFKRBQ", G.Atom) != nullptr;
    int Jumps = G.Legs[0].Jumps;
    if (Rider && !Unit) {
      error(T, T,
            "'j' on a rider skips squares of a W or F line (R, B, Q, W0, "
            "F3 ...); this rider's steps have no squares between them");
      return false;
    }
    if (Rider && G.Range != 0 && G.Range <= Jumps) {
      error(T, T,
            "this rider goes " + std::to_string(G.Range) +
                " steps at most, and 'j' skips " + std::to_string(Jumps) +
                "; it would have no moves");
      return false;
    }
    if (!Rider && (Unit || Jumps > 1)) {
      error(T, T,
            Unit ? "'j' on a one-step leaper has no square to jump over; on "
                   "a slider it skips the first square (jR)"
                 : "a leaper jumps over one square: write one 'j'");
      return false;
    }
    return true;
  }

  /// A rifle leg ('i' on a later leg) counts the steps of the last slider
  /// leg before it, so there must be one.
  bool checkRifle(const std::vector<antlr4::Token *> &Toks,
                  antlr4::Token *AtomTok, const Group &G) {
    std::vector<int> Ranges = legRanges(G);
    bool Slid = false;
    int Is = G.Initial ? 1 : 0;
    for (size_t I = 0; I < G.Legs.size(); ++I) {
      Is += G.Legs[I].Iso;
      if (G.Legs[I].Iso && !Slid) {
        antlr4::Token *T = nthLetter(Toks, 'i', Is, AtomTok);
        error(T, T,
              "'i' on a leg after the first makes that leg as long as the "
              "last slider leg before it (XBoard's rifle moves, as in "
              "'mRcaibR'), and no leg before it slides");
        return false;
      }
      Slid |= Ranges[I] != 1;
    }
    return true;
  }

  /// The \p N-th (from 1) token of letter \p C, or \p Else.
  static antlr4::Token *nthLetter(const std::vector<antlr4::Token *> &Toks,
                                  char C, int N, antlr4::Token *Else) {
    for (antlr4::Token *T : Toks)
      if (T->getText()[0] == C && --N == 0)
        return T;
    return Else;
  }

  /// How many leg paths lowerLegs() will build: each image of the first
  /// leg, times the turns of each later leg, times the distances of a
  /// slider leg that a rifle leg counts.
  static size_t legPaths(const Group &G) {
    size_t Total = 0, Paths = 8;
    std::vector<bool> Counted = countedLegs(G);
    for (size_t I = 1; I < G.Legs.size(); ++I) {
      size_t Turns = relativeTurns(G.Legs[I].Directions).size();
      if (G.Legs[I].Directions.empty())
        Turns = 7;
      if (Counted[I - 1])
        Turns *= std::max(G.MaxSteps, 1);
      Paths = std::min(Paths * Turns, MaxLegPaths + 1);
      Total = std::min(Total + Paths, MaxLegPaths + 1);
    }
    return Total;
  }
};

} // namespace

/// The text ends in modifiers with no atom after them ('gq'): reported on
/// those modifiers, and when the last of them in upper case is an atom and
/// the text then reads ('gQ', a grasshopper), that as the fix-it. False if
/// \p E is another error.
static bool modifiersWithoutAtom(DiagnosticEngine &Diags, unsigned Buffer,
                                 const FrontendOptions &Opts,
                                 const SyntaxError &E) {
  if (E.FromLexer || E.TokenType != antlr4::Token::EOF ||
      E.RuleName == "repeat" || E.RuleName == "chain" || E.RuleName == "link")
    return false;
  llvm::StringRef Text = Diags.bufferText(Buffer);
  size_t End = Text.find_last_not_of(" \t\r\n") + 1;
  if (End == 0 || End > Text.size() ||
      !std::islower((unsigned char)Text[End - 1]))
    return false;
  size_t Begin = End;
  while (Begin > 0 && std::islower((unsigned char)Text[Begin - 1]))
    --Begin;
  llvm::StringRef Modifiers = Text.slice(Begin, End);
  std::string Message = "the modifiers before the end have no atom";
  std::vector<SMFixIt> Fix;
  char Atom = char(std::toupper((unsigned char)Text[End - 1]));
  if (std::strchr("WFDNAHCZGKRBQ", Atom)) {
    std::string Fixed = Text.str();
    Fixed[End - 1] = Atom;
    DiagnosticEngine Scratch(nullptr);
    unsigned Try = Scratch.addBuffer(Fixed, "<fix-it>");
    if (parseBetza(Scratch, Try, Opts) && !Scratch.errorCount()) {
      std::string Written = Modifiers.drop_back().str() + Atom;
      Message += "; did you mean '" + Written + "'?";
      Fix.emplace_back(Diags.range(Buffer, End - 1, End), std::string(1, Atom));
    }
  }
  if (Fix.empty())
    Message += "; write one after them, as in 'fmW'";
  Diags.error(Diags.loc(Buffer, Begin), Message,
              {Diags.range(Buffer, Begin, End)}, Fix);
  return true;
}

NodeRef fairy::parseBetza(DiagnosticEngine &Diags, unsigned Buffer,
                          const FrontendOptions &Opts) {
  if (!checkUTF8(Diags, Buffer))
    return nullptr;
  if (Opts.FairyStockfishLetters && !Opts.XBoardBetza) {
    // What Fairy-Stockfish reads, located where it is written.
    FairyStockfishText Read = readAsFairyStockfish(Diags.bufferText(Buffer));
    for (const FairyStockfishText::Dropped &D : Read.Drops)
      Diags.warning(Warning::BetzaFairyStockfish, Diags.loc(Buffer, D.Begin),
                    D.Message, {Diags.range(Buffer, D.Begin, D.End)});
    FrontendOptions Rest = Opts;
    Rest.FairyStockfishLetters = false;
    if (Read.Kept != Diags.bufferText(Buffer))
      Buffer = Diags.addEmbeddedBuffer(Read.Kept, Buffer,
                                       std::move(Read.Offsets), false);
    return parseBetza(Diags, Buffer, Rest);
  }
  if (!checkNesting(Diags, Buffer, "([{", ")]}", "the Betza text"))
    return nullptr;
  AntlrParse<BetzaLexer, BetzaParser> Parse(Diags.bufferText(Buffer).str());
  BetzaParser::BetzaContext *Tree = Parse.run(&BetzaParser::betza);
  if (Parse.firstError() &&
      modifiersWithoutAtom(Diags, Buffer, Opts, *Parse.firstError()))
    return nullptr;
  if (Parse.reportError(Diags, Buffer, syntaxMessage))
    return nullptr;
  std::vector<Group> Groups;
  if (!Reader(Diags, Buffer, Opts).read(Tree, Groups))
    return nullptr;
  // An empty string is a piece that cannot move (Fairy-Stockfish's
  // "immobile"): the empty set of moves.
  TimeReport::Phase Timing("lower");
  return lower(Groups);
}
