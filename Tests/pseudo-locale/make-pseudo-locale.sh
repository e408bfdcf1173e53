#!/usr/bin/env bash
# Makes the pseudo-locale "xx": Feedline's catalog with every translation
# its English text between markers ("Refresh" -> "⟦Refresh⟧", each line of a
# longer text marked), compiled to OUT/xx/LC_MESSAGES/feedline.mo. The
# pseudo-locale test (Tests/FeedlineUITests/PseudoLocaleTests.swift) runs
# the real window under it and fails on any text without the markers.
#
# The strings come from the files in po/POTFILES, found with the keywords
# po/meson.build gives xgettext (read from there, so the two never differ):
# a file missing from POTFILES shows up as unmarked text in the test.
# Needs gettext (scripts/setup installs it).
set -euo pipefail
[ $# = 1 ] || { echo "usage: $0 OUT-DIR" >&2; exit 2; }
out=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$root"
mapfile -t keywords < <(grep -o "'--keyword=[^']*'" po/meson.build | tr -d "'")
grep -v '^#' po/POTFILES | grep '\.swift$' > "$work/files"
# Swift read as C (gettext 0.21 has no Swift parser): the multi-line XML
# literal of the shortcuts window makes it warn, harmlessly.
xgettext --language=C --from-code=UTF-8 "${keywords[@]}" --files-from="$work/files" \
  --package-name=feedline -o "$work/feedline.pot" 2> >(grep -v 'unterminated string literal' >&2 || true)
# English: msginit copies each msgid (and msgid_plural) to its msgstr.
msginit --no-translator --no-wrap --locale=en_US.UTF-8 -i "$work/feedline.pot" -o "$work/en.po" 2>/dev/null
msgfilter --keep-header --no-wrap -i "$work/en.po" -o "$work/xx.po" sed -e 's/^/⟦/' -e 's/$/⟧/'
mkdir -p "$out/xx/LC_MESSAGES"
msgfmt --check-format -o "$out/xx/LC_MESSAGES/feedline.mo" "$work/xx.po"
