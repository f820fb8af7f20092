# cmake --install: the tools, libfairy, the public headers, a CMake package
# (find_package(fairyc) -> fairyc::fairy, and with COMPONENTS IR the
# target fairyc::ir that adds LLVM's headers for the C++ IR API) and a
# pkg-config file (fairyc.pc). Both are relocatable: they find the prefix
# from where they are installed.
# Each install() names its component, one Debian package each
# (cmake/FairyPackaging.cmake): tools, lib (libfairy.so.<SOVERSION>) and
# dev (headers, the libfairy.so link, the CMake package, fairyc.pc).
include(CMakePackageConfigHelpers)

set(FAIRY_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/fairyc)

install(TARGETS fairyc fairy-opt fairyc-lsp RUNTIME
  DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
install(TARGETS fairy EXPORT fairycTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT lib
  NAMELINK_COMPONENT dev)
# Every public header but the generators of tests (fairy/Testing), the
# front ends' ANTLR error wording (needs ANTLR's headers; internal), the
# language server's (fairy/Lsp: its library is fairyc-lsp's, not in
# libfairy), the playground's (fairy/Playground: its library, on
# cpp-httplib, is fairyc serve's, not in libfairy) and the WebAssembly
# module's (fairy/Wasm: only that module exports them).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/fairy
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev
  PATTERN Testing EXCLUDE
  PATTERN Lsp EXCLUDE
  PATTERN Playground EXCLUDE
  PATTERN Wasm EXCLUDE
  PATTERN AntlrErrors.h EXCLUDE)

install(EXPORT fairycTargets NAMESPACE fairyc:: DESTINATION ${FAIRY_CMAKE_DIR}
  COMPONENT dev)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/fairycConfig.cmake.in
  ${PROJECT_BINARY_DIR}/fairycConfig.cmake
  INSTALL_DESTINATION ${FAIRY_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/fairycConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/fairycConfig.cmake
  ${PROJECT_BINARY_DIR}/fairycConfigVersion.cmake
  DESTINATION ${FAIRY_CMAKE_DIR} COMPONENT dev)

# pkg-config: the prefix relative to the .pc file's own directory.
file(RELATIVE_PATH FAIRY_PC_TO_PREFIX
  /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/fairyc.pc.in
  ${PROJECT_BINARY_DIR}/fairyc.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/fairyc.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)

# Lit for the test suites of users' variants (cmake/FairyLit.cmake).
include(FairyLit)
