#!/bin/sh
# Builds the libFuzzer targets (the lexer; parse-plan-explain on a fixed
# schema for every target; schema, queries and the advisor together; the
# host-language scanners and MyBatis XML reader; digest's log readers; the
# language server's JSON-RPC reader and incremental documents) with clang
# (-fsanitize=fuzzer,address,undefined) and runs each for SECONDS (default
# 60). A crash, leak or sanitizer report fails the run and leaves the input
# in build-fuzz/crashes. Add every crash found to tests/regress/
# (tests/tools/test_stress.py replays it).
#
#   tools/fuzz/run.sh [SECONDS [TARGET...]]
#
# A long campaign runs in parts: each run goes on from the corpus the last
# one left in build-fuzz/corpus-TARGET (the seeds are added to it when
# missing) and adds its executions to build-fuzz/execs-TARGET, whose total
# it prints. KP_FUZZ_FRESH=1 starts over from the seeds alone.
set -eu
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET=${1:-60}
[ $# -gt 0 ] && shift
TARGETS=${*:-fuzz_lexer fuzz_plan fuzz_schema fuzz_host fuzz_digest fuzz_lsp}
CC=clang cmake -S . -B build-fuzz -DKEYPLAN_FUZZ=ON -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
# shellcheck disable=SC2086
cmake --build build-fuzz -j"$(nproc)" --target $TARGETS
mkdir -p build-fuzz/crashes
for t in $TARGETS; do
  work=build-fuzz/corpus-$t
  if [ "${KP_FUZZ_FRESH:-0}" = 1 ]; then
    rm -rf "$work" "build-fuzz/execs-$t"
  fi
  mkdir -p "$work"
  # the seeds, where the corpus does not hold them yet (a file of the same
  # name is the same seed)
  if [ $t = fuzz_host ]; then
    # the first byte picks the language: application code and mapper XML
    cp -n tools/fuzz/corpus-host/* "$work"/
  elif [ $t = fuzz_digest ]; then
    # the first byte picks the log format
    cp -n tools/fuzz/corpus-digest/* "$work"/
  elif [ $t = fuzz_lsp ]; then
    # JSON-RPC transcripts and edit scripts
    cp -n tools/fuzz/corpus-lsp/* "$work"/
  else
    cp -n tools/fuzz/corpus/* examples/*.sql tests/corpus/*.sql tests/regress/* "$work"/ 2>/dev/null || true
  fi
  echo "== $t: $SECONDS_PER_TARGET s, from $(ls "$work" | wc -l) inputs"
  log=build-fuzz/log-$t
  rc=0
  ./build-fuzz/$t -max_total_time="$SECONDS_PER_TARGET" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -dict=tools/fuzz/sql.dict -artifact_prefix=build-fuzz/crashes/$t- -print_final_stats=1 "$work" \
    >"$log" 2>&1 || rc=$?
  tail -n 12 "$log"
  n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  total=$(( $(cat "build-fuzz/execs-$t" 2>/dev/null || echo 0) + ${n:-0} ))
  echo "$total" >"build-fuzz/execs-$t"
  echo "$t: ${n:-0} executions in this part, $total in the campaign"
  [ $rc = 0 ] || echo "$t: exit status $rc" >&2
done
if ls build-fuzz/crashes/* >/dev/null 2>&1; then
  echo "fuzzing found crashes:" >&2
  ls build-fuzz/crashes >&2
  exit 1
fi
echo "fuzzing: no crashes"
