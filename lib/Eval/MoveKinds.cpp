//===- MoveKinds.cpp - What kind of move reaches each square --------------===//
#include "fairy/Eval/MoveKinds.h"

#include <algorithm>
#include <cstdlib>

using namespace fairy;

namespace {

/// The type of the probe pieces: no definition, royalty or same-type rule
/// names it, so a probe is any enemy, nothing more.
constexpr char ProbeType = '~';

/// Destinations every given path to which passes over a piece.
SquareSet hops(const Position &P, unsigned Origin, const Destinations &D,
               const std::vector<std::vector<unsigned>> &Paths) {
  SquareSet Hopped = P.board().emptySet(), Plain = P.board().emptySet();
  for (const std::vector<unsigned> &Path : Paths) {
    unsigned To = Path.back();
    if (D.Remote.test(To))
      continue; // passing over what it captures is not a hop
    bool Over = false;
    for (size_t I = 1; I + 1 < Path.size(); ++I)
      Over |= Path[I] != Origin && P.at(Path[I]).Present;
    (Over ? Hopped : Plain).set(To);
  }
  return Hopped.minus(Plain);
}

struct Reach {
  SquareSet Quiet, Capture;
  SquareSet Hop; ///< probed captures made by jumping over a piece
};

/// The quiet squares of \p D and its captures, with the empty squares where
/// the piece would capture a lone enemy.
/// With \p IR, probed captures that jump are found too (while \p PathBudget
/// lasts).
std::optional<Reach> reachOf(const Position &P, unsigned Origin, Color Side,
                             const Destinations &D, const EvaluateOn &Evaluate,
                             const CandidatesOn &Candidates, const NodeRef *IR,
                             size_t &PathBudget, std::string &Error) {
  Reach R{D.Quiet, D.Capture, P.board().emptySet()};
  SquareSet ToProbe = P.board().squares();
  if (Candidates)
    if (auto C = Candidates(P))
      ToProbe &= *C | D.all(); // see CandidatesOn
  if (ToProbe.count() > MaxProbedSquares) {
    Error = std::to_string(ToProbe.count()) + " squares to probe, more than " +
            std::to_string(MaxProbedSquares);
    return std::nullopt;
  }
  Position Probe = P;
  for (unsigned S : ToProbe.toVector()) {
    if (S == Origin || P.at(S).Present)
      continue;
    Probe.place(S, opposite(Side), ProbeType);
    auto With = Evaluate(Probe, Error);
    if (!With)
      return std::nullopt;
    if (With->Capture.test(S) && !R.Capture.test(S)) {
      R.Capture.set(S);
      if (IR && PathBudget > 0) {
        ReferenceEvaluator Ref(*IR,
                               std::min(PathBudget, ProbePathBudgetPerSquare));
        std::string Ignored;
        auto Paths = Ref.paths(Probe, Origin, Side, /*Limit=*/500, Ignored);
        PathBudget -= std::min(PathBudget, Ref.work());
        if (Paths && hops(Probe, Origin, *With, *Paths).test(S))
          R.Hop.set(S);
      }
    }
    Probe.clear(S);
  }
  return R;
}

/// Paths of two legs or more that no other path goes on from.
std::vector<std::vector<unsigned>>
longestPaths(std::vector<std::vector<unsigned>> Paths) {
  std::sort(Paths.begin(), Paths.end());
  Paths.erase(std::unique(Paths.begin(), Paths.end()), Paths.end());
  std::vector<std::vector<unsigned>> Out;
  for (size_t I = 0; I < Paths.size(); ++I) {
    const auto &A = Paths[I];
    if (A.size() < 3)
      continue;
    // Sorted, any path that goes on from A comes right after it.
    if (I + 1 < Paths.size() && Paths[I + 1].size() > A.size() &&
        std::equal(A.begin(), A.end(), Paths[I + 1].begin()))
      continue;
    Out.push_back(A);
  }
  return Out;
}

} // namespace

