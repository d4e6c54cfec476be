# Shared helpers for the set-up and test scripts. Sourced, not run.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Tools installed by cargo and npm are found first.
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
skip() { printf '    %s\n' "$*"; }

TRUNK_VERSION="0.21.14"
WASM_SPLIT_VERSION="0.2.4"

# The wasm-bindgen version Cargo.lock resolved; the CLI must match it exactly.
locked_version() {
  awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

run_as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else return 1; fi
}
