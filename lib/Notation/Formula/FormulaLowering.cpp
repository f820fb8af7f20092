//===- FormulaLowering.cpp - Movement Formula to IR -----------------------===//
//
// A formula is read left to right as a path: steps move, conditions test
// the square reached (zero-length legs and guards), '+' and '@' say whether
// the move goes on or ends there. Paths must respect the marks, so every
// piece of the formula lowers to a Flow: a 3x3 matrix of IR trees indexed
// by the mark state before and after it:
//   Open  - no mark since the last step (the start, or a step just made)
//   Cont  - '+' was the last mark: another step must come
//   Ended - '@' was the last mark: no step may come
// At the end of the formula Ended is a move, Open is one whose square may
// not hold a friendly piece (an unmarked end: "move or capture"), Cont is
// not a move. Priorities ('!') need the rest of the formula ("forward if
// that move is possible"), so the top level is lowered in continuation-
// passing style (tail()): each priority level is followed by everything
// after it, and prio() picks the first level with a complete move.
//
// Linear repetition ('*') keeps the geometry of every iteration the same:
// the repeated phrase is multiplied out into its geometric choices (each
// step one image, each alternative with steps one branch), and each choice
// is repeated freely, since only its conditions can still differ.
//
//===----------------------------------------------------------------------===//
#include "FormulaAST.h"

#include "fairy/IR/Builder.h"

#include <array>
#include <deque>
#include <map>
#include <tuple>

using namespace fairy;
using namespace fairy::formula;

namespace {

enum State { Open, Cont, Ended };
constexpr int NumStates = 3;

/// Geometric choices of one linearly repeated phrase, or of the square a
/// probe names, at most.
constexpr size_t MaxChoices = 4096;

NodeRef then(NodeRef A, NodeRef B) {
  if (!A || !B)
    return nullptr;
  return ir::seqFlat({A, B});
}

NodeRef either(NodeRef A, NodeRef B) {
  if (!A)
    return B;
  if (!B)
    return A;
  return ir::altFlat({A, B});
}

/// Paths of one piece of formula, by state before (row) and after.
struct Flow {
  std::array<std::array<NodeRef, NumStates>, NumStates> T;

  static Flow none() { return Flow(); }
  /// The same paths from every state, leaving the state as it was.
  static Flow keep(const NodeRef &N) {
    Flow F;
    for (int S = 0; S < NumStates; ++S)
      F.T[S][S] = N;
    return F;
  }
  Flow then(const Flow &B) const {
    Flow F;
    for (int S = 0; S < NumStates; ++S)
      for (int U = 0; U < NumStates; ++U)
        for (int M = 0; M < NumStates; ++M)
          F.T[S][U] = ::either(F.T[S][U], ::then(T[S][M], B.T[M][U]));
    return F;
  }
  Flow either(const Flow &B) const {
    Flow F;
    for (int S = 0; S < NumStates; ++S)
      for (int U = 0; U < NumStates; ++U)
        F.T[S][U] = ::either(T[S][U], B.T[S][U]);
    return F;
  }
};

NodeRef check(Land L, const std::vector<GuardPredicate> &Guards) {
  std::vector<NodeRef> Parts;
  if (L != Land::any())
    Parts.push_back(ir::leg(Vec(), L));
  for (const GuardPredicate &G : Guards)
    Parts.push_back(ir::guard(G, ir::emptyPath()));
  return ir::seqFlat(Parts);
}

NodeRef notOrigin() {
  GuardPredicate G;
  G.K = GuardPredicate::Origin;
  G.Negated = true;
  return ir::guard(G, ir::emptyPath());
}

class Lowering {
public:
  NodeRef formula(const Expr &E) {
    const Frame *Top = frame({&E}, nullptr);
    return tail(Top, Open);
  }

private:
  /// The rest of the formula: Items from I on, then Next.
  struct Frame {
    std::vector<const Expr *> Items;
    size_t I;
    const Frame *Next;
  };
  std::deque<Frame> Frames;
  std::map<std::tuple<const Frame *, int>, NodeRef> Tails;
  /// The frames made from a frame, made once so that the tails of the
  /// three states share them (and tail() memoizes across states).
  std::map<std::pair<const Frame *, size_t>, const Frame *> Derived;

