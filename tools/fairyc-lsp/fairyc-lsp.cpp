//===- fairyc-lsp.cpp - The Language Server Protocol over stdio -----------===//
//
// Reads JSON-RPC messages framed by Content-Length headers from standard
// input, hands each to the server (lib/Lsp/LanguageServer.cpp) and writes
// what it answers the same way. Editors start it; docs/editors.md says how.
//
//===----------------------------------------------------------------------===//
#include "LanguageServer.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <iostream>
#include <string>

using namespace fairy;

namespace {

/// Messages larger than this end the session: no editor sends one, and a
/// hostile length must not make the server allocate it.
constexpr size_t MaxMessage = 16 << 20;

void send(const llvm::json::Value &V) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << V;
  OS.flush();
  std::cout << "Content-Length: " << Text.size() << "\r\n\r\n" << Text;
  std::cout.flush();
}

} // namespace

int main() {
  std::ios::sync_with_stdio(false);
  LanguageServer Server;
  while (true) {
    size_t Length = 0;
    bool Sized = false;
    std::string Line;
    while (std::getline(std::cin, Line)) {
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      if (Line.empty())
        break;
      const std::string Key = "Content-Length:";
      if (Line.compare(0, Key.size(), Key) == 0) {
        try {
          Length = std::stoul(Line.substr(Key.size()));
          Sized = true;
        } catch (...) {
          Sized = false;
        }
      }
    }
    if (!std::cin)
      return Server.exitStatus(); // the editor went away
    if (!Sized || Length > MaxMessage) {
      std::fprintf(stderr, "fairyc-lsp: a message without a usable "
                           "Content-Length (at most 16 MiB); stopping\n");
      return 1;
    }
    std::string Body(Length, '\0');
    std::cin.read(&Body[0], Length);
    auto Message = llvm::json::parse(Body);
    if (!Message) {
      llvm::consumeError(Message.takeError());
      send(llvm::json::Object{
          {"jsonrpc", "2.0"},
          {"id", nullptr},
          {"error",
           llvm::json::Object{{"code", -32700}, {"message", "not JSON"}}}});
      continue;
    }
    for (const llvm::json::Value &Out : Server.handle(*Message))
      send(Out);
    if (Server.exited())
      return Server.exitStatus();
  }
}
