#!/usr/bin/env bash
# Builds the npm package of the wasm build into target/npm/ (or DIR), ready for `npm pack`:
#   scripts/build-wasm.sh --npm    the module with the package's exports (feature npm), its glue
#                                  and wasm-bindgen's TypeScript types, into target/npm/pkg/
#   npm/                           the package's own files: README.md, node.js (Node 20+),
#                                  browser.js (browsers, bundlers), index.d.ts, package.json
#                                  (its version written from Cargo.toml's)
#
#   scripts/build-npm.sh [DIR]     then: (cd target/npm && npm pack)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/cargo-target.sh"   # a relative CARGO_TARGET_DIR: from here, as cargo takes it
out="$(realpath -m "${1:-$root/target/npm}")"
cd "$root"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

scripts/build-wasm.sh --npm
# (Compared as real paths: in CI target/ is a link to a cache, and the package's folder named
# through the link was taken for another one, emptied, and then copied from itself.)
if [[ "$out" != "$(realpath -m "$root/target/npm")" ]]; then
    rm -rf "$out"
    mkdir -p "$out"
    cp -R target/npm/pkg "$out/pkg"
fi
cp npm/README.md npm/node.js npm/browser.js npm/index.d.ts "$out/"
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)"
[[ -n "$version" ]] || { echo "build-npm: no version in Cargo.toml" >&2; exit 1; }
node -e '
  const [from, to, version] = process.argv.slice(1);
  const p = JSON.parse(require("fs").readFileSync(from, "utf8"));
  const { name, ...rest } = p;
  require("fs").writeFileSync(to, JSON.stringify({ name, version, ...rest }, null, 2) + "\n");
' npm/package.json "$out/package.json" "$version"
for f in $(node -e 'console.log(require(process.argv[1]).files.join("\n"))' "$out/package.json"); do
    [[ -f "$out/$f" ]] || { echo "build-npm: $out/$f is missing (package.json lists it)" >&2; exit 1; }
done
echo "build-npm: $out: dlx-sudoku $version ($(stat -c %s "$out/pkg/dlx_sudoku_bg.wasm") bytes of wasm, $(gzip -9 -c "$out/pkg/dlx_sudoku_bg.wasm" | wc -c) gzipped); pack it with: (cd $out && npm pack)"
