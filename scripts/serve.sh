#!/usr/bin/env bash
# Builds the web page and serves the repository root on 127.0.0.1, printing the URL and how long
# it took to get there.
#
#   scripts/serve.sh              http://127.0.0.1:8080/
#   PORT=9000 scripts/serve.sh    another port (or: scripts/serve.sh --port 9000)
#   scripts/serve.sh --lan        to the phones in the room too: every network of this computer,
#                                 only the page's files; prints the address they open
#
# Installs only what serving needs, if it is missing (scripts/setup.sh --serve: the wasm32
# target, wasm-bindgen-cli, npm packages), then builds the wasm module (scripts/build-wasm.sh)
# and the single file for offline use, dist/dlx-sudoku.html, which the page offers as a
# download (node scripts/build-dist.mjs --no-wasm --if-changed: only when a file it is made
# from changed), and serves with node (scripts/serve.mjs). The test tools come with scripts/test.sh.
set -euo pipefail
started_ms=$(date +%s%3N)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

port="${PORT:-8080}"
lan=()
while (( $# )); do
    case "$1" in
        --port) port="${2:?--port needs a number}"; shift 2 ;;
        --lan) lan=(--lan); shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "serve: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done

command -v node >/dev/null || { echo "serve: node not found (Node 20 expected)" >&2; exit 1; }
scripts/setup.sh --serve
scripts/build-wasm.sh
# The single file the page offers (dist/ is the deploy build's: built whole, as deploys).
# Of its report, the lines that say what it did; its errors and warnings all.
set +e
node scripts/build-dist.mjs --no-wasm --if-changed | grep -E '^build-dist: (the single file|dist/ is up to date|[0-9]+ warning|warning)'
built=${PIPESTATUS[0]}
set -e
(( built == 0 )) || { echo "serve: dist/dlx-sudoku.html, the page's offline copy, could not be built (above: why)" >&2; exit 1; }
# serve.mjs prints the URL and, from this, the seconds since serve.sh started.
exec env PORT="$port" SERVE_STARTED_MS="$started_ms" node scripts/serve.mjs "${lan[@]}"
