// The deployable build's sizes, and the budget that keeps them in check: the wasm module
// (gzipped, as a browser downloads it from a web site) must stay within MAX_WASM_GZ so the coming
// engines and views do not bloat it. Sizes are gzip level 9 (node's zlib), the level
// scripts/build-dist.mjs and scripts/build-wasm.sh report, so the numbers agree everywhere.
//
//   node tests/dist/sizes.mjs [DIST]      print the sizes, write target/dist-sizes.txt (read by
//                                         scripts/test.sh's summary); exit 1 past the budget
//   DIST_MAX_WASM_GZ=150000 node tests/dist/sizes.mjs    the same with another budget (bytes)

import { readFileSync, readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The module's budget, gzipped: 160 KiB (issue 36: so that new engines and views do not bloat
 *  it). In wasm the search's loop is one function per observer, not inlined into each caller. */
export const MAX_WASM_GZ = 160 * 1024;

const gz = (data) => gzipSync(data, { level: 9 }).length;

/** `{ wasm: {file, raw, gz}, single: {file, raw, gz} }` of a built dist/ folder. */
export function measure(dist) {
  const modules = readdirSync(dist, { recursive: true }).filter((f) => String(f).endsWith('.wasm'));
  if (modules.length !== 1) throw new Error(`expected one .wasm file in ${dist}, found ${modules.length}: ${modules.join(', ')}`);
  const one = (file) => {
    const data = readFileSync(join(dist, file));
    return { file: String(file), raw: data.length, gz: gz(data) };
  };
  return { wasm: one(modules[0]), single: one('dlx-sudoku.html') };
}

const n = (x) => x.toLocaleString('en');

/** One line of the sizes and the budget's margin, for logs and the test summary. */
export function describe({ wasm, single }, max = MAX_WASM_GZ) {
  const margin = max - wasm.gz;
  return `wasm module ${n(wasm.raw)} B raw, ${n(wasm.gz)} B gzipped (budget ${n(max)} B: ${
    margin >= 0 ? `${n(margin)} B to spare` : `${n(-margin)} B OVER`
  }); single file ${n(single.raw)} B raw, ${n(single.gz)} B gzipped`;
}

/** A message when the module is past the budget, else null. */
export function overBudget({ wasm }, max = MAX_WASM_GZ) {
  if (wasm.gz <= max) return null;
  return `the wasm module ${wasm.file} is ${n(wasm.gz)} bytes gzipped (gzip -9), past the budget of ${n(max)} bytes by ${n(wasm.gz - max)}: `
    + 'make it smaller (docs/benchmarks.md#sizes-of-the-build says where its size comes from) or, if the size is worth it, raise MAX_WASM_GZ in tests/dist/sizes.mjs and say why in the commit';
}

/** The budget in force: DIST_MAX_WASM_GZ (bytes) if set, else MAX_WASM_GZ. */
export function budget(env = process.env) {
  if (env.DIST_MAX_WASM_GZ === undefined || env.DIST_MAX_WASM_GZ === '') return MAX_WASM_GZ;
  const v = Number(env.DIST_MAX_WASM_GZ);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`DIST_MAX_WASM_GZ must be a positive number of bytes, not "${env.DIST_MAX_WASM_GZ}"`);
  return v;
}

/**
 * Measures dist/, prints the sizes, writes them to target/dist-sizes.txt for scripts/test.sh's
 * summary; returns the over-budget message or null.
 */
export function checkSizes(dist, root) {
  const max = budget();
  const sizes = measure(dist);
  const line = describe(sizes, max);
  console.log(`dist: size: ${line}`);
  mkdirSync(join(root, 'target'), { recursive: true });
  writeFileSync(join(root, 'target', 'dist-sizes.txt'), `${line}\n`);
  return overBudget(sizes, max);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../../..');
  const problem = checkSizes(resolve(process.argv[2] ?? join(root, 'dist')), root);
  if (problem) {
    console.error(`dist: FAIL size: ${problem}`);
    process.exit(1);
  }
}
