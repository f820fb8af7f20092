//===- DiagnosticsTest.cpp - DiagnosticEngine's places, snippets, JSON ----===//
#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/Escape.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

using namespace fairy;
using namespace llvm;

namespace {

// The line index places every byte where SourceMgr does: lines cut at
// '\n' and '\r', line numbers counting only '\n'.
TEST(DiagnosticsTest, LineIndexAgreesWithSourceMgr) {
  std::string Text = "ab\ncd\r\nef\rgh\n\nij";
  DiagnosticEngine D(nullptr);
  unsigned Buf = D.addBuffer(Text, "<t>");
  for (size_t I = 0; I <= Text.size(); ++I) {
    D.warning(D.loc(Buf, I), "w", {D.range(Buf, I, Text.size())});
    auto [Line, Column] = D.sourceMgr().getLineAndColumn(D.loc(Buf, I));
    const Diagnostic &R = D.diagnostics().back();
    EXPECT_EQ(R.Line, Line) << I;
    EXPECT_EQ(R.Column, Column) << I;
    EXPECT_EQ(R.Ranges[0].second.Line,
              D.sourceMgr().getLineAndColumn(D.loc(Buf, Text.size())).first);
  }
}

std::string printed(StringRef Text, size_t At, size_t RangeEnd) {
  std::string Out;
  raw_string_ostream OS(Out);
  DiagnosticEngine D(&OS);
  D.setColors(false);
  unsigned Buf = D.addBuffer(Text, "<t>");
  D.warning(D.loc(Buf, At), "w", {D.range(Buf, At, RangeEnd)},
            {SMFixIt(D.range(Buf, At, At + 1), "X")});
  D.flush();
  return OS.str();
}

// A line within the window is shown whole, as SMDiagnostic shows it.
TEST(DiagnosticsTest, ShortLineWhole) {
  std::string Line(SnippetMaxLine, 'a');
  EXPECT_EQ(printed(Line, 5, 7),
            "<t>:1:6: warning: w\n" + Line + "\n     ^~\n     X\n");
}

// A longer line is cut around the caret, the range and fix-it with it.
TEST(DiagnosticsTest, LongLineCut) {
  std::string Line(100000, 'a');
  std::string Out = printed(Line, 50000, 50002);
  std::string Shown = "..." + std::string(SnippetWindow, 'a') + "...";
  size_t Caret = 3 + SnippetWindow / 2;
  EXPECT_EQ(Out, "<t>:1:50001: warning: w\n" + Shown + "\n" +
                     std::string(Caret, ' ') + "^~\n" +
                     std::string(Caret, ' ') + "X\n");
  // At the start and at the end, one cut only.
  std::string Start = printed(Line, 0, 1);
  EXPECT_EQ(Start.substr(0, Start.find("\n^")),
            "<t>:1:1: warning: w\n" + std::string(SnippetWindow, 'a') + "...");
  std::string End = printed(Line, Line.size(), Line.size());
  EXPECT_NE(End.find("\n..." + std::string(SnippetWindow, 'a') + "\n" +
                     std::string(3 + SnippetWindow, ' ') + "^\n"),
            std::string::npos)
      << End;
}

// Coloured, and under SMDiagnostic's name for standard input ("-" is
// shown "<stdin>"), the header still gives the real column.
TEST(DiagnosticsTest, LongLineCutHeader) {
  std::string Line(1000, 'a');
  for (bool Colors : {false, true}) {
    std::string Out;
    raw_string_ostream OS(Out);
    DiagnosticEngine D(&OS);
    D.setColors(Colors);
    unsigned Buf = D.addBuffer(Line, "-");
    D.error(D.loc(Buf, 500), "e");
    D.flush();
    EXPECT_NE(Out.find("<stdin>:1:501:"), std::string::npos) << Out;
    EXPECT_LT(Out.size(), 400u) << Out;
  }
}

// A range is cut at the window's ends; a fix-it not wholly inside it is
// left out; a cut never splits a UTF-8 character (a line with one is
// shown without a caret, as SMDiagnostic shows such lines).
TEST(DiagnosticsTest, LongLineCutRangesFixItsUtf8) {
  std::string Line(1000, 'a');
  std::string Out;
  raw_string_ostream OS(Out);
  DiagnosticEngine D(&OS);
  D.setColors(false);
  unsigned Buf = D.addBuffer(Line, "<t>");
  D.warning(D.loc(Buf, 500), "w", {D.range(Buf, 0, 1000)},
            {SMFixIt(D.range(Buf, 300, 501), "X")});
  D.flush();
  size_t Caret = 3 + SnippetWindow / 2;
  EXPECT_NE(Out.find("\n   " + std::string(Caret - 3, '~') + "^" +
                     std::string(SnippetWindow - Caret + 2, '~') + "\n"),
            std::string::npos)
      << Out;
  EXPECT_EQ(Out.find('X'), std::string::npos) << Out;

  std::string Wide;
  for (int I = 0; I < 400; ++I)
    Wide += "\xc3\xa9"; // U+00E9, two bytes
  Out.clear();
  unsigned WideBuf = D.addBuffer(Wide, "<u>");
  for (size_t At : {401, 402, 403}) {
    Out.clear();
    D.warning(D.loc(WideBuf, At), "w");
    D.flush();
    std::string Shown = Out.substr(Out.find('\n') + 1);
    Shown = Shown.substr(0, Shown.find('\n'));
    ASSERT_TRUE(StringRef(Shown).startswith("...")) << Shown;
    ASSERT_TRUE(StringRef(Shown).endswith("...")) << Shown;
    EXPECT_EQ((Shown.size() - 6) % 2, 0u) << Shown;
    EXPECT_EQ((unsigned char)Shown[3], 0xc3) << Shown;
  }
}

// The streamed JSON is what formatting the whole array at once gave.
TEST(DiagnosticsTest, JsonAsOneArray) {
  DiagnosticEngine D(nullptr);
  EXPECT_EQ(diagnosticsToJson(D.diagnostics()), "[]\n");
  unsigned Buf = D.addBuffer("NWF\x7f\n\xc2\x85K", "<t>");
  D.warning(Warning::DuplicateAlternative, D.loc(Buf, 1), "a \"\xc2\x85\"",
            {D.range(Buf, 1, 2)}, {SMFixIt(D.range(Buf, 1, 2), "\x7f")});
  D.note(D.loc(Buf, 6), "n");
  D.error("unlocated");
  json::Array All;
  for (const Diagnostic &R : D.diagnostics()) {
    auto Point = [](SourcePoint P) {
      return json::Object{{"line", P.Line}, {"column", P.Column}};
    };
    json::Object O{{"severity", severityName(R.Kind)}, {"message", R.Message}};
    O["name"] = R.Name.empty() ? json::Value(nullptr) : json::Value(R.Name);
    if (R.File.empty()) {
      O["file"] = nullptr;
    } else {
      O["file"] = R.File;
      O["line"] = R.Line;
      O["column"] = R.Column;
    }
    json::Array Ranges, FixIts;
    for (const auto &[B, E] : R.Ranges)
      Ranges.push_back(json::Object{{"begin", Point(B)}, {"end", Point(E)}});
    for (const Diagnostic::FixIt &F : R.FixIts)
      FixIts.push_back(json::Object{
          {"begin", Point(F.Begin)}, {"end", Point(F.End)}, {"text", F.Text}});
    O["ranges"] = std::move(Ranges);
    O["fixits"] = std::move(FixIts);
    All.push_back(std::move(O));
  }
  std::string Whole = formatv("{0:2}", json::Value(std::move(All))).str();
  EXPECT_EQ(diagnosticsToJson(D.diagnostics()),
            jsonWithoutControls(Whole) + "\n");
}

// Printed as clang prints them: each file's in the order of their places,
// whatever order the checks found them in, a note after its diagnostic;
// one without a place keeps its turn.
TEST(DiagnosticsTest, FlushedInTheOrderOfTheirPlaces) {
  std::string Out;
  raw_string_ostream OS(Out);
  DiagnosticEngine D(&OS);
  D.setColors(false);
  unsigned A = D.addBuffer("line one\nline two\nline three\n", "a.fairy");
  unsigned B = D.addBuffer("other\n", "b.fairy");
  D.warning(D.loc(A, 9), "second"); // line 2
  D.note(D.loc(A, 0), "its note");  // stays after "second"
  D.warning(D.loc(B, 0), "in b");   // b comes after a
  D.warning(D.loc(A, 0), "first");  // line 1
  D.error("no place");              // after a's and b's, as it came
  D.warning(D.loc(A, 18), "third"); // line 3
  EXPECT_EQ(Out, "") << "nothing before flush()";
  D.flush();
  std::vector<std::string> Order;
  for (StringRef L : split(StringRef(Out), '\n'))
    if (L.contains("warning:") || L.contains("error:") || L.contains("note:"))
      Order.push_back(L.str());
  ASSERT_EQ(Order.size(), 6u) << Out;
  EXPECT_EQ(Order[0], "a.fairy:1:1: warning: first");
  EXPECT_EQ(Order[1], "a.fairy:2:1: warning: second");
  EXPECT_EQ(Order[2], "a.fairy:1:1: note: its note");
  EXPECT_EQ(Order[3], "a.fairy:3:1: warning: third");
  EXPECT_EQ(Order[4], "b.fairy:1:1: warning: in b");
  EXPECT_EQ(Order[5], "fairyc: error: no place");
}

// setDeduplicate: a diagnostic the same as an earlier one (place, kind,
// message) is dropped with its notes, also when it comes from another
// buffer embedded at the same place; a different one is kept.
TEST(DiagnosticsTest, DeduplicateDropsRepeatsAndTheirNotes) {
  DiagnosticEngine D(nullptr);
  D.setDeduplicate(true);
  unsigned Buf = D.addBuffer("abc\ndef", "<t>");
  unsigned Inner = D.addEmbeddedBuffer("c", Buf, {2, 3}, false);
  D.error(D.loc(Buf, 2), "once");
  D.note(D.loc(Buf, 5), "its note");
  D.error(D.loc(Inner, 0), "once");
  D.note(D.loc(Buf, 5), "its note");
  D.warning(D.loc(Buf, 2), "once");
  D.error(D.loc(Buf, 1), "once");
  ASSERT_EQ(D.diagnostics().size(), 4u);
  EXPECT_EQ(D.errorCount(), 2u) << "a dropped error is not counted";
  EXPECT_EQ(D.diagnostics()[1].Message, "its note");
  EXPECT_EQ(D.diagnostics()[2].Kind, SourceMgr::DK_Warning);
  EXPECT_EQ(D.diagnostics()[3].Column, 2u);
}

} // namespace
