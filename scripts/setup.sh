#!/usr/bin/env bash
# Installs what the tests and the web build need; skips whatever is already there.
#
#   scripts/setup.sh            everything: wasm32 target, rustfmt and clippy, the nightly toolchain
#                               with miri and cargo-fuzz (fuzz/), cargo-mutants, wasm-bindgen-cli (the
#                               version in Cargo.lock), Chromium + ChromeDriver and the tests' fonts,
#                               GNU parallel, Slurm and munge (apt), npm packages
#   scripts/setup.sh --serve    only what serving the page and the deploy build need (scripts/serve.sh,
#                               scripts/build-dist.mjs): the wasm32 target, wasm-bindgen-cli and
#                               package.json's "dependencies" (binaryen's wasm-opt, esbuild)
#   scripts/setup.sh --native   only what the native tests need (cargo; nothing is installed)
#
# Safe to run again and again, as root or not (not root: apt packages are only reported), with
# no stdin (CI). Only package registries are used: crates.io, Debian apt, npm; and rustup for
# the wasm32 target and the nightly toolchain. Every cargo tool is installed with each of its
# dependencies at the version of a lock file (`--locked`: the crate's own Cargo.lock, or ours in
# scripts/pins/ where the crate's cannot be used; see scripts/pins/README.md); when that fails,
# setup stops with cargo's reason and never retries without the lock.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

mode=all
for arg in "$@"; do
    case "$arg" in
        --native) mode=native ;;
        --serve) mode=serve ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "setup: unknown option $arg (try --help)" >&2; exit 2 ;;
    esac
done

say() { echo "setup: $*"; }
die() { echo "setup: ERROR: $*" >&2; exit 1; }
# A command that fails where nothing handles it ends setup (set -e): say which, never silently.
trap 'echo "setup: ERROR: line $LINENO failed (exit $?): $BASH_COMMAND" >&2' ERR
t0=$SECONDS
cargo_home="${CARGO_HOME:-$HOME/.cargo}"

# install_pinned CRATE VERSION [cargo install options...]: installs CRATE's binaries at VERSION
# with every dependency at the version of a lock file. Ours, scripts/pins/CRATE-VERSION.Cargo.lock,
# if there is one: the crate's source is fetched alone (`cargo info` downloads and unpacks just
# that package, checked against the registry's checksum), copied with our lock into a temporary
# folder and installed from there. Otherwise the lock the crate ships (`cargo install --locked`).
# Either way, no dependency floats: a failure stops setup with cargo's reason.
install_pinned() {
    local crate="$1" version="$2"; shift 2
    local pin="$root/scripts/pins/$crate-$version.Cargo.lock"
    if [[ ! -f "$pin" ]]; then
        cargo install "$crate" --version "$version" --locked --force "$@" \
            || die "'cargo install $crate --version $version --locked' failed (cargo's reason above). Not retrying without the lock: make a lock that works and commit it as $pin (see scripts/pins/README.md)"
        return
    fi
    local tmp src
    tmp="$(mktemp -d "${TMPDIR:-/tmp}/setup-$crate-$version.XXXXXX")"
    (cd "$tmp" && cargo info --quiet "$crate@$version" >/dev/null) \
        || { rm -rf "$tmp"; die "could not fetch the source of $crate $version from crates.io ('cargo info $crate@$version' failed; its reason above)"; }
    src="$(find "$cargo_home/registry/src" -mindepth 2 -maxdepth 2 -type d -name "$crate-$version" 2>/dev/null | head -n1)"
    [[ -f "$src/Cargo.toml" ]] || { rm -rf "$tmp"; die "the source of $crate $version is not in $cargo_home/registry/src after 'cargo info'"; }
    cp -R "$src/." "$tmp/src-copy"
    cp "$pin" "$tmp/src-copy/Cargo.lock"
    say "building $crate $version with the lock $pin"
    if ! CARGO_TARGET_DIR="$tmp/target" cargo install --path "$tmp/src-copy" --locked --force "$@"; then
        rm -rf "$tmp"
        die "'cargo install --path <$crate $version> --locked' with $pin failed (cargo's reason above). Not retrying without the lock"
    fi
    rm -rf "$tmp"
}

# --- cargo (never installed here: it is the machine's toolchain) -----------------------------
command -v cargo >/dev/null || die "cargo not found (expected rustup's toolchain in ~/.cargo/bin)"
say "$(cargo --version) present"
if [[ "$mode" == native ]]; then
    say "--native: nothing else needed (done in $((SECONDS - t0))s)"
    exit 0
fi

