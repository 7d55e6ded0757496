#!/usr/bin/env bash
# THE test command: runs every test of dlx-sudoku, in stages, and ends with a one-line summary.
#
#   scripts/test.sh              install what's missing (scripts/setup.sh), then run every stage
#   scripts/test.sh --native     native stages only (setup --native: nothing to install)
#   scripts/test.sh --no-setup   skip scripts/setup.sh (.ci/run has just run it)
#   scripts/test.sh --only STAGE[,STAGE...]   only these stages (names as the banners give them;
#                                e.g. --only build-wasm,e2e): a stage's inputs must be there already
#
# Stages stop at the first failure; the last line says which stage failed, or that all passed.
# Miri and the fuzz smoke test run in the background beside the other stages (see "the
# background lane" below); their logs are target/stage-NAME.log, printed when they end.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# CI (a fresh clone: .ci/run sets CI=true) builds every crate once: cargo's incremental caches
# would only cost time, and debug builds keep line tables only (a backtrace keeps its lines).
# Measured on the debug test build: 66 s of CPU instead of 77. Not set outside CI, where they
# would make the next plain `cargo test` build everything again.
if [[ "${CI:-}" == true ]]; then
    export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
    export CARGO_PROFILE_DEV_DEBUG="${CARGO_PROFILE_DEV_DEBUG:-line-tables-only}"
    export CARGO_PROFILE_TEST_DEBUG="${CARGO_PROFILE_TEST_DEBUG:-line-tables-only}"
fi

native_only=0 run_setup=1 only=""
while (( $# )); do
    case "$1" in
        --native) native_only=1 ;;
        --no-setup) run_setup=0 ;;
        --only) [[ -n "${2:-}" ]] || { echo "test.sh: --only needs a stage name (try --help)" >&2; exit 2; }
                only="$2"; shift ;;
        --only=*) only="${1#--only=}" ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "test.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

