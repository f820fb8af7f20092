//===- Subsumption.cpp - Whether one alternative's paths are others' ------===//
//
// Subsumption.h says what is compared and why. The automata are Thompson's:
// build(N, From, To) adds states and transitions so that the words spelled
// from From to To are the paths of N; it only adds transitions out of From
// and into To (loops get a state of their own), so siblings may share them.
//
//===----------------------------------------------------------------------===//
#include "fairy/Lint/Subsumption.h"

#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"

#include <algorithm>
#include <set>
#include <unordered_set>

using namespace fairy;

namespace {

/// The concrete paths of \p N (one choice at each alt and sym) as lists of
/// legs, for a ride, which repeats one of them; false when \p N has
/// anything else in it or more than \p Limit of them.
bool concretePaths(const NodeRef &N, std::vector<std::vector<NodeRef>> &Out,
                   size_t Limit) {
  switch (N->kind()) {
  case NodeKind::Leg:
    Out = {{N}};
    return true;
  case NodeKind::Alt: {
    Out.clear();
    for (const NodeRef &C : N->children()) {
      std::vector<std::vector<NodeRef>> Part;
      if (!concretePaths(C, Part, Limit))
        return false;
      Out.insert(Out.end(), Part.begin(), Part.end());
      if (Out.size() > Limit)
        return false;
    }
    return true;
  }
  case NodeKind::Sym: {
    Out.clear();
    for (const Transform &T : N->transforms().transforms()) {
      std::vector<std::vector<NodeRef>> Part;
      if (!concretePaths(transformed(N->operand(), T), Part, Limit))
        return false;
      Out.insert(Out.end(), Part.begin(), Part.end());
      if (Out.size() > Limit)
        return false;
    }
    return true;
  }
  case NodeKind::Seq: {
    Out = {{}};
    for (const NodeRef &C : N->children()) {
      std::vector<std::vector<NodeRef>> Part, Next;
      if (!concretePaths(C, Part, Limit))
        return false;
      for (const auto &Head : Out)
        for (const auto &Tail : Part) {
          Next.push_back(Head);
          Next.back().insert(Next.back().end(), Tail.begin(), Tail.end());
        }
      if (Next.size() > Limit)
        return false;
      Out = std::move(Next);
    }
    return true;
  }
  default:
    return false;
  }
}

} // namespace

std::tuple<bool, int, int, int, unsigned>
PathInclusion::vectorKey(const Letter &L) {
  if (L.Opaque)
    return {true, 0, 0, 0, L.Key};
  return {false, L.V.x, L.V.y, L.V.z, 0};
}

std::optional<NodeRef> PathInclusion::collapsedLeaps(const NodeRef &IR) {
  std::vector<std::vector<NodeRef>> Paths;
  if (!concretePaths(IR, Paths, 4096))
    return std::nullopt;
  std::vector<NodeRef> Leaps;
  bool Shorter = false;
  for (const auto &P : Paths) {
    if (P.empty())
      return std::nullopt;
    Vec Sum;
    for (size_t I = 0; I < P.size(); ++I) {
      if (I + 1 < P.size() && P[I]->effect() != Effect::None)
        return std::nullopt; // a capture or promotion on the way stays
      Sum = Sum + P[I]->vec();
    }
    Shorter |= P.size() > 1;
    Leaps.push_back(Node::makeLeg(Sum, P.back()->land(), P.back()->effect()));
  }
  if (!Shorter)
    return std::nullopt; // nothing to collapse
  return Node::makeList(NodeKind::Alt, std::move(Leaps));
}

unsigned PathInclusion::newState(unsigned Owner) {
  States.push_back({Owner, {}, {}});
  return States.size() - 1;
}

unsigned PathInclusion::letter(const Letter &L) {
  auto Key = std::make_tuple(L.Opaque, L.V.x, L.V.y, L.V.z, L.Mask,
                             (uint8_t)L.E, L.Key);
  auto [It, New] = LetterIds.try_emplace(Key, Letters.size());
  if (New)
    Letters.push_back(L);
  return It->second;
}

/// A subtree the words cannot look into: one letter, equal only to itself.
unsigned PathInclusion::opaque(const NodeRef &N) {
  return opaqueKey(printIR(*N));
}

/// A letter equal only to itself, named by \p Key (a subtree's IR text, or
/// "guard P", which no IR text is).
unsigned PathInclusion::opaqueKey(const std::string &Key) {
  auto [It, New] = OpaqueIds.try_emplace(Key, OpaqueIds.size());
  Letter L;
  L.Opaque = true;
  L.Key = It->second;
  return letter(L);
}

