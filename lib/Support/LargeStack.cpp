//===- LargeStack.cpp - Run work on a thread with a known stack -----------===//
#include "fairy/Support/LargeStack.h"

// LLVM 14's thread.h uses std::terminate without including <exception>.
#include <exception>

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/thread.h"

using namespace fairy;

void fairy::runOnLargeStack(const std::function<void()> &Work) {
#if LLVM_ENABLE_THREADS
  std::exception_ptr Thrown;
  llvm::thread T(llvm::Optional<unsigned>(LargeStackBytes), [&] {
    try {
      Work();
    } catch (...) {
      Thrown = std::current_exception();
    }
  });
  T.join();
  if (Thrown)
    std::rethrow_exception(Thrown);
#else
  Work();
#endif
}
