#!/usr/bin/env bash
# Times counting every solution of six exact-cover problems (pentominoes 6x10 and 5x12, 12 and
# 13 queens, Langford 11 and 12) with our engine, the exact-cover crates of bench/cover/, our
# CLI with each engine (dancing links, dancing cells) and Knuth's DLX1 and SSXC1, in the same
# run, in rounds whose order rotates; prints medians, nodes/s and the median of the per-round
# ratios (the machine is shared and noisy: quote the ratios of one run).
#
#   bench/cover.sh [ROUNDS]             (default 3)
#   bench/cover.sh --families [ROUNDS]  the families table alone (below)
#
# Then problems with colours (graceful labellings of the wheels W8 and W9, about 1 and 10 s; word
# squares of $WORDS, or of tests/data/words3-all.txt's 417 words, 0.2 s) against Knuth's DLX2 and SSXCC ($DLX2, $SSXCC, or target/peers/dlx2
# and target/peers/ssxcc; built -O3 by ../shared/peers/build-knuth.sh), process against process.
#
# Knuth's programs are $DLX1, $SSXC1, $DLX2, $SSXCC, or target/peers/{dlx1,ssxc1,dlx2,ssxcc}; if
# target/peers/dlx1 is missing and $CWEBTEST names a snapshot of ascherer/cwebtest,
# ../shared/peers/build-knuth.sh builds all four there (-O3, no -march). A missing one is skipped.
# Rust solvers are timed inside the process, search only. DLX1 prints no time, so it is timed
# as a whole process, and so are `ours-cli` (`dlx-sudoku cover --count --jobs 1 --engine dlx`,
# same input), `cells-cli` (`--engine cells`) and SSXC1: their ratios are against ours-cli,
# process against process. Times are CPU seconds (user + system):
# on the shared machine wall time mostly measures the wait for a core (the log has both).
# Flags are issue 34's: Knuth's programs -O3 without -march (../shared/peers/build-knuth.sh), our
# CLI the shipped release profile (target/release, as users get it); every CLI run is one thread
# (--jobs 1). The bench crate (ours and the crates in one binary) is built the same way.
#
# Last, the families of issue 50 (`cover --example tiling`, `polycubes`, `matching`, `latin`;
# src/dlx1/families.rs), several sizes of each, against all four of Knuth's programs (DLX2 and
# SSXCC read problems without colours too; DLX1 and SSXC1 none with), every solver a whole
# process: our CLI as shipped with each engine (`auto`, `dlx`, `cells`; --jobs 1), then DLX1,
# SSXC1, DLX2, SSXCC. One table (`cover-bench families`): a row per problem, each solver's
# median CPU seconds, and the median of the per-round ratios (Knuth's fastest that round / auto:
# above 1, ours is faster; the faster of our two engines / auto: how close auto's pick is).
# Every solver's count must agree, or it stops.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
families_only=0
if [[ "${1:-}" == --families ]]; then families_only=1; shift; fi
rounds="${1:-3}"
cargo build --release --quiet
(cd bench/cover && cargo build --release --quiet)
ours="$(cargo_target_dir)/release/dlx-sudoku"
bench="$(cd bench/cover && cargo_target_dir)/release/cover-bench"
dlx1="${DLX1:-$root/target/peers/dlx1}"
if [[ ! -x "$root/target/peers/dlx1" && -n "${CWEBTEST:-}" ]]; then
    "$root/../shared/peers/build-knuth.sh" "$CWEBTEST" "$root/target/peers" >&2
fi
ssxc1="${SSXC1:-$root/target/peers/ssxc1}"
dlx2="${DLX2:-$root/target/peers/dlx2}"
ssxcc="${SSXCC:-$root/target/peers/ssxcc}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The families: `NAME:ARG` (a space in ARG written as `_`), a row each, in this order.
families() {
    local problems=(
        tiling:dominoes_6x8 tiling:dominoes_8x8-2x2 tiling:dominoes_8x8
        tiling:trominoes_6x6 tiling:trominoes_5x9 tiling:trominoes_4x12
        tiling:pentominoes_8x8-2x2 tiling:pentominoes_5x12
        polycubes:soma_3x3x3 polycubes:pentominoes_2x3x10 polycubes:pentominoes_2x5x6
        matching:Q5 matching:K16 matching:K18
        latin:4 latin:5
    )
    local flog="$work/families.log" p s k n r line name arg
    for p in "${problems[@]}"; do
        name=${p%%:*}; arg=${p#*:}
        # shellcheck disable=SC2086 # the argument's words are split on purpose
        "$ours" cover --example "$name" ${arg//_/ } > "$work/$p.dlx"
    done
    for ((r = 1; r <= rounds; r++)); do
        for p in "${problems[@]}"; do
            local solvers=(auto dlx cells)
            # DLX1 and SSXC1 read no colours: latin is DLX2's and SSXCC's alone.
            if ! grep -q ':' <(sed -n '/^[^|]/,$p' "$work/$p.dlx" | tail -n +2); then
                [[ -x "$dlx1" ]] && solvers+=(dlx1)
                [[ -x "$ssxc1" ]] && solvers+=(ssxc1)
            fi
            [[ -x "$dlx2" ]] && solvers+=(dlx2)
            [[ -x "$ssxcc" ]] && solvers+=(ssxcc)
            n=${#solvers[@]}
            for ((k = 0; k < n; k++)); do
                s="${solvers[(k + r - 1) % n]}"
                case "$s" in
                    auto | dlx | cells) line=$("$bench" process "$s" "$work/$p.dlx" "$ours" cover --count --jobs 1 --engine "$s") ;;
                    dlx1) line=$("$bench" process dlx1 "$work/$p.dlx" "$dlx1") ;;
                    ssxc1) line=$("$bench" process ssxc1 "$work/$p.dlx" "$ssxc1") ;;
                    dlx2) line=$("$bench" process dlx2 "$work/$p.dlx" "$dlx2") ;;
                    ssxcc) line=$("$bench" process ssxcc "$work/$p.dlx" "$ssxcc") ;;
                esac
                echo "$r ${p//_/:} $line" | tee -a "$flog" >&2
            done
        done
    done
    echo
    echo "$(date -u +%F) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds; CPU seconds, medians; ratio > 1: ours (auto) is faster"
    "$bench" families "$flog"
}
if ((families_only)); then
    families
    exit
