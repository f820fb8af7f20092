//===- BetzaCastleBorrowWriter.cpp - O and final x written back -----------===//
//
// Castling and borrowing look at the board beyond the moves they make, so
// the shape writers do not take them: each is recognised here in the form
// the Betza front end lowers it to (lib/Notation/Betza/BetzaLowering.cpp,
// castling() and borrowing()) and spelt back. The whole string is read back
// and compared by irToBetza, like every string it writes.
//
//===----------------------------------------------------------------------===//
#include "BetzaCastleBorrowWriter.h"

#include "BetzaFeatureWriter.h" // expandPaths
#include "BetzaLegsWriter.h"    // directionLetters
#include "PathShapes.h"         // flatten

#include "fairy/IR/Builder.h"
#include "fairy/Notation/BetzaWriter.h"

#include <cctype>
#include <map>
#include <set>
#include <tuple>

using namespace fairy;

bool fairy::looksBeyondMoves(const Node &N) {
  if (N.is(NodeKind::Ahead) || N.is(NodeKind::Borrow) ||
      (N.is(NodeKind::Guard) && N.guard().K == GuardPredicate::Unmoved))
    return true;
  for (const NodeRef &C : N.children())
    if (looksBeyondMoves(*C))
      return true;
  return false;
}

namespace {

/// One direction of O: the king's steps, the j count, whether initial.
struct Castle {
  Vec D;
  int Steps = 0, Jumps = 0;
};

bool isLeg(const NodeRef &N, Vec D, Land L) {
  return N->is(NodeKind::Leg) && N->vec() == D && N->land() == L &&
         N->effect() == Effect::None;
}

bool isUnmovedTest(const Node &N) {
  return N.is(NodeKind::Guard) && N.guard().K == GuardPredicate::Unmoved &&
         !N.guard().Negated && N.operand()->isEmptyPath();
}

/// \p Path as castling(): steps over empty squares, then ahead(the empty
/// squares beyond, an own unmoved piece, j squares, the edge).
std::optional<Castle> readCastle(const NodeRef &Path) {
  std::vector<NodeRef> C;
  if (!shapes::flatten(Path, C) || C.size() < 2 || !C[0]->is(NodeKind::Leg))
    return std::nullopt;
  Castle K{C[0]->vec()};
  if (std::abs(K.D.x) + std::abs(K.D.y) != 1 || K.D.z)
    return std::nullopt;
  size_t I = 0;
  for (; I < C.size() && isLeg(C[I], K.D, Land::empty()); ++I)
    ++K.Steps;
  if (I + 1 != C.size() || !C[I]->is(NodeKind::Ahead) || C[I]->negated())
    return std::nullopt;
  std::vector<NodeRef> Q;
  if (!shapes::flatten(C[I]->operand(), Q))
    return std::nullopt;
  size_t J = 0;
  // The empty squares up to the partner: ride<0..> (or, on a known board,
  // as far as it reaches).
  if (J < Q.size() && Q[J]->is(NodeKind::Ride) && Q[J]->range().min() == 0 &&
      isLeg(Q[J]->operand(), K.D, Land::empty()))
    ++J;
  if (J + 1 >= Q.size() || !isLeg(Q[J], K.D, Land::friendly()) ||
      !isUnmovedTest(*Q[J + 1]))
    return std::nullopt;
  for (J += 2; J < Q.size() && isLeg(Q[J], K.D, Land::any()); ++J)
    ++K.Jumps;
  if (J + 1 != Q.size() || !Q[J]->is(NodeKind::Ahead) || !Q[J]->negated() ||
      !isLeg(Q[J]->operand(), K.D, Land::any()))
    return std::nullopt;
  return K;
}

/// \p N without a guard<initial> around it, and whether there was one.
std::pair<NodeRef, bool> peelInitial(const NodeRef &N) {
  if (N->is(NodeKind::Guard) && N->guard().K == GuardPredicate::Initial &&
      !N->guard().Negated)
    return {N->operand(), true};
  return {N, false};
}

/// \p Text, Betza groups whose last legs land on own pieces ('d'), with
/// that 'd' made a final 'x' and \p Prefix before each group.
std::optional<std::string> borrowingGroups(const std::string &Text,
                                           const std::string &Prefix) {
  std::string Out;
  size_t Start = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (!std::isupper((unsigned char)Text[I]))
      continue;
    size_t End = I + 1;
    while (End < Text.size() && std::isdigit((unsigned char)Text[End]))
      ++End;
    std::string Group = Text.substr(Start, End - Start);
    size_t LastLeg = Group.rfind('a', I - Start);
    size_t D = Group.find('d', LastLeg == std::string::npos ? 0 : LastLeg);
    if (D == std::string::npos || D > I - Start)
      return std::nullopt;
    Group[D] = 'x';
    Out += Prefix + Group;
    Start = End;
    I = End - 1;
  }
  return Start == Text.size() ? std::optional<std::string>(Out) : std::nullopt;
}

} // namespace

std::optional<std::string>
fairy::writeCastlingAndBorrowing(const std::vector<NodeRef> &Alts,
                                 std::string &Why,
                                 const FrontendOptions &Opts) {
  std::vector<NodeRef> Items;
  for (const NodeRef &A : Alts)
    if (!expandPaths(A, Items)) {
      Why = "too many paths to take apart";
      return std::nullopt;
    }
  // O groups by (initial, steps, j) with their directions; lenders of
  // borrowing moves by initial.
  std::map<std::tuple<bool, int, int>, std::set<Vec>> Castles;
  std::vector<NodeRef> Lenders[2];
  for (const NodeRef &Item : Items) {
    auto [Path, Initial] = peelInitial(Item);
    if (Path->is(NodeKind::Borrow)) {
      Lenders[Initial].push_back(Path->operand());
      continue;
    }
    auto K = readCastle(Path);
    if (!K) {
      Why = "a move that looks past its destination, other than castling "
            "('O')";
      return std::nullopt;
    }
    Castles[{Initial, K->Steps, K->Jumps}].insert(K->D);
  }
  std::string Out;
  for (const auto &[Key, Directions] : Castles) {
    auto [Initial, Steps, Jumps] = Key;
    auto Letters = directionLetters(Vec(0, 1), Directions);
    if (!Letters) {
      Why = "castling in directions no letters select";
      return std::nullopt;
    }
    Out += std::string(Initial ? "i" : "") + *Letters +
           std::string(Jumps, 'j') + "O" + std::to_string(Steps);
  }
  for (bool Initial : {false, true}) {
    if (Lenders[Initial].empty())
      continue;
    std::string LenderWhy;
    auto Text = irToBetza(ir::altFlat(Lenders[Initial]), LenderWhy, Opts);
    auto Groups =
        Text ? borrowingGroups(*Text, Initial ? "i" : "") : std::nullopt;
    if (!Groups) {
      Why = "borrowing (a final 'x') from pieces reached by moves Betza "
            "cannot write" +
            (Text ? std::string() : ": " + LenderWhy);
      return std::nullopt;
    }
    Out += *Groups;
  }
  return Out;
}
