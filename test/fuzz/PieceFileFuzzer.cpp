//===- PieceFileFuzzer.cpp - libFuzzer target for piece files -------------===//
//
// Any byte string as a piece file (includes refused, so nothing is read
// from disk): the reader must not crash or hang, and every movement it
// accepts must verify and evaluate the same with both engines.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "fairy/PieceFile/PieceSet.h"

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 256)
    return 0;
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  DiagnosticEngine Diags(nullptr);
  PieceFileOptions Opts;
  Opts.AllowIncludes = false;
  auto Set = readPieceFileText(Diags, Text, "<fuzz>", Opts);
  fuzz::check(Set.has_value() == (Diags.errorCount() == 0),
              "the reader's result and its errors disagree", *ir::nothing());
  if (!Set)
    return 0;
  for (const PieceDef &D : Set->Pieces)
    for (Color Side : {Color::White, Color::Black})
      fuzz::checkMoveset(D.movesFor(Side));
  return 0;
}
