//===- ParlettFuzzer.cpp - libFuzzer target for the Parlett front end -----===//
//
// Any byte string: the front end must not crash, and what it accepts must
// verify and evaluate the same with both engines.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "fairy/Notation/Notation.h"

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size <= 256)
    fuzz::checkFrontEnd(
        llvm::StringRef(reinterpret_cast<const char *>(Data), Size),
        parseParlett);
  return 0;
}
