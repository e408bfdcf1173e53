#!/usr/bin/env bash
# What Feedline tells screen readers, read back over AT-SPI from the real
# app: Tests/accessibility/test_accessible_names.py (the entry point; with
# a11y_support.py, test_keyboard.py and test_rich_content.py), run with its
# own X display, session bus and accessibility bus, all stopped afterwards.
#
#   test-accessibility.sh FEEDLINE [TEST OPTIONS...]
#   test-accessibility.sh FEEDLINE --expect-announcements-off
#
# TEST OPTIONS go to the Python test (--latency MS, --feed PATH, --expect
# PATH, --only RUNS). The suite starts the app seven times: on the sample
# feed (names, status, BUSY, footer, keys, Tab order, item menu, shortcuts
# window, Add Feed, refresh); on a generated 48-item feed with --fail-every 3
# (failure, Retry, end); on a JSON Feed item with links, a list and a script
# (the reader's rich text: links by Tab, named, described); on a Mastodon
# timeline served from 127.0.0.1 (rows' names with emoji, media, polls;
# their buttons); and on subscriptions imported from an OPML file whose
# feeds 127.0.0.1 serves (the sidebar: a failed update's reason in its
# row's description, a row's unread count after Refresh and after M marks
# an item read; run 1 checks "unread" in the rows' names); and twice on
# one store (the place kept across a restart by Ctrl+Q, the new-items
# banner, Mark All as Read). Each run has its own
# XDG_DATA_HOME and XDG_CONFIG_HOME (the ones exported below are only the
# wrapper's).
#
# --expect-announcements-off is the negative control: the app runs with
# FEEDLINE_ANNOUNCE=0 and the run passes only if every announcement check
# FAILS while every other check passes (the suite is shown to notice).
#
# Needs xvfb, xdotool, at-spi2-core, python3-pyatspi and gir1.2-atspi-2.0
# (Debian's /usr/bin/python3). FEEDLINE_A11Y_TIMEOUT caps the Python run in
# seconds (default 160).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
self=$(readlink -f "$0")
fail() { echo "accessibility: FAIL: $*" >&2; exit 1; }

[ $# -ge 1 ] || fail "usage: $0 FEEDLINE [TEST OPTIONS...]"
bin=$(readlink -f "$1"); shift
[ -x "$bin" ] || fail "$bin is not an executable"

if [ "${FEEDLINE_A11Y_IN_DISPLAY:-}" != 1 ]; then
  python=/usr/bin/python3
  "$python" -c 'import pyatspi' 2>/dev/null ||
    fail "$python cannot import pyatspi (apt-get install python3-pyatspi gir1.2-atspi-2.0)"
  for tool in xdotool gdbus /usr/libexec/at-spi-bus-launcher; do
    command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install xdotool at-spi2-core libglib2.0-bin)"
  done
  FEEDLINE_A11Y_IN_DISPLAY=1 exec "$here/build-aux/with-display.sh" "$self" "$bin" "$@"
fi

# Inside with-display.sh: our own Xvfb and a private session bus whose only
# activatable service is org.a11y.Bus.
tmp=$(mktemp -d)
launcher= a11y_daemon= registry= a11y_address=

# The command line of PID if it is still running PROGRAM, else nothing.
running() { [ -r "/proc/$1/cmdline" ] && tr '\0' ' ' <"/proc/$1/cmdline" | grep -q -- "$2"; }

# Ends PID (if it still runs PROGRAM) with SIGNAL, waits up to 5 s, then
# until it is reaped (by us, or by init once reparented).
stop() {
  local pid=$1 program=$2 signal=$3
  [ -n "$pid" ] || return 0
  if running "$pid" "$program"; then
    kill -s "$signal" "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      running "$pid" "$program" || break
      sleep 0.1
    done
    if running "$pid" "$program"; then
      echo "accessibility: $program (pid $pid) still runs after SIG$signal" >&2
      return 1
    fi
    echo "# accessibility: stopped $program (pid $pid) with SIG$signal" >&2
  fi
  wait "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do
    [ -e "/proc/$pid" ] || break
    sleep 0.05
  done
}

