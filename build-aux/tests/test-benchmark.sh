#!/usr/bin/env bash
# The benchmark still measures: a short feedline-bench scenario on its own
# display (the real window, scrolled by the frame clock) and a short run of
# the C reference, each printing JSON that says nothing was skipped or shown
# twice and that rows were scrolled. No timing is checked here: timings are
# for docs/BENCHMARKS.md, not for pass or fail.
#
#   test-benchmark.sh FEEDLINE-BENCH FEEDLINE-REFERENCE
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
self=$(readlink -f "$0")
fail() { echo "benchmark: FAIL: $*" >&2; exit 1; }

[ $# = 2 ] || fail "usage: $0 FEEDLINE-BENCH FEEDLINE-REFERENCE"
bench=$(readlink -f "$1") reference=$(readlink -f "$2")

if [ "${FEEDLINE_BENCH_IN_DISPLAY:-}" != 1 ]; then
  FEEDLINE_BENCH_IN_DISPLAY=1 exec "$here/build-aux/with-display.sh" "$self" "$bench" "$reference"
fi
export GDK_BACKEND=x11 GSK_RENDERER=cairo

check() {  # check NAME JSON PYTHON-CONDITION MESSAGE
  python3 -c "import json, sys; d = json.loads(sys.argv[1]); sys.exit(0 if ($3) else 1)" "$2" ||
    fail "$1: $4: $2"
}

out=$(timeout 120 "$bench" --scenario --strategy feedline --latency 50 --jitter 40 --speed 3000 --rows 120 --idle 1 | tail -1) ||
  fail "feedline-bench --scenario exited $?"
check feedline-bench "$out" "d['rows'] >= 120" "fewer than 120 rows scrolled"
check feedline-bench "$out" "d['duplicates'] == 0 and d['skipped'] == 0" "items skipped or shown twice"
check feedline-bench "$out" "d['items_loaded'] >= 120 and d['pages_requested'] >= 6" "pages were not loaded"
check feedline-bench "$out" "d['frames'] > 10 and d['frame_busy_ms']['p50'] > 0" "no frames measured"
check feedline-bench "$out" "0 < d['row_widgets'] < 1000" "row widgets not counted or not recycled"
check feedline-bench "$out" "d['idle_seconds'] == 1 and d['peak_rss_kb'] > 0" "idle or memory not measured"
echo "benchmark: ok - feedline-bench scrolled 120 rows with nothing skipped or repeated"

for strategy in last-row five-before edge; do
  out=$(timeout 120 "$bench" --scenario --strategy "$strategy" --latency 20 --speed 3000 --rows 60 --idle 0 | tail -1) ||
    fail "feedline-bench --strategy $strategy exited $?"
  check "$strategy" "$out" "d['rows'] >= 60 and d['duplicates'] == 0 and d['skipped'] == 0" "did not page through"
done
echo "benchmark: ok - the tutorials' strategies page through too"

out=$(timeout 120 "$bench" --memory 5000 | tail -1) || fail "feedline-bench --memory exited $?"
check memory "$out" "d['items'] >= 5000 and d['rss_kb_at_end'] > 0" "items not loaded or memory not read"
echo "benchmark: ok - the memory run loads 5,000 items"

out=$(timeout 120 "$reference" --items 3000 --rows 60 --speed 3000 | tail -1) || fail "feedline-reference exited $?"
check feedline-reference "$out" "d['frames'] > 10 and d['rss_kb_at_end'] > 0 and d['time_to_first_row_ms'] > 0" \
  "nothing measured"
echo "benchmark: ok - the C reference measures"

status=0
"$bench" --bogus >/dev/null 2>&1 || status=$?
[ $status = 2 ] || fail "an unknown option exited $status, not 2"
"$bench" --help | grep -q -- "--strategies" || fail "--help does not explain --strategies"
echo "benchmark: ok - --help and a usage error"
