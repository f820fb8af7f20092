//===- BetzaWriter.cpp - A moveset written back in Betza ------------------===//
//
// --emit=betza: the moveset as a Betza string that Fairy-Stockfish reads the
// same way. The IR is taken apart into one path per symmetry image; each
// path must be one of the shapes the Betza front end makes (a leap, a
// rider, a lame leap, a hopper, a grasshopper, optionally initial); paths of
// the same shape, leap, range and landing condition form one group, and the
// direction letters that select exactly its images are searched among the
// codes Fairy-Stockfish recognises (lib/Frontend/Betza/BetzaLowering.cpp's
// selectImages, the same function the front end uses).
//
//===----------------------------------------------------------------------===//
#include "fairy/Backend/BetzaWriter.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"

#include "BetzaAST.h" // selectImages, shared with the Betza front end

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

using namespace fairy;

namespace {

struct CannotWrite {
  std::string Why;
};

enum class Shape { Leap, Rider, Lame, Hop, Grasshop };

/// One path of the moveset, classified.
struct Move {
  Shape S = Shape::Leap;
  Vec V;         ///< the leap (the whole displacement for a lame leap)
  int Range = 1; ///< riders: steps, 0 for no limit
  Land Final;
  bool Initial = false;
};

bool isLeg(const Node &N, Vec V, Land L) {
  return N.is(NodeKind::Leg) && N.vec() == V && N.land() == L &&
         N.effect() == Effect::None;
}

/// ride<0..k-1>(leg(V; empty)) or ride<0..>(...): the steps before the last.
bool isSlide(const Node &N, Vec V, int &Range) {
  if (!N.is(NodeKind::Ride) || !isLeg(*N.operand(), V, Land::empty()))
    return false;
  const RangeList &R = N.range();
  if (R.intervals().size() != 1 || R.min() != 0)
    return false;
  if (R.isUnbounded()) {
    Range = 0;
    return true;
  }
  Range = R.intervals()[0].Hi + 1;
  return true;
}

/// The parts of a path in order, with nested seqs flattened and ride<k>
/// of a single count written out (the passes fold two equal legs into
/// ride<2>).
void flatten(const NodeRef &N, std::vector<NodeRef> &Out) {
  if (N->is(NodeKind::Seq)) {
    for (const NodeRef &C : N->children())
      flatten(C, Out);
    return;
  }
  if (N->is(NodeKind::Ride) || N->is(NodeKind::Rep))
    if (auto K = N->range().single()) {
      for (int I = 0; I < *K; ++I)
        flatten(N->operand(), Out);
      return;
    }
  Out.push_back(N);
}

Move classify(const NodeRef &Path, bool Initial) {
  Move M;
  M.Initial = Initial;
  std::vector<NodeRef> C;
  flatten(Path, C);
  if (C.empty())
    throw CannotWrite{"the empty move"};
  const Node &N = C.size() == 1 ? *C[0] : *Path;
  if (C.size() == 1 && N.is(NodeKind::Leg) && N.effect() == Effect::None) {
    M.V = N.vec();
    M.Final = N.land();
    return M;
  }
  if (C.size() == 1)
    throw CannotWrite{"'" + printNodeHeader(N) +
                      "' is not a move Betza can write"};
  const Node &Last = *C.back();
  if (!Last.is(NodeKind::Leg) || Last.effect() != Effect::None)
    throw CannotWrite{"a move that does not end with a plain landing"};
  Vec V = Last.vec();
  M.Final = Last.land();
  int Range;
  if (C.size() == 2 && isSlide(*C[0], V, Range)) {
    M.S = Shape::Rider;
    M.V = V;
    M.Range = Range;
    return M;
  }
  if (C.size() == 4 && isSlide(*C[0], V, Range) && Range == 0 &&
      isLeg(*C[1], V, Land::occupied()) && isSlide(*C[2], V, Range) &&
      Range == 0) {
    M.S = Shape::Hop;
    M.V = V;
    return M;
  }
  if (C.size() == 3 && isSlide(*C[0], V, Range) && Range == 0 &&
      isLeg(*C[1], V, Land::occupied())) {
    M.S = Shape::Grasshop;
    M.V = V;
    return M;
  }
  // A lame leap: Fairy-Stockfish's unit steps over empty squares.
  Vec Sum;
  for (const NodeRef &L : C) {
    if (!L->is(NodeKind::Leg) || L->effect() != Effect::None)
      throw CannotWrite{"a multi-leg move of a shape Betza has no letter for "
                        "(XBetza 'a' is not written yet)"};
    Sum = Sum + L->vec();
  }
  std::vector<Vec> Steps = betza::lameSteps(Sum);
  bool Lame = Steps.size() == C.size();
  for (size_t I = 0; Lame && I < C.size(); ++I)
    Lame = C[I]->vec() == Steps[I] &&
           (I + 1 == C.size() || C[I]->land() == Land::empty());
  if (!Lame)
    throw CannotWrite{"a multi-leg move of a shape Betza has no letter for "
                      "(XBetza 'a' is not written yet)"};
  M.S = Shape::Lame;
  M.V = Sum;
  return M;
}

/// Whether some leg of \p N satisfies \p P. In the shapes Betza writes
/// every leg inside a path is made (a slide's legs equal its last one).
bool someLeg(const Node &N, const AxisPredicate &P) {
  if (N.is(NodeKind::Leg))
    return P.holds(N.vec());
  for (const NodeRef &C : N.children())
    if (someLeg(*C, P))
      return true;
  return false;
}

/// The paths of \p N, one per symmetry image, with their initial flag.
void paths(const NodeRef &N, bool Initial,
           std::vector<std::pair<NodeRef, bool>> &Out) {
  switch (N->kind()) {
  case NodeKind::Alt:
    for (const NodeRef &C : N->children())
      paths(C, Initial, Out);
    return;
  case NodeKind::Sym:
    for (const Transform &T : N->transforms().transforms()) {
      if (!T.fixesZ())
        throw CannotWrite{"Betza has no moves between levels of a 3D board"};
      paths(transformed(N->operand(), T), Initial, Out);
    }
    return;
  case NodeKind::Guard:
    if (N->guard().K != GuardPredicate::Initial || N->guard().Negated ||
        Initial)
      throw CannotWrite{"a guard other than 'initial' (Betza's 'i')"};
    paths(N->operand(), true, Out);
    return;
  case NodeKind::Filter: {
    // Filters select whole images; Betza selects them with letters.
    std::vector<std::pair<NodeRef, bool>> Inner;
    paths(N->operand(), Initial, Inner);
    for (auto &P : Inner)
      if (someLeg(*P.first, N->predicate()))
        Out.push_back(std::move(P));
    return;
  }
  default:
    Out.push_back({N, Initial});
  }
}

void collect(const NodeRef &N, std::vector<Move> &Out) {
  std::vector<std::pair<NodeRef, bool>> Ps;
  paths(N, false, Ps);
  for (const auto &[Path, Initial] : Ps)
    Out.push_back(classify(Path, Initial));
}

/// The atom letter of leap \p V, or 0.
char atomOf(Vec V) {
  int A = std::min(std::abs(V.x), std::abs(V.y));
  int B = std::max(std::abs(V.x), std::abs(V.y));
  if (V.z)
    return 0;
  static const struct {
    int A, B;
    char Letter;
  } Atoms[] = {{0, 1, 'W'}, {1, 1, 'F'}, {0, 2, 'D'}, {1, 2, 'N'}, {2, 2, 'A'},
               {0, 3, 'H'}, {1, 3, 'C'}, {2, 3, 'Z'}, {3, 3, 'G'}};
  for (const auto &At : Atoms)
    if (At.A == A && At.B == B)
      return At.Letter;
  return 0;
}

/// Direction letters selecting exactly \p Images of \p Atom, or nullopt.
std::optional<std::vector<std::string>> directionsFor(Vec Atom, bool Split,
                                                      std::set<Vec> Images) {
  std::vector<Vec> All = betza::selectImages(Atom, {}, Split);
  if (Images == std::set<Vec>(All.begin(), All.end()))
    return std::vector<std::string>();
  static const char *Codes[] = {"ff", "bb", "rr", "ll", "vv", "ss", "fr", "rf",
                                "fl", "lf", "br", "rb", "bl", "lb", "fs", "bs",
                                "rv", "lv", "fh", "bh", "rh", "lh", "hr", "hl"};
  // The codes that select only wanted images; then the smallest union.
  std::vector<std::pair<std::string, std::set<Vec>>> Useful;
  for (const char *C : Codes) {
    if (Split && C[0] != C[1])
      continue; // a lone orthogonal atom reads pairs letter by letter
    if ((std::string(C) == "hr" || std::string(C) == "hl") &&
        (Atom.x == 0 || Atom.x == Atom.y))
      continue;
    std::vector<Vec> Sel = betza::selectImages(Atom, {C}, Split);
    std::set<Vec> S(Sel.begin(), Sel.end());
    if (!S.empty() &&
        std::includes(Images.begin(), Images.end(), S.begin(), S.end()))
      Useful.push_back({C, S});
  }
  size_t N = Useful.size();
  for (size_t K = 1; K <= std::min<size_t>(N, 4); ++K) {
    std::vector<size_t> Pick(K);
    for (size_t I = 0; I < K; ++I)
      Pick[I] = I;
    while (true) {
      std::set<Vec> U;
      for (size_t I : Pick)
        U.insert(Useful[I].second.begin(), Useful[I].second.end());
      if (U == Images) {
        std::vector<std::string> Out;
        for (size_t I : Pick)
          Out.push_back(Useful[I].first);
        return Out;
      }
      // Next combination.
      int J = K - 1;
      while (J >= 0 && Pick[J] == N - K + J)
        --J;
      if (J < 0)
        break;
      ++Pick[J];
      for (size_t I = J + 1; I < K; ++I)
        Pick[I] = Pick[I - 1] + 1;
    }
  }
  return std::nullopt;
}

bool isVertical(char C) { return std::strchr("fbvh", C) != nullptr; }
bool isHorizontal(char C) { return std::strchr("rlsh", C) != nullptr; }

/// The letters of \p Codes such that Fairy-Stockfish pairs them back into
/// the same codes: a lone letter is written doubled when the next letter
/// would otherwise pair with it.
std::string spell(const std::vector<std::string> &Codes, bool Split) {
  std::string Out;
  if (Split) { // a lone orthogonal atom reads its letters one by one
    for (const std::string &C : Codes)
      Out += C[0];
    return Out;
  }
  for (size_t I = 0; I < Codes.size(); ++I) {
    const std::string &C = Codes[I];
    if (C[0] != C[1]) {
      Out += C;
      continue;
    }
    char Next = I + 1 < Codes.size() ? Codes[I + 1][0] : 0;
    bool WouldPair =
        Next && (Next == C[0] || (isVertical(C[0]) && isHorizontal(Next)) ||
                 (isHorizontal(C[0]) && isVertical(Next)));
    Out += WouldPair ? C : std::string(1, C[0]);
  }
  return Out;
}

} // namespace

