#!/usr/bin/env bash
# The benchmark still measures: a small feedline-bench suite on its own
# display (the real window, scrolled by the frame clock, every strategy, the
# C reference) whose JSON has every figure, with nothing skipped or shown
# twice; and a short image comparison (the same scroll without pictures and
# with them, served over HTTP on 127.0.0.1) in which the pictures were
# really downloaded, cached and shown. No timing is checked here: timings
# are for docs/BENCHMARKS.md, not for pass or fail.
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

# A small suite: every strategy, the extra conditions, the memory run and
# the C reference, as scripts/bench runs them, only shorter.
json=$(mktemp)
images=$(mktemp)
trap 'rm -f "$json" "$images"' EXIT
timeout 600 "$bench" --rows 60 --latencies 20 --speeds 3000 --page-size 10 --idle 1 --memory-items 3000 \
  --reference "$reference" --json "$json" >/dev/null || fail "the feedline-bench suite exited $?"
report=$(cat "$json")

check suite "$report" "sorted(r['strategy'] for r in d['runs']) == ['edge', 'feedline', 'five-before', 'last-row']" \
  "not every strategy ran once in the grid"
check suite "$report" "[r['condition'] for r in d['more_runs']] == ['300 ± 200 ms'] * 4 + ['1000 ms, pages of 40'] * 4 + ['300 ms, pages of 500', '1000 ms, pages of 20, one in flight', '1000 ms, pages of 20, numbered pages']" \
  "the conditions after the grid did not all run"
check suite "$report" "[r['most_pages_in_flight'] for r in d['more_runs'][-2:]][0] == 1 and all(r['duplicates'] == 0 and r['skipped'] == 0 for r in d['more_runs'])" \
  "one page in flight where the feed names no pages ahead, and nothing skipped or twice"
check suite "$report" "all(r['duplicates'] == 0 and r['skipped'] == 0 for r in d['runs'] + d['more_runs'])" \
  "items skipped or shown twice"
check suite "$report" "all(r['rows'] >= 60 and r['items_loaded'] >= 60 for r in d['runs'] + d['more_runs']) and all(r['pages_requested'] >= 6 for r in d['runs'])" \
  "a run did not page through 60 rows"
check suite "$report" "all(r['frames'] > 10 and set(r['frame_busy_ms']) == {'p50', 'p95', 'p99', 'max'} and set(r['frame_interval_ms']) == {'p50', 'p95', 'p99', 'max'} for r in d['runs'])" \
  "frames not measured, or percentiles missing"
check suite "$report" "all(0 < r['row_widgets'] < 1000 and r['peak_rss_kb'] > 0 for r in d['runs'])" \
  "row widgets or memory not counted"
check suite "$report" "[r['strategy'] for r in d['runs'] if r['idle_seconds'] == 1] == ['feedline'] and all(k in d['runs'][0] for k in ('idle_cpu_ms', 'idle_wakeups', 'idle_main_thread_wakeups', 'stall_ms_per_1000_rows', 'stalls_per_1000_rows'))" \
  "idle not measured once, in Feedline's run, or fields missing"
check suite "$report" "d['first_row']['time_to_first_row_ms'] > 0" "time to first row not measured"
check suite "$report" "d['memory']['items'] >= 3000 and d['memory']['rss_kb_at_end'] > 0 and d['memory']['text_kb'] > 0 and len(d['memory']['samples']) >= 1" \
  "the memory run did not measure"
check suite "$report" "d['reference']['frames'] > 10 and d['reference']['rss_kb_at_end'] > 0 and d['reference']['time_to_first_row_ms'] > 0" \
  "the C reference did not measure"
check suite "$report" "set(d['ratios']) == {'frame_busy_p95', 'time_to_first_row', 'rss_at_items', 'rss_of_target'} and all(v > 0 for v in d['ratios'].values())" \
  "ratios to the C reference missing"
echo "benchmark: ok - a small suite ran every strategy and condition with nothing skipped or repeated, and measured memory, idle and the C reference"

