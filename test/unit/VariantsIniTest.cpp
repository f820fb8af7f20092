// The variants.ini importer that reads a file once: its sections and their
// lines, and imports that are the same -- pieces, board, every diagnostic
// with its place -- as a fresh importVariantsIniText of each section,
// whatever order the sections are imported in (each section's rules are
// resolved once and kept for those that inherit from it, errors in a
// parent included).
#include "fairy/IR/Printer.h"
#include "fairy/PieceFile/PieceSet.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace fairy;

namespace {

/// What an import leaves: the set in short, then every diagnostic.
std::string summary(const std::optional<PieceSet> &Set,
                    const DiagnosticEngine &Diags) {
  std::string Out;
  if (Set) {
    Out += Set->board().str() + " " + Set->StartFEN + "\n";
    for (const PieceDef &D : Set->Pieces) {
      Out += D.Name + " " + D.Letter + " " + D.File + ":";
      for (const PieceMovement &M : D.Moves)
        Out += " " + (M.IR ? printIRInline(*M.IR) : M.Text);
      Out += "\n";
    }
  } else {
    Out += "failed\n";
  }
  for (const Diagnostic &D : Diags.diagnostics())
    Out += D.File + ":" + std::to_string(D.Line) + ":" +
           std::to_string(D.Column) + ": " + std::to_string(D.Kind) + " " +
           D.Message + "\n";
  return Out;
}

const char *Sample = R"(# a comment before any section
[base:chess]
maxFile = 10
customPiece1 = a:mRcpR

[child:base]
enPassantRegionWhite = *3
[grandchild:child]
maxRank = 9
[broken:base]
maxRank = 99
[under-broken:broken]
[missing:nonesuch]
[under-missing:missing]
[loop-a:loop-b]
[loop-b:loop-a]
[into-loop:loop-a]
[xq:xiangqi]
mobilityRegionWhiteKing = d1 e1 f1
[xq2:xq]
[badpiece:chess]
customPiece2 = b:Q!
[under-badpiece:badpiece]
[dup]
maxFile = 6
[dup]
maxFile = 7
[tail:dup]
)";

TEST(VariantsIniImporterTest, SectionsAndTheirLines) {
  DiagnosticEngine Diags(nullptr);
  VariantsIniImporter Importer(Diags, "[a]\nx = 1\n\n[b:a]\n# c\n[c]", "<t>",
                               PieceFileOptions());
  const auto &S = Importer.sections();
  ASSERT_EQ(S.size(), 3u);
  EXPECT_EQ(S[0].Name, "a");
  EXPECT_EQ(S[0].Parent, "");
  EXPECT_EQ(S[0].FirstLine, 1u);
  EXPECT_EQ(S[0].LastLine, 3u);
  EXPECT_EQ(S[1].Name, "b");
  EXPECT_EQ(S[1].Parent, "a");
  EXPECT_EQ(S[1].FirstLine, 4u);
  EXPECT_EQ(S[1].LastLine, 5u);
  EXPECT_EQ(S[2].FirstLine, 6u);
  EXPECT_EQ(S[2].LastLine, 6u);
  // A final line break starts no line.
  VariantsIniImporter Ended(Diags, "[a]\nx = 1\n", "<t>", PieceFileOptions());
  EXPECT_EQ(Ended.sections()[0].LastLine, 2u);
  EXPECT_EQ(variantsIniSections(Sample).size(), 17u);
}

