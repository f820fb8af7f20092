//===- Diagnostics.h - Located diagnostics through llvm::SourceMgr -*- C++
//-*-===//
//
// Every front end, the IR parser and the tools report problems through one
// DiagnosticEngine: `file:line:col: error: message`, the source line, a caret
// and range underline, and fix-it hints, rendered by LLVM's SMDiagnostic.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_SUPPORT_DIAGNOSTICS_H
#define FAIRY_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace fairy {

/// A diagnostic as recorded, for tests and machine-readable output.
struct Diagnostic {
  llvm::SourceMgr::DiagKind Kind;
  std::string Message;
  unsigned Line = 0, Column = 0; ///< 1-based; Column counts bytes
};

class DiagnosticEngine {
public:
  /// Diagnostics are printed to \p OS as they are reported; pass nullptr
  /// to only record them.
  /// \p Tool prefixes errors that belong to no source ("fairyc: error: ...").
  explicit DiagnosticEngine(llvm::raw_ostream *OS = &llvm::errs(),
                            std::string Tool = "fairyc");

  /// Registers a source text under a buffer name such as "<input>" or a
  /// file path and returns its buffer id.
  unsigned addBuffer(llvm::StringRef Text, llvm::StringRef Name);
  llvm::StringRef bufferText(unsigned Buffer) const;
  /// The location \p ByteOffset bytes into buffer \p Buffer (clamped to its
  /// end).
  llvm::SMLoc loc(unsigned Buffer, size_t ByteOffset) const;
  llvm::SMRange range(unsigned Buffer, size_t Begin, size_t End) const;

  void report(llvm::SourceMgr::DiagKind Kind, llvm::SMLoc Loc,
              const llvm::Twine &Msg, llvm::ArrayRef<llvm::SMRange> Ranges = {},
              llvm::ArrayRef<llvm::SMFixIt> FixIts = {});
  void error(llvm::SMLoc Loc, const llvm::Twine &Msg,
             llvm::ArrayRef<llvm::SMRange> Ranges = {},
             llvm::ArrayRef<llvm::SMFixIt> FixIts = {}) {
    report(llvm::SourceMgr::DK_Error, Loc, Msg, Ranges, FixIts);
  }
  void warning(llvm::SMLoc Loc, const llvm::Twine &Msg,
               llvm::ArrayRef<llvm::SMRange> Ranges = {},
               llvm::ArrayRef<llvm::SMFixIt> FixIts = {}) {
    report(llvm::SourceMgr::DK_Warning, Loc, Msg, Ranges, FixIts);
  }
  void note(llvm::SMLoc Loc, const llvm::Twine &Msg,
            llvm::ArrayRef<llvm::SMRange> Ranges = {}) {
    report(llvm::SourceMgr::DK_Note, Loc, Msg, Ranges);
  }
  /// An error that belongs to no source text ("fairyc: error: ...").
  void error(const llvm::Twine &Msg);
  /// A warning that belongs to no source text ("fairyc: warning: ...").
  void warning(const llvm::Twine &Msg);

  unsigned errorCount() const { return Errors; }
  const std::vector<Diagnostic> &diagnostics() const { return Recorded; }
  llvm::SourceMgr &sourceMgr() { return SM; }

private:
  llvm::SourceMgr SM;
  llvm::raw_ostream *OS;
  std::string Tool;
  unsigned Errors = 0;
  void unlocated(llvm::SourceMgr::DiagKind Kind, const llvm::Twine &Msg);
  std::vector<Diagnostic> Recorded;
};

/// Byte offset of the \p CodePoint-th code point of UTF-8 \p Text (ANTLR
/// counts code points; SourceMgr counts bytes).
size_t byteOffsetOfCodePoint(llvm::StringRef Text, size_t CodePoint);
/// Byte offset of 1-based \p Line and 0-based code point column \p Column.
size_t byteOffsetOfLineColumn(llvm::StringRef Text, size_t Line, size_t Column);

} // namespace fairy

#endif
