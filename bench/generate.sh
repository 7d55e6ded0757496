#!/usr/bin/env bash
# The generator's rates (issue 17's goals: >= 500 minimal unique puzzles/s of any level,
# >= 20/s at extreme, one thread, native), in one run.
#
#   bench/generate.sh [ROUNDS]          default 5 rounds
#   BINS="old new" bench/generate.sh    compare builds: each round runs every binary back to back,
#                                       and the ratios to the first are per-round, then the median
#
# Each round times, per binary: `generate --minimal --count N` of any level and at extreme,
# with --jobs 1 and --jobs 2 (the same seed each time, so the same puzzles). Prints the median
# puzzles/s per configuration and binary.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
rounds="${1:-5}"
any="${ANY:-1000}"
extreme="${EXTREME:-200}"
read -r -a bins <<< "${BINS:-$(cargo_target_dir)/release/dlx-sudoku}"
[[ -n "${BINS:-}" ]] || cargo build --release --quiet

configs=("any --jobs 1" "extreme --jobs 1" "any --jobs 2" "extreme --jobs 2")
declare -A rates
for ((r = 0; r < rounds; r++)); do
    for cfg in "${configs[@]}"; do
        read -r level _ jobs <<< "$cfg"
        n=$any; args=()
        if [[ $level == extreme ]]; then n=$extreme; args=(--difficulty extreme); fi
        for b in "${bins[@]}"; do
            t0=$(date +%s.%N)
            "$b" generate --minimal --count "$n" --seed "$((r + 1))" --jobs "$jobs" "${args[@]}" > /dev/null
            t1=$(date +%s.%N)
            rates["$cfg|$b"]+="$(echo "$n / ($t1 - $t0)" | bc -l) "
        done
    done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "generate --minimal, $rounds rounds ($any of any level, $extreme extreme per round); puzzles/s, median:"
for cfg in "${configs[@]}"; do
    line="  ${cfg/any/any level}:"
    first=""
    for b in "${bins[@]}"; do
        m=$(echo "${rates["$cfg|$b"]}" | median)
        line+=" $(printf '%.0f' "$m") ($b)"
        if [[ -z $first ]]; then first=$b; else
            # the median of the per-round ratios to the first binary
            read -r -a xs <<< "${rates["$cfg|$b"]}"; read -r -a ys <<< "${rates["$cfg|$first"]}"
            ratios=""; for ((k = 0; k < ${#xs[@]}; k++)); do ratios+="$(echo "${xs[k]} / ${ys[k]}" | bc -l) "; done
            line+=" = $(printf '%.2f' "$(echo "$ratios" | median)")x"
        fi
    done
    echo "$line"
done
