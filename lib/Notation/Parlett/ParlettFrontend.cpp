//===- ParlettFrontend.cpp - Parlett text to IR ---------------------------===//
//
// ANTLR (grammar/Parlett.g4) gives the parse tree; this file turns syntax
// errors into sentences a person understands, reads the tree into the
// Parlett AST, checks what the grammar leaves open, and hands the AST to
// the lowering (ParlettLowering.cpp).
//
//===----------------------------------------------------------------------===//
#include "ParlettAST.h"

#include "fairy/Notation/Notation.h"
#include "fairy/Support/AntlrErrors.h"
#include "fairy/Support/TimeReport.h"

#include "ParlettLexer.h"
#include "ParlettParser.h"

using namespace fairy;
using namespace fairy::parlett;
using namespace fairy::antlr_Parlett;
using llvm::SMFixIt;

namespace {

/// Largest distance accepted; no supported board is longer.
constexpr int MaxDistance = 64;

bool isDirectionToken(size_t T) {
  switch (T) {
  case ParlettLexer::ORTHOGONAL:
  case ParlettLexer::ALL:
  case ParlettLexer::DIAGONAL:
  case ParlettLexer::DIAGONAL_FORWARD:
  case ParlettLexer::DIAGONAL_BACKWARD:
  case ParlettLexer::FORWARD:
  case ParlettLexer::BACKWARD:
  case ParlettLexer::FORWARD_BACKWARD:
  case ParlettLexer::SIDEWAYS:
  case ParlettLexer::FORWARD_SIDEWAYS:
  case ParlettLexer::BACKWARD_SIDEWAYS:
    return true;
  default:
    return false;
  }
}

/// Words for the tokens that would have fitted.
std::string describeExpected(const SyntaxError &E) {
  bool Distance = false, Direction = false, Join = false, Close = false,
       Prefix = false, End = false, Second = false;
  for (size_t T : E.Expected) {
    if (T == ParlettLexer::NUMBER || T == ParlettLexer::ANY)
      Distance = true;
    else if (isDirectionToken(T))
      Direction = true;
    else if (T == ParlettLexer::COMMA || T == ParlettLexer::THEN)
      Join = true;
    else if (T == ParlettLexer::CLOSE)
      Close = true;
    else if (T == ParlettLexer::INITIAL) // only where a whole move may start
      Prefix = true;
    else if (T == antlr4::Token::EOF)
      End = true;
  }
  if (E.HasPrev && E.PrevType == ParlettLexer::SLASH)
    Second = true;
  // ANTLR reports only the end of input once it has left the rule `moves`,
  // but a complete move may always be followed by ',' or '.' as well.
  if (End && E.RuleName == "parlett")
    Join = true;
  std::vector<std::string> Ws;
  if (Second)
    Ws.push_back("the second number of the oblique leap, as in '~1/2'");
  else if (E.HasPrev && E.PrevType == ParlettLexer::DASH)
    Ws.push_back("the upper end of the range, a number or 'n', as in '1-3+'");
  else if (Distance && Prefix)
    Ws.push_back("a move such as '1+' or 'n*'");
  else if (Distance)
    Ws.push_back("a distance such as '1' or 'n'");
  if (Direction)
    Ws.push_back("a direction such as '+', 'x' or '<>'");
  if (Close)
    Ws.push_back("'}' to close 'm={'");
  if (Join && End)
    Ws.push_back("',' (or), '.' (then) or the end of the notation");
  else if (Join)
    Ws.push_back("',' (or) or '.' (then)");
  else if (End)
    Ws.push_back("the end of the notation");
  if (Ws.empty())
    return "something else";
  std::string S = Ws[0];
  for (size_t I = 1; I < Ws.size(); ++I)
    S += (I + 1 == Ws.size() ? " or " : ", ") + Ws[I];
  return S;
}

std::string syntaxMessage(const SyntaxError &E) {
  if (E.FromLexer)
    return "unexpected character '" + E.Text +
           "'; Parlett writes distances with digits or 'n', directions with "
           "+ * x > < =, 'then' with '.' and 'or' with ','";
  std::string Want = describeExpected(E);
  if (E.TokenType == antlr4::Token::EOF) {
    if (!E.HasPrev)
      return "empty notation; expected a move such as '1+' or 'n*'";
    return "unexpected end of the notation after '" + E.PrevText +
           "'; expected " + Want;
  }
  if (isDirectionToken(E.TokenType) && !E.HasPrev)
    return "a move starts with its distance: expected a distance such as '1' "
           "or 'n' before the direction '" +
           E.Text + "'";
  if (E.TokenType == ParlettLexer::CLOSE)
    return "'}' has no matching 'm={'";
  if (E.TokenType == ParlettLexer::SLASH)
    return "'/' joins two numbers into an oblique leap, as in '~1/2'" +
           std::string(E.PrevType == ParlettLexer::ANY
                           ? "; 'n' cannot be one of them"
                           : "");
  if (E.TokenType == ParlettLexer::DASH)
    return "'-' joins the two ends of a range, as in '1-3+'" +
           std::string(E.PrevType == ParlettLexer::ANY
                           ? "; 'n' can only be its upper end"
                           : "");
  if (!E.HasPrev)
    return "expected " + Want + " at the start, found '" + E.Text + "'";
  // '1+c' (the modifiers come first) is reportLateModifier's.
  if (isDirectionToken(E.TokenType) && isDirectionToken(E.PrevType))
    return "'" + E.PrevText + E.Text +
           "' is not a direction; a part takes one of + * x x> x< > < <> = "
           ">= <=";
  return "expected " + Want + " after '" + E.PrevText + "', found '" + E.Text +
         "'";
}

class Reader : TokenSpans {
public:
  Reader(DiagnosticEngine &Diags, unsigned Buffer)
      : TokenSpans(Diags, Buffer) {}

