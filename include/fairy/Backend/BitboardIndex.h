//===- BitboardIndex.h - How bitboard tables are indexed --------*- C++ -*-===//
//
// Standard library only: the driver's public Invocation names it.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_BACKEND_BITBOARDINDEX_H
#define FAIRY_BACKEND_BITBOARDINDEX_H

namespace fairy {

/// How a slider's table is indexed: a magic multiplier (any 64-bit CPU),
/// or BMI2's PEXT instruction (_pext_u64: boards of up to 64 squares, no
/// multiplier to search for).
enum class BitboardIndex { Magic, Pext };

} // namespace fairy

#endif
