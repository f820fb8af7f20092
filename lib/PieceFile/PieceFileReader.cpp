//===- PieceFileReader.cpp - Piece files to a PieceSet --------------------===//
//
// Three steps, so that every problem can be reported where it is written:
//   1. ANTLR (grammar/PieceFile.g4) parses each file; the Loader walks the
//      tree, reads includes (relative to the including file, cycles and
//      depth checked), the board and the pieces, and decodes each notation
//      string with the place of every character in the file.
//   2. The board is settled: the main file's, else the one of its includes.
//   3. Each notation string becomes a buffer embedded in its file and goes
//      to its notation's front end, so front-end diagnostics point into the
//      string at the right line and column of the file.
//
//===----------------------------------------------------------------------===//
#include "fairy/PieceFile/PieceSet.h"

#include "FairyStockfishKeys.h"
#include "fairy/Support/Suggest.h"

#include "fairy/Eval/Evaluator.h"
#include "fairy/IR/Builder.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Support/AntlrErrors.h"
#include "fairy/Support/Escape.h"
#include "fairy/Support/Files.h"

#include "PieceFileLexer.h"
#include "PieceFileParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>

using namespace fairy;
using namespace fairy::antlr_PieceFile;
using P = PieceFileParser;
using L = PieceFileLexer;
using llvm::SMFixIt;
using llvm::SMRange;

namespace {

/// Includes nest no deeper than this (a cycle is caught before).
constexpr unsigned MaxIncludeDepth = 32;
/// Include statements one piece file may follow in all, and pieces it may
/// define: an include tree that doubles at each level, or a file of many
/// thousands of pieces, stops here instead of running for minutes
/// (docs/diagnostics.md, "Limits").
constexpr unsigned MaxIncludes = 256;
constexpr unsigned MaxPieces = 256;

struct Failed {};

/// A notation string as written, before its front end reads it.
struct RawMovement {
  std::optional<Color> Side;
  std::string NotationName;
  SMRange NotationRange;
  std::string Text;
  std::vector<size_t> Offsets; ///< of each byte of Text in its file
  unsigned FileBuffer = 0;
};

struct RawPiece {
  PieceDef Def;
  std::vector<RawMovement> Moves;
  unsigned FileBuffer = 0;
  /// The include statements (ids) through which the piece came.
  std::vector<unsigned> Via;
};

struct IncludeStatement {
  SMRange Range;
  std::string Path;
  bool Used = false;
};

/// The words that begin a statement.
const char *const StatementKeywords[] = {
    "game", "board",   "include",  "piece", "start",  "promotion",
    "zone", "promote", "castling", "drops", "confine"};

bool isStatementKeyword(const std::string &Word) {
  for (const char *K : StatementKeywords)
    if (Word == K)
      return true;
  return false;
}

/// The syntax error \p E of piece file \p Text, said for a person.
SyntaxMessage syntaxMessage(const SyntaxError &E, llvm::StringRef Text) {
  const std::string &T = E.Text;
  bool Expects = [&] {
    for (size_t X : E.Expected)
      if (X == L::SEMI)
        return true;
    return false;
  }();
  if (E.TokenType == L::UNTERMINATED_STRING)
    return "this string has no closing '\"' on its line";
  if (E.TokenType == L::UNTERMINATED_COMMENT)
    return "this comment has no closing '*/'";
  // A ',' where the statement ends (after a piece's movement): the ';' in
  // its place, not one more before it.
  if (Expects && E.TokenType == L::COMMA && E.HasPrev) {
    SyntaxMessage M("expected ';' after '" + E.PrevText + "', not ','");
    M.Replacement = ";";
    return M;
  }
  // A statement ended without its ';' (the next begins on the next line):
  // at the end of what it ends with, as clang says it.
  if (Expects && E.HasPrev &&
      (E.Expected.size() == 1 || isStatementKeyword(T))) {
    SyntaxMessage M("expected ';' after '" + E.PrevText + "'");
    M.InsertAfterPrevious = ";";
    return M;
  }
  if (E.TokenType == antlr4::Token::EOF) {
    if (E.RuleName == "pieceBody" || E.RuleName == "movement")
      return "unexpected end of file: the piece's '{' is not closed";
    return E.HasPrev ? "unexpected end of file after '" + E.PrevText + "'"
                     : "unexpected end of file";
  }
  if (E.RuleName == "boardDecl")
    return "a board is written as its size, WxH or WxHxD, optionally with "
           "missing squares: board 8x8; board 5x5x5; board 8x8 missing d4, "
           "e5-f6; found '" +
           T + "'";
  if (E.RuleName == "squareSpan")
    return "expected a square such as d4, or two corners such as d4-e5; "
           "found '" +
           T + "'";
  if (E.RuleName == "pieceDecl" || E.RuleName == "pieceName")
    return "a piece is written: piece NAME LETTER notation \"TEXT\"; as in "
           "piece knight N betza \"N\"; found '" +
           T + "'";
  // 'fairy-notation "..."': the name is one word.
  if (E.RuleName == "movement" && T == "-" && findNotation(E.PrevText))
    return "a notation is named in one word: write " + E.PrevText +
           " \"TEXT\", not '" + E.PrevText + "-...'";
  // The word before the offending one, misspelt: 'royl betza', 'whte
  // betza', 'movement-formula'.
  bool AfterName = E.HasPrev && E.PrevType == L::NAME &&
                   E.PrevEnd >= E.PrevText.size(); // a NAME is ASCII
  size_t PrevBegin =
      AfterName ? byteOffsetOfCodePoint(Text, E.PrevEnd - E.PrevText.size())
                : 0;
  if (E.RuleName == "movement" && AfterName && T == "-") {
    size_t Dash = byteOffsetOfLineColumn(Text, E.Line, E.Column);
    size_t End = Dash + 1;
    while (End < Text.size() &&
           (llvm::isAlnum(Text[End]) || Text[End] == '_' || Text[End] == '-'))
      ++End;
    std::string Name = Text.slice(PrevBegin, End).str();
    if (const NotationInfo *N = nearestNotation(Name)) {
      SyntaxMessage M("unknown notation '" + Name + "'; did you mean '" +
                      N->Name + "'?");
      M.Bytes = {PrevBegin, End};
      M.Replacement = N->Name;
      return M;
    }
  }
  if (E.RuleName == "movement" && AfterName && E.TokenType == L::NAME &&
      findNotation(T)) {
    TypoCorrector Typo(E.PrevText, /*PartsCount=*/false);
    for (const char *K : {"royal", "white", "black"})
      Typo.add(K);
    if (auto Best = Typo.best()) {
      SyntaxMessage M("unknown word '" + E.PrevText +
                      "' before the notation; did you mean '" + *Best + "'?");
      M.Bytes = {PrevBegin, PrevBegin + E.PrevText.size()};
      M.Replacement = *Best;
      return M;
    }
  }
  if (E.RuleName == "pieceBody" || E.RuleName == "movement")
    return "expected a movement: an optional side (white or black), a "
           "notation (betza, parlett, fairy, formula or ir) and its text in "
           "quotes, as in betza \"N\"; found '" +
           T + "'";
  if (E.RuleName == "gameDecl" || E.RuleName == "includeDecl" ||
      E.RuleName == "startDecl")
    return "expected a string in double quotes; found '" + T + "'";
  if (E.RuleName == "zoneDecl")
    return "a zone is written as its number and its squares or boxes "
           "between two corners: zone 1 a2-h2, d4; found '" +
           T + "'";
  if (E.RuleName == "promotionDecl")
    return "a promotion zone is written as squares or boxes between two "
           "corners, optionally for one side: promotion a8-h8; promotion "
           "black a1-h1; found '" +
           T + "'";
  // 'variants-ini {' with no '}' after it is no block token.
  if (E.TokenType == L::NAME && T == "variants")
    return "a variants-ini block runs from 'variants-ini {' to a '}', and "
           "this one has none";
  // A statement's keyword misspelt ('peice'): the nearest one.
  if (E.TokenType == L::NAME) {
    TypoCorrector Typo(T, /*PartsCount=*/false);
    for (const char *K : StatementKeywords)
      Typo.add(K);
    if (auto Best = Typo.best()) {
      SyntaxMessage M("unknown statement '" + T + "'; did you mean '" + *Best +
                      "'?");
      M.Replacement = *Best;
      return M;
    }
  }
  return "expected a statement (game, board, include, piece, start, "
         "promotion, zone, confine, promote, castling, drops or "
         "variants-ini); found '" +
         T + "'";
}

/// A rank of a FEN placement whose squares are not the board's width.
struct WrongRank {
  int Rank;          ///< as the board numbers it (1 at the bottom)
  std::string Text;  ///< the rank as written
  size_t Squares;    ///< how many it describes
  size_t Begin, End; ///< its place in the FEN text
};

/// The first rank of \p FEN's placement (a flat board's) that does not
/// describe \p B's width, or nullopt.
std::optional<WrongRank> wrongRank(llvm::StringRef FEN, const Board &B) {
  size_t End = FEN.find_first_of(" |");
  llvm::StringRef Placement = FEN.substr(0, End);
  if (B.depth() != 1 || End != llvm::StringRef::npos)
    return std::nullopt;
  size_t At = 0;
  int Row = 0;
  for (;;) {
    size_t Slash = Placement.find('/', At);
    llvm::StringRef Text = Placement.slice(At, Slash);
    size_t Squares = 0;
    for (size_t I = 0; I < Text.size(); ++I) {
      if (!std::isdigit((unsigned char)Text[I])) {
        ++Squares;
        continue;
      }
      size_t J = I;
      while (J < Text.size() && std::isdigit((unsigned char)Text[J]))
        ++J;
      unsigned N = 0;
      if (Text.slice(I, J).getAsInteger(10, N))
        return std::nullopt;
      Squares += N;
      I = J - 1;
    }
    if (Squares != size_t(B.width()))
      return WrongRank{B.height() - Row, Text.str(), Squares, At,
                       At + Text.size()};
    if (Slash == llvm::StringRef::npos)
      return std::nullopt;
    At = Slash + 1;
    ++Row;
  }
}

/// Where square \p Sq's letter stands in \p FEN's placement, or nullopt.
std::optional<size_t> fenOffsetOf(llvm::StringRef FEN, const Board &B,
                                  unsigned Sq) {
  Vec Want = B.coord(Sq);
  int X = 0, Y = B.height() - 1, Z = 0;
  for (size_t I = 0; I < FEN.size() && FEN[I] != ' '; ++I) {
    char C = FEN[I];
    if (C == '/') {
      --Y, X = 0;
    } else if (C == '|') {
      ++Z, Y = B.height() - 1, X = 0;
    } else if (std::isdigit((unsigned char)C)) {
      size_t J = I;
      unsigned N = 0;
      while (J < FEN.size() && std::isdigit((unsigned char)FEN[J]))
        N = std::min(N * 10 + (FEN[J++] - '0'), 1000u);
      X += int(N);
      I = J - 1;
    } else {
      if (X == Want.x && Y == Want.y && Z == Want.z)
        return I;
      ++X;
    }
  }
  return std::nullopt;
}

/// Bytes \p Begin..\p End of string \p Text as they stand in the quoted
/// string token \p Token, or nullopt when escapes moved them.
std::optional<SMRange> insideString(const std::string &Text, SMRange Token,
                                    size_t Begin, size_t End) {
  const char *Open = Token.Start.getPointer();
  if (size_t(Token.End.getPointer() - Open) != Text.size() + 2)
    return std::nullopt;
  return SMRange(llvm::SMLoc::getFromPointer(Open + 1 + Begin),
                 llvm::SMLoc::getFromPointer(Open + 1 + End));
}

/// Calls \p F with every cell of the box between two corners.
template <typename Fn> void forBox(Vec From, Vec To, Fn F) {
  for (int Z = std::min(From.z, To.z); Z <= std::max(From.z, To.z); ++Z)
    for (int Y = std::min(From.y, To.y); Y <= std::max(From.y, To.y); ++Y)
      for (int X = std::min(From.x, To.x); X <= std::max(From.x, To.x); ++X)
        F(Vec(X, Y, Z));
}

class Loader {
public:
  Loader(DiagnosticEngine &Diags, const PieceFileOptions &Opts)
      : Diags(Diags), Opts(Opts) {}

