//===- Features.cpp - What fairyc-lsp answers, given a document -----------===//
//
// The documents' kinds, places in them, and the requests but hover
// (Hover.cpp) and completion (Completion.cpp).
//
//===----------------------------------------------------------------------===//
#include "Features.h"

#include "fairy/Backend/Backend.h"
#include "fairy/Backend/Compilation.h"
#include "fairy/Driver/Driver.h"
#include "fairy/Notation/Notation.h"
#include "fairy/PieceFile/PieceFileFormat.h"
#include "fairy/PieceFile/PieceSet.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>

using namespace fairy;
using namespace fairy::lsp;
using namespace llvm;

std::string fairy::lsp::notationOf(StringRef Uri) {
  if (Uri.endswith(".fairy"))
    return "pieces";
  if (Uri.endswith(".ini"))
    return "variants.ini";
  const NotationInfo *N = notationForPath(Uri.str());
  return N ? N->Name : "";
}

std::string fairy::lsp::directoryOf(StringRef Uri) {
  StringRef Rest(Uri);
  if (!Rest.consume_front("file://"))
    return "";
  std::string Path;
  for (size_t I = 0; I < Rest.size(); ++I) {
    unsigned Byte;
    if (Rest[I] == '%' && I + 2 < Rest.size() &&
        !Rest.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Path += char(Byte);
      I += 2;
    } else {
      Path += Rest[I];
    }
  }
  return sys::path::parent_path(Path).str();
}

std::string fairy::lsp::uriOfPath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  std::string Uri = "file://";
  for (unsigned char C : Abs) {
    if (isAlnum(C) || StringRef("/-._~").contains(C))
      Uri += char(C);
    else
      Uri += "%" + utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Uri;
}

TextLines::TextLines(StringRef Text) : Text(Text), Starts{0} {
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Starts.push_back(I + 1);
}

json::Object TextLines::position(unsigned Line, unsigned Column) const {
  size_t At = Line > Starts.size() ? Text.size() : Starts[Line ? Line - 1 : 0];
  unsigned Units = 0;
  for (size_t I = At;
       I < Text.size() && I < At + Column - 1 && Text[I] != '\n';) {
    unsigned char C = Text[I];
    size_t Len = C < 0x80 ? 1 : C < 0xE0 ? 2 : C < 0xF0 ? 3 : 4;
    Units += Len == 4 ? 2 : 1; // a character past U+FFFF is two units
    I += Len;
  }
  return json::Object{{"line", int64_t(Line ? Line - 1 : 0)},
                      {"character", int64_t(Units)}};
}

json::Object TextLines::range(SourcePoint Begin, SourcePoint End) const {
  return json::Object{{"start", position(Begin.Line, Begin.Column)},
                      {"end", position(End.Line, End.Column)}};
}

Invocation fairy::lsp::invocationFor(const std::string &Text, StringRef Uri) {
  Invocation Inv;
  Inv.IncludeDir = directoryOf(Uri);
  Inv.RecoverPieces = true;
  Inv.Expression = Text;
  Inv.Notation = notationOf(Uri);
  return Inv;
}

namespace {

/// The sections of a variants.ini text: each name, its 1-based line and
/// the byte columns of the name (1-based, end exclusive); the parent
/// (`[name:parent]`) and its columns, if one is named.
struct Section {
  std::string Name;
  unsigned Line, Begin, End;
  std::string Parent;
  unsigned ParentBegin = 0, ParentEnd = 0;
};

std::vector<Section> sectionsOf(StringRef Text) {
  std::vector<Section> Out;
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I];
    size_t Open = L.find_first_not_of(" \t");
    if (Open == StringRef::npos || L[Open] != '[')
      continue;
    size_t End = L.find_first_of(":]", Open + 1);
    if (End == StringRef::npos)
      continue;
    StringRef Name = L.slice(Open + 1, End).trim();
    if (Name.empty())
      continue;
    Section S;
    S.Name = Name.str();
    S.Line = unsigned(I + 1);
    S.Begin = unsigned(Open + 2);
    S.End = unsigned(End + 1);
    size_t Close = L.find(']', End);
    if (L[End] == ':' && Close != StringRef::npos) {
      StringRef Parent = L.slice(End + 1, Close);
      size_t Lead = Parent.size() - Parent.ltrim().size();
      Parent = Parent.trim();
      S.Parent = Parent.str();
      S.ParentBegin = unsigned(End + 2 + Lead);
      S.ParentEnd = unsigned(S.ParentBegin + Parent.size());
    }
    Out.push_back(std::move(S));
  }
  return Out;
}

} // namespace

