//===- ParlettWriter.cpp - A moveset written in Parlett -------------------===//
//
// --emit=parlett: the moveset in Parlett's notation
// (docs/notations/parlett.md), for the movesets it can say. The path
// decomposition is the one --emit=betza and --emit=fairy use
// (PathShapes.cpp); each path must be
//
//   a step or slide of unit steps   1+, n*, 1-3x>   (blocked on the way)
//   a lame leap along a line        2>              (nD: exactly 2 steps)
//   a leap along a line or oblique  ~2+, ~1/2>      (jumping)
//   an unlimited rider of a leap    ~2+&, ~1/2&
//
// with an optional prefix i (initial), o (move only) or c (capture only).
// Paths of the same kind are grouped and their images covered by Parlett's
// directions, largest first; images no direction selects (a lone right
// step, one diagonal, fN's two forward knight leaps) are refused.
//
//===----------------------------------------------------------------------===//
#include "fairy/Notation/ParlettWriter.h"

#include "PathShapes.h"

#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

using namespace fairy;
using namespace fairy::shapes;

namespace {

/// Parlett's directions as image sets of a line move of length 1, from
/// the largest: the order in which they are tried.
struct Direction {
  const char *Text;
  std::set<Vec> Images;
};

const std::vector<Direction> &parlettDirections() {
  static const std::vector<Direction> All = {
      {"*",
       {Vec(0, 1), Vec(0, -1), Vec(1, 0), Vec(-1, 0), Vec(1, 1), Vec(1, -1),
        Vec(-1, 1), Vec(-1, -1)}},
      {"+", {Vec(0, 1), Vec(0, -1), Vec(1, 0), Vec(-1, 0)}},
      {"x", {Vec(1, 1), Vec(1, -1), Vec(-1, 1), Vec(-1, -1)}},
      {">=", {Vec(0, 1), Vec(1, 0), Vec(-1, 0)}},
      {"<=", {Vec(0, -1), Vec(1, 0), Vec(-1, 0)}},
      {"<>", {Vec(0, 1), Vec(0, -1)}},
      {"=", {Vec(1, 0), Vec(-1, 0)}},
      {"x>", {Vec(1, 1), Vec(-1, 1)}},
      {"x<", {Vec(1, -1), Vec(-1, -1)}},
      {">", {Vec(0, 1)}},
      {"<", {Vec(0, -1)}},
  };
  return All;
}

/// What a group of paths has in common; its images are the rest.
struct Kind {
  Shape S;
  int Range;
  uint8_t Final;
  bool Initial;
  /// The leap (Short, Long), 0 <= Short < Long; Short is -1 along a
  /// line, orthogonal or diagonal, which share one distance (a king's 8
  /// images are one group, 1*).
  int Long, Short;
  bool operator<(const Kind &O) const {
    return std::tie(S, Range, Final, Initial, Long, Short) <
           std::tie(O.S, O.Range, O.Final, O.Initial, O.Long, O.Short);
  }
  bool line() const { return Short < 0; }
};

/// The distance and the marks around it, without the direction.
std::optional<std::string> distance(const Kind &K, std::string &Why) {
  std::string L = std::to_string(K.Long), S = std::to_string(K.Short);
  std::string Leap = K.line() ? "~" + L : "~" + S + "/" + L;
  if (K.S == Shape::Leap)
    return K.line() && K.Long == 1 ? std::string("1") : Leap;
  if (K.S == Shape::Rider && K.line() && K.Long == 1) {
    if (K.Range == 0)
      return std::string("n");
    return K.Range == 1 ? std::string("1") : "1-" + std::to_string(K.Range);
  }
  if (K.S == Shape::Rider && K.Range == 0)
    return Leap; // '&' follows the direction
  if (K.S == Shape::Lame && K.line())
    return L; // blocked unit steps along the line: a pawn's double step
  if (K.S == Shape::Rider)
    Why = "a rider of a leap longer than one step with a limited range "
          "(Parlett's '&' repeats a leap without limit)";
  else if (K.S == Shape::Lame)
    Why = "a lame leap (Parlett's chains choose each step's direction "
          "anew, so they cannot say Fairy-Stockfish's one path)";
  else
    Why = "a hopper (Parlett has no hoppers)";
  return std::nullopt;
}

/// The directions that cover \p Images of an oblique leap: all eight (no
/// direction), the forward four (>) or the backward four (<).
std::optional<std::vector<std::string>>
obliqueDirections(const std::set<Vec> &Images, std::string &Why) {
  std::set<Vec> Forward, Back;
  for (Vec V : Images)
    (V.y > 0 ? Forward : Back).insert(V);
  if (Forward.size() == 4 && Back.size() == 4)
    return std::vector<std::string>{""};
  std::vector<std::string> Out;
  for (auto [Half, Text] :
       {std::make_pair(&Forward, ">"), std::make_pair(&Back, "<")}) {
    if (Half->empty())
      continue;
    if (Half->size() != 4) {
      Why = "an oblique leap in " + std::to_string(Half->size()) +
            " of its directions toward one side (Parlett selects all "
            "eight, the four forward or the four backward)";
      return std::nullopt;
    }
    Out.push_back(Text);
  }
  return Out;
}

/// The directions that cover \p Images of a line move of length \p Long.
std::optional<std::vector<std::string>>
lineDirections(const std::set<Vec> &Images, int Long, std::string &Why) {
  std::set<Vec> Left;
  for (Vec V : Images)
    Left.insert(Vec(V.x / Long, V.y / Long));
  std::set<Vec> Wanted = Left;
  std::vector<std::string> Out;
  for (const Direction &D : parlettDirections()) {
    bool Inside = true, Useful = false;
    for (Vec V : D.Images) {
      Inside = Inside && Wanted.count(V);
      Useful = Useful || Left.count(V);
    }
    if (!Inside || !Useful)
      continue;
    Out.push_back(D.Text);
    for (Vec V : D.Images)
      Left.erase(V);
  }
  if (!Left.empty()) {
    Why = "a move in a direction no Parlett direction selects on its own "
          "(one side, or one diagonal)";
    return std::nullopt;
  }
  return Out;
}

} // namespace

