//===- consumer.cpp - A C++ program that uses fairyc's driver library -----===//
//
// Built by test/install/consumers.sh twice: against an installed prefix
// with find_package(fairyc) and inside a project that adds fairyc's source
// tree with add_subdirectory. With FAIRY_CONSUMER_IR it also uses the C++
// IR API (find_package(fairyc COMPONENTS IR), target fairyc::ir).
//
//===----------------------------------------------------------------------===//
#include "fairy/Driver/Driver.h"
#ifdef FAIRY_CONSUMER_IR
#include "fairy/IR/Printer.h"
#include "fairy/PieceFile/PieceSet.h"
#endif

#include <cstdio>
#include <set>
#include <string>

#define CHECK(Cond)                                                            \
  do {                                                                         \
    if (!(Cond)) {                                                             \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
                   #Cond);                                                     \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main() {
  fairy::Driver D;
  // A Parlett knight on a 8x8 board, on g1 with a Black piece on f3 and a
  // White one on e2.
  fairy::Invocation Inv;
  Inv.Notation = "parlett";
  Inv.Expression = "2=.1<>,2<>.1=";
  Inv.Board = "8x8";
  std::unique_ptr<fairy::CompiledPieces> Knight = D.compile(Inv);
  CHECK(Knight && Knight->size() == 1);
  std::string Error;
  auto Sq = [&](const char *Name) { return *Knight->squareIndex(Name, Error); };
  std::vector<fairy::SquareContent> Squares(Knight->numSquares());
  Squares[Sq("f3")] = {true, fairy::Color::Black, 'P', false};
  Squares[Sq("e2")] = {true, fairy::Color::White, 'P', false};
  auto Moves = Knight->destinations(0, Sq("g1"), fairy::Color::White, false,
                                    Squares, Error);
  CHECK(Moves);
  std::set<std::string> Got;
  for (const fairy::Destination &M : *Moves)
    Got.insert(Knight->squareName(M.Square) +
               (M.Kinds & fairy::CaptureMove ? "x" : ""));
  CHECK((Got == std::set<std::string>{"f3x", "h3"}));

  // Any back end into a string: the Parlett challenge's knight is lame, two
  // steps over empty squares then one aside.
  Inv.Emit = "ir";
  auto IR = D.emit(Inv);
  CHECK(IR && IR->find("ride<2>(leg(0,1; empty))") != std::string::npos);

  // Diagnostics are collected with their places.
  fairy::Invocation Bad;
  Bad.Notation = "betza";
  Bad.Expression = "Q$";
  CHECK(!D.compile(Bad));
  bool Located = false;
  for (const fairy::DriverDiagnostic &Diag : D.diagnostics())
    Located |= Diag.Kind == fairy::DriverDiagnostic::Error &&
               Diag.File == "<input>" && Diag.Line == 1 && Diag.Column == 2;
  CHECK(Located);

#ifdef FAIRY_CONSUMER_IR
  // The C++ IR API: the knight's moveset as IR.
  const fairy::PieceSet &Set = Knight->pieceSet();
  std::string Printed = fairy::printIRInline(*Set.Pieces[0].Moves[0].IR);
  CHECK(Printed.find("leg(") != std::string::npos);
  std::printf("C++ consumer (IR API): %s\n", Printed.c_str());
#endif
  std::printf("C++ consumer (%s): all checks passed\n", FAIRY_CONSUMER_KIND);
  return 0;
}
