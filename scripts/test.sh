#!/usr/bin/env bash
# THE test command: runs every test of dlx-sudoku, in stages, and ends with a one-line summary.
#
#   scripts/test.sh              install what's missing (scripts/setup.sh), then run every stage
#   scripts/test.sh --native     native stages only (setup --native: nothing to install)
#   scripts/test.sh --no-setup   skip scripts/setup.sh (.ci/run has just run it)
#
# Stages stop at the first failure; the last line says which stage failed, or that all passed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

native_only=0 run_setup=1
for arg in "$@"; do
    case "$arg" in
        --native) native_only=1 ;;
        --no-setup) run_setup=0 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "test.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
    esac
done

# --- stage bookkeeping -----------------------------------------------------------------------
t_all=$SECONDS
current="" passed=() skipped=()
finish() {
    local rc=$?
    if (( rc != 0 )) && [[ -n "$current" ]]; then
        echo "test.sh: FAIL in stage '$current' (exit $rc) after $((SECONDS - t_all))s; passed: ${passed[*]:-none}"
    elif (( rc != 0 )); then
        echo "test.sh: FAIL (exit $rc) after $((SECONDS - t_all))s; passed: ${passed[*]:-none}"
    else
        echo "test.sh: PASS: ${#passed[@]} stages in $((SECONDS - t_all))s (${passed[*]})${skipped:+; skipped: ${skipped[*]}}"
    fi
}
trap finish EXIT

# stage NAME COMMAND...: banner, run, record the time. A failing command ends the script (set -e).
stage() {
    local name="$1"; shift
    echo
    echo "==================== stage: $name ===================="
    echo "+ $*"
    current="$name"
    local t=$SECONDS
    "$@"
    passed+=("$name:$((SECONDS - t))s")
    current=""
}
# skip NAME REASON: recorded in the summary so a skipped stage never passes unnoticed.
skip() {
    echo
    echo "==================== stage: $1: SKIPPED ($2) ===================="
    skipped+=("$1")
}

# --- 0. install what's missing ----------------------------------------------------------------
if (( run_setup )); then
    if (( native_only )); then stage setup scripts/setup.sh --native
    else stage setup scripts/setup.sh
    fi
fi

# --- 1. native unit + integration tests (debug: debug assertions, DLX sanity checks on) -------
stage native-debug cargo test --all-targets

# --- 2. the big data-driven test over ../shared/data/puzzles, in release ----------------------
if [[ -f tests/puzzle_sets.rs ]]; then
    stage puzzle-sets-release cargo test --release --test puzzle_sets
else
    skip puzzle-sets-release "tests/puzzle_sets.rs not written yet"
fi

# --- 2a. every size: the whole 16×16 set through DLX and the bitmask oracle, in release ------
stage sizes-release cargo test --release --test sizes

# --- 2b. the exact-cover counts too slow for debug (pentominoes 6x10 and co.), in release ---------
stage cover-counts-release cargo test --release --test cover_counts

# --- 3. doctests (natively: on wasm32 they are reported ok without running) -------------------
stage doctests cargo test --doc

# --- 3b. the exact-cover engine's unit tests under Miri (unchecked links; about 3.5 min) ---------
# Needs the nightly toolchain with miri (scripts/setup.sh installs it; --native installs nothing).
if (( native_only )) && ! rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^miri'; then
    skip miri "--native and no nightly miri installed"
else
    stage miri scripts/miri.sh
fi

if (( native_only )); then
    skip fuzz-wasm-and-js "--native"
    exit 0
fi

# --- 4. a short pass of every fuzz target (cargo-fuzz on nightly, scripts/setup.sh installs it) --
# About 20 s each after the build (FUZZ_SMOKE_SECONDS to change); any crash fails the stage,
# and its reproducer is in fuzz/artifacts/. The long runs are `scripts/fuzz.sh 600` by hand.
stage fuzz-smoke scripts/fuzz.sh "${FUZZ_SMOKE_SECONDS:-20}"

