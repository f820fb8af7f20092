//===- Board.h - Board geometry ---------------------------------*- C++ -*-===//
//
// A W x H (x D) box of squares, some of which may be missing (holes).
// Square index = x + W * (y + H * z); (0,0,0) is White's a1 on level 1.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_EVAL_BOARD_H
#define FAIRY_EVAL_BOARD_H

#include "fairy/Eval/SquareSet.h"
#include "fairy/IR/BoardShape.h"
#include "fairy/IR/Vec.h"

#include <optional>
#include <string>

namespace fairy {

class Board {
public:
  static constexpr int MaxSide = BoardShape::MaxSide;
  static constexpr int MaxSquares = 16384;

  /// A full board, or nullopt with \p Error set if the size is unsupported.
  static std::optional<Board> make(int W, int H, int D, std::string &Error);
  /// "9x9", "10x8", "5x5x5".
  static std::optional<Board> parse(const std::string &Spec,
                                    std::string &Error);

  int width() const { return W; }
  int height() const { return H; }
  int depth() const { return D; }
  bool is3D() const { return D > 1; }
  unsigned numSquares() const { return W * H * D; }
  int maxSide() const { return std::max(W, std::max(H, D)); }
  /// "9x9" or "5x5x5".
  std::string str() const;
  /// The size, and whether squares are missing: what passes may rely on.
  BoardShape shape() const { return {W, H, D, Exists.count() != numSquares()}; }

  bool inBox(Vec C) const {
    return C.x >= 0 && C.x < W && C.y >= 0 && C.y < H && C.z >= 0 && C.z < D;
  }
  bool contains(Vec C) const { return inBox(C) && Exists.test(index(C)); }
  unsigned index(Vec C) const { return C.x + W * (C.y + H * C.z); }
  Vec coord(unsigned I) const { return Vec(I % W, (I / W) % H, I / (W * H)); }
  /// The squares that exist.
  const SquareSet &squares() const { return Exists; }
  void removeSquare(unsigned I) { Exists.reset(I); }
  SquareSet emptySet() const { return SquareSet(numSquares()); }

  /// The squares s such that s and s + V both exist.
  SquareSet sourcesFor(Vec V) const;

  /// "e4"; on 3D boards the level comes first in capitals: "Ae1". Files
  /// and levels are letters counted as spreadsheet columns are (bijective
  /// base 26): a to z, then aa, ab, ... az, ba, ...; levels A to Z, then
  /// AA, AB, ... So every square of every board fairyc accepts has a name
  /// of letters and digits that parseSquare reads back to it: level
  /// capitals, file small letters, rank digits.
  std::string squareName(unsigned I) const;
  /// Reads a square name as squareName writes it, or "file,rank[,level]"
  /// counted from 1. Returns false with \p Error set if it is not a square.
  bool parseSquare(const std::string &Name, unsigned &Out,
                   std::string &Error) const;
  /// The name of file \p X (0-based): "a", ... "z", "aa", ...
  static std::string fileName(int X);
  /// The name of level \p Z (0-based) on a 3D board: "A", ... "Z", "AA", ...
  static std::string levelName(int Z);
  /// The centre square (rounded toward a1), the default origin.
  unsigned centre() const {
    return index(Vec((W - 1) / 2, (H - 1) / 2, (D - 1) / 2));
  }

private:
  Board(int W, int H, int D) : W(W), H(H), D(D), Exists(W * H * D) {}
  int W, H, D;
  SquareSet Exists;
};

} // namespace fairy

#endif
