//===- LanguageServer.cpp - fairyc's Language Server Protocol server ------===//
#include "LanguageServer.h"

#include "fairy/Driver/Driver.h"
#include "fairy/Frontend/Notation.h"
#include "fairy/Notation/BetzaWriter.h"
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/PieceFile/PieceSetOutput.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <tuple>

using namespace fairy;
using namespace llvm;

namespace {

/// fairyc's notation for a document, by its URI's extension: "pieces" for
/// a piece file; empty for none it knows.
std::string notationOf(const std::string &Uri) {
  if (StringRef(Uri).endswith(".fairy"))
    return "pieces";
  if (StringRef(Uri).endswith(".ini"))
    return "variants.ini";
  const NotationInfo *N = notationForPath(Uri);
  return N ? N->Name : "";
}

/// The LSP position (0-based line, UTF-16 column) of a 1-based line and
/// byte column of \p Text.
json::Object position(const std::string &Text, unsigned Line, unsigned Column) {
  size_t At = 0;
  for (unsigned L = 1; L < Line && At != std::string::npos; ++L) {
    At = Text.find('\n', At);
    if (At != std::string::npos)
      ++At;
  }
  if (At == std::string::npos)
    At = Text.size();
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

json::Object range(const std::string &Text, SourcePoint Begin,
                   SourcePoint End) {
  return json::Object{{"start", position(Text, Begin.Line, Begin.Column)},
                      {"end", position(Text, End.Line, End.Column)}};
}

/// The invocation that compiles \p Text as fairyc would a file of \p Uri.
/// The directory of a file:// URI's path (percent escapes decoded); empty
/// for another scheme.
std::string directoryOf(const std::string &Uri) {
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

Invocation invocationFor(const std::string &Text, const std::string &Uri) {
  Invocation Inv;
  // A piece file's includes are next to the document, saved or not; a
  // piece being typed does not hide the others.
  Inv.IncludeDir = directoryOf(Uri);
  Inv.RecoverPieces = true;
  Inv.Expression = Text;
  Inv.Notation = notationOf(Uri);
  return Inv;
}

/// The sections of a variants.ini text: each name, its 1-based line and
/// the byte columns of the name (1-based, end exclusive); the parent
/// (`[name:parent]`) and its columns, if one is named.
struct Section {
  std::string Name;
  unsigned Line, Begin, End;
  std::string Parent;
  unsigned ParentBegin = 0, ParentEnd = 0;
};

std::vector<Section> sectionsOf(const std::string &Text) {
  std::vector<Section> Out;
  SmallVector<StringRef, 64> Lines;
  StringRef(Text).split(Lines, '\n');
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

/// What importing each section of a variants.ini reports, as `fairyc
/// --import=FILE --variant=NAME --lint` would: the importer reads files, so
/// the (maybe unsaved) text is written to a temporary file first, and only
/// diagnostics located in it are kept, each once.
std::vector<Diagnostic> lintVariantsIni(const std::string &Text) {
  SmallString<128> Path;
  int FD;
  if (sys::fs::createTemporaryFile("fairyc-lsp", "ini", FD, Path))
    return {};
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
  }
  std::vector<Diagnostic> Out;
  std::set<std::tuple<unsigned, unsigned, std::string>> Seen;
  for (const Section &S : sectionsOf(Text)) {
    Driver D("fairyc", DiagnosticsOutput::Collect);
    Invocation Inv;
    Inv.ImportPath = Path.str().str();
    Inv.VariantName = S.Name;
    Inv.LintOnly = true;
    D.emit(Inv);
    for (const Diagnostic &Diag : D.engine().diagnostics())
      if (Diag.File == Inv.ImportPath &&
          Seen.insert({Diag.Line, Diag.Column, Diag.Message}).second)
        Out.push_back(Diag);
  }
  sys::fs::remove(Path);
  return Out;
}

/// What `fairyc --lint` reports of the document.
std::vector<Diagnostic> lint(const std::string &Text, const std::string &Uri) {
  if (notationOf(Uri) == "variants.ini")
    return lintVariantsIni(Text);
  Driver D("fairyc", DiagnosticsOutput::Collect);
  Invocation Inv = invocationFor(Text, Uri);
  Inv.LintOnly = true;
  D.emit(Inv);
  return D.engine().diagnostics();
}

/// The output of one --emit of the document, or nullopt after an error.
std::optional<std::string> emitted(const std::string &Text,
                                   const std::string &Uri, EmitKind Emit) {
  Driver D("fairyc", DiagnosticsOutput::Collect);
  Invocation Inv = invocationFor(Text, Uri);
  Inv.Emit = Emit;
  return D.emit(Inv);
}

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

/// A diagnostic's range: its first underlined range, else one character.
json::Object rangeOf(const std::string &Text, const Diagnostic &D) {
  if (!D.Ranges.empty())
    return range(Text, D.Ranges[0].first, D.Ranges[0].second);
  SourcePoint At{std::max(D.Line, 1u), std::max(D.Column, 1u)};
  return range(Text, At, SourcePoint{At.Line, At.Column + 1});
}

/// A piece defined in a piece file (not in an include): its place in the
/// set, and where its name is written.
struct PieceAt {
  size_t Index; ///< in PieceSet::Pieces
  std::string Name;
  char Letter;
  unsigned Line, Column, EndColumn; ///< of its name, 1-based
};

/// A piece file compiled as an editor sees it: pieces with errors left
/// out (Invocation::RecoverPieces), the others there.
struct CompiledDocument {
  Driver D{"fairyc", DiagnosticsOutput::Collect};
  std::unique_ptr<CompiledPieces> Pieces;
  std::vector<PieceAt> Defined; ///< in the order they are written
};

std::unique_ptr<CompiledDocument> compileDocument(const std::string &Text,
                                                  const std::string &Uri) {
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
         EndLine == Line ? EndCol : Col + unsigned(P.Name.size())});
  }
  return Doc;
}

/// The document a request is about: its textDocument.uri.
std::string uriOf(const json::Object &Params) {
  const json::Object *Doc = Params.getObject("textDocument");
  return Doc ? Doc->getString("uri").getValueOr("").str() : std::string();
}

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

json::Value markdown(const std::string &Text) {
  return json::Object{
      {"contents", json::Object{{"kind", "markdown"}, {"value", Text}}}};
}

} // namespace

std::vector<json::Value> LanguageServer::handle(const json::Value &Message) {
  std::vector<json::Value> Out;
  const json::Object *M = Message.getAsObject();
  if (!M)
    return Out;
  std::string Method = M->getString("method").getValueOr("").str();
  const json::Value *Id = M->get("id");
  const json::Object *Params = M->getObject("params");
  json::Object NoParams;
  if (!Params)
    Params = &NoParams;
  auto Reply = [&](json::Value Result) {
    if (Id)
      Out.push_back(json::Object{
          {"jsonrpc", "2.0"}, {"id", *Id}, {"result", std::move(Result)}});
  };
  auto Uri = [&]() { return uriOf(*Params); };
  if (Method == "initialize") {
    Reply(json::Object{
        {"capabilities", json::Object{{"textDocumentSync", 1},
                                      {"hoverProvider", true},
                                      {"documentSymbolProvider", true},
                                      {"codeActionProvider", true},
                                      {"documentFormattingProvider", true},
                                      {"definitionProvider", true}}},
        {"serverInfo",
         json::Object{{"name", "fairyc-lsp"}, {"version", libraryVersion()}}}});
  } else if (Method == "shutdown") {
    ShutDown = true;
    Reply(nullptr);
  } else if (Method == "exit") {
    Exited = true;
  } else if (Method == "textDocument/didOpen") {
    const json::Object *Doc = Params->getObject("textDocument");
    std::string U = Uri();
    Documents[U] = {Doc->getString("text").getValueOr("").str(),
                    Doc->getInteger("version").getValueOr(0)};
    Out.push_back(publishDiagnostics(U));
  } else if (Method == "textDocument/didChange") {
    std::string U = Uri();
    const json::Array *Changes = Params->getArray("contentChanges");
    // Full synchronisation: the last change holds the whole text.
    if (Changes && !Changes->empty())
      if (const json::Object *C = Changes->back().getAsObject())
        Documents[U].Text = C->getString("text").getValueOr("").str();
    Out.push_back(publishDiagnostics(U));
  } else if (Method == "textDocument/didClose") {
    std::string U = Uri();
    Documents.erase(U);
    Out.push_back(json::Object{
        {"jsonrpc", "2.0"},
        {"method", "textDocument/publishDiagnostics"},
        {"params", json::Object{{"uri", U}, {"diagnostics", json::Array()}}}});
  } else if (Method == "textDocument/hover") {
    Reply(hover(*Params));
  } else if (Method == "textDocument/documentSymbol") {
    Reply(documentSymbols(*Params));
  } else if (Method == "textDocument/codeAction") {
    Reply(codeActions(*Params));
  } else if (Method == "textDocument/formatting") {
    Reply(formatting(*Params));
  } else if (Method == "textDocument/definition") {
    Reply(definition(*Params));
  } else if (Id) {
    Out.push_back(json::Object{
        {"jsonrpc", "2.0"},
        {"id", *Id},
        {"error", json::Object{{"code", -32601},
                               {"message", "fairyc-lsp has no method '" +
                                               Method + "'"}}}});
  }
  return Out;
}

