/* perft.h - a legal move generator for orthodox chess rules on a board of
 * PERFT_FILES x PERFT_RANKS squares, counting the leaves of the game tree
 * (perft), written by hand: the baseline that the move generators fairyc
 * writes (--emit=movegen, examples/perft/) are timed against
 * (movegen_bench.py). Every attack it needs comes from an attack provider
 * included first, which defines:
 *
 *   bb_t                                  the set of squares (bit file + FILES * rank)
 *   bb_t att_pawn(int side, int sq)       squares a pawn of `side` on sq attacks
 *   bb_t att_knight(int sq), att_king(int sq)
 *   bb_t att_bishop(int sq, bb_t occ), att_rook(int sq, bb_t occ), att_queen(int sq, bb_t occ)
 *   bb_t push_single(int side, int sq, bb_t occ)  a pawn's step, if empty
 *   bb_t push_double(int side, int sq, bb_t occ)  its double step, if it has not moved
 *   bb_t pawn_start(int side)        the squares pawns start on (unmoved there)
 *   bb_t promotion_zone(int side)    the squares pawns promote on
 *
 * attacks-fairy.h implements them on a header made by `fairyc --emit=bitboard`,
 * attacks-hand.h with hand-written fancy magics. The generator is the usual
 * one of bitboard engines: checkers, pinned pieces and king danger from the
 * attack sets, moves made on a copy of the position, leaves counted without
 * making the last moves (bulk counting).
 */
#ifndef FAIRY_PERFT_H
#define FAIRY_PERFT_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NSQ (PERFT_FILES * PERFT_RANKS)
#define MAX_MOVES 512

enum { WHITE, BLACK };
enum { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, NO_PIECE };
enum { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8 };
/* Move flags, above the two squares. */
enum { MOVE_EP = 1 << 16, MOVE_CASTLE = 1 << 17, MOVE_DOUBLE = 1 << 18 };
#define MOVE_PROMO_SHIFT 19

static inline bb_t bit(int sq) { return ((bb_t)1) << sq; }

static inline int popcount(bb_t b) {
#if PERFT_WIDE
  return __builtin_popcountll((uint64_t)b) +
         __builtin_popcountll((uint64_t)(b >> 64));
#else
  return __builtin_popcountll(b);
#endif
}

static inline int lsb(bb_t b) {
#if PERFT_WIDE
  return (uint64_t)b ? __builtin_ctzll((uint64_t)b)
                     : 64 + __builtin_ctzll((uint64_t)(b >> 64));
#else
  return __builtin_ctzll(b);
#endif
}

static inline int pop_lsb(bb_t *b) {
  int s = lsb(*b);
  *b &= *b - 1;
  return s;
}

typedef struct {
  bb_t pieces[2][6];
  bb_t color[2];
  int side, ep, castle;
  int king[2];
} position;

/* Squares strictly between two squares on one line, and the whole line. */
static bb_t between_bb[NSQ][NSQ], line_bb[NSQ][NSQ];
/* Castling rights kept after a move from or to each square. */
static int castle_keep[NSQ];

static void perft_init(void) {
  for (int a = 0; a < NSQ; ++a) {
    castle_keep[a] = 15;
    for (int b = 0; b < NSQ; ++b) {
      between_bb[a][b] = line_bb[a][b] = 0;
      if (a == b)
        continue;
      if (att_rook(a, 0) & bit(b)) {
        line_bb[a][b] = (att_rook(a, 0) & att_rook(b, 0)) | bit(a) | bit(b);
        between_bb[a][b] = att_rook(a, bit(b)) & att_rook(b, bit(a));
      } else if (att_bishop(a, 0) & bit(b)) {
        line_bb[a][b] =
            (att_bishop(a, 0) & att_bishop(b, 0)) | bit(a) | bit(b);
        between_bb[a][b] = att_bishop(a, bit(b)) & att_bishop(b, bit(a));
      }
    }
  }
  const int top = NSQ - PERFT_FILES, king = 4;
  castle_keep[0] &= ~CASTLE_WQ;
  castle_keep[PERFT_FILES - 1] &= ~CASTLE_WK;
  castle_keep[king] &= ~(CASTLE_WK | CASTLE_WQ);
  castle_keep[top] &= ~CASTLE_BQ;
  castle_keep[NSQ - 1] &= ~CASTLE_BK;
  castle_keep[top + king] &= ~(CASTLE_BK | CASTLE_BQ);
}

static inline bb_t occupied(const position *p) {
  return p->color[WHITE] | p->color[BLACK];
}

/* Pieces of either side attacking sq when the board holds occ. */
static inline bb_t attackers_to(const position *p, int sq, bb_t occ) {
  const bb_t(*pc)[6] = p->pieces;
  bb_t rq = pc[0][ROOK] | pc[1][ROOK] | pc[0][QUEEN] | pc[1][QUEEN];
  bb_t bq = pc[0][BISHOP] | pc[1][BISHOP] | pc[0][QUEEN] | pc[1][QUEEN];
  return (att_pawn(WHITE, sq) & pc[BLACK][PAWN]) |
         (att_pawn(BLACK, sq) & pc[WHITE][PAWN]) |
         (att_knight(sq) & (pc[0][KNIGHT] | pc[1][KNIGHT])) |
         (att_king(sq) & (pc[0][KING] | pc[1][KING])) |
         (att_bishop(sq, occ) & bq) | (att_rook(sq, occ) & rq);
}