  /// Reads one file (and its includes); false after an error.
  bool load(const std::string &Text, const std::string &Name,
            const std::string &Dir, std::vector<unsigned> Via);

  DiagnosticEngine &Diags;
  const PieceFileOptions &Opts;
  std::string Title;
  /// The boards declared: the main file's first, then the includes'.
  struct DeclaredBoard {
    Board B;
    SMRange Range;
    std::vector<unsigned> Via;
    BoardStyle Style = BoardStyle::Auto;
  };
  std::vector<DeclaredBoard> Boards;
  std::vector<RawPiece> Pieces;
  std::vector<IncludeStatement> Includes;
  /// `start` and `promotion` statements, read once the board is known.
  /// They belong to the board of their file: those of the file whose
  /// board is used apply (Grand Chess includes chess's pieces, not its
  /// start position).
  struct RawStart {
    std::string FEN;
    SMRange Range;
    std::vector<unsigned> Via;
  };
  std::vector<RawStart> Starts;
  /// The rules of `promote`, `castling` and `drops` statements and of
  /// `variants-ini` blocks, with the pieces they name by letter; like the
  /// start position, those of the file whose board is used apply.
  struct RawRule {
    GameRule Rule;
    std::vector<std::pair<char, SMRange>> Letters;
    std::vector<unsigned> Via;
  };
  std::vector<RawRule> Rules;
  struct RawZone {
    std::optional<Color> Side;
    /// Corners of each box, as written, with their ranges.
    std::vector<std::pair<std::string, std::string>> Spans;
    std::vector<SMRange> Ranges;
    std::vector<unsigned> Via;
    int Number = 0; ///< of a `zone` statement
    SMRange Range;
    /// The piece of a `confine` statement.
    char Letter = 0;
    SMRange LetterRange;
  };
  std::vector<RawZone> Zones;
  /// `zone N ...;` statements, of every file: the pieces that test them
  /// may come from any.
  std::vector<RawZone> Numbered;
  /// `confine` statements: like promotion zones, of the file whose board
  /// is used.
  std::vector<RawZone> Confines;
  /// Real paths of the files being read, innermost last.
  std::vector<std::string> Stack;
  /// The main file had a syntax error, and what is above it was read: its
  /// pieces are checked, the rest (which may name later pieces) is not.
  bool Truncated = false;
};

/// The byte just past the last statement of \p Text that ends before
/// byte \p Stop (a ';' or '}' outside a piece's braces), or 0.
size_t lastStatementEnd(const std::string &Text, size_t Stop) {
  std::string Prefix = Text.substr(0, Stop);
  antlr4::ANTLRInputStream Input(Prefix);
  PieceFileLexer Lexer(&Input);
  Lexer.removeErrorListeners();
  size_t Cut = 0;
  int Depth = 0;
  for (const auto &T : Lexer.getAllTokens()) {
    if (T->getType() == L::LBRACE)
      ++Depth;
    else if (T->getType() == L::RBRACE && Depth > 0)
      --Depth;
    else if (T->getType() != L::SEMI || Depth > 0)
      continue;
    if (Depth == 0)
      Cut = byteOffsetOfCodePoint(Prefix, T->getStopIndex() + 1);
  }
  return Cut;
}

/// Reads the tree of one file.
class FileReader : TokenSpans {
public:
  FileReader(Loader &Load, unsigned Buffer, std::string Dir,
             std::vector<unsigned> Via)
      : TokenSpans(Load.Diags, Buffer), Load(Load), Dir(std::move(Dir)),
        Via(std::move(Via)) {}

