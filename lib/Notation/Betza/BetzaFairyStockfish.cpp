//===- BetzaFairyStockfish.cpp - Betza as Fairy-Stockfish's loop reads it -===//
//
// from_betza (Fairy-Stockfish's src/piece.cpp, c19b5f6) walks the string
// once. It knows
//   m c         modalities          p g   hoppers (g: one square behind)
//   n           lame                i     initial
//   f b v h r l s  directions: a letter pairs with the next character when
//               that is the same letter or one of the other axis, else it
//               stands alone ("ff")
//   W F D N A H L C J Z G K  leapers, R B Q riders: an atom followed by a
//               digit rides that far, followed by itself rides unlimited
// and skips everything else without a word, keeping the modifiers read so
// far for the next atom. Its move tables (bitboard.cpp, init_pieces) have
// riders along rook, bishop and knight lines only: a rider of D, A, H, C,
// Z or G makes no move. Its parser (src/parser.cpp) also reads an 'e'
// anywhere as "this piece takes en passant", which fairyc's reader reads
// as the same capture. Modifiers after the last atom are never used.
//
// The letters kept are read by fairyc's Betza reader, which pairs letters
// and doubles atoms as from_betza does; where a dropped character stood
// between two kept ones, the kept text is adjusted so that they do not
// pair or double across it.
//
//===----------------------------------------------------------------------===//
#include "BetzaFairyStockfish.h"

#include <algorithm>
#include <cctype>
#include <cstring>

using namespace fairy;
using namespace fairy::betza;
using llvm::StringRef;

namespace {

bool in(char C, const char *Set) { return C && std::strchr(Set, C); }
bool isVertical(char C) { return in(C, "fbvh"); }
bool isHorizontal(char C) { return in(C, "rlsh"); }
bool isDirection(char C) { return isVertical(C) || isHorizontal(C); }
bool isLeaper(char C) { return in(C, "WFDNAHLCJZGK"); }
bool isRider(char C) { return in(C, "RBQ"); }

/// Whether from_betza reads direction letter \p C and the character \p Next
/// after it as one pair.
bool pairs(char C, char Next) {
  return isDirection(Next) &&
         (Next == C || (isVertical(C) && isHorizontal(Next)) ||
          (isHorizontal(C) && isVertical(Next)));
}

/// What XBoard (fairyc with --betza=xboard) reads in character \p I of
/// \p T, which Fairy-Stockfish skips.
std::string xboardReading(StringRef T, size_t I) {
  char C = T[I];
  char Before = I ? T[I - 1] : 0;
  switch (C) {
  case 'a':
    return "XBoard reads it as the start of another leg of a multi-leg move";
  case 'y':
    return "XBoard's 'y' makes the next leg a slider after a leap (or a "
           "leap after a slide)";
  case 'd':
    return "XBoard's 'd' lets the move capture an own piece";
  case 'j':
    return "XBoard's 'j' makes a leap that must jump over a piece, or a slide "
           "that skips its first square";
  case 'k':
    return "XBoard's 'k' lets the move capture a royal piece only";
  case 't':
    return "XBoard's 't' keeps the move from capturing a royal piece (with "
           "'p' or 'g', it hops over own pieces only)";
  case 'u':
    return "XBoard's 'u' puts the captured piece on the leg's start square";
  case 'x':
    return "XBoard's 'x' ends a leg on an own piece and goes on with its "
           "moves";
  case 'o':
    return "XBoard's 'o' wraps the move around the board's files";
  case 'z':
    return "XBoard's 'z' makes a crooked (zig-zag) move";
  case 'q':
    return "XBoard's 'q' makes a circular move";
  case '[':
  case ']':
  case '?':
  case '-':
    return "the Interactive Diagram reads it in a bracket chain ('[F?R]', "
           "the griffon)";
  case '(':
  case ')':
    return "the Interactive Diagram reads it in a repetition ('(caf)6mkB')";
  case 'O':
    return "XBoard reads 'O' as castling";
  case 'U':
    return "the Interactive Diagram reads 'U' as the universal leaper";
  case 'I':
    return "the Interactive Diagram reads 'I' as the imitator";
  case 'X':
  case 'Y':
    if (std::isupper((unsigned char)Before))
      return "the Interactive Diagram reads it as an extended leaper";
    break;
  }
  if (std::isdigit((unsigned char)C))
    return std::isdigit((unsigned char)Before)
               ? "XBoard reads two digits of a range ('R10' goes ten squares)"
               : "a range belongs right after its atom";
  return "XBoard does not read it either";
}

/// A character kept, and what the kept text must not let it do with the
/// next one kept.
struct KeptChar {
  char C;
  size_t At;
  bool LoneDirection = false; ///< did not pair with the character after it
  bool BareLeaper = false;    ///< a leaper with neither digit nor double
};

} // namespace

