//===- Random.cpp - Random IR, positions and notation text ----------------===//
#include "fairy/Testing/Random.h"
#include "fairy/IR/Builder.h"

using namespace fairy;
using namespace fairy::gen;

NodeRef RandomIR::leg() {
  Vec V;
  // One draw per statement: the order in which a function's arguments are
  // evaluated differs between compilers, and a seed must give the same
  // moveset with gcc and clang.
  do { // a zero leg is legal but rarely interesting
    V.x = uniform(-Opts.MaxComponent, Opts.MaxComponent);
    V.y = uniform(-Opts.MaxComponent, Opts.MaxComponent);
    V.z = Opts.ThreeD ? uniform(-1, 1) : 0;
  } while (V.isZero() && chance(0.9));
  // Real movesets mostly use any, notfriend and empty; the other conditions
  // stay present but rarer, or most random paths would die on their first leg.
  static const uint8_t Common[] = {Land::All,
                                   Land::All,
                                   Land::Empty | Land::Enemy,
                                   Land::Empty | Land::Enemy,
                                   Land::Empty,
                                   Land::Empty,
                                   Land::Enemy};
  Land L = chance(0.9) ? Land(Common[uniform(0, 6)]) : Land(uniform(0, 7));
  Effect E = chance(0.2) ? Effect::Capture : Effect::None;
  if (chance(0.03))
    E = Effect::Promote;
  else if (chance(0.02))
    E = Effect::EnPassant;
  NodeRef Leg = ir::leg(V, L, E);
  // A capture is remote only when the path goes on; often make it so.
  if (E == Effect::Capture && chance(0.85)) {
    Vec Back = V * -1;
    if (chance(0.5))
      Back.x = uniform(-1, 1);
    return ir::seq({Leg, ir::leg(Back, Land::any())});
  }
  return Leg;
}

RangeList RandomIR::range(bool AllowUnbounded) {
  std::vector<Interval> Parts;
  int N = uniform(1, 2);
  for (int I = 0; I < N; ++I) {
    int Lo = uniform(0, Opts.MaxCount - 1);
    Parts.push_back({Lo, uniform(Lo, Opts.MaxCount)});
  }
  if (AllowUnbounded && chance(0.35))
    Parts.push_back({uniform(0, 2), Interval::Unbounded});
  return RangeList::fromUnsorted(Parts);
}

TransformSet RandomIR::transforms() {
  if (chance(0.6)) {
    static const char *TwoD[] = {"id",   "lr",   "fb", "rot180",
                                 "lrfb", "swap", "d4"};
    static const char *ThreeD[] = {"ud", "mirror3", "cube"};
    if (Opts.ThreeD && chance(0.3))
      return *TransformSet::named(ThreeD[uniform(0, 2)]);
    return *TransformSet::named(TwoD[uniform(0, 6)]);
  }
  TransformSet Cube = *TransformSet::named(Opts.ThreeD ? "cube" : "d4");
  std::vector<Transform> Ts;
  for (int I = uniform(1, 3); I > 0; --I)
    Ts.push_back(Cube.transforms()[uniform(0, Cube.size() - 1)]);
  return TransformSet(Ts);
}

