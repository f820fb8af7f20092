//===- FairyFrontend.cpp - fairy-notation text to IR ----------------------===//
//
// ANTLR (grammar/FairyNotation.g4) gives the parse tree; this file turns
// syntax errors into sentences a person understands, reads the tree into
// the AST of FairyAST.h, checks what the grammar leaves open (the number of
// components of an atom, one dimension per moveset, ranges), bounds open
// ranges by --radius, and hands the AST to the lowering
// (FairyLowering.cpp).
//
//===----------------------------------------------------------------------===//
#include "FairyAST.h"

#include "fairy/IR/BoardShape.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Support/AntlrErrors.h"
#include "fairy/Support/TimeReport.h"

#include "FairyNotationLexer.h"
#include "FairyNotationParser.h"

using namespace fairy;
using namespace fairy::fairynotation;
using namespace fairy::antlr_FairyNotation;
using llvm::SMFixIt;
using P = FairyNotationParser;

namespace {

/// Largest component or count: the IR's limit (RangeList::MaxFinite).
constexpr int MaxNumber = RangeList::MaxFinite;

bool isModifierToken(size_t T) {
  switch (T) {
  case FairyNotationLexer::MIRROR_X:
  case FairyNotationLexer::MINUS:
  case FairyNotationLexer::PLUS:
  case FairyNotationLexer::SLASH:
  case FairyNotationLexer::STAR:
  case FairyNotationLexer::UNDERSCORE:
  case FairyNotationLexer::LBRACE:
  case FairyNotationLexer::FILTER_UP:
  case FairyNotationLexer::FILTER_DOWN:
  case FairyNotationLexer::FILTER_RIGHT:
  case FairyNotationLexer::FILTER_LEFT:
    return true;
  default:
    return false;
  }
}

bool expects(const SyntaxError &E, size_t T) {
  return std::find(E.Expected.begin(), E.Expected.end(), T) != E.Expected.end();
}

SyntaxMessage syntaxMessage(const SyntaxError &E) {
  using L = FairyNotationLexer;
  if (E.FromLexer) {
    if (E.Text == "v")
      return "unexpected character 'v'; the filter that keeps moves going "
             "down the board is written 'V'";
    return "unexpected character '" + E.Text +
           "'; fairy-notation writes atoms as [x,y], joins movesets with ',' "
           "and '.', and modifies them with | - + / * {..} ^ V > <";
  }
  size_t T = E.TokenType;
  bool End = T == antlr4::Token::EOF;
  if (End && !E.HasPrev)
    return "empty notation; expected a moveset such as [1,2]*";
  // Inside an atom.
  if (E.RuleName == "component" || E.RuleName == "primary") {
    if (E.HasPrev && E.PrevType == L::LBRACKET && T == L::COMMA)
      return "expected a number before ',' in the atom";
    if (expects(E, L::RBRACKET) && expects(E, L::COMMA)) {
      if (End)
        return "'[' is never closed; expected ',' or ']' after '" + E.PrevText +
               "'";
      return "expected ',' between the components of an atom, or ']' to "
             "close it, found '" +
             E.Text + "'";
    }
    if (expects(E, L::NUMBER))
      return End ? "unexpected end of the notation in an atom; expected a "
                   "number"
                 : "expected a number in the atom, found '" + E.Text + "'";
  }
  // Only a range list waits for '}'.
  bool InRanges = expects(E, L::RBRACE) || E.RuleName == "ranges" ||
                  E.RuleName == "range" ||
                  (E.HasPrev && E.PrevType == L::LBRACE);
  if (T == L::DOTDOT && !InRanges)
    return "'..' belongs inside a range list such as {1..3}; '.' multiplies "
           "two movesets";
  if (InRanges) {
    if (T == L::RBRACE && E.HasPrev && E.PrevType == L::LBRACE)
      return "empty range list '{}'; write counts such as {2}, {1..3} or {2..}";
    if (End)
      return "the range list is never closed; expected '}'";
    // '{1-3}': a range is written with '..', as the fix-it.
    if (expects(E, L::RBRACE) && T == L::MINUS && E.HasPrev &&
        E.PrevType == L::NUMBER) {
      SyntaxMessage M("a range is written with '..', as in {1..3}, not '-'");
      M.Replacement = "..";
      return M;
    }
    if (expects(E, L::RBRACE))
      return "expected ',' or '}' in the range list, found '" + E.Text + "'";
    return "expected a count such as 2, 1..3 or 2.. in the range list, found "
           "'" +
           E.Text + "'";
  }
  if (T == L::RPAREN)
    return "')' has no matching '('";
  if (T == L::RBRACKET)
    return "']' has no matching '['";
  if (T == L::RBRACE)
    return "'}' has no matching '{'";
  bool AfterJoin = !E.HasPrev || E.PrevType == L::COMMA ||
                   E.PrevType == L::DOT || E.PrevType == L::LPAREN;
  if (T == L::LBRACE && AfterJoin)
    return "the range list '{' has no moveset before it; it repeats what it "
           "follows, as in [1,2]{2}";
  if (isModifierToken(T) && AfterJoin)
    return "the modifier '" + E.Text +
           "' has no moveset before it; modifiers follow what they modify, "
           "as in [1,2]" +
           E.Text;
  if (End) {
    if (expects(E, L::RPAREN))
      return "'(' is never closed; expected ')'";
    if (E.HasPrev && (E.PrevType == L::COMMA || E.PrevType == L::DOT ||
                      E.PrevType == L::LPAREN))
      return "expected a moveset after '" + E.PrevText +
             "', found the end of the notation";
    return "unexpected end of the notation after '" + E.PrevText + "'";
  }
  if (E.HasPrev && (E.PrevType == L::COMMA || E.PrevType == L::DOT ||
                    E.PrevType == L::LPAREN))
    return "expected a moveset such as [1,2] or (...) after '" + E.PrevText +
           "', found '" + E.Text + "'";
  if (T == L::LBRACKET || T == L::LPAREN)
    return "expected ',' (add) or '.' (multiply) before '" + E.Text +
           "'; movesets are not joined by writing them side by side";
  if (T == L::NUMBER)
    return "a number stands only inside an atom [x,y] or a range list {..}";
  if (!E.HasPrev)
    return "a moveset starts with an atom such as [1,2] or with '(', found '" +
           E.Text + "'";
  return "unexpected '" + E.Text + "' after '" + E.PrevText + "'";
}

class Reader : TokenSpans {
public:
  Reader(DiagnosticEngine &Diags, unsigned Buffer, const FrontendOptions &Opts)
      : TokenSpans(Diags, Buffer), Opts(Opts) {}

