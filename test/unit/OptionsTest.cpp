//===- OptionsTest.cpp - The driver's table of options --------------------===//
//
// fairy::setOption over every row of fairy/Driver/Options.def: each takes
// a value of its kind and refuses a bad one, naming the valid values of a
// choice and the nearest; and the rows whose fields are not plain.
//
//===----------------------------------------------------------------------===//
#include "fairy/Driver/Options.h"

#include "fairy/Backend/Backend.h"
#include "fairy/Driver/Invocation.h"

#include "gtest/gtest.h"

#include <set>

using namespace fairy;

namespace {

/// A value every row of \p Kind takes ("1" is also a level of -O).
std::vector<std::string> goodValues(const OptionInfo &O) {
  switch (O.Kind) {
  case OptionKind::Flag:
    return {"true", "false", "", "1", "0"};
  case OptionKind::String:
  case OptionKind::List:
    return {"1"};
  case OptionKind::Int:
    return {"3", "-2"};
  case OptionKind::UInt64:
  case OptionKind::UnsignedList:
    return {"7"};
  case OptionKind::Choice: {
    std::vector<std::string> Names;
    for (const OptionValue &V : O.Values)
      Names.push_back(V.Name);
    return Names;
  }
  }
  return {};
}

/// A value no row of \p Kind takes; none for text.
std::optional<std::string> badValue(OptionKind Kind) {
  switch (Kind) {
  case OptionKind::Flag:
    return "maybe";
  case OptionKind::Int:
    return "3x";
  case OptionKind::UInt64:
  case OptionKind::UnsignedList:
    return "-1";
  case OptionKind::Choice:
    return "no-such-value";
  case OptionKind::String:
  case OptionKind::List:
    return std::nullopt;
  }
  return std::nullopt;
}

Invocation with(const std::string &Name, const std::string &Value) {
  Invocation Inv;
  std::string Error;
  EXPECT_TRUE(setOption(Inv, Name, Value, Error)) << Name << ": " << Error;
  return Inv;
}

std::string errorOf(const std::string &Name, const std::string &Value) {
  Invocation Inv;
  std::string Error;
  EXPECT_FALSE(setOption(Inv, Name, Value, Error)) << Name << "=" << Value;
  return Error;
}

} // namespace

TEST(DriverOptionsTest, RowsAreWellFormed) {
  std::set<std::string> Names;
  for (const OptionInfo &O : options()) {
    SCOPED_TRACE(O.Name);
    EXPECT_TRUE(Names.insert(O.Name).second) << "named twice";
    for (const OptionAlias &A : O.Aliases)
      EXPECT_TRUE(Names.insert(A.Name).second) << A.Name << " named twice";
    EXPECT_NE(std::string(O.Help), "");
    EXPECT_NE(O.Set, nullptr);
    EXPECT_EQ(O.Kind == OptionKind::Choice, !O.Values.empty());
    std::set<std::string> Values;
    for (const OptionValue &V : O.Values)
      EXPECT_TRUE(Values.insert(V.Name).second) << V.Name << " twice";
  }
}

TEST(DriverOptionsTest, EveryRowTakesAValueOfItsKind) {
  for (const OptionInfo &O : options()) {
    std::vector<std::string> Names = {O.Name};
    for (const OptionAlias &A : O.Aliases)
      Names.push_back(A.Name);
    for (const std::string &Name : Names)
      for (const std::string &V : goodValues(O)) {
        Invocation Inv;
        std::string Error;
        EXPECT_TRUE(setOption(Inv, Name, V, Error))
            << Name << "=" << V << ": " << Error;
      }
  }
}

TEST(DriverOptionsTest, EveryRowRefusesABadValueNamingIt) {
  for (const OptionInfo &O : options()) {
    std::optional<std::string> Bad = badValue(O.Kind);
    if (!Bad)
      continue;
    std::string Error = errorOf(O.Name, *Bad);
    EXPECT_NE(Error.find("'" + *Bad + "'"), std::string::npos) << Error;
    for (const OptionValue &V : O.Values)
      EXPECT_NE(Error.find(V.Name), std::string::npos)
          << O.Name << ": " << Error;
  }
}

TEST(DriverOptionsTest, BadChoicesNameTheValuesAndTheNearest) {
  EXPECT_EQ(errorOf("side", "wite"), "'wite' is not one of its values (white, "
                                     "black, both); did you mean 'white'?");
  EXPECT_EQ(errorOf("engine", "quick"),
            "'quick' is not one of its values (fast, reference)");
  // A value that begins a valid one is its nearest, however short.
  EXPECT_EQ(errorOf("board-style", "x"),
            "'x' is not one of its values (auto, chess, xiangqi, janggi, "
            "shogi); did you mean 'xiangqi'?");
  // --emit's values are the back ends of the registry.
  EXPECT_EQ(errorOf("emit", "jsn"), "'jsn' is not one of its values (" +
                                        backendNames() +
                                        "); did you mean 'json'?");
  EXPECT_EQ(errorOf("nonsense", "1"), "unknown option 'nonsense'");
}

