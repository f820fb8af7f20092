/* perft.c - counts the legal move sequences of a position to a depth with
 * the move generator fairyc writes for a variant: nothing in this file
 * knows the rules, which all come from the header
 *
 *   fairyc examples/chess.fairy --emit=movegen -o movegen.h
 *   cc -O2 -I. examples/perft/perft.c -o perft
 *
 *   perft [--divide] DEPTH FEN|startpos [EXPECTED]
 *
 * Prints the count and the wall-clock time of the count (reading the FEN
 * excluded); with EXPECTED, exits 1 when they differ. --divide prints
 * each legal move's count first ("e2e4: 13134"), as engines' perft does.
 * -DMOVEGEN='"other.h"' names another header (default "movegen.h").
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#define FAIRY_MOVEGEN_IMPLEMENTATION
#ifndef MOVEGEN
#define MOVEGEN "movegen.h"
#endif
#include MOVEGEN

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Each legal move and the leaves below it; returns their sum. */
static uint64_t divide(const fairy_position *p, int depth) {
  fairy_move list[FAIRY_MAX_MOVES];
  int n = fairy_generate_legal(p, list);
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    fairy_position q = *p;
    fairy_undo u;
    char name[16];
    fairy_do_move(&q, list[i], &u);
    uint64_t count = depth > 1 ? fairy_perft(&q, depth - 1) : 1;
    fairy_move_to_uci(list[i], name);
    printf("%s: %llu\n", name, (unsigned long long)count);
    total += count;
  }
  return total;
}

int main(int argc, char **argv) {
  int arg = 1, split = 0;
  if (argc > 1 && !strcmp(argv[1], "--divide"))
    split = 1, ++arg;
  if (argc - arg < 2 || argc - arg > 3) {
    fprintf(stderr, "usage: %s [--divide] DEPTH FEN|startpos [EXPECTED]\n",
            argv[0]);
    return 2;
  }
  int depth = atoi(argv[arg]);
  const char *fen = argv[arg + 1];
  fairy_position p;
  if (!strcmp(fen, "startpos") ? fairy_position_start(&p)
                               : fairy_position_from_fen(&p, fen)) {
    fprintf(stderr, "%s: not a position of this variant: '%s'\n", argv[0],
            fen);
    return 2;
  }
  double start = now();
  uint64_t n = split && depth > 0 ? divide(&p, depth) : fairy_perft(&p, depth);
  double seconds = now() - start;
  printf("perft %d: %llu (%.3f s)\n", depth, (unsigned long long)n, seconds);
  if (argc - arg > 2 && n != strtoull(argv[arg + 2], NULL, 10)) {
    fprintf(stderr, "expected %s\n", argv[arg + 2]);
    return 1;
  }
  return 0;
}
