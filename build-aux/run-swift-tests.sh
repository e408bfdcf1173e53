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

# Warnings are errors unless FEEDLINE_WERROR=0: the code builds clean in
# Swift 6 mode. (meson passes its werror option here, so the app build and
# the test build use the same flags and share one build.)
werror=()
[ "${FEEDLINE_WERROR:-1}" = 1 ] && werror=(-Xswiftc -warnings-as-errors)
"$swift" build --build-tests "${scratch[@]}" "${werror[@]}"

# GTK_A11Y=none: these tests need no accessibility bus (the AT-SPI suite
# has its own); without it no bus launcher outlives the run.
# GSETTINGS_BACKEND=memory: settings the tests change stay in the process.
GTK_A11Y=none GSETTINGS_BACKEND=memory exec "$here/build-aux/with-display.sh" \
  "$swift" test --skip-build "${scratch[@]}" --disable-swift-testing "$@"
