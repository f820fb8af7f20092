//===- BetzaFuzzer.cpp - libFuzzer target for the Betza front end ---------===//
//
// Any byte string: the front end must not crash, and what it accepts must
// verify and evaluate the same with both engines. Inputs are read twice, as
// Fairy-Stockfish and as XBoard read Betza, for an 8-file board (XBetza's
// cylinder moves need its width).
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "fairy/Notation/Notation.h"

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 256)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  for (bool XBoard : {false, true}) {
    FrontendOptions Opts;
    Opts.XBoardBetza = XBoard;
    Opts.BoardWidth = 8;
    fuzz::checkFrontEnd(Text, [&](DiagnosticEngine &Diags, unsigned Buffer) {
      return findNotation("betza")->Parse(Diags, Buffer, Opts);
    });
  }
  return 0;
}
