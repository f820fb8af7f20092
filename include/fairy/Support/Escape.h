//===- Escape.h - Text from the input, made safe for each output -*- C++
//-*-===//
//
// Names, titles and notation text come from the user and end up in
// generated C, SVG, DOT and piece files. Every writer puts them through the
// helper of its target language, so that no input can close a comment,
// end a string or break a document. Control characters and invalid UTF-8
// never reach an output raw: they are shown as \xNN (or U+FFFD in XML).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_SUPPORT_ESCAPE_H
#define FAIRY_SUPPORT_ESCAPE_H

#include <string>

namespace fairy {

/// Text for inside a C block comment: "*/" cannot end it nor "/*" nest
/// one, control
/// characters are written \xNN, so the comment stays on its lines.
std::string escapeForCComment(const std::string &Text);
/// Text for a line comment (C's //, a piece file's //): also no line
/// breaks, and no backslash that could splice the next line.
std::string escapeForLineComment(const std::string &Text);
/// A C string literal, quotes included: \" \\ \n and octal escapes, and
/// no trigraphs.
std::string cStringLiteral(const std::string &Text);
/// XML character data or an attribute value: & < > " ' as entities,
/// characters XML forbids and invalid UTF-8 as U+FFFD.
std::string escapeForXml(const std::string &Text);
/// A Graphviz double-quoted string, quotes included.
std::string dotQuoted(const std::string &Text);
/// Text for a terminal: control characters (ESC, NUL, ...) as \xNN, so a
/// diagnostic cannot move the cursor or change colours. Tabs and line
/// breaks stay.
std::string escapeForTerminal(const std::string &Text);

} // namespace fairy

#endif
