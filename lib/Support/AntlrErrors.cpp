//===- AntlrErrors.cpp - First syntax error of an ANTLR parse -------------===//
#include "fairy/Support/AntlrErrors.h"
#include "fairy/Support/Diagnostics.h"

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Format.h"

using namespace fairy;

void SyntaxErrorCollector::syntaxError(antlr4::Recognizer *Recognizer,
                                       antlr4::Token *Offending, size_t Line,
                                       size_t Column, const std::string &,
                                       std::exception_ptr) {
  if (First)
    return;
  SyntaxError E;
  E.Line = Line;
  E.Column = Column;
  if (auto *Lexer = dynamic_cast<antlr4::Lexer *>(Recognizer)) {
    E.FromLexer = true;
    antlr4::CharStream *In = Lexer->getInputStream();
    size_t Start = Lexer->tokenStartCharIndex;
    size_t Index = In->index();
    if (Index >= In->size())
      Index = In->size() ? In->size() - 1 : 0;
    if (Start <= Index && In->size() > 0)
      E.Text = In->getText(antlr4::misc::Interval(Index, Index));
    // The lexer reports at the start of the token it failed on; point at the
    // character it could not use instead.
    E.Column += Index - Start;
    First = E;
    throw StopParsing();
  }
  auto *Parser = dynamic_cast<antlr4::Parser *>(Recognizer);
  if (Offending) {
    E.TokenType = Offending->getType();
    E.Text = E.TokenType == antlr4::Token::EOF ? "" : Offending->getText();
    E.Length = E.Text.empty()
                   ? 1
                   : Offending->getStopIndex() - Offending->getStartIndex() + 1;
  }
  if (Parser) {
    antlr4::TokenStream *Tokens = Parser->getTokenStream();
    if (Offending && Offending->getTokenIndex() > 0) {
      antlr4::Token *Prev = Tokens->get(Offending->getTokenIndex() - 1);
      E.HasPrev = true;
      E.PrevText = Prev->getText();
      E.PrevType = Prev->getType();
      E.PrevEnd = Prev->getStopIndex() + 1;
    }
    for (size_t T : Parser->getExpectedTokens().toList())
      E.Expected.push_back(T);
    if (antlr4::ParserRuleContext *Ctx = Parser->getContext())
      E.RuleName = Parser->getRuleNames()[Ctx->getRuleIndex()];
  }
  First = E;
  throw StopParsing();
}

void fairy::useCollector(antlr4::Lexer &L, antlr4::Parser &P,
                         SyntaxErrorCollector &Collector) {
  L.removeErrorListeners();
  L.addErrorListener(&Collector);
  P.removeErrorListeners();
  P.addErrorListener(&Collector);
}

bool fairy::checkUTF8(DiagnosticEngine &Diags, unsigned Buffer) {
  llvm::StringRef Text = Diags.bufferText(Buffer);
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Text.begin());
  const auto *Cursor = Begin;
  const auto *End = reinterpret_cast<const llvm::UTF8 *>(Text.end());
  if (llvm::isLegalUTF8String(&Cursor, End))
    return true;
  size_t Offset = Cursor - Begin;
  std::string Byte;
  llvm::raw_string_ostream(Byte)
      << llvm::format_hex((unsigned char)Text[Offset], 4);
  Diags.error(Diags.loc(Buffer, Offset),
              "the text is not valid UTF-8 (byte " + Byte + ")");
  return false;
}

void fairy::reportSyntaxError(DiagnosticEngine &Diags, unsigned Buffer,
                              const SyntaxError &E,
                              const SyntaxMessage &Message) {
  llvm::StringRef Text = Diags.bufferText(Buffer);
  bool AtEnd = !Message.Bytes && (E.TokenType == antlr4::Token::EOF ||
                                  (Message.InsertAfterPrevious && E.HasPrev));
  size_t Begin = AtEnd && E.HasPrev
                     ? byteOffsetOfCodePoint(Text, E.PrevEnd)
                     : byteOffsetOfLineColumn(Text, E.Line, E.Column);
  size_t End =
      AtEnd ? Begin : byteOffsetOfLineColumn(Text, E.Line, E.Column + E.Length);
  if (Message.Bytes) {
    Begin = Message.Bytes->first;
    End = Message.Bytes->second;
  }
  std::vector<llvm::SMFixIt> Fix;
  if (Message.Replacement && !AtEnd)
    Fix.emplace_back(Diags.range(Buffer, Begin, End), *Message.Replacement);
  if (Message.InsertAfterPrevious && AtEnd)
    Fix.emplace_back(Diags.range(Buffer, Begin, Begin),
                     *Message.InsertAfterPrevious);
  Diags.error(Diags.loc(Buffer, Begin), Message.Text,
              {Diags.range(Buffer, Begin, End)}, Fix);
}

TokenSpans::TokenSpans(DiagnosticEngine &Diags, unsigned Buffer)
    : Diags(Diags), Buffer(Buffer), Text(Diags.bufferText(Buffer)) {}

size_t TokenSpans::begin(antlr4::Token *T) const {
  return byteOffset(T->getStartIndex());
}

size_t TokenSpans::end(antlr4::Token *T) const {
  return byteOffset(T->getStopIndex() + 1);
}

llvm::SMRange TokenSpans::range(antlr4::Token *First,
                                antlr4::Token *Last) const {
  return Diags.range(Buffer, begin(First), end(Last));
}

llvm::SMRange TokenSpans::range(antlr4::ParserRuleContext *C) const {
  return range(C->getStart(), C->getStop());
}

void TokenSpans::error(antlr4::Token *First, antlr4::Token *Last,
                       const std::string &Msg,
                       llvm::ArrayRef<llvm::SMFixIt> Fix) {
  error(range(First, Last), Msg, Fix);
}

void TokenSpans::error(llvm::SMRange R, const std::string &Msg,
                       llvm::ArrayRef<llvm::SMFixIt> Fix) {
  Diags.error(R.Start, Msg, {R}, Fix);
}

bool fairy::checkNesting(DiagnosticEngine &Diags, unsigned Buffer,
                         llvm::StringRef Opens, llvm::StringRef Closes,
                         const std::string &What, llvm::StringRef LineComment) {
  llvm::StringRef Text = Diags.bufferText(Buffer);
  unsigned Depth = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (!LineComment.empty() && Text.substr(I).startswith(LineComment)) {
      I = Text.find('\n', I);
      if (I == llvm::StringRef::npos)
        break;
    } else if (Opens.contains(Text[I]) && ++Depth > MaxNesting) {
      Diags.error(Diags.loc(Buffer, I),
                  What + " is nested more than " + std::to_string(MaxNesting) +
                      " levels deep, which is not supported");
      return false;
    } else if (Closes.contains(Text[I]) && Depth > 0) {
      --Depth;
    }
  }
  return true;
}

size_t TokenSpans::byteOffset(size_t CodePoint) const {
  if (CodePointOffsets.empty())
    for (size_t I = 0; I <= Text.size();
         I += I < Text.size() ? utf8SequenceLength(Text[I]) : 1)
      CodePointOffsets.push_back((uint32_t)I);
  return CodePoint < CodePointOffsets.size() ? CodePointOffsets[CodePoint]
                                             : Text.size();
}