  void read(P::PieceFileContext *C) {
    for (P::StatementContext *S : C->statement()) {
      if (auto *G = S->gameDecl())
        game(G);
      else if (auto *B = S->boardDecl())
        board(B);
      else if (auto *I = S->includeDecl())
        include(I);
      else if (auto *D = S->pieceDecl())
        piece(D);
      else if (auto *St = S->startDecl())
        start(St);
      else if (auto *Z = S->promotionDecl())
        promotion(Z);
      else if (auto *Zn = S->zoneDecl())
        zone(Zn);
      else if (auto *Co = S->confineDecl())
        confine(Co);
      else if (auto *Pr = S->promoteDecl())
        promote(Pr);
      else if (auto *Ca = S->castlingDecl())
        castling(Ca);
      else if (auto *Dr = S->dropsDecl())
        drops(Dr);
      else if (auto *V = S->variantsIniDecl())
        variantsIni(V->VARIANTS_INI()->getSymbol());
    }
  }

private:
  Loader &Load;
  std::string Dir;
  std::vector<unsigned> Via;
  bool HasBoard = false;
  /// Pieces defined in this file, by identifier.
  std::map<std::string, SMRange> Defined;

  [[noreturn]] void fail(SMRange R, const std::string &Msg,
                         llvm::ArrayRef<SMFixIt> Fix = {}) {
    error(R, Msg, Fix);
    throw Failed();
  }
  SMRange range(antlr4::Token *T) const { return TokenSpans::range(T, T); }
  using TokenSpans::range;

  /// The text of a string token without its quotes and escapes, with the
  /// offset in the file of each byte.
  std::string decode(antlr4::Token *T, std::vector<size_t> &Offsets) {
    size_t Begin = begin(T) + 1, End = end(T) - 1;
    std::string Out;
    for (size_t I = Begin; I < End; ++I) {
      char C = Text[I];
      if (C == '\\') {
        char Next = Text[I + 1];
        if (Next == 'x' && I + 3 < End && llvm::isHexDigit(Text[I + 2]) &&
            llvm::isHexDigit(Text[I + 3])) {
          // \xNN: any byte (what fairyc writes for control characters).
          Offsets.push_back(I);
          Out += char(llvm::hexFromNibbles(Text[I + 2], Text[I + 3]));
          I += 3;
          continue;
        }
        if (Next != '"' && Next != '\\')
          fail(Diags.range(Buffer, I, I + 2),
               "unknown escape '\\" + std::string(1, Next) +
                   "'; in a string write \\\" for a quote and \\\\ for a "
                   "backslash");
        Offsets.push_back(I);
        Out += Next;
        ++I;
        continue;
      }
      Offsets.push_back(I);
      Out += C;
    }
    Offsets.push_back(End);
    return Out;
  }
  std::string decode(antlr4::Token *T) {
    std::vector<size_t> Ignored;
    return decode(T, Ignored);
  }

  void game(P::GameDeclContext *C) {
    if (Load.Title.empty())
      Load.Title = decode(C->STRING()->getSymbol());
  }

  void board(P::BoardDeclContext *C) {
    SMRange R = range(C);
    if (HasBoard)
      fail(R, "the board is declared twice in this file");
    HasBoard = true;
    std::string Error;
    std::string Size = C->SIZE()->getText();
    if (Size.find('X') != std::string::npos) {
      std::string Lower = llvm::StringRef(Size).lower();
      fail(range(C->SIZE()->getSymbol()),
           "a board's size is written with a lower-case 'x'; did you mean '" +
               Lower + "'?",
           {SMFixIt(range(C->SIZE()->getSymbol()), Lower)});
    }
    std::optional<Board> B = Board::parse(Size, Error);
    if (!B)
      fail(range(C->SIZE()->getSymbol()), Error);
    for (P::SquareSpanContext *S : C->squareSpan())
      removeSpan(*B, S);
    if (B->squares().count() == 0)
      fail(R, "every square of the board is missing");
    Load.Boards.push_back({*B, R, Via, boardStyle(C)});
  }

  /// `style NAME` after the board's size, if given.
  BoardStyle boardStyle(P::BoardDeclContext *C) {
    if (!C->styleKey)
      return BoardStyle::Auto;
    if (C->styleKey->getText() != "style")
      fail(range(C->styleKey), "expected 'style' or ';' after the board");
    std::string Name = C->styleName->getText();
    std::optional<BoardStyle> S = parseBoardStyle(Name);
    if (!S || *S == BoardStyle::Auto) {
      TypoCorrector Typo(Name);
      for (const char *Style : {"chess", "xiangqi", "janggi", "shogi"})
        Typo.add(Style);
      std::vector<SMFixIt> Fix;
      auto Best = Typo.best();
      if (Best)
        Fix.emplace_back(range(C->styleName), *Best);
      fail(range(C->styleName),
           "unknown board style '" + Name +
               "'; the styles are chess, xiangqi, janggi and shogi" +
               (Best ? "; did you mean '" + *Best + "'?" : ""),
           Fix);
    }
    return *S;
  }

  unsigned square(const Board &B, antlr4::tree::TerminalNode *N) {
    unsigned Sq;
    std::string Error;
    if (!B.parseSquare(N->getText(), Sq, Error))
      fail(range(N->getSymbol()), Error);
    return Sq;
  }

  /// Removes one square, or the box between two corners.
  void removeSpan(Board &B, P::SquareSpanContext *S) {
    Vec From = B.coord(square(B, S->NAME(0)));
    Vec To = S->NAME().size() > 1 ? B.coord(square(B, S->NAME(1))) : From;
    forBox(From, To, [&](Vec C) { B.removeSquare(B.index(C)); });
  }

  /// An include names no file: the nearest piece file in the directory it
  /// looked in, as the fix-it ('chess.fiary' beside chess.fairy).
  [[noreturn]] void missingInclude(SMRange R, const std::string &Name,
                                   llvm::StringRef Path) {
    llvm::StringRef Wanted = llvm::sys::path::filename(Name);
    llvm::SmallString<256> Folder(llvm::sys::path::parent_path(Path));
    if (Folder.empty())
      Folder = ".";
    TypoCorrector Typo(Wanted, /*PartsCount=*/false,
                       maxTypoDistance(llvm::sys::path::stem(Wanted)));
    std::error_code EC;
    // A few thousand names at the most: a huge folder is not read whole.
    size_t Seen = 0;
    for (llvm::sys::fs::directory_iterator It(Folder, EC), End;
         It != End && !EC && Seen < 4096; It.increment(EC), ++Seen) {
      llvm::StringRef File = llvm::sys::path::filename(It->path());
      if (File.endswith(".fairy"))
        Typo.add(File);
    }
    std::string Message = "cannot find the piece file '" + Name + "'" +
                          (Dir.empty() ? "" : " (looked in " + Dir + ")");
    std::vector<SMFixIt> Fix;
    if (auto Best = Typo.best()) {
      std::string Fixed = Name.substr(0, Name.size() - Wanted.size()) + *Best;
      Message += "; did you mean '" + Fixed + "'?";
      Fix.emplace_back(R, pieceFileString(Fixed));
    }
    fail(R, Message, Fix);
  }

