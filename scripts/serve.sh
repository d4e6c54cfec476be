#!/usr/bin/env bash
# Sets up what is missing, builds the release (one page, its wasm split into the start
# path and chunks), then serves Sheetwright on
# http://127.0.0.1:8080. Stop it with Ctrl+C; run it again to see new changes.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
bash scripts/build.sh dist
say "Serving Sheetwright on http://127.0.0.1:8080"
exec node scripts/serve-dist.mjs dist 8080
