//===- JsonInput.h - JSON that came from outside ----------------*- C++ -*-===//
//
// The doors (fairyc serve's HTTP API, fairyc-lsp's JSON-RPC) read JSON that
// anyone may have written. llvm::json::parse recurses once per nesting level
// and so do a json::Value's destructor and copy, so a text of 200,000 '['
// overflows the stack before any limit in a handler could look at it. Every
// door therefore reads JSON here: the size and the nesting depth are checked
// by one linear scan that does not recurse, then the text is parsed; and a
// value is read into a typed struct through llvm::json's fromJSON, so that a
// handler never touches a field whose shape was not checked (as clangd's
// Protocol.cpp does).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_SUPPORT_JSONINPUT_H
#define FAIRY_SUPPORT_JSONINPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace llvm {
namespace json {
/// An optional field read with ObjectMapper::mapOptional into a
/// std::optional (LLVM 14 reads only into llvm::Optional). It lives here,
/// beside fromJSON's other overloads, for argument-dependent lookup.
template <typename T>
bool fromJSON(const Value &E, std::optional<T> &Out, Path P) {
  T V;
  if (!fromJSON(E, V, P))
    return false;
  Out = std::move(V);
  return true;
}
} // namespace json
} // namespace llvm

namespace fairy {

/// What a door accepts of one JSON text.
struct JsonLimits {
  /// The largest text, in bytes.
  size_t MaxBytes = 1 << 20;
  /// The deepest nesting of arrays and objects (1 for `[]` or `{}`).
  unsigned MaxDepth = 64;
};

/// Why \p Text is over \p Limits ("nested deeper than 64 levels"), found
/// without recursion; nullopt when it is within them. Text that is not JSON
/// at all passes here and is refused by the parser.
std::optional<std::string> checkJsonLimits(llvm::StringRef Text,
                                           const JsonLimits &Limits);

/// \p Text parsed as JSON if it is within \p Limits; otherwise why not.
llvm::Expected<llvm::json::Value> parseJsonInput(llvm::StringRef Text,
                                                 const JsonLimits &Limits);

/// The message of \p R's error ("expected string at
/// params.textDocument.uri").
std::string jsonShapeError(const llvm::json::Path::Root &R);

/// Reads \p V into \p Out with fromJSON(const json::Value &, T &,
/// json::Path). nullopt on success; otherwise why it does not have T's
/// shape and where, the place named from \p Root.
template <typename T>
std::optional<std::string> readJson(const llvm::json::Value &V, T &Out,
                                    llvm::StringRef Root) {
  llvm::json::Path::Root R(Root);
  if (fromJSON(V, Out, R))
    return std::nullopt;
  return jsonShapeError(R);
}

} // namespace fairy

#endif
