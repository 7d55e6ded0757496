#!/usr/bin/env bash
# Native benchmark: our solver against the C++ DLX of seed 000, on the same puzzle files.
#
#   bench/native.sh [FILE...]      default files: magictour_top1465 and forum_hardest_1905_11plus
#   RUNS=5 WARMUP=1 ENGINES=all HYPERFINE=0 bench/native.sh   (defaults: 5, 1, see below, use it)
#
# For each file: our `dlx-sudoku bench --jobs 1 --mode both --engine E --repeat RUNS FILE` (its
# output is shown as is), then seed000 timed over the whole file RUNS times (hyperfine if
# installed, else a bash loop), median wall time -> puzzles/s. seed000 stops at the first
# solution, so it is compared with our dlx engine in `first` mode. Then RUNS pairs (ours once,
# seed000 once, back to back) for a median of per-pair ratios, which a noisy machine skews less.
# Ends with a summary table.
#
# Engines: ENGINES (space-separated, each dlx|bitmask|dfs|all) if set; otherwise `all` for files
# of at most 2000 puzzles and `dlx` alone for bigger ones. On the hard sets the plain DFS oracle
# manages ~30 puzzles/s and bitmask ~1000: fine for magictour's 1,465 puzzles (~8 min in all),
# but for the 48,766 of forum_hardest (5 runs x 2 modes) that is hours and ~25 min.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

