//===- BetzaFrontend.cpp - Betza text to IR -------------------------------===//
//
// ANTLR (grammar/Betza.g4) splits the string into groups; this file reads
// each group's letters the way Fairy-Stockfish's from_betza does (modifier
// letters in any order, direction letters paired with the next one when
// they can be, one range digit, a doubled atom as an unlimited rider), and
// reports, with its place in the string, everything Fairy-Stockfish would
// silently ignore or turn into no moves. BetzaLowering.cpp makes the IR.
//
//===----------------------------------------------------------------------===//
#include "BetzaAST.h"

#include "fairy/Frontend/Notation.h"
#include "fairy/Support/AntlrErrors.h"

#include "BetzaLexer.h"
#include "BetzaParser.h"

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

/// What each XBetza letter means, for "not supported" messages.
const char *xbetzaMeaning(char C) {
  switch (C) {
  case 'a':
    return "'a' (multi-leg moves)";
  case 'j':
    return "'j' (jumping over a piece)";
  case 'o':
    return "'o' (cylinder boards)";
  case 'z':
    return "'z' (crooked riders)";
  case 'q':
    return "'q' (circular riders)";
  case 't':
    return "'t' (tame captures, own-piece hops)";
  case 'k':
    return "'k' (royal captures)";
  case 'u':
    return "'u' (unload)";
  case 'x':
    return "'x' (relay, borrowed moves)";
  case 'y':
    return "'y' (range toggles)";
  case 'd':
    return "'d' (capturing one's own pieces)";
  default:
    return nullptr;
  }
}

class Reader : TokenSpans {
public:
  Reader(DiagnosticEngine &Diags, unsigned Buffer)
      : TokenSpans(Diags, Buffer) {}

