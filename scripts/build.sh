#!/usr/bin/env bash
# Release build of the app into dist/ (or the folder given): one Trunk build of
# index.html, then the split step (scripts/split.mjs): the wasm cut into the start
# path and the chunks of src/ui/split_points.rs. Then the small pages that send links
# saved from the app's earlier one-page-per-tab build (symbaroum.html#/c/<id>,
# combat.html#/c/<id>, heimr-advance.html#/c/<id> …) to the same character and tab,
# and sw.js with the precache list of the whole build.
source "$(dirname "$0")/lib.sh"
out="${1:-dist}"

# The split step needs the linker's relocations (wasm-split-cli reads them); the same
# flags as .cargo/config.toml's otherwise.
# A panic's message names the source file it is in: a dependency's by its crate and
# path, not by where cargo keeps it on this machine (shorter, and the same on every
# machine).
remap=""
for src in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
  remap+=" --remap-path-prefix=$src="
done
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--cfg erase_components -C link-arg=--emit-relocs$remap"

say "trunk build --release"
trunk build index.html --release --dist "$out"

say "split the wasm into the start path and chunks (scripts/split.mjs)"
node scripts/split.mjs "$out"

# <old page> <tab route suffix>; written without the template's comment and indents.
legacy() {
  sed -e "s|__TAB__|$2|" -e '/<!--/,/-->/d' -e 's/^ *//' assets/legacy-page.html >"$out/$1.html"
}
legacy symbaroum ""
legacy combat "/combat"
legacy advance "/gear"
legacy heimr ""
legacy heimr-combat "/combat"
legacy heimr-advance "/gear"
# Any other address: the app's list with a "no such page" message.
cp assets/404.html "$out/404.html"

node scripts/build-sw.mjs "$out"
