//===- EscapeTest.cpp - Input text made safe for each output --------------===//
#include "fairy/Support/Escape.h"

#include <gtest/gtest.h>

#include <random>

using namespace fairy;

namespace {

TEST(EscapeTest, CCommentsCannotBeClosedOrNested) {
  EXPECT_EQ(escapeForCComment("a */ b /* c"), "a *\\/ b /\\* c");
  EXPECT_EQ(escapeForCComment("tab\there\x1b"), "tab\\x09here\\x1B");
  EXPECT_EQ(escapeForLineComment("line\nbreak \\"), "line\\\\x0Abreak \\\\");
}

TEST(EscapeTest, CStringLiterals) {
  EXPECT_EQ(cStringLiteral("say \"hi\"\\"), "\"say \\\"hi\\\"\\\\\"");
  EXPECT_EQ(cStringLiteral("a\nb\x01"
                           "9"),
            "\"a\\nb\\0019\"");
  // Two literals, so that the source holds no trigraph sequence.
  EXPECT_EQ(cStringLiteral("?"
                           "?/"),
            "\"?\\?/\"");
}

TEST(EscapeTest, XmlAndDot) {
  EXPECT_EQ(escapeForXml("<a href='x'>&\"</a>"),
            "&lt;a href=&apos;x&apos;&gt;&amp;&quot;&lt;/a&gt;");
  EXPECT_EQ(escapeForXml("\x01\xff ok \xc3\xa9"),
            "\xEF\xBF\xBD\xEF\xBF\xBD ok \xc3\xa9");
  EXPECT_EQ(dotQuoted("a\"b\\c\nd\x02"), "\"a\\\"b\\\\c\\nd\\\\x02\"");
  EXPECT_EQ(escapeForTerminal("a\x1b[31m\tb\n\x00"), "a\\x1B[31m\tb\n");
  EXPECT_EQ(escapeForTerminal(std::string("x\0y", 3)), "x\\x00y");
}

/// Random bytes through each helper: nothing that ends the context survives.
TEST(EscapeTest, RandomBytesNeverEscape) {
  std::mt19937_64 Rng(7);
  for (int Trial = 0; Trial < 2000; ++Trial) {
    std::string S;
    for (int I = Rng() % 40; I > 0; --I)
      S += "*/\"\\<&>'\n\x1b\x00\xff?a"[Rng() % 15];
    std::string C = escapeForCComment(S);
    EXPECT_EQ(C.find("*/"), std::string::npos) << C;
    EXPECT_EQ(C.find("/*"), std::string::npos) << C;
    std::string L = escapeForLineComment(S);
    EXPECT_EQ(L.find('\n'), std::string::npos) << L;
    std::string X = escapeForXml(S);
    EXPECT_EQ(X.find_first_of("<>\"'\x1b"), std::string::npos) << X;
    std::string T = escapeForTerminal(S);
    EXPECT_EQ(T.find_first_of(std::string("\x1b\0", 2)), std::string::npos);
    std::string Lit = cStringLiteral(S);
    // Inside the quotes, every quote is escaped and no trigraph starts.
    for (size_t I = 1; I + 1 < Lit.size(); ++I) {
      if (Lit[I] == '\\') {
        ++I;
        continue;
      }
      EXPECT_NE(Lit[I], '"') << Lit;
      EXPECT_NE(Lit[I], '\n') << Lit;
      EXPECT_FALSE(Lit[I] == '?' && Lit[I + 1] == '?') << Lit;
    }
  }
}

} // namespace
