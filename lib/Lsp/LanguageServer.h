//===- LanguageServer.h - fairyc's LSP server -----------------*- C++ -*-===//
//
// fairyc-lsp's work, message by message, on the driver library: a document
// of any notation (.betza, .parlett, .fn, .mf, .fir), a piece file (.fairy)
// or a variants.ini (.ini) is compiled and linted as `fairyc --lint` would
// (each section of a variants.ini imported in turn), and its
// diagnostics are published with their ranges; their fix-its are code
// actions; hovering shows a piece's diagram and its canonical Betza; a
// piece file's pieces are its document symbols and its includes lead to
// their files; a Betza, Parlett or fairy-notation document is formatted by
// its notation's writer. The transport (Content-
// Length framed JSON-RPC over stdio) is the tool's (tools/fairyc-lsp).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LSP_LANGUAGESERVER_H
#define FAIRY_LSP_LANGUAGESERVER_H

#include "llvm/Support/JSON.h"

#include <map>
#include <string>
#include <vector>

namespace fairy {

class LanguageServer {
public:
  /// Handles one JSON-RPC message (a request or a notification) and
  /// returns what to send back, in order: its response, if it is a
  /// request, and notifications (diagnostics).
  std::vector<llvm::json::Value> handle(const llvm::json::Value &Message);

  /// Whether an `exit` notification came, and the status to exit with (0
  /// after `shutdown`, 1 otherwise, as the protocol asks).
  bool exited() const { return Exited; }
  int exitStatus() const { return ShutDown ? 0 : 1; }

private:
  struct Document {
    std::string Text;
    int64_t Version = 0;
  };
  std::map<std::string, Document> Documents; ///< by URI
  bool ShutDown = false, Exited = false;

  /// The text of the open document \p Uri; nullptr if it is not open.
  const std::string *textOf(const std::string &Uri) const;
  llvm::json::Value publishDiagnostics(const std::string &Uri);
  llvm::json::Value hover(const llvm::json::Object &Params);
  llvm::json::Value documentSymbols(const llvm::json::Object &Params);
  llvm::json::Value codeActions(const llvm::json::Object &Params);
  llvm::json::Value formatting(const llvm::json::Object &Params);
  llvm::json::Value definition(const llvm::json::Object &Params);
};

} // namespace fairy

#endif