json::Value LanguageServer::publishDiagnostics(const std::string &Uri) {
  const std::string &Text = Documents[Uri].Text;
  json::Array Diags;
  if (!notationOf(Uri).empty()) {
    for (const Diagnostic &D : lint(Text, Uri)) {
      // A note belongs to the diagnostic before it.
      if (D.Kind == SourceMgr::DK_Note && !Diags.empty()) {
        json::Object &Last = *Diags.back().getAsObject();
        if (!Last.getArray("relatedInformation"))
          Last["relatedInformation"] = json::Array();
        Last.getArray("relatedInformation")
            ->push_back(json::Object{
                {"location",
                 json::Object{{"uri", Uri}, {"range", rangeOf(Text, D)}}},
                {"message", D.Message}});
        continue;
      }
      json::Object O{{"range", rangeOf(Text, D)},
                     {"severity", severity(D.Kind)},
                     {"source", "fairyc"},
                     {"message", D.Message}};
      if (!D.Name.empty())
        O["code"] = D.Name;
      Diags.push_back(std::move(O));
    }
  }
  return json::Object{
      {"jsonrpc", "2.0"},
      {"method", "textDocument/publishDiagnostics"},
      {"params",
       json::Object{{"uri", Uri}, {"diagnostics", std::move(Diags)}}}};
}

json::Value LanguageServer::hover(const json::Object &Params) {
  const json::Object *Pos = Params.getObject("position");
  std::string Uri = uriOf(Params);
  if (!Pos)
    return nullptr;
  const std::string *Open = textOf(Uri);
  std::string Notation = notationOf(Uri);
  if (!Open || Notation.empty() || Notation == "variants.ini")
    return nullptr;
  const std::string &Text = *Open;
  if (Notation != "pieces") {
    // The document is one piece: its diagram and its canonical Betza.
    auto Diagram = emitted(Text, Uri, EmitKind::Diagram);
    if (!Diagram)
      return nullptr;
    auto Betza = emitted(Text, Uri, EmitKind::Betza);
    std::string Md;
    if (Betza)
      Md += "Betza: `" + StringRef(*Betza).trim().str() + "`\n\n";
    return markdown(Md + "```text\n" + *Diagram + "```");
  }
  // A piece file: the piece defined on or before the line, written by the
  // piece set's outputs for it alone (its Betza line and its diagram).
  int64_t Line = Pos->getInteger("line").getValueOr(0) + 1;
  std::unique_ptr<CompiledDocument> Doc = compileDocument(Text, Uri);
  const PieceAt *Here = nullptr;
  for (const PieceAt &P : Doc->Defined)
    if (int64_t(P.Line) <= Line)
      Here = &P;
  if (!Here)
    return nullptr;
  PieceSet One = Doc->Pieces->pieceSet();
  One.Pieces = {One.Pieces[Here->Index]};
  // Their diagnostics (none that the document's lint does not give) are
  // recorded with the compilation's, whose sources they point into.
  DiagnosticEngine &Diags = Doc->D.engine();
  SetOptions Opts;
  Opts.Output = SetOutput::Betza;
  auto Betza = emitPieceSet(Diags, One, Opts);
  Opts.Output = SetOutput::Diagram;
  auto Diagram = emitPieceSet(Diags, One, Opts);
  std::string Md =
      "**" + Here->Name + "** (" + std::string(1, Here->Letter) + ")\n\n";
  // The `piece NAME L betza "...";` line (after the board's).
  std::string BetzaLines = Betza.value_or("");
  for (StringRef L : split(BetzaLines, '\n'))
    if (L.startswith("piece "))
      Md += "`" + L.trim().str() + "`\n\n";
  if (Diagram)
    Md += "```text\n" + StringRef(*Diagram).rtrim().str() + "\n```\n";
  return markdown(Md);
}

json::Value LanguageServer::documentSymbols(const json::Object &Params) {
  std::string Uri = uriOf(Params);
  const std::string *Open = textOf(Uri);
  json::Array Symbols;
  if (!Open)
    return Symbols;
  const std::string &Text = *Open;
  if (notationOf(Uri) == "variants.ini") {
    // A variants.ini's sections.
    for (const Section &S : sectionsOf(Text)) {
      json::Object R =
          range(Text, SourcePoint{S.Line, S.Begin}, SourcePoint{S.Line, S.End});
      Symbols.push_back(symbol(S.Name, /*Module=*/2, std::move(R)));
    }
    return Symbols;
  }
  if (notationOf(Uri) != "pieces")
    return Symbols;
  std::unique_ptr<CompiledDocument> Doc = compileDocument(Text, Uri);
  for (const PieceAt &P : Doc->Defined) {
    json::Object R = range(Text, SourcePoint{P.Line, P.Column},
                           SourcePoint{P.Line, P.EndColumn});
    Symbols.push_back(
        symbol(P.Name, /*Object=*/19, std::move(R), std::string(1, P.Letter)));
  }
  return Symbols;
}

