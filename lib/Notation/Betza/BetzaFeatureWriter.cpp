//===- BetzaFeatureWriter.cpp - XBetza features written back --------------===//
//
// Crooked and circular riders, cylinder moves, jumping sliders, the royal
// rules t and k and rifle legs lower into IR whose paths the shape writer
// (PathShapes.cpp) and the multi-leg writer (BetzaLegsWriter.cpp) cannot
// take apart: a zigzag, a rose's turns, a wrapped file, a counted slide. So
// they are written the other way round: candidate groups are proposed from
// what the paths contain (their atoms, their landing conditions, the shape
// of a rifle shot), each candidate is read by the Betza front end, and it is
// kept when every path it makes is one of the moveset's paths. Paths are
// compared one by one: both sides are expanded into single paths (alt, sym,
// guard, filter and seq distributed; rep and ride kept whole), each in its
// canonical -O1 form. A candidate that does not fit whole is tried image by
// image, and the images that fit are selected with direction letters.
//
//===----------------------------------------------------------------------===//
#include "BetzaFeatureWriter.h"

#include "BetzaAST.h" // direction8, directionBase, selectImages
#include "BetzaLegsWriter.h"

#include "fairy/IR/BoardShape.h"
#include "fairy/IR/Builder.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Transforms/Pass.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <set>

using namespace fairy;

/// More single paths than this and no candidate is tried: the moveset is
/// too large to take apart path by path.
static constexpr size_t MaxItems = 50000;

bool fairy::expandPaths(const NodeRef &N, std::vector<NodeRef> &Out) {
  switch (N->kind()) {
  case NodeKind::Alt:
    for (const NodeRef &C : N->children())
      if (!expandPaths(C, Out))
        return false;
    return true;
  case NodeKind::Sym:
    for (const Transform &T : N->transforms().transforms())
      if (!expandPaths(transformed(N->operand(), T), Out))
        return false;
    return true;
  case NodeKind::Guard:
  case NodeKind::Filter: {
    // Both test each path on its own, so they distribute over alt.
    std::vector<NodeRef> Inner;
    if (!expandPaths(N->operand(), Inner))
      return false;
    for (const NodeRef &I : Inner)
      Out.push_back(withChildren(*N, {I}));
    return Out.size() <= MaxItems;
  }
  case NodeKind::Seq: {
    std::vector<std::vector<NodeRef>> Heads = {{}};
    for (const NodeRef &C : N->children()) {
      std::vector<NodeRef> Tails;
      if (!expandPaths(C, Tails))
        return false;
      std::vector<std::vector<NodeRef>> Next;
      for (const auto &H : Heads)
        for (const NodeRef &T : Tails) {
          Next.push_back(H);
          Next.back().push_back(T);
          if (Next.size() > MaxItems)
            return false;
        }
      Heads = std::move(Next);
    }
    for (auto &H : Heads)
      Out.push_back(ir::seqFlat(std::move(H)));
    return Out.size() <= MaxItems;
  }
  default:
    Out.push_back(N);
    return Out.size() <= MaxItems;
  }
}