  bool read(ParlettParser::ParlettContext *Tree, std::vector<Move> &Out) {
    for (auto *M : Tree->moves()->move()) {
      Move Mv;
      if (!readMove(M, Mv))
        return false;
      Out.push_back(std::move(Mv));
    }
    return true;
  }

private:
  void errorAfter(antlr4::Token *T, const std::string &Msg) {
    // An empty range there, as a syntax error at the end has.
    Diags.error(Diags.loc(Buffer, end(T)), Msg,
                {Diags.range(Buffer, end(T), end(T))});
  }
  SMFixIt replace(antlr4::Token *T, const std::string &With) const {
    return SMFixIt(Diags.range(Buffer, begin(T), end(T)), With);
  }

  bool number(antlr4::Token *T, int &Out, bool AllowZero) {
    std::string S = T->getText();
    if (S.size() > 3 || std::stoi(S) > MaxDistance) {
      error(T, T,
            "the distance " + S +
                " is longer than any supported board "
                "(at most " +
                std::to_string(MaxDistance) + ")");
      return false;
    }
    Out = std::stoi(S);
    if (Out == 0 && !AllowZero) {
      error(T, T,
            "a distance of 0 does not move the piece; 'n' already "
            "includes 0 when a part may be skipped",
            {replace(T, "n")});
      return false;
    }
    return true;
  }

  bool readMove(ParlettParser::MoveContext *Ctx, Move &M) {
    for (auto *P : Ctx->prefix()) {
      antlr4::Token *T = P->getStart();
      bool *Flag = T->getType() == ParlettLexer::INITIAL        ? &M.Initial
                   : T->getType() == ParlettLexer::CAPTURE_ONLY ? &M.CaptureOnly
                                                                : &M.NoCapture;
      if (*Flag) {
        error(T, T, "the prefix '" + T->getText() + "' is given twice",
              {SMFixIt(Diags.range(Buffer, begin(T), end(T)), "")});
        return false;
      }
      *Flag = true;
      if (M.CaptureOnly && M.NoCapture) {
        error(T, T,
              "the prefixes 'c' (capture only) and 'o' (no capture) "
              "contradict each other");
        return false;
      }
    }
    auto Parts = Ctx->part();
    for (auto *P : Parts) {
      Part Pt;
      if (!readPart(P, Pt))
        return false;
      if (Pt.Locust && Parts.size() > 1) {
        error(P->kind, P->kind, "a locust move '^' cannot be chained with '.'");
        return false;
      }
      if (Pt.Locust && M.NoCapture) {
        error(P->kind, P->kind,
              "a locust move always captures, so it "
              "cannot take the prefix 'o' (no capture)");
        return false;
      }
      M.Parts.push_back(std::move(Pt));
    }
    return true;
  }

