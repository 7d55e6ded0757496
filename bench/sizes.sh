#!/bin/bash
# 16×16 against the crates.io crates that solve it (yasgs 0.1.1, sudoko 0.6.0, sudoku-variants
# 0.2.1; the scratch crate bench/sizes/, its own workspace and Cargo.lock, no product
# dependency), every answer checked, in ROUNDS rounds whose order rotates:
#   1. the POJ 3076 sample and the first 20 of tests/data/sudoku16.txt, LIMIT seconds each;
#   2. "easy": the first 200 solutions of tests/data/sudoku16.txt with 60 cells blanked each,
#      keeping the solution unique (bench/sizes easy), where every crate finishes.
#   bench/sizes.sh [ROUNDS (3)] [LIMIT (120)]
set -euo pipefail
source "$(dirname "$0")/../scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$(dirname "$0")/.."
rounds=${1:-3}; limit=${2:-120}
(cd bench/sizes && cargo build --release -q)
B="$(cd bench/sizes && cargo_target_dir)/release/sizes-bench"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tr -d '\n' < tests/data/poj3076.in > "$tmp/poj.txt"; echo >> "$tmp/poj.txt"
head -20 tests/data/sudoku16.txt > "$tmp/hard20.txt"
head -200 tests/data/sudoku16.txt > "$tmp/200.txt"
$B easy first "$tmp/200.txt" > "$tmp/easy.txt"
engines=(ours yasgs sudoko sudoku-variants)
for r in $(seq "$rounds"); do
  for k in "${!engines[@]}"; do
    e=${engines[$(( (k + r) % ${#engines[@]} ))]}
    for f in poj hard20 easy; do
      t=$limit; [[ $f == easy ]] && t=600
      rc=0; out=$(timeout "$t" $B "$e" first "$tmp/$f.txt" 2>&1) || rc=$?
      if (( rc == 0 )); then echo "round $r $f: $out"
      elif (( rc == 124 )); then echo "round $r $f: $e did not finish in ${t} s"
      else echo "round $r $f: $e failed: $(echo "$out" | grep -m1 panicked -A1 | tail -1)"; fi
    done
  done
done
