//===- BetzaLegsWriter.cpp - Multi-leg moves written as XBetza ------------===//
//
// The inverse of lib/Notation/Betza/BetzaLegs.cpp: every path of the moves
// becomes its legs' directions (in eighths of a circle, clockwise from
// straight ahead: the king's directions for legs along king lines, the
// atom's eight images in order for oblique leaps), modes (what each leg may
// land on and whether it captures there) and whether each leg slides (an
// unlimited ride of empty steps, then the landing step). Sliding legs are
// spelled with the atom's range and the y/g toggles of the legs before. An
// XBetza group `m1 a m2 a ... ATOM` is a product: first directions x turns of
// leg 2 x ... x the modes of each leg, so paths are gathered into such products
// (merging classes that differ in one coordinate while the union stays a
// product), and each product is spelled with the direction codes the front end
// reads (relativeTurns). The caller reads the result back and compares, so a
// spelling this file gets wrong is never printed.
//
//===----------------------------------------------------------------------===//
#include "BetzaLegsWriter.h"

#include "BetzaAST.h" // direction8, relativeTurns: the front end's geometry

#include "fairy/IR/Rewrite.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

using namespace fairy;

namespace {

struct CannotWrite {
  std::string Why;
};

/// One leg as XBetza sees it.
struct LegMode {
  uint8_t Land;
  bool Capture;
  /// On the last leg: +1 it may take only a royal piece (k), -1 never one
  /// (t), 0 either.
  int8_t Royal = 0;
  bool operator<(const LegMode &O) const {
    return std::tie(Land, Capture, Royal) <
           std::tie(O.Land, O.Capture, O.Royal);
  }
  bool operator==(const LegMode &O) const {
    return Land == O.Land && Capture == O.Capture && Royal == O.Royal;
  }
};

struct LegStep {
  Vec V;
  LegMode Mode;
  /// The leg slides: empty steps of V without limit, then this one.
  bool Slide = false;
  /// A ride of empty V steps, not yet joined to the step that ends it.
  bool RideMark = false;
  /// Not a step: k (+1) or t (-1) on the step before it, the lowering of
  /// guard<royal>(seq()) or guard<!royal>(seq()) after the last leg.
  int8_t RoyalMark = 0;
};
using LegPath = std::vector<LegStep>;

constexpr size_t MaxPaths = 20000;

/// Every path of \p N as legs; only legs, unlimited rides of empty steps
/// and the nodes that combine them (seq, alt, sym) can be written.
std::vector<LegPath> legPaths(const Node &N) {
  std::vector<LegPath> Out;
  switch (N.kind()) {
  case NodeKind::Leg:
    if (N.effect() != Effect::None && N.effect() != Effect::Capture)
      throw CannotWrite{"a leg with an effect other than capture"};
    return {{{N.vec(), {N.land().Mask, N.effect() == Effect::Capture}}}};
  case NodeKind::Alt:
    for (const NodeRef &C : N.children())
      for (LegPath &P : legPaths(*C))
        Out.push_back(std::move(P));
    break;
  case NodeKind::Seq:
    Out.push_back({});
    for (const NodeRef &C : N.children()) {
      std::vector<LegPath> Next;
      std::vector<LegPath> Tails = legPaths(*C);
      for (const LegPath &Head : Out)
        for (const LegPath &Tail : Tails) {
          LegPath P = Head;
          P.insert(P.end(), Tail.begin(), Tail.end());
          Next.push_back(std::move(P));
        }
      Out = std::move(Next);
      if (Out.size() > MaxPaths)
        throw CannotWrite{"a multi-leg move with too many paths to write"};
    }
    break;
  case NodeKind::Sym:
    for (const Transform &T : N.transforms().transforms())
      for (LegPath P : legPaths(*N.children()[0])) {
        for (LegStep &S : P)
          S.V = T.apply(S.V);
        Out.push_back(std::move(P));
      }
    break;
  case NodeKind::Ride: {
    const Node &C = *N.children()[0];
    if (!C.is(NodeKind::Leg) || C.land().Mask != Land::Empty ||
        C.effect() != Effect::None || N.range() != RangeList::atLeast(0))
      throw CannotWrite{"a multi-leg move with a ride that is not an "
                        "unlimited slide over empty squares"};
    LegStep Mark{C.vec(), {Land::Empty, false}};
    Mark.RideMark = true;
    return {{Mark}};
  }
  case NodeKind::Guard:
    // XBetza's k and t on the last leg: a test of the square it reached.
    if (N.guard().K == GuardPredicate::Royal &&
        N.operand()->is(NodeKind::Seq) && N.operand()->children().empty()) {
      LegStep Mark{Vec(), {0, false}};
      Mark.RoyalMark = N.guard().Negated ? -1 : 1;
      return {{Mark}};
    }
    [[fallthrough]];
  default:
    throw CannotWrite{std::string("a multi-leg move with a ") +
                      kindName(N.kind()) +
                      " (XBetza legs are written for leaps and slides)"};
  }
  if (Out.size() > MaxPaths)
    throw CannotWrite{"a multi-leg move with too many paths to write"};
  return Out;
}

/// Joins each ride mark to the step after it, which must go the same way:
/// one sliding leg.
LegPath joinSlides(const LegPath &P) {
  LegPath Out;
  for (size_t I = 0; I < P.size(); ++I) {
    if (P[I].RoyalMark) {
      if (Out.empty() || I + 1 != P.size())
        throw CannotWrite{"a royal test that is not on the last leg"};
      Out.back().Mode.Royal = P[I].RoyalMark;
      continue;
    }
    if (!P[I].RideMark) {
      Out.push_back(P[I]);
      continue;
    }
    if (I + 1 == P.size() || P[I + 1].RideMark || !(P[I + 1].V == P[I].V))
      throw CannotWrite{"a slide that does not end with a step its way"};
    Out.push_back(P[I + 1]);
    Out.back().Slide = true;
    ++I;
  }
  return Out;
}

/// The atom of a leg of \p Size steps along a king line.
char atomFor(int Size, bool Diagonal) {
  static const char Orthogonal[] = "WDH", Diag[] = "FAG";
  if (Size < 1 || Size > 3)
    return 0;
  return Diagonal ? Diag[Size - 1] : Orthogonal[Size - 1];
}

/// The index (0..7, clockwise from (0,1)) of \p V among the king
/// directions scaled by \p Size, or -1.
int kingIndex(Vec V, int Size) {
  for (int I = 0; I < 8; ++I)
    if (betza::direction8(Vec(0, Size), I) == V)
      return I;
  return -1;
}

/// A path as first direction, later turns (-3..4) and modes.
struct Shape {
  std::vector<int> Dirs; ///< first direction, then turns
  std::vector<LegMode> Modes;
  bool operator<(const Shape &O) const {
    return std::tie(Dirs, Modes) < std::tie(O.Dirs, O.Modes);
  }
};

/// What the legs of a path are: how many, the leap (the king's step scaled
/// by Size, or an oblique atom) and which legs slide.
struct PathKind {
  size_t Legs;
  int Size;     ///< king-line steps of this size; 0 for an oblique atom
  char Oblique; ///< N, C or Z
  std::vector<bool> Slides;
  bool operator<(const PathKind &O) const {
    return std::tie(Legs, Size, Oblique, Slides) <
           std::tie(O.Legs, O.Size, O.Oblique, O.Slides);
  }
};

/// The oblique atom of leap \p V, or 0.
char obliqueAtom(Vec V) {
  int A = std::min(std::abs(V.x), std::abs(V.y));
  int B = std::max(std::abs(V.x), std::abs(V.y));
  for (char C : {'N', 'C', 'Z'})
    if (betza::leapOf(C) == Vec(A, B))
      return C;
  return 0;
}

/// A product: per coordinate (first direction, turns, then modes), the
/// values it takes.
struct Product {
  std::vector<std::set<int>> Dirs;
  std::vector<std::set<LegMode>> Modes;
  size_t size() const {
    size_t N = 1;
    for (const auto &S : Dirs)
      N *= S.size();
    for (const auto &S : Modes)
      N *= S.size();
    return N;
  }
  bool operator==(const Product &O) const {
    return Dirs == O.Dirs && Modes == O.Modes;
  }
};

/// Whether products \p A and \p B differ in at most one coordinate (then
/// their union is a product).
bool mergeable(const Product &A, const Product &B) {
  size_t Differ = 0;
  for (size_t I = 0; I < A.Dirs.size(); ++I)
    Differ += A.Dirs[I] != B.Dirs[I];
  for (size_t I = 0; I < A.Modes.size(); ++I)
    Differ += A.Modes[I] != B.Modes[I];
  return Differ <= 1;
}

Product merged(Product A, const Product &B) {
  for (size_t I = 0; I < A.Dirs.size(); ++I)
    A.Dirs[I].insert(B.Dirs[I].begin(), B.Dirs[I].end());
  for (size_t I = 0; I < A.Modes.size(); ++I)
    A.Modes[I].insert(B.Modes[I].begin(), B.Modes[I].end());
  return A;
}

/// The letters of a leg that is not the last, from the modes it allows;
/// \p Toggle: the next leg slides if this one leaps and the other way
/// round, which y (a stop on an empty square) or g (on a hurdle) says.
std::string stopLetters(const std::set<LegMode> &Modes, bool Toggle) {
  std::string Out;
  std::set<LegMode> Left = Modes;
  auto Take = [&](LegMode M, const char *Letters) {
    if (Left.erase(M))
      Out += Letters;
  };
  Take({Land::Empty, false}, Modes.size() == 1 ? "" : "m"); // m: default
  Take({Land::Enemy, true}, "c");
  Take({Land::Friend, true}, "d");
  Take({Land::Friend, false}, "x"); // an own piece (tp reads the same)
  Take({Land::Empty | Land::Friend, false}, "mx");
  Take({Land::Friend | Land::Enemy, false}, "p");
  Take({Land::Empty | Land::Friend | Land::Enemy, false}, "mp");
  if (!Left.empty())
    throw CannotWrite{"a leg that stops on squares XBetza has no letter for"};
  if (!Toggle)
    return Out;
  if (Modes.count({Land::Empty, false}) && Out.find('m') == std::string::npos)
    return "y" + Out;
  if (size_t M = Out.find('m'); M != std::string::npos)
    return Out.replace(M, 1, "y");
  if (size_t P = Out.find('p'); P != std::string::npos)
    return Out.replace(P, 1, "g");
  throw CannotWrite{"a leg between a leap and a slide that stops neither on "
                    "an empty square (y) nor on a hurdle (g)"};
}

std::string plainLastLetters(const std::set<LegMode> &Modes);

/// The letters of the last leg: its landings, and k (only a royal piece
/// may be taken) or t (never one).
std::string lastLetters(const std::set<LegMode> &Modes) {
  std::set<LegMode> Plain, Royal, Tame;
  for (LegMode M : Modes) {
    int8_t R = M.Royal;
    M.Royal = 0;
    (R > 0 ? Royal : R < 0 ? Tame : Plain).insert(M);
  }
  if (!Tame.empty() && (!Plain.empty() || !Royal.empty()))
    throw CannotWrite{"a last leg that may and may not take a royal piece"};
  if (!Tame.empty())
    return plainLastLetters(Tame) + "t";
  if (Royal.empty())
    return plainLastLetters(Plain);
  if (Royal != std::set<LegMode>{{Land::Enemy, false}})
    throw CannotWrite{"a royal capture that lands on other squares"};
  if (Plain.empty())
    return "k";
  if (Plain == std::set<LegMode>{{Land::Empty, false}})
    return "mk";
  throw CannotWrite{"a last leg that takes a royal piece and lands on "
                    "other squares than empty ones"};
}

/// The letters of the last leg's landings.
std::string plainLastLetters(const std::set<LegMode> &Modes) {
  uint8_t Mask = 0;
  for (const LegMode &M : Modes)
    Mask |= M.Land;
  if (Mask == Land::Empty)
    return "m";
  if (Mask == Land::Enemy)
    return "c";
  if (Mask == (Land::Empty | Land::Enemy))
    return ""; // the default of a last leg
  switch (Mask) {
  case Land::Friend:
    return "d";
  case Land::Empty | Land::Friend:
    return "md";
  case Land::Enemy | Land::Friend:
    return "cd";
  case Land::Empty | Land::Enemy | Land::Friend:
    return "mcd";
  }
  throw CannotWrite{"a last leg that lands nowhere"};
}

/// Turn codes as the front end reads them (relativeTurns), with their
/// spelling, largest first so that few are needed.
struct TurnCode {
  const char *Letters;
  std::vector<int> Turns;
};
const TurnCode TurnCodes[] = {
    {"fh", {-1, 0, 1}},   {"bh", {-3, 3, 4}}, {"rh", {1, 2, 3}},
    {"lh", {-3, -2, -1}}, {"fs", {-1, 1}},    {"bs", {-3, 3}},
    {"s", {-2, 2}},       {"v", {0, 4}},      {"fr", {1}},
    {"fl", {-1}},         {"br", {3}},        {"bl", {-3}},
    {"f", {0}},           {"b", {4}},         {"r", {2}},
    {"l", {-2}}};

/// The first leg's direction letters: those of a one-leg group of its
/// atom (4-way and oblique atoms), or none for all eight directions of K.
std::string spellFirst(const std::set<int> &Dirs, bool EightWay, int Size,
                       char Oblique) {
  if (Oblique) {
    std::set<Vec> Images;
    for (int D : Dirs)
      Images.insert(betza::direction8(betza::directionBase(Oblique), D));
    auto Letters = directionLetters(betza::leapOf(Oblique), Images);
    if (!Letters)
      throw CannotWrite{"no direction letters select the first legs of a "
                        "multi-leg move"};
    return *Letters;
  }
  if (EightWay) {
    if (Dirs.size() != 8)
      throw CannotWrite{"a multi-leg move that starts in some of the king's "
                        "directions only"};
    return "";
  }
  std::set<Vec> Images;
  for (int D : Dirs)
    Images.insert(betza::direction8(Vec(0, Size), D));
  bool Diagonal = *Dirs.begin() % 2;
  auto Letters = directionLetters(Vec(Diagonal ? Size : 0, Size), Images);
  if (!Letters)
    throw CannotWrite{"no direction letters select the first legs of a "
                      "multi-leg move"};
  return *Letters;
}

/// One XBetza group for the paths of product \p P, all of kind \p Kind.
std::string spellProduct(const PathKind &Kind, const Product &P) {
  bool Slides = Kind.Slides[0];
  std::string Atom;
  bool EightWay = true;
  if (Kind.Oblique) {
    Atom = std::string(1, Kind.Oblique) + (Slides ? "0" : "");
  } else {
    // A 4-way atom's first leg: orthogonal or diagonal; both is K.
    std::set<int> Parity;
    for (int D : P.Dirs[0])
      Parity.insert(D % 2);
    EightWay = Parity.size() == 2;
    if (EightWay && Kind.Size != 1)
      throw CannotWrite{"a multi-leg move that starts both orthogonally "
                        "and diagonally with steps longer than one"};
    char A = EightWay ? 'K' : atomFor(Kind.Size, *Parity.begin());
    if (!A)
      throw CannotWrite{"a multi-leg move with legs of more than three "
                        "steps"};
    Atom = std::string(1, A);
    if (Slides && Kind.Size == 1)
      Atom = EightWay ? "Q" : A == 'W' ? "R" : "B";
    else if (Slides)
      Atom += "0";
  }
  std::string G = stopLetters(P.Modes[0], Kind.Slides[1] != Kind.Slides[0]) +
                  spellFirst(P.Dirs[0], EightWay, Kind.Size, Kind.Oblique);
  for (size_t L = 1; L < P.Dirs.size(); ++L) {
    bool Last = L + 1 == P.Dirs.size();
    G +=
        "a" +
        (Last ? lastLetters(P.Modes[L])
              : stopLetters(P.Modes[L], Kind.Slides[L + 1] != Kind.Slides[L])) +
        spellTurns(P.Dirs[L], EightWay);
  }
  return G + Atom;
}

} // namespace

