/* attacks-hand.h - perft.h's attack provider written by hand, as bitboard
 * engines write it: fancy magic bitboards in one struct per square (mask,
 * multiplier, pointer into one shared table, shift), leaper tables, pawn
 * pushes by shifting. The multipliers are searched at start-up (sparse
 * random candidates from xorshift64*, slots stamped with the try), which
 * the benchmark does not time. 8x8 only.
 */
#ifndef FAIRY_PERFT_ATTACKS_HAND_H
#define FAIRY_PERFT_ATTACKS_HAND_H

#include <stdint.h>

typedef uint64_t bb_t;
#define PERFT_WIDE 0

typedef struct {
  bb_t mask, magic;
  bb_t *attacks;
  unsigned shift;
} hand_magic;

static hand_magic rook_magics[64], bishop_magics[64];
static bb_t rook_table[102400], bishop_table[5248];
static bb_t knight_att[64], king_att[64], pawn_att[2][64];

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static bb_t hand_slide(int sq, bb_t occ, const int dirs[4][2]) {
  bb_t att = 0;
  for (int d = 0; d < 4; ++d)
    for (int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
         f >= 0 && f < 8 && r >= 0 && r < 8; f += dirs[d][0], r += dirs[d][1]) {
      att |= 1ULL << (f + 8 * r);
      if (occ >> (f + 8 * r) & 1)
        break;
    }
  return att;
}

static uint64_t hand_rng = 0x2545f4914f6cdd1dULL;
static uint64_t hand_rand(void) {
  hand_rng ^= hand_rng >> 12;
  hand_rng ^= hand_rng << 25;
  hand_rng ^= hand_rng >> 27;
  return hand_rng * 2685821657736338717ULL;
}

static void hand_init_magics(hand_magic *m, bb_t *table,
                             const int dirs[4][2]) {
  static bb_t occ[4096], ref[4096];
  static unsigned stamp[4096];
  unsigned tries = 0;
  const bb_t rank18 = 0xff000000000000ffULL, fileAH = 0x8181818181818181ULL;
  for (int sq = 0; sq < 64; ++sq) {
    bb_t edges = (rank18 & ~(0xffULL << (8 * (sq / 8)))) |
                 (fileAH & ~(0x0101010101010101ULL << (sq % 8)));
    m[sq].mask = hand_slide(sq, 0, dirs) & ~edges;
    int bits = __builtin_popcountll(m[sq].mask);
    m[sq].shift = (unsigned)(64 - bits);
    m[sq].attacks = sq ? m[sq - 1].attacks + (1 << (64 - m[sq - 1].shift))
                       : table;
    int n = 0;
    bb_t b = 0;
    do { /* every subset of the mask (carry-rippler) */
      occ[n] = b;
      ref[n++] = hand_slide(sq, b, dirs);
      b = (b - m[sq].mask) & m[sq].mask;
    } while (b);
    for (;;) {
      bb_t magic = hand_rand() & hand_rand() & hand_rand();
      if (__builtin_popcountll((magic * m[sq].mask) >> 56) < 6)
        continue;
      ++tries;
      int i = 0;
      for (; i < n; ++i) {
        unsigned idx = (unsigned)((occ[i] * magic) >> m[sq].shift);
        if (stamp[idx] < tries) {
          stamp[idx] = tries;
          m[sq].attacks[idx] = ref[i];
        } else if (m[sq].attacks[idx] != ref[i]) {
          break;
        }
      }
      if (i == n) {
        m[sq].magic = magic;
        break;
      }
    }
  }
}

static void attacks_init(void) {
  hand_init_magics(rook_magics, rook_table, rook_dirs);
  hand_init_magics(bishop_magics, bishop_table, bishop_dirs);
  static const int knight[8][2] = {{1, 2},  {2, 1},  {2, -1}, {1, -2},
                                   {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (int sq = 0; sq < 64; ++sq) {
    int f = sq % 8, r = sq / 8;
    for (int k = 0; k < 8; ++k) {
      int nf = f + knight[k][0], nr = r + knight[k][1];
      if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
        knight_att[sq] |= 1ULL << (nf + 8 * nr);
    }
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        int nf = f + df, nr = r + dr;
        if ((df || dr) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
          king_att[sq] |= 1ULL << (nf + 8 * nr);
      }
    for (int df = -1; df <= 1; df += 2) {
      if (f + df < 0 || f + df > 7)
        continue;
      if (r < 7)
        pawn_att[0][sq] |= 1ULL << (f + df + 8 * (r + 1));
      if (r > 0)
        pawn_att[1][sq] |= 1ULL << (f + df + 8 * (r - 1));
    }
  }
}

static inline bb_t magic_lookup(const hand_magic *m, bb_t occ) {
  return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
static inline bb_t att_pawn(int side, int sq) { return pawn_att[side][sq]; }
static inline bb_t att_knight(int sq) { return knight_att[sq]; }
static inline bb_t att_king(int sq) { return king_att[sq]; }
static inline bb_t att_bishop(int sq, bb_t occ) {
  return magic_lookup(&bishop_magics[sq], occ);
}
static inline bb_t att_rook(int sq, bb_t occ) {
  return magic_lookup(&rook_magics[sq], occ);
}
static inline bb_t att_queen(int sq, bb_t occ) {
  return att_rook(sq, occ) | att_bishop(sq, occ);
}
static inline bb_t push_single(int side, int sq, bb_t occ) {
  return (side == 0 ? 1ULL << (sq + 8) : 1ULL << (sq - 8)) & ~occ;
}
static inline bb_t pawn_start(int side) {
  return side == 0 ? 0xff00ULL : 0xff000000000000ULL;
}
static inline bb_t promotion_zone(int side) {
  return side == 0 ? 0xff00000000000000ULL : 0xffULL;
}
static inline bb_t push_double(int side, int sq, bb_t occ) {
  return side == 0 ? (1ULL << (sq + 16)) & ~occ & ~(occ << 8)
                   : (1ULL << (sq - 16)) & ~occ & ~(occ >> 8);
}

#endif
