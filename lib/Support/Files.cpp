//===- Files.cpp - Reading inputs and writing outputs safely --------------===//
//
// Outputs are written the way clang writes them (see writeOutputAtomically
// in Files.h): never half a file, never a special file replaced by a
// regular one, and an I/O error is a diagnostic, not LLVM's fatal "IO
// failure on output stream" at exit.
//
//===----------------------------------------------------------------------===//
#include "fairy/Support/Files.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

using namespace fairy;
namespace fs = llvm::sys::fs;

std::optional<std::string> fairy::readInput(const std::string &Path,
                                            std::string &Error) {
  auto Buf = llvm::MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buf) {
    Error = "cannot read '" + Path + "': " + Buf.getError().message();
    return std::nullopt;
  }
  return withoutByteOrderMark((*Buf)->getBuffer().str());
}

std::string fairy::withoutByteOrderMark(std::string Text) {
  if (llvm::StringRef(Text).startswith("\xEF\xBB\xBF"))
    Text.erase(0, 3);
  return Text;
}

bool fairy::isSameFile(const std::string &Output, const std::string &Input) {
  if (Output == "-" || Input.empty() || Input == "-")
    return false;
  bool Same = false;
  return !fs::equivalent(Output, Input, Same) && Same;
}

/// Writes \p Contents to \p OS and closes it; false with \p Error set.
static bool writeAndClose(llvm::raw_fd_ostream &OS, const std::string &Name,
                          const std::string &Contents, std::string &Error) {
  OS << Contents;
  OS.close();
  if (!OS.has_error())
    return true;
  Error = "cannot write '" + Name + "': " + OS.error().message();
  // Reported here; LLVM would otherwise abort on the error at exit.
  OS.clear_error();
  return false;
}

bool fairy::writeOutputAtomically(const std::string &Path,
                                  const std::string &Contents,
                                  std::string &Error) {
  if (Path == "-") {
    llvm::raw_fd_ostream &Out = llvm::outs();
    Out << Contents;
    Out.flush();
    if (!Out.has_error())
      return true;
    Error = "cannot write '<stdout>': " + Out.error().message();
    Out.clear_error();
    return false;
  }
  auto Fail = [&](const std::string &Why) {
    Error = "cannot write '" + Path + "': " + Why;
    return false;
  };
  fs::file_status Status;
  bool Exists = !fs::status(Path, Status) && fs::exists(Status);
  if (Exists && fs::is_directory(Status))
    return Fail("it is a directory");
  if (Exists && !fs::is_regular_file(Status)) {
    // A FIFO, a device, a socket: written in place, never replaced.
    int FD;
    if (std::error_code EC =
            fs::openFileForWrite(Path, FD, fs::CD_OpenExisting, fs::OF_None))
      return Fail(EC.message());
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    return writeAndClose(OS, Path, Contents, Error);
  }
  if (Exists && ((Status.permissions() & fs::all_write) == 0 ||
                 fs::access(Path, fs::AccessMode::Write)))
    return Fail("the file is read-only");

  llvm::SmallString<256> Temp;
  int FD;
  if (std::error_code EC = fs::createUniqueFile(Path + ".tmp-%%%%%%", FD, Temp))
    return Fail(EC.message());
  // Removed by LLVM's handlers if a signal ends the process before the
  // rename.
  llvm::sys::RemoveFileOnSignal(Temp);
  auto Discard = [&] {
    fs::remove(Temp);
    llvm::sys::DontRemoveFileOnSignal(Temp);
  };
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    if (!writeAndClose(OS, Path, Contents, Error)) {
      Discard();
      return false;
    }
  }
  if (std::error_code EC = fs::rename(Temp, Path)) {
    Discard();
    return Fail(EC.message());
  }
  llvm::sys::DontRemoveFileOnSignal(Temp);
  return true;
}
