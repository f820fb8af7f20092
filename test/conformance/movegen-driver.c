/* The driver of movegen_perft.py: one binary per variant, compiled with
 * the header fairyc --emit=movegen wrote (-DMOVEGEN="\"file.h\""), that
 * answers many positions. It reads one command a line on stdin and writes
 * one line for each on stdout (flushed):
 *
 *   perft DEPTH FEN    -> the number of leaves DEPTH plies deep
 *   divide DEPTH FEN   -> "move:count ..." for every legal move, sorted
 *   legal FEN          -> the legal moves in UCI, sorted
 *   pseudo FEN         -> "fromto ..." (no promotion letter, each pair once,
 *                         sorted): the pseudo-legal moves but castling and
 *                         en passant
 *   fen FEN            -> the FEN as the generator writes it back
 *   start              -> the FEN of the piece file's start position
 *   children FEN       -> for every pseudo-legal move, tab-separated:
 *                         "uci|legal|FEN after" (legal: 1 if
 *                         fairy_generate_legal has the move)
 *
 * FEN may go on with " moves M1 M2 ..." (UCI): the position after them,
 * played by fairy_do_move (state a FEN does not hold is kept). A FEN the
 * generator refuses answers "error bad fen", a move it does not find
 * legal "error illegal move M". */
#define FAIRY_MOVEGEN_IMPLEMENTATION
#include MOVEGEN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static fairy_move list[FAIRY_MAX_MOVES];
static char names[FAIRY_MAX_MOVES][16];

static int by_name(const void *a, const void *b) {
  return strcmp((const char *)a, (const char *)b);
}

/* The legal moves of p in names[] (UCI); returns how many. */
static int legal_names(const fairy_position *p) {
  int n = fairy_generate_legal(p, list);
  for (int i = 0; i < n; ++i)
    fairy_move_to_uci(list[i], names[i]);
  return n;
}

typedef struct {
  char name[16];
  uint64_t count;
} named_count;

static int by_named_count(const void *a, const void *b) {
  return strcmp(((const named_count *)a)->name, ((const named_count *)b)->name);
}

int main(void) {
  static char line[1 << 16];
  static named_count counts[FAIRY_MAX_MOVES];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\r\n")] = 0;
    char *cmd = line, *rest = strchr(line, ' ');
    if (!strcmp(cmd, "start")) {
      static char buf[4096];
      fairy_position p;
      if (fairy_position_start(&p))
        printf("error no start position\n");
      else {
        fairy_position_to_fen(&p, buf, sizeof buf);
        printf("%s\n", buf);
      }
      fflush(stdout);
      continue;
    }
    if (!rest) {
      if (*cmd)
        printf("error no FEN\n");
      fflush(stdout);
      continue;
    }
    *rest++ = 0;
    int depth = 0;
    if (!strcmp(cmd, "perft") || !strcmp(cmd, "divide")) {
      depth = atoi(rest);
      rest = strchr(rest, ' ');
      if (!rest) {
        printf("error no FEN\n");
        fflush(stdout);
        continue;
      }
      ++rest;
    }
    char *moves = strstr(rest, " moves ");
    if (moves) {
      *moves = 0;
      moves += 7;
    }
    fairy_position p;
    if (fairy_position_from_fen(&p, rest)) {
      printf("error bad fen\n");
      fflush(stdout);
      continue;
    }
    char *bad = NULL;
    for (char *m = moves ? strtok(moves, " ") : NULL; m; m = strtok(NULL, " ")) {
      fairy_move move = fairy_move_from_uci(&p, m);
      if (!move) {
        bad = m;
        break;
      }
      fairy_undo u;
      fairy_do_move(&p, move, &u);
    }
    if (bad) {
      printf("error illegal move %s\n", bad);
      fflush(stdout);
      continue;
    }
    if (!strcmp(cmd, "perft")) {
      printf("%llu\n", (unsigned long long)fairy_perft(&p, depth));
    } else if (!strcmp(cmd, "divide")) {
      int n = fairy_generate_legal(&p, list);
      for (int i = 0; i < n; ++i) {
        fairy_position q = p;
        fairy_undo u;
        fairy_move_to_uci(list[i], counts[i].name);
        fairy_do_move(&q, list[i], &u);
        counts[i].count = depth > 1 ? fairy_perft(&q, depth - 1) : 1;
      }
      qsort(counts, (size_t)n, sizeof counts[0], by_named_count);
      for (int i = 0; i < n; ++i)
        printf("%s%s:%llu", i ? " " : "", counts[i].name,
               (unsigned long long)counts[i].count);
      printf("\n");
    } else if (!strcmp(cmd, "legal")) {
      int n = legal_names(&p);
      qsort(names, (size_t)n, sizeof names[0], by_name);
      for (int i = 0; i < n; ++i)
        printf("%s%s", i ? " " : "", names[i]);
      printf("\n");
    } else if (!strcmp(cmd, "pseudo")) {
      int n = fairy_generate_pseudo_legal(&p, list), k = 0;
      for (int i = 0; i < n; ++i) {
        int kind = fairy_move_kind(list[i]);
        if (kind == FAIRY_MOVE_EN_PASSANT || kind == FAIRY_MOVE_CASTLING)
          continue;
        char *s = names[k++];
        int len = fairy_square_name(fairy_move_from(list[i]), s);
        fairy_square_name(fairy_move_to(list[i]), s + len);
      }
      qsort(names, (size_t)k, sizeof names[0], by_name);
      int out = 0;
      for (int i = 0; i < k; ++i)
        if (!i || strcmp(names[i], names[i - 1]))
          printf("%s%s", out++ ? " " : "", names[i]);
      printf("\n");
    } else if (!strcmp(cmd, "children")) {
      static fairy_move legal[FAIRY_MAX_MOVES];
      static char buf[4096];
      int n = fairy_generate_pseudo_legal(&p, list);
      int k = fairy_generate_legal(&p, legal);
      for (int i = 0; i < n; ++i) {
        int is_legal = 0;
        for (int j = 0; j < k && !is_legal; ++j)
          is_legal = legal[j] == list[i];
        fairy_position q = p;
        fairy_undo u;
        fairy_do_move(&q, list[i], &u);
        fairy_move_to_uci(list[i], names[0]);
        fairy_position_to_fen(&q, buf, sizeof buf);
        printf("%s%s|%d|%s", i ? "\t" : "", names[0], is_legal, buf);
      }
      printf("\n");
    } else if (!strcmp(cmd, "fen")) {
      static char buf[4096];
      fairy_position_to_fen(&p, buf, sizeof buf);
      printf("%s\n", buf);
    } else {
      printf("error unknown command '%s'\n", cmd);
    }
    fflush(stdout);
  }
  return 0;
}
