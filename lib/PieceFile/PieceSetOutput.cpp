//===- PieceSetOutput.cpp - fairyc's outputs for a whole piece set --------===//
//
// Every output works on "views": a piece for one side. A piece whose moves
// are the same for both sides (no side-specific movement, and a moveset
// that Black's half-turn leaves unchanged) has one view, named after the
// piece; any other has a White and a Black view (knight; pawn_white,
// pawn_black), so engines get one table per distinct moveset.
//
//===----------------------------------------------------------------------===//
#include "fairy/PieceFile/PieceSetOutput.h"
#include "fairy/Support/Escape.h"

#include "fairy/Notation/BetzaWriter.h"
#include "fairy/Backend/Bitboard.h"
#include "fairy/Backend/CTable.h"
#include "fairy/Backend/Diagram.h"
#include "fairy/Notation/FairyWriter.h"
#include "fairy/Backend/Json.h"
#include "fairy/Notation/ParlettWriter.h"
#include "fairy/Backend/Svg.h"
#include "fairy/Eval/Evaluator.h"
#include "fairy/IR/Builder.h"
#include "fairy/IR/Printer.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <fmt/format.h>

using namespace fairy;

void fairy::leftOut(DiagnosticEngine &Diags, const PieceDef &Def,
                    const std::string &Name, const char *What,
                    const std::string &Why) {
  Diags.warning(Warning::PieceNotWritten, Def.NameRange.Start,
                "'" + Name + "' is left out of " + What + ": " + Why +
                    " (-fno-keep-going fails the whole output instead)",
                {Def.NameRange});
}

const char *fairy::sideName(Color C) {
  return C == Color::White ? "white" : "black";
}

std::string fairy::squareNames(const Board &B, const SquareSet &S,
                               const char *Sep, const char *Prefix) {
  std::string Out;
  for (unsigned Sq : S.toVector())
    Out += (Out.empty() ? "" : Sep) + std::string(Prefix) + B.squareName(Sq);
  return Out;
}

namespace {

using View = PieceView;

NodeRef optimized(const NodeRef &IR, const SetOptions &Opts,
                  const PassContext &Ctx) {
  NodeRef Out = optimize(IR, Opts.OptLevel, Ctx);
  for (const std::string &P : verifyIR(*Out))
    llvm::report_fatal_error(("a pass produced invalid IR: " + P).c_str());
  return Out;
}

/// Whether Black's moves are White's: the same movement, and a moveset the
/// half-turn maps onto itself. Compared in canonical form, with and without
/// the board, so a "no" may be a symmetric moveset whose two canonical
/// forms differ; it then gets two views, which is wasteful but right.
bool sameForBothSides(const PieceDef &D, const PassContext &Ctx) {
  if (D.hasSideSpecificMoves())
    return false;
  NodeRef W = D.movesFor(Color::White);
  // The moveset turned, and the moveset with its turned copy added: either
  // is equal to it exactly when it is symmetric.
  NodeRef Turned = transformed(W, Transform::rotate180());
  NodeRef Both = ir::sym("rot180", W);
  for (const PassContext &C : {Ctx, PassContext()}) {
    std::string Plain = printIR(*optimize(W, 1, C));
    if (Plain == printIR(*optimize(Turned, 1, C)) ||
        Plain == printIR(*optimize(Both, 1, C)))
      return true;
  }
  return false;
}

} // namespace

std::vector<PieceView> fairy::pieceViews(const PieceSet &Set,
                                         const SetOptions &Opts) {
  PassContext Ctx;
  Ctx.Board = Set.board().shape();
  std::vector<View> Views;
  for (const PieceDef &D : Set.Pieces) {
    if (Opts.Side) {
      Views.push_back({&D, *Opts.Side, false, D.Identifier,
                       optimized(D.movesFor(*Opts.Side), Opts, Ctx)});
      continue;
    }
    if (sameForBothSides(D, Ctx)) {
      Views.push_back({&D, Color::White, true, D.Identifier,
                       optimized(D.movesFor(Color::White), Opts, Ctx)});
      continue;
    }
    for (Color C : {Color::White, Color::Black})
      Views.push_back({&D, C, false, D.Identifier + "_" + sideName(C),
                       optimized(D.movesFor(C), Opts, Ctx)});
  }
  return Views;
}

