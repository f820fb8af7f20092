//===- PlaygroundServer.h - fairyc serve ------------------------*- C++ -*-===//
//
// The playground's HTTP server: the page (built in), GET /api/info and
// POST /api/compile (PlaygroundApi.h). Debian's cpp-httplib parses, routes
// and writes; the connections are fairyc's own, so that a client cannot
// hold the server: one thread reads every connection's request whole
// within the limits and a deadline (HttpGate.h), then a small pool of
// workers answers requests that are complete, and compilations take turns
// in a bounded queue (503 when it is full). docs/playground.md has the
// limits and the security model.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PLAYGROUND_PLAYGROUNDSERVER_H
#define FAIRY_PLAYGROUND_PLAYGROUNDSERVER_H

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace fairy {

struct ServeOptions {
  /// The address to listen on; the default lets only this machine in.
  std::string Host = "127.0.0.1";
  /// 0: any free port (the address Ready is told names it).
  int Port = 8151;
  /// Called once listening, with the page's address.
  std::function<void(const std::string &Url)> Ready;
  /// Called for each request answered or refused: method, path, status,
  /// escaped for a terminal.
  std::function<void(const std::string &Line)> Log;

  // --- Limits (docs/playground.md) ---------------------------------------
  /// Connections open at once, reading or being answered; more are
  /// answered 503 at once.
  unsigned MaxConnections = 256;
  /// Workers answering complete requests (the page and /api/info are
  /// answered by any).
  unsigned Workers = 4;
  /// Compilations waiting for their turn; more are answered 503.
  unsigned MaxWaitingCompiles = 4;
  /// How long a client may take to send its whole request.
  std::chrono::milliseconds RequestDeadline{5000};
  /// How long a client may take to read its answer.
  std::chrono::milliseconds WriteTimeout{5000};
  /// How long one compilation may take, all its jobs together.
  std::chrono::milliseconds CompileBudget{2000};
  /// The command of a compile worker (CompileWorker.h): a program whose
  /// descriptor 3 is a socket and that calls runCompileWorker(3). fairyc
  /// serve starts itself (`--compile-worker`). Empty: compilations run in
  /// the server's own process, with only the driver's limits.
  std::vector<std::string> WorkerCommand;
};

/// Serves until SIGINT or SIGTERM (then returns true, its log written to
/// the end) or until the server fails. Returns false with \p Error set when
/// it cannot listen. It blocks SIGINT and SIGTERM in the calling thread and
/// so in every thread started after it: a program that embeds it should
/// call it from the thread that starts the others.
bool servePlayground(const ServeOptions &Opts, std::string &Error);

/// What the server answers to \p Raw, the whole of what one connection
/// sent, as if it listened on \p Host:\p Port: the gate's refusal, or the
/// answer to the request (the fuzz target's and the unit tests' way in,
/// with no sockets).
std::string answerConnection(const std::string &Raw, const std::string &Host,
                             int Port);

} // namespace fairy

#endif
