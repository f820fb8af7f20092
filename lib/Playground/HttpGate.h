//===- HttpGate.h - What fairyc serve lets in -------------------*- C++ -*-===//
//
// fairyc serve reads every request whole before a worker sees it, and reads
// it here: the bytes of a connection are fed as they arrive, and the gate
// says, before more is read, whether the request is complete, needs more, or
// is refused (too many or too long header lines, a body too large or sent
// without a Content-Length). Nothing here allocates more than the bytes it
// was fed, and the server feeds no more than the limits allow. Then the
// request's headers are checked against the address the server answers as
// (Host, Origin) and what a route accepts (Content-Type): the rules that
// keep other web pages and DNS rebinding out. docs/playground.md states
// them.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PLAYGROUND_HTTPGATE_H
#define FAIRY_PLAYGROUND_HTTPGATE_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fairy {

/// The sizes a request may have.
struct HttpLimits {
  /// The request line and the header lines, their line breaks included.
  size_t MaxHeaderBytes = 16 * 1024;
  /// One line of them.
  size_t MaxLine = 8 * 1024;
  unsigned MaxHeaders = 64;
  size_t MaxBody = 256 * 1024;
};

/// A refusal: the HTTP status and why, for the answer's {"error": ...}.
struct HttpRefusal {
  int Status;
  std::string Why;
};

/// Reads one request's bytes as they arrive.
class RequestGate {
public:
  explicit RequestGate(const HttpLimits &Limits) : Limits(Limits) {}

  enum class State { NeedMore, Complete, Refused };

  /// Looks at \p Bytes, everything the connection has sent so far (what
  /// was fed before and more). How many more bytes it may take, when
  /// NeedMore, is wanted().
  State feed(llvm::StringRef Bytes);

  /// When Refused: why.
  const HttpRefusal &refusal() const { return *Refused; }
  /// When Complete: the request's length (the bytes after it are ignored:
  /// one request a connection).
  size_t length() const { return HeaderEnd + Body; }
  /// When Complete: the request as it is passed on, from \p Bytes (what
  /// was fed): without the headers the gate answers itself (Expect) or
  /// that the server does not serve (Range, If-Range).
  std::string forwarded(llvm::StringRef Bytes) const;
  /// Whether the request line and headers are read (and the accessors
  /// below say what they hold).
  bool headersRead() const { return HeaderEnd != 0; }
  /// The most bytes that may still come before a verdict.
  size_t wanted(size_t Have) const;
  /// Whether the headers are read and the client waits for "100 Continue"
  /// before it sends the body.
  bool expectsContinue() const { return HeaderEnd && ExpectContinue; }

  /// Once the request line is read: its method and target.
  const std::string &method() const { return Method; }
  const std::string &target() const { return Target; }
  /// Once the headers are read: the ones a request is judged by (each may
  /// come once), nullopt when absent.
  const std::optional<std::string> &host() const { return Host; }
  const std::optional<std::string> &origin() const { return Origin; }
  const std::optional<std::string> &contentType() const { return ContentType; }

private:
  HttpLimits Limits;
  size_t Scanned = 0;   ///< bytes searched for the headers' end
  size_t LineStart = 0; ///< where the last line of those begins
  size_t HeaderEnd = 0; ///< after the blank line, once found
  size_t Body = 0;      ///< Content-Length
  bool ExpectContinue = false;
  std::string Method, Target;
  std::string Forward; ///< the request line and the headers passed on
  std::optional<std::string> Host, Origin, ContentType;
  std::optional<HttpRefusal> Refused;

  bool readRequestLine(llvm::StringRef Line);

  State refuse(int Status, std::string Why);
  State readHeaders(llvm::StringRef Head);
};

/// Where the server listens, for the Host and Origin checks.
struct ServedAddress {
  /// --host as given ("127.0.0.1", "::1", "0.0.0.0", a name).
  std::string Host;
  int Port = 0;
};

/// Whether a Host header value (or an Origin's host and port) names the
/// server: the port it listens on, and a host that is "localhost", an IP
/// address (a DNS rebinding attack needs a name of its own) or the name
/// given by --host.
bool hostNamesServer(llvm::StringRef Host, const ServedAddress &At);

/// The refusal of a request with these headers, if any: 400 without a
/// Host, 403 for a Host or Origin that is not the server's, 415 for a
/// POST whose body is not application/json (so that no page can send one
/// without the browser asking first). \p Origin and
/// \p ContentType are nullopt when absent.
std::optional<HttpRefusal>
checkRequestHeaders(const ServedAddress &At, llvm::StringRef Method,
                    std::optional<llvm::StringRef> Host,
                    std::optional<llvm::StringRef> Origin,
                    std::optional<llvm::StringRef> ContentType);

/// checkRequestHeaders of the request \p Gate has read whole.
std::optional<HttpRefusal> admit(const RequestGate &Gate,
                                 const ServedAddress &At);

/// A whole HTTP/1.1 answer for a refusal made before a request reached a
/// worker: the status, the security headers, {"error": Why}, and
/// "Connection: close". The answer to a HEAD request has the headers only.
std::string refusalResponse(const HttpRefusal &R, bool Head = false);

/// {"error": Why}, the body of every refusal.
std::string errorBody(const std::string &Why);

/// The reason phrase of \p Status ("Payload Too Large").
const char *statusReason(int Status);

/// The headers of every answer: the page runs only its own script, nothing
/// is sniffed or kept, no other page frames it.
const std::vector<std::pair<std::string, std::string>> &securityHeaders();

} // namespace fairy

#endif