static inline int add_moves(int *list, int n, int from, bb_t to, int flags) {
  while (to)
    list[n++] = from | pop_lsb(&to) << 8 | flags;
  return n;
}

/* A pawn's moves to `to`: four promotions on the last rank. */
static inline int add_pawn_moves(int *list, int n, int from, bb_t to,
                                 int side, int flags) {
  const bb_t zone = promotion_zone(side);
  while (to) {
    int t = pop_lsb(&to);
    if (zone & bit(t))
      for (int promo = KNIGHT; promo <= QUEEN; ++promo)
        list[n++] = from | t << 8 | flags | promo << MOVE_PROMO_SHIFT;
    else
      list[n++] = from | t << 8 | flags;
  }
  return n;
}

/* Every legal move of the side to move; returns how many. */
static int generate(const position *p, int *list) {
  const int us = p->side, them = !us;
  const bb_t occ = occupied(p), own = p->color[us], enemy = p->color[them];
  const bb_t(*pc)[6] = p->pieces;
  const int ksq = p->king[us];
  const bb_t checkers = attackers_to(p, ksq, occ) & enemy;
  int n = 0;

  /* The king, to squares not attacked once it has left its own. */
  bb_t to = att_king(ksq) & ~own;
  while (to) {
    int t = pop_lsb(&to);
    if (!(attackers_to(p, t, occ ^ bit(ksq)) & enemy))
      list[n++] = ksq | t << 8;
  }
  if (popcount(checkers) > 1)
    return n;

  /* Single check: capture the checker or block. */
  bb_t target = ~own;
  if (checkers)
    target &= checkers | between_bb[ksq][lsb(checkers)];

  bb_t pinned = 0;
  bb_t snipers = (att_rook(ksq, 0) & (pc[them][ROOK] | pc[them][QUEEN])) |
                 (att_bishop(ksq, 0) & (pc[them][BISHOP] | pc[them][QUEEN]));
  while (snipers) {
    bb_t b = between_bb[ksq][pop_lsb(&snipers)] & occ;
    if (b && !(b & (b - 1)) && (b & own))
      pinned |= b;
  }
#define ALONG_PIN(from) ((pinned & bit(from)) ? line_bb[ksq][from] : ~(bb_t)0)

  bb_t b = pc[us][KNIGHT] & ~pinned;
  while (b) {
    int f = pop_lsb(&b);
    n = add_moves(list, n, f, att_knight(f) & target, 0);
  }
  b = pc[us][BISHOP];
  while (b) {
    int f = pop_lsb(&b);
    n = add_moves(list, n, f, att_bishop(f, occ) & target & ALONG_PIN(f), 0);
  }
  b = pc[us][ROOK];
  while (b) {
    int f = pop_lsb(&b);
    n = add_moves(list, n, f, att_rook(f, occ) & target & ALONG_PIN(f), 0);
  }
  b = pc[us][QUEEN];
  while (b) {
    int f = pop_lsb(&b);
    n = add_moves(list, n, f, att_queen(f, occ) & target & ALONG_PIN(f), 0);
  }

  const bb_t start = pawn_start(us);
  b = pc[us][PAWN];
  while (b) {
    int f = pop_lsb(&b);
    bb_t pin = ALONG_PIN(f), one = push_single(us, f, occ);
    n = add_pawn_moves(list, n, f, one & target & pin, us, 0);
    /* A pawn that cannot step cannot step twice. */
    if (one && (start & bit(f)))
      n = add_moves(list, n, f, push_double(us, f, occ) & target & pin,
                    MOVE_DOUBLE);
    n = add_pawn_moves(list, n, f, att_pawn(us, f) & enemy & target & pin, us,
                       0);
    if (p->ep >= 0 && (att_pawn(us, f) & bit(p->ep))) {
      /* Taking en passant empties two squares of one rank: check the king
       * with the board as it would be. */
      int cap = p->ep + (us == WHITE ? -PERFT_FILES : PERFT_FILES);
      bb_t after = (occ ^ bit(f) ^ bit(cap)) | bit(p->ep);
      if (!(attackers_to(p, ksq, after) & enemy & ~bit(cap)))
        list[n++] = f | p->ep << 8 | MOVE_EP;
    }
  }
#undef ALONG_PIN

  /* Castling: the squares between king and rook empty, the king's path
   * not attacked. */
  if (!checkers && p->castle) {
    const int base = us == WHITE ? 0 : NSQ - PERFT_FILES;
    const int kright = us == WHITE ? CASTLE_WK : CASTLE_BK;
    const int qright = us == WHITE ? CASTLE_WQ : CASTLE_BQ;
    if ((p->castle & kright) &&
        !(occ & (bit(base + 5) | bit(base + 6))) &&
        !(attackers_to(p, base + 5, occ) & enemy) &&
        !(attackers_to(p, base + 6, occ) & enemy))
      list[n++] = ksq | (base + 6) << 8 | MOVE_CASTLE;
    if ((p->castle & qright) &&
        !(occ & (bit(base + 1) | bit(base + 2) | bit(base + 3))) &&
        !(attackers_to(p, base + 3, occ) & enemy) &&
        !(attackers_to(p, base + 2, occ) & enemy))
      list[n++] = ksq | (base + 2) << 8 | MOVE_CASTLE;
  }
  return n;
}

