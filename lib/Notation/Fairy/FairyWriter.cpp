//===- FairyWriter.cpp - A moveset written in fairy-notation
//---------------===//
//
// --emit=fairy: the moveset as fairy-notation, for the movesets that
// notation can say: every move may end on an empty or enemy square (it has
// no move-only or capture-only moves, no initial moves, no hoppers), and
// each path is a leap `[x,y]`, a rider `[x,y]{1..k}` or a lame leap, whose
// unit steps are a product `[0,1].[1,1]` (its middle squares must be
// empty, as fairy-notation requires). Images are covered greedily by the
// largest mirror whose images are all wanted: `*`, `+`, `|`, `-`, `/`.
//
//===----------------------------------------------------------------------===//
#include "fairy/Notation/FairyWriter.h"

#include "PathShapes.h"

#include <algorithm>
#include <map>
#include <set>

using namespace fairy;
using namespace fairy::shapes;

namespace {

std::string atom(Vec V) {
  return "[" + std::to_string(V.x) + "," + std::to_string(V.y) +
         (V.z ? "," + std::to_string(V.z) : std::string()) + "]";
}

/// The term for one image \p V of a group.
std::string term(Shape S, Vec V, int Range) {
  if (S == Shape::Leap)
    return atom(V);
  if (S == Shape::Rider)
    return atom(V) +
           (Range == 0 ? "{1..}" : "{1.." + std::to_string(Range) + "}");
  std::string P; // a lame leap: the product of its steps
  for (Vec Step : lameSteps(V))
    P += (P.empty() ? "" : ".") + atom(Step);
  return "(" + P + ")";
}

} // namespace

std::optional<std::string> fairy::irToFairy(const NodeRef &IR,
                                            std::string &Why) {
  auto Decomposed = decompose(IR, Why);
  if (!Decomposed)
    return std::nullopt;
  const std::vector<Move> &Moves = *Decomposed;
  std::map<std::pair<Shape, int>, std::set<Vec>> Groups;
  for (const Move &M : Moves) {
    if (M.Initial) {
      Why = "an initial move (fairy-notation has no initial moves)";
      return std::nullopt;
    }
    if (M.Final != Land::notFriend()) {
      Why = "a move that only moves or only captures (every fairy-notation "
            "move may end on an empty or an enemy square)";
      return std::nullopt;
    }
    if (M.S == Shape::Hop || M.S == Shape::Grasshop) {
      Why = "a hopper (fairy-notation cannot ask for an occupied square)";
      return std::nullopt;
    }
    Groups[{M.S, M.Range}].insert(M.V);
  }
  if (Groups.empty()) {
    Why = "a piece without moves (fairy-notation has no empty moveset)";
    return std::nullopt;
  }
  static const struct {
    const char *Suffix, *Set;
  } Mirrors[] = {{"*", "d4"}, {"+", "lrfb"}, {"|", "lr"},
                 {"-", "fb"}, {"/", "swap"}, {"", "id"}};
  std::string Out;
  for (auto &[Key, Images] : Groups) {
    std::set<Vec> Left = Images;
    while (!Left.empty()) {
      // The image furthest forward, then right: [1,2] rather than [-2,-1].
      Vec Base = *std::max_element(Left.begin(), Left.end(), [](Vec A, Vec B) {
        return std::make_pair(A.y, A.x) < std::make_pair(B.y, B.x);
      });
      // The mirror that covers most wanted images, the plainest on a tie.
      const char *Suffix = "";
      std::set<Vec> Best = {Base};
      for (const auto &M : Mirrors) {
        std::set<Vec> Orbit;
        TransformSet Set = *TransformSet::named(M.Set);
        for (const Transform &T : Set.transforms())
          Orbit.insert(T.apply(Base));
        bool Wanted = true;
        for (Vec V : Orbit)
          Wanted = Wanted && Images.count(V);
        if (Wanted && Orbit.size() >= Best.size()) {
          Best = Orbit;
          Suffix = M.Suffix;
        }
      }
      Out +=
          (Out.empty() ? "" : ",") + term(Key.first, Base, Key.second) + Suffix;
      for (Vec V : Best)
        Left.erase(V);
    }
  }
  return Out;
}
