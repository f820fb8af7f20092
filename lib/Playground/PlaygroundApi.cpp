//===- PlaygroundApi.cpp - /api/compile and /api/info ---------------------===//
//
// Each request becomes fairyc invocations on the driver library: the
// picture (--emit=svg --svg-squares, whose diagnostics are the request's),
// then, if it compiled, the destinations (--emit=json), the IR and the
// piece in the other notations. Nothing here knows a notation.
//
//===----------------------------------------------------------------------===//
#include "fairy/Playground/PlaygroundApi.h"

#include "fairy/Driver/Driver.h"
#include "fairy/Eval/Board.h"
#include "fairy/Eval/BoardStyle.h"
#include "fairy/Eval/Position.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Support/Diagnostics.h"
#include "fairy/Support/JsonInput.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <chrono>

using namespace fairy;
using namespace llvm;

namespace {

/// A piece the request puts on the board besides the mover.
struct PlacedPiece {
  std::string Square;
  bool Own = false;
  char Letter = 'P';
};

/// A well-formed /api/compile request.
struct Request {
  std::string Notation, Text, Board = "8x8", From;
  BoardStyle Style = BoardStyle::Auto;
  Color Side = Color::White;
  bool Moved = false;
  std::vector<PlacedPiece> Pieces;
};

ApiReply reply(int Status, json::Value V) {
  std::string Body;
  raw_string_ostream OS(Body);
  OS << V;
  OS.flush();
  return {Status, std::move(Body)};
}

ApiReply badRequest(const std::string &Why) {
  return reply(400, json::Object{{"error", Why}});
}

/// The JSON of a request, its shape checked field by field before any is
/// used (fairy/Support/JsonInput.h); the values are checked by readRequest.
struct PieceJson {
  std::string Square, Side;
  std::optional<std::string> Letter;
};

struct RequestJson {
  std::string Notation, Text;
  std::optional<std::string> Board, From, Style, Side;
  std::optional<bool> Moved;
  std::optional<std::vector<PieceJson>> Pieces;
};

bool fromJSON(const json::Value &V, PieceJson &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("square", P.Square) && O.map("side", P.Side) &&
         O.mapOptional("letter", P.Letter);
}

bool fromJSON(const json::Value &V, RequestJson &R, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("notation", R.Notation) && O.map("text", R.Text) &&
         O.mapOptional("board", R.Board) && O.mapOptional("from", R.From) &&
         O.mapOptional("style", R.Style) && O.mapOptional("side", R.Side) &&
         O.mapOptional("moved", R.Moved) && O.mapOptional("pieces", R.Pieces);
}

/// Reads \p Body into \p R; the reason it is not a request otherwise.
std::optional<std::string> readRequest(const std::string &Body, Request &R) {
  // A request is small and shallow: 256 KiB and 8 levels (the pieces'
  // objects are at level 2) are far more than the page ever sends.
  Expected<json::Value> V =
      parseJsonInput(Body, JsonLimits{MaxPlaygroundRequest, 8});
  if (!V)
    return "the request is not JSON: " + toString(V.takeError());
  RequestJson J;
  if (auto Why = readJson(*V, J, "request"))
    return *Why;
  R.Notation = J.Notation;
  R.Text = J.Text;
  R.Board = J.Board.value_or(R.Board);
  R.From = J.From.value_or("");
  if (!findNotation(R.Notation))
    return "\"notation\": no notation is called '" + R.Notation +
           "' (GET /api/info lists them)";
  std::string Style = J.Style.value_or("auto");
  if (auto S = parseBoardStyle(Style))
    R.Style = *S;
  else
    return "\"style\": no board style is called '" + Style + "'";
  std::string Side = J.Side.value_or("white");
  if (Side != "white" && Side != "black")
    return std::string("\"side\" is \"white\" or \"black\"");
  R.Side = Side == "white" ? Color::White : Color::Black;
  R.Moved = J.Moved.value_or(false);
  for (const PieceJson &P : J.Pieces.value_or(std::vector<PieceJson>())) {
    if (P.Side != "own" && P.Side != "enemy")
      return std::string("each of \"pieces\" is {\"square\": NAME, \"side\": "
                         "\"own\" or \"enemy\"}");
    PlacedPiece Piece{P.Square, P.Side == "own"};
    if (P.Letter) {
      if (P.Letter->size() != 1 || !std::isupper((unsigned char)(*P.Letter)[0]))
        return std::string("a piece's \"letter\" is one upper case letter");
      Piece.Letter = (*P.Letter)[0];
    }
    R.Pieces.push_back(Piece);
  }
  return std::nullopt;
}

/// The invocation for \p R emitting \p Emit, with the position it
/// describes: the board, the pieces that stand on it (others are dropped
/// and left out of \p Placed) and the mover's square (the centre if none
/// was given; \p From names it). A board that does not parse is left for
/// the driver to report.
Invocation invocationFor(const Request &R, const std::string &Emit,
                         json::Array *Placed = nullptr,
                         std::string *From = nullptr) {
  Invocation Inv;
  Inv.Expression = R.Text;
  Inv.Notation = R.Notation;
  Inv.Emit = Emit;
  Inv.Board = R.Board;
  Inv.From = R.From;
  Inv.Side = R.Side;
  Inv.Moved = R.Moved;
  Inv.Style = R.Style;
  Inv.SvgSquares = true;
  std::string Error;
  std::optional<Board> B = Board::parse(R.Board, Error);
  if (!B)
    return Inv;
  unsigned Origin = B->centre();
  if (!R.From.empty() && !B->parseSquare(R.From, Origin, Error))
    return Inv; // the driver reports the square
  Inv.From = B->squareName(Origin);
  if (From)
    *From = Inv.From;
  Position P(*B);
  for (const PlacedPiece &Piece : R.Pieces) {
    unsigned I;
    if (!B->parseSquare(Piece.Square, I, Error) || !B->squares().test(I) ||
        I == Origin || P.at(I).Present)
      continue;
    Color Side = Piece.Own ? R.Side : opposite(R.Side);
    P.place(I, Side, Piece.Letter);
    if (Placed)
      Placed->push_back(json::Object{{"square", B->squareName(I)},
                                     {"side", Piece.Own ? "own" : "enemy"},
                                     {"letter", std::string(1, Piece.Letter)}});
  }
  if (P.hasPieces())
    Inv.Position = P.toFEN();
  return Inv;
}

/// One more output of a request that compiled: {"text": ...}, or
/// {"error": the first error} when this back end cannot write the piece.
json::Object convert(const Request &R, const std::string &Emit) {
  Driver D("fairyc", DiagnosticsOutput::Collect);
  if (std::optional<std::string> Out = D.emit(invocationFor(R, Emit)))
    return json::Object{{"text", *Out}};
  for (const DriverDiagnostic &Diag : D.diagnostics())
    if (Diag.Kind == DriverDiagnostic::Error)
      return json::Object{{"error", Diag.Message}};
  return json::Object{{"error", "fairyc wrote nothing"}};
}

/// The destinations of --emit=json from one square, each square once with
/// the kinds that reach it ("move", "capture", "remote", "promote").
json::Array destinationsOf(const std::string &MovesJson) {
  json::Array Out;
  Expected<json::Value> V = json::parse(MovesJson);
  if (!V) {
    consumeError(V.takeError());
    return Out;
  }
  const json::Object *O = V->getAsObject();
  const json::Array *Moves = O ? O->getArray("moves") : nullptr;
  if (!Moves || Moves->size() != 1 || !(*Moves)[0].getAsObject())
    return Out;
  const json::Object &From = *(*Moves)[0].getAsObject();
  std::vector<std::pair<std::string, json::Array>> Squares;
  for (auto [Key, Kind] : {std::pair{"quiet", "move"},
                           {"capture", "capture"},
                           {"remote", "remote"},
                           {"promote", "promote"}}) {
    const json::Array *List = From.getArray(Key);
    for (const json::Value &S : List ? *List : json::Array()) {
      std::string Name = S.getAsString().getValueOr("").str();
      auto It = std::find_if(Squares.begin(), Squares.end(),
                             [&](const auto &E) { return E.first == Name; });
      if (It == Squares.end())
        It = Squares.insert(Squares.end(), {Name, json::Array()});
      It->second.push_back(Kind);
    }
  }
  for (auto &[Name, Kinds] : Squares)
    Out.push_back(json::Object{{"square", Name}, {"kinds", std::move(Kinds)}});
  return Out;
}

} // namespace

