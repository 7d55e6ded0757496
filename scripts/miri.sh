#!/usr/bin/env bash
# Runs the exact-cover engines' unit tests under Miri, which checks every memory access of the
# unchecked link and cell code (src/exact_cover/links.rs and src/cells/arrays.rs index without
# checks under Miri, as in release).
#
#   scripts/miri.sh            install the nightly toolchain with Miri if missing, then run
#   MIRI_JOBS=1 scripts/miri.sh   one test binary at a time (default 2: see below)
#
# Uses only rustup (the nightly toolchain, components miri and rust-src). Safe to run again.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
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
# Miri interprets on one thread, so the two engines' tests run as two Miri processes side by
# side (MIRI_JOBS at a time), each into its own log, printed whole when it ends: on two cores
# the stage takes the time of the longer half, not of both.
export MIRIFLAGS="${MIRIFLAGS:-}"
cargo +nightly miri test --lib --no-run
parts=(exact_cover cells)
jobs="${MIRI_JOBS:-2}"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "miri.sh: MIRI_JOBS must be a positive number, not '$jobs'" >&2; exit 2; }
logs=target/miri-logs
mkdir -p "$logs"
failed=()
# run PART: the tests under PART:: into target/miri-logs/PART.log (with its time in seconds).
run() {
    local t=$SECONDS rc=0
    cargo +nightly miri test --lib -- "$1::" > "$logs/$1.log" 2>&1 || rc=$?
    echo "miri.sh: $1:: took $((SECONDS - t))s (exit $rc)" >> "$logs/$1.log"
    return "$rc"
}
# show PART PID: waits for PART's Miri, prints its log, notes a failure.
show() {
    local rc=0
    wait "$2" || rc=$?
    echo "--- miri.sh: $1:: ---"
    cat "$logs/$1.log"
    (( rc == 0 )) || failed+=("$1")
}
if (( jobs >= 2 )); then
    run "${parts[0]}" & first=$!
    run "${parts[1]}" & second=$!
    show "${parts[0]}" "$first"
    show "${parts[1]}" "$second"
else
    for part in "${parts[@]}"; do run "$part" & show "$part" $!; done
fi
if (( ${#failed[@]} )); then
    echo "miri.sh: FAIL: ${failed[*]}" >&2
    exit 1
fi
echo "miri.sh: PASS: ${parts[*]}"
