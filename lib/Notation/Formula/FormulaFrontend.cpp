//===- FormulaFrontend.cpp - Movement Formula text to IR ------------------===//
//
// Brackets are checked first (so that an unclosed '(' is reported where it
// opens, not at the end); ANTLR (grammar/MovementFormula.g4) then groups
// the text, and the Reader pairs each symbol with its neighbours:
//   {a,b} ^ v > <      a step and the directions that restrict its images
//   # $ % $|+ %|o ...  conditions on the square reached
//   m+ m- zN sN        previous move, zones, states
//   @ + x = -(...)     continuations
//   / ... /            a square other than the one reached
//   * :n ;  - ~ ?      repetition
// and hands the result (FormulaAST.h) to the lowering.
//
//===----------------------------------------------------------------------===//
#include "FormulaAST.h"

#include "fairy/Notation/Notation.h"
#include "fairy/Support/AntlrErrors.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/TimeReport.h"

#include "llvm/ADT/StringExtras.h"

#include "MovementFormulaLexer.h"
#include "MovementFormulaParser.h"

#include <set>

using namespace fairy;
using namespace fairy::formula;
using namespace fairy::antlr_MovementFormula;
using P = MovementFormulaParser;
using L = MovementFormulaLexer;

namespace {

/// Largest number in a step; no supported board is longer.
constexpr int MaxStep = 64;
/// Largest repetition count (the IR's limit).
constexpr int MaxCount = 4096;

std::string syntaxMessage(const SyntaxError &E) {
  const std::string &T = E.Text;
  if (E.TokenType == antlr4::Token::EOF)
    return E.HasPrev
               ? "unexpected end of the formula after '" + E.PrevText + "'"
               : "empty formula; expected a move such as {2,1} (the "
                 "knight's leap)";
  if (T == "!")
    return "'!' separates priority levels of alternatives, so it belongs "
           "inside [ ], as in [^!<>!v]";
  if (T == ",")
    return "',' separates the members of { } or [ ], and the two numbers of "
           "a step {a,b}";
  if (T == "*")
    return "'*' repeats the step or phrase just before it";
  if (T == ":" || T == ";" || T == "~" || T == "?")
    return "'" + T + "' belongs after a '*', as in *:3, *:1;1, *~ or *?";
  if (E.PrevText == "{" || E.RuleName == "step")
    return "a step is two numbers in braces, such as {1,0} or {2,1}; "
           "found '" +
           T + "'";
  if (E.PrevText == "*" || E.PrevText == ":")
    return "unexpected '" + T +
           "' in a repetition; write *, *:3, *:1;1, "
           "*:2-4, *~ or *?";
  return "unexpected '" + T + "'";
}

/// Direction letters: which images a step keeps.
enum DirBit : unsigned { Fwd = 1, Back = 2, Right = 4, Left = 8 };

/// Directions after a step: per priority level, the alternatives, each a
/// set of directions the image must all go (forward AND right ...).
using DirSpec = std::vector<std::vector<unsigned>>;

bool goes(Vec V, unsigned Mask) {
  return (!(Mask & Fwd) || V.y > 0) && (!(Mask & Back) || V.y < 0) &&
         (!(Mask & Right) || V.x > 0) && (!(Mask & Left) || V.x < 0);
}

std::vector<Vec> imagesOf(int A, int B) {
  std::set<Vec> S;
  for (int SA : {1, -1})
    for (int SB : {1, -1}) {
      S.insert(Vec(SA * A, SB * B));
      S.insert(Vec(SB * B, SA * A));
    }
  return std::vector<Vec>(S.begin(), S.end());
}

struct Failed {};

class Reader : TokenSpans {
public:
  using TokenSpans::TokenSpans;

