#!/usr/bin/env bash
# Makes the command line's generated docs from its grammar (cli/src/args.rs), so that they never
# disagree with `--help`; they are not committed (cli/tests/cli.rs checks what the binary makes):
#   docs/man/dlx-sudoku.1, docs/man/dlx-sudoku-COMMAND.1   manual pages (clap_mangen)
#   docs/completions/dlx-sudoku.bash, _dlx-sudoku, dlx-sudoku.fish   completion scripts (clap_complete)
# Read a page with `man -l docs/man/dlx-sudoku-cover.1`, or install them: `man` looks in
# ~/.local/share/man/man1, and `dlx-sudoku completions --help` says where each shell looks.
# Usage: scripts/docs.sh [DIR]   (default: docs)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
out="${1:-docs}"

cargo build --quiet --bin dlx-sudoku
bin="$(cargo_target_dir)/debug/dlx-sudoku"
rm -rf "$out/man" "$out/completions"
"$bin" man "$out/man"
mkdir -p "$out/completions"
"$bin" completions bash > "$out/completions/dlx-sudoku.bash"
"$bin" completions zsh > "$out/completions/_dlx-sudoku"
"$bin" completions fish > "$out/completions/dlx-sudoku.fish"
echo "docs: $(ls "$out/man" | wc -l) manual pages in $out/man, 3 completion scripts in $out/completions"
