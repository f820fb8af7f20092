//===- HttpGate.cpp - What fairyc serve lets in ---------------------------===//
#include "HttpGate.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <arpa/inet.h>

using namespace fairy;
using namespace llvm;

namespace {
bool isToken(char C) {
  return isAlnum(C) || StringRef("!#$%&'*+-.^_`|~").contains(C);
}
} // namespace

RequestGate::State RequestGate::refuse(int Status, std::string Why) {
  Refused = HttpRefusal{Status, std::move(Why)};
  return State::Refused;
}

size_t RequestGate::wanted(size_t Have) const {
  size_t Most =
      HeaderEnd ? HeaderEnd + Body : Limits.MaxHeaderBytes + 4 + Limits.MaxBody;
  return Most > Have ? Most - Have : 0;
}

RequestGate::State RequestGate::feed(StringRef Bytes) {
  if (Refused)
    return State::Refused;
  if (!HeaderEnd) {
    // The headers end at the first blank line; search only what is new
    // (and the three bytes before it), so that a request trickled byte by
    // byte costs linear time.
    size_t From = Scanned > 3 ? Scanned - 3 : 0;
    size_t End = Bytes.find("\r\n\r\n", From);
    // Line ends are the headers' only: the body may hold any bytes.
    size_t Last = End == StringRef::npos ? Bytes.size() : End + 4;
    for (size_t I = Scanned; I < Last; ++I) {
      if (Bytes[I] != '\n')
        continue;
      if (I == 0 || Bytes[I - 1] != '\r')
        return refuse(400, "a line of the request ends without CR LF");
      // The request line is judged as soon as it is whole: a client that
      // sends something else is not kept waiting for its deadline.
      if (LineStart == 0 && !readRequestLine(Bytes.take_front(I - 1)))
        return State::Refused;
      LineStart = I + 1;
    }
    Scanned = Bytes.size();
    if (End == StringRef::npos) {
      // The line still coming, request line or header.
      if (Bytes.size() - LineStart > Limits.MaxLine)
        return LineStart == 0
                   ? refuse(414, "the request line is longer than " +
                                     std::to_string(Limits.MaxLine) + " bytes")
                   : refuse(431, "a header line is longer than " +
                                     std::to_string(Limits.MaxLine) + " bytes");
      if (Bytes.size() > Limits.MaxHeaderBytes)
        return refuse(431, "the request's headers are larger than " +
                               std::to_string(Limits.MaxHeaderBytes) +
                               " bytes");
      return State::NeedMore;
    }
    if (End + 4 > Limits.MaxHeaderBytes)
      return refuse(431, "the request's headers are larger than " +
                             std::to_string(Limits.MaxHeaderBytes) + " bytes");
    State S = readHeaders(Bytes.take_front(End + 2));
    if (S == State::Refused)
      return S;
    HeaderEnd = End + 4;
  }
  return Bytes.size() >= HeaderEnd + Body ? State::Complete : State::NeedMore;
}

