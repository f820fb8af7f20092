//===- MovegenRuntime.cpp - The fixed part of generated generators --------===//
//
// C99 (compiling as C++17 too) that every generated move generator shares.
// It is the usual engine core -- checkers, pins and check masks where the
// writer proved them exact (FAIRY_MG_FAST), make-and-test otherwise,
// copy-make perft with bulk counting at the last ply -- written once,
// against the names MovegenWriter.cpp defines for the variant.
//
//===----------------------------------------------------------------------===//
#include "MovegenRuntime.h"

const char *const fairy::movegen::MovegenOverview = R"C(
/* --emit=movegen: the variant's legal move generator (docs/engine-kit.md).
 *   fairy_position p;  fairy_position_from_fen(&p, fen)  (0: read)
 *   fairy_move list[FAIRY_MAX_MOVES];
 *   int n = fairy_generate_legal(&p, list);
 *   fairy_undo u;  fairy_do_move(&p, list[0], &u);  fairy_undo_move(&p, list[0], &u);
 *   fairy_perft(&p, depth);  fairy_position_to_fen(&p, buf, size);
 * Piece types are the pieces of fairy_pieces[] (FAIRY_PIECE_<NAME>, in
 * the set's order; FAIRY_TYPES of them); sides are 0 White, 1 Black. Define
 * FAIRY_MOVEGEN_IMPLEMENTATION before including this file in exactly one
 * translation unit: the generator (and the tables) are defined there. */
)C";

const char *const fairy::movegen::MovegenDeclarations = R"C(#ifdef __cplusplus
extern "C" {
#endif
typedef struct {
  fairy_bb pieces[FAIRY_TYPES][2]; /* by type and side */
  fairy_bb by_side[2];
  fairy_bb unmoved;    /* pieces that have not moved (initial moves) */
  fairy_bb ep_squares; /* squares the last move passed over (en passant) */
  /* 0 empty, else 1 + type + FAIRY_TYPES * side */
  unsigned char board[FAIRY_SQUARES];
  unsigned char side;      /* to move */
  unsigned char ep_victim; /* the piece an en passant capture takes */
  /* The rooks each side may castle with: [side][0 king's side, 1 queen's] */
  unsigned char castle_rook[2][2];
  int halfmove, fullmove;
} fairy_position;

/* from | to << 8 | (promotion type + 1) << 16 | kind << 22 | rook << 24 */
typedef uint32_t fairy_move;
enum {
  FAIRY_MOVE_NORMAL = 0,
  FAIRY_MOVE_EN_PASSANT = 1,
  FAIRY_MOVE_CASTLING = 2,
  FAIRY_MOVE_LOCUST = 3 /* takes on a square it passes, too */
};
static inline int fairy_move_from(fairy_move m) { return FAIRY_CAST(int, m & 0xff); }
static inline int fairy_move_to(fairy_move m) { return FAIRY_CAST(int, (m >> 8) & 0xff); }
/* The type a promotion makes, or -1. */
static inline int fairy_move_promotion(fairy_move m) {
  return FAIRY_CAST(int, (m >> 16) & 0x3f) - 1;
}
static inline int fairy_move_kind(fairy_move m) { return FAIRY_CAST(int, (m >> 22) & 3); }
/* Castling: the rook's square; FAIRY_MOVE_LOCUST: the square taken on
 * the way. */
static inline int fairy_move_rook(fairy_move m) { return FAIRY_CAST(int, m >> 24); }

/* What fairy_do_move changed, for fairy_undo_move. */
typedef struct {
  fairy_bb unmoved, ep_squares;
  unsigned char captured, captured_sq, moved, ep_victim;
  unsigned char taken, taken_sq; /* FAIRY_MOVE_LOCUST's on the way */
  unsigned char castle_rook[2][2];
  int halfmove;
} fairy_undo;

/* Reads a FEN (placement, side, castling as KQkq or rooks' files, en
 * passant square, counters; a pocket in brackets is ignored). Returns 0,
 * or -1 with the position unspecified. */
int fairy_position_from_fen(fairy_position *pos, const char *fen);
/* The start position of the piece file (-1 if it states none). */
int fairy_position_start(fairy_position *pos);
/* Writes the FEN into buf (size bytes with the NUL); returns its length. */
size_t fairy_position_to_fen(const fairy_position *pos, char *buf,
                             size_t size);
/* The piece type on sq (-1: empty) and its side. */
int fairy_piece_type_at(const fairy_position *pos, int sq);
int fairy_piece_side_at(const fairy_position *pos, int sq);
/* Legal moves; returns how many (at most FAIRY_MAX_MOVES). */
int fairy_generate_legal(const fairy_position *pos, fairy_move *list);
/* Moves without the test that the mover's royal pieces are safe. */
int fairy_generate_pseudo_legal(const fairy_position *pos, fairy_move *list);
/* Whether a pseudo-legal move leaves the mover's royal pieces safe. */
int fairy_is_legal(const fairy_position *pos, fairy_move m);
void fairy_do_move(fairy_position *pos, fairy_move m, fairy_undo *undo);
void fairy_undo_move(fairy_position *pos, fairy_move m,
                     const fairy_undo *undo);
/* The pieces of `side` that capture on sq; whether the side to move's
 * royal pieces are attacked. */
fairy_bb fairy_attackers_to(const fairy_position *pos, int sq, int side);
int fairy_in_check(const fairy_position *pos);
/* Leaves of the legal move tree `depth` plies deep. */
uint64_t fairy_perft(const fairy_position *pos, int depth);
/* "e2e4", "e7e8q", castling as the king's move ("e1g1"; as the king taking
 * its rook where that would read as a step: "e1h1" for a king that castles
 * to f1), a capture on the way as the three squares ("d4e5d4": from, taken,
 * to); returns length. */
int fairy_move_to_uci(fairy_move m, char *buf);
/* The legal move written so, or 0 (no move is 0: from and to differ). */
fairy_move fairy_move_from_uci(const fairy_position *pos, const char *uci);
/* Squares' names: "a1", "j10". */
int fairy_square_name(int sq, char *buf);
#ifdef __cplusplus
}
#endif
)C";