/// Quiet, Capture and InitialOnly by probing; false if an evaluation failed.
static bool probe(MoveKinds &K, const Position &P, unsigned Origin, Color Side,
                  const EvaluateOn &Evaluate, const CandidatesOn &Candidates,
                  const NodeRef &IR, std::string &Error) {
  size_t PathBudget = ProbePathBudget, NoPaths = 0;
  auto Now = reachOf(P, Origin, Side, K.D, Evaluate, Candidates, &IR,
                     PathBudget, Error);
  if (!Now)
    return false;
  K.Quiet = Now->Quiet;
  K.Capture = Now->Capture;
  K.Hop |= Now->Hop;
  if (P.Moved.test(Origin))
    return true;
  Position Moved = P;
  Moved.Moved.set(Origin);
  auto DMoved = Evaluate(Moved, Error);
  if (!DMoved)
    return false;
  auto Later = reachOf(Moved, Origin, Side, *DMoved, Evaluate, Candidates,
                       nullptr, NoPaths, Error);
  if (!Later)
    return false;
  K.InitialOnly = (K.Quiet | K.Capture).minus(Later->Quiet | Later->Capture);
  return true;
}

MoveKinds fairy::classifyMoves(const Position &P, unsigned Origin, Color Side,
                               const Destinations &D,
                               const std::vector<std::vector<unsigned>> &Paths,
                               const EvaluateOn &Evaluate,
                               const CandidatesOn &Candidates,
                               const NodeRef &IR, std::string &Error) {
  MoveKinds K;
  K.D = D;
  K.Hop = hops(P, Origin, D, Paths);
  K.Lines = longestPaths(Paths);
  MoveKinds Probed = K;
  Probed.InitialOnly = P.board().emptySet();
  if (probe(Probed, P, Origin, Side, Evaluate, Candidates, IR, Error)) {
    Probed.Probed = true;
    return Probed;
  }
  K.Quiet = D.Quiet;
  K.Capture = D.Capture;
  K.InitialOnly = P.board().emptySet();
  return K;
}

MoveKinds fairy::classifyForPicture(const NodeRef &IR, const Position &P,
                                    unsigned Origin, Color Side,
                                    const Destinations &D,
                                    const EvaluateOn &Evaluate,
                                    const FastEvaluator *Relevant,
                                    PictureLimits &Limits) {
  auto Paths = ReferenceEvaluator(IR, 1'000'000)
                   .paths(P, Origin, Side, /*Limit=*/500, Limits.Paths);
  if (Paths)
    Limits.Paths.clear();
  MoveKinds K = classifyMoves(
      P, Origin, Side, D, Paths ? *Paths : std::vector<std::vector<unsigned>>(),
      Evaluate,
      [&](const Position &Q) -> std::optional<SquareSet> {
        std::string E;
        return Relevant ? Relevant->testedSquares(Q, Origin, Side, E)
                        : std::nullopt;
      },
      IR, Limits.Probes);
  if (K.Probed)
    Limits.Probes.clear();
  return K;
}

MoveKinds fairy::classifyWithFast(const FastEvaluator &Fast, const NodeRef &IR,
                                  const Position &P, unsigned Origin,
                                  Color Side, const Destinations &D) {
  PictureLimits Ignored;
  return classifyForPicture(
      IR, P, Origin, Side, D,
      [&](const Position &Q, std::string &E) {
        return Fast.evaluate(Q, Origin, Side, E);
      },
      &Fast, Ignored);
}

std::optional<SquareSet>
fairy::probedCaptures(const Position &P, unsigned Origin, Color Side,
                      const Destinations &D, const EvaluateOn &Evaluate,
                      const CandidatesOn &Candidates, std::string &Error) {
  size_t NoPaths = 0;
  auto R = reachOf(P, Origin, Side, D, Evaluate, Candidates, nullptr, NoPaths,
                   Error);
  if (!R)
    return std::nullopt;
  return R->Capture;
}

