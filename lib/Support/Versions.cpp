//===- Versions.cpp - The versions of what fairyc is built with -----------===//
#include "fairy/Support/Versions.h"

#include "antlr4-runtime.h"
#include "llvm/Config/llvm-config.h"

#include <fmt/format.h>

std::string fairy::dependencyVersions() {
  return fmt::format(
      "LLVM {}, ANTLR {} (runtime), fmt {}.{}.{}, {}", LLVM_VERSION_STRING,
      antlr4::RuntimeMetaData::getRuntimeVersion(), FMT_VERSION / 10000,
      FMT_VERSION / 100 % 100, FMT_VERSION % 100,
#if defined(__clang__)
      "clang " __clang_version__
#elif defined(__GNUC__)
      "gcc " __VERSION__
#else
      "an unknown compiler"
#endif
  );
}