  ExprRef read(P::FormulaContext *C) {
    try {
      if (C->sequence()->element().empty())
        fail(llvm::SMRange(Diags.loc(Buffer, 0), Diags.loc(Buffer, 0)),
             "empty formula; expected a move such as {2,1}[(#@),(%x@)] (the "
             "knight)");
      return sequence(C->sequence()->element(), false);
    } catch (Failed &) {
      return nullptr;
    }
  }

private:
  [[noreturn]] void fail(llvm::SMRange R, const std::string &Msg,
                         llvm::ArrayRef<llvm::SMFixIt> Fix = {}) {
    error(R, Msg, Fix);
    throw Failed();
  }
  [[noreturn]] void fail(antlr4::ParserRuleContext *C, const std::string &Msg,
                         llvm::ArrayRef<llvm::SMFixIt> Fix = {}) {
    fail(range(C), Msg, Fix);
  }

  static antlr4::Token *symbolOf(P::ElementContext *E) {
    auto *S = dynamic_cast<P::SymbolPrimaryContext *>(E->primary());
    return S ? S->symbol()->getStart() : nullptr;
  }
  static size_t symbolType(P::ElementContext *E) {
    antlr4::Token *T = symbolOf(E);
    return T ? T->getType() : 0;
  }

  /// The directions \p C stands for, if it is made of direction letters
  /// only (^, {^>}, [^v], [^!<>!v]).
  std::optional<DirSpec> directions(P::PrimaryContext *C) {
    if (auto *S = dynamic_cast<P::SymbolPrimaryContext *>(C)) {
      switch (S->symbol()->getStart()->getType()) {
      case L::FORWARD:
        return DirSpec{{Fwd}};
      case L::BACKWARD:
        return DirSpec{{Back}};
      case L::RIGHT:
        return DirSpec{{Right}};
      case L::LEFT:
        return DirSpec{{Left}};
      default:
        return std::nullopt;
      }
    }
    auto Members = [&](const std::vector<P::SequenceContext *> &Seqs)
        -> std::optional<std::vector<std::vector<unsigned>>> {
      std::vector<std::vector<unsigned>> Out;
      for (P::SequenceContext *Seq : Seqs) {
        if (Seq->element().empty())
          return std::nullopt;
        std::vector<unsigned> Alts;
        for (P::ElementContext *E : Seq->element()) {
          auto D = directions(E->primary());
          if (!D || E->repeat() || D->size() != 1)
            return std::nullopt;
          Alts.insert(Alts.end(), (*D)[0].begin(), (*D)[0].end());
        }
        Out.push_back(Alts);
      }
      return Out;
    };
    if (auto *G = dynamic_cast<P::CompoundContext *>(C)) {
      // All at once: forward AND right.
      auto Ms = Members(G->sequence());
      if (!Ms)
        return std::nullopt;
      unsigned All = 0;
      for (const auto &M : *Ms)
        for (unsigned D : M)
          All |= D;
      return DirSpec{{All}};
    }
    if (auto *G = dynamic_cast<P::AlternativesContext *>(C)) {
      auto Ms = Members(G->sequence());
      if (!Ms)
        return std::nullopt;
      DirSpec Levels(1);
      for (size_t I = 0; I < Ms->size(); ++I) {
        if (I > 0 && G->separators[I - 1]->getText() == "!")
          Levels.emplace_back();
        for (unsigned D : (*Ms)[I])
          Levels.back().push_back(D);
      }
      return Levels;
    }
    return std::nullopt;
  }