namespace {

/// "knight (N)", "pawn (P), White".
std::string title(const View &V) {
  std::string S = V.Def->Name + " (" + std::string(1, V.Def->Letter) + ")";
  if (!V.BothSides)
    S += V.Side == Color::White ? ", White" : ", Black";
  return S;
}

/// The empty board of the set, knowing every piece's moves, for \p V.
Position positionFor(const PieceSet &Set, const View &V) {
  Position P(Set.board());
  Set.describeTo(P);
  P.SideToMove = V.Side;
  P.MoverType = V.Def->Letter;
  return P;
}

std::optional<unsigned> originOf(DiagnosticEngine &Diags, const PieceSet &Set,
                                 const SetOptions &Opts) {
  const Board &B = Set.board();
  unsigned Origin = B.centre();
  std::string Error;
  if (!Opts.From.empty() && !B.parseSquare(Opts.From, Origin, Error)) {
    Diags.error("--from: " + Error);
    return std::nullopt;
  }
  if (!B.squares().test(Origin)) {
    Diags.error("the square " + B.squareName(Origin) +
                " is missing from the board; choose one with --from");
    return std::nullopt;
  }
  return Origin;
}

/// The destinations of \p V from \p Origin, and the fast evaluator that
/// found them (for further evaluations on that board).
struct ViewMoves {
  Destinations D;
  std::shared_ptr<FastEvaluator> Fast;
};

std::optional<ViewMoves> evaluateView(DiagnosticEngine &Diags, const View &V,
                                      const Position &P, unsigned Origin) {
  std::string Error;
  std::optional<Destinations> D;
  std::shared_ptr<FastEvaluator> Fast =
      FastEvaluator::compile(V.IR, P.board(), Error);
  if (Fast)
    D = Fast->evaluate(P, Origin, V.Side, Error);
  if (!D) {
    Diags.error(V.Def->NameRange.Start,
                "cannot evaluate '" + V.Def->Name + "': " + Error,
                {V.Def->NameRange});
    return std::nullopt;
  }
  return ViewMoves{std::move(*D), std::move(Fast)};
}

std::optional<Destinations> evaluate(DiagnosticEngine &Diags, const View &V,
                                     const Position &P, unsigned Origin) {
  auto M = evaluateView(Diags, V, P, Origin);
  if (!M)
    return std::nullopt;
  return std::move(M->D);
}

/// The moves of \p V told apart by kind, for its picture.
std::optional<MoveKinds> kindsOf(DiagnosticEngine &Diags, const View &V,
                                 const Position &P, unsigned Origin) {
  auto M = evaluateView(Diags, V, P, Origin);
  if (!M)
    return std::nullopt;
  return classifyWithFast(*M->Fast, V.IR, P, Origin, V.Side, M->D);
}

std::optional<std::string> diagrams(DiagnosticEngine &Diags,
                                    const PieceSet &Set,
                                    const std::vector<View> &Views,
                                    const SetOptions &Opts) {
  auto Origin = originOf(Diags, Set, Opts);
  if (!Origin)
    return std::nullopt;
  std::string Out;
  for (const View &V : Views) {
    Position P = positionFor(Set, V);
    auto D = evaluate(Diags, V, P, *Origin);
    if (!D)
      return std::nullopt;
    DiagramOptions DOpts;
    DOpts.Labels = Opts.Labels;
    std::optional<Color> Side;
    if (!V.BothSides)
      Side = V.Side;
    Out += (Out.empty() ? "" : "\n") +
           escapeForTerminal(title(V) + ": " + V.Def->describe(Side)) + "\n" +
           renderDiagram(P, *Origin, *D, DOpts);
  }
  return Out;
}

/// The value of attribute \p Name of the first tag of \p Svg.
int svgSize(const std::string &Svg, const std::string &Name) {
  size_t At = Svg.find(" " + Name + "=\"");
  return At == std::string::npos
             ? 0
             : std::atoi(Svg.c_str() + At + Name.size() + 3);
}

/// One picture per view, side by side in rows of three, in one SVG.
std::optional<std::string> sheet(DiagnosticEngine &Diags, const PieceSet &Set,
                                 const std::vector<View> &Views,
                                 const SetOptions &Opts) {
  auto Origin = originOf(Diags, Set, Opts);
  if (!Origin)
    return std::nullopt;
  std::vector<SheetPicture> Pictures;
  for (const View &V : Views) {
    Position P = positionFor(Set, V);
    auto K = kindsOf(Diags, V, P, *Origin);
    if (!K)
      return std::nullopt;
    SvgOptions SOpts;
    SOpts.Title = title(V);
    SOpts.Style = resolveBoardStyle(Opts.Style, Set.Style, Set.board());
    Pictures.push_back({V.Def->Name + ": " + std::string(1, V.Def->Letter) +
                            (V.BothSides              ? ""
                             : V.Side == Color::White ? " (White)"
                                                      : " (Black)"),
                        renderSvg(P, *Origin, V.Side, *K, SOpts)});
  }
  return svgSheet(Pictures, Set.Title.empty() ? Opts.Source : Set.Title);
}

} // namespace

