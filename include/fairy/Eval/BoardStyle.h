//===- BoardStyle.h - How a game's board is drawn ---------------*- C++ -*-===//
//
// Chess is played on squares, xiangqi and janggi on the points where lines
// cross (with palaces, and xiangqi's river), shogi on an even grid of
// cells. Pictures draw the board the way its players know it.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_BOARDSTYLE_H
#define FAIRY_EVAL_BOARDSTYLE_H

#include <optional>
#include <string>

// No LLVM here: fairy/Driver/Invocation.h, which embedders include without
// LLVM's headers, names a style.
namespace fairy {

class Board;

enum class BoardStyle { Auto, Chess, Xiangqi, Janggi, Shogi };

/// "auto", "chess", "xiangqi", "janggi", "shogi".
const char *boardStyleName(BoardStyle S);
std::optional<BoardStyle> parseBoardStyle(const std::string &Name);

/// The style to draw: \p Asked unless Auto, else the game's \p Declared
/// (a piece file's or variant's) unless Auto, else xiangqi for a flat 9x10
/// board and chess otherwise.
BoardStyle resolveBoardStyle(BoardStyle Asked, BoardStyle Declared,
                             const Board &B);

} // namespace fairy

#endif
