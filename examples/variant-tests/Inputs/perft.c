/* perft.c - the legal move sequences of a position, counted with the move
 * generator fairyc writes for the game (fairyc game.fairy --emit=movegen):
 *
 *   cc -DMOVEGEN='"movegen.h"' perft.c -o perft
 *   perft DEPTH [FEN]       (the game's start position without a FEN)
 *
 * prints "perft 1: N" ... "perft DEPTH: N"; exits 1 on a FEN the game
 * cannot read. Nothing here knows the rules: they come from the header.
 */
#define FAIRY_MOVEGEN_IMPLEMENTATION
#include MOVEGEN

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  fairy_position pos;
  int depth = argc > 1 ? atoi(argv[1]) : 1;
  int bad = argc > 2 ? fairy_position_from_fen(&pos, argv[2])
                     : fairy_position_start(&pos);
  if (bad) {
    fprintf(stderr, "perft: cannot read the position\n");
    return 1;
  }
  for (int d = 1; d <= depth; ++d)
    printf("perft %d: %llu\n", d, (unsigned long long)fairy_perft(&pos, d));
  return 0;
}