std::string fairy::svgSheet(const std::vector<SheetPicture> &Pictures,
                            const std::string &Title) {
  constexpr int Columns = 3, Gap = 16, Caption = 24;
  std::string Body;
  int X = 0, Y = 0, RowHeight = 0, Width = 0;
  for (size_t I = 0; I < Pictures.size(); ++I) {
    // Nest the picture: drop the XML declaration, place the root.
    std::string One = Pictures[I].Svg;
    One = One.substr(One.find("<svg"));
    int W = svgSize(One, "width"), H = svgSize(One, "height");
    One.insert(4, fmt::format(" x=\"{}\" y=\"{}\"", X, Y + Caption));
    Body += fmt::format("  <text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" "
                        "font-size=\"16\">{}</text>\n",
                        X, Y + 17, escapeForXml(Pictures[I].Caption));
    Body += One;
    RowHeight = std::max(RowHeight, H + Caption);
    X += W + Gap;
    Width = std::max(Width, X - Gap);
    if ((I + 1) % Columns == 0 || I + 1 == Pictures.size()) {
      X = 0;
      Y += RowHeight + Gap;
      RowHeight = 0;
    }
  }
  int Height = std::max(0, Y - Gap);
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
                     "height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n"
                     "  <title>{2}</title>\n{3}</svg>\n",
                     Width, Height, escapeForXml(Title), Body);
}

namespace {

std::optional<std::string> json(DiagnosticEngine &Diags, const PieceSet &Set,
                                const std::vector<View> &Views) {
  using namespace llvm::json;
  const Board &B = Set.board();
  // Written piece by piece as it is made, so that memory holds one piece's
  // moves at a time, not the whole document's (256 queens took 300 MB).
  // Keys in the order llvm::json prints an Object's: sorted.
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OStream J(OS, 2);
  J.objectBegin();
  Array Missing;
  for (unsigned I = 0; I < B.numSquares(); ++I)
    if (!B.squares().test(I))
      Missing.push_back(B.squareName(I));
  J.attribute("board", Object{{"width", B.width()},
                              {"height", B.height()},
                              {"depth", B.depth()},
                              {"missing", std::move(Missing)}});
  J.attribute("format", "fairyc-pieces");
  J.attributeBegin("pieces");
  J.arrayBegin();
  for (const PieceDef &D : Set.Pieces) {
    // The sides this piece is shown for, by name (sorted, as JSON keys).
    std::vector<std::pair<std::string, const View *>> Sides;
    for (const View &V : Views) {
      if (V.Def != &D)
        continue;
      if (V.BothSides) {
        Sides.push_back({"black", &V});
        Sides.push_back({"white", &V});
      } else {
        Sides.push_back({sideName(V.Side), &V});
      }
    }
    std::sort(Sides.begin(), Sides.end());
    J.objectBegin();
    J.attribute("identifier", D.Identifier);
    J.attribute("letter", std::string(1, D.Letter));
    J.attributeArray("movements", [&] {
      for (const PieceMovement &M : D.Moves)
        J.object([&] {
          J.attribute("notation", M.Notation->Name);
          J.attribute("side",
                      M.Side ? Value(sideName(*M.Side)) : Value("both"));
          J.attribute("text", M.Text);
        });
    });
    J.attribute("name", D.Name);
    J.attribute("royal", D.Royal);
    J.attributeBegin("sides");
    J.objectBegin();
    const View *Evaluated = nullptr; // a view shown for both sides: once
    std::vector<OriginMoves> Moves;
    for (const auto &Shown : Sides) {
      // (Not a structured binding: C++17 lambdas cannot capture those.)
      const View *V = Shown.second;
      if (V != Evaluated) {
        Position P = positionFor(Set, *V);
        Moves.clear();
        for (unsigned O : B.squares().toVector()) {
          auto Dest = evaluate(Diags, *V, P, O);
          if (!Dest)
            return std::nullopt;
          Moves.push_back({O, *Dest});
        }
        Evaluated = V;
      }
      J.attributeObject(Shown.first, [&] {
        J.attributeBegin("ir");
        writeIRJson(J, *V->IR);
        J.attributeEnd();
        J.attributeBegin("moves");
        writeMovesJson(J, B, Moves);
        J.attributeEnd();
      });
    }
    J.objectEnd();
    J.attributeEnd();
    J.objectEnd();
  }
  J.arrayEnd();
  J.attributeEnd();
  J.attribute("title", Set.Title);
  J.attribute("version", 1);
  J.objectEnd();
  OS.flush();
  return jsonWithoutControls(Out) + "\n";
}

std::string generatedBy(const char *Output, const PieceSet &Set,
                        const std::vector<View> &Views,
                        const SetOptions &Opts) {
  std::string Names;
  for (const View &V : Views)
    Names += (Names.empty() ? "" : ", ") + V.Name;
  return std::string("Generated by fairyc " FAIRY_VERSION " --emit=") + Output +
         " from " + Opts.Source +
         (Set.Title.empty() ? "" : " (" + Set.Title + ")") + " on " +
         Set.board().str() + ": " + Names + ".";
}

} // namespace

