//===- Progress.cpp - How far a long step of a job has come ---------------===//
#include "fairy/Support/Progress.h"

using namespace fairy;

namespace {
/// The innermost scope on this thread (the driver runs a job on a thread
/// of its own).
thread_local ProgressScope *Current = nullptr;
} // namespace

ProgressScope::ProgressScope(ProgressFn Fn)
    : Fn(std::move(Fn)), Outer(Current) {
  Current = this;
}

ProgressScope::~ProgressScope() { Current = Outer; }

bool fairy::progressWanted() { return Current && Current->Fn; }

void fairy::progress(const std::string &What, size_t Done, size_t Total) {
  if (progressWanted())
    Current->Fn(What, Done, Total);
}
