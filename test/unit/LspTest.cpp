//===- LspTest.cpp - fairyc-lsp's framing, checks, cache and workers ------===//
#include "fairy/Lint/Lint.h"
#include "fairy/Lsp/LanguageServer.h"
#include "fairy/Lsp/Protocol.h"
#include "fairy/Lsp/Transport.h"
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/Support/JsonInput.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <set>
#include <tuple>

using namespace fairy;
using namespace fairy::lsp;
using llvm::json::Object;
using llvm::json::Value;

namespace {

std::string str(const Value &V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << V;
  return OS.str();
}

//===----------------------------------------------------------------------===//
// Framing
//===----------------------------------------------------------------------===//

struct Read {
  std::vector<std::string> Bodies;
  MessageReader::Status Last;
  std::string Why;
};

Read readAll(llvm::StringRef Input, size_t Chunk,
             FramingLimits Limits = FramingLimits()) {
  StringSource In(Input, Chunk);
  MessageReader R(In, Limits);
  Read Out;
  std::string Body;
  while ((Out.Last = R.next(Body, Out.Why)) == MessageReader::Status::Message)
    Out.Bodies.push_back(Body);
  return Out;
}

TEST(LspFraming, MessagesSplitAcrossReadsOfAnySize) {
  std::string Input = frame("{\"a\":1}") +
                      "Content-Type: application/vscode-jsonrpc; "
                      "charset=utf-8\r\ncontent-length:  2 \r\n\r\n[]" +
                      frame("");
  for (size_t Chunk : {1, 2, 7, 4096}) {
    Read R = readAll(Input, Chunk);
    ASSERT_EQ(R.Bodies.size(), 3u) << Chunk;
    EXPECT_EQ(R.Bodies[0], "{\"a\":1}");
    EXPECT_EQ(R.Bodies[1], "[]");
    EXPECT_EQ(R.Bodies[2], "");
    EXPECT_EQ(R.Last, MessageReader::Status::End);
    EXPECT_EQ(R.Why, "");
  }
}

TEST(LspFraming, LimitsStopTheSession) {
  FramingLimits Small;
  Small.MaxHeaderLine = 32;
  Small.MaxHeaders = 2;
  Small.MaxContentLength = 10;
  auto Why = [&](llvm::StringRef Input) {
    Read R = readAll(Input, 3, Small);
    EXPECT_EQ(R.Last, MessageReader::Status::Error) << Input.str();
    return R.Why;
  };
  EXPECT_EQ(Why(std::string(33, 'x')), "a header line longer than 32 bytes");
  EXPECT_EQ(Why("A: 1\r\nB: 2\r\nContent-Length: 2\r\n\r\n{}"),
            "more than 2 header lines in one message");
  EXPECT_EQ(Why("Content-Length: 11\r\n\r\n"),
            "a Content-Length over 10 bytes");
  // A number past 64 bits is not one.
  Read Long = readAll("Content-Length: 99999999999999999999999\r\n\r\n", 3);
  EXPECT_EQ(Long.Last, MessageReader::Status::Error);
  EXPECT_EQ(Long.Why, "a Content-Length that is not a number");
  EXPECT_EQ(Why("Content-Length: +1\r\n\r\n{"),
            "a Content-Length that is not a number");
  EXPECT_EQ(Why("\r\n{}"), "a message without a Content-Length");
  EXPECT_EQ(Why("garbage\r\n\r\n"), "a header line without ':'");
  // Within the limits: a line of exactly 32 bytes with its CRLF.
  Read R = readAll("Content-Length: 2" + std::string(13, ' ') + "\r\n\r\n{}", 3,
                   Small);
  EXPECT_EQ(R.Bodies.size(), 1u);
}

TEST(LspFraming, TheEndOfInputInsideAMessage) {
  Read R = readAll("Content-Length: 10\r\n\r\n{}", 4096);
  EXPECT_EQ(R.Last, MessageReader::Status::End);
  EXPECT_EQ(R.Why, "the input ended inside a message (2 of 10 bytes)");
  R = readAll("Content-Length: 10\r\n", 4096);
  EXPECT_EQ(R.Why, "the input ended inside a message's header");
}

//===----------------------------------------------------------------------===//
// The shape of messages
//===----------------------------------------------------------------------===//

Value parse(llvm::StringRef Text) {
  auto V = llvm::json::parse(Text);
  EXPECT_TRUE(bool(V)) << Text.str();
  if (!V) {
    llvm::consumeError(V.takeError());
    return nullptr;
  }
  return std::move(*V);
}

TEST(LspProtocol, Envelopes) {
  auto Check = [](llvm::StringRef Text, std::optional<std::string> Error,
                  std::optional<std::string> Id) {
    Message M;
    EXPECT_EQ(readMessage(parse(Text), M), Error) << Text.str();
    EXPECT_EQ(M.Id ? std::optional<std::string>(str(*M.Id)) : std::nullopt, Id)
        << Text.str();
  };
  Check(R"({"jsonrpc":"2.0","id":1,"method":"m"})", std::nullopt, "1");
  Check(R"({"jsonrpc":"2.0","id":"x","method":"m","params":[]})", std::nullopt,
        "\"x\"");
  Check(R"({"jsonrpc":"2.0","method":"m"})", std::nullopt, std::nullopt);
  Check("[]", "a JSON-RPC message is an object", std::nullopt);
  Check(R"({"jsonrpc":"2.0","id":true,"method":"m"})",
        "the id is neither an integer nor a string", "null");
  Check(R"({"jsonrpc":"1.0","id":2,"method":"m"})",
        "\"jsonrpc\" is not \"2.0\"", "2");
  Check(R"({"jsonrpc":"2.0","id":3,"method":null})",
        "the method is not a string", "3");
  Check(R"({"jsonrpc":"2.0","id":4,"error":{}})",
        "a response, but fairyc-lsp sends no requests", std::nullopt);
}

TEST(LspProtocol, ParamsReadIntoStructsOrRefusedWithTheirPlace) {
  auto Refusal = [](llvm::StringRef Text, auto Params) {
    return readJson(parse(Text), Params, "params").value_or("accepted");
  };
  EXPECT_EQ(Refusal(R"({"textDocument":{"uri":"u","languageId":"x",
                        "version":1,"text":"t"}})",
                    DidOpenParams()),
            "accepted");
  EXPECT_EQ(Refusal("{}", DidOpenParams()),
            "missing value at params.textDocument");
  EXPECT_EQ(Refusal(R"({"textDocument":{"uri":"u","version":1.5,"text":""}})",
                    DidOpenParams()),
            "expected integer at params.textDocument.version");
  EXPECT_EQ(Refusal(R"({"textDocument":{"uri":"u","version":null},
                        "contentChanges":[{"text":"a"},{"text":2}]})",
                    DidChangeParams()),
            "expected string at params.contentChanges[1].text");
  EXPECT_EQ(Refusal(R"({"textDocument":{"uri":"u"},
                        "position":{"line":0,"character":-3}})",
                    TextDocumentPositionParams()),
            "expected a non-negative integer at params.position.character");
  EXPECT_EQ(Refusal(R"({"textDocument":{"uri":"u"},"range":{"start":{
                        "line":0,"character":0},"end":[]}})",
                    CodeActionParams()),
            "expected object at params.range.end");
  DidChangeParams P;
  ASSERT_FALSE(readJson(parse(R"({"textDocument":{"uri":"u","version":null},
                                   "contentChanges":[]})"),
                        P, "params"));
  EXPECT_FALSE(P.TextDocument.Version.has_value());
}