  bool readPart(ParlettParser::PartContext *Ctx, Part &P) {
    if (Ctx->kind) {
      P.Leap = Ctx->kind->getType() == ParlettLexer::LEAP;
      P.Locust = !P.Leap;
    }
    P.Repeat = Ctx->REPEAT() != nullptr;
    auto *D = Ctx->distance();
    antlr4::Token *DistEnd = D->getStop();
    if (auto *O = dynamic_cast<ParlettParser::ObliqueDistanceContext *>(D)) {
      P.Oblique = true;
      if (!number(O->a, P.A, true) || !number(O->b, P.B, true))
        return false;
      if (P.A == 0 && P.B == 0) {
        error(O->a, O->b, "the leap 0/0 does not move the piece");
        return false;
      }
      if (P.Locust) {
        error(Ctx->kind, Ctx->kind,
              "a locust move '^' goes along a line; it cannot take an oblique "
              "leap such as '" +
                  D->getText() + "'");
        return false;
      }
    } else if (auto *R =
                   dynamic_cast<ParlettParser::RangeDistanceContext *>(D)) {
      int Lo, Hi = Interval::Unbounded;
      if (!number(R->lo, Lo, true))
        return false;
      if (R->hi && !number(R->hi, Hi, true))
        return false;
      if (Hi < Lo) {
        error(R->lo, R->hi,
              "the range " + D->getText() +
                  " is empty: its lower end is above its upper end",
              {SMFixIt(Diags.range(Buffer, begin(R->lo), end(R->hi)),
                       R->hi->getText() + "-" + R->lo->getText())});
        return false;
      }
      if (Hi == 0) {
        error(R->lo, DistEnd, "the range " + D->getText() + " never moves");
        return false;
      }
      P.Distance = RangeList::between(Lo, Hi);
    } else if (auto *E =
                   dynamic_cast<ParlettParser::ExactDistanceContext *>(D)) {
      int K;
      if (!number(E->NUMBER()->getSymbol(), K, false))
        return false;
      P.Distance = RangeList::exactly(K);
    } else {
      P.Distance = RangeList::atLeast(0);
    }

    if (auto *Dir = Ctx->direction())
      P.Dir = direction(Dir->getStart()->getType());
    if (P.Dir == Direction::None && !P.Oblique) {
      errorAfter(DistEnd, "expected a direction such as '+', 'x' or '<>' "
                          "after the distance '" +
                              D->getText() + "'");
      return false;
    }
    if (P.Oblique &&
        (P.Dir == Direction::Diagonal || P.Dir == Direction::DiagonalForward ||
         P.Dir == Direction::DiagonalBackward)) {
      antlr4::Token *T = Ctx->direction()->getStart();
      error(T, T,
            "an oblique leap has no diagonal directions; restrict it "
            "with '>', '<', '<>', '=', '>=' or '<='");
      return false;
    }
    if (P.Repeat && !P.Oblique && !P.Distance.single()) {
      antlr4::Token *T = Ctx->REPEAT()->getSymbol();
      error(T, T,
            "'&' repeats a move of one fixed length; '" + D->getText() +
                "' already names several distances");
      return false;
    }
    if (P.Locust && P.Distance.maxNamed() < 2 && !P.Distance.isUnbounded()) {
      error(Ctx->kind, DistEnd,
            "a locust move needs a distance of at least 2 "
            "to jump over the piece it captures");
      return false;
    }
    if (P.Locust && P.Repeat) {
      antlr4::Token *T = Ctx->REPEAT()->getSymbol();
      error(T, T, "a locust move cannot be repeated with '&'");
      return false;
    }
    return true;
  }

