//===- BetzaWriter.cpp - A moveset written back in Betza ------------------===//
//
// --emit=betza: the moveset as a Betza string that Fairy-Stockfish reads the
// same way. The IR is taken apart into one path per symmetry image; each
// path must be one of the shapes the Betza front end makes (a leap, a
// rider, a lame leap, a hopper, a grasshopper, optionally initial); paths of
// the same shape, leap, range and landing condition form one group, and the
// direction letters that select exactly its images are searched among the
// codes Fairy-Stockfish recognises (lib/Notation/Betza/BetzaLowering.cpp's
// selectImages, the same function the front end uses).
//
//===----------------------------------------------------------------------===//
#include "fairy/Notation/BetzaWriter.h"

#include "BetzaAST.h"
#include "BetzaCastleBorrowWriter.h"
#include "BetzaChainWriter.h" // selectImages, shared with the Betza front end
#include "BetzaFeatureWriter.h"
#include "BetzaLegsWriter.h"
#include "PathShapes.h"

#include "fairy/Eval/Evaluator.h"
#include "fairy/IR/Builder.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Transforms/Pass.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

using namespace fairy;

namespace {

using namespace fairy::shapes;

} // namespace

char fairy::atomLetter(Vec V) {
  int A = std::min(std::abs(V.x), std::abs(V.y));
  int B = std::max(std::abs(V.x), std::abs(V.y));
  if (V.z)
    return 0;
  static const struct {
    int A, B;
    char Letter;
  } Atoms[] = {{0, 1, 'W'}, {1, 1, 'F'}, {0, 2, 'D'}, {1, 2, 'N'}, {2, 2, 'A'},
               {0, 3, 'H'}, {1, 3, 'C'}, {2, 3, 'Z'}, {3, 3, 'G'}};
  for (const auto &At : Atoms)
    if (At.A == A && At.B == B)
      return At.Letter;
  return 0;
}

