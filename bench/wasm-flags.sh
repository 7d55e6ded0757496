#!/usr/bin/env bash
# Measures build choices for the page's wasm module, in one Node run: target features
# (simd128; bulk-memory, which rustc enables by default for wasm32) and wasm-opt levels.
#
#   bench/wasm-flags.sh [ROUNDS]     variants go to target/wasm-flags/<name>/ (www/pkg is untouched)
#
# Each round times every variant once on magictour (unique: countSolutions(p, 2)) and on the
# first 1,000 of forum_hardest, and prints the median of per-round ratios to the default build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
out=target/wasm-flags
rounds="${1:-7}"
opt=node_modules/.bin/wasm-opt
[[ -x $opt ]] || { echo "wasm-flags: npm ci first (wasm-opt from npm's binaryen)" >&2; exit 2; }
features=(--enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int --enable-mutable-globals
          --enable-reference-types --enable-multivalue)

# build NAME RUSTFLAGS WASM-OPT-LEVEL (none = no wasm-opt)
build() {
    local name="$1" flags="$2" level="$3" dir="$out/$1"
    RUSTFLAGS="$flags" cargo build --quiet --release --target wasm32-unknown-unknown --lib \
        --target-dir "target/wasm-flags-build/${flags// /_}"
    rm -rf "$dir" && mkdir -p "$dir"
    wasm-bindgen --target web --no-typescript --out-dir "$dir" \
        "target/wasm-flags-build/${flags// /_}/wasm32-unknown-unknown/release/dlx_sudoku.wasm"
    if [[ "$level" != none ]]; then
        local extra=()
        [[ "$flags" == *simd128* ]] && extra=(--enable-simd)
        "$opt" "$level" "${features[@]}" "${extra[@]}" "$dir/dlx_sudoku_bg.wasm" -o "$dir/dlx_sudoku_bg.wasm"
    fi
    echo "$name: $(stat -c %s "$dir/dlx_sudoku_bg.wasm") bytes" >&2
}
build default "" -O3
build no-wasm-opt "" none
build O2 "" -O2
build O4 "" -O4
build Os "" -Os
build simd128 "-C target-feature=+simd128" -O3
build no-bulk-memory "-C target-feature=-bulk-memory" -O3

node - "$out" "$rounds" "${SHARED_DIR:-$root/../shared}/data/puzzles" <<'JS'
const fs = require('node:fs'), path = require('node:path');
const [out, rounds, data] = process.argv.slice(2);
const lines = (f, n) => fs.readFileSync(path.join(data, f), 'utf8').split(/\r?\n/).filter((l) => l.length === 81).slice(0, n);
const sets = { magictour: lines('magictour_top1465.txt', 1465), forum1000: lines('forum_hardest_1905_11plus.txt', 1000) };
const median = (xs) => { const s = [...xs].sort((a, b) => a - b), m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
(async () => {
  const names = fs.readdirSync(out).sort((a, b) => (a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b)));
  const mods = {};
  for (const n of names) {
    const m = await import(path.resolve(out, n, 'dlx_sudoku.js'));
    m.initSync({ module: fs.readFileSync(path.resolve(out, n, 'dlx_sudoku_bg.wasm')) });
    mods[n] = m;
  }
  for (const [set, ps] of Object.entries(sets)) {
    const rates = Object.fromEntries(names.map((n) => [n, []]));
    for (const n of names) for (const p of ps.slice(0, 200)) mods[n].countSolutions(p, 2); // warm-up
    for (let r = 0; r < Number(rounds); r++) {
      for (const n of names) {
        const t0 = performance.now();
        for (const p of ps) mods[n].countSolutions(p, 2);
        rates[n].push(ps.length / ((performance.now() - t0) / 1000));
      }
    }
    console.log(`${set} unique, ${rounds} rounds: puzzles/s (median), and median of per-round ratios to default`);
    for (const n of names) {
      const ratio = median(rates[n].map((x, k) => x / rates.default[k]));
      console.log(`  ${n.padEnd(16)} ${median(rates[n]).toFixed(0).padStart(7)}/s  ${ratio.toFixed(3)}x  ${fs.statSync(path.join(out, n, 'dlx_sudoku_bg.wasm')).size} bytes`);
    }
  }
})();
JS
