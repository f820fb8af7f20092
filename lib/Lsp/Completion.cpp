//===- Completion.cpp - What may be typed at the cursor -------------------===//
//
// textDocument/completion: in a piece file, the words the statement being
// typed takes next (the statements' keywords, the notations, sides,
// `royal`, `missing` and `style` and the board styles, the letters of the
// document's pieces where promote, confine and castling name pieces; in a
// variants-ini block, the keys it may give); in a variants.ini, the parents a
// section header may name (the file's sections and Fairy-Stockfish's built-in
// variants), and at the start of a line in a section the keys
// Fairy-Stockfish reads. Found from the text before the cursor alone, so
// that a document that does not compile is served too.
//
//===----------------------------------------------------------------------===//
#include "Features.h"

#include "fairy/Notation/Notation.h"
#include "fairy/PieceFile/PieceSet.h"

#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <set>

using namespace fairy;
using namespace fairy::lsp;
using namespace llvm;

namespace {

/// LSP's CompletionItemKind.
enum Kind {
  Text = 1,
  Property = 10,
  Keyword = 14,
  Value = 12,
  Module = 9,
  Constant = 21
};

/// A word that may come next; a piece's letter has the piece's name as its
/// detail.
struct Candidate {
  std::string Label;
  Kind K;
  std::string Detail = "";
};

/// A piece of the document, as its `piece` statement writes it: its letter
/// and its name.
struct NamedPiece {
  std::string Letter, Name;
};

/// The words of the statement the cursor is in, before the word being
/// typed (strings as written, quotes too; comments skipped), whether it is
/// inside a piece's '{' block or a variants-ini block, and whether nothing but
/// blanks precedes it on its line.
struct Context {
  std::vector<std::string> Words;
  bool InBlock = false, InIni = false, AtLineStart = true;
};

const char *const StatementKeywords[] = {
    "game", "board",   "include", "piece",    "start", "promotion",
    "zone", "confine", "promote", "castling", "drops", "variants-ini"};

bool isStatementKeyword(StringRef Word) {
  for (const char *K : StatementKeywords)
    if (Word == K)
      return true;
  return false;
}

/// The context of the end of \p Doc; the pieces of its `piece` statements
/// go to \p Pieces, if given.
Context statementBefore(StringRef Doc,
                        std::vector<NamedPiece> *Pieces = nullptr) {
  Context C;
  // The statement whose words are about to be dropped, if a piece's.
  auto Ended = [&] {
    const std::vector<std::string> &W = C.Words;
    if (Pieces && !C.InBlock && !C.InIni && W.size() >= 3 && W[0] == "piece" &&
        W[2].size() == 1 && std::isupper((unsigned char)W[2][0])) {
      StringRef Name = W[1];
      if (Name.startswith("\""))
        Name = Name.drop_front().take_until([](char Ch) { return Ch == '"'; });
      Pieces->push_back({W[2], Name.str()});
    }
  };
  size_t I = 0;
  // Nothing but blanks since the last line break: a keyword here begins a
  // statement. (Tracked as the scan goes: one pass, however long a line.)
  bool FirstOnLine = true;
  auto Push = [&](std::string Word) {
    // A statement's first words decide what comes next; a long one takes
    // nothing more, and its words are not all kept.
    if (C.Words.size() < 8)
      C.Words.push_back(std::move(Word));
    FirstOnLine = false;
  };
  while (I < Doc.size()) {
    char Ch = Doc[I];
    if (std::isspace((unsigned char)Ch)) {
      FirstOnLine |= Ch == '\n';
      ++I;
    } else if (Doc.substr(I).startswith("//")) {
      size_t NL = Doc.find('\n', I);
      I = NL == StringRef::npos ? Doc.size() : NL;
    } else if (Doc.substr(I).startswith("/*")) {
      size_t Close = Doc.find("*/", I + 2);
      size_t End = Close == StringRef::npos ? Doc.size() : Close + 2;
      FirstOnLine |= Doc.slice(I, End).contains('\n');
      I = End;
    } else if (Ch == '"') {
      size_t Begin = I;
      for (++I; I < Doc.size() && Doc[I] != '"' && Doc[I] != '\n'; ++I)
        if (Doc[I] == '\\')
          ++I;
      ++I;
      // (The string as written, its quotes too: a piece's name may be one.)
      Push(Doc.slice(Begin, I).str());
    } else if (Ch == ';' || Ch == '{' || Ch == '}') {
      ++I;
      Ended();
      if (Ch == '{') {
        C.InIni = !C.Words.empty() && C.Words[0] == "variants-ini";
        C.InBlock = !C.InIni;
      }
      if (Ch == '}')
        C.InBlock = C.InIni = false;
      C.Words.clear();
      if (C.InBlock)
        C.Words = {"{"};
      // (A variants-ini block's first line may follow its '{'.)
      FirstOnLine = C.InIni;
    } else {
      size_t J = I;
      while (J < Doc.size() && !std::isspace((unsigned char)Doc[J]) &&
             !StringRef(";{}\"").contains(Doc[J]))
        ++J;
      std::string Word = Doc.slice(I, J).str();
      // A statement's keyword first on its line begins a statement, even
      // when the one above (being typed) has no ';' yet.
      if (!C.InBlock && FirstOnLine && isStatementKeyword(Word)) {
        Ended();
        C.Words.clear();
      }
      Push(std::move(Word));
      I = J;
    }
  }
  C.AtLineStart = FirstOnLine;
  Ended();
  return C;
}

/// What a piece file's statement takes next, after \p Words; \p Pieces
/// are the document's.
std::vector<Candidate> pieceFileWords(const Context &C,
                                      const std::vector<NamedPiece> &Pieces) {
  std::vector<Candidate> Out;
  auto Letters = [&] {
    for (const NamedPiece &P : Pieces)
      Out.push_back({P.Letter, Constant, P.Name});
  };
  auto Notations = [&] {
    for (const NotationInfo &N : notations())
      if (std::string(N.Name) != "pieces")
        Out.push_back({N.Name, Value});
  };
  const std::vector<std::string> &W = C.Words;
  if (C.InIni) {
    // A line's key: one Fairy-Stockfish reads that the file does not
    // state itself (its board, start, promotion zone and pieces).
    if (C.AtLineStart)
      for (const std::string &K : fairyStockfishKeyNames())
        if (!ruleStatedByPieceFile(K))
          Out.push_back({K, Property});
    return Out;
  }
  if (C.InBlock) {
    // A movement: an optional side, then the notation.
    if (W.size() == 1) {
      Out.push_back({"white", Keyword});
      Out.push_back({"black", Keyword});
      Notations();
    } else if (W.size() == 2 && (W[1] == "white" || W[1] == "black")) {
      Notations();
    }
    return Out;
  }
  if (W.empty()) {
    for (const char *K : StatementKeywords)
      Out.push_back({K, Keyword});
  } else if (W[0] == "piece" &&
             (W.size() == 3 || (W.size() == 4 && W[3] == "royal"))) {
    // piece NAME LETTER [royal] then the notation (or a '{' block).
    if (W.size() == 3)
      Out.push_back({"royal", Keyword});
    Notations();
  } else if (W[0] == "board" && W.size() >= 2 && W.back() == "style") {
    for (const char *S : {"chess", "xiangqi", "janggi", "shogi"})
      Out.push_back({S, Value});
  } else if (W[0] == "board" && W.size() == 2) {
    Out.push_back({"missing", Keyword});
    Out.push_back({"style", Keyword});
  } else if (W[0] == "promotion" && W.size() == 1) {
    Out.push_back({"white", Keyword});
    Out.push_back({"black", Keyword});
  } else if (W[0] == "promote") {
    // promote P [more] to Q R B N;
    Letters();
    if (W.size() >= 2 && !is_contained(W, "to"))
      Out.push_back({"to", Keyword});
  } else if (W[0] == "confine" && W.size() == 1) {
    Letters(); // confine K d1-f3;
  } else if (W[0] == "castling") {
    // castling K with R [more] [to g c];
    bool With = W.size() >= 3 && W[2] == "with";
    if (W.size() == 1 || (With && !is_contained(W, "to")))
      Letters();
    if (W.size() == 2)
      Out.push_back({"with", Keyword});
    else if (W.size() >= 4 && With && !is_contained(W, "to"))
      Out.push_back({"to", Keyword});
  }
  return Out;
}

/// Whether a line of \p Above is a section's header: a key typed below it
/// is in a section.
bool belowAHeader(StringRef Above) {
  for (StringRef Rest = Above; !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    if (Line.ltrim().startswith("["))
      return true;
    Rest = Next;
  }
  return false;
}

/// What a variants.ini takes at \p Line (its text before the word being
/// typed, \p Above the lines above it): in a header after `[name:`, a
/// parent; first on a line in a section, a key.
std::vector<Candidate> variantsIniWords(const std::string &Doc, StringRef Above,
                                        StringRef Line) {
  std::vector<Candidate> Out;
  size_t Open = Line.find_first_not_of(" \t");
  if (Open != StringRef::npos && Line[Open] == '[' && Line.contains(':') &&
      !Line.contains(']')) {
    for (const std::string &S : variantsIniSections(Doc))
      Out.push_back({S, Module});
    for (const std::string &S : builtinVariantNames())
      Out.push_back({S, Module});
  } else if (Open == StringRef::npos && belowAHeader(Above)) {
    for (const std::string &K : fairyStockfishKeyNames())
      Out.push_back({K, Property});
  }
  return Out;
}

} // namespace

