//===- EvalBench.cpp - Fast versus reference evaluator --------------------===//
//
// Evaluates Parlett pieces from the centre of empty 8x8, 16x16 and 32x32
// boards with both engines. The reference evaluator enumerates every path,
// so chains of 'n' parts grow exponentially; where it would need more than
// its budget of partial paths the case is reported as skipped.
//
//   build/bench/fairy-bench-eval --benchmark_min_time=0.2
//
// docs/performance.md records the numbers.
//
//===----------------------------------------------------------------------===//
#include "fairy/Eval/Evaluator.h"
#include "fairy/Notation/Notation.h"

#include <benchmark/benchmark.h>

using namespace fairy;

namespace {

const char *const Pieces[] = {
    // The twelve seed expressions of the Parlett challenge.
    "1+",
    "2x",
    "2*",
    "n+,1x",
    "2=.1<>,2<>.1=",
    "n=.1<>",
    "1x.1+",
    "1+.1+",
    "1+.3>=",
    "3=.4=.5=",
    "n<>.nx<",
    "4*.1*",
    // Exponential for path enumeration.
    "n*.n*.n*",
    "n*.n*.n*.n*",
    // A rider: the nightrider.
    "~1/2&",
};

NodeRef compileParlett(const char *Text) {
  DiagnosticEngine Diags(nullptr);
  return parseParlett(Diags, Diags.addBuffer(Text, "<bench>"));
}

struct Setup {
  NodeRef IR;
  Position P;
  unsigned Origin;
};

Setup setUp(const char *Text, int Side) {
  std::string E;
  Position P(*Board::make(Side, Side, 1, E));
  unsigned Origin = P.board().centre();
  return {compileParlett(Text), std::move(P), Origin};
}

void fastEval(benchmark::State &State, const char *Text, int Side) {
  Setup S = setUp(Text, Side);
  std::string E;
  auto Fast = FastEvaluator::compile(S.IR, S.P.board(), E);
  size_t Moves = 0;
  for (auto _ : State) {
    auto D = Fast->evaluate(S.P, S.Origin, Color::White, E);
    Moves = D->all().count();
    benchmark::DoNotOptimize(Moves);
  }
  State.counters["moves"] = Moves;
}

void referenceEval(benchmark::State &State, const char *Text, int Side) {
  Setup S = setUp(Text, Side);
  ReferenceEvaluator Ref(S.IR, 50'000'000);
  std::string E;
  size_t Moves = 0;
  for (auto _ : State) {
    auto D = Ref.evaluate(S.P, S.Origin, Color::White, E);
    if (!D) {
      State.SkipWithError(("skipped: " + E).c_str());
      break;
    }
    Moves = D->all().count();
    benchmark::DoNotOptimize(Moves);
  }
  State.counters["moves"] = Moves;
}

int registerAll() {
  for (const char *P : Pieces)
    for (int Side : {8, 16, 32}) {
      std::string Name = std::string(P) + "/" + std::to_string(Side) + "x" +
                         std::to_string(Side);
      benchmark::RegisterBenchmark(("fast/" + Name).c_str(), fastEval, P, Side)
          ->Unit(benchmark::kMicrosecond);
      auto *Ref = benchmark::RegisterBenchmark(("reference/" + Name).c_str(),
                                               referenceEval, P, Side);
      Ref->Unit(benchmark::kMicrosecond);
      // One run of the exponential cases on large boards takes seconds.
      if (Side >= 16 && std::string(P).find("n*.n*") == 0)
        Ref->Iterations(1);
    }
  return 0;
}
const int Registered = registerAll();

} // namespace

BENCHMARK_MAIN();