  ExprRef read(P::FairyContext *Tree) { return sum(Tree->sum()); }

private:
  const FrontendOptions &Opts;
  /// The first atom: it fixes the moveset's dimension.
  std::optional<llvm::SMRange> FirstAtom;
  unsigned Dimension = 0;

  ExprRef list(Expr::Kind K, std::vector<ExprRef> Items) {
    if (Items.size() == 1)
      return Items[0];
    auto E = std::make_shared<Expr>();
    E->K = K;
    E->Items = std::move(Items);
    return E;
  }

  ExprRef sum(P::SumContext *C) {
    std::vector<ExprRef> Items;
    for (auto *Pr : C->product()) {
      std::vector<ExprRef> Factors;
      for (auto *I : Pr->item()) {
        ExprRef F = item(I);
        if (!F)
          return nullptr;
        Factors.push_back(std::move(F));
      }
      Items.push_back(list(Expr::Product, std::move(Factors)));
    }
    return list(Expr::Sum, std::move(Items));
  }

  ExprRef item(P::ItemContext *C) {
    ExprRef E;
    if (auto *A = dynamic_cast<P::AtomContext *>(C->primary()))
      E = atom(A);
    else
      E = sum(static_cast<P::GroupContext *>(C->primary())->sum());
    for (auto *M : C->modifier()) {
      if (!E)
        return nullptr;
      E = modifier(M, E);
    }
    return E;
  }

  bool number(antlr4::Token *T, int &Out) {
    std::string S = T->getText();
    if (S.size() > 5 || std::stoi(S) > MaxNumber) {
      error(range(T, T), "the number " + S + " is too large (at most " +
                             std::to_string(MaxNumber) +
                             "; no supported board is longer than " +
                             std::to_string(BoardShape::MaxSide) + ")");
      return false;
    }
    Out = std::stoi(S);
    return true;
  }

