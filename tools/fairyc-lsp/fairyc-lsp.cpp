//===- fairyc-lsp.cpp - The Language Server Protocol over stdio -----------===//
//
// Reads JSON-RPC messages framed by Content-Length headers from standard
// input, hands each to the server (lib/Lsp) and writes what it answers the
// same way; what it ignores, and why, goes to standard error. Editors start
// it; docs/editors.md says how.
//
//   fairyc-lsp          a thread reads messages, workers lint and answer
//   fairyc-lsp --sync   each message handled in turn (the tests)
//
//===----------------------------------------------------------------------===//
#include "fairy/Lsp/LanguageServer.h"

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

using namespace fairy;

int main(int argc, char **argv) {
  LanguageServer::Mode Mode = LanguageServer::Mode::Threads;
  for (int I = 1; I < argc; ++I) {
    if (std::strcmp(argv[I], "--sync") == 0) {
      Mode = LanguageServer::Mode::Sync;
    } else {
      std::fprintf(stderr,
                   "fairyc-lsp: unknown option '%s' (only --sync); editors "
                   "start it without options\n",
                   argv[I]);
      return 1;
    }
  }
  // An editor that went away is seen as the end of the input, not a signal.
  std::signal(SIGPIPE, SIG_IGN);
  auto Send = [](const llvm::json::Value &V) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    OS << V;
    OS.flush();
    std::string Framed = lsp::frame(Text);
    for (size_t At = 0; At < Framed.size();) {
      ssize_t N =
          ::write(STDOUT_FILENO, Framed.data() + At, Framed.size() - At);
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        return; // the editor went away; the input ends next
      At += size_t(N);
    }
  };
  auto Log = [](const std::string &Line) {
    std::fprintf(stderr, "fairyc-lsp: %s\n", Line.c_str());
  };
  lsp::FileSource In(STDIN_FILENO);
  return runLanguageServer(In, Send, Log, Mode);
}