# --- stage bookkeeping -----------------------------------------------------------------------
t_all=$SECONDS
current="" passed=() skipped=() cpu=() lane_pids=() lane_names=() lane_seen=()
# The dist stage writes the build's sizes here (tests/dist/sizes.mjs); the summary repeats them.
sizes_file=target/dist-sizes.txt
rm -f "$sizes_file"
finish() {
    local rc=$?
    lane_stop
    (( ${#cpu[@]} )) && echo "test.sh: CPU time (user+sys) per stage: ${cpu[*]}"
    [[ -f "$sizes_file" ]] && echo "test.sh: sizes (gzip -9): $(cat "$sizes_file")"
    if (( rc == 0 )) && ! only_check; then rc=2; fi
    if (( rc != 0 )) && [[ -n "$current" ]]; then
        echo "test.sh: FAIL in stage '$current' (exit $rc) after $((SECONDS - t_all))s; passed: ${passed[*]:-none}"
    elif (( rc != 0 )); then
        echo "test.sh: FAIL (exit $rc) after $((SECONDS - t_all))s; passed: ${passed[*]:-none}"
    else
        echo "test.sh: PASS: ${#passed[@]} stages in $((SECONDS - t_all))s (${passed[*]})${skipped:+; skipped: ${skipped[*]}}${only:+; only $only}"
    fi
    exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT    # so that finish reports an interrupted run as failed (and stops the lane)
trap 'exit 143' TERM

# timed FILE COMMAND...: runs COMMAND (with set -e) in a subshell that writes its CPU time, user +
# sys of the subshell and everything under it in whole seconds, to FILE when it ends, failed or not.
# (bash's `times`, called in that subshell itself: a $(…) or a pipe would be a fresh process.)
cpu_to() {
    times > "$1.times"
    awk '{ for (k = 1; k <= 2; k++) { split($k, a, /[ms]/); s += a[1] * 60 + a[2] } } END { printf "%d\n", s + 0.5 }' "$1.times" > "$1"
    rm -f "$1.times"
}
timed() {
    local f="$1"; shift
    ( set -e; trap "cpu_to '$f'" EXIT; "$@" )
}

# wanted NAME: whether stage NAME runs (with --only, only those named); notes that NAME exists.
stage_names=()
wanted() {
    stage_names+=("$1")
    [[ -z "$only" || ",$only," == *",$1,"* ]]
}
# only_check: with --only, fails when a name given is no stage's (a typo would run nothing).
only_check() {
    [[ -n "$only" ]] || return 0
    local n unknown=()
    for n in ${only//,/ }; do [[ " ${stage_names[*]} " == *" $n "* ]] || unknown+=("$n"); done
    (( ${#unknown[@]} == 0 )) && return 0
    echo "test.sh: --only: no stage named ${unknown[*]} (stages: ${stage_names[*]})" >&2
    return 1
}

# stage NAME COMMAND...: banner, run, record the time. A failing command ends the script (set -e).
stage() {
    local name="$1"; shift
    wanted "$name" || return 0
    lane_poll
    echo
    echo "==================== stage: $name ===================="
    echo "+ $*"
    current="$name"
    local t=$SECONDS f="${TMPDIR:-/tmp}/test-sh.$$.$name.cpu"
    timed "$f" "$@"
    passed+=("$name:$((SECONDS - t))s")
    cpu+=("$name:$(cat "$f" 2>/dev/null || echo '?')s"); rm -f "$f"
    current=""
}

# --- the background lane ------------------------------------------------------------------------
# Miri and the fuzz smoke test use one core each (Miri interprets the tests on one thread;
# fuzz.sh runs one libFuzzer target after another), and so do most of the page's stages (one
# Node, one Chromium page at a time): one after the other, they left a core idle for minutes.
# `lane NAME COMMAND... [--- NAME COMMAND...]...` runs such stages one after another in the
# background while the other stages go on; each call starts a lane of its own, beside the
# others. Each stage writes only its own log (target/stage-NAME.log) and builds in its own
# directory (target/miri, fuzz/target: no cargo lock shared with the foreground). A stage of a
# lane is reported (banner, its whole log, its time) at the first stage boundary after it ends;
# if it failed, the script stops there, naming it. `lane_join` waits for the rest at the end. A
# failure in the foreground stops the lanes.
lane() {
    local names=() prev=--- a
    for a in "$@"; do [[ "$prev" == --- ]] && names+=("$a"); prev="$a"; done
    mkdir -p target
    for n in "${names[@]}"; do rm -f "target/stage-$n.log" "target/stage-$n.result"; done
    lane_names+=("${names[@]}")
    echo
    echo "==================== stages in the background: ${names[*]} (logs: target/stage-NAME.log) ===================="
    set -m   # its own process group, so that lane_stop can stop it and everything it started
    lane_run "$@" </dev/null &
    lane_pids+=($!)
    set +m
}
# lane_wanted NAME COMMAND... [--- NAME COMMAND...]...: `lane` with only the stages that run (see
# `wanted`: with --only, those named); no lane when none does.
lane_wanted() {
    local keep=() part=() a
    for a in "$@" ---; do
        if [[ "$a" == --- ]]; then
            if (( ${#part[@]} )) && wanted "${part[0]}"; then
                (( ${#keep[@]} )) && keep+=(---)
                keep+=("${part[@]}")
            fi
            part=()
        else
            part+=("$a")
        fi
    done
    (( ${#keep[@]} )) && lane "${keep[@]}"
    return 0
}
lane_run() {
    set +e
    while (( $# )); do
        local name="$1" cmd=(); shift
        while (( $# )) && [[ "$1" != --- ]]; do cmd+=("$1"); shift; done
        (( $# )) && shift
        local t=$SECONDS log="target/stage-$name.log" f="target/stage-$name.cpu" rc
        echo "+ ${cmd[*]}" > "$log"
        timed "$f" "${cmd[@]}" >> "$log" 2>&1
        rc=$?
        echo "$rc $((SECONDS - t)) $(cat "$f" 2>/dev/null || echo '?')" > "target/stage-$name.result"
        rm -f "$f"
        (( rc == 0 )) || exit "$rc"
    done
}
# lane_report NAME: prints a finished stage of the lane; fails (naming it) if it failed.
lane_report() {
    local name="$1" rc wall c
    read -r rc wall c < "target/stage-$name.result"
    lane_seen+=("$name")
    echo
    echo "==================== stage: $name (ran in the background; log: target/stage-$name.log) ===================="
    cat "target/stage-$name.log"
    if (( rc != 0 )); then
        current="$name"
        exit "$rc"
    fi
    passed+=("$name:${wall}s(bg)")
    cpu+=("$name:${c}s")
}
# lane_poll: reports the stages of the lane that have ended since the last look.
lane_poll() {
    local n
    for n in "${lane_names[@]}"; do
        [[ " ${lane_seen[*]} " == *" $n "* ]] && continue
        [[ -f "target/stage-$n.result" ]] || continue
        lane_report "$n"
    done
}
# lane_join: waits for the lane to end, then reports the rest of it.
lane_join() {
    (( ${#lane_pids[@]} )) || return 0
    local n p pending=()
    for n in "${lane_names[@]}"; do [[ " ${lane_seen[*]} " == *" $n "* ]] || pending+=("$n"); done
    (( ${#pending[@]} )) && echo && echo "test.sh: waiting for the background stages: ${pending[*]}"
    for p in "${lane_pids[@]}"; do wait "$p" || true; done
    lane_pids=()
    lane_poll
    for n in "${lane_names[@]}"; do
        [[ " ${lane_seen[*]} " == *" $n "* ]] && continue
        current="$n"
        echo "test.sh: background stage $n ended without a result (see target/stage-$n.log)" >&2
        exit 1
    done
}
# lane_stop: on the way out after a failure, stops what is still running in the background.
lane_stop() {
    (( ${#lane_pids[@]} )) || return 0
    local n p running=()
    for p in "${lane_pids[@]}"; do kill -0 "$p" 2>/dev/null && running+=(x); done
    if (( ${#running[@]} )); then
        running=()
        for n in "${lane_names[@]}"; do [[ -f "target/stage-$n.result" ]] || running+=("$n"); done
        echo "test.sh: stopping the background stages ${running[*]} (logs in target/stage-NAME.log)"
        for p in "${lane_pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null || true; done
    fi
    for p in "${lane_pids[@]}"; do wait "$p" 2>/dev/null || true; done
    lane_pids=()
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
    wanted "$1" || return 0
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

# --- 0. the docs: every relative link in README.md and docs/ resolves (file and heading), and the
# README stays a front door (at most 300 lines). Under a second.
if command -v node >/dev/null; then
    stage docs node --test tests/docs/
elif (( native_only )); then
    skip docs "--native and no node"
else
    echo "test.sh: node not found (Node 20 expected)" >&2; exit 1
fi

# --- 0a. in the background (see "the background lane" above), from the start, beside every other
# stage: a long single-core stage started late held the whole run up while it ended alone:
# - miri: the exact-cover engines' unit tests under Miri (unchecked links and cells).
#   Needs the nightly toolchain with miri (scripts/setup.sh installs it; --native installs nothing).
# - fuzz-smoke: a short pass of every fuzz target (cargo-fuzz on nightly, scripts/setup.sh
#   installs it). About 10 s each after the build (FUZZ_SMOKE_SECONDS to change); any crash
#   fails the stage, and its reproducer is in fuzz/artifacts/. The long runs are
#   `scripts/fuzz.sh 600` by hand.
# Each in a lane of its own, so that neither waits for the other: Miri is the longest stage
# of all, and runs its two halves side by side (scripts/miri.sh).
if (( native_only )) && ! rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^miri'; then
    skip miri "--native and no nightly miri installed"
elif wanted miri; then
    lane miri scripts/miri.sh
fi
if (( ! native_only )) && wanted fuzz-smoke; then
    lane fuzz-smoke scripts/fuzz.sh "${FUZZ_SMOKE_SECONDS:-10}"
fi
# - deploy: docs/deploy.md's commands as written, in a fresh clone of HEAD outside the repository
#   (after the README's serve command), then the single file they build opened offline in
#   Chromium (tests/deploy/run.mjs). Mostly one core (the clone's crate is built again, then
#   wasm-opt and esbuild); cargo builds into target/deploy-test/cargo, no lock shared with the
#   foreground. Needs the set-up (wasm-bindgen, Chromium, node_modules) and the npm registry.
if (( ! native_only )) && wanted deploy; then
    lane deploy node tests/deploy/run.mjs
fi

# --- 0b. the code's format (rustfmt.toml) in the crate, bench/cover and fuzz/, which are
# workspaces of their own: seconds, so first. `cargo fmt` (in each) mends what it reports.
format_check() {
    cargo fmt --check
    (cd bench/cover && cargo fmt --check)
    (cd fuzz && cargo fmt --check)
}
# --- 0c. clippy on the crate, every target, natively and for wasm32 (the wasm layer and the
# wasm-only code paths are compiled only there): no warning passes.
lint() {
    cargo clippy --all-targets -- -D warnings
    if (( ! native_only )) || rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
        # The page's module (the library, no features); then every target with the exports only
        # tests call (src/wasm/bench.rs) and tests/wasm.rs, which needs them, and the npm
        # package's (src/wasm/package.rs): feature npm takes in test-exports. The tests are
        # linted once, with the features they are run with.
        cargo clippy --target wasm32-unknown-unknown --lib -- -D warnings
        cargo clippy --target wasm32-unknown-unknown --all-targets --features npm -- -D warnings
    fi
}
for check in format:fmt:format_check clippy:clippy:lint; do
    IFS=: read -r name tool run <<< "$check"
    if cargo "$tool" --version >/dev/null 2>&1; then
        stage "$name" "$run"
    elif (( native_only )); then
        skip "$name" "--native and no cargo $tool installed"
    else
        echo "test.sh: cargo $tool not found (scripts/setup.sh adds it)" >&2; exit 1
    fi
done

# --- 1. native unit + integration tests (debug: debug assertions, DLX sanity checks on) -------
counted native-debug cargo test --all-targets

# --- 1b. the command line's manual pages and completion scripts, made from its grammar (as a
# user would make them, into target/docs; cli/tests/cli.rs checked what they hold) -------------------
stage cli-docs scripts/docs.sh target/docs

# --- 1c. the library as others get it: the root package (dlx-sudoku) alone, without the CLI in
# cli/. Its normal dependencies (default features) hold no command-line crate and no threads
# (checked against the tree with feature parallel, which must show rayon: the check can see
# it); its docs build without a warning, with and without parallel (the workspace's build turns
# it on for the CLI); the example on the library alone (examples/sudoku.rs) answers the POJ
# 3074 sample as the judge expects; the package holds only the code, the README and the
# manifest; and `cargo publish --dry-run` builds it as crates.io would (from the registry's
# index: the wasm dependencies' versions). About a minute, mostly the package's build.
library_checks() {
    local tree bad
    tree="$(cargo tree -p dlx-sudoku -e normal --prefix none)"
    bad="$(grep -E '^(clap|clap_builder|clap_complete|clap_mangen|rayon|rayon-core) ' <<<"$tree" || true)"
    [[ -z "$bad" ]] || { echo "library: the library's default dependencies take in:" >&2; echo "$bad" >&2; return 1; }
    cargo tree -p dlx-sudoku -e normal --prefix none --features parallel | grep -q '^rayon ' \
        || { echo "library: cargo tree with feature parallel shows no rayon: the check above sees nothing" >&2; return 1; }
    echo "library: default dependencies: $(sed -n '2,$p' <<<"$tree" | wc -l) natively (no clap, no rayon)"
    RUSTDOCFLAGS="-D warnings" cargo doc --no-deps
    RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p dlx-sudoku
    cargo run --quiet -p dlx-sudoku --example sudoku < tests/data/poj3074.in | diff - tests/data/poj3074.out
    echo "library: examples/sudoku.rs answered tests/data/poj3074.in as tests/data/poj3074.out"
    local files
    files="$(cargo package --list --quiet -p dlx-sudoku --allow-dirty)"
    bad="$(grep -vxE '\.cargo_vcs_info\.json|Cargo\.(lock|toml|toml\.orig)|README\.md|examples/sudoku\.rs|src/.*\.rs' <<<"$files" || true)"
    [[ -z "$bad" ]] || { echo "library: the package would hold more than code, README and manifest:" >&2; echo "$bad" >&2; return 1; }
    grep -qx 'src/lib.rs' <<<"$files" || { echo "library: the package has no src/lib.rs" >&2; return 1; }
    echo "library: the package holds $(wc -l <<<"$files") files"
    cargo publish --dry-run --quiet -p dlx-sudoku --allow-dirty
}
stage library library_checks

# --- 2. the release stages' test binaries, built at once (on both cores: cargo builds them side
# by side) with the release build's code but not its LTO (Cargo.toml's [profile.release-tests]) ---
release=(--profile release-tests)
stage build-release cargo test "${release[@]}" --no-run --test puzzle_sets --test sizes --test cover_counts

# --- 2a. docs/cli.md's Slurm recipe on a real single-node Slurm that the test starts and stops
# (tests/slurm/run.sh; root, Debian's slurm-wlm and munge from scripts/setup.sh): split, an array
# job through sbatch, --sum, a failed task resubmitted. Where Slurm cannot start, it fails. --native
# installs nothing: there it runs only where Slurm is installed. In the background, from here (it
# needs the CLI that build-release made): its 27 s are nearly all Slurm's scheduling, with the
# CPU idle (1 s of CPU in CI's run of ab0583d), so the stages below go on beside it.
if (( native_only )) && ! command -v slurmctld >/dev/null && [[ ! -x /usr/sbin/slurmctld ]]; then
    skip slurm "--native and no Slurm installed"
else
    lane_wanted slurm tests/slurm/run.sh
fi

# --- 2b. the big data-driven test over tests/data/puzzles, in release -------------------------
counted puzzle-sets-release cargo test "${release[@]}" --test puzzle_sets

# --- 2c. every size: the whole 16×16 set through DLX and the bitmask oracle, in release ------
counted sizes-release cargo test "${release[@]}" --test sizes

# --- 2d. the exact-cover counts too slow for debug (pentominoes 6x10 and co.), in release ---------
counted cover-counts-release cargo test "${release[@]}" --test cover_counts

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
    stage mutants scripts/mutants.sh --ci
fi

if (( native_only )); then
    lane_join
    skip fuzz-wasm-and-js "--native"
    exit 0
fi

# --- 5. the release wasm build, as the page uses it (www/pkg/; checks the wasm-bindgen CLI) ------
stage build-wasm scripts/build-wasm.sh
# The same with the exports only tests and benchmarks call, then the JS unit tests of the page's
# modules (pure: decoding, numbering vs Rust, view model), which load it (www/test/ loads
# www/pkg-test; the modules under test read the exported enums from www/pkg), in Node.
# (Benchmarks, bench/*.mjs, are not here.) In the background, beside wasm-node: the build's
# link-time optimisation and wasm-opt run on one core (28 s of wall time for 30 s of CPU in
# CI's run of ab0583d), and its release build locks other directories (target/release and
# target/wasm32-unknown-unknown/release) than the wasm tests' debug build.
# After them in the same lane (its release build takes the same locks):
# --- 5a. the npm package (scripts/build-npm.sh: the module with feature npm, wasm-bindgen's types,
# npm/'s files): packed, installed from the tarball into a fresh project in the system's temporary
# directory, run there in Node (a Sudoku solved, 8 queens counted, a trace stepped forwards and
# back, every example of npm/README.md) and imported by a page in Chromium (tests/npm/run.mjs).
lane_wanted build-wasm-test scripts/build-wasm.sh --test-exports --- js-unit node --test www/test/ \
    --- npm node tests/npm/run.mjs

# --- 6-7. the wasm-bindgen-test suite (tests/wasm.rs) in Node, then in headless Chromium -------
# The suite has no wasm_bindgen_test_configure!(run_in_browser): it is a Node suite, and
# WASM_BINDGEN_USE_BROWSER=1 makes wasm-bindgen-test-runner run the very same tests in Chromium
# through chromedriver (the runner reads webdriver.json for Chromium's flags and adds
# --headless --no-sandbox itself). `--tests`, never doctests: on wasm32 those "pass" unrun.
# A plain #[test] is silently skipped on wasm32 ("no tests to run!"), so the counts are checked
# (tests/expected-counts.txt): the library's unit tests run here too (cfg_attr test / wasm_bindgen_test).
# Built with feature test-exports: tests/wasm.rs calls the exports only tests use (src/wasm/bench.rs).
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
        # The runner gives chromedriver 5 s to bind its port and then fails the run; on a busy
        # 2-core machine it once took longer (CI's run of d6fc077: "driver failed to bind port
        # during startup", no test run). 60 s, within which the runner restarts a driver that
        # has not bound after 10 s.
        env+=(WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER="$driver" WASM_BINDGEN_TEST_WEBDRIVER_JSON="$root/webdriver.json"
              WASM_BINDGEN_TEST_DRIVER_TIMEOUT="${WASM_BINDGEN_TEST_DRIVER_TIMEOUT:-60}")
    fi
    # Node runs every test built for wasm32 (the library's unit tests, tests/validity.rs and
    # tests/wasm.rs); Chromium, the same V8 with a page around it, the JS-facing suite.
    local which=(--tests)
    [[ "$where" == chromium ]] && which=(--test wasm)
    if [[ "$where" == node ]]; then
        counted_run "wasm-$where" wasm_node_side_by_side "${env[@]}"
        return
    fi
    # chromedriver sometimes loses the page ("Timed out receiving message from renderer", then
    # the runner's "missing field `chunk`"): no test failed, the run was cut off. Seen in CI runs
    # and here, 2 of 9 runs of this stage on 2026-11-27, beside Miri or alone, then passing
    # as they were. That failure alone earns one more run, said as FLAKY; a test's failure fails.
    if counted_run "wasm-$where" env "${env[@]}" cargo test --target wasm32-unknown-unknown --features test-exports "${which[@]}"; then
        return 0
    elif [[ "$where" == chromium ]] && grep -q 'Timed out receiving message from renderer' "target/test-wasm-$where.log" \
        && ! grep -q '^test result: FAILED' "target/test-wasm-$where.log"; then
        echo "test.sh: FLAKY: wasm-chromium: chromedriver lost the renderer (no test failed); running the stage once more"
        counted_run "wasm-$where" env "${env[@]}" cargo test --target wasm32-unknown-unknown --features test-exports "${which[@]}"
    else
        return 1
    fi
}
# wasm_node_side_by_side VAR=VALUE...: `cargo test --target wasm32-unknown-unknown --tests` with
# those in its environment (the runner), its two long test binaries side by side.
# wasm-bindgen-test-runner runs a binary's tests one after another on one thread: the library's
# unit tests and tests/wasm.rs (62 and 70 s here at load 6) ran one after the other, on one core
# of two once the lanes have ended. Built first, then `--lib` beside the rest (`--bins --test
# '*'`: together what `--tests` runs), each into a file of its own, printed in that order
# (counted_run reads each binary's result from it). The same tests and CPU; less wall time
# only where a core is idle (beside other work, 149 s before and 147 s after).
wasm_node_side_by_side() {
    local t=(--target wasm32-unknown-unknown --features test-exports) out=target/wasm-node-parts rc=0 lib rest
    export "$@"
    cargo test "${t[@]}" --tests --no-run || return 1
    mkdir -p "$out"
    cargo test "${t[@]}" --lib > "$out/lib.log" 2>&1 & lib=$!
    cargo test "${t[@]}" --bins --test '*' > "$out/rest.log" 2>&1 & rest=$!
    wait "$lib" || rc=1
    wait "$rest" || rc=1
    cat "$out/lib.log" "$out/rest.log"
    return "$rc"
}
stage wasm-node wasm_tests node
# Chromium's run of the same build goes on in the background, beside the page's tests: it waits
# mostly for chromedriver and the browser (32 s of wall time for 3 s of CPU in CI's run of ab0583d).
lane_wanted wasm-chromium wasm_tests chromium

# --- 9. end to end: serve the repo on 127.0.0.1, drive Debian's Chromium with playwright-core ---
# Screenshots go to screenshots/ (gitignored); `node tests/e2e/run.mjs --perf` measures longer.
# Three tests at a time, each worker with its own Chromium (E2E_JOBS to change), the longest first
# (tests/e2e/durations.json): a test spends much of its time waiting for the page, so three of
# them keep two cores busy, and no long test is left to run alone at the end.
# Each test's time goes to target/e2e-durations.json: after a green run, copying it over
# tests/e2e/durations.json refreshes the order. Each test's CPU (its worker's Chromium's) goes to
# target/e2e-cpu.json, the most costly listed in the log: where the stage's time goes.
stage e2e node tests/e2e/run.mjs --jobs "${E2E_JOBS:-3}" --durations-out target/e2e-durations.json --cpu-out target/e2e-cpu.json

# --- 10. the deployable build: dist/ (hashed assets, service worker, manifest) and the single file ---
# Builds dist/ from www/pkg (node scripts/build-dist.mjs --no-wasm, printing every file's size); builds
# and runs a page of tricky JavaScript (tests/dist/tricky/); serves dist/ under a sub-path, goes
# offline, updates it, and opens dist/dlx-sudoku.html from file://. First it prints the wasm module's
# and the single file's sizes (repeated in the summary) and fails when the module is past 160 KiB
# gzipped (tests/dist/sizes.mjs).
stage dist node tests/dist/run.mjs

# --- the background stages' end (they are reported as they finish; this waits for the rest) ---
lane_join
