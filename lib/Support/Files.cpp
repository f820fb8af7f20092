//===- Files.cpp - Reading inputs and writing outputs safely --------------===//
//
// Outputs are written the way clang writes them (see writeOutputAtomically
// in Files.h): never half a file, never a special file replaced by a
// regular one, and an I/O error is a diagnostic, not LLVM's fatal "IO
// failure on output stream" at exit.
//
//===----------------------------------------------------------------------===//
#include "fairy/Support/Files.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/TimeReport.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <unistd.h>

using namespace fairy;
namespace fs = llvm::sys::fs;

namespace {
// Atomic: drivers on several threads (fairyc-lsp's workers) each set it.
std::atomic<uint64_t> MaxInputBytes{DefaultMaxInputSize};
} // namespace

void fairy::setMaxInputSize(uint64_t Bytes) { MaxInputBytes = Bytes; }
uint64_t fairy::maxInputSize() { return MaxInputBytes; }

std::optional<std::string> fairy::readInput(const std::string &Path,
                                            std::string &Error) {
  TimeReport::Phase Timing("read");
  std::string Name = Path == "-" ? "<stdin>" : Path;
  int FD = 0;
  if (Path != "-") {
    if (std::error_code EC = fs::openFileForRead(Path, FD)) {
      Error = "cannot read '" + Path + "': " + EC.message();
      return std::nullopt;
    }
  }
  // Read in chunks and stop past the limit: a 300 MB input (or an endless
  // pipe) costs the limit, not its size.
  std::string Text;
  char Chunk[1 << 16];
  bool TooLarge = false;
  for (;;) {
    llvm::Expected<size_t> Got =
        fs::readNativeFile(fs::convertFDToNativeFile(FD),
                           llvm::MutableArrayRef<char>(Chunk, sizeof Chunk));
    if (!Got) {
      Error = "cannot read '" + Name + "': " + llvm::toString(Got.takeError());
      if (Path != "-")
        ::close(FD);
      return std::nullopt;
    }
    if (*Got == 0)
      break;
    Text.append(Chunk, *Got);
    if (Text.size() > MaxInputBytes) {
      TooLarge = true;
      break;
    }
  }
  if (Path != "-")
    ::close(FD);
  if (TooLarge) {
    Error = "'" + Name + "' is larger than " +
            std::to_string(MaxInputBytes.load()) +
            " bytes, the most fairyc reads (--max-input-size to change it)";
    return std::nullopt;
  }
  return withoutByteOrderMark(std::move(Text));
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

std::optional<std::string> fairy::readInput(DiagnosticEngine &Diags,
                                            const std::string &Path) {
  std::string Error;
  auto Text = readInput(Path, Error);
  if (!Text)
    Diags.error(Error);
  return Text;
}
