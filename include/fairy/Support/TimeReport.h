//===- TimeReport.h - Where a run spends its time (-ftime-report) -*- C++
//-*-===//
//
// The phases of a run -- read, parse, lower, passes, evaluate, emit -- are
// marked with a TimeReport::Phase where they happen. Phases nest: a phase's
// time leaves out the phases inside it, so the times add up to the whole
// run (emit, the outermost, is the back end and the driver's own work).
// Measuring is off unless enabled, and then costs a clock read per phase.
// The report is the process's, like clang's -ftime-report.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_SUPPORT_TIMEREPORT_H
#define FAIRY_SUPPORT_TIMEREPORT_H

#include <string>
#include <utility>
#include <vector>

namespace fairy {

class TimeReport {
public:
  static void enable(bool On);
  static bool enabled();
  /// Each phase's seconds so far, the pipeline's phases in its order
  /// (read, parse, lower, passes, evaluate, emit); forgets them.
  static std::vector<std::pair<std::string, double>> take();
  /// The report as a table: phase, seconds, share of the total.
  static std::string
  format(const std::vector<std::pair<std::string, double>> &Times);

  /// Time spent from here to the end of the scope belongs to \p Name.
  class Phase {
  public:
    explicit Phase(const char *Name);
    ~Phase();
    Phase(const Phase &) = delete;
    Phase &operator=(const Phase &) = delete;

  private:
    bool Active;
  };
};

} // namespace fairy

#endif
