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
# The splitter of scripts/split.mjs: its 0.2 line matches the wasm_split_helpers that
# Leptos' split points are written with.
if command -v wasm-split-cli >/dev/null && [ -f "${CARGO_HOME:-$HOME/.cargo}/.crates.toml" ] &&
  grep -q "wasm_split_cli_support $WASM_SPLIT_VERSION " "${CARGO_HOME:-$HOME/.cargo}/.crates.toml"; then
  skip "wasm-split-cli $WASM_SPLIT_VERSION: present"
else
  say "Installing wasm-split-cli $WASM_SPLIT_VERSION (wasm_split_cli_support, about 2 minutes)"
  cargo install --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
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