static inline int piece_on(const position *p, int side, int sq) {
  for (int t = PAWN; t <= KING; ++t)
    if (p->pieces[side][t] & bit(sq))
      return t;
  return NO_PIECE;
}

static inline void move_piece(position *p, int side, int type, int from,
                              int to) {
  bb_t fromto = bit(from) | bit(to);
  p->pieces[side][type] ^= fromto;
  p->color[side] ^= fromto;
}

static inline void remove_piece(position *p, int side, int type, int sq) {
  p->pieces[side][type] ^= bit(sq);
  p->color[side] ^= bit(sq);
}

static void make_move(position *p, int m) {
  const int us = p->side, them = !us;
  const int from = m & 0xff, to = (m >> 8) & 0xff;
  const int type = piece_on(p, us, from);
  const int victim = piece_on(p, them, to);
  if (victim != NO_PIECE)
    remove_piece(p, them, victim, to);
  move_piece(p, us, type, from, to);
  if (m & MOVE_EP)
    remove_piece(p, them, PAWN,
                 to + (us == WHITE ? -PERFT_FILES : PERFT_FILES));
  if (m & MOVE_CASTLE) {
    int base = us == WHITE ? 0 : NSQ - PERFT_FILES;
    if (to == base + 6)
      move_piece(p, us, ROOK, base + PERFT_FILES - 1, base + 5);
    else
      move_piece(p, us, ROOK, base, base + 3);
  }
  int promo = m >> MOVE_PROMO_SHIFT;
  if (promo) {
    p->pieces[us][PAWN] ^= bit(to);
    p->pieces[us][promo] ^= bit(to);
  }
  if (type == KING)
    p->king[us] = to;
  p->castle &= castle_keep[from] & castle_keep[to];
  p->ep = (m & MOVE_DOUBLE) ? (from + to) / 2 : -1;
  p->side = them;
}

static uint64_t perft(const position *p, int depth) {
  int list[MAX_MOVES];
  int n = generate(p, list);
  if (depth <= 1)
    return depth == 1 ? (uint64_t)n : 1;
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    position next = *p;
    make_move(&next, list[i]);
    total += perft(&next, depth - 1);
  }
  return total;
}

/* Reads a FEN (ranks of up to PERFT_FILES squares, numbers of any size);
 * returns 0 on success. */
static int parse_fen(const char *fen, position *p) {
  static const char letters[] = "pnbrqk";
  memset(p, 0, sizeof *p);
  p->ep = -1;
  int file = 0, rank = PERFT_RANKS - 1;
  const char *c = fen;
  for (; *c && *c != ' '; ++c) {
    if (*c == '/') {
      if (file != PERFT_FILES || rank == 0)
        return 1;
      file = 0;
      --rank;
    } else if (*c >= '0' && *c <= '9') {
      int empty = 0;
      while (*c >= '0' && *c <= '9')
        empty = empty * 10 + (*c++ - '0');
      --c;
      file += empty;
    } else {
      const char *t = strchr(letters, *c | 32);
      if (!t || file >= PERFT_FILES)
        return 1;
      int side = (*c >= 'a') ? BLACK : WHITE;
      int sq = file + PERFT_FILES * rank;
      p->pieces[side][t - letters] |= bit(sq);
      p->color[side] |= bit(sq);
      if (t - letters == KING)
        p->king[side] = sq;
      ++file;
    }
  }
  if (file != PERFT_FILES || rank != 0 || *c != ' ')
    return 1;
  p->side = c[1] == 'b' ? BLACK : WHITE;
  for (c += 3; *c && *c != ' '; ++c)
    p->castle |= *c == 'K' ? CASTLE_WK
                 : *c == 'Q' ? CASTLE_WQ
                 : *c == 'k' ? CASTLE_BK
                 : *c == 'q' ? CASTLE_BQ
                             : 0;
  if (*c == ' ' && c[1] >= 'a' && c[1] < 'a' + PERFT_FILES) {
    int r = 0;
    for (const char *d = c + 2; *d >= '0' && *d <= '9'; ++d)
      r = r * 10 + (*d - '0');
    if (r >= 1 && r <= PERFT_RANKS)
      p->ep = (c[1] - 'a') + PERFT_FILES * (r - 1);
  }
  return 0;
}

#endif
