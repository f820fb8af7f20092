# Lit for the test suites of users' variants (docs/testing-variants.md):
# the lit configuration share/fairyc/lit/fairyc.cfg.py, which finds the
# fairyc of its prefix and FileCheck, and bin/fairyc-lit, which runs LLVM's
# lit with it. Both find the prefix from where they are installed, so they
# are relocatable like fairyc.pc. Installed with the tools; the build tree
# has its own pair (tools/fairyc-lit, share/fairyc/lit), for build/tools'
# fairyc.
set(FAIRY_LIT_DIR ${CMAKE_INSTALL_DATADIR}/fairyc/lit)

# Configures both files for a layout where fairyc is in BINDIR and the
# configuration in LITDIR (relative to a prefix), into OUT_BIN and OUT_LIT.
function(fairy_lit_files BINDIR LITDIR OUT_BIN OUT_LIT)
  file(RELATIVE_PATH FAIRY_LIT_TO_BINDIR /prefix/${LITDIR} /prefix/${BINDIR})
  file(RELATIVE_PATH FAIRY_BIN_TO_LIT /prefix/${BINDIR} /prefix/${LITDIR})
  configure_file(${PROJECT_SOURCE_DIR}/tools/fairyc-lit/fairyc.cfg.py.in
    ${OUT_LIT}/fairyc.cfg.py @ONLY)
  configure_file(${PROJECT_SOURCE_DIR}/tools/fairyc-lit/fairyc-lit.in
    ${OUT_BIN}/fairyc-lit @ONLY FILE_PERMISSIONS OWNER_READ OWNER_WRITE
    OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endfunction()
fairy_lit_files(tools share/fairyc/lit ${PROJECT_BINARY_DIR}/tools
  ${PROJECT_BINARY_DIR}/share/fairyc/lit)
fairy_lit_files(${CMAKE_INSTALL_BINDIR} ${FAIRY_LIT_DIR}
  ${PROJECT_BINARY_DIR}/lit ${PROJECT_BINARY_DIR}/lit)

install(FILES ${PROJECT_BINARY_DIR}/lit/fairyc.cfg.py
  DESTINATION ${FAIRY_LIT_DIR} COMPONENT tools)
install(PROGRAMS ${PROJECT_BINARY_DIR}/lit/fairyc-lit
  DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
# The template suite (examples/variant-tests), for users to copy.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/variant-tests
  DESTINATION ${CMAKE_INSTALL_DATADIR}/fairyc COMPONENT tools
  PATTERN Output EXCLUDE PATTERN .gitignore EXCLUDE)
