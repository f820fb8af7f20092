/* An engine's loop over the pieces of examples/chess.fairy's header
 * (bitboard-pieces.test): each piece's moves from e4 on an empty board for
 * both sides, a pawn's first move, an unknown index, and what a pawn
 * promotes to. */
#define FAIRY_TABLES_IMPLEMENTATION
#include "chess.h"
#include <stdio.h>

static int n(fairy_bb b) { return __builtin_popcountll(b); }

int main(void) {
  int i;
  for (i = 0; i < FAIRY_PIECE_COUNT; i++)
    printf("%c %s royal=%d side=%d white=%d black=%d promotes=%d\n",
           fairy_pieces[i].letter, fairy_pieces[i].name, fairy_pieces[i].royal,
           fairy_pieces[i].side_specific, n(fairy_attacks(i, 0, 28, 0)),
           n(fairy_attacks(i, 1, 28, 0)), fairy_promotes(i));
  printf("e2 pawn: %d quiet, %d first, %d captures\n",
         n(fairy_quiets(FAIRY_PIECE_PAWN, 0, 12, 0)),
         n(fairy_quiets_initial(FAIRY_PIECE_PAWN, 0, 12, 0)),
         n(fairy_captures(FAIRY_PIECE_PAWN, 0, 12, ~FAIRY_CAST(fairy_bb, 0))));
  printf(
      "rook a1, a4 taken: %d\n",
      n(fairy_attacks(FAIRY_PIECE_ROOK, 0, 0, FAIRY_CAST(fairy_bb, 1) << 24)));
  printf("unknown: %d %d\n", n(fairy_attacks(FAIRY_PIECE_COUNT, 0, 28, 0)),
         n(fairy_captures_initial(-1, 1, 28, 0)));
  printf("promotes to:");
  for (i = 0; fairy_promotion_types[i] >= 0; i++)
    printf(" %c", fairy_pieces[fairy_promotion_types[i]].letter);
  printf("\n");
  return 0;
}