namespace {

/// Direction letters selecting exactly \p Images of \p Atom, or nullopt.
std::optional<std::vector<std::string>> directionsFor(Vec Atom, bool Split,
                                                      std::set<Vec> Images) {
  std::vector<Vec> All = betza::selectImages(Atom, {}, Split);
  if (Images == std::set<Vec>(All.begin(), All.end()))
    return std::vector<std::string>();
  static const char *Codes[] = {"ff", "bb", "rr", "ll", "vv", "ss", "fr", "rf",
                                "fl", "lf", "br", "rb", "bl", "lb", "fs", "bs",
                                "rv", "lv", "fh", "bh", "rh", "lh", "hr", "hl"};
  // The codes that select only wanted images; then the smallest union.
  std::vector<std::pair<std::string, std::set<Vec>>> Useful;
  for (const char *C : Codes) {
    if (Split && C[0] != C[1])
      continue; // a lone orthogonal atom reads pairs letter by letter
    if ((std::string(C) == "hr" || std::string(C) == "hl") &&
        (Atom.x == 0 || Atom.x == Atom.y))
      continue;
    std::vector<Vec> Sel = betza::selectImages(Atom, {C}, Split);
    std::set<Vec> S(Sel.begin(), Sel.end());
    if (!S.empty() &&
        std::includes(Images.begin(), Images.end(), S.begin(), S.end()))
      Useful.push_back({C, S});
  }
  size_t N = Useful.size();
  for (size_t K = 1; K <= std::min<size_t>(N, 4); ++K) {
    std::vector<size_t> Pick(K);
    for (size_t I = 0; I < K; ++I)
      Pick[I] = I;
    while (true) {
      std::set<Vec> U;
      for (size_t I : Pick)
        U.insert(Useful[I].second.begin(), Useful[I].second.end());
      if (U == Images) {
        std::vector<std::string> Out;
        for (size_t I : Pick)
          Out.push_back(Useful[I].first);
        return Out;
      }
      // Next combination.
      int J = K - 1;
      while (J >= 0 && Pick[J] == N - K + J)
        --J;
      if (J < 0)
        break;
      ++Pick[J];
      for (size_t I = J + 1; I < K; ++I)
        Pick[I] = Pick[I - 1] + 1;
    }
  }
  return std::nullopt;
}

bool isVertical(char C) { return std::strchr("fbvh", C) != nullptr; }
bool isHorizontal(char C) { return std::strchr("rlsh", C) != nullptr; }

/// The letters of \p Codes such that Fairy-Stockfish pairs them back into
/// the same codes: a lone letter is written doubled when the next letter
/// would otherwise pair with it.
std::string spell(const std::vector<std::string> &Codes, bool Split) {
  std::string Out;
  if (Split) { // a lone orthogonal atom reads its letters one by one
    for (const std::string &C : Codes)
      Out += C[0];
    return Out;
  }
  for (size_t I = 0; I < Codes.size(); ++I) {
    const std::string &C = Codes[I];
    if (C[0] != C[1]) {
      Out += C;
      continue;
    }
    char Next = I + 1 < Codes.size() ? Codes[I + 1][0] : 0;
    bool WouldPair =
        Next && (Next == C[0] || (isVertical(C[0]) && isHorizontal(Next)) ||
                 (isHorizontal(C[0]) && isVertical(Next)));
    Out += WouldPair ? C : std::string(1, C[0]);
  }
  return Out;
}

/// Whether \p N is a move's en passant ending: guard<passed>(seq()) then
/// leg(0,0; any, enpassant), as the Betza front end writes 'e'.
bool isEnPassantEnd(const std::vector<NodeRef> &Cs) {
  size_t N = Cs.size();
  return N >= 3 && Cs[N - 2]->is(NodeKind::Guard) &&
         Cs[N - 2]->guard().K == GuardPredicate::Passed &&
         !Cs[N - 2]->guard().Negated && Cs[N - 2]->operand()->isEmptyPath() &&
         Cs[N - 1]->is(NodeKind::Leg) && Cs[N - 1]->vec().isZero() &&
         Cs[N - 1]->effect() == Effect::EnPassant;
}

/// Splits the top-level alternatives of \p IR into its other moves and the
/// quiet paths that end in an en passant capture.
std::pair<NodeRef, NodeRef> splitEnPassant(const NodeRef &IR) {
  std::vector<NodeRef> Rest, EnPassant;
  std::vector<NodeRef> Top =
      IR->is(NodeKind::Alt) ? IR->children() : std::vector<NodeRef>{IR};
  for (const NodeRef &C : Top) {
    if (C->is(NodeKind::Seq) && isEnPassantEnd(C->children()))
      EnPassant.push_back(ir::seqFlat(std::vector<NodeRef>(
          C->children().begin(), C->children().end() - 2)));
    else
      Rest.push_back(C);
  }
  return {ir::altFlat(Rest), ir::altFlat(EnPassant)};
}

/// A group of one-leg moves: everything but the images.
struct GroupKey {
  Shape S;
  char Atom;
  int Range;
  uint8_t Final;
  bool Initial, Advanced, Midpoint;
  bool operator<(const GroupKey &O) const {
    return std::tie(Initial, Advanced, S, Atom, Range, Final, Midpoint) <
           std::tie(O.Initial, O.Advanced, O.S, O.Atom, O.Range, O.Final,
                    O.Midpoint);
  }
  bool operator==(const GroupKey &O) const { return !(*this < O || O < *this); }
};

/// Why \p M cannot be a Betza group in the reading chosen, or "".
std::string unwritable(const shapes::Move &M, char A, bool XBoard) {
  if (!A)
    return "the leap (" + std::to_string(M.V.x) + "," + std::to_string(M.V.y) +
           (M.V.z ? "," + std::to_string(M.V.z) : std::string()) +
           ") has no Betza atom";
  if (M.S == Shape::Lame && !XBoard && !std::strchr("NADZ", A))
    return "a lame leap along " + std::string(1, A) +
           ", which Fairy-Stockfish cannot block";
  if (M.S == Shape::Lame && XBoard && !M.Midpoint && !std::strchr("NAD", A))
    return "a lame leap along " + std::string(1, A) +
           " by Fairy-Stockfish's path, which XBoard blocks at the midpoint";
  if ((M.S == Shape::Hop || M.S == Shape::Grasshop) && !std::strchr("WF", A))
    return "a hopper along " + std::string(1, A) +
           "; Betza hoppers go along rook and bishop lines";
  if (M.Range > (XBoard ? 99 : 9))
    return "a rider of " + std::to_string(M.Range) +
           " steps; Betza ranges go "
           "up to " +
           (XBoard ? "99" : "9 (XBoard's up to 99: --betza=xboard)");
  if (M.Final.Mask == 0)
    return "a move that lands nowhere";
  if (M.Initial && M.Final != Land::empty() && !XBoard)
    return "an initial move that may capture (Fairy-Stockfish's initial "
           "moves are quiet; XBoard's may capture: --betza=xboard)";
  return "";
}

/// The letters of one group: direction letters for \p Images, then the
/// modifiers (\p Modes: m c d e), then the atom and range.
std::optional<std::string> spellGroup(const GroupKey &K,
                                      const std::set<Vec> &Images,
                                      const std::string &Modes,
                                      std::string &Why) {
  Vec Leap;
  for (Vec V : Images)
    Leap = Vec(std::min(std::abs(V.x), std::abs(V.y)),
               std::max(std::abs(V.x), std::abs(V.y)));
  bool Split = Leap.x == 0;
  auto Dirs = directionsFor(Leap, Split, Images);
  if (!Dirs) {
    Why = std::string("no Betza direction letters select exactly these ") +
          std::to_string(Images.size()) + " images of " + K.Atom;
    return std::nullopt;
  }
  std::string G = K.Advanced ? "ii" : K.Initial ? "i" : "";
  G += spell(*Dirs, Split) + Modes;
  if (K.S == Shape::Lame)
    G += "n";
  if (K.S == Shape::Hop)
    G += "p";
  if (K.S == Shape::Grasshop)
    G += "g";
  bool Line = K.S == Shape::Hop || K.S == Shape::Grasshop ||
              (K.S == Shape::Rider && K.Range == 0);
  if (Line && K.Atom == 'W')
    return G + "R";
  if (Line && K.Atom == 'F')
    return G + "B";
  G += K.Atom;
  if (K.S == Shape::Rider)
    G += std::to_string(K.Range);
  return G;
}

} // namespace

