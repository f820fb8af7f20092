//===- PlaygroundServer.cpp - The playground over HTTP --------------------===//
//
// Three kinds of thread. httplib's accept loop hands each new connection to
// the gate (process_and_close_socket is overridden: httplib never reads a
// socket itself). The gate thread polls every connection that is still
// sending, feeds what arrives to its RequestGate and, within the deadline,
// either refuses it (an answer written without blocking, then the rest of
// what the client sends read and dropped for a moment, so that it sees the
// answer) or passes the complete request to the workers. A worker lets
// httplib parse and route the request from memory and write the answer.
// So a client that trickles bytes costs a file descriptor and a few
// kilobytes, never a thread, and the workers only ever wait for a
// compilation's turn or a slow reader of an answer (WriteTimeout).
//
//===----------------------------------------------------------------------===//
#include "fairy/Playground/PlaygroundServer.h"
#include "HttpGate.h"

#include "fairy/Playground/CompileWorker.h"
#include "fairy/Playground/PlaygroundApi.h"
#include "fairy/Support/Escape.h"

#include <httplib.h>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include <csignal>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace fairy;
using Clock = std::chrono::steady_clock;

namespace {

struct EmbeddedFile {
  const char *Name;
  const unsigned char *Bytes;
  size_t Size;
};
#include "PlaygroundPage.inc"

const char *contentType(const std::string &Name) {
  auto EndsWith = [&](const char *Suffix) {
    size_t N = std::strlen(Suffix);
    return Name.size() >= N && Name.compare(Name.size() - N, N, Suffix) == 0;
  };
  if (EndsWith(".html"))
    return "text/html; charset=utf-8";
  if (EndsWith(".css"))
    return "text/css; charset=utf-8";
  if (EndsWith(".js"))
    return "text/javascript; charset=utf-8";
  return "application/octet-stream";
}

void answer(httplib::Response &Res, const ApiReply &R) {
  Res.status = R.Status;
  Res.set_content(R.Body, "application/json");
}

/// A log line: the method, the path and the status, the request's own
/// bytes escaped so that they cannot drive the terminal.
std::string logLine(const std::string &Method, const std::string &Path,
                    int Status) {
  return escapeForTerminal(Method.empty() ? "-" : Method) + " " +
         escapeForTerminal(Path.empty() ? "-" : Path) + " " +
         std::to_string(Status);
}

/// The method and target of a request line, for the log of a request the
/// gate refused (as much of them as came).
std::pair<std::string, std::string> requestLineOf(const std::string &Bytes) {
  llvm::StringRef Line = llvm::StringRef(Bytes).take_until(
      [](char C) { return C == '\r' || C == '\n'; });
  auto [Method, Rest] = Line.split(' ');
  return {Method.take_front(16).str(),
          Rest.split(' ').first.take_front(256).str()};
}

/// A complete request, read from memory; the answer goes to a socket (or,
/// with none, to a string).
class MemoryStream : public httplib::Stream {
public:
  MemoryStream(const std::string &Request, int Socket, std::string *Out,
               Clock::time_point Deadline = Clock::time_point::max())
      : Request(Request), Socket(Socket), Out(Out), Deadline(Deadline) {}