# One setup at a time installs tools (another shell, another worktree, CI): the others wait here,
# then find the tools there and skip them.
mkdir -p "$cargo_home"
exec 9>"$cargo_home/.dlx-sudoku-setup.lock"
if command -v flock >/dev/null && ! flock -n 9; then
    say "waiting for another scripts/setup.sh to finish (lock: $cargo_home/.dlx-sudoku-setup.lock)"
    flock 9
fi

# --- npm packages (playwright-core, esbuild, binaryen's wasm-opt, dancing-links, Stryker, pixelmatch, pngjs)
# Mostly waiting on the registry and the disk, so it runs in the background beside the cargo
# builds below (about 15 s saved on a fresh machine); its output is printed when it is waited for.
# Serving needs only binaryen's wasm-opt and the deploy build esbuild, package.json's "dependencies":
# `--serve` installs those alone (`npm ci --omit=dev`) and stamps node_modules so; the tests'
# set-up finds that stamp short of theirs and installs everything.
npm_setup() {
    [[ -f package-lock.json ]] || { say "no package-lock.json: skipping npm"; return 0; }
    command -v npm >/dev/null || die "npm not found (Node 20 + npm expected on the machine)"
    local stamp=node_modules/.setup-lock-sha256 want_hash have_hash="" t1 omit=() what="every package"
    want_hash="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)"
    [[ -d node_modules && -f "$stamp" ]] && have_hash="$(cat "$stamp")"
    if [[ "$have_hash" == "$want_hash" ]]; then
        say "node_modules up to date with package-lock.json"
    elif [[ "$mode" == serve && "$have_hash" == "serve:$want_hash" ]]; then
        say "node_modules has what serving needs, up to date with package-lock.json"
    else
        if [[ "$mode" == serve ]]; then omit=(--omit=dev); what="what serving and the deploy build need (binaryen, esbuild)"; fi
        say "npm ci: $what (node_modules missing or older than package-lock.json)"
        t1=$SECONDS
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund "${omit[@]}" </dev/null
        echo "${omit:+serve:}$want_hash" > "$stamp"
        say "npm ci done in $((SECONDS - t1))s"
    fi
}
mkdir -p target
npm_setup > target/setup-npm.log 2>&1 &
npm_pid=$!
# npm_wait: waits for npm_setup, prints its log, stops setup if it failed.
npm_wait() {
    local rc=0
    wait "$npm_pid" || rc=$?
    cat target/setup-npm.log
    (( rc == 0 )) || die "npm ci failed (exit $rc; its output above)"
}

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

# --- wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock -------------------
# The CLI must match the crate exactly, or wasm-bindgen refuses the module. Built without its
# default feature (rustls-tls: TLS for ureq, which the test runner uses only to talk to
# chromedriver on http://127.0.0.1), which leaves out rustls, ring and webpki-roots.
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
# Serving needs only the wasm-bindgen binary; the tests need wasm-bindgen-test-runner too.
if [[ "$(have wasm-bindgen)" == "$want" && ( "$mode" == serve || "$(have wasm-bindgen-test-runner)" == "$want" ) ]]; then
    say "wasm-bindgen $want already installed"
else
    say "installing wasm-bindgen-cli $want (found: '$(have wasm-bindgen)')"
    t1=$SECONDS
    prebuild=""
    if [[ "$mode" == serve ]]; then
        # Serving builds the page's wasm next (scripts/build-wasm.sh): start that cargo build now,
        # beside this one, so that the two fill each other's idle moments (each crate's last,
        # single-threaded steps). build-wasm.sh then finds it done, or reports its error itself.
        mkdir -p target
        cargo build --release --target wasm32-unknown-unknown --lib > target/setup-prebuild.log 2>&1 &
        prebuild=$!
        trap 'kill "$prebuild" 2>/dev/null || true' EXIT   # if the install below fails
        say "meanwhile building the page's wasm (cargo, log: target/setup-prebuild.log)"
    fi
    # A lighter build profile for a tool that runs under a second a build: no LTO, many codegen
    # units, no debug info, and optimised little (docs/deploy.md says what it costs and saves).
    # Serving builds only the wasm-bindgen binary, unoptimised: it then compiles in about half
    # the time (81 s against 154 s here) and runs 0.6 s a build instead of 0.2 s, with the same
    # output. The tests' install (all of the crate's binaries, the test runner too) at opt-level 1.
    local_opt=1 only=()
    if [[ "$mode" == serve ]]; then local_opt=0 only=(--bin wasm-bindgen); fi
    CARGO_PROFILE_RELEASE_OPT_LEVEL=$local_opt CARGO_PROFILE_RELEASE_LTO=false \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 CARGO_PROFILE_RELEASE_DEBUG=false \
        install_pinned wasm-bindgen-cli "$want" --no-default-features "${only[@]}"
    [[ "$(have wasm-bindgen)" == "$want" ]] || die "wasm-bindgen on PATH is '$(have wasm-bindgen)', wanted $want ($(command -v wasm-bindgen))"
    say "wasm-bindgen $want installed in $((SECONDS - t1))s"
    if [[ -n "$prebuild" ]]; then
        if wait "$prebuild"; then say "the page's wasm built meanwhile ($((SECONDS - t1))s)"
        else say "the page's wasm build failed (scripts/build-wasm.sh will say why)"
        fi
        trap - EXIT
    fi
