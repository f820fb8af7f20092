//===- FairyNotationFuzzer.cpp - libFuzzer target for fairy-notation ------===//
//
// Any byte string: the front end must not crash or hang, and what it
// accepts must verify and evaluate the same with both engines. Inputs are
// parsed twice, as for a board and as for the unbounded plane with a
// radius, which exercises --radius.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "fairy/Notation/Notation.h"

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 256)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  for (bool Plane : {false, true}) {
    FrontendOptions Opts;
    if (Plane) {
      Opts.RequireBounded = true;
      Opts.Radius = 2;
    }
    fuzz::checkFrontEnd(Text, [&](DiagnosticEngine &Diags, unsigned Buffer) {
      return findNotation("fairy")->Parse(Diags, Buffer, Opts);
    });
  }
  return 0;
}
