//===- PlaygroundServer.h - fairyc serve ------------------------*- C++ -*-===//
//
// A small HTTP server (Debian's cpp-httplib) for the playground: the page
// (built in), GET /api/info and POST /api/compile (PlaygroundApi.h).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_PLAYGROUND_PLAYGROUNDSERVER_H
#define FAIRY_PLAYGROUND_PLAYGROUNDSERVER_H

#include <functional>
#include <string>

namespace fairy {

struct ServeOptions {
  /// The address to listen on; the default lets only this machine in.
  std::string Host = "127.0.0.1";
  /// 0: any free port (the address Ready is told names it).
  int Port = 8151;
  /// Called once listening, with the page's address.
  std::function<void(const std::string &Url)> Ready;
  /// Called for each request answered: method, path, status.
  std::function<void(const std::string &Line)> Log;
};

/// Serves until the process ends (or the server fails). Returns false with
/// \p Error set when it cannot listen.
bool servePlayground(const ServeOptions &Opts, std::string &Error);

} // namespace fairy

#endif
