//===- Lint.cpp - Warnings about notation that parses but says less -------===//
//
// Lint.h lists the warnings. Each alternative is parsed alone by its
// notation's front end (with a scratch diagnostics engine), then judged in
// canonical IR: without a board for what holds everywhere (contradictions,
// duplicates, subsumption), with the board for what depends on it
// (unreachable moves). Nothing is claimed that the canonical forms do not
// prove. Each distinct text is judged once and repeats are found through a
// table of canonical forms, so the work grows with the length of the list;
// only subsumption compares pairs, within a budget. Alternatives.cpp cuts
// the text.
//
//===----------------------------------------------------------------------===//
#include "fairy/Lint/Lint.h"

#include "fairy/Eval/Evaluator.h"
#include "fairy/IR/Builder.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Lint/Subsumption.h"
#include "fairy/Notation/BetzaWriter.h"
#include "fairy/Notation/FairyWriter.h"
#include "fairy/Notation/ParlettWriter.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/ADT/StringMap.h"

#include <cstdlib>
#include <deque>

using namespace fairy;
using llvm::SMFixIt;
using llvm::SMRange;
using llvm::StringRef;

namespace {

struct Alternative {
  size_t Begin, End; ///< bytes of the buffer
};

/// \p Text parsed alone, or null if it does not parse or verify alone.
NodeRef parseAlone(const NotationInfo &N, StringRef Text,
                   const FrontendOptions &Opts) {
  DiagnosticEngine Scratch(nullptr);
  Scratch.policy().silenceAll();
  unsigned Buffer = Scratch.addBuffer(Text, "<alternative>");
  NodeRef IR = N.Parse(Scratch, Buffer, Opts);
  if (!IR || Scratch.errorCount() || !verifyIR(*IR).empty())
    return nullptr;
  return IR;
}

bool isNothing(const Node &N) {
  return N.kind() == NodeKind::Alt && N.children().empty();
}

/// Whether no path of \p N can be made on any board: a leg that may land
/// nowhere (its conditions exclude each other), or a test of the piece's
/// state inside the opposite test. \p Held: the state tests around N.
bool neverMoves(const Node &N, std::vector<GuardPredicate> &Held) {
  switch (N.kind()) {
  case NodeKind::Leg:
    return N.land().Mask == 0;
  case NodeKind::Seq:
    for (const NodeRef &C : N.children())
      if (neverMoves(*C, Held))
        return true;
    return false;
  case NodeKind::Alt:
  case NodeKind::Prio:
    for (const NodeRef &C : N.children())
      if (!neverMoves(*C, Held))
        return false;
    return true;
  case NodeKind::Ride:
  case NodeKind::Rep:
    return N.range().min() > 0 && neverMoves(*N.children()[0], Held);
  case NodeKind::Guard: {
    // Only the piece's own state stays the same along a path.
    GuardPredicate G = N.guard();
    bool OfPiece =
        G.K == GuardPredicate::Initial || G.K == GuardPredicate::State;
    GuardPredicate Opposite = G;
    Opposite.Negated = !G.Negated;
    if (OfPiece)
      for (const GuardPredicate &H : Held)
        if (H == Opposite)
          return true;
    if (OfPiece)
      Held.push_back(G);
    bool Never = neverMoves(*N.children()[0], Held);
    if (OfPiece)
      Held.pop_back();
    return Never;
  }
  case NodeKind::Ahead: // a test of no paths passes when negated
    return !N.negated() && neverMoves(*N.children()[0], Held);
  default:
    for (const NodeRef &C : N.children())
      if (!neverMoves(*C, Held))
        return false;
    return !N.children().empty();
  }
}

bool neverMoves(const NodeRef &IR) {
  std::vector<GuardPredicate> Held;
  return isNothing(*IR) || neverMoves(*IR, Held);
}

std::string canonical(const NodeRef &IR, const PassContext &Ctx) {
  return printIR(*optimize(IR, 1, Ctx));
}

int longestComponent(Vec V) {
  return std::max(std::abs(V.x), std::max(std::abs(V.y), std::abs(V.z)));
}

/// The longest run of steps along one vector that \p N names with a finite
/// bound, and the longest the board has room for: a ride<..M> of V counts M,
/// one more when the leg after it in a sequence is V again (as slides are
/// lowered).
void longestRun(const Node &N, const Board &B, int &Run, int &Room) {
  auto Consider = [&](const Node &Ride, int Extra) {
    const Node &Step = *Ride.children()[0];
    if (Step.kind() != NodeKind::Leg || Ride.range().isUnbounded() ||
        Ride.range().maxFinite() < 0)
      return;
    int L = longestComponent(Step.vec());
    if (L == 0)
      return;
    int Steps = Ride.range().maxFinite() + Extra;
    int Fits = (B.maxSide() - 1) / L;
    if (Steps > Fits && Steps > Run)
      Run = Steps, Room = Fits;
  };
  if (N.kind() == NodeKind::Seq) {
    const auto &C = N.children();
    for (size_t I = 0; I < C.size(); ++I)
      if (C[I]->kind() == NodeKind::Ride) {
        bool Continued = I + 1 < C.size() &&
                         C[I + 1]->kind() == NodeKind::Leg &&
                         C[I]->children()[0]->kind() == NodeKind::Leg &&
                         C[I + 1]->vec() == C[I]->children()[0]->vec();
        Consider(*C[I], Continued ? 1 : 0);
      }
  } else if (N.kind() == NodeKind::Ride) {
    Consider(N, 0);
  }
  for (const NodeRef &C : N.children())
    if (N.kind() != NodeKind::Ride)
      longestRun(*C, B, Run, Room);
}

/// Whether \p IR has a move that ends on its own square and does nothing:
/// one that captures nothing on the way ('mabK', '[1,0].[-1,0]'), which the
/// evaluators drop, in an alternative that never comes back with a
/// capture. A path that comes back after capturing on the way is a real
/// move (the lion's igui, 'cabK'), and so is the alternative it belongs
/// to: the lion's 'mcabK' also steps out and back over an empty square,
/// which XBoard reads as passing the turn, and its 'm' is no mistake.
/// The question is asked of the moveset followed by "if on the origin,
/// one more step east": that step lands next to the origin exactly when a
/// path came back, and it is tagged remote when the path captured.
bool returnsToOrigin(const NodeRef &IR, const Board &B) {
  GuardPredicate AtOrigin;
  AtOrigin.K = GuardPredicate::Origin;
  NodeRef Probe = ir::seq(
      {IR, ir::guard(AtOrigin, ir::emptyPath()), ir::leg(Vec(1, 0, 0))});
  std::string Error;
  auto Fast = FastEvaluator::compile(Probe, B, Error);
  if (!Fast)
    return false;
  Vec From = B.coord(B.centre());
  if (!B.contains(From + Vec(1, 0, 0)))
    return false;
  unsigned East = B.index(From + Vec(1, 0, 0));
  // On the empty board: a path back that captured nothing.
  Position Empty(B);
  auto D = Fast->evaluate(Empty, B.centre(), Color::White, Error);
  if (!D || !D->Quiet.test(East))
    return false;
  // With victims (and hurdles) on every other square: a path back that
  // captured on the way.
  for (bool Mixed : {false, true}) {
    Position Full(B);
    for (unsigned S : B.squares().toVector()) {
      Vec At = B.coord(S);
      if (S == B.centre() || S == East)
        continue;
      bool Friend = Mixed && (At.x + At.y) % 2 == 0;
      Full.place(S, Friend ? Color::White : Color::Black, 'X');
    }
    auto Back = Fast->evaluate(Full, B.centre(), Color::White, Error);
    if (Back && Back->Remote.test(East))
      return false;
  }
  return true;
}

/// The fix-it that deletes alternative \p I of \p Alts: with the comma
/// that separates it, for comma lists. None when its neighbours would then
/// read as something else: Betza's 'R' and 'R2' around a 'W' would become
/// the doubled atom 'RR2', which is an error; the warning then goes alone.
std::vector<SMFixIt> removal(DiagnosticEngine &Diags, unsigned Buffer,
                             const std::string &Notation, StringRef Text,
                             const std::vector<Alternative> &Alts, size_t I) {
  size_t Begin = Alts[I].Begin, End = Alts[I].End;
  if (I > 0 &&
      Text.substr(Alts[I - 1].End, Begin - Alts[I - 1].End).contains(','))
    Begin = Alts[I - 1].End;
  else if (I + 1 < Alts.size() &&
           Text.substr(End, Alts[I + 1].Begin - End).contains(','))
    End = Alts[I + 1].Begin;
  // Only Betza's groups touch; the other notations keep a comma between.
  if (Notation == "betza" && I > 0 && I + 1 < Alts.size()) {
    StringRef Before = Text.slice(Alts[I - 1].Begin, Alts[I - 1].End);
    StringRef After = Text.slice(Alts[I + 1].Begin, Alts[I + 1].End);
    std::string Joined = (Text.slice(Alts[I - 1].Begin, Begin) +
                          Text.slice(End, Alts[I + 1].End))
                             .str();
    auto Cut = topLevelAlternatives(Notation, Joined);
    StringRef J(Joined);
    if (Cut.size() != 2 || J.slice(Cut[0].first, Cut[0].second) != Before ||
        J.slice(Cut[1].first, Cut[1].second) != After)
      return {};
  }
  return {SMFixIt(Diags.range(Buffer, Begin, End), "")};
}

/// The movement written by the notation's own writer, if it has one.
std::optional<std::string> rewrite(const NotationInfo &N, const NodeRef &IR) {
  std::string Why, Name = N.Name;
  if (Name == "betza")
    return irToBetza(IR, Why);
  if (Name == "parlett")
    return irToParlett(IR, Why);
  if (Name == "fairy")
    return irToFairy(IR, Why);
  return std::nullopt;
}

std::string withoutBlanks(StringRef Text) {
  std::string Out;
  for (char C : Text)
    if (!std::isspace((unsigned char)C))
      Out += C;
  return Out;
}

/// What the text of one alternative says alone. Equal texts parse alone to
/// equal IR, so every copy of a text shares one Verdict, judged once: 1,500
/// copies of 'NWFDAHCZG' are 9 verdicts, not 13,500.
struct Verdict {
  NodeRef IR;            ///< null if the text does not parse alone
  NodeRef Canon;         ///< IR optimised without a board
  std::string Canonical; ///< Canon printed
  size_t First = 0;      ///< the first alternative of this text
  bool Judged = false;   ///< the five below are known
  bool Never = false, Unreachable = false, Returns = false;
  int Run = 0, Room = 0;
  /// The first alternatives of the other canonical forms that together
  /// make every move of this one (empty: none found); see decideSubsumed.
  std::vector<size_t> Subsumers;
  unsigned Automaton = 0; ///< its number in MovementLint::Paths
  /// The number of its form without guards and filters, if it has any.
  std::optional<unsigned> Relaxed;
  /// The number of its paths made single leaps, if they can be.
  std::optional<unsigned> Collapsed;
};

/// Comparing two alternatives for subsumption optimises the two together,
/// so comparing each with each costs the square of the list: 13,500
/// alternatives took minutes. The comparisons are made only when they cost
/// at most this much in all. Optimising a pair of S nodes together costs
/// more per node as S grows (5 us a node for pairs of a few nodes, 17 for
/// multi-leg moves of 1,600), so a comparison costs S (1 + S / 1000): about
/// 6 us each, at most 0.35 s in all. That is some 70 distinct alternatives
/// of a few nodes; the largest of Fairy-Stockfish's pieces costs 700. Past
/// it, lint warns of everything but subsumption. It is decided before any
/// comparison, so no part of a list is treated differently;
/// docs/diagnostics.md ("Limits") says so.
constexpr double MaxSubsumptionCost = 50000;

/// The path automata of Subsumption.h compare each canonical form with the
/// union of all the others that share a leg vector with it, which costs at
/// worst the automata's states in all per form (1,000 distinct
/// fairy-notation forms take 0.1 s). They are compared only when the forms
/// times the states are at most this, decided before any comparison, like
/// MaxSubsumptionCost; PathInclusion::MaxTotalSteps bounds the rest, and
/// past it the whole list is judged without them (decideSubsumed).
constexpr double MaxInclusionWork = 4e7;

/// The notation's writers expand a moveset's paths, which costs about
/// 0.1 ms a node of the canonical form at worst (XBetza multi-leg moves:
/// 'mabsabsabsabsabsabsabsF' has 1,781 nodes and takes 0.2 s to write; 60
/// such took 5 s). A shorter spelling is looked for only in movements of
/// at most this many canonical nodes; Fairy-Stockfish's largest has 129.
constexpr size_t MaxRewriteNodes = 2000;

const std::vector<size_t> NoSubsumers;

/// One lint of one movement; owns the verdicts of its alternatives.
class MovementLint {
public:
  MovementLint(DiagnosticEngine &Diags, const NotationInfo &N, unsigned Buffer,
               const Board &B, const FrontendOptions &Opts)
      : Diags(Diags), N(N), Buffer(Buffer), B(B), Opts(Opts),
        Text(Diags.bufferText(Buffer)) {
    OnBoard.Board = B.shape();
  }