json::Value LanguageServer::codeActions(const json::Object &Params) {
  const json::Object *Want = Params.getObject("range");
  std::string Uri = uriOf(Params);
  const std::string *Open = textOf(Uri);
  json::Array Actions;
  if (!Open || !Want || notationOf(Uri).empty())
    return Actions;
  const std::string &Text = *Open;
  auto LineOf = [](const json::Object *P, const char *Key) {
    const json::Object *At = P ? P->getObject(Key) : nullptr;
    return At ? At->getInteger("line").getValueOr(0) : 0;
  };
  int64_t From = LineOf(Want, "start"), To = LineOf(Want, "end");
  for (const Diagnostic &D : lint(Text, Uri)) {
    if (D.FixIts.empty() || int64_t(D.Line) - 1 < From ||
        int64_t(D.Line) - 1 > To)
      continue;
    json::Array Edits;
    for (const Diagnostic::FixIt &F : D.FixIts)
      Edits.push_back(json::Object{{"range", range(Text, F.Begin, F.End)},
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

namespace {
/// The start of a document, where a definition that is a whole file is.
json::Object fileStart() {
  json::Object At{{"line", 0}, {"character", 0}};
  return json::Object{{"start", json::Object(At)}, {"end", std::move(At)}};
}
} // namespace

const std::string *LanguageServer::textOf(const std::string &Uri) const {
  auto It = Documents.find(Uri);
  return It == Documents.end() ? nullptr : &It->second.Text;
}

json::Value LanguageServer::formatting(const json::Object &Params) {
  std::string Uri = uriOf(Params);
  const std::string *Open = textOf(Uri);
  json::Array Edits;
  if (!Open)
    return Edits;
  // The notation's own writer: the piece as fairyc spells it. Notations
  // without a writer, and piece files (whose pieces may be written in
  // several notations), are left as they are.
  std::string Notation = notationOf(Uri);
  std::optional<EmitKind> Writer;
  if (Notation == "betza")
    Writer = EmitKind::Betza;
  else if (Notation == "parlett")
    Writer = EmitKind::Parlett;
  else if (Notation == "fairy")
    Writer = EmitKind::Fairy;
  if (!Writer)
    return Edits;
  const std::string &Text = *Open;
  auto Written = emitted(Text, Uri, *Writer);
  if (!Written)
    return Edits; // it does not compile: nothing to format
  std::string New = StringRef(*Written).trim().str() + "\n";
  if (New == Text)
    return Edits;
  int64_t Lines = 1 + std::count(Text.begin(), Text.end(), '\n');
  Edits.push_back(json::Object{
      {"range",
       json::Object{{"start", json::Object{{"line", 0}, {"character", 0}}},
                    {"end", json::Object{{"line", Lines}, {"character", 0}}}}},
      {"newText", New}});
  return Edits;
}

/// In a variants.ini, the parent named in a section's header
/// (`[name:parent]`) under the cursor leads to that section's header when
/// the document defines it; a built-in parent has no place to go.
static json::Value parentDefinition(const std::string &Text,
                                    const std::string &Uri, int64_t Line,
                                    int64_t Character) {
  std::vector<Section> Sections = sectionsOf(Text);
  for (const Section &S : Sections) {
    if (S.Line != Line + 1 || S.Parent.empty() ||
        Character + 1 < S.ParentBegin || Character + 1 > S.ParentEnd)
      continue;
    for (const Section &Target : Sections)
      if (Target.Name == S.Parent)
        return json::Object{{"uri", Uri},
                            {"range", range(Text, {Target.Line, Target.Begin},
                                            {Target.Line, Target.End})}};
  }
  return nullptr;
}

json::Value LanguageServer::definition(const json::Object &Params) {
  const json::Object *Pos = Params.getObject("position");
  std::string Uri = uriOf(Params);
  const std::string *Open = textOf(Uri);
  if (!Open || !Pos)
    return nullptr;
  if (notationOf(Uri) == "variants.ini")
    return parentDefinition(*Open, Uri, Pos->getInteger("line").getValueOr(0),
                            Pos->getInteger("character").getValueOr(0));
  if (notationOf(Uri) != "pieces")
    return nullptr;
  // An include statement on the line leads to its file, which piece files
  // name relative to themselves.
  int64_t Line = Pos->getInteger("line").getValueOr(0);
  SmallVector<StringRef, 16> Lines;
  StringRef(*Open).split(Lines, '\n');
  if (Line < 0 || size_t(Line) >= Lines.size())
    return nullptr;
  StringRef L = Lines[Line].trim();
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
