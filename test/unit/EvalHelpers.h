// Shared helpers for evaluator tests: evaluate with both engines, insist
// that they agree, and compare with square names a person can read.
#ifndef FAIRY_TEST_UNIT_EVALHELPERS_H
#define FAIRY_TEST_UNIT_EVALHELPERS_H

#include "fairy/Eval/Evaluator.h"
#include "fairy/IR/Printer.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace fairy::test {

inline std::set<std::string> names(const Board &B, const SquareSet &S) {
  std::set<std::string> N;
  S.forEach([&](unsigned I) { N.insert(B.squareName(I)); });
  return N;
}

/// Evaluates \p IR with both engines; fails the test if they disagree.
inline Destinations evalBoth(const NodeRef &IR, const Position &P,
                             const std::string &From,
                             Color Mover = Color::White) {
  std::string E;
  unsigned Origin;
  EXPECT_TRUE(P.board().parseSquare(From, Origin, E)) << E;
  auto Fast = FastEvaluator::compile(IR, P.board(), E);
  EXPECT_TRUE(Fast) << E;
  auto FastResult = Fast->evaluate(P, Origin, Mover, E);
  EXPECT_TRUE(FastResult) << E;
  Destinations F = FastResult ? *FastResult : Destinations();
  auto R = ReferenceEvaluator(IR).evaluate(P, Origin, Mover, E);
  EXPECT_TRUE(R) << E;
  if (R) {
    EXPECT_EQ(names(P.board(), F.Quiet), names(P.board(), R->Quiet))
        << printIR(*IR);
    EXPECT_EQ(names(P.board(), F.Capture), names(P.board(), R->Capture))
        << printIR(*IR);
    EXPECT_EQ(names(P.board(), F.Remote), names(P.board(), R->Remote))
        << printIR(*IR);
  }
  return F;
}

inline Position position(const std::string &FEN) {
  std::string E;
  auto P = Position::fromFEN(FEN, std::nullopt, E);
  EXPECT_TRUE(P) << E;
  return *P;
}

using Names = std::set<std::string>;

/// An empty board ("8x8", "4x4x4") or a FEN-like placement ("3*2/6/...").
inline std::optional<Position> boardOrPlacement(const std::string &Spec,
                                                std::string &Error) {
  if (auto B = Board::parse(Spec, Error))
    return Position(*B);
  return Position::fromFEN(Spec, std::nullopt, Error);
}

} // namespace fairy::test

#endif
