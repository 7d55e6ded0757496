#!/usr/bin/env bash
# Our DLX against the C peers (fast_solv_9r2, kudoku), single thread, same run: the table of
# issue 12, from ../shared/peers/compare.sh (median of per-round ratios).
#
#   bench/peers.sh [TDOKU]     TDOKU: a snapshot (git directory) of t-dillon/tdoku; when given,
#                              the peers are (re)built into target/peers/ by ../shared/peers/build.sh
#   ROUNDS=7 MODES="unique first" bench/peers.sh
#
# Sets: magictour_top1465 (all), forum_hardest_1905_11plus (first 5,000), 17_clue (first 10,000).
# Also prints the first-mode ratio to seed 000 on magictour (bench/seed000.sh builds it) and the
# speed-up of `bench --jobs 2` over one thread.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
shared="${SHARED_DIR:-$root/../shared}"
peers=target/peers/peers
rounds="${ROUNDS:-7}"
modes="${MODES:-unique first}"

if [[ $# -ge 1 ]]; then
    "$shared/peers/build.sh" "$1" "$peers"
fi
[[ -x "$peers" ]] || { echo "peers.sh: $peers missing: pass a t-dillon/tdoku snapshot to build it" >&2; exit 2; }
cargo build --release --quiet
ours="$(cargo_target_dir)/release/dlx-sudoku"

data="$shared/data/puzzles" sets=target/bench/sets
mkdir -p "$sets"
head -n 5000 "$data/forum_hardest_1905_11plus.txt" > "$sets/forum_hardest_5000.txt"
head -n 10000 "$data/17_clue.txt" > "$sets/17_clue_10000.txt"
files=("$data/magictour_top1465.txt" "$sets/forum_hardest_5000.txt" "$sets/17_clue_10000.txt")

rows=()
for mode in $modes; do
    for f in "${files[@]}"; do
        out="$("$shared/peers/compare.sh" "$ours" "$peers" "$f" "$mode" "$rounds")"
        echo "$out" >&2
        r=$(echo "$out" | sed -n 's/.*ours\/fast_solv_9r2 \([0-9.]*\)x *ours\/kudoku \([0-9.]*\)x.*/\1 \2/p')
        n=$(echo "$out" | sed -n 's/.*ours \([0-9,]*\) *fast_solv_9r2 \([0-9,]*\) *kudoku \([0-9,]*\).*/\1 \2 \3/p')
        rows+=("| $(basename "$f" .txt) | $mode | ${n// / | } | ${r// /× | }× |")
    done
done

# bench --jobs 2 against one thread, in back-to-back pairs, on magictour unique.
rate() { grep -o 'median *[0-9.]* puzzles/s' | grep -o '[0-9.]*' | head -n1; }
pairs=()
for ((i = 0; i < rounds; i++)); do
    one=$("$ours" bench --engine dlx --mode unique --jobs 1 --repeat 1 "${files[0]}" | rate)
    two=$("$ours" bench --engine dlx --mode unique --jobs 2 --repeat 1 "${files[0]}" | rate)
    pairs+=("$(python3 -c "print($two / $one)")")
done
median() { sort -g | awk '{ t[NR] = $1 } END { printf "%.2f", (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'; }
jobs2=$(printf '%s\n' "${pairs[@]}" | median)

# First mode against seed 000's C++ DLX on magictour, in back-to-back pairs (its whole run,
# reading the file on stdin, against our bench's rate).
bench/seed000.sh >/dev/null
n=$(wc -l < "${files[0]}")
seed=()
for ((i = 0; i < rounds; i++)); do
    o=$("$ours" bench --engine dlx --mode first --jobs 1 --repeat 1 "${files[0]}" | rate)
    s=$(date +%s.%N); target/peers/seed000 < "${files[0]}" > /dev/null; e=$(date +%s.%N)
    seed+=("$(python3 -c "print($o / ($n / ($e - $s)))")")
done
seed000=$(printf '%s\n' "${seed[@]}" | median)

echo
echo "| set | mode | ours /s | fast_solv_9r2 /s | kudoku /s | ours / fast_solv_9r2 | ours / kudoku |"
echo "|---|---|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
echo
echo "bench --jobs 2 / --jobs 1 (magictour unique, median of $rounds pairs): ${jobs2}×"
echo "ours / seed 000 (magictour first, median of $rounds pairs): ${seed000}×"
