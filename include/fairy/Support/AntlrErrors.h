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

#include <optional>
#include <string>
#include <vector>

namespace fairy {

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

/// Attaches \p Collector to lexer and parser in place of the console listener.
void useCollector(antlr4::Lexer &L, antlr4::Parser &P,
                  SyntaxErrorCollector &Collector);

} // namespace fairy

#endif
