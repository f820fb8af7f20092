//===- LanguageServer.cpp - fairyc's Language Server Protocol server ------===//
//
// The dispatch: each message's envelope checked, its method's params read
// into their struct and handed to the documents (Scheduler.cpp) or to a
// request's work (Features.cpp); and the server's API over the state of
// ServerImpl.h.
//
//===----------------------------------------------------------------------===//
#include "ServerImpl.h"

#include "fairy/Driver/Driver.h"

using namespace fairy;
using namespace fairy::lsp;
using namespace llvm;

namespace {
/// What a message may be: the body's size is the framing's cap; LSP
/// messages nest less than ten levels.
constexpr JsonLimits MessageLimits{16 << 20, 64};
} // namespace

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

void LanguageServer::Impl::handle(const json::Value &V) {
  Message Msg;
  if (std::optional<std::string> Why = readMessage(V, Msg)) {
    if (Msg.Id)
      send(replyError(*Msg.Id, ErrorCode::InvalidRequest, *Why));
    else
      log("ignored a message: " + *Why);
    return;
  }
  const std::string &Method = Msg.Method;
  auto IsOneOf = [&](std::initializer_list<StringRef> Names) {
    return llvm::is_contained(Names, StringRef(Method));
  };
  bool Notification = IsOneOf({"initialized", "exit", "textDocument/didOpen",
                               "textDocument/didChange",
                               "textDocument/didClose", "$/cancelRequest"});
  bool Served =
      Notification ||
      IsOneOf({"initialize", "shutdown", "textDocument/hover",
               "textDocument/completion", "textDocument/documentSymbol",
               "textDocument/codeAction", "textDocument/formatting",
               "textDocument/definition"});
  if (Msg.Id && !Served) {
    send(replyError(*Msg.Id, ErrorCode::MethodNotFound,
                    "fairyc-lsp has no method '" + Method + "'"));
    return;
  }
  if (Msg.Id && Notification) {
    send(replyError(*Msg.Id, ErrorCode::MethodNotFound,
                    "'" + Method + "' is a notification, not a request"));
    return;
  }
  if (!Msg.Id && Served && !Notification) {
    log("ignored '" + Method + "' without an id (it is a request)");
    return;
  }
  if (!Served)
    return; // a notification fairyc-lsp has no use for

  if (Method == "initialize") {
    InitializeParams P;
    if (params(Msg, P))
      send(reply(
          *Msg.Id,
          json::Object{
              {"capabilities",
               json::Object{
                   {"textDocumentSync", 1},
                   {"hoverProvider", true},
                   {"completionProvider",
                    json::Object{{"triggerCharacters", json::Array{":"}}}},
                   {"documentSymbolProvider", true},
                   {"codeActionProvider", true},
                   {"documentFormattingProvider", true},
                   {"definitionProvider", true}}},
              {"serverInfo", json::Object{{"name", "fairyc-lsp"},
                                          {"version", libraryVersion()}}}}));
  } else if (Method == "shutdown") {
    // What was asked before is answered first.
    waitIdle();
    std::lock_guard<std::mutex> G(Lock);
    ShutDown = true;
    sendLocked(reply(*Msg.Id, nullptr));
  } else if (Method == "exit") {
    std::lock_guard<std::mutex> G(Lock);
    Exited = true;
  } else if (Method == "initialized") {
  } else if (Method == "textDocument/didOpen") {
    DidOpenParams P;
    if (params(Msg, P))
      open(P);
  } else if (Method == "textDocument/didChange") {
    DidChangeParams P;
    if (params(Msg, P))
      change(P);
  } else if (Method == "textDocument/didClose") {
    DidCloseParams P;
    if (params(Msg, P))
      close(P);
  } else if (Method == "$/cancelRequest") {
    CancelParams P;
    if (params(Msg, P))
      cancel(P);
  } else if (Method == "textDocument/hover") {
    TextDocumentPositionParams P;
    if (params(Msg, P))
      request(*Msg.Id, P.TextDocument.Uri, nullptr, [P](const TextRef &T) {
        return hover(*T, P.TextDocument.Uri, P);
      });
  } else if (Method == "textDocument/completion") {
    TextDocumentPositionParams P;
    if (params(Msg, P))
      request(*Msg.Id, P.TextDocument.Uri, nullptr, [P](const TextRef &T) {
        return completion(*T, P.TextDocument.Uri, P);
      });
  } else if (Method == "textDocument/definition") {
    TextDocumentPositionParams P;
    if (params(Msg, P))
      request(*Msg.Id, P.TextDocument.Uri, nullptr, [P](const TextRef &T) {
        return definition(*T, P.TextDocument.Uri, P);
      });
  } else if (Method == "textDocument/documentSymbol") {
    TextDocumentParams P;
    if (params(Msg, P))
      request(*Msg.Id, P.TextDocument.Uri, json::Array(),
              [P](const TextRef &T) {
                return documentSymbols(*T, P.TextDocument.Uri);
              });
  } else if (Method == "textDocument/formatting") {
    TextDocumentParams P;
    if (params(Msg, P))
      request(
          *Msg.Id, P.TextDocument.Uri, json::Array(),
          [P](const TextRef &T) { return formatting(*T, P.TextDocument.Uri); });
  } else if (Method == "textDocument/codeAction") {
    CodeActionParams P;
    if (params(Msg, P))
      request(*Msg.Id, P.TextDocument.Uri, json::Array(),
              [this, P](const TextRef &T) {
                const std::string &Uri = P.TextDocument.Uri;
                return codeActions(*T, Uri, P, *lintOf(Uri, T));
              });
  }
}

