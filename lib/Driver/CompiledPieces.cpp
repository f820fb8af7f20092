//===- CompiledPieces.cpp - Where compiled pieces go ----------------------===//
//
// The answer to "where can this piece go from here": the piece's moveset
// for its side, optimised for the board, evaluated by the fast evaluator
// (compiled once per piece and side) on a position built from the
// caller's squares, with every piece of the set defined for attack
// conditions and borrowing.
//
//===----------------------------------------------------------------------===//
#include "Job.h"
#include "fairy/Driver/Driver.h"

#include "fairy/Eval/Evaluator.h"
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/Support/Files.h"
#include "fairy/Support/LargeStack.h"
#include "fairy/Transforms/Pass.h"

#include <map>

using namespace fairy;

/// Movesets nested deeper than this are compiled and evaluated on a large
/// stack (runOnLargeStack); shallower ones, every real piece, on the
/// caller's thread, which then needs well under 256 KB.
constexpr size_t DeepMoveset = 48;

struct CompiledPieces::Impl {
  PieceSet Set;
  struct Engine {
    std::unique_ptr<FastEvaluator> Fast;
    bool Deep = false;
  };
  /// Fast evaluators by (piece, side), compiled on first use.
  mutable std::map<std::pair<size_t, Color>, Engine> Engines;
};

CompiledPieces::CompiledPieces(std::unique_ptr<Impl> I) : I(std::move(I)) {}
CompiledPieces::~CompiledPieces() = default;

unsigned CompiledPieces::width() const { return I->Set.board().width(); }
unsigned CompiledPieces::height() const { return I->Set.board().height(); }
unsigned CompiledPieces::depth() const { return I->Set.board().depth(); }
unsigned CompiledPieces::numSquares() const {
  return I->Set.board().numSquares();
}
bool CompiledPieces::hasSquare(unsigned Index) const {
  return Index < numSquares() && I->Set.board().squares().test(Index);
}
std::string CompiledPieces::squareName(unsigned Index) const {
  return Index < numSquares() ? I->Set.board().squareName(Index) : "?";
}
std::optional<unsigned> CompiledPieces::squareIndex(const std::string &Name,
                                                    std::string &Error) const {
  unsigned Out;
  if (!I->Set.board().parseSquare(Name, Out, Error))
    return std::nullopt;
  return Out;
}

size_t CompiledPieces::size() const { return I->Set.Pieces.size(); }
const std::string &CompiledPieces::name(size_t Piece) const {
  return I->Set.Pieces.at(Piece).Name;
}
char CompiledPieces::letter(size_t Piece) const {
  return I->Set.Pieces.at(Piece).Letter;
}
const PieceSet &CompiledPieces::pieceSet() const { return I->Set; }

std::optional<std::vector<Destination>> CompiledPieces::destinations(
    size_t Piece, unsigned From, Color Side, bool Moved,
    const std::vector<SquareContent> &Squares, std::string &Error) const {
  const Board &B = I->Set.board();
  if (Piece >= size()) {
    Error = "there is no piece " + std::to_string(Piece) + " (the set has " +
            std::to_string(size()) + ")";
    return std::nullopt;
  }
  if (!hasSquare(From)) {
    Error =
        "square " + std::to_string(From) + " is not on the board " + B.str();
    return std::nullopt;
  }
  if (!Squares.empty() && Squares.size() != B.numSquares()) {
    Error = "the board " + B.str() + " has " + std::to_string(B.numSquares()) +
            " squares; " + std::to_string(Squares.size()) + " were given";
    return std::nullopt;
  }
  Position P(B);
  // Walls first: a wall is no square of the position's board, as a '*' of
  // fairyc --position is.
  for (unsigned Sq = 0; Sq < Squares.size(); ++Sq)
    if (Squares[Sq].Wall && B.squares().test(Sq)) {
      if (Sq == From) {
        Error = "square " + B.squareName(Sq) + " is a wall in the position";
        return std::nullopt;
      }
      P.board().removeSquare(Sq);
    }
  for (unsigned Sq = 0; Sq < Squares.size(); ++Sq) {
    const SquareContent &C = Squares[Sq];
    if (!C.Present || C.Wall || Sq == From || !P.board().squares().test(Sq))
      continue;
    P.place(Sq, C.Side, (char)std::toupper((unsigned char)C.Type));
    if (C.Moved)
      P.Moved.set(Sq);
  }
  const PieceDef &Def = I->Set.Pieces[Piece];
  P.place(From, Side, Def.Letter);
  if (Moved)
    P.Moved.set(From);
  P.SideToMove = Side;
  I->Set.describeTo(P);

  // The fast evaluator holds its board's squares: a position with walls
  // gets one of its own (as fairyc --position compiles one for its board),
  // the rest share the cached one.
  bool Walls = P.board().squares() != B.squares();
  Impl::Engine WallEngine;
  auto &Engine = Walls ? WallEngine : I->Engines[{Piece, Side}];
  std::optional<Destinations> D;
  auto Evaluate = [&] {
    if (!Engine.Fast) {
      PassContext Ctx;
      Ctx.Board = B.shape();
      Engine.Fast = FastEvaluator::compile(optimize(Def.movesFor(Side), 1, Ctx),
                                           P.board(), Error);
      if (!Engine.Fast)
        return;
    }
    D = Engine.Fast->evaluate(P, From, Side, Error);
  };
  if (!Engine.Fast)
    Engine.Deep = Def.movesFor(Side)->depth() > DeepMoveset;
  if (Engine.Deep)
    runOnLargeStack(Evaluate);
  else
    Evaluate();
  if (!D)
    return std::nullopt;
  std::vector<Destination> Out;
  for (unsigned Sq : (D->all() | D->Promote).toVector()) {
    unsigned Kinds = (D->Quiet.test(Sq) ? unsigned(QuietMove) : 0u) |
                     (D->Capture.test(Sq) ? unsigned(CaptureMove) : 0u) |
                     (D->Remote.test(Sq) ? unsigned(RemoteMove) : 0u) |
                     (D->Promote.test(Sq) ? unsigned(PromoteMove) : 0u);
    Out.push_back({Sq, Kinds});
  }
  return Out;
}

std::unique_ptr<CompiledPieces> Driver::compile(const Invocation &Inv) {
  unsigned Before = errorCount();
  setMaxInputSize(Inv.MaxInputSize);
  std::optional<PieceSet> Set;
  runOnLargeStack([&] { Set = compileJob(Inv, engine()); });
  engine().flush();
  if (!Set || (errorCount() > Before && !Inv.RecoverPieces))
    return nullptr;
  auto Impl = std::make_unique<CompiledPieces::Impl>();
  Impl->Set = std::move(*Set);
  return std::unique_ptr<CompiledPieces>(new CompiledPieces(std::move(Impl)));
}