bool PathInclusion::buildRepeat(const RangeList &R, const NodeRef &Body,
                                unsigned From, unsigned To, unsigned Owner,
                                size_t Limit) {
  RangeList Counts = R.normalized(); // kept: the loop reads its intervals
  for (const Interval &I : Counts.intervals()) {
    unsigned Cur = From;
    for (int K = 0; K < I.Lo; ++K) {
      unsigned Next = newState(Owner);
      if (!build(Body, Cur, Next, Owner, Limit))
        return false;
      Cur = Next;
    }
    if (I.isUnbounded()) {
      // Any number more: a loop on a state of its own.
      unsigned Loop = newState(Owner);
      States[Cur].Eps.push_back(Loop);
      if (!build(Body, Loop, Loop, Owner, Limit))
        return false;
      States[Loop].Eps.push_back(To);
      continue;
    }
    for (int K = I.Lo; K < I.Hi; ++K) {
      States[Cur].Eps.push_back(To);
      unsigned Next = newState(Owner);
      if (!build(Body, Cur, Next, Owner, Limit))
        return false;
      Cur = Next;
    }
    States[Cur].Eps.push_back(To);
  }
  return true;
}

bool PathInclusion::build(const NodeRef &N, unsigned From, unsigned To,
                          unsigned Owner, size_t Limit) {
  if (States.size() > Limit)
    return false;
  switch (N->kind()) {
  case NodeKind::Leg: {
    Letter L;
    L.V = N->vec();
    L.Mask = N->land().Mask;
    L.E = N->effect();
    States[From].Out.push_back({letter(L), To});
    return true;
  }
  case NodeKind::Seq: {
    const auto &Cs = N->children();
    if (Cs.empty()) {
      States[From].Eps.push_back(To);
      return true;
    }
    unsigned Cur = From;
    for (size_t I = 0; I < Cs.size(); ++I) {
      unsigned Next = I + 1 == Cs.size() ? To : newState(Owner);
      if (!build(Cs[I], Cur, Next, Owner, Limit))
        return false;
      Cur = Next;
    }
    return true;
  }
  case NodeKind::Alt:
    for (const NodeRef &C : N->children())
      if (!build(C, From, To, Owner, Limit))
        return false;
    return true;
  case NodeKind::Sym:
    for (const Transform &T : N->transforms().transforms())
      if (!build(transformed(N->operand(), T), From, To, Owner, Limit))
        return false;
    return true;
  case NodeKind::Rep:
    return buildRepeat(N->range(), N->operand(), From, To, Owner, Limit);
  case NodeKind::Ride: {
    // A ride repeats one concrete path of its operand: the same as a free
    // repetition of each concrete path alone.
    std::vector<std::vector<NodeRef>> Paths;
    if (!concretePaths(N->operand(), Paths, 64)) {
      States[From].Out.push_back({opaque(N), To});
      return true;
    }
    for (const auto &P : Paths)
      if (!buildRepeat(N->range(), Node::makeList(NodeKind::Seq, P), From, To,
                       Owner, Limit))
        return false;
    return true;
  }
  case NodeKind::Guard:
    if (Relaxing) // more paths than the alternative has: see add()
      return build(N->operand(), From, To, Owner, Limit);
    {
      // A guard tests the square where its operand starts: a letter of
      // its predicate there, then the operand's paths. Only the same test
      // at the same point matches it, so 'iW' is found in 'iR', and 'W'
      // (no test) never in 'iR'.
      unsigned Mid = newState(Owner);
      States[From].Out.push_back({opaqueKey("guard " + N->guard().str()), Mid});
      return build(N->operand(), Mid, To, Owner, Limit);
    }
  case NodeKind::Filter:
    if (Relaxing)
      return build(N->operand(), From, To, Owner, Limit);
    [[fallthrough]];
  default:
    // filter, prio, ahead, borrow: matched only by the same subtree.
    States[From].Out.push_back({opaque(N), To});
    return true;
  }
}

unsigned PathInclusion::add(const NodeRef &IR, bool Relaxed) {
  unsigned Id = Alts.size();
  Alternative A;
  A.First = States.size();
  A.Start = newState(Id);
  A.Accept = newState(Id);
  Relaxing = Relaxed;
  A.Modelled =
      build(IR, A.Start, A.Accept, Id, A.First + MaxStatesPerAlternative);
  Relaxing = false;
  if (!A.Modelled) {
    // Dropped whole: no other test may reach a part of it.
    States.resize(A.First);
    A.Start = newState(Id);
    A.Accept = newState(Id);
    Alts.push_back(A);
    return Id;
  }
  // The states from which the accepting one can be reached: a word of the
  // tested alternative matters only if it can be finished.
  size_t Count = States.size() - A.First;
  std::vector<std::vector<unsigned>> Into(Count);
  for (size_t S = A.First; S < States.size(); ++S) {
    for (unsigned T : States[S].Eps)
      Into[T - A.First].push_back(S);
    for (auto [L, T] : States[S].Out)
      Into[T - A.First].push_back(S);
  }
  A.Live.assign(Count, false);
  std::vector<unsigned> Work = {A.Accept};
  A.Live[A.Accept - A.First] = true;
  while (!Work.empty()) {
    unsigned S = Work.back();
    Work.pop_back();
    for (unsigned P : Into[S - A.First])
      if (!A.Live[P - A.First]) {
        A.Live[P - A.First] = true;
        Work.push_back(P);
      }
  }
  std::vector<unsigned> Start = {A.Start};
  closure(Start);
  A.AcceptsEmpty =
      std::find(Start.begin(), Start.end(), A.Accept) != Start.end();
  std::set<std::tuple<bool, int, int, int, unsigned>> Keys;
  for (size_t S = A.First; S < States.size(); ++S)
    for (auto [L, T] : States[S].Out)
      Keys.insert(vectorKey(Letters[L]));
  for (const auto &K : Keys)
    ByVector[K].push_back(Id);
  Alts.push_back(std::move(A));
  return Id;
}

