# fairy_antlr_generate(<Name> <grammar.g4>)
#
# Runs the ANTLR4 tool (Debian's /usr/share/java/antlr4.jar, 4.7.2) on a
# combined grammar at build time and defines:
#   ANTLR_<Name>_SOURCES    the generated .cpp files
#   ANTLR_<Name>_OUTPUT_DIR the directory holding the generated headers
# Generated code lives in the build tree only; it is never committed.
# The 4.7.2 tool's C++ output builds against the 4.9 runtime.

find_file(FAIRY_ANTLR_JAR NAMES antlr4.jar antlr4-4.7.2.jar
          PATHS /usr/share/java REQUIRED)
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
