# Debian packages with CPack (scripts/package-deb.sh; docs/packaging.md),
# one per install component of cmake/FairyInstall.cmake:
#   tools -> fairyc          fairyc, fairy-opt, fairyc-lsp, fairyc-lit (and its
#                            lit configuration and template suite)
#   lib   -> libfairy<SOVERSION>  libfairy.so.<SOVERSION> (the C API, the
#                            driver and the C++ IR API in one library)
#   dev   -> libfairy-dev    headers, libfairy.so, the CMake package, fairyc.pc
# The library package is named for its SONAME, as Debian's policy asks, so
# that two ABIs can be installed side by side.
# dpkg-shlibdeps finds each package's dependencies on Debian's runtime
# packages; the -dev package depends on exactly this version of the library.
get_target_property(FAIRY_SOVERSION fairy SOVERSION)
set(FAIRY_LIB_PACKAGE libfairy${FAIRY_SOVERSION})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME fairyc)
set(CPACK_PACKAGE_VENDOR "fairyc")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# Who the packages name as their maintainer (Maintainer field, changelog):
# whoever builds them to hand out sets it, e.g.
# -DFAIRY_DEB_MAINTAINER="Ada Lovelace <ada@example.org>".
set(FAIRY_DEB_MAINTAINER "fairyc maintainers <fairyc@example.org>" CACHE STRING
  "Maintainer of the Debian packages, as 'Name <address>'")
set(CPACK_PACKAGE_CONTACT "${FAIRY_DEB_MAINTAINER}")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL tools lib dev)
set(CPACK_COMPONENTS_GROUPING IGNORE)
set(CPACK_COMPONENT_DEV_DEPENDS lib)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Programs and library stripped, as Debian ships them.
set(CPACK_STRIP_FILES ON)
# A shlibs file for the library package, and ld.so's cache renewed by
# dpkg's ldconfig trigger.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY "=")
# The control files and changelog this module writes go into cpack-deb/ of
# the build tree: not deb/, where scripts/package-deb.sh configures its
# own build when the build tree is build/.
file(WRITE ${PROJECT_BINARY_DIR}/cpack-deb/triggers "activate-noawait ldconfig\n")
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_EXTRA ${PROJECT_BINARY_DIR}/cpack-deb/triggers)

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME fairyc)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION devel)
# What dpkg-shlibdeps cannot see, as lists a module included before this one
# may add to: the interpreters of scripts in the tools package (their
# Depends), and what they run if it is there (their Recommends).
# fairyc-lit (cmake/FairyLit.cmake) is Python running LLVM's lit and
# FileCheck (llvm-14-tools).
if(DEFINED FAIRY_LIT_DIR)
  list(APPEND FAIRY_DEB_TOOLS_DEPENDS python3)
  list(APPEND FAIRY_DEB_TOOLS_RECOMMENDS llvm-14-tools)
endif()
if(FAIRY_DEB_TOOLS_DEPENDS)
  list(JOIN FAIRY_DEB_TOOLS_DEPENDS ", " CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS)
endif()
if(FAIRY_DEB_TOOLS_RECOMMENDS)
  list(JOIN FAIRY_DEB_TOOLS_RECOMMENDS ", " CPACK_DEBIAN_TOOLS_PACKAGE_RECOMMENDS)
endif()
set(CPACK_COMPONENT_TOOLS_DESCRIPTION
  "compiler for fairy-chess piece movement notations
fairyc reads a piece's moves in Parlett's notation, Betza or XBetza,
fairy-notation or Movement Formula, a piece file or a Fairy-Stockfish
variants.ini, and writes diagrams, JSON, SVG, Graphviz, attack tables,
bitboard headers and whole move generators. fairy-opt runs its passes on
the moveset IR; fairyc-lsp is a Language Server Protocol server for
editors; 'fairyc serve' opens a playground in the browser.")

set(CPACK_DEBIAN_LIB_PACKAGE_NAME ${FAIRY_LIB_PACKAGE})
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
set(CPACK_COMPONENT_LIB_DESCRIPTION
  "fairy-chess piece movement notations: shared library
libfairy compiles a piece's moves in any notation fairyc reads, reports
located diagnostics, answers where a piece goes among own and enemy
pieces and emits any of fairyc's back ends into a buffer: a C API
(fairy/fairy.h) and fairyc's C++ driver and IR.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libfairy-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
# find_package(fairyc COMPONENTS IR) needs LLVM 14's headers and library.
set(CPACK_DEBIAN_DEV_PACKAGE_SUGGESTS "llvm-14-dev, pkg-config")
set(CPACK_COMPONENT_DEV_DESCRIPTION
  "fairy-chess piece movement notations: development files
The headers of libfairy's C API and C++ driver and IR, the libfairy.so
link, a CMake package (find_package(fairyc): fairyc::fairy, and with
COMPONENTS IR fairyc::ir) and a pkg-config file (fairyc).")

# Each package's copyright file and changelog.Debian.gz (gzip -9n), as
# Debian's policy asks; only the packages install them (EXCLUDE_FROM_ALL),
# not a plain cmake --install. The changelog's date is the configure time,
# or SOURCE_DATE_EPOCH's.
string(TIMESTAMP FAIRY_DEB_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
file(WRITE ${PROJECT_BINARY_DIR}/cpack-deb/changelog.Debian
  "fairyc (${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}) unstable; urgency=medium\n\n"
  "  * fairyc ${PROJECT_VERSION}, packaged by CPack (cmake/FairyPackaging.cmake).\n\n"
  " -- ${CPACK_PACKAGE_CONTACT}  ${FAIRY_DEB_DATE}\n")
execute_process(COMMAND gzip -9nc ${PROJECT_BINARY_DIR}/cpack-deb/changelog.Debian
  OUTPUT_FILE ${PROJECT_BINARY_DIR}/cpack-deb/changelog.Debian.gz)
foreach(component TOOLS LIB DEV)
  string(TOLOWER ${component} lower)
  set(doc ${CMAKE_INSTALL_DATAROOTDIR}/doc/${CPACK_DEBIAN_${component}_PACKAGE_NAME})
  install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${doc}
    RENAME copyright COMPONENT ${lower} EXCLUDE_FROM_ALL)
  install(FILES ${PROJECT_BINARY_DIR}/cpack-deb/changelog.Debian.gz
    DESTINATION ${doc} COMPONENT ${lower} EXCLUDE_FROM_ALL)
endforeach()

include(CPack)