std::vector<PieceView> fairy::tableViews(const PieceSet &Set,
                                         const std::vector<PieceView> &Views,
                                         const SetOptions &Opts,
                                         std::string &Notes) {
  PassContext Ctx;
  Ctx.Board = Set.board().shape();
  std::vector<View> Out;
  std::string Initial, Passed;
  for (View V : Views) {
    if (usesGuard(*V.IR, GuardPredicate::Passed)) {
      V.IR = optimized(assumeGuard(V.IR, GuardPredicate::Passed, false), Opts,
                       Ctx);
      Passed += (Passed.empty() ? "" : ", ") + V.Name;
    }
    if (!usesGuard(*V.IR, GuardPredicate::Initial)) {
      Out.push_back(V);
      continue;
    }
    View First = V;
    First.Name += "_initial";
    First.Assumes = PieceView::Unmoved;
    V.Assumes = PieceView::Moved;
    First.IR =
        optimized(assumeGuard(V.IR, GuardPredicate::Initial, true), Opts, Ctx);
    V.IR =
        optimized(assumeGuard(V.IR, GuardPredicate::Initial, false), Opts, Ctx);
    Initial += (Initial.empty() ? "" : ", ") + V.Name;
    Out.push_back(V);
    Out.push_back(First);
  }
  if (!Initial.empty())
    Notes += " Pieces with initial moves have tables for a piece that has "
             "moved and one that has not (_initial): " +
             Initial + ".";
  if (!Passed.empty())
    Notes += " En passant captures depend on the previous move and are not "
             "in the tables of " +
             Passed + ".";
  return Out;
}