# The process id behind a name on the accessibility bus.
bus_pid() {
  gdbus call --address "$a11y_address" -d org.freedesktop.DBus -o /org/freedesktop/DBus \
    -m org.freedesktop.DBus.GetConnectionUnixProcessID "$1" 2>/dev/null |
    sed -n 's/^(uint32 \([0-9]*\),)$/\1/p'
}

cleanup() {
  local status=$? leftovers=0
  trap - EXIT INT TERM
  # The test kills the app itself; this is for a test that was killed.
  [ -s "$tmp/app.pid" ] && { stop "$(cat "$tmp/app.pid")" "$(basename "$bin")" KILL || leftovers=1; }
  # The registry was started by the accessibility bus, not by us: ask the
  # bus for its pid before the bus goes.
  [ -n "$launcher" ] && [ -n "$a11y_address" ] && registry=$(bus_pid org.a11y.atspi.Registry)
  stop "$registry" at-spi2-registryd TERM || stop "$registry" at-spi2-registryd KILL || leftovers=1
  # The launcher's dbus-daemon can block SIGTERM and outlive the launcher:
  # SIGKILL, by its own pid.
  stop "$a11y_daemon" dbus-daemon KILL || leftovers=1
  stop "$launcher" at-spi-bus-launcher TERM || stop "$launcher" at-spi-bus-launcher KILL || leftovers=1
  rm -rf "$tmp"
  [ $leftovers = 0 ] || { echo "accessibility: FAIL: could not stop every process it started" >&2; status=1; }
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache \
  XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_RUNTIME_DIR=$tmp/runtime
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME"
mkdir -m 700 "$XDG_RUNTIME_DIR"
export GSETTINGS_BACKEND=memory GDK_BACKEND=x11 GSK_RENDERER=cairo
# GTK 4 speaks AT-SPI unless told otherwise; reach the bus through the
# session bus below, never a desktop's.
unset GTK_A11Y NO_AT_BRIDGE AT_SPI_BUS_ADDRESS
# Dates and month names as the test expects them.
export LC_ALL=C.UTF-8 TZ=UTC

has_a11y_bus() {
  gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus \
    -m org.freedesktop.DBus.NameHasOwner org.a11y.Bus 2>/dev/null | grep -q true
}

# Start the accessibility bus ourselves (not by activation) so its pid is
# ours; NameHasOwner does not activate, GetAddress would.
if has_a11y_bus; then
  echo "# accessibility: using the accessibility bus already on this session" >&2
else
  /usr/libexec/at-spi-bus-launcher --launch-immediately >"$tmp/launcher.log" 2>&1 &
  launcher=$!
  for _ in $(seq 1 100); do
    has_a11y_bus && break
    running "$launcher" at-spi-bus-launcher || fail "at-spi-bus-launcher exited: $(cat "$tmp/launcher.log")"
    sleep 0.1
  done
  has_a11y_bus || fail "at-spi-bus-launcher did not own org.a11y.Bus within 10 s"
fi
for _ in $(seq 1 100); do
  a11y_address=$(gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress 2>/dev/null |
    sed -n "s/^('\(.*\)',)\$/\1/p")
  [ -n "$a11y_address" ] && break
  sleep 0.1
done
[ -n "$a11y_address" ] || fail "org.a11y.Bus.GetAddress gave no address within 10 s"
if [ -n "$launcher" ]; then
  a11y_daemon=$(bus_pid org.freedesktop.DBus)
  [ -n "$a11y_daemon" ] || a11y_daemon=$(pgrep -P "$launcher" -x dbus-daemon || true)
  [ -n "$a11y_daemon" ] || fail "could not find the accessibility bus's dbus-daemon"
  echo "# accessibility: bus $a11y_address (launcher pid $launcher, dbus-daemon pid $a11y_daemon)" >&2
fi

status=0
FEEDLINE_A11Y_PIDFILE=$tmp/app.pid \
  timeout -k 5 "${FEEDLINE_A11Y_TIMEOUT:-160}" \
  /usr/bin/python3 "$here/Tests/accessibility/test_accessible_names.py" "$bin" --latency 1500 "$@" ||
  status=$?
[ $status = 124 ] && echo "accessibility: FAIL: the test did not finish within ${FEEDLINE_A11Y_TIMEOUT:-160} s" >&2
# Cleanup (the EXIT trap) may still turn a pass into a failure.
exit $status