  bool is_readable() const override { return At < Request.size(); }
  bool is_writable() const override { return true; }
  ssize_t read(char *Ptr, size_t Size) override {
    size_t N = std::min(Size, Request.size() - At);
    std::memcpy(Ptr, Request.data() + At, N);
    At += N;
    return ssize_t(N);
  }
  ssize_t write(const char *Ptr, size_t Size) override {
    if (Out) {
      Out->append(Ptr, Size);
      return ssize_t(Size);
    }
    // The whole answer is written by its deadline, however slowly the
    // client reads (a timeout per send would let it take that long for
    // every few kilobytes).
    size_t Sent = 0;
    while (Sent < Size) {
      ssize_t N =
          ::send(Socket, Ptr + Sent, Size - Sent, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (N > 0) {
        Sent += size_t(N);
        continue;
      }
      if (N < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        return -1;
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
          Deadline - Clock::now());
      pollfd Wait{Socket, POLLOUT, 0};
      if (Left.count() <= 0 || ::poll(&Wait, 1, int(Left.count()) + 1) <= 0)
        return -1;
    }
    return ssize_t(Size);
  }
  void get_remote_ip_and_port(std::string &Ip, int &Port) const override {
    addressOf(getpeername, Ip, Port);
  }
  void get_local_ip_and_port(std::string &Ip, int &Port) const override {
    addressOf(getsockname, Ip, Port);
  }
  socket_t socket() const override { return Socket; }

private:
  const std::string &Request;
  size_t At = 0;
  int Socket;
  std::string *Out;
  Clock::time_point Deadline;

  template <typename Fn>
  void addressOf(Fn Get, std::string &Ip, int &Port) const {
    Ip.clear();
    Port = 0;
    sockaddr_storage A;
    socklen_t Len = sizeof A;
    if (Socket < 0 || Get(Socket, reinterpret_cast<sockaddr *>(&A), &Len))
      return;
    char Text[64] = "";
    if (A.ss_family == AF_INET) {
      auto *V4 = reinterpret_cast<sockaddr_in *>(&A);
      inet_ntop(AF_INET, &V4->sin_addr, Text, sizeof Text);
      Port = ntohs(V4->sin_port);
    } else if (A.ss_family == AF_INET6) {
      auto *V6 = reinterpret_cast<sockaddr_in6 *>(&A);
      inet_ntop(AF_INET6, &V6->sin6_addr, Text, sizeof Text);
      Port = ntohs(V6->sin6_port);
    }
    Ip = Text;
  }
};

/// httplib's accept loop hands a connection over at once: the gate reads it.
class InlineQueue : public httplib::TaskQueue {
public:
  void enqueue(std::function<void()> Fn) override { Fn(); }
  void shutdown() override {}
};

/// The routes, the checks of every request's headers, and a way to answer
/// one complete request.
class PlaygroundHttp : public httplib::Server {
public:
  PlaygroundHttp(const ServeOptions &Opts, const ServedAddress &At)
      : Opts(Opts), At(At) {
    httplib::Headers Security;
    for (const auto &[Name, Value] : securityHeaders())
      Security.emplace(Name, Value);
    set_default_headers(Security);
    set_payload_max_length(MaxPlaygroundRequest);
    for (const EmbeddedFile &F : PageFiles) {
      std::string Path = std::string("/") + F.Name;
      std::string Body(reinterpret_cast<const char *>(F.Bytes), F.Size);
      const char *Type = contentType(F.Name);
      auto Serve = [Body, Type](const httplib::Request &,
                                httplib::Response &Res) {
        Res.set_content(Body, Type);
      };
      Get(Path, Serve);
      if (Path == "/index.html")
        Get("/", Serve);
    }
    Get("/api/info", [](const httplib::Request &, httplib::Response &Res) {
      answer(Res, playgroundInfo());
    });
    if (!Opts.WorkerCommand.empty())
      Worker = std::make_unique<CompileWorker>(Opts.WorkerCommand);
    // Only the compile thread answers a POST (Connections::pass).
    Post("/api/compile", [this](const httplib::Request &Req,
                                httplib::Response &Res) {
      answer(Res, Worker ? Worker->compile(Req.body, this->Opts.CompileBudget)
                         : compileForPlayground(Req.body));
    });
    set_error_handler([](const httplib::Request &, httplib::Response &Res) {
      if (!Res.body.empty())
        return;
      std::string Why = Res.status == 404   ? "no such page"
                        : Res.status == 413 ? "the request is too large"
                                            : "the request was refused";
      Res.set_content(errorBody(Why), "application/json");
    });
    if (Opts.Log)
      set_logger(
          [this](const httplib::Request &Req, const httplib::Response &Res) {
            this->Opts.Log(logLine(Req.method, Req.path, Res.status));
          });
    new_task_queue = [] { return new InlineQueue; };
  }

