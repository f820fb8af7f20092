//===- PlaygroundServer.cpp - The playground over HTTP --------------------===//
#include "PlaygroundServer.h"
#include "PlaygroundApi.h"

#include <httplib.h>

#include <cstring>
#include <mutex>
#include <sys/socket.h>

using namespace fairy;

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

/// Headers on every answer: the page runs only its own script (the SVG it
/// is sent carries styles, never scripts), and nothing is sniffed.
const httplib::Headers SecurityHeaders = {
    {"Content-Security-Policy",
     "default-src 'none'; script-src 'self'; connect-src 'self'; "
     "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
    {"X-Content-Type-Options", "nosniff"},
    {"Referrer-Policy", "no-referrer"},
    {"Cache-Control", "no-store"}};

void answer(httplib::Response &Res, const ApiReply &R) {
  Res.status = R.Status;
  Res.set_content(R.Body, "application/json");
}

} // namespace

bool fairy::servePlayground(const ServeOptions &Opts, std::string &Error) {
  httplib::Server Server;
  if (!Server.is_valid()) {
    Error = "the HTTP server could not be set up";
    return false;
  }
  Server.set_default_headers(SecurityHeaders);
  // SO_REUSEADDR only: httplib's default also sets SO_REUSEPORT, which lets
  // a second `fairyc serve` on the same port take half the requests
  // instead of saying that the port is in use.
  Server.set_socket_options([](socket_t Socket) {
    int Yes = 1;
    setsockopt(Socket, SOL_SOCKET, SO_REUSEADDR, &Yes, sizeof(Yes));
  });
  // Larger bodies are refused with 413 before they are read.
  Server.set_payload_max_length(MaxPlaygroundRequest);
  Server.set_read_timeout(5, 0);
  Server.set_write_timeout(5, 0);

  for (const EmbeddedFile &F : PageFiles) {
    std::string Path = std::string("/") + F.Name;
    std::string Body(reinterpret_cast<const char *>(F.Bytes), F.Size);
    const char *Type = contentType(F.Name);
    auto Serve = [Body, Type](const httplib::Request &,
                              httplib::Response &Res) {
      Res.set_content(Body, Type);
    };
    Server.Get(Path, Serve);
    if (Path == "/index.html")
      Server.Get("/", Serve);
  }
  Server.Get("/api/info", [](const httplib::Request &, httplib::Response &Res) {
    answer(Res, playgroundInfo());
  });
  // One compilation at a time: the page sends a request per change and
  // keeps only the newest answer, so queueing costs nothing, and each
  // compilation keeps the driver's own limits on time and memory.
  std::mutex CompileLock;
  Server.Post("/api/compile",
              [&](const httplib::Request &Req, httplib::Response &Res) {
                std::lock_guard<std::mutex> Lock(CompileLock);
                answer(Res, compileForPlayground(Req.body));
              });
  Server.set_error_handler(
      [](const httplib::Request &Req, httplib::Response &Res) {
        if (!Res.body.empty())
          return;
        std::string Why = Res.status == 404   ? "no such page"
                          : Res.status == 413 ? "the request is too large"
                                              : "the request was refused";
        Res.set_content("{\"error\":\"" + Why + "\"}", "application/json");
        (void)Req;
      });
  if (Opts.Log)
    Server.set_logger([&](const httplib::Request &Req,
                          const httplib::Response &Res) {
      Opts.Log(Req.method + " " + Req.path + " " + std::to_string(Res.status));
    });

  int Port = Opts.Port;
  if (Port == 0)
    Port = Server.bind_to_any_port(Opts.Host);
  else if (!Server.bind_to_port(Opts.Host, Port))
    Port = -1;
  if (Port < 0) {
    Error = "cannot listen on " + Opts.Host + ":" + std::to_string(Opts.Port) +
            " (is the port in use? --port chooses another, --port=0 any)";
    return false;
  }
  if (Opts.Ready) {
    bool IPv6 = Opts.Host.find(':') != std::string::npos;
    Opts.Ready("http://" + (IPv6 ? "[" + Opts.Host + "]" : Opts.Host) + ":" +
               std::to_string(Port) + "/");
  }
  if (!Server.listen_after_bind()) {
    Error = "the HTTP server stopped";
    return false;
  }
  return true;
}
