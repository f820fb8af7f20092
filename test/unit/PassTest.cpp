// The passes: semantics preserved on random movesets and positions (every
// pass alone and the whole -O1 pipeline, from every origin), canonical
// forms, idempotence, and that -O1 never makes a tree larger.
#include "EvalHelpers.h"

#include "fairy/IR/Builder.h"
#include "fairy/IR/IRParser.h"
#include "fairy/IR/Rewrite.h"
#include "fairy/IR/Verifier.h"
#include "fairy/Notation/Notation.h"
#include "fairy/Testing/Random.h"
#include "fairy/Transforms/Pass.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace fairy;
using namespace fairy::test;

namespace {

/// Destinations from every square of \p P, both colours.
std::vector<Destinations> everyOrigin(const NodeRef &IR, const Position &P,
                                      bool &Ok) {
  std::string Error;
  std::vector<Destinations> All;
  auto Fast = FastEvaluator::compile(IR, P.board(), Error);
  if (!Fast) {
    Ok = false;
    return All;
  }
  P.board().squares().forEach([&](unsigned O) {
    for (Color C : {Color::White, Color::Black}) {
      auto D = Fast->evaluate(P, O, C, Error);
      if (!D)
        Ok = false;
      else
        All.push_back(*D);
    }
  });
  return All;
}

NodeRef parseText(const std::string &Text) {
  DiagnosticEngine Diags(nullptr);
  return parseIR(Diags, Diags.addBuffer(Text, "<test>"));
}

std::string optimizedText(const NodeRef &N, std::optional<BoardShape> B = {}) {
  PassContext Ctx;
  Ctx.Board = B;
  return printIRInline(*optimize(N, 1, Ctx));
}

} // namespace

TEST(PassTest, EveryPassPreservesDestinations) {
  std::mt19937_64 Rng(2026);
  unsigned Compared = 0, Changed = 0;
  for (uint64_t Seed = 0; Seed < 700; ++Seed) {
    gen::RandomIROptions Opts;
    Opts.ThreeD = Seed % 6 == 0;
    // ahead, notahead, guard<unmoved>, and borrow (which needs the pieces'
    // definitions to lend anything).
    Opts.LookAhead = Seed % 3 == 1;
    Opts.AttackGuards = Seed % 6 == 1;
    NodeRef IR = gen::RandomIR(Seed + 1000, Opts).generate();
    gen::RandomPositionOptions PO;
    PO.ThreeD = Opts.ThreeD;
    PO.AttackGuards = Opts.AttackGuards;
    PO.MaxSide = 6;
    Position P = gen::randomPosition(Rng, PO);
    bool Ok = true;
    std::vector<Destinations> Before = everyOrigin(IR, P, Ok);
    if (!Ok)
      continue;
    for (bool WithBoard : {false, true}) {
      PassContext Ctx;
      if (WithBoard)
        Ctx.Board = P.board().shape();
      std::vector<std::pair<std::string, NodeRef>> Results;
      for (const std::string &Name : passNames())
        Results.push_back({Name, createPass(Name)->run(IR, Ctx)});
      Results.push_back({"-O1", optimize(IR, 1, Ctx)});
      for (auto &[Name, After] : Results) {
        ASSERT_TRUE(verifyIR(*After).empty())
            << Name << " made invalid IR from\n"
            << printIR(*IR);
        bool OkAfter = true;
        std::vector<Destinations> Got = everyOrigin(After, P, OkAfter);
        if (!OkAfter)
          continue;
        ++Compared;
        Changed += printIRInline(*After) != printIRInline(*IR);
        ASSERT_TRUE(Got == Before)
            << Name
            << (WithBoard ? " (with board " + P.board().str() + ")" : "")
            << " changed the destinations of\n"
            << printIR(*IR) << "into\n"
            << printIR(*After);
      }
    }
  }
  std::printf("passes: %u pass runs compared on every origin, %u changed the "
              "tree\n",
              Compared, Changed);
  EXPECT_GE(Compared, 5000u);
  EXPECT_GE(Changed * 3, Compared); // the passes really do rewrite
}

TEST(PassTest, TransformedIsTheImage) {
  std::mt19937_64 Rng(4);
  TransformSet Cube = *TransformSet::named("cube");
  for (uint64_t Seed = 0; Seed < 300; ++Seed) {
    gen::RandomIROptions Opts;
    Opts.ThreeD = true;
    NodeRef IR = gen::RandomIR(Seed + 77, Opts).generate();
    Transform T = Cube.transforms()[Rng() % Cube.size()];
    gen::RandomPositionOptions PO;
    PO.ThreeD = true;
    Position P = gen::randomPosition(Rng, PO);
    bool Ok1 = true, Ok2 = true;
    auto A = everyOrigin(transformed(IR, T), P, Ok1);
    auto B = everyOrigin(ir::sym(TransformSet({T}), IR), P, Ok2);
    if (Ok1 && Ok2) {
      ASSERT_TRUE(A == B) << T.str(true) << "\n" << printIR(*IR);
    }
  }
}

