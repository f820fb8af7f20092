//===- Suggest.h - "Did you mean" for every name looked up ------*- C++ -*-===//
//
// One typo corrector for every place fairyc looks a name up (options and
// their values, warnings, notations, variants and parents, keys, keywords),
// with clang's rule for how far a typo may be from the name meant: a third
// of its length, rounded up ('jsn' one edit, 'peice' two).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_SUPPORT_SUGGEST_H
#define FAIRY_SUPPORT_SUGGEST_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace fairy {

/// The edits a typo of \p Typo's length may be from the name meant:
/// (length + 2) / 3, as clang's typo correction allows.
unsigned maxTypoDistance(llvm::StringRef Typo);

/// Collects the names nearest to a typo.
class TypoCorrector {
public:
  /// \p PartsCount: a name that begins with the typo, or ends with it (of
  /// two or more characters), counts as one edit away ('x' for 'xiangqi',
  /// 'pex' for 'pext', 'legacy-atom' for 'betza-legacy-atom').
  /// \p MaxDistance: the edits allowed, when not the typo's own
  /// maxTypoDistance (a file name's is its stem's: 'zzz.fairy' is not one
  /// edit per three letters from every other piece file).
  explicit TypoCorrector(llvm::StringRef Typo, bool PartsCount = true,
                         std::optional<unsigned> MaxDistance = std::nullopt);

  /// Considers \p Name (an exact match is no typo: it is not suggested).
  void add(llvm::StringRef Name);
  /// The names at the nearest distance within maxTypoDistance, in the
  /// order added; empty for none.
  const std::vector<std::string> &nearest() const { return Nearest; }
  /// The first of them, or nullopt.
  std::optional<std::string> best() const;

private:
  std::string Typo;
  bool PartsCount;
  unsigned MaxDistance;
  unsigned BestDistance;
  std::vector<std::string> Nearest;
};

/// "; did you mean 'A'?" (or "'A', 'B'?") for the nearest of \p Names to
/// \p Typo, each between \p Open and \p Close; "" when none is near.
std::string didYouMean(llvm::StringRef Typo,
                       const std::vector<std::string> &Names,
                       const char *Open = "'", const char *Close = "'");

} // namespace fairy

#endif
