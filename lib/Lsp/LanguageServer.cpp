//===- LanguageServer.cpp - fairyc's Language Server Protocol server ------===//
//
// The dispatch (each method's params read into its struct, then handed to
// Features.cpp) and the scheduling: documents and the work queues live
// under one lock, which is also held to write a message, so that a
// document's diagnostics are never published after a newer version's or
// after it was closed.
//
//===----------------------------------------------------------------------===//
#include "fairy/Lsp/LanguageServer.h"

#include "Features.h"

#include "fairy/Driver/Driver.h"
#include "fairy/Lsp/Protocol.h"
#include "fairy/Support/JsonInput.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace fairy;
using namespace fairy::lsp;
using namespace llvm;

namespace {

/// What a message may be: the body's size is the framing's cap; LSP
/// messages nest less than ten levels.
constexpr JsonLimits MessageLimits{16 << 20, 64};

/// Documents linted at once (each by one worker, only its newest text).
constexpr unsigned LintWorkers = 2;

using Clock = std::chrono::steady_clock;
/// How long a document must stay unchanged before it is linted: a burst
/// of changes (typing, an editor replaying edits) is linted once, at its
/// end, as clangd debounces its builds.
constexpr std::chrono::milliseconds Debounce(25);

/// Returns the memory a compilation freed to the system: each thread
/// allocates from its own arena, which glibc would otherwise keep at the
/// size of the largest document the thread ever compiled.
void giveBackMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

using TextRef = std::shared_ptr<const std::string>;
using DiagnosticsRef = std::shared_ptr<const std::vector<Diagnostic>>;

struct Document {
  TextRef Text;
  int64_t Version = 0;
  Clock::time_point Changed; ///< when Text was last set
  std::shared_ptr<VariantsIniLinter> Variants;
  /// The last lint finished: the text it is of, and what it found.
  TextRef LintedText;
  DiagnosticsRef Lint;
};

/// A request waiting for the request worker.
struct Request {
  json::Value Id;
  std::function<json::Value()> Work;
};

} // namespace

struct LanguageServer::Impl {
  Sink Out;
  Log Logger;
  Mode M;

  mutable std::mutex Lock;
  std::condition_variable Wake, Idle;
  std::map<std::string, Document> Docs; ///< by URI
  std::deque<std::string> Dirty;        ///< to lint, each URI once
  std::set<std::string> InLint;         ///< being linted, by a worker each
  std::deque<Request> Requests;
  std::optional<json::Value> Running; ///< the request being worked on
  bool RunningCancelled = false, Stopping = false;
  bool ShutDown = false, Exited = false;
  std::vector<std::thread> Workers;

  Impl(Sink Out, Log Logger, Mode M)
      : Out(std::move(Out)), Logger(std::move(Logger)), M(M) {}

  /// Sends \p V; the caller holds Lock.
  void sendLocked(const json::Value &V) { Out(V); }
  void send(const json::Value &V) {
    std::lock_guard<std::mutex> G(Lock);
    sendLocked(V);
  }
  void log(const std::string &Line) {
    if (Logger)
      Logger(Line);
  }

  void handle(const json::Value &V);
  /// Reads \p Msg's params into \p Out; on a wrong shape answers -32602 (a
  /// request) or logs (a notification) and returns false.
  template <typename T> bool params(const Message &Msg, T &Out) {
    if (std::optional<std::string> Why = readJson(Msg.Params, Out, "params")) {
      if (Msg.Id)
        send(replyError(*Msg.Id, ErrorCode::InvalidParams, *Why));
      else
        log("ignored a '" + Msg.Method + "' notification: " + *Why);
      return false;
    }
    return true;
  }

  void open(const DidOpenParams &P);
  void change(const DidChangeParams &P);
  void close(const DidCloseParams &P);
  void cancel(const CancelParams &P);
  /// Lints \p Uri now (Sync) or when the lint worker comes to it.
  void scheduleLint(const std::string &Uri);
  /// Lints \p Uri's text \p Text and publishes what it finds unless the
  /// document changed meanwhile (then drops it).
  void lintAndPublish(const std::string &Uri, const TextRef &Text,
                      std::shared_ptr<VariantsIniLinter> Variants);
  /// The diagnostics of \p Uri's text \p Text: the last lint's if it is of
  /// that text, else linted here.
  DiagnosticsRef lintOf(const std::string &Uri, const TextRef &Text);

  /// Queues a request about document \p Uri: \p Work gets its text as it
  /// is now; a document that is not open gets \p Closed.
  void request(const json::Value &Id, const std::string &Uri,
               json::Value Closed,
               std::function<json::Value(const TextRef &)> Work);
  void runRequest(Request R);

