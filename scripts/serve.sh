#!/usr/bin/env bash
# Builds the web page and serves the repository root on 127.0.0.1, printing the URL.
#
#   scripts/serve.sh              http://127.0.0.1:8080/
#   PORT=9000 scripts/serve.sh    another port (or: scripts/serve.sh --port 9000)
#
# Installs what the build needs first if it is missing (scripts/setup.sh), then builds
# the wasm module (scripts/build-wasm.sh) and serves with node (scripts/serve.mjs).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

port="${PORT:-8080}"
while (( $# )); do
    case "$1" in
        --port) port="${2:?--port needs a number}"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "serve: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done

command -v node >/dev/null || { echo "serve: node not found (Node 20 expected)" >&2; exit 1; }
if ! command -v wasm-bindgen >/dev/null || [[ ! -d node_modules ]] \
    || ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "serve: installing what the build needs (scripts/setup.sh)"
    scripts/setup.sh
fi
scripts/build-wasm.sh
exec env PORT="$port" node scripts/serve.mjs
