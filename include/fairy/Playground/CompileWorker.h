//===- CompileWorker.h - /api/compile in a process of its own ---*- C++ -*-===//
//
// The compiler keeps its own limits (docs/diagnostics.md, "Limits"), but a
// server cannot stake its life on them: a request that found a way to run
// for a minute, to take gigabytes or to crash the compiler would take the
// server with it. So fairyc serve compiles in a child process: the server
// sends it a request, waits at most the request's budget, and answers for
// it; a child that overruns is killed, one that dies is replaced, and the
// server goes on. The child is fairyc itself, started with a command the
// tool gives (`fairyc serve --compile-worker`), its address space capped.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PLAYGROUND_COMPILEWORKER_H
#define FAIRY_PLAYGROUND_COMPILEWORKER_H

#include "fairy/Playground/PlaygroundApi.h"

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace fairy {

class CompileWorker {
public:
  /// \p Command starts a worker: a program that calls runCompileWorker(3)
  /// (its socket is file descriptor 3).
  explicit CompileWorker(std::vector<std::string> Command);
  ~CompileWorker();
  CompileWorker(const CompileWorker &) = delete;
  CompileWorker &operator=(const CompileWorker &) = delete;

  /// compileForPlayground(\p Body) in the worker, within \p Budget: an
  /// answer that took longer is a 200 with "ok": false and a diagnostic
  /// saying so; a worker that died gives a 500.
  ApiReply compile(const std::string &Body, std::chrono::milliseconds Budget);

  /// The workers started so far (the first, and each replacement).
  unsigned started() const { return Started; }

private:
  std::vector<std::string> Command;
  pid_t Pid = -1;
  int Socket = -1;
  unsigned Started = 0;

  bool start();
  void stop();
};

/// The worker's side: answers the requests that come on \p Socket until it
/// closes; the process's exit status.
int runCompileWorker(int Socket);

/// The largest answer a worker may give, in bytes (a 64x64 board's picture
/// of a queen is about 1 MB).
constexpr size_t MaxWorkerAnswer = size_t(64) << 20;

/// The largest address space of a worker, in bytes.
constexpr size_t MaxWorkerMemory = size_t(1) << 30;

} // namespace fairy

#endif