  /// Derived frame number \p Which of \p F, built by \p Make on first use.
  template <typename MakeFn>
  const Frame *derived(const Frame *F, size_t Which, MakeFn Make) {
    const Frame *&D = Derived[{F, Which}];
    if (!D)
      D = Make();
    return D;
  }

  const Frame *frame(std::vector<const Expr *> Items, const Frame *Next,
                     size_t I = 0) {
    Frames.push_back({std::move(Items), I, Next});
    return &Frames.back();
  }

  /// Every path from state S through the rest of the formula, or null.
  NodeRef tail(const Frame *F, int S) {
    auto Key = std::make_tuple(F, S);
    auto It = Tails.find(Key);
    if (It != Tails.end())
      return It->second;
    NodeRef R = computeTail(F, S);
    Tails[Key] = R;
    return R;
  }

  NodeRef computeTail(const Frame *F, int S) {
    if (!F)
      return S == Ended  ? ir::emptyPath()
             : S == Open ? ir::leg(Vec(), Land::notFriend())
                         : nullptr;
    if (F->I == F->Items.size())
      return tail(F->Next, S);
    const Expr &E = *F->Items[F->I];
    const Frame *After =
        derived(F, 0, [&] { return frame(F->Items, F->Next, F->I + 1); });
    switch (E.K) {
    case Expr::Seq: {
      return tail(derived(F, 1,
                          [&] {
                            std::vector<const Expr *> Inner;
                            for (const ExprRef &C : E.Children)
                              Inner.push_back(C.get());
                            return frame(std::move(Inner), After);
                          }),
                  S);
    }
    case Expr::Any: {
      // Each priority level followed by the rest; prio picks the first
      // level that has a complete move.
      std::vector<NodeRef> Levels;
      int Top = 0;
      for (int L : E.Levels)
        Top = std::max(Top, L);
      for (int L = 0; L <= Top; ++L) {
        NodeRef Level;
        for (size_t C = 0; C < E.Children.size(); ++C)
          if (E.Levels[C] == L)
            Level =
                either(Level, tail(derived(F, 1 + C,
                                           [&] {
                                             return frame({E.Children[C].get()},
                                                          After);
                                           }),
                                   S));
        Levels.push_back(Level ? Level : ir::nothing());
      }
      return prioOf(Levels);
    }
    case Expr::Move:
      if (E.Images.size() > 1) {
        std::vector<NodeRef> Levels;
        for (const std::vector<Vec> &Level : E.Images) {
          Flow M = move(Level, false);
          NodeRef Paths;
          for (int U = 0; U < NumStates; ++U)
            Paths = either(Paths, then(M.T[S][U], tail(After, U)));
          Levels.push_back(Paths ? Paths : ir::nothing());
        }
        return prioOf(Levels);
      }
      [[fallthrough]];
    default: {
      Flow M = flow(E, false);
      NodeRef Paths;
      for (int U = 0; U < NumStates; ++U)
        Paths = either(Paths, then(M.T[S][U], tail(After, U)));
      return Paths;
    }
    }
  }

  static NodeRef prioOf(std::vector<NodeRef> Levels) {
    while (!Levels.empty() && Levels.back()->isNothing())
      Levels.pop_back();
    if (Levels.empty())
      return nullptr;
    if (Levels.size() == 1)
      return Levels.front();
    return ir::prio(Levels);
  }

  static Flow move(const std::vector<Vec> &Images, bool NoReturn) {
    std::vector<NodeRef> Legs;
    for (Vec V : Images)
      Legs.push_back(ir::leg(V));
    if (Legs.empty())
      return Flow::none();
    NodeRef L = ir::altFlat(Legs);
    if (NoReturn)
      L = ir::seqFlat({L, notOrigin()});
    Flow F;
    F.T[Open][Open] = F.T[Cont][Open] = L;
    return F;
  }