# The image comparison, short: 200 rows each way.
timeout 300 "$bench" --suite images --rows 200 --latency 20 --json "$images" >/dev/null ||
  fail "the image suite exited $?"
report=$(cat "$images")
check images "$report" "d['suite'] == 'images' and d['rows_per_run'] == 200 and d['pictures']['photos'] > 1 and d['pictures']['avatars'] > 1" \
  "not the image comparison asked for"
check images "$report" "all(r['duplicates'] == 0 and r['skipped'] == 0 for r in (d['without_images'], d['with_images']))" \
  "items skipped or shown twice"
check images "$report" "all(r['rows'] >= 200 and r['items_loaded'] >= 200 and r['frames'] > 10 and r['peak_rss_kb'] > 0 and 'long_frames' in r for r in (d['without_images'], d['with_images']))" \
  "a run did not scroll 200 rows, or frames or memory not measured"
check images "$report" "not d['without_images']['images']['shown'] and d['without_images']['images']['decoded'] == 0 and d['without_images']['server_requests'] == 0" \
  "the run without pictures had pictures"
check images "$report" "(lambda i: i['shown'] and i['decoded'] > 0 and i['rows_shown'] > 0 and i['thumbnails_in_view'] > 0 and i['failed'] == 0)(d['with_images']['images'])" \
  "no picture decoded and shown, or some failed"
check images "$report" "d['with_images']['server_requests'] > 0 and d['with_images']['images']['requests'] > 0 and d['with_images']['images']['disk_cache_kb'] > 0" \
  "the pictures did not come from the benchmark's HTTP server, or were not kept in the disk cache"
check images "$report" "d['ratios']['peak_rss'] > 0 and d['ratios']['frame_busy_p95'] > 0" "ratios missing"
echo "benchmark: ok - the image comparison downloaded, cached and showed pictures over HTTP, none failed, nothing skipped or repeated"

# The store, small: 3,000 items over 10 feeds, the app's window (sidebar
# and all) on All items, scrolled 200 rows in two rounds with the C
# reference between them.
store=$(mktemp)
timeout 300 "$bench" --suite store --store-items 3000 --store-feeds 10 --rows 200 --rounds 2 --reference "$reference" \
  --json "$store" >/dev/null ||
  fail "the store suite exited $?"
report=$(cat "$store")
rm -f "$store"
check store "$report" "d['suite'] == 'store' and d['fill']['items'] == 3000 and d['pages']['top_ms']['p50'] > 0 and d['pages']['deep_ms']['p50'] > 0" \
  "the store was not filled, or its pages not timed"
check store "$report" "(lambda r: r['rows'] >= 200 and r['items_loaded'] >= 200 and r['duplicates'] == 0 and r['skipped'] == 0 and r['time_to_first_row_ms'] > 0)(d['scroll'])" \
  "All items did not scroll 200 rows from the store, or skipped or repeated one"
# The benchmark's own counting (placeholders in view, every frame) is timed
# apart and left out of frame busy: the C reference counts nothing.
check store "$report" "(lambda r: r['frame_counting_ms']['p50'] > 0 and all(r['frame_busy_with_counting_ms'][k] >= r['frame_busy_ms'][k] for k in ('p50', 'p95')))(d['scroll'])" \
  "the benchmark's counting was not timed apart from frame busy"
# Ratios vary by round: each round's are kept, the median reported.
check store "$report" "len(d['rounds']) == 2 and all(r[k] > 0 for r in d['rounds'] for k in ('time_to_first_row_ms', 'frame_busy_p95_ms', 'reference_time_to_first_row_ms', 'reference_frame_busy_p95_ms'))" \
  "the store suite did not keep two rounds of the scroll and the reference"
check store "$report" "all(abs(d['ratios'][k] - sum(r[k + '_ratio'] for r in d['rounds']) / 2) < 1e-9 for k in ('time_to_first_row', 'frame_busy_p95'))" \
  "the store suite's ratios are not the median of its rounds'"
