#!/usr/bin/env bash
# Runs the exact-cover engines' unit tests under Miri, which checks every memory access of the
# unchecked link and cell code (src/exact_cover/links.rs and src/cells/arrays.rs index without
# checks under Miri, as in release).
#
#   scripts/miri.sh            install the nightly toolchain with Miri if missing, then run
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
MIRIFLAGS="${MIRIFLAGS:-}" cargo +nightly miri test --lib -- exact_cover:: cells::
