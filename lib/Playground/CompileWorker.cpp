//===- CompileWorker.cpp - /api/compile in a process of its own -----------===//
//
// The exchange, over a Unix socket pair: the server writes a request as a
// 4-byte length and the body; the worker answers with a 4-byte status, a
// 4-byte length and the JSON. One request at a time.
//
//===----------------------------------------------------------------------===//
#include "fairy/Playground/CompileWorker.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <new>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace fairy;
using Clock = std::chrono::steady_clock;

namespace {

bool writeAll(int Fd, const void *Data, size_t Size) {
  const char *P = static_cast<const char *>(Data);
  while (Size) {
    ssize_t N = ::send(Fd, P, Size, MSG_NOSIGNAL);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    P += N;
    Size -= size_t(N);
  }
  return true;
}

enum class Read { Done, Closed, Late };

/// Reads \p Size bytes, waiting until \p Deadline at most (none: forever).
Read readAll(int Fd, void *Data, size_t Size,
             const Clock::time_point *Deadline = nullptr) {
  char *P = static_cast<char *>(Data);
  while (Size) {
    if (Deadline) {
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
          *Deadline - Clock::now());
      if (Left.count() <= 0)
        return Read::Late;
      pollfd Wait{Fd, POLLIN, 0};
      int R = ::poll(&Wait, 1, int(Left.count()) + 1);
      if (R < 0 && errno == EINTR)
        continue;
      if (R == 0)
        return Read::Late;
      if (R < 0)
        return Read::Closed;
    }
    ssize_t N = ::read(Fd, P, Size);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return Read::Closed;
    P += N;
    Size -= size_t(N);
  }
  return Read::Done;
}

std::string json(const llvm::json::Value &V) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << V;
  OS.flush();
  return Out;
}

/// The answer for a request the worker did not finish in time: the
/// request is well formed, so a 200 whose diagnostic says why.
ApiReply overran(std::chrono::milliseconds Budget) {
  std::string Why = "fairyc stopped compiling this request after " +
                    std::to_string(Budget.count()) +
                    " ms (docs/playground.md, \"Limits and security\")";
  return {200,
          json(llvm::json::Object{
              {"ok", false},
              {"diagnostics", llvm::json::Array{llvm::json::Object{
                                  {"severity", "error"}, {"message", Why}}}},
              {"diagnosticsText", "fairyc: error: " + Why + "\n"},
              {"pieces", llvm::json::Array()}})};
}

} // namespace

CompileWorker::CompileWorker(std::vector<std::string> Command)
    : Command(std::move(Command)) {}

CompileWorker::~CompileWorker() { stop(); }

bool CompileWorker::start() {
  int Pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Pair))
    return false;
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  // The child's end becomes its descriptor 3 (dup2 clears close-on-exec).
  posix_spawn_file_actions_adddup2(&Actions, Pair[1], 3);
  std::vector<char *> Argv;
  for (std::string &A : Command)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  pid_t Child;
  int Error =
      posix_spawn(&Child, Argv[0], &Actions, nullptr, Argv.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  ::close(Pair[1]);
  if (Error) {
    ::close(Pair[0]);
    return false;
  }
  Pid = Child;
  Socket = Pair[0];
  ++Started;
  return true;
}

void CompileWorker::stop() {
  if (Socket >= 0)
    ::close(Socket);
  if (Pid > 0) {
    ::kill(Pid, SIGKILL);
    ::waitpid(Pid, nullptr, 0);
  }
  Socket = Pid = -1;
}

ApiReply CompileWorker::compile(const std::string &Body,
                                std::chrono::milliseconds Budget) {
  auto Failed = [&](const char *Why) {
    stop();
    return ApiReply{500, json(llvm::json::Object{{"error", Why}})};
  };
  if (Pid < 0 && !start())
    return Failed("fairyc could not start a process to compile in");
  uint32_t Length = uint32_t(Body.size());
  if (!writeAll(Socket, &Length, 4) || !writeAll(Socket, Body.data(), Length)) {
    // A worker that died since its last answer: one more try with a new one.
    stop();
    if (!start() || !writeAll(Socket, &Length, 4) ||
        !writeAll(Socket, Body.data(), Length))
      return Failed("fairyc could not start a process to compile in");
  }
  Clock::time_point Deadline = Clock::now() + Budget;
  uint32_t Head[2];
  Read R = readAll(Socket, Head, sizeof Head, &Deadline);
  std::string Answer;
  // The worker is trusted no more than the request it ran: an answer of a
  // status the API does not give, or larger than any it writes, ends it.
  if (R == Read::Done &&
      ((Head[0] != 200 && Head[0] != 400) || Head[1] > MaxWorkerAnswer))
    return Failed("fairyc's compile worker answered out of turn");
  if (R == Read::Done) {
    Answer.resize(Head[1]);
    R = readAll(Socket, Answer.data(), Answer.size(), &Deadline);
  }
  if (R == Read::Late) {
    stop();
    return overran(Budget);
  }
  if (R == Read::Closed)
    return Failed("fairyc failed while compiling this request (it ran out "
                  "of memory or crashed: please report it)");
  return {int(Head[0]), std::move(Answer)};
}

int fairy::runCompileWorker(int Socket) {
  // Nothing but the socket: the server's listening socket and connections
  // are not the worker's to hold.
  if (Socket != 3 || ::close_range(4, ~0U, 0) != 0) {
    rlimit Files;
    ::getrlimit(RLIMIT_NOFILE, &Files);
    for (int Fd = 3; Fd < int(std::min<rlim_t>(Files.rlim_cur, 1 << 20)); ++Fd)
      if (Fd != Socket)
        ::close(Fd);
  }
  // Killed with the server. (The signal comes when the thread that started
  // the worker ends: the server's compile thread, which ends only with it.)
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  rlimit NoCore{0, 0};
  ::setrlimit(RLIMIT_CORE, &NoCore);
#if defined(__SANITIZE_ADDRESS__)
#define FAIRY_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FAIRY_UNDER_ASAN 1
#endif
#endif
#ifndef FAIRY_UNDER_ASAN
  // AddressSanitizer reserves terabytes of address space: no cap under it.
  rlimit Memory{MaxWorkerMemory, MaxWorkerMemory};
  ::setrlimit(RLIMIT_AS, &Memory);
#endif
  while (true) {
    uint32_t Length;
    if (readAll(Socket, &Length, 4) != Read::Done)
      return 0; // the server closed the connection: done
    if (Length > MaxPlaygroundRequest)
      return 1;
    std::string Body(Length, '\0');
    if (readAll(Socket, Body.data(), Length) != Read::Done)
      return 1;
    ApiReply R;
    try {
      R = compileForPlayground(Body);
    } catch (const std::bad_alloc &) {
      return 1; // the server answers for it and starts another worker
    }
    uint32_t Head[2] = {uint32_t(R.Status), uint32_t(R.Body.size())};
    if (!writeAll(Socket, Head, sizeof Head) ||
        !writeAll(Socket, R.Body.data(), R.Body.size()))
      return 1;
  }
}
