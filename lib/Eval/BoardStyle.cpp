//===- BoardStyle.cpp - How a game's board is drawn -----------------------===//
#include "fairy/Eval/BoardStyle.h"
#include "fairy/Eval/Board.h"

using namespace fairy;

static const BoardStyle AllStyles[] = {BoardStyle::Auto, BoardStyle::Chess,
                                       BoardStyle::Xiangqi, BoardStyle::Janggi,
                                       BoardStyle::Shogi};

const char *fairy::boardStyleName(BoardStyle S) {
  switch (S) {
  case BoardStyle::Auto:
    return "auto";
  case BoardStyle::Chess:
    return "chess";
  case BoardStyle::Xiangqi:
    return "xiangqi";
  case BoardStyle::Janggi:
    return "janggi";
  case BoardStyle::Shogi:
    return "shogi";
  }
  return "auto";
}

std::optional<BoardStyle> fairy::parseBoardStyle(const std::string &Name) {
  for (BoardStyle S : AllStyles)
    if (Name == boardStyleName(S))
      return S;
  return std::nullopt;
}

BoardStyle fairy::resolveBoardStyle(BoardStyle Asked, BoardStyle Declared,
                                    const Board &B) {
  if (Asked != BoardStyle::Auto)
    return Asked;
  if (Declared != BoardStyle::Auto)
    return Declared;
  // 9x10 is xiangqi's board (and janggi's, which says so itself).
  if (!B.is3D() && B.width() == 9 && B.height() == 10)
    return BoardStyle::Xiangqi;
  return BoardStyle::Chess;
}