  /// Restricts the steps of \p E to the directions \p D.
  void restrict(Expr &E, const DirSpec &D, llvm::SMRange Where) {
    if (E.K == Expr::Move) {
      if (E.Images.size() > 1 && D.size() > 1)
        fail(Where, "this step already has priorities among its "
                    "directions; give them in one [ ]");
      std::vector<Vec> All;
      for (const auto &Level : E.Images)
        All.insert(All.end(), Level.begin(), Level.end());
      std::vector<std::vector<Vec>> Levels;
      std::set<Vec> Taken;
      for (const std::vector<unsigned> &Level : D) {
        std::vector<Vec> Kept;
        for (Vec V : All)
          for (unsigned Mask : Level)
            if (goes(V, Mask) && Taken.insert(V).second)
              Kept.push_back(V);
        if (!Kept.empty())
          Levels.push_back(Kept);
      }
      if (Levels.empty())
        fail(Where, "no image of the step " + stepText(All) +
                        " goes in these directions");
      E.Images = Levels;
      return;
    }
    for (ExprRef &C : E.Children) {
      if (!C->mayMove())
        continue;
      C = std::make_shared<Expr>(*C);
      restrict(*C, D, Where);
    }
  }

  static std::string stepText(const std::vector<Vec> &Images) {
    int A = 0, B = 0;
    for (Vec V : Images) {
      A = std::max(A, std::max(std::abs(V.x), std::abs(V.y)));
      B = std::max(B, std::min(std::abs(V.x), std::abs(V.y)));
    }
    return "{" + std::to_string(A) + "," + std::to_string(B) + "}";
  }

  ExprRef step(P::StepContext *C) {
    if (!C->MINUS().empty())
      fail(range(C->MINUS(0)->getSymbol(), C->MINUS(0)->getSymbol()),
           "the numbers of a step count squares and take no sign; give "
           "directions with ^ v > < after the step, as in {1,0}v");
    std::vector<int> Ns;
    for (antlr4::tree::TerminalNode *T : C->INT()) {
      int N = 0;
      if (llvm::StringRef(T->getText()).getAsInteger(10, N) || N > MaxStep)
        fail(range(T->getSymbol(), T->getSymbol()),
             "a step is at most " + std::to_string(MaxStep) +
                 " squares long along each axis");
      Ns.push_back(N);
    }
    if (Ns.size() != 2) {
      std::vector<llvm::SMFixIt> Fix;
      if (Ns.size() == 1)
        Fix.push_back(
            llvm::SMFixIt(range(C), "{" + std::to_string(Ns[0]) + ",0}"));
      fail(C,
           "a step has two numbers, the squares along one axis and along "
           "the other, as in {1,0} or {2,1}; this one has " +
               std::to_string(Ns.size()),
           Fix);
    }
    if (Ns[0] == 0 && Ns[1] == 0)
      fail(C, "the step {0,0} goes nowhere");
    auto E = std::make_shared<Expr>(Expr::Move, range(C));
    E->Images = {imagesOf(Ns[0], Ns[1])};
    return E;
  }

  ExprRef repeat(ExprRef Body, P::RepeatContext *C) {
    auto E = std::make_shared<Expr>(Expr::Repeat, range(C));
    E->Children = {Body};
    bool Counted = false, Crooked = false;
    for (P::RepeatOptionContext *O : C->repeatOption()) {
      if (auto *Count = dynamic_cast<P::RepeatCountContext *>(O)) {
        if (Counted)
          fail(O, "a repetition has one count");
        Counted = true;
        readCount(Count, *E);
        continue;
      }
      if (Crooked)
        fail(O, "'~' and '?' say how a crooked repetition turns; give one "
                "of them once");
      Crooked = true;
      E->How = dynamic_cast<P::CrookedContext *>(O) ? Expr::Crooked
                                                    : Expr::CrookedReturn;
    }
    if (!Body->mustMove())
      fail(llvm::SMRange(Body->Loc.Start, E->Loc.End),
           "a repeated phrase must make a step on every path, or it repeats "
           "nothing");
    return E;
  }

