//===- Diagnostics.cpp - Located diagnostics through llvm::SourceMgr ------===//
#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/Escape.h"
#include "fairy/Support/Suggest.h"
#include <algorithm>
#include <cstdlib>
#include <map>
#include <tuple>

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace fairy;

namespace {
/// A string stream that takes colours (escape sequences).
class ColoredString : public llvm::raw_string_ostream {
public:
  explicit ColoredString(std::string &S) : raw_string_ostream(S) {
    enable_colors(true);
  }
  bool has_colors() const override { return true; }
};
} // namespace

using namespace llvm;

const std::vector<WarningInfo> &fairy::warnings() {
  static const std::vector<WarningInfo> All = {
#define WARNING(Enum, Name, DefaultOn, Summary)                                \
  {Warning::Enum, Name, DefaultOn, Summary},
#include "fairy/Support/Warnings.def"
  };
  return All;
}

const WarningInfo &fairy::warningInfo(Warning W) {
  return warnings()[static_cast<size_t>(W)];
}

const WarningInfo *fairy::findWarning(StringRef Name) {
  for (const WarningInfo &W : warnings())
    if (Name == W.Name)
      return &W;
  return nullptr;
}

bool WarningPolicy::apply(StringRef Flag, std::string &Error) {
  if (Flag == "error") {
    AllErrors = true;
    return true;
  }
  if (Flag == "all" || Flag == "everything") {
    for (const WarningInfo &W : warnings())
      Enabled[W.Id] = true;
    return true;
  }
  bool Negated = Flag.consume_front("no-");
  bool ErrorFlag = Flag.consume_front("error=");
  if (const WarningInfo *W = findWarning(Flag)) {
    if (ErrorFlag) {
      AsError[W->Id] = !Negated;
      if (!Negated)
        Enabled[W->Id] = true;
    } else {
      Enabled[W->Id] = !Negated;
    }
    return true;
  }
  // The closest known name, for "did you mean".
  // (A name with a part missing, "legacy" for "legacy-atom", counts.)
  TypoCorrector Typo(Flag);
  for (const WarningInfo &W : warnings())
    Typo.add(W.Name);
  Error = "unknown warning option '-W" + std::string(Negated ? "no-" : "") +
          (ErrorFlag ? "error=" : "") + Flag.str() + "'";
  if (auto Best = Typo.best())
    Error += "; did you mean '-W" + std::string(Negated ? "no-" : "") +
             (ErrorFlag ? "error=" : "") + *Best + "'?";
  else
    Error += "; docs/diagnostics.md lists them all";
  return false;
}

bool WarningPolicy::enabled(Warning W) const {
  if (Silenced)
    return false;
  auto It = Enabled.find(W);
  return It != Enabled.end() ? It->second : warningInfo(W).DefaultOn;
}

bool WarningPolicy::isError(Warning W) const {
  auto It = AsError.find(W);
  return It != AsError.end() ? It->second : AllErrors;
}

DiagnosticEngine::DiagnosticEngine(raw_ostream *OS, std::string Tool)
    : OS(OS), Tool(std::move(Tool)) {}

unsigned DiagnosticEngine::addBuffer(StringRef Text, StringRef Name) {
  return SM.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(Text, Name),
                               SMLoc());
}

StringRef DiagnosticEngine::bufferText(unsigned Buffer) const {
  return SM.getMemoryBuffer(Buffer)->getBuffer();
}

SMLoc DiagnosticEngine::loc(unsigned Buffer, size_t ByteOffset) const {
  StringRef Text = bufferText(Buffer);
  if (ByteOffset > Text.size())
    ByteOffset = Text.size();
  return SMLoc::getFromPointer(Text.data() + ByteOffset);
}

SMRange DiagnosticEngine::range(unsigned Buffer, size_t Begin,
                                size_t End) const {
  return SMRange(loc(Buffer, Begin), loc(Buffer, End));
}

unsigned DiagnosticEngine::addEmbeddedBuffer(StringRef Text, unsigned Parent,
                                             std::vector<size_t> Offsets,
                                             bool Quoted) {
  unsigned Id =
      addBuffer(Text, SM.getMemoryBuffer(Parent)->getBufferIdentifier());
  Offsets.resize(Text.size() + 1, Offsets.empty() ? 0 : Offsets.back());
  EmbeddedIn[Id] = {Parent, std::move(Offsets), Quoted};
  return Id;
}

