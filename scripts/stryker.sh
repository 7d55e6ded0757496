#!/usr/bin/env bash
# Mutation testing of the page's pure modules (every www module without DOM: puzzle, player,
# narration, lesson, history, cover-link, numbering, picture, router's parse/format, examples'
# lists, format.js) against the node tests in www/test, with Stryker (npm, pinned; its
# tap runner runs each www/test/*.test.js under node). stryker.config.json says which files;
# the report is target/stryker/index.html. Runs incrementally: unchanged mutants keep their
# last result (target/stryker/incremental.json); --force runs them all.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
[[ -f www/pkg/dlx_sudoku_bg.wasm ]] || scripts/build-wasm.sh
[[ -f www/pkg-test/dlx_sudoku_bg.wasm ]] || scripts/build-wasm.sh --test-exports
exec npx --no-install stryker run "$@"