std::string fairy::landLetters(Land Final) {
  std::string Out;
  if (Final == Land::notFriend())
    return Out;
  if (Final.Mask & Land::Empty)
    Out += "m";
  if (Final.Mask & Land::Enemy)
    Out += "c";
  if (Final.Mask & Land::Friend)
    Out += "d";
  return Out;
}

namespace {

/// Whether every path of \p A is a path of \p B: a leap is the first step
/// of a rider along it, a shorter rider the start of a longer one, a lame
/// leap the leap with the squares on the way tested, when the landing
/// squares \p B allows include \p A's and \p B tests no state of the
/// piece that \p A does not.
bool covers(const shapes::Move &B, const shapes::Move &A) {
  if (A.V != B.V || (A.Final.Mask & ~B.Final.Mask) ||
      (B.Initial && !A.Initial) || (B.Advanced && !A.Advanced))
    return false;
  bool SameKind = A.S == B.S && A.Midpoint == B.Midpoint;
  if (B.S == Shape::Rider && (A.S == Shape::Leap || A.S == Shape::Rider))
    return B.Range == 0 || (A.S == Shape::Leap ? 1 : A.Range) <= B.Range;
  if (B.S == Shape::Leap && A.S == Shape::Lame)
    return true; // the same leap, with the squares on the way tested
  return SameKind && A.S != Shape::Rider;
}

/// \p Moves without the redundancy a person would not write: moves that
/// differ only in their landing squares are one move ('mRcR' is 'R'), and
/// a move another one makes is dropped ('RW' is 'R', 'QK' is 'Q'), so
/// --emit=betza never writes a group that -Wsubsumed-alternative would
/// warn of.
std::vector<shapes::Move> withoutRedundancy(std::vector<shapes::Move> Moves) {
  std::vector<shapes::Move> Merged;
  for (const shapes::Move &M : Moves) {
    auto Same = std::find_if(Merged.begin(), Merged.end(), [&](const auto &O) {
      return O.S == M.S && O.V == M.V && O.Range == M.Range &&
             O.Initial == M.Initial && O.Advanced == M.Advanced &&
             O.Midpoint == M.Midpoint;
    });
    if (Same == Merged.end())
      Merged.push_back(M);
    else
      Same->Final = Land(Same->Final.Mask | M.Final.Mask);
  }
  std::vector<shapes::Move> Out;
  for (size_t I = 0; I < Merged.size(); ++I) {
    bool Covered = false;
    for (size_t J = 0; J < Merged.size() && !Covered; ++J)
      Covered = J != I && covers(Merged[J], Merged[I]);
    if (!Covered)
      Out.push_back(Merged[I]);
  }
  return Out;
}

/// One concrete path of a multi-leg move, seen as a leap to where it ends.
struct PathEnd {
  Vec Sum;
  Land Final;
  Effect E = Effect::None;
  bool Quiet = true; ///< its legs before the last have no effect
};

/// The concrete paths of \p N (legs in sequences, alternatives and
/// symmetries; anything else fails), at most 4096.
bool pathEnds(const NodeRef &N, std::vector<PathEnd> &Out) {
  Out.clear();
  switch (N->kind()) {
  case NodeKind::Leg:
    Out.push_back({N->vec(), N->land(), N->effect(), true});
    return true;
  case NodeKind::Alt:
  case NodeKind::Sym: {
    std::vector<NodeRef> Parts;
    if (N->is(NodeKind::Alt))
      Parts = N->children();
    else
      for (const Transform &T : N->transforms().transforms())
        Parts.push_back(transformed(N->operand(), T));
    for (const NodeRef &C : Parts) {
      std::vector<PathEnd> Part;
      if (!pathEnds(C, Part))
        return false;
      Out.insert(Out.end(), Part.begin(), Part.end());
      if (Out.size() > 4096)
        return false;
    }
    return true;
  }
  case NodeKind::Seq: {
    if (N->children().empty())
      return false;
    std::vector<PathEnd> Heads;
    for (size_t I = 0; I < N->children().size(); ++I) {
      std::vector<PathEnd> Tails, Next;
      if (!pathEnds(N->children()[I], Tails))
        return false;
      if (I == 0) {
        Heads = Tails;
        continue;
      }
      for (const PathEnd &H : Heads)
        for (const PathEnd &T : Tails)
          Next.push_back({H.Sum + T.Sum, T.Final, T.E,
                          H.Quiet && H.E == Effect::None && T.Quiet});
      if (Next.size() > 4096)
        return false;
      Heads = std::move(Next);
    }
    Out = std::move(Heads);
    return true;
  }
  default:
    return false;
  }
}

/// Whether every path of the multi-leg move \p Legs ends where one of the
/// one-leg moves \p Moves goes, testing only squares on the way: the
/// xiangqi horse ('mafsW') beside a knight adds nothing, and is not
/// written, as -Wsubsumed-alternative would warn of it.
bool leapsCover(const NodeRef &Legs, const std::vector<shapes::Move> &Moves) {
  std::vector<PathEnd> Ends;
  if (!pathEnds(Legs, Ends))
    return false;
  for (const PathEnd &P : Ends) {
    shapes::Move Leap;
    Leap.V = P.Sum;
    Leap.Final = P.Final;
    if (!P.Quiet || P.E != Effect::None ||
        std::none_of(Moves.begin(), Moves.end(),
                     [&](const shapes::Move &M) { return covers(M, Leap); }))
      return false;
  }
  return true;
}

/// The one-leg shapes of \p IR and its en passant paths as Betza groups;
/// \p XBoard: in XBoard's reading.
std::optional<std::string> writeShapes(const NodeRef &IR,
                                       const NodeRef &EnPassantPaths,
                                       bool XBoard, std::string &Why) {
  auto Decomposed = decompose(IR, Why, XBoard);
  if (!Decomposed)
    return std::nullopt;
  auto EnPassant = decompose(EnPassantPaths, Why, XBoard);
  if (!EnPassant)
    return std::nullopt;
  // Not with en passant moves: Fairy-Stockfish's 'e' goes with the
  // capture-only groups as they are (below).
  if (EnPassant->empty())
    Decomposed = withoutRedundancy(std::move(*Decomposed));
  // Group by everything but the image, in a stable order.
  std::map<GroupKey, std::set<Vec>> Groups, Passant;
  for (const shapes::Move &M : *Decomposed) {
    char A = atomLetter(M.V);
    Why = unwritable(M, A, XBoard);
    if (!Why.empty())
      return std::nullopt;
    Groups[{M.S, A, M.Range, M.Final.Mask, M.Initial, M.Advanced, M.Midpoint}]
        .insert(M.V);
  }
  for (const shapes::Move &M : *EnPassant) {
    char A = atomLetter(M.V);
    Why = unwritable(M, A, XBoard);
    if (!Why.empty())
      return std::nullopt;
    Passant[{M.S, A, M.Range, Land::Enemy, M.Initial, M.Advanced, M.Midpoint}]
        .insert(M.V);
  }
  // Fairy-Stockfish reads 'e' as a flag of the piece: every capture-only
  // move then also takes en passant, so that is what can be written.
  // XBoard reads it per move, and 'e' alone is only the en passant capture.
  std::map<GroupKey, std::set<Vec>> CaptureOnly;
  for (const auto &[K, Images] : Groups)
    if (Land(K.Final) == Land::enemy())
      CaptureOnly[K] = Images;
  bool FlagE = !XBoard && !Passant.empty();
  if (FlagE && Passant != CaptureOnly) {
    Why = "en passant captures other than those of every capture-only move "
          "(Fairy-Stockfish's 'e' is a flag of the whole piece; XBoard's "
          "belongs to one move: --betza=xboard)";
    return std::nullopt;
  }
  std::string Out;
  for (const auto &[K, Images] : Groups) {
    std::string Modes = landLetters(Land(K.Final));
    if (FlagE && Land(K.Final) == Land::enemy())
      Modes += "e";
    auto G = spellGroup(K, Images, Modes, Why);
    if (!G)
      return std::nullopt;
    Out += *G;
  }
  if (!FlagE)
    for (const auto &[K, Images] : Passant) {
      auto G = spellGroup(K, Images, "e", Why);
      if (!G)
        return std::nullopt;
      Out += *G;
    }
  return Out;
}

/// Whether Betza text \p Text reads as the moves of \p IR: the same
/// canonical form, or the same destinations from every square of a few
/// boards with pieces of both sides scattered over them. When that cannot
/// be told (an evaluation over its budget), false with \p Undecided set.
bool readsAs(const std::string &Text, const NodeRef &IR,
             const FrontendOptions &Opts, std::string &Undecided) {
  DiagnosticEngine Diags(nullptr);
  Diags.policy().silenceAll();
  unsigned Buffer = Diags.addBuffer(Text, "<written>");
  NodeRef Back = parseBetza(Diags, Buffer, Opts);
  if (!Back || Diags.errorCount())
    return false;
  if (equal(*optimize(Back, 1, {}), *optimize(IR, 1, {})))
    return true;
  // The pieces on the boards below lend a knight's and a forward step's
  // moves to a piece that borrows (a final 'x').
  auto Lent = std::make_shared<PieceTable>();
  for (Color Side : {Color::White, Color::Black})
    Lent->define(Side, 'P',
                 ir::alt({ir::sym("d4", ir::leg(Vec(2, 1), Land::notFriend())),
                          ir::leg(Vec(0, 1), Land::empty())}));
  std::string Error;
  for (const char *FEN :
       {"9/9/9/9/9/9/9/9/9", "9/2p3P2/9/1P2p4/4P1p2/9/p5P2/3p1P3/9",
        "P1p1P1p1P/1P1p1P1p1/p1P1p1P1p/9/4p4/9/P1p1P1p1P/1p1P1p1P1/p1P1p1P1p",
        "7/7/7/7/7/7/7"}) {
    auto P = Position::fromFEN(FEN, std::nullopt, Error);
    if (!P)
      return false;
    P->Definitions = Lent;
    auto A = FastEvaluator::compile(IR, P->board(), Error);
    auto B = FastEvaluator::compile(Back, P->board(), Error);
    if (!A || !B)
      return false;
    for (unsigned S : P->board().squares().toVector()) {
      if (P->at(S).Present)
        continue;
      for (Color Side : {Color::White, Color::Black}) {
        auto DA = A->evaluate(*P, S, Side, Error);
        auto DB = DA ? B->evaluate(*P, S, Side, Error) : std::nullopt;
        if (!DA || !DB) {
          Undecided = Error;
          return false;
        }
        if (!(*DA == *DB))
          return false;
      }
    }
  }
  return true;
}

} // namespace

