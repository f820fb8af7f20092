/*===- fairy.h - The C API of fairyc ------------------------------*- C -*-===*\
|*                                                                            *|
|* Compile fairy-chess piece movement (Parlett, Betza/XBetza, fairy-notation, *|
|* Movement Formula, the moveset IR, piece files, variants.ini sections), ask *|
|* where a piece can go on a board with pieces in the way, and emit any of    *|
|* fairyc's outputs (diagrams, SVG, JSON, C tables, bitboard headers, other   *|
|* notations) into a buffer the caller owns.                                  *|
|*                                                                            *|
|* C99. Handles are opaque; every function is safe to call with the handles   *|
|* it returned; no C++ exception crosses this boundary. Strings the library   *|
|* returns belong to the handle they came from and live as long as it (or,    *|
|* for fairy_last_error, until the next call on that handle). A handle may be *|
|* used by one thread at a time. docs/c-api.md has a complete example.        *|
|*                                                                            *|
|* Programs include it as <fairy/fairy.h>; it lives here, in fairy/CAPI, as   *|
|* every library's headers live in the folder named after it (lib/CAPI).      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef FAIRY_CAPI_FAIRY_H
#define FAIRY_CAPI_FAIRY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header's API. A library whose fairy_api_version()
 * differs was built for another API: compare them before anything else. */
#define FAIRY_API_VERSION 1

int fairy_api_version(void);
/* The library's release, "0.2.0". */
const char *fairy_version(void);

typedef enum fairy_status {
  FAIRY_OK = 0,
  FAIRY_ERROR = 1,            /* the input has errors: see the diagnostics */
  FAIRY_INVALID_ARGUMENT = 2, /* a bad argument: see fairy_last_error */
  FAIRY_BUFFER_TOO_SMALL = 3, /* the needed size was stored; nothing written */
  FAIRY_OUT_OF_MEMORY = 4
} fairy_status;

typedef enum fairy_side { FAIRY_WHITE = 0, FAIRY_BLACK = 1 } fairy_side;

/* ---- Options ------------------------------------------------------------
 * fairyc's options, set by their names without dashes, values as on the
 * command line: every row of the driver's option table
 * (fairy/Driver/Options.def; docs/driver.md) but those these functions take
 * as arguments (the inputs, "emit", "o", "import", "list-variants") and
 * "lint". For example "notation" (or "x"), "board" ("8x8", "10x10x10"),
 * "position" (a FEN placement), "from", "side" ("white"/"black", or "both"
 * with a position and a piece set), "betza" ("fsf"/"xboard"), "O" ("0", or
 * "1", "2", "3", "s", "z": the passes), "variant" (with fairy_compile_file:
 * a section of a variants.ini), "board-style", "bitboard-index", "only"
 * (the pieces of a set a header holds: "N,rook"), "fno-keep-going";
 * repeatable ones ("zone", "moved-squares", "state",
 * "piece", ...) add a value each time. Flags take "1"/"0" (also "true",
 * "false", or "" for 1). Beyond the table: "W" (a warning flag such as
 * "error" or "no-empty-moveset"; repeatable), "w", and "include-dir" (where
 * the includes of a piece file compiled from text are found; default the
 * current directory). A bad value is refused with the valid values named,
 * an unknown name with the nearest one, in fairyc's words. */
typedef struct fairy_options fairy_options;

fairy_options *fairy_options_create(void);
void fairy_options_destroy(fairy_options *options);
/* FAIRY_INVALID_ARGUMENT for an unknown name or a bad value; the reason is
 * in fairy_options_error. */
fairy_status fairy_options_set(fairy_options *options, const char *name,
                               const char *value);
const char *fairy_options_error(const fairy_options *options);

/* ---- Compiling ----------------------------------------------------------
 * A compilation holds the pieces of one input on its board (the board of
 * the options or the piece file; 8x8 by default), and its diagnostics.
 * These return NULL only when memory runs out: check fairy_compilation_ok. */
typedef struct fairy_compilation fairy_compilation;

/* Notation text of `length` bytes. `notation`: "parlett", "betza",
 * "fairy", "formula", "ir", or "pieces" for a piece file's text. `options`
 * may be NULL. */
fairy_compilation *fairy_compile(const char *notation, const char *text,
                                 size_t length, const fairy_options *options);
/* A file: a notation file (notation from its extension or the "notation"
 * option), a piece file (.fairy), or, with the "variant" option, a section
 * of a Fairy-Stockfish variants.ini. */
fairy_compilation *fairy_compile_file(const char *path,
                                      const fairy_options *options);
void fairy_compilation_destroy(fairy_compilation *compilation);
/* 1 if the input compiled without errors, else 0. */
int fairy_compilation_ok(const fairy_compilation *compilation);

/* ---- Diagnostics --------------------------------------------------------
 * Errors and warnings of compiling and emitting, in order. Text of the
 * input in a message, a file name or an error string comes as fairyc
 * prints it: control characters (NUL, ESC, ...) and bytes that are not
 * UTF-8 as \xNN, so every string is whole, UTF-8, and safe to print. */
typedef enum fairy_severity {
  FAIRY_SEVERITY_ERROR = 0,
  FAIRY_SEVERITY_WARNING = 1,
  FAIRY_SEVERITY_NOTE = 2,
  FAIRY_SEVERITY_REMARK = 3
} fairy_severity;

typedef struct fairy_diagnostic {
  fairy_severity severity;
  const char *file;    /* "<input>", a path, or "" when unlocated */
  unsigned line;       /* 1-based; 0 when unlocated */
  unsigned column;     /* 1-based, in bytes; 0 when unlocated */
  const char *message; /* without location or severity */
  const char *name;    /* the warning's -W name, or "" */
} fairy_diagnostic;