//===----------------------------------------------------------------------===//
// A server in a test
//===----------------------------------------------------------------------===//

/// A server whose messages are kept; waits for them when it has threads.
class Session {
public:
  explicit Session(LanguageServer::Mode M = LanguageServer::Mode::Sync)
      : Server(
            [this](const Value &V) {
              std::lock_guard<std::mutex> G(Lock);
              Sent.push_back(V);
              Arrived.notify_all();
            },
            [this](const std::string &Line) {
              std::lock_guard<std::mutex> G(Lock);
              Logged.push_back(Line);
            },
            M) {}

  void send(const std::string &Method, Value Params,
            std::optional<int64_t> Id = std::nullopt) {
    Object O{{"jsonrpc", "2.0"}, {"method", Method}, {"params", Params}};
    if (Id)
      O["id"] = *Id;
    Server.handle(Value(std::move(O)));
  }
  void open(const std::string &Uri, const std::string &Text,
            int64_t Version = 1) {
    send("textDocument/didOpen",
         Object{{"textDocument", Object{{"uri", Uri},
                                        {"languageId", "x"},
                                        {"version", Version},
                                        {"text", Text}}}});
  }
  void change(const std::string &Uri, const std::string &Text,
              int64_t Version) {
    send("textDocument/didChange",
         Object{{"textDocument", Object{{"uri", Uri}, {"version", Version}}},
                {"contentChanges", llvm::json::Array{Object{{"text", Text}}}}});
  }