const char *const fairy::movegen::MovegenRuntimeBase = R"C(#include <stdio.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define FAIRY_MG_ALWAYS_INLINE __attribute__((always_inline))
#else
#define FAIRY_MG_ALWAYS_INLINE
#endif
#if FAIRY_WIDE
/* A 128-bit shift is a few instructions and a branch; a load is one. */
static fairy_bb fairy_mg_square_bb[FAIRY_SQUARES];
static inline fairy_bb fairy_mg_bit(int sq) { return fairy_mg_square_bb[sq]; }
#else
static inline fairy_bb fairy_mg_bit(int sq) {
  return FAIRY_CAST(fairy_bb, 1) << sq;
}
#endif
static inline int fairy_mg_popcount(fairy_bb b) {
#if FAIRY_WIDE
  return __builtin_popcountll(FAIRY_CAST(uint64_t, b)) +
         __builtin_popcountll(FAIRY_CAST(uint64_t, b >> 64));
#else
  return __builtin_popcountll(b);
#endif
}
static inline int fairy_mg_lsb(fairy_bb b) {
#if FAIRY_WIDE
  return FAIRY_CAST(uint64_t, b) ? __builtin_ctzll(FAIRY_CAST(uint64_t, b))
                     : 64 + __builtin_ctzll(FAIRY_CAST(uint64_t, b >> 64));
#else
  return __builtin_ctzll(b);
#endif
}
static inline int fairy_mg_pop(fairy_bb *b) {
  int s = fairy_mg_lsb(*b);
  *b &= *b - 1;
  return s;
}
static inline fairy_move fairy_mg_make(int from, int to, int promo, int kind,
                                       int rook) {
  return FAIRY_CAST(fairy_move, from) | FAIRY_CAST(fairy_move, to) << 8 |
         FAIRY_CAST(fairy_move, promo + 1) << 16 | FAIRY_CAST(fairy_move, kind) << 22 |
         FAIRY_CAST(fairy_move, rook) << 24;
}

/* Squares strictly between two squares on the line of their primitive
 * step (a rook's, a bishop's, a nightrider's...). */
static fairy_bb fairy_mg_between[FAIRY_SQUARES][FAIRY_SQUARES];
static int fairy_mg_ready;
static int fairy_mg_gcd(int a, int b) {
  while (b) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}
static void fairy_mg_init(void) {
  int a, b;
  if (fairy_mg_ready)
    return;
#if FAIRY_WIDE
  for (a = 0; a < FAIRY_SQUARES; ++a)
    fairy_mg_square_bb[a] = FAIRY_CAST(fairy_bb, 1) << a;
#endif
  for (a = 0; a < FAIRY_SQUARES; ++a)
    for (b = 0; b < FAIRY_SQUARES; ++b) {
      int dx = b % FAIRY_FILES - a % FAIRY_FILES;
      int dy = b / FAIRY_FILES - a / FAIRY_FILES;
      int g = fairy_mg_gcd(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy), k;
      fairy_bb set = 0;
      for (k = 1; k < g; ++k)
        set |= fairy_mg_bit(a + k * (dx / g) + k * (dy / g) * FAIRY_FILES);
      fairy_mg_between[a][b] = set & fairy_mg_board;
    }
  fairy_mg_ready = 1;
}

static inline void fairy_mg_put(fairy_position *p, int type, int side,
                                int sq) {
  fairy_bb b = fairy_mg_bit(sq);
  p->pieces[type][side] |= b;
  p->by_side[side] |= b;
  p->board[sq] = FAIRY_CAST(unsigned char, 1 + type + FAIRY_TYPES * side);
}
static inline void fairy_mg_take(fairy_position *p, int sq) {
  int code = p->board[sq] - 1;
  fairy_bb b = fairy_mg_bit(sq);
  if (code < 0)
    return;
  p->pieces[code % FAIRY_TYPES][code / FAIRY_TYPES] &= ~b;
  p->by_side[code / FAIRY_TYPES] &= ~b;
  p->board[sq] = 0;
}

/* The royal pieces of `side`. */
static inline fairy_bb fairy_mg_royals(const fairy_position *p, int side) {
  fairy_bb r = 0;
  int t;
  for (t = 0; t < FAIRY_TYPES; ++t)
    if (fairy_mg_royal[t])
      r |= p->pieces[t][side];
  return r;
}

#if FAIRY_MG_FLYING_GENERAL
/* Whether a royal piece of `others` faces sq on a file with nothing
 * between them in occ (flying generals). */
static int fairy_mg_faces(int sq, fairy_bb others, fairy_bb occ) {
  while (others) {
    const int e = fairy_mg_pop(&others);
    if (e % FAIRY_FILES == sq % FAIRY_FILES && !(fairy_mg_between[sq][e] & occ))
      return 1;
  }
  return 0;
}
#endif

/* Pinned pieces and the squares each may still go to. */
typedef struct {
  fairy_bb pinned;
  int count;
  unsigned char square[FAIRY_SQUARES];
  fairy_bb segment[FAIRY_SQUARES];
} fairy_mg_pins;
static inline fairy_bb fairy_mg_pin_segment(const fairy_mg_pins *pins,
                                            int sq) {
  int i;
  for (i = 0; i < pins->count; ++i)
    if (pins->square[i] == sq)
      return pins->segment[i];
  return 0;
}

#if FAIRY_MG_LOCUST
/* A path of a move that takes on the way, from one square. */
typedef struct {
  unsigned char n, sq[FAIRY_MG_MAX_LEGS], land[FAIRY_MG_MAX_LEGS],
      takes[FAIRY_MG_MAX_LEGS];
} fairy_mg_path;
/* Follows a path from `from` with `own` and `enemy` pieces on the board:
 * its destination (-1 if a leg may not land where it does), and in *taken
 * the square taken on the way (FAIRY_NO_SQUARE: none). */
static int fairy_mg_follow(const fairy_mg_path *path, int from, fairy_bb own,
                           fairy_bb enemy, int *taken) {
  int k, state = 1, s = from;
  *taken = FAIRY_NO_SQUARE;
  for (k = 0; k < path->n; ++k) {
    fairy_bb b;
    s = path->sq[k];
    b = fairy_mg_bit(s);
    state = (s == from || s == *taken) ? 1 : (own & b) ? 2 : (enemy & b) ? 4 : 1;
    if (!(path->land[k] & state))
      return -1;
    if (path->takes[k] && state == 4 && k + 1 < path->n)
      *taken = s;
  }
  return state == 2 ? -1 : s;
}
#endif

