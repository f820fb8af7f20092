//===- Diagnostics.cpp - Diagnostics as the protocol has them -------------===//
//
// A diagnostic is published on the document it is about. One located in a
// piece file that the document includes (directly or through other
// includes) cannot be shown there: it is put on the document's include
// statement that brought that file in, and its related information points
// into the file (its file:// URI and range), as clangd shows an error of
// an included header at the #include.
//
//===----------------------------------------------------------------------===//
#include "Features.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <deque>

using namespace fairy;
using namespace fairy::lsp;
using namespace llvm;

namespace {

constexpr const char *DocumentBuffer = "<input>";

/// An include statement of a piece file: where it is written (1-based
/// line, byte columns, end exclusive) and the file it names, as written.
struct IncludeAt {
  unsigned Line, Begin, End;
  std::string Name;
};

/// The include statements of piece file \p Text, found as its lexer would
/// (comments and strings skipped).
std::vector<IncludeAt> includesOf(StringRef Text) {
  std::vector<IncludeAt> Out;
  unsigned Line = 1;
  size_t LineStart = 0;
  auto IsWord = [](char C) { return isAlnum(C) || C == '_'; };
  // Skips blanks and comments from \p I, counting lines.
  auto Skip = [&](size_t I) {
    while (I < Text.size()) {
      if (Text[I] == '\n') {
        ++Line;
        LineStart = ++I;
      } else if (isSpace(Text[I])) {
        ++I;
      } else if (Text[I] == '#' || Text.substr(I, 2) == "//") {
        I = std::min(Text.find('\n', I), Text.size());
      } else if (Text.substr(I, 2) == "/*") {
        size_t End = Text.find("*/", I + 2);
        End = End == StringRef::npos ? Text.size() : End + 2;
        for (; I < End; ++I)
          if (Text[I] == '\n') {
            ++Line;
            LineStart = I + 1;
          }
      } else {
        break;
      }
    }
    return I;
  };
  for (size_t I = Skip(0); I < Text.size(); I = Skip(I)) {
    char C = Text[I];
    if (C == '"') {
      // A string ends at its quote or at the end of its line.
      for (++I; I < Text.size() && Text[I] != '"' && Text[I] != '\n'; ++I)
        if (Text[I] == '\\' && I + 1 < Text.size() && Text[I + 1] != '\n')
          ++I;
      if (I < Text.size() && Text[I] == '"')
        ++I;
      continue;
    }
    if (!IsWord(C)) {
      ++I;
      continue;
    }
    size_t Word = I;
    while (I < Text.size() && IsWord(Text[I]))
      ++I;
    if (Text.slice(Word, I) != "include")
      continue;
    unsigned KeywordLine = Line;
    size_t KeywordColumn = Word - LineStart + 1;
    size_t Open = Skip(I);
    if (Open >= Text.size() || Text[Open] != '"')
      continue;
    std::string Name;
    size_t J = Open + 1;
    for (; J < Text.size() && Text[J] != '"' && Text[J] != '\n'; ++J) {
      if (Text[J] == '\\' && J + 1 < Text.size() && Text[J + 1] != '\n')
        ++J;
      Name += Text[J];
    }
    if (J >= Text.size() || Text[J] != '"') {
      I = J;
      continue;
    }
    I = J + 1;
    if (Line == KeywordLine)
      Out.push_back({KeywordLine, unsigned(KeywordColumn),
                     unsigned(I - LineStart + 1), Name});
    else
      Out.push_back({KeywordLine, unsigned(KeywordColumn),
                     unsigned(KeywordColumn + 7), Name});
  }
  return Out;
}

/// The path the piece file reader gives file \p Name included from a file
/// in \p Dir (PieceFileReader.cpp's include()).
std::string includedPath(StringRef Name, StringRef Dir) {
  SmallString<256> Path(Name);
  if (!sys::path::is_absolute(Path) && !Dir.empty()) {
    Path = Dir;
    sys::path::append(Path, Name);
  }
  return Path.str().str();
}

/// The files a document includes, each with the document's include that
/// brought it in and its text, found breadth first, within the bounds
/// below.
class IncludeTree {
public:
  IncludeTree(StringRef Document, StringRef Dir) {
    Top = includesOf(Document);
    std::deque<std::pair<std::string, size_t>> Queue;
    for (size_t I = 0; I < Top.size(); ++I)
      Queue.push_back({includedPath(Top[I].Name, Dir), I});
    while (!Queue.empty() && Files.size() < MaxFiles) {
      auto [Path, Via] = Queue.front();
      Queue.pop_front();
      if (Files.count(Path))
        continue;
      // Only regular files of a piece file's size are read (not a device
      // that never ends).
      std::string Text;
      sys::fs::file_status Status;
      if (!sys::fs::status(Path, Status) &&
          Status.type() == sys::fs::file_type::regular_file &&
          Status.getSize() <= MaxFileBytes &&
          Read + Status.getSize() <= MaxTotalBytes)
        if (auto Buffer = MemoryBuffer::getFile(Path, /*IsText=*/true))
          Text = (*Buffer)->getBuffer().take_front(MaxFileBytes).str();
      Read += Text.size();
      for (const IncludeAt &I : includesOf(Text))
        if (Queue.size() < MaxQueued)
          Queue.push_back(
              {includedPath(I.Name, sys::path::parent_path(Path)), Via});
      Files[Path] = {Via, std::move(Text)};
    }
  }

