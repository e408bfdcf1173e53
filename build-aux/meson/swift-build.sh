#!/usr/bin/env bash
# Builds the `feedline` SwiftPM product and copies it to meson's output.
#
#   swift-build.sh SWIFT CONFIG SCRATCH SRCDIR OUTPUT [SWIFT BUILD ARGS...]
#
# SWIFT    the swift driver (meson's find_program('swift'))
# CONFIG   debug or release
# SCRATCH  SwiftPM scratch directory (--scratch-path)
# SRCDIR   the package root (holds Package.swift)
# OUTPUT   where the executable goes
# The rest goes to `swift build` (e.g. -Xswiftc -warnings-as-errors).
set -euo pipefail

if [ $# -lt 5 ]; then
  echo "usage: $0 SWIFT CONFIG SCRATCH SRCDIR OUTPUT [SWIFT BUILD ARGS...]" >&2
  exit 2
fi
swift=$1 config=$2 scratch=$3 srcdir=$4 output=$5
shift 5

case $config in
  debug|release) ;;
  *) echo "swift-build: configuration must be debug or release, not '$config'" >&2; exit 2 ;;
esac

args=(--package-path "$srcdir" --scratch-path "$scratch" -c "$config" --product feedline "$@")

"$swift" build "${args[@]}"
bin_dir=$("$swift" build "${args[@]}" --show-bin-path)
built="$bin_dir/feedline"

if [ ! -x "$built" ]; then
  echo "swift-build: $built is missing after a successful build" >&2
  exit 1
fi

# Leave the output alone when nothing changed, so its timestamp means something.
if ! cmp -s "$built" "$output"; then
  tmp="$output.tmp.$$"
  cp -f "$built" "$tmp"
  chmod 0755 "$tmp"
  mv -f "$tmp" "$output"
fi
