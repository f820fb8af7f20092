/* The pieces of bitboard-odd-names.fairy's header (bitboard-pieces.test),
 * Black's unmoved moves from d4. */
#define FAIRY_TABLES_IMPLEMENTATION
#include "odd.h"
#include <stdio.h>

int main(void) {
  int i;
  for (i = 0; i < FAIRY_PIECE_COUNT; i++)
    printf("%c [%s] %d\n", fairy_pieces[i].letter, fairy_pieces[i].name,
           __builtin_popcountll(fairy_attacks_initial_(i, 1, 27, 0)));
  return 0;
}