  /// The document's include that brought in \p Path; nullptr if none did.
  const IncludeAt *via(const std::string &Path) const {
    auto It = Files.find(Path);
    return It == Files.end() ? nullptr : &Top[It->second.first];
  }
  /// The text of included file \p Path, empty if it was not read.
  StringRef text(const std::string &Path) const {
    auto It = Files.find(Path);
    return It == Files.end() ? StringRef() : StringRef(It->second.second);
  }

private:
  /// As many files as the reader includes; a piece file's size each, and
  /// what a document may be in all.
  static constexpr size_t MaxFiles = 256, MaxQueued = 4096,
                          MaxFileBytes = 4 << 20, MaxTotalBytes = 16 << 20;
  size_t Read = 0;
  std::vector<IncludeAt> Top;
  std::map<std::string, std::pair<size_t, std::string>> Files;
};

int64_t severity(SourceMgr::DiagKind K) {
  switch (K) {
  case SourceMgr::DK_Error:
    return 1;
  case SourceMgr::DK_Warning:
    return 2;
  case SourceMgr::DK_Note:
    return 3;
  case SourceMgr::DK_Remark:
    return 4;
  }
  return 1;
}

/// A diagnostic's range in the text of \p Lines: its first underlined
/// range, else one character; never empty (an editor shows nothing there).
json::Object rangeOf(const TextLines &Lines, const Diagnostic &D) {
  SourcePoint At{std::max(D.Line, 1u), std::max(D.Column, 1u)};
  if (!D.Ranges.empty()) {
    auto [Begin, End] = D.Ranges[0];
    bool Empty = Begin.Line == End.Line && Begin.Column == End.Column;
    if (!Empty)
      return Lines.range(Begin, End);
    // A point (where a missing ';' goes, at the end of a line) is shown on
    // the character before it, which an editor can underline.
    At = Begin;
  }
  if (At.Column > 1 && !D.Ranges.empty())
    return Lines.range(SourcePoint{At.Line, At.Column - 1}, At);
  return Lines.range(At, SourcePoint{At.Line, At.Column + 1});
}

} // namespace

json::Array
fairy::lsp::publishedDiagnostics(const std::string &Text,
                                 const std::string &Uri,
                                 const std::vector<Diagnostic> &Diags) {
  TextLines Lines(Text);
  std::optional<IncludeTree> Includes; // read when first needed
  auto InDocument = [](const Diagnostic &D) {
    return D.File.empty() || D.File == DocumentBuffer;
  };
  auto Tree = [&]() -> const IncludeTree & {
    if (!Includes)
      Includes.emplace(Text, directoryOf(Uri));
    return *Includes;
  };
  /// Where \p D is, as a Location.
  auto Location = [&](const Diagnostic &D) {
    if (InDocument(D))
      return json::Object{{"uri", Uri}, {"range", rangeOf(Lines, D)}};
    return json::Object{{"uri", uriOfPath(D.File)},
                        {"range", rangeOf(TextLines(Tree().text(D.File)), D)}};
  };
  json::Array Out;
  // Room first: json::Value's move may throw, so a json::Array that grows
  // copies every value it holds.
  Out.reserve(std::min(Diags.size(), MaxPublishedDiagnostics + 1));
  size_t Shown = 0, Left = 0;
  for (const Diagnostic &D : Diags) {
    // Past the limit, the rest are counted: each published diagnostic is a
    // few JSON objects of kilobytes, and fifty thousand of them (a
    // variants-ini block of misspelt keys) would hold a gigabyte.
    if (Shown == MaxPublishedDiagnostics) {
      Left += D.Kind != SourceMgr::DK_Note;
      continue;
    }
    // A note belongs to the diagnostic before it.
    if (D.Kind == SourceMgr::DK_Note && !Out.empty()) {
      json::Object &Last = *Out.back().getAsObject();
      if (!Last.getArray("relatedInformation"))
        Last["relatedInformation"] = json::Array();
      Last.getArray("relatedInformation")
          ->push_back(
              json::Object{{"location", Location(D)}, {"message", D.Message}});
      continue;
    }
    json::Object O{{"severity", severity(D.Kind)}, {"source", "fairyc"}};
    if (InDocument(D)) {
      O["range"] = rangeOf(Lines, D);
      O["message"] = D.Message;
    } else {
      // On the include that brought the file in (the first line when the
      // file came in some other way), pointing into the file.
      const IncludeAt *Via = Tree().via(D.File);
      SourcePoint Begin{Via ? Via->Line : 1, Via ? Via->Begin : 1};
      SourcePoint End{Begin.Line, Via ? Via->End : 1};
      O["range"] = Lines.range(Begin, End);
      O["message"] = "in included file '" + sys::path::filename(D.File).str() +
                     "': " + D.Message;
      O["relatedInformation"] = json::Array{
          json::Object{{"location", Location(D)}, {"message", D.Message}}};
    }
    if (!D.Name.empty())
      O["code"] = D.Name;
    Out.push_back(std::move(O));
    ++Shown;
  }
  if (Left)
    Out.push_back(json::Object{
        {"severity", 3}, // information
        {"source", "fairyc"},
        {"range", Lines.range(SourcePoint{1, 1}, SourcePoint{1, 2})},
        {"message", std::to_string(Left) +
                        " more diagnostics are not shown "
                        "(the first " +
                        std::to_string(MaxPublishedDiagnostics) +
                        " are); fairyc --lint lists them all"}});
  return Out;
}
