//===- Protocol.h - The LSP messages fairyc-lsp reads -----------*- C++ -*-===//
//
// Every JSON-RPC message an editor sends is checked here before any field
// of it is used, as clangd's Protocol.h does: first the envelope (an
// object with "jsonrpc": "2.0", a string method, an integer or string id),
// then the params of its method, read into one of the typed structs below
// by fromJSON. A handler is given the struct, never the JSON, so a field
// whose shape was not checked cannot be read. A wrong envelope is answered
// -32600 (Invalid Request), wrong params -32602 (Invalid params) with where
// ("expected string at params.textDocument.uri").
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LSP_PROTOCOL_H
#define FAIRY_LSP_PROTOCOL_H

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace fairy::lsp {

/// JSON-RPC's and LSP's error codes.
enum class ErrorCode : int64_t {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  RequestCancelled = -32800,
};

/// One message as it came, its envelope checked: a request (with an id) or
/// a notification (without).
struct Message {
  std::string Method;
  /// The request's id (an integer or a string); none for a notification.
  std::optional<llvm::json::Value> Id;
  /// The params, as sent (null when absent); read them with readParams.
  llvm::json::Value Params = nullptr;
};

/// Checks the envelope of \p V. On success fills \p Out and returns
/// nullopt; otherwise returns why it is not a JSON-RPC request or
/// notification, and sets \p Out.Id to what the refusal is answered to:
/// the id, or null for an id of a wrong shape; none when the message had no
/// id (or is a response), which is not answered.
std::optional<std::string> readMessage(const llvm::json::Value &V,
                                       Message &Out);

/// The answers, in JSON-RPC's shapes.
llvm::json::Value reply(const llvm::json::Value &Id, llvm::json::Value Result);
llvm::json::Value replyError(const llvm::json::Value &Id, ErrorCode Code,
                             llvm::StringRef Text);
llvm::json::Value notification(llvm::StringRef Method,
                               llvm::json::Value Params);

// The params of the methods fairyc-lsp serves. Positions are 0-based, as
// the protocol counts them (lines, UTF-16 units).

struct Position {
  int64_t Line = 0, Character = 0;
};
struct Range {
  Position Start, End;
};
struct TextDocumentIdentifier {
  std::string Uri;
};
struct VersionedTextDocumentIdentifier {
  std::string Uri;
  std::optional<int64_t> Version; ///< null is allowed by the protocol
};
struct TextDocumentItem {
  std::string Uri, LanguageId, Text;
  int64_t Version = 0;
};
struct InitializeParams {}; ///< nothing in it is used; it must be an object
struct DidOpenParams {
  TextDocumentItem TextDocument;
};
struct ContentChange {
  std::optional<Range> ChangeRange; ///< fairyc-lsp asks for whole texts
  std::string Text;
};
struct DidChangeParams {
  VersionedTextDocumentIdentifier TextDocument;
  std::vector<ContentChange> ContentChanges;
};
struct DidCloseParams {
  TextDocumentIdentifier TextDocument;
};
/// hover, definition.
struct TextDocumentPositionParams {
  TextDocumentIdentifier TextDocument;
  Position At;
};
/// documentSymbol, formatting (whose options are not used).
struct TextDocumentParams {
  TextDocumentIdentifier TextDocument;
};
struct CodeActionParams {
  TextDocumentIdentifier TextDocument;
  Range Want;
};
struct CancelParams {
  llvm::json::Value Id = nullptr; ///< an integer or a string
};

bool fromJSON(const llvm::json::Value &V, Position &Out, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, Range &Out, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, TextDocumentIdentifier &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, VersionedTextDocumentIdentifier &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, TextDocumentItem &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, InitializeParams &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, DidOpenParams &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, ContentChange &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, DidChangeParams &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, DidCloseParams &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, TextDocumentPositionParams &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, TextDocumentParams &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, CodeActionParams &Out,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, CancelParams &Out,
              llvm::json::Path P);

} // namespace fairy::lsp

#endif