# --- 5. the release wasm build, as the page uses it (www/pkg/; checks the wasm-bindgen CLI) ------
stage build-wasm scripts/build-wasm.sh

# --- 6-7. the wasm-bindgen-test suite (tests/wasm.rs) in Node, then in headless Chromium -------
# The suite has no wasm_bindgen_test_configure!(run_in_browser): it is a Node suite, and
# WASM_BINDGEN_USE_BROWSER=1 makes wasm-bindgen-test-runner run the very same tests in Chromium
# through chromedriver (the runner reads webdriver.json for Chromium's flags and adds
# --headless --no-sandbox itself). `--tests`, never doctests: on wasm32 those "pass" unrun.
# A plain #[test] is silently skipped on wasm32 ("no tests to run!"), so the count is checked.
#
# wasm_tests node|chromium
wasm_tests() {
    local where="$1" log="target/test-wasm-$1.log"
    command -v wasm-bindgen-test-runner >/dev/null \
        || { echo "test.sh: wasm-bindgen-test-runner not found (scripts/setup.sh installs wasm-bindgen-cli)" >&2; return 1; }
    local env=(CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
               WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-300}")
    if [[ "$where" == chromium ]]; then
        local driver="${CHROMEDRIVER:-$(command -v chromedriver || echo /usr/bin/chromedriver)}"
        [[ -x "$driver" ]] || { echo "test.sh: chromedriver not found ($driver): apt-get install chromium-driver" \
            "(scripts/setup.sh does), or set CHROMEDRIVER=/path/to/chromedriver" >&2; return 1; }
        command -v chromium >/dev/null || [[ -x /usr/bin/chromium ]] \
            || { echo "test.sh: chromium not found: apt-get install chromium (scripts/setup.sh does)" >&2; return 1; }
        if [[ ! -f webdriver.json ]]; then
            echo "test.sh: note: no webdriver.json; the runner's own flags only (--headless --no-sandbox)"
        elif (( EUID == 0 )) && ! grep -q -- 'no-sandbox' webdriver.json; then
            echo "test.sh: note: running as root and webdriver.json lacks --no-sandbox (the runner adds it)"
        fi
        env+=(WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER="$driver" WASM_BINDGEN_TEST_WEBDRIVER_JSON="$root/webdriver.json")
    fi
    mkdir -p target
    if ! env "${env[@]}" cargo test --target wasm32-unknown-unknown --tests 2>&1 | tee "$log"; then
        return 1
    fi
    local passed
    passed="$(awk '/^test result: ok\./ { n += $4 } END { print n + 0 }' "$log")"
    if (( passed == 0 )); then
        echo "test.sh: no wasm test ran in $where (all skipped?): see $log" >&2
        return 1
    fi
    echo "test.sh: wasm tests in $where: $passed passed"
}
stage wasm-node wasm_tests node
stage wasm-chromium wasm_tests chromium

# --- 8. JS unit tests of the page's modules (pure: decoding, numbering vs Rust, view model) ---
# They load www/pkg (built by stage build-wasm) in Node. (Benchmarks, bench/*.mjs, are not here.)
stage js-unit node --test www/test/

# --- 9. end to end: serve the repo on 127.0.0.1, drive Debian's Chromium with playwright-core ---
# Screenshots go to screenshots/ (gitignored); `node tests/e2e/run.mjs --perf` measures longer.
stage e2e node tests/e2e/run.mjs

# --- 10. the deployable build: dist/ (hashed assets, service worker, manifest) and the single file ---
# Builds dist/ from www/pkg (node scripts/build-dist.mjs --no-wasm, printing every file's size); builds
# and runs a page of tricky JavaScript (tests/dist/tricky/); serves dist/ under a sub-path, goes
# offline, updates it, and opens dist/dlx-sudoku.html from file://.
stage dist node tests/dist/run.mjs
