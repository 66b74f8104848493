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
# it prints. KP_FUZZ_FRESH=1 starts over from the seeds alone. A part
# stopped early (SIGINT or SIGTERM to this script) stops its workers, whose
# executions so far are added all the same, and exits with status 130.
#
# Every core works: KP_FUZZ_JOBS workers (default: the number of cores) fuzz
# one target at a time from its one corpus directory, each picking up what
# the others add, and their executions add up. A worker reads the directory
# again every 10 s (-reload=10), not every second: each reading lists and
# stats every file of the corpus, which was 3.4% of a fuzz_plan worker's
# CPU with 2,600 inputs (0.4% at 10 s), and more with the campaign's 10,000
# or on a loaded machine, where a second of wall time is less CPU. The scheduler is libFuzzer's plain one (-entropic=0): measured on
# fuzz_schema over the same corpus and seconds, the entropic scheduler's
# per-feature bookkeeping was 53% of the CPU and gave half the executions
# and half the new inputs. KP_FUZZ_ENTROPIC=1 turns it back on.
#
# A part first makes its corpus smaller where it has grown by half since
# the last time and holds KP_FUZZ_MERGE_MIN inputs (default 5,000): one
# libFuzzer -merge=1 keeps the inputs that reach every feature the whole
# corpus reaches (build-fuzz/log-TARGET.merge), which replace it; the
# count kept is in build-fuzz/merged-TARGET. Its runs are not counted.
#
# The dictionary is build-fuzz/fuzz.dict: tools/fuzz/sql.dict and every
# keyword of grammar/lexer.re (tools/fuzz/dict.cmake, made by the build).
# ASan keeps 5 frames of each allocation's and free's stack, not 30
# (unwinding them was about a tenth of fuzz_plan's CPU); a report still
# names the access, and the input replayed (./build-fuzz/TARGET FILE with
# ASAN_OPTIONS=malloc_context_size=30) gives the whole stacks. Freed memory
# waits in a quarantine of 64 MB before it is reused, not ASan's 256 MB:
# that quarantine was most of a worker's 350-420 MB (fuzz_plan's corpus
# replayed: 352 MB, 159 MB with 64, the same CPU). Set ASAN_OPTIONS to
# override.
set -eu
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET=${1:-60}
[ $# -gt 0 ] && shift
TARGETS=${*:-fuzz_lexer fuzz_plan fuzz_schema fuzz_host fuzz_digest fuzz_lsp}
JOBS=${KP_FUZZ_JOBS:-$(nproc)}
ENTROPIC=${KP_FUZZ_ENTROPIC:-0}
MERGE_MIN=${KP_FUZZ_MERGE_MIN:-5000}
CC=clang cmake -S . -B build-fuzz -DKEYPLAN_FUZZ=ON -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
# shellcheck disable=SC2086
cmake --build build-fuzz -j"$(nproc)" --target $TARGETS fuzz_dict
export ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=5:quarantine_size_mb=64}"
mkdir -p build-fuzz/crashes
pids=
stopped=0
# a part stopped early: the workers print their counts as they stop
trap 'stopped=1; for pid in $pids; do kill -INT "$pid" 2>/dev/null || true; done' INT TERM
for t in $TARGETS; do
  [ $stopped = 1 ] && exit 130
  work=build-fuzz/corpus-$t
  if [ "${KP_FUZZ_FRESH:-0}" = 1 ]; then
    rm -rf "$work" "build-fuzz/execs-$t" "build-fuzz/merged-$t"
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
  # the corpus made smaller where it has grown by half since the last
  # time (and holds MERGE_MIN inputs): libFuzzer's -merge=1 keeps the
  # inputs that reach every feature the whole corpus reaches, and the
  # part's workers start from those. Every worker replays its whole corpus
  # first, and the campaign's had grown to four or five times what
  # libFuzzer kept of it (fuzz_lsp 37,127 files where worker 0 kept
  # 15,524, fuzz_schema 60,587 and 18,422, fuzz_plan 125,397 and 24,818):
  # the replay was 11% of a 1,800 s part of fuzz_lsp and 15% of
  # fuzz_schema's, and grew with every part.
  have=$(ls "$work" | wc -l)
  last=$(cat "build-fuzz/merged-$t" 2>/dev/null || echo 0)
  if [ "$have" -ge "$MERGE_MIN" ] && [ "$have" -ge $(( last + last / 2 )) ]; then
    rm -rf "$work.merge" "$work.old"
    mkdir -p "$work.merge"
    echo "== $t: merging $have inputs"
    ./build-fuzz/$t -merge=1 -timeout=10 -rss_limit_mb=2048 "$work.merge" "$work" \
      >"build-fuzz/log-$t.merge" 2>&1 &
    pids=$!
    r=0
    while :; do
      r=0
      wait "$pids" || r=$?
      [ $r -gt 128 ] && kill -0 "$pids" 2>/dev/null && continue
      break
    done
    pids=
    kept=$(ls "$work.merge" | wc -l)
    if [ $r = 0 ] && [ $stopped = 0 ] && [ "$kept" -gt 0 ]; then
      # (an input that crashes the merge is left out of it: libFuzzer
      # runs the merge again past it; the part's fuzzing finds it again)
      mv "$work" "$work.old" && mv "$work.merge" "$work" && rm -rf "$work.old"
      echo "$kept" >"build-fuzz/merged-$t"
      echo "== $t: $kept of $have inputs kept (build-fuzz/log-$t.merge)"
    else
      rm -rf "$work.merge"
      echo "$t: merge not done (status $r); the corpus is kept as it was" >&2
    fi
    [ $stopped = 1 ] && exit 130
  fi
  echo "== $t: $SECONDS_PER_TARGET s, $JOBS worker(s), from $(ls "$work" | wc -l) inputs"
  rc=0
  pids=
  t0=$(date +%s)
  j=0
  while [ $j -lt "$JOBS" ]; do
    log=build-fuzz/log-$t.$j
    # each worker its own seed, so they do not repeat each other's mutations
    ./build-fuzz/$t -max_total_time="$SECONDS_PER_TARGET" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
      -entropic="$ENTROPIC" -reload=10 -seed=$(( $(date +%s) % 100000 * 8 + j + 1 )) \
      -dict=build-fuzz/fuzz.dict -artifact_prefix=build-fuzz/crashes/$t- -print_final_stats=1 "$work" \
      >"$log" 2>&1 &
    pids="$pids $!"
    j=$((j + 1))
  done
  for pid in $pids; do
    # a signal ends wait early: wait again while the worker is still there
    while :; do
      r=0
      wait "$pid" || r=$?
      [ $r -gt 128 ] && kill -0 "$pid" 2>/dev/null && continue
      break
    done
    [ $r = 0 ] || rc=$r
  done
  pids=
  n=0
  j=0
  while [ $j -lt "$JOBS" ]; do
    log=build-fuzz/log-$t.$j
    [ $j = 0 ] && tail -n 12 "$log"
    k=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    n=$((n + ${k:-0}))
    j=$((j + 1))
  done
  total=$(( $(cat "build-fuzz/execs-$t" 2>/dev/null || echo 0) + n ))
  echo "$total" >"build-fuzz/execs-$t"
  secs=$(( $(date +%s) - t0 ))
  [ $secs -gt 0 ] || secs=1
  echo "$t: $n executions in this part of $secs s ($(( n / secs ))/s), $total in the campaign"
  if [ $stopped = 1 ]; then
    echo "$t: stopped; the part's executions are counted" >&2
    exit 130
  fi
  [ $rc = 0 ] || echo "$t: exit status $rc" >&2
done
if ls build-fuzz/crashes/* >/dev/null 2>&1; then
  echo "fuzzing found crashes:" >&2
  ls build-fuzz/crashes >&2
  exit 1
fi
echo "fuzzing: no crashes"