namespace {

/// Whether a path below \p N has a leg whose square must hold a piece
/// (its condition excludes an empty square), with effect \p E (None: a
/// hurdle; Capture: a locust's victim), and more legs after it;
/// \p Followed: a leg comes after \p N's paths.
bool needsPiece(const Node &N, bool Followed, Effect E) {
  switch (N.kind()) {
  case NodeKind::Leg:
    return Followed && N.land().Mask && !N.land().allows(Land::Empty) &&
           N.effect() == E;
  case NodeKind::Seq: {
    const auto &Cs = N.children();
    for (size_t I = 0; I < Cs.size(); ++I)
      if (needsPiece(*Cs[I], Followed || I + 1 < Cs.size(), E))
        return true;
    return false;
  }
  case NodeKind::Alt:
  case NodeKind::Prio:
    for (const NodeRef &C : N.children())
      if (needsPiece(*C, Followed, E))
        return true;
    return false;
  case NodeKind::Rep:
  case NodeKind::Ride: // a repetition's legs may come after its own
    return needsPiece(*N.operand(), true, E);
  case NodeKind::Sym:
  case NodeKind::Filter:
  case NodeKind::Guard:
    return needsPiece(*N.operand(), Followed, E);
  case NodeKind::Ahead:
  case NodeKind::Borrow:
    return false;
  }
  return false;
}

/// What a picture marks: the squares the piece moves to, those where it
/// captures (probed), and those it reaches capturing on the way.
struct Marks {
  SquareSet Quiet, Capture, Remote;
};

/// Chebyshev distance of two squares.
int distance(const Board &B, unsigned A, unsigned C) {
  Vec U = B.coord(A), V = B.coord(C);
  return std::max(
      {std::abs(U.x - V.x), std::abs(U.y - V.y), std::abs(U.z - V.z)});
}

struct Candidate {
  unsigned Square;
  Color Side;
  int Score;           ///< marks added less marks hidden
  SquareSet Footprint; ///< the square and those whose marks it changes
  int Distance;
};

} // namespace

bool fairy::hopsOverPieces(const Node &IR) {
  return needsPiece(IR, false, Effect::None);
}

bool fairy::capturesOnTheWay(const Node &IR) {
  return needsPiece(IR, false, Effect::Capture);
}

