/* tables.c - the one translation unit that defines the generated header's
 * tables (TABLES names the header). Every other file includes the header
 * for its declarations and inline functions only.
 *
 * Keeping the tables out of the move generator's translation unit also
 * keeps gcc from folding table contents at constant squares into the hot
 * loop (perft.c's castling checks), which made it 5 % slower there.
 */
#define FAIRY_TABLES_IMPLEMENTATION
#include TABLES
