//===- VariantsIniFuzzer.cpp - Fuzz the variants.ini import ---------------===//
//
// Any text as a Fairy-Stockfish variants.ini: every section (its parents
// in the file or built in) is imported; an import succeeds exactly when it
// reports no error, and every piece's moves are well-formed IR that
// evaluates within its budget, for both sides.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "fairy/PieceFile/PieceSet.h"

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 512)
    return 0;
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<std::string> Sections = variantsIniSections(Text);
  if (Sections.size() > 4)
    Sections.resize(4);
  for (const std::string &Variant : Sections) {
    DiagnosticEngine Diags(nullptr);
    auto Set = importVariantsIniText(Diags, Text, "<fuzz>", Variant,
                                     PieceFileOptions());
    fuzz::check(Set.has_value() == (Diags.errorCount() == 0),
                "the import's result and its errors disagree", *ir::nothing());
    if (!Set)
      continue;
    for (const PieceDef &D : Set->Pieces)
      for (Color Side : {Color::White, Color::Black})
        fuzz::checkMoveset(D.movesFor(Side));
  }
  return 0;
}
