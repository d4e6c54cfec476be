#!/usr/bin/env bash
# Sets up what is missing, then serves Sheetwright on http://127.0.0.1:8080
# (rebuilding on every change). Stop it with Ctrl+C.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
say "Serving Sheetwright on http://127.0.0.1:8080"
exec trunk serve --release --address 127.0.0.1 --port 8080