std::optional<std::string> fairy::irToBetza(const NodeRef &IR,
                                            std::string &Why) {
  std::vector<Move> Moves;
  try {
    collect(IR, Moves);
  } catch (CannotWrite &C) {
    Why = C.Why;
    return std::nullopt;
  }
  // Group by everything but the image, in a stable order.
  struct Key {
    Shape S;
    char Atom;
    int Range;
    uint8_t Final;
    bool Initial;
    bool operator<(const Key &O) const {
      return std::tie(Initial, S, Atom, Range, Final) <
             std::tie(O.Initial, O.S, O.Atom, O.Range, O.Final);
    }
  };
  std::map<Key, std::set<Vec>> Groups;
  for (const Move &M : Moves) {
    char A = atomOf(M.V);
    if (!A) {
      Why = "the leap (" + std::to_string(M.V.x) + "," + std::to_string(M.V.y) +
            (M.V.z ? "," + std::to_string(M.V.z) : std::string()) +
            ") has no Betza atom";
      return std::nullopt;
    }
    if (M.S == Shape::Lame && !std::strchr("NADZ", A)) {
      Why = "a lame leap along " + std::string(1, A) +
            ", which Fairy-Stockfish cannot block";
      return std::nullopt;
    }
    if ((M.S == Shape::Hop || M.S == Shape::Grasshop) &&
        !std::strchr("WF", A)) {
      Why = "a hopper along " + std::string(1, A) +
            "; Betza hoppers go along rook and bishop lines";
      return std::nullopt;
    }
    if (M.Range > 9) {
      Why = "a rider of " + std::to_string(M.Range) +
            " steps; Betza ranges go up to 9";
      return std::nullopt;
    }
    if (M.Final != Land::empty() && M.Final != Land::enemy() &&
        M.Final != Land::notFriend()) {
      Why = std::string("a landing condition '") + M.Final.name() +
            "' (Betza lands on empty squares, enemies or either)";
      return std::nullopt;
    }
    if (M.Initial && M.Final != Land::empty()) {
      Why = "an initial move that may capture (Fairy-Stockfish's initial "
            "moves are quiet)";
      return std::nullopt;
    }
    Groups[{M.S, A, M.Range, M.Final.Mask, M.Initial}].insert(M.V);
  }
  std::string Out;
  for (const auto &[K, Images] : Groups) {
    Vec Leap;
    for (Vec V : Images)
      Leap = Vec(std::min(std::abs(V.x), std::abs(V.y)),
                 std::max(std::abs(V.x), std::abs(V.y)));
    bool Split = Leap.x == 0;
    auto Dirs = directionsFor(Leap, Split, Images);
    if (!Dirs) {
      Why = std::string("no Betza direction letters select exactly these ") +
            std::to_string(Images.size()) + " images of " + K.Atom;
      return std::nullopt;
    }
    std::string G;
    if (K.Initial)
      G += "i";
    G += spell(*Dirs, Split);
    if (Land(K.Final) == Land::empty())
      G += "m";
    else if (Land(K.Final) == Land::enemy())
      G += "c";
    if (K.S == Shape::Lame)
      G += "n";
    if (K.S == Shape::Hop)
      G += "p";
    if (K.S == Shape::Grasshop)
      G += "g";
    bool Line = K.S == Shape::Hop || K.S == Shape::Grasshop ||
                (K.S == Shape::Rider && K.Range == 0);
    if (Line && K.Atom == 'W')
      G += "R";
    else if (Line && K.Atom == 'F')
      G += "B";
    else {
      G += K.Atom;
      if (K.S == Shape::Rider)
        G += std::to_string(K.Range);
    }
    Out += G;
  }
  return Out;
}
