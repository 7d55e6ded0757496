#!/usr/bin/env node
// Our wasm build against the C peers compiled to wasm (../shared/peers/build-wasm.sh), in one
// Node run (the peers in child Node processes), round by round: each round times ours, then fast_solv_9r2, then kudoku on the same
// file, so a slow spell of the machine hits all three; prints medians and the median of
// per-round ratios.
//
//   scripts/build-wasm.sh --test-exports && ../shared/peers/build-wasm.sh TDOKU target/peers/peers.wasm
//   node bench/wasm-peers.mjs [--rounds N] [--peers target/peers/peers.wasm]
//
// Files: magictour_top1465 (all) and forum_hardest_1905_11plus (first 5,000); modes unique
// (countSolutions(p, 2): stop at a second solution) and first (solve(p)).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const ROUNDS = Number(opt('--rounds', 7));
const peersWasm = path.resolve(root, opt('--peers', 'target/peers/peers.wasm'));
const puzzlesDir = path.resolve(root, process.env.SHARED_DIR ?? '../shared', 'data/puzzles');
const work = path.join(root, 'target/bench/wasm-peers');
fs.mkdirSync(work, { recursive: true });

// solve and countSolutions are test exports: scripts/build-wasm.sh --test-exports.
const ours = await import(path.join(root, 'www/pkg-test/dlx_sudoku.js'));
ours.initSync({ module: fs.readFileSync(path.join(root, 'www/pkg-test/dlx_sudoku_bg.wasm')) });
const runWasm = path.resolve(root, process.env.SHARED_DIR ?? '../shared', 'peers/run-wasm.mjs');
if (!fs.existsSync(peersWasm)) {
  console.error(`bench/wasm-peers.mjs: ${peersWasm} missing: ../shared/peers/build-wasm.sh TDOKU ${peersWasm}`);
  process.exit(2);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Our wasm: one pass over the puzzles, puzzles/s. */
function oursRate(puzzles, mode) {
  const fn = mode === 'unique' ? (p) => ours.countSolutions(p, 2) : (p) => (ours.solve(p) === undefined ? 0 : 1);
  let sink = 0;
  const t0 = performance.now();
  for (const p of puzzles) sink += fn(p);
  const secs = (performance.now() - t0) / 1000;
  if (sink === 0) throw new Error('no solution found');
  return puzzles.length / secs;
}

/** A C peer in wasm: one run of its driver over `file` (one pass), puzzles/s as it reports.
 *  It runs in a child Node (../shared/peers/run-wasm.mjs, WASI): many WASI instances in one
 *  Node 20 process crashed it (segfault) here. */
function peerRate(solver, mode, file) {
  const r = spawnSync(process.execPath, ['--no-warnings', runWasm, peersWasm, solver, mode, file, '1'], { encoding: 'utf8' });
  const m = r.stdout.match(/median\s+([\d.]+)\s+puzzles\/s/);
  if (r.status !== 0 || !m) throw new Error(`${solver} ${mode} ${file}: exit ${r.status}: ${r.stdout}${r.stderr}`);
  return Number(m[1]);
}

const lines = (file) => fs.readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.length === 81);
const forum = path.join(work, 'forum_hardest_5000.txt');
fs.writeFileSync(forum, lines(path.join(puzzlesDir, 'forum_hardest_1905_11plus.txt')).slice(0, 5000).join('\n') + '\n');
const files = [path.join(puzzlesDir, 'magictour_top1465.txt'), forum];

console.log(`bench/wasm-peers.mjs: Node ${process.version}, ${os.cpus()[0]?.model}, load ${os.loadavg()[0].toFixed(2)}; ${ROUNDS} rounds`);
const table = [];
for (const file of files) {
  const puzzles = lines(file);
  for (const mode of ['unique', 'first']) {
    oursRate(puzzles, mode); // warm-up
    const r = { ours: [], fast: [], kudoku: [] };
    for (let k = 0; k < ROUNDS; k++) {
      r.ours.push(oursRate(puzzles, mode));
      r.fast.push(peerRate('fast_solv_9r2', mode, file));
      r.kudoku.push(peerRate('kudoku', mode, file));
    }
    const ratio = (xs) => median(r.ours.map((o, k) => o / xs[k]));
    const row = [path.basename(file, '.txt'), mode, median(r.ours), median(r.fast), median(r.kudoku), ratio(r.fast), ratio(r.kudoku)];
    table.push(row);
    console.log(`  ${row[0]} ${mode}: ours ${row[2].toFixed(0)}/s  fast_solv_9r2 ${row[3].toFixed(0)}/s  kudoku ${row[4].toFixed(0)}/s  ` +
      `ours/fast_solv_9r2 ${row[5].toFixed(2)}x  ours/kudoku ${row[6].toFixed(2)}x`);
  }
}
console.log('\n| set | mode | wasm ours /s | fast_solv_9r2.wasm /s | kudoku.wasm /s | ours / fast_solv_9r2 | ours / kudoku |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [f, m, o, a, b, ra, rb] of table) {
  console.log(`| ${f} | ${m} | ${o.toFixed(0)} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${ra.toFixed(2)}× | ${rb.toFixed(2)}× |`);
}