  void include(P::IncludeDeclContext *C) {
    antlr4::Token *T = C->STRING()->getSymbol();
    std::string Name = decode(T);
    SMRange R = range(T);
    if (!Load.Opts.AllowIncludes)
      fail(R, "includes are not allowed here");
    llvm::SmallString<256> Path(Name);
    if (!llvm::sys::path::is_absolute(Path) && !Dir.empty()) {
      Path = Dir;
      llvm::sys::path::append(Path, Name);
    }
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::is_regular_file(Path) ||
        llvm::sys::fs::real_path(Path, Real))
      missingInclude(R, Name, Path);
    std::string RealPath = Real.str().str();
    for (size_t I = 0; I < Load.Stack.size(); ++I)
      if (Load.Stack[I] == RealPath) {
        std::string Cycle;
        for (size_t J = I; J < Load.Stack.size(); ++J)
          Cycle += llvm::sys::path::filename(Load.Stack[J]).str() + " -> ";
        fail(R, "include cycle: " + Cycle +
                    llvm::sys::path::filename(RealPath).str());
      }
    if (Load.Stack.size() >= MaxIncludeDepth)
      fail(R, "includes nest more than " + std::to_string(MaxIncludeDepth) +
                  " files deep");
    if (Load.Includes.size() >= MaxIncludes)
      fail(R, "more than " + std::to_string(MaxIncludes) +
                  " files are included in all, which is not supported");
    std::string Error;
    auto Contents = readInput(Path.str().str(), Error);
    if (!Contents)
      fail(R, "cannot read '" + Name + "': " + Error);
    unsigned Id = Load.Includes.size();
    Load.Includes.push_back({range(C), Path.str().str()});
    std::vector<unsigned> Inner = Via;
    Inner.push_back(Id);
    Load.Stack.push_back(RealPath);
    bool Ok = Load.load(*Contents, Path.str().str(),
                        llvm::sys::path::parent_path(Path).str(), Inner);
    Load.Stack.pop_back();
    if (!Ok)
      throw Failed();
  }

  void start(P::StartDeclContext *C) {
    antlr4::Token *T = C->STRING()->getSymbol();
    for (const Loader::RawStart &Other : Load.Starts)
      if (Other.Via == Via) {
        error(range(C), "the start position is given twice in this file");
        Diags.note(Other.Range.Start, "given here before", {Other.Range});
        throw Failed();
      }
    Load.Starts.push_back({decode(T), range(T), Via});
  }

  /// The squares and boxes of a promotion or zone statement, as written.
  void spans(Loader::RawZone &Z,
             const std::vector<P::SquareSpanContext *> &Spans) {
    for (P::SquareSpanContext *S : Spans) {
      std::string From = S->NAME(0)->getText();
      Z.Spans.push_back(
          {From, S->NAME().size() > 1 ? S->NAME(1)->getText() : From});
      Z.Ranges.push_back(range(S));
    }
  }

  void promotion(P::PromotionDeclContext *C) {
    Loader::RawZone Z;
    if (C->side)
      Z.Side = C->side->getType() == L::WHITE ? Color::White : Color::Black;
    Z.Via = Via;
    spans(Z, C->squareSpan());
    Load.Zones.push_back(std::move(Z));
  }

  /// `confine L [white|black] squares;`: where the moves of the piece L
  /// must end (Fairy-Stockfish's mobility region); without a side,
  /// White's, and Black's turned half round unless Black's is given.
  void confine(P::ConfineDeclContext *C) {
    Loader::RawZone Z;
    if (C->side)
      Z.Side = C->side->getType() == L::WHITE ? Color::White : Color::Black;
    PieceDef Named;
    letter(Named, C->letter);
    Z.Letter = Named.Letter;
    Z.LetterRange = Named.LetterRange;
    Z.Via = Via;
    spans(Z, C->squareSpan());
    Z.Range = range(C);
    Load.Confines.push_back(std::move(Z));
  }

  void zone(P::ZoneDeclContext *C) {
    Loader::RawZone Z;
    antlr4::Token *N = C->NUMBER()->getSymbol();
    if (llvm::StringRef(N->getText()).getAsInteger(10, Z.Number) ||
        Z.Number < 1 || Z.Number > 1000)
      fail(range(N), "a zone's number is from 1 to 1000");
    Z.Via = Via;
    spans(Z, C->squareSpan());
    Z.Range = range(C);
    Load.Numbered.push_back(std::move(Z));
  }

  void piece(P::PieceDeclContext *C) {
    RawPiece Raw;
    PieceDef &D = Raw.Def;
    antlr4::Token *NameTok = C->pieceName()->getStart();
    D.Name = C->pieceName()->STRING() ? decode(NameTok) : NameTok->getText();
    D.NameRange = range(NameTok);
    if (D.Name.empty())
      fail(D.NameRange, "a piece needs a name");
    D.Identifier = identifierFor(D.Name);
    D.File =
        Diags.sourceMgr().getMemoryBuffer(Buffer)->getBufferIdentifier().str();
    letter(D, C->letter);
    D.Royal = C->ROYAL() != nullptr;
    if (auto It = Defined.find(D.Identifier); It != Defined.end()) {
      error(D.NameRange, "the piece '" + D.Name +
                             "' is defined twice in this file (as C names "
                             "they are both '" +
                             D.Identifier + "')");
      Diags.note(It->second.Start, "defined here before", {It->second});
      throw Failed();
    }
    Defined[D.Identifier] = D.NameRange;
    if (Load.Pieces.size() >= MaxPieces)
      fail(D.NameRange, "more than " + std::to_string(MaxPieces) +
                            " pieces are defined, which is not supported");
    for (P::MovementContext *M : C->pieceBody()->movement())
      Raw.Moves.push_back(movement(M));
    Raw.FileBuffer = Buffer;
    Raw.Via = Via;
    // A piece of an included file is replaced by a later definition; the
    // including file may do that on purpose, anyone else by mistake.
    for (RawPiece &Old : Load.Pieces)
      if (Old.Def.Identifier == D.Identifier) {
        bool Includer = Via.size() < Old.Via.size() &&
                        std::equal(Via.begin(), Via.end(), Old.Via.begin());
        if (!Includer &&
            Diags.warning(Warning::DuplicatePiece, D.NameRange.Start,
                          "this definition of '" + D.Name +
                              "' replaces the one in " + Old.Def.File,
                          {D.NameRange})) {
          Diags.note(Old.Def.NameRange.Start, "the replaced definition",
                     {Old.Def.NameRange});
        }
        Old = std::move(Raw);
        return;
      }
    Load.Pieces.push_back(std::move(Raw));
  }

  void letter(PieceDef &D, antlr4::Token *T) {
    std::string L = T->getText();
    D.LetterRange = range(T);
    if (L.size() == 1 && L[0] >= 'A' && L[0] <= 'Z') {
      D.Letter = L[0];
      return;
    }
    if (L.size() == 1 && L[0] >= 'a' && L[0] <= 'z')
      fail(D.LetterRange,
           "write the piece's letter in upper case, as White's pieces are "
           "written in positions (Black's is the lower case letter)",
           {SMFixIt(D.LetterRange, std::string(1, L[0] - 'a' + 'A'))});
    fail(D.LetterRange,
         "'" + L +
             "' is not a piece letter; after the name comes one letter A-Z, "
             "as in piece knight N betza \"N\";");
  }