NodeRef RandomIR::node(unsigned Depth, bool InRide) {
  if (Depth == 0 || chance(0.25))
    return leg();
  auto Children = [&](unsigned Min) {
    std::vector<NodeRef> Cs;
    for (int I = uniform(Min, Opts.MaxChildren); I > 0; --I)
      Cs.push_back(node(Depth - 1, InRide));
    return Cs;
  };
  // Weights: alt, sym and prio widen the moveset; seq, rep and ride
  // lengthen paths (which then leave small boards quickly); filter and
  // guard narrow it.
  switch (uniform(0, Opts.LookAhead ? 21 : 19)) {
  case 0:
  case 1:
  case 2:
    return ir::seq(Children(chance(0.1) ? 0 : 1));
  case 3:
  case 4:
  case 5:
  case 6:
    return ir::alt(Children(chance(0.05) ? 0 : 1));
  case 7:
  case 8:
  case 9:
  case 10: {
    TransformSet S = transforms();
    return ir::sym(S, node(Depth - 1, InRide));
  }
  case 11:
  case 12: {
    RangeList R = range(true);
    return ir::ride(R, node(Depth - 1, true));
  }
  case 13:
  case 14: {
    RangeList R = range(!InRide);
    return ir::rep(R, node(Depth - 1, InRide));
  }
  case 15: {
    AxisPredicate P;
    P.Axis = uniform(0, Opts.ThreeD ? 2 : 1);
    P.Sign = chance(0.5) ? 1 : -1;
    P.K = uniform(0, 1);
    ++FilterDepth;
    NodeRef Operand = node(Depth - 1, InRide);
    --FilterDepth;
    return ir::filter(P, Operand);
  }
  case 16: {
    GuardPredicate G;
    G.K = chance(0.5) ? GuardPredicate::Initial : GuardPredicate::Zone;
    if (chance(0.4)) {
      static const GuardPredicate::Kind Square[] = {
          GuardPredicate::State,    GuardPredicate::Origin,
          GuardPredicate::LastTo,   GuardPredicate::LastFrom,
          GuardPredicate::SameType, GuardPredicate::Passed,
          GuardPredicate::Royal,    GuardPredicate::Advanced,
          GuardPredicate::Attacked, GuardPredicate::Defended};
      G.K = Square[uniform(0, Opts.AttackGuards ? 9 : 7)];
      if (Opts.LookAhead && chance(0.2))
        G.K = GuardPredicate::Unmoved;
    }
    G.ZoneId = G.hasNumber() ? uniform(0, 2) : 0;
    G.Negated = chance(0.3);
    return ir::guard(G, node(Depth - 1, InRide));
  }
  case 20:
  case 21:
    // Tests of the board ahead, and (with piece definitions) borrowed
    // moves; neither may stand in a ride operand.
    if (!InRide) {
      if (Opts.AttackGuards && !FilterDepth && chance(0.5)) {
        // Random paths seldom end on an own piece: often look for one
        // with a leap in every direction.
        if (chance(0.6)) {
          Vec V(uniform(0, 2), uniform(1, 2));
          return ir::borrow(ir::sym(
              *TransformSet::named("d4"),
              ir::leg(V, Land(uniform(0, 1) ? Land::Friend : Land::All))));
        }
        return ir::borrow(node(Depth - 1, false));
      }
      NodeRef Test = node(Depth - 1, false);
      return ir::seq({chance(0.5) ? ir::ahead(Test) : ir::notAhead(Test),
                      node(Depth - 1, false)});
    }
    [[fallthrough]];
  default:
    if (InRide)
      return ir::alt(Children(1));
    return ir::prio(Children(1));
  }
}

unsigned fairy::gen::randomSquare(std::mt19937_64 &Rng, const Board &B) {
  std::vector<unsigned> All = B.squares().toVector();
  return All[std::uniform_int_distribution<size_t>(0, All.size() - 1)(Rng)];
}

Position fairy::gen::randomPosition(std::mt19937_64 &Rng,
                                    RandomPositionOptions Opts) {
  auto Uniform = [&](int Lo, int Hi) {
    return std::uniform_int_distribution<int>(Lo, Hi)(Rng);
  };
  auto Chance = [&](double P) { return std::bernoulli_distribution(P)(Rng); };
  std::string Error;
  int W = Uniform(Opts.MinSide, Opts.MaxSide),
      H = Uniform(Opts.MinSide, Opts.MaxSide);
  int D = Opts.ThreeD ? (Opts.Large ? Uniform(Opts.MinSide, Opts.MaxSide)
                                    : Uniform(1, 4))
                      : 1;
  if (Opts.ThreeD && !Opts.Large) {
    W = std::min(W, 5);
    H = std::min(H, 5);
  }
  Position P(*Board::make(W, H, D, Error));
  unsigned N = P.board().numSquares();
  // A few holes, but never all squares.
  if (Chance(0.2))
    for (unsigned I = 0; I < N; ++I)
      if (Chance(0.1) && P.board().squares().count() > 1)
        P.board().removeSquare(I);
  double Density = std::uniform_real_distribution<double>(0, 0.35)(Rng);
  static const char Types[] = "PNBRQK";
  P.board().squares().forEach([&](unsigned I) {
    if (Chance(Density)) {
      Color Side = Chance(0.5) ? Color::White : Color::Black;
      P.place(I, Side, Types[Uniform(0, 5)]);
    }
    if (Chance(0.3))
      P.Moved.set(I);
    // Half the moved pieces stand one rank ahead of their start, chosen by
    // a hash of the square rather than a draw, so that the positions of
    // every seed stay what they were before `advanced` existed.
    if (P.Moved.test(I) && ((I * 2654435761u) >> 7) % 2)
      P.Advanced.set(I);
  });
  for (int Z = 0; Z < 3; ++Z) {
    if (Chance(0.1))
      continue; // an undefined zone is empty
    SquareSet S(N);
    P.board().squares().forEach([&](unsigned I) {
      if (Chance(0.6))
        S.set(I);
    });
    P.Zones[Z] = S;
  }
  P.SideToMove = Chance(0.5) ? Color::White : Color::Black;
  // States 1 and 2 of the moving piece, and a previous move.
  std::vector<unsigned> All = P.board().squares().toVector();
  auto AnySquare = [&] { return All[Uniform(0, (int)All.size() - 1)]; };
  for (int St = 1; St <= 2; ++St) {
    P.States[St] = SquareSet(N);
    P.board().squares().forEach([&](unsigned I) {
      if (Chance(0.5))
        P.States[St].set(I);
    });
  }
  if (Chance(0.7))
    P.LastMove = Move{AnySquare(), AnySquare()};
  P.MoverType = Types[Uniform(0, 5)];
  if (Opts.AttackGuards)
    P.Definitions = chessPieces();
  return P;
}

