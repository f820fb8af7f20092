# Lit for the test suites of users' variants (docs/testing-variants.md):
# the lit configuration share/fairyc/lit/fairyc.cfg.py, which finds the
# fairyc of its prefix and FileCheck, and bin/fairyc-lit, which runs LLVM's
# lit with it. Both find the prefix from where they are installed, so they
# are relocatable like fairyc.pc. Installed with the tools.
set(FAIRY_LIT_DIR ${CMAKE_INSTALL_DATADIR}/fairyc/lit)
file(RELATIVE_PATH FAIRY_LIT_TO_BINDIR /prefix/${FAIRY_LIT_DIR}
  /prefix/${CMAKE_INSTALL_BINDIR})
file(RELATIVE_PATH FAIRY_BIN_TO_LIT /prefix/${CMAKE_INSTALL_BINDIR}
  /prefix/${FAIRY_LIT_DIR})
configure_file(${PROJECT_SOURCE_DIR}/tools/fairyc-lit/fairyc.cfg.py.in
  ${PROJECT_BINARY_DIR}/lit/fairyc.cfg.py @ONLY)
configure_file(${PROJECT_SOURCE_DIR}/tools/fairyc-lit/fairyc-lit.in
  ${PROJECT_BINARY_DIR}/lit/fairyc-lit @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/lit/fairyc.cfg.py
  DESTINATION ${FAIRY_LIT_DIR} COMPONENT tools)
install(PROGRAMS ${PROJECT_BINARY_DIR}/lit/fairyc-lit
  DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
# The template suite (examples/variant-tests), for users to copy.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/variant-tests
  DESTINATION ${CMAKE_INSTALL_DATADIR}/fairyc COMPONENT tools
  PATTERN Output EXCLUDE)
