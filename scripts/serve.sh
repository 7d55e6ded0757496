#!/usr/bin/env bash
# Builds the web page and serves the repository root on 127.0.0.1, printing the URL and how long
# it took to get there.
#
#   scripts/serve.sh              http://127.0.0.1:8080/
#   PORT=9000 scripts/serve.sh    another port (or: scripts/serve.sh --port 9000)
#
# Installs only what serving needs, if it is missing (scripts/setup.sh --serve: the wasm32
# target, wasm-bindgen-cli, npm packages), then builds the wasm module (scripts/build-wasm.sh)
# and serves with node (scripts/serve.mjs). The test tools come with scripts/test.sh.
set -euo pipefail
started_ms=$(date +%s%3N)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

port="${PORT:-8080}"
while (( $# )); do
    case "$1" in
        --port) port="${2:?--port needs a number}"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "serve: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done

command -v node >/dev/null || { echo "serve: node not found (Node 20 expected)" >&2; exit 1; }
scripts/setup.sh --serve
scripts/build-wasm.sh
# serve.mjs prints the URL and, from this, the seconds since serve.sh started.
exec env PORT="$port" SERVE_STARTED_MS="$started_ms" node scripts/serve.mjs