fi

npm_wait

if [[ "$mode" == serve ]]; then
    say "--serve: all that serving needs is there (done in $((SECONDS - t0))s)"
    exit 0
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
# cargo-fuzz needs nightly too (libFuzzer's coverage flags). An installed nightly is kept as it
# is, never updated here; the components it lacks are added.
if ! command -v rustup >/dev/null; then
    die "no rustup: cannot install the nightly toolchain that Miri and cargo-fuzz need"
elif rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^miri'; then
    say "nightly with miri already installed ($(rustup run nightly rustc --version))"
elif rustup toolchain list | grep -q '^nightly-'; then
    say "adding miri and rust-src to the installed nightly (rustup)"
    if ! rustup component add --toolchain nightly miri rust-src; then
        say "that nightly has no miri: installing the latest nightly with miri and rust-src"
        rustup toolchain install nightly --profile minimal --component miri,rust-src
    fi
else
    say "installing the nightly toolchain with miri and rust-src (rustup, about 1 min)"
    t1=$SECONDS
    rustup toolchain install nightly --profile minimal --component miri,rust-src
    say "nightly installed in $((SECONDS - t1))s"
fi

# --- cargo-fuzz (scripts/fuzz.sh, the fuzz-smoke stage) and cargo-mutants (scripts/mutants.sh,
# the mutants stage): each with the lock file it ships (see install_pinned). `cargo fuzz` fails
# (101) where cargo-fuzz is not installed: under pipefail that failed the assignment, and set -e
# ended setup there, silently, on every machine without it (`|| true`: "not found" is an answer).
for tool in fuzz:cargo-fuzz:0.13.2 mutants:cargo-mutants:27.1.0; do
    IFS=: read -r sub crate version <<< "$tool"
    found="$(cargo "$sub" --version 2>/dev/null | awk '{print $2}' || true)"
    if [[ "$found" == "$version" ]]; then
        say "$crate $version already installed"
    else
        say "installing $crate $version (found: '$found')"
        t1=$SECONDS
        install_pinned "$crate" "$version"
        found="$(cargo "$sub" --version 2>/dev/null | awk '{print $2}' || true)"
        [[ "$found" == "$version" ]] || die "cargo $sub is '$found' after installing $crate, wanted $version"
        say "$crate $version installed in $((SECONDS - t1))s"
    fi
done

# --- Debian packages: Chromium and ChromeDriver (browser tests, Playwright), Chromium's headless
# shell (the page's tests in playwright: tests/e2e/chromium.mjs, far less CPU than the whole
# browser), the fonts the page's tests see (FONT_PKGS: tests/e2e/fonts.conf names them and no
# others), GNU parallel (cli/tests/cover_parallel.rs runs the docs' command that counts --split's
# subproblems with it), and Slurm with munge (the slurm stage, tests/slurm/run.sh, starts a
# single-node Slurm of its own; nothing here configures or starts one) ---------------------------
# The pixel references (tests/e2e/refs/) were made with these fonts at these versions (Debian 12).
declare -A FONT_PKGS=([fonts-dejavu-core]=2.37-6 [fonts-dejavu-extra]=2.37-6 [fonts-wqy-microhei]=0.2.0-beta-3.1)
apt_pkgs=(chromium chromium-driver chromium-headless-shell parallel slurm-wlm munge "${!FONT_PKGS[@]}")
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
for b in /usr/bin/chromium /usr/bin/chromedriver /usr/bin/chromium-headless-shell /usr/bin/sbatch \
    /usr/sbin/slurmctld /usr/sbin/slurmd /usr/sbin/munged; do
    [[ -x $b ]] || [[ "$(id -u)" != 0 ]] || die "$b missing after install"
done
for p in "${!FONT_PKGS[@]}"; do
    v="$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)"
    [[ -z "$v" || "$v" == "${FONT_PKGS[$p]}" ]] \
        || say "WARNING: $p is $v, the pixel references were made with ${FONT_PKGS[$p]}: e2e's pixel tests may fail"
done

# --- g++ (only the C++ benchmark peer needs it) -----------------------------------------------
if command -v g++ >/dev/null; then
    say "g++ present (benchmark peer)"
else
    say "note: g++ not found; only bench/ needs it (apt-get install g++)"
fi

say "done in $((SECONDS - t0))s"