runs="${RUNS:-5}"
warmup="${WARMUP:-1}"
# The line of our bench output compared with seed000: the one with the words `dlx` and `first`
# (whole fields, so a path with "dlx" in it does not count) and "median N puzzles/s".
puzzles="${SHARED_DIR:-$root/../shared}/data/puzzles"
files=("$@")
(( ${#files[@]} )) || files=("$puzzles/magictour_top1465.txt" "$puzzles/forum_hardest_1905_11plus.txt")

out=target/bench
mkdir -p "$out"
have_hyperfine=0
command -v hyperfine >/dev/null && [[ "${HYPERFINE:-1}" != 0 ]] && have_hyperfine=1  # HYPERFINE=0: bash loop

# median_secs NAME RUNS WARMUP SHELL-COMMAND [-N]: median wall-clock seconds of the command.
# -N: hyperfine runs it without a shell (stdin and stdout are /dev/null): for commands of a few
# ms, where hyperfine cannot subtract the shell's start-up precisely.
median_secs() {
    local name="$1" n="$2" w="$3" cmd="$4" noshell=()
    [[ "${5:-}" == -N ]] && noshell=(-N)
    if (( have_hyperfine )); then
        hyperfine "${noshell[@]}" --style basic --runs "$n" --warmup "$w" --export-json "$out/$name.json" "$cmd" >&2
        grep -o '"median": *[0-9.eE+-]*' "$out/$name.json" | head -n1 | awk '{print $2}'
    else
        local i s e
        for ((i = 0; i < w; i++)); do bash -c "$cmd" </dev/null >/dev/null; done
        for ((i = 0; i < n; i++)); do
            s=$(date +%s.%N); bash -c "$cmd" </dev/null >/dev/null; e=$(date +%s.%N)
            awk -v s="$s" -v e="$e" 'BEGIN { printf "%.6f\n", e - s }'
        done | sort -g | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'
    fi
}

echo "bench: cargo build --release"
cargo build --release
cli="$(cargo_target_dir)/release/dlx-sudoku"
bench/seed000.sh

echo "bench: seed000 process start (empty stdin), 20 runs"
start_s=$(median_secs seed000-start 20 3 "target/peers/seed000" -N)

rows=() max_pct=0
for f in "${files[@]}"; do
    name="$(basename "$f" .txt)"
    n=$(grep -c . "$f")
    echo
    echo "==================== $name ($n puzzles) ===================="
    if [[ -n "${ENGINES:-}" ]]; then engines=($ENGINES)
    elif (( n <= 2000 )); then engines=(all)
    else engines=(dlx); echo "bench: $n puzzles: engine dlx only (bitmask, dfs too slow here; ENGINES=all to force)"
    fi
    ours="n/a" ok=1
    : > "$out/$name.ours.txt"
    for e in "${engines[@]}"; do
        echo "+ $cli bench --jobs 1 --mode both --engine $e --repeat $runs $f"
        "$cli" bench --jobs 1 --mode both --engine "$e" --repeat "$runs" "$f" \
            | tee -a "$out/$name.ours.txt" || ok=0
    done
    if (( ok )); then
        ours=$(awk '{ e = m = 0; for (i = 1; i <= NF; i++) { if ($i == "dlx") e = 1; if ($i == "first") m = 1 } }
            e && m && match($0, /median +[0-9.]+ +puzzles\/s/) {
                split(substr($0, RSTART, RLENGTH), a, / +/); print a[2]; exit }' "$out/$name.ours.txt")
        [[ -n "$ours" ]] || { ours="n/a"; echo "bench: no 'dlx first ... median N puzzles/s' line in our output" >&2; }
    else
        echo "bench: our bench command failed; continuing with seed000" >&2
    fi
    echo "+ seed000 < $name.txt, $runs runs ($([[ $have_hyperfine == 1 ]] && echo hyperfine || echo 'bash loop'))"
    secs=$(median_secs "seed000-$name" "$runs" "$warmup" "target/peers/seed000 < '$f' > /dev/null")
    seed_pps=$(awk -v n="$n" -v s="$secs" 'BEGIN { printf "%.0f", n / s }')
    start_pct=$(awk -v a="$start_s" -v s="$secs" 'BEGIN { printf "%.3f", 100 * a / s }')
    max_pct=$(awk -v a="$max_pct" -v b="$start_pct" 'BEGIN { print (b > a) ? b : a }')
    echo "seed000: $name: median $(printf %.3f "$secs")s for $n puzzles = $seed_pps puzzles/s (process start is ${start_pct}% of it)"
    ratio=$(awk -v o="$ours" -v s="$seed_pps" 'BEGIN { if (o ~ /^[0-9.]+$/ && s > 0) printf "%.2fx", o / s; else print "n/a" }')
    # The machine is shared: a slow spell during one program's runs skews the ratio of two
    # medians. So also run the two in pairs, one right after the other, and take the median
    # of the pairs' ratios.
    echo "+ paired: $runs x (our dlx first, --repeat 1; then seed000 once)"
    paired=$(for ((r = 0; r < runs; r++)); do
        o=$("$cli" bench --jobs 1 --mode first --engine dlx --repeat 1 "$f" |
            grep -o 'median *[0-9.]* *puzzles/s' | awk '{print $2}')
        s0=$(date +%s.%N); target/peers/seed000 < "$f" > /dev/null; s1=$(date +%s.%N)
        awk -v o="$o" -v n="$n" -v a="$s0" -v b="$s1" 'BEGIN { printf "%.0f %.0f %.4f\n", o, n / (b - a), o * (b - a) / n }'
    done)
    echo "$paired" | awk '{ printf "  pair %d: ours %s/s  seed000 %s/s  ratio %.2f\n", NR, $1, $2, $3 }'
    pratio=$(echo "$paired" | awk '{print $3}' | sort -g | awk '{ t[NR] = $1 } END { printf "%.2fx", (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }')
    ratio="$ratio|$pratio"
    rows+=("$name|$n|$ours|$seed_pps|$ratio")
done

echo
echo "==================== summary (single thread, puzzles/s, first solution) ===================="
printf "%-28s %8s %16s %16s %10s %12s\n" file puzzles "ours dlx/first" seed000 ours/seed "paired ratio"
for r in "${rows[@]}"; do
    IFS='|' read -r name n ours seed ratio pratio <<<"$r"
    printf "%-28s %8s %16s %16s %10s %12s\n" "$name" "$n" "$ours" "$seed" "$ratio" "$pratio"
done
awk -v a="$start_s" -v p="$max_pct" 'BEGIN {
    printf "seed000 process start (empty stdin): %.2f ms median, at most %.3f%% of a timed run: %s\n",
        1000 * a, p, (p < 1) ? "negligible, not subtracted" : "NOT negligible, keep it in mind" }'
