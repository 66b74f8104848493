#!/bin/sh
# examples/plan.c as a user builds it: this build installed into a fresh
# prefix, compiled through pkg-config against the shared library and against
# the static one, run on the examples; its output must be the golden one.
# Usage: test_example.sh BUILD_DIR SOURCE_DIR [CC] [CFLAGS]
set -eu
build=$1 src=$2 cc=${3:-cc} cflags=${4:-}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name keyplan.pc)
export PKG_CONFIG_PATH="$(dirname "$pc")"
libdir=$(pkg-config --variable=libdir keyplan)
# shellcheck disable=SC2046,SC2086
"$cc" $cflags -Wall -Wextra -Werror "$src/examples/plan.c" $(pkg-config --cflags --libs keyplan) -o "$prefix/plan"
# shellcheck disable=SC2046,SC2086
"$cc" $cflags -Wall -Wextra -Werror "$src/examples/plan.c" $(pkg-config --cflags keyplan) "$libdir/libkeyplan.a" \
  $(pkg-config --libs-only-l --static keyplan | sed 's/-lkeyplan//') -o "$prefix/plan-static"
for p in plan plan-static; do
  rc=0
  (cd "$src" && LD_LIBRARY_PATH="$libdir" "$prefix/$p" examples/schema.sql examples/queries.sql) >"$prefix/out" || rc=$?
  if [ "$rc" -ne 1 ]; then
    echo "FAIL $p: exit status $rc, expected 1 (examples/queries.sql has rejected queries)"
    exit 1
  fi
  if ! diff -u "$src/tests/golden/example-plan.txt" "$prefix/out"; then
    echo "FAIL $p: output differs from tests/golden/example-plan.txt"
    exit 1
  fi
  echo "ok $p"
done
if LD_LIBRARY_PATH="$libdir" "$prefix/plan" "$src/examples/schema.sql" /nonexistent.sql >"$prefix/out"; then
  echo "FAIL: a missing file gave exit status 0"
  exit 1
fi
grep -qx '/nonexistent.sql: error: cannot open: No such file or directory \[KP023 io-error\]' "$prefix/out" || {
  echo "FAIL: no io-error diagnostic for a missing file:"; cat "$prefix/out"; exit 1; }
echo "ok missing file"
