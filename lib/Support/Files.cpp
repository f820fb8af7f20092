//===- Files.cpp - Reading inputs and writing outputs safely --------------===//
#include "fairy/Support/Files.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace fairy;

std::optional<std::string> fairy::readInput(const std::string &Path,
                                            std::string &Error) {
  auto Buf = llvm::MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buf) {
    Error = "cannot read '" + Path + "': " + Buf.getError().message();
    return std::nullopt;
  }
  return (*Buf)->getBuffer().str();
}

bool fairy::writeOutputAtomically(const std::string &Path,
                                  const std::string &Contents,
                                  std::string &Error) {
  if (Path == "-") {
    llvm::outs() << Contents;
    llvm::outs().flush();
    return true;
  }
  llvm::SmallString<256> Temp;
  int FD;
  std::error_code EC =
      llvm::sys::fs::createUniqueFile(Path + ".tmp-%%%%%%", FD, Temp);
  if (EC) {
    Error = "cannot write '" + Path + "': " + EC.message();
    return false;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      Error = "cannot write '" + Path + "': " + OS.error().message();
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return false;
    }
  }
  EC = llvm::sys::fs::rename(Temp, Path);
  if (EC) {
    llvm::sys::fs::remove(Temp);
    Error = "cannot write '" + Path + "': " + EC.message();
    return false;
  }
  return true;
}
