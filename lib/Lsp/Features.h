//===- Features.h - What fairyc-lsp answers, given a document ---*- C++ -*-===//
//
// The work behind each method, on a document's text and URI, with typed
// params (Protocol.h): no state, no threads, so the server may call these
// from any of its threads on a snapshot of the text. Lint.cpp lints (a
// variants.ini section by section, from memory, with each section's
// diagnostics cached), Diagnostics.cpp turns diagnostics into the
// protocol's (an included file's at its include), Features.cpp answers the
// requests.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LSP_FEATURES_H
#define FAIRY_LSP_FEATURES_H

#include "fairy/Driver/Driver.h"
#include "fairy/Lsp/Protocol.h"
#include "fairy/Support/Diagnostics.h"

#include "llvm/Support/JSON.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace fairy {
class Board;
struct FrontendOptions;
struct NotationInfo;
class VariantsIniImporter;
} // namespace fairy

namespace fairy::lsp {

/// fairyc's notation for a document, by its URI's extension: "pieces" for
/// a piece file, "variants.ini" for an .ini; empty for none it knows.
std::string notationOf(llvm::StringRef Uri);

/// The directory of a file:// URI's path (percent escapes decoded); empty
/// for another scheme.
std::string directoryOf(llvm::StringRef Uri);

/// The invocation that compiles \p Text as fairyc would a file of \p Uri
/// (its includes beside it, a piece being typed not hiding the others).
Invocation invocationFor(const std::string &Text, llvm::StringRef Uri);

/// The file:// URI of \p Path (made absolute, reserved bytes escaped).
std::string uriOfPath(llvm::StringRef Path);

/// A text's lines, found once, for the LSP positions of places in it (a
/// whole file's diagnostics are placed in time linear in the file).
class TextLines {
public:
  /// \p Text must outlive this.
  explicit TextLines(llvm::StringRef Text);
  /// The LSP position (0-based line, UTF-16 units) of a 1-based line and
  /// byte column.
  llvm::json::Object position(unsigned Line, unsigned Column) const;
  llvm::json::Object range(SourcePoint Begin, SourcePoint End) const;

private:
  llvm::StringRef Text;
  std::vector<size_t> Starts; ///< of each line
};

/// Lints a variants.ini section by section, as `fairyc --import=FILE
/// --variant=NAME --lint` would each, from memory. What a section reports
/// depends only on its text and its ancestors' in the file (the built-in
/// variants do not change), so each section's diagnostics are cached under
/// a hash of those texts, relative to the sections they are in, and moved
/// to where those sections are now: after a one-line change only the
/// changed section and its descendants are imported again. Thread-safe.
class VariantsIniLinter {
public:
  VariantsIniLinter();
  ~VariantsIniLinter();
  /// Every diagnostic of \p Text located in it, each once; nullopt when
  /// \p Stale said, between two sections, that the text is out of date.
  std::optional<std::vector<Diagnostic>>
  lint(const std::string &Text, const std::function<bool()> &Stale);
  /// Sections imported since this linter was made (tests, benchmarks).
  unsigned imports() const;

private:
  /// What importing section \p Name with \p Importer (whose diagnostics
  /// go to \p Diags) and linting its movements reports in the document.
  std::vector<Diagnostic> importSection(DiagnosticEngine &Diags,
                                        VariantsIniImporter &Importer,
                                        const std::string &Name);
  /// What lintMovement reports of movement \p Text of notation \p N on
  /// \p B, linted alone (in the buffer "<movement>"): the same piece in
  /// many sections is linted once per board.
  std::shared_ptr<const std::vector<Diagnostic>>
  movementLint(const NotationInfo &N, llvm::StringRef Text, const Board &B,
               const FrontendOptions &FOpts);

  struct Cached;
  mutable std::mutex Lock;
  std::map<std::string, std::shared_ptr<const Cached>> Cache; ///< by key
  static constexpr size_t MaxMovements = 1 << 14;
  std::map<std::string, std::shared_ptr<const std::vector<Diagnostic>>>
      Movements; ///< by notation, board and text
  unsigned Imports = 0;
};

/// What `fairyc --lint` reports of the document; nullopt when \p Stale
/// stopped it. \p Variants serves a variants.ini (one per document).
std::optional<std::vector<Diagnostic>>
lintDocument(const std::string &Text, const std::string &Uri,
             VariantsIniLinter &Variants, const std::function<bool()> &Stale);

/// The diagnostics as the protocol has them, notes as related
/// information; a diagnostic in an included piece file is put on the
/// document's include that brought it in, and points into that file.
/// The most diagnostics published for one document; the rest are counted
/// in one more, informational, at its start.
constexpr size_t MaxPublishedDiagnostics = 1000;
llvm::json::Array publishedDiagnostics(const std::string &Text,
                                       const std::string &Uri,
                                       const std::vector<Diagnostic> &Diags);

/// The byte offset in \p Text of LSP position \p At (a line, UTF-16 units
/// into it), at most the text's end.
size_t byteOffsetOf(llvm::StringRef Text, const Position &At);

/// The piece letter at byte \p Cursor of piece file \p Text, in upper case:
/// one of a `promote`, `confine` or `castling` statement's letters, or one
/// of the placement of a `start` FEN (Black's, in lower case there, as
/// White's). Found by a scan of the text, so that a document that does not
/// compile is served too; nullopt elsewhere.
std::optional<char> pieceLetterAt(llvm::StringRef Text, size_t Cursor);

/// The output of one --emit of the document, or nullopt after an error.
std::optional<std::string> emitted(const std::string &Text, llvm::StringRef Uri,
                                   const char *Emit);

/// A piece defined in a piece file (not in an include): its place in the
/// set, and where its name is written.
struct PieceAt {
  size_t Index; ///< in PieceSet::Pieces
  std::string Name;
  char Letter;
  unsigned Line, Column, EndColumn; ///< of its name, 1-based
  size_t NameOffset;                ///< of its name in the document
};

/// A piece file compiled as an editor sees it: pieces with errors left
/// out (Invocation::RecoverPieces), the others there.
struct CompiledDocument {
  Driver D{"fairyc", DiagnosticsOutput::Collect};
  std::unique_ptr<CompiledPieces> Pieces;
  std::vector<PieceAt> Defined; ///< in the order they are written
};
std::unique_ptr<CompiledDocument> compileDocument(const std::string &Text,
                                                  llvm::StringRef Uri);

/// What the cursor is on (Hover.cpp): a notation file's piece; a piece
/// file's piece; a variants.ini section's piece, key or header.
llvm::json::Value hover(const std::string &Text, const std::string &Uri,
                        const TextDocumentPositionParams &P);
/// What may be typed at the cursor (Completion.cpp).
llvm::json::Value completion(const std::string &Text, const std::string &Uri,
                             const TextDocumentPositionParams &P);
llvm::json::Value documentSymbols(const std::string &Text,
                                  const std::string &Uri);
/// The fix-its of \p Lint (the document's diagnostics) on the lines asked.
llvm::json::Value codeActions(const std::string &Text, const std::string &Uri,
                              const CodeActionParams &P,
                              const std::vector<Diagnostic> &Lint);
/// A notation file as its notation's writer spells it; a piece file laid
/// out by formatPieceFile.
llvm::json::Value formatting(const std::string &Text, const std::string &Uri);
llvm::json::Value definition(const std::string &Text, const std::string &Uri,
                             const TextDocumentPositionParams &P);

} // namespace fairy::lsp

#endif
