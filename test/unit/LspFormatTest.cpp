//===- LspFormatTest.cpp - fairyc-lsp's piece-file formatter --------------===//
//
// formatPieceFile changes whitespace only: checked with a tokenizer of its
// own (not the grammar's lexer the formatter uses), on hand-made layouts,
// on every piece file of the repository and on random re-spacings of them;
// its result is a fixed point, and reads as the same pieces and rules.
//
//===----------------------------------------------------------------------===//
#include "fairy/PieceFile/PieceFileFormat.h"
#include "fairy/PieceFile/PieceSet.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <random>

using namespace fairy;
using llvm::StringRef;

namespace {

/// A token or a comment: its kind ("w" word, "s" string, "p" punctuation,
/// "c" comment, "i" a variants-ini block) and its text, a comment's with
/// its lines' trailing blanks removed, a block's as the key = value pairs
/// the reader reads.
struct Tok {
  std::string Kind, Text;
  bool operator==(const Tok &O) const {
    return Kind == O.Kind && Text == O.Text;
  }
};

std::string rstripLines(StringRef S) {
  std::string Out;
  for (StringRef Line : llvm::split(S, '\n'))
    Out += Line.rtrim().str() + "\n";
  return Out;
}

std::vector<Tok> tokens(StringRef S) {
  std::vector<Tok> Out;
  size_t I = 0;
  while (I < S.size()) {
    char C = S[I];
    StringRef Rest = S.substr(I);
    size_t End = I + 1;
    if (isspace((unsigned char)C)) {
      ++I;
      continue;
    }
    if (Rest.startswith("//") || C == '#') {
      End = std::min(S.size(), S.find('\n', I));
      Out.push_back({"c", rstripLines(S.slice(I, End))});
    } else if (Rest.startswith("/*")) {
      End = S.find("*/", I + 2) + 2;
      Out.push_back({"c", rstripLines(S.slice(I, End))});
    } else if (C == '"') {
      while (End < S.size() && S[End] != '"')
        End += S[End] == '\\' ? 2 : 1;
      ++End;
      Out.push_back({"s", S.slice(I, End).str()});
    } else if (Rest.startswith("variants-ini")) {
      End = S.find('}', I) + 1;
      StringRef Body = S.slice(S.find('{', I) + 1, End - 1);
      std::string Pairs;
      for (StringRef Line : llvm::split(Body, '\n')) {
        Line = Line.trim();
        if (Line.empty())
          continue;
        auto [K, V] = Line.split('=');
        Pairs += K.trim().str() + "=" + V.trim().str() + "\n";
      }
      Out.push_back({"i", Pairs});
    } else if (isalnum((unsigned char)C) || C == '_') {
      while (End < S.size() &&
             (isalnum((unsigned char)S[End]) || S[End] == '_'))
        ++End;
      Out.push_back({"w", S.slice(I, End).str()});
    } else {
      Out.push_back({"p", std::string(1, C)});
    }
    I = End;
  }
  return Out;
}

/// Formats \p Text and checks what every layout must be.
std::string formatChecked(const std::string &Text, const std::string &What) {
  std::optional<std::string> Out = formatPieceFile(Text);
  EXPECT_TRUE(Out) << What;
  if (!Out)
    return Text;
  EXPECT_EQ(tokens(Text), tokens(*Out)) << What << "\n" << *Out;
  EXPECT_EQ(formatPieceFile(*Out), Out) << What << " is not a fixed point";
  for (StringRef Line : llvm::split(StringRef(*Out), '\n'))
    EXPECT_EQ(Line, Line.rtrim()) << What << ": trailing blanks";
  if (!Out->empty()) {
    EXPECT_TRUE(StringRef(*Out).endswith("\n")) << What;
    EXPECT_FALSE(StringRef(*Out).endswith("\n\n")) << What;
  }
  return *Out;
}

/// Every piece, rule and start of \p Text read as a piece file, or "error".
std::string meaning(const std::string &Text, const std::string &Dir) {
  DiagnosticEngine Diags(nullptr);
  PieceFileOptions Opts;
  Opts.IncludeDir = Dir;
  std::optional<PieceSet> Set = readPieceFileText(Diags, Text, "<input>", Opts);
  if (!Set)
    return "error";
  std::string Out = Set->board().str() + " " + Set->StartFEN + "\n";
  for (const PieceDef &P : Set->Pieces)
    Out += P.Name + " " + P.Letter + (P.Royal ? " royal " : " ") +
           P.describe() + "\n";
  for (const GameRule &R : Set->Rules)
    Out += R.Key + " = " + R.Value + "\n";
  return Out;
}

TEST(LspFormat, LaysOutStatementsBlocksAndComments) {
  std::string In = "// chess\n"
                   "game   \"Chess\" ;board 8x8 missing a1 - b2 , c3;\n"
                   "\n\n\n"
                   "piece  pawn P {   white betza \"fmW\";black betza \"fmW\"; "
                   "}  // pawns\n"
                   "piece knight /* leaper */ N\n"
                   "   betza \"N\";   \n"
                   "piece king K // the king\n"
                   "royal betza \"K\";\n"
                   "  /* a block\n"
                   "     comment */\n"
                   "variants-ini {castling=false\n"
                   "   \n\n    # a comment\n"
                   "  nMoveRule =   50   }\n"
                   "promotion\ta8-h8;";
  EXPECT_EQ(formatChecked(In, "the example"),
            "// chess\n"
            "game \"Chess\";\n"
            "board 8x8 missing a1-b2, c3;\n"
            "\n"
            "piece pawn P {\n"
            "  white betza \"fmW\";\n"
            "  black betza \"fmW\";\n"
            "} // pawns\n"
            "piece knight /* leaper */ N betza \"N\";\n"
            "piece king K // the king\n"
            "    royal betza \"K\";\n"
            "/* a block\n"
            "     comment */\n"
            "variants-ini {\n"
            "  castling = false\n"
            "\n"
            "  # a comment\n"
            "  nMoveRule = 50\n"
            "}\n"
            "promotion a8-h8;\n");
  EXPECT_EQ(formatChecked("", "empty"), "");
  EXPECT_EQ(formatChecked("  \n\n// only\n\n", "a comment"), "// only\n");
  EXPECT_EQ(formatChecked("variants-ini {}", "an empty block"),
            "variants-ini {}\n");
}

TEST(LspFormat, ASyntaxErrorIsLeftAlone) {
  for (const char *Bad :
       {"piece knight N betza \"N\"", "piece knight N betza \"N;\n",
        "board 8x8; /* open", "piece pawn P { white betza \"W\";",
        "board 8x8; @", "variants-ini { castling = false", "board 8x8;\xff\n"})
    EXPECT_FALSE(formatPieceFile(Bad)) << Bad;
}

/// The repository's piece files, with the directory of each.
std::vector<std::pair<std::string, std::string>> repositoryPieceFiles() {
  std::vector<std::pair<std::string, std::string>> Out;
  for (const char *Dir : {"examples", "examples/perft", "docs/examples",
                          "test/PieceFile/Inputs", "test/Lsp/Inputs"}) {
    std::string Path = std::string(FAIRY_SOURCE_DIR) + "/" + Dir;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Path, EC), End; It != End && !EC;
         It.increment(EC))
      if (StringRef(It->path()).endswith(".fairy"))
        Out.push_back({It->path(), Path});
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

TEST(LspFormat, RepositoryFilesKeepTheirMeaning) {
  auto Files = repositoryPieceFiles();
  EXPECT_GE(Files.size(), 15u);
  for (const auto &[Path, Dir] : Files) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(bool(Buffer)) << Path;
    std::string Text = (*Buffer)->getBuffer().str();
    if (!formatPieceFile(Text))
      continue; // a test's syntax error
    std::string Out = formatChecked(Text, Path);
    EXPECT_EQ(meaning(Text, Dir), meaning(Out, Dir)) << Path;
  }
}