  static Direction direction(size_t Token) {
    switch (Token) {
    case ParlettLexer::ORTHOGONAL:
      return Direction::Orthogonal;
    case ParlettLexer::ALL:
      return Direction::All;
    case ParlettLexer::DIAGONAL:
      return Direction::Diagonal;
    case ParlettLexer::DIAGONAL_FORWARD:
      return Direction::DiagonalForward;
    case ParlettLexer::DIAGONAL_BACKWARD:
      return Direction::DiagonalBackward;
    case ParlettLexer::FORWARD:
      return Direction::Forward;
    case ParlettLexer::BACKWARD:
      return Direction::Backward;
    case ParlettLexer::FORWARD_BACKWARD:
      return Direction::ForwardBackward;
    case ParlettLexer::SIDEWAYS:
      return Direction::Sideways;
    case ParlettLexer::FORWARD_SIDEWAYS:
      return Direction::ForwardSideways;
    case ParlettLexer::BACKWARD_SIDEWAYS:
      return Direction::BackwardSideways;
    }
    return Direction::None;
  }
};

/// 'n+c': modifiers written after the move they modify. Reports the move
/// as the user wrote it with its modifiers first ('cn+'), with that as the
/// fix-it when the input so fixed parses, and returns true; false if \p E
/// is another error.
bool reportLateModifier(DiagnosticEngine &Diags, unsigned Buffer,
                        const SyntaxError &E) {
  auto IsModifier = [](size_t T) {
    return T == ParlettLexer::CAPTURE_ONLY || T == ParlettLexer::NO_CAPTURE ||
           T == ParlettLexer::INITIAL;
  };
  if (!E.HasPrev || !IsModifier(E.TokenType))
    return false;
  llvm::StringRef Text = Diags.bufferText(Buffer);
  size_t At = byteOffsetOfLineColumn(Text, E.Line, E.Column);
  // The move starts after the ',' or 'm={' before it; the modifiers are the
  // run of c, o and i from the error on.
  size_t Start = Text.find_last_of(",{", At);
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  llvm::StringRef Move = Text.slice(Start, At);
  size_t Lead = Move.size() - Move.ltrim().size();
  Start += Lead;
  Move = Move.trim();
  size_t End = std::min(Text.find_first_not_of("cio", At), Text.size());
  // The rest of the move ('1+.c1x' is 'c1+.1x').
  size_t Last = std::min(Text.find_first_of(",}", End), Text.size());
  llvm::StringRef Rest = Text.slice(End, Last).rtrim();
  Last = End + Rest.size();
  std::string Reordered = Text.slice(At, End).str() + Move.str() + Rest.str();
  std::string Fixed =
      Text.take_front(Start).str() + Reordered + Text.drop_front(Last).str();
  AntlrParse<ParlettLexer, ParlettParser> Again(Fixed);
  Again.run(&ParlettParser::parlett);
  std::vector<SMFixIt> Fix;
  if (!Again.firstError())
    Fix.emplace_back(Diags.range(Buffer, Start, Last), Reordered);
  Diags.error(Diags.loc(Buffer, At),
              "'" + Text.slice(At, End).str() +
                  "' modifies the move after it: modifiers come before the "
                  "distance, as in '" +
                  Reordered + "', not after '" + E.PrevText + "'",
              {Diags.range(Buffer, At, End)}, Fix);
  return true;
}

} // namespace

NodeRef fairy::parseParlett(DiagnosticEngine &Diags, unsigned Buffer) {
  if (!checkUTF8(Diags, Buffer) ||
      !checkNesting(Diags, Buffer, "([{", ")]}", "the Parlett text"))
    return nullptr;
  AntlrParse<ParlettLexer, ParlettParser> Parse(Diags.bufferText(Buffer).str());
  ParlettParser::ParlettContext *Tree = Parse.run(&ParlettParser::parlett);
  if (Parse.firstError() &&
      reportLateModifier(Diags, Buffer, *Parse.firstError()))
    return nullptr;
  if (Parse.reportError(Diags, Buffer, syntaxMessage))
    return nullptr;
  std::vector<Move> Moves;
  Reader R(Diags, Buffer);
  if (!R.read(Tree, Moves))
    return nullptr;
  TimeReport::Phase Timing("lower");
  return lower(Moves);
}
