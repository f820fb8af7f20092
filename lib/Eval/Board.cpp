//===- Board.cpp - Board geometry -----------------------------------------===//
#include "fairy/Eval/Board.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>

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
    // '10X10': the size in lower case, as the piece files' reader offers.
    std::string Lower = llvm::StringRef(Spec).lower(), Ignored;
    if (Lower != Spec && parse(Lower, Ignored))
      Error += "; did you mean '" + Lower + "'?";
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

/// \p X (0-based) in bijective base 26 with digits \p First to First + 25:
/// a, ..., z, aa, ab, ...
static std::string letters(int X, char First) {
  std::string S;
  for (int N = X + 1; N > 0; N = (N - 1) / 26)
    S.insert(S.begin(), char(First + (N - 1) % 26));
  return S;
}

/// The 0-based number of \p S, letters from \p First to First + 25 read as
/// letters() writes them; past Board::MaxSide (no board has it, and more
/// letters would overflow) it stops and returns Board::MaxSide.
static int number(llvm::StringRef S, char First) {
  int N = 0;
  for (size_t I = 0; I < S.size() && N <= Board::MaxSide; ++I)
    N = N * 26 + (S[I] - First + 1);
  return std::min(N, Board::MaxSide + 1) - 1;
}

std::string Board::fileName(int X) { return letters(X, 'a'); }
std::string Board::levelName(int Z) { return letters(Z, 'A'); }

std::string Board::squareName(unsigned I) const {
  Vec C = coord(I);
  std::string S = fileName(C.x) + std::to_string(C.y + 1);
  if (D > 1)
    S = levelName(C.z) + S;
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
    // Level capitals (3D boards only), file letters, rank digits. Every
    // letter counts: a name longer than the largest board's is no square,
    // not some square it wraps around to.
    size_t Capitals = 0;
    while (Capitals < S.size() && S[Capitals] >= 'A' && S[Capitals] <= 'Z')
      ++Capitals;
    int Z = number(S.take_front(Capitals), 'A');
    S = S.drop_front(Capitals);
    size_t Letters = 0;
    while (Letters < S.size() && S[Letters] >= 'a' && S[Letters] <= 'z')
      ++Letters;
    int X = number(S.take_front(Letters), 'a');
    int Y;
    Ok = Letters > 0 && !S.drop_front(Letters).getAsInteger(10, Y) &&
         (D > 1 ? Capitals > 0 : Capitals == 0);
    C.x = X < MaxSide ? X : -1;
    C.y = Ok && Y >= 1 && Y <= MaxSide ? Y - 1 : -1;
    C.z = D > 1 ? (Z < MaxSide ? Z : -1) : 0;
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
