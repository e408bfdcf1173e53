#!/usr/bin/env bash
# Installs the meson build into a temporary DESTDIR, checks that every file is
# there, then starts the installed app under Xvfb and waits for its window to
# show the bundled feed's title.
#
#   test-installed-app.sh BUILDDIR SRCDIR BINDIR DATADIR APP_ID
#
# BINDIR and DATADIR are the absolute install paths (prefix included), e.g.
# /usr/local/bin and /usr/local/share. $MESON is the meson command (default:
# meson). FEEDLINE_WINDOW_TIMEOUT overrides the 60 s wait for the window.
#
# Internally re-runs itself as `test-installed-app.sh --run-app BIN LOGDIR`
# inside build-aux/with-display.sh.
set -euo pipefail
self=$(readlink -f "$0")

# A first start, with a store of its own: All items.
expected_title='All items'
window_timeout=${FEEDLINE_WINDOW_TIMEOUT:-60}

fail() { echo "installed-app: FAIL: $*" >&2; exit 1; }

# --- inside the display: start the app and wait for its window --------------
if [ "${1:-}" = --run-app ]; then
  bin=$2 logdir=$3
  app_pid= watch_pid=
  stop() {
    for pid in $watch_pid $app_pid; do
      kill "$pid" 2>/dev/null || true
    done
    if [ -n "$app_pid" ]; then
      for _ in $(seq 1 30); do
        kill -0 "$app_pid" 2>/dev/null || break
        sleep 0.1
      done
      kill -KILL "$app_pid" 2>/dev/null || true
    fi
    wait 2>/dev/null || true
  }
  trap stop EXIT

  "$bin" >"$logdir/app.log" 2>&1 &
  app_pid=$!
  timeout "$window_timeout" \
    xdotool search --sync --name "^${expected_title}\$" >"$logdir/xdotool.log" 2>&1 &
  watch_pid=$!

  # Whichever ends first decides: the window appearing, the app exiting, or
  # the timeout.
  while kill -0 "$watch_pid" 2>/dev/null; do
    if ! kill -0 "$app_pid" 2>/dev/null; then
      app_status=0
      wait "$app_pid" || app_status=$?
      app_pid=
      echo "installed-app: FAIL: $bin exited with status $app_status before a window named '$expected_title' appeared" >&2
      exit 1
    fi
    sleep 0.2
  done
  watch_status=0
  wait "$watch_pid" || watch_status=$?
  watch_pid=
  case $watch_status in
    0) echo "installed-app: window '$expected_title' is up (id $(head -n1 "$logdir/xdotool.log"))"
       exit 0 ;;
    124) echo "installed-app: FAIL: no window named '$expected_title' within ${window_timeout}s" >&2
       echo "installed-app: windows present:" >&2
       xdotool search --name '.' 2>/dev/null | while read -r w; do
         echo "  $w: $(xdotool getwindowname "$w" 2>/dev/null)" >&2
       done
       exit 1 ;;
    *) echo "installed-app: FAIL: xdotool failed with status $watch_status:" >&2
       cat "$logdir/xdotool.log" >&2
       exit 1 ;;
  esac
fi

# --- outside: install, check files, run ---------------------------------------
if [ $# -ne 5 ]; then
  echo "usage: $0 BUILDDIR SRCDIR BINDIR DATADIR APP_ID" >&2
  exit 2
fi
builddir=$1 srcdir=$2 bindir=$3 datadir=$4 app_id=$5
meson=${MESON:-meson}

for tool in xdotool timeout; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install xdotool coreutils)"
done
[ -x "$srcdir/build-aux/with-display.sh" ] || fail "$srcdir/build-aux/with-display.sh is missing or not executable"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/feedline-installed.XXXXXX")
cleanup() {
  status=$?
  if [ $status -ne 0 ]; then
    for log in install.log app.log; do
      if [ -s "$tmp/$log" ]; then
        echo "---- $log ----" >&2
        tail -n 50 "$tmp/$log" >&2
      fi
    done
  fi
  rm -rf "$tmp"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

destdir="$tmp/root"
echo "installed-app: meson install into $destdir"
if ! $meson install -C "$builddir" --destdir "$destdir" --no-rebuild >"$tmp/install.log" 2>&1; then
  fail "meson install -C $builddir failed"
fi

bin="$destdir$bindir/feedline"
share="$destdir$datadir"
missing=0
for f in \
  "$bin" \
  "$share/feedline/sample-feed.json" \
  "$share/applications/$app_id.desktop" \
  "$share/metainfo/$app_id.metainfo.xml" \
  "$share/icons/hicolor/scalable/apps/$app_id.svg" \
  "$share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
do
  if [ -e "$f" ]; then
    echo "installed-app: ok ${f#"$destdir"}"
  else
    echo "installed-app: missing ${f#"$destdir"}" >&2
    missing=1
  fi
done
[ $missing -eq 0 ] || fail "files are missing from the installation"
# Every picture the installed sample feed names is installed beside it.
python3 - "$share/feedline/sample-feed.json" <<'PY' || fail "the sample feed names pictures that are not installed"
import json, os, sys
feed = sys.argv[1]
items = json.load(open(feed))["items"]
names = {a["avatar"] for item in items for a in item.get("authors", []) if "avatar" in a}
names |= {item["image"] for item in items if "image" in item}
missing = [n for n in names if not os.path.isfile(os.path.join(os.path.dirname(feed), n))]
print(f"installed-app: {len(names)} pictures named, {len(missing)} missing {missing[:5]}")
sys.exit(1 if missing or not names else 0)
PY
[ -x "$bin" ] || fail "${bin#"$destdir"} is not executable"

# Keep the app away from the user's own settings and caches, and let it find
# its installed icon.
mkdir -p "$tmp/home" "$tmp/logs"
export HOME="$tmp/home"
export XDG_CONFIG_HOME="$tmp/home/.config"
export XDG_DATA_HOME="$tmp/home/.local/share"
export XDG_CACHE_HOME="$tmp/home/.cache"
export XDG_STATE_HOME="$tmp/home/.local/state"
export XDG_DATA_DIRS="$share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
export GSETTINGS_BACKEND=memory

echo "installed-app: starting ${bin#"$destdir"} and waiting up to ${window_timeout}s for '$expected_title'"
# The outer timeout only guards against the display helper itself hanging.
status=0
timeout --kill-after=10 $((window_timeout + 60)) \
  "$srcdir/build-aux/with-display.sh" "$self" --run-app "$bin" "$tmp/logs" || status=$?
cp -f "$tmp/logs/app.log" "$tmp/app.log" 2>/dev/null || true
if [ $status -eq 124 ] || [ $status -eq 137 ]; then
  fail "the display helper did not finish in time"
fi
[ $status -eq 0 ] || exit $status
echo "installed-app: PASS"
