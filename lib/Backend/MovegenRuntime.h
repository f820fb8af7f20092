//===- MovegenRuntime.h - The fixed part of generated generators -*- C++
//-*-===//
//
// The C text every --emit=movegen file shares, around what MovegenWriter.cpp
// writes for the variant. It reads the writer's constants (FAIRY_TYPES,
// FAIRY_MG_FAST, fairy_mg_royal[], ...) and functions (fairy_mg_quiets,
// fairy_mg_captures, fairy_mg_attackers, fairy_mg_piece_moves, ...).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LIB_BACKEND_MOVEGENRUNTIME_H
#define FAIRY_LIB_BACKEND_MOVEGENRUNTIME_H

namespace fairy {
namespace movegen {

/// The comment saying what the file adds to the tables.
extern const char *const MovegenOverview;
/// The position, the move and the functions' declarations.
extern const char *const MovegenDeclarations;
/// Squares, lines, pieces on the board, adding moves (before the writer's
/// lookups).
extern const char *const MovegenRuntimeBase;
/// The test of one move for perft's count (between the writer's moves and
/// its count).
extern const char *const MovegenRuntimeCountTest;
/// Check, legality, castling, make and unmake, FEN, perft (after them).
extern const char *const MovegenRuntimeGenerate;

} // namespace movegen
} // namespace fairy

#endif
