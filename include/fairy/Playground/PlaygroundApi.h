//===- PlaygroundApi.h - What the playground's page asks fairyc -*- C++ -*-===//
//
// The playground's page holds no fairyc logic: for every change it sends
// the notation, board and pieces to /api/compile and shows what comes back
// (the picture, the diagnostics, the IR and the other notations). This is
// that API, with no HTTP in it, so that the server (PlaygroundServer.cpp)
// and a future WebAssembly build answer alike. docs/playground.md
// describes the JSON.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PLAYGROUND_PLAYGROUNDAPI_H
#define FAIRY_PLAYGROUND_PLAYGROUNDAPI_H

#include <chrono>
#include <string>

namespace fairy {

/// An answer: its HTTP status and JSON body.
struct ApiReply {
  int Status = 200;
  std::string Body;
};

/// POST /api/compile. 200 for any well-formed request, whether the
/// notation compiles or not ("ok" says); 400 with {"error": ...} for a body
/// that is not such a request. The IR and the conversions are written only
/// while the request has taken less than \p ExtrasBudget.
ApiReply compileForPlayground(
    const std::string &RequestBody,
    std::chrono::milliseconds ExtrasBudget = std::chrono::milliseconds(1000));

/// GET /api/info: fairyc's version, the notations (name and description)
/// and the board styles, for the page's selectors.
ApiReply playgroundInfo();

/// The largest request body the API reads, in bytes.
constexpr size_t MaxPlaygroundRequest = 256 * 1024;

} // namespace fairy

#endif