  /// Answers the complete request \p Request (one, whatever follows it) to
  /// \p Socket, or into \p Out when there is no socket.
  void answerRequest(const std::string &Request, int Socket,
                     std::string *Out = nullptr,
                     Clock::time_point Deadline = Clock::time_point::max()) {
    MemoryStream Stream(Request, Socket, Out, Deadline);
    bool Closed = false;
    process_request(
        Stream, /*close_connection=*/true, Closed, [&](httplib::Request &Req) {
          Stream.get_remote_ip_and_port(Req.remote_addr, Req.remote_port);
          Stream.get_local_ip_and_port(Req.local_addr, Req.local_port);
        });
  }

  void setServedPort(int Port) { At.Port = Port; }
  const ServedAddress &served() const { return At; }
  /// httplib listens with a backlog of 5 connections not yet accepted, so
  /// a burst of connections waits for SYN retries; listen again with more.
  void widenBacklog() { ::listen(svr_sock_, 128); }

  /// Where connections go when httplib accepts them.
  std::function<void(int)> OnConnection;

private:
  const ServeOptions &Opts;
  ServedAddress At;
  /// Where compilations run (none: in this process).
  std::unique_ptr<CompileWorker> Worker;

  bool process_and_close_socket(socket_t Socket) override {
    OnConnection(Socket);
    return true;
  }
};

/// The log's lines, written by a thread of their own: a terminal or pipe
/// that stops reading (`--log | less`, paused) must not stop the gate.
/// Past a thousand lines waiting, lines are dropped and counted.
class LogQueue {
public:
  explicit LogQueue(std::function<void(const std::string &)> Write)
      : Write(std::move(Write)) {
    std::thread([this] { run(); }).detach();
  }
  void push(std::string Line) {
    std::lock_guard<std::mutex> Lock(M);
    if (Lines.size() >= 1000) {
      ++Dropped;
      return;
    }
    Lines.push_back(std::move(Line));
    ++Pending;
    Ready.notify_one();
  }
  /// Waits (a second at most) until every line pushed is written.
  void flush() {
    std::unique_lock<std::mutex> Lock(M);
    Written.wait_for(Lock, std::chrono::seconds(1),
                     [&] { return Pending == 0; });
  }

private:
  std::function<void(const std::string &)> Write;
  std::mutex M;
  std::condition_variable Ready, Written;
  std::deque<std::string> Lines;
  size_t Dropped = 0, Pending = 0;

  void run() {
    while (true) {
      std::string Line;
      size_t Lost;
      {
        std::unique_lock<std::mutex> Lock(M);
        Ready.wait(Lock, [&] { return !Lines.empty(); });
        Line = std::move(Lines.front());
        Lines.pop_front();
        Lost = Dropped;
        Dropped = 0;
      }
      if (Lost)
        Write("(" + std::to_string(Lost) + " log lines dropped)");
      Write(Line);
      std::lock_guard<std::mutex> Lock(M);
      --Pending;
      Written.notify_all();
    }
  }
};

/// Complete requests (each with its socket) waiting for a worker.
struct RequestQueue {
  std::deque<std::pair<int, std::string>> Requests;
  std::condition_variable Ready;
};

/// The gate thread and the workers of a listening server.
class Connections {
public:
  Connections(const ServeOptions &Opts, PlaygroundHttp &Http)
      : Opts(Opts), Http(Http), Wake(eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
    Limits.MaxBody = MaxPlaygroundRequest;
    for (unsigned I = 0; I < std::max(1u, Opts.Workers); ++I)
      std::thread([this] { work(Others); }).detach();
    std::thread([this] { work(Compiles); }).detach();
    std::thread([this] { gate(); }).detach();
  }

  /// A new connection (httplib's accept thread): to the gate, which makes
  /// room for it (MaxConnections); refused at once only when twice as many
  /// are open (those being answered or refused included).
  void add(int Socket) {
    fcntl(Socket, F_SETFL, fcntl(Socket, F_GETFL) | O_NONBLOCK);
    // Not to be inherited by a compile worker started meanwhile.
    fcntl(Socket, F_SETFD, FD_CLOEXEC);
    {
      std::lock_guard<std::mutex> Lock(M);
      if (Open < 2 * Opts.MaxConnections) {
        ++Open;
        Inbox.push_back(Socket);
        Socket = -1;
      }
    }
    if (Socket >= 0) {
      refuseNow(Socket, {503, "too many connections; try again"}, "");
      ::close(Socket);
      return;
    }
    uint64_t One = 1;
    (void)!::write(Wake, &One, sizeof One);
  }

private:
  struct Reading {
    int Socket;
    Clock::time_point Deadline;
    std::string Bytes;
    RequestGate Gate;
    bool ContinueSent = false;
    /// Whether its headers passed admit().
    bool Admitted = false;
    /// Refused: what comes is read and dropped until then.
    bool Lingering = false;
    size_t Dropped = 0;
  };

