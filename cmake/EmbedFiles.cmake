# Writes the files FILES (a ;-list of paths) into the C++ source OUT as
# byte arrays, with a table of {name, bytes, size} called NAME, so that a
# program carries them (the playground's page) without reading files at
# run time. Run at build time: cmake -DOUT=... -DNAME=... -DFILES=... -P.
set(body "// Generated from ${FILES} by cmake/EmbedFiles.cmake; do not edit.\n")
set(table "")
set(i 0)
foreach(file IN LISTS FILES)
  file(READ "${file}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
  file(SIZE "${file}" size)
  get_filename_component(base "${file}" NAME)
  string(APPEND body "static const unsigned char ${NAME}Bytes${i}[] = {\n${bytes}0};\n")
  string(APPEND table "  {\"${base}\", ${NAME}Bytes${i}, ${size}},\n")
  math(EXPR i "${i} + 1")
endforeach()
string(APPEND body "static const EmbeddedFile ${NAME}[] = {\n${table}};\n")
file(WRITE "${OUT}.tmp" "${body}")
file(RENAME "${OUT}.tmp" "${OUT}")