  /// The flow of \p E alone (priorities decided within it).
  Flow flow(const Expr &E, bool NoReturn) {
    switch (E.K) {
    case Expr::Move: {
      if (E.Images.size() == 1)
        return move(E.Images[0], NoReturn);
      // Priority among directions, judged per exit state.
      std::vector<Flow> Levels;
      for (const std::vector<Vec> &Level : E.Images)
        Levels.push_back(move(Level, NoReturn));
      return prioFlow(Levels);
    }
    case Expr::Check:
      return Flow::keep(check(E.L, E.Guards));
    case Expr::End: {
      Flow F;
      F.T[Open][Ended] = F.T[Cont][Ended] = F.T[Ended][Ended] = ir::emptyPath();
      return F;
    }
    case Expr::Continue: {
      Flow F;
      F.T[Open][Cont] = F.T[Cont][Cont] = ir::emptyPath();
      return F;
    }
    case Expr::Capture:
      return Flow::keep(ir::leg(Vec(), E.Taken, Effect::Capture));
    case Expr::Promote:
      return Flow::keep(ir::leg(Vec(), Land::any(), Effect::Promote));
    case Expr::Remote:
    case Expr::Probe:
      return Flow::keep(elsewhere(E));
    case Expr::Seq: {
      Flow F = Flow::keep(ir::emptyPath());
      for (const ExprRef &C : E.Children)
        F = F.then(flow(*C, NoReturn));
      return F;
    }
    case Expr::Any: {
      int Top = 0;
      for (int L : E.Levels)
        Top = std::max(Top, L);
      std::vector<Flow> Levels(Top + 1);
      for (size_t C = 0; C < E.Children.size(); ++C)
        Levels[E.Levels[C]] =
            Levels[E.Levels[C]].either(flow(*E.Children[C], NoReturn));
      return prioFlow(Levels);
    }
    case Expr::Repeat:
      return repeat(E, NoReturn);
    }
    return Flow::none();
  }

  /// prio of the levels, entry by entry.
  static Flow prioFlow(const std::vector<Flow> &Levels) {
    if (Levels.size() == 1)
      return Levels[0];
    Flow F;
    for (int S = 0; S < NumStates; ++S)
      for (int U = 0; U < NumStates; ++U) {
        std::vector<NodeRef> Ls;
        for (const Flow &L : Levels)
          Ls.push_back(L.T[S][U] ? L.T[S][U] : ir::nothing());
        F.T[S][U] = prioOf(Ls);
      }
    return F;
  }

  Flow repeat(const Expr &E, bool NoReturn) {
    const Expr &Body = *E.Children[0];
    if (E.How != Expr::Linear)
      return repeatFlow(flow(Body, NoReturn || E.How == Expr::Crooked), E);
    Flow F;
    for (const ExprRef &Choice : choices(Body))
      F = F.either(repeatFlow(flow(*Choice, NoReturn), E));
    return F;
  }

  /// \p M made E.Min..E.Max times. Every path of M makes a step (the
  /// reader checks), so it leaves Open and Cont alike and never starts
  /// from Ended; iterations that ended cannot be followed by another.
  static Flow repeatFlow(const Flow &M, const Expr &E) {
    Flow F;
    if (E.Min == 0)
      F = Flow::keep(ir::emptyPath());
    int Lo = std::max(E.Min, 1) - 1;
    RangeList R =
        E.Max < 0 ? RangeList::atLeast(Lo) : RangeList::between(Lo, E.Max - 1);
    NodeRef Again = either(M.T[Open][Open], M.T[Open][Cont]);
    NodeRef Before = Again ? ir::repOrSimpler(R, Again)
                           : (Lo == 0 ? ir::emptyPath() : nullptr);
    for (int U = 0; U < NumStates; ++U) {
      NodeRef Paths = then(Before, M.T[Open][U]);
      F.T[Open][U] = either(F.T[Open][U], Paths);
      F.T[Cont][U] = either(F.T[Cont][U], Paths);
    }
    return F;
  }

