//===- LspFuzzer.cpp - Fuzz fairyc-lsp's framing and dispatch -------------===//
//
// Any bytes as what an editor writes to fairyc-lsp: read by the framing
// reader (in pieces of a size taken from the first byte, so messages are
// split across reads), each body handled by the server run synchronously
// (lib/Lsp). Every message the server sends must be JSON-RPC: "jsonrpc":
// "2.0", and either a notification (a method and params) or an answer (an
// id with exactly one of result and error, an error with an integer code
// and a message).
//
//===----------------------------------------------------------------------===//
#include "fairy/Lsp/LanguageServer.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>

using namespace fairy;

namespace {

[[noreturn]] void fail(const char *What, const llvm::json::Value &V) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << V;
  std::fprintf(stderr, "LspFuzzer: %s: %s\n", What,
               OS.str().substr(0, 2000).c_str());
  std::abort();
}

void check(const llvm::json::Value &V) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O || O->getString("jsonrpc") != llvm::StringRef("2.0"))
    fail("not a JSON-RPC message", V);
  if (O->get("method")) {
    if (!O->getString("method") || O->get("id") || !O->getObject("params"))
      fail("a notification of the wrong shape", V);
    return;
  }
  const llvm::json::Value *Id = O->get("id");
  if (!Id || (!Id->getAsInteger() && !Id->getAsString() &&
              Id->kind() != llvm::json::Value::Null))
    fail("an answer without a usable id", V);
  bool Result = O->get("result"), Error = O->get("error");
  if (Result == Error)
    fail("an answer with neither or both of result and error", V);
  if (Error) {
    const llvm::json::Object *E = O->getObject("error");
    if (!E || !E->getInteger("code") || !E->getString("message"))
      fail("an error without its code and message", V);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0 || Size > 8192)
    return 0;
  size_t Chunk = 1 + Data[0] % 64;
  llvm::StringRef Input(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  lsp::StringSource In(Input, Chunk);
  runLanguageServer(
      In, [](const llvm::json::Value &V) { check(V); },
      [](const std::string &) {}, LanguageServer::Mode::Sync);
  return 0;
}