check store "$report" "(lambda r, m: r['rows'] >= 2900 and r['duplicates'] == 0 and r['skipped'] == 0 and m['at_rows'][-1]['rows'] == r['rows'] and m['at_rows'][-1]['rss_kb'] > 0 and m['held_items'] < r['items_loaded'] and m['back_at_top_ms'] > 0 and m['middle_jump_ms'] > 0)(d['deep_scroll'], d['deep_scroll']['memory'])" \
  "All items was not scrolled to its end with memory sampled, items let go, and jumps back read back"
echo "benchmark: ok - the store suite filled a store, timed its pages and scrolled All items in the app's window, to its end letting far items go"

# The update, small: 20 feeds of 10 items, through the real feedline
# program beside feedline-bench: the first update stores every item, the
# second is answered 304 by every feed.
update=$(mktemp)
timeout 120 "$bench" --suite update --feeds 20 --items 10 --json "$update" >/dev/null ||
  fail "the update suite exited $?"
report=$(cat "$update")
rm -f "$update"
check update "$report" "d['import']['summary'] == 'Imported 20 subscriptions' and d['first_update']['answered_200'] == 20 and d['first_update']['answered_304'] == 0 and int(__import__('re').search(r'([0-9,]+) new items', d['first_update']['summary']).group(1).replace(',', '')) >= 200" \
  "the first update did not fetch every feed in full and store its items"
check update "$report" "d['second_update']['answered_304'] == 20 and d['second_update']['answered_200'] == 0 and d['second_update']['summary'].endswith(': 0 new items') and all(d[k]['seconds'] > 0 and d[k]['peak_rss_mb'] > 0 for k in ('import', 'first_update', 'second_update'))" \
  "the second update was not answered 304 by every feed, or time and memory not measured"
echo "benchmark: ok - the update suite imported 20 feeds, stored their items, and was answered 304 the second time"

# The reader view held down: 60 moves at 30 a second, faster than pages of
# 10 at 50 ms keep up with at times.
reader=$(timeout 120 "$bench" --reader 60 --rate 30 --latency 50 --page-size 10) ||
  fail "the reader run exited $?"
check reader "$reader" "d['moves'] == 60 and d['ended_at_item'] == 60 and d['items_loaded'] > 60" \
  "the reader did not end exactly 60 items on"
check reader "$reader" "d['page_widgets'] == 3 and d['frames'] > 10 and set(d['move_ms']) == {'p50', 'p95', 'p99', 'max'} and d['rss_kb_at_end'] > 0" \
  "page widgets, frames, move times or memory not measured"
echo "benchmark: ok - the reader run moved exactly 60 items with three page widgets"

status=0
"$bench" --bogus >/dev/null 2>&1 || status=$?
[ $status = 2 ] || fail "an unknown option exited $status, not 2"
# Read whole first: grep -q ends at its match, and with pipefail the
# program's write into the closed pipe would fail the check.
help=$("$bench" --help)
for option in "--strategies" "--suite NAME" "--images" "--reader N" "--store PATH"; do
  grep -q -- "$option" <<<"$help" || fail "--help does not explain ${option%% *}"
done
status=0
"$bench" --suite bogus >/dev/null 2>&1 || status=$?
[ $status = 2 ] || fail "an unknown suite exited $status, not 2"
echo "benchmark: ok - --help and a usage error"

# A store with nothing to scroll ends the run with the reason, not a wait.
empty=$(mktemp -d)
status=0
message=$(timeout 60 "$bench" --scenario --store "$empty/feedline.sqlite" --rows 10 --idle 0 2>&1 >/dev/null) || status=$?
rm -rf "$empty"
[ $status = 1 ] || fail "a run on an empty store exited $status, not 1"
grep -q "nothing to scroll" <<<"$message" || fail "a run on an empty store did not say why: $message"
echo "benchmark: ok - a run on an empty store says there is nothing to scroll"