/* The moves of a piece of `type` from `from` to the squares of `to`: one
 * per promotion choice where the piece promotes. */
static inline int fairy_mg_add(fairy_move *list, int n, int from, fairy_bb to,
                               int type, int side) {
  fairy_bb promo = fairy_mg_promotes[type] ? to & fairy_mg_zone[side] : 0;
  fairy_bb plain = to & ~promo;
  while (plain)
    list[n++] = FAIRY_CAST(fairy_move, from) | FAIRY_CAST(fairy_move, fairy_mg_pop(&plain)) << 8;
  while (promo) {
    int t = fairy_mg_pop(&promo), c;
    for (c = 0; fairy_mg_choices[c] >= 0; ++c)
      list[n++] = fairy_mg_make(from, t, fairy_mg_choices[c], 0, 0);
    if (!FAIRY_MG_MANDATORY_PROMOTION)
      list[n++] = FAIRY_CAST(fairy_move, from) | FAIRY_CAST(fairy_move, t) << 8;
  }
  return n;
}
)C";

const char *const fairy::movegen::MovegenRuntimeGenerate = R"C(

/* Whether one of the royal pieces `royals` of `side` could be captured on
 * the board occ by a piece of the other side but those on `gone` (taken by
 * the move that made occ), or, with flying generals, faces one of theirs on
 * an open file. */
static int fairy_mg_royals_attacked(const fairy_position *p, int side,
                                    fairy_bb royals, fairy_bb occ,
                                    fairy_bb gone) {
#if FAIRY_MG_FLYING_GENERAL
  const fairy_bb other = fairy_mg_royals(p, !side) & ~gone;
#endif
  while (royals) {
    const int sq = fairy_mg_pop(&royals);
    if (fairy_mg_attackers(p, sq, !side, occ) & ~gone)
      return 1;
#if FAIRY_MG_FLYING_GENERAL
    if (fairy_mg_faces(sq, other, occ))
      return 1;
#endif
  }
  return 0;
}

/* Whether a royal piece of `side` is attacked in p. */
static int fairy_mg_royal_attacked(const fairy_position *p, int side) {
  return fairy_mg_royals_attacked(p, side, fairy_mg_royals(p, side),
                                  p->by_side[0] | p->by_side[1], 0);
}

fairy_bb fairy_attackers_to(const fairy_position *pos, int sq, int side) {
  return fairy_mg_attackers(pos, sq, side, pos->by_side[0] | pos->by_side[1]);
}
int fairy_in_check(const fairy_position *pos) {
  return fairy_mg_royal_attacked(pos, pos->side);
}

void fairy_do_move(fairy_position *p, fairy_move m, fairy_undo *u) {
  const int from = fairy_move_from(m), to = fairy_move_to(m);
  const int kind = fairy_move_kind(m), promo = fairy_move_promotion(m);
  const int us = p->side, code = p->board[from] - 1;
  const int type = code % FAIRY_TYPES;
  int s, w;
  u->unmoved = p->unmoved;
  u->ep_squares = p->ep_squares;
  u->ep_victim = p->ep_victim;
  memcpy(u->castle_rook, p->castle_rook, sizeof u->castle_rook);
  u->halfmove = p->halfmove;
  u->moved = FAIRY_CAST(unsigned char, type);
  u->captured = u->taken = 0;
  u->captured_sq = u->taken_sq = FAIRY_NO_SQUARE;
  p->ep_squares = 0;
  p->ep_victim = FAIRY_NO_SQUARE;
  ++p->halfmove;
  if (kind == FAIRY_MOVE_CASTLING) {
    const int rook = fairy_move_rook(m), rtype = (p->board[rook] - 1) % FAIRY_TYPES;
    const int rto = rook > from ? to - 1 : to + 1;
    fairy_mg_take(p, from);
    fairy_mg_take(p, rook);
    fairy_mg_put(p, type, us, to);
    fairy_mg_put(p, rtype, us, rto);
    p->unmoved &= ~(fairy_mg_bit(from) | fairy_mg_bit(rook));
    p->castle_rook[us][0] = p->castle_rook[us][1] = FAIRY_NO_SQUARE;
  } else {
    int victim = kind == FAIRY_MOVE_EN_PASSANT ? u->ep_victim : to;
    if (kind == FAIRY_MOVE_LOCUST) {
      const int taken = fairy_move_rook(m);
      u->taken = p->board[taken];
      u->taken_sq = FAIRY_CAST(unsigned char, taken);
      fairy_mg_take(p, taken);
      p->halfmove = 0;
    }
    if (victim != from && p->board[victim]) {
      u->captured = p->board[victim];
      u->captured_sq = FAIRY_CAST(unsigned char, victim);
      fairy_mg_take(p, victim);
      p->halfmove = 0;
    }
    fairy_mg_take(p, from);
    fairy_mg_put(p, promo >= 0 ? promo : type, us, to);
    if (fairy_mg_makes_ep[type]) {
      p->halfmove = 0;
      /* A step over squares that takes nothing (a double step) makes
       * them en passant squares. */
      if (!u->captured) {
        p->ep_squares = fairy_mg_between[from][to] & fairy_mg_ep_region[!us];
        if (p->ep_squares)
          p->ep_victim = FAIRY_CAST(unsigned char, to);
      }
    }
    p->unmoved &= ~(fairy_mg_bit(from) | fairy_mg_bit(to));
    if (type == FAIRY_MG_CASTLING_KING)
      p->castle_rook[us][0] = p->castle_rook[us][1] = FAIRY_NO_SQUARE;
    for (s = 0; s < 2; ++s)
      for (w = 0; w < 2; ++w)
        if (p->castle_rook[s][w] == from || p->castle_rook[s][w] == to)
          p->castle_rook[s][w] = FAIRY_NO_SQUARE;
  }
  if (us)
    ++p->fullmove;
  p->side = FAIRY_CAST(unsigned char, !us);
}

