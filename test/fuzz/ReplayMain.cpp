//===- ReplayMain.cpp - Run a fuzz target over saved inputs ---------------===//
//
// Links with one fuzz target in place of libFuzzer: runs it on every file
// named on the command line (or in a named directory). ctest uses it to
// replay the committed corpus, crash reproducers included, in the ordinary
// gcc build, so fuzzing finds stay fixed without a clang build in CI.
//
//===----------------------------------------------------------------------===//
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);

int main(int argc, char **argv) {
  std::vector<std::string> Files;
  for (int I = 1; I < argc; ++I) {
    std::error_code EC;
    if (llvm::sys::fs::is_directory(argv[I])) {
      for (llvm::sys::fs::directory_iterator It(argv[I], EC), End;
           It != End && !EC; It.increment(EC))
        Files.push_back(It->path());
    } else {
      Files.push_back(argv[I]);
    }
  }
  std::sort(Files.begin(), Files.end());
  for (const std::string &F : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(F);
    if (!Buf) {
      llvm::errs() << "cannot read " << F << "\n";
      return 1;
    }
    LLVMFuzzerTestOneInput(
        reinterpret_cast<const uint8_t *>((*Buf)->getBufferStart()),
        (*Buf)->getBufferSize());
  }
  llvm::outs() << "replayed " << Files.size() << " inputs\n";
  return Files.empty() ? 1 : 0;
}