SMLoc DiagnosticEngine::outermost(SMLoc Loc) const {
  while (Loc.isValid()) {
    unsigned Buf = SM.FindBufferContainingLoc(Loc);
    auto It = EmbeddedIn.find(Buf);
    if (!Buf || It == EmbeddedIn.end())
      return Loc;
    size_t Offset = Loc.getPointer() - bufferText(Buf).data();
    const Embedded &E = It->second;
    Loc = loc(E.Parent, E.Offsets[std::min(Offset, E.Offsets.size() - 1)]);
  }
  return Loc;
}

SourcePoint DiagnosticEngine::point(SMLoc Loc) const {
  if (!Loc.isValid())
    return {0, 0};
  Place P = place(Loc);
  if (!P.Buffer) {
    auto [Line, Column] = SM.getLineAndColumn(Loc);
    return {Line, Column};
  }
  return {P.Line, P.Column};
}

DiagnosticEngine::Place DiagnosticEngine::place(SMLoc Loc) const {
  Place P;
  P.Buffer = SM.FindBufferContainingLoc(Loc);
  if (!P.Buffer)
    return P;
  StringRef Text = bufferText(P.Buffer);
  auto [It, New] = Lines.try_emplace(P.Buffer);
  LineIndex &Index = It->second;
  if (New) {
    bool HasCR = Text.contains('\r');
    unsigned Number = 1;
    Index.Starts.push_back(0);
    if (HasCR)
      Index.Numbers.push_back(1);
    for (size_t I = 0; I < Text.size(); ++I) {
      if (Text[I] != '\n' && Text[I] != '\r')
        continue;
      Number += Text[I] == '\n';
      Index.Starts.push_back(I + 1);
      if (HasCR)
        Index.Numbers.push_back(Number);
    }
  }
  size_t Offset = Loc.getPointer() - Text.data();
  // The last line that starts at or before Offset.
  size_t L =
      std::upper_bound(Index.Starts.begin(), Index.Starts.end(), Offset) -
      Index.Starts.begin() - 1;
  P.LineStart = Text.data() + Index.Starts[L];
  P.LineEnd = L + 1 < Index.Starts.size()
                  ? Text.data() + Index.Starts[L + 1] - 1
                  : Text.data() + Text.size();
  P.Line = Index.Numbers.empty() ? L + 1 : Index.Numbers[L];
  P.Column = Offset - Index.Starts[L] + 1;
  return P;
}