json::Value fairy::lsp::completion(const std::string &Doc,
                                   const std::string &Uri,
                                   const TextDocumentPositionParams &P) {
  size_t Cursor = byteOffsetOf(Doc, P.At);
  StringRef Before = StringRef(Doc).substr(0, Cursor);
  // The word being typed: what the client filters by.
  size_t Start = Cursor;
  while (Start > 0 && (std::isalnum((unsigned char)Doc[Start - 1]) ||
                       Doc[Start - 1] == '_' || Doc[Start - 1] == '-'))
    --Start;
  StringRef Typed = StringRef(Doc).slice(Start, Cursor);
  std::vector<Candidate> Words;
  std::string Notation = notationOf(Uri);
  if (Notation == "pieces") {
    // The document's pieces, for their letters (read from its text, the
    // pieces of a document that does not compile too).
    std::vector<NamedPiece> Pieces;
    statementBefore(Doc, &Pieces);
    Words = pieceFileWords(statementBefore(Before.substr(0, Start)), Pieces);
  } else if (Notation == "variants.ini") {
    size_t LineStart = Before.rfind('\n') + 1;
    Words = variantsIniWords(Doc, Before.substr(0, LineStart),
                             StringRef(Doc).slice(LineStart, Start));
  }
  json::Array Items;
  std::set<std::string> Seen;
  for (const Candidate &W : Words)
    if (StringRef(W.Label).startswith(Typed) && Seen.insert(W.Label).second) {
      json::Object Item{{"label", W.Label}, {"kind", int(W.K)}};
      if (!W.Detail.empty()) {
        Item["detail"] = W.Detail;
        Item["labelDetails"] = json::Object{{"description", W.Detail}};
      }
      Items.push_back(std::move(Item));
    }
  return json::Object{{"isIncomplete", false}, {"items", std::move(Items)}};
}
