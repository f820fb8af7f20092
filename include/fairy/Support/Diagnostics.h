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

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace fairy {

/// The named warnings (Warnings.def).
enum class Warning {
#define WARNING(Enum, Name, DefaultOn, Summary) Enum,
#include "fairy/Support/Warnings.def"
};

struct WarningInfo {
  Warning Id;
  const char *Name;
  bool DefaultOn;
  const char *Summary;
};
const std::vector<WarningInfo> &warnings();
const WarningInfo &warningInfo(Warning W);
/// By name ("unreachable-move"); nullptr if there is none.
const WarningInfo *findWarning(llvm::StringRef Name);

/// Which warnings are shown and which are errors: -W<name>, -Wno-<name>,
/// -Werror, -Werror=<name>, -Wno-error=<name>, -w.
class WarningPolicy {
public:
  /// Applies one flag without its leading "-W" ("no-empty-moveset",
  /// "error"); returns false with \p Error set for an unknown one.
  bool apply(llvm::StringRef Flag, std::string &Error);
  void silenceAll() { Silenced = true; }
  bool enabled(Warning W) const;
  bool isError(Warning W) const;

private:
  std::map<Warning, bool> Enabled, AsError;
  bool AllErrors = false, Silenced = false;
};

/// Whether NO_COLOR (no-color.org) asks for no colours by default.
bool noColor();

/// A position in a source, 1-based; Column counts bytes.
struct SourcePoint {
  unsigned Line = 0, Column = 0;
};

/// A diagnostic as recorded, for tests and machine-readable output.
struct Diagnostic {
  llvm::SourceMgr::DiagKind Kind;
  std::string Message;
  unsigned Line = 0, Column = 0; ///< 1-based; Column counts bytes
  std::string File;              ///< the buffer's name; empty if unlocated
  std::string Name;              ///< the warning's name, if it has one
  /// The underlined ranges (begin inclusive, end exclusive).
  std::vector<std::pair<SourcePoint, SourcePoint>> Ranges;
  struct FixIt {
    SourcePoint Begin, End;
    std::string Text;
  };
  std::vector<FixIt> FixIts;
};

class DiagnosticEngine {
public:
  /// Diagnostics are printed to \p OS as they are reported; pass nullptr
  /// to only record them.
  /// \p Tool prefixes errors that belong to no source ("fairyc: error: ...").
  explicit DiagnosticEngine(llvm::raw_ostream *OS = &llvm::errs(),
                            std::string Tool = "fairyc");
  /// Prints what flush() has not.
  ~DiagnosticEngine();
  DiagnosticEngine(const DiagnosticEngine &) = delete;
  DiagnosticEngine &operator=(const DiagnosticEngine &) = delete;

  /// Prints the diagnostics reported since the last flush, as clang's come:
  /// in the order of their places within each file (the files in the order
  /// of their first diagnostic, a note after the diagnostic it belongs to).
  /// The driver flushes once per job: a piece file's lint warnings and the
  /// checks of its pieces are found in passes of their own.
  void flush();

  /// Registers a source text under a buffer name such as "<input>" or a
  /// file path and returns its buffer id.
  unsigned addBuffer(llvm::StringRef Text, llvm::StringRef Name);
  /// Registers \p Text, which stands inside buffer \p Parent (a notation
  /// string in a piece file): byte I of \p Text is byte \p Offsets[I] of
  /// the parent, and Offsets has one more entry for the end. Diagnostics in
  /// the new buffer are reported at those places of the parent; fix-its are
  /// escaped for a double-quoted string when \p Quoted.
  unsigned addEmbeddedBuffer(llvm::StringRef Text, unsigned Parent,
                             std::vector<size_t> Offsets, bool Quoted);
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
  /// A named warning: shown only if the policy enables it, an error under
  /// -Werror; the message gets " [-W<name>]". Returns whether it was
  /// reported, so that its notes follow it only then.
  bool warning(Warning W, llvm::SMLoc Loc, const llvm::Twine &Msg,
               llvm::ArrayRef<llvm::SMRange> Ranges = {},
               llvm::ArrayRef<llvm::SMFixIt> FixIts = {});
  bool warning(Warning W, const llvm::Twine &Msg);
  WarningPolicy &policy() { return Policy; }
  /// An error that belongs to no source text ("fairyc: error: ...").
  void error(const llvm::Twine &Msg);
  /// A warning that belongs to no source text ("fairyc: warning: ...").
  void warning(const llvm::Twine &Msg);

  unsigned errorCount() const { return Errors; }
  const std::vector<Diagnostic> &diagnostics() const { return Recorded; }
  llvm::SourceMgr &sourceMgr() { return SM; }
  /// Colours in printed diagnostics: always (true), never (false), or, by
  /// default, when the stream is a terminal and NO_COLOR is not set.
  void setColors(std::optional<bool> Forced) { ForcedColors = Forced; }
  bool colors() const;
  /// Stop printing diagnostics as they come (--diagnostics=json prints
  /// them all at the end instead).
  void setStream(llvm::raw_ostream *NewOS) { OS = NewOS; }
  /// Drop a diagnostic the same as one reported before (the same place,
  /// kind and message), with its notes: for a job that reads one text
  /// several times (`--import=FILE --lint`, every section of a file, each
  /// over the parents the others share).
  void setDeduplicate(bool On) { Deduplicate = On; }

private:
  struct Embedded {
    unsigned Parent;
    std::vector<size_t> Offsets;
    bool Quoted;
  };
  llvm::SourceMgr SM;
  llvm::raw_ostream *OS;
  std::optional<bool> ForcedColors;
  std::string Tool;
  unsigned Errors = 0;
  WarningPolicy Policy;
  std::map<unsigned, Embedded> EmbeddedIn;
  bool Deduplicate = false, DroppingNotes = false;
  std::set<std::tuple<const char *, int, std::string>> Reported;
  /// Diagnostics formatted, waiting for flush().
  struct Formatted {
    std::string Text;
    std::string File; ///< empty for one without a place
    unsigned Line, Column;
    bool Note;
  };
  std::vector<Formatted> Waiting;
  void unlocated(llvm::SourceMgr::DiagKind Kind, const llvm::Twine &Msg,
                 llvm::StringRef Name);
  void emit(llvm::SourceMgr::DiagKind Kind, llvm::SMLoc Loc,
            const llvm::Twine &Msg, llvm::ArrayRef<llvm::SMRange> Ranges,
            llvm::ArrayRef<llvm::SMFixIt> FixIts, llvm::StringRef Name);
  /// A location in an embedded buffer as the place in its parent.
  llvm::SMLoc outermost(llvm::SMLoc Loc) const;
  SourcePoint point(llvm::SMLoc Loc) const;
  /// Where a location is: its buffer, the line around it (as SourceMgr
  /// cuts lines: at '\n' or '\r'), its 1-based line and column. Found by a
  /// binary search in the buffer's line index, not by scanning the line.
  struct Place {
    unsigned Buffer = 0;
    const char *LineStart = nullptr, *LineEnd = nullptr;
    unsigned Line = 0, Column = 0;
  };
  Place place(llvm::SMLoc Loc) const;
  /// Per buffer, built on its first diagnostic: the offset where each line
  /// starts (after '\n' or '\r'), and its line number (only '\n' counts,
  /// as in SourceMgr) when the buffer has a '\r'.
  struct LineIndex {
    std::vector<uint32_t> Starts, Numbers;
  };
  mutable std::map<unsigned, LineIndex> Lines;
  /// Prints \p D to OS in one write. A \p D whose line was cut to a window
  /// (docs/diagnostics.md) is headed with its \p RealColumn.
  void print(const llvm::SMDiagnostic &D, unsigned RealColumn = 0);
  std::vector<Diagnostic> Recorded;
};

/// "error", "warning", "remark" or "note", as the JSON output names them.
const char *severityName(llvm::SourceMgr::DiagKind K);

/// Every recorded diagnostic as a JSON array (--diagnostics=json); the
/// schema is in docs/diagnostics.md. Written one diagnostic at a time, so
/// the memory besides the result is that of one diagnostic.
std::string diagnosticsToJson(const std::vector<Diagnostic> &Diags);
/// The same, written to \p OS as each diagnostic is formatted.
void writeDiagnosticsJson(llvm::raw_ostream &OS,
                          const std::vector<Diagnostic> &Diags);

/// Source lines up to this many bytes are shown whole under a diagnostic;
/// a longer one is cut to SnippetWindow bytes around the caret, each cut
/// end marked "...".
constexpr size_t SnippetMaxLine = 200;
constexpr size_t SnippetWindow = 160;

/// The byte length of the UTF-8 sequence that starts with byte \p C (1 for
/// a byte that starts none).
size_t utf8SequenceLength(unsigned char C);
/// Byte offset of the \p CodePoint-th code point of UTF-8 \p Text (ANTLR
/// counts code points; SourceMgr counts bytes).
size_t byteOffsetOfCodePoint(llvm::StringRef Text, size_t CodePoint);
/// Byte offset of 1-based \p Line and 0-based code point column \p Column.
size_t byteOffsetOfLineColumn(llvm::StringRef Text, size_t Line, size_t Column);

} // namespace fairy

#endif