TEST(DriverOptionsTest, EmitTakesEveryBackEnd) {
  for (const BackendInfo *B : backends())
    EXPECT_EQ(with("emit", B->Name).Emit, B->Name);
}

TEST(DriverOptionsTest, OptionalFieldsAreSetOnlyWhenGiven) {
  Invocation None;
  EXPECT_FALSE(None.Betza);
  EXPECT_FALSE(None.Radius);
  EXPECT_FALSE(None.Expression);
  EXPECT_FALSE(None.Input);
  EXPECT_EQ(with("betza", "fsf").Betza, BetzaReading::FairyStockfish);
  EXPECT_EQ(with("betza", "xboard").Betza, BetzaReading::XBoard);
  EXPECT_EQ(with("radius", "-1").Radius, -1);
  // An empty -e or input is empty text, not "none given".
  EXPECT_EQ(with("e", "").Expression, "");
  EXPECT_EQ(with("input", "").Input, "");
}

TEST(DriverOptionsTest, SideBothIsNotAColourAndTheLastSideWins) {
  Invocation Both = with("side", "both");
  EXPECT_TRUE(Both.BothSides);
  EXPECT_FALSE(Both.Side);
  std::string Error;
  ASSERT_TRUE(setOption(Both, "side", "black", Error));
  EXPECT_FALSE(Both.BothSides);
  EXPECT_EQ(Both.Side, Color::Black);
  EXPECT_EQ(with("side", "white").Side, Color::White);
}

TEST(DriverOptionsTest, KeepGoingAndItsNegation) {
  EXPECT_TRUE(Invocation().KeepGoing);
  EXPECT_FALSE(with("fno-keep-going", "true").KeepGoing);
  EXPECT_TRUE(with("fno-keep-going", "false").KeepGoing);
  EXPECT_FALSE(with("keep-going", "false").KeepGoing);
  EXPECT_TRUE(with("fkeep-going", "").KeepGoing);
}

TEST(DriverOptionsTest, OptimisationLevels) {
  EXPECT_EQ(with("O", "0").OptLevel, 0u);
  for (const char *Level : {"", "1", "2", "3", "s", "z"})
    EXPECT_EQ(with("O", Level).OptLevel, 1u) << Level;
  EXPECT_EQ(errorOf("O", "4"), "-O4 is not a level; use -O0 (no passes) or "
                               "-O1, -O2, -O3, -Os, -Oz (the passes)");
}

TEST(DriverOptionsTest, ListsAddAValueEachTime) {
  Invocation Inv;
  std::string Error;
  ASSERT_TRUE(setOption(Inv, "state", "1", Error));
  ASSERT_TRUE(setOption(Inv, "state", "3", Error));
  EXPECT_EQ(Inv.States, (std::vector<unsigned>{1, 3}));
  ASSERT_TRUE(setOption(Inv, "zone", "1:a8-h8", Error));
  ASSERT_TRUE(setOption(Inv, "zone", "2:a1", Error));
  EXPECT_EQ(Inv.Zones, (std::vector<std::string>{"1:a8-h8", "2:a1"}));
}

TEST(DriverOptionsTest, AliasesSetTheSameField) {
  EXPECT_EQ(with("x", "betza").Notation, "betza");
  EXPECT_EQ(with("notation", "betza").Notation, "betza");
}

TEST(DriverOptionsTest, PlainFieldsTakeTheirValue) {
  EXPECT_EQ(with("board", "10x10").Board, "10x10");
  EXPECT_EQ(with("o", "out.h").OutputPath, "out.h");
  EXPECT_EQ(with("royal", "KG").RoyalTypes, "KG");
  EXPECT_EQ(with("include-dir", "/tmp").IncludeDir, "/tmp");
  EXPECT_EQ(with("max-input-size", "1024").MaxInputSize, 1024u);
  EXPECT_EQ(with("eval-step-limit", "5").EvalStepLimit, 5u);
  EXPECT_TRUE(with("svg-squares", "true").SvgSquares);
  EXPECT_EQ(with("dot", "automaton").Dot, DotStyle::Automaton);
  EXPECT_EQ(with("bitboard-index", "pext").Index, BitboardIndex::Pext);
  EXPECT_EQ(with("betza-style", "brackets").WriteBetza, BetzaStyle::Brackets);
  EXPECT_EQ(with("board-style", "shogi").Style, BoardStyle::Shogi);
  EXPECT_EQ(with("engine", "reference").Engine, EngineKind::Reference);
  EXPECT_EQ(with("more-inputs", "b.fairy").MoreInputs,
            std::vector<std::string>{"b.fairy"});
}