  /// A rule of statement \p C, naming the pieces \p Letters.
  void rule(antlr4::ParserRuleContext *C, std::string Key, std::string Value,
            std::vector<std::pair<char, SMRange>> Letters = {}) {
    Load.Rules.push_back({{std::move(Key), std::move(Value), range(C)},
                          std::move(Letters),
                          Via});
  }

  /// Piece letters (upper case, one each) among \p Words, from \p Begin
  /// to \p End; \p What names them in an error.
  std::vector<std::pair<char, SMRange>>
  letters(const std::vector<antlr4::tree::TerminalNode *> &Words, size_t Begin,
          size_t End, const std::string &What) {
    std::vector<std::pair<char, SMRange>> Out;
    for (size_t I = Begin; I < End; ++I) {
      antlr4::Token *T = Words[I]->getSymbol();
      std::string W = T->getText();
      if (W.size() != 1 || !std::isupper((unsigned char)W[0])) {
        std::vector<SMFixIt> Fix;
        if (W.size() == 1)
          Fix.push_back(SMFixIt(range(T), llvm::StringRef(W).upper()));
        fail(range(T),
             "'" + W + "' is not a piece letter: " + What +
                 (What == "the king" ? " is named by its letter"
                                     : " are named by their letters") +
                 " in upper case",
             Fix);
      }
      Out.push_back({W[0], range(T)});
    }
    return Out;
  }
  static std::string
  lowerLetters(const std::vector<std::pair<char, SMRange>> &Letters) {
    std::string Out;
    for (auto &[L, R] : Letters)
      Out += char(std::tolower((unsigned char)L));
    return Out;
  }

  /// `promote P to Q R B N;`: which pieces promote in the promotion zone,
  /// and to what (Fairy-Stockfish's promotionPawnTypes and
  /// promotionPieceTypes).
  void promote(P::PromoteDeclContext *C) {
    auto Words = C->NAME();
    size_t To = Words.size();
    for (size_t I = 0; I < Words.size(); ++I)
      if (Words[I]->getText() == "to")
        To = I;
    if (To == 0 || To + 1 >= Words.size())
      fail(range(C), "write which pieces promote and to what, by their "
                     "letters: promote P to Q R B N;");
    auto Pawns = letters(Words, 0, To, "the pieces that promote");
    auto Into = letters(Words, To + 1, Words.size(), "promotion choices");
    rule(C, "promotionPawnTypes", lowerLetters(Pawns), Pawns);
    rule(C, "promotionPieceTypes", lowerLetters(Into), Into);
  }

  /// `castling;` or `castling K with R [to g c];`: the king K castles
  /// with the rooks R, to the files g (king side) and c (queen side).
  void castling(P::CastlingDeclContext *C) {
    auto Words = C->NAME();
    auto Usage = [&] {
      fail(range(C), "write castling as: castling; or castling K with R; "
                     "or castling K with R to g c; (the king's letter, "
                     "the rooks' letters, the king's files after castling "
                     "on the king's and the queen's side)");
    };
    rule(C, "castling", "true");
    if (Words.empty())
      return;
    // A king's letter in lower case ('castling k;') is said first.
    std::vector<std::pair<char, SMRange>> King;
    if (Words[0]->getText().size() == 1)
      King = letters(Words, 0, 1, "the king");
    if (Words.size() < 3 || Words[1]->getText() != "with")
      Usage();
    size_t To = Words.size();
    for (size_t I = 2; I < Words.size(); ++I)
      if (Words[I]->getText() == "to")
        To = I;
    if (King.empty())
      King = letters(Words, 0, 1, "the king");
    auto Rooks = letters(Words, 2, To, "the rooks");
    if (Rooks.empty())
      Usage();
    rule(C, "castlingKingPiece", lowerLetters(King), King);
    rule(C, "castlingRookPieces", lowerLetters(Rooks), Rooks);
    if (To == Words.size())
      return;
    if (Words.size() != To + 3)
      Usage();
    for (int Side = 0; Side < 2; ++Side) {
      antlr4::Token *T = Words[To + 1 + Side]->getSymbol();
      std::string F = T->getText();
      if (F.size() != 1 || F[0] < 'a' || F[0] > 'l')
        fail(range(T), "'" + F + "' is not a file: a letter from a to l");
      rule(C, Side ? "castlingQueensideFile" : "castlingKingsideFile", F);
    }
  }

  /// `drops;` (pieces in hand, as the start position's pockets give them,
  /// may be dropped) or `drops captured;` (and a captured piece goes to
  /// the capturer's hand, as in shogi and crazyhouse).
  void drops(P::DropsDeclContext *C) {
    auto Words = C->NAME();
    rule(C, "pieceDrops", "true");
    if (Words.empty())
      return;
    antlr4::Token *T = Words[0]->getSymbol();
    if (Words.size() > 1 || T->getText() != "captured") {
      std::vector<SMFixIt> Fix;
      TypoCorrector Typo(T->getText(), /*PartsCount=*/false);
      Typo.add("captured");
      if (Words.size() == 1 && Typo.best())
        Fix.push_back(SMFixIt(range(T), "captured"));
      fail(range(T, Words.back()->getSymbol()),
           "write drops; or drops captured; (captured pieces go to the "
           "capturer's hand)" +
               std::string(Fix.empty() ? "" : "; did you mean 'captured'?"),
           Fix);
    }
    rule(C, "capturesToHand", "true");
  }

  /// `variants-ini { key = value ... }`: Fairy-Stockfish's keys, one per
  /// line, carried to --emit=variants-ini as written.
  void variantsIni(antlr4::Token *T) {
    size_t Begin = begin(T), End = end(T);
    llvm::StringRef Block = Text.substr(Begin, End - Begin);
    size_t Open = Block.find('{') + 1, Close = Block.size() - 1;
    size_t At = Open;
    while (At < Close) {
      size_t LineEnd = Block.find('\n', At);
      if (LineEnd == llvm::StringRef::npos || LineEnd > Close)
        LineEnd = Close;
      llvm::StringRef Line = Block.slice(At, LineEnd);
      size_t LineBegin = Begin + At;
      At = LineEnd + 1;
      llvm::StringRef Trimmed = Line.trim();
      if (Trimmed.empty() || Trimmed[0] == '#' || Trimmed[0] == ';')
        continue;
      size_t Lead = Line.size() - Line.ltrim().size();
      SMRange LineRange = Diags.range(Buffer, LineBegin + Lead,
                                      LineBegin + Lead + Trimmed.size());
      auto [Key, Value] = Trimmed.split('=');
      Key = Key.trim();
      Value = Value.trim();
      if (Trimmed.find('=') == llvm::StringRef::npos || Key.empty())
        fail(LineRange, "a line of a variants-ini block is a Fairy-Stockfish "
                        "key and its value: key = value");
      SMRange KeyRange =
          Diags.range(Buffer, LineBegin + Lead, LineBegin + Lead + Key.size());
      // A key is a name: one with '[' (a section) or '=' would change the
      // meaning of the section it is written into.
      if (!llvm::all_of(Key,
                        [](char C) { return llvm::isAlnum(C) || C == '_'; }))
        fail(KeyRange, "'" + Key.str() +
                           "' is not a Fairy-Stockfish key: keys are letters "
                           "and digits, such as flyingGeneral");
      if (auto Why = ruleStatedByPieceFile(Key))
        fail(KeyRange, "'" + Key.str() +
                           "' cannot be given in a variants-ini "
                           "block: " +
                           *Why);
      if (!ini::isFairyStockfishKey(Key))
        ini::warnUnknownKey(Diags, Key, KeyRange);
      Load.Rules.push_back({{Key.str(), Value.str(), LineRange}, {}, Via});
    }
  }