std::shared_ptr<const PieceTable> fairy::gen::chessPieces() {
  using namespace ir;
  auto Slide = [](Vec V) {
    return seq({ride(RangeList::atLeast(0), leg(V, Land::empty())),
                leg(V, Land::notFriend())});
  };
  auto T = std::make_shared<PieceTable>();
  NodeRef Rook = sym("d4", Slide(Vec(1, 0))),
          Bishop = sym("d4", Slide(Vec(1, 1)));
  for (Color C : {Color::White, Color::Black}) {
    T->define(C, 'P',
              alt({leg(Vec(0, 1), Land::empty()),
                   sym("lr", leg(Vec(1, 1), Land::enemy()))}));
    T->define(C, 'N', sym("d4", leg(Vec(1, 2), Land::notFriend())));
    T->define(C, 'B', Bishop);
    T->define(C, 'R', Rook);
    T->define(C, 'Q', alt({Rook, Bishop}));
    T->define(C, 'K',
              alt({sym("d4", leg(Vec(1, 0), Land::notFriend())),
                   sym("d4", leg(Vec(1, 1), Land::notFriend()))}));
  }
  return T;
}

std::string fairy::gen::randomParlett(std::mt19937_64 &Rng) {
  auto Uniform = [&](int Lo, int Hi) {
    return std::uniform_int_distribution<int>(Lo, Hi)(Rng);
  };
  auto Chance = [&](double P) { return std::bernoulli_distribution(P)(Rng); };
  static const char *Dirs[] = {"+", "*",  "x", "x>", "x<", ">",
                               "<", "<>", "=", ">=", "<="};
  static const char *ObliqueDirs[] = {"", ">", "<", "<>", "=", ">=", "<="};
  std::string S;
  for (int M = Uniform(1, 3); M > 0; --M) {
    if (!S.empty())
      S += ",";
    if (Chance(0.15))
      S += "i";
    if (Chance(0.15))
      S += Chance(0.5) ? "c" : "o";
    int Parts = Uniform(1, 3);
    if (Parts == 1 && Chance(0.35)) { // a locust
      S += "^";
      S += Chance(0.5) ? std::string("n") : std::to_string(Uniform(2, 4));
      S += Dirs[Uniform(0, 10)];
      if (S.find("o^") != std::string::npos)
        S.replace(S.find("o^"), 1, "c");
      continue;
    }
    for (int P = 0; P < Parts; ++P) {
      if (P)
        S += ".";
      if (Chance(0.2)) {
        S += "~" + std::to_string(Uniform(0, 2));
        S += "/" + std::to_string(Uniform(1, 3));
        S += ObliqueDirs[Uniform(0, 6)];
        if (Chance(0.3))
          S += "&";
        continue;
      }
      if (Chance(0.15))
        S += "~";
      int Kind = Uniform(0, 3);
      bool Exact = Kind == 0 || Kind == 1;
      if (Kind == 0 || Kind == 1)
        S += std::to_string(Uniform(1, 3));
      else if (Kind == 2)
        S += "n";
      else {
        int Lo = Uniform(0, 2);
        S += std::to_string(Lo) + "-" +
             (Chance(0.3) ? std::string("n")
                          : std::to_string(Uniform(std::max(Lo, 1), 3)));
      }
      S += Dirs[Uniform(0, 10)];
      if (Exact && Chance(0.15))
        S += "&";
    }
  }
  return S;
}

