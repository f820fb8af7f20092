//===- PlaygroundExports.cpp - The playground's API for JavaScript --------===//
//
// fairy/Wasm/PlaygroundExports.h: the playground's API as C functions of
// the WebAssembly module. Nothing here knows HTTP or a notation.
//
//===----------------------------------------------------------------------===//
#include "fairy/Wasm/PlaygroundExports.h"
#include "fairy/Playground/PlaygroundApi.h"

#include <cstdlib>
#include <cstring>
#include <string>

namespace {

/// A copy of \p Reply's body in memory from malloc, which the caller frees;
/// its status in \p Status. Null if memory runs out.
char *release(const fairy::ApiReply &Reply, int *Status) {
  if (Status)
    *Status = Reply.Status;
  char *Out = static_cast<char *>(std::malloc(Reply.Body.size() + 1));
  if (Out)
    std::memcpy(Out, Reply.Body.c_str(), Reply.Body.size() + 1);
  return Out;
}

} // namespace

extern "C" {

char *fairy_playground_compile(const char *Body, size_t Length, int *Status) {
  try {
    return release(fairy::compileForPlayground(std::string(Body, Length)),
                   Status);
  } catch (...) {
    return release({500, "{\"error\":\"internal error\"}"}, Status);
  }
}

char *fairy_playground_info(int *Status) {
  try {
    return release(fairy::playgroundInfo(), Status);
  } catch (...) {
    return release({500, "{\"error\":\"internal error\"}"}, Status);
  }
}
}