  RawMovement movement(P::MovementContext *C) {
    RawMovement M;
    if (C->side)
      M.Side = C->side->getType() == L::WHITE ? Color::White : Color::Black;
    M.NotationName = C->notation->getText();
    M.NotationRange = range(C->notation);
    M.Text = decode(C->STRING()->getSymbol(), M.Offsets);
    M.FileBuffer = Buffer;
    return M;
  }
};

bool Loader::load(const std::string &Text, const std::string &Name,
                  const std::string &Dir, std::vector<unsigned> Via) {
  unsigned Buffer = Diags.addBuffer(Text, Name);
  if (!checkUTF8(Diags, Buffer))
    return false;
  AntlrParse<PieceFileLexer, PieceFileParser> Parse(Text);
  P::PieceFileContext *Tree = Parse.run(&P::pieceFile);
  // (A missing ';' gets its fix-it after the last token: syntaxMessage.)
  if (Parse.reportError(Diags, Buffer, [&](const SyntaxError &E) {
        return syntaxMessage(E, Text);
      })) {
    // As clang goes on after an error, the main file's statements before
    // the one in error are read, for their own diagnostics.
    if (!Via.empty())
      return false;
    const SyntaxError &E = *Parse.firstError();
    size_t Cut = lastStatementEnd(
        Text, E.TokenType == antlr4::Token::EOF
                  ? Text.size()
                  : byteOffsetOfLineColumn(Text, E.Line, E.Column));
    if (Cut == 0)
      return false;
    AntlrParse<PieceFileLexer, PieceFileParser> Above(Text.substr(0, Cut));
    P::PieceFileContext *Read = Above.run(&P::pieceFile);
    if (Above.firstError())
      return false;
    try {
      FileReader(*this, Buffer, Dir, std::move(Via)).read(Read);
      Truncated = true;
    } catch (Failed &) {
    }
    return false;
  }
  try {
    FileReader(*this, Buffer, Dir, std::move(Via)).read(Tree);
  } catch (Failed &) {
    return false;
  }
  return true;
}

/// The names of the notations, for "unknown notation" messages.
std::string notationNames() {
  std::string Known;
  for (const NotationInfo &N : notations())
    Known += (Known.empty() ? "" : ", ") + std::string(N.Name);
  return Known;
}

/// Step 3: one movement through its front end.
bool parseMovement(DiagnosticEngine &Diags, const RawMovement &Raw,
                   const Board &B, const PieceFileOptions &Opts,
                   PieceMovement &Out) {
  Out.Side = Raw.Side;
  Out.Text = Raw.Text;
  Out.Range = Raw.NotationRange;
  Out.Notation = findNotation(Raw.NotationName);
  if (!Out.Notation) {
    // The closest name as a fix-it.
    std::vector<SMFixIt> Fix;
    std::string Suggestion;
    if (const NotationInfo *Best = nearestNotation(Raw.NotationName)) {
      Fix.emplace_back(Raw.NotationRange, Best->Name);
      Suggestion = "; did you mean '" + std::string(Best->Name) + "'?";
    }
    Diags.error(Raw.NotationRange.Start,
                "unknown notation '" + Raw.NotationName + "'; fairyc reads " +
                    notationNames() + Suggestion,
                {Raw.NotationRange}, Fix);
    return false;
  }
  Out.Buffer =
      Diags.addEmbeddedBuffer(Raw.Text, Raw.FileBuffer, Raw.Offsets, true);
  FrontendOptions FOpts;
  FOpts.XBoardBetza = Opts.XBoardBetza;
  FOpts.BoardWidth = B.width();
  FOpts.BoardMaxSide = B.maxSide();
  unsigned Before = Diags.errorCount();
  Out.IR = Out.Notation->Parse(Diags, Out.Buffer, FOpts);
  if (!Out.IR || Diags.errorCount() != Before)
    return false;
  std::vector<std::string> Problems = verifyIR(*Out.IR);
  for (const std::string &Problem : Problems)
    Diags.error(Raw.NotationRange.Start, Problem, {Raw.NotationRange});
  return Problems.empty();
}

/// \p IR with every condition on the other pieces lifted: each leg that
/// captures nothing lands on whatever square state its condition allows
/// any of (an empty square, a friend or an enemy alike), and guards,
/// priorities and tests of what lies ahead no longer exclude a path; a leg
/// that captures (a locust's victim) keeps its condition. On a board whose
/// every other square holds an enemy (or a friend), its paths hold every
/// path the piece has in any position (a hopper's hurdle, a capture's
/// victim, a zone or first-move condition), so a moveset whose relaxation
/// goes nowhere there goes nowhere in any position. False in \p Decidable
/// if \p IR borrows moves, which depend on the other pieces' definitions.
NodeRef relaxed(const NodeRef &N, bool &Decidable) {
  auto Each = [&](NodeKind K) {
    std::vector<NodeRef> Cs;
    for (const NodeRef &C : N->children())
      Cs.push_back(relaxed(C, Decidable));
    return Node::makeList(K, std::move(Cs));
  };
  switch (N->kind()) {
  case NodeKind::Leg:
    if (N->effect() == Effect::Capture || !N->land().Mask)
      return N;
    // En passant needs a previous move; any leg to the square stands in.
    return ir::leg(N->vec(), Land::any(),
                   N->effect() == Effect::Promote ? Effect::Promote
                                                  : Effect::None);
  case NodeKind::Seq:
  case NodeKind::Alt:
    return Each(N->kind());
  case NodeKind::Prio: // a later choice is taken where earlier ones fail
    return Each(NodeKind::Alt);
  case NodeKind::Rep:
  case NodeKind::Ride:
    return Node::makeRepeat(N->kind(), N->range(),
                            relaxed(N->operand(), Decidable));
  case NodeKind::Sym:
    return ir::sym(N->transforms(), relaxed(N->operand(), Decidable));
  case NodeKind::Filter:
    return ir::filter(N->predicate(), relaxed(N->operand(), Decidable));
  case NodeKind::Guard:
    return relaxed(N->operand(), Decidable);
  case NodeKind::Ahead:
    return ir::emptyPath();
  case NodeKind::Borrow:
    Decidable = false;
    return ir::nothing();
  }
  return N;
}

/// Whether \p Moves goes somewhere from some square of \p B for \p Side,
/// with every other square empty, or (\p Filled) holding a piece of side
/// \p Filler. An evaluation that fails counts as going somewhere.
bool movesSomewhere(const NodeRef &Moves, const Board &B, Color Side,
                    char Letter, bool Filled = false,
                    Color Filler = Color::White) {
  std::string Error;
  auto Fast = FastEvaluator::compile(Moves, B, Error);
  if (!Fast)
    return true;
  Position P(B);
  P.MoverType = Letter;
  std::vector<unsigned> Squares = B.squares().toVector();
  if (Filled)
    for (unsigned S : Squares)
      P.place(S, Filler, '~');
  for (unsigned S : Squares) {
    if (Filled)
      P.clear(S);
    auto Dest = Fast->evaluate(P, S, Side, Error);
    if (Filled)
      P.place(S, Filler, '~');
    if (!Dest || Dest->all().count())
      return true;
  }
  return false;
}