  /// A remote capture or a probe: go to the square the phrase names, test
  /// or take what is there, and come back.
  NodeRef elsewhere(const Expr &E) {
    NodeRef Paths;
    for (const ExprRef &Choice : choices(*E.Children[0])) {
      Flow F = flow(*Choice, false);
      NodeRef There;
      for (int U = 0; U < NumStates; ++U)
        There = either(There, F.T[Open][U]);
      if (!There)
        continue;
      std::vector<NodeRef> Parts = {There};
      if (E.K == Expr::Remote)
        Parts.push_back(ir::leg(Vec(), E.Taken, Effect::Capture));
      Parts.push_back(ir::leg(displacement(*Choice) * -1));
      Paths = either(Paths, ir::seqFlat(Parts));
    }
    return Paths ? Paths : ir::nothing();
  }

  /// The sum of the steps of an expression with one geometric choice.
  static Vec displacement(const Expr &E) {
    if (E.K == Expr::Move)
      return E.Images[0][0];
    Vec Sum;
    if (E.K == Expr::Seq)
      for (const ExprRef &C : E.Children)
        Sum = Sum + displacement(*C);
    return Sum;
  }

  /// \p E multiplied out into its geometric choices.
  std::vector<ExprRef> choices(const Expr &E) {
    switch (E.K) {
    case Expr::Move: {
      if (E.Images.size() > 1)
        throw LowerError{E.Loc, "a priority among directions cannot be "
                                "kept inside a linear repetition or a "
                                "square named by '-' or '/ /'"};
      std::vector<ExprRef> Out;
      for (Vec V : E.Images[0]) {
        auto C = std::make_shared<Expr>(E);
        C->Images = {{V}};
        Out.push_back(C);
      }
      return Out;
    }
    case Expr::Seq: {
      std::vector<ExprRef> Out = {std::make_shared<Expr>(Expr::Seq, E.Loc)};
      for (const ExprRef &Child : E.Children) {
        std::vector<ExprRef> Cs = choices(*Child), Next;
        if (Out.size() * Cs.size() > MaxChoices)
          throw LowerError{E.Loc, "this phrase has more than " +
                                      std::to_string(MaxChoices) +
                                      " geometric choices to repeat linearly"};
        for (const ExprRef &Prefix : Out)
          for (const ExprRef &C : Cs) {
            auto P = std::make_shared<Expr>(*Prefix);
            P->Children.push_back(C);
            Next.push_back(P);
          }
        Out = std::move(Next);
      }
      return Out;
    }
    case Expr::Any: {
      if (!E.mayMove())
        return {std::make_shared<Expr>(E)};
      if (E.hasPriorities())
        throw LowerError{E.Loc, "a priority among alternatives that step "
                                "cannot be kept inside a linear repetition "
                                "or a square named by '-' or '/ /'"};
      std::vector<ExprRef> Out;
      for (const ExprRef &C : E.Children)
        for (ExprRef &Choice : choices(*C))
          Out.push_back(std::move(Choice));
      if (Out.size() > MaxChoices)
        throw LowerError{E.Loc, "this phrase has more than " +
                                    std::to_string(MaxChoices) +
                                    " geometric choices"};
      return Out;
    }
    default:
      // Conditions, marks, nested repetitions (free inside), probes.
      return {std::make_shared<Expr>(E)};
    }
  }
};

} // namespace

bool Expr::hasPriorities() const {
  if (K == Move && Images.size() > 1)
    return true;
  for (int L : Levels)
    if (L > 0)
      return true;
  return false;
}

bool Expr::mayMove() const {
  switch (K) {
  case Move:
    return true;
  case Seq:
  case Any:
  case Repeat:
    for (const ExprRef &C : Children)
      if (C->mayMove())
        return true;
    return false;
  default:
    return false; // a probe's steps come back
  }
}

bool Expr::mustMove() const {
  switch (K) {
  case Move:
    return true;
  case Seq:
    for (const ExprRef &C : Children)
      if (C->mustMove())
        return true;
    return false;
  case Any:
    for (const ExprRef &C : Children)
      if (!C->mustMove())
        return false;
    return !Children.empty();
  case Repeat:
    return Min > 0 && Children[0]->mustMove();
  default:
    return false;
  }
}

NodeRef fairy::formula::lower(const Expr &Formula) {
  NodeRef R = Lowering().formula(Formula);
  return R ? R : ir::nothing();
}
