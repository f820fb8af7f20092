/* A C caller passing a side that is neither FAIRY_WHITE nor FAIRY_BLACK:
 * well defined in C (an enum parameter takes any int), so written in C;
 * C++ could not make such a value without undefined behaviour. The C API
 * must refuse it (CAPITest.cpp calls this). */
#include "fairy/fairy.h"

int fairy_test_bad_side(fairy_compilation *c) {
  fairy_destination out[8];
  size_t n = 0;
  fairy_position *p = fairy_position_create(c);
  int refused = 0;
  if (fairy_destinations(c, 0, NULL, 0, 7, 0, out, 8, &n) ==
      FAIRY_INVALID_ARGUMENT)
    ++refused;
  if (p && fairy_position_place(p, 0, 7, 'P', 0) == FAIRY_INVALID_ARGUMENT)
    ++refused;
  fairy_position_destroy(p);
  return refused;
}
