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

TEST(EscapeTest, TerminalC1AndInvalidUtf8) {
  // CSI as a C1 control (U+009B) and a lone byte of it; UTF-8 text stays.
  EXPECT_EQ(escapeForTerminal("a\xc2\x9b"
                              "2J \x9b \xc3\xa9 \xe2\x99\x9e"),
            "a\\xC2\\x9B2J \\x9B \xc3\xa9 \xe2\x99\x9e");
  EXPECT_EQ(escapeForTerminal("\x7f"), "\\x7F");
  EXPECT_EQ(escapeForCComment("\xc2\x85"), "\\xC2\\x85");
  EXPECT_EQ(escapeForXml("\xc2\x9b"), "\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(EscapeTest, IniTextStaysOnItsLine) {
  EXPECT_EQ(escapeForIni("knight"), "knight");
  EXPECT_EQ(escapeForIni("a\n[evil]\r\nkey = v\t\x1b\xc2\x9b \xc3\xa9"),
            "a\\x0A[evil]\\x0D\\x0Akey = v\\x09\\x1B\\xC2\\x9B \xc3\xa9");
}

TEST(EscapeTest, PieceFileStrings) {
  EXPECT_EQ(pieceFileString("dragon king"), "\"dragon king\"");
  EXPECT_EQ(pieceFileString("say \"hi\" \\ \x1b\n\x7f"),
            "\"say \\\"hi\\\" \\\\ \\x1B\\x0A\\x7F\"");
}

TEST(EscapeTest, JsonWithoutControls) {
  EXPECT_EQ(jsonWithoutControls("{\"a\": \"x\x7fy\xc2\x9bz\xc3\xa9\"}"),
            "{\"a\": \"x\\u007fy\\u009bz\xc3\xa9\"}");
}

/// Random bytes: the terminal, ini and piece-file helpers leave no control
/// byte (C0, DEL, C1) raw, and a piece-file string has no raw quote.
TEST(EscapeTest, RandomBytesLeaveNoControlByte) {
  std::mt19937_64 Rng(35);
  auto Raw = [](const std::string &S, bool KeepLineBreaks) {
    for (size_t I = 0; I < S.size(); ++I) {
      unsigned char C = S[I];
      if (C == 0xC2 && I + 1 < S.size() && (unsigned char)S[I + 1] >= 0x80 &&
          (unsigned char)S[I + 1] < 0xA0)
        return true;
      if ((C < 0x20 || C == 0x7f) &&
          !(KeepLineBreaks && (C == '\n' || C == '\t')))
        return true;
    }
    return false;
  };
  for (int Trial = 0; Trial < 5000; ++Trial) {
    std::string S;
    for (int I = Rng() % 24; I > 0; --I)
      S += char(Rng() % 4 ? "\xc2\x9b\x1b\x7f\n\r\"\\a\xc3\xa9"[Rng() % 11]
                          : Rng() % 256);
    EXPECT_FALSE(Raw(escapeForTerminal(S), true)) << S;
    EXPECT_FALSE(Raw(escapeForIni(S), false)) << S;
    std::string P = pieceFileString(S);
    EXPECT_FALSE(Raw(P, false)) << S;
    for (size_t I = 1; I + 1 < P.size(); ++I) {
      if (P[I] == '\\') {
        ++I;
        continue;
      }
      EXPECT_NE(P[I], '"') << P;
    }
  }
}

} // namespace