  /// *:n (1..n times), *:a;b (a required, then up to b more), *:a;
  /// (exactly a), *:a-b (a..b).
  void readCount(P::RepeatCountContext *C, Expr &E) {
    std::vector<int> Ns;
    std::vector<std::string> Seps;
    bool LastWasNumber = false;
    for (antlr4::tree::ParseTree *Ch : C->children) {
      auto *T = dynamic_cast<antlr4::tree::TerminalNode *>(Ch);
      if (!T)
        continue;
      size_t Type = T->getSymbol()->getType();
      if (Type == L::INT) {
        int N = MaxCount + 1;
        llvm::StringRef(T->getText()).getAsInteger(10, N);
        if (N > MaxCount)
          fail(range(T->getSymbol(), T->getSymbol()),
               "a repetition count is at most " + std::to_string(MaxCount));
        Ns.push_back(N);
        LastWasNumber = true;
      } else if (Type != L::COLON) {
        if (!LastWasNumber)
          fail(range(T->getSymbol(), T->getSymbol()),
               "'" + T->getText() + "' needs a number before it");
        Seps.push_back(T->getText());
        LastWasNumber = false;
      }
    }
    if (Ns.empty())
      fail(C, "':' sets how often the phrase repeats and needs a number "
              "after it, as in *:3");
    if (Ns.size() > 2)
      fail(C, "a repetition count has at most two numbers: *:n, *:a;b, "
              "*:a; or *:a-b");
    if (Ns.size() == 1 && Seps.empty()) {
      if (Ns[0] == 0)
        fail(C, "*:0 never makes the phrase; the count must be at least 1");
      E.Min = 1;
      E.Max = Ns[0];
    } else if (Ns.size() == 1) {
      E.Min = E.Max = Ns[0]; // "*:a;": exactly a
      if (Ns[0] == 0)
        fail(C, "*:0; never makes the phrase");
    } else if (Seps[0] == ";") {
      E.Min = Ns[0];
      E.Max = Ns[0] + Ns[1];
      if (E.Max == 0)
        fail(C, "*:0;0 never makes the phrase");
    } else {
      E.Min = Ns[0];
      E.Max = Ns[1];
      if (E.Min > E.Max)
        fail(C, "the least count " + std::to_string(E.Min) +
                    " is larger than the greatest " + std::to_string(E.Max));
      if (E.Max == 0)
        fail(C, "*:0-0 never makes the phrase");
    }
    if (E.Max > MaxCount)
      fail(C, "a repetition count is at most " + std::to_string(MaxCount));
  }

  ExprRef group(P::PrimaryContext *C, bool InProbe) {
    if (auto *S = dynamic_cast<P::StepPrimaryContext *>(C))
      return step(S->step());
    if (auto *Ph = dynamic_cast<P::PhraseContext *>(C)) {
      auto E = std::make_shared<Expr>(Expr::Seq, range(C));
      E->Children = {sequence(Ph->sequence()->element(), InProbe)};
      return E;
    }
    if (auto *G = dynamic_cast<P::CompoundContext *>(C)) {
      auto E = std::make_shared<Expr>(Expr::Seq, range(C));
      for (P::SequenceContext *S : G->sequence()) {
        if (S->element().empty())
          fail(C, "an empty member in { }");
        E->Children.push_back(sequence(S->element(), InProbe));
      }
      return E;
    }
    auto *G = dynamic_cast<P::AlternativesContext *>(C);
    auto E = std::make_shared<Expr>(Expr::Any, range(C));
    int Level = 0;
    for (size_t I = 0; I < G->sequence().size(); ++I) {
      if (I > 0 && G->separators[I - 1]->getText() == "!")
        ++Level;
      P::SequenceContext *S = G->sequence()[I];
      if (S->element().empty())
        fail(C, "an empty alternative in [ ]");
      E->Children.push_back(sequence(S->element(), InProbe));
      E->Levels.push_back(Level);
    }
    return E;
  }

  ExprRef check(antlr4::Token *T, Land Land = Land::any()) {
    auto E = std::make_shared<Expr>(Expr::Check, range(T, T));
    E->L = Land;
    return E;
  }
  ExprRef guardCheck(antlr4::Token *First, antlr4::Token *Last,
                     GuardPredicate::Kind K, bool Negated = false, int N = 0) {
    auto E = std::make_shared<Expr>(Expr::Check, range(First, Last));
    GuardPredicate G;
    G.K = K;
    G.Negated = Negated;
    G.ZoneId = N;
    E->Guards.push_back(G);
    return E;
  }