void PathInclusion::closure(std::vector<unsigned> &Set) const {
  if (Mark.size() < States.size())
    Mark.assign(States.size(), 0), Epoch = 0;
  if (++Epoch == 0)
    std::fill(Mark.begin(), Mark.end(), 0), Epoch = 1;
  std::vector<unsigned> Out;
  for (unsigned S : Set)
    if (Mark[S] != Epoch)
      Mark[S] = Epoch, Out.push_back(S);
  for (size_t I = 0; I < Out.size(); ++I)
    for (unsigned T : States[Out[I]].Eps)
      if (Mark[T] != Epoch)
        Mark[T] = Epoch, Out.push_back(T);
  std::sort(Out.begin(), Out.end());
  Set = std::move(Out);
}

namespace {
struct ConfigHash {
  size_t operator()(const std::pair<unsigned, std::vector<unsigned>> &C) const {
    size_t H = C.first * 0x9E3779B97F4A7C15ull;
    for (unsigned S : C.second)
      H = (H ^ S) * 0x100000001B3ull;
    return H;
  }
};
} // namespace

bool PathInclusion::includedIn(unsigned I, const std::vector<unsigned> &Others,
                               std::vector<unsigned> *By) const {
  const Alternative &A = Alts[I];
  if (!A.Modelled)
    return false;
  // The others that share a vector with it, or make the empty path.
  std::set<unsigned> Wanted(Others.begin(), Others.end()), Candidates;
  std::set<std::tuple<bool, int, int, int, unsigned>> Keys;
  for (size_t S = A.First; S < A.First + A.Live.size(); ++S)
    for (auto [L, T] : States[S].Out)
      Keys.insert(vectorKey(Letters[L]));
  for (const auto &K : Keys)
    for (unsigned O : ByVector.at(K))
      if (Wanted.count(O))
        Candidates.insert(O);
  if (A.AcceptsEmpty)
    for (unsigned O : Others)
      if (Alts[O].AcceptsEmpty)
        Candidates.insert(O);
  std::vector<unsigned> Start;
  for (unsigned O : Candidates)
    if (O != I && Alts[O].Modelled)
      Start.push_back(Alts[O].Start);
  closure(Start);
  auto Live = [&](unsigned S) { return A.Live[S - A.First]; };
  auto Accepting = [&](unsigned S) {
    return Alts[States[S].Owner].Accept == S;
  };
  using Config = std::pair<unsigned, std::vector<unsigned>>;
  std::unordered_set<Config, ConfigHash> Seen;
  std::vector<Config> Work;
  auto Push = [&](unsigned L, std::vector<unsigned> Set) {
    Config C{L, std::move(Set)};
    if (Seen.insert(C).second)
      Work.push_back(std::move(C));
  };
  Push(A.Start, Start);
  std::set<unsigned> Used;
  size_t Steps = 0;
  while (!Work.empty()) {
    Config C = std::move(Work.back());
    Work.pop_back();
    Steps += 1;
    if (Steps > MaxSteps || TotalSteps > MaxTotalSteps)
      return false;
    auto [L, Set] = C;
    if (L == A.Accept) {
      bool Found = false;
      for (unsigned S : Set)
        if (Accepting(S))
          Found = true, Used.insert(States[S].Owner);
      if (!Found)
        return false;
    }
    for (unsigned T : States[L].Eps)
      if (Live(T))
        Push(T, Set);
    for (auto [LetterId, T] : States[L].Out) {
      if (!Live(T))
        continue;
      const Letter &X = Letters[LetterId];
      // A leg of the tested path is read one square state at a time.
      for (uint8_t Bit : {Land::Empty, Land::Friend, Land::Enemy}) {
        if (!X.Opaque && !(X.Mask & Bit))
          continue;
        std::vector<unsigned> Next;
        Steps += Set.size();
        TotalSteps += Set.size();
        for (unsigned S : Set)
          for (auto [YId, U] : States[S].Out) {
            const Letter &Y = Letters[YId];
            bool Match = X.Opaque ? Y.Opaque && Y.Key == X.Key
                                  : !Y.Opaque && Y.V == X.V && Y.E == X.E &&
                                        (Y.Mask & Bit);
            if (Match)
              Next.push_back(U);
          }
        if (Next.empty())
          return false;
        closure(Next);
        Push(T, std::move(Next));
        if (X.Opaque)
          break;
      }
    }
  }
  if (By)
    By->assign(Used.begin(), Used.end());
  return true;
}
