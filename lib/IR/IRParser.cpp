//===- IRParser.cpp - Read the textual IR ---------------------------------===//
//
// The ANTLR grammar grammar/FairyIR.g4 gives the parse tree; this file turns
// it into nodes, checking the names the grammar leaves open.
//
//===----------------------------------------------------------------------===//
#include "fairy/IR/IRParser.h"
#include "fairy/IR/Builder.h"
#include "fairy/Support/AntlrErrors.h"
#include "fairy/Support/Suggest.h"

#include "FairyIRLexer.h"
#include "FairyIRParser.h"

#include <climits>

using namespace fairy;
using namespace fairy::antlr_FairyIR;

namespace {
class IRBuilderVisitor {
public:
  IRBuilderVisitor(DiagnosticEngine &Diags, unsigned Buffer)
      : Diags(Diags), Buffer(Buffer), Text(Diags.bufferText(Buffer)) {}

  NodeRef node(FairyIRParser::NodeContext *Ctx) {
    if (auto *C = dynamic_cast<FairyIRParser::LegNodeContext *>(Ctx))
      return legNode(C);
    if (auto *C = dynamic_cast<FairyIRParser::ListNodeContext *>(Ctx))
      return listNode(C);
    if (auto *C = dynamic_cast<FairyIRParser::RepeatNodeContext *>(Ctx))
      return repeatNode(C);
    if (auto *C = dynamic_cast<FairyIRParser::SymNodeContext *>(Ctx))
      return symNode(C);
    if (auto *C = dynamic_cast<FairyIRParser::FilterNodeContext *>(Ctx))
      return filterNode(C);
    if (auto *C = dynamic_cast<FairyIRParser::GuardNodeContext *>(Ctx))
      return guardNode(C);
    if (auto *C = dynamic_cast<FairyIRParser::TestNodeContext *>(Ctx))
      return testNode(C);
    return nullptr;
  }

private:
  DiagnosticEngine &Diags;
  unsigned Buffer;
  llvm::StringRef Text;

  /// An error on \p T; with \p Replacement, that as its fix-it.
  void error(antlr4::Token *T, const std::string &Msg,
             std::optional<std::string> Replacement = std::nullopt) {
    size_t B = byteOffsetOfCodePoint(Text, T->getStartIndex());
    size_t E = byteOffsetOfCodePoint(Text, T->getStopIndex() + 1);
    std::vector<llvm::SMFixIt> Fix;
    if (Replacement)
      Fix.emplace_back(Diags.range(Buffer, B, E), *Replacement);
    Diags.error(Diags.loc(Buffer, B), Msg, {Diags.range(Buffer, B, E)}, Fix);
  }

  bool integer(antlr4::Token *T, int &Out) {
    try {
      long long V = std::stoll(T->getText());
      if (V < INT_MIN / 2 || V > INT_MAX / 2)
        throw std::out_of_range("");
      Out = (int)V;
      return true;
    } catch (...) {
      error(T, "the number '" + T->getText() + "' is too large");
      return false;
    }
  }

  NodeRef legNode(FairyIRParser::LegNodeContext *C) {
    Vec V;
    auto Ints = C->vector()->INT();
    for (size_t I = 0; I < Ints.size(); ++I)
      if (!integer(Ints[I]->getSymbol(), V[I]))
        return nullptr;
    Land L;
    Effect E = Effect::None;
    auto Names = C->IDENT();
    if (!Names.empty() && !Land::fromName(Names[0]->getText(), L)) {
      TypoCorrector Typo(Names[0]->getText());
      for (const char *Name : {"never", "empty", "friend", "enemy", "notenemy",
                               "notfriend", "occupied", "any"})
        Typo.add(Name);
      auto Best = Typo.best();
      error(Names[0]->getSymbol(),
            "unknown landing condition '" + Names[0]->getText() +
                "'; expected one of never, empty, friend, enemy, notenemy, "
                "notfriend, occupied, any" +
                (Best ? "; did you mean '" + *Best + "'?" : ""),
            Best);
      return nullptr;
    }
    if (Names.size() > 1 && !effectFromName(Names[1]->getText(), E)) {
      TypoCorrector Typo(Names[1]->getText());
      for (const char *Name : {"capture", "promote", "enpassant", "none"})
        Typo.add(Name);
      auto Best = Typo.best();
      error(Names[1]->getSymbol(),
            "unknown effect '" + Names[1]->getText() +
                "'; expected one of capture, promote, enpassant, none" +
                (Best ? "; did you mean '" + *Best + "'?" : ""),
            Best);
      return nullptr;
    }
    return ir::leg(V, L, E);
  }

