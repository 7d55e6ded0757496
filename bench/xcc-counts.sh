#!/usr/bin/env bash
# Rechecks the counts the tests pin for the colour examples (DLX2's item:colour) against Knuth's
# DLX2 and SSXCC, when they are here: each example is written by `cover --example`, counted by
# our CLI, DLX2 and SSXCC, and the three counts must equal the one the tests expect.
#
#   bench/xcc-counts.sh
#
# DLX2 and SSXCC: $DLX2 and $SSXCC, or target/peers/dlx2 and target/peers/ssxcc, or
# /work/peers/ (../shared/peers/build-knuth.sh builds them, -O3); a missing one is skipped.
# Exit status 1 if a count differs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
cargo build --release --quiet
ours="$(cargo_target_dir)/release/dlx-sudoku"
find_peer() {
    local name=$1 given=$2
    for p in "$given" "$root/target/peers/$name" "/work/peers/$name"; do
        if [[ -n "$p" && -x "$p" ]]; then echo "$p"; return; fi
    done
}
dlx2=$(find_peer dlx2 "${DLX2:-}")
ssxcc=$(find_peer ssxcc "${SSXCC:-}")
[[ -n "$dlx2" ]] || echo "xcc-counts.sh: no DLX2: skipped" >&2
[[ -n "$ssxcc" ]] || echo "xcc-counts.sh: no SSXCC: skipped" >&2
# The examples and counts of cli/tests/cover.rs (colour_examples_have_dlx2s_counts_…) and
# tests/cover_counts.rs.
checks=(
    "graceful K3:6" "graceful K4:24" "graceful K5:0" "graceful P5:4" "graceful P6:12"
    "graceful C4:8" "graceful C5:0" "graceful W5:120"
    "word-squares tests/data/words3.txt:69"
)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
knuth_count() { "$1" < "$2" 2>&1 >/dev/null | sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p'; }
for check in "${checks[@]}"; do
    args=${check%:*} want=${check##*:}
    # shellcheck disable=SC2086
    "$ours" cover --example $args > "$work/p.dlx"
    got=$("$ours" cover "$work/p.dlx" --count --jobs 1 | awk '{print $1}')
    line="$args: expected $want, ours $got"
    [[ "$got" == "$want" ]] || status=1
    for peer in dlx2 ssxcc; do
        bin=${!peer}
        [[ -n "$bin" ]] || continue
        n=$(knuth_count "$bin" "$work/p.dlx")
        line+=", $peer $n"
        [[ "$n" == "$want" ]] || status=1
    done
    echo "$line"
done
exit $status