ExamplePieces fairy::exampleHurdles(const NodeRef &IR,
                                    const FastEvaluator &Fast,
                                    const Position &P, unsigned Origin,
                                    Color Side) {
  ExamplePieces Out{P, {}};
  Out.Hurdles = hopsOverPieces(*IR);
  Out.Victims = capturesOnTheWay(*IR);
  if (!Out.Hurdles && !Out.Victims)
    return Out;
  const Board &B = P.board();
  // The search may spend a third of what the job may (the picture's own
  // probes come after it) and MaxExampleEvaluations; past either, the
  // picture has no examples, as before there were any.
  std::shared_ptr<WorkBudget> Job = WorkBudgetScope::current();
  uint64_t Start = Job ? Job->Used : 0;
  unsigned Evaluations = 0;
  EvaluateOn Evaluate = [&](const Position &Q,
                            std::string &E) -> std::optional<Destinations> {
    if (++Evaluations > MaxExampleEvaluations ||
        (Job && Job->Used - Start > Job->Limit / 3)) {
      E = "the example search is over its budget";
      return std::nullopt;
    }
    return Fast.evaluate(Q, Origin, Side, E);
  };
  CandidatesOn Tested = [&](const Position &Q) -> std::optional<SquareSet> {
    std::string E;
    return Fast.testedSquares(Q, Origin, Side, E);
  };
  auto MarksOn = [&](const Position &Q) -> std::optional<Marks> {
    std::string E;
    auto D = Evaluate(Q, E);
    if (!D)
      return std::nullopt;
    size_t NoPaths = 0;
    auto R =
        reachOf(Q, Origin, Side, *D, Evaluate, Tested, nullptr, NoPaths, E);
    if (!R)
      return std::nullopt;
    return Marks{R->Quiet, R->Capture, D->Remote};
  };
  // Marks \p M shows that \p Base does not, off the example squares.
  auto Added = [&](const Marks &M, const Marks &Base, const Position &Q) {
    SquareSet Free =
        B.squares().minus(Q.piecesOf(Color::White) | Q.piecesOf(Color::Black));
    return (M.Quiet.minus(Base.Quiet) & Free).count() +
           (M.Capture.minus(Base.Capture) & Free).count() +
           (M.Remote.minus(Base.Remote) & Free).count();
  };
  auto Empty = MarksOn(P);
  auto Squares = Tested(P);
  if (!Empty || !Squares)
    return Out;
  std::vector<unsigned> Order;
  Squares->forEach([&](unsigned S) {
    if (S != Origin && B.squares().test(S) && !P.at(S).Present)
      Order.push_back(S);
  });
  std::stable_sort(Order.begin(), Order.end(), [&](unsigned A, unsigned C) {
    return distance(B, Origin, A) < distance(B, Origin, C);
  });
  if (Order.size() > MaxHurdleCandidates)
    Order.resize(MaxHurdleCandidates);
  std::vector<Candidate> Found;
  for (unsigned S : Order) {
    // Hurdles are wanted near the piece (two squares away at best): once
    // some serve, farther squares are not tried, which keeps large boards
    // cheap.
    if (!Found.empty() && distance(B, Origin, S) > 2)
      break;
    for (Color By : {Side, opposite(Side)}) {
      Position Q = P;
      Q.place(S, By, ProbeType);
      auto M = MarksOn(Q);
      if (!M)
        return Out;
      unsigned Gain = Added(*M, *Empty, Q);
      if (!Gain)
        continue;
      SquareSet Changed =
          (M->Quiet.minus(Empty->Quiet) | Empty->Quiet.minus(M->Quiet)) |
          (M->Capture.minus(Empty->Capture) |
           Empty->Capture.minus(M->Capture)) |
          (M->Remote.minus(Empty->Remote) | Empty->Remote.minus(M->Remote));
      unsigned Hidden = Empty->Quiet.minus(M->Quiet).count() +
                        Empty->Capture.minus(M->Capture).count() +
                        Empty->Remote.minus(M->Remote).count();
      Changed.set(S);
      Found.push_back(
          {S, By, int(Gain) - int(Hidden), Changed, distance(B, Origin, S)});
      break;
    }
  }
  std::stable_sort(
      Found.begin(), Found.end(), [](const Candidate &A, const Candidate &C) {
        if (A.Score != C.Score)
          return A.Score > C.Score;
        if (std::abs(A.Distance - 2) != std::abs(C.Distance - 2))
          return std::abs(A.Distance - 2) < std::abs(C.Distance - 2);
        return A.Distance < C.Distance;
      });
  SquareSet Taken = B.emptySet();
  unsigned Shown = 0;
  for (const Candidate &C : Found) {
    if (Out.Squares.size() == MaxExampleHurdles)
      break;
    if ((C.Footprint & Taken).count())
      continue;
    Position Q = Out.P;
    Q.place(C.Square, C.Side, ProbeType);
    auto M = MarksOn(Q);
    if (!M) { // all or none: a picture with some lines' hurdles misleads
      Out.P = P;
      Out.Squares.clear();
      return Out;
    }
    unsigned More = Added(*M, *Empty, Q);
    if (More <= Shown)
      continue; // the hurdles before it hide what it would show
    Out.P = std::move(Q);
    Out.Squares.push_back(C.Square);
    Taken |= C.Footprint;
    Shown = More;
  }
  std::sort(Out.Squares.begin(), Out.Squares.end());
  return Out;
}