  NodeRef listNode(FairyIRParser::ListNodeContext *C) {
    std::vector<NodeRef> Cs;
    for (auto *N : C->node()) {
      NodeRef R = node(N);
      if (!R)
        return nullptr;
      Cs.push_back(R);
    }
    std::string K = C->kind->getText();
    NodeKind Kind = K == "seq"   ? NodeKind::Seq
                    : K == "alt" ? NodeKind::Alt
                                 : NodeKind::Prio;
    return Node::makeList(Kind, std::move(Cs));
  }

  NodeRef repeatNode(FairyIRParser::RepeatNodeContext *C) {
    std::vector<Interval> Parts;
    for (auto *R : C->ranges()->range()) {
      Interval I;
      if (!integer(R->lo, I.Lo))
        return nullptr;
      I.Hi = I.Lo;
      if (R->DOTDOT())
        I.Hi = Interval::Unbounded;
      if (R->hi && !integer(R->hi, I.Hi))
        return nullptr;
      Parts.push_back(I);
    }
    RangeList Range(std::move(Parts));
    std::string P = Range.problem();
    if (!P.empty()) {
      error(C->ranges()->getStart(), P);
      return nullptr;
    }
    NodeRef Operand = node(C->node());
    if (!Operand)
      return nullptr;
    return Node::makeRepeat(C->kind->getText() == "rep" ? NodeKind::Rep
                                                        : NodeKind::Ride,
                            std::move(Range), Operand);
  }

  NodeRef symNode(FairyIRParser::SymNodeContext *C) {
    TransformSet Set;
    auto *Spec = C->symSpec();
    if (Spec->IDENT()) {
      auto Named = TransformSet::named(Spec->IDENT()->getText());
      if (!Named) {
        std::string All;
        TypoCorrector Typo(Spec->IDENT()->getText());
        for (const std::string &N : TransformSet::names()) {
          All += (All.empty() ? "" : ", ") + N;
          Typo.add(N);
        }
        auto Best = Typo.best();
        error(Spec->IDENT()->getSymbol(),
              "unknown symmetry '" + Spec->IDENT()->getText() +
                  "'; expected one of " + All +
                  (Best ? "; did you mean '" + *Best + "'?" : ""),
              Best);
        return nullptr;
      }
      Set = *Named;
    } else {
      std::vector<Transform> Ts;
      for (auto *TC : Spec->transform()) {
        Transform T;
        bool Used[3] = {false, false, false};
        auto Axes = TC->axis();
        for (size_t I = 0; I < 3; ++I) {
          if (I >= Axes.size()) { // a 2D transform leaves z alone
            if (Used[2]) {
              error(TC->getStart(), "a 2D transform cannot move z; write all "
                                    "three axes");
              return nullptr;
            }
            T.Perm[2] = 2;
            break;
          }
          std::string A = Axes[I]->IDENT()->getText();
          if (A != "x" && A != "y" && A != "z") {
            error(Axes[I]->IDENT()->getSymbol(),
                  "a transform names the axes x, y and z, not '" + A + "'");
            return nullptr;
          }
          unsigned Axis = A[0] - 'x';
          if (Used[Axis]) {
            error(Axes[I]->IDENT()->getSymbol(),
                  "axis '" + A + "' appears twice in this transform");
            return nullptr;
          }
          Used[Axis] = true;
          T.Perm[I] = Axis;
          T.Sign[I] = Axes[I]->MINUS() ? -1 : 1;
        }
        Ts.push_back(T);
      }
      Set = TransformSet(std::move(Ts));
    }
    NodeRef Operand = node(C->node());
    return Operand ? ir::sym(std::move(Set), Operand) : nullptr;
  }

  NodeRef filterNode(FairyIRParser::FilterNodeContext *C) {
    AxisPredicate P;
    std::string A = C->IDENT()->getText();
    if (A != "x" && A != "y" && A != "z") {
      error(C->IDENT()->getSymbol(),
            "a filter tests the axis x, y or z, not '" + A + "'");
      return nullptr;
    }
    P.Axis = A[0] - 'x';
    int K;
    if (!integer(C->INT()->getSymbol(), K))
      return nullptr;
    if (C->CMP()->getText() == ">=") {
      P.Sign = 1;
      P.K = K;
    } else {
      P.Sign = -1;
      P.K = -K;
    }
    NodeRef Operand = node(C->node());
    return Operand ? ir::filter(P, Operand) : nullptr;
  }