void fairy_undo_move(fairy_position *p, fairy_move m, const fairy_undo *u) {
  const int from = fairy_move_from(m), to = fairy_move_to(m);
  const int us = !p->side;
  p->side = FAIRY_CAST(unsigned char, us);
  if (us)
    --p->fullmove;
  if (fairy_move_kind(m) == FAIRY_MOVE_CASTLING) {
    const int rook = fairy_move_rook(m);
    const int rto = rook > from ? to - 1 : to + 1;
    const int rtype = (p->board[rto] - 1) % FAIRY_TYPES;
    fairy_mg_take(p, to);
    fairy_mg_take(p, rto);
    fairy_mg_put(p, u->moved, us, from);
    fairy_mg_put(p, rtype, us, rook);
  } else {
    fairy_mg_take(p, to);
    fairy_mg_put(p, u->moved, us, from);
    if (u->captured) {
      int c = u->captured - 1;
      fairy_mg_put(p, c % FAIRY_TYPES, c / FAIRY_TYPES, u->captured_sq);
    }
    if (u->taken) {
      int c = u->taken - 1;
      fairy_mg_put(p, c % FAIRY_TYPES, c / FAIRY_TYPES, u->taken_sq);
    }
  }
  p->unmoved = u->unmoved;
  p->ep_squares = u->ep_squares;
  p->ep_victim = u->ep_victim;
  memcpy(p->castle_rook, u->castle_rook, sizeof p->castle_rook);
  p->halfmove = u->halfmove;
}

int fairy_is_legal(const fairy_position *pos, fairy_move m) {
  fairy_position next = *pos;
  fairy_undo u;
  fairy_do_move(&next, m, &u);
  /* Without checking (racing kings), a move may not give check either. */
  return !fairy_mg_royal_attacked(&next, pos->side) &&
         (FAIRY_MG_CHECKING || !fairy_mg_royal_attacked(&next, !pos->side));
}

/* fairy_is_legal without making the move, for a move of one piece that
 * takes on its destination: the board after it is the occupancy with
 * `from` emptied and `to` filled, and the piece taken attacks nothing. */
static int fairy_mg_safe(const fairy_position *p, fairy_move m) {
  const int us = p->side, from = fairy_move_from(m), to = fairy_move_to(m);
  fairy_bb royals = fairy_mg_royals(p, us);
  /* A path that takes on the way reads the colours of the squares it
   * passes, which only the board after the move has. */
  if (fairy_move_kind(m) != FAIRY_MOVE_NORMAL || FAIRY_MG_LOCUST ||
      !FAIRY_MG_CHECKING)
    return fairy_is_legal(p, m);
  if (royals & fairy_mg_bit(from)) /* a pass (from == to) moves nothing */
    royals = (royals & ~fairy_mg_bit(from)) | fairy_mg_bit(to);
  return !fairy_mg_royals_attacked(
      p, us, royals,
      ((p->by_side[0] | p->by_side[1]) & ~fairy_mg_bit(from)) |
          fairy_mg_bit(to),
      fairy_mg_bit(to));
}

/* Castling: the king and the rook on their squares with the right kept,
 * every square either passes over or lands on empty but for them, and the
 * king's path not attacked (its landing square is tested by making the
 * move). */
static int fairy_mg_castling(const fairy_position *p, fairy_move *list,
                             int n, int not_in_check) {
#if FAIRY_MG_CASTLING_KING >= 0
  const int us = p->side;
  const fairy_bb occ = p->by_side[0] | p->by_side[1];
  fairy_bb kings = p->pieces[FAIRY_MG_CASTLING_KING][us];
  int w;
  if ((p->castle_rook[us][0] & p->castle_rook[us][1]) == FAIRY_NO_SQUARE ||
      !kings || (kings & (kings - 1)))
    return n;
  for (w = 0; w < 2; ++w) {
    const int king = fairy_mg_lsb(kings), rook = p->castle_rook[us][w];
    int base, kto, rto, lo, hi, safe;
    fairy_bb path;
    if (rook == FAIRY_NO_SQUARE || rook / FAIRY_FILES != king / FAIRY_FILES)
      continue;
    base = king - king % FAIRY_FILES;
    kto = base + (w == 0 ? FAIRY_MG_KINGSIDE_FILE : FAIRY_MG_QUEENSIDE_FILE);
    rto = w == 0 ? kto - 1 : kto + 1;
    lo = king < rook ? king : rook;
    hi = king < rook ? rook : king;
    if (kto < lo) lo = kto;
    if (rto < lo) lo = rto;
    if (kto > hi) hi = kto;
    if (rto > hi) hi = rto;
    if ((fairy_mg_between[lo][hi] | fairy_mg_bit(lo) | fairy_mg_bit(hi)) &
        occ & ~(fairy_mg_bit(king) | fairy_mg_bit(rook)))
      continue;
    /* The squares the king crosses, and its own unless known safe; the
     * one it lands on is tested after the move. */
    path = fairy_mg_between[king][kto] | (not_in_check ? 0 : fairy_mg_bit(king));
    safe = 1;
    while (path && safe)
      safe = !fairy_mg_attackers(p, fairy_mg_pop(&path), !us, occ);
    if (!safe)
      continue;
    list[n++] = fairy_mg_make(king, kto, -1, FAIRY_MOVE_CASTLING, rook);
  }
#else
  (void)p;
  (void)list;
  (void)not_in_check;
#endif
  return n;
}

#if FAIRY_MG_FAST
/* fairy_is_legal for an en passant capture, castling or a pass when every
 * capture is a leaper's or a rider's: only the occupancy after the move
 * decides whether the royal piece on ksq (the mover's only one) is
 * attacked there. */
static int fairy_mg_fast_legal(const fairy_position *p, fairy_move m, int ksq,
                               fairy_bb occ) {
  const int from = fairy_move_from(m), to = fairy_move_to(m);
  const int them = !p->side;
  if (from == ksq && from == to) /* a pass */
    return !fairy_mg_attackers(p, ksq, them, occ);
  if (fairy_move_kind(m) == FAIRY_MOVE_EN_PASSANT && from != ksq) {
    const fairy_bb victim = fairy_mg_bit(p->ep_victim);
    const fairy_bb after =
        (occ & ~fairy_mg_bit(from) & ~victim) | fairy_mg_bit(to);
    return !(fairy_mg_attackers(p, ksq, them, after) & ~victim);
  }
  if (fairy_move_kind(m) == FAIRY_MOVE_CASTLING && from == ksq) {
    const int rook = fairy_move_rook(m);
    const int rto = rook > from ? to - 1 : to + 1;
    const fairy_bb after =
        (occ & ~fairy_mg_bit(from) & ~fairy_mg_bit(rook)) | fairy_mg_bit(to) |
        fairy_mg_bit(rto);
    return !fairy_mg_attackers(p, to, them, after);
  }
  return fairy_is_legal(p, m);
}
#endif