  const ServeOptions &Opts;
  PlaygroundHttp &Http;
  HttpLimits Limits;
  int Wake;
  std::mutex M;
  std::vector<int> Inbox; ///< for the gate
  /// Complete requests and the threads that answer them: compilations
  /// one at a time, in a queue whose excess is refused, and the rest (the
  /// page, /api/info, refusals) by the other workers, which so never wait
  /// for a compilation.
  RequestQueue Compiles, Others;
  unsigned Open = 0;
  static constexpr size_t MaxLingering = 64;

  void closed(int Socket) {
    ::close(Socket);
    std::lock_guard<std::mutex> Lock(M);
    --Open;
  }

  void log(const std::string &Bytes, int Status) {
    if (!Opts.Log)
      return;
    auto [Method, Path] = requestLineOf(Bytes);
    Opts.Log(logLine(Method, Path, Status));
  }

  /// Writes a refusal without blocking (it is small: the socket's buffer
  /// takes it) and says no more.
  void refuseNow(int Socket, const HttpRefusal &R, const std::string &Bytes) {
    std::string Answer =
        refusalResponse(R, requestLineOf(Bytes).first == "HEAD");
    (void)!::send(Socket, Answer.data(), Answer.size(),
                  MSG_NOSIGNAL | MSG_DONTWAIT);
    ::shutdown(Socket, SHUT_WR);
    log(Bytes, R.Status);
  }

  void refuse(Reading &C, const HttpRefusal &R) {
    refuseNow(C.Socket, R, C.Bytes);
    // Closing with unread bytes would reset the connection, and the
    // client might lose the answer: read and drop a little more first.
    C.Lingering = true;
    C.Deadline = Clock::now() + std::chrono::seconds(1);
    C.Bytes.clear();
    C.Bytes.shrink_to_fit();
  }

