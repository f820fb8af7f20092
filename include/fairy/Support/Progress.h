//===- Progress.h - How far a long step of a job has come -------*- C++ -*-===//
//
// A job that runs for seconds (the bitboard back end searching magic
// multipliers, JSON of every square of a large board) tells how far it has
// come: the library calls progress() at each unit of work, which reaches
// the function of the innermost ProgressScope on the thread, if any. The
// driver opens a scope with Invocation::Progress; fairyc prints it on a
// terminal once a run has taken a second (-fprogress: always).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_SUPPORT_PROGRESS_H
#define FAIRY_SUPPORT_PROGRESS_H

#include <cstddef>
#include <functional>
#include <string>

namespace fairy {

/// \p Done units of \p Total of the step \p What ("tabulating 'rook'").
using ProgressFn =
    std::function<void(const std::string &What, size_t Done, size_t Total)>;

class ProgressScope {
public:
  explicit ProgressScope(ProgressFn Fn);
  ~ProgressScope();
  ProgressScope(const ProgressScope &) = delete;
  ProgressScope &operator=(const ProgressScope &) = delete;

private:
  ProgressFn Fn;
  ProgressScope *Outer;
  friend void progress(const std::string &, size_t, size_t);
  friend bool progressWanted();
};

/// Whether a scope listens (callers may skip building their message).
bool progressWanted();
void progress(const std::string &What, size_t Done, size_t Total);

} // namespace fairy

#endif
