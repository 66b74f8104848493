#!/bin/sh
# Builds the libFuzzer targets (the lexer; parse-plan-advise; schema and
# queries; the host-language scanners and MyBatis XML reader; digest's log readers) with clang (-fsanitize=fuzzer,address,undefined)
# and runs each for SECONDS (default 60) from the seed corpus. A crash, leak
# or sanitizer report fails the run and leaves the input in build-fuzz/crashes.
# Add every crash found to tests/regress/ (tests/tools/test_stress.py replays it).
set -eu
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET=${1:-60}
CC=clang cmake -S . -B build-fuzz -DKEYPLAN_FUZZ=ON -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build-fuzz -j"$(nproc)" --target fuzz_lexer fuzz_plan fuzz_schema fuzz_host fuzz_digest
mkdir -p build-fuzz/crashes
for t in fuzz_lexer fuzz_plan fuzz_schema fuzz_host fuzz_digest; do
  work=build-fuzz/corpus-$t
  rm -rf "$work"
  mkdir -p "$work"
  if [ $t = fuzz_host ]; then
    # the first byte picks the language: application code and mapper XML
    cp tools/fuzz/corpus-host/* "$work"/
  elif [ $t = fuzz_digest ]; then
    # the first byte picks the log format
    cp tools/fuzz/corpus-digest/* "$work"/
  else
    cp tools/fuzz/corpus/* examples/*.sql tests/corpus/*.sql tests/regress/* "$work"/ 2>/dev/null || true
  fi
  echo "== $t: $SECONDS_PER_TARGET s"
  ./build-fuzz/$t -max_total_time="$SECONDS_PER_TARGET" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -dict=tools/fuzz/sql.dict -artifact_prefix=build-fuzz/crashes/$t- -print_final_stats=1 "$work" 2>&1 |
    tail -n 12
done
if ls build-fuzz/crashes/* >/dev/null 2>&1; then
  echo "fuzzing found crashes:" >&2
  ls build-fuzz/crashes >&2
  exit 1
fi
echo "fuzzing: no crashes"
