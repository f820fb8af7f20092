//===- PositionSetup.cpp - What an invocation says of a position ----------===//
//
// What describes a position beyond its pieces: the previous move, zones,
// states, which pieces have moved, royal pieces, the moving piece's type,
// and the other pieces' moves, which attack conditions need. See
// docs/notations/movement-formula.md.
//
//===----------------------------------------------------------------------===//
#include "PositionSetup.h"

#include "fairy/Eval/Attacks.h"
#include "fairy/Eval/Borrow.h"
#include "fairy/IR/Verifier.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <set>

using namespace fairy;
using namespace llvm;

/// Reads "a8-h8" (a rectangle) or "e4" into \p Out; false with \p Error.
static bool readSquares(const Board &B, StringRef Spec, SquareSet &Out,
                        std::string &Error) {
  SmallVector<StringRef, 8> Parts;
  Spec.split(Parts, ',');
  for (StringRef Part : Parts) {
    auto [First, Last] = Part.trim().split('-');
    unsigned A, Z;
    if (!B.parseSquare(First.str(), A, Error))
      return false;
    Z = A;
    if (!Last.empty() && !B.parseSquare(Last.str(), Z, Error))
      return false;
    Vec Lo = B.coord(A), Hi = B.coord(Z);
    for (int X = std::min(Lo.x, Hi.x); X <= std::max(Lo.x, Hi.x); ++X)
      for (int Y = std::min(Lo.y, Hi.y); Y <= std::max(Lo.y, Hi.y); ++Y)
        for (int Zl = std::min(Lo.z, Hi.z); Zl <= std::max(Lo.z, Hi.z); ++Zl)
          if (B.contains(Vec(X, Y, Zl)))
            Out.set(B.index(Vec(X, Y, Zl)));
  }
  return true;
}

/// The last move, zones, states and the mover's type.
bool fairy::setUpStates(const Invocation &Inv, DiagnosticEngine &Diags,
                        Position &P, unsigned Origin) {
  const Board &B = P.board();
  std::string Error;
  if (!Inv.LastMove.empty()) {
    auto [From, To] = StringRef(Inv.LastMove).split('-');
    Move M;
    if (To.empty() || !B.parseSquare(From.str(), M.From, Error) ||
        !B.parseSquare(To.str(), M.To, Error)) {
      Diags.error("--last-move: " +
                  (Error.empty() ? "write FROM-TO, e.g. e7-e5" : Error));
      return false;
    }
    P.LastMove = M;
  }
  for (const std::string &Z : Inv.Zones) {
    auto [Num, Squares] = StringRef(Z).split(':');
    int N;
    SquareSet S(B.numSquares());
    if (Squares.empty() || Num.getAsInteger(10, N) || N < 0) {
      Diags.error("--zone=" + Z + ": write N:SQUARES, e.g. 1:a8-h8");
      return false;
    }
    if (!readSquares(B, Squares, S, Error)) {
      Diags.error("--zone=" + Z + ": " + Error);
      return false;
    }
    auto [It, New] = P.Zones.try_emplace(N, S);
    if (!New)
      It->second |= S;
  }
  for (const std::string &Spec : Inv.MovedSquares)
    if (!readSquares(B, Spec, P.Moved, Error)) {
      Diags.error("--moved-squares=" + Spec + ": " + Error);
      return false;
    }
  for (const std::string &Spec : Inv.AdvancedSquares)
    if (!readSquares(B, Spec, P.Advanced, Error)) {
      Diags.error("--advanced-squares=" + Spec + ": " + Error);
      return false;
    }
  for (unsigned N : Inv.States) {
    if (N == 0) {
      Diags.error("--state=0: state 0 is 'never moved'; use --moved to say "
                  "the piece has moved");
      return false;
    }
    P.States.try_emplace(N, SquareSet(B.numSquares()))
        .first->second.set(Origin);
  }
  if (Inv.MoverType.size() > 1 ||
      (!Inv.MoverType.empty() &&
       !std::isalpha((unsigned char)Inv.MoverType[0]))) {
    Diags.error("--type takes one letter");
    return false;
  }
  if (!Inv.MoverType.empty())
    P.MoverType = (char)std::toupper((unsigned char)Inv.MoverType[0]);
  P.RoyalTypes.clear();
  for (char C : Inv.RoyalTypes) {
    if (!std::isalpha((unsigned char)C)) {
      Diags.error("--royal takes piece letters, such as K or KG");
      return false;
    }
    P.RoyalTypes += (char)std::toupper((unsigned char)C);
  }
  return true;
}

/// The other pieces' moves, for attack conditions. The moving piece's own
/// type moves like it unless a definition says otherwise.
bool fairy::definePieces(const Invocation &Inv, DiagnosticEngine &Diags,
                         Position &P, unsigned Origin, const NodeRef &IR,
                         const NotationInfo &Input) {
  auto Table = std::make_shared<PieceTable>();
  std::set<std::pair<Color, char>> Given;
  for (const std::string &Def : Inv.PieceDefs) {
    auto [Letter, Rest] = StringRef(Def).split('=');
    if (Letter.size() != 1 || !std::isalpha((unsigned char)Letter[0]) ||
        Rest.empty()) {
      Diags.error("--piece=" + Def +
                  ": write LETTER=TEXT or "
                  "LETTER=NOTATION:TEXT, e.g. N=betza:N");
      return false;
    }
    const NotationInfo *N = &Input;
    auto [Name, Text] = Rest.split(':');
    if (!Text.empty() && findNotation(Name.str())) {
      N = findNotation(Name.str());
      Rest = Text;
    }
    FrontendOptions FOpts;
    FOpts.BoardWidth = P.board().width();
    FOpts.BoardMaxSide = P.board().maxSide();
    unsigned Buffer = Diags.addBuffer(Rest, "--piece " + Letter.str());
    NodeRef Moves = N->Parse(Diags, Buffer, FOpts);
    if (!Moves || Diags.errorCount())
      return false;
    for (const std::string &Problem : verifyIR(*Moves)) {
      Diags.error("--piece " + Letter.str() + ": " + Problem);
      return false;
    }
    char C = Letter[0];
    bool Lower = std::islower((unsigned char)C);
    for (Color Side : {Color::White, Color::Black}) {
      bool Own = (Side == Color::Black) == Lower;
      // An upper-case letter also defines Black, unless Black has its own.
      if (Own || !Given.count({Side, (char)std::toupper((unsigned char)C)}))
        Table->define(Side, C, Moves);
      if (Own)
        Given.insert({Side, (char)std::toupper((unsigned char)C)});
    }
  }
  char Mine = P.moverType(Origin);
  for (Color S : {Color::White, Color::Black})
    if (!Table->find(S, Mine))
      Table->define(S, Mine, IR);
  P.Definitions = Table;
  bool Attacks = usesAttackConditions(*IR), Borrows = usesBorrowing(*IR);
  if (Attacks || Borrows) {
    std::string Missing = undefinedPieceTypes(P, Origin);
    if (!Missing.empty())
      Diags.warning(Warning::UndefinedPiece,
                    std::string(Attacks ? "attack conditions" : "borrowing") +
                        ": the pieces '" + Missing +
                        "' on the board are not defined (give "
                        "--piece L=...), so they " +
                        (Attacks ? "attack" : "lend") + " nothing");
  }
  return true;
}
