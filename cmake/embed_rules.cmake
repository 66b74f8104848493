# Writes OUT, a C file holding every docs/rules/*.md page (DIR) as a
# string, so that `keyplan rules KP001` prints the page wherever the binary
# is. Run by the build whenever a page changes.
file(GLOB pages "${DIR}/*.md")
list(SORT pages)
set(body "/* generated from the docs/rules pages by cmake/embed_rules.cmake */\n#include <stddef.h>\n\n")
set(table "")
set(i 0)
foreach(p ${pages})
  get_filename_component(id "${p}" NAME_WE)
  file(READ "${p}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(APPEND body "static const char page${i}[] = {${bytes}0};\n")
  string(APPEND table "\t{\"${id}\", page${i}},\n")
  math(EXPR i "${i} + 1")
endforeach()
string(APPEND body "\nconst struct kp_rule_page { const char *id; const char *text; } kp_rule_pages[] = {\n${table}\t{NULL, NULL},\n};\n")
file(WRITE "${OUT}.tmp" "${body}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.tmp" "${OUT}")