std::optional<std::string>
fairy::lsp::emitted(const std::string &Text, StringRef Uri, const char *Emit) {
  Driver D("fairyc", DiagnosticsOutput::Collect);
  Invocation Inv = invocationFor(Text, Uri);
  Inv.Emit = Emit;
  return D.emit(Inv);
}

size_t fairy::lsp::byteOffsetOf(StringRef Text, const lsp::Position &At) {
  size_t I = 0;
  for (int64_t L = 0; L < At.Line && I < Text.size(); ++L) {
    size_t NL = Text.find('\n', I);
    I = NL == StringRef::npos ? Text.size() : NL + 1;
  }
  for (int64_t Units = 0;
       Units < At.Character && I < Text.size() && Text[I] != '\n';) {
    unsigned char C = Text[I];
    size_t Len = C < 0x80 ? 1 : C < 0xE0 ? 2 : C < 0xF0 ? 3 : 4;
    Units += Len == 4 ? 2 : 1;
    I += Len;
  }
  return std::min(I, Text.size());
}

std::unique_ptr<CompiledDocument>
fairy::lsp::compileDocument(const std::string &Text, StringRef Uri) {
  auto Doc = std::make_unique<CompiledDocument>();
  Doc->Pieces = Doc->D.compile(invocationFor(Text, Uri));
  if (!Doc->Pieces)
    return Doc;
  SourceMgr &SM = Doc->D.engine().sourceMgr();
  const std::vector<PieceDef> &Defs = Doc->Pieces->pieceSet().Pieces;
  for (size_t I = 0; I < Defs.size(); ++I) {
    const PieceDef &P = Defs[I];
    SMLoc Begin = P.NameRange.Start, End = P.NameRange.End;
    if (!Begin.isValid() || SM.FindBufferContainingLoc(Begin) != 1)
      continue; // defined in an included file
    auto [Line, Col] = SM.getLineAndColumn(Begin);
    auto [EndLine, EndCol] = SM.getLineAndColumn(End);
    Doc->Defined.push_back(
        {I, P.Name, P.Letter, Line, Col,
         EndLine == Line ? EndCol : Col + unsigned(P.Name.size()),
         size_t(Begin.getPointer() - SM.getMemoryBuffer(1)->getBufferStart())});
  }
  return Doc;
}

namespace {

/// The piece letter of token [Begin, End) of \p Text (a string when
/// \p String) at \p Cursor, after the tokens \p Words of its statement.
std::optional<char>
letterOfToken(StringRef Text,
              const std::vector<std::pair<size_t, size_t>> &Words, size_t Begin,
              size_t End, bool String, size_t Cursor) {
  if (Words.empty())
    return std::nullopt;
  auto Word = [&](size_t I) {
    return Text.slice(Words[I].first, Words[I].second);
  };
  StringRef Keyword = Word(0);
  if (String) {
    // A start FEN's placement: its first field, up to a blank.
    if (Keyword != "start" || Words.size() != 1 || Cursor <= Begin)
      return std::nullopt;
    StringRef Placement = Text.slice(Begin + 1, End);
    Placement = Placement.take_until(
        [](char C) { return C == ' ' || C == '"' || C == '\t'; });
    size_t At = Cursor - Begin - 1;
    if (At >= Placement.size() || !isAlpha(Placement[At]))
      return std::nullopt;
    return toUpper(Placement[At]);
  }
  StringRef W = Text.slice(Begin, End);
  if (W.size() != 1 || !isAlpha(W[0]))
    return std::nullopt;
  size_t Index = Words.size();
  bool SawTo = false;
  for (size_t I = 3; I < Index; ++I)
    SawTo |= Word(I) == "to";
  // promote P ... to Q R B N; confine K ...; castling K with R ... [to g c];
  bool Letter = Keyword == "promote" || (Keyword == "confine" && Index == 1) ||
                (Keyword == "castling" &&
                 (Index == 1 || (Index >= 3 && Word(2) == "with" && !SawTo)));
  if (!Letter)
    return std::nullopt;
  return toUpper(W[0]);
}

} // namespace