TEST(VariantsIniImporterTest, ImportsAsAFreshImportInAnyOrder) {
  std::vector<std::string> Names = variantsIniSections(Sample);
  Names.push_back("janggi"); // a built-in one
  Names.push_back("nonesuch");
  std::map<std::string, std::string> Fresh;
  for (const std::string &N : Names) {
    DiagnosticEngine Diags(nullptr);
    auto Set = importVariantsIniText(Diags, Sample, "sample.ini", N,
                                     PieceFileOptions());
    Fresh[N] = summary(Set, Diags);
  }
  EXPECT_NE(Fresh["under-broken"].find("sample.ini:11:11"), std::string::npos)
      << Fresh["under-broken"];
  EXPECT_NE(Fresh["into-loop"].find("sample.ini:15:1: 0 the section "
                                    "[loop-a] inherits from itself"),
            std::string::npos)
      << Fresh["into-loop"];
  EXPECT_NE(Fresh["loop-b"].find("[loop-b] inherits from itself"),
            std::string::npos);
  EXPECT_NE(Fresh["under-missing"].find("sample.ini:13:10"), std::string::npos)
      << Fresh["under-missing"];
  EXPECT_NE(Fresh["xq2"].find("9x10"), std::string::npos) << Fresh["xq2"];
  std::mt19937 Rng(35);
  for (int Round = 0; Round < 8; ++Round) {
    std::shuffle(Names.begin(), Names.end(), Rng);
    // One importer, every section in turn; each import's diagnostics
    // compared on their own.
    PieceFileOptions Opts;
    DiagnosticEngine Diags(nullptr);
    VariantsIniImporter Importer(Diags, Sample, "sample.ini", Opts);
    for (const std::string &N : Names) {
      SCOPED_TRACE(N);
      size_t Before = Diags.diagnostics().size();
      auto Set = Importer.import(N);
      DiagnosticEngine Only(nullptr);
      std::string Got = summary(Set, Only);
      for (size_t I = Before; I < Diags.diagnostics().size(); ++I) {
        const Diagnostic &D = Diags.diagnostics()[I];
        Got += D.File + ":" + std::to_string(D.Line) + ":" +
               std::to_string(D.Column) + ": " + std::to_string(D.Kind) + " " +
               D.Message + "\n";
      }
      EXPECT_EQ(Got, Fresh[N]);
    }
  }
}

/// A random variants.ini: sections whose parents are others (loops and
/// chains included), built-in variants or missing, with entries that set
/// the board, pieces, regions and rules, some of them wrong.
std::string randomIni(std::mt19937 &Rng) {
  static const char *Entries[] = {"maxFile = 10",
                                  "maxFile = 99",
                                  "maxRank = 9",
                                  "customPiece1 = a:mRcpR",
                                  "customPiece2 = b:Q!",
                                  "customPiece3 = c:WW",
                                  "pawn = -",
                                  "knight = n",
                                  "king = k:KN",
                                  "mobilityRegionWhiteKing = d1 e1 f1",
                                  "mobilityRegionBlackCustomPiece1 = *3 *4",
                                  "enPassantRegionWhite = *3",
                                  "doubleStepRegionWhite = *9",
                                  "doubleStep = false",
                                  "promotionRank = 6",
                                  "promotionRank = 60",
                                  "startFen = 8/8/8/8/8/8/8/8 w",
                                  "startFen = xyz",
                                  "diagonalLines = d1 f3",
                                  "cambodianMoves = true",
                                  "soldierPromotionRank = 6",
                                  "castling = false"};
  static const char *Builtins[] = {"chess",  "xiangqi",  "janggi", "shogi",
                                   "makruk", "nonesuch", ""};
  int N = 2 + Rng() % 10;
  std::string Text;
  for (int I = 0; I < N; ++I) {
    Text += "[s" + std::to_string(I);
    if (Rng() % 3)
      Text += ":s" + std::to_string(Rng() % N);
    else if (std::string B = Builtins[Rng() % 7]; !B.empty())
      Text += ":" + B;
    Text += "]\n";
    for (int E = Rng() % 4; E > 0; --E)
      Text += std::string(Entries[Rng() % std::size(Entries)]) + "\n";
  }
  return Text;
}

TEST(VariantsIniImporterTest, RandomFilesImportAsFreshImports) {
  std::mt19937 Rng(3535);
  for (int Trial = 0; Trial < 150; ++Trial) {
    std::string Text = randomIni(Rng);
    SCOPED_TRACE(Text);
    std::vector<std::string> Names = variantsIniSections(Text);
    std::shuffle(Names.begin(), Names.end(), Rng);
    DiagnosticEngine Diags(nullptr);
    VariantsIniImporter Importer(Diags, Text, "r.ini", PieceFileOptions());
    for (const std::string &N : Names) {
      SCOPED_TRACE(N);
      DiagnosticEngine FreshDiags(nullptr);
      auto Fresh = importVariantsIniText(FreshDiags, Text, "r.ini", N,
                                         PieceFileOptions());
      size_t Before = Diags.diagnostics().size();
      auto Set = Importer.import(N);
      DiagnosticEngine None(nullptr);
      std::string Got = summary(Set, None);
      for (size_t I = Before; I < Diags.diagnostics().size(); ++I) {
        const Diagnostic &D = Diags.diagnostics()[I];
        Got += D.File + ":" + std::to_string(D.Line) + ":" +
               std::to_string(D.Column) + ": " + std::to_string(D.Kind) + " " +
               D.Message + "\n";
      }
      ASSERT_EQ(Got, summary(Fresh, FreshDiags));
    }
  }
}

} // namespace