  /// Reads what \p C has sent; false when it is done with (closed or
  /// passed on).
  bool readMore(Reading &C) {
    char Buffer[16384];
    while (true) {
      size_t Want =
          C.Lingering ? sizeof Buffer
                      : std::min(sizeof Buffer, C.Gate.wanted(C.Bytes.size()));
      if (Want == 0)
        Want = 1; // complete or refused below; never reached
      ssize_t N = ::recv(C.Socket, Buffer, Want, 0);
      if (N < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        return true;
      if (N <= 0) { // the client closed, or the connection broke
        closed(C.Socket);
        return false;
      }
      if (C.Lingering) {
        C.Dropped += size_t(N);
        if (C.Dropped > (1 << 20)) {
          closed(C.Socket);
          return false;
        }
        continue;
      }
      C.Bytes.append(Buffer, size_t(N));
      RequestGate::State S = C.Gate.feed(C.Bytes);
      // Host, Origin and Content-Type as soon as the headers are read:
      // before a body is asked for (100 Continue) or read.
      if (S != RequestGate::State::Refused && C.Gate.headersRead() &&
          !C.Admitted) {
        if (std::optional<HttpRefusal> R = admit(C.Gate, Http.served())) {
          refuse(C, *R);
          continue;
        }
        C.Admitted = true;
      }
      switch (S) {
      case RequestGate::State::Refused:
        refuse(C, C.Gate.refusal());
        continue;
      case RequestGate::State::Complete:
        C.Bytes = C.Gate.forwarded(C.Bytes);
        return !pass(C);
      case RequestGate::State::NeedMore:
        if (C.Gate.expectsContinue() && !C.ContinueSent) {
          static const char Continue[] = "HTTP/1.1 100 Continue\r\n\r\n";
          (void)!::send(C.Socket, Continue, sizeof Continue - 1,
                        MSG_NOSIGNAL | MSG_DONTWAIT);
          C.ContinueSent = true;
        }
        continue;
      }
    }
  }

  /// Passes a complete, admitted request to its queue; false when that is
  /// full (it is then refused with 503).
  bool pass(Reading &C) {
    // Every body is a compilation's: only a POST has one (RequestGate).
    bool Compile = C.Gate.method() == "POST";
    RequestQueue &Q = Compile ? Compiles : Others;
    {
      std::lock_guard<std::mutex> Lock(M);
      // One compilation runs while MaxWaitingCompiles wait.
      if (!Compile || Q.Requests.size() < Opts.MaxWaitingCompiles) {
        Q.Requests.emplace_back(C.Socket, std::move(C.Bytes));
        Q.Ready.notify_one();
        return true;
      }
    }
    refuse(C, {503, "the server is busy compiling other requests; try "
                    "again"});
    return false;
  }

  /// Makes room: past MaxConnections still sending, the one that has taken
  /// longest is refused, so that many idle connections cannot keep every
  /// new client out; past MaxLingering refused ones, the oldest is closed.
  void makeRoom(std::list<Reading> &Conns) {
    size_t Sending = 0, Lingering = 0;
    for (const Reading &C : Conns)
      ++(C.Lingering ? Lingering : Sending);
    for (auto It = Conns.begin();
         It != Conns.end() &&
         (Sending > Opts.MaxConnections || Lingering > MaxLingering);) {
      bool Evict = It->Lingering ? Lingering > MaxLingering
                                 : Sending > Opts.MaxConnections;
      if (!Evict) {
        ++It;
        continue;
      }
      if (!It->Lingering)
        refuseNow(It->Socket,
                  {503, "the server is full: this connection waited longest"},
                  It->Bytes);
      --(It->Lingering ? Lingering : Sending);
      closed(It->Socket);
      It = Conns.erase(It);
    }
  }

  void gate() {
    std::list<Reading> Conns;
    std::vector<pollfd> Polls;
    while (true) {
      {
        std::lock_guard<std::mutex> Lock(M);
        for (int S : Inbox)
          Conns.push_back(Reading{S, Clock::now() + Opts.RequestDeadline,
                                  std::string(), RequestGate(Limits)});
        Inbox.clear();
      }
      makeRoom(Conns);
      Polls.assign(1, pollfd{Wake, POLLIN, 0});
      Clock::time_point Next = Clock::now() + std::chrono::seconds(1);
      for (const Reading &C : Conns) {
        Polls.push_back(pollfd{C.Socket, POLLIN, 0});
        Next = std::min(Next, C.Deadline);
      }
      auto Wait = std::chrono::duration_cast<std::chrono::milliseconds>(
          Next - Clock::now());
      ::poll(Polls.data(), Polls.size(),
             int(std::max<int64_t>(1, Wait.count() + 1)));
      if (Polls[0].revents) {
        uint64_t Count;
        (void)!::read(Wake, &Count, sizeof Count);
      }
      size_t I = 1;
      auto Now = Clock::now();
      for (auto It = Conns.begin(); It != Conns.end(); ++I) {
        Reading &C = *It;
        bool Keep = true;
        if (Polls[I].revents)
          Keep = readMore(C);
        if (Keep && Now >= C.Deadline) {
          if (C.Lingering) {
            closed(C.Socket);
            Keep = false;
          } else {
            refuse(C, {408, "the request did not come whole in time"});
          }
        }
        It = Keep ? std::next(It) : Conns.erase(It);
      }
    }
  }

  void work(RequestQueue &Q) {
    while (true) {
      std::pair<int, std::string> Job;
      {
        std::unique_lock<std::mutex> Lock(M);
        Q.Ready.wait(Lock, [&] { return !Q.Requests.empty(); });
        Job = std::move(Q.Requests.front());
        Q.Requests.pop_front();
      }
      int Socket = Job.first;
      Http.answerRequest(Job.second, Socket, nullptr,
                         Clock::now() + Opts.WriteTimeout);
      ::shutdown(Socket, SHUT_WR);
      closed(Socket);
    }
  }
};

} // namespace

bool fairy::servePlayground(const ServeOptions &Given, std::string &Error) {
  // The options, their log through a queue, live as long as the process.
  // SIGINT and SIGTERM stop the server (the log written to its end): they
  // are taken by a thread of their own, every other thread having them
  // blocked from its start.
  sigset_t Stop;
  sigemptyset(&Stop);
  sigaddset(&Stop, SIGINT);
  sigaddset(&Stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &Stop, nullptr);
  auto &Opts = *new ServeOptions(Given);
  LogQueue *Logs = nullptr;
  if (Given.Log) {
    Logs = new LogQueue(Given.Log);
    Opts.Log = [Logs](const std::string &Line) { Logs->push(Line); };
  }
  ServedAddress At{Opts.Host, Opts.Port};
  // The server and its threads live as long as the process.
  auto *Http = new PlaygroundHttp(Opts, At);
  if (!Http->is_valid()) {
    Error = "the HTTP server could not be set up";
    return false;
  }
  // SO_REUSEADDR only: httplib's default also sets SO_REUSEPORT, which lets
  // a second `fairyc serve` on the same port take half the requests
  // instead of saying that the port is in use.
  Http->set_socket_options([](socket_t Socket) {
    int Yes = 1;
    setsockopt(Socket, SOL_SOCKET, SO_REUSEADDR, &Yes, sizeof(Yes));
  });
  int Port = Opts.Port;
  if (Port == 0)
    Port = Http->bind_to_any_port(Opts.Host);
  else if (!Http->bind_to_port(Opts.Host, Port))
    Port = -1;
  if (Port < 0) {
    Error = "cannot listen on " + Opts.Host + ":" + std::to_string(Opts.Port) +
            " (is the port in use? --port chooses another, --port=0 any)";
    return false;
  }
  // The Host and Origin checks need the port actually taken.
  Http->setServedPort(Port);
  Http->widenBacklog();
  auto *Conns = new Connections(Opts, *Http);
  Http->OnConnection = [Conns](int Socket) { Conns->add(Socket); };
  if (Opts.Ready) {
    bool IPv6 = Opts.Host.find(':') != std::string::npos;
    Opts.Ready("http://" + (IPv6 ? "[" + Opts.Host + "]" : Opts.Host) + ":" +
               std::to_string(Port) + "/");
  }
  std::thread([Http, Stop] {
    int Signal;
    sigwait(&Stop, &Signal);
    Http->stop();
  }).detach();
  bool Served = Http->listen_after_bind();
  if (Logs)
    Logs->flush();
  if (!Served) {
    Error = "the HTTP server stopped";
    return false;
  }
  return true;
}

std::string fairy::answerConnection(const std::string &Raw,
                                    const std::string &Host, int Port) {
  // Routes are regular expressions: the server is built once per address.
  static std::mutex Lock;
  static ServeOptions Opts;
  static std::map<std::pair<std::string, int>, std::unique_ptr<PlaygroundHttp>>
      Servers;
  std::lock_guard<std::mutex> Guard(Lock);
  auto &Http = Servers[{Host, Port}];
  if (!Http)
    Http = std::make_unique<PlaygroundHttp>(Opts, ServedAddress{Host, Port});
  HttpLimits Limits;
  Limits.MaxBody = MaxPlaygroundRequest;
  RequestGate Gate(Limits);
  // As Connections::readMore judges a connection that sent all at once.
  bool Head = llvm::StringRef(Raw).startswith("HEAD ");
  RequestGate::State S = Gate.feed(Raw);
  if (S == RequestGate::State::Refused)
    return refusalResponse(Gate.refusal(), Head);
  if (Gate.headersRead())
    if (std::optional<HttpRefusal> R = admit(Gate, Http->served()))
      return refusalResponse(*R, Head);
  if (S == RequestGate::State::NeedMore)
    return refusalResponse({408, "the request did not come whole in time"},
                           Head);
  std::string Out;
  Http->answerRequest(Gate.forwarded(Raw), -1, &Out);
  return Out;
}
