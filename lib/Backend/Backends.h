//===- Backends.h - The back ends' registrations ---------------*- C++ -*-===//
#ifndef FAIRY_LIB_BACKEND_BACKENDS_H
#define FAIRY_LIB_BACKEND_BACKENDS_H

#include "fairy/Backend/Backend.h"

namespace fairy {
#define FAIRY_BACKEND(X) extern const BackendInfo X;
#include "Backends.def"
} // namespace fairy

#endif