  bool read(BetzaParser::BetzaContext *Tree, std::vector<Group> &Out) {
    auto Groups = Tree->group();
    for (size_t I = 0; I < Groups.size(); ++I) {
      Group G;
      if (!readGroup(Groups[I], G))
        return false;
      // A doubled atom (NN) is an unlimited rider.
      if (I + 1 < Groups.size() && Groups[I + 1]->MODIFIER().empty() &&
          Groups[I + 1]->ATOM()->getText() == Groups[I]->ATOM()->getText() &&
          !Groups[I]->RANGE()) {
        if (Groups[I + 1]->RANGE()) {
          antlr4::Token *R = Groups[I + 1]->RANGE()->getSymbol();
          error(R, R,
                "a doubled atom is already an unlimited rider; it takes no "
                "range",
                {SMFixIt(range(R, R), "")});
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
  bool readGroup(BetzaParser::GroupContext *Ctx, Group &G) {
    antlr4::Token *AtomTok = Ctx->ATOM()->getSymbol();
    char Atom = AtomTok->getText()[0];
    if (!readAtom(AtomTok, Atom, G))
      return false;
    if (std::strchr("RBQ", G.Atom))
      G.Range = 0; // unlimited unless a range is written
    auto Mods = Ctx->MODIFIER();
    for (size_t I = 0; I < Mods.size(); ++I) {
      antlr4::Token *T = Mods[I]->getSymbol();
      char C = T->getText()[0];
      if (isDirectionLetter(C)) {
        // Fairy-Stockfish pairs a letter with the next one when that is
        // the same letter or perpendicular to it.
        char Next = I + 1 < Mods.size() ? Mods[I + 1]->getText()[0] : 0;
        bool Pairs =
            Next &&
            (Next == C || (isVerticalLetter(C) && isHorizontalLetter(Next)) ||
             (isHorizontalLetter(C) && isVerticalLetter(Next)));
        std::string Code = Pairs ? std::string{C, Next} : std::string(2, C);
        antlr4::Token *Last = Pairs ? Mods[I + 1]->getSymbol() : T;
        if (!checkDirection(T, Last, Code, G))
          return false;
        G.Directions.push_back(Code);
        if (Pairs)
          ++I;
        continue;
      }
      switch (C) {
      case 'm':
        G.Move = true;
        continue;
      case 'c':
        G.Capture = true;
        continue;
      case 'e':
        // Fairy-Stockfish reads 'e' as a flag of the whole piece, not as a
        // modality; it only adds captures on an en-passant square.
        Diags.warning(Diags.loc(Buffer, begin(T)),
                      "'e' (en passant) needs the previous move, which "
                      "fairyc positions do not record yet; the move is read "
                      "without en-passant captures",
                      {range(T, T)});
        continue;
      case 'i':
        G.Initial = true;
        continue;
      case 'n':
        G.Lame = true;
        continue;
      case 'p':
        G.Hop = true;
        continue;
      case 'g':
        G.Grasshop = true;
        continue;
      }
      if (const char *What = xbetzaMeaning(C)) {
        error(T, T,
              std::string("XBetza ") + What +
                  " is not supported by fairyc yet; Fairy-Stockfish would "
                  "silently ignore it and misread the move");
        return false;
      }
      error(T, T,
            "'" + std::string(1, C) +
                "' is not a Betza modifier; modifiers are f b l r v s h "
                "(directions), m c e (move, capture, en passant), i (initial), "
                "n (lame), p g (hoppers)");
      return false;
    }
    return checkCombination(Ctx, AtomTok, G);
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
      G.Atom = Atom == 'L' ? 'C' : 'Z';
      std::string Modern(1, G.Atom);
      Diags.warning(Diags.loc(Buffer, begin(T)),
                    "'" + std::string(1, Atom) +
                        "' is a legacy atom that XBoard and Fairy-Stockfish "
                        "read differently; fairyc reads it as '" +
                        Modern + "' like Fairy-Stockfish",
                    {range(T, T)}, {SMFixIt(range(T, T), Modern)});
      return true;
    }
    case 'O':
      error(T, T,
            "'O' (castling) is not a piece move in Fairy-Stockfish, which "
            "configures castling outside Betza; fairyc does not support it");
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
    bool Split = std::strchr("WDHR", G.Atom) != nullptr;
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
      if ((Code == "hr" || Code == "hl") &&
          std::strchr("NCZ", G.Atom) == nullptr) {
        error(First, Last,
              "'" + Code +
                  "' selects a chiral half of an oblique atom (N, C, Z); this "
                  "atom has no such halves");
        return false;
      }
      return true;
    }
    std::string Swapped{Code[1], Code[0]};
    std::string Msg = "'" + Code +
                      "' is not a direction pair Fairy-Stockfish recognises "
                      "(it would give this atom no moves)";
    if (isKnownDirection(Swapped)) {
      error(First, Last, Msg + "; did you mean '" + Swapped + "'?",
            {SMFixIt(range(First, Last), Swapped)});
      return false;
    }
    error(First, Last, Msg);
    return false;
  }

  bool checkCombination(BetzaParser::GroupContext *Ctx, antlr4::Token *AtomTok,
                        Group &G) {
    if (auto *R = Ctx->RANGE()) {
      antlr4::Token *T = R->getSymbol();
      std::string Digits = T->getText();
      if (Digits.size() > 1) {
        error(T, T,
              "Fairy-Stockfish reads one range digit: '" + Digits +
                  "' would be read as " + Digits.substr(0, 1) +
                  " and the rest dropped; ranges are 1 to 9, or 0 for no "
                  "limit",
              {SMFixIt(range(T, T), Digits.substr(0, 1))});
        return false;
      }
      G.Range = Digits[0] - '0';
    }
    bool Rider = G.Range != 1 || std::strchr("RBQ", G.Atom);
    if (G.Lame && (Rider || std::strchr("NADZ", G.Atom) == nullptr)) {
      error(AtomTok, AtomTok,
            "'n' (lame) applies to the leapers N, A, D and Z, the ones "
            "Fairy-Stockfish can block");
      return false;
    }
    if (G.Hop || G.Grasshop) {
      bool Line = std::strchr("RBQ", G.Atom) ||
                  (std::strchr("WF", G.Atom) && G.Range == 0);
      if (!Line || (std::strchr("RBQ", G.Atom) && G.Range > 1)) {
        error(AtomTok, AtomTok,
              std::string("'") + (G.Hop ? 'p' : 'g') +
                  "' (hopper) applies to unlimited rook and bishop lines "
                  "(R, B, Q), as in Fairy-Stockfish");
        return false;
      }
      if (G.Hop && G.Grasshop) {
        error(AtomTok, AtomTok,
              "'p' and 'g' are two kinds of hopper; choose one");
        return false;
      }
    }
    if (G.Initial && G.Capture && !G.Move) {
      error(AtomTok, AtomTok,
            "Fairy-Stockfish drops initial ('i') moves that capture; an "
            "initial move must be quiet");
      return false;
    }
    return true;
  }
};

} // namespace

NodeRef fairy::parseBetza(DiagnosticEngine &Diags, unsigned Buffer) {
  if (!checkUTF8(Diags, Buffer))
    return nullptr;
  AntlrParse<BetzaLexer, BetzaParser> Parse(Diags.bufferText(Buffer).str());
  BetzaParser::BetzaContext *Tree = Parse.parser().betza();
  if (Parse.reportError(Diags, Buffer, syntaxMessage))
    return nullptr;
  std::vector<Group> Groups;
  if (!Reader(Diags, Buffer).read(Tree, Groups))
    return nullptr;
  // An empty string is a piece that cannot move (Fairy-Stockfish's
  // "immobile"): the empty set of moves.
  return lower(Groups);
}