bool RequestGate::readRequestLine(StringRef Line) {
  if (Line.size() > Limits.MaxLine) {
    refuse(414, "the request line is longer than " +
                    std::to_string(Limits.MaxLine) + " bytes");
    return false;
  }
  SmallVector<StringRef, 3> Words;
  Line.split(Words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  // ASCII only, as RFC 9112 has it: no controls, spaces or bytes past 0x7F.
  auto IsTarget = [](char C) {
    return (unsigned char)C > ' ' && (unsigned char)C < 0x7f;
  };
  if (Words.size() != 3 || Words[0].empty() ||
      !llvm::all_of(Words[0], isToken) || Words[1].empty() ||
      !llvm::all_of(Words[1], IsTarget) ||
      (Words[2] != "HTTP/1.1" && Words[2] != "HTTP/1.0")) {
    refuse(400, "the request line is not METHOD TARGET HTTP/1.1");
    return false;
  }
  Method = Words[0].str();
  Target = Words[1].str();
  Forward = Line.str() + "\r\n";
  return true;
}

RequestGate::State RequestGate::readHeaders(StringRef Head) {
  SmallVector<StringRef, 32> Lines;
  Head.split(Lines, "\r\n", -1, /*KeepEmpty=*/true);
  Lines.pop_back(); // after the last CRLF
  if (Lines.empty() || Lines[0].empty())
    return refuse(400, "the request has no request line");
  if (Lines[0].size() > Limits.MaxLine)
    return refuse(414, "the request line is longer than " +
                           std::to_string(Limits.MaxLine) + " bytes");
  if (Lines.size() - 1 > Limits.MaxHeaders)
    return refuse(431, "the request has more than " +
                           std::to_string(Limits.MaxHeaders) + " headers");
  std::optional<uint64_t> Length;
  for (StringRef Line : makeArrayRef(Lines).drop_front()) {
    if (Line.size() > Limits.MaxLine)
      return refuse(431, "a header line is longer than " +
                             std::to_string(Limits.MaxLine) + " bytes");
    auto [Name, Value] = Line.split(':');
    if (Name.empty() || Name.size() == Line.size() ||
        !llvm::all_of(Name, isToken))
      return refuse(400, "a header line is not NAME: VALUE");
    Value = Value.trim(" \t");
    if (llvm::any_of(Value, [](char C) {
          return ((unsigned char)C < ' ' && C != '\t') || C == 0x7f;
        }))
      return refuse(400, "a header value holds a control character");
    // Headers the server answers itself, or whose work httplib would do
    // unbounded (a Range of thousands of parts copies the answer as many
    // times), are not passed on.
    bool Dropped = false;
    for (const char *Drop : {"range", "if-range", "expect"})
      Dropped |= Name.equals_insensitive(Drop);
    if (!Dropped)
      Forward += Line.str() + "\r\n";
    // The headers the server judges a request by, each at most once.
    for (auto [Key, Into] : {std::pair{"host", &Host},
                             {"origin", &Origin},
                             {"content-type", &ContentType}})
      if (Name.equals_insensitive(Key)) {
        if (*Into)
          return refuse(400, "the request has two " + Name.str() + " headers");
        *Into = Value.str();
      }
    if (Name.equals_insensitive("transfer-encoding"))
      return refuse(411, "a request body needs a Content-Length (bodies "
                         "in chunks are not read)");
    if (Name.equals_insensitive("expect")) {
      if (!Value.equals_insensitive("100-continue"))
        return refuse(417, "the only expectation met is 100-continue");
      ExpectContinue = true;
    }
    if (Name.equals_insensitive("content-length")) {
      uint64_t N;
      if (Value.empty() || !llvm::all_of(Value, isDigit) || Value.size() > 18 ||
          Value.getAsInteger(10, N))
        return refuse(400, "the Content-Length is not a number");
      if (Length && *Length != N)
        return refuse(400, "two different Content-Lengths");
      Length = N;
    }
  }
  if (Length && *Length > Limits.MaxBody)
    return refuse(413, "the request is too large (at most " +
                           std::to_string(Limits.MaxBody) + " bytes)");
  if (Length.value_or(0) > 0 && Method != "POST")
    return refuse(400, "only a POST request has a body");
  Body = Length.value_or(0);
  return State::NeedMore;
}

namespace {

/// A host (no port) that a DNS rebinding attack cannot use, or the name
/// the server was told to answer as.
bool hostIsServers(StringRef Name, const ServedAddress &At) {
  if (Name.equals_insensitive("localhost") || Name.equals_insensitive(At.Host))
    return true;
  std::string Text = Name.str();
  unsigned char Address[16];
  return inet_pton(AF_INET, Text.c_str(), Address) == 1 ||
         inet_pton(AF_INET6, Text.c_str(), Address) == 1;
}

} // namespace

bool fairy::hostNamesServer(StringRef Host, const ServedAddress &At) {
  Host = Host.trim(" \t");
  StringRef Name, Port;
  if (Host.consume_front("[")) {
    size_t Close = Host.find(']');
    if (Close == StringRef::npos)
      return false;
    Name = Host.take_front(Close);
    StringRef Rest = Host.drop_front(Close + 1);
    if (!Rest.empty() && !Rest.consume_front(":"))
      return false;
    Port = Rest;
    // Only an IPv6 address is written in brackets.
    unsigned char Address[16];
    if (inet_pton(AF_INET6, Name.str().c_str(), Address) != 1)
      return false;
  } else {
    if (Host.count(':') > 1)
      return false;
    std::tie(Name, Port) = Host.split(':');
    if (Host.contains(':') && Port.empty())
      return false;
    if (Name.empty())
      return false;
  }
  unsigned N = 80;
  if (!Port.empty() && (!llvm::all_of(Port, isDigit) || Port.size() > 5 ||
                        Port.getAsInteger(10, N)))
    return false;
  return int(N) == At.Port && hostIsServers(Name, At);
}

std::optional<HttpRefusal> fairy::checkRequestHeaders(
    const ServedAddress &At, StringRef Method, std::optional<StringRef> Host,
    std::optional<StringRef> Origin, std::optional<StringRef> ContentType) {
  if (!Host)
    return HttpRefusal{400, "the request names no Host"};
  if (!hostNamesServer(*Host, At))
    return HttpRefusal{403, "the Host is not this server's address (fairyc "
                            "serve answers as localhost, an IP address or "
                            "the name given to --host)"};
  if (Origin) {
    StringRef O = Origin->trim(" \t");
    if (!O.consume_front("http://") || O.contains('/') ||
        !hostNamesServer(O, At))
      return HttpRefusal{403, "requests from other pages are refused"};
  }
  // Every body the server reads is JSON: the check is on the method, not
  // on a path that could be spelt with percent escapes.
  if (Method == "POST") {
    StringRef Type =
        ContentType ? ContentType->split(';').first.trim(" \t") : "";
    if (!Type.equals_insensitive("application/json"))
      return HttpRefusal{415, "a request body is read only as Content-Type: "
                              "application/json"};
  }
  return std::nullopt;
}

const char *fairy::statusReason(int Status) {
  switch (Status) {
  case 400:
    return "Bad Request";
  case 403:
    return "Forbidden";
  case 404:
    return "Not Found";
  case 408:
    return "Request Timeout";
  case 411:
    return "Length Required";
  case 413:
    return "Payload Too Large";
  case 414:
    return "URI Too Long";
  case 415:
    return "Unsupported Media Type";
  case 417:
    return "Expectation Failed";
  case 431:
    return "Request Header Fields Too Large";
  case 503:
    return "Service Unavailable";
  }
  return "Error";
}

std::string fairy::errorBody(const std::string &Why) {
  std::string Body;
  raw_string_ostream OS(Body);
  OS << json::Value(json::Object{{"error", Why}});
  OS.flush();
  return Body;
}

std::string fairy::refusalResponse(const HttpRefusal &R, bool Head) {
  std::string Body = errorBody(R.Why);
  std::string Out = "HTTP/1.1 " + std::to_string(R.Status) + " " +
                    statusReason(R.Status) + "\r\n";
  for (const auto &[Name, Value] : securityHeaders())
    Out += Name + ": " + Value + "\r\n";
  if (R.Status == 503)
    Out += "Retry-After: 1\r\n";
  Out += "Content-Type: application/json\r\nContent-Length: " +
         std::to_string(Body.size()) + "\r\nConnection: close\r\n\r\n" +
         (Head ? "" : Body);
  return Out;
}

const std::vector<std::pair<std::string, std::string>> &
fairy::securityHeaders() {
  // The page runs only its own script (the SVG it is sent carries styles,
  // never scripts), nothing is sniffed, nothing kept, and no other page
  // frames it.
  static const std::vector<std::pair<std::string, std::string>> Headers = {
      {"Content-Security-Policy",
       "default-src 'none'; script-src 'self'; connect-src 'self'; "
       "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
      {"Cache-Control", "no-store"}};
  return Headers;
}

std::string RequestGate::forwarded(StringRef Bytes) const {
  return Forward + "\r\n" + Bytes.slice(HeaderEnd, HeaderEnd + Body).str();
}

std::optional<HttpRefusal> fairy::admit(const RequestGate &Gate,
                                        const ServedAddress &At) {
  auto Opt = [](const std::optional<std::string> &S) {
    return S ? std::optional<StringRef>(*S) : std::nullopt;
  };
  return checkRequestHeaders(At, Gate.method(), Opt(Gate.host()),
                             Opt(Gate.origin()), Opt(Gate.contentType()));
}
