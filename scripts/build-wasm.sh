#!/usr/bin/env bash
# Builds the WebAssembly module and its JS glue into www/pkg/ (imported by the page):
#   cargo build --release --target wasm32-unknown-unknown --lib
#   wasm-bindgen --target web            (the CLI version must match Cargo.lock)
#   wasm-opt -O3 --converge from npm's binaryen   (only if it makes the file smaller)
# Prints the raw and gzipped size of the module.
#   scripts/build-wasm.sh --test-exports   the same module with the exports only tests and
#                                          benchmarks call (feature test-exports, src/wasm/bench.rs)
#                                          into www/pkg-test/ (www/test/ and bench/ load it)
#   scripts/build-wasm.sh --npm            the npm package's module (feature npm, src/wasm/package.rs),
#                                          with wasm-bindgen's TypeScript types, into target/npm/pkg/
#                                          (scripts/build-npm.sh makes the package around it)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
out=www/pkg
features=()
types=(--no-typescript)
case "${1:-}" in
    --test-exports) out=www/pkg-test; features=(--features test-exports) ;;
    --npm) out=target/npm/pkg; features=(--features npm); types=() ;;
    "") ;;
    *) echo "build-wasm: unknown option $1 (--test-exports or --npm)" >&2; exit 2 ;;
esac

cargo build --release --target wasm32-unknown-unknown --lib "${features[@]}"
wasm="$(cargo_target_dir)/wasm32-unknown-unknown/release/dlx_sudoku.wasm"   # CARGO_TARGET_DIR too
[[ -f "$wasm" ]] || { echo "build-wasm: cargo built no $wasm" >&2; exit 1; }
module="$out/dlx_sudoku_bg.wasm"

# What www/pkg is made from: cargo's module, this script, wasm-bindgen's and wasm-opt's versions.
# When they are those of the last build and its files are there, the glue and the optimised module
# would come out byte for byte the same: they are kept (wasm-opt -O3 --converge alone takes about 15 s of CPU).
wasm_opt_version="$( [[ -x node_modules/.bin/wasm-opt ]] && node_modules/.bin/wasm-opt --version 2>/dev/null || echo none)"
made_from="$(cat "$wasm" "${BASH_SOURCE[0]}" | sha256sum | cut -d' ' -f1) $(wasm-bindgen --version) $wasm_opt_version"
stamp="$out/.made-from"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$made_from" && -f "$module" && -f "$out/dlx_sudoku.js" ]]; then
    echo "build-wasm: $out is up to date with $wasm ($(wasm-bindgen --version), wasm-opt: $wasm_opt_version)"
    echo "build-wasm: $module: $(stat -c %s "$module") bytes raw, $(gzip -9 -c "$module" | wc -c) bytes gzipped"
    exit 0
fi

rm -rf "$out"
wasm-bindgen --target web "${types[@]}" --out-dir "$out" "$wasm"

if [[ -x node_modules/.bin/wasm-opt ]]; then
    # The same features rustc enables by default for wasm32 (bulk memory, sign-ext, …), and SIMD
    # (simd128), which the search loop is compiled with (src/exact_cover/search.rs, `Search::step`).
    # --low-memory-unused: nothing reads or writes below address 1024 (Rust puts the stack first,
    # growing down from 1 MiB, and the data and heap above it), so wasm-opt may fold a pointer's
    # constant offset into the access (Emscripten's default): 2.8% fewer instructions in Node on
    # magictour unique, 760 bytes less gzipped (helper h34r, docs/benchmarks.md).
    # --converge: -O3 again until the module stops shrinking: 434 bytes less gzipped (163,786 ->
    # 163,352 B) for about 6 s more of CPU; -O4, -Os and -Oz were each larger gzipped than -O3.
    node_modules/.bin/wasm-opt -O3 --converge --low-memory-unused --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int --enable-simd \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$module" -o "$module.opt"
    if (( $(stat -c %s "$module.opt") < $(stat -c %s "$module") )); then
        mv "$module.opt" "$module"
    else
        rm "$module.opt"
    fi
else
    echo "build-wasm: node_modules/.bin/wasm-opt not found (npm ci); module left unoptimised" >&2
fi
echo "$made_from" > "$stamp"
raw=$(stat -c %s "$module")
gz=$(gzip -9 -c "$module" | wc -c)
echo "build-wasm: $module: $raw bytes raw, $gz bytes gzipped"