  static bool isQualifier(size_t Type) {
    return Type == L::PLUS || Type == L::MINUS || Type == L::CAPTURE ||
           Type == L::NOT_ATTACKED;
  }

  /// '$' or '%' with its qualifier (|+ |- |x |o).
  ExprRef sideCondition(antlr4::Token *Side, antlr4::Token *Qual) {
    bool Friend = Side->getType() == L::FRIEND;
    auto E = std::make_shared<Expr>(Expr::Check, range(Side, Qual));
    GuardPredicate G;
    switch (Qual->getType()) {
    case L::PLUS:
    case L::MINUS:
      E->L = Friend ? Land::friendly() : Land::enemy();
      G.K = GuardPredicate::SameType;
      G.Negated = Qual->getType() == L::MINUS;
      break;
    default: // x, o: (not) attacked by the enemy / protected by a friend
      G.K = Friend ? GuardPredicate::Defended : GuardPredicate::Attacked;
      G.Negated = Qual->getType() == L::NOT_ATTACKED;
      break;
    }
    E->Guards.push_back(G);
    return E;
  }

  void noRepeat(P::ElementContext *E) {
    if (E->repeat())
      fail(E->repeat(), "'*' repeats a step or a phrase, not '" +
                            E->primary()->getText() + "'");
  }

