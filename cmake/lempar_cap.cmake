# cmake -DIN=lempar.c -DOUT=file -P lempar_cap.cmake: OUT is lemon's
# parser template IN with a cap on its growable stack (CMakeLists.txt).
#
# The grammar's stack grows (%stack_size 0, grammar/parser.y): a parser
# starts with 100 entries (4 KB) instead of holding 4000 (160 KB, a
# malloc of its own for every parser: under ASan an mmap, poisoning and a
# munmap). lemon's growable stack (yyGrowStack: 100, 300, 700, 1500, 3100,
# 6300... entries) grows until malloc fails; here it stops at YYSTACKLIMIT
# entries (grammar/parser.y: KP_MAX_PARSER_STACK), its last step cut to it,
# so a statement overflows exactly where a fixed stack of that many
# entries overflowed, at the same token, with the same located error.
#
# The template is the installed lemon's own (its version matches the
# lemon that fills it); the cap goes in after the line that computes the
# new size. A template without that line (another lemon) stops the build
# here rather than build a stack without a bound.
file(READ ${IN} text)
set(anchor "  newSize = p->yystksz*2 + 100;\n")
string(FIND "${text}" "${anchor}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${IN}: no '${anchor}' in yyGrowStack: this lemon's growable stack is not the one "
                      "cmake/lempar_cap.cmake caps (lemon 3.40's); cap it for this version")
endif()
string(REPLACE "${anchor}"
  "${anchor}  /* keyplan: the stack stops at YYSTACKLIMIT entries (cmake/lempar_cap.cmake) */\n  if( newSize>YYSTACKLIMIT ) newSize = YYSTACKLIMIT;\n  if( newSize<=p->yystksz ) return 1;\n"
  text "${text}")
file(WRITE ${OUT} "${text}")
