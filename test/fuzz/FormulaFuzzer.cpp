//===- FormulaFuzzer.cpp - libFuzzer target for Movement Formula ----------===//
//
// Any byte string: the front end must not crash or hang, and what it
// accepts must verify and evaluate the same with both engines.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "fairy/Notation/Notation.h"

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 256)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  fuzz::checkFrontEnd(Text, [&](DiagnosticEngine &Diags, unsigned Buffer) {
    return findNotation("formula")->Parse(Diags, Buffer, {});
  });
  return 0;
}
