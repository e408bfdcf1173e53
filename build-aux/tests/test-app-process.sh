#!/usr/bin/env bash
# The feedline process as a person starts and stops it: the command line
# (--help, --version, bad options), a missing feed file reported on stderr
# while the app keeps running, and closing the window (Ctrl+W) or quitting
# (Ctrl+Q) in the middle of a page load ending the process at once, and
# the saved feed list (feeds.json) reopening the feed open last across a
# restart, or, when damaged, kept aside as feeds.json.bad and reported.
#
#   test-app-process.sh FEEDLINE VERSION
#
# Runs itself again inside build-aux/with-display.sh for the window part.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
self=$(readlink -f "$0")
fail() { echo "app-process: FAIL: $*" >&2; exit 1; }
pass() { echo "app-process: ok - $*"; }

bin=$(readlink -f "$1") version=$2
[ -x "$bin" ] || fail "$bin is not an executable"

if [ "${3:-}" != --in-display ]; then
  out=$("$bin" --version) || fail "--version exited $?"
  [ "$out" = "Feedline $version" ] || fail "--version printed '$out', expected 'Feedline $version'"
  pass "--version prints 'Feedline $version'"

  out=$("$bin" --help) || fail "--help exited $?"
  for word in URL-OR-FILE --feed --mastodon --local --tag --github --api --hacker-news GITHUB_TOKEN \
              --page-size --latency --fail-every Ctrl+R Examples; do
    grep -q -- "$word" <<<"$out" || fail "--help does not mention $word"
  done
  pass "--help explains the options, keys and examples"

  set +e
  err=$("$bin" --bogus 2>&1 >/dev/null); status=$?
  set -e
  [ $status = 2 ] || fail "an unknown option exited $status, expected 2"
  grep -q "unknown option --bogus" <<<"$err" || fail "unknown option message was: $err"
  grep -q -- "--help" <<<"$err" || fail "the usage error does not point to --help"
  pass "an unknown option is a usage error (exit 2)"

  exec "$here/build-aux/with-display.sh" "$self" "$bin" "$version" --in-display
fi

tmp=$(mktemp -d)
app=
cleanup() { [ -n "$app" ] && kill -KILL "$app" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
export HOME=$tmp XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache GSETTINGS_BACKEND=memory

# Waits (bounded: 5 s) for the app to end; sets $status to its exit status,
# or to "running". (Not in a $(subshell): only this shell can wait for it.)
wait_exit() {
  status=running
  for _ in $(seq 1 100); do
    if ! kill -0 "$app" 2>/dev/null; then
      status=0
      wait "$app" || status=$?
      app=
      return
    fi
    sleep 0.05
  done
}

# Starts the app with ARGS, waits for a window titled TITLE.
start() {
  local title=$1; shift
  "$bin" "$@" >"$tmp/out.log" 2>"$tmp/err.log" &
  app=$!
  timeout 30 xdotool search --sync --limit 1 --name "^$title\$" >"$tmp/wid" \
    || fail "no window titled '$title' (stderr: $(cat "$tmp/err.log"))"
  xdotool windowfocus --sync "$(cat "$tmp/wid")"
}

for keys in ctrl+w ctrl+q; do
  # The first page takes a minute to arrive: the key lands mid-load.
  start "All items" --latency 60000
  sleep 0.3
  xdotool key "$keys"
  wait_exit
  [ "$status" = 0 ] || fail "$keys during a load: process state '$status', expected a prompt exit 0 (stderr: $(cat "$tmp/err.log"))"
  pass "$keys in the middle of a load ends the process at once"
done

start missing --feed "$tmp/missing.json" --latency 0
for _ in $(seq 1 100); do grep -q "doesn't exist" "$tmp/err.log" && break; sleep 0.05; done
grep -q "missing.json” doesn't exist" "$tmp/err.log" || fail "stderr did not explain the missing file: $(cat "$tmp/err.log")"
sleep 0.3
kill -0 "$app" 2>/dev/null || fail "the app exited after a missing feed file"
xdotool key ctrl+q
wait_exit
[ "$status" = 0 ] || fail "Ctrl+Q did not quit after the error (process state '$status')"
pass "a missing feed file is reported on stderr and the app keeps running"

# The feed open last in an earlier version comes back: feeds.json (in
# $XDG_CONFIG_HOME) is taken into a new store once, its last feed opened.
export XDG_DATA_HOME=$tmp/data-migrated
config="$XDG_CONFIG_HOME/feedline"
mkdir -p "$config"
cat >"$tmp/remembered.json" <<'JSON'
{"version": "https://jsonfeed.org/version/1.1", "title": "Remembered Feed",
 "items": [{"id": "1", "title": "Still here", "content_text": "After a restart"}]}
JSON
cat >"$config/feeds.json" <<JSON
{"version": 1,
 "feeds": [{"kind": "document", "url": "file://$tmp/remembered.json", "title": "Remembered Feed"}],
 "lastOpened": {"kind": "document", "url": "file://$tmp/remembered.json"}}
JSON
start "Remembered Feed" --latency 0
xdotool key ctrl+q
wait_exit
[ "$status" = 0 ] || fail "Ctrl+Q did not quit (process state '$status')"
pass "the feed open last in feeds.json reopens in the new store"

# A damaged list, met by a new store: kept aside, reported, and the app
# opens All items.
export XDG_DATA_HOME=$tmp/data-damaged
printf '{"version": 1, "feeds": [{"kind": "mast' >"$config/feeds.json"
start "All items" --latency 0
for _ in $(seq 1 100); do grep -q "damaged" "$tmp/err.log" && break; sleep 0.05; done
grep -q "feeds.json.bad" "$tmp/err.log" || fail "stderr did not report the damaged list: $(cat "$tmp/err.log")"
[ -f "$config/feeds.json.bad" ] || fail "the damaged list was not kept as feeds.json.bad"
grep -q '"kind": "mast' "$config/feeds.json.bad" || fail "feeds.json.bad does not hold the damaged list"
xdotool key ctrl+q
wait_exit
[ "$status" = 0 ] || fail "Ctrl+Q did not quit (process state '$status')"
pass "a damaged feeds.json is kept as feeds.json.bad, reported, and the app opens All items"