/* Passing (Fairy-Stockfish's pass = true: janggi): the royal piece "moves"
 * to its own square, legal when it leaves no royal piece attacked. */
static int fairy_mg_pass(const fairy_position *p, fairy_move *list, int n) {
#if FAIRY_MG_PASS
  const fairy_bb royals = fairy_mg_royals(p, p->side);
  if (royals) {
    const int sq = fairy_mg_lsb(royals);
    list[n++] = fairy_mg_make(sq, sq, -1, FAIRY_MOVE_NORMAL, 0);
  }
#else
  (void)p;
  (void)list;
#endif
  return n;
}

#if FAIRY_MG_FAST
/* The start of the fast path, for the side to move's one royal piece on
 * ksq: its legal moves into list, the squares the other pieces may go to
 * (*target: out of check, or capturing or blocking the one checker) and
 * their pins. Returns the checkers. */
static fairy_bb fairy_mg_fast_start(const fairy_position *p, int ksq,
                                    fairy_move *list, int *n,
                                    fairy_bb *target, fairy_mg_pins *pins) {
  const int us = p->side, them = !us;
  const fairy_bb occ = p->by_side[0] | p->by_side[1], own = p->by_side[us];
  const fairy_bb checkers = fairy_mg_attackers(p, ksq, them, occ);
  const int ktype = (p->board[ksq] - 1) % FAIRY_TYPES;
  const int unmoved = FAIRY_CAST(int, (p->unmoved >> ksq) & 1);
  const fairy_bb same = p->pieces[ktype][0] | p->pieces[ktype][1];
  fairy_bb to = (fairy_mg_quiets(ktype, us, ksq, occ, unmoved, same) |
                 (fairy_mg_captures(ktype, us, ksq, occ, unmoved, same) &
                  p->by_side[them])) &
                fairy_mg_board & ~own;
  fairy_bb snipers;
  while (to) {
    int t = fairy_mg_pop(&to);
    if (!fairy_mg_attackers(p, t, them, occ ^ fairy_mg_bit(ksq)))
      list[(*n)++] = FAIRY_CAST(fairy_move, ksq) | FAIRY_CAST(fairy_move, t)
                                                      << 8;
  }
  *target = fairy_mg_board & ~own;
  if (checkers) {
    const int c = fairy_mg_lsb(checkers);
    const int ctype = (p->board[c] - 1) % FAIRY_TYPES;
    /* A leaper's check cannot be blocked. */
    *target &= checkers | ((fairy_mg_leaper_from[ctype][them][ksq] & checkers)
                               ? 0
                               : fairy_mg_between[ksq][c]);
  }
  snipers = fairy_mg_snipers(p, ksq, them);
  while (snipers) {
    const int s = fairy_mg_pop(&snipers);
    const fairy_bb b = fairy_mg_between[ksq][s] & occ;
    if (b && !(b & (b - 1)) && (b & own)) {
      pins->pinned |= b;
      pins->square[pins->count] = FAIRY_CAST(unsigned char, fairy_mg_lsb(b));
      pins->segment[pins->count++] = fairy_mg_between[ksq][s] | fairy_mg_bit(s);
    }
  }
  return checkers;
}
#else
/* Out of check, a move of a piece that is not royal and neither leaves nor
 * enters one of these squares keeps the royal pieces of the side to move
 * safe: those that may decide an attack on them, and their own. */
static fairy_bb fairy_mg_unsure(const fairy_position *p) {
  const fairy_bb royals = fairy_mg_royals(p, p->side);
  fairy_bb r = royals, unsure = royals;
  while (r)
    unsure |= fairy_mg_relevant(p, fairy_mg_pop(&r), !p->side);
  return unsure;
}
#endif

/* The special moves (en passant, castling, a pass) after list[first]. */
static int fairy_mg_specials(const fairy_position *p, fairy_move *list, int n,
                             int not_in_check) {
  n = fairy_mg_en_passant(p, list, n);
  n = fairy_mg_castling(p, list, n, not_in_check);
  return fairy_mg_pass(p, list, n);
}

static int fairy_mg_generate_all(const fairy_position *p, fairy_move *list,
                                 int legal) {
  const int us = p->side;
  const fairy_bb own = p->by_side[us];
  fairy_mg_pins pins;
  int n = 0, i, kept;
  pins.pinned = 0;
  pins.count = 0;
#if FAIRY_MG_FAST
  {
    const fairy_bb royals = fairy_mg_royals(p, us);
    if (legal && royals && !(royals & (royals - 1))) {
      const int ksq = fairy_mg_lsb(royals);
      fairy_bb target;
      const fairy_bb checkers =
          fairy_mg_fast_start(p, ksq, list, &n, &target, &pins);
      const fairy_bb occ = p->by_side[0] | p->by_side[1];
      int first;
      if (checkers & (checkers - 1))
        return n;
      n = fairy_mg_piece_moves(p, list, n, target, &pins, 1);
      /* En passant and castling move two pieces: tested on the board
       * after them. */
      first = n;
      /* In check, castling finds the king's square attacked. */
      n = fairy_mg_specials(p, list, n, !checkers);
      for (i = kept = first; i < n; ++i)
        if (fairy_mg_fast_legal(p, list[i], ksq, occ))
          list[kept++] = list[i];
      return kept;
    }
  }
#endif
  n = fairy_mg_piece_moves(p, list, n, fairy_mg_board & ~own, &pins, 0);
  n = fairy_mg_specials(p, list, n, 0);
  if (!legal)
    return n;
#if !FAIRY_MG_FAST
  {
    const fairy_bb royals = fairy_mg_royals(p, us);
    const fairy_bb unsure = fairy_mg_unsure(p);
    const int safe = !fairy_mg_royal_attacked(p, us);
    const fairy_bb occ = p->by_side[0] | p->by_side[1];
    for (i = kept = 0; i < n; ++i) {
      const fairy_move m = list[i];
      const fairy_bb from = fairy_mg_bit(fairy_move_from(m));
      const fairy_bb to = fairy_mg_bit(fairy_move_to(m));
      if (safe && FAIRY_MG_CHECKING && !FAIRY_MG_LOCUST &&
          fairy_move_kind(m) == FAIRY_MOVE_NORMAL && !(royals & from)) {
        /* Only the pieces whose paths the move crosses might capture a
         * royal piece after it. */
        fairy_bb rs = royals;
        int exposed = 0;
        if (unsure & (from | to))
          while (rs && !exposed)
            exposed = fairy_mg_exposes(p, fairy_mg_pop(&rs), !us,
                                       (occ & ~from) | to, from | to, to);
        if (!exposed)
          list[kept++] = m;
      } else if (fairy_mg_safe(p, m)) {
        list[kept++] = m;
      }
    }
    return kept;
  }
#else
  for (i = kept = 0; i < n; ++i)
    if (fairy_mg_safe(p, list[i]))
      list[kept++] = list[i];
  return kept;
#endif
}