size_t fairy_diagnostic_count(const fairy_compilation *compilation);
fairy_status fairy_diagnostic_get(const fairy_compilation *compilation,
                                  size_t index, fairy_diagnostic *out);
/* The reason of the last FAIRY_INVALID_ARGUMENT or FAIRY_ERROR of a query
 * on this compilation, or "". */
const char *fairy_last_error(const fairy_compilation *compilation);

/* ---- The board and the pieces -------------------------------------------
 * Squares are numbered file + width * (rank + height * level), a1 = 0. */
unsigned fairy_board_width(const fairy_compilation *compilation);
unsigned fairy_board_height(const fairy_compilation *compilation);
unsigned fairy_board_depth(const fairy_compilation *compilation);
unsigned fairy_board_squares(const fairy_compilation *compilation);
/* The square called `name` ("e4", or "5,4"), or -1. */
long fairy_square_index(const fairy_compilation *compilation, const char *name);
/* The name of square `index` into `buffer` (NUL-terminated); *length gets
 * its length without the NUL. */
fairy_status fairy_square_name(const fairy_compilation *compilation,
                               unsigned index, char *buffer, size_t capacity,
                               size_t *length);

/* One piece for a notation; every piece for a piece file. */
size_t fairy_piece_count(const fairy_compilation *compilation);
const char *fairy_piece_name(const fairy_compilation *compilation,
                             size_t piece);
/* The piece's letter (upper case; Black's is its lower case), or 0. */
char fairy_piece_letter(const fairy_compilation *compilation, size_t piece);
/* The piece with letter `letter` (either case), or -1. */
long fairy_piece_find(const fairy_compilation *compilation, char letter);

/* ---- Positions ----------------------------------------------------------
 * What stands on the board of a compilation: own and enemy pieces. */
typedef struct fairy_position fairy_position;

fairy_position *fairy_position_create(const fairy_compilation *compilation);
void fairy_position_destroy(fairy_position *position);
/* Puts a piece of `side` with letter `type` (any letter; the compilation's
 * pieces give attack conditions their moves) on `square`; `moved`: it has
 * moved before. */
fairy_status fairy_position_place(fairy_position *position, unsigned square,
                                  fairy_side side, char type, int moved);
fairy_status fairy_position_clear(fairy_position *position, unsigned square);
/* Sets the whole position from a FEN placement, read by the parser of
 * fairyc's --position: ranks from the top separated by '/', digits for runs
 * of empty squares, letters for pieces (upper case White, lower case
 * Black), '*' for a wall (no square in this position: nothing moves to,
 * over or through it), levels from the bottom separated by '|' on a 3-D
 * board; FEN's further fields may follow (checked, not used: the side is
 * fairy_destinations's argument). Every square it names is set: pieces
 * have not moved. FAIRY_INVALID_ARGUMENT for text fairyc would refuse, the
 * position unchanged and the reason, in fairyc's words, in
 * fairy_position_error. place and clear make a wall a square again.
 * Added in API version 1 after its first release: adding functions keeps
 * the version (a program that uses them needs a library that has them). */
fairy_status fairy_position_set_placement(fairy_position *position,
                                          const char *placement);
/* The reason of the position's last FAIRY_INVALID_ARGUMENT from
 * fairy_position_set_placement, or "". */
const char *fairy_position_error(const fairy_position *position);

/* ---- Where a piece goes ------------------------------------------------- */
enum {
  FAIRY_MOVE_QUIET = 1,   /* a move that captures nothing ends there */
  FAIRY_MOVE_CAPTURE = 2, /* the piece there is captured */
  FAIRY_MOVE_REMOTE = 4,  /* a move ends there capturing elsewhere */
  FAIRY_MOVE_PROMOTE = 8  /* a move to it promotes */
};

typedef struct fairy_destination {
  unsigned square;
  unsigned kinds; /* FAIRY_MOVE_* bits */
} fairy_destination;

/* The destinations of piece `piece` of `side` standing on `from`, in
 * `position` (NULL: an empty board), `moved` if it has moved before. Up to
 * `capacity` are stored in `out` in square order; *count gets how many
 * there are (FAIRY_BUFFER_TOO_SMALL when more than `capacity`; `out` may
 * be NULL with capacity 0 to ask). */
fairy_status fairy_destinations(fairy_compilation *compilation, size_t piece,
                                const fairy_position *position, unsigned from,
                                fairy_side side, int moved,
                                fairy_destination *out, size_t capacity,
                                size_t *count);

/* ---- Emitting -----------------------------------------------------------
 * Any of fairyc's --emit kinds ("diagram", "json", "bitboard", ...: the
 * back ends fairy_backend_name lists), for the input and options compiled.
 * The output (and a NUL) goes into `buffer`; *length gets its length
 * without the NUL. FAIRY_BUFFER_TOO_SMALL when `capacity` is not more than
 * the length (nothing written: call again with a larger buffer; the output
 * is kept, not made again). FAIRY_ERROR when the back end cannot write this
 * input: its diagnostics follow the others. FAIRY_INVALID_ARGUMENT for an
 * unknown kind: fairy_last_error names the kinds and the nearest. */
fairy_status fairy_emit(fairy_compilation *compilation, const char *kind,
                        char *buffer, size_t capacity, size_t *length);

/* ---- Back ends ----------------------------------------------------------
 * Every --emit kind, in the order fairyc --help lists them: the name of back
 * end `index` (as fairy_emit and --emit take it) and its one-line help, or
 * NULL when `index` is past the last. Static strings; no handle needed. */
const char *fairy_backend_name(size_t index);
const char *fairy_backend_help(size_t index);

#ifdef __cplusplus
}
#endif

#endif /* FAIRY_CAPI_FAIRY_H */
