/* hand-perft.c - the hand-written chess move generator (perft.h) counting
 * the legal move sequences of a position to a depth: the baseline of
 * movegen_bench.py and run.py.
 *
 *   fairy-bench-perft-chess DEPTH FEN [EXPECTED]
 *
 * Prints the count and the wall-clock time of the count (reading the FEN
 * and setting up the tables excluded); with EXPECTED, exits 1 when they
 * differ. Build with -DPERFT_FILES=W -DPERFT_RANKS=H -DTABLES='"header.h"'
 * with tables.c, which defines the header's tables (or
 * -DPROVIDER='"attacks-hand.h"' for hand-written magics, without tables.c).
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#ifdef PROVIDER /* another attack provider (attacks-hand.h) */
#include PROVIDER
#else
#include TABLES

#include "attacks-fairy.h"
#endif
#include "perft.h"

#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

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
  double start = now();
  uint64_t n = perft(&p, atoi(argv[1]));
  double seconds = now() - start;
  printf("perft %s: %llu (%.3f s)\n", argv[1], (unsigned long long)n, seconds);
  if (argc > 3 && n != strtoull(argv[3], NULL, 10)) {
    fprintf(stderr, "expected %s\n", argv[3]);
    return 1;
  }
  return 0;
}
