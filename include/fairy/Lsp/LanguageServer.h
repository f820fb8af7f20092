//===- LanguageServer.h - fairyc's LSP server -------------------*- C++ -*-===//
//
// fairyc-lsp's work on the driver library: a document of any notation
// (.betza, .parlett, .fn, .mf, .fir), a piece file (.fairy) or a
// variants.ini (.ini) is linted as `fairyc --lint` would (a variants.ini
// section by section, each section's diagnostics cached), and its
// diagnostics are published with their ranges and the version they are
// of; their fix-its are code actions; hovering shows a piece's diagram and
// its canonical Betza; a piece file's pieces are its document symbols and
// its includes lead to their files; a Betza, Parlett or fairy-notation
// document is formatted by its notation's writer.
//
// Every message is bounded before it is parsed (JsonLimits) and its shape
// checked before it is used (Protocol.h). Run with threads, the server
// works as clangd does: the thread that reads messages only records
// documents and queues work; two workers lint, each a different document
// and only its newest version (a lint overtaken by a change is dropped, a
// variants.ini's between two sections); another answers requests in
// order, on the text they were sent after, while a lint runs; `$/cancelRequest`
// answers a request not yet answered with RequestCancelled. Run synchronously
// (tests, the fuzz target), each message is handled completely before the next.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LSP_LANGUAGESERVER_H
#define FAIRY_LSP_LANGUAGESERVER_H

#include "fairy/Lsp/Transport.h"

#include "llvm/Support/JSON.h"

#include <functional>
#include <memory>
#include <string>

namespace fairy {

class LanguageServer {
public:
  /// Where the server's messages go: called from any of its threads, one
  /// call at a time.
  using Sink = std::function<void(const llvm::json::Value &)>;
  /// Where it says what it ignored and why (one line each, no newline).
  using Log = std::function<void(const std::string &)>;
  enum class Mode { Sync, Threads };

  LanguageServer(Sink Out, Log Logger, Mode M);
  /// Stops the workers once their work in hand is done: a lint's result
  /// is not published (a variants.ini's stops at its next section), a
  /// request being worked on is still answered, queued work is dropped.
  ~LanguageServer();
  LanguageServer(const LanguageServer &) = delete;
  LanguageServer &operator=(const LanguageServer &) = delete;

  /// Handles one message body as framed: parsed within the limits (a
  /// -32700 answer otherwise), its envelope and params checked.
  void handleBody(llvm::StringRef Body);
  /// Handles one parsed message.
  void handle(const llvm::json::Value &Message);
  /// Waits until every queued lint and request is done.
  void waitIdle();

  /// Whether an `exit` notification came, and the status to exit with (0
  /// after `shutdown`, 1 otherwise, as the protocol asks).
  bool exited() const;
  int exitStatus() const;

  /// Sections of variants.ini documents imported so far (tests).
  unsigned variantsImports() const;

private:
  struct Impl;
  std::unique_ptr<Impl> I;
};

/// A whole session: reads framed messages from \p In until `exit` or the
/// end of the input, handles each, and returns the exit status (1 after a
/// framing error, which is logged).
int runLanguageServer(lsp::ByteSource &In, LanguageServer::Sink Out,
                      LanguageServer::Log Logger, LanguageServer::Mode M,
                      const lsp::FramingLimits &Limits = lsp::FramingLimits());

} // namespace fairy

#endif
