//===- HttpFuzzer.cpp - Fuzz what fairyc serve does with a connection -----===//
//
// Any bytes as all that one connection sends (request line, headers, body):
// the answer is one well-formed HTTP/1.1 response with a known status, its
// Content-Length that of its body, and a JSON body that parses whenever it
// says it is JSON. The gate, the Host/Origin/Content-Type checks, httplib's
// parsing and routing, and /api/compile are all on the way.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "fairy/Playground/PlaygroundServer.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <algorithm>

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 8192)
    return 0;
  std::string Raw(reinterpret_cast<const char *>(Data), Size);
  std::string Answer = answerConnection(Raw, "127.0.0.1", 8151);
  auto Fail = [&](const char *What) {
    fuzz::check(false, What, *ir::nothing());
  };
  llvm::StringRef A(Answer);
  while (A.startswith("HTTP/1.1 100 Continue\r\n\r\n"))
    A = A.drop_front(25);
  if (A.empty())
    return 0; // httplib closes on a request line it cannot read at all
  unsigned Status;
  if (!A.consume_front("HTTP/1.1 ") || A.take_front(3).getAsInteger(10, Status))
    return Fail("not an HTTP/1.1 answer"), 0;
  static const unsigned Known[] = {200, 400, 403, 404, 405, 408, 411,
                                   413, 414, 415, 417, 431, 503};
  if (std::find(std::begin(Known), std::end(Known), Status) == std::end(Known))
    Fail("an unexpected status");
  size_t End = A.find("\r\n\r\n");
  if (End == llvm::StringRef::npos)
    return Fail("headers without their end"), 0;
  llvm::StringRef Head = A.take_front(End), Body = A.drop_front(End + 4);
  // A HEAD request's answer states the length of a body it does not send.
  if (llvm::StringRef(Raw).startswith("HEAD "))
    return Body.empty() ? 0 : (Fail("a body in the answer to HEAD"), 0);
  bool Json = Head.contains("Content-Type: application/json");
  size_t At = Head.find("Content-Length: ");
  if (At != llvm::StringRef::npos) {
    size_t Length;
    if (Head.drop_front(At + 16)
            .take_until([](char C) { return C == '\r'; })
            .getAsInteger(10, Length) ||
        Length != Body.size())
      Fail("a Content-Length that is not the body's");
  }
  if (Json) {
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(Body);
    if (!V) {
      llvm::consumeError(V.takeError());
      Fail("a JSON answer that is not JSON");
    }
  }
  return 0;
}
