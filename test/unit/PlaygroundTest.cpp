// The playground's /api/compile against the driver library asked directly:
// for random pieces of several notations, random boards, squares, sides and
// other pieces (own and enemy), the destinations the API answers are those
// CompiledPieces::destinations gives on the same board, and the picture
// marks each of them.
#include "fairy/Playground/PlaygroundApi.h"

#include "fairy/Driver/Driver.h"
#include "fairy/Testing/Random.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

using namespace fairy;

namespace {

const char *const BetzaPieces[] = {
    "Q",     "N",         "mRcpR", "fmWfceFifmnD", "KNADcaKmcabK", "nN",
    "cpR",   "mcabK",     "WfDbF", "afsW",         "[W?sR]",       "pQ",
    "mBcpB", "ifmW2fmcW", "gQ",    "yafsF"};

struct Case {
  std::string Notation, Text;
};

Case randomCase(std::mt19937_64 &Rng) {
  switch (Rng() % 3) {
  case 0:
    return {"betza", BetzaPieces[Rng() % std::size(BetzaPieces)]};
  case 1:
    return {"parlett", gen::randomParlett(Rng)};
  default:
    return {"formula", gen::randomFormula(Rng)};
  }
}

/// {square: kinds} of an answer's destinations.
std::map<std::string, std::set<std::string>>
destinationsOf(const llvm::json::Object &Answer) {
  std::map<std::string, std::set<std::string>> Out;
  for (const llvm::json::Value &D : *Answer.getArray("destinations")) {
    const llvm::json::Object &O = *D.getAsObject();
    for (const llvm::json::Value &K : *O.getArray("kinds"))
      Out[O.getString("square")->str()].insert(K.getAsString()->str());
  }
  return Out;
}

} // namespace

TEST(PlaygroundTest, DestinationsAreTheDriversOnTheSameBoard) {
  std::mt19937_64 Rng(2611);
  unsigned Compared = 0, WithPieces = 0, Captures = 0;
  for (int Round = 0; Round < 200; ++Round) {
    Case C = randomCase(Rng);
    int W = 4 + Rng() % 7, H = 4 + Rng() % 7;
    std::string BoardText = std::to_string(W) + "x" + std::to_string(H);
    Color Side = Rng() % 2 ? Color::White : Color::Black;
    bool Moved = Rng() % 4 == 0;
    unsigned From = Rng() % (W * H);

    // The reference: the driver's compiled piece, asked with the squares.
    Invocation Inv;
    Inv.Expression = C.Text;
    Inv.Notation = C.Notation;
    Inv.Board = BoardText;
    Driver D("fairyc", DiagnosticsOutput::Collect);
    std::unique_ptr<CompiledPieces> Piece = D.compile(Inv);
    if (!Piece)
      continue;
    std::vector<SquareContent> Squares(W * H);
    llvm::json::Array Pieces;
    for (int N = Rng() % 9; N > 0; --N) {
      unsigned Sq = Rng() % (W * H);
      if (Sq == From || Squares[Sq].Present)
        continue;
      bool Own = Rng() % 2;
      Squares[Sq] = {true, Own ? Side : opposite(Side), 'P', false};
      Pieces.push_back(llvm::json::Object{{"square", Piece->squareName(Sq)},
                                          {"side", Own ? "own" : "enemy"}});
    }
    std::string Error;
    auto Expected = Piece->destinations(0, From, Side, Moved, Squares, Error);
    if (!Expected)
      continue;

    llvm::json::Object Request{
        {"notation", C.Notation},
        {"text", C.Text},
        {"board", BoardText},
        {"from", Piece->squareName(From)},
        {"side", Side == Color::White ? "white" : "black"},
        {"moved", Moved},
        {"pieces", std::move(Pieces)}};
    std::string Body;
    llvm::raw_string_ostream(Body) << llvm::json::Value(std::move(Request));
    ApiReply Reply = compileForPlayground(Body);
    ASSERT_EQ(Reply.Status, 200) << Reply.Body;
    auto Answer = llvm::json::parse(Reply.Body);
    ASSERT_TRUE(bool(Answer));
    const llvm::json::Object &A = *Answer->getAsObject();
    ASSERT_TRUE(A.getBoolean("ok").getValueOr(false))
        << C.Notation << " " << C.Text << ": " << Reply.Body;

    std::map<std::string, std::set<std::string>> Want;
    for (const Destination &Dest : *Expected)
      for (auto [Bit, Word] : {std::pair{QuietMove, "move"},
                               {CaptureMove, "capture"},
                               {RemoteMove, "remote"},
                               {PromoteMove, "promote"}})
        if (Dest.Kinds & Bit)
          Want[Piece->squareName(Dest.Square)].insert(Word);
    EXPECT_EQ(destinationsOf(A), Want)
        << C.Notation << " '" << C.Text << "' on " << BoardText << " from "
        << Piece->squareName(From);
    // Every destination is marked in the picture, every square clickable.
    const std::string Svg = A.getString("svg")->str();
    for (const auto &[Square, Kinds] : Want)
      EXPECT_NE(Svg.find("<g data-square=\"" + Square + "\""),
                std::string::npos)
          << Square << " of '" << C.Text << "'";
    EXPECT_NE(Svg.find("<rect class=\"square\" data-square=\"" +
                       Piece->squareName(W * H - 1) + "\""),
              std::string::npos);
    ++Compared;
    WithPieces += !A.getArray("pieces")->empty();
    for (const auto &[Square, Kinds] : Want)
      Captures += Kinds.count("capture");
  }
  EXPECT_GT(Compared, 150u);
  EXPECT_GT(WithPieces, 100u);
  EXPECT_GT(Captures, 30u);
  std::printf("%u requests compared, %u with other pieces, %u captures\n",
              Compared, WithPieces, Captures);
}

