# The fuzzers' dictionary: the hand-kept entries of tools/fuzz/sql.dict
# (phrases, punctuation, hints, the seed schema's names) and every keyword
# the lexer matches (grammar/lexer.re's 'word' patterns, upper-cased), so a
# keyword added to the grammar is in it at the next build.
#   cmake -DLEXER=grammar/lexer.re -DHAND=tools/fuzz/sql.dict -DOUT=fuzz.dict -P dict.cmake
file(READ "${HAND}" out)
# the rules' lines: a keyword pattern first ('select' { ... }, 'a' | 'b' { ... })
file(STRINGS "${LEXER}" rules REGEX "^[ \t]*'[a-z_][a-z0-9_]*'")
string(REGEX MATCHALL "'[a-z_][a-z0-9_]+'" words "${rules}")
list(REMOVE_DUPLICATES words)
set(n 0)
foreach(w IN LISTS words)
  string(REPLACE "'" "" w "${w}")
  string(TOUPPER "${w}" w)
  string(FIND "${out}" "\"${w}\"\n" at)
  if(at EQUAL -1)
    string(APPEND out "\"${w}\"\n")
    math(EXPR n "${n} + 1")
  endif()
endforeach()
if(n LESS 50)
  message(FATAL_ERROR "dict.cmake: only ${n} keywords found in ${LEXER}")
endif()
file(WRITE "${OUT}.tmp" "${out}")
file(RENAME "${OUT}.tmp" "${OUT}")
