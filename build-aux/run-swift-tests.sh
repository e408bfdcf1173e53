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

# feedparser, the oracle of the lenient-reading tests, from the virtual
# environment `scripts/setup --test-tools` makes.
[ -x "$here/.venv-test/bin/python" ] && export FEEDLINE_FEEDPARSER_PYTHON="$here/.venv-test/bin/python"
# coldsweat, the Fever API server of the sync tests, from the same place.
[ -x "$here/.venv-test/bin/coldsweat" ] && export FEEDLINE_COLDSWEAT="$here/.venv-test/bin/coldsweat"

# Pictures the tests load go to a cache folder of this run's own, never
# the user's ~/.cache/feedline/images.
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
export XDG_CACHE_HOME="$cache"
# Likewise the store: never the user's ~/.local/share/feedline.
export XDG_DATA_HOME="$cache/data"

# GTK_A11Y=test: GTK keeps accessible names, descriptions and states where
# the tests can check them, and needs no accessibility bus (the AT-SPI suite
# has its own). GSETTINGS_BACKEND=memory: settings the tests change stay in
# the process.
# G_DEBUG=fatal-criticals: a GTK critical (a misuse of the API) fails the run.
G_DEBUG=fatal-criticals GTK_A11Y=test GSETTINGS_BACKEND=memory "$here/build-aux/with-display.sh" \
  "$swift" test --skip-build "${scratch[@]}" --disable-swift-testing "$@"
