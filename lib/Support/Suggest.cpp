//===- Suggest.cpp - "Did you mean" for every name looked up --------------===//
#include "fairy/Support/Suggest.h"

using namespace fairy;
using llvm::StringRef;

unsigned fairy::maxTypoDistance(StringRef Typo) {
  return unsigned(Typo.size() + 2) / 3;
}

TypoCorrector::TypoCorrector(StringRef Typo, bool PartsCount,
                             std::optional<unsigned> MaxDistance)
    : Typo(Typo.str()), PartsCount(PartsCount),
      MaxDistance(MaxDistance.value_or(maxTypoDistance(Typo))),
      BestDistance(this->MaxDistance + 1) {}

void TypoCorrector::add(StringRef Name) {
  if (Name == Typo || Name.empty())
    return;
  unsigned D = StringRef(Typo).edit_distance(Name, /*AllowReplacements=*/true,
                                             BestDistance);
  if (PartsCount && !Typo.empty() &&
      (Name.startswith(Typo) || (Typo.size() >= 2 && Name.endswith(Typo))))
    D = std::min(D, 1u);
  if (D > MaxDistance || D > BestDistance)
    return;
  if (D < BestDistance) {
    BestDistance = D;
    Nearest.clear();
  }
  Nearest.push_back(Name.str());
}

std::optional<std::string> TypoCorrector::best() const {
  if (Nearest.empty())
    return std::nullopt;
  return Nearest.front();
}

std::string fairy::didYouMean(StringRef Typo,
                              const std::vector<std::string> &Names,
                              const char *Open, const char *Close) {
  TypoCorrector C(Typo);
  for (const std::string &N : Names)
    C.add(N);
  if (C.nearest().empty())
    return "";
  std::string Out;
  for (const std::string &N : C.nearest())
    Out += (Out.empty() ? "" : ", ") + std::string(Open) + N + Close;
  return "; did you mean " + Out + "?";
}
