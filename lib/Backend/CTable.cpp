//===- CTable.cpp - C tables for mailbox engines --------------------------===//
#include "fairy/Backend/CTable.h"
#include "fairy/IR/Builder.h"
#include "fairy/Support/Escape.h"

#include <fmt/format.h>

#include <set>
#include <tuple>

using namespace fairy;

namespace {

struct Unsupported {
  std::string Why;
};

/// The counts [Min, Max] of a contiguous range without 0, or nullopt.
std::optional<std::pair<int, int>> contiguous(const RangeList &R) {
  RangeList N = R.normalized();
  if (N.intervals().size() != 1)
    return std::nullopt;
  const Interval &I = N.intervals()[0];
  return std::make_pair(I.Lo, I.isUnbounded() ? RangeList::MaxFinite : I.Hi);
}

/// Leaps and rays in one table; a mailbox generator loops over them all.
constexpr size_t MaxMailboxMoves = 4096;

void collect(const Node &N, MailboxPattern &P) {
  switch (N.kind()) {
  case NodeKind::Leg:
    if (N.effect() != Effect::None)
      throw Unsupported{"a leg that captures on its way"};
    P.Leaps.push_back({N.vec(), N.land()});
    return;
  case NodeKind::Alt:
    for (const NodeRef &C : N.children())
      collect(*C, P);
    return;
  case NodeKind::Sym: {
    MailboxPattern Inner;
    collect(*N.operand(), Inner);
    // Nested symmetries multiply their images (2^255 for sym<lr> nested
    // 255 deep); a real piece has a few dozen.
    if ((Inner.Leaps.size() + Inner.Rays.size()) *
            N.transforms().transforms().size() >
        MaxMailboxMoves)
      throw Unsupported{"more than " + std::to_string(MaxMailboxMoves) +
                        " leaps and rays (run -O1 to merge symmetries)"};
    for (const Transform &T : N.transforms().transforms()) {
      for (const auto &L : Inner.Leaps)
        P.Leaps.push_back({T.apply(L.V), L.L});
      for (MailboxPattern::Ray R : Inner.Rays) {
        R.Step = T.apply(R.Step);
        R.Via = T.apply(R.Via);
        P.Rays.push_back(R);
      }
    }
    return;
  }
  case NodeKind::Ride: {
    // ride<a..b>(leg(v; empty)): a slide that may stop on any empty square.
    const Node &Op = *N.operand();
    auto R = contiguous(N.range());
    if (Op.is(NodeKind::Leg) && Op.land() == Land::empty() &&
        Op.effect() == Effect::None && R) {
      P.Rays.push_back(
          {Op.vec(), std::max(1, R->first), R->second, Op.land(), Vec()});
      return;
    }
    break;
  }
  case NodeKind::Seq: {
    // seq(ride<a..b>(leg(v; empty)), leg(v; L)): slide over empty squares,
    // land on L after a+1 .. b+1 steps. seq() is no move.
    const auto &Cs = N.children();
    if (Cs.empty())
      return;
    if (Cs.size() == 1) {
      collect(*Cs[0], P);
      return;
    }
    // seq(leg(u; empty), rest): rest's leaps and rays start from the
    // square u leads to, which must be empty (a bent rider, a lame leap).
    const Node &First = *Cs[0];
    if (First.is(NodeKind::Leg) && First.land() == Land::empty() &&
        First.effect() == Effect::None && !First.vec().isZero() &&
        !(Cs.size() == 2 && Cs[1]->is(NodeKind::Leg) &&
          Cs[1]->vec() == First.vec())) {
      MailboxPattern Rest;
      collect(*ir::seqFlat({Cs.begin() + 1, Cs.end()}), Rest);
      Vec U = First.vec();
      for (const auto &L : Rest.Leaps)
        P.Rays.push_back({L.V, 1, 1, L.L, U});
      for (MailboxPattern::Ray R : Rest.Rays) {
        if (!R.Via.isZero())
          throw Unsupported{"a move that bends twice"};
        if (R.Step == U) {
          R.Min += 1;
          if (R.Max != RangeList::MaxFinite)
            R.Max += 1;
        } else {
          R.Via = U;
        }
        P.Rays.push_back(R);
      }
      return;
    }
    if (Cs.size() == 2 && Cs[1]->is(NodeKind::Leg) &&
        Cs[1]->effect() == Effect::None) {
      Vec V = Cs[1]->vec();
      const Node &First = *Cs[0];
      if (First.is(NodeKind::Leg) && First.vec() == V &&
          First.land() == Land::empty() && First.effect() == Effect::None) {
        P.Rays.push_back({V, 2, 2, Cs[1]->land(), Vec()});
        return;
      }
      if (First.is(NodeKind::Ride) && First.operand()->is(NodeKind::Leg)) {
        const Node &Step = *First.operand();
        auto R = contiguous(First.range());
        if (R && Step.vec() == V && Step.land() == Land::empty() &&
            Step.effect() == Effect::None) {
          int Max =
              R->second == RangeList::MaxFinite ? R->second : R->second + 1;
          P.Rays.push_back({V, R->first + 1, Max, Cs[1]->land(), Vec()});
          return;
        }
      }
    }
    break;
  }
  default:
    break;
  }
  throw Unsupported{std::string("a ") + kindName(N.kind()) +
                    " that is neither a leap nor a ray"};
}

} // namespace

