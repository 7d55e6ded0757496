#!/usr/bin/env bash
# Fuzzes dlx-sudoku with cargo-fuzz (libFuzzer): every target in fuzz/, one after another.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]   each target for SECONDS (default 60); all targets
#                                           (formats, exact_cover, cells, trace) unless some are named
#
# Prints the executions of each target (libFuzzer's final stats) and a total; exits non-zero
# if any target crashed, failed an assertion, timed out or ran out of memory. The reproducer
# is then in fuzz/artifacts/TARGET/ (`cargo +nightly fuzz run -s none TARGET FILE` replays it).
# New inputs go to a working corpus in fuzz/target/corpus/TARGET (kept between runs, not
# committed); the committed seeds in fuzz/corpus/TARGET are only read.
# Needs the nightly toolchain and cargo-fuzz: scripts/setup.sh installs both.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root/fuzz"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

seconds="${1:-60}"
[[ "$seconds" == -h || "$seconds" == --help ]] && { sed -n '2,12p' "$root/scripts/fuzz.sh"; exit 0; }
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: SECONDS must be a positive number, not '$seconds' (try --help)" >&2; exit 2; }
shift || true
all=(formats exact_cover cells trace)
if (( $# )); then targets=("$@"); else targets=("${all[@]}"); fi
for t in "${targets[@]}"; do
    [[ " ${all[*]} " == *" $t "* ]] || { echo "fuzz.sh: no target '$t' (targets: ${all[*]})" >&2; exit 2; }
done

command -v cargo-fuzz >/dev/null || { echo "fuzz.sh: cargo-fuzz not found (scripts/setup.sh installs it)" >&2; exit 1; }
rustup run nightly rustc --version >/dev/null 2>&1 \
    || { echo "fuzz.sh: no nightly toolchain (scripts/setup.sh installs it)" >&2; exit 1; }

# No sanitizer: the crate has no `unsafe`, so AddressSanitizer would find nothing that
# Rust's own checks miss, at a third of the speed. Debug assertions and overflow checks
# stay on (cargo-fuzz's default), and with them the engine's own debug checks.
fuzz=(cargo +nightly fuzz)
opts=(-s none)
echo "fuzz.sh: building ${targets[*]} ($(rustup run nightly rustc --version))"
t0=$SECONDS
"${fuzz[@]}" build "${opts[@]}" >/dev/null 2>target-build.log || { cat target-build.log >&2; exit 1; }
rm -f target-build.log
echo "fuzz.sh: built in $((SECONDS - t0))s; fuzzing each target for ${seconds}s"

total=0 failed=()
mkdir -p target/logs
for t in "${targets[@]}"; do
    work="target/corpus/$t" log="target/logs/$t.log"
    mkdir -p "$work"
    extra=()
    # Long enough for lines over formats::MAX_LINE (4096 bytes).
    [[ "$t" == formats ]] && extra+=(-max_len=10000)
    t1=$SECONDS
    rc=0
    "${fuzz[@]}" run "${opts[@]}" "$t" "$work" "corpus/$t" -- \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        "${extra[@]}" >"$log" 2>&1 || rc=$?
    runs="$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n1)"
    [[ -n "$runs" ]] || runs="$(sed -n 's/^#\([0-9]*\)[[:space:]].*/\1/p' "$log" | tail -n1)"
    runs="${runs:-0}"
    total=$((total + runs))
    corpus="$(find "$work" -type f | wc -l)"
    if (( rc == 0 )); then
        echo "fuzz.sh: $t: $runs executions in $((SECONDS - t1))s, no crash (working corpus: $corpus inputs)"
    else
        echo "fuzz.sh: $t: FAILED (exit $rc) after $runs executions; log: fuzz/$log" >&2
        grep -E "panicked|ERROR|SUMMARY|Test unit written|Reproduce with|Minimize test case" "$log" | head -n 12 >&2 || true
        failed+=("$t")
    fi
done

if (( ${#failed[@]} )); then
    echo "fuzz.sh: FAIL: ${failed[*]} ($total executions in all)" >&2
    exit 1
fi
echo "fuzz.sh: PASS: $total executions in all, no crash"
