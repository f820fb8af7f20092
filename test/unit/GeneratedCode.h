// Compiling and running generated C in tests: the header and a check
// program are written to a directory, compiled by gcc and clang as C99 and
// by g++ as C++17 with -Wall -Wextra -Werror, and run; the program's exit
// status says whether the generated code agreed with the evaluator.
#ifndef FAIRY_TEST_UNIT_GENERATEDCODE_H
#define FAIRY_TEST_UNIT_GENERATEDCODE_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fairy::test {

class GeneratedCode {
public:
  GeneratedCode() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("fairy-generated", Dir));
    for (auto [Names, Lang] :
         {std::pair<std::vector<const char *>, std::vector<std::string>>{
              {"gcc"}, {"-std=c99"}},
          {{"g++"}, {"-x", "c++", "-std=c++17"}},
          {{"clang-14", "clang"}, {"-std=c99"}}})
      for (const char *N : Names)
        if (auto P = llvm::sys::findProgramByName(N)) {
          Compilers.push_back({*P, Lang});
          break;
        }
    EXPECT_GE(Compilers.size(), 2u) << "gcc and g++ are needed";
  }
  ~GeneratedCode() { llvm::sys::fs::remove_directories(Dir); }

  /// Flags every compiler gets too (say -mbmi2).
  void addFlags(std::vector<std::string> Flags) {
    Extra.insert(Extra.end(), Flags.begin(), Flags.end());
  }

  /// Writes <Name>.h and <Name>.c, then compiles and runs the program with
  /// every compiler; failures are test failures naming the compiler.
  void check(const std::string &Name, const std::string &Header,
             const std::string &Program) {
    std::string Base = (Dir + "/" + Name).str();
    {
      std::error_code EC;
      llvm::raw_fd_ostream(Base + ".h", EC) << Header;
      llvm::raw_fd_ostream(Base + ".c", EC) << Program;
      ASSERT_FALSE(EC);
    }
    for (auto &[CC, Lang] : Compilers) {
      std::vector<std::string> Args = Lang;
      // -O0: the tables are large and only warnings and results matter.
      Args.insert(Args.end(), Extra.begin(), Extra.end());
      for (const char *A : {"-Wall", "-Wextra", "-Werror", "-O0", "-o"})
        Args.push_back(A);
      Args.push_back(Base + ".bin");
      Args.push_back(Base + ".c");
      ASSERT_EQ(run(CC, Args), 0) << CC << " failed on " << Base << ".c";
      EXPECT_EQ(run(Base + ".bin", {}), 0)
          << CC << ": the generated code disagrees with the evaluator; "
          << Base;
    }
  }

private:
  llvm::SmallString<128> Dir;
  std::vector<std::pair<std::string, std::vector<std::string>>> Compilers;
  std::vector<std::string> Extra;

  static int run(const std::string &Program,
                 const std::vector<std::string> &Args) {
    std::vector<llvm::StringRef> Refs = {Program};
    for (const std::string &A : Args)
      Refs.push_back(A);
    return llvm::sys::ExecuteAndWait(Program, Refs, llvm::None, {}, 300);
  }
};

} // namespace fairy::test

#endif
