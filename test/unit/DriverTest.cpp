//===- DriverTest.cpp - The driver library as a program uses it -----------===//
//
// What fairyc does, through fairy::Driver: the same output as a string, on a
// stream and in a file; diagnostics collected with their places; one
// driver serving many invocations, a failed one not spoiling the next.
//
//===----------------------------------------------------------------------===//
#include "fairy/Driver/Driver.h"

#include <gtest/gtest.h>

#include <exception> // LLVM 14's thread.h needs it first

#include "llvm/Support/thread.h"

#include <cstdio>
#include <fstream>
#include <sstream>

using namespace fairy;

namespace {

Invocation notation(const char *Name, const char *Text) {
  Invocation Inv;
  Inv.Notation = Name;
  Inv.Expression = Text;
  return Inv;
}

TEST(DriverTest, OneOutputAsStringStreamAndFile) {
  Driver D;
  Invocation Inv = notation("parlett", "n+");
  Inv.Emit = "ir";
  auto Text = D.emit(Inv);
  ASSERT_TRUE(Text);
  EXPECT_EQ(*Text,
            "sym<c4>(seq(ride<0..>(leg(1,0; empty)), leg(1,0; notfriend)))\n");
  std::ostringstream OS;
  ASSERT_TRUE(D.emit(Inv, OS));
  EXPECT_EQ(OS.str(), *Text);
  std::string Path = testing::TempDir() + "driver-test.fir";
  Inv.OutputPath = Path;
  ASSERT_EQ(D.run(Inv), 0);
  std::ifstream In(Path);
  std::stringstream Written;
  Written << In.rdbuf();
  EXPECT_EQ(Written.str(), *Text);
  std::remove(Path.c_str());
}

TEST(DriverTest, ErrorsAreLocatedAndDoNotSpoilTheNextInvocation) {
  Driver D;
  std::ostringstream OS;
  EXPECT_FALSE(D.emit(notation("parlett", "3-1+"), OS));
  EXPECT_EQ(OS.str(), "") << "nothing written after an error";
  std::vector<DriverDiagnostic> Diags = D.diagnostics();
  ASSERT_EQ(Diags.size(), 1u);
  EXPECT_EQ(Diags[0].Kind, DriverDiagnostic::Error);
  EXPECT_EQ(Diags[0].File, "<input>");
  EXPECT_EQ(Diags[0].Line, 1u);
  EXPECT_EQ(Diags[0].Column, 1u);
  EXPECT_NE(Diags[0].Message.find("empty"), std::string::npos);
  // The same driver goes on.
  Invocation Knight = notation("betza", "N");
  Knight.Board = "8x8";
  Knight.From = "a1";
  auto Diagram = D.emit(Knight);
  ASSERT_TRUE(Diagram);
  EXPECT_EQ(std::count(Diagram->begin(), Diagram->end(), 'X'), 2);
  EXPECT_EQ(D.errorCount(), 1u);
}

TEST(DriverTest, WarningFlagsApply) {
  Driver D;
  EXPECT_FALSE(D.applyWarningFlags({"no-such-warning"}));
  EXPECT_EQ(D.errorCount(), 1u);
  Driver Strict;
  ASSERT_TRUE(Strict.applyWarningFlags({"error"}));
  Invocation Lint = notation("betza", "WW");
  Lint.LintOnly = true;
  Driver Lenient;
  auto Quiet = Lenient.emit(Lint);
  ASSERT_TRUE(Quiet) << "--lint warns, it does not fail";
  EXPECT_EQ(*Quiet, "") << "--lint writes nothing";
  bool Warned = !Lenient.diagnostics().empty();
  EXPECT_TRUE(Warned) << "WW is a duplicate";
  EXPECT_EQ(Strict.emit(Lint).has_value(), !Warned)
      << "-Werror turns the lint warning into a failure";
}

TEST(DriverTest, CompileGivesPiecesOnTheBoard) {
  Driver D;
  Invocation Inv;
  Inv.Input = std::string(FAIRY_SOURCE_DIR) + "/examples/xiangqi.fairy";
  auto Pieces = D.compile(Inv);
  ASSERT_TRUE(Pieces);
  EXPECT_EQ(Pieces->width(), 9u);
  EXPECT_EQ(Pieces->height(), 10u);
  std::string Error;
  auto E1 = Pieces->squareIndex("e1", Error);
  ASSERT_TRUE(E1);
  size_t Horse = Pieces->size();
  for (size_t I = 0; I < Pieces->size(); ++I)
    if (Pieces->letter(I) == 'H' || Pieces->name(I) == "horse")
      Horse = I;
  ASSERT_LT(Horse, Pieces->size());
  // A horse on e1 leaps to c2, d3, f3, g2; a piece on e2 blocks d3 and f3.
  std::vector<SquareContent> Squares(Pieces->numSquares());
  auto Moves =
      Pieces->destinations(Horse, *E1, Color::White, false, Squares, Error);
  ASSERT_TRUE(Moves) << Error;
  EXPECT_EQ(Moves->size(), 4u);
  Squares[*Pieces->squareIndex("e2", Error)] = {true, Color::Black, 'P', false};
  Moves = Pieces->destinations(Horse, *E1, Color::White, false, Squares, Error);
  ASSERT_TRUE(Moves) << Error;
  EXPECT_EQ(Moves->size(), 2u);
  // A bad question has an answer that says why.
  EXPECT_FALSE(
      Pieces->destinations(Horse, 999, Color::White, false, {}, Error));
  EXPECT_NE(Error.find("not on the board"), std::string::npos);
}

/// Runs \p Work on a thread with a small stack, as an embedding program's
/// worker thread may have.
void onSmallStack(const std::function<void()> &Work) {
  llvm::thread T(llvm::Optional<unsigned>(256 << 10), Work);
  T.join();
}

TEST(DriverTest, DeepMovesetsFromASmallStack) {
  // The deepest nesting accepted: 255 levels of guards (with a 256 KB stack
  // the evaluator crashed at about 100).
  std::string Text;
  for (int I = 0; I < 255; ++I)
    Text += "guard<initial>(";
  Text += "leg(1,0; empty)" + std::string(255, ')');
  std::optional<std::string> Json;
  std::string Error;
  std::optional<std::vector<Destination>> Moves;
  onSmallStack([&] {
    Driver D;
    Invocation Inv = notation("ir", Text.c_str());
    Inv.Emit = "json";
    Inv.OptLevel = 0;
    Json = D.emit(Inv);
    // A piece file whose piece is that deep, asked where it goes.
    Invocation File;
    File.Notation = "ir";
    File.Expression = Text;
    auto Pieces = D.compile(File);
    ASSERT_TRUE(Pieces);
    std::vector<SquareContent> Squares(Pieces->numSquares());
    Moves = Pieces->destinations(0, 0, Color::White, false, Squares, Error);
  });
  ASSERT_TRUE(Json);
  EXPECT_NE(Json->find("\"fairyc-moves\""), std::string::npos);
  ASSERT_TRUE(Moves) << Error;
  EXPECT_EQ(Moves->size(), 1u); // unmoved: one step east
}

} // namespace
