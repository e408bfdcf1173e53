#!/usr/bin/env bash
# Runs a command with its own X display (Xvfb) and its own D-Bus session bus,
# then stops everything it started. Used by every test that opens a window.
#
#   build-aux/with-display.sh COMMAND [ARGS...]
#
# If DISPLAY is already set and FEEDLINE_USE_CURRENT_DISPLAY=1, the command
# runs on that display instead (handy for watching tests on a desktop).
set -euo pipefail

if [ "${FEEDLINE_USE_CURRENT_DISPLAY:-0}" = 1 ] && [ -n "${DISPLAY:-}" ]; then
  exec "$@"
fi

command -v Xvfb >/dev/null || { echo "with-display: Xvfb is missing (apt-get install xvfb)" >&2; exit 2; }

tmp=$(mktemp -d)
xvfb_pid=
cleanup() {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# -displayfd lets the server pick a free display number, so several runs
# (or a developer's own Xvfb) never collide.
exec 3>"$tmp/display"
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset >"$tmp/xvfb.log" 2>&1 &
xvfb_pid=$!
exec 3>&-
for _ in $(seq 1 100); do
  [ -s "$tmp/display" ] && break
  kill -0 "$xvfb_pid" 2>/dev/null || { cat "$tmp/xvfb.log" >&2; exit 2; }
  sleep 0.1
done
[ -s "$tmp/display" ] || { echo "with-display: Xvfb did not start" >&2; exit 2; }

export DISPLAY=":$(head -n1 "$tmp/display")"
export GDK_BACKEND=x11
# The cairo renderer: software GL under Xvfb costs ~4x the CPU and ~75 MB more.
export GSK_RENDERER=${GSK_RENDERER:-cairo}
# The reader's saved feeds (feeds.json) stay out of it: a fresh, empty
# configuration folder for everything run here.
export XDG_CONFIG_HOME="$tmp/config"
mkdir -p "$XDG_CONFIG_HOME"

# A private session bus that can start the accessibility bus and nothing
# else: desktop portals would only start stray services and print warnings.
mkdir -p "$tmp/services"
for service in org.a11y.Bus; do
  [ -f "/usr/share/dbus-1/services/$service.service" ] &&
    ln -s "/usr/share/dbus-1/services/$service.service" "$tmp/services/"
done
cat >"$tmp/session.conf" <<CONF
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=$tmp</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$tmp/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF

if command -v dbus-run-session >/dev/null; then
  dbus-run-session --config-file="$tmp/session.conf" -- "$@"
else
  "$@"
fi
