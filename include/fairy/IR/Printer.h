//===- Printer.h - Textual form of the IR -----------------------*- C++ -*-===//
//
// Prints a tree in the textual IR that IRParser reads back:
//   sym<d4>(seq(ride<0..>(leg(1,0; empty)), leg(1,0; notfriend)))
// Short subtrees stay on one line; longer ones break one child per line.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_IR_PRINTER_H
#define FAIRY_IR_PRINTER_H

#include "fairy/IR/Node.h"

#include <string>

namespace fairy {

/// The tree on as many lines as it needs, ending in a newline.
std::string printIR(const Node &N);
/// The tree on one line, without a newline.
std::string printIRInline(const Node &N);
/// The node without its operands: "sym<d4>", "ride<0..>", "seq", or the
/// whole leg "leg(1,2; notfriend)".
std::string printNodeHeader(const Node &N);

} // namespace fairy

#endif
