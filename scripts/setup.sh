#!/usr/bin/env bash
# Installs what the tests and the web build need; skips whatever is already there.
#
#   scripts/setup.sh            everything: wasm32 target, rustfmt and clippy, the nightly toolchain
#                               with miri and cargo-fuzz (fuzz/), cargo-mutants, wasm-bindgen-cli (the
#                               version in Cargo.lock), Chromium + ChromeDriver (apt), npm packages
#   scripts/setup.sh --native   only what the native tests need (cargo; nothing is installed)
#
# Safe to run again and again, as root or not (not root: apt packages are only reported), with
# no stdin (CI). Only package registries are used: crates.io, Debian apt, npm; and rustup for
# the wasm32 target and the nightly toolchain.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

native_only=0
for arg in "$@"; do
    case "$arg" in
        --native) native_only=1 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "setup: unknown option $arg (try --help)" >&2; exit 2 ;;
    esac
done

say() { echo "setup: $*"; }
die() { echo "setup: ERROR: $*" >&2; exit 1; }
t0=$SECONDS

# --- cargo (never installed here: it is the machine's toolchain) -----------------------------
command -v cargo >/dev/null || die "cargo not found (expected rustup's toolchain in ~/.cargo/bin)"
say "$(cargo --version) present"
if (( native_only )); then
    say "--native: nothing else needed (done in $((SECONDS - t0))s)"
    exit 0
fi

# --- rustup target wasm32-unknown-unknown ------------------------------------------------------
if ! command -v rustup >/dev/null; then
    [[ -d "$(rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null)" ]] \
        || die "no rustup and no wasm32-unknown-unknown std: cannot add the target"
    say "wasm32-unknown-unknown std present (no rustup)"
elif rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "target wasm32-unknown-unknown already installed"
else
    say "adding target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
fi

# --- rustfmt and clippy (the `format` and `clippy` stages of test.sh) ---------------------------
# rustup's default profile has them; its minimal profile does not (and then the proxies exist
# but fail), so ask cargo.
for tool in fmt:rustfmt clippy:clippy; do
    if cargo "${tool%%:*}" --version >/dev/null 2>&1; then
        say "${tool##*:} present ($(cargo "${tool%%:*}" --version))"
    elif ! command -v rustup >/dev/null; then
        die "no ${tool##*:} and no rustup to add it: test.sh's ${tool%%:*} stage needs it"
    else
        say "adding the ${tool##*:} component"
        rustup component add "${tool##*:}"
    fi
done

# --- nightly toolchain with Miri (scripts/miri.sh: the engine's unit tests under Miri) -------
if ! command -v rustup >/dev/null; then
    say "WARNING: no rustup: cannot install nightly + miri; the miri stage of test.sh will fail"
elif rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^miri'; then
    say "nightly with miri already installed"
else
    say "installing the nightly toolchain with miri and rust-src (rustup, about 1 min)"
    rustup toolchain install nightly --profile minimal --component miri,rust-src
fi

