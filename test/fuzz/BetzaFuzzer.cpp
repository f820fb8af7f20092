//===- BetzaFuzzer.cpp - libFuzzer target for the Betza front end ---------===//
//
// Any byte string: the front end must not crash, and what it accepts must
// verify and evaluate the same with both engines.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "fairy/Frontend/Notation.h"
#include "fairy/IR/Builder.h"

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 256)
    return 0;
  DiagnosticEngine Diags(nullptr);
  unsigned Buffer = Diags.addBuffer(
      llvm::StringRef(reinterpret_cast<const char *>(Data), Size), "<fuzz>");
  NodeRef IR = parseBetza(Diags, Buffer);
  fuzz::check(IR || Diags.errorCount() > 0,
              "rejected input without a diagnostic", *ir::nothing());
  if (IR)
    fuzz::checkMoveset(IR);
  return 0;
}