TEST(PassTest, PipelineIsIdempotentAndNeverGrows) {
  for (uint64_t Seed = 0; Seed < 2000; ++Seed) {
    gen::RandomIROptions Opts;
    Opts.ThreeD = Seed % 4 == 0;
    Opts.LookAhead = Seed % 3 == 1;
    NodeRef IR = gen::RandomIR(Seed + 5000, Opts).generate();
    NodeRef Once = optimize(IR, 1, {});
    EXPECT_LE(Once->size(), IR->size()) << printIR(*IR);
    EXPECT_EQ(optimizedText(Once), printIRInline(*Once)) << printIR(*IR);
  }
}

// The whole test corpus: every IR and Parlett input the fuzz corpus keeps,
// the bundled examples and the seed expressions; -O1 never larger.
TEST(PassTest, NeverGrowsOnTheCorpus) {
  unsigned Checked = 0;
  for (const char *Seed :
       {"1+", "2x", "2*", "n+,1x", "2=.1<>,2<>.1=", "n=.1<>", "1x.1+", "1+.1+",
        "1+.3>=", "3=.4=.5=", "n<>.nx<", "4*.1*"}) {
    DiagnosticEngine Diags(nullptr);
    NodeRef IR = parseParlett(Diags, Diags.addBuffer(Seed, "<seed>"));
    ASSERT_TRUE(IR);
    EXPECT_LE(optimize(IR, 1, {})->size(), IR->size()) << Seed;
    ++Checked;
  }
  for (const char *Dir :
       {"/test/fuzz/corpus/ir", "/test/fuzz/corpus/parlett", "/examples"}) {
    std::error_code EC;
    std::string Path = std::string(FAIRY_SOURCE_DIR) + Dir;
    for (llvm::sys::fs::directory_iterator It(Path, EC), End; It != End && !EC;
         It.increment(EC)) {
      if (llvm::sys::fs::is_directory(It->path()))
        continue; // examples/perft
      auto Buf = llvm::MemoryBuffer::getFile(It->path());
      ASSERT_TRUE(bool(Buf));
      DiagnosticEngine Diags(nullptr);
      unsigned B = Diags.addBuffer((*Buf)->getBuffer(), It->path());
      NodeRef IR =
          std::string(Dir) == "ir" ? parseIR(Diags, B) : parseParlett(Diags, B);
      if (!IR || !verifyIR(*IR).empty())
        continue;
      ++Checked;
      EXPECT_LE(optimize(IR, 1, {})->size(), IR->size()) << It->path();
    }
  }
  EXPECT_GE(Checked, 150u); // most of the fuzz corpus is malformed on purpose
}

TEST(PassTest, KnightSpellingsPrintTheSame) {
  const char *Spellings[] = {
      "sym<d4>(leg(1,2; notfriend))",
      "sym<d4>(leg(2,1; notfriend))",
      "sym<d4>(leg(-1,-2; notfriend))",
      "alt(leg(1,2; notfriend), leg(2,1; notfriend), leg(-1,2; notfriend), "
      "leg(-2,1; notfriend), leg(1,-2; notfriend), leg(2,-1; notfriend), "
      "leg(-1,-2; notfriend), leg(-2,-1; notfriend))",
      "alt(leg(-2,1; notfriend), leg(2,1; notfriend), leg(1,-2; notfriend), "
      "leg(-1,2; notfriend), sym<lr>(leg(2,-1; notfriend)), "
      "leg(1,2; notfriend), leg(-1,-2; notfriend))",
      "sym<lrfb>(alt(leg(1,2; notfriend), leg(2,1; notfriend)))",
      "sym<swap>(sym<lrfb>(leg(1,2; notfriend)))",
  };
  std::string First = optimizedText(parseText(Spellings[0]));
  // Seven of the eight moves are not the knight, and do not print as it.
  EXPECT_NE(optimizedText(
                parseText("alt(leg(-2,-1; notfriend), leg(2,1; notfriend), "
                          "leg(1,-2; notfriend), leg(-1,2; notfriend), "
                          "sym<lr>(leg(2,-1; notfriend)), leg(1,2; notfriend), "
                          "leg(-1,-2; notfriend))")),
            First);
  EXPECT_EQ(First, "sym<d4>(leg(2,1; notfriend))");
  for (const char *S : Spellings)
    EXPECT_EQ(optimizedText(parseText(S)), First) << S;
  // And the Parlett knight.
  DiagnosticEngine Diags(nullptr);
  EXPECT_EQ(optimizedText(parseParlett(Diags, Diags.addBuffer("~1/2", "k"))),
            First);
}

TEST(PassTest, ReorderedAlternativesPrintTheSame) {
  EXPECT_EQ(optimizedText(parseText("alt(leg(0,1; empty), sym<lr>(leg(1,1; "
                                    "enemy)), ride<2>(leg(0,1; empty)))")),
            optimizedText(parseText("alt(ride<2>(leg(0,1; empty)), "
                                    "sym<lr>(leg(1,1; enemy)), leg(0,1; "
                                    "empty))")));
  // The rook written from any of its four directions.
  std::string Rook = optimizedText(parseText(
      "sym<d4>(seq(ride<0..>(leg(0,1; empty)), leg(0,1; notfriend)))"));
  EXPECT_EQ(optimizedText(parseText("sym<c4>(seq(ride<0..>(leg(-1,0; empty)), "
                                    "leg(-1,0; notfriend)))")),
            Rook);
}
