/*===- fairy.h - The C API of fairyc ------------------------------*- C -*-===*\
|*                                                                            *|
|* What programs include: #include <fairy/fairy.h>. The header itself is      *|
|* fairy/CAPI/fairy.h, in the folder of its library (lib/CAPI), as every      *|
|* library's headers are (docs/architecture.md).                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef FAIRY_FAIRY_H
#define FAIRY_FAIRY_H

#include "CAPI/fairy.h"

#endif /* FAIRY_FAIRY_H */
