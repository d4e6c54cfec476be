#!/usr/bin/env bash
# Release build of every page into dist/ (or the folder given): the character list
# (index.html), the Symbaroum-family sheet and its tabs (symbaroum.html, combat.html,
# advance.html) and the Heimr sheet and its tabs (heimr*.html), one wasm bundle each so
# that every first load stays small. The sheet
# pages are generated from index.html (same head, their own binary and styles). Then
# sw.js is written with the precache list of the whole build.
source "$(dirname "$0")/lib.sh"
out="${1:-dist}"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

# <page> <binary> <extra style sheets...>
page() {
  local name="$1" bin="$2"
  shift 2
  local css=""
  for sheet in "$@"; do
    css+="\\n    <link data-trunk rel=\"css\" href=\"style/$sheet.css\" data-integrity=\"none\" />"
  done
  sed -e "s|data-bin=\"sheetwright\"|data-bin=\"$bin\"|" \
    -e "s|\(<link data-trunk rel=\"css\" href=\"style/main.css\" data-integrity=\"none\" />\)|\1$css|" \
    -e "/style\/library.css/d" \
    index.html >"$name.html"
}
page symbaroum symbaroum sheet roll-panel
page combat combat sheet combat-toughness combat-equipment
page advance advance sheet combat-equipment heimr-advance advance
page heimr heimr heimr
page heimr-combat heimr_combat heimr
page heimr-advance heimr_advance heimr heimr-advance

for name in index symbaroum combat advance heimr heimr-combat heimr-advance; do
  say "trunk build $name.html --release"
  trunk build "$name.html" --release --dist "$stage/$name"
  # Trunk names its output index.html whatever the source page was called.
  [ "$name" = index ] || mv "$stage/$name/index.html" "$stage/$name/$name.html"
done
rm -rf "$out"
mkdir -p "$out"
for name in index symbaroum combat advance heimr heimr-combat heimr-advance; do
  cp -r "$stage/$name/." "$out/"
done
node scripts/build-sw.mjs "$out"
