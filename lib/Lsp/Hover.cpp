//===- Hover.cpp - What the cursor is on ----------------------------------===//
//
// textDocument/hover: a notation file's piece (its canonical Betza and its
// diagram); in a piece file, the piece whose statement is under the
// cursor, or whose letter is (in promote, confine, castling, the start
// FEN); in a variants.ini, a piece entry as fairyc imports it for its
// section, a section's header as `fairyc --list-variants` lists it, and
// what fairyc does with any other key. A piece is shown as the piece set's
// outputs write it alone: its `piece` line in Betza and its diagram.
//
//===----------------------------------------------------------------------===//
#include "Features.h"

#include "fairy/Backend/Backend.h"
#include "fairy/Backend/Compilation.h"
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/Support/LargeStack.h"

#include "llvm/ADT/StringExtras.h"

#include <cctype>

using namespace fairy;
using namespace fairy::lsp;
using namespace llvm;

namespace {

/// A `piece` statement of a piece file's text, as byte offsets: from its
/// keyword to just past its ';' or '}', and where its name begins. Found
/// by a scan that skips strings and comments, so that a piece whose
/// notation does not compile has its place too.
struct PieceStatement {
  size_t Begin, End, NameBegin;
};

std::vector<PieceStatement> pieceStatements(StringRef Text) {
  std::vector<PieceStatement> Out;
  size_t I = 0, N = Text.size();
  auto SkipBlank = [&] {
    for (;;) {
      while (I < N && std::isspace((unsigned char)Text[I]))
        ++I;
      if (Text.substr(I).startswith("//")) {
        while (I < N && Text[I] != '\n')
          ++I;
      } else if (Text.substr(I).startswith("/*")) {
        size_t Close = Text.find("*/", I + 2);
        I = Close == StringRef::npos ? N : Close + 2;
      } else {
        return;
      }
    }
  };
  auto SkipString = [&] { // at '"': to just past the closing one
    for (++I; I < N && Text[I] != '"' && Text[I] != '\n'; ++I)
      if (Text[I] == '\\')
        ++I;
    if (I < N)
      ++I;
  };
  bool AtStart = true;
  std::optional<PieceStatement> Open;
  int Depth = 0;
  while (true) {
    SkipBlank();
    if (I >= N)
      break;
    char C = Text[I];
    if (C == '"') {
      SkipString();
      AtStart = false;
      continue;
    }
    if (std::isalpha((unsigned char)C) || C == '_') {
      size_t J = I;
      while (J < N && (std::isalnum((unsigned char)Text[J]) || Text[J] == '_'))
        ++J;
      if (AtStart && Text.slice(I, J) == "piece" && !Open) {
        Open = PieceStatement{I, N, N};
        I = J;
        SkipBlank();
        Open->NameBegin = I;
        AtStart = false;
        continue;
      }
      I = J;
      AtStart = false;
      continue;
    }
    ++I;
    if (C == '{')
      ++Depth;
    bool Ends = (C == ';' && Depth == 0) || (C == '}' && --Depth <= 0);
    if (C == '}' && Depth < 0)
      Depth = 0;
    if (Ends) {
      if (Open) {
        Open->End = I;
        Out.push_back(*Open);
        Open.reset();
      }
      AtStart = true;
    }
  }
  if (Open)
    Out.push_back(*Open);
  return Out;
}

json::Value markdown(const std::string &Text) {
  return json::Object{
      {"contents", json::Object{{"kind", "markdown"}, {"value", Text}}}};
}

/// Piece \p Index of \p Set as hover shows it: its name and letter, the
/// `piece` line the Betza writer gives it alone, and its diagram. \p Diags
/// holds the set's buffers; what the writers report goes there.
std::string describePiece(DiagnosticEngine &Diags, const PieceSet &Set,
                          size_t Index) {
  const PieceDef &P = Set.Pieces[Index];
  PieceSet One = Set;
  One.Pieces = {P};
  Invocation Options;
  auto Betza = emitPieceSet(Diags, One, *findBackend("betza"), Options);
  auto Diagram = emitPieceSet(Diags, One, *findBackend("diagram"), Options);
  std::string Md = "**" + P.Name + "** (" + std::string(1, P.Letter) + ")\n\n";
  // The `piece NAME L betza "...";` statement (after the board's); a
  // block of a movement for each side, whole.
  std::string Statement;
  bool InBlock = false;
  for (StringRef L : split(Betza.value_or(""), '\n')) {
    if (L.startswith("piece ") && Statement.empty()) {
      Statement = L.rtrim().str();
      InBlock = L.rtrim().endswith("{");
    } else if (InBlock) {
      Statement += "\n" + L.rtrim().str();
      InBlock = L.trim() != "}";
    }
  }
  if (Statement.find('\n') != std::string::npos)
    Md += "```text\n" + Statement + "\n```\n\n";
  else if (!Statement.empty())
    Md += "`" + Statement + "`\n\n";
  if (Diagram)
    Md += "```text\n" + StringRef(*Diagram).rtrim().str() + "\n```\n";
  return Md;
}

/// Whether Fairy-Stockfish reads \p Key, and whether as a piece type
/// (each has its mobility regions, mobilityRegionWhiteKnight...).
bool readByFairyStockfish(StringRef Key) {
  return is_contained(fairyStockfishKeyNames(), Key);
}
bool isPieceType(StringRef Key) {
  return !Key.empty() && readByFairyStockfish("mobilityRegionWhite" +
                                              std::string(1, toUpper(Key[0])) +
                                              Key.drop_front().str());
}

/// `[name:parent] WxH: piece (L), ...`, as --list-variants lists it, and
/// the rules the section carries; or why it cannot be imported (\p Why).
std::string describeSection(const VariantsIniImporter::SectionInfo &S,
                            const std::optional<PieceSet> &Set,
                            const std::string &Why) {
  std::string Head =
      "[" + S.Name + (S.Parent.empty() ? "" : ":" + S.Parent) + "]";
  if (!Set)
    return "```text\n" + Head + " cannot be imported" + Why + "\n```\n";
  std::string Pieces;
  for (const PieceDef &P : Set->Pieces)
    Pieces += (Pieces.empty() ? "" : ", ") + P.Name + " (" +
              std::string(1, P.Letter) + ")";
  std::string Md = "```text\n" + Head + " " + Set->board().str() + ": " +
                   (Pieces.empty() ? "no pieces" : Pieces) + "\n```\n";
  std::string Keys;
  for (const GameRule &R : Set->Rules)
    Keys += (Keys.empty() ? "`" : ", `") + R.Key + "`";
  if (!Keys.empty())
    Md += "\nCarried into `--emit=variants-ini` as written: " + Keys + "\n";
  return Md;
}

/// What fairyc does with key \p Key of a section imported as \p Set
/// (nullopt: it cannot be imported, and \p Why says why).
std::string describeKey(StringRef Key, const std::optional<PieceSet> &Set,
                        const std::string &Why) {
  std::string Md = "`" + Key.str() + "`: ";
  if (!readByFairyStockfish(Key))
    return Md + "Fairy-Stockfish reads no such key and ignores this line.";
  Md += isPieceType(Key) ? "a piece type Fairy-Stockfish reads"
                         : "a key Fairy-Stockfish reads";
  if (!Set)
    return Md + "; the section cannot be imported" + Why + ".";
  if (isPieceType(Key))
    return Md + "; the section has no such piece.";
  std::optional<std::string> Modelled = ruleStatedByPieceFile(Key);
  if (Modelled)
    Md += "; fairyc models it (in a piece file, " + *Modelled + ")";
  if (const GameRule *R = Set->rule(Key))
    Md += std::string(Modelled ? ", and writes it back"
                               : "; fairyc carries it, without modelling it,") +
          " into `--emit=variants-ini` as `" + R->Key + " = " + R->Value + "`";
  return Md + ".";
}

/// Hover in a variants.ini at \p At: the section the line is in is
/// imported from the text as `fairyc --import` would import it.
json::Value variantsIniHover(const std::string &Text, const lsp::Position &At) {
  DiagnosticEngine Diags(nullptr, "fairyc");
  PieceFileOptions Opts;
  VariantsIniImporter Importer(Diags, Text, "<input>", Opts);
  unsigned Line = unsigned(std::min<int64_t>(At.Line, 1 << 30)) + 1;
  const VariantsIniImporter::SectionInfo *In = nullptr;
  for (const VariantsIniImporter::SectionInfo &S : Importer.sections())
    if (S.FirstLine <= Line && Line <= S.LastLine)
      In = &S;
  if (!In)
    return nullptr;
  size_t Begin = byteOffsetOf(Text, lsp::Position{At.Line, 0});
  StringRef Here = StringRef(Text).substr(Begin);
  Here = Here.take_until([](char C) { return C == '\n'; }).trim();
  bool Header = Line == In->FirstLine;
  if (!Header &&
      (Here.empty() || Here[0] == '#' || Here[0] == ';' || !Here.contains('=')))
    return nullptr;
  // A name given twice is its later section: an earlier one is not read.
  for (const VariantsIniImporter::SectionInfo &S : Importer.sections())
    if (S.Name == In->Name && S.FirstLine > In->FirstLine)
      return markdown("A later section `[" + S.Name +
                      "]` replaces this one: Fairy-Stockfish reads that.");
  std::optional<PieceSet> Set = Importer.import(In->Name);
  std::string Why;
  for (const Diagnostic &D : Diags.diagnostics())
    if (D.Kind == SourceMgr::DK_Error) {
      // (Its line when it is the document's, not the built-in variants'.)
      bool Ours = D.File == "<input>" && D.Line;
      Why = " (" + (Ours ? "line " + std::to_string(D.Line) + ": " : "") +
            D.Message + ")";
      break;
    }
  if (Header)
    return markdown(describeSection(*In, Set, Why));
  StringRef Key = Here.split('=').first.trim();
  if (Set)
    for (size_t I = 0; I < Set->Pieces.size(); ++I) {
      const PieceDef &P = Set->Pieces[I];
      if (P.AsFairyStockfish && P.AsFairyStockfish->Type == Key)
        return markdown(describePiece(Diags, *Set, I));
    }
  return markdown(describeKey(Key, Set, Why));
}

} // namespace

