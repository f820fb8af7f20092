//===- AntlrErrors.h - First syntax error of an ANTLR parse -----*- C++ -*-===//
//
// ANTLR's own messages ("mismatched input ... expecting ...") are not for
// people. This listener records the *first* lexer or parser error with
// everything a front end needs to write a better sentence: where it is, what
// token was found, the token before it, and which tokens would have fitted.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_SUPPORT_ANTLRERRORS_H
#define FAIRY_SUPPORT_ANTLRERRORS_H

#include "antlr4-runtime.h"

#include "llvm/Support/SourceMgr.h"

#include <optional>
#include <string>
#include <vector>

namespace fairy {

class DiagnosticEngine;

struct SyntaxError {
  bool FromLexer = false;
  size_t Line = 1;   ///< 1-based
  size_t Column = 0; ///< 0-based, in code points
  size_t Length = 1; ///< code points covered by the offending text
  /// The offending token (parser errors) or character (lexer errors).
  std::string Text;
  size_t TokenType = 0; ///< antlr4::Token::EOF at the end of input
  /// The token before the offending one (parser errors), if any.
  std::string PrevText;
  size_t PrevType = 0;
  bool HasPrev = false;
  /// Code point index just past the previous token: where an "unexpected
  /// end" is reported, rather than after trailing blank lines.
  size_t PrevEnd = 0;
  /// Token types that would have been accepted here.
  std::vector<size_t> Expected;
  /// The rule being parsed when the error happened.
  std::string RuleName;
};

class SyntaxErrorCollector : public antlr4::BaseErrorListener {
public:
  void syntaxError(antlr4::Recognizer *Recognizer, antlr4::Token *Offending,
                   size_t Line, size_t Column, const std::string &Msg,
                   std::exception_ptr E) override;
  const std::optional<SyntaxError> &first() const { return First; }

private:
  std::optional<SyntaxError> First;
};

/// ANTLR's input stream throws on bytes that are not UTF-8. Every front end
/// calls this first: it reports the first bad byte of buffer \p Buffer as a
/// located error and returns false.
bool checkUTF8(DiagnosticEngine &Diags, unsigned Buffer);

/// How deeply brackets may nest in any notation: the parsers, lowerings,
/// passes and evaluators recurse once per level, and this keeps them far
/// from the end of the stack (docs/diagnostics.md, "Limits").
constexpr unsigned MaxNesting = 256;

/// Reports the first bracket of \p Opens that opens level MaxNesting + 1 of
/// buffer \p Buffer, as "\p What is nested more than 256 levels deep", and
/// returns false. A scan of the brackets only, before parsing; text after
/// \p LineComment (if given) up to the end of its line is skipped.
bool checkNesting(DiagnosticEngine &Diags, unsigned Buffer,
                  llvm::StringRef Opens, llvm::StringRef Closes,
                  const std::string &What, llvm::StringRef LineComment = "");

/// Thrown by the collector at the first syntax error: only the first is
/// reported, and going on through a long bad input (megabytes of NUL
/// bytes) costs seconds. AntlrParse::run catches it.
struct StopParsing {};

/// Attaches \p Collector to lexer and parser in place of the console listener.
void useCollector(antlr4::Lexer &L, antlr4::Parser &P,
                  SyntaxErrorCollector &Collector);

/// What a front end says of a syntax error: the message, and the fix-it
/// when the fix is certain.
struct SyntaxMessage {
  SyntaxMessage(std::string Text) : Text(std::move(Text)) {}
  SyntaxMessage(const char *Text) : Text(Text) {}
  std::string Text;
  /// Replaces the offending token ('peice' by 'piece').
  std::optional<std::string> Replacement;
  /// The error is a token missing after the previous one (a ';' at the end
  /// of a line): reported at the end of the previous token, with this
  /// inserted there.
  std::optional<std::string> InsertAfterPrevious;
  /// Reported at these bytes of the buffer instead (a misspelt word
  /// before the offending token), which Replacement replaces.
  std::optional<std::pair<size_t, size_t>> Bytes;
};

/// Reports \p E as \p Message at its place in buffer \p Buffer: at the
/// offending token, or just after the previous token for an unexpected end
/// or a missing token.
void reportSyntaxError(DiagnosticEngine &Diags, unsigned Buffer,
                       const SyntaxError &E, const SyntaxMessage &Message);

/// Where ANTLR tokens stand in buffer \p Buffer, for a front end's
/// diagnostics: ANTLR counts code points, diagnostics count bytes. The
/// front ends' tree readers derive from it.
class TokenSpans {
public:
  TokenSpans(DiagnosticEngine &Diags, unsigned Buffer);

protected:
  DiagnosticEngine &Diags;
  unsigned Buffer;
  llvm::StringRef Text;

private:
  /// The byte offset of every code point of Text, made on first use: a
  /// front end asks once per token, and counting from the start each time
  /// made a long input cost N^2.
  mutable std::vector<uint32_t> CodePointOffsets;
  size_t byteOffset(size_t CodePoint) const;

protected:
  /// Byte offsets of the start of \p T and just past its end.
  size_t begin(antlr4::Token *T) const;
  size_t end(antlr4::Token *T) const;
  llvm::SMRange range(antlr4::Token *First, antlr4::Token *Last) const;
  llvm::SMRange range(antlr4::ParserRuleContext *C) const;
  /// An error at \p First underlining \p First .. \p Last.
  void error(antlr4::Token *First, antlr4::Token *Last, const std::string &Msg,
             llvm::ArrayRef<llvm::SMFixIt> Fix = {});
  /// An error underlining \p R.
  void error(llvm::SMRange R, const std::string &Msg,
             llvm::ArrayRef<llvm::SMFixIt> Fix = {});
};

/// One ANTLR parse of a buffer: the input stream, lexer, token stream and
/// parser, which must all outlive the parse tree, with the error collector
/// attached. Front ends create one, call the start rule on parser(), then
/// reportError() with their own wording of syntax errors.
template <typename LexerT, typename ParserT> class AntlrParse {
public:
  explicit AntlrParse(const std::string &Text)
      : Input(Text), Lexer(&Input), Tokens(&Lexer), Parser(&Tokens) {
    useCollector(Lexer, Parser, Errors);
  }
  ParserT &parser() { return Parser; }
  /// Parses with start rule \p Rule (&ParserT::rule); nullptr when the
  /// parse stopped at its first syntax error (see firstError()).
  template <typename RuleT>
  auto run(RuleT Rule) -> decltype((std::declval<ParserT &>().*Rule)()) {
    try {
      return (Parser.*Rule)();
    } catch (const StopParsing &) {
      return nullptr;
    }
  }
  /// The first syntax error, if there was one.
  const std::optional<SyntaxError> &firstError() const {
    return Errors.first();
  }

  /// If the parse had a syntax error, reports it with the message
  /// \p Describe(error) and returns true.
  template <typename DescribeFn>
  bool reportError(DiagnosticEngine &Diags, unsigned Buffer,
                   DescribeFn Describe) {
    if (!Errors.first())
      return false;
    reportSyntaxError(Diags, Buffer, *Errors.first(),
                      Describe(*Errors.first()));
    return true;
  }

private:
  antlr4::ANTLRInputStream Input;
  LexerT Lexer;
  antlr4::CommonTokenStream Tokens;
  ParserT Parser;
  SyntaxErrorCollector Errors;
};

} // namespace fairy

#endif