/// Piece-file lint: letters used twice, pieces that cannot move.
void lintPieces(DiagnosticEngine &Diags, const PieceSet &Set) {
  for (size_t I = 0; I < Set.Pieces.size(); ++I) {
    const PieceDef &D = Set.Pieces[I];
    for (size_t J = 0; J < I; ++J)
      if (Set.Pieces[J].Letter == D.Letter) {
        if (Diags.warning(Warning::DuplicateLetter, D.LetterRange.Start,
                          "'" + D.Name + "' has the letter " +
                              std::string(1, D.Letter) + " of '" +
                              Set.Pieces[J].Name +
                              "'; positions cannot tell them apart",
                          {D.LetterRange}))
          Diags.note(Set.Pieces[J].LetterRange.Start, "the letter's first use",
                     {Set.Pieces[J].LetterRange});
        break;
      }
    // Can the piece go anywhere from any square in some position? Most
    // pieces move on the empty board; only those that do not (hoppers,
    // capture-only pieces, pieces that truly cannot) are tried with their
    // conditions lifted, so the check stays one evaluation per square.
    for (Color Side : {Color::White, Color::Black}) {
      const NodeRef &Moves = D.movesFor(Side);
      const Board &B = Set.board();
      if (movesSomewhere(Moves, B, Side, D.Letter))
        continue;
      bool Decidable = true;
      NodeRef Relaxed = relaxed(Moves, Decidable);
      if (!Decidable ||
          movesSomewhere(Relaxed, B, Side, D.Letter, true, opposite(Side)) ||
          movesSomewhere(Relaxed, B, Side, D.Letter, true, Side))
        continue;
      Diags.warning(Warning::ImmobilePiece, D.NameRange.Start,
                    "'" + D.Name + "' cannot move from any square of the " +
                        Set.board().str() + " board" +
                        (D.hasSideSpecificMoves()
                             ? std::string(" as ") +
                                   (Side == Color::White ? "White" : "Black")
                             : ""),
                    {D.NameRange});
      if (!D.hasSideSpecificMoves())
        break;
    }
  }
}

/// The squares of a zone's spans on \p B; nullopt after an error.
std::optional<SquareSet> squaresOf(DiagnosticEngine &Diags,
                                   const Loader::RawZone &Z, const Board &B) {
  SquareSet Zone(B.numSquares());
  for (size_t I = 0; I < Z.Spans.size(); ++I) {
    unsigned Corner[2];
    for (int K = 0; K < 2; ++K) {
      std::string Error;
      const std::string &Name = K ? Z.Spans[I].second : Z.Spans[I].first;
      if (!B.parseSquare(Name, Corner[K], Error)) {
        Diags.error(Z.Ranges[I].Start, Error, {Z.Ranges[I]});
        return std::nullopt;
      }
    }
    forBox(B.coord(Corner[0]), B.coord(Corner[1]), [&](Vec C) {
      if (B.contains(C))
        Zone.set(B.index(C));
    });
  }
  return Zone;
}

/// \p S turned half round on \p B: Black's zone of a zone given for White.
SquareSet turnedHalfRound(const Board &B, const SquareSet &S) {
  SquareSet Turned(B.numSquares());
  for (unsigned Sq : S.toVector()) {
    Vec C = B.coord(Sq);
    Vec T(B.width() - 1 - C.x, B.height() - 1 - C.y, B.depth() - 1 - C.z);
    if (B.contains(T))
      Turned.set(B.index(T));
  }
  return Turned;
}

/// The `confine` statements of the file whose board is used: each side's
/// zone of the piece, numbered after those a file may number (1 to 1000).
bool confinements(Loader &Load, PieceSet &Set,
                  const std::vector<unsigned> &BoardVia) {
  DiagnosticEngine &Diags = Load.Diags;
  const Board &B = Set.board();
  // By letter: White's and Black's zone, each given or turned.
  std::map<char, std::optional<SquareSet>[2]> Given, Both;
  for (const Loader::RawZone &Z : Load.Confines) {
    if (Z.Via != BoardVia)
      continue;
    if (!Set.findByLetter(Z.Letter)) {
      Diags.error(Z.LetterRange.Start,
                  std::string("no piece has the letter ") + Z.Letter,
                  {Z.LetterRange});
      return false;
    }
    auto Zone = squaresOf(Diags, Z, B);
    if (!Zone)
      return false;
    std::optional<SquareSet> &Into =
        Z.Side ? Given[Z.Letter][(int)*Z.Side] : Both[Z.Letter][0];
    if (!Into)
      Into = SquareSet(B.numSquares());
    *Into |= *Zone;
  }
  int Next = 1001;
  for (PieceDef &D : Set.Pieces) {
    std::optional<SquareSet> Zone[2];
    auto G = Given.find(D.Letter);
    auto All = Both.find(D.Letter);
    for (int Side = 0; Side < 2; ++Side) {
      if (G != Given.end() && G->second[Side])
        Zone[Side] = G->second[Side];
      else if (All != Both.end() && All->second[0])
        Zone[Side] =
            Side ? turnedHalfRound(B, *All->second[0]) : *All->second[0];
      if (!Zone[Side])
        continue;
      Set.Zones[Next] = *Zone[Side];
      D.ConfineZone[Side] = Next++;
    }
  }
  return true;
}