  /// The messages sent so far.
  std::vector<Value> sent() {
    std::lock_guard<std::mutex> G(Lock);
    return Sent;
  }
  /// The diagnostics last published for \p Uri, as text.
  std::string lastDiagnostics(const std::string &Uri) {
    std::lock_guard<std::mutex> G(Lock);
    for (auto It = Sent.rbegin(); It != Sent.rend(); ++It) {
      const Object *P = It->getAsObject()->getObject("params");
      if (P && P->getString("uri") == llvm::StringRef(Uri))
        return str(*P->get("diagnostics"));
    }
    return "none";
  }
  /// Waits (up to 60 s) for the answer to request \p Id.
  std::optional<Value> answer(int64_t Id) {
    std::unique_lock<std::mutex> L(Lock);
    std::optional<Value> Found;
    Arrived.wait_for(L, std::chrono::seconds(60), [&] {
      for (const Value &V : Sent)
        if (V.getAsObject()->getInteger("id") == Id)
          Found = V;
      return Found.has_value();
    });
    return Found;
  }

  LanguageServer Server;

private:
  std::mutex Lock;
  std::condition_variable Arrived;
  std::vector<Value> Sent;
  std::vector<std::string> Logged;
};

//===----------------------------------------------------------------------===//
// A variants.ini's sections, imported again only when they change
//===----------------------------------------------------------------------===//

/// A variants.ini of chains of parents, errors in some parents, warnings,
/// and a loop: each line a separate piece of text to edit.
std::vector<std::string> iniLines() {
  return {"# a file for the cache",
          "[base:chess]",
          "customPiece1 = a:KW",
          "maxFile = 9",
          "",
          "[child:base]",
          "customPiece2 = b:mRcpR",
          "[grandchild:child]",
          "maxRank = 10",
          "[broken:chesss]",
          "maxRank = 8",
          "[heir:broken]",
          "customPiece1 = c:N",
          "[leaf:chess]",
          "customPiece1 = d:FF",
          "[loop1:loop2]",
          "[loop2:loop1]",
          "[late:child]",
          "maxFile = zz",
          "[base:chess]",
          "maxFile = 8"};
}

std::string join(const std::vector<std::string> &Lines) {
  std::string Out;
  for (const std::string &L : Lines)
    Out += L + "\n";
  return Out;
}

TEST(LspVariantsIni, AChangeImportsItsSectionAndItsDescendantsOnly) {
  std::vector<std::string> Lines = iniLines();
  Lines.pop_back(); // one [base] only
  Lines.pop_back();
  // No loop of parents either (a loop is imported every time).
  Lines.erase(Lines.begin() + 15, Lines.begin() + 17);
  Session S;
  S.open("file:///w/v.ini", join(Lines));
  // base, child, grandchild, broken, heir, leaf, late.
  EXPECT_EQ(S.Server.variantsImports(), 7u);
  // The unknown parent of [broken], on its line 10.
  const std::string Chesss =
      R"("range":{"end":{"character":14,"line":9},"start":{"character":8,"line":9}})";
  EXPECT_NE(S.lastDiagnostics("file:///w/v.ini").find(Chesss),
            std::string::npos);

  // A leaf's line: that section alone.
  Lines[14] = "customPiece1 = d:WW";
  S.change("file:///w/v.ini", join(Lines), 2);
  EXPECT_EQ(S.Server.variantsImports(), 8u);
  // A parent's line: it and its three descendants (child, grandchild,
  // late).
  Lines[3] = "maxFile = 10";
  S.change("file:///w/v.ini", join(Lines), 3);
  EXPECT_EQ(S.Server.variantsImports(), 12u);
  // A line inserted at the top moves every section: nothing imported, the
  // diagnostics moved down one line.
  Lines.insert(Lines.begin(), "# one more line");
  S.change("file:///w/v.ini", join(Lines), 4);
  EXPECT_EQ(S.Server.variantsImports(), 12u);
  const std::string Moved =
      R"("range":{"end":{"character":14,"line":10},"start":{"character":8,"line":10}})";
  EXPECT_NE(S.lastDiagnostics("file:///w/v.ini").find(Moved),
            std::string::npos);
  Session Fresh;
  Fresh.open("file:///w/v.ini", join(Lines));
  EXPECT_EQ(S.lastDiagnostics("file:///w/v.ini"),
            Fresh.lastDiagnostics("file:///w/v.ini"));
}