/* How many legal moves, perft's last ply: counted by squares where the
 * moves are known to be legal, tested one by one elsewhere, never
 * written. Moves that capture on the way, compulsory captures and moves
 * that may not give check are counted from the list. */
static uint64_t fairy_mg_count_legal(const fairy_position *p);

/* The moves, with Fairy-Stockfish's mustCapture: only the captures when
 * there are any. */
static int fairy_mg_generate(const fairy_position *p, fairy_move *list,
                             int legal) {
  int n = fairy_mg_generate_all(p, list, legal);
#if FAIRY_MG_MUST_CAPTURE
  int i, kept = 0;
  const fairy_bb enemy = p->by_side[!p->side];
  for (i = 0; i < n && legal; ++i)
    if (fairy_move_kind(list[i]) == FAIRY_MOVE_EN_PASSANT ||
        fairy_move_kind(list[i]) == FAIRY_MOVE_LOCUST ||
        (enemy & fairy_mg_bit(fairy_move_to(list[i]))))
      list[kept++] = list[i];
  if (kept)
    n = kept;
#else
  (void)p;
#endif
  return n;
}

static uint64_t fairy_mg_count_legal(const fairy_position *p) {
  fairy_move list[FAIRY_MAX_MOVES];
#if FAIRY_MG_LOCUST || FAIRY_MG_MUST_CAPTURE || !FAIRY_MG_CHECKING
  return FAIRY_CAST(uint64_t, fairy_mg_generate(p, list, 1));
#else
  const int us = p->side;
  fairy_mg_pins pins;
  uint64_t count;
  int n = 0, i;
  pins.pinned = 0;
  pins.count = 0;
#if FAIRY_MG_FAST
  {
    const fairy_bb royals = fairy_mg_royals(p, us);
    if (royals && !(royals & (royals - 1))) {
      const int ksq = fairy_mg_lsb(royals);
      const fairy_bb occ = p->by_side[0] | p->by_side[1];
      fairy_bb target;
      const fairy_bb checkers =
          fairy_mg_fast_start(p, ksq, list, &n, &target, &pins);
      int first;
      if (checkers & (checkers - 1))
        return FAIRY_CAST(uint64_t, n);
      count = FAIRY_CAST(uint64_t, n);
      count += us ? fairy_mg_side_count(p, target, &pins, 1, 1, ~FAIRY_CAST(fairy_bb, 0), 0, 1)
                  : fairy_mg_side_count(p, target, &pins, 1, 0, ~FAIRY_CAST(fairy_bb, 0), 0, 1);
      first = n;
      /* In check, castling finds the king's square attacked. */
      n = fairy_mg_specials(p, list, n, !checkers);
      for (i = first; i < n; ++i)
        count += FAIRY_CAST(uint64_t, fairy_mg_fast_legal(p, list[i], ksq, occ));
      return count;
    }
  }
  {
    /* No royal piece or several: the list's count. */
    return FAIRY_CAST(uint64_t, fairy_mg_generate(p, list, 1));
  }
#else
  {
    const int safe = !fairy_mg_royal_attacked(p, us);
    const fairy_bb unsure = safe ? fairy_mg_unsure(p) : ~FAIRY_CAST(fairy_bb, 0);
    const fairy_bb target = fairy_mg_board & ~p->by_side[us];
    count = us ? fairy_mg_side_count(p, target, &pins, 0, 1, ~unsure, unsure, safe)
               : fairy_mg_side_count(p, target, &pins, 0, 0, ~unsure, unsure, safe);
    n = fairy_mg_specials(p, list, 0, 0);
    for (i = 0; i < n; ++i)
      count += FAIRY_CAST(uint64_t, fairy_mg_safe(p, list[i]));
    return count;
  }
#endif
#endif
}

int fairy_generate_legal(const fairy_position *pos, fairy_move *list) {
  return fairy_mg_generate(pos, list, 1);
}
int fairy_generate_pseudo_legal(const fairy_position *pos, fairy_move *list) {
  return fairy_mg_generate(pos, list, 0);
}

uint64_t fairy_perft(const fairy_position *pos, int depth) {
  fairy_move list[FAIRY_MAX_MOVES];
  uint64_t total = 0;
  int n, i;
  if (depth <= 0)
    return 1;
  if (depth == 1)
    return fairy_mg_count_legal(pos);
  n = fairy_mg_generate(pos, list, 1);
  for (i = 0; i < n; ++i) {
    fairy_position next = *pos;
    fairy_undo u;
    fairy_do_move(&next, list[i], &u);
    total += fairy_perft(&next, depth - 1);
  }
  return total;
}

int fairy_piece_type_at(const fairy_position *pos, int sq) {
  return pos->board[sq] ? (pos->board[sq] - 1) % FAIRY_TYPES : -1;
}
int fairy_piece_side_at(const fairy_position *pos, int sq) {
  return pos->board[sq] ? (pos->board[sq] - 1) / FAIRY_TYPES : -1;
}

