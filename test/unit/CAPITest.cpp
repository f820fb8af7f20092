//===- CAPITest.cpp - The C API against the reference evaluator -----------===//
//
// fairy_destinations goes through the C API's squares, sides and flags, the
// driver, the passes and the fast evaluator. Here it is checked against the
// reference evaluator on the unoptimised IR of the same pieces, in random
// positions of every bundled piece file; and every entry point is checked
// to refuse bad arguments and NULL handles with a status, not a crash.
//
//===----------------------------------------------------------------------===//
#include "fairy/fairy.h"

#include "fairy/Backend/Backend.h"
#include "fairy/Driver/Driver.h"
#include "fairy/Eval/Evaluator.h"
#include "fairy/PieceFile/PieceSet.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace fairy;

// CAPIBadSide.c: calls the API with a side of 7, as only C can.
extern "C" int fairy_test_bad_side(fairy_compilation *c);

namespace {

struct Compilation {
  fairy_compilation *C;
  explicit Compilation(fairy_compilation *C) : C(C) {}
  ~Compilation() { fairy_compilation_destroy(C); }
};

/// The moves the reference evaluator finds in the position the C API is
/// asked about, in the C API's form.
std::vector<std::pair<unsigned, unsigned>>
referenceMoves(const PieceSet &Set, size_t Piece, unsigned From, Color Side,
               bool Moved, const std::vector<SquareContent> &Squares) {
  const Board &B = Set.board();
  Position P(B);
  for (unsigned Sq = 0; Sq < Squares.size(); ++Sq)
    if (Squares[Sq].Present && Sq != From) {
      P.place(Sq, Squares[Sq].Side, Squares[Sq].Type);
      if (Squares[Sq].Moved)
        P.Moved.set(Sq);
    }
  P.place(From, Side, Set.Pieces[Piece].Letter);
  if (Moved)
    P.Moved.set(From);
  P.SideToMove = Side;
  Set.describeTo(P);
  std::string Error;
  auto D = ReferenceEvaluator(Set.Pieces[Piece].movesFor(Side))
               .evaluate(P, From, Side, Error);
  EXPECT_TRUE(D) << Error;
  std::vector<std::pair<unsigned, unsigned>> Out;
  if (!D)
    return Out;
  for (unsigned Sq : (D->all() | D->Promote).toVector())
    Out.push_back(
        {Sq, (D->Quiet.test(Sq) ? unsigned(FAIRY_MOVE_QUIET) : 0u) |
                 (D->Capture.test(Sq) ? unsigned(FAIRY_MOVE_CAPTURE) : 0u) |
                 (D->Remote.test(Sq) ? unsigned(FAIRY_MOVE_REMOTE) : 0u) |
                 (D->Promote.test(Sq) ? unsigned(FAIRY_MOVE_PROMOTE) : 0u)});
  return Out;
}

/// \p Path compiled by the driver, as fairyc compiles it: the reference
/// the C API's answers are compared with.
std::unique_ptr<CompiledPieces> viaDriver(const std::string &Path) {
  Driver D;
  Invocation Inv;
  Inv.Input = Path;
  return D.compile(Inv);
}

TEST(CAPITest, DestinationsMatchTheReferenceEvaluatorOnEveryExample) {
  std::mt19937_64 Rng(20);
  unsigned Compared = 0, Moves = 0;
  for (const char *File : {"chess.fairy", "xiangqi.fairy", "shogi.fairy",
                           "grand.fairy", "raumschach.fairy"}) {
    SCOPED_TRACE(File);
    std::string Path = std::string(FAIRY_SOURCE_DIR) + "/examples/" + File;
    Compilation C(fairy_compile_file(Path.c_str(), nullptr));
    ASSERT_TRUE(fairy_compilation_ok(C.C));
    // The same file through the driver, for the reference's IR.
    auto Pieces = viaDriver(Path);
    ASSERT_TRUE(Pieces);
    const PieceSet &Set = Pieces->pieceSet();
    unsigned N = fairy_board_squares(C.C);
    ASSERT_EQ(N, Set.board().numSquares());
    std::string Letters;
    for (const PieceDef &Def : Set.Pieces)
      Letters += Def.Letter;
    for (int Trial = 0; Trial < 12; ++Trial) {
      // A random position: each square empty or a random piece of either
      // side, moved or not.
      fairy_position *P = fairy_position_create(C.C);
      std::vector<SquareContent> Squares(N);
      for (unsigned Sq = 0; Sq < N; ++Sq) {
        if (!Set.board().squares().test(Sq) || Rng() % 4)
          continue;
        SquareContent &S = Squares[Sq];
        S = {true, Rng() % 2 ? Color::White : Color::Black,
             Letters[Rng() % Letters.size()], Rng() % 2 == 0};
        ASSERT_EQ(fairy_position_place(
                      P, Sq, S.Side == Color::White ? FAIRY_WHITE : FAIRY_BLACK,
                      S.Type, S.Moved),
                  FAIRY_OK);
      }
      for (size_t Piece = 0; Piece < fairy_piece_count(C.C); ++Piece)
        for (fairy_side Side : {FAIRY_WHITE, FAIRY_BLACK}) {
          std::vector<unsigned> Origins = Set.board().squares().toVector();
          unsigned From = Origins[Rng() % Origins.size()];
          bool Moved = Rng() % 2;
          SCOPED_TRACE(Set.Pieces[Piece].Name + " on " +
                       Set.board().squareName(From));
          fairy_destination Out[512];
          size_t Count = 0;
          ASSERT_EQ(fairy_destinations(C.C, Piece, P, From, Side, Moved, Out,
                                       512, &Count),
                    FAIRY_OK)
              << fairy_last_error(C.C);
          std::vector<std::pair<unsigned, unsigned>> Got;
          for (size_t I = 0; I < Count; ++I)
            Got.push_back({Out[I].square, Out[I].kinds});
          ++Compared;
          Moves += Count;
          EXPECT_EQ(Got, referenceMoves(Set, Piece, From,
                                        Side == FAIRY_WHITE ? Color::White
                                                            : Color::Black,
                                        Moved, Squares));
        }
      fairy_position_destroy(P);
    }
  }
  // Enough questions, and not all of them with empty answers.
  EXPECT_GE(Compared, 500u);
  EXPECT_GE(Moves, 1000u);
}

TEST(CAPITest, EveryEmitKindMatchesTheDriver) {
  const char *Text =
      "piece knight N betza \"N\";\npiece rook R parlett \"n+\";";
  Compilation C(fairy_compile("pieces", Text, std::strlen(Text), nullptr));
  ASSERT_TRUE(fairy_compilation_ok(C.C));
  // Every back end of the registry that takes a piece file.
  for (const BackendInfo *B : backends()) {
    if (!B->PieceSet)
      continue;
    const char *Kind = B->Name;
    SCOPED_TRACE(Kind);
    size_t Length = 0;
    ASSERT_EQ(fairy_emit(C.C, Kind, nullptr, 0, &Length),
              FAIRY_BUFFER_TOO_SMALL);
    std::string Buffer(Length + 1, '?');
    ASSERT_EQ(fairy_emit(C.C, Kind, Buffer.data(), Length, &Length),
              FAIRY_BUFFER_TOO_SMALL)
        << "no room for the NUL";
    EXPECT_EQ(Buffer[0], '?') << "nothing written when too small";
    ASSERT_EQ(fairy_emit(C.C, Kind, Buffer.data(), Buffer.size(), &Length),
              FAIRY_OK);
    Driver D;
    Invocation Inv;
    Inv.Notation = "pieces";
    Inv.Expression = Text;
    Inv.Emit = Kind;
    auto Expected = D.emit(Inv);
    ASSERT_TRUE(Expected);
    EXPECT_EQ(std::string(Buffer.c_str(), Length), *Expected);
  }
  // A graph is of one piece's IR: refused for a set, with a diagnostic.
  size_t Before = fairy_diagnostic_count(C.C), Length = 0;
  char Small[8];
  EXPECT_EQ(fairy_emit(C.C, "dot", Small, sizeof Small, &Length), FAIRY_ERROR);
  EXPECT_GT(fairy_diagnostic_count(C.C), Before);
}

TEST(CAPITest, WarningsAndOptionsReachTheCompilation) {
  fairy_options *O = fairy_options_create();
  for (auto [Name, Value] : std::vector<std::pair<const char *, const char *>>{
           {"notation", "betza"},
           {"x", "betza"},
           {"board", "10x10"},
           {"position", "8/8/8/8/8/8/8/8"},
           {"from", "e4"},
           {"side", "black"},
           {"side", "both"},
           {"moved", "1"},
           {"advanced", "0"},
           {"labels", "1"},
           {"w", "0"},
           {"betza", "xboard"},
           {"radius", "3"},
           {"O", "0"},
           {"O", "3"},
           {"O", "s"},
           {"keep-going", "0"},
           {"W", "error"},
           {"name", "wazir"},
           {"variant", "chess"},
           {"engine", "reference"},
           {"eval-step-limit", "1000"},
           {"dot", "automaton"},
           {"board-style", "xiangqi"},
           {"betza-style", "brackets"},
           {"last-move", "e7-e5"},
           {"zone", "1:a8-h8"},
           {"moved-squares", "e4"},
           {"advanced-squares", "a3"},
           {"state", "1"},
           {"type", "K"},
           {"royal", "KG"},
           {"piece", "N=betza:N"}})
    EXPECT_EQ(fairy_options_set(O, Name, Value), FAIRY_OK)
        << Name << ": " << fairy_options_error(O);
  for (auto [Name, Value] :
       std::vector<std::pair<const char *, const char *>>{{"side", "red"},
                                                          {"moved", "maybe"},
                                                          {"O", "4"},
                                                          {"O", "fast"},
                                                          {"radius", "-1"},
                                                          {"betza", "sjeng"},
                                                          {"engine", "slow"},
                                                          {"state", "x"},
                                                          {"dot", "round"},
                                                          {"board-style", "go"},
                                                          {"nonsense", "1"}}) {
    EXPECT_EQ(fairy_options_set(O, Name, Value), FAIRY_INVALID_ARGUMENT)
        << Name;
    EXPECT_NE(std::strlen(fairy_options_error(O)), 0u);
  }
  fairy_options_destroy(O);

  // -Werror through the options makes a warning fail the compilation.
  const char *Repeated = "WW";
  Compilation Lenient(fairy_compile("betza", Repeated, 2, nullptr));
  EXPECT_TRUE(fairy_compilation_ok(Lenient.C));
  fairy_options *Strict = fairy_options_create();
  ASSERT_EQ(fairy_options_set(Strict, "W", "error"), FAIRY_OK);
  Compilation Failing(fairy_compile("betza", Repeated, 2, Strict));
  fairy_options_destroy(Strict);
  if (fairy_diagnostic_count(Lenient.C)) {
    EXPECT_FALSE(fairy_compilation_ok(Failing.C));
    fairy_diagnostic D;
    ASSERT_EQ(fairy_diagnostic_get(Failing.C, 0, &D), FAIRY_OK);
    EXPECT_EQ(D.severity, FAIRY_SEVERITY_ERROR);
  }
}

// "include-dir": a piece file compiled from text reads its includes there
// (as fairyc-lsp does for an unsaved document), and not without it.
TEST(CAPITest, IncludeDirFindsTheIncludesOfText) {
  const char *Text = "include \"wazir.fairy\";\npiece ferz F betza \"F\";\n";
  fairy_options *O = fairy_options_create();
  ASSERT_EQ(
      fairy_options_set(O, "include-dir", FAIRY_SOURCE_DIR "/test/Lsp/Inputs"),
      FAIRY_OK);
  Compilation Found(fairy_compile("pieces", Text, std::strlen(Text), O));
  fairy_options_destroy(O);
  EXPECT_TRUE(fairy_compilation_ok(Found.C));
  EXPECT_EQ(fairy_piece_count(Found.C), 2u);
  fairy_options *Elsewhere = fairy_options_create();
  ASSERT_EQ(fairy_options_set(Elsewhere, "include-dir", "/nonexistent"),
            FAIRY_OK);
  Compilation Lost(fairy_compile("pieces", Text, std::strlen(Text), Elsewhere));
  fairy_options_destroy(Elsewhere);
  EXPECT_FALSE(fairy_compilation_ok(Lost.C));
}

TEST(CAPITest, BadArgumentsAndNullHandlesGetAStatus) {
  EXPECT_EQ(fairy_options_set(nullptr, "board", "8x8"), FAIRY_INVALID_ARGUMENT);
  fairy_options *O = fairy_options_create();
  EXPECT_EQ(fairy_options_set(O, nullptr, "8x8"), FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(fairy_options_set(O, "board", nullptr), FAIRY_INVALID_ARGUMENT);
  fairy_options_destroy(O);
  fairy_options_destroy(nullptr);

  EXPECT_EQ(fairy_compilation_ok(nullptr), 0);
  EXPECT_EQ(fairy_diagnostic_count(nullptr), 0u);
  EXPECT_STREQ(fairy_last_error(nullptr), "");
  EXPECT_EQ(fairy_board_squares(nullptr), 0u);
  EXPECT_EQ(fairy_square_index(nullptr, "a1"), -1);
  EXPECT_EQ(fairy_piece_name(nullptr, 0), nullptr);
  EXPECT_EQ(fairy_piece_letter(nullptr, 0), 0);
  EXPECT_EQ(fairy_piece_find(nullptr, 'N'), -1);
  EXPECT_EQ(fairy_position_create(nullptr), nullptr);
  size_t N = 0;
  EXPECT_EQ(fairy_destinations(nullptr, 0, nullptr, 0, FAIRY_WHITE, 0, nullptr,
                               0, &N),
            FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(fairy_emit(nullptr, "ir", nullptr, 0, &N), FAIRY_INVALID_ARGUMENT);

  // NUL bytes and text that is not a notation: a compilation with errors.
  const char Nul[] = {'N', '\0', 'W'};
  Compilation Bad(fairy_compile("betza", Nul, sizeof Nul, nullptr));
  EXPECT_FALSE(fairy_compilation_ok(Bad.C));
  EXPECT_GT(fairy_diagnostic_count(Bad.C), 0u);
  fairy_diagnostic D;
  EXPECT_EQ(fairy_diagnostic_get(Bad.C, 999, &D), FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(fairy_diagnostic_get(Bad.C, 0, nullptr), FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(
      fairy_destinations(Bad.C, 0, nullptr, 0, FAIRY_WHITE, 0, nullptr, 0, &N),
      FAIRY_ERROR);
  Compilation Unknown(fairy_compile("klingon", "N", 1, nullptr));
  EXPECT_FALSE(fairy_compilation_ok(Unknown.C));
  Compilation NoFile(fairy_compile_file("/no/such/file.betza", nullptr));
  EXPECT_FALSE(fairy_compilation_ok(NoFile.C));
  Compilation NullText(fairy_compile("betza", nullptr, 5, nullptr));
  EXPECT_TRUE(fairy_compilation_ok(NullText.C)) << "empty text: no moves";

  // Queries out of range on a good compilation.
  Compilation Good(fairy_compile("betza", "N", 1, nullptr));
  ASSERT_TRUE(fairy_compilation_ok(Good.C));
  fairy_destination Out[8];
  EXPECT_EQ(
      fairy_destinations(Good.C, 1, nullptr, 0, FAIRY_WHITE, 0, Out, 8, &N),
      FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(
      fairy_destinations(Good.C, 0, nullptr, 64, FAIRY_WHITE, 0, Out, 8, &N),
      FAIRY_INVALID_ARGUMENT);
  // A side that is no side, passed from C (CAPIBadSide.c): both refused.
  EXPECT_EQ(fairy_test_bad_side(Good.C), 2);
  EXPECT_EQ(
      fairy_destinations(Good.C, 0, nullptr, 0, FAIRY_WHITE, 0, nullptr, 8, &N),
      FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(fairy_emit(Good.C, nullptr, nullptr, 0, &N),
            FAIRY_INVALID_ARGUMENT);
  // An unknown kind is refused in fairyc's words for --emit=jsn.
  EXPECT_EQ(fairy_emit(Good.C, "jsn", nullptr, 0, &N), FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(
      std::string(fairy_last_error(Good.C))
          .rfind("emit: 'jsn' is not one of its values (diagram, ir, json,", 0),
      0u)
      << fairy_last_error(Good.C);
  EXPECT_NE(std::string(fairy_last_error(Good.C)).find("did you mean 'json'?"),
            std::string::npos);
  char Name[2];
  EXPECT_EQ(fairy_square_name(Good.C, 0, Name, sizeof Name, &N),
            FAIRY_BUFFER_TOO_SMALL);
  EXPECT_EQ(N, 2u);
  EXPECT_EQ(fairy_square_name(Good.C, 64, Name, sizeof Name, &N),
            FAIRY_INVALID_ARGUMENT);
  fairy_position *P = fairy_position_create(Good.C);
  EXPECT_EQ(fairy_position_place(P, 0, FAIRY_WHITE, '3', 0),
            FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(fairy_position_clear(P, 64), FAIRY_INVALID_ARGUMENT);
  // A position of another board is refused.
  fairy_options *TenByTen = fairy_options_create();
  fairy_options_set(TenByTen, "board", "10x10");
  Compilation Other(fairy_compile("betza", "N", 1, TenByTen));
  fairy_options_destroy(TenByTen);
  EXPECT_EQ(fairy_destinations(Other.C, 0, P, 0, FAIRY_WHITE, 0, Out, 8, &N),
            FAIRY_INVALID_ARGUMENT);
  fairy_position_destroy(P);
}

// fairy_position_set_placement reads a placement as fairyc --position does
// (Position::fromFEN): walls are no squares, so nothing moves to or over
// them; the destinations equal the reference evaluator's on the position
// fromFEN reads. Text fromFEN refuses is refused in its words, and the
// position is left as it was.
TEST(CAPITest, PlacementsAreReadAsFairycReadsPositions) {
  std::string Path = std::string(FAIRY_SOURCE_DIR) + "/examples/chess.fairy";
  Compilation C(fairy_compile_file(Path.c_str(), nullptr));
  ASSERT_TRUE(fairy_compilation_ok(C.C));
  auto Pieces = viaDriver(Path);
  ASSERT_TRUE(Pieces);
  const PieceSet &Set = Pieces->pieceSet();
  struct Case {
    const char *FEN, *From;
    char Letter;
  };
  for (Case K : std::vector<Case>{{"*p6/8/8/8/8/8/8/R7", "a1", 'R'},
                                  {"8/8/8/2*5/8/2*5/8/Q7 w", "a1", 'Q'},
                                  {"8/8/8/8/3**3/3Q4/8/8", "d3", 'Q'},
                                  {"8/8/8/8/8/1*6/2*5/N7", "a1", 'N'},
                                  {"8/8/8/8/8/8/1p6/*B6 b", "b1", 'B'}}) {
    SCOPED_TRACE(K.FEN);
    fairy_position *P = fairy_position_create(C.C);
    ASSERT_EQ(fairy_position_set_placement(P, K.FEN), FAIRY_OK)
        << fairy_position_error(P);
    EXPECT_STREQ(fairy_position_error(P), "");
    std::string Error;
    auto Read = Position::fromFEN(K.FEN, Set.board(), Error);
    ASSERT_TRUE(Read) << Error;
    unsigned From = (unsigned)fairy_square_index(C.C, K.From);
    long Piece = fairy_piece_find(C.C, K.Letter);
    ASSERT_GE(Piece, 0);
    Position Q = *Read;
    Q.place(From, Color::White, K.Letter);
    Q.SideToMove = Color::White;
    Set.describeTo(Q);
    auto Ref = ReferenceEvaluator(Set.Pieces[Piece].movesFor(Color::White))
                   .evaluate(Q, From, Color::White, Error);
    ASSERT_TRUE(Ref) << Error;
    fairy_destination Out[128];
    size_t Count = 0;
    ASSERT_EQ(fairy_destinations(C.C, Piece, P, From, FAIRY_WHITE, 0, Out, 128,
                                 &Count),
              FAIRY_OK)
        << fairy_last_error(C.C);
    std::vector<unsigned> Got, Want = Ref->all().toVector();
    for (size_t I = 0; I < Count; ++I)
      Got.push_back(Out[I].square);
    EXPECT_EQ(Got, Want);
    // The walls are not destinations, and a wall is not an origin.
    for (unsigned Sq = 0; Sq < 64; ++Sq)
      if (!Read->board().squares().test(Sq)) {
        EXPECT_EQ(std::count(Got.begin(), Got.end(), Sq), 0);
        EXPECT_EQ(fairy_destinations(C.C, Piece, P, Sq, FAIRY_WHITE, 0, Out,
                                     128, &Count),
                  FAIRY_ERROR);
      }
    fairy_position_destroy(P);
  }
  // '*p6': the pawn on b8, not a8.
  fairy_position *P = fairy_position_create(C.C);
  ASSERT_EQ(fairy_position_set_placement(P, "*p6/8/8/8/8/8/8/R7"), FAIRY_OK);
  fairy_destination Out[64];
  size_t Count = 0;
  ASSERT_EQ(fairy_destinations(C.C, fairy_piece_find(C.C, 'R'), P, 0,
                               FAIRY_WHITE, 0, Out, 64, &Count),
            FAIRY_OK);
  ASSERT_EQ(Count, 13u); // b1-h1, a2-a7 (a8 is a wall)
  EXPECT_EQ(Out[Count - 1].square, 48u);
  // Bad text: fairyc's reasons; the position keeps what it had.
  for (const char *Bad : {"8/8/8", "9/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/7",
                          "8/8/8/8/8/8/8/R6x1?", "", "8/8/8/8/8/8/8/8 x"}) {
    SCOPED_TRACE(Bad);
    std::string Error;
    ASSERT_FALSE(Position::fromFEN(Bad, Set.board(), Error));
    EXPECT_EQ(fairy_position_set_placement(P, Bad), FAIRY_INVALID_ARGUMENT);
    EXPECT_EQ(fairy_position_error(P), "--position: " + Error);
    ASSERT_EQ(fairy_destinations(C.C, fairy_piece_find(C.C, 'R'), P, 0,
                                 FAIRY_WHITE, 0, Out, 64, &Count),
              FAIRY_OK);
    EXPECT_EQ(Count, 13u);
  }
  EXPECT_EQ(fairy_position_set_placement(P, nullptr), FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(fairy_position_set_placement(nullptr, "8/8/8/8/8/8/8/8"),
            FAIRY_INVALID_ARGUMENT);
  EXPECT_STREQ(fairy_position_error(nullptr), "");
  // clear makes a wall a square again.
  ASSERT_EQ(fairy_position_clear(P, 56), FAIRY_OK);
  ASSERT_EQ(fairy_destinations(C.C, fairy_piece_find(C.C, 'R'), P, 0,
                               FAIRY_WHITE, 0, Out, 64, &Count),
            FAIRY_OK);
  EXPECT_EQ(Count, 14u);
  fairy_position_destroy(P);
}

/// The back ends docs/backends.md lists: its table whose header starts
/// "| `--emit=` |", one row per back end, the name in the first column's
/// backquotes and the help line in the second.
std::vector<std::pair<std::string, std::string>> documentedBackends() {
  std::ifstream In(FAIRY_SOURCE_DIR "/docs/backends.md");
  EXPECT_TRUE(In) << "cannot read docs/backends.md";
  std::vector<std::pair<std::string, std::string>> Rows;
  std::string Line;
  bool InTable = false;
  while (std::getline(In, Line)) {
    if (Line.rfind("| `--emit=` |", 0) == 0) {
      InTable = true;
      continue;
    }
    if (!InTable || Line.rfind("|---", 0) == 0)
      continue;
    if (Line.rfind("| `", 0) != 0)
      break;
    size_t NameEnd = Line.find('`', 3);
    size_t HelpStart = Line.find("| ", NameEnd) + 2;
    size_t HelpEnd = Line.find(" |", HelpStart);
    Rows.push_back({Line.substr(3, NameEnd - 3),
                    Line.substr(HelpStart, HelpEnd - HelpStart)});
  }
  return Rows;
}

// Input text quoted in a diagnostic or an error comes out as fairyc prints
// it: a NUL or an ESC as \xNN, so the message is whole as a C string and
// cannot steer the terminal of a program that prints it.
TEST(CAPITest, InputTextInMessagesIsEscaped) {
  const char Text[] = "N\0R\x1b[2J";
  Compilation C(fairy_compile("betza", Text, sizeof(Text) - 1, nullptr));
  ASSERT_FALSE(fairy_compilation_ok(C.C));
  ASSERT_GE(fairy_diagnostic_count(C.C), 1u);
  fairy_diagnostic D;
  ASSERT_EQ(fairy_diagnostic_get(C.C, 0, &D), FAIRY_OK);
  EXPECT_NE(std::strstr(D.message, "unexpected character '\\x00'"), nullptr)
      << D.message;
  for (size_t I = 0; I < fairy_diagnostic_count(C.C); ++I) {
    ASSERT_EQ(fairy_diagnostic_get(C.C, I, &D), FAIRY_OK);
    EXPECT_EQ(std::strchr(D.message, '\x1b'), nullptr) << D.message;
  }

  fairy_options *O = fairy_options_create();
  EXPECT_EQ(fairy_options_set(O, "board\x1b[31m", "8x8"),
            FAIRY_INVALID_ARGUMENT);
  EXPECT_NE(std::strstr(fairy_options_error(O), "board\\x1B[31m"), nullptr)
      << fairy_options_error(O);
  EXPECT_EQ(fairy_options_set(O, "side", "w\x1bhite"), FAIRY_INVALID_ARGUMENT);
  EXPECT_EQ(std::strchr(fairy_options_error(O), '\x1b'), nullptr);
  fairy_options_destroy(O);
}

// The registry, read through the C API, is the list docs/backends.md shows:
// the same names in the same order with the same help lines, and every name
// is a kind fairy_emit takes.
TEST(CAPITest, BackendRegistryIsDocumented) {
  std::vector<std::pair<std::string, std::string>> Registry;
  for (size_t I = 0; const char *Name = fairy_backend_name(I); ++I) {
    const char *Help = fairy_backend_help(I);
    ASSERT_NE(Help, nullptr) << Name;
    Registry.push_back({Name, Help});
  }
  EXPECT_EQ(fairy_backend_help(Registry.size()), nullptr);
  EXPECT_EQ(fairy_backend_name(size_t(-1)), nullptr);
  EXPECT_EQ(Registry.size(), backends().size());
  EXPECT_EQ(Registry, documentedBackends())
      << "docs/backends.md's table of back ends is not the registry "
         "(lib/Backend/Backends.def)";

  Compilation Knight(fairy_compile("betza", "N", 1, nullptr));
  for (const auto &[Name, Help] : Registry) {
    size_t Length = 0;
    fairy_status S = fairy_emit(Knight.C, Name.c_str(), nullptr, 0, &Length);
    // One piece is refused by the back ends of piece sets, as an error on
    // the input, never as an unknown kind.
    EXPECT_NE(S, FAIRY_INVALID_ARGUMENT) << Name << ": " << Help;
  }
}

} // namespace