TEST(PlaygroundTest, RefusesWhatIsNotARequest) {
  for (const char *Body :
       {"", "[]", "{\"text\":\"N\"}", "{\"notation\":\"betza\"}",
        "{\"notation\":\"betza\",\"text\":7}",
        "{\"notation\":\"betza\",\"text\":\"N\",\"side\":\"red\"}",
        "{\"notation\":\"betza\",\"text\":\"N\",\"pieces\":{}}",
        "{\"notation\":\"betza\",\"text\":\"N\",\"pieces\":[{\"square\":"
        "\"a1\",\"side\":\"own\",\"letter\":\"<\"}]}"}) {
    ApiReply Reply = compileForPlayground(Body);
    EXPECT_EQ(Reply.Status, 400) << Body;
    auto Answer = llvm::json::parse(Reply.Body);
    ASSERT_TRUE(bool(Answer)) << Reply.Body;
    EXPECT_TRUE(Answer->getAsObject()->getString("error")) << Reply.Body;
  }
  std::string Huge(MaxPlaygroundRequest + 1, ' ');
  EXPECT_EQ(compileForPlayground(Huge).Status, 400);
}

TEST(PlaygroundTest, NotationTextIsEscapedInThePicture) {
  ApiReply Reply = compileForPlayground(
      R"({"notation":"betza","text":"N</title><script>x</script>"})");
  ASSERT_EQ(Reply.Status, 200);
  auto Answer = llvm::json::parse(Reply.Body);
  ASSERT_TRUE(bool(Answer));
  EXPECT_FALSE(Answer->getAsObject()->getBoolean("ok").getValueOr(true));
  EXPECT_NE(Reply.Body.find("<script>"), std::string::npos)
      << "the diagnostics quote the text (JSON, shown as text by the page)";
  ApiReply Fine = compileForPlayground(
      R"({"notation":"ir","text":"leg(1,0; empty) // </svg><script>"})");
  auto FineAnswer = llvm::json::parse(Fine.Body);
  ASSERT_TRUE(bool(FineAnswer));
  auto SvgText = FineAnswer->getAsObject()->getString("svg");
  ASSERT_TRUE(SvgText) << Fine.Body;
  std::string Svg = SvgText->str();
  EXPECT_EQ(Svg.find("<script>"), std::string::npos);
  EXPECT_NE(Svg.find("&lt;/svg&gt;&lt;script&gt;"), std::string::npos);
}

// A request that has already taken its budget gets its picture and
// destinations, and no IR or conversions (each says why).
TEST(PlaygroundTest, SlowRequestsLeaveOutTheExtraOutputs) {
  const std::string Body = R"({"notation":"betza","text":"N"})";
  auto Parse = [](const ApiReply &R) {
    auto V = llvm::json::parse(R.Body);
    EXPECT_TRUE(bool(V));
    return V ? *V : llvm::json::Value(nullptr);
  };
  llvm::json::Value Quick = Parse(compileForPlayground(Body));
  EXPECT_TRUE(Quick.getAsObject()->getObject("ir")->getString("text"));
  llvm::json::Value Slow =
      Parse(compileForPlayground(Body, std::chrono::milliseconds(0)));
  const llvm::json::Object &O = *Slow.getAsObject();
  EXPECT_TRUE(O.getBoolean("ok").getValueOr(false));
  EXPECT_EQ(O.getArray("destinations")->size(), 8u);
  EXPECT_TRUE(O.getString("svg"));
  EXPECT_EQ(O.getObject("ir")->getString("error").getValueOr("").str(),
            "not written: this piece took more than a second to compile and "
            "draw");
  for (const char *Name : {"betza", "parlett", "fairy"})
    EXPECT_TRUE(O.getObject("conversions")->getObject(Name)->getString("error"))
        << Name;
}
