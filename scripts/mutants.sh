#!/usr/bin/env bash
# Mutation testing of the library with cargo-mutants (pinned in scripts/setup.sh): small
# deliberate bugs put into the code, one at a time, to see whether a test notices.
#
#   scripts/mutants.sh MODULE [cargo-mutants options]   one module, with the tests that cover it:
#                      exact_cover | sudoku | formats | trace | view | dlx1 | cli | wasm
#   scripts/mutants.sh --ci                             the CI stage (a few minutes): about 6
#                      mutants of the last commit's diff (or, when it has none, of the library),
#                      a shard that rotates with the date
#
# Reports land in target/mutants/MODULE/mutants.out (caught.txt, missed.txt, ...). Equivalent
# mutants are skipped with #[mutants::skip] or listed in .cargo/mutants.toml, each with its reason.
# src/wasm/ is built for wasm32 only: `wasm` builds each mutant for wasm32 and runs
# tests/wasm.rs in headless Chromium (wasm-bindgen-test-runner through chromedriver, as the
# wasm-chromium stage does: the whole-matrix canvas's tests need a browser), or under Node
# with MUTANTS_WASM_IN=node (faster; the canvas's tests then end at once); the first build
# takes about 5 minutes, each mutant most of a minute.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
command -v cargo-mutants >/dev/null || { echo "mutants.sh: cargo-mutants not found: scripts/setup.sh installs it" >&2; exit 1; }

# Each mutant is an incremental debug build and a test run. Without debug info, and linked by
# lld where the machine has it, the build takes about 2 s instead of 3 (the tests keep their
# debug assertions and checked indexing; opt-level 1 was tried: 16 s builds for 4 s saved).
export CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
# Incremental builds make each mutant's build a matter of seconds: kept on even where
# scripts/test.sh turns them off for CI's one-off builds (CI=true: CARGO_INCREMENTAL=0).
export CARGO_INCREMENTAL=1
if command -v ld.lld >/dev/null && [[ "$(uname -s)" == Linux ]]; then
    export "CARGO_TARGET_$(uname -m | tr a-z A-Z)_UNKNOWN_LINUX_GNU_RUSTFLAGS=-C link-arg=-fuse-ld=lld"
fi

# A mutant is caught at its first failing test: each test binary stops starting tests there
# (libtest's `-Zunstable-options --fail-fast`; the tests already running end first), instead
# of running its other tests to the end (cargo already stops at the first test binary that
# fails). Measured on the library's tests with Reader::next_line's `>` → `==`: 35 s of CPU →
# 8 s, 80-124 s of wall → 23-27 s at load 11 (docs/testing.md). MUTANTS_FAIL_FAST=0: without.
# The option is unstable: stable libtest takes it when RUSTC_BOOTSTRAP is
# set where the test binary runs, so it is set there alone, through cargo's target runner (the
# builds, and so the kept build directory, do not change). A toolchain whose libtest refuses
# it would fail every mutant's tests, every mutant "caught": a test built here first shows
# that it takes the option, and that it still fails on a failing test; if not, no fail-fast.
fail_fast=()
fail_fast_probe() {
    local dir host
    dir="$(mktemp -d)" || return 1
    host="$(rustc -vV | sed -n 's/^host: //p')"
    printf '#[test]\nfn passes() {}\n#[test]\nfn fails() { if std::env::var_os("PROBE_FAIL").is_some() { panic!() } }\n' > "$dir/probe.rs"
    rustc --edition 2021 --test -o "$dir/probe" "$dir/probe.rs" 2>/dev/null \
        && env RUSTC_BOOTSTRAP=1 "$dir/probe" -Zunstable-options --fail-fast >/dev/null 2>&1 \
        && ! env RUSTC_BOOTSTRAP=1 PROBE_FAIL=1 "$dir/probe" -Zunstable-options --fail-fast >/dev/null 2>&1 \
        && export "CARGO_TARGET_$(tr a-z- A-Z_ <<< "$host")_RUNNER=env RUSTC_BOOTSTRAP=1"
    local rc=$?
    rm -rf "$dir"
    return "$rc"
}
if [[ "${MUTANTS_FAIL_FAST:-1}" == 1 && "${1:-}" != wasm ]]; then
    if fail_fast_probe; then
        fail_fast=(-Zunstable-options --fail-fast)
    else
        echo "mutants.sh: this toolchain's libtest does not take --fail-fast: each mutant's tests run to the end"
    fi
