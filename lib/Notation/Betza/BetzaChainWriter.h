//===- BetzaChainWriter.h - Multi-leg moves as bracket chains ---*- C++ -*-===//
#ifndef FAIRY_BACKEND_BETZACHAINWRITER_H
#define FAIRY_BACKEND_BETZACHAINWRITER_H

#include "fairy/IR/Node.h"

#include <string>
#include <vector>

namespace fairy {

/// Bracket chains ('[F?R]', 'v[F?R]', '[W?sR]'...) that may spell the
/// multi-leg alternatives \p Legs, the likeliest first; each string spells
/// all of them. The caller keeps one only if it reads back the same.
std::vector<std::string> bracketCandidates(const std::vector<NodeRef> &Legs);

} // namespace fairy

#endif
