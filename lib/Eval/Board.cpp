//===- Board.cpp - Board geometry -----------------------------------------===//
#include "fairy/Eval/Board.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

using namespace fairy;

std::optional<Board> Board::make(int W, int H, int D, std::string &Error) {
  if (W < 1 || H < 1 || D < 1) {
    Error = "a board needs at least one square in every dimension";
    return std::nullopt;
  }
  if (W > MaxSide || H > MaxSide || D > MaxSide) {
    Error = "boards larger than " + std::to_string(MaxSide) +
            " squares in a dimension are not supported";
    return std::nullopt;
  }
  if (W * H * D > MaxSquares) {
    Error = "boards of more than " + std::to_string(MaxSquares) +
            " squares are not supported";
    return std::nullopt;
  }
  Board B(W, H, D);
  for (unsigned I = 0; I < B.numSquares(); ++I)
    B.Exists.set(I);
  return B;
}

std::optional<Board> Board::parse(const std::string &Spec, std::string &Error) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  llvm::StringRef(Spec).split(Parts, 'x');
  int Dims[3] = {1, 1, 1};
  bool Ok = Parts.size() == 2 || Parts.size() == 3;
  for (size_t I = 0; Ok && I < Parts.size(); ++I)
    Ok = !Parts[I].getAsInteger(10, Dims[I]);
  if (!Ok) {
    Error = "'" + Spec +
            "' is not a board size; write WxH such as 8x8, or "
            "WxHxD such as 5x5x5";
    return std::nullopt;
  }
  return make(Dims[0], Dims[1], Dims[2], Error);
}

std::string Board::str() const {
  std::string S = std::to_string(W) + "x" + std::to_string(H);
  if (D > 1)
    S += "x" + std::to_string(D);
  return S;
}

SquareSet Board::sourcesFor(Vec V) const {
  SquareSet S(numSquares());
  Exists.forEach([&](unsigned I) {
    if (contains(coord(I) + V))
      S.set(I);
  });
  return S;
}

static std::string fileName(int X) {
  std::string S;
  for (int N = X + 1; N > 0; N = (N - 1) / 26)
    S.insert(S.begin(), char('a' + (N - 1) % 26));
  return S;
}

std::string Board::squareName(unsigned I) const {
  Vec C = coord(I);
  std::string S = fileName(C.x) + std::to_string(C.y + 1);
  if (D > 1)
    S.insert(S.begin(), char('A' + C.z));
  return S;
}

bool Board::parseSquare(const std::string &Name, unsigned &Out,
                        std::string &Error) const {
  Vec C;
  llvm::StringRef S(Name);
  bool Ok = false;
  if (S.contains(',')) {
    llvm::SmallVector<llvm::StringRef, 3> Parts;
    S.split(Parts, ',');
    Ok = Parts.size() == (D > 1 ? 3u : 2u);
    for (size_t I = 0; Ok && I < Parts.size(); ++I) {
      int V;
      Ok = !Parts[I].trim().getAsInteger(10, V);
      // Out of every board, without overflowing on the way.
      C[I] = Ok && V >= 1 && V <= MaxSide ? V - 1 : -1;
    }
  } else {
    if (D > 1 && !S.empty() && S[0] >= 'A' && S[0] <= 'Z') {
      C.z = S[0] - 'A';
      S = S.drop_front();
    }
    size_t Letters = 0;
    while (Letters < S.size() && S[Letters] >= 'a' && S[Letters] <= 'z')
      ++Letters;
    // Every letter counts: a file name longer than the widest board's is
    // no square (and would overflow), not some square it wraps around to.
    int X = 0;
    for (size_t I = 0; I < Letters && X <= MaxSide; ++I)
      X = X * 26 + (S[I] - 'a' + 1);
    int Y;
    Ok = Letters > 0 && !S.drop_front(Letters).getAsInteger(10, Y) &&
         (D == 1 || Name[0] != S[0]);
    C.x = X <= MaxSide ? X - 1 : -1;
    C.y = Ok && Y >= 1 && Y <= MaxSide ? Y - 1 : -1;
  }
  if (!Ok) {
    Error = "'" + Name + "' is not a square name; write it like " +
            squareName(0) + " or as file,rank" + (D > 1 ? ",level" : "") +
            " counted from 1";
    return false;
  }
  if (!contains(C)) {
    Error = "square '" + Name + "' is not on the " + str() + " board";
    return false;
  }
  Out = index(C);
  return true;
}
