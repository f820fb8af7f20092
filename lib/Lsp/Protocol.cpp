//===- Protocol.cpp - The LSP messages fairyc-lsp reads -------------------===//
#include "fairy/Lsp/Protocol.h"

using namespace fairy::lsp;
using namespace llvm;

std::optional<std::string> fairy::lsp::readMessage(const json::Value &V,
                                                   Message &Out) {
  const json::Object *O = V.getAsObject();
  if (!O)
    return std::string("a JSON-RPC message is an object");
  const json::Value *Method = O->get("method");
  // An answer to a request: fairyc-lsp sends none, and an answer is never
  // answered.
  if (!Method && (O->get("result") || O->get("error")))
    return std::string("a response, but fairyc-lsp sends no requests");
  if (const json::Value *Id = O->get("id")) {
    if (!Id->getAsInteger() && !Id->getAsString()) {
      Out.Id = nullptr; // answered to a null id, as JSON-RPC asks
      return std::string("the id is neither an integer nor a string");
    }
    Out.Id = *Id;
  }
  std::optional<StringRef> Version;
  if (auto S = O->getString("jsonrpc"))
    Version = *S;
  if (Version != StringRef("2.0"))
    return std::string("\"jsonrpc\" is not \"2.0\"");
  if (!Method)
    return std::string("a message without a method");
  auto Name = Method->getAsString();
  if (!Name)
    return std::string("the method is not a string");
  Out.Method = Name->str();
  if (const json::Value *Params = O->get("params"))
    Out.Params = *Params;
  return std::nullopt;
}

json::Value fairy::lsp::reply(const json::Value &Id, json::Value Result) {
  return json::Object{
      {"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}};
}

json::Value fairy::lsp::replyError(const json::Value &Id, ErrorCode Code,
                                   StringRef Text) {
  return json::Object{{"jsonrpc", "2.0"},
                      {"id", Id},
                      {"error", json::Object{{"code", int64_t(Code)},
                                             {"message", Text.str()}}}};
}

json::Value fairy::lsp::notification(StringRef Method, json::Value Params) {
  return json::Object{{"jsonrpc", "2.0"},
                      {"method", Method.str()},
                      {"params", std::move(Params)}};
}

namespace {
/// Reads a non-negative integer (a line, a column).
bool readCount(const json::Object &O, StringLiteral Key, int64_t &Out,
               json::Path P) {
  const json::Value *V = O.get(Key);
  if (!V) {
    P.field(Key).report("missing value");
    return false;
  }
  auto N = V->getAsInteger();
  if (!N || *N < 0) {
    P.field(Key).report("expected a non-negative integer");
    return false;
  }
  Out = *N;
  return true;
}
} // namespace

bool fairy::lsp::fromJSON(const json::Value &V, Position &Out, json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected object");
    return false;
  }
  return readCount(*O, "line", Out.Line, P) &&
         readCount(*O, "character", Out.Character, P);
}

bool fairy::lsp::fromJSON(const json::Value &V, Range &Out, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("start", Out.Start) && O.map("end", Out.End);
}

bool fairy::lsp::fromJSON(const json::Value &V, TextDocumentIdentifier &Out,
                          json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("uri", Out.Uri);
}

bool fairy::lsp::fromJSON(const json::Value &V,
                          VersionedTextDocumentIdentifier &Out, json::Path P) {
  json::ObjectMapper O(V, P);
  Optional<int64_t> Version;
  if (!O || !O.map("uri", Out.Uri) || !O.map("version", Version))
    return false;
  if (Version)
    Out.Version = *Version;
  return true;
}

bool fairy::lsp::fromJSON(const json::Value &V, TextDocumentItem &Out,
                          json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("uri", Out.Uri) &&
         O.mapOptional("languageId", Out.LanguageId) &&
         O.map("version", Out.Version) && O.map("text", Out.Text);
}

bool fairy::lsp::fromJSON(const json::Value &V, InitializeParams &,
                          json::Path P) {
  // The client's capabilities change nothing fairyc-lsp does; absent
  // params are allowed.
  if (V.kind() == json::Value::Null || V.getAsObject())
    return true;
  P.report("expected object");
  return false;
}

bool fairy::lsp::fromJSON(const json::Value &V, DidOpenParams &Out,
                          json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("textDocument", Out.TextDocument);
}

bool fairy::lsp::fromJSON(const json::Value &V, ContentChange &Out,
                          json::Path P) {
  json::ObjectMapper O(V, P);
  Optional<Range> R;
  if (!O || !O.map("range", R) || !O.map("text", Out.Text))
    return false;
  if (R)
    Out.ChangeRange = *R;
  return true;
}

bool fairy::lsp::fromJSON(const json::Value &V, DidChangeParams &Out,
                          json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("textDocument", Out.TextDocument) &&
         O.map("contentChanges", Out.ContentChanges);
}

bool fairy::lsp::fromJSON(const json::Value &V, DidCloseParams &Out,
                          json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("textDocument", Out.TextDocument);
}

bool fairy::lsp::fromJSON(const json::Value &V, TextDocumentPositionParams &Out,
                          json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("textDocument", Out.TextDocument) &&
         O.map("position", Out.At);
}

bool fairy::lsp::fromJSON(const json::Value &V, TextDocumentParams &Out,
                          json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("textDocument", Out.TextDocument);
}

bool fairy::lsp::fromJSON(const json::Value &V, CodeActionParams &Out,
                          json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("textDocument", Out.TextDocument) &&
         O.map("range", Out.Want);
}

bool fairy::lsp::fromJSON(const json::Value &V, CancelParams &Out,
                          json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected object");
    return false;
  }
  const json::Value *Id = O->get("id");
  if (!Id || (!Id->getAsInteger() && !Id->getAsString())) {
    P.field("id").report("expected integer or string");
    return false;
  }
  Out.Id = *Id;
  return true;
}
