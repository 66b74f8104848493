#!/bin/sh
# Compares what two keyplan binaries write (stdout, stderr, exit code) on
# the repository's statements: tests/corpus under each target, examples,
# tests/regress, tests/embed, tests/schemas, in every output format of
# explain, lint and check, plus any SQL files given after the binaries
# (e.g. the benchmark's workloads, with their schema first).
# A change meant to be faster only must leave all of them byte-identical.
#
# usage: tools/same_output.sh OLD_KEYPLAN NEW_KEYPLAN [SCHEMA QUERIES...]
set -u
[ $# -ge 2 ] || { echo "usage: $0 OLD_KEYPLAN NEW_KEYPLAN [SCHEMA QUERIES...]" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
shift 2
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
runs=0 diffs=0
same() {
	"$old" "$@" >"$tmp/o1" 2>"$tmp/e1"; echo "exit $?" >>"$tmp/e1"
	"$new" "$@" >"$tmp/o2" 2>"$tmp/e2"; echo "exit $?" >>"$tmp/e2"
	runs=$((runs + 1))
	if ! cmp -s "$tmp/o1" "$tmp/o2" || ! cmp -s "$tmp/e1" "$tmp/e2"; then
		echo "differs: keyplan $*"
		diffs=$((diffs + 1))
	fi
}
for t in lindorm phoenix tablestore; do
	s=tests/corpus/$t-ddl.sql q=tests/corpus/$t-queries.sql
	for f in text json; do
		same explain --no-config --target $t --format $f --schema $s $q tests/corpus/skipped.sql
	done
	for f in text json sarif github; do
		same lint --no-config --target $t --format $f --schema $s $q tests/corpus/skipped.sql
	done
	same check --no-config --target $t --format json --schema $s --workload $q
done
for f in text json; do
	same explain --no-config --format $f --schema examples/schema.sql examples/queries.sql tests/regress
	same explain --no-config --format $f --schema tests/embed/schema.sql tests/embed
done
for f in text json sarif github; do
	same lint --no-config --format $f --schema examples/schema.sql examples/queries.sql tests/regress
	same lint --no-config --format $f --schema tests/embed/schema.sql tests/embed
done
for s in tests/schemas/*.sql; do
	same lint --no-config --format json --schema "$s" examples/queries.sql
	same check --no-config --format json --schema "$s"
done
same check --no-config --format json --schema examples/schema.sql --workload examples/queries.sql
same check --no-config --schema tests/embed/schema.sql tests/embed
if [ $# -ge 2 ]; then
	s=$1
	shift
	same explain --no-config --format json --schema "$s" "$@"
	same explain --no-config --schema "$s" "$@"
	same lint --no-config --schema "$s" "$@"
	same lint --no-config --format json --schema "$s" "$@"
fi
echo "$runs runs, $diffs differ"
[ $diffs -eq 0 ]