# --- wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock -------------------
# The CLI must match the crate exactly, or wasm-bindgen refuses the module.
wbg_version() {
    if [[ -f Cargo.lock ]]; then
        awk '/^\[\[package\]\]/ { inpkg = 0 }
             /^name = "wasm-bindgen"$/ { inpkg = 1; next }
             inpkg && /^version = / { gsub(/"/, "", $3); print $3; exit }' Cargo.lock
    fi
}
want="$(wbg_version)"
if [[ -z "$want" ]]; then
    # No Cargo.lock (or no wasm-bindgen in it): take the exact pin from Cargo.toml.
    want="$(sed -n 's/^wasm-bindgen *= *"=\([0-9.]*\)".*/\1/p' Cargo.toml | head -n1)"
fi
[[ -n "$want" ]] || die "cannot find the wasm-bindgen version (Cargo.lock or an '=x.y.z' pin in Cargo.toml)"
have() { "$1" --version 2>/dev/null | awk '{print $2}'; }
if [[ "$(have wasm-bindgen)" == "$want" && "$(have wasm-bindgen-test-runner)" == "$want" ]]; then
    say "wasm-bindgen $want already installed"
else
    # Someone else (another shell, an earlier setup) may be installing it right now: wait.
    while command -v pgrep >/dev/null && pgrep -f "cargo install wasm-bindgen-cli" >/dev/null; do
        say "waiting for a running 'cargo install wasm-bindgen-cli' to finish"; sleep 10
    done
    if [[ "$(have wasm-bindgen)" == "$want" && "$(have wasm-bindgen-test-runner)" == "$want" ]]; then
        say "wasm-bindgen $want installed by the other process"
    else
        say "installing wasm-bindgen-cli $want (cargo install, takes 3-5 min; found: '$(have wasm-bindgen)')"
        t1=$SECONDS
        if ! cargo install wasm-bindgen-cli --version "$want" --locked --force; then
            say "'cargo install --locked' failed; retrying without --locked"
            cargo install wasm-bindgen-cli --version "$want" --force
        fi
        [[ "$(have wasm-bindgen)" == "$want" ]] || die "wasm-bindgen on PATH is '$(have wasm-bindgen)', wanted $want ($(command -v wasm-bindgen))"
        say "wasm-bindgen $want installed in $((SECONDS - t1))s"
    fi
fi

# --- the nightly toolchain and cargo-fuzz (scripts/fuzz.sh, the fuzz-smoke stage) ------------
# cargo-fuzz needs nightly (libFuzzer's coverage flags). The minimal profile (rustc, cargo, std)
# is all it needs; an installed nightly is kept as it is, never updated here.
if ! command -v rustup >/dev/null; then
    die "no rustup: cannot install the nightly toolchain that cargo-fuzz needs"
elif rustup toolchain list | grep -q '^nightly-'; then
    say "nightly toolchain present ($(rustup run nightly rustc --version))"
else
    say "installing the nightly toolchain (rustup, minimal profile)"
    t1=$SECONDS
    rustup toolchain install nightly --profile minimal
    say "nightly installed in $((SECONDS - t1))s"
fi
fuzz_version=0.13.2
have_fuzz() { cargo fuzz --version 2>/dev/null | awk '{print $2}'; }
if [[ "$(have_fuzz)" == "$fuzz_version" ]]; then
    say "cargo-fuzz $fuzz_version already installed"
else
    while command -v pgrep >/dev/null && pgrep -f "cargo install cargo-fuzz" >/dev/null; do
        say "waiting for a running 'cargo install cargo-fuzz' to finish"; sleep 10
    done
    if [[ "$(have_fuzz)" == "$fuzz_version" ]]; then
        say "cargo-fuzz $fuzz_version installed by the other process"
    else
        say "installing cargo-fuzz $fuzz_version (cargo install, takes 2-4 min; found: '$(have_fuzz)')"
        t1=$SECONDS
        if ! cargo install cargo-fuzz --version "$fuzz_version" --locked --force; then
            say "'cargo install --locked' failed; retrying without --locked"
            cargo install cargo-fuzz --version "$fuzz_version" --force
        fi
        [[ "$(have_fuzz)" == "$fuzz_version" ]] || die "cargo fuzz is '$(have_fuzz)', wanted $fuzz_version"
        say "cargo-fuzz $fuzz_version installed in $((SECONDS - t1))s"
    fi
fi

# --- cargo-mutants (scripts/mutants.sh and the mutants stage of scripts/test.sh) ------------
mutants_version=27.1.0
have_mutants() { cargo mutants --version 2>/dev/null | awk '{print $2}'; }
if [[ "$(have_mutants)" == "$mutants_version" ]]; then
    say "cargo-mutants $mutants_version already installed"
else
    while command -v pgrep >/dev/null && pgrep -f "cargo install cargo-mutants" >/dev/null; do
        say "waiting for a running 'cargo install cargo-mutants' to finish"; sleep 10
    done
    if [[ "$(have_mutants)" == "$mutants_version" ]]; then
        say "cargo-mutants $mutants_version installed by the other process"
    else
        say "installing cargo-mutants $mutants_version (cargo install, takes 5-10 min; found: '$(have_mutants)')"
        t1=$SECONDS
        if ! cargo install cargo-mutants --version "$mutants_version" --locked --force; then
            say "'cargo install --locked' failed; retrying without --locked"
            cargo install cargo-mutants --version "$mutants_version" --force
        fi
        [[ "$(have_mutants)" == "$mutants_version" ]] || die "cargo mutants is '$(have_mutants)', wanted $mutants_version"
        say "cargo-mutants $mutants_version installed in $((SECONDS - t1))s"
    fi
fi

# --- Debian packages: Chromium and ChromeDriver (browser tests, Playwright) ------------------
apt_pkgs=(chromium chromium-driver)
missing=()
for p in "${apt_pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if (( ${#missing[@]} == 0 )); then
    say "apt ${apt_pkgs[*]} already installed"
elif [[ "$(id -u)" != 0 ]]; then
    say "WARNING: not root; please install: apt-get install --no-install-recommends ${missing[*]}"
else
    say "apt-get install ${missing[*]}"
    t1=$SECONDS
    export DEBIAN_FRONTEND=noninteractive
    apt_opts=(-y -q -o DPkg::Lock::Timeout=600)
    apt-get "${apt_opts[@]}" update >/dev/null
    apt-get "${apt_opts[@]}" install --no-install-recommends "${missing[@]}" </dev/null
    say "apt packages installed in $((SECONDS - t1))s"
fi
for b in chromium chromedriver; do
    [[ -x /usr/bin/$b ]] || [[ "$(id -u)" != 0 ]] || die "/usr/bin/$b missing after install"
done

# --- npm packages (playwright-core, esbuild, binaryen's wasm-opt, dancing-links, Stryker, pixelmatch, pngjs)
if [[ -f package-lock.json ]]; then
    command -v npm >/dev/null || die "npm not found (Node 20 + npm expected on the machine)"
    stamp=node_modules/.setup-lock-sha256
    want_hash="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)"
    if [[ -d node_modules && -f "$stamp" && "$(cat "$stamp")" == "$want_hash" ]]; then
        say "node_modules up to date with package-lock.json"
    else
        say "npm ci (node_modules missing or older than package-lock.json)"
        t1=$SECONDS
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund </dev/null
        echo "$want_hash" > "$stamp"
        say "npm ci done in $((SECONDS - t1))s"
    fi
else
    say "no package-lock.json: skipping npm"
fi

# --- g++ (only the C++ benchmark peer needs it) -----------------------------------------------
if command -v g++ >/dev/null; then
    say "g++ present (benchmark peer)"
else
    say "note: g++ not found; only bench/ needs it (apt-get install g++)"
fi

say "done in $((SECONDS - t0))s"