std::optional<char> fairy::lsp::pieceLetterAt(StringRef Text, size_t Cursor) {
  static const char *const Keywords[] = {
      "game", "board",   "include", "piece",    "start", "promotion",
      "zone", "confine", "promote", "castling", "drops", "variants-ini"};
  std::vector<std::pair<size_t, size_t>> Words; // of the statement, so far
  size_t I = 0, N = Text.size();
  int Depth = 0;           // in a piece's or a variants-ini block
  bool FirstOnLine = true; // nothing but blanks since the line's start
  while (I < N && I <= Cursor) {
    char C = Text[I];
    if (std::isspace((unsigned char)C)) {
      FirstOnLine |= C == '\n';
      ++I;
    } else if (Text.substr(I).startswith("//")) {
      size_t NL = Text.find('\n', I);
      I = NL == StringRef::npos ? N : NL;
    } else if (Text.substr(I).startswith("/*")) {
      size_t Close = Text.find("*/", I + 2);
      size_t End = Close == StringRef::npos ? N : Close + 2;
      FirstOnLine |= Text.slice(I, End).contains('\n');
      I = End;
    } else if (C == ';' || C == '{' || C == '}') {
      Depth = C == '{' ? Depth + 1 : C == '}' ? std::max(Depth - 1, 0) : Depth;
      Words.clear();
      FirstOnLine = false;
      ++I;
    } else {
      size_t Begin = I;
      bool String = C == '"';
      if (String) {
        for (++I; I < N && Text[I] != '"' && Text[I] != '\n'; ++I)
          if (Text[I] == '\\')
            ++I;
        I = std::min(I + 1, N);
      } else if (isAlnum(C) || C == '_') {
        while (I < N && (isAlnum(Text[I]) || Text[I] == '_' || Text[I] == '-'))
          ++I;
      } else {
        ++I;
      }
      // A statement's keyword first on its line begins a statement, even
      // when the one above (being typed) has no ';' yet.
      if (!String && Depth == 0 && FirstOnLine &&
          is_contained(Keywords, Text.slice(Begin, I)))
        Words.clear();
      FirstOnLine = false;
      if (Begin <= Cursor && Cursor < I)
        return Depth ? std::nullopt
                     : letterOfToken(Text, Words, Begin, I, String, Cursor);
      Words.push_back({Begin, I});
    }
  }
  return std::nullopt;
}

namespace {

/// A document symbol whose name is at \p R.
json::Object symbol(const std::string &Name, int64_t Kind, json::Object R,
                    const std::string &Detail = "") {
  json::Object O{{"name", Name},
                 {"kind", Kind},
                 {"range", json::Object(R)},
                 {"selectionRange", std::move(R)}};
  if (!Detail.empty())
    O["detail"] = Detail;
  return O;
}

/// The start of a document, where a definition that is a whole file is.
json::Object fileStart() {
  json::Object At{{"line", 0}, {"character", 0}};
  return json::Object{{"start", json::Object(At)}, {"end", std::move(At)}};
}

/// In a variants.ini, the parent named in a section's header
/// (`[name:parent]`) under the cursor leads to that section's header when
/// the document defines it; a built-in parent has no place to go.
json::Value parentDefinition(const std::string &Text, StringRef Uri,
                             int64_t Line, int64_t Character) {
  std::vector<Section> Sections = sectionsOf(Text);
  for (const Section &S : Sections) {
    if (S.Line != Line + 1 || S.Parent.empty() ||
        Character + 1 < S.ParentBegin || Character + 1 > S.ParentEnd)
      continue;
    for (const Section &Target : Sections)
      if (Target.Name == S.Parent)
        return json::Object{
            {"uri", Uri},
            {"range", TextLines(Text).range({Target.Line, Target.Begin},
                                            {Target.Line, Target.End})}};
  }
  return nullptr;
}

/// The name in the `piece` statement of the piece of letter \p Letter of
/// piece file \p Text, in the document or a file it includes; none when
/// no piece compiled has that letter.
json::Value pieceDefinition(const std::string &Text, StringRef Uri,
                            char Letter) {
  std::unique_ptr<CompiledDocument> Doc = compileDocument(Text, Uri);
  if (!Doc->Pieces)
    return nullptr;
  SourceMgr &SM = Doc->D.engine().sourceMgr();
  for (const PieceDef &Def : Doc->Pieces->pieceSet().Pieces) {
    if (Def.Letter != Letter)
      continue;
    SMLoc Begin = Def.NameRange.Start, End = Def.NameRange.End;
    unsigned Buffer = Begin.isValid() ? SM.FindBufferContainingLoc(Begin) : 0;
    if (!Buffer)
      return nullptr;
    if (!End.isValid() || SM.FindBufferContainingLoc(End) != Buffer)
      End = Begin;
    auto [Line, Column] = SM.getLineAndColumn(Begin, Buffer);
    auto [EndLine, EndColumn] = SM.getLineAndColumn(End, Buffer);
    const MemoryBuffer *In = SM.getMemoryBuffer(Buffer);
    std::string Target =
        Buffer == 1 ? Uri.str() : uriOfPath(In->getBufferIdentifier());
    return json::Object{
        {"uri", Target},
        {"range", TextLines(In->getBuffer())
                      .range({Line, Column}, {EndLine, EndColumn})}};
  }
  return nullptr;
}

} // namespace