std::optional<std::string>
fairy::directionLetters(Vec Leap, const std::set<Vec> &Images) {
  bool Split = Leap.x == 0;
  auto Dirs = directionsFor(Leap, Split, Images);
  if (!Dirs)
    return std::nullopt;
  return spell(*Dirs, Split);
}

std::optional<std::string> fairy::irToBetza(const NodeRef &Whole,
                                            std::string &Why,
                                            const FrontendOptions &Opts,
                                            BetzaStyle Style) {
  auto [IR, EnPassantPaths] = splitEnPassant(Whole);
  bool XBoard = Opts.XBoardBetza;
  // The alternatives that are one-leg shapes, and the others: XBetza's
  // one-leg features and rifles (BetzaFeatureWriter.cpp), then multi-leg
  // moves ('a', BetzaLegsWriter.cpp).
  // Castling and borrowing (BetzaCastleBorrowWriter.cpp) go last.
  std::vector<NodeRef> Shapes, Legs, Looking;
  std::string ShapeWhy;
  for (const NodeRef &A :
       IR->is(NodeKind::Alt) ? IR->children() : std::vector<NodeRef>{IR}) {
    std::string AWhy; // a written alternative clears it: keep the first
    if (looksBeyondMoves(*A))
      Looking.push_back(A);
    else if (writeShapes(A, ir::nothing(), XBoard, AWhy))
      Shapes.push_back(A);
    else {
      Legs.push_back(A);
      if (ShapeWhy.empty())
        ShapeWhy = AWhy;
    }
  }
  // Multi-leg moves that the one-leg moves make anyway.
  if (!Legs.empty() && !Shapes.empty()) {
    std::string Ignored;
    if (auto One = decompose(ir::alt(Shapes), Ignored, XBoard))
      Legs.erase(
          std::remove_if(Legs.begin(), Legs.end(),
                         [&](const NodeRef &A) { return leapsCover(A, *One); }),
          Legs.end());
  }
  std::string Beyond;
  if (!Looking.empty()) {
    auto Written = writeCastlingAndBorrowing(Looking, Why, Opts);
    if (!Written)
      return std::nullopt;
    Beyond = *Written;
  }
  std::string Features;
  if (!Legs.empty())
    Features = writeFeatureGroups(Legs, Shapes, Opts);
  auto Out = writeShapes(ir::alt(Shapes), EnPassantPaths, XBoard, Why);
  if (!Out)
    return Out;
  // The multi-leg moves as bracket chains, if one spells them: before the
  // XBetza legs (and the famous spellings, for Brackets).
  std::string Undecided;
  std::optional<std::string> Chain;
  if (!Legs.empty() && Style != BetzaStyle::XBetza && !XBoard &&
      Looking.empty() && EnPassantPaths->is(NodeKind::Alt) &&
      EnPassantPaths->children().empty()) {
    // Auto writes chains for bent riders, whose XBetza ('FyafsF') few can
    // read; leapers' legs stay XBetza ('mafsW', 'afsF'), as people write
    // them.
    auto Wanted = [&](const std::string &C) {
      return Style == BetzaStyle::Brackets ||
             C.find_first_of("RBQ0123456789") != std::string::npos;
    };
    // The whole moveset as chains, its one-leg moves where they may stop
    // ('[F?R]' rather than 'F[F-R]'), else the multi-leg part alone.
    std::vector<NodeRef> All = Legs;
    All.insert(All.end(), Shapes.begin(), Shapes.end());
    for (const std::string &C : bracketCandidates(All))
      if (Wanted(C) && readsAs(C, Whole, Opts, Undecided)) {
        Chain = C;
        break;
      }
    for (const std::string &C : bracketCandidates(Legs)) {
      if (Chain)
        break;
      if (!Wanted(C))
        continue;
      if (readsAs(*Out + C, Whole, Opts, Undecided)) {
        // The one-leg part in its usual spelling, as below.
        std::string Usual = idiomaticBetza(*Out, XBoard) + C;
        Chain = Usual != *Out + C && readsAs(Usual, Whole, Opts, Undecided)
                    ? Usual
                    : *Out + C;
      }
    }
  }
  if (Chain && Style == BetzaStyle::Brackets)
    return Chain;
  if (Chain)
    for (const char *Known : famousBetza())
      if (readsAs(Known, Whole, Opts, Undecided))
        return std::string(Known);
  if (Chain)
    return Chain;
  *Out += Features;
  if (!Legs.empty()) {
    std::string LegWhy;
    auto Multi = multiLegToBetza(Legs, LegWhy);
    if (!Multi) {
      // A one-leg move no writer takes: the shape writer's reason says why.
      bool OneLeg = LegWhy.rfind("a one-leg move", 0) == 0;
      Why = OneLeg ? ShapeWhy
                   : ShapeWhy +
                         " (and not an XBetza multi-leg move: " + LegWhy + ")";
      return std::nullopt;
    }
    *Out += *Multi;
  }
  *Out += Beyond;
  // A famous multi-leg piece as people spell it, else the conventional
  // spelling of what was written -- when it means the same moves.
  if (!Legs.empty())
    for (const char *Known : famousBetza())
      if (readsAs(Known, Whole, Opts, Undecided))
        return std::string(Known);
  if (std::string Usual = idiomaticBetza(*Out, XBoard);
      Usual != *Out && readsAs(Usual, Whole, Opts, Undecided))
    return Usual;
  Undecided.clear();
  if (!readsAs(*Out, Whole, Opts, Undecided)) {
    std::string Reason =
        Undecided.empty()
            ? "its Betza spelling '" + *Out +
                  "' does not read back as the same moves"
            : "whether its Betza spelling '" + *Out +
                  "' reads back as the same moves cannot be checked: " +
                  Undecided;
    Why = Legs.empty() ? Reason : ShapeWhy + " (and " + Reason + ")";
    return std::nullopt;
  }
  return Out;
}
