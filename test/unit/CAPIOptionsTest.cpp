//===- CAPIOptionsTest.cpp - fairy_options_set over the driver's table ----===//
//
// The C API takes the driver's options (fairy/Driver/Options.def) by name,
// but those its functions take as arguments, with its own flag and number
// spellings and its "option 'NAME': " before the driver's reason.
//
//===----------------------------------------------------------------------===//
#include "fairy/fairy.h"

#include "fairy/Driver/Options.h"

#include <gtest/gtest.h>

#include <string>

using namespace fairy;

namespace {

/// The error of setting \p Name to \p Value; "" when it is taken.
std::string errorOf(const char *Name, const char *Value) {
  fairy_options *O = fairy_options_create();
  fairy_status S = fairy_options_set(O, Name, Value);
  std::string Error = fairy_options_error(O);
  fairy_options_destroy(O);
  EXPECT_EQ(S == FAIRY_OK, Error.empty()) << Name << "=" << Value;
  return Error;
}

} // namespace

TEST(CAPIOptionsTest, EveryRowButTheToolsIsTaken) {
  for (const OptionInfo &Info : options()) {
    std::string Error = errorOf(
        Info.Name, Info.Kind == OptionKind::Choice ? Info.Values[0].Name : "1");
    if (Info.Flags & ToolOnly)
      EXPECT_EQ(Error, "unknown option '" + std::string(Info.Name) + "'");
    else
      EXPECT_EQ(Error, "") << Info.Name;
  }
}

TEST(CAPIOptionsTest, BadValuesSayWhy) {
  EXPECT_EQ(errorOf("side", "wite"),
            "option 'side': 'wite' is not one of its values (white, black, "
            "both); did you mean 'white'?");
  EXPECT_EQ(errorOf("moved", "TRUE"), "option 'moved': 'TRUE' is not 1 or 0");
  EXPECT_EQ(errorOf("radius", "0x10"),
            "option 'radius': '0x10' is not a number up to 1000000");
  EXPECT_EQ(errorOf("state", "1000001"),
            "option 'state': '1000001' is not a number up to 1000000");
  EXPECT_EQ(errorOf("max-input-size", "-1"),
            "option 'max-input-size': '-1' is not a number");
  EXPECT_EQ(errorOf("O", "fast"),
            "option 'O': -Ofast is not a level; use -O0 (no passes) or -O1, "
            "-O2, -O3, -Os, -Oz (the passes)");
  EXPECT_EQ(errorOf("w", "2"), "option 'w': '2' is not 1 or 0");
}

TEST(CAPIOptionsTest, UnknownNamesSayTheNearest) {
  // As fairyc's "unknown argument '--boardd'; did you mean '--board'?".
  EXPECT_EQ(errorOf("boardd", "8x8"),
            "unknown option 'boardd'; did you mean 'board'?");
  EXPECT_EQ(errorOf("board_style", "chess"),
            "unknown option 'board_style'; did you mean 'board-style'?");
  EXPECT_EQ(errorOf("include-dirs", "."),
            "unknown option 'include-dirs'; did you mean 'include-dir'?");
  EXPECT_EQ(errorOf("zzzzzzzz", "1"), "unknown option 'zzzzzzzz'");
}

TEST(CAPIOptionsTest, FlagsAreOneOrZero) {
  for (const char *Value : {"1", "0", "true", "false", ""})
    EXPECT_EQ(errorOf("keep-going", Value), "") << Value;
}
