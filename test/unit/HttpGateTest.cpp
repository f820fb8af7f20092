//===- HttpGateTest.cpp - What fairyc serve lets in -----------------------===//
#include "HttpGate.h"
#include "fairy/Playground/PlaygroundServer.h"

#include "fairy/Support/JsonInput.h"

#include "gtest/gtest.h"

#include <random>

using namespace fairy;

namespace {

RequestGate::State feedAll(RequestGate &G, const std::string &Bytes) {
  return G.feed(Bytes);
}

/// The same verdict whether the bytes come at once or one by one.
RequestGate::State feedByteByByte(const std::string &Bytes,
                                  RequestGate *Out = nullptr) {
  RequestGate G{HttpLimits()};
  RequestGate::State S = RequestGate::State::NeedMore;
  for (size_t I = 1; I <= Bytes.size(); ++I) {
    S = G.feed(llvm::StringRef(Bytes).take_front(I));
    if (S != RequestGate::State::NeedMore)
      break;
  }
  if (Out)
    *Out = G;
  return S;
}

const std::string Get =
    "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:8151\r\n\r\n";

} // namespace

TEST(HttpGateTest, ACompleteRequestAndWhatFollowsIt) {
  RequestGate G{HttpLimits()};
  EXPECT_EQ(feedAll(G, Get + "GET / HTTP/1.1\r\n"),
            RequestGate::State::Complete);
  EXPECT_EQ(G.length(), Get.size());
  std::string Post = "POST /api/compile HTTP/1.1\r\nHost: x\r\n"
                     "Content-Length: 5\r\n\r\n";
  RequestGate P{HttpLimits()};
  EXPECT_EQ(P.feed(Post + "abc"), RequestGate::State::NeedMore);
  EXPECT_EQ(P.wanted(Post.size() + 3), 2u);
  EXPECT_EQ(P.feed(Post + "abcde"), RequestGate::State::Complete);
  EXPECT_EQ(P.length(), Post.size() + 5);
}