int fairy_square_name(int sq, char *buf) {
  int rank = sq / FAIRY_FILES + 1, n = 0;
  buf[n++] = FAIRY_CAST(char, 'a' + sq % FAIRY_FILES);
  if (rank >= 10)
    buf[n++] = FAIRY_CAST(char, '0' + rank / 10);
  buf[n++] = FAIRY_CAST(char, '0' + rank % 10);
  buf[n] = 0;
  return n;
}

int fairy_move_to_uci(fairy_move m, char *buf) {
  const int from = fairy_move_from(m);
  int to = fairy_move_to(m);
  int n = fairy_square_name(from, buf);
  if (fairy_move_kind(m) == FAIRY_MOVE_LOCUST)
    n += fairy_square_name(fairy_move_rook(m), buf + n);
  /* Castling one square would read as the king's step: as Fairy-Stockfish,
   * the king takes its rook then (Chess960's notation). */
  if (fairy_move_kind(m) == FAIRY_MOVE_CASTLING && (to == from + 1 || to == from - 1))
    to = fairy_move_rook(m);
  n += fairy_square_name(to, buf + n);
  if (fairy_move_promotion(m) >= 0)
    buf[n++] = FAIRY_CAST(char, fairy_mg_letters[fairy_move_promotion(m)] | 32);
  buf[n] = 0;
  return n;
}

fairy_move fairy_move_from_uci(const fairy_position *pos, const char *uci) {
  fairy_move list[FAIRY_MAX_MOVES];
  char name[16];
  int n = fairy_generate_legal(pos, list), i;
  for (i = 0; i < n; ++i) {
    fairy_move_to_uci(list[i], name);
    if (!strcmp(name, uci))
      return list[i];
  }
  return 0;
}

/* A square's name at *s ("e4", "j10"), or -1. */
static int fairy_mg_read_square(const char **s) {
  int file, rank = 0;
  if (**s < 'a' || **s >= 'a' + FAIRY_FILES)
    return -1;
  file = *(*s)++ - 'a';
  if (**s < '1' || **s > '9')
    return -1;
  while (**s >= '0' && **s <= '9' && rank <= FAIRY_RANKS)
    rank = rank * 10 + (*(*s)++ - '0');
  if (rank < 1 || rank > FAIRY_RANKS)
    return -1;
  return file + FAIRY_FILES * (rank - 1);
}

static int fairy_mg_type_of(char c) {
  int t;
  for (t = 0; t < FAIRY_TYPES; ++t)
    if (fairy_mg_letters[t] == (c & ~32))
      return t;
  return -1;
}

#if FAIRY_MG_CASTLING_KING >= 0
/* The outermost castling rook of `side` on the king's rank, towards
 * `dir` (+1 the king's side, -1 the queen's), or FAIRY_NO_SQUARE. */
static int fairy_mg_outer_rook(const fairy_position *p, int side, int king,
                               int dir) {
  int s = dir > 0 ? king - king % FAIRY_FILES + FAIRY_FILES - 1
                  : king - king % FAIRY_FILES;
  for (; s != king; s -= dir) {
    int t = fairy_piece_type_at(p, s);
    if (t >= 0 && fairy_piece_side_at(p, s) == side &&
        (fairy_mg_castling_rooks >> t & 1))
      return s;
  }
  return FAIRY_NO_SQUARE;
}
#endif

int fairy_position_from_fen(fairy_position *p, const char *fen) {
  const char *c = fen;
  int file = 0, rank = FAIRY_RANKS - 1, t, s;
  fairy_mg_init();
  memset(p, 0, sizeof *p);
  p->ep_victim = FAIRY_NO_SQUARE;
  memset(p->castle_rook, FAIRY_NO_SQUARE, sizeof p->castle_rook);
  p->fullmove = 1;
  for (; *c && *c != ' '; ++c) {
    if (*c == '/') {
      if (file != FAIRY_FILES || rank == 0)
        return -1;
      file = 0;
      --rank;
    } else if (*c >= '0' && *c <= '9') {
      int run = 0;
      while (*c >= '0' && *c <= '9' && run <= FAIRY_FILES)
        run = run * 10 + (*c++ - '0');
      --c;
      file += run;
      if (file > FAIRY_FILES)
        return -1;
    } else if (*c == '*') {
      ++file; /* a wall or a missing square: nothing moves there */
    } else if (*c == '~') {
      continue;
    } else if (*c == '[') {
      while (*c && *c != ']')
        ++c;
      if (!*c)
        return -1;
    } else {
      int sq = file + FAIRY_FILES * rank;
      t = fairy_mg_type_of(*c);
      if (t < 0 || file >= FAIRY_FILES || !(fairy_mg_board & fairy_mg_bit(sq)))
        return -1;
      fairy_mg_put(p, t, (*c & 32) ? 1 : 0, sq);
      ++file;
    }
  }
  if (file != FAIRY_FILES || rank != 0)
    return -1;
  /* Pieces on their start squares have not moved. */
  for (t = 0; t < FAIRY_TYPES; ++t)
    for (s = 0; s < 2; ++s)
      p->unmoved |= p->pieces[t][s] &
                    (FAIRY_MG_HAS_START ? fairy_mg_start[t][s] : ~FAIRY_CAST(fairy_bb, 0));
  while (*c == ' ')
    ++c;
  if (*c == 'b')
    p->side = 1;
  else if (*c && *c != 'w')
    return -1;
  if (*c)
    ++c;
  while (*c == ' ')
    ++c;
  for (; *c && *c != ' '; ++c) {
#if FAIRY_MG_CASTLING_KING >= 0
    int side = (*c & 32) ? 1 : 0, rook = FAIRY_NO_SQUARE, wing;
    fairy_bb kings = p->pieces[FAIRY_MG_CASTLING_KING][side];
    int king;
    if (*c == '-')
      continue;
    if (!kings)
      return -1;
    king = fairy_mg_lsb(kings);
    if ((*c | 32) == 'k')
      rook = fairy_mg_outer_rook(p, side, king, 1);
    else if ((*c | 32) == 'q')
      rook = fairy_mg_outer_rook(p, side, king, -1);
    else if ((*c | 32) >= 'a' && (*c | 32) < 'a' + FAIRY_FILES)
      rook = king - king % FAIRY_FILES + ((*c | 32) - 'a');
    else
      return -1;
    if (rook == FAIRY_NO_SQUARE || fairy_piece_side_at(p, rook) != side ||
        !(fairy_mg_castling_rooks >> fairy_piece_type_at(p, rook) & 1))
      return -1;
    wing = rook > king ? 0 : 1;
    p->castle_rook[side][wing] = FAIRY_CAST(unsigned char, rook);
    p->unmoved |= fairy_mg_bit(king) | fairy_mg_bit(rook);
#else
    if (*c != '-' && !strchr("KQkq", *c))
      return -1;
#endif
  }
  while (*c == ' ')
    ++c;
  if (*c && *c != '-') {
    int ep = fairy_mg_read_square(&c), step, k;
    if (ep < 0)
      return -1;
    /* The piece that passed it: the side that moved last, beyond it. */
    step = p->side ? FAIRY_FILES : -FAIRY_FILES;
    for (k = 1; k <= 3 && !p->board[ep]; ++k) { /* a passed square is empty */
      int v = ep + k * step;
      if (v < 0 || v >= FAIRY_SQUARES)
        break;
      if (fairy_piece_side_at(p, v) == !p->side) {
        p->ep_squares = fairy_mg_bit(ep);
        p->ep_victim = FAIRY_CAST(unsigned char, v);
        break;
      }
    }
  } else if (*c) {
    ++c;
  }
  while (*c == ' ')
    ++c;
  if (*c >= '0' && *c <= '9') {
    p->halfmove = 0;
    while (*c >= '0' && *c <= '9' && p->halfmove < 100000)
      p->halfmove = p->halfmove * 10 + (*c++ - '0');
    while (*c == ' ')
      ++c;
    if (*c >= '1' && *c <= '9') {
      p->fullmove = 0;
      while (*c >= '0' && *c <= '9' && p->fullmove < 100000)
        p->fullmove = p->fullmove * 10 + (*c++ - '0');
    }
  }
  return 0;
}

