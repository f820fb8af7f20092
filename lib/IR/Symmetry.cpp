//===- Symmetry.cpp - Signed axis permutations and named groups -----------===//
#include "fairy/IR/Symmetry.h"

#include <algorithm>
#include <map>

using namespace fairy;

std::string Vec::str() const {
  std::string S = std::to_string(x) + "," + std::to_string(y);
  if (z != 0)
    S += "," + std::to_string(z);
  return S;
}

Transform Transform::rotate180() {
  Transform T;
  T.Sign = {-1, -1, 1};
  return T;
}

Transform Transform::compose(const Transform &Inner) const {
  // (this o Inner)(v)[i] = Sign[i] * Inner(v)[Perm[i]]
  //                      = Sign[i] * Inner.Sign[Perm[i]] *
  //                      v[Inner.Perm[Perm[i]]]
  Transform R;
  for (unsigned I = 0; I < 3; ++I) {
    R.Perm[I] = Inner.Perm[Perm[I]];
    R.Sign[I] = Sign[I] * Inner.Sign[Perm[I]];
  }
  return R;
}

Transform Transform::inverse() const {
  // v = T(u): v[i] = Sign[i] u[Perm[i]]  =>  u[Perm[i]] = Sign[i] v[i].
  Transform R;
  for (unsigned I = 0; I < 3; ++I) {
    R.Perm[Perm[I]] = I;
    R.Sign[Perm[I]] = Sign[I];
  }
  return R;
}

std::string Transform::str(bool With3D) const {
  static const char Axes[] = {'x', 'y', 'z'};
  std::string S = "[";
  for (unsigned I = 0; I < (With3D ? 3u : 2u); ++I) {
    if (I)
      S += ",";
    if (Sign[I] < 0)
      S += "-";
    S += Axes[Perm[I]];
  }
  return S + "]";
}

TransformSet::TransformSet(std::vector<Transform> In) : Ts(std::move(In)) {
  std::sort(Ts.begin(), Ts.end());
  Ts.erase(std::unique(Ts.begin(), Ts.end()), Ts.end());
}

bool TransformSet::fixesZ() const {
  return std::all_of(Ts.begin(), Ts.end(),
                     [](const Transform &T) { return T.fixesZ(); });
}

static Transform signs(int SX, int SY, int SZ = 1) {
  Transform T;
  T.Sign = {(signed char)SX, (signed char)SY, (signed char)SZ};
  return T;
}

static Transform swapXY() {
  Transform T;
  T.Perm = {1, 0, 2};
  return T;
}

/// All signed permutations; with \p Only2D, those that fix z.
static std::vector<Transform> allSignedPerms(bool Only2D) {
  std::vector<Transform> Out;
  std::array<unsigned char, 3> P = {0, 1, 2};
  do {
    for (int M = 0; M < 8; ++M) {
      Transform T;
      T.Perm = P;
      for (int I = 0; I < 3; ++I)
        T.Sign[I] = (M >> I) & 1 ? -1 : 1;
      if (!Only2D || T.fixesZ())
        Out.push_back(T);
    }
  } while (std::next_permutation(P.begin(), P.end()));
  return Out;
}

static const std::map<std::string, TransformSet> &namedSets() {
  static const std::map<std::string, TransformSet> Sets = [] {
    std::map<std::string, TransformSet> M;
    Transform Id;
    M["id"] = TransformSet({Id});
    M["lr"] = TransformSet({Id, signs(-1, 1)});
    M["fb"] = TransformSet({Id, signs(1, -1)});
    M["rot180"] = TransformSet({Id, signs(-1, -1)});
    M["lrfb"] = TransformSet({Id, signs(-1, 1), signs(1, -1), signs(-1, -1)});
    M["swap"] = TransformSet({Id, swapXY()});
    // The four rotations: (x, y) -> (-y, x) is a quarter turn to the left.
    Transform Quarter;
    Quarter.Perm = {1, 0, 2};
    Quarter.Sign = {-1, 1, 1};
    M["c4"] = TransformSet({Id, Quarter, signs(-1, -1), Quarter.inverse()});
    M["d4"] = TransformSet(allSignedPerms(/*Only2D=*/true));
    M["ud"] = TransformSet({Id, signs(1, 1, -1)});
    std::vector<Transform> Mirror3;
    for (int M3 = 0; M3 < 8; ++M3)
      Mirror3.push_back(
          signs(M3 & 1 ? -1 : 1, M3 & 2 ? -1 : 1, M3 & 4 ? -1 : 1));
    M["mirror3"] = TransformSet(Mirror3);
    M["cube"] = TransformSet(allSignedPerms(/*Only2D=*/false));
    return M;
  }();
  return Sets;
}

std::optional<TransformSet> TransformSet::named(const std::string &Name) {
  auto It = namedSets().find(Name);
  if (It == namedSets().end())
    return std::nullopt;
  return It->second;
}

TransformSet TransformSet::d4() { return *named("d4"); }

const std::vector<std::string> &TransformSet::names() {
  static const std::vector<std::string> Names = {
      "id",   "lr", "fb", "rot180",  "lrfb",
      "swap", "c4", "d4", "ud", "mirror3", "cube"};
  return Names;
}

std::string TransformSet::name() const {
  for (const auto &[Name, Set] : namedSets())
    if (Set == *this)
      return Name;
  return "";
}

std::string TransformSet::str() const {
  std::string N = name();
  if (!N.empty())
    return N;
  bool With3D = !fixesZ();
  std::string S;
  for (const Transform &T : Ts) {
    if (!S.empty())
      S += ",";
    S += T.str(With3D);
  }
  return S;
}