/// What the server should publish for variants.ini \p Text, found without
/// its cache: each section imported alone from the whole text, as
/// `fairyc --import --variant --lint` does; each diagnostic's first line
/// and column (0-based; the text is ASCII) and message, notes left out.
std::string freshLint(const std::string &Text) {
  std::string Out;
  std::set<std::tuple<unsigned, unsigned, std::string>> Seen;
  std::set<std::string> Done;
  for (const std::string &Name : variantsIniSections(Text)) {
    if (!Done.insert(Name).second)
      continue;
    DiagnosticEngine Diags(nullptr);
    auto Set =
        importVariantsIniText(Diags, Text, "<input>", Name, PieceFileOptions());
    if (Set && !Diags.errorCount()) {
      FrontendOptions FOpts;
      FOpts.FairyStockfishLetters = true; // as --import --lint reads them
      FOpts.BoardWidth = Set->board().width();
      FOpts.BoardMaxSide = Set->board().maxSide();
      for (const PieceDef &D : Set->Pieces)
        for (const PieceMovement &M : D.Moves)
          lintMovement(Diags, *M.Notation, M.Buffer, Set->board(), FOpts);
    }
    for (const Diagnostic &D : Diags.diagnostics()) {
      if (D.File != "<input>" ||
          !Seen.insert({D.Line, D.Column, D.Message}).second ||
          D.Kind == llvm::SourceMgr::DK_Note)
        continue;
      SourcePoint At =
          D.Ranges.empty() ? SourcePoint{D.Line, D.Column} : D.Ranges[0].first;
      Out += std::to_string(At.Line - 1) + ":" + std::to_string(At.Column - 1) +
             ": " + D.Message + "\n";
    }
  }
  return Out;
}

/// The same of what the server published last for \p Uri.
std::string published(Session &S, const std::string &Uri) {
  std::string Out;
  auto V = llvm::json::parse(S.lastDiagnostics(Uri));
  if (!V) {
    llvm::consumeError(V.takeError());
    return "not JSON";
  }
  for (const Value &D : *V->getAsArray()) {
    const Object &O = *D.getAsObject();
    const Object &Start = *O.getObject("range")->getObject("start");
    Out += std::to_string(*Start.getInteger("line")) + ":" +
           std::to_string(*Start.getInteger("character")) + ": " +
           O.getString("message")->str() + "\n";
  }
  return Out;
}

TEST(LspVariantsIni, CachedDiagnosticsAreThoseOfAFreshLint) {
  // Random edits: each time, what the server publishes equals what a new
  // server publishes for the same text, and what importing each section
  // alone reports.
  std::mt19937 Random(35);
  std::vector<std::string> Lines = iniLines();
  const std::vector<std::string> Pool = {"[extra:base]",
                                         "[base:leaf]",
                                         "customPiece3 = e:KK",
                                         "",
                                         "maxFile = 7",
                                         "[child:grandchild]",
                                         "[grandchild:chess]",
                                         "maxRank = ten",
                                         "customPiece1 = f:fX",
                                         "[broken:chess]",
                                         "  customPiece2 =   g:WFK",
                                         "customPiece4 = h:NN"};
  Session S;
  S.open("file:///w/r.ini", join(Lines));
  for (int Step = 0; Step < 60; ++Step) {
    size_t At = Random() % (Lines.size() + 1);
    switch (Random() % 3) {
    case 0:
      Lines.insert(Lines.begin() + At, Pool[Random() % Pool.size()]);
      break;
    case 1:
      if (At < Lines.size())
        Lines.erase(Lines.begin() + At);
      break;
    default:
      if (At < Lines.size())
        Lines[At] = Pool[Random() % Pool.size()];
    }
    S.change("file:///w/r.ini", join(Lines), Step + 2);
    Session Fresh;
    Fresh.open("file:///w/r.ini", join(Lines));
    ASSERT_EQ(S.lastDiagnostics("file:///w/r.ini"),
              Fresh.lastDiagnostics("file:///w/r.ini"))
        << "after step " << Step << ":\n"
        << join(Lines);
    ASSERT_EQ(published(S, "file:///w/r.ini"), freshLint(join(Lines)))
        << "after step " << Step << ":\n"
        << join(Lines);
  }
}

} // namespace
