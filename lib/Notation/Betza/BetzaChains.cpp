//===- BetzaChains.cpp - The Interactive Diagram's bracket chains to IR ---===//
//
// `[F?R]`: links of king-line atoms, each going on from the square the one
// before reached (which must be empty), in a direction relative to the one
// before: by default straight on or 45 degrees either way, whichever runs
// along the link's kind of line ("outward": the griffon's F then R bends
// 45 degrees, the ski-rook's W then R goes straight on); with letters on
// the link, the turns they name (`[W?sR]`: 90 degrees). `?` after a link
// lets the move end there, `-` makes it go on. Each link keeps its own
// atom, step size and range (`[D?B]`, the osprey; `[F?R3]`).
//
// Direction letters before the bracket select moves by where they end,
// as they select an oblique leap's images: `f` keeps the moves that end
// at least as far forward as sideways (a diagonal counts both ways), `v`
// forward or back, `s` left or right. So `v[F?R]` is the ship (the F
// squares, then slides along files only) and `v[W?B]` the snake (a step
// along a file, then diagonal slides). A path's end is fixed but for the
// steps of its one rider link, so the counts of steps that end right are
// computed and become the rider's range; two rider links in one path
// cannot be filtered that way, and are refused before the bracket.
//
// The IR is one path per way of ending and choice of directions, all
// concrete, their union; the passes fold the symmetric ones.
//
//===----------------------------------------------------------------------===//
#include "BetzaAST.h"

#include "fairy/IR/Builder.h"

#include <cstdlib>
#include <cstring>

using namespace fairy;
using namespace fairy::betza;

namespace {

/// Paths a chain may expand to: 8 first directions and 3 turns per link
/// make 216 for four links; more is a notation nobody writes.
constexpr size_t MaxChainPaths = 2048;

bool alongOrthogonals(char A) { return std::strchr("WDHRKQ", A) != nullptr; }
bool alongDiagonals(char A) { return std::strchr("FAGBKQ", A) != nullptr; }
int stepSize(char A) {
  return std::strchr("DA", A) ? 2 : std::strchr("HG", A) ? 3 : 1;
}

/// Whether direction \p D (0..7, clockwise from straight ahead; even ones
/// orthogonal) runs along the lines of \p Atom.
bool fits(char Atom, int D) {
  return D % 2 == 0 ? alongOrthogonals(Atom) : alongDiagonals(Atom);
}

/// Whether displacement \p D ends the way letter \p C says: f at least as
/// far forward as sideways, b back, r right, l left; v f or b, s l or r.
bool endsToward(char C, Vec D) {
  switch (C) {
  case 'f':
    return D.y > 0 && D.y >= std::abs(D.x);
  case 'b':
    return D.y < 0 && -D.y >= std::abs(D.x);
  case 'r':
    return D.x > 0 && D.x >= std::abs(D.y);
  case 'l':
    return D.x < 0 && -D.x >= std::abs(D.y);
  case 'v':
    return endsToward('f', D) || endsToward('b', D);
  case 's':
    return endsToward('l', D) || endsToward('r', D);
  }
  return false;
}

bool endsToward(const std::string &Letters, Vec D) {
  for (char C : Letters)
    if (endsToward(C, D))
      return true;
  return false;
}

class ChainLowering {
public:
  ChainLowering(const Chain &C) : C(C) {}

  NodeRef lower(std::string &Error) {
    std::vector<int> Dirs;
    if (!walk(0, Dirs, Error))
      return nullptr;
    if (Paths.empty()) {
      Error = "the letters leave this chain no move";
      return nullptr;
    }
    return ir::altFlat(Paths);
  }

private:
  const Chain &C;
  std::vector<NodeRef> Paths;

  /// Extends the directions chosen for links [0, Dirs.size()) by the next
  /// link's, adding a path wherever the move may end.
  bool walk(size_t I, std::vector<int> &Dirs, std::string &Error) {
    for (int D : directionsOf(I, I ? Dirs.back() : -1)) {
      Dirs.push_back(D);
      if (C.Links[I].MayEnd && !addPath(Dirs, Error))
        return false;
      if (I + 1 < C.Links.size() && !walk(I + 1, Dirs, Error))
        return false;
      Dirs.pop_back();
    }
    return true;
  }

  std::vector<int> directionsOf(size_t I, int Prev) const {
    const ChainLink &L = C.Links[I];
    std::vector<int> Out;
    if (Prev < 0)
      return firstDirections(L);
    std::vector<int> Turns = L.Directions.empty() ? std::vector<int>{-1, 0, 1}
                                                  : relativeTurns(L.Directions);
    for (int T : Turns) {
      int D = ((Prev + T) % 8 + 8) % 8;
      if (fits(L.Atom, D))
        Out.push_back(D);
    }
    return Out;
  }

