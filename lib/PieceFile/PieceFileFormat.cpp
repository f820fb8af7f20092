//===- PieceFileFormat.cpp - A piece file's whitespace made regular -------===//
//
// The tokens are the grammar's own (PieceFileLexer), so that the layout
// never splits or joins one; what lies between two tokens is blanks and
// comments, which the lexer skips and a scan of the gap keeps, with the
// line breaks before each. The layout is then written from that list
// alone. Its result is lexed again and must give the same tokens and
// comments, or the text is returned as it was: formatting never changes
// what a file says.
//
//===----------------------------------------------------------------------===//
#include "fairy/PieceFile/PieceFileFormat.h"

#include "fairy/Support/AntlrErrors.h"

#include "PieceFileLexer.h"
#include "PieceFileParser.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ConvertUTF.h"

using namespace fairy;
using namespace fairy::antlr_PieceFile;
using L = PieceFileLexer;
using llvm::StringRef;

namespace {

/// A token or a comment, in file order.
struct Item {
  enum KindT { Token, LineComment, BlockComment } Kind = Token;
  size_t Type = 0; ///< the lexer's, for a token
  std::string Text;
  unsigned Breaks = 0; ///< line breaks since the previous item
};

/// \p Text's lines with their trailing blanks removed.
std::string rstripLines(StringRef Text) {
  llvm::SmallVector<StringRef, 8> Lines;
  Text.split(Lines, '\n');
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I)
    Out += (I ? "\n" : "") + Lines[I].rtrim(" \t\r\f\v").str();
  return Out;
}

/// The lines of a variants-ini block's body as they are written back:
/// trimmed, `key = value` spaced so, blank runs one blank line and none
/// at either end. (The reader trims each line and its key and value.)
std::vector<std::string> iniLines(StringRef Token) {
  StringRef Body = Token.drop_until([](char C) { return C == '{'; });
  Body = Body.drop_front().drop_back(); // the braces
  llvm::SmallVector<StringRef, 16> Lines;
  Body.split(Lines, '\n');
  std::vector<std::string> Out;
  bool Blank = false;
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (Line.empty()) {
      Blank = !Out.empty();
      continue;
    }
    if (Blank)
      Out.push_back("");
    Blank = false;
    if (Line[0] != '#' && Line[0] != ';' && Line.contains('=')) {
      auto [Key, Value] = Line.split('=');
      Value = Value.trim();
      Out.push_back(Key.trim().str() + " =" +
                    (Value.empty() ? "" : " " + Value.str()));
    } else {
      Out.push_back(Line.str());
    }
  }
  return Out;
}

/// The tokens and comments of \p Text (valid UTF-8), or nullopt when a
/// gap between tokens holds anything else (it cannot: the lexer skips
/// only blanks and comments).
std::optional<std::vector<Item>> itemsOf(const std::string &Text) {
  // ANTLR counts code points; the byte where each begins.
  std::vector<size_t> Offsets;
  for (size_t I = 0; I < Text.size(); ++I)
    if ((static_cast<unsigned char>(Text[I]) & 0xC0) != 0x80)
      Offsets.push_back(I);
  Offsets.push_back(Text.size());
  antlr4::ANTLRInputStream Input(Text);
  PieceFileLexer Lexer(&Input);
  Lexer.removeErrorListeners();
  std::vector<Item> Out;
  unsigned Breaks = 0;
  // Scans the gap [From, To): comments become items.
  auto Gap = [&](size_t From, size_t To) {
    StringRef S = StringRef(Text).slice(From, To);
    for (size_t I = 0; I < S.size();) {
      char C = S[I];
      if (C == '\n') {
        ++Breaks;
        ++I;
      } else if (C == ' ' || C == '\t' || C == '\r') {
        ++I;
      } else if (S.substr(I).startswith("//") || C == '#') {
        size_t End = S.find_first_of("\r\n", I);
        End = End == StringRef::npos ? S.size() : End;
        Out.push_back({Item::LineComment, 0, S.slice(I, End).str(), Breaks});
        Breaks = 0;
        I = End;
      } else if (S.substr(I).startswith("/*")) {
        size_t Close = S.find("*/", I + 2);
        if (Close == StringRef::npos)
          return false;
        Out.push_back(
            {Item::BlockComment, 0, S.slice(I, Close + 2).str(), Breaks});
        Breaks = 0;
        I = Close + 2;
      } else {
        return false;
      }
    }
    return true;
  };
  size_t At = 0;
  for (const std::unique_ptr<antlr4::Token> &T : Lexer.getAllTokens()) {
    size_t Begin = Offsets[std::min(T->getStartIndex(), Offsets.size() - 1)];
    size_t End = Offsets[std::min(T->getStopIndex() + 1, Offsets.size() - 1)];
    if (Begin < At || !Gap(At, Begin))
      return std::nullopt;
    Out.push_back(
        {Item::Token, T->getType(), Text.substr(Begin, End - Begin), Breaks});
    Breaks = 0;
    At = End;
  }
  if (!Gap(At, Text.size()))
    return std::nullopt;
  return Out;
}

