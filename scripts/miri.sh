#!/usr/bin/env bash
# Runs the exact-cover engines' unit tests under Miri, which checks every memory access of the
# unchecked link and cell code (src/exact_cover/links.rs and src/cells/arrays.rs index without
# checks under Miri, as in release).
#
#   scripts/miri.sh            install the nightly toolchain with Miri if missing, then run
#   MIRI_JOBS=2 scripts/miri.sh   the two engines' tests as two Miri processes side by side
#                                 (default 1: one process runs both; see below)
#
# Uses only rustup (the nightly toolchain, components miri and rust-src). Safe to run again.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
if ! rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^miri'; then
    rustup toolchain install nightly --profile minimal --component miri,rust-src
fi
cargo +nightly miri setup >/dev/null
# Miri runs the test binary natively compiled for its interpreter; the lib's tests under
# exact_cover:: are the links engine's (brute-force oracle, Knuth's example, step-back, sanity),
# those under cells:: the cells engine's (SSXC1's counts, brute force, the links engine).
# Not all of them: a set that runs every line of the engines; the others, and the tests of
# arithmetic on no memory, are #[cfg_attr(miri, ignore)] (docs/testing.md, Miri: which, why).
# Miri interprets on one thread. MIRI_JOBS=2 runs the two engines' tests as two Miri processes
# side by side, each into its own log, printed whole when it ends: the lane then ends sooner on
# two idle cores, but each process compiles the test crate for the interpreter again (about
# 9 s of CPU), and in CI the lane shares the cores with the foreground anyway, where only the
# CPU it takes counts. So by default one process runs both halves (MIRI_JOBS=1).
#
# -Zmiri-disable-data-race-detector: libtest runs each test on a thread of its own, so Miri's
# data-race detector tracks every access (vector clocks) though no test of the engines shares
# memory between threads (no thread, no rayon in src/exact_cover or src/cells; the one atomic,
# cells' problem counter, is an atomic): about a tenth of the tests' time for nothing checked.
# Stacked Borrows, alignment, validity and bounds checks stay on. A test that spawns threads
# there should turn it back on (MIRIFLAGS= scripts/miri.sh runs with Miri's defaults).
export MIRIFLAGS="${MIRIFLAGS--Zmiri-disable-data-race-detector}"
# cargo-miri builds no test binary: it writes the compiler's arguments and the directory it ran
# in to target/miri/.../deps/dlx_sudoku-HASH, which its runner compiles and interprets, and a
# stub dep-info naming no source file, so that cargo never builds it again: with a target/
# kept from another clone (CI's warm cache, .ci/warm-target), Miri went on reading that
# clone's sources, or failed when it was gone. Forgetting the crate's own build records makes
# cargo-miri write them again for this tree (under a second; the dependencies stay built).
rm -rf "$(cargo_target_dir)"/miri/*/debug/.fingerprint/dlx-sudoku-*
# The library's package alone (-p): the workspace's default members take in the CLI, whose
# feature `parallel` would build rayon and src/parallel.rs for the interpreter, for no test here.
cargo +nightly miri test -p dlx-sudoku --lib --no-run
parts=(exact_cover cells)
jobs="${MIRI_JOBS:-1}"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "miri.sh: MIRI_JOBS must be a positive number, not '$jobs'" >&2; exit 2; }
logs=target/miri-logs
mkdir -p "$logs"
failed=()
# run NAME PART...: the tests under each PART:: into target/miri-logs/NAME.log (with its time in seconds).
run() {
    local name="$1" t=$SECONDS rc=0 filters=(); shift
    for part in "$@"; do filters+=("$part::"); done
    cargo +nightly miri test -p dlx-sudoku --lib -- "${filters[@]}" > "$logs/$name.log" 2>&1 || rc=$?
    echo "miri.sh: ${filters[*]} took $((SECONDS - t))s (exit $rc)" >> "$logs/$name.log"
    return "$rc"
}
# show PART PID: waits for PART's Miri, prints its log, notes a failure.
show() {
    local rc=0
    wait "$2" || rc=$?
    echo "--- miri.sh: $1 ---"
    cat "$logs/$1.log"
    (( rc == 0 )) || failed+=("$1")
}
echo "miri.sh: MIRIFLAGS=$MIRIFLAGS; $jobs process(es)"
if (( jobs >= 2 )); then
    run "${parts[0]}" "${parts[0]}" & first=$!
    run "${parts[1]}" "${parts[1]}" & second=$!
    show "${parts[0]}" "$first"
    show "${parts[1]}" "$second"
else
    run all "${parts[@]}" & show all $!
fi
if (( ${#failed[@]} )); then
    echo "miri.sh: FAIL: ${failed[*]}" >&2
    exit 1
fi
echo "miri.sh: PASS: ${parts[*]}"
