//===- PlaygroundExports.cpp - The playground's API for JavaScript --------===//
//
// The two calls the playground's page makes (fairy/Playground/
// PlaygroundApi.h), as C functions the WebAssembly module exports, so that
// the page answers itself with no server: the same request and reply JSON
// as POST /api/compile and GET /api/info. The C API (fairy/fairy.h) is
// exported beside them as it is.
//
//===----------------------------------------------------------------------===//
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

/// POST /api/compile for the \p Length bytes of JSON at \p Body: the reply's
/// JSON (malloc'd; the caller frees it) and its HTTP status in *Status.
char *fairy_playground_compile(const char *Body, size_t Length, int *Status) {
  try {
    return release(fairy::compileForPlayground(std::string(Body, Length)),
                   Status);
  } catch (...) {
    return release({500, "{\"error\":\"internal error\"}"}, Status);
  }
}

/// GET /api/info: the reply's JSON (malloc'd; the caller frees it) and its
/// HTTP status in *Status.
char *fairy_playground_info(int *Status) {
  try {
    return release(fairy::playgroundInfo(), Status);
  } catch (...) {
    return release({500, "{\"error\":\"internal error\"}"}, Status);
  }
}
}
