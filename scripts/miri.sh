#!/usr/bin/env bash
# Runs the exact-cover engine's unit tests under Miri, which checks every memory access of the
# unchecked link code (src/exact_cover/links.rs indexes without checks under Miri, as in release).
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
# exact_cover:: are the engine's (brute-force oracle, Knuth's example, step-back, sanity).
MIRIFLAGS="${MIRIFLAGS:-}" cargo +nightly miri test --lib -- exact_cover::
