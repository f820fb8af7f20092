//===- ServerImpl.h - The state behind fairyc-lsp's server ------*- C++ -*-===//
//
// What LanguageServer.cpp (the dispatch) and Scheduler.cpp (documents,
// queues, workers) share: the open documents and the work queues, under
// one lock, which is also held to write a message, so that a document's
// diagnostics are never published after a newer version's or after it was
// closed.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LSP_SERVERIMPL_H
#define FAIRY_LSP_SERVERIMPL_H

#include "Features.h"

#include "fairy/Lsp/LanguageServer.h"
#include "fairy/Lsp/Protocol.h"
#include "fairy/Support/JsonInput.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

namespace fairy::lsp {

/// Documents linted at once (each by one worker, only its newest text).
constexpr unsigned LintWorkers = 2;

using Clock = std::chrono::steady_clock;
/// How long a document must stay unchanged before it is linted: a burst
/// of changes (typing, an editor replaying edits) is linted once, at its
/// end, as clangd debounces its builds.
constexpr std::chrono::milliseconds Debounce(25);

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
  llvm::json::Value Id;
  std::function<llvm::json::Value()> Work;
};

} // namespace fairy::lsp

namespace fairy {

// (This header is lib/Lsp's own: its two files name these unqualified.)
using lsp::CancelParams;
using lsp::DiagnosticsRef;
using lsp::DidChangeParams;
using lsp::DidCloseParams;
using lsp::DidOpenParams;
using lsp::Document;
using lsp::Message;
using lsp::Request;
using lsp::TextRef;
using lsp::VariantsIniLinter;

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
  std::optional<llvm::json::Value> Running; ///< the request being worked on
  bool RunningCancelled = false, Stopping = false;
  bool ShutDown = false, Exited = false;
  std::vector<std::thread> Workers;

  Impl(Sink Out, Log Logger, Mode M)
      : Out(std::move(Out)), Logger(std::move(Logger)), M(M) {}

  /// Sends \p V; the caller holds Lock.
  void sendLocked(const llvm::json::Value &V) { Out(V); }
  void send(const llvm::json::Value &V) {
    std::lock_guard<std::mutex> G(Lock);
    sendLocked(V);
  }
  void log(const std::string &Line) {
    if (Logger)
      Logger(Line);
  }

  void handle(const llvm::json::Value &V);
  /// Reads \p Msg's params into \p Out; on a wrong shape answers -32602 (a
  /// request) or logs (a notification) and returns false.
  template <typename T> bool params(const Message &Msg, T &Out) {
    if (std::optional<std::string> Why = readJson(Msg.Params, Out, "params")) {
      if (Msg.Id)
        send(lsp::replyError(*Msg.Id, lsp::ErrorCode::InvalidParams, *Why));
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
  void request(const llvm::json::Value &Id, const std::string &Uri,
               llvm::json::Value Closed,
               std::function<llvm::json::Value(const TextRef &)> Work);
  void runRequest(Request R);

  void lintWorker();
  void requestWorker();
  void waitIdle();
};

} // namespace fairy

#endif
