#!/usr/bin/env node
// Benchmarks of the WebAssembly build (www/pkg-test/, from scripts/build-wasm.sh --test-exports) in Node:
//
//   1. solve throughput on magictour_top1465 and forum_hardest_1905_11plus, "unique" mode
//      (countSolutions(p, 2)) and "first" mode (solve(p)), side by side with the npm
//      `dancing-links` (the fastest JS DLX), median of RUNS runs, and the ratio ours / theirs;
//      then the native CLI (`target/release/dlx-sudoku bench`) if it is built, and wasm / native;
//   2. trace throughput: encoded events per second through Trace.nextBatch (1k, 16k, 256k
//      events per batch) on the empty grid and on a hard puzzle;
//   3. memory over 100M trace events (wasm memory, process RSS, JS heap, before and after);
//   4. the same trace benchmark in headless Chromium (bench/trace-chromium.mjs).
//
//   scripts/build-wasm.sh --test-exports && node bench/wasm.mjs
//   node bench/wasm.mjs --quick           smoke run: 2 runs, 500 puzzles per file, 10M events
//   options: --runs N (5)  --dl-limit N (5000: dancing-links on forum_hardest's first N puzzles;
//            0 = all)  --events N (100000000, for the memory run)  --no-browser  --no-native
//            --only solve|trace  --files magictour|forum (only the files whose name contains it)
//
// Not part of scripts/test.sh: numbers only, no pass/fail (apart from wrong answers, which abort).
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BATCHES, EMPTY, TRACE_PUZZLES, median, traceRate } from './trace-rate.mjs';
import { cargoTargetDir } from '../scripts/cargo-target.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const puzzlesDir = path.resolve(root, process.env.SHARED_DIR ?? '../shared', 'data/puzzles');
// The page's module with the exports only benchmarks call (solve, countSolutions):
// scripts/build-wasm.sh --test-exports.
const pkg = path.join(root, 'www/pkg-test');

// --- options -----------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const opt = (name, dflt) => {
  const k = argv.indexOf(name);
  return k >= 0 ? Number(argv[k + 1]) : dflt;
};
const quick = flag('--quick');
const RUNS = opt('--runs', quick ? 2 : 5);
const DL_LIMIT = opt('--dl-limit', 5000);
const MEMORY_EVENTS = opt('--events', quick ? 10e6 : 100e6);
const PUZZLE_LIMIT = quick ? 500 : Infinity;
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;

// A GC we can call, so that "memory before / after" is not GC timing noise.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

// --- the wasm module ---------------------------------------------------------------------------
if (!fs.existsSync(path.join(pkg, 'dlx_sudoku_bg.wasm'))) {
  console.error('bench/wasm.mjs: www/pkg-test/ is missing: run scripts/build-wasm.sh --test-exports first');
  process.exit(2);
}
const ours = await import(path.join(pkg, 'dlx_sudoku.js'));
const wasmBytes = fs.readFileSync(path.join(pkg, 'dlx_sudoku_bg.wasm'));
const exports = ours.initSync({ module: wasmBytes });
const wasmMemory = () => exports.memory.buffer.byteLength;

const { DancingLinks } = await import('dancing-links');