std::optional<MailboxPattern> fairy::mailboxPattern(const Node &IR,
                                                    std::string &Why) {
  MailboxPattern P;
  try {
    collect(IR, P);
  } catch (Unsupported &U) {
    Why =
        "a mailbox table holds leaps and rays only; this moveset has " + U.Why;
    return std::nullopt;
  }
  return P;
}

std::string fairy::emitCTable(const MailboxPattern &Pattern, const Board &B,
                              Color Side, const std::string &Name,
                              const std::string &Comment) {
  Transform Frame = Side == Color::White ? Transform() : Transform::rotate180();
  unsigned N = B.numSquares();
  // Per origin: leaps (destination, land) and rays (step, min, count, land),
  // each without duplicates, in a fixed order.
  std::vector<std::set<std::pair<unsigned, unsigned>>> Leaps(N);
  std::vector<std::set<std::tuple<int, int, int, unsigned, unsigned>>> Rays(N);
  B.squares().forEach([&](unsigned O) {
    Vec From = B.coord(O);
    for (const auto &L : Pattern.Leaps) {
      Vec To = From + Frame.apply(L.V);
      if (!L.V.isZero() && B.contains(To))
        Leaps[O].insert({B.index(To), L.L.Mask});
    }
    for (const auto &R : Pattern.Rays) {
      Vec Step = Frame.apply(R.Step);
      if (Step.isZero())
        continue;
      // A bent ray starts from the square its first step leads to.
      Vec Start = From + Frame.apply(R.Via);
      if (!B.contains(Start))
        continue;
      int Count = 0;
      while (Count < R.Max && B.contains(Start + Step * (Count + 1)))
        ++Count;
      if (Count < R.Min)
        continue;
      int Delta = Step.x + B.width() * (Step.y + B.height() * Step.z);
      Rays[O].insert({Delta, R.Min, Count, R.L.Mask, B.index(Start)});
    }
  });
  std::string P = "fairy_" + Name + "_";
  std::string Guard = "FAIRY_CTABLE_" + Name + "_H";
  for (char &C : Guard)
    C = std::toupper((unsigned char)C);
  std::string Out = "/* " + escapeForCComment(Comment) + " */\n";
  Out += fmt::format(
      "/* Squares are numbered file + {0} * (rank + {1} * level) from a1 = 0.\n"
      " * Leaps: for origin s, entries leap_first[s] .. leap_first[s+1] - 1 "
      "of\n"
      " *   leap_to (destination) and leap_land (states it may hold).\n"
      " * Rays: for origin s, entries ray_first[s] .. ray_first[s+1] - 1 of\n"
      " *   rays: if from is not s, from must be empty (a bent rider's\n"
      " *   corner, a lame leaper's midpoint); walk k = 1 .. count squares of\n"
      " *   from + k * step; a square with k >= min and a state in land is a\n"
      " *   destination; stop after the first occupied square. count already\n"
      " *   stops at the board's edge, at missing squares and at the piece's\n"
      " *   longest move.\n"
      " * States: FAIRY_EMPTY 1, FAIRY_FRIEND 2, FAIRY_ENEMY 4 (of the mover). "
      "*/\n",
      B.width(), B.height());
  Out += "#ifndef " + Guard + "\n#define " + Guard + "\n\n";
  Out +=
      "#ifndef FAIRY_CTABLE_COMMON\n#define FAIRY_CTABLE_COMMON\n"
      "#define FAIRY_EMPTY 1\n#define FAIRY_FRIEND 2\n#define FAIRY_ENEMY 4\n"
      "struct fairy_ray {\n  int step;\n  unsigned char min, count, land;\n"
      "  unsigned short from;\n};\n"
      "#endif\n\n";
  Out += fmt::format("#define {}SQUARES {}\n\n", P, N);
  // An empty table still needs one element in C; it is never read, since
  // the *_first ranges are empty.
  auto Table = [&](const std::string &Type, const std::string &Id,
                   const std::vector<std::string> &Items,
                   const char *Placeholder = "0") {
    Out += fmt::format("static const {} {}{}[{}] = {{", Type, P, Id,
                       std::max<size_t>(Items.size(), 1));
    for (size_t I = 0; I < Items.size(); ++I)
      Out += (I % 12 ? " " : "\n  ") + Items[I] + ",";
    if (Items.empty())
      Out += std::string("\n  ") + Placeholder;
    Out += "\n};\n";
  };
  std::vector<std::string> LeapFirst, LeapTo, LeapLand, RayFirst, RayItems;
  for (unsigned S = 0; S < N; ++S) {
    LeapFirst.push_back(std::to_string(LeapTo.size()));
    for (auto &[To, Land] : Leaps[S]) {
      LeapTo.push_back(std::to_string(To));
      LeapLand.push_back(std::to_string(Land));
    }
    RayFirst.push_back(std::to_string(RayItems.size()));
    for (auto &[Delta, Min, Count, Land, From] : Rays[S])
      RayItems.push_back(
          fmt::format("{{{}, {}, {}, {}, {}}}", Delta, Min, Count, Land, From));
  }
  LeapFirst.push_back(std::to_string(LeapTo.size()));
  RayFirst.push_back(std::to_string(RayItems.size()));
  Table("unsigned short", "leap_first", LeapFirst);
  Table("unsigned short", "leap_to", LeapTo);
  Table("unsigned char", "leap_land", LeapLand);
  Table("unsigned short", "ray_first", RayFirst);
  Table("struct fairy_ray", "rays", RayItems, "{0, 0, 0, 0, 0}");
  return Out + "\n#endif\n";
}