  void lintWorker();
  void requestWorker();
  void waitIdle();
};

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
               "textDocument/documentSymbol", "textDocument/codeAction",
               "textDocument/formatting", "textDocument/definition"});
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
      send(
          reply(*Msg.Id,
                json::Object{{"capabilities",
                              json::Object{{"textDocumentSync", 1},
                                           {"hoverProvider", true},
                                           {"documentSymbolProvider", true},
                                           {"codeActionProvider", true},
                                           {"documentFormattingProvider", true},
                                           {"definitionProvider", true}}},
                             {"serverInfo",
                              json::Object{{"name", "fairyc-lsp"},
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
// Documents
//===----------------------------------------------------------------------===//

void LanguageServer::Impl::open(const DidOpenParams &P) {
  const TextDocumentItem &Item = P.TextDocument;
  {
    std::lock_guard<std::mutex> G(Lock);
    Document &D = Docs[Item.Uri];
    D = Document();
    D.Text = std::make_shared<const std::string>(Item.Text);
    D.Version = Item.Version;
    D.Changed = Clock::now();
    D.Variants = std::make_shared<VariantsIniLinter>();
  }
  scheduleLint(Item.Uri);
}

void LanguageServer::Impl::change(const DidChangeParams &P) {
  const std::string &Uri = P.TextDocument.Uri;
  for (const ContentChange &C : P.ContentChanges)
    if (C.ChangeRange) {
      log("ignored a change of " + Uri +
          " with a range (fairyc-lsp asks for whole texts)");
      return;
    }
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(Uri);
    if (It == Docs.end()) {
      log("ignored a change of " + Uri + ", which is not open");
      return;
    }
    Document &D = It->second;
    D.Version = P.TextDocument.Version.value_or(D.Version + 1);
    D.Changed = Clock::now();
    // Full synchronisation: the last change holds the whole text.
    if (!P.ContentChanges.empty())
      D.Text =
          std::make_shared<const std::string>(P.ContentChanges.back().Text);
  }
  scheduleLint(Uri);
}

void LanguageServer::Impl::close(const DidCloseParams &P) {
  const std::string &Uri = P.TextDocument.Uri;
  std::lock_guard<std::mutex> G(Lock);
  Docs.erase(Uri);
  Dirty.erase(std::remove(Dirty.begin(), Dirty.end(), Uri), Dirty.end());
  sendLocked(
      notification("textDocument/publishDiagnostics",
                   json::Object{{"uri", Uri}, {"diagnostics", json::Array()}}));
}

void LanguageServer::Impl::scheduleLint(const std::string &Uri) {
  if (M == Mode::Sync) {
    TextRef Text;
    std::shared_ptr<VariantsIniLinter> Variants;
    {
      std::lock_guard<std::mutex> G(Lock);
      Text = Docs[Uri].Text;
      Variants = Docs[Uri].Variants;
    }
    lintAndPublish(Uri, Text, Variants);
    return;
  }
  std::lock_guard<std::mutex> G(Lock);
  if (!llvm::is_contained(Dirty, Uri))
    Dirty.push_back(Uri);
  Wake.notify_all();
}

void LanguageServer::Impl::lintAndPublish(
    const std::string &Uri, const TextRef &Text,
    std::shared_ptr<VariantsIniLinter> Variants) {
  // Overtaken when the document has another text (or is closed).
  auto Stale = [&] {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(Uri);
    return Stopping || It == Docs.end() || It->second.Text != Text;
  };
  std::optional<std::vector<Diagnostic>> Found;
  try {
    Found = lintDocument(*Text, Uri, *Variants, Stale);
  } catch (const std::exception &E) {
    // Out of memory, say: this version goes unlinted, the server goes on.
    log("could not lint " + Uri + ": " + E.what());
  }
  if (!Found)
    return;
  json::Array Published = publishedDiagnostics(*Text, Uri, *Found);
  std::lock_guard<std::mutex> G(Lock);
  auto It = Docs.find(Uri);
  if (It == Docs.end() || It->second.Text != Text)
    return;
  Document &D = It->second;
  D.LintedText = Text;
  D.Lint = std::make_shared<const std::vector<Diagnostic>>(std::move(*Found));
  sendLocked(notification("textDocument/publishDiagnostics",
                          json::Object{{"uri", Uri},
                                       {"version", D.Version},
                                       {"diagnostics", std::move(Published)}}));
}

DiagnosticsRef LanguageServer::Impl::lintOf(const std::string &Uri,
                                            const TextRef &Text) {
  std::shared_ptr<VariantsIniLinter> Variants;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(Uri);
    if (It != Docs.end() && It->second.LintedText == Text)
      return It->second.Lint;
    Variants = It != Docs.end() ? It->second.Variants
                                : std::make_shared<VariantsIniLinter>();
  }
  auto Found = lintDocument(*Text, Uri, *Variants, nullptr);
  return std::make_shared<const std::vector<Diagnostic>>(
      Found ? std::move(*Found) : std::vector<Diagnostic>());
}

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

void LanguageServer::Impl::request(
    const json::Value &Id, const std::string &Uri, json::Value Closed,
    std::function<json::Value(const TextRef &)> Work) {
  TextRef Text;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(Uri);
    if (It != Docs.end())
      Text = It->second.Text;
  }
  Request R{Id, [Text, Closed = std::move(Closed), Work = std::move(Work)] {
              return Text ? Work(Text) : Closed;
            }};
  if (M == Mode::Sync) {
    runRequest(std::move(R));
    return;
  }
  std::lock_guard<std::mutex> G(Lock);
  Requests.push_back(std::move(R));
  Wake.notify_all();
}

void LanguageServer::Impl::runRequest(Request R) {
  json::Value Answer = nullptr;
  try {
    Answer = reply(R.Id, R.Work());
  } catch (const std::exception &E) {
    Answer = replyError(R.Id, ErrorCode::InternalError, E.what());
  }
  std::lock_guard<std::mutex> G(Lock);
  if (RunningCancelled)
    Answer = replyError(R.Id, ErrorCode::RequestCancelled,
                        "the request was cancelled");
  sendLocked(Answer);
}

void LanguageServer::Impl::cancel(const CancelParams &P) {
  std::lock_guard<std::mutex> G(Lock);
  for (auto It = Requests.begin(); It != Requests.end(); ++It)
    if (It->Id == P.Id) {
      sendLocked(replyError(It->Id, ErrorCode::RequestCancelled,
                            "the request was cancelled"));
      Requests.erase(It);
      Idle.notify_all();
      return;
    }
  if (Running && *Running == P.Id)
    RunningCancelled = true;
  // Otherwise it was answered already: nothing to do.
}

//===----------------------------------------------------------------------===//
// Workers
//===----------------------------------------------------------------------===//

void LanguageServer::Impl::lintWorker() {
  std::unique_lock<std::mutex> L(Lock);
  while (true) {
    // The first document waiting that no other worker is linting (a
    // document whose lint is slow holds back none but its own) and that
    // has not changed for Debounce (while changes come, none is linted).
    std::deque<std::string>::iterator Next;
    while (!Stopping) {
      // (Waiting lets the reader add to Dirty, which moves its iterators.)
      Next = Dirty.end();
      auto Now = Clock::now();
      std::optional<Clock::time_point> Soonest;
      for (auto U = Dirty.begin(); U != Dirty.end(); ++U) {
        if (InLint.count(*U))
          continue;
        auto D = Docs.find(*U);
        Clock::time_point Ready =
            D == Docs.end() ? Now : D->second.Changed + Debounce;
        if (Ready <= Now) {
          Next = U;
          break;
        }
        Soonest = Soonest ? std::min(*Soonest, Ready) : Ready;
      }
      if (Next != Dirty.end())
        break;
      if (Soonest)
        Wake.wait_until(L, *Soonest);
      else
        Wake.wait(L);
    }
    if (Stopping)
      return;
    std::string Uri = *Next;
    Dirty.erase(Next);
    auto It = Docs.find(Uri);
    if (It == Docs.end())
      continue;
    TextRef Text = It->second.Text;
    auto Variants = It->second.Variants;
    InLint.insert(Uri);
    L.unlock();
    lintAndPublish(Uri, Text, Variants);
    giveBackMemory();
    L.lock();
    InLint.erase(Uri);
    // Its next version may be waiting for it.
    Wake.notify_all();
    Idle.notify_all();
  }
}

void LanguageServer::Impl::requestWorker() {
  std::unique_lock<std::mutex> L(Lock);
  while (true) {
    Wake.wait(L, [&] { return Stopping || !Requests.empty(); });
    if (Stopping)
      return;
    Request R = std::move(Requests.front());
    Requests.pop_front();
    Running = R.Id;
    RunningCancelled = false;
    L.unlock();
    runRequest(std::move(R));
    giveBackMemory();
    L.lock();
    Running.reset();
    RunningCancelled = false;
    Idle.notify_all();
  }
}

void LanguageServer::Impl::waitIdle() {
  std::unique_lock<std::mutex> L(Lock);
  Idle.wait(L, [&] {
    return Dirty.empty() && InLint.empty() && Requests.empty() && !Running;
  });
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
