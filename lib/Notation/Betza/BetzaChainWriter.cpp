//===- BetzaChainWriter.cpp - Multi-leg moves as bracket chains -----------===//
//
// The chains are guessed from the moves themselves: every path of the
// multi-leg alternatives is expanded (expandPaths: symmetries into their
// images, rides kept whole) and read as links -- a single leg along a king line
// is a leaper (W F D A H G), a ride of unit steps and its last step a rider (R
// or B, with its range). Paths with the same atoms make one chain; a link
// after which some path ends is followed by '?', any other by '-'. The
// directions are not derived: each chain is tried plain, with its turns
// written as 's' (90 degrees) and with a letter before the bracket (v s f
// b), and with m or c where every path ends alike; irToBetza keeps the
// first that reads back as the same moves.
//
//===----------------------------------------------------------------------===//
#include "BetzaChainWriter.h"
#include "BetzaFeatureWriter.h" // expandPaths

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <tuple>

using namespace fairy;

namespace {

/// One link of a path: its atom letter and range ("" for none, "3").
struct LinkShape {
  char Atom;
  std::string Range;
  bool operator<(const LinkShape &O) const {
    return std::tie(Atom, Range) < std::tie(O.Atom, O.Range);
  }
  bool operator==(const LinkShape &O) const {
    return Atom == O.Atom && Range == O.Range;
  }
};

struct PathShape {
  std::vector<LinkShape> Links;
  Land End;
};

/// A leg or a whole ride: what one step of a path does.
struct Part {
  Vec V;
  Land L;
  bool Ride = false;
  RangeList R;
};
using Parts = std::vector<Part>;

/// The parts of one single path (expandPaths' output: a leg, a ride, or a
/// seq of them), or nullopt for what a chain never makes.
std::optional<Parts> partsOf(const Node &N) {
  Parts Out;
  for (const NodeRef &C :
       N.is(NodeKind::Seq) ? N.children() : std::vector<NodeRef>{}) {
    auto In = partsOf(*C);
    if (!In)
      return std::nullopt;
    Out.insert(Out.end(), In->begin(), In->end());
  }
  if (N.is(NodeKind::Seq))
    return Out;
  if (N.is(NodeKind::Leg) && N.effect() == Effect::None)
    return Parts{Part{N.vec(), N.land(), false, RangeList()}};
  if (N.is(NodeKind::Ride)) {
    const Node &Op = *N.operand();
    if (Op.is(NodeKind::Leg) && Op.land() == Land::empty() &&
        Op.effect() == Effect::None)
      return Parts{Part{Op.vec(), Op.land(), true, N.range()}};
  }
  return std::nullopt;
}

/// The leaper atom of a king-line step \p V, or 0.
char leaperAtom(Vec V) {
  int X = std::abs(V.x), Y = std::abs(V.y);
  if (V.z != 0)
    return 0;
  if ((X == 0) != (Y == 0)) {
    int S = X + Y;
    return S == 1 ? 'W' : S == 2 ? 'D' : S == 3 ? 'H' : 0;
  }
  if (X == Y)
    return X == 1 ? 'F' : X == 2 ? 'A' : X == 3 ? 'G' : 0;
  return 0;
}

/// \p P read as links, or nullopt if it is not a chain's path.
std::optional<PathShape> shapeOf(const Parts &P) {
  PathShape S;
  for (size_t I = 0; I < P.size(); ++I) {
    const Part &X = P[I];
    if (X.Ride) {
      // A rider link: the slide, then its last step the same way.
      if (I + 1 == P.size() || P[I + 1].Ride || !(P[I + 1].V == X.V))
        return std::nullopt;
      char A = leaperAtom(X.V);
      if (A != 'W' && A != 'F')
        return std::nullopt;
      RangeList N = X.R.normalized();
      if (N.intervals().size() != 1 || N.intervals()[0].Lo != 0)
        return std::nullopt;
      const Interval &Iv = N.intervals()[0];
      std::string Range = Iv.isUnbounded() ? "" : std::to_string(Iv.Hi + 1);
      S.Links.push_back({A == 'W' ? 'R' : 'B', Range});
      ++I;
    } else {
      char A = leaperAtom(X.V);
      if (!A)
        return std::nullopt;
      S.Links.push_back({A, ""});
    }
    // Every link but the last lands on an empty square.
    bool Last = I + 1 == P.size();
    if (!Last && !(P[I].L == Land::empty()))
      return std::nullopt;
  }
  S.End = P.back().L;
  return S;
}

std::string linkText(const LinkShape &L, const std::string &Letters) {
  return Letters + std::string(1, L.Atom) + L.Range;
}

} // namespace

std::vector<std::string>
fairy::bracketCandidates(const std::vector<NodeRef> &Legs) {
  std::vector<PathShape> Shapes;
  for (const NodeRef &L : Legs) {
    std::vector<NodeRef> Paths;
    if (!expandPaths(L, Paths))
      return {};
    for (const NodeRef &Path : Paths) {
      auto P = partsOf(*Path);
      auto S = P ? shapeOf(*P) : std::nullopt;
      if (!S)
        return {};
      Shapes.push_back(std::move(*S));
    }
  }
  // The chains: the longest atom lists, each with the lists that end
  // early telling where it may stop.
  std::set<std::vector<LinkShape>> Lists;
  std::set<uint8_t> Ends;
  for (const PathShape &S : Shapes) {
    Lists.insert(S.Links);
    Ends.insert(S.End.Mask);
  }
  std::vector<std::vector<LinkShape>> Chains;
  for (const auto &L : Lists) {
    bool Prefix = false;
    for (const auto &M : Lists)
      Prefix |=
          M.size() > L.size() && std::equal(L.begin(), L.end(), M.begin());
    if (!Prefix && L.size() >= 2)
      Chains.push_back(L);
    else if (!Prefix)
      return {}; // a lone leg is not a chain's
  }
  std::string Mode;
  if (Ends.size() == 1) {
    Land E(*Ends.begin());
    if (E == Land::empty())
      Mode = "m";
    else if (E == Land::enemy())
      Mode = "c";
  }
  std::vector<std::string> Out;
  for (const char *Before : {"", "v", "s", "f", "b"})
    for (const char *Turn : {"", "s"}) {
      std::string Text;
      for (const auto &Chain : Chains) {
        Text += std::string(Before) + Mode + "[";
        for (size_t I = 0; I < Chain.size(); ++I) {
          if (I) {
            std::vector<LinkShape> Head(Chain.begin(), Chain.begin() + I);
            Text += Lists.count(Head) ? "?" : "-";
          }
          Text += linkText(Chain[I], I ? Turn : "");
        }
        Text += "]";
      }
      Out.push_back(Text);
    }
  return Out;
}