ApiReply fairy::compileForPlayground(const std::string &RequestBody,
                                     std::chrono::milliseconds ExtrasBudget) {
  auto Start = std::chrono::steady_clock::now();
  Request R;
  if (auto Why = readRequest(RequestBody, R))
    return badRequest(*Why);

  // What --lint says, then the picture; their diagnostics are the
  // request's, recorded and printed as fairyc prints them (source line,
  // caret, fix-its). The picture's job repeats no warning lint gave.
  std::string Text;
  raw_string_ostream TextOS(Text);
  json::Array Diags, Placed;
  std::vector<std::string> Silenced;
  auto Report = [&](Driver &D) {
    for (const Diagnostic &Diag : D.engine().diagnostics()) {
      json::Object E{{"severity", severityName(Diag.Kind)},
                     {"message", Diag.Message}};
      if (Diag.Line) {
        E["line"] = int64_t(Diag.Line);
        E["column"] = int64_t(Diag.Column);
      }
      if (!Diag.Name.empty()) {
        E["name"] = Diag.Name;
        Silenced.push_back("no-" + Diag.Name);
      }
      Diags.push_back(std::move(E));
    }
  };
  std::string From;
  Invocation Inv = invocationFor(R, "svg", &Placed, &From);
  std::optional<std::string> Svg;
  {
    Driver Lint("fairyc", DiagnosticsOutput::Collect);
    Lint.engine().setStream(&TextOS);
    Lint.setColors(false);
    Invocation LintInv = Inv;
    LintInv.LintOnly = true;
    Lint.emit(LintInv);
    Report(Lint);
    if (!Lint.errorCount()) {
      Driver Picture("fairyc", DiagnosticsOutput::Collect);
      Picture.engine().setStream(&TextOS);
      Picture.setColors(false);
      Picture.applyWarningFlags(Silenced);
      Svg = Picture.emit(Inv);
      Report(Picture);
    }
  }
  TextOS.flush();

  json::Object Out{{"ok", Svg.has_value()},
                   {"board", R.Board},
                   {"pieces", std::move(Placed)},
                   {"diagnostics", std::move(Diags)},
                   {"diagnosticsText", Text}};
  if (!From.empty())
    Out["from"] = From;
  if (!Svg)
    return reply(200, std::move(Out));

  Out["svg"] = *Svg;
  Driver Moves("fairyc", DiagnosticsOutput::Collect);
  Out["destinations"] =
      destinationsOf(Moves.emit(invocationFor(R, "json")).value_or("{}"));
  // The IR and the conversions only while the answer is still quick: a
  // piece that took a second to lint and draw is not written four more
  // times (each job has the driver's limits, the request has this one).
  auto Extra = [&](const char *Emit) {
    if (std::chrono::steady_clock::now() - Start >= ExtrasBudget)
      return json::Object{{"error", "not written: this piece took more than "
                                    "a second to compile and draw"}};
    return convert(R, Emit);
  };
  Out["ir"] = Extra("ir");
  Out["conversions"] = json::Object{{"betza", Extra("betza")},
                                    {"parlett", Extra("parlett")},
                                    {"fairy", Extra("fairy")}};
  return reply(200, std::move(Out));
}

ApiReply fairy::playgroundInfo() {
  json::Array Notations, Styles;
  for (const NotationInfo &N : notations())
    Notations.push_back(
        json::Object{{"name", N.Name}, {"description", N.Description}});
  for (BoardStyle S : {BoardStyle::Auto, BoardStyle::Chess, BoardStyle::Xiangqi,
                       BoardStyle::Janggi, BoardStyle::Shogi})
    Styles.push_back(boardStyleName(S));
  return reply(200, json::Object{{"version", libraryVersion()},
                                 {"notations", std::move(Notations)},
                                 {"styles", std::move(Styles)}});
}
