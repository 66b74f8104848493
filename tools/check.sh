#!/bin/sh
# The whole test suite:
#  1. a -Werror release build: every test, plus the 1 GB streaming test;
#  2. the same tests built with AddressSanitizer + UndefinedBehaviorSanitizer
#     (leaks are errors);
#  3. the C suites under valgrind's memcheck (no leaks, no errors).
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKEYPLAN_WERROR=ON
cmake --build build -j"$jobs"
KP_STRESS=1 ctest --test-dir build --output-on-failure -j"$jobs"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DKEYPLAN_SANITIZE=ON -DKEYPLAN_WERROR=ON
cmake --build build-asan -j"$jobs"
KP_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"$jobs"
if command -v valgrind >/dev/null 2>&1; then
  for t in test_lexer test_parser test_ddl_parse test_forms_parse test_stream test_arena test_catalog test_planner test_ranges test_ddl test_value test_advisor test_judge test_judge_annotations test_judge_scenarios test_designs test_designs2 test_fixes test_fixpoint test_fingerprint test_repl test_oracle test_host test_host_found test_digest test_soundness test_targets test_tenant test_agreement test_sim test_sim_html test_rebind test_srcmap test_units test_heap test_memo test_insert test_keep test_exprindex test_cost test_designs3 test_summary; do
    echo "valgrind: $t"
    KP_ORACLE_QUERIES=2000 valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
      --errors-for-leak-kinds=definite,indirect --error-exitcode=99 build/tests/$t >/dev/null
  done
  echo "valgrind: no errors, no leaks"
fi