TEST(HttpGateTest, RefusalsAndTheirStatus) {
  auto Status = [](const std::string &Bytes) {
    RequestGate G{HttpLimits()};
    return G.feed(Bytes) == RequestGate::State::Refused ? G.refusal().Status
                                                        : 0;
  };
  EXPECT_EQ(Status("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            411);
  EXPECT_EQ(Status("GET / HTTP/1.1\r\nContent-Length: 262145\r\n\r\n"), 413);
  EXPECT_EQ(Status("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: "
                   "2\r\n\r\n"),
            400);
  EXPECT_EQ(Status("GET / HTTP/1.1\r\nContent-Length: +1\r\n\r\n"), 400);
  EXPECT_EQ(Status("GET / HTTP/1.1\r\nbad header\r\n\r\n"), 400);
  EXPECT_EQ(Status("GET / HTTP/1.1\r\n folded\r\n\r\n"), 400);
  EXPECT_EQ(Status("GET / HTTP/1.1\r\nExpect: magic\r\n\r\n"), 417);
  EXPECT_EQ(Status("\r\n\r\n"), 400);
  // Judged as soon as a line is whole, not at the deadline.
  EXPECT_EQ(Status("GET / HTTP/1.1\nHost: x\n"), 400);
  EXPECT_EQ(Status(std::string("\x16\x03\x01\x02\x00\r\n", 7)),
            400); // TLS, say
  EXPECT_EQ(Status("GET /  HTTP/1.1\r\n"), 400);
  EXPECT_EQ(Status("GET / HTTP/2.0\r\n"), 400);
  EXPECT_EQ(Status("G(T / HTTP/1.1\r\n"), 400);
  EXPECT_EQ(Status("GET /\x7f HTTP/1.1\r\n"), 400);
  EXPECT_EQ(Status("GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n"), 400);
  EXPECT_EQ(Status("GET /" + std::string(9000, 'a')), 414);
  EXPECT_EQ(Status("GET / HTTP/1.1\r\nX: " + std::string(9000, 'a')), 431);
  std::string Many = "GET / HTTP/1.1\r\n";
  for (int I = 0; I < 65; ++I)
    Many += "X" + std::to_string(I) + ": y\r\n";
  EXPECT_EQ(Status(Many + "\r\n"), 431);
  std::string Big = "GET / HTTP/1.1\r\n";
  while (Big.size() < 17000)
    Big += "X: " + std::string(100, 'a') + "\r\n";
  EXPECT_EQ(Status(Big), 431);
}

TEST(HttpGateTest, BytesOneByOneGiveTheSameVerdictInLinearTime) {
  std::string Post = "POST /api/compile HTTP/1.1\r\nHost: x\r\nExpect: "
                     "100-continue\r\nContent-Length: 3\r\n\r\nabc";
  RequestGate G{HttpLimits()};
  EXPECT_EQ(feedByteByByte(Post, &G), RequestGate::State::Complete);
  EXPECT_TRUE(G.expectsContinue());
  EXPECT_EQ(G.length(), Post.size());
  // 16 KiB of headers trickled a byte at a time: refused when over, and
  // each byte costs constant work (a quadratic scan would take seconds).
  std::string Long = "GET / HTTP/1.1\r\n";
  while (Long.size() < 20000)
    Long += "X: y\r\n";
  EXPECT_EQ(feedByteByByte(Long), RequestGate::State::Refused);
}

TEST(HttpGateTest, HostsThatNameTheServer) {
  ServedAddress At{"127.0.0.1", 8151};
  for (const char *Good : {"127.0.0.1:8151", "localhost:8151", "LOCALHOST:8151",
                           "[::1]:8151", "10.0.0.7:8151"})
    EXPECT_TRUE(hostNamesServer(Good, At)) << Good;
  for (const char *Bad :
       {"127.0.0.1", "127.0.0.1:8152", "evil.example:8151",
        "localhost:", "[::1]", "[evil]:8151", "::1:8151", ":8151",
        "localhost:8151x", "127.0.0.1:+8151", "a.localhost:8151", ""})
    EXPECT_FALSE(hostNamesServer(Bad, At)) << Bad;
  ServedAddress Named{"box.lan", 80};
  EXPECT_TRUE(hostNamesServer("box.lan", Named));
  EXPECT_TRUE(hostNamesServer("BOX.lan:80", Named));
  EXPECT_FALSE(hostNamesServer("other.lan", Named));
}

TEST(HttpGateTest, OriginAndContentType) {
  ServedAddress At{"127.0.0.1", 8151};
  auto Status = [&](const char *Method, const char *,
                    std::optional<llvm::StringRef> Host,
                    std::optional<llvm::StringRef> Origin,
                    std::optional<llvm::StringRef> Type) {
    auto R = checkRequestHeaders(At, Method, Host, Origin, Type);
    return R ? R->Status : 0;
  };
  llvm::StringRef Host = "127.0.0.1:8151";
  EXPECT_EQ(Status("GET", "/", std::nullopt, std::nullopt, std::nullopt), 400);
  EXPECT_EQ(Status("GET", "/", Host, std::nullopt, std::nullopt), 0);
  EXPECT_EQ(Status("GET", "/", Host, llvm::StringRef("http://evil.example"),
                   std::nullopt),
            403);
  EXPECT_EQ(Status("GET", "/", Host, llvm::StringRef("null"), std::nullopt),
            403);
  EXPECT_EQ(Status("GET", "/", Host, llvm::StringRef("https://127.0.0.1:8151"),
                   std::nullopt),
            403);
  EXPECT_EQ(Status("GET", "/", Host, llvm::StringRef("http://127.0.0.1:8151/x"),
                   std::nullopt),
            403);
  EXPECT_EQ(Status("POST", "/api/compile", Host,
                   llvm::StringRef("http://localhost:8151"),
                   llvm::StringRef("Application/JSON; charset=utf-8")),
            0);
  for (const char *Simple :
       {"text/plain", "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x", "application/jsonx"})
    EXPECT_EQ(Status("POST", "/api/compile", Host, std::nullopt,
                     llvm::StringRef(Simple)),
              415)
        << Simple;
  EXPECT_EQ(Status("POST", "/api/compile", Host, std::nullopt, std::nullopt),
            415);
}

TEST(HttpGateTest, AnswersAreWholeAndJson) {
  std::string A = answerConnection(Get, "127.0.0.1", 8151);
  EXPECT_EQ(A.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << A;
  EXPECT_NE(A.find("Content-Security-Policy: default-src 'none'"),
            std::string::npos);
  std::string Nested = "[" + std::string(200000, '[');
  std::string Post = "POST /api/compile HTTP/1.1\r\nHost: 127.0.0.1:8151\r\n"
                     "Content-Type: application/json\r\nContent-Length: " +
                     std::to_string(Nested.size()) + "\r\n\r\n" + Nested;
  A = answerConnection(Post, "127.0.0.1", 8151);
  EXPECT_EQ(A.rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u) << A;
  EXPECT_NE(A.find("nested deeper than 8 levels"), std::string::npos);
  A = answerConnection("GET / HTTP/1.1\r\nHost: 127.0.0.1:8151\r\n",
                       "127.0.0.1", 8151);
  EXPECT_EQ(A.rfind("HTTP/1.1 408", 0), 0u) << A;
}

TEST(JsonInputTest, DepthIsCheckedWithoutRecursion) {
  JsonLimits L{1 << 20, 4};
  EXPECT_FALSE(checkJsonLimits("[[[[1]]]]", L));
  EXPECT_TRUE(checkJsonLimits("[[[[[1]]]]]", L));
  // Brackets in strings, escaped quotes and unbalanced closers do not count.
  EXPECT_FALSE(checkJsonLimits(R"(["[[[[[[", "\"[[[[[["])", L));
  EXPECT_FALSE(checkJsonLimits("]]]]]][[[[", L));
  EXPECT_TRUE(checkJsonLimits(std::string(2 << 20, ' '), L));
  std::string Deep(1 << 20, '[');
  auto V = parseJsonInput(Deep, JsonLimits{2 << 20, 64});
  ASSERT_FALSE(V);
  EXPECT_EQ(llvm::toString(V.takeError()),
            "the JSON text is nested deeper than 64 levels");
}

namespace {
struct Shape {
  std::string Name;
  std::optional<int64_t> Count;
  std::vector<std::string> Tags;
};
bool fromJSON(const llvm::json::Value &V, Shape &S, llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  return O && O.map("name", S.Name) && O.mapOptional("count", S.Count) &&
         O.mapOptional("tags", S.Tags);
}
} // namespace

TEST(JsonInputTest, ShapesAreCheckedBeforeUse) {
  auto Read = [](const char *Text) -> std::string {
    auto V = parseJsonInput(Text, JsonLimits());
    if (!V)
      return llvm::toString(V.takeError());
    Shape S;
    auto Why = readJson(*V, S, "params");
    return Why ? *Why : "ok " + S.Name;
  };
  EXPECT_EQ(Read(R"({"name": "x", "count": 3, "tags": ["a"]})"), "ok x");
  EXPECT_EQ(Read(R"({"count": 3})"), "missing value at params.name");
  EXPECT_EQ(Read(R"({"name": 1})"), "expected string at params.name");
  EXPECT_EQ(Read(R"({"name": "x", "tags": [1]})"),
            "expected string at params.tags[0]");
  EXPECT_EQ(Read(R"([1])"), "expected object when parsing params");
}

TEST(HttpGateTest, ABodyMayHoldLineBreaksWhicheverWayItComes) {
  std::string Body = "{\n  \"notation\": \"betza\",\n  \"text\": \"N\"\n}\n";
  std::string Post =
      "POST /api/compile HTTP/1.1\r\nHost: x\r\nContent-Length: " +
      std::to_string(Body.size()) + "\r\n\r\n" + Body;
  RequestGate AtOnce{HttpLimits()};
  EXPECT_EQ(AtOnce.feed(Post), RequestGate::State::Complete);
  EXPECT_EQ(feedByteByByte(Post), RequestGate::State::Complete);
}

TEST(HttpGateTest, WhatIsPassedOn) {
  std::string Post = "POST /api/compile HTTP/1.1\r\nHost: x\r\nRange: "
                     "bytes=0-,0-\r\nExpect: 100-continue\r\nIf-Range: y\r\n"
                     "Content-Length: 2\r\n\r\n{}tail";
  RequestGate G{HttpLimits()};
  ASSERT_EQ(G.feed(Post), RequestGate::State::Complete);
  EXPECT_EQ(G.forwarded(Post), "POST /api/compile HTTP/1.1\r\nHost: "
                               "x\r\nContent-Length: 2\r\n\r\n{}");
}