TEST(LspFormat, RandomSpacingsFormatToFixedPoints) {
  std::mt19937 Rng(37);
  const char *const Gaps[] = {" ", "  ", "\t", "\n", "\n\n", " \n  ", "\n\n\n"};
  unsigned Tried = 0;
  for (const auto &[Path, Dir] : repositoryPieceFiles()) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(bool(Buffer)) << Path;
    std::string Text = (*Buffer)->getBuffer().str();
    if (!formatPieceFile(Text))
      continue;
    for (int Round = 0; Round < 4; ++Round) {
      // The tokens again, each gap a random one (a line break after a
      // line comment); a variants-ini block is written as it was read.
      std::string Spaced;
      for (const Tok &T : tokens(Text)) {
        Spaced += T.Text;
        if (T.Kind == "i") {
          Spaced.erase(Spaced.size() - T.Text.size());
          Spaced += "variants-ini {\n" + T.Text + "}";
        }
        bool LineComment = T.Kind == "c" && !StringRef(T.Text).startswith("/*");
        Spaced += LineComment ? "\n" : Gaps[Rng() % std::size(Gaps)];
      }
      std::string What =
          Path + " respaced (round " + std::to_string(Round) + ")";
      formatChecked(Spaced, What);
      EXPECT_EQ(meaning(Spaced, Dir), meaning(Text, Dir)) << What;
      ++Tried;
    }
  }
  EXPECT_GE(Tried, 40u);
}

} // namespace