//===----------------------------------------------------------------------===//
// The server
//===----------------------------------------------------------------------===//

LanguageServer::LanguageServer(Sink Out, Log Logger, Mode M)
    : I(std::make_unique<Impl>(std::move(Out), std::move(Logger), M)) {
  if (M == Mode::Threads) {
    for (unsigned N = 0; N < LintWorkers; ++N)
      I->Workers.emplace_back([this] { I->lintWorker(); });
    I->Workers.emplace_back([this] { I->requestWorker(); });
  }
}

LanguageServer::~LanguageServer() {
  {
    std::lock_guard<std::mutex> G(I->Lock);
    I->Stopping = true;
    I->Wake.notify_all();
  }
  for (std::thread &T : I->Workers)
    T.join();
}

void LanguageServer::handleBody(StringRef Body) {
  if (std::optional<std::string> Why = checkJsonLimits(Body, MessageLimits)) {
    I->send(replyError(nullptr, ErrorCode::ParseError, *Why));
    return;
  }
  Expected<json::Value> V = json::parse(Body);
  if (!V) {
    consumeError(V.takeError());
    I->send(replyError(nullptr, ErrorCode::ParseError, "not JSON"));
    return;
  }
  handle(*V);
}

void LanguageServer::handle(const json::Value &Message) { I->handle(Message); }

void LanguageServer::waitIdle() { I->waitIdle(); }

bool LanguageServer::exited() const {
  std::lock_guard<std::mutex> G(I->Lock);
  return I->Exited;
}

int LanguageServer::exitStatus() const {
  std::lock_guard<std::mutex> G(I->Lock);
  return I->ShutDown ? 0 : 1;
}

unsigned LanguageServer::variantsImports() const {
  std::vector<std::shared_ptr<VariantsIniLinter>> Linters;
  {
    std::lock_guard<std::mutex> G(I->Lock);
    for (auto &[Uri, D] : I->Docs)
      Linters.push_back(D.Variants);
  }
  unsigned N = 0;
  for (auto &L : Linters)
    N += L->imports();
  return N;
}

int fairy::runLanguageServer(ByteSource &In, LanguageServer::Sink Out,
                             LanguageServer::Log Logger, LanguageServer::Mode M,
                             const FramingLimits &Limits) {
  LanguageServer Server(std::move(Out), Logger, M);
  MessageReader Reader(In, Limits);
  std::string Body, Why;
  while (true) {
    switch (Reader.next(Body, Why)) {
    case MessageReader::Status::Message:
      Server.handleBody(Body);
      if (Server.exited())
        return Server.exitStatus();
      break;
    case MessageReader::Status::End:
      // The editor went away (mid-message, says why).
      if (!Why.empty() && Logger)
        Logger(Why + "; stopping");
      return Server.exitStatus();
    case MessageReader::Status::Error:
      if (Logger)
        Logger(Why + "; stopping");
      return 1;
    }
  }
}
