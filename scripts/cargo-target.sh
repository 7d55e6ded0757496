# Sourced (bash) by the scripts that run cargo or read what it builds, before they `cd` to the
# repository's root. Cargo takes a relative CARGO_TARGET_DIR (or CARGO_BUILD_TARGET_DIR) as
# relative to the directory it runs in; the scripts run it at the root, so a relative one is made
# absolute here, against the directory the script was started in, as cargo run there would take it.
#
#   cargo_target_dir    prints cargo's target directory as cargo resolves it (those variables, a
#                       config's build.target-dir, else target/): `cargo metadata`'s target_directory
for _var in CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR; do
    if [[ -n "${!_var:-}" && "${!_var}" != /* ]]; then
        export "$_var=$PWD/${!_var}"
    fi
done
unset _var

cargo_target_dir() {
    local dir
    dir="$(cargo metadata --format-version 1 --no-deps --offline 2>/dev/null \
        | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
    [[ -n "$dir" ]] || { echo "cargo_target_dir: 'cargo metadata' gave no target_directory (run it to see why)" >&2; return 1; }
    echo "$dir"
}
