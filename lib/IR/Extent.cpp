//===- Extent.cpp - How far a moveset reaches -----------------------------===//
#include "fairy/IR/Extent.h"

#include <algorithm>
#include <cstdlib>

using namespace fairy;

Box Box::hull(const Box &O) const {
  if (Empty)
    return O;
  if (O.Empty)
    return *this;
  Box B = *this;
  for (unsigned I = 0; I < 3; ++I) {
    B.Lo[I] = std::min(Lo[I], O.Lo[I]);
    B.Hi[I] = std::max(Hi[I], O.Hi[I]);
  }
  return B;
}

Box Box::plus(const Box &O) const {
  if (Empty || O.Empty)
    return Box();
  return {Lo + O.Lo, Hi + O.Hi, false};
}

int Box::radius() const {
  int R = 0;
  if (!Empty)
    for (unsigned I = 0; I < 3; ++I)
      R = std::max(R, std::max(std::abs(Lo[I]), std::abs(Hi[I])));
  return R;
}

namespace {

/// Where the paths of a node end, and every square they land on on the way.
struct Reach {
  Box End, Visit;
};

Box scaled(const Box &B, int K) {
  if (B.Empty)
    return B;
  Box Out = Box::point(B.Lo * K).hull(Box::point(B.Hi * K));
  return Out;
}

Box transformed(const Box &B, const Transform &T) {
  if (B.Empty)
    return B;
  return Box::point(T.apply(B.Lo)).hull(Box::point(T.apply(B.Hi)));
}

std::optional<Reach> reach(const Node &N) {
  const Box Origin = Box::point(Vec());
  switch (N.kind()) {
  case NodeKind::Leg:
    return Reach{Box::point(N.vec()), Origin.hull(Box::point(N.vec()))};
  case NodeKind::Seq: {
    Reach R{Origin, Origin};
    for (const NodeRef &C : N.children()) {
      auto CR = reach(*C);
      if (!CR)
        return std::nullopt;
      R.Visit = R.Visit.hull(R.End.plus(CR->Visit));
      R.End = R.End.plus(CR->End);
    }
    return R;
  }
  case NodeKind::Alt:
  case NodeKind::Prio: {
    Reach R{Box(), Origin};
    for (const NodeRef &C : N.children()) {
      auto CR = reach(*C);
      if (!CR)
        return std::nullopt;
      R.End = R.End.hull(CR->End);
      R.Visit = R.Visit.hull(CR->Visit);
    }
    return R;
  }
  case NodeKind::Rep:
  case NodeKind::Ride: {
    auto CR = reach(*N.operand());
    if (!CR)
      return std::nullopt;
    const RangeList &Counts = N.range();
    if (CR->End.Empty)
      return Reach{Counts.contains(0) ? Origin : Box(), Origin.hull(CR->Visit)};
    if (Counts.isUnbounded())
      return std::nullopt;
    int Min = Counts.min(), Max = Counts.maxFinite();
    // k copies end in k * End; the j-th copy lands in j * End + Visit.
    Reach R{scaled(CR->End, Min).hull(scaled(CR->End, Max)), Origin};
    if (Max > 0)
      R.Visit = R.Visit.hull(CR->Visit).hull(
          scaled(CR->End, Max - 1).plus(CR->Visit));
    return R;
  }
  case NodeKind::Sym: {
    auto CR = reach(*N.operand());
    if (!CR)
      return std::nullopt;
    Reach R{Box(), Origin};
    for (const Transform &T : N.transforms().transforms()) {
      R.End = R.End.hull(transformed(CR->End, T));
      R.Visit = R.Visit.hull(transformed(CR->Visit, T));
    }
    return R;
  }
  case NodeKind::Filter:
  case NodeKind::Guard:
    return reach(*N.operand());
  case NodeKind::Ahead: {
    // The test stays where it is, but the squares it looks at matter.
    auto CR = reach(*N.operand());
    if (!CR)
      return std::nullopt;
    return Reach{Origin, Origin.hull(CR->Visit)};
  }
  case NodeKind::Borrow:
    // The borrowed moves are another piece's: any distance.
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

std::optional<Box> fairy::landingBox(const Node &N) {
  auto R = reach(N);
  if (!R)
    return std::nullopt;
  return R->Visit;
}

bool fairy::usesZ(const Node &N) {
  if (N.is(NodeKind::Leg))
    return N.vec().z != 0;
  if (N.is(NodeKind::Sym) && !N.transforms().fixesZ())
    return true;
  for (const NodeRef &C : N.children())
    if (usesZ(*C))
      return true;
  return false;
}
