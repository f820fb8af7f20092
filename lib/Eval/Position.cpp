//===- Position.cpp - What stands where -----------------------------------===//
#include "fairy/Eval/Position.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>

using namespace fairy;

Position::Position(Board Bd)
    : Moved(Bd.numSquares()), B(std::move(Bd)),
      Squares(B.numSquares()), Pieces{B.emptySet(), B.emptySet()} {}

void Position::place(unsigned I, Color Side, char Type) {
  clear(I);
  Squares[I].Present = true;
  Squares[I].Side = Side;
  Squares[I].Type = Type;
  Pieces[(int)Side].set(I);
}

void Position::clear(unsigned I) {
  Pieces[0].reset(I);
  Pieces[1].reset(I);
  Squares[I] = Occupant();
}

bool Position::hasPieces() const { return Pieces[0].any() || Pieces[1].any(); }

namespace {
/// One level's placement, read into rows of cells.
struct Cell {
  char Piece = 0; ///< 0 empty, '*' hole, else a letter
};
} // namespace

/// Reads "rnbq/8/..." into rows (top row first). Returns false on a bad
/// character.
static bool readLevel(llvm::StringRef Text,
                      std::vector<std::vector<Cell>> &Rows,
                      std::string &Error) {
  llvm::SmallVector<llvm::StringRef, 16> RankTexts;
  Text.split(RankTexts, '/');
  for (llvm::StringRef R : RankTexts) {
    std::vector<Cell> Row;
    for (size_t I = 0; I < R.size();) {
      char C = R[I];
      if (std::isdigit((unsigned char)C)) {
        size_t J = I;
        while (J < R.size() && std::isdigit((unsigned char)R[J]))
          ++J;
        unsigned N;
        if (R.slice(I, J).getAsInteger(10, N) || N == 0 || N > Board::MaxSide) {
          Error = "bad run of empty squares '" + R.slice(I, J).str() + "'";
          return false;
        }
        Row.insert(Row.end(), N, Cell());
        I = J;
        continue;
      }
      if (!std::isalpha((unsigned char)C) && C != '*') {
        Error = std::string("unexpected character '") + C +
                "' in the position; use letters for pieces, digits for empty "
                "squares, '*' for a missing square and '/' between ranks";
        return false;
      }
      Cell Piece;
      Piece.Piece = C;
      Row.push_back(Piece);
      ++I;
    }
    Rows.push_back(std::move(Row));
  }
  return true;
}

std::optional<Position> Position::fromFEN(const std::string &FEN,
                                          const std::optional<Board> &Size,
                                          std::string &Error) {
  llvm::SmallVector<llvm::StringRef, 8> LevelTexts;
  llvm::StringRef(FEN).trim().split(LevelTexts, '|');
  std::vector<std::vector<std::vector<Cell>>> Levels;
  for (llvm::StringRef L : LevelTexts) {
    Levels.emplace_back();
    if (!readLevel(L, Levels.back(), Error))
      return std::nullopt;
  }
  int D = Levels.size(), H = Levels[0].size(), W = Levels[0][0].size();
  for (const auto &L : Levels)
    for (const auto &Row : L)
      if ((int)L.size() != H || (int)Row.size() != W) {
        Error = "the ranks of the position do not all have the same length";
        return std::nullopt;
      }
  std::optional<Board> B = Size;
  if (B && (B->width() != W || B->height() != H || B->depth() != D)) {
    Error = "the position describes a " + std::to_string(W) + "x" +
            std::to_string(H) + (D > 1 ? "x" + std::to_string(D) : "") +
            " board but the board is " + B->str();
    return std::nullopt;
  }
  if (!B)
    B = Board::make(W, H, D, Error);
  if (!B)
    return std::nullopt;
  Position P(*B);
  for (int Z = 0; Z < D; ++Z)
    for (int Row = 0; Row < H; ++Row)
      for (int X = 0; X < W; ++X) {
        char C = Levels[Z][Row][X].Piece;
        unsigned I = P.B.index(Vec(X, H - 1 - Row, Z));
        if (C == '*')
          P.B.removeSquare(I);
        else if (C)
          P.place(I,
                  std::isupper((unsigned char)C) ? Color::White : Color::Black,
                  (char)std::toupper((unsigned char)C));
      }
  return P;
}
