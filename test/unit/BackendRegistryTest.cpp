//===- BackendRegistryTest.cpp - The back ends' registry ------------------===//
//
// The registry states what each back end takes (one notation's piece, a
// piece set, a position, several inputs); the driver must refuse exactly
// what it states, with the words it states, whatever the back end.
//
//===----------------------------------------------------------------------===//
#include "fairy/Backend/Backend.h"
#include "fairy/Driver/Driver.h"
#include "fairy/Driver/Options.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

using namespace fairy;

namespace {

std::string examplePath(const std::string &Name) {
  return std::string(FAIRY_SOURCE_DIR) + "/examples/" + Name;
}

/// The output of \p Inv under back end \p B, and its first error's text.
struct Answer {
  std::optional<std::string> Out;
  std::string FirstError;
};
Answer emit(Invocation Inv, const BackendInfo &B) {
  Inv.Emit = B.Name;
  Driver D;
  Answer A{D.emit(Inv), ""};
  for (const DriverDiagnostic &Diag : D.diagnostics())
    if (Diag.Kind == DriverDiagnostic::Error) {
      A.FirstError = Diag.Message;
      break;
    }
  return A;
}

TEST(BackendRegistryTest, NamesAreUniqueAndFound) {
  std::set<std::string> Names;
  ASSERT_FALSE(backends().empty());
  for (const BackendInfo *B : backends()) {
    SCOPED_TRACE(B->Name);
    EXPECT_TRUE(Names.insert(B->Name).second) << "named twice";
    EXPECT_EQ(findBackend(B->Name), B);
    EXPECT_NE(std::string(B->Help), "");
    EXPECT_TRUE(B->OnePiece || B->PieceSet) << "writes nothing";
    EXPECT_EQ(!B->OnePiece, B->RefusesOnePiece != nullptr)
        << "a refusal is stated exactly when one notation is refused";
    EXPECT_EQ(!B->PieceSet, B->RefusesPieceSet != nullptr)
        << "a refusal is stated exactly when a piece set is refused";
    EXPECT_TRUE(!B->Position || B->PieceSet);
    EXPECT_NE(backendNames().find(B->Name), std::string::npos);
  }
  EXPECT_EQ(findBackend("jsn"), nullptr);
  EXPECT_EQ(findBackend(""), nullptr);
}

TEST(BackendRegistryTest, TheOptionsABackEndReadsAreOptions) {
  for (const BackendInfo *B : backends()) {
    SCOPED_TRACE(B->Name);
    llvm::SmallVector<llvm::StringRef, 8> Names;
    llvm::StringRef(B->Options).split(Names, ' ', -1, false);
    EXPECT_FALSE(Names.empty());
    for (llvm::StringRef Name : Names) {
      EXPECT_TRUE(Name.startswith("-")) << Name.str();
      EXPECT_NE(findOption(Name.ltrim('-').str()), nullptr)
          << Name.str() << " is none of the options of Options.def";
    }
  }
}

/// What docs/backends.md's table of back ends says each takes and reads:
/// {name: {takes, options}}, from the third and fourth columns.
std::map<std::string, std::pair<std::string, std::string>>
documentedInputsAndOptions() {
  std::ifstream In(FAIRY_SOURCE_DIR "/docs/backends.md");
  EXPECT_TRUE(In) << "cannot read docs/backends.md";
  std::map<std::string, std::pair<std::string, std::string>> Rows;
  std::string Line;
  bool InTable = false;
  while (std::getline(In, Line)) {
    if (llvm::StringRef(Line).startswith("| `--emit=` |")) {
      InTable = true;
      continue;
    }
    if (!InTable || llvm::StringRef(Line).startswith("|---"))
      continue;
    if (!llvm::StringRef(Line).startswith("| `"))
      break;
    llvm::SmallVector<llvm::StringRef, 6> Cells;
    llvm::StringRef(Line).trim("| ").split(Cells, " | ");
    if (Cells.size() < 4)
      continue;
    std::string Name = Cells[0].ltrim('`').split('`').first.str();
    Rows[Name] = {Cells[2].str(), Cells[3].trim('`').str()};
  }
  return Rows;
}

/// "one piece, several files, a piece set, a position": what \p B takes.
std::string takes(const BackendInfo &B) {
  std::string Out;
  auto Add = [&](bool Given, const char *What) {
    if (Given)
      Out += (Out.empty() ? "" : ", ") + std::string(What);
  };
  Add(B.OnePiece, "one piece");
  Add(B.ManyInputs, "several files");
  Add(B.PieceSet, "a piece set");
  Add(B.Position, "a position");
  return Out;
}

TEST(BackendRegistryTest, TheDocsStateWhatEachBackEndTakes) {
  auto Documented = documentedInputsAndOptions();
  EXPECT_EQ(Documented.size(), backends().size());
  for (const BackendInfo *B : backends()) {
    SCOPED_TRACE(B->Name);
    auto Row = Documented.find(B->Name);
    ASSERT_NE(Row, Documented.end()) << "not in docs/backends.md's table";
    EXPECT_EQ(Row->second.first, takes(*B));
    EXPECT_EQ(Row->second.second, B->Options);
  }
}

TEST(BackendRegistryTest, TheDriverRefusesWhatTheRegistryStates) {
  // Pieces every back end can write, so that only a refusal fails.
  Invocation One;
  One.Notation = "betza";
  One.Expression = "N";
  One.Board = "8x8";
  Invocation Set;
  Set.Notation = "pieces";
  Set.Expression =
      "board 8x8;\npiece knight N betza \"N\";\npiece rook R parlett \"n+\";";
  for (const BackendInfo *B : backends()) {
    SCOPED_TRACE(B->Name);
    Answer A = emit(One, *B);
    if (!B->OnePiece) {
      EXPECT_FALSE(A.Out);
      EXPECT_EQ(A.FirstError, B->RefusesOnePiece);
    } else {
      EXPECT_TRUE(A.Out) << A.FirstError;
    }
    A = emit(Set, *B);
    if (!B->PieceSet) {
      EXPECT_FALSE(A.Out);
      EXPECT_EQ(A.FirstError, B->RefusesPieceSet);
    } else {
      EXPECT_TRUE(A.Out) << A.FirstError;
    }
  }
}

TEST(BackendRegistryTest, PositionsAndManyInputsAsStated) {
  Invocation InPosition;
  InPosition.Input = examplePath("chess.fairy");
  InPosition.Position = "start";
  Invocation Two;
  Two.Input = examplePath("knight.parlett");
  Two.MoreInputs = {examplePath("queen.parlett")};
  Two.Board = "8x8";
  for (const BackendInfo *B : backends()) {
    SCOPED_TRACE(B->Name);
    if (B->PieceSet) {
      Answer A = emit(InPosition, *B);
      EXPECT_EQ(A.Out.has_value(), B->Position != nullptr) << A.FirstError;
    }
    if (B->OnePiece) {
      Answer A = emit(Two, *B);
      EXPECT_EQ(A.Out.has_value(), B->ManyInputs) << A.FirstError;
    }
  }
}

} // namespace
