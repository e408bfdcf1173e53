#!/usr/bin/env bash
# Runs the Swift test suite (core and real-widget tests) under its own Xvfb
# display and D-Bus session. Called by `meson test` (suite "swift") and so by
# scripts/test. Extra arguments go to `swift test` (e.g. --filter Paging).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
swift=${SWIFT:-swift}
scratch=()
[ -n "${FEEDLINE_SCRATCH:-}" ] && scratch=(--scratch-path "$FEEDLINE_SCRATCH")

# Warnings are errors here: the code is meant to build clean in Swift 6 mode.
"$swift" build --build-tests "${scratch[@]}" -Xswiftc -warnings-as-errors

# GTK_A11Y=none: these tests need no accessibility bus (the AT-SPI suite
# has its own); without it no bus launcher outlives the run.
GTK_A11Y=none exec "$here/build-aux/with-display.sh" \
  "$swift" test --skip-build "${scratch[@]}" --disable-swift-testing "$@"