namespace {

/// A single path in canonical form, as text: equal paths, equal keys.
std::string keyOf(const NodeRef &Path) {
  return printIRInline(*optimize(Path, 1, PassContext()));
}

/// The single paths of \p N by key; nullopt if there are too many.
std::optional<std::map<std::string, NodeRef>> pathsOf(const NodeRef &N) {
  std::vector<NodeRef> Items;
  if (!expandPaths(N, Items))
    return std::nullopt;
  std::map<std::string, NodeRef> Out;
  for (const NodeRef &I : Items)
    Out.emplace(keyOf(I), I);
  return Out;
}

/// One step of a path: a leg, with rides of a fixed count unrolled.
struct Step {
  Vec V;
  Land L;
  Effect E;
  bool operator==(const Step &O) const {
    return V == O.V && L == O.L && E == O.E;
  }
};

/// The steps of a path made only of legs and fixed-count rides of legs.
std::optional<std::vector<Step>> stepsOf(const Node &N) {
  std::vector<Step> Out;
  auto Add = [&](const Node &C) {
    if (C.is(NodeKind::Leg)) {
      Out.push_back({C.vec(), C.land(), C.effect()});
      return true;
    }
    std::optional<int> K =
        C.is(NodeKind::Ride) ? C.range().single() : std::optional<int>();
    if (!K || !C.operand()->is(NodeKind::Leg))
      return false;
    const Node &L = *C.operand();
    for (int I = 0; I < *K; ++I)
      Out.push_back({L.vec(), L.land(), L.effect()});
    return true;
  };
  if (N.is(NodeKind::Seq)) {
    for (const NodeRef &C : N.children())
      if (!Add(*C))
        return std::nullopt;
  } else if (!Add(N)) {
    return std::nullopt;
  }
  return Out;
}

/// A rifle shot: n empty steps of V, a stop of V that is not a plain empty
/// square, then as many steps of U again plus one, the last landing as it
/// may (XBoard's 'i' on a later leg).
struct Shot {
  Vec V, U;
  int Count; ///< the empty steps before the stop
  Step Stop;
  Land Final;
};

std::optional<Shot> shotOf(const Node &Path) {
  // An initial rifle ('icaibR') is a guarded shot; the guard is the prefix.
  if (Path.is(NodeKind::Guard))
    return shotOf(*Path.operand());
  auto Steps = stepsOf(Path);
  if (!Steps || Steps->size() < 2)
    return std::nullopt;
  const std::vector<Step> &S = *Steps;
  Vec V = S[0].V;
  size_t M = 0;
  while (M < S.size() && S[M] == Step{V, Land::empty(), Effect::None})
    ++M;
  if (M >= S.size() || !(S[M].V == V) || S.size() != 2 * M + 2)
    return std::nullopt;
  Vec U = S[M + 1].V;
  for (size_t I = M + 1; I < S.size(); ++I)
    if (!(S[I].V == U) || S[I].E != Effect::None ||
        (I + 1 < S.size() && S[I].L != Land::empty()))
      return std::nullopt;
  return Shot{V, U, int(M), S[M], S.back().L};
}

/// The letters of a rifle's stop, or "" if XBetza has none.
std::string stopLetters(const Step &Stop) {
  if (Stop.E == Effect::Capture && Stop.L == Land::enemy())
    return "c";
  if (Stop.E == Effect::Capture && Stop.L == Land::friendly())
    return "d";
  if (Stop.E == Effect::None && Stop.L == Land::occupied())
    return "p";
  if (Stop.E == Effect::None && Stop.L == Land::any())
    return "mp";
  return "";
}

/// A group to try: the text after the direction letters, and the leap whose
/// images those letters select (none: only the whole group is tried).
struct Candidate {
  std::string Text;
  Vec Leap;
  bool PerImage = true;
};

class Writer {
public:
  Writer(const FrontendOptions &Opts) : Opts(Opts) {}

  std::string run(std::vector<NodeRef> &Needed, std::vector<NodeRef> &Optional);

private:
  const FrontendOptions &Opts;
  std::map<std::string, std::optional<std::map<std::string, NodeRef>>> Read;
  std::map<std::string, NodeRef> Wanted; ///< the needed paths not yet made
  std::set<std::string> Allowed;         ///< every path of the moveset
  std::set<std::string> Made;            ///< paths of the groups kept

