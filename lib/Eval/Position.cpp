//===- Position.cpp - What stands where -----------------------------------===//
#include "fairy/Eval/Position.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <cstdlib>
#include <numeric>

using namespace fairy;

Position::Position(Board Bd)
    : Moved(Bd.numSquares()), Advanced(Bd.numSquares()), B(std::move(Bd)),
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

void PieceTable::define(Color Side, char Type, NodeRef M) {
  Moves[{Side, (char)std::toupper((unsigned char)Type)}] = std::move(M);
}

const NodeRef *PieceTable::find(Color Side, char Type) const {
  auto It = Moves.find({Side, (char)std::toupper((unsigned char)Type)});
  return It == Moves.end() ? nullptr : &It->second;
}

SquareSet Position::passedSquares() const {
  SquareSet S = B.emptySet();
  if (!LastMove)
    return S;
  Vec From = B.coord(LastMove->From), D = B.coord(LastMove->To) - From;
  int G = std::gcd(std::abs(D.x), std::gcd(std::abs(D.y), std::abs(D.z)));
  for (int K = 1; K < G; ++K) {
    Vec At = From + Vec(D.x / G * K, D.y / G * K, D.z / G * K);
    if (B.contains(At))
      S.set(B.index(At));
  }
  return S;
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

/// FEN's fields after the placement: side to move, castling rights, en
/// passant square (and the move counters, ignored).
static bool readFields(llvm::ArrayRef<llvm::StringRef> Fields, Position &P,
                       std::string &Error) {
  if (Fields.size() > 5) {
    Error = "too many fields after the placement; expected at most: side to "
            "move, castling rights, en passant square, halfmove clock, "
            "move number";
    return false;
  }
  if (Fields.size() >= 1) {
    if (Fields[0] != "w" && Fields[0] != "b") {
      Error = "the side to move is '" + Fields[0].str() + "'; write w or b";
      return false;
    }
    P.SideToMove = Fields[0] == "w" ? Color::White : Color::Black;
    P.SideGiven = true;
  }
  // Rights as KQkq, or as the rooks' files (Shredder-FEN: 'JAja' on a
  // board of ten files).
  std::string Rights = "KQkq";
  for (int F = 0; F < std::min(P.board().width(), 26); ++F)
    Rights += {char('A' + F), char('a' + F)};
  if (Fields.size() >= 2 && Fields[1] != "-" &&
      Fields[1].find_first_not_of(Rights) != llvm::StringRef::npos) {
    Error = "bad castling rights '" + Fields[1].str() +
            "'; write letters of KQkq (or files), or -";
    return false;
  }
  if (Fields.size() >= 3 && Fields[2] != "-") {
    // The side that moved last made a double step through this square.
    const Board &B = P.board();
    unsigned Ep;
    std::string Why;
    if (!B.parseSquare(Fields[2].str(), Ep, Why)) {
      Error = "bad en passant square: " + Why;
      return false;
    }
    int Back = P.SideToMove == Color::White ? 1 : -1; // toward the mover
    Vec At = B.coord(Ep);
    Vec From(At.x, At.y + Back, At.z), To(At.x, At.y - Back, At.z);
    if (!B.contains(From) || !B.contains(To)) {
      Error = "the en passant square " + Fields[2].str() +
              " has no squares on both sides of it along the files";
      return false;
    }
    P.LastMove = Move{B.index(From), B.index(To)};
  }
  for (size_t I = 3; I < Fields.size(); ++I) {
    unsigned N;
    if (Fields[I].getAsInteger(10, N)) {
      Error =
          "the move counters must be numbers, not '" + Fields[I].str() + "'";
      return false;
    }
  }
  return true;
}

std::string Position::toFEN() const {
  std::string Out;
  int W = B.width(), H = B.height();
  for (int Z = 0; Z < B.depth(); ++Z) {
    if (Z)
      Out += '|';
    for (int Y = H - 1; Y >= 0; --Y) {
      if (Y != H - 1)
        Out += '/';
      int Empty = 0;
      for (int X = 0; X < W; ++X) {
        unsigned I = B.index(Vec(X, Y, Z));
        char C = 0;
        if (!B.squares().test(I))
          C = '*';
        else if (Squares[I].Present)
          C = Squares[I].Side == Color::White
                  ? Squares[I].Type
                  : (char)std::tolower((unsigned char)Squares[I].Type);
        if (!C) {
          ++Empty;
          continue;
        }
        if (Empty)
          Out += std::to_string(Empty);
        Empty = 0;
        Out += C;
      }
      if (Empty)
        Out += std::to_string(Empty);
    }
  }
  if (SideGiven)
    Out += SideToMove == Color::White ? " w" : " b";
  return Out;
}

std::optional<Position> Position::fromFEN(const std::string &FEN,
                                          const std::optional<Board> &Size,
                                          std::string &Error) {
  llvm::SmallVector<llvm::StringRef, 8> Fields;
  llvm::StringRef(FEN).trim().split(Fields, ' ', -1, /*KeepEmpty=*/false);
  if (Fields.empty()) {
    Error = "the position is empty";
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef, 8> LevelTexts;
  Fields[0].split(LevelTexts, '|');
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
  if (!readFields(llvm::ArrayRef<llvm::StringRef>(Fields).drop_front(), P,
                  Error))
    return std::nullopt;
  return P;
}