/// The start position and promotion zones of the file whose board is
/// used (\p BoardVia: its includes), on that board; none with --board.
/// False after an error.
bool gameRules(Loader &Load, PieceSet &Set, const PieceFileOptions &Opts,
               const std::vector<unsigned> &BoardVia) {
  DiagnosticEngine &Diags = Load.Diags;
  const Board &B = Set.board();
  for (const Loader::RawZone &Z : Load.Numbered) {
    if (Set.Zones.count(Z.Number)) {
      Diags.error(Z.Range.Start,
                  "zone " + std::to_string(Z.Number) + " is given twice",
                  {Z.Range});
      return false;
    }
    auto Squares = squaresOf(Diags, Z, B);
    if (!Squares)
      return false;
    Set.Zones[Z.Number] = *Squares;
  }
  if (Opts.BoardOverride)
    return true;
  auto Own = std::find_if(Load.Starts.begin(), Load.Starts.end(),
                          [&](const auto &S) { return S.Via == BoardVia; });
  if (Own != Load.Starts.end()) {
    std::string Error;
    auto Start = Position::fromFEN(Own->FEN, B, Error);
    if (!Start) {
      // A rank of the wrong length is named and marked itself.
      if (auto Rank = wrongRank(Own->FEN, B)) {
        SMRange R = Own->Range;
        if (auto Inside =
                insideString(Own->FEN, Own->Range, Rank->Begin, Rank->End))
          R = *Inside;
        Diags.error(
            R.Start,
            "the start position's rank " + std::to_string(Rank->Rank) + " ('" +
                Rank->Text + "') has " + std::to_string(Rank->Squares) +
                " squares; the board is " + std::to_string(B.width()) + " wide",
            {R});
        return false;
      }
      Diags.error(Own->Range.Start,
                  "the start position is not a position of the " + B.str() +
                      " board: " + Error,
                  {Own->Range});
      return false;
    }
    for (unsigned S : B.squares().toVector()) {
      const Occupant &O = Start->at(S);
      if (O.Present && !Set.findByLetter(O.Type)) {
        // Marked at the letter itself, when the FEN has it.
        SMRange R = Own->Range;
        if (auto At = fenOffsetOf(Own->FEN, B, S))
          if (auto Inside = insideString(Own->FEN, Own->Range, *At, *At + 1))
            R = *Inside;
        Diags.error(R.Start,
                    "the start position has a piece '" +
                        std::string(1, O.Side == Color::White
                                           ? O.Type
                                           : char(O.Type - 'A' + 'a')) +
                        "' on " + B.squareName(S) +
                        ", and no piece has that letter",
                    {R});
        return false;
      }
    }
    Set.Start = std::move(*Start);
    Set.StartFEN = Own->FEN;
  }
  // The rules of the file whose board is used: the pieces they name must
  // be in the set; `promote` statements add up.
  for (const Loader::RawRule &R : Load.Rules) {
    if (R.Via != BoardVia)
      continue;
    for (const auto &[Letter, Range] : R.Letters)
      if (!Set.findByLetter(Letter)) {
        Diags.error(Range.Start,
                    std::string("no piece has the letter ") + Letter, {Range});
        return false;
      }
    GameRule Rule = R.Rule;
    if (const GameRule *Old = Set.rule(Rule.Key);
        Old &&
        (Rule.Key == "promotionPawnTypes" || Rule.Key == "promotionPieceTypes"))
      for (char L : Old->Value)
        if (Rule.Value.find(L) == std::string::npos)
          Rule.Value.insert(Rule.Value.begin(), L);
    Set.setRule(std::move(Rule));
  }
  // A zone without a side is White's, and Black's too turned half round
  // unless Black's is given.
  std::optional<SquareSet> Given[2], Both;
  for (const Loader::RawZone &Z : Load.Zones) {
    if (Z.Via != BoardVia)
      continue;
    auto Zone = squaresOf(Diags, Z, B);
    if (!Zone)
      return false;
    if (!Set.PromotionRange.isValid() && !Z.Ranges.empty())
      Set.PromotionRange = {Z.Ranges.front().Start, Z.Ranges.back().End};
    std::optional<SquareSet> &Into = Z.Side ? Given[(int)*Z.Side] : Both;
    if (!Into)
      Into = SquareSet(B.numSquares());
    *Into |= *Zone;
  }
  if (Both || Given[0])
    Set.Promotion[0] = Given[0] ? *Given[0] : *Both;
  if (Given[1]) {
    Set.Promotion[1] = *Given[1];
  } else if (Both) {
    SquareSet Turned(B.numSquares());
    for (unsigned S : Both->toVector()) {
      Vec C = B.coord(S);
      Vec T(B.width() - 1 - C.x, B.height() - 1 - C.y, B.depth() - 1 - C.z);
      if (B.contains(T))
        Turned.set(B.index(T));
    }
    Set.Promotion[1] = Turned;
  }
  return confinements(Load, Set, BoardVia);
}

std::optional<PieceSet> finish(Loader &Load, const PieceFileOptions &Opts) {
  PieceSet Set;
  Set.Title = Load.Title;
  // Step 2: the board. The main file's wins; else its includes' must agree.
  const Loader::DeclaredBoard *Used = nullptr;
  for (const Loader::DeclaredBoard &D : Load.Boards) {
    if (D.Via.empty()) {
      Used = &D;
      break;
    }
  }
  if (!Used)
    for (const Loader::DeclaredBoard &D : Load.Boards) {
      if (!Used) {
        Used = &D;
      } else if (D.B.str() != Used->B.str() ||
                 D.B.squares().count() != Used->B.squares().count()) {
        Load.Diags.error(D.Range.Start,
                         "this board (" + D.B.str() +
                             ") differs from the one of an earlier include (" +
                             Used->B.str() +
                             "); declare the board in the main file",
                         {D.Range});
        Load.Diags.note(Used->Range.Start, "the earlier board", {Used->Range});
        return std::nullopt;
      }
    }
  std::string Error;
  if (Opts.BoardOverride) {
    Set.TheBoard = *Opts.BoardOverride;
    Set.BoardGiven = true;
  } else if (Used) {
    Set.TheBoard = Used->B;
    Set.BoardGiven = true;
    Set.Style = Used->Style;
    Set.BoardRange = Used->Range;
    for (unsigned I : Used->Via)
      Load.Includes[I].Used = true;
  } else {
    Set.TheBoard = Board::make(8, 8, 1, Error);
  }
  // Step 3: the notation strings.
  bool Ok = true;
  for (RawPiece &Raw : Load.Pieces) {
    bool PieceOk = true;
    for (const RawMovement &M : Raw.Moves) {
      PieceMovement Parsed;
      if (parseMovement(Load.Diags, M, *Set.TheBoard, Opts, Parsed))
        Raw.Def.Moves.push_back(std::move(Parsed));
      else
        PieceOk = false;
    }
    for (unsigned I : Raw.Via)
      Load.Includes[I].Used = true;
    Ok &= PieceOk;
    if (PieceOk)
      Set.Pieces.push_back(std::move(Raw.Def));
  }
  // After an error the pieces that compiled are still checked, as clang
  // warns about the rest of a file with an error; the rules may name a
  // piece left out (or, after a syntax error, one not read): they are not.
  if (Ok && !Load.Truncated &&
      !gameRules(Load, Set, Opts, Used ? Used->Via : std::vector<unsigned>()))
    return std::nullopt;
  lintPieces(Load.Diags, Set);
  // (A piece after a syntax error may use an include.)
  for (const IncludeStatement &I :
       Load.Truncated ? std::vector<IncludeStatement>() : Load.Includes)
    if (!I.Used)
      Load.Diags.warning(Warning::UnusedInclude, I.Range.Start,
                         "nothing of '" +
                             llvm::sys::path::filename(I.Path).str() +
                             "' is used: it defines no piece that is not "
                             "defined again, and no board that is used",
                         {I.Range});
  if (!Ok && !Opts.Recover)
    return std::nullopt;
  return Set;
}

std::optional<PieceSet> readText(DiagnosticEngine &Diags,
                                 const std::string &Text,
                                 const std::string &Name,
                                 const std::string &Dir,
                                 const PieceFileOptions &Opts) {
  Loader Load(Diags, Opts);
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Name, Real))
    Load.Stack.push_back(Real.str().str());
  if (!Load.load(Text, Name, Dir, {})) {
    // A syntax error: the pieces above it are checked, on the board of
    // the main file (one declared after the error would be another).
    bool BoardKnown =
        Opts.BoardOverride ||
        llvm::any_of(Load.Boards, [](const auto &D) { return D.Via.empty(); });
    if (!Load.Truncated || !BoardKnown)
      return std::nullopt;
    auto Set = finish(Load, Opts);
    return Opts.Recover ? Set : std::nullopt;
  }
  return finish(Load, Opts);
}

} // namespace

std::string fairy::identifierFor(const std::string &Name) {
  std::string Id;
  for (char C : Name)
    Id += std::isalnum((unsigned char)C) ? C : '_';
  if (Id.empty() || std::isdigit((unsigned char)Id[0]))
    Id = "piece_" + Id;
  return Id;
}

std::optional<PieceSet> fairy::readPieceFile(DiagnosticEngine &Diags,
                                             const std::string &Path,
                                             const PieceFileOptions &Opts) {
  auto Text = readInput(Diags, Path);
  if (!Text)
    return std::nullopt;
  return readText(Diags, *Text, Path, llvm::sys::path::parent_path(Path).str(),
                  Opts);
}

std::optional<PieceSet> fairy::readPieceFileText(DiagnosticEngine &Diags,
                                                 const std::string &Text,
                                                 const std::string &Name,
                                                 const PieceFileOptions &Opts) {
  return readText(Diags, withoutByteOrderMark(Text), Name, Opts.IncludeDir,
                  Opts);
}
