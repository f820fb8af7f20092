/* A driver of a generated move generator for the lit tests:
 *   driver perft DEPTH FEN      the leaves of the legal move tree
 *   driver moves FEN            the legal moves, as UCI, in generation order
 *   driver fen FEN              the FEN read and written back
 *   driver undo FEN             every legal move made and unmade gives the
 *                               position back (prints "ok N")
 * MOVEGEN names the generated file. */
#define FAIRY_MOVEGEN_IMPLEMENTATION
#include MOVEGEN

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  fairy_position p;
  fairy_move list[FAIRY_MAX_MOVES];
  char buf[1024];
  int n, i;
  if (argc < 3)
    return 2;
  if (fairy_position_from_fen(&p, argv[argc - 1])) {
    printf("bad fen\n");
    return 1;
  }
  if (!strcmp(argv[1], "perft") && argc == 4) {
    printf("%llu\n", FAIRY_CAST(unsigned long long, fairy_perft(&p, atoi(argv[2]))));
  } else if (!strcmp(argv[1], "moves")) {
    n = fairy_generate_legal(&p, list);
    for (i = 0; i < n; ++i) {
      fairy_move_to_uci(list[i], buf);
      printf("%s%s", i ? " " : "", buf);
    }
    printf("\n");
  } else if (!strcmp(argv[1], "fen")) {
    fairy_position_to_fen(&p, buf, sizeof buf);
    printf("%s\n", buf);
  } else if (!strcmp(argv[1], "undo")) {
    n = fairy_generate_legal(&p, list);
    for (i = 0; i < n; ++i) {
      fairy_position before = p;
      fairy_undo u;
      fairy_do_move(&p, list[i], &u);
      fairy_undo_move(&p, list[i], &u);
      if (memcmp(&before, &p, sizeof p)) {
        fairy_move_to_uci(list[i], buf);
        printf("undo of %s differs\n", buf);
        return 1;
      }
    }
    printf("ok %d\n", n);
  } else {
    return 2;
  }
  return 0;
}
