/* A C99 program that uses fairyc through its C API, found with pkg-config
 * (test/install/consumers.sh builds and runs it against an installed
 * prefix). Every check compares with the moves of the pieces as the rules
 * of chess give them. Usage: consumer PATH/TO/examples/chess.fairy */
#include <fairy/fairy.h>

#include <stdio.h>
#include <string.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      return 1;                                                                \
    }                                                                          \
  } while (0)

/* The kinds of the move to `square` in `d`, or 0 if there is none. */
static unsigned kinds_at(const fairy_destination *d, size_t n,
                         unsigned square) {
  size_t i;
  for (i = 0; i < n; ++i)
    if (d[i].square == square)
      return d[i].kinds;
  return 0;
}

static unsigned sq(const fairy_compilation *c, const char *name) {
  long index = fairy_square_index(c, name);
  return index < 0 ? 9999u : (unsigned)index;
}

int main(int argc, char **argv) {
  fairy_options *options;
  fairy_compilation *rook, *bad, *chess;
  fairy_position *position;
  fairy_destination d[128];
  fairy_diagnostic diag;
  size_t n = 0, length = 0;
  char text[4096];
  long knight, pawn;

  CHECK(argc == 2);
  CHECK(fairy_api_version() == FAIRY_API_VERSION);
  CHECK(strlen(fairy_version()) > 0);

  /* Options by their fairyc names; bad ones are refused with a reason. */
  options = fairy_options_create();
  CHECK(options != NULL);
  CHECK(fairy_options_set(options, "board", "8x8") == FAIRY_OK);
  CHECK(fairy_options_set(options, "no-such-option", "1") ==
        FAIRY_INVALID_ARGUMENT);
  CHECK(strstr(fairy_options_error(options), "no-such-option") != NULL);
  CHECK(fairy_options_set(options, "side", "green") == FAIRY_INVALID_ARGUMENT);

  /* A Betza rook on d4, a White piece on d6 and a Black one on f4. */
  rook = fairy_compile("betza", "R", 1, options);
  CHECK(rook != NULL && fairy_compilation_ok(rook));
  CHECK(fairy_board_width(rook) == 8 && fairy_board_height(rook) == 8);
  CHECK(fairy_board_squares(rook) == 64);
  CHECK(fairy_piece_count(rook) == 1);
  CHECK(sq(rook, "a1") == 0 && sq(rook, "h8") == 63);
  CHECK(fairy_square_index(rook, "z9") == -1);
  CHECK(fairy_square_name(rook, 27, text, sizeof text, &length) == FAIRY_OK);
  CHECK(strcmp(text, "d4") == 0 && length == 2);
  position = fairy_position_create(rook);
  CHECK(position != NULL);
  CHECK(fairy_position_place(position, sq(rook, "d6"), FAIRY_WHITE, 'P', 0) ==
        FAIRY_OK);
  CHECK(fairy_position_place(position, sq(rook, "f4"), FAIRY_BLACK, 'n', 1) ==
        FAIRY_OK);
  CHECK(fairy_position_place(position, 999, FAIRY_BLACK, 'n', 1) ==
        FAIRY_INVALID_ARGUMENT);
  CHECK(fairy_destinations(rook, 0, position, sq(rook, "d4"), FAIRY_WHITE, 1,
                           NULL, 0, &n) == FAIRY_BUFFER_TOO_SMALL);
  CHECK(n == 9);
  CHECK(fairy_destinations(rook, 0, position, sq(rook, "d4"), FAIRY_WHITE, 1, d,
                           128, &n) == FAIRY_OK);
  CHECK(n == 9);
  CHECK(kinds_at(d, n, sq(rook, "d5")) == FAIRY_MOVE_QUIET);
  CHECK(kinds_at(d, n, sq(rook, "d6")) == 0); /* own piece */
  CHECK(kinds_at(d, n, sq(rook, "d7")) == 0); /* blocked */
  CHECK(kinds_at(d, n, sq(rook, "e4")) == FAIRY_MOVE_QUIET);
  CHECK(kinds_at(d, n, sq(rook, "f4")) == FAIRY_MOVE_CAPTURE);
  CHECK(kinds_at(d, n, sq(rook, "g4")) == 0);
  CHECK(kinds_at(d, n, sq(rook, "a4")) == FAIRY_MOVE_QUIET);
  CHECK(kinds_at(d, n, sq(rook, "d1")) == FAIRY_MOVE_QUIET);
  /* A square off the board is refused with a reason. */
  CHECK(fairy_destinations(rook, 0, NULL, 64, FAIRY_WHITE, 1, d, 128, &n) ==
        FAIRY_INVALID_ARGUMENT);
  CHECK(strlen(fairy_last_error(rook)) > 0);

  /* Emitting into the caller's buffer: first ask the size. */
  CHECK(fairy_emit(rook, "parlett", NULL, 0, &length) ==
        FAIRY_BUFFER_TOO_SMALL);
  CHECK(length == 3);
  CHECK(fairy_emit(rook, "parlett", text, sizeof text, &length) == FAIRY_OK);
  CHECK(strcmp(text, "n+\n") == 0);
  CHECK(fairy_emit(rook, "no-such-kind", text, sizeof text, &length) ==
        FAIRY_INVALID_ARGUMENT);
  CHECK(fairy_emit(rook, "json", text, sizeof text, &length) ==
        FAIRY_BUFFER_TOO_SMALL);
  CHECK(length > sizeof text);
  /* The kinds it takes are the back ends the library lists. */
  for (n = 0; fairy_backend_name(n) != NULL; ++n)
    CHECK(strlen(fairy_backend_help(n)) > 0);
  CHECK(n > 0 && fairy_backend_help(n) == NULL);

  /* A mistake: a located error, no pieces. */
  bad = fairy_compile("parlett", "3-1+", 4, NULL);
  CHECK(bad != NULL && !fairy_compilation_ok(bad));
  CHECK(fairy_diagnostic_count(bad) >= 1);
  CHECK(fairy_diagnostic_get(bad, 0, &diag) == FAIRY_OK);
  CHECK(diag.severity == FAIRY_SEVERITY_ERROR);
  CHECK(strcmp(diag.file, "<input>") == 0);
  CHECK(diag.line == 1 && diag.column == 1);
  CHECK(strstr(diag.message, "empty") != NULL);
  CHECK(fairy_piece_count(bad) == 0);
  CHECK(fairy_emit(bad, "ir", text, sizeof text, &length) == FAIRY_ERROR);

  /* A piece file: every piece of chess, each in its own notation. */
  chess = fairy_compile_file(argv[1], NULL);
  CHECK(chess != NULL && fairy_compilation_ok(chess));
  CHECK(fairy_piece_count(chess) == 6);
  knight = fairy_piece_find(chess, 'n');
  CHECK(knight >= 0 && strcmp(fairy_piece_name(chess, knight), "knight") == 0);
  CHECK(fairy_destinations(chess, knight, NULL, sq(chess, "b1"), FAIRY_WHITE, 0,
                           d, 128, &n) == FAIRY_OK);
  CHECK(n == 3 && kinds_at(d, n, sq(chess, "a3")) &&
        kinds_at(d, n, sq(chess, "c3")) && kinds_at(d, n, sq(chess, "d2")));
  /* A pawn: the double step only before it has moved. */
  pawn = fairy_piece_find(chess, 'P');
  CHECK(fairy_destinations(chess, pawn, NULL, sq(chess, "e2"), FAIRY_WHITE, 0,
                           d, 128, &n) == FAIRY_OK);
  CHECK(n == 2 && kinds_at(d, n, sq(chess, "e4")) == FAIRY_MOVE_QUIET);
  CHECK(fairy_destinations(chess, pawn, NULL, sq(chess, "e2"), FAIRY_WHITE, 1,
                           d, 128, &n) == FAIRY_OK);
  CHECK(n == 1 && kinds_at(d, n, sq(chess, "e3")) == FAIRY_MOVE_QUIET);
  CHECK(fairy_emit(chess, "betza", text, sizeof text, &length) == FAIRY_OK);
  CHECK(strstr(text, "knight") != NULL);

  fairy_position_destroy(position);
  fairy_compilation_destroy(chess);
  fairy_compilation_destroy(bad);
  fairy_compilation_destroy(rook);
  fairy_options_destroy(options);
  /* NULL handles are harmless. */
  fairy_compilation_destroy(NULL);
  CHECK(fairy_piece_count(NULL) == 0);
  printf("C consumer (pkg-config): all checks passed\n");
  return 0;
}