std::optional<std::string> fairy::irToParlett(const NodeRef &IR,
                                              std::string &Why) {
  auto Decomposed = decompose(IR, Why);
  if (!Decomposed)
    return std::nullopt;
  std::map<Kind, std::set<Vec>> Groups;
  for (const Move &M : *Decomposed) {
    if (M.V.z != 0) {
      Why = "a move in three dimensions (Parlett's notation is flat)";
      return std::nullopt;
    }
    if (M.V.x == 0 && M.V.y == 0) {
      Why = "a move that stays on its square (Parlett has no null move)";
      return std::nullopt;
    }
    if (M.Final != Land::notFriend() && M.Final != Land::empty() &&
        M.Final != Land::enemy()) {
      Why = std::string("a move ending on a square that is '") +
            M.Final.name() +
            "' (Parlett's moves end empty, on an enemy, "
            "or either)";
      return std::nullopt;
    }
    int A = std::abs(M.V.x), B = std::abs(M.V.y);
    int Long = std::max(A, B), Short = std::min(A, B);
    if (Short == 0 || Short == Long)
      Short = -1;
    Kind K{M.S, M.Range, M.Final.Mask, M.Initial, Long, Short};
    Groups[K].insert(M.V);
  }
  if (Groups.empty()) {
    Why = "a piece without moves (Parlett has no empty move)";
    return std::nullopt;
  }
  std::string Out;
  for (auto &[K, Images] : Groups) {
    auto Distance = distance(K, Why);
    if (!Distance)
      return std::nullopt;
    auto Dirs = K.line() ? lineDirections(Images, K.Long, Why)
                         : obliqueDirections(Images, Why);
    if (!Dirs)
      return std::nullopt;
    std::string Prefix = std::string(K.Initial ? "i" : "") +
                         (Land(K.Final) == Land::empty()   ? "o"
                          : Land(K.Final) == Land::enemy() ? "c"
                                                           : "");
    bool Repeat = K.S == Shape::Rider && !(K.line() && K.Long == 1);
    for (const std::string &D : *Dirs)
      Out += (Out.empty() ? "" : ",") + Prefix + *Distance + D +
             (Repeat ? "&" : "");
  }
  return Out;
}