json::Value fairy::lsp::documentSymbols(const std::string &Text,
                                        const std::string &Uri) {
  json::Array Symbols;
  TextLines Lines(Text);
  if (notationOf(Uri) == "variants.ini") {
    // A variants.ini's sections. (json::Value's move may throw, so a
    // json::Array that grows copies every value it holds: room first.)
    std::vector<Section> Sections = sectionsOf(Text);
    Symbols.reserve(Sections.size());
    for (const Section &S : Sections) {
      json::Object R =
          Lines.range(SourcePoint{S.Line, S.Begin}, SourcePoint{S.Line, S.End});
      Symbols.push_back(symbol(S.Name, /*Module=*/2, std::move(R)));
    }
    return Symbols;
  }
  if (notationOf(Uri) != "pieces")
    return Symbols;
  std::unique_ptr<CompiledDocument> Doc = compileDocument(Text, Uri);
  Symbols.reserve(Doc->Defined.size());
  for (const PieceAt &P : Doc->Defined) {
    json::Object R = Lines.range(SourcePoint{P.Line, P.Column},
                                 SourcePoint{P.Line, P.EndColumn});
    Symbols.push_back(
        symbol(P.Name, /*Object=*/19, std::move(R), std::string(1, P.Letter)));
  }
  return Symbols;
}

json::Value fairy::lsp::codeActions(const std::string &Text,
                                    const std::string &Uri,
                                    const CodeActionParams &P,
                                    const std::vector<Diagnostic> &Lint) {
  json::Array Actions;
  TextLines Lines(Text);
  int64_t From = P.Want.Start.Line, To = P.Want.End.Line;
  for (const Diagnostic &D : Lint) {
    if (D.FixIts.empty() || D.File != "<input>" || int64_t(D.Line) - 1 < From ||
        int64_t(D.Line) - 1 > To)
      continue;
    json::Array Edits;
    for (const Diagnostic::FixIt &F : D.FixIts)
      Edits.push_back(json::Object{{"range", Lines.range(F.Begin, F.End)},
                                   {"newText", F.Text}});
    json::Object Changes;
    Changes[Uri] = std::move(Edits);
    Actions.push_back(
        json::Object{{"title", "fairyc: " + D.Message},
                     {"kind", "quickfix"},
                     {"edit", json::Object{{"changes", std::move(Changes)}}}});
  }
  return Actions;
}

json::Value fairy::lsp::formatting(const std::string &Text,
                                   const std::string &Uri) {
  json::Array Edits;
  std::string Notation = notationOf(Uri);
  std::optional<std::string> New;
  if (Notation == "pieces") {
    // Its whitespace (its pieces may be written in several notations,
    // each as its author chose): nothing for one with a syntax error.
    New = formatPieceFile(Text);
  } else if (Notation == "betza" || Notation == "parlett" ||
             Notation == "fairy") {
    // The notation's own writer: the piece as fairyc spells it (each
    // such notation's back end is named as the notation). Nothing for a
    // document that does not compile, or a notation without a writer.
    if (auto Written = emitted(Text, Uri, Notation.c_str()))
      New = StringRef(*Written).trim().str() + "\n";
  }
  if (!New || *New == Text)
    return Edits;
  int64_t Lines = 1 + std::count(Text.begin(), Text.end(), '\n');
  Edits.push_back(json::Object{
      {"range",
       json::Object{{"start", json::Object{{"line", 0}, {"character", 0}}},
                    {"end", json::Object{{"line", Lines}, {"character", 0}}}}},
      {"newText", *New}});
  return Edits;
}

json::Value fairy::lsp::definition(const std::string &Text,
                                   const std::string &Uri,
                                   const TextDocumentPositionParams &P) {
  if (notationOf(Uri) == "variants.ini")
    return parentDefinition(Text, Uri, P.At.Line, P.At.Character);
  if (notationOf(Uri) != "pieces")
    return nullptr;
  // A piece's letter leads to its piece statement, in an included file too.
  if (std::optional<char> Letter =
          pieceLetterAt(Text, byteOffsetOf(Text, P.At)))
    return pieceDefinition(Text, Uri, *Letter);
  // An include statement on the line leads to its file, which piece files
  // name relative to themselves.
  SmallVector<StringRef, 16> Lines;
  StringRef(Text).split(Lines, '\n');
  if (size_t(P.At.Line) >= Lines.size())
    return nullptr;
  StringRef L = Lines[P.At.Line].trim();
  if (!L.consume_front("include"))
    return nullptr;
  L = L.ltrim();
  size_t Close = L.find('"', 1);
  if (!L.startswith("\"") || Close == StringRef::npos)
    return nullptr;
  StringRef File = L.slice(1, Close);
  std::string Target =
      File.startswith("/")
          ? "file://" + File.str()
          : StringRef(Uri).rsplit('/').first.str() + "/" + File.str();
  return json::Object{{"uri", Target}, {"range", fileStart()}};
}