  ExprRef atom(P::AtomContext *C) {
    llvm::SMRange Where = range(C);
    auto Cs = C->component();
    if (Cs.empty()) {
      error(Where, "the atom '[]' is empty; an atom is a displacement "
                   "[x,y], or [x,y,z] on a 3D board");
      return nullptr;
    }
    if (Cs.size() != 2 && Cs.size() != 3) {
      error(Where, "an atom has 2 components [x,y] or 3 [x,y,z], not " +
                       std::to_string(Cs.size()));
      return nullptr;
    }
    if (Dimension && Cs.size() != Dimension) {
      error(Where, "this atom has " + std::to_string(Cs.size()) +
                       " components but the first one has " +
                       std::to_string(Dimension) +
                       "; a moveset is either 2D or 3D, not both");
      Diags.note(FirstAtom->Start, "the first atom is here", {*FirstAtom});
      return nullptr;
    }
    if (!Dimension) {
      Dimension = Cs.size();
      FirstAtom = Where;
    }
    auto E = std::make_shared<Expr>();
    E->K = Expr::Atom;
    E->Where = Where;
    for (size_t I = 0; I < Cs.size(); ++I) {
      int V;
      if (!number(Cs[I]->NUMBER()->getSymbol(), V))
        return nullptr;
      E->Delta[I] = Cs[I]->MINUS() ? -V : V;
    }
    return E;
  }

  ExprRef unary(Expr::Kind K, ExprRef Operand, llvm::SMRange Where) {
    auto E = std::make_shared<Expr>();
    E->K = K;
    E->Operand = std::move(Operand);
    E->Where = Where;
    return E;
  }

  ExprRef mirror(const char *Name, ExprRef Operand, llvm::SMRange Where) {
    ExprRef E = unary(Expr::Mirror, std::move(Operand), Where);
    const_cast<Expr &>(*E).Symmetry = *TransformSet::named(Name);
    return E;
  }

  ExprRef filter(antlr4::tree::TerminalNode *Run, unsigned char Axis,
                 signed char Sign, ExprRef Operand) {
    antlr4::Token *T = Run->getSymbol();
    ExprRef E = unary(Expr::Filter, std::move(Operand), range(T, T));
    AxisPredicate &Pred = const_cast<Expr &>(*E).Predicate;
    Pred.Axis = Axis;
    Pred.Sign = Sign;
    Pred.K = int(T->getText().size()) - 1;
    return E;
  }

  ExprRef modifier(P::ModifierContext *C, ExprRef E) {
    llvm::SMRange Where = range(C);
    if (dynamic_cast<P::MirrorXContext *>(C))
      return mirror("lr", E, Where);
    if (dynamic_cast<P::MirrorYContext *>(C))
      return mirror("fb", E, Where);
    if (dynamic_cast<P::MirrorXYContext *>(C))
      return mirror("lrfb", E, Where);
    if (dynamic_cast<P::SwapXYContext *>(C))
      return mirror("swap", E, Where);
    if (dynamic_cast<P::AllMirrorsContext *>(C))
      return mirror("d4", E, Where);
    if (dynamic_cast<P::MirrorZContext *>(C)) {
      if (Dimension != 3) {
        error(Where, "'_' mirrors the z axis (up and down the levels of a 3D "
                     "board); this moveset is 2D");
        return nullptr;
      }
      return mirror("ud", E, Where);
    }
    if (auto *F = dynamic_cast<P::FilterUpContext *>(C))
      return filter(F->FILTER_UP(), 1, 1, E);
    if (auto *F = dynamic_cast<P::FilterDownContext *>(C))
      return filter(F->FILTER_DOWN(), 1, -1, E);
    if (auto *F = dynamic_cast<P::FilterRightContext *>(C))
      return filter(F->FILTER_RIGHT(), 0, 1, E);
    if (auto *F = dynamic_cast<P::FilterLeftContext *>(C))
      return filter(F->FILTER_LEFT(), 0, -1, E);
    P::RangesContext *Ranges;
    Expr::Kind K;
    if (auto *Pw = dynamic_cast<P::PowerContext *>(C)) {
      Ranges = Pw->ranges();
      K = Expr::Power;
    } else {
      Ranges = static_cast<P::MappedContext *>(C)->ranges();
      K = Expr::Mapped;
    }
    std::optional<RangeList> Counts = counts(Ranges);
    if (!Counts)
      return nullptr;
    ExprRef Out = unary(K, E, Where);
    const_cast<Expr &>(*Out).Counts = std::move(*Counts);
    return Out;
  }