/// \p Text as it must be written inside a double-quoted string.
static std::string escapeForString(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

void DiagnosticEngine::report(SourceMgr::DiagKind Kind, SMLoc Loc,
                              const Twine &Msg, ArrayRef<SMRange> Ranges,
                              ArrayRef<SMFixIt> FixIts) {
  emit(Kind, Loc, Msg, Ranges, FixIts, "");
}

bool DiagnosticEngine::warning(Warning W, SMLoc Loc, const Twine &Msg,
                               ArrayRef<SMRange> Ranges,
                               ArrayRef<SMFixIt> FixIts) {
  if (!Policy.enabled(W))
    return false;
  bool AsError = Policy.isError(W);
  emit(AsError ? SourceMgr::DK_Error : SourceMgr::DK_Warning, Loc, Msg, Ranges,
       FixIts, warningInfo(W).Name);
  return true;
}

bool DiagnosticEngine::warning(Warning W, const Twine &Msg) {
  if (!Policy.enabled(W))
    return false;
  bool AsError = Policy.isError(W);
  if (AsError)
    ++Errors;
  unlocated(AsError ? SourceMgr::DK_Error : SourceMgr::DK_Warning, Msg,
            warningInfo(W).Name);
  return true;
}

/// " [-Wname]", or " [-Werror,-Wname]" when the warning became an error.
static std::string flagSuffix(SourceMgr::DiagKind Kind, StringRef Name) {
  if (Name.empty())
    return "";
  return std::string(" [") + (Kind == SourceMgr::DK_Error ? "-Werror," : "") +
         "-W" + Name.str() + "]";
}

/// \p D as it may be shown on a terminal: control characters of the
/// message written \xNN; those of the source line (and fix-its), and its
/// bytes that are not UTF-8, shown as '?', one column each, so carets and
/// ranges stay where they were.
static SMDiagnostic forTerminal(const SMDiagnostic &D) {
  auto Blank = [](StringRef S) {
    std::string Out = S.str();
    for (size_t I = 0; I < Out.size(); ++I) {
      unsigned char C = Out[I];
      if ((C < 0x20 && C != '\t') || C == 0x7f)
        Out[I] = '?';
      else if (C == 0xC2 && I + 1 < Out.size() &&
               (unsigned char)Out[I + 1] >= 0x80 &&
               (unsigned char)Out[I + 1] < 0xA0)
        Out[I] = Out[I + 1] = '?'; // a C1 control (U+0080 to U+009F)
      else if (C >= 0x80) {
        // A byte that is not UTF-8: a terminal in an 8-bit locale reads
        // 0x9B alone as CSI, as it reads ESC [.
        auto *B = reinterpret_cast<const llvm::UTF8 *>(Out.data() + I);
        unsigned Len = llvm::getNumBytesForUTF8(*B);
        if (Len > Out.size() - I || !llvm::isLegalUTF8Sequence(B, B + Len))
          Out[I] = '?';
        else
          I += Len - 1;
      }
    }
    return Out;
  };
  std::string Line = Blank(D.getLineContents());
  std::vector<SMFixIt> FixIts;
  for (const SMFixIt &F : D.getFixIts())
    FixIts.emplace_back(F.getRange(), Blank(F.getText()));
  return SMDiagnostic(*D.getSourceMgr(), D.getLoc(), D.getFilename(),
                      D.getLineNo(), D.getColumnNo(), D.getKind(),
                      escapeForTerminal(D.getMessage().str()), Line,
                      D.getRanges(), FixIts);
}

static SMDiagnostic cutToWindow(const SMDiagnostic &D, StringRef Line,
                                ArrayRef<std::pair<unsigned, unsigned>> Columns,
                                ArrayRef<SMFixIt> AllFixIts);

void DiagnosticEngine::emit(SourceMgr::DiagKind Kind, SMLoc Loc,
                            const Twine &Msg, ArrayRef<SMRange> Ranges,
                            ArrayRef<SMFixIt> FixIts, StringRef Name) {
  if (Deduplicate && Kind == SourceMgr::DK_Note && DroppingNotes)
    return;
  if (Deduplicate && Kind != SourceMgr::DK_Note &&
      (DroppingNotes =
           !Reported.insert({outermost(Loc).getPointer(), int(Kind), Msg.str()})
                .second))
    return;
  if (Kind == SourceMgr::DK_Error)
    ++Errors;
  // A diagnostic about something that has no place (a piece a variants.ini
  // section inherits from a built-in variant) is shown without one.
  if (!Loc.isValid()) {
    unlocated(Kind, Msg, Name);
    return;
  }
  // Diagnostics inside a notation string are shown in the piece file.
  bool Quoted = false;
  if (Loc.isValid())
    if (auto It = EmbeddedIn.find(SM.FindBufferContainingLoc(Loc));
        It != EmbeddedIn.end())
      Quoted = It->second.Quoted;
  Loc = outermost(Loc);
  std::vector<SMRange> OuterRanges;
  // A range without a place (a piece a variants.ini section inherits from
  // a built-in variant) underlines nothing.
  for (SMRange R : Ranges)
    if (R.isValid())
      OuterRanges.push_back({outermost(R.Start), outermost(R.End)});
  std::vector<SMFixIt> OuterFixIts;
  for (const SMFixIt &F : FixIts)
    OuterFixIts.emplace_back(
        SMRange(outermost(F.getRange().Start), outermost(F.getRange().End)),
        Quoted ? escapeForString(F.getText()) : F.getText().str());
  std::string Text = Msg.str() + flagSuffix(Kind, Name);
  Place P = place(Loc);
  if (!P.Buffer) { // not in any buffer: as SourceMgr shows it
    SMDiagnostic D = SM.GetMessage(Loc, Kind, Text, OuterRanges, OuterFixIts);
    P.Line = D.getLineNo();
    P.Column = D.getColumnNo() + 1;
  }
  Diagnostic R;
  R.Kind = Kind;
  R.Message = Msg.str();
  R.Line = P.Line;
  R.Column = P.Column;
  R.File =
      P.Buffer ? SM.getMemoryBuffer(P.Buffer)->getBufferIdentifier().str() : "";
  R.Name = Name.str();
  for (SMRange Range : OuterRanges)
    R.Ranges.push_back({point(Range.Start), point(Range.End)});
  for (const SMFixIt &F : OuterFixIts)
    R.FixIts.push_back({point(F.getRange().Start), point(F.getRange().End),
                        F.getText().str()});
  Recorded.push_back(std::move(R));
  if (!OS)
    return;
  if (!P.Buffer) {
    print(SM.GetMessage(Loc, Kind, Text, OuterRanges, OuterFixIts));
    return;
  }
  // As SourceMgr::GetMessage makes it, with the line found in the index:
  // the ranges cut to the line, in columns.
  std::vector<std::pair<unsigned, unsigned>> Columns;
  for (SMRange Range : OuterRanges) {
    if (Range.Start.getPointer() > P.LineEnd ||
        Range.End.getPointer() < P.LineStart)
      continue;
    const char *B = std::max(Range.Start.getPointer(), P.LineStart);
    const char *E = std::min(Range.End.getPointer(), P.LineEnd);
    Columns.push_back({unsigned(B - P.LineStart), unsigned(E - P.LineStart)});
  }
  StringRef Line(P.LineStart, P.LineEnd - P.LineStart);
  StringRef File = SM.getMemoryBuffer(P.Buffer)->getBufferIdentifier();
  if (Line.size() <= SnippetMaxLine) {
    print(SMDiagnostic(SM, Loc, File, P.Line, P.Column - 1, Kind, Text, Line,
                       Columns, OuterFixIts));
    return;
  }
  // Cut before SMDiagnostic copies the line: a diagnostic costs the same
  // whatever the length of its line.
  print(cutToWindow(SMDiagnostic(SM, Loc, File, P.Line, P.Column - 1, Kind,
                                 Text, "", {}, {}),
                    Line, Columns, OuterFixIts),
        P.Column);
}

/// \p D (made without its source line) with the source \p Line cut to
/// SnippetWindow bytes around the caret, "..." where a part is left out:
/// the ranges (\p Columns) cut with it, the fix-its wholly inside it kept.
/// SMDiagnostic finds a fix-it's column from the caret's place, so the window's
/// start stands 3 bytes ("...") before the first byte shown.
static SMDiagnostic cutToWindow(const SMDiagnostic &D, StringRef Line,
                                ArrayRef<std::pair<unsigned, unsigned>> Columns,
                                ArrayRef<SMFixIt> AllFixIts) {
  size_t Caret = std::min<size_t>(D.getColumnNo(), Line.size());
  size_t Begin = Caret > SnippetWindow / 2 ? Caret - SnippetWindow / 2 : 0;
  if (Begin + SnippetWindow > Line.size())
    Begin = Line.size() > SnippetWindow ? Line.size() - SnippetWindow : 0;
  if (Begin < 4) // too short a cut for "..." to stand in its place
    Begin = 0;
  size_t End = std::min(Line.size(), Begin + SnippetWindow);
  if (Line.size() - End < 4)
    End = Line.size();
  // Never inside a UTF-8 sequence.
  auto Continuation = [&](size_t I) {
    return I < Line.size() &&
           (static_cast<unsigned char>(Line[I]) & 0xC0) == 0x80;
  };
  while (Begin > 0 && Begin < Caret && Continuation(Begin))
    ++Begin;
  while (End < Line.size() && End > Caret && Continuation(End))
    --End;
  size_t Lead = Begin > 0 ? 3 : 0;
  std::string Shown = (Begin > 0 ? "..." : "") + Line.slice(Begin, End).str() +
                      (End < Line.size() ? "..." : "");
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  for (auto [B, E] : Columns) {
    if (E < Begin || B > End)
      continue;
    Ranges.push_back({unsigned(std::max<size_t>(B, Begin) - Begin + Lead),
                      unsigned(std::min<size_t>(E, End) - Begin + Lead)});
  }
  const char *LineStart = D.getLoc().getPointer() - D.getColumnNo();
  std::vector<SMFixIt> FixIts;
  for (const SMFixIt &F : AllFixIts)
    if (F.getRange().Start.getPointer() >= LineStart + Begin &&
        F.getRange().End.getPointer() <= LineStart + End)
      FixIts.push_back(F);
  return SMDiagnostic(*D.getSourceMgr(), D.getLoc(), D.getFilename(),
                      D.getLineNo(), D.getColumnNo() - Begin + Lead,
                      D.getKind(), D.getMessage(), Shown, Ranges, FixIts);
}

void DiagnosticEngine::print(const SMDiagnostic &D, unsigned RealColumn) {
  SMDiagnostic Shown = forTerminal(D);
  // Formatted whole, then written at once: errs() is unbuffered.
  std::string Printed;
  if (!colors()) {
    raw_string_ostream Plain(Printed);
    Shown.print(nullptr, Plain, false);
  } else {
    // Coloured through a stream that says it has colours: SMDiagnostic
    // asks the stream, and -fcolor-diagnostics colours a pipe too.
    ColoredString Colored(Printed);
    Shown.print(nullptr, Colored, true);
    Colored.flush();
  }
  Waiting.push_back({"", D.getFilename().str(), unsigned(D.getLineNo()),
                     RealColumn ? RealColumn : unsigned(D.getColumnNo() + 1),
                     D.getKind() == SourceMgr::DK_Note});
  if (RealColumn) {
    // SMDiagnostic heads it with the caret's column in the cut line: the
    // first "file:line:column:" is the header, given its real column.
    auto Header = [&](int Column) {
      StringRef File = D.getFilename() == "-" ? "<stdin>" : D.getFilename();
      return (File + ":" + Twine(D.getLineNo()) + ":" + Twine(Column) + ":")
          .str();
    };
    std::string From = Header(Shown.getColumnNo() + 1);
    size_t At = Printed.find(From);
    if (At != std::string::npos)
      Printed.replace(At, From.size(), Header(RealColumn));
  }
  Waiting.back().Text = std::move(Printed);
}

DiagnosticEngine::~DiagnosticEngine() { flush(); }

void DiagnosticEngine::flush() {
  if (!OS || Waiting.empty()) {
    Waiting.clear();
    return;
  }
  // A diagnostic and the notes after it move together; each file's keep
  // the place of its first, those without a place their own.
  struct Cluster {
    size_t FileRank, First, Last;
    unsigned Line, Column;
  };
  std::vector<Cluster> Clusters;
  std::map<std::string, size_t> FileRanks;
  size_t Unplaced = 0;
  for (size_t I = 0; I < Waiting.size(); ++I) {
    const Formatted &F = Waiting[I];
    if (F.Note && !Clusters.empty()) {
      Clusters.back().Last = I;
      continue;
    }
    size_t Rank;
    if (F.File.empty()) {
      Rank = FileRanks.size() + Unplaced++;
    } else {
      auto It = FileRanks.find(F.File);
      if (It == FileRanks.end())
        It = FileRanks.emplace(F.File, FileRanks.size() + Unplaced).first;
      Rank = It->second;
    }
    Clusters.push_back({Rank, I, I, F.Line, F.Column});
  }
  std::stable_sort(Clusters.begin(), Clusters.end(),
                   [](const Cluster &A, const Cluster &B) {
                     return std::tie(A.FileRank, A.Line, A.Column) <
                            std::tie(B.FileRank, B.Line, B.Column);
                   });
  for (const Cluster &C : Clusters)
    for (size_t I = C.First; I <= C.Last; ++I)
      *OS << Waiting[I].Text;
  Waiting.clear();
  OS->flush();
}

bool DiagnosticEngine::colors() const {
  if (!OS)
    return false;
  // SMDiagnostic::print colours through WithColor, which asks the stream.
  bool On = ForcedColors ? *ForcedColors : OS->has_colors() && !noColor();
  OS->enable_colors(On);
  return On;
}

void DiagnosticEngine::error(const Twine &Msg) {
  ++Errors;
  unlocated(SourceMgr::DK_Error, Msg, "");
}

void DiagnosticEngine::warning(const Twine &Msg) {
  unlocated(SourceMgr::DK_Warning, Msg, "");
}

void DiagnosticEngine::unlocated(SourceMgr::DiagKind Kind, const Twine &Msg,
                                 StringRef Name) {
  bool Error = Kind == SourceMgr::DK_Error;
  Diagnostic R;
  R.Kind = Kind;
  R.Message = Msg.str();
  R.Name = Name.str();
  Recorded.push_back(std::move(R));
  if (!OS)
    return;
  // Formatted whole, then written at once: errs() is unbuffered.
  std::string Printed;
  {
    ColoredString Out(Printed);
    Out.enable_colors(colors());
    Out << Tool << ": ";
    Out.changeColor(Error ? raw_ostream::RED : raw_ostream::MAGENTA, true);
    Out << (Error ? "error: " : "warning: ");
    Out.resetColor();
    Out << escapeForTerminal(Msg.str()) << flagSuffix(Kind, Name) << "\n";
  }
  Waiting.push_back({std::move(Printed), "", 0, 0, Kind == SourceMgr::DK_Note});
}

/// NO_COLOR (no-color.org): set and not empty, no colours by default.
bool fairy::noColor() {
  const char *V = std::getenv("NO_COLOR");
  return V && *V;
}

const char *fairy::severityName(SourceMgr::DiagKind K) {
  switch (K) {
  case SourceMgr::DK_Error:
    return "error";
  case SourceMgr::DK_Warning:
    return "warning";
  case SourceMgr::DK_Remark:
    return "remark";
  case SourceMgr::DK_Note:
    return "note";
  }
  return "error";
}

static json::Value pointToJson(SourcePoint P) {
  return json::Object{{"line", P.Line}, {"column", P.Column}};
}

/// One diagnostic as a JSON object; small whatever the source's size.
static json::Value diagnosticToJson(const Diagnostic &D) {
  json::Object O{{"severity", severityName(D.Kind)}, {"message", D.Message}};
  O["name"] = D.Name.empty() ? json::Value(nullptr) : json::Value(D.Name);
  if (D.File.empty()) {
    O["file"] = nullptr;
  } else {
    O["file"] = D.File;
    O["line"] = D.Line;
    O["column"] = D.Column;
  }
  json::Array Ranges, FixIts;
  for (const auto &[B, E] : D.Ranges)
    Ranges.push_back(
        json::Object{{"begin", pointToJson(B)}, {"end", pointToJson(E)}});
  for (const Diagnostic::FixIt &F : D.FixIts)
    FixIts.push_back(json::Object{{"begin", pointToJson(F.Begin)},
                                  {"end", pointToJson(F.End)},
                                  {"text", F.Text}});
  O["ranges"] = std::move(Ranges);
  O["fixits"] = std::move(FixIts);
  return O;
}

void fairy::writeDiagnosticsJson(raw_ostream &OS,
                                 const std::vector<Diagnostic> &Diags) {
  // One array written by json::OStream, as formatv("{0:2}") writes a
  // json::Array, but each element made, written and freed in turn. The
  // text of each goes through jsonWithoutControls on its own (a C1
  // character's two bytes are always in one string).
  std::string Chunk;
  raw_string_ostream ChunkOS(Chunk); // unbuffered: writes go to Chunk
  json::OStream J(ChunkOS, 2);
  J.arrayBegin();
  for (const Diagnostic &D : Diags) {
    J.value(diagnosticToJson(D));
    OS << jsonWithoutControls(Chunk);
    Chunk.clear();
  }
  J.arrayEnd();
  OS << Chunk << "\n";
}

std::string fairy::diagnosticsToJson(const std::vector<Diagnostic> &Diags) {
  std::string Out;
  raw_string_ostream OS(Out);
  writeDiagnosticsJson(OS, Diags);
  return Out;
}

size_t fairy::utf8SequenceLength(unsigned char C) {
  return C < 0x80         ? 1
         : (C >> 5) == 6  ? 2
         : (C >> 4) == 14 ? 3
         : (C >> 3) == 30 ? 4
                          : 1;
}

size_t fairy::byteOffsetOfCodePoint(StringRef Text, size_t CodePoint) {
  size_t I = 0;
  while (I < Text.size() && CodePoint > 0) {
    I += utf8SequenceLength(Text[I]);
    --CodePoint;
  }
  return I < Text.size() ? I : Text.size();
}

size_t fairy::byteOffsetOfLineColumn(StringRef Text, size_t Line,
                                     size_t Column) {
  size_t Start = 0;
  for (size_t L = 1; L < Line; ++L) {
    size_t NL = Text.find('\n', Start);
    if (NL == StringRef::npos)
      return Text.size();
    Start = NL + 1;
  }
  return Start + byteOffsetOfCodePoint(Text.substr(Start), Column);
}