  ExprRef sequence(const std::vector<P::ElementContext *> &Els, bool InProbe) {
    auto Seq = std::make_shared<Expr>(Expr::Seq);
    if (!Els.empty())
      Seq->Loc = llvm::SMRange(range(Els.front()).Start, range(Els.back()).End);
    std::vector<ExprRef> &Out = Seq->Children;
    for (size_t I = 0; I < Els.size(); ++I) {
      P::ElementContext *El = Els[I];
      if (auto D = directions(El->primary())) {
        if (Out.empty() || !Out.back()->mayMove() ||
            Out.back()->K == Expr::Repeat)
          fail(El->primary(),
               "a direction restricts the step just before it, as in "
               "{1,0}^; here no step comes before '" +
                   El->primary()->getText() + "'");
        Out.back() = std::make_shared<Expr>(*Out.back());
        restrict(*Out.back(), *D, range(El->primary()));
        Out.back()->Loc.End = range(El->primary()).End;
        if (El->repeat())
          Out.back() = repeat(Out.back(), El->repeat());
        continue;
      }
      antlr4::Token *T = symbolOf(El);
      if (!T) {
        ExprRef E = group(El->primary(), InProbe);
        if (El->repeat()) {
          if (InProbe)
            fail(El->repeat(), "a square named inside / / or after '-' "
                               "is reached without repetition");
          E = repeat(E, El->repeat());
        }
        Out.push_back(E);
        continue;
      }
      noRepeat(El);
      auto Next = [&](size_t K) -> antlr4::Token * {
        return I + K < Els.size() && !Els[I + K - 1]->repeat()
                   ? symbolOf(Els[I + K])
                   : nullptr;
      };
      auto NotInProbe = [&](const std::string &What) {
        if (InProbe)
          fail(range(T, T), What + " has no meaning for a square named "
                                   "inside / / or after '-'");
      };
      switch (T->getType()) {
      case L::EMPTY:
        Out.push_back(check(T, Land::empty()));
        break;
      case L::FRIEND:
      case L::ENEMY: {
        antlr4::Token *N1 = Next(1), *N2 = Next(2);
        if (N1 && N1->getType() == L::BAR) {
          if (!N2 || !isQualifier(N2->getType()))
            fail(range(T, N1),
                 "'|' is followed by + (same type), - (other type), x "
                 "(attacked or protected) or o (not)");
          Out.push_back(sideCondition(T, N2));
          I += 2;
        } else if (InProbe && N1 && isQualifier(N1->getType())) {
          // Inside / / nothing continues, so '%+' can only be '%|+' (the
          // spec's own pawn writes it so).
          Out.push_back(sideCondition(T, N1));
          I += 1;
        } else {
          Out.push_back(check(T, T->getType() == L::FRIEND ? Land::friendly()
                                                           : Land::enemy()));
        }
        break;
      }
      case L::BAR:
        fail(range(T, T), "'|' qualifies '$' or '%', as in $|+ or %|o");
      case L::NOT_ATTACKED:
        fail(range(T, T),
             "'o' is written after '$|' or '%|' (not protected, "
             "not attacked)",
             {llvm::SMFixIt(range(T, T), "%|o")});
      case L::PLUS:
        NotInProbe("'+' (continue)");
        Out.push_back(std::make_shared<Expr>(Expr::Continue, range(T, T)));
        break;
      case L::END:
        NotInProbe("'@' (the move ends)");
        Out.push_back(std::make_shared<Expr>(Expr::End, range(T, T)));
        break;
      case L::CAPTURE: {
        NotInProbe("'x' (capture)");
        // 'x' takes a piece of the side the phrase last named: $x takes
        // one's own piece, %x or a bare x an enemy.
        auto C = std::make_shared<Expr>(Expr::Capture, range(T, T));
        for (size_t K = Out.size(); K-- > 0;)
          if (Out[K]->K == Expr::Check &&
              (Out[K]->L == Land::friendly() || Out[K]->L == Land::enemy())) {
            C->Taken = Out[K]->L;
            break;
          }
        Out.push_back(C);
        break;
      }
      case L::PROMOTE: {
        NotInProbe("'=' (promotion)");
        auto E = std::make_shared<Expr>(Expr::Promote, range(T, T));
        E->Letters = T->getText().substr(1);
        Out.push_back(E);
        break;
      }
      case L::MINUS: {
        NotInProbe("'-' (capture elsewhere)");
        if (I + 1 >= Els.size() || symbolOf(Els[I + 1]) || Els[I + 1]->repeat())
          fail(range(T, T), "'-' captures on the square named by the phrase "
                            "after it, as in -({1,0}v)");
        auto E = std::make_shared<Expr>(Expr::Remote, range(T, T));
        ExprRef Where = group(Els[I + 1]->primary(), true);
        E->Children = {Where};
        E->Loc.End = range(Els[I + 1]).End;
        if (!Where->mustMove())
          fail(E->Loc, "the phrase after '-' names a square by steps from "
                       "here, as in -({1,0}v); this one takes none");
        Out.push_back(E);
        ++I;
        break;
      }
      case L::SLASH: {
        if (InProbe)
          fail(range(T, T), "squares inside / / cannot nest");
        size_t J = I + 1;
        while (J < Els.size() && symbolType(Els[J]) != L::SLASH)
          ++J;
        if (J == Els.size())
          fail(range(T, T), "this '/' opens a square other than the "
                            "destination but nothing closes it; write "
                            "/{1,0}v%/");
        if (J == I + 1)
          fail(range(T, symbolOf(Els[J])), "empty / /: name a square by "
                                           "steps and conditions, as in "
                                           "/{1,0}v%/");
        noRepeat(Els[J]);
        std::vector<P::ElementContext *> Inner(Els.begin() + I + 1,
                                               Els.begin() + J);
        auto E =
            std::make_shared<Expr>(Expr::Probe, range(T, symbolOf(Els[J])));
        E->Children = {sequence(Inner, true)};
        if (!E->Children[0]->mustMove())
          fail(E->Loc, "/ / names a square by steps from the square "
                       "reached, as in /{1,0}v%/; this one takes none");
        Out.push_back(E);
        I = J;
        break;
      }
      case L::LAST_TO:
        Out.push_back(guardCheck(T, T, GuardPredicate::LastTo));
        break;
      case L::LAST_FROM:
        Out.push_back(guardCheck(T, T, GuardPredicate::LastFrom));
        break;
      case L::ZONE:
      case L::STATE: {
        int N = 0;
        if (llvm::StringRef(T->getText()).drop_front().getAsInteger(10, N) ||
            N > 1000)
          fail(range(T, T), "zone and state numbers go up to 1000");
        if (T->getType() == L::ZONE)
          Out.push_back(guardCheck(T, T, GuardPredicate::Zone, false, N));
        else if (N == 0)
          Out.push_back(guardCheck(T, T, GuardPredicate::Initial));
        else
          Out.push_back(guardCheck(T, T, GuardPredicate::State, false, N));
        break;
      }
      default:
        unknown(T);
      }
    }
    return Seq;
  }