int fairy_position_start(fairy_position *pos) {
  if (!fairy_mg_start_fen[0])
    return -1;
  return fairy_position_from_fen(pos, fairy_mg_start_fen);
}

size_t fairy_position_to_fen(const fairy_position *p, char *buf,
                             size_t size) {
  char out[FAIRY_SQUARES * 2 + 64];
  size_t n = 0;
  int rank, file, s, w, any = 0;
  for (rank = FAIRY_RANKS - 1; rank >= 0; --rank) {
    int run = 0;
    for (file = 0; file < FAIRY_FILES; ++file) {
      int sq = file + FAIRY_FILES * rank, code = p->board[sq] - 1;
      if (!(fairy_mg_board & fairy_mg_bit(sq)) || code >= 0) {
        if (run >= 10)
          out[n++] = FAIRY_CAST(char, '0' + run / 10);
        if (run)
          out[n++] = FAIRY_CAST(char, '0' + run % 10);
        run = 0;
        out[n++] = code < 0 ? '*'
                            : FAIRY_CAST(char, fairy_mg_letters[code % FAIRY_TYPES] |
                                     (code / FAIRY_TYPES ? 32 : 0));
      } else {
        ++run;
      }
    }
    if (run >= 10)
      out[n++] = FAIRY_CAST(char, '0' + run / 10);
    if (run)
      out[n++] = FAIRY_CAST(char, '0' + run % 10);
    if (rank)
      out[n++] = '/';
  }
  out[n++] = ' ';
  out[n++] = p->side ? 'b' : 'w';
  out[n++] = ' ';
  for (s = 0; s < 2; ++s)
    for (w = 0; w < 2; ++w) {
      int rook = p->castle_rook[s][w];
      char c;
      if (rook == FAIRY_NO_SQUARE)
        continue;
      {
#if FAIRY_MG_CASTLING_KING >= 0
        fairy_bb kings = p->pieces[FAIRY_MG_CASTLING_KING][s];
        int king = kings ? fairy_mg_lsb(kings) : rook;
        c = fairy_mg_outer_rook(p, s, king, w ? -1 : 1) == rook
                ? (w ? 'Q' : 'K')
                : FAIRY_CAST(char, 'A' + rook % FAIRY_FILES);
#else
        c = w ? 'Q' : 'K';
#endif
      }
      out[n++] = s ? FAIRY_CAST(char, c | 32) : c;
      any = 1;
    }
  if (!any)
    out[n++] = '-';
  out[n++] = ' ';
  if (p->ep_squares) {
    char sq[8];
    int len = fairy_square_name(fairy_mg_lsb(p->ep_squares), sq);
    memcpy(out + n, sq, FAIRY_CAST(size_t, len));
    n += FAIRY_CAST(size_t, len);
  } else {
    out[n++] = '-';
  }
  n += FAIRY_CAST(size_t, snprintf(out + n, sizeof out - n, " %d %d", p->halfmove,
                        p->fullmove));
  if (size) {
    size_t k = n < size - 1 ? n : size - 1;
    memcpy(buf, out, k);
    buf[k] = 0;
  }
  return n;
}
)C";

const char *const fairy::movegen::MovegenRuntimeCountTest = R"C(
static int fairy_mg_safe(const fairy_position *p, fairy_move m);
/* Whether the move of the piece on sq to t (taking what stands there) keeps
 * the mover's royal pieces safe; `safe`: the side is not in check. */
static int fairy_mg_count_test(const fairy_position *p, int sq, int t,
                               int safe) {
#if !FAIRY_MG_FAST
  const fairy_bb royals = fairy_mg_royals(p, p->side);
  if (safe && !(royals & fairy_mg_bit(sq))) {
    const fairy_bb from = fairy_mg_bit(sq), to = fairy_mg_bit(t);
    const fairy_bb occ = ((p->by_side[0] | p->by_side[1]) & ~from) | to;
    fairy_bb rs = royals;
    while (rs)
      if (fairy_mg_exposes(p, fairy_mg_pop(&rs), !p->side, occ, from | to, to))
        return 0;
    return 1;
  }
#endif
  (void)safe;
  return fairy_mg_safe(p, fairy_mg_make(sq, t, -1, FAIRY_MOVE_NORMAL, 0));
}
)C";
