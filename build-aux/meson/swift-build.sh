#!/usr/bin/env bash
# Builds a SwiftPM product (feedline, feedline-bench) and copies it to
# meson's output.
#
#   swift-build.sh SWIFT CONFIG SCRATCH SRCDIR PRODUCT OUTPUT [SWIFT BUILD ARGS...]
#
# SWIFT    the swift driver (meson's find_program('swift'))
# CONFIG   debug or release
# SCRATCH  SwiftPM scratch directory (--scratch-path)
# SRCDIR   the package root (holds Package.swift)
# PRODUCT  the executable product to build
# OUTPUT   where the executable goes
# The rest goes to `swift build` (e.g. -Xswiftc -warnings-as-errors).
set -euo pipefail

if [ $# -lt 6 ]; then
  echo "usage: $0 SWIFT CONFIG SCRATCH SRCDIR PRODUCT OUTPUT [SWIFT BUILD ARGS...]" >&2
  exit 2
fi
swift=$1 config=$2 scratch=$3 srcdir=$4 product=$5 output=$6
shift 6

case $config in
  debug|release) ;;
  *) echo "swift-build: configuration must be debug or release, not '$config'" >&2; exit 2 ;;
esac

args=(--package-path "$srcdir" --scratch-path "$scratch" -c "$config" --product "$product" "$@")

"$swift" build "${args[@]}"
bin_dir=$("$swift" build "${args[@]}" --show-bin-path)
built="$bin_dir/$product"

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