  [[noreturn]] void unknown(antlr4::Token *T) {
    std::string C = T->getText();
    if (C == "m")
      fail(range(T, T), "'m' is followed by + (the square the previous move "
                        "ended on) or - (the one it started from)");
    if (C == "z" || C == "s")
      fail(range(T, T), "'" + C + "' takes a number: " + C + "1 is " +
                            (C == "z" ? "zone" : "state") + " 1" +
                            (C == "s" ? ", s0 never moved" : ""));
    if (C == "=")
      fail(range(T, T), "'=' is followed by the letters of the pieces it "
                        "may promote to, upper case, as in =QRBN");
    fail(range(T, T), "'" + C +
                          "' is not a Movement Formula symbol; "
                          "steps are {a,b}, directions ^ v > <, conditions "
                          "# $ % m+ m- zN sN, continuations @ x + = -");
  }
};

/// Whether \p Fixed, a formula with a fix-it applied, reads without error:
/// a fix-it is offered only then.
bool fixedFormulaReads(const std::string &Fixed) {
  DiagnosticEngine Scratch(nullptr);
  unsigned Buffer = Scratch.addBuffer(Fixed, "<fix-it>");
  return parseMovementFormula(Scratch, Buffer, FrontendOptions()) &&
         !Scratch.errorCount();
}

/// Reports the first unbalanced bracket; false if there is one.
bool checkBrackets(DiagnosticEngine &Diags, unsigned Buffer) {
  llvm::StringRef Text = Diags.bufferText(Buffer);
  std::vector<size_t> Open;
  auto Closer = [](char C) { return C == '(' ? ')' : C == '[' ? ']' : '}'; };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '(' || C == '[' || C == '{') {
      Open.push_back(I);
    } else if (C == ')' || C == ']' || C == '}') {
      if (Open.empty()) {
        Diags.error(Diags.loc(Buffer, I),
                    std::string("'") + C + "' closes nothing",
                    {Diags.range(Buffer, I, I + 1)});
        return false;
      }
      char Want = Closer(Text[Open.back()]);
      if (C != Want) {
        std::string Fixed = Text.str();
        Fixed[I] = Want;
        std::vector<llvm::SMFixIt> Fix;
        if (fixedFormulaReads(Fixed))
          Fix.emplace_back(Diags.range(Buffer, I, I + 1), std::string(1, Want));
        Diags.error(Diags.loc(Buffer, I),
                    std::string("'") + C + "' does not match the '" +
                        Text[Open.back()] + "' it would close; expected '" +
                        Want + "'",
                    {Diags.range(Buffer, I, I + 1)}, Fix);
        Diags.note(Diags.loc(Buffer, Open.back()), "opened here");
        return false;
      }
      Open.pop_back();
    }
  }
  if (!Open.empty()) {
    std::string Missing;
    for (size_t K = Open.size(); K-- > 0;)
      Missing += Closer(Text[Open[K]]);
    // The closers at the end, as a fix-it only when the formula then reads
    // ('(1,0' closed is still no formula).
    std::vector<llvm::SMFixIt> Fix;
    if (fixedFormulaReads(Text.str() + Missing))
      Fix.emplace_back(Diags.range(Buffer, Text.size(), Text.size()), Missing);
    Diags.error(Diags.loc(Buffer, Open.back()),
                std::string("this '") + Text[Open.back()] +
                    "' is never closed; the formula needs '" + Missing +
                    "' at its end",
                {Diags.range(Buffer, Open.back(), Open.back() + 1)}, Fix);
    return false;
  }
  return true;
}

} // namespace

