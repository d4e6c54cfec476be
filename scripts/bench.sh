#!/usr/bin/env bash
# The benchmark (a tool, not a test): sets up what is missing, builds the release,
# measures it in headless Chromium unthrottled and on a phone profile, and runs the
# native micro-benchmarks of the rules. Prints tables; writes bench/results.json.
#   ./scripts/bench.sh [--runs N]     (10 runs by default)
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
bash scripts/test-setup.sh
bash scripts/build.sh dist
say "Browser figures (bench/run.mjs)"
node bench/run.mjs dist "$@"
say "Native figures (cargo bench --bench rules)"
cargo bench --locked --bench rules -- --noplot 2>&1 | grep -E '^[A-Za-z]|time:' | grep -vE '^(Found|Benchmarking|Gnuplot|WARNING)'
