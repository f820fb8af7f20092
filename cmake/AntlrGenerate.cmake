# fairy_antlr_generate(<Name> <grammar.g4>)
#
# Runs the ANTLR4 tool (Debian's /usr/share/java/antlr4.jar, 4.7.2) on a
# combined grammar at build time and defines:
#   ANTLR_<Name>_SOURCES    the generated .cpp files
#   ANTLR_<Name>_OUTPUT_DIR the directory holding the generated headers
# Generated code lives in the build tree only; it is never committed.
# The 4.7.2 tool's C++ output builds against the 4.9 runtime.

find_file(FAIRY_ANTLR_JAR NAMES antlr4.jar antlr4-4.7.2.jar
          PATHS /usr/share/java REQUIRED
          NO_CMAKE_FIND_ROOT_PATH) # a host tool, also when cross-compiling
set(FAIRY_ANTLR_CLASSPATH
    "/usr/share/java/stringtemplate4.jar:${FAIRY_ANTLR_JAR}:/usr/share/java/antlr4-runtime.jar:/usr/share/java/antlr3-runtime.jar:/usr/share/java/treelayout.jar")

function(fairy_antlr_generate name grammar)
  set(out "${CMAKE_CURRENT_BINARY_DIR}/antlr/${name}")
  set(sources
      "${out}/${name}Lexer.cpp" "${out}/${name}Parser.cpp"
      "${out}/${name}Visitor.cpp" "${out}/${name}BaseVisitor.cpp")
  add_custom_command(
    OUTPUT ${sources}
    COMMAND ${CMAKE_COMMAND} -E make_directory "${out}"
    COMMAND "${Java_JAVA_EXECUTABLE}" -cp "${FAIRY_ANTLR_CLASSPATH}"
            org.antlr.v4.Tool -Dlanguage=Cpp -visitor -no-listener
            -package fairy::antlr_${name} -Xexact-output-dir -o "${out}"
            "${grammar}"
    DEPENDS "${grammar}"
    COMMENT "ANTLR: generating the ${name} parser"
    VERBATIM)
  set(ANTLR_${name}_SOURCES ${sources} PARENT_SCOPE)
  set(ANTLR_${name}_OUTPUT_DIR ${out} PARENT_SCOPE)
endfunction()

# fairy_antlr_library(<target> <Grammar> <sources...>)
#
# A library built from hand-written <sources> and the parser generated from
# grammar/<Grammar>.g4 (fairy_antlr_generate), which only the library sees;
# generated code is compiled without warnings (it is not ours to fix).
function(fairy_antlr_library target grammar)
  fairy_antlr_generate(${grammar} ${PROJECT_SOURCE_DIR}/grammar/${grammar}.g4)
  add_library(${target} ${ARGN} ${ANTLR_${grammar}_SOURCES})
  target_include_directories(${target} PRIVATE ${ANTLR_${grammar}_OUTPUT_DIR})
  set_source_files_properties(${ANTLR_${grammar}_SOURCES} PROPERTIES
                              COMPILE_OPTIONS "-w")
endfunction()