  std::optional<RangeList> counts(P::RangesContext *C) {
    std::vector<Interval> Parts;
    for (auto *R : C->range()) {
      llvm::SMRange Where = range(R);
      Interval I;
      if (auto *Span = dynamic_cast<P::SpanContext *>(R)) {
        // Omitted bounds: 1 on the left, no end on the right.
        I.Lo = 1;
        I.Hi = Interval::Unbounded;
        if (Span->lo && !number(Span->lo, I.Lo))
          return std::nullopt;
        if (Span->hi && !number(Span->hi, I.Hi))
          return std::nullopt;
        if (I.Hi == 0) {
          error(Where, "counts start at 1: a move repeated 0 times leaves the "
                       "piece where it is");
          return std::nullopt;
        }
        if (I.Hi < I.Lo) { // both ends written: {3..2}
          error(Where,
                "the range " + R->getText() +
                    " is empty: its lower end is above its upper end",
                {SMFixIt(Where,
                         Span->hi->getText() + ".." + Span->lo->getText())});
          return std::nullopt;
        }
        if (I.Lo == 0) {
          // The upper end is at least 1 here.
          error(
              Where,
              "counts start at 1: a move repeated 0 times leaves the "
              "piece where it is",
              {SMFixIt(Where, "1.." + (Span->hi ? Span->hi->getText() : ""))});
          return std::nullopt;
        }
      } else {
        antlr4::Token *T =
            static_cast<P::CountContext *>(R)->NUMBER()->getSymbol();
        if (!number(T, I.Lo))
          return std::nullopt;
        if (I.Lo == 0) {
          error(Where, "counts start at 1: a move repeated 0 times leaves the "
                       "piece where it is");
          return std::nullopt;
        }
        I.Hi = I.Lo;
      }
      if (I.isUnbounded()) {
        if (Opts.Radius) {
          I.Hi = std::max(I.Lo, *Opts.Radius);
        } else if (Opts.RequireBounded) {
          error(Where, "the range " + R->getText() +
                           " has no end, and the moves are drawn on the "
                           "unbounded plane; bound it with --radius=N or give "
                           "a board with --board=WxH");
          return std::nullopt;
        }
      }
      Parts.push_back(I);
    }
    return RangeList::fromUnsorted(Parts).normalized();
  }
};

/// '{1...3}': a range written with three dots. Reports the dots, with '..'
/// as the fix-it, and returns true; false if \p E is another error.
bool reportThreeDots(DiagnosticEngine &Diags, unsigned Buffer,
                     const SyntaxError &E) {
  if (E.TokenType != FairyNotationLexer::DOT || !E.HasPrev ||
      E.PrevType != FairyNotationLexer::DOTDOT)
    return false;
  llvm::StringRef Text = Diags.bufferText(Buffer);
  size_t Begin = byteOffsetOfCodePoint(Text, E.PrevEnd - 2);
  size_t End = byteOffsetOfLineColumn(Text, E.Line, E.Column + 1);
  llvm::SMRange R = Diags.range(Buffer, Begin, End);
  Diags.error(Diags.loc(Buffer, Begin),
              "a range is written with two dots, as in {1..3}, not '" +
                  Text.slice(Begin, End).str() + "'",
              {R}, {llvm::SMFixIt(R, "..")});
  return true;
}

} // namespace

ExprRef fairy::fairynotation::parseExpr(DiagnosticEngine &Diags,
                                        unsigned Buffer,
                                        const FrontendOptions &Opts) {
  if (!checkUTF8(Diags, Buffer) ||
      !checkNesting(Diags, Buffer, "([{", ")]}", "the fairy-notation text"))
    return nullptr;
  AntlrParse<FairyNotationLexer, FairyNotationParser> Parse(
      Diags.bufferText(Buffer).str());
  P::FairyContext *Tree = Parse.run(&P::fairy);
  if (Parse.firstError() && reportThreeDots(Diags, Buffer, *Parse.firstError()))
    return nullptr;
  if (Parse.reportError(Diags, Buffer, syntaxMessage))
    return nullptr;
  return Reader(Diags, Buffer, Opts).read(Tree);
}

NodeRef fairy::parseFairyNotation(DiagnosticEngine &Diags, unsigned Buffer,
                                  const FrontendOptions &Opts) {
  ExprRef E = parseExpr(Diags, Buffer, Opts);
  TimeReport::Phase Timing("lower");
  return E ? lower(E, Diags) : nullptr;
}