/// What must stay the same: each token (a variants-ini block as its
/// lines) and each comment (but for blanks ending its lines).
std::vector<std::string> signature(const std::vector<Item> &Items) {
  std::vector<std::string> Out;
  for (const Item &I : Items) {
    if (I.Kind != Item::Token) {
      Out.push_back("c" + rstripLines(I.Text));
    } else if (I.Type == L::VARIANTS_INI) {
      std::string S = "i";
      for (const std::string &Line : iniLines(I.Text))
        S += Line + "\n";
      Out.push_back(S);
    } else {
      Out.push_back(std::to_string(I.Type) + ":" + I.Text);
    }
  }
  return Out;
}

/// Writes the items line by line.
class Writer {
public:
  std::string Out;

  /// Ends the line being written (if any); with \p Blank, leaves one
  /// blank line (not at the file's start). The next text is indented by
  /// \p Indent.
  void newLine(unsigned Indent, bool Blank = false) {
    if (!AtLineStart)
      Out += '\n';
    if (Blank && !Out.empty() && !StringRef(Out).endswith("\n\n"))
      Out += '\n';
    AtLineStart = true;
    Pending = Indent;
  }
  /// Writes \p Text on the line, after a space if \p Space and the line
  /// has text already.
  void put(StringRef Text, bool Space) {
    if (AtLineStart)
      Out.append(Pending, ' ');
    else if (Space)
      Out += ' ';
    Out += Text;
    AtLineStart = false;
  }

private:
  bool AtLineStart = true;
  unsigned Pending = 0;
};

std::string layout(const std::vector<Item> &Items) {
  Writer W;
  bool InBlock = false;       // in a piece's { } block
  std::optional<size_t> Prev; // the previous token's type
  bool AfterComment = false, AfterLineComment = false; // the previous item
  auto StatementOpen = [&] {
    if (!Prev)
      return false;
    if (InBlock)
      return *Prev != L::LBRACE && *Prev != L::SEMI;
    return *Prev != L::SEMI && *Prev != L::RBRACE && *Prev != L::VARIANTS_INI;
  };
  auto Indent = [&] { return (InBlock ? 2u : 0u) + (StatementOpen() ? 4 : 0); };
  for (const Item &I : Items) {
    bool Blank = I.Breaks >= 2;
    if (I.Kind != Item::Token) {
      // After a token on its line; else on a line of its own.
      if (I.Breaks == 0 && !W.Out.empty())
        W.put(rstripLines(I.Text), true);
      else {
        W.newLine(Indent(), Blank);
        W.put(rstripLines(I.Text), false);
      }
      AfterComment = true;
      AfterLineComment = I.Kind == Item::LineComment;
      continue;
    }
    if (I.Type == L::RBRACE) {
      InBlock = false;
      W.newLine(0);
      W.put("}", false);
    } else if (!StatementOpen()) {
      W.newLine(InBlock ? 2 : 0, Blank);
      if (I.Type == L::VARIANTS_INI) {
        std::vector<std::string> Lines = iniLines(I.Text);
        W.put(Lines.empty() ? "variants-ini {}" : "variants-ini {", false);
        bool BlankLine = false;
        for (const std::string &Line : Lines) {
          if (Line.empty()) {
            BlankLine = true;
            continue;
          }
          W.newLine(2, BlankLine);
          BlankLine = false;
          W.put(Line, false);
        }
        if (!Lines.empty()) {
          W.newLine(0);
          W.put("}", false);
        }
      } else {
        W.put(I.Text, false);
      }
    } else {
      if (AfterLineComment)
        W.newLine(Indent());
      bool Tight = (I.Type == L::SEMI || I.Type == L::COMMA ||
                    I.Type == L::DASH || *Prev == L::DASH) &&
                   !AfterComment;
      W.put(I.Text, !Tight);
    }
    if (I.Type == L::LBRACE)
      InBlock = true;
    Prev = I.Type;
    AfterComment = AfterLineComment = false;
  }
  std::string Out = StringRef(W.Out).rtrim().str();
  return Out.empty() ? Out : Out + "\n";
}

} // namespace

std::optional<std::string> fairy::formatPieceFile(const std::string &Text) {
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Text.data());
  if (!llvm::isLegalUTF8String(&Begin, Begin + Text.size()))
    return std::nullopt;
  {
    AntlrParse<PieceFileLexer, PieceFileParser> Parse(Text);
    if (!Parse.run(&PieceFileParser::pieceFile) || Parse.firstError())
      return std::nullopt;
  }
  std::optional<std::vector<Item>> Items = itemsOf(Text);
  if (!Items)
    return Text;
  std::string Out = layout(*Items);
  std::optional<std::vector<Item>> Again = itemsOf(Out);
  if (!Again || signature(*Again) != signature(*Items))
    return Text;
  return Out;
}
