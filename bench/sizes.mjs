#!/usr/bin/env node
// Every size in the WebAssembly build (www/pkg-test/, from scripts/build-wasm.sh --test-exports: the
// page's module with solve and countSolutions), in Node, beside
// the native CLI in the same run: puzzles/s on the project's 16×16 set (tests/data/sudoku16.txt,
// 1,005 puzzles), its 105 hard ones, and the 25×25 and 4×4 files, "unique" mode
// (countSolutions(p, 2), as the page's worker asks) and "first" mode (solve(p)); and the slowest
// single 16×16 puzzle, the one the page's worker would take longest on.
//
//   scripts/build-wasm.sh --test-exports && cargo build --release && node bench/sizes.mjs [--runs N]
//
// Numbers only, no pass/fail (a wrong count aborts).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cargoTargetDir } from '../scripts/cargo-target.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const runs = argv.includes('--runs') ? Number(argv[argv.indexOf('--runs') + 1]) : 5;
const { default: init, ...dlx } = await import(path.join(root, 'www/pkg-test/dlx_sudoku.js'));
await init({ module_or_path: fs.readFileSync(path.join(root, 'www/pkg-test/dlx_sudoku_bg.wasm')) });

const lines = (name) => fs.readFileSync(path.join(root, 'tests/data', name), 'utf8').split('\n').filter(Boolean);
const sets = [
  ['sudoku16.txt', lines('sudoku16.txt')],
  ['sudoku16.txt hard (first 105)', lines('sudoku16.txt').slice(0, 105)],
  ['sudoku25.txt', lines('sudoku25.txt')],
  ['sudoku4.txt', lines('sudoku4.txt')],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function wasmRate(puzzles, mode) {
  const t0 = performance.now();
  for (const p of puzzles) {
    if (mode === 'unique') {
      if (dlx.countSolutions(p, 2) !== 1) throw new Error(`not unique: ${p}`);
    } else if (!dlx.solve(p)) throw new Error(`no solution: ${p}`);
  }
  return puzzles.length / ((performance.now() - t0) / 1000);
}

function nativeRate(name, puzzles, mode) {
  const file = path.join(root, 'target', `sizes-bench-${process.pid}.txt`);
  fs.writeFileSync(file, puzzles.join('\n') + '\n');
  const bin = path.join(cargoTargetDir(), 'release/dlx-sudoku'); // CARGO_TARGET_DIR too
  const r = spawnSync(bin, ['bench', '--engine', 'dlx', '--jobs', '1', '--repeat', '1', '--mode', mode, file], { encoding: 'utf8' });
  fs.unlinkSync(file);
  const m = /median\s+([\d.]+) puzzles\/s/.exec(r.stdout);
  if (!m) throw new Error(`${name}: ${r.stderr}`);
  return Number(m[1]);
}

console.log(`${runs} rounds, each wasm then native back to back; medians of rates and of per-round ratios`);
for (const [name, puzzles] of sets) {
  for (const mode of ['unique', 'first']) {
    const w = [], n = [], ratio = [];
    for (let r = 0; r < runs; r++) {
      const a = wasmRate(puzzles, mode), b = nativeRate(name, puzzles, mode);
      w.push(a); n.push(b); ratio.push(a / b);
    }
    console.log(`${name.padEnd(30)} ${mode.padEnd(6)} ${String(puzzles.length).padStart(5)} puzzles  wasm ${median(w).toFixed(0).padStart(7)} /s  native ${median(n).toFixed(0).padStart(7)} /s  wasm/native ${median(ratio).toFixed(2)}`);
  }
}
// The slowest single 16×16 puzzle in wasm (unique mode): each puzzle timed `runs` times, its
// fastest time kept (the least disturbed by the machine), and the slowest of those shown.
let worst = { ms: 0, line: 0 };
lines('sudoku16.txt').forEach((p, k) => {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    dlx.countSolutions(p, 2);
    best = Math.min(best, performance.now() - t0);
  }
  if (best > worst.ms) worst = { ms: best, line: k + 1 };
});
console.log(`slowest 16×16 in wasm, unique: tests/data/sudoku16.txt line ${worst.line}, ${worst.ms.toFixed(1)} ms (fastest of ${runs})`);