/// Elements of a formula read into \p E: steps, symbols and groups.
static size_t countElements(const Expr &E) {
  size_t N = 1;
  for (const ExprRef &C : E.Children)
    N += countElements(*C);
  return N;
}

/// The most elements one formula may have (countElements).
static constexpr size_t MaxElements = 2000;

/// '*:1..3': a count range written as in fairy-notation and the IR, where a
/// formula writes '*:1-3'. Reports it, with '-' as the fix-it, and returns
/// true if the text of buffer \p Buffer has one.
static bool reportDottedCount(DiagnosticEngine &Diags, unsigned Buffer) {
  llvm::StringRef T = Diags.bufferText(Buffer);
  auto Digits = [&](size_t I) {
    while (I < T.size() && llvm::isDigit(T[I]))
      ++I;
    return I;
  };
  for (size_t I = T.find("*:"); I != llvm::StringRef::npos;
       I = T.find("*:", I + 2)) {
    size_t Lo = I + 2, Dots = Digits(Lo);
    if (Dots == Lo || !T.substr(Dots).startswith(".."))
      continue;
    size_t Hi = Dots + 2, End = Digits(Hi);
    if (End == Hi || T.substr(End).startswith("."))
      continue;
    std::string Fixed =
        "*:" + T.slice(Lo, Dots).str() + "-" + T.slice(Hi, End).str();
    llvm::SMRange R = Diags.range(Buffer, Dots, Hi);
    Diags.error(Diags.loc(Buffer, Dots),
                "a formula writes a range of counts with '-', as in '" + Fixed +
                    "', not '..'",
                {R}, {llvm::SMFixIt(R, "-")});
    return true;
  }
  return false;
}

NodeRef fairy::parseMovementFormula(DiagnosticEngine &Diags, unsigned Buffer,
                                    const FrontendOptions &) {
  if (!checkUTF8(Diags, Buffer) ||
      !checkNesting(Diags, Buffer, "([{", ")]}", "the formula") ||
      !checkBrackets(Diags, Buffer))
    return nullptr;
  AntlrParse<MovementFormulaLexer, MovementFormulaParser> Parse(
      Diags.bufferText(Buffer).str());
  P::FormulaContext *Tree = Parse.run(&P::formula);
  if (Parse.firstError() && reportDottedCount(Diags, Buffer))
    return nullptr;
  if (Parse.reportError(Diags, Buffer, syntaxMessage))
    return nullptr;
  Reader R(Diags, Buffer);
  ExprRef E = R.read(Tree);
  if (!E)
    return nullptr;
  // The lowering follows the rest of the move after each element (for
  // priorities), so its time, memory and stack grow with the square of
  // the number of elements: bounded here, far above any real piece.
  if (size_t N = countElements(*E); N > MaxElements) {
    Diags.error(Diags.loc(Buffer, 0), "the formula has " + std::to_string(N) +
                                          " elements; fairyc reads at most " +
                                          std::to_string(MaxElements) +
                                          " (docs/diagnostics.md, \"Limits\")");
    return nullptr;
  }
  try {
    TimeReport::Phase Timing("lower");
    return lower(*E);
  } catch (LowerError &Err) {
    Diags.error(Err.Loc.Start, Err.Message, {Err.Loc});
    return nullptr;
  }
}