json::Value fairy::lsp::hover(const std::string &Text, const std::string &Uri,
                              const TextDocumentPositionParams &P) {
  std::string Notation = notationOf(Uri);
  if (Notation.empty())
    return nullptr;
  if (Notation == "variants.ini") {
    json::Value Out = nullptr;
    // The importer recurses on a movement's depth, as the lint does.
    runOnLargeStack([&] { Out = variantsIniHover(Text, P.At); });
    return Out;
  }
  if (Notation != "pieces") {
    // The document is one piece: its diagram and its canonical Betza.
    auto Diagram = emitted(Text, Uri, "diagram");
    if (!Diagram)
      return nullptr;
    auto Betza = emitted(Text, Uri, "betza");
    std::string Md;
    if (Betza)
      Md += "Betza: `" + StringRef(*Betza).trim().str() + "`\n\n";
    return markdown(Md + "```text\n" + *Diagram + "```");
  }
  // A piece file: the piece whose statement is under the cursor, written
  // by the piece set's outputs for it alone (its Betza line and its
  // diagram); none for a piece that does not compile (not its neighbour's).
  size_t Cursor = byteOffsetOf(Text, P.At);
  // A piece's letter where a statement names it (promote, confine,
  // castling, the start FEN): that piece, as on its own statement.
  if (std::optional<char> Letter = pieceLetterAt(Text, Cursor)) {
    std::unique_ptr<CompiledDocument> Doc = compileDocument(Text, Uri);
    if (!Doc->Pieces)
      return nullptr;
    const PieceSet &Set = Doc->Pieces->pieceSet();
    for (size_t I = 0; I < Set.Pieces.size(); ++I)
      if (Set.Pieces[I].Letter == *Letter)
        return markdown(describePiece(Doc->D.engine(), Set, I));
    return nullptr;
  }
  std::optional<PieceStatement> Under;
  for (const PieceStatement &S : pieceStatements(Text))
    if (S.Begin <= Cursor && Cursor < S.End)
      Under = S;
  if (!Under)
    return nullptr;
  std::unique_ptr<CompiledDocument> Doc = compileDocument(Text, Uri);
  const PieceAt *Here = nullptr;
  for (const PieceAt &Def : Doc->Defined)
    if (Def.NameOffset == Under->NameBegin)
      Here = &Def;
  if (!Here)
    return nullptr;
  // Its diagnostics (none that the document's lint does not give) are
  // recorded with the compilation's, whose sources they point into.
  return markdown(
      describePiece(Doc->D.engine(), Doc->Pieces->pieceSet(), Here->Index));
}
