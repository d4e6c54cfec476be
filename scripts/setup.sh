#!/usr/bin/env bash
# Installs what building Sheetwright needs, skipping whatever is already present:
# the wasm32 target, Trunk, wasm-bindgen-cli at the Cargo.lock version, the wasm
# splitter (wasm-split-cli), and the npm packages (binaryen's wasm-opt,
# playwright-core). Never downloads prebuilt binaries.
source "$(dirname "$0")/lib.sh"

say "Checking the build tools"

if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  skip "wasm32-unknown-unknown target: present"
else
  say "Adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if command -v trunk >/dev/null && trunk --version | grep -q " $TRUNK_VERSION\$"; then
  skip "trunk $TRUNK_VERSION: present"
else
  say "Installing trunk $TRUNK_VERSION from crates.io (about 12 minutes on 2 cores)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

WB_VERSION="$(locked_version wasm-bindgen)"
if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version | cut -d' ' -f2)" = "$WB_VERSION" ]; then
  skip "wasm-bindgen-cli $WB_VERSION: present"
else
  say "Installing wasm-bindgen-cli $WB_VERSION (the version in Cargo.lock)"
  # Not --locked: its locked set names a crate version the registry no longer has.
  cargo install wasm-bindgen-cli --version "$WB_VERSION"
fi
# The splitter of scripts/split.mjs: wasm_split_cli_support from crates.io (its 0.2
# line matches the wasm_split_helpers that Leptos' split points are written with), with
# tools/wasm-split-cli.patch applied: its --within option keeps the build to a few
# files (see the patch). The source is the published crate, fetched and checksummed by
# cargo (cargo vendor); the patch is applied with git.
if command -v wasm-split-cli >/dev/null && wasm-split-cli --help 2>/dev/null | grep -q "Sheetwright's patch 1"; then
  skip "wasm-split-cli $WASM_SPLIT_VERSION with Sheetwright's patch 1: present"
else
  say "Installing wasm-split-cli $WASM_SPLIT_VERSION with tools/wasm-split-cli.patch (about 2 minutes)"
  split_work="$(mktemp -d)"
  mkdir -p "$split_work/fetch/src"
  touch "$split_work/fetch/src/lib.rs"
  printf '[package]\nname = "fetch-wasm-split"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nwasm_split_cli_support = "=%s"\n' \
    "$WASM_SPLIT_VERSION" >"$split_work/fetch/Cargo.toml"
  (cd "$split_work/fetch" && cargo vendor --versioned-dirs --quiet "$split_work/vendor" >/dev/null)
  split_src="$split_work/vendor/wasm_split_cli_support-$WASM_SPLIT_VERSION"
  (cd "$split_src" && git apply -p1 "$ROOT/tools/wasm-split-cli.patch")
  cargo install --locked --force --path "$split_src" --features build-binary
  rm -rf "$split_work"
fi
if ! grep -q "wasm_bindgen = \"$WB_VERSION\"" Trunk.toml; then
  echo "Trunk.toml pins a wasm_bindgen other than Cargo.lock's $WB_VERSION: update [tools] in Trunk.toml." >&2
  exit 1
fi

# npm ci when node_modules is missing or older than the lock file.
if [ -f node_modules/.package-lock.json ] && [ ! package-lock.json -nt node_modules/.package-lock.json ]; then
  skip "npm packages: present"
else
  say "Installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi
skip "wasm-opt: $(wasm-opt --version)"
