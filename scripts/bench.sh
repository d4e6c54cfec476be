#!/usr/bin/env bash
# The benchmark (a tool, not a test): sets up what is missing, builds the release,
# measures it in headless Chromium unthrottled and on a phone profile, and runs the
# native micro-benchmarks of the rules. Prints tables; writes bench/results.json.
#   ./scripts/bench.sh [--runs N]     (10 runs by default)
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
bash scripts/test-setup.sh

# Lighthouse for bench/run.mjs, in a cache folder rather than package.json (the CI
# set-up does not need it); without it, run.mjs skips that figure.
LIGHTHOUSE_PREFIX="${XDG_CACHE_HOME:-$HOME/.cache}/sheetwright/lighthouse"
if [ -d "$LIGHTHOUSE_PREFIX/node_modules/lighthouse" ]; then
  skip "lighthouse: present ($LIGHTHOUSE_PREFIX)"
else
  say "Installing lighthouse 13.5.0 into $LIGHTHOUSE_PREFIX"
  mkdir -p "$LIGHTHOUSE_PREFIX"
  npm install --prefix "$LIGHTHOUSE_PREFIX" --no-save lighthouse@13.5.0 ||
    skip "lighthouse: not installed; bench/run.mjs will skip its figure"
fi

bash scripts/build.sh dist
say "Browser figures (bench/run.mjs)"
node bench/run.mjs dist "$@"
say "Native figures (cargo bench --bench rules)"
cargo bench --locked --bench rules -- --noplot 2>&1 | grep -E '^[A-Za-z]|time:' | grep -vE '^(Found|Benchmarking|Gnuplot|WARNING)'
