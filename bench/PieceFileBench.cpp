//===- PieceFileBench.cpp - Compiling piece files -------------------------===//
//
// What `fairyc FILE.fairy --emit=...` costs for the bundled examples:
// reading (parse, includes, every notation string, piece-file lint), and
// reading plus the whole output (bitboard tables are the heavy part: every
// occupancy of every square's relevant squares is evaluated), and --lint.
//
//===----------------------------------------------------------------------===//
#include "fairy/Backend/Compilation.h"
#include "fairy/Lint/Lint.h"
#include "fairy/PieceFile/PieceSet.h"

#include <benchmark/benchmark.h>

using namespace fairy;

namespace {

const char *const Files[] = {"chess", "xiangqi", "shogi", "grand",
                             "raumschach"};

std::string path(int64_t I) {
  return std::string(FAIRY_SOURCE_DIR) + "/examples/" + Files[I] + ".fairy";
}

void BM_Read(benchmark::State &State) {
  for (auto _ : State) {
    DiagnosticEngine Diags(nullptr);
    auto Set = readPieceFile(Diags, path(State.range(0)), PieceFileOptions());
    if (!Set)
      State.SkipWithError("the example does not read");
    benchmark::DoNotOptimize(Set);
  }
  State.SetLabel(Files[State.range(0)]);
}
BENCHMARK(BM_Read)->DenseRange(0, 4)->Unit(benchmark::kMicrosecond);

void BM_Emit(benchmark::State &State, const char *Output) {
  for (auto _ : State) {
    DiagnosticEngine Diags(nullptr);
    auto Set = readPieceFile(Diags, path(State.range(0)), PieceFileOptions());
    auto Out = Set ? emitPieceSet(Diags, *Set, *findBackend(Output),
                                  Invocation(), Files[State.range(0)])
                   : std::nullopt;
    if (!Out)
      State.SkipWithError("the example does not compile");
    benchmark::DoNotOptimize(Out);
  }
  State.SetLabel(Files[State.range(0)]);
}
BENCHMARK_CAPTURE(BM_Emit, bitboard, "bitboard")
    ->DenseRange(0, 4)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Emit, json, "json")
    ->DenseRange(0, 4)
    ->Unit(benchmark::kMillisecond);

void BM_Lint(benchmark::State &State) {
  DiagnosticEngine Diags(nullptr);
  auto Set = readPieceFile(Diags, path(State.range(0)), PieceFileOptions());
  for (auto _ : State) {
    DiagnosticEngine Quiet(nullptr);
    for (const PieceDef &D : Set->Pieces)
      for (const PieceMovement &M : D.Moves) {
        unsigned Buffer = Quiet.addBuffer(M.Text, "<bench>");
        FrontendOptions FOpts;
        FOpts.BoardWidth = Set->board().width();
        lintMovement(Quiet, *M.Notation, Buffer, Set->board(), FOpts);
      }
  }
  State.SetLabel(Files[State.range(0)]);
}
BENCHMARK(BM_Lint)->DenseRange(0, 4)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
