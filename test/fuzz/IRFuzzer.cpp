//===- IRFuzzer.cpp - libFuzzer target for the textual IR -----------------===//
//
// Any byte string: the IR parser must not crash; IR that parses and
// verifies must print, parse back to an equal tree, and evaluate the same
// with both engines.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "fairy/IR/IRParser.h"

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 512)
    return 0;
  DiagnosticEngine Diags(nullptr);
  unsigned Buffer = Diags.addBuffer(
      llvm::StringRef(reinterpret_cast<const char *>(Data), Size), "<fuzz>");
  NodeRef IR = parseIR(Diags, Buffer);
  if (!IR || !verifyIR(*IR).empty())
    return 0;
  std::string Printed = printIR(*IR);
  DiagnosticEngine Again(nullptr);
  NodeRef Back = parseIR(Again, Again.addBuffer(Printed, "<printed>"));
  fuzz::check(Back && equal(*IR, *Back), "print/parse round trip", *IR);
  fuzz::checkMoveset(IR);
  return 0;
}