// --- helpers -----------------------------------------------------------------------------------
const fmt = (x, digits = 0) =>
  x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MiB`;
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

function readPuzzles(file) {
  return fs
    .readFileSync(path.join(puzzlesDir, file), 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length === 81);
}

/** Throws unless `line` is a valid filled grid keeping every given of `puzzle`. */
function checkSolution(puzzle, line, who) {
  const bad = (why) => {
    throw new Error(`${who}: wrong answer for ${puzzle}: ${line} (${why})`);
  };
  if (typeof line !== 'string' || !/^[1-9]{81}$/.test(line)) bad('not a filled grid');
  for (let k = 0; k < 81; k++) {
    const g = puzzle[k];
    if (g >= '1' && g <= '9' && g !== line[k]) bad(`given at cell ${k + 1} changed`);
  }
  for (let u = 0; u < 9; u++) {
    const row = new Set(), col = new Set(), box = new Set();
    for (let k = 0; k < 9; k++) {
      row.add(line[u * 9 + k]);
      col.add(line[k * 9 + u]);
      box.add(line[(Math.floor(u / 3) * 3 + Math.floor(k / 3)) * 9 + (u % 3) * 3 + (k % 3)]);
    }
    if (row.size !== 9 || col.size !== 9 || box.size !== 9) bad(`unit ${u + 1} repeats a digit`);
  }
}

// --- dancing-links on the Sudoku exact cover ---------------------------------------------------
// The same 324-item / 729-option model as ours (src/sudoku/model.rs). To give it its best shot,
// it gets the problem our engine searches after committing the givens: the givens' items are
// gone, and so is every option that clashes with a given; the remaining items are renumbered
// 0..n. (Feeding it the full 729 options with the givens as single options per cell is slower.)
// Its fastest API: a fresh solver, one addSparseConstraints batch, then find(2) / findOne().
// The numbering comes from our wasm (src/sudoku/model.rs), so both search the same matrix.
const OPTION_ITEMS = Int32Array.from(ours.sudokuTables(9).optionItems);
const dlx = new DancingLinks();

function dlProblem(puzzle) {
  const covered = new Uint8Array(324);
  for (let cell = 0; cell < 81; cell++) {
    const ch = puzzle.charCodeAt(cell);
    if (ch >= 49 && ch <= 57) {
      const o = cell * 9 + (ch - 49);
      for (let k = 0; k < 4; k++) covered[OPTION_ITEMS[o * 4 + k]] = 1;
    }
  }
  const map = new Int32Array(324);
  let columns = 0;
  for (let i = 0; i < 324; i++) map[i] = covered[i] ? -1 : columns++;
  const constraints = [];
  for (let o = 0; o < 729; o++) {
    const a = OPTION_ITEMS[o * 4], b = OPTION_ITEMS[o * 4 + 1], c = OPTION_ITEMS[o * 4 + 2], d = OPTION_ITEMS[o * 4 + 3];
    if (covered[a] | covered[b] | covered[c] | covered[d]) continue;
    constraints.push({ data: o, columnIndices: [map[a], map[b], map[c], map[d]] });
  }
  return { columns, constraints };
}

function dlSolve(puzzle, limit) {
  const { columns, constraints } = dlProblem(puzzle);
  const solver = dlx.createSolver({ columns });
  solver.addSparseConstraints(constraints);
  return limit === 1 ? solver.findOne() : solver.find(limit);
}

function dlGrid(puzzle, solution) {
  const g = puzzle.replace(/[^1-9]/g, '0').split('');
  for (const { data: o } of solution) g[Math.floor(o / 9)] = String((o % 9) + 1);
  return g.join('');
}

// --- solve throughput --------------------------------------------------------------------------
const engines = {
  'wasm dlx': {
    unique: (p) => ours.countSolutions(p, 2),
    first: (p) => ours.solve(p),
    verify(puzzles, mode) {
      const counts = [0, 0, 0];
      for (const p of puzzles) {
        if (mode === 'unique') counts[ours.countSolutions(p, 2)]++;
        else {
          const s = ours.solve(p);
          if (s === undefined) counts[0]++;
          else (checkSolution(p, s, 'wasm'), counts[1]++);
        }
      }
      return counts;
    },
  },
  'dancing-links': {
    unique: (p) => dlSolve(p, 2).length,
    first: (p) => dlSolve(p, 1).length,
    verify(puzzles, mode) {
      const counts = [0, 0, 0];
      for (const p of puzzles) {
        const sols = dlSolve(p, mode === 'unique' ? 2 : 1);
        for (const s of sols) checkSolution(p, dlGrid(p, s), 'dancing-links');
        if (sols.length === 2 && dlGrid(p, sols[0]) === dlGrid(p, sols[1])) {
          throw new Error(`dancing-links: the same solution twice for ${p}`);
        }
        counts[sols.length]++;
      }
      return counts;
    },
  },
};

function timeRuns(fn, puzzles) {
  const rates = [];
  let sink = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    for (let k = 0; k < puzzles.length; k++) sink += fn(puzzles[k]) ? 1 : 0;
    const secs = (performance.now() - t0) / 1000;
    rates.push(puzzles.length / secs);
  }
  if (sink < 0) console.log(sink);
  return { median: median(rates), min: Math.min(...rates), max: Math.max(...rates) };
}

function nativeBench(file) {
  const bin = path.join(cargoTargetDir(), 'release/dlx-sudoku'); // CARGO_TARGET_DIR too
  if (flag('--no-native') || !fs.existsSync(bin)) return null;
  const r = spawnSync(bin, ['bench', '--engine', 'dlx', '--mode', 'both', '--jobs', '1', '--repeat', String(RUNS),
    path.join(puzzlesDir, file)], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.log(`  native bench failed (exit ${r.status}): ${r.stderr.trim()}`);
    return null;
  }
  const out = {};
  for (const line of r.stdout.split('\n')) {
    const m = line.match(/\b(unique|first)\b.*median\s+([\d.]+)\s+puzzles\/s/);
    if (m) out[m[1]] = Number(m[2]);
  }
  return { ...out, stat: fs.statSync(bin) };
}

function solveBenchmarks() {
  console.log(`\n== 1. solve throughput (puzzles/s, median of ${RUNS} runs after a verified warm-up run; single thread)`);
  console.log(`   wasm: countSolutions(p, 2) = "unique", solve(p) = "first", string in, answer out`);
  console.log(`   dancing-links ${JSON.parse(fs.readFileSync(path.join(root, 'node_modules/dancing-links/package.json'))).version}: ` +
    `fresh solver per puzzle, givens pre-committed (clashing options dropped, items renumbered), ` +
    `addSparseConstraints + find(2) / findOne(), timed from the puzzle string`);
  const summary = [];
  const pick = argv.includes('--files') ? argv[argv.indexOf('--files') + 1] : '';
  for (const file of ['magictour_top1465.txt', 'forum_hardest_1905_11plus.txt'].filter((f) => f.includes(pick))) {
    const all = readPuzzles(file).slice(0, PUZZLE_LIMIT);
    const dlLimit = file.startsWith('forum') && DL_LIMIT > 0 ? Math.min(DL_LIMIT, all.length) : all.length;
    const sub = all.slice(0, dlLimit);
    console.log(`\n-- ${file}: ${fmt(all.length)} puzzles` +
      (sub.length < all.length ? ` (dancing-links: the first ${fmt(sub.length)} only; ours on both sets)` : ''));
    const native = nativeBench(file);
    for (const mode of ['unique', 'first']) {
      const rows = [];
      const oursAll = (() => {
        const v = engines['wasm dlx'].verify(all, mode);
        return { ...timeRuns(engines['wasm dlx'][mode], all), v, n: all.length };
      })();
      rows.push(['wasm dlx', oursAll]);
      let oursSub = oursAll;
      if (sub.length < all.length) {
        const v = engines['wasm dlx'].verify(sub, mode);
        oursSub = { ...timeRuns(engines['wasm dlx'][mode], sub), v, n: sub.length };
        rows.push([`wasm dlx (first ${fmt(sub.length)})`, oursSub]);
      }
      const v = engines['dancing-links'].verify(sub, mode);
      const theirs = { ...timeRuns(engines['dancing-links'][mode], sub), v, n: sub.length };
      rows.push([sub.length < all.length ? `dancing-links (first ${fmt(sub.length)})` : 'dancing-links', theirs]);
      if (String(theirs.v) !== String(oursSub.v)) {
        throw new Error(`${file} ${mode}: verdict counts differ: ours ${oursSub.v}, dancing-links ${theirs.v}`);
      }
      for (const [name, r] of rows) {
        const verdicts = mode === 'unique' ? `none=${r.v[0]} unique=${r.v[1]} multiple=${r.v[2]}` : `solved=${r.v[1]} none=${r.v[0]}`;
        console.log(`   ${pad(mode, 7)} ${pad(name, 30)} ${lpad(fmt(r.median), 8)} /s  (min ${fmt(r.min)} .. max ${fmt(r.max)})  ${verdicts}`);
      }
      const ratio = oursSub.median / theirs.median;
      console.log(`   ${pad(mode, 7)} ${pad('ratio wasm / dancing-links', 30)} ${lpad(ratio.toFixed(2), 8)} x`);
      const nat = native?.[mode];
      if (nat) {
        console.log(`   ${pad(mode, 7)} ${pad('native dlx (CLI bench, jobs 1)', 30)} ${lpad(fmt(nat), 8)} /s`);
        console.log(`   ${pad(mode, 7)} ${pad('ratio wasm / native', 30)} ${lpad((oursAll.median / nat).toFixed(2), 8)} x`);
      }
      summary.push({ file, mode, wasm: oursAll.median, wasmSub: oursSub.median, dl: theirs.median, dlN: sub.length, native: nat });
    }
    if (!native) console.log('   (native: target/release/dlx-sudoku not built or --no-native; `cargo build --release` to compare)');
  }
  console.log('\n   summary (puzzles/s, medians):');
  console.log(`   ${pad('file', 32)} ${pad('mode', 7)} ${lpad('wasm', 8)} ${lpad('dancing-links', 14)} ${lpad('wasm/dl', 8)} ${lpad('native', 8)} ${lpad('wasm/nat', 9)}`);
  for (const s of summary) {
    console.log(`   ${pad(s.file.replace('.txt', ''), 32)} ${pad(s.mode, 7)} ${lpad(fmt(s.wasm), 8)} ${lpad(fmt(s.dl) + (s.dlN < 48766 && s.file.startsWith('forum') ? '*' : ''), 14)} ` +
      `${lpad((s.wasmSub / s.dl).toFixed(2), 8)} ${lpad(s.native ? fmt(s.native) : '-', 8)} ${lpad(s.native ? (s.wasm / s.native).toFixed(2) : '-', 9)}`);
  }
  if (summary.some((s) => s.file.startsWith('forum') && s.dlN < 48766)) {
    console.log(`   * dancing-links on the first ${fmt(DL_LIMIT)} puzzles of forum_hardest; wasm/dl compares ours on the same ${fmt(DL_LIMIT)}`);
  }
}

// --- trace throughput --------------------------------------------------------------------------
function traceBenchmarks() {
  const seconds = quick ? 0.3 : 1;
  console.log(`\n== 2. trace throughput in Node ${process.version} (events/s through Trace.nextBatch, median of ${RUNS} runs of ~${seconds}s; goal >= 20 M/s)`);
  for (const [name, puzzle] of TRACE_PUZZLES) {
    for (const batch of BATCHES) {
      traceRate(ours.Trace, puzzle, batch, 0.2); // warm-up
      const runs = Array.from({ length: RUNS }, () => traceRate(ours.Trace, puzzle, batch, seconds));
      const rates = runs.map((r) => r.rate);
      console.log(`   ${pad(name, 44)} batch ${lpad(batch >> 10, 3)}k  ${lpad((median(rates) / 1e6).toFixed(1), 6)} M events/s` +
        `  (min ${(Math.min(...rates) / 1e6).toFixed(1)} .. max ${(Math.max(...rates) / 1e6).toFixed(1)})`);
    }
  }
  // Without the copy out to JS: run() moves the same search and encodes no event.
  {
    const t = new ours.Trace(EMPTY);
    t.run(1e6, 0);
    const rates = [];
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      let n = 0;
      while (performance.now() - t0 < seconds * 1000) for (let k = 0; k < 64; k++) n += t.run(1e6, 0);
      rates.push(n / ((performance.now() - t0) / 1000));
    }
    t.free();
    console.log(`   ${pad('empty grid, run() (no events encoded)', 44)}             ${lpad((median(rates) / 1e6).toFixed(1), 6)} M events/s (reference)`);
  }
}

function memoryRun() {
  const batch = 1 << 16;
  console.log(`\n== 3. memory over ${fmt(MEMORY_EVENTS)} trace events (empty grid, nextBatch(${batch >> 10}k), Node)`);
  const t = new ours.Trace(EMPTY);
  for (let k = 0; k < 16; k++) t.nextBatch(batch); // warm-up: the allocator's batch buffers
  gc();
  const before = { wasm: wasmMemory(), ...process.memoryUsage() };
  const t0 = performance.now();
  let events = 16 * batch, sink = 0;
  let peakRss = before.rss;
  while (events < MEMORY_EVENTS) {
    const words = t.nextBatch(batch);
    events += words.length >> 1;
    sink ^= words[0];
    if ((events & 0xffffff) < batch) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const secs = (performance.now() - t0) / 1000;
  gc();
  const after = { wasm: wasmMemory(), ...process.memoryUsage() };
  console.log(`   ${fmt(events)} events in ${secs.toFixed(1)} s (${((events - 16 * batch) / secs / 1e6).toFixed(1)} M/s); ` +
    `trace counters: events=${fmt(t.events)} solutions=${fmt(t.solutions)} depth=${t.depth}`);
  console.log(`   wasm memory   ${lpad(mb(before.wasm), 10)} -> ${lpad(mb(after.wasm), 10)}`);
  console.log(`   process RSS   ${lpad(mb(before.rss), 10)} -> ${lpad(mb(after.rss), 10)}   (peak sampled ${mb(peakRss)})`);
  console.log(`   JS heap used  ${lpad(mb(before.heapUsed), 10)} -> ${lpad(mb(after.heapUsed), 10)}`);
  console.log(`   external+AB   ${lpad(mb(before.external + before.arrayBuffers), 10)} -> ${lpad(mb(after.external + after.arrayBuffers), 10)}`);
  console.log(`   ${after.wasm === before.wasm ? 'flat: wasm memory did not grow' : 'WASM MEMORY GREW'}`);
  t.free();
  if (sink === 0.5) console.log(sink);
}

// --- main --------------------------------------------------------------------------------------
const gz = (await import('node:zlib')).gzipSync(wasmBytes, { level: 9 }).length;
const glue = fs.statSync(path.join(pkg, 'dlx_sudoku.js')).size;
console.log(`bench/wasm.mjs: ${machine()}; www/pkg-test/dlx_sudoku_bg.wasm ${fmt(wasmBytes.length)} bytes ` +
  `(${fmt(gz)} gzipped), dlx_sudoku.js ${fmt(glue)} bytes; ${quick ? 'QUICK run' : 'full run'}`);

if (!only || only === 'solve') solveBenchmarks();
if (!only || only === 'trace') {
  traceBenchmarks();
  memoryRun();
  if (!flag('--no-browser')) {
    console.log('\n== 4. trace throughput in headless Chromium (bench/trace-chromium.mjs)');
    const r = spawnSync(process.execPath, [path.join(root, 'bench/trace-chromium.mjs'), ...(quick ? ['--quick'] : []),
      '--runs', String(RUNS), '--events', String(MEMORY_EVENTS)], { stdio: 'inherit' });
    if (r.status !== 0) console.log(`   (Chromium benchmark failed with exit ${r.status})`);
  }
}

function machine() {
  return `Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} CPUs, ` +
    `load average ${os.loadavg()[0].toFixed(2)} (others' load skews the numbers)`;
}