FairyStockfishText betza::readAsFairyStockfish(StringRef T) {
  FairyStockfishText Out;
  std::vector<KeptChar> Kept;
  size_t AfterAtom = 0;        // Kept's size after the last atom
  std::vector<size_t> NoRider; // Drops of riders Fairy-Stockfish has not
  bool OtherRider = false;     // a rider it has (R, B, Q, W2, NN ...)
  for (size_t I = 0; I < T.size(); ++I) {
    char C = T[I];
    if (in(C, "mcpgnie")) {
      Kept.push_back({C, I});
      continue;
    }
    if (isDirection(C)) {
      if (I + 1 < T.size() && pairs(C, T[I + 1])) {
        Kept.push_back({C, I});
        Kept.push_back({T[I + 1], I + 1});
        ++I;
      } else {
        Kept.push_back({C, I, /*LoneDirection=*/true});
      }
      continue;
    }
    if (isLeaper(C) && !in(C, "WFNK") && I + 1 < T.size() &&
        (std::isdigit((unsigned char)T[I + 1]) || T[I + 1] == C)) {
      // A rider along other lines than a rook's, a bishop's or a
      // knight's: its tables (bitboard.cpp) have none, so the group
      // makes no move.
      std::string Written = T.slice(I, I + 2).str();
      Out.Drops.push_back(
          {I, I + 2,
           "Fairy-Stockfish has riders along rook, bishop and knight lines "
           "only: it gives '" +
               Written +
               "' no moves of its own, and so does fairyc in a variants.ini; " +
               (T[I + 1] == C ? std::string("XBoard reads it as the leaper, "
                                            "twice")
                              : "XBoard's '" + Written + "' rides") +
               " (--betza=xboard)"});
      NoRider.push_back(Out.Drops.size() - 1);
      Kept.resize(AfterAtom); // the group's modifiers go with it
      ++I;
      continue;
    }
    if (isLeaper(C) || isRider(C)) {
      Kept.push_back({C, I});
      OtherRider |= isRider(C);
      if (I + 1 < T.size() &&
          (std::isdigit((unsigned char)T[I + 1]) || T[I + 1] == C)) {
        OtherRider = true;
        Kept.push_back({T[I + 1], I + 1});
        ++I;
      } else if (isLeaper(C)) {
        Kept.back().BareLeaper = true;
      }
      AfterAtom = Kept.size();
      continue;
    }
    if (C == ' ' || C == '\t')
      continue;         // a blank: nothing to say
    size_t End = I + 1; // a UTF-8 character whole
    if ((unsigned char)C >= 0x80)
      while (End < T.size() && ((unsigned char)T[End] & 0xC0) == 0x80)
        ++End;
    Out.Drops.push_back({I, End,
                         "Fairy-Stockfish skips '" + T.slice(I, End).str() +
                             "', which it does not read, and so does fairyc "
                             "in a variants.ini; " +
                             xboardReading(T, I) + " (--betza=xboard)"});
    I = End - 1;
  }
  // Its move tables mask the lines of the piece's riders with the squares
  // of all its sliders: along another rider's lines, such a rider's
  // squares are reached after all.
  if (OtherRider)
    for (size_t D : NoRider)
      Out.Drops[D].Message +=
          "; where the piece's other riders run along its lines, "
          "Fairy-Stockfish reaches its squares as they move, which fairyc "
          "leaves out";
  if (AfterAtom < Kept.size()) {
    size_t Begin = Kept[AfterAtom].At, End = Kept.back().At + 1;
    Out.Drops.push_back(
        {Begin, End,
         "Fairy-Stockfish never uses '" + T.slice(Begin, End).str() +
             "': no atom follows; XBoard's reading (--betza=xboard) is an "
             "error"});
    Kept.resize(AfterAtom);
  }
  std::sort(Out.Drops.begin(), Out.Drops.end(),
            [](const auto &A, const auto &B) { return A.Begin < B.Begin; });
  auto Emit = [&](char C, size_t At) {
    Out.Kept += C;
    Out.Offsets.push_back(At);
  };
  for (size_t K = 0; K < Kept.size(); ++K) {
    const KeptChar &Ch = Kept[K];
    Emit(Ch.C, Ch.At);
    char Next = K + 1 < Kept.size() ? Kept[K + 1].C : 0;
    // "f" then "r" with a skipped letter between are two directions, as
    // "ff" then "r" are; a lone N before another N is no nightrider.
    if (Ch.LoneDirection && pairs(Ch.C, Next))
      Emit(Ch.C, Ch.At + 1);
    if (Ch.BareLeaper && Next == Ch.C)
      Emit('1', Ch.At + 1);
  }
  Out.Offsets.push_back(Kept.empty() ? T.size() : Kept.back().At + 1);
  return Out;
}