int fairy::directionIndexOf(char Atom, Vec V) {
  for (int I = 0; I < 8; ++I)
    if (betza::direction8(betza::directionBase(Atom), I) == V)
      return I;
  return -1;
}

std::string fairy::spellTurns(const std::set<int> &Turns, bool EightWay) {
  if (Turns == (EightWay ? std::set<int>{-3, -2, -1, 0, 1, 2, 3}
                         : std::set<int>{-2, 0, 2}))
    return "";
  std::set<int> Covered;
  std::string Out;
  for (const TurnCode &C : TurnCodes) {
    bool Inside = std::all_of(C.Turns.begin(), C.Turns.end(),
                              [&](int T) { return Turns.count(T); });
    bool Adds = std::any_of(C.Turns.begin(), C.Turns.end(),
                            [&](int T) { return !Covered.count(T); });
    if (Inside && Adds) {
      Out += C.Letters;
      Covered.insert(C.Turns.begin(), C.Turns.end());
    }
  }
  return Out;
}

std::optional<std::string>
fairy::multiLegToBetza(const std::vector<NodeRef> &Moves, std::string &Why) {
  try {
    // Paths, as shapes, by kind.
    std::map<PathKind, std::set<Shape>> ByKind;
    for (const NodeRef &M : Moves)
      for (const LegPath &Raw : legPaths(*M)) {
        LegPath P = joinSlides(Raw);
        if (P.size() < 2)
          throw CannotWrite{"a one-leg move that is not a Betza shape"};
        PathKind K{P.size(), 0, obliqueAtom(P[0].V), {}};
        if (!K.Oblique)
          K.Size = std::max(std::abs(P[0].V.x), std::abs(P[0].V.y));
        Shape S;
        int Prev = -1;
        for (const LegStep &L : P) {
          int I = K.Oblique ? directionIndexOf(K.Oblique, L.V)
                            : kingIndex(L.V, K.Size);
          if (I < 0 || L.V.z)
            throw CannotWrite{"a multi-leg move whose legs are not all "
                              "the same leap (steps of one size along king "
                              "lines, or one oblique atom)"};
          S.Dirs.push_back(Prev < 0 ? I : ((I - Prev + 8 + 3) % 8) - 3);
          S.Modes.push_back(L.Mode);
          K.Slides.push_back(L.Slide);
          Prev = I;
        }
        ByKind[K].insert(S);
      }
    std::string Out;
    for (auto &[Kind, Shapes] : ByKind) {
      // Every path a product of one point, then merge while products stay.
      std::vector<Product> Ps;
      for (const Shape &S : Shapes) {
        Product P;
        for (int D : S.Dirs)
          P.Dirs.push_back({D});
        for (const LegMode &M : S.Modes)
          P.Modes.push_back({M});
        Ps.push_back(std::move(P));
      }
      for (bool Changed = true; Changed;) {
        Changed = false;
        for (size_t I = 0; I < Ps.size() && !Changed; ++I)
          for (size_t J = I + 1; J < Ps.size() && !Changed; ++J)
            if (mergeable(Ps[I], Ps[J])) {
              Ps[I] = merged(Ps[I], Ps[J]);
              Ps.erase(Ps.begin() + J);
              Changed = true;
            }
      }
      for (const Product &P : Ps)
        Out += spellProduct(Kind, P);
    }
    return Out;
  } catch (CannotWrite &C) {
    Why = C.Why;
    return std::nullopt;
  }
}
