#!/bin/sh
# The whole test suite: a -Werror build, then the same tests built with
# AddressSanitizer + UndefinedBehaviorSanitizer (leaks are errors).
set -eu
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKEYPLAN_WERROR=ON
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DKEYPLAN_SANITIZE=ON -DKEYPLAN_WERROR=ON
cmake --build build-asan -j"$(nproc)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure
