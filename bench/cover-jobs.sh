#!/usr/bin/env bash
# Wall time of `dlx-sudoku cover --count` with --jobs 1 and --jobs N (default 2) on pentominoes
# 6x10 and 5x12, Langford 12 and 13 queens, in rounds whose order rotates; and, if OLD names an
# older build of the CLI (e.g. main's before the parallel count), its single-thread count too.
# Prints per problem the median wall seconds and the median of the per-round ratios
# (jobs 1 / jobs N, and old / jobs 1). Counts must agree, or the script fails.
#
#   bench/cover-jobs.sh [ROUNDS] [N]        (default 5 rounds, N = 2)
#   OLD=/path/to/old/dlx-sudoku bench/cover-jobs.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
rounds="${1:-5}"
jobs="${2:-2}"
cargo build --release --quiet
ours="$(cargo_target_dir)/release/dlx-sudoku"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
problems=(pentominoes-6x10 pentominoes-5x12 langford-12 queens-13)
for p in "${problems[@]}"; do "$ours" cover --example ${p%-*} ${p##*-} > "$work/$p.dlx"; done
runs=(one many)
[[ -n "${OLD:-}" ]] && runs+=(old)
run() { # kind file -> "seconds count"
    local t0 t1 out
    t0=$(date +%s.%N)
    case "$1" in
        one) out=$("$ours" cover --count --jobs 1 "$2") ;;
        many) out=$("$ours" cover --count --jobs "$jobs" "$2") ;;
        old) out=$("$OLD" cover "$2" --count) ;;
    esac
    t1=$(date +%s.%N)
    echo "$(echo "$t1 - $t0" | bc -l) $(echo "$out" | grep -Eo '[0-9]+' | head -1)"
}
for ((r = 0; r < rounds; r++)); do
    for p in "${problems[@]}"; do
        n=${#runs[@]}
        for ((k = 0; k < n; k++)); do
            kind=${runs[(k + r) % n]}
            read -r secs count < <(run "$kind" "$work/$p.dlx")
            echo "$p $kind $secs $count" >> "$work/log"
        done
    done
done
python3 - "$work/log" "$jobs" <<'PY'
import sys, statistics as st
rows = [l.split() for l in open(sys.argv[1])]
jobs = sys.argv[2]
probs = list(dict.fromkeys(r[0] for r in rows))
print(f"| problem | count | --jobs 1 (s) | --jobs {jobs} (s) | speed-up (median of rounds) | old (s) | --jobs 1 vs old |")
print("|---|---:|---:|---:|---:|---:|---:|")
for p in probs:
    by = {}
    for q, kind, secs, count in rows:
        if q == p: by.setdefault(kind, []).append((float(secs), count))
    counts = {c for v in by.values() for _, c in v}
    if len(counts) != 1: sys.exit(f"{p}: counts differ: {counts}")
    one = [s for s, _ in by["one"]]; many = [s for s, _ in by["many"]]
    sp = st.median(a / b for a, b in zip(one, many))
    old = by.get("old")
    if old:
        o = [s for s, _ in old]
        vs = st.median(b / a for a, b in zip(one, o))
        tail = f"{st.median(o):.3f} | {vs:.3f}×"
    else:
        tail = "– | –"
    print(f"| {p} | {counts.pop()} | {st.median(one):.3f} | {st.median(many):.3f} | {sp:.2f}× | {tail} |")
PY
