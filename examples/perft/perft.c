/* perft.c - counts the legal move sequences of a chess position to a depth,
 * with every attack taken from a fairyc-generated bitboard header.
 *
 *   fairy-perft DEPTH FEN [EXPECTED]
 *
 * Prints the count and the time; with EXPECTED, exits 1 when they differ.
 * Build with -DPERFT_FILES=W -DPERFT_RANKS=H -DTABLES='"header.h"' with
 * tables.c, which defines the header's tables (or -DPROVIDER='"attacks.h"'
 * for attacks from elsewhere, without tables.c).
 */
#ifdef PROVIDER /* another attack provider (bench/perft/attacks-hand.h) */
#include PROVIDER
#else
#include TABLES

#include "attacks-fairy.h"
#endif
#include "perft.h"

#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s DEPTH FEN [EXPECTED]\n", argv[0]);
    return 2;
  }
  position p;
  if (parse_fen(argv[2], &p)) {
    fprintf(stderr, "%s: not a FEN of a %dx%d board: '%s'\n", argv[0],
            PERFT_FILES, PERFT_RANKS, argv[2]);
    return 2;
  }
  attacks_init();
  perft_init();
  clock_t start = clock();
  uint64_t n = perft(&p, atoi(argv[1]));
  double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
  printf("perft %s: %llu (%.3f s)\n", argv[1], (unsigned long long)n, seconds);
  if (argc > 3 && n != strtoull(argv[3], NULL, 10)) {
    fprintf(stderr, "expected %s\n", argv[3]);
    return 1;
  }
  return 0;
}