  void run();

private:
  void readAlternatives();
  bool subsumptionAffordable() const;
  void decideSubsumed();
  void judge(Verdict &V);
  bool lintAlternative(size_t I);
  void suggestShorter(const NodeRef &Canonical);

  DiagnosticEngine &Diags;
  const NotationInfo &N;
  unsigned Buffer;
  const Board &B;
  const FrontendOptions &Opts;
  StringRef Text;
  PassContext Free, OnBoard;
  std::vector<Alternative> Alts;
  /// One verdict per distinct text, in the order of first appearance.
  std::deque<Verdict> Verdicts;
  std::vector<Verdict *> Of; ///< the verdict of each alternative
  llvm::StringMap<size_t> FirstOfCanonical;
  bool CheckSubsumption = false;
  PathInclusion Paths;
};

/// Cuts the text into its alternatives and reads each distinct text once.
void MovementLint::readAlternatives() {
  llvm::StringMap<Verdict *> ByText;
  for (auto [Begin, End] : topLevelAlternatives(N.Name, Text)) {
    StringRef Part = Text.slice(Begin, End);
    Verdict *&V = ByText[Part];
    if (!V) {
      V = &Verdicts.emplace_back();
      V->First = Alts.size();
      V->IR = parseAlone(N, Part, Opts);
      if (V->IR) {
        V->Canon = optimize(V->IR, 1, Free);
        V->Canonical = printIR(*V->Canon);
      }
    }
    if (V->IR)
      FirstOfCanonical.try_emplace(V->Canonical, Alts.size());
    Alts.push_back({Begin, End});
    Of.push_back(V);
  }
  CheckSubsumption = subsumptionAffordable();
  decideSubsumed();
}

/// Whether comparing every two distinct texts of different canonical forms
/// costs at most MaxSubsumptionCost. Each text V of form c is compared with
/// each text U of another form, at (s_V + s_U)(1 + (s_V + s_U) / 1000) for
/// texts of s nodes. With n_c texts of form c, S_c their sizes and Q_c
/// their squares, and N, S and Q the totals, the sums over the forms are
///   sum (s_V + s_U)   = S_c (N - n_c) + n_c (S - S_c)
///   sum (s_V + s_U)^2 = Q_c (N - n_c) + 2 S_c (S - S_c) + n_c (Q - Q_c).
bool MovementLint::subsumptionAffordable() const {
  struct Form {
    double N = 0, S = 0, Q = 0;
  };
  llvm::StringMap<Form> Forms;
  Form All;
  for (const Verdict &V : Verdicts)
    if (V.IR) {
      double Size = V.IR->size();
      for (Form *F : {&Forms[V.Canonical], &All})
        F->N += 1, F->S += Size, F->Q += Size * Size;
    }
  double Cost = 0;
  for (const auto &Entry : Forms) {
    const Form &C = Entry.getValue();
    Cost += C.S * (All.N - C.N) + C.N * (All.S - C.S);
    Cost +=
        (C.Q * (All.N - C.N) + 2 * C.S * (All.S - C.S) + C.N * (All.Q - C.Q)) /
        1000;
    if (Cost > MaxSubsumptionCost)
      return false;
  }
  return true;
}

/// Fills in what \p V's moves are alone, once per text.
void MovementLint::judge(Verdict &V) {
  if (V.Judged)
    return;
  V.Judged = true;
  if ((V.Never = neverMoves(V.Canon)))
    return;
  if ((V.Unreachable = isNothing(*optimize(V.IR, 1, OnBoard))))
    return;
  longestRun(*V.IR, B, V.Run, V.Room);
  V.Returns = returnsToOrigin(V.IR, B);
}

/// Which canonical forms are subsumed, and by what: each form (at its first
/// alternative, in order) whose every move some others make, where the
/// others are the forms not found subsumed before it. So removing every
/// subsumed alternative, as all their fix-its together do, keeps the moves
/// (W, F and K: W is in F or K, F in K; K, which W and F together make,
/// is kept), and so does removing any one. The proof is the path
/// automata's (a wazir inside a rook, a king inside a queen), else the
/// canonical form of the pair, within its budget.
void MovementLint::decideSubsumed() {
  std::vector<Verdict *> Forms; // the first verdict of each form, in order
  for (size_t I = 0; I < Alts.size(); ++I)
    if (Of[I]->IR && FirstOfCanonical.lookup(Of[I]->Canonical) == I)
      Forms.push_back(Of[I]);
  size_t States = 0;
  for (Verdict *V : Forms) {
    V->Automaton = Paths.add(V->Canon);
    if (StringRef(V->Canonical).contains("guard<") ||
        StringRef(V->Canonical).contains("filter<"))
      V->Relaxed = Paths.add(V->Canon, /*Relaxed=*/true);
    if (std::optional<NodeRef> Leaps = PathInclusion::collapsedLeaps(V->Canon))
      V->Collapsed = Paths.add(*Leaps, /*Relaxed=*/true);
    States = Paths.states();
  }
  // Its paths, or (a guard or filter only keeps some) those of its form
  // without them, or its paths made leaps, are the others'.
  auto Included = [&](const Verdict &V, const std::vector<unsigned> &Others,
                      std::vector<unsigned> *By) {
    return Paths.includedIn(V.Automaton, Others, By) ||
           (V.Relaxed && Paths.includedIn(*V.Relaxed, Others, By)) ||
           (V.Collapsed && Paths.includedIn(*V.Collapsed, Others, By));
  };
  auto Decide = [&](bool Automata) {
    std::vector<bool> Subsumed(Forms.size());
    for (size_t F = 0; F < Forms.size(); ++F) {
      Verdict &V = *Forms[F];
      std::vector<unsigned> Others;
      std::vector<size_t> Kept;
      for (size_t G = 0; G < Forms.size(); ++G)
        if (G != F && !Subsumed[G])
          Others.push_back(Forms[G]->Automaton), Kept.push_back(G);
      std::vector<unsigned> By;
      if (Automata && Included(V, Others, &By)) {
        // Name one form that makes them all, if one does; else those used.
        std::vector<unsigned> One;
        for (unsigned A : By)
          if (Included(V, {A}, nullptr)) {
            One = {A};
            break;
          }
        for (unsigned A : One.empty() ? By : One)
          for (size_t G : Kept)
            if (Forms[G]->Automaton == A)
              V.Subsumers.push_back(Forms[G]->First);
      } else if (CheckSubsumption) {
        for (size_t G : Kept)
          if (canonical(ir::alt({V.IR, Forms[G]->IR}), Free) ==
              Forms[G]->Canonical) {
            V.Subsumers = {Forms[G]->First};
            break;
          }
      }
      Subsumed[F] = !V.Subsumers.empty();
    }
  };
  Decide((double)Forms.size() * States <= MaxInclusionWork);
  if (Paths.exhausted()) {
    // Past the automata's budget somewhere in the list: the whole list is
    // judged without them, so no part of it is treated differently.
    for (Verdict *V : Forms)
      V->Subsumers.clear();
    Decide(false);
  }
}

/// Warns about alternative \p I alone and against the others. Returns
/// whether it repeats or is subsumed by another (warned or not).
bool MovementLint::lintAlternative(size_t I) {
  const Alternative &A = Alts[I];
  Verdict &V = *Of[I];
  if (!V.IR)
    return false;
  judge(V);
  SMRange R = Diags.range(Buffer, A.Begin, A.End);
  std::string Quoted = "'" + Text.slice(A.Begin, A.End).str() + "'";
  if (V.Never) {
    Diags.warning(Warning::ContradictoryQualifiers, R.Start,
                  Quoted + " can make no move: its conditions exclude each "
                           "other",
                  {R});
    return false;
  }
  if (V.Unreachable) {
    Diags.warning(Warning::UnreachableMove, R.Start,
                  Quoted + " can never be made on the " + B.str() +
                      " board: it does not fit",
                  {R});
    return false;
  }
  if (V.Run)
    Diags.warning(Warning::RangeExceedsBoard, R.Start,
                  Quoted + " goes up to " + std::to_string(V.Run) +
                      " steps in a line, but the " + B.str() +
                      " board has room for " + std::to_string(V.Room),
                  {R});
  if (V.Returns)
    Diags.warning(Warning::ReturnsToOrigin, R.Start,
                  Quoted + " has a move that ends on the square it started "
                           "from, capturing nothing",
                  {R});
  // The same moves as an earlier alternative, or no more than another's.
  size_t J = FirstOfCanonical.lookup(V.Canonical);
  if (J < I) {
    SMRange First = Diags.range(Buffer, Alts[J].Begin, Alts[J].End);
    if (Diags.warning(Warning::DuplicateAlternative, R.Start,
                      Quoted + " repeats an earlier alternative", {R},
                      removal(Diags, Buffer, N.Name, Text, Alts, I)))
      Diags.note(First.Start, "the same moves here", {First});
    return true;
  }
  // Only the first alternative of a form is judged; the later ones repeat it.
  const std::vector<size_t> &By = V.First == I ? V.Subsumers : NoSubsumers;
  if (By.empty())
    return false;
  std::string Names;
  for (size_t K = 0; K < By.size(); ++K)
    Names += std::string(K == 0               ? ""
                         : K + 1 == By.size() ? " or "
                                              : ", ") +
             "'" + Text.slice(Alts[By[K]].Begin, Alts[By[K]].End).str() + "'";
  if (Diags.warning(Warning::SubsumedAlternative, R.Start,
                    "every move of " + Quoted + " is also a move of " + Names,
                    {R}, removal(Diags, Buffer, N.Name, Text, Alts, I)))
    for (size_t J : By) {
      SMRange Other = Diags.range(Buffer, Alts[J].Begin, Alts[J].End);
      Diags.note(Other.Start, "which is here", {Other});
    }
  return true;
}

/// Whether canonical forms \p A and \p B have the same paths: equal, or
/// each included in the other ('R' and 'mRcR', whose writer spells the
/// two move kinds of the same rook as one).
bool sameMoves(const NodeRef &A, const NodeRef &B) {
  if (equal(*A, *B))
    return true;
  PathInclusion Paths;
  unsigned IA = Paths.add(A), IB = Paths.add(B);
  return Paths.includedIn(IA, {IB}) && Paths.includedIn(IB, {IA});
}

/// The whole movement written shorter by the notation's own writer, if
/// that reads back as the same moves.
void MovementLint::suggestShorter(const NodeRef &Canonical) {
  if (Canonical->size() > MaxRewriteNodes)
    return;
  std::optional<std::string> Shorter = rewrite(N, Canonical);
  if (!Shorter || Shorter->size() >= withoutBlanks(Text).size())
    return;
  SMRange Whole = Diags.range(Buffer, 0, Text.size());
  NodeRef Back = parseAlone(N, *Shorter, Opts);
  if (Back && sameMoves(optimize(Back, 1, Free), Canonical))
    Diags.warning(Warning::SimplerEquivalent, Whole.Start,
                  "these moves can be written '" + *Shorter + "'", {Whole},
                  {SMFixIt(Whole, *Shorter)});
}

void MovementLint::run() {
  SMRange Whole = Diags.range(Buffer, 0, Text.size());
  NodeRef IR = parseAlone(N, Text, Opts);
  if (!IR)
    return; // the errors were reported by the front end
  NodeRef Canonical = optimize(IR, 1, Free);
  readAlternatives();
  // No move at all: say why where there is one alternative to blame.
  if (neverMoves(Canonical) && Alts.size() <= 1) {
    if (isNothing(*Canonical))
      Diags.warning(Warning::EmptyMoveset, Whole.Start,
                    "this movement makes no move at all", {Whole});
    else
      Diags.warning(Warning::ContradictoryQualifiers, Whole.Start,
                    "this movement can make no move: its conditions exclude "
                    "each other",
                    {Whole});
    return;
  }
  if (neverMoves(Canonical))
    Diags.warning(Warning::EmptyMoveset, Whole.Start,
                  "this movement makes no move at all: none of its "
                  "alternatives can be made",
                  {Whole});
  bool AlternativeWarned = false;
  for (size_t I = 0; I < Alts.size(); ++I)
    AlternativeWarned |= lintAlternative(I);
  // Not after a warning about an alternative: one problem, one warning
  // (and one fix-it).
  if (!AlternativeWarned)
    suggestShorter(Canonical);
}

} // namespace

void fairy::lintMovement(DiagnosticEngine &Diags, const NotationInfo &N,
                         unsigned Buffer, const Board &B,
                         const FrontendOptions &Opts) {
  MovementLint(Diags, N, Buffer, B, Opts).run();
}