  NodeRef guardNode(FairyIRParser::GuardNodeContext *C) {
    GuardPredicate G;
    G.Negated = C->NOT() != nullptr;
    std::string Name = C->IDENT()->getText();
    bool Known = GuardPredicate::kindFromName(Name, G.K);
    if (Known && G.hasNumber() && C->INT()) {
      if (!integer(C->INT()->getSymbol(), G.ZoneId))
        return nullptr;
    } else if (!Known || G.hasNumber() || C->INT()) {
      // A misspelt name: the nearest of those taking a number as this one
      // does ('zon 2' is 'zone 2', 'intial' is 'initial').
      std::optional<std::string> Best;
      if (!Known) {
        TypoCorrector Typo(Name);
        for (unsigned K = 0; K <= GuardPredicate::Unmoved; ++K) {
          GuardPredicate P;
          P.K = GuardPredicate::Kind(K);
          if (P.hasNumber() == (C->INT() != nullptr))
            Typo.add(GuardPredicate::kindName(P.K));
        }
        Best = Typo.best();
      }
      error(C->IDENT()->getSymbol(),
            "unknown guard '" + Name + (C->INT() ? " N" : "") +
                "'; expected initial, zone N, state N, origin, lastto, "
                "lastfrom, sametype, attacked, defended, passed, royal, "
                "advanced or unmoved (optionally negated by !)" +
                (Best ? "; did you mean '" + *Best + "'?" : ""),
            Best);
      return nullptr;
    }
    NodeRef Operand = node(C->node());
    return Operand ? ir::guard(G, Operand) : nullptr;
  }

  NodeRef testNode(FairyIRParser::TestNodeContext *C) {
    NodeRef Operand = node(C->node());
    if (!Operand)
      return nullptr;
    std::string K = C->kind->getText();
    if (K == "borrow")
      return ir::borrow(Operand);
    return K == "ahead" ? ir::ahead(Operand) : ir::notAhead(Operand);
  }
};
} // namespace

static std::string describeExpected(const SyntaxError &E,
                                    const antlr4::dfa::Vocabulary &Voc) {
  std::string S;
  for (size_t I = 0; I < E.Expected.size() && I < 8; ++I) {
    if (I)
      S += I + 1 == E.Expected.size() ? " or " : ", ";
    size_t T = E.Expected[I];
    S += T == antlr4::Token::EOF ? "the end of the input"
                                 : Voc.getDisplayName(T);
  }
  return S;
}

/// ANTLR's parser, the builder and the evaluators all recurse once per level
/// of nesting; an input nested tens of thousands deep would overflow the
/// stack. No real moveset comes near this.
NodeRef fairy::parseIR(DiagnosticEngine &Diags, unsigned Buffer) {
  if (!checkUTF8(Diags, Buffer) ||
      !checkNesting(Diags, Buffer, "(", ")", "the IR", "//"))
    return nullptr;
  AntlrParse<FairyIRLexer, FairyIRParser> Parse(Diags.bufferText(Buffer).str());
  FairyIRParser::MovesetContext *Tree = Parse.run(&FairyIRParser::moveset);
  auto Describe = [&](const SyntaxError &E) -> SyntaxMessage {
    const antlr4::dfa::Vocabulary &Voc = Parse.parser().getVocabulary();
    if (E.FromLexer)
      return "unexpected character '" + E.Text + "' in IR text";
    if (E.TokenType == antlr4::Token::EOF)
      return "unexpected end of the IR text; expected " +
             describeExpected(E, Voc);
    // A misspelt node kind ('lgo'): the nearest of the words expected.
    TypoCorrector Typo(E.Text);
    for (size_t T : E.Expected) {
      std::string Literal =
          T == antlr4::Token::EOF ? "" : std::string(Voc.getLiteralName(T));
      if (Literal.size() > 2 && Literal.front() == '\'')
        Typo.add(llvm::StringRef(Literal).drop_front().drop_back());
    }
    SyntaxMessage M("unexpected '" + E.Text + "' in IR text; expected " +
                    describeExpected(E, Voc));
    if (auto Best = Typo.best()) {
      M.Text += "; did you mean '" + *Best + "'?";
      M.Replacement = *Best;
    }
    return M;
  };
  if (Parse.reportError(Diags, Buffer, Describe))
    return nullptr;
  IRBuilderVisitor V(Diags, Buffer);
  return V.node(Tree->node());
}