  static Vec vectorOf(const ChainLink &L, int D) {
    return direction8(Vec(0, stepSize(L.Atom)), D);
  }

  bool addPath(const std::vector<int> &Dirs, std::string &Error) {
    if (Paths.size() == MaxChainPaths) {
      Error = "the chain makes more than " + std::to_string(MaxChainPaths) +
              " paths";
      return false;
    }
    size_t End = Dirs.size() - 1;
    // The steps of the path's rider link (if any) that end the move the
    // way the letters before the bracket say.
    RangeList RiderSlides;
    int Rider = -1;
    Vec Fixed(0, 0);
    for (size_t I = 0; I <= End; ++I) {
      if (C.Links[I].Range == 1) {
        Fixed = Fixed + vectorOf(C.Links[I], Dirs[I]);
      } else if (Rider >= 0 && !C.Whole.empty()) {
        Error = "directions before a bracket select moves by where they "
                "end, which fairyc can do for one rider link in a path; "
                "this path has two";
        return false;
      } else {
        Rider = (int)I;
      }
    }
    if (!C.Whole.empty()) {
      if (Rider < 0) {
        if (!endsToward(C.Whole, Fixed))
          return true;
      } else {
        RiderSlides = endingSlides(Fixed, vectorOf(C.Links[Rider], Dirs[Rider]),
                                   C.Links[Rider].Range);
        if (RiderSlides.empty())
          return true;
      }
    }
    std::vector<NodeRef> Steps;
    for (size_t I = 0; I <= End; ++I) {
      const ChainLink &L = C.Links[I];
      Vec V = vectorOf(L, Dirs[I]);
      Land Lands = I == End ? endLand(L) : Land::empty();
      if (L.Range != 1) {
        RangeList Slides = (int)I == Rider && !C.Whole.empty()
                               ? RiderSlides
                               : slideCounts(L.Range);
        Steps.push_back(ir::rideOrSimpler(Slides, ir::leg(V, Land::empty())));
      }
      Steps.push_back(ir::leg(V, Lands));
    }
    Paths.push_back(ir::seqFlat(Steps));
    return true;
  }

  /// How the move may end on link \p L: its own m and c, else the letters
  /// before the bracket.
  Land endLand(const ChainLink &L) const {
    if (!L.Move && !L.Capture)
      return finalLand(C.Ends);
    Leg Own;
    Own.Move = L.Move;
    Own.Capture = L.Capture;
    return finalLand(Own);
  }

  /// The counts of empty steps before the last step of a rider link of
  /// \p Range (0: no limit) in direction \p V, after and before whose
  /// steps the other links move by \p Fixed in all, for which the move
  /// ends the way the letters before the bracket say. Each letter's test
  /// is linear in the count, so it changes at most twice: past
  /// |Fixed| + 2 steps it no longer does.
  RangeList endingSlides(Vec Fixed, Vec V, int Range) const {
    int Stable = std::abs(Fixed.x) + std::abs(Fixed.y) + 2;
    int Last = Range == 0 ? Stable : Range;
    std::vector<Interval> Parts;
    for (int K = 1; K <= Last; ++K) {
      if (!endsToward(C.Whole, Fixed + V * K))
        continue;
      bool Open = Range == 0 && K == Last;
      int Hi = Open ? Interval::Unbounded : K - 1;
      if (!Parts.empty() && Parts.back().Hi == K - 2)
        Parts.back().Hi = Hi;
      else
        Parts.push_back({K - 1, Hi});
    }
    return RangeList::fromUnsorted(Parts);
  }

  /// The first link's directions: those its letters select, or all along
  /// its lines.
  static std::vector<int> firstDirections(const ChainLink &L) {
    std::vector<int> Out;
    if (L.Directions.empty()) {
      for (int D = 0; D < 8; ++D)
        if (fits(L.Atom, D))
          Out.push_back(D);
      return Out;
    }
    // The letters read as on a lone atom: K and Q as their W and F parts.
    for (char Part : std::string(L.Atom == 'K' || L.Atom == 'Q' ? "WF" : "W"))
      for (Vec V :
           selectImages(Part == 'F' || (L.Atom != 'K' && L.Atom != 'Q' &&
                                        alongDiagonals(L.Atom))
                            ? Vec(1, 1)
                            : Vec(0, 1),
                        L.Directions, /*Split=*/Part == 'W'))
        for (int D = 0; D < 8; ++D)
          if (direction8(Vec(0, 1), D) == V && fits(L.Atom, D) &&
              std::find(Out.begin(), Out.end(), D) == Out.end())
            Out.push_back(D);
    std::sort(Out.begin(), Out.end());
    return Out;
  }
};

} // namespace

NodeRef fairy::betza::lowerChain(const Chain &C, std::string &Error) {
  return ChainLowering(C).lower(Error);
}