std::string fairy::gen::randomFairyNotation(std::mt19937_64 &Rng, bool ThreeD,
                                            unsigned Depth) {
  auto Uniform = [&](int Lo, int Hi) {
    return std::uniform_int_distribution<int>(Lo, Hi)(Rng);
  };
  int Kind = Depth ? Uniform(0, 5) : 0;
  if (Kind <= 1) {
    std::string S = "[" + std::to_string(Uniform(-2, 2));
    S += "," + std::to_string(Uniform(-2, 2));
    if (ThreeD)
      S += "," + std::to_string(Uniform(-1, 1));
    return S + "]";
  }
  if (Kind == 2 || Kind == 3) {
    std::string S = randomFairyNotation(Rng, ThreeD, Depth - 1);
    int Terms = Kind == 2 ? Uniform(2, 3) : 2;
    for (int I = 1; I < Terms; ++I) {
      S += Kind == 2 ? "," : ".";
      // Parenthesised so that '.' does not take a sum apart.
      S += "(" + randomFairyNotation(Rng, ThreeD, Depth - 1) + ")";
    }
    return S;
  }
  static const char *Mapped[] = {"{1}",   "{2}",   "{1..3}", "{2..}",
                                 "{..2}", "{1,3}", "{..}",   "{1..}"};
  static const char *Powers[] = {"{{1}}", "{{2}}", "{{1..2}}", "{{..2}}",
                                 "{{1,2}}"};
  static const char *Simple[] = {"|",  "-", "+",  "/", "*", "^",
                                 "^^", "V", ">>", "<", "_"};
  std::string S = "(" + randomFairyNotation(Rng, ThreeD, Depth - 1) + ")";
  for (int M = Uniform(1, 2); M > 0; --M) {
    int Which = Uniform(0, 2);
    if (Which == 0)
      S += Mapped[Uniform(0, 7)];
    else if (Which == 1)
      S += Powers[Uniform(0, 4)];
    else
      S += Simple[Uniform(0, ThreeD ? 10 : 9)];
  }
  return S;
}

namespace {
/// Random Movement Formula text: mostly well formed, with every construct.
class FormulaGen {
public:
  explicit FormulaGen(std::mt19937_64 &Rng) : Rng(Rng) {}

  std::string phrase(int Depth) {
    std::string S = step(); // every phrase steps first, so it may repeat
    for (int I = uniform(0, 2); I > 0; --I)
      S += item(Depth);
    return S;
  }

private:
  std::mt19937_64 &Rng;
  int uniform(int Lo, int Hi) {
    return std::uniform_int_distribution<int>(Lo, Hi)(Rng);
  }
  template <size_t N> const char *pick(const char *const (&A)[N]) {
    return A[uniform(0, N - 1)];
  }

  std::string step() {
    static const char *const Steps[] = {"{1,0}", "{1,1}", "{2,1}",
                                        "{2,0}", "{1,0}", "{1,1}"};
    static const char *const Dirs[] = {
        "", "", "", "^", "v", ">", "<", "{^>}", "[^v]", "[^!<>]", "[<!v]"};
    return std::string(pick(Steps)) + pick(Dirs);
  }

  std::string item(int Depth) {
    static const char *const Conds[] = {
        "#",   "$",   "%",  "$|+", "%|+", "$|-", "%|-", "%|x", "%|o",
        "$|x", "$|o", "m+", "m-",  "z0",  "z1",  "s0",  "s1",  "#"};
    static const char *const Marks[] = {"@",  "+",   "x",  "=Q",
                                        "#@", "%x@", "#+", "[(#+),(#@),(%x@)]"};
    static const char *const Elsewhere[] = {
        "-({1,0}v)", "-({1,1})", "/{1,0}^%/", "/{1,0}v{#,m-}/", "/{1,1}$/"};
    static const char *const Repeats[] = {"*",  "*:2",  "*:1;1", "*:0-2",
                                          "*~", "*?:3", "*:2;",  "*~:2"};
    switch (Depth > 0 ? uniform(0, 7) : uniform(0, 3)) {
    case 0:
      return step();
    case 1:
      return pick(Conds);
    case 2:
      return pick(Marks);
    case 3:
      return pick(Elsewhere);
    case 4:
    case 5:
      return "(" + phrase(Depth - 1) + ")" + pick(Repeats);
    case 6:
      return "[" + phrase(Depth - 1) + "," + phrase(Depth - 1) + "]";
    default:
      return "[(" + phrase(Depth - 1) + ")!(" + phrase(Depth - 1) + ")]";
    }
  }
};
} // namespace

std::string fairy::gen::randomFormula(std::mt19937_64 &Rng) {
  return FormulaGen(Rng).phrase(2);
}
