//===- Escape.h - Text from the input, made safe for each output -*- C++
//-*-===//
//
// Names, titles and notation text come from the user and end up in
// generated C, SVG, DOT and piece files. Every writer puts them through the
// helper of its target language, so that no input can close a comment,
// end a string or break a document. Control characters and invalid UTF-8
// never reach an output raw: they are shown as \xNN (or U+FFFD in XML,
// \u00NN in JSON). A terminal, a variants.ini and a piece file have their
// helpers too.
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
/// Text for a terminal: control characters (ESC, NUL, DEL, ...) as \xNN,
/// the C1 controls (U+0080 to U+009F, which some terminals obey as ESC
/// sequences) as their two bytes \xC2\xNN and bytes that are not UTF-8
/// as \xNN, so a diagnostic or a listing cannot move the cursor, change
/// colours or write the clipboard. Tabs and line breaks stay.
std::string escapeForTerminal(const std::string &Text);
/// Text for one line of a variants.ini (a comment, or a value fairyc
/// wrote): line breaks and every other control character (C1 ones
/// included) as \xNN, so that it cannot start a [section] or a key = line
/// of its own.
std::string escapeForIni(const std::string &Text);
/// A piece file's double-quoted string, quotes included: \" and \\, and
/// \xNN for control characters (tab, line breaks and C1 ones included),
/// which the piece-file reader reads back to the same bytes.
std::string pieceFileString(const std::string &Text);
/// JSON text as llvm::json writes it (which escapes only the characters
/// below U+0020), with DEL and the C1 controls written \u00NN too: the same
/// JSON value, and no control byte raw for a terminal that shows it.
std::string jsonWithoutControls(const std::string &Json);

} // namespace fairy

#endif