namespace {

/// The start squares and promotion zones the file states, for headers.
BitboardRules rulesOf(const PieceSet &Set) {
  BitboardRules Rules;
  const Board &B = Set.board();
  if (Set.Start)
    for (const PieceDef &D : Set.Pieces) {
      std::array<SquareSet, 2> Squares = {SquareSet(B.numSquares()),
                                          SquareSet(B.numSquares())};
      for (unsigned S : B.squares().toVector()) {
        const Occupant &O = Set.Start->at(S);
        if (O.Present && O.Type == D.Letter)
          Squares[(int)O.Side].set(S);
      }
      Rules.Start.push_back({D.Identifier, Squares});
    }
  Rules.Zones = Set.Zones;
  if (Set.Promotion[0] || Set.Promotion[1])
    Rules.Promotion = {Set.Promotion[0].value_or(SquareSet(B.numSquares())),
                       Set.Promotion[1].value_or(SquareSet(B.numSquares()))};
  return Rules;
}

std::optional<std::string> tables(DiagnosticEngine &Diags, const PieceSet &Set,
                                  const std::vector<View> &AllViews,
                                  const SetOptions &Opts) {
  std::string Why, Notes;
  std::vector<View> Views = tableViews(Set, AllViews, Opts, Notes);
  if (Opts.Output == SetOutput::Bitboard) {
    auto Emit = [&](const std::vector<View> &Written,
                    std::vector<SkippedPiece> *Skipped) {
      std::vector<BitboardPiece> Pieces;
      for (const View &V : Written) {
        // pawn_white and pawn_black are the family pawn; their unmoved
        // views the family pawn_initial.
        std::string Family;
        if (!V.BothSides && !Opts.Side)
          Family = V.Def->Identifier +
                   (V.Assumes == PieceView::Unmoved ? "_initial" : "");
        Pieces.push_back({V.Name, V.IR, V.Side, Family});
      }
      return emitBitboard(Pieces, Set.board(),
                          generatedBy("bitboard", Set, Written, Opts) + Notes,
                          Why, Opts.Index, rulesOf(Set), Skipped);
    };
    std::vector<SkippedPiece> Skipped;
    auto Header = Emit(Views, Opts.KeepGoing ? &Skipped : nullptr);
    if (Header && !Skipped.empty()) {
      // Once more without them, so that the header names only its pieces.
      std::vector<View> Written;
      for (size_t I = 0; I < Views.size(); ++I)
        if (std::none_of(Skipped.begin(), Skipped.end(),
                         [&](const SkippedPiece &S) { return S.Index == I; }))
          Written.push_back(Views[I]);
      Header = Emit(Written, nullptr);
    }
    for (const SkippedPiece &S : Skipped)
      leftOut(Diags, *Views[S.Index].Def, Views[S.Index].Name,
              "the bitboard header", S.Why);
    if (!Header)
      Diags.error("cannot emit bitboard tables: " + Why);
    return Header;
  }
  std::vector<std::pair<View, MailboxPattern>> Written;
  for (const View &V : Views) {
    auto Pattern = mailboxPattern(*V.IR, Why);
    if (!Pattern && Opts.KeepGoing) {
      leftOut(Diags, *V.Def, V.Name, "the C tables", Why);
      continue;
    }
    if (!Pattern) {
      Diags.error(V.Def->NameRange.Start,
                  "cannot emit a C table for '" + V.Def->Name + "': " + Why,
                  {V.Def->NameRange});
      return std::nullopt;
    }
    Written.push_back({V, *Pattern});
  }
  if (Written.empty()) {
    Diags.error("cannot emit C tables: no piece of the set can be written "
                "as one");
    return std::nullopt;
  }
  std::vector<View> Names;
  for (const auto &W : Written)
    Names.push_back(W.first);
  std::string Out;
  for (const auto &[V, Pattern] : Written)
    Out += (Out.empty() ? "" : "\n") +
           emitCTable(Pattern, Set.board(), V.Side, V.Name,
                      generatedBy("ctable", Set, Names, Opts) + Notes);
  return Out;
}

/// \p Text as a piece file's string literal.
std::string quoted(const std::string &Text) { return pieceFileString(Text); }

/// The board declaration, with its missing squares.
std::string boardDecl(const Board &B) {
  std::string S = "board " + B.str();
  std::string Missing;
  for (unsigned I = 0; I < B.numSquares(); ++I)
    if (!B.squares().test(I))
      Missing += (Missing.empty() ? " missing " : ", ") + B.squareName(I);
  return S + Missing + ";\n";
}

/// The start and promotion statements, each zone listed square by square.
std::string rulesDecl(const PieceSet &Set) {
  std::string Out;
  if (Set.Start)
    Out += "start " + quoted(Set.StartFEN) + ";\n";
  for (Color Side : {Color::White, Color::Black}) {
    const std::optional<SquareSet> &Zone = Set.Promotion[(int)Side];
    if (!Zone || Zone->count() == 0)
      continue;
    Out += std::string("promotion ") + sideName(Side) + " " +
           squareNames(Set.board(), *Zone, ", ") + ";\n";
  }
  for (const auto &[Id, Zone] : Set.Zones) {
    std::string Squares = squareNames(Set.board(), Zone, ", ");
    if (!Squares.empty())
      Out += "zone " + std::to_string(Id) + " " + Squares + ";\n";
  }
  return Out;
}

/// Whether \p Name must be quoted in a piece file: a keyword.
bool isKeyword(const std::string &Name) {
  for (const char *K : {"game", "board", "missing", "include", "piece", "royal",
                        "white", "black", "start", "promotion"})
    if (Name == K)
      return true;
  return false;
}

/// The set as a piece file whose movements are all in one notation.
std::optional<std::string> rewritten(DiagnosticEngine &Diags,
                                     const PieceSet &Set,
                                     const SetOptions &Opts) {
  const char *Name = Opts.Output == SetOutput::Betza     ? "betza"
                     : Opts.Output == SetOutput::Fairy   ? "fairy"
                     : Opts.Output == SetOutput::Parlett ? "parlett"
                                                         : "ir";
  std::string Out =
      "// " + escapeForLineComment(generatedBy(Name, Set, {}, Opts)) + "\n";
  Out.replace(Out.find(": ."), 3, ".");
  if (!Set.Title.empty())
    Out += "game " + quoted(Set.Title) + ";\n";
  Out += boardDecl(Set.board()) + rulesDecl(Set) + "\n";
  // Cylinder moves and rifle legs were read for the set's board.
  FrontendOptions Read;
  Read.BoardWidth = Set.board().width();
  Read.BoardMaxSide = Set.board().maxSide();
  for (const PieceDef &D : Set.Pieces) {
    std::vector<std::optional<Color>> Sides = {std::nullopt};
    if (D.hasSideSpecificMoves())
      Sides = {Color::White, Color::Black};
    std::vector<std::string> Lines;
    bool Warned = false;
    for (std::optional<Color> Side : Sides) {
      // Board-independent, like --emit=betza of one piece.
      NodeRef IR = optimize(D.movesFor(Side.value_or(Color::White)),
                            Opts.OptLevel, PassContext());
      std::string Why;
      std::optional<std::string> Text =
          Opts.Output == SetOutput::Betza
              ? irToBetza(IR, Why, Read, Opts.WriteBetza)
          : Opts.Output == SetOutput::Fairy   ? irToFairy(IR, Why)
          : Opts.Output == SetOutput::Parlett ? irToParlett(IR, Why)
                                              : printIRInline(*IR);
      const char *Written = Name;
      if (!Text && usesGuard(*IR, GuardPredicate::Zone)) {
        // No notation but the IR tests zones (a variants.ini section's
        // double-step and mobility regions): the piece is written in the
        // IR, and the file stays whole.
        if (!Warned)
          Diags.warning(Warning::WrittenInIR, D.NameRange.Start,
                        "the piece '" + D.Name + "' is written in the IR: " +
                            Name + " cannot write it (" + Why + ")",
                        {D.NameRange});
        Warned = true;
        Text = printIRInline(*IR);
        Written = "ir";
      }
      if (!Text) {
        Diags.error(D.NameRange.Start,
                    "cannot write the piece '" + D.Name + "' in " + Name +
                        ": " + Why,
                    {D.NameRange});
        return std::nullopt;
      }
      Lines.push_back((Side ? std::string(sideName(*Side)) + " " : "") +
                      Written + " " + quoted(*Text) + ";");
    }
    std::string Head =
        "piece " +
        (D.Identifier == D.Name && !isKeyword(D.Name) ? D.Name
                                                      : quoted(D.Name)) +
        " " + std::string(1, D.Letter) + (D.Royal ? " royal" : "");
    if (Lines.size() == 1) {
      Out += Head + " " + Lines[0] + "\n";
    } else {
      Out += Head + " {\n";
      for (const std::string &L : Lines)
        Out += "  " + L + "\n";
      Out += "}\n";
    }
  }
  return Out;
}

} // namespace

std::optional<std::string> fairy::emitPieceSet(DiagnosticEngine &Diags,
                                               const PieceSet &Set,
                                               const SetOptions &Opts) {
  switch (Opts.Output) {
  case SetOutput::Betza:
  case SetOutput::Fairy:
  case SetOutput::Parlett:
  case SetOutput::IR:
    return rewritten(Diags, Set, Opts);
  case SetOutput::VariantsIni:
    return emitVariantsIni(Diags, Set, Opts);
  default:
    break;
  }
  if (Set.Pieces.empty()) {
    Diags.error("the piece set defines no pieces");
    return std::nullopt;
  }
  std::vector<View> Views = pieceViews(Set, Opts);
  switch (Opts.Output) {
  case SetOutput::Diagram:
    return diagrams(Diags, Set, Views, Opts);
  case SetOutput::Svg:
    return sheet(Diags, Set, Views, Opts);
  case SetOutput::Json:
    return json(Diags, Set, Views);
  default:
    return tables(Diags, Set, Views, Opts);
  }
}
