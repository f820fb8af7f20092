//===- TerminalProgress.h - fairyc's progress line on stderr ----*- C++ -*-===//
//
// What fairyc shows of a long run: on a terminal, once the run has taken a
// second, one line on standard error rewritten in place ("fairyc:
// tabulating 'cannon' 37/90, 2.3 s") at most ten times a second, and wiped
// at the end, so that a short run shows nothing and the output is never
// mixed with it. -fprogress shows it always and from the start, one line
// per update where standard error is not a terminal (a log); -fno-progress
// never.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_TOOLS_TERMINALPROGRESS_H
#define FAIRY_TOOLS_TERMINALPROGRESS_H

#include "fairy/Support/Progress.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <string>

namespace fairy {

class TerminalProgress {
public:
  enum Mode { Auto, Always, Never };

  explicit TerminalProgress(Mode M)
      : M(M), OnTerminal(llvm::sys::Process::StandardErrIsDisplayed()) {}

  /// The function for Invocation::Progress; empty if nothing is shown.
  ProgressFn callback() {
    if (M == Never || (M == Auto && !OnTerminal))
      return {};
    return [this](const std::string &What, size_t Done, size_t Total) {
      update(What, Done, Total);
    };
  }

  /// Wipes the line, if one is shown on a terminal.
  void finish() {
    if (Shown && OnTerminal)
      llvm::errs() << '\r' << std::string(Width, ' ') << '\r';
    Shown = false;
  }

private:
  using Clock = std::chrono::steady_clock;
  Mode M;
  bool OnTerminal;
  Clock::time_point Start = Clock::now(), Last;
  std::string LastWhat;
  bool Shown = false;
  size_t Width = 0;

  void update(const std::string &What, size_t Done, size_t Total) {
    Clock::time_point Now = Clock::now();
    double Seconds = std::chrono::duration<double>(Now - Start).count();
    if (M == Auto && Seconds < 1.0)
      return;
    // A new step, its end, or a tenth of a second since the last line.
    bool Due = What != LastWhat || Done == Total ||
               Now - Last >= std::chrono::milliseconds(100);
    if (!Due)
      return;
    Last = Now;
    LastWhat = What;
    std::string Line =
        fmt::format("fairyc: {} {}/{}, {:.1f} s", What, Done, Total, Seconds);
    if (!OnTerminal) {
      llvm::errs() << Line << '\n';
      return;
    }
    llvm::errs() << '\r' << Line;
    if (Line.size() < Width)
      llvm::errs() << std::string(Width - Line.size(), ' ');
    Width = std::max(Width, Line.size());
    Shown = true;
  }
};

} // namespace fairy

#endif