fi

skip=()
# cli/tests/sizes.rs holds the tests of every size's boards, engines and formats (16×16 against
# the bitmask oracle): sudoku, formats and cli run it too.
# The library's unit tests and tests/validity.rs, less the other modules' unit tests (a module
# is rarely caught by another's tests, and the slow ones take most of the time: measured, the
# whole library's tests take 20-50 s a mutant, one module's a few).
fast=(--lib --test validity)
others() { for m in "$@"; do skip+=(--skip "$m::"); done; }

# The test targets go to cargo as --cargo-arg, which cargo-mutants gives to the build
# (`cargo test --no-run`) as well as to the test run: given after `--`, they reach the test
# run only, and every mutant's build built all 11 test binaries, 3 of which then ran.
targets_of() { targets=(); for a in "$@"; do targets+=("--cargo-arg=$a"); done; }
# The command line's tests (cli/tests: cli, cover, sizes) are in the workspace's other package:
# each mutant's tests are the workspace's (cargo test --workspace with the targets above), not
# only those of the package mutated (cargo-mutants' default). Mutants are made in the library
# (the root package, cargo-mutants' default) but for `cli`, which names its package.
workspace=(--test-workspace=true)

module="${1:---help}"; shift || true
case "$module" in
    exact_cover) files=(-f 'src/exact_cover/*.rs'); tests=("${fast[@]}" --test cover); others dlx1 sudoku::generate matrix_view ;;
    sudoku)      files=(-f 'src/sudoku/*.rs');      tests=("${fast[@]}" --test sizes); others dlx1 exact_cover matrix_view watch::stream_tests watch::events view formats ;;
    formats)     files=(-f src/formats.rs -f 'src/formats/*.rs'); tests=("${fast[@]}" --test cli --test sizes); others dlx1 sudoku exact_cover matrix_view watch::stream_tests watch::events view ;;
    trace)       files=(-f src/watch/mod.rs -f src/watch/events.rs); tests=("${fast[@]}"); others dlx1 sudoku exact_cover matrix_view formats ;;
    view)        files=(-f src/view.rs -f src/matrix_view.rs); tests=("${fast[@]}"); others dlx1 sudoku exact_cover formats ;;
    dlx1)        files=(-f 'src/dlx1/*.rs');         tests=("${fast[@]}" --test cover); others sudoku matrix_view watch::stream_tests watch::events view formats ;;
    cli)         files=(--package dlx-sudoku-cli -f 'cli/src/*.rs'); tests=(--bin dlx-sudoku --test cli --test cover --test sizes) ;;
    wasm)        # .cargo/mutants.toml leaves src/wasm/ out of the native runs: not read here.
                 command -v wasm-bindgen-test-runner >/dev/null || { echo "mutants.sh: wasm-bindgen-test-runner not found: scripts/setup.sh installs it" >&2; exit 1; }
                 export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
                 if [[ "${MUTANTS_WASM_IN:-chromium}" == chromium ]]; then
                     export WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" \
                         WASM_BINDGEN_TEST_WEBDRIVER_JSON="$root/webdriver.json"
                 fi
                 files=(--no-config -f 'src/wasm/*.rs' --cargo-arg=--target=wasm32-unknown-unknown --cargo-arg=--features=test-exports); tests=(--test wasm); skip=() ;;
    --ci)
        # A few minutes: about 6 mutants. Those of the last commit's diff when it has any, else
        # of the whole library; either set cut into shards of about 6, one picked by the date,
        # so that successive days go round every mutant.
        # Every module's tests run, but dlx1's limits test (10 s a mutant in a debug build;
        # `mutants.sh dlx1` runs it): a mutant whose tests are skipped would only show as missed.
        # (`others` skips a module, NAME::; the test is a function: skipped by its whole name.
        # As `others dlx1::tests::limits` it matched nothing, and it ran in every mutant:
        # 11.6 s of the test run's 47 s of CPU, measured.)
        files=(); tests=("${fast[@]}" --test cover); skip+=(--skip dlx1::tests::limits_are_errors_not_panics)
        mkdir -p target/mutants
        git diff HEAD~1 -- 'src/*.rs' > target/mutants-last-commit.diff 2>/dev/null || : > target/mutants-last-commit.diff
        in_diff=(--in-diff target/mutants-last-commit.diff)
        n="$(cargo mutants --list "${in_diff[@]}" 2>/dev/null | grep -c . || true)"
        if (( n == 0 )); then
            in_diff=()
            n="$(cargo mutants --list | grep -c .)"
        fi
        shards=$(( (n + 5) / 6 ))
        shard=$(( ($(date -u +%s) / 86400) % shards ))
        echo "mutants.sh: $n mutants (${in_diff[*]:-the whole library}); shard $shard of $shards"
        set -- "${in_diff[@]}" --shard "$shard/$shards" "$@"
        # A survivor is reported; it fails the stage only with MUTANTS_STRICT=1, until every
        # module has reached its goal (docs/testing.md: mutation testing). (A merge's "last commit" is
        # the whole merged branch, whose modules may not have been through cargo-mutants yet.)
        targets_of "${tests[@]}"
        # One build directory kept between runs (target/mutants-build, in CI's warm cache):
        # cargo-mutants copies the tree without target/, so each of its -j 2 copies compiled
        # every dependency and the whole crate again, two cold debug builds side by side in
        # every CI run (45-60 s of wall each). With the target directory given, the mutants
        # build one after another (-j 1: one directory, one cargo lock) on the dependencies and
        # the incremental state of the last run; each mutant's tests still run on every core
        # (libtest's threads). MUTANTS_TARGET_DIR= (empty) for the copies' own target/ again.
        mutants_target="${MUTANTS_TARGET_DIR-$root/target/mutants-build}"
        if [[ -n "$mutants_target" ]]; then
            export CARGO_TARGET_DIR="$mutants_target"
            set -- -j 1 "$@"
        else
            set -- -j 2 "$@"
        fi
        if [[ "${MUTANTS_STRICT:-0}" != 1 ]]; then
            rc=0
            # --timeout: the tests of a mutant take about 42 s of CPU, 20-25 s of wall on 2 quiet
            # cores (45-60 s in a loaded CI run): a mutant that loops costs 60 s, not 120.
            cargo mutants --output target/mutants/ci --baseline skip --timeout 60 "${workspace[@]}" "${targets[@]}" "$@" \
                -- -- "${skip[@]}" "${fail_fast[@]}" || rc=$?
            case $rc in
                0|3) exit 0 ;;  # 3: only timeouts, which a hang bound catches
                2) echo "mutants.sh: WARNING: missed mutants (target/mutants/ci/mutants.out/missed.txt); not a failure without MUTANTS_STRICT=1"; exit 0 ;;
                *) exit "$rc" ;;
            esac
        fi
        set -- --baseline skip --timeout 60 "$@"
        module=ci ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "mutants.sh: unknown module $module (try --help)" >&2; exit 2 ;;
esac
targets_of "${tests[@]}"
mkdir -p target/mutants
rc=0
cargo mutants "${files[@]}" "${workspace[@]}" "${targets[@]}" --output "target/mutants/${MUTANTS_OUT:-$module}" --minimum-test-timeout 60 \
    "$@" -- -- "${skip[@]}" "${fail_fast[@]}" || rc=$?
# 3: no mutant missed, some timed out (an endless loop, which the hang bound catches).
(( rc == 3 )) && rc=0
exit "$rc"
