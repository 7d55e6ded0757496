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
current="" passed=() skipped=() cpu=()
finish() {
    local rc=$?
    if (( rc != 0 )) && [[ -n "$current" ]]; then
        echo "test.sh: FAIL in stage '$current' (exit $rc) after $((SECONDS - t_all))s; passed: ${passed[*]:-none}"
    elif (( rc != 0 )); then
        echo "test.sh: FAIL (exit $rc) after $((SECONDS - t_all))s; passed: ${passed[*]:-none}"
    else
        echo "test.sh: CPU time (user+sys) per stage: ${cpu[*]:-none}"
        echo "test.sh: PASS: ${#passed[@]} stages in $((SECONDS - t_all))s (${passed[*]})${skipped:+; skipped: ${skipped[*]}}"
    fi
}
trap finish EXIT

# cpu_now: sets cpu_s to the user+sys CPU seconds of every child this shell has waited for
# (bash's `times`; in the shell itself, not a $(…) subshell, whose children's times start at 0).
cpu_now() {
    local f="${TMPDIR:-/tmp}/test-sh-times.$$"
    times > "$f"
    cpu_s=$(awk 'NR == 2 { s = 0; for (k = 1; k <= 2; k++) { split($k, a, /[ms]/); s += a[1] * 60 + a[2] } printf "%d", s + 0.5 }' "$f")
    rm -f "$f"
}

# stage NAME COMMAND...: banner, run, record the time. A failing command ends the script (set -e).
stage() {
    local name="$1"; shift
    echo
    echo "==================== stage: $name ===================="
    echo "+ $*"
    current="$name"
    local t=$SECONDS c cpu_s; cpu_now; c=$cpu_s
    "$@"
    passed+=("$name:$((SECONDS - t))s")
    cpu_now; cpu+=("$name:$((cpu_s - c))s")
    current=""
}
# counted NAME COMMAND...: a stage that runs cargo tests, whose log (target/test-NAME.log) must
# show exactly the number of tests per test binary that tests/expected-counts.txt lists for NAME
# ("binary passed ignored"; a binary that ran nothing shows 0 0). A plain #[test] is silently
# skipped on wasm32 and a cfg typo can drop a module, so "some tests ran" is not enough.
# After adding or removing tests: UPDATE_COUNTS=1 scripts/test.sh rewrites the file (review the diff).
counted() {
    local name="$1"; shift
    stage "$name" counted_run "$name" "$@"
}
counted_run() {
    local name="$1" log="target/test-$1.log" file=tests/expected-counts.txt; shift
    mkdir -p target
    "$@" 2>&1 | tee "$log"
    local found want
    found="$(awk -v stage="$name" '
        function flush() { if (bin != "") print stage, bin, (seen ? p " " i : "0 0") }
        /^ +Running / { flush(); bin = ($2 == "unittests") ? $3 : $2; seen = 0; p = i = 0 }
        /^ +Doc-tests / { flush(); bin = "doc:" $2; seen = 0; p = i = 0 }
        /^test result: ok\./ { p += $4; i += $8; seen = 1 }
        END { flush() }' "$log" | sort)"
    want="$(awk -v stage="$name" '$1 == stage' "$file" 2>/dev/null | sort || true)"
    if [[ "${UPDATE_COUNTS:-0}" == 1 ]]; then
        { grep -v "^$name " "$file" 2>/dev/null || true; echo "$found"; } | sort > "$file.new"
        mv "$file.new" "$file"
        echo "test.sh: UPDATE_COUNTS=1: wrote the counts of $name to $file"
    elif [[ "$found" != "$want" ]]; then
        echo "test.sh: the tests that ran in $name differ from $file (binary passed ignored):" >&2
        diff <(echo "$want") <(echo "$found") | sed 's/^</  expected/; s/^>/  found   /' >&2 || true
        echo "test.sh: if the change is meant, UPDATE_COUNTS=1 scripts/test.sh and commit the file" >&2
        return 1
    fi
    echo "test.sh: $name: $(awk '{ p += $3; i += $4 } END { print p + 0 " passed, " i + 0 " ignored" }' <<<"$found"), as expected"
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
counted native-debug cargo test --all-targets

# --- 2. the big data-driven test over ../shared/data/puzzles, in release ----------------------
if [[ -f tests/puzzle_sets.rs ]]; then
    counted puzzle-sets-release cargo test --release --test puzzle_sets
else
    skip puzzle-sets-release "tests/puzzle_sets.rs not written yet"
fi

# --- 2a. every size: the whole 16×16 set through DLX and the bitmask oracle, in release ------
stage sizes-release cargo test --release --test sizes

# --- 2b. the exact-cover counts too slow for debug (pentominoes 6x10 and co.), in release ---------
counted cover-counts-release cargo test --release --test cover_counts

# --- 3. doctests (natively: on wasm32 they are reported ok without running) -------------------
counted doctests cargo test --doc

# --- 3a. mutation testing, a few minutes of it: about 6 mutants of the last commit's code (or of ---
# a shard of the library that rotates with the date); a mutant no test catches fails the stage
# (scripts/mutants.sh --ci; a whole module: scripts/mutants.sh MODULE; cargo-mutants from setup.sh).
if ! command -v cargo-mutants >/dev/null; then
    if (( native_only )); then skip mutants "--native and no cargo-mutants installed"
    else echo "test.sh: cargo-mutants not found (scripts/setup.sh installs it)" >&2; exit 1
    fi
else
    stage mutants scripts/mutants.sh --ci -j 2
fi

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
# A plain #[test] is silently skipped on wasm32 ("no tests to run!"), so the counts are checked
# (tests/expected-counts.txt): the library's unit tests run here too (cfg_attr test / wasm_bindgen_test).
#
# wasm_tests node|chromium
wasm_tests() {
    local where="$1"
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
    # Node runs every test built for wasm32 (the library's unit tests, tests/validity.rs and
    # tests/wasm.rs); Chromium, the same V8 with a page around it, the JS-facing suite.
    local which=(--tests)
    [[ "$where" == chromium ]] && which=(--test wasm)
    counted_run "wasm-$where" env "${env[@]}" cargo test --target wasm32-unknown-unknown "${which[@]}"
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