fi
solvers=(ours dlx xcov dancing-links exact-covers-dl)
if [[ -x "$dlx1" ]]; then solvers+=(dlx1); else echo "cover.sh: no DLX1 at $dlx1: skipped" >&2; fi
solvers+=(ours-cli cells-cli)
if [[ -x "$ssxc1" ]]; then solvers+=(ssxc1); else echo "cover.sh: no SSXC1 at $ssxc1: skipped" >&2; fi

problems=(pentominoes-6x10 pentominoes-5x12 queens-12 queens-13 langford-11 langford-12)
for p in "${problems[@]}"; do
    "$ours" cover --example ${p%-*} ${p##*-} > "$work/$p.dlx"
done

log="$work/log"
for ((r = 1; r <= rounds; r++)); do
    for p in "${problems[@]}"; do
        n=${#solvers[@]}
        for ((k = 0; k < n; k++)); do
            s="${solvers[(k + r - 1) % n]}"
            case "$s" in
                dlx1) line=$("$bench" process dlx1 "$work/$p.dlx" "$dlx1") ;;
                ssxc1) line=$("$bench" process ssxc1 "$work/$p.dlx" "$ssxc1") ;;
                ours-cli) line=$("$bench" process ours-cli "$work/$p.dlx" "$ours" cover --count --jobs 1 --engine dlx) ;;
                cells-cli) line=$("$bench" process cells-cli "$work/$p.dlx" "$ours" cover --count --jobs 1 --engine cells) ;;
                *) line=$("$bench" "$s" "$work/$p.dlx") ;;
            esac
            echo "$r $p $line" | tee -a "$log" >&2
        done
    done
done

# Colours (DLX2's XCC): our CLI (links engine, and `cells-cli`: the cells engine, SSXCC's
# method) against Knuth's DLX2 and SSXCC, process against process, on problems
# `cover --example` makes (graceful labellings, word squares).
# The counts must agree: a run whose counts differ stops with the three counts.
xcc_solvers=(ours-cli cells-cli)
if [[ -x "$dlx2" ]]; then xcc_solvers+=(dlx2); else echo "cover.sh: no DLX2 at $dlx2: skipped" >&2; fi
if [[ -x "$ssxcc" ]]; then xcc_solvers+=(ssxcc); else echo "cover.sh: no SSXCC at $ssxcc: skipped" >&2; fi
xcc_problems=(graceful-W8 graceful-W9)
for p in "${xcc_problems[@]}"; do
    "$ours" cover --example ${p%-*} ${p##*-} > "$work/$p.dlx"
done
"$ours" cover --example word-squares "${WORDS:-$root/tests/data/words3-all.txt}" > "$work/word-squares.dlx"
xcc_problems+=(word-squares)
for ((r = 1; r <= rounds; r++)); do
    for p in "${xcc_problems[@]}"; do
        n=${#xcc_solvers[@]}
        for ((k = 0; k < n; k++)); do
            s="${xcc_solvers[(k + r - 1) % n]}"
            case "$s" in
                dlx2) line=$("$bench" process dlx2 "$work/$p.dlx" "$dlx2") ;;
                ssxcc) line=$("$bench" process ssxcc "$work/$p.dlx" "$ssxcc") ;;
                ours-cli) line=$("$bench" process ours-cli "$work/$p.dlx" "$ours" cover --count --jobs 1 --engine dlx) ;;
                cells-cli) line=$("$bench" process cells-cli "$work/$p.dlx" "$ours" cover --count --jobs 1 --engine cells) ;;
            esac
            echo "$r $p $line" | tee -a "$log" >&2
        done
    done
done
for p in "${xcc_problems[@]}"; do
    counts=$(grep " $p " "$log" | sed 's/.*solutions=\([0-9]*\).*/\1/' | sort -u)
    if [[ $(wc -l <<< "$counts") -ne 1 ]]; then
        echo "cover.sh: $p: the solvers' counts differ: $(echo $counts)" >&2
        exit 1
    fi
done

echo
echo "$(date -u +%F) $(nproc) cores, $rounds rounds; ratio > 1: that solver took longer than ours"
"$bench" summary "$log"

echo
families