  /// The paths Betza \p Text makes, or nullptr if it does not read.
  const std::map<std::string, NodeRef> *paths(const std::string &Text);
  /// Whether \p Text makes only allowed paths and some wanted one.
  bool fits(const std::map<std::string, NodeRef> &Ps) const;
  /// Keeps \p C, whole or some images of it, if it fits; its text or "".
  std::string tryCandidate(const Candidate &C);
  std::vector<Candidate> oneLegCandidates(bool Ranges) const;
  std::vector<Candidate> rifleCandidates() const;
  /// \p Cs again with 'i' (and XBoard's 'ii') in front where wanted paths
  /// are initial (or advanced) moves.
  std::vector<Candidate> withInitial(std::vector<Candidate> Cs) const;
};

const std::map<std::string, NodeRef> *Writer::paths(const std::string &Text) {
  auto It = Read.find(Text);
  if (It == Read.end()) {
    DiagnosticEngine Diags(nullptr);
    Diags.policy().silenceAll();
    unsigned Buffer = Diags.addBuffer(Text, "<candidate>");
    NodeRef IR = parseBetza(Diags, Buffer, Opts);
    std::optional<std::map<std::string, NodeRef>> Ps;
    if (IR && !Diags.errorCount())
      Ps = pathsOf(optimize(IR, 1, PassContext()));
    It = Read.emplace(Text, std::move(Ps)).first;
  }
  return It->second ? &*It->second : nullptr;
}

bool Writer::fits(const std::map<std::string, NodeRef> &Ps) const {
  bool Adds = false;
  for (const auto &[Key, P] : Ps) {
    if (!Allowed.count(Key))
      return false;
    Adds |= Wanted.count(Key) != 0;
  }
  return Adds;
}

std::string Writer::tryCandidate(const Candidate &C) {
  const auto *Whole = paths(C.Text);
  if (!Whole)
    return "";
  bool Touches = std::any_of(Whole->begin(), Whole->end(), [&](const auto &P) {
    return Wanted.count(P.first) != 0;
  });
  if (!Touches)
    return "";
  std::string Text;
  if (fits(*Whole)) {
    Text = C.Text;
  } else if (C.PerImage) {
    std::set<Vec> Good;
    for (Vec V : betza::selectImages(C.Leap, {}, C.Leap.x == 0)) {
      auto Letters = directionLetters(C.Leap, {V});
      const auto *One = Letters ? paths(*Letters + C.Text) : nullptr;
      if (One && fits(*One))
        Good.insert(V);
    }
    auto Letters = Good.empty() ? std::nullopt : directionLetters(C.Leap, Good);
    const auto *Some = Letters ? paths(*Letters + C.Text) : nullptr;
    if (!Some || !fits(*Some))
      return "";
    Text = *Letters + C.Text;
  } else {
    return "";
  }
  for (const auto &[Key, P] : *paths(Text)) {
    Wanted.erase(Key);
    Made.insert(Key);
  }
  return Text;
}

/// Walks every leg of \p N.
template <typename Fn> void forEachLeg(const Node &N, Fn F) {
  if (N.is(NodeKind::Leg))
    F(N);
  for (const NodeRef &C : N.children())
    forEachLeg(*C, F);
}

std::vector<Candidate> Writer::oneLegCandidates(bool Ranges) const {
  // The atoms and landing conditions of the wanted paths.
  std::set<char> Atoms;
  std::set<std::string> Modes = {""};
  for (const auto &[Key, P] : Wanted)
    forEachLeg(*P, [&](const Node &L) {
      // On a cylinder a leg may be a leap wrapped round the board.
      int W = Opts.BoardWidth.value_or(0);
      for (int Wrap : {0, W, -W})
        if (char A = atomLetter(L.vec() + Vec(Wrap, 0)))
          Atoms.insert(A);
      if (L.land() != Land::any() && L.land() != Land::empty())
        Modes.insert(landLetters(L.land()));
    });
  Modes.insert("m");
  // Each atom as a leaper and as a rider; K and Q where both W and F are.
  std::vector<std::pair<std::string, Vec>> Spellings;
  for (char A : Atoms) {
    Vec Leap = betza::leapOf(A);
    std::string L(1, A);
    if (Ranges) {
      for (int R = 2; R <= 9; ++R)
        Spellings.push_back({L + std::to_string(R), Leap});
      continue;
    }
    // z and q make riders of either spelling: zB and qN read best.
    std::string Rider = A == 'W' ? "R" : A == 'F' ? "B" : L + "0";
    if (A == 'W' || A == 'F')
      Spellings.push_back({Rider, Leap});
    Spellings.push_back({L, Leap});
    if (A != 'W' && A != 'F')
      Spellings.push_back({Rider, Leap});
  }
  bool King = Atoms.count('W') && Atoms.count('F');
  std::vector<Candidate> Out;
  static const char *Features[] = {"z", "q", "o",  "j", "jj",
                                   "t", "k", "tp", "tg"};
  for (const char *F : Features) {
    std::string Feature = F;
    if (Feature == "o" && !Opts.BoardWidth)
      continue; // cylinder moves need the board's width
    for (const std::string &M : Modes) {
      // K and Q first: one letter where W and F would take two.
      if (King && !Ranges)
        for (const char *KQ : {"Q", "K"})
          Out.push_back({M + Feature + KQ, Vec(), false});
      for (const auto &[S, Leap] : Spellings)
        Out.push_back({M + Feature + S, Leap, true});
    }
  }
  return Out;
}

std::vector<Candidate> Writer::rifleCandidates() const {
  // Shots of the same stop, landing and atom form one group; its turns and
  // the longest count give the letters of the rifle leg and the range.
  struct Key {
    std::string Stop, Final;
    char Atom;
    bool operator<(const Key &O) const {
      return std::tie(Stop, Final, Atom) < std::tie(O.Stop, O.Final, O.Atom);
    }
  };
  std::map<Key, std::pair<std::set<int>, int>> Groups;
  for (const auto &[K, P] : Wanted) {
    auto S = shotOf(*P);
    if (!S)
      continue;
    char A = atomLetter(S->V);
    std::string Stop = stopLetters(S->Stop);
    int From = A ? directionIndexOf(A, S->V) : -1,
        To = A ? directionIndexOf(A, S->U) : -1;
    if (!A || Stop.empty() || From < 0 || To < 0)
      continue;
    auto &G = Groups[{Stop, landLetters(S->Final), A}];
    G.first.insert(((To - From + 8 + 3) % 8) - 3);
    G.second = std::max(G.second, S->Count);
  }
  int MaxSteps = Opts.BoardMaxSide.value_or(BoardShape::MaxSide) - 1;
  std::vector<Candidate> Out;
  for (const auto &[K, G] : Groups) {
    bool EightWay = std::strchr("NCZ", K.Atom) != nullptr;
    std::string Atom = K.Atom == 'W'   ? "R"
                       : K.Atom == 'F' ? "B"
                                       : std::string(1, K.Atom) + "0";
    if (G.second + 1 < MaxSteps)
      Atom = std::string(1, K.Atom) + std::to_string(G.second + 1);
    Vec Leap = betza::leapOf(K.Atom);
    // All the turns at once, then each on its own.
    Out.push_back(
        {K.Stop + "ai" + spellTurns(G.first, EightWay) + K.Final + Atom, Leap,
         true});
    for (int T : G.first)
      Out.push_back({K.Stop + "ai" + spellTurns({T}, EightWay) + K.Final + Atom,
                     Leap, true});
  }
  return Out;
}

std::vector<Candidate> Writer::withInitial(std::vector<Candidate> Cs) const {
  std::set<std::string> Prefixes;
  for (const auto &[K, P] : Wanted)
    if (P->is(NodeKind::Guard) && !P->guard().Negated) {
      if (P->guard().K == GuardPredicate::Initial)
        Prefixes.insert("i");
      if (P->guard().K == GuardPredicate::Advanced)
        Prefixes.insert("ii");
    }
  size_t Plain = Cs.size();
  for (const std::string &Prefix : Prefixes)
    for (size_t I = 0; I < Plain; ++I)
      Cs.push_back({Prefix + Cs[I].Text, Cs[I].Leap, Cs[I].PerImage});
  return Cs;
}

std::string Writer::run(std::vector<NodeRef> &Needed,
                        std::vector<NodeRef> &Optional) {
  std::vector<std::map<std::string, NodeRef>> OptionalPaths;
  for (const NodeRef &N : Needed) {
    auto Ps = pathsOf(N);
    if (!Ps)
      return "";
    Wanted.insert(Ps->begin(), Ps->end());
  }
  for (const NodeRef &N : Optional) {
    auto Ps = pathsOf(N);
    if (!Ps)
      return "";
    OptionalPaths.push_back(*Ps);
  }
  for (const auto &[K, P] : Wanted)
    Allowed.insert(K);
  for (const auto &Ps : OptionalPaths)
    for (const auto &[K, P] : Ps)
      Allowed.insert(K);
  std::string Out;
  for (int Round = 0; Round < 3 && !Wanted.empty(); ++Round) {
    std::vector<Candidate> Cs =
        withInitial(Round == 0   ? oneLegCandidates(false)
                    : Round == 1 ? rifleCandidates()
                                 : oneLegCandidates(true));
    for (const Candidate &C : Cs) {
      if (Wanted.empty())
        break;
      Out += tryCandidate(C);
    }
  }
  // What is left for the other writers.
  std::vector<NodeRef> Rest;
  for (const auto &[K, P] : Wanted)
    Rest.push_back(P);
  Needed = std::move(Rest);
  std::vector<NodeRef> Kept;
  for (size_t I = 0; I < Optional.size(); ++I)
    if (!std::all_of(OptionalPaths[I].begin(), OptionalPaths[I].end(),
                     [&](const auto &P) { return Made.count(P.first) != 0; }))
      Kept.push_back(Optional[I]);
  Optional = std::move(Kept);
  return Out;
}

} // namespace

std::string fairy::writeFeatureGroups(std::vector<NodeRef> &Needed,
                                      std::vector<NodeRef> &Optional,
                                      const FrontendOptions &Opts) {
  return Writer(Opts).run(Needed, Optional);
}
