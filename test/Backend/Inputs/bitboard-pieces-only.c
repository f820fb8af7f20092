/* The pieces of a header made with --only (bitboard-pieces.test). */
#define FAIRY_TABLES_IMPLEMENTATION
#include "only.h"
#include <stdio.h>

int main(void) {
  int i;
  for (i = 0; i < FAIRY_PIECE_COUNT; i++)
    printf("%s %d\n", fairy_pieces[i].name,
           __builtin_popcountll(fairy_attacks(i, 0, 0, 0)));
  return 0;
}
