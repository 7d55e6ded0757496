#!/usr/bin/env node
// Our WebAssembly build against the npm `dancing-links` package (pinned in package.json and
// package-lock.json) on issue 15's exact-cover problems, in Node: pentominoes 6x10 (9,356
// solutions), 12 queens (14,200), Langford 11 (35,584, counting reversals). Each counts every
// solution from the problem's text (ours) or its sparse rows (theirs), so setting up is timed
// too (a few ms at most, against seconds of search).
//
//   ours        countCover(text, ∞): the plain search, no trace (as `dlx-sudoku cover --count`)
//   ours trace  Trace.cover(text).run(…) to the end: what the page's worker runs to count
//               with progress (events are made and counted, not kept)
//   dancing-links  createSolver + addSparseConstraints + findAll() (it has no count-only call;
//               collecting tens of thousands of solutions is a small part of its time)
//
// Every count is checked against the known one. Rounds rotate the order of the three, and each
// ratio is the median of the per-round ratios of times (above 1x: ours is faster).
//
//   scripts/build-wasm.sh --test-exports && node bench/wasm-cover.mjs [--runs N (3)] [--only NAME] [--no-trace]
//
// The matrix dancing-links gets is ours, read from the wasm trace (items numbered in DLX1
// order, primary first), so both search the same problem. Not part of scripts/test.sh.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// countCover is a test export: scripts/build-wasm.sh --test-exports.
const pkg = path.join(root, 'www/pkg-test');
const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const RUNS = Number(opt('--runs', 3));
const ONLY = opt('--only', null);
const TRACE = !argv.includes('--no-trace');

if (!fs.existsSync(path.join(pkg, 'dlx_sudoku_bg.wasm'))) {
  console.error('bench/wasm-cover.mjs: www/pkg-test/ is missing: run scripts/build-wasm.sh --test-exports first');
  process.exit(2);
}
const ours = await import(path.join(pkg, 'dlx_sudoku.js'));
ours.initSync({ module: fs.readFileSync(path.join(pkg, 'dlx_sudoku_bg.wasm')) });
const { DancingLinks } = await import('dancing-links');
const dlVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/dancing-links/package.json'))).version;

const PROBLEMS = [
  { name: 'pentominoes 6x10', args: ['pentominoes', '6x10'], count: 9356 },
  { name: '12 queens', args: ['queens', '12'], count: 14200 },
  { name: 'Langford 11', args: ['langford', '11'], count: 35584 },
].filter((p) => !ONLY || p.name.includes(ONLY));

/** The problem as dancing-links takes it: our matrix's options, as sparse rows. */
function sparse(text) {
  const t = ours.Trace.cover(text);
  try {
    const primary = t.primary, secondary = t.items - t.primary;
    const rows = [];
    for (let o = 0; o < t.options; o++) {
      const items = Array.from(t.optionItems(o));
      rows.push(secondary
        ? { data: o, columnIndices: { primary: items.filter((i) => i < primary), secondary: items.filter((i) => i >= primary).map((i) => i - primary) } }
        : { data: o, columnIndices: items });
    }
    return { primary, secondary, rows };
  } finally {
    t.free();
  }
}

const dl = new DancingLinks();
const engines = {
  ours: (p) => ours.countCover(p.text, Infinity),
  'ours trace': (p) => {
    const t = ours.Trace.cover(p.text);
    try {
      while (!t.done) t.run(1 << 24, 0);
      return t.solutions;
    } finally {
      t.free();
    }
  },
  'dancing-links': (p) => {
    const { primary, secondary, rows } = p.sparse;
    const solver = dl.createSolver(secondary ? { primaryColumns: primary, secondaryColumns: secondary } : { columns: primary });
    solver.addSparseConstraints(rows);
    return solver.findAll().length;
  },
};
if (!TRACE) delete engines['ours trace'];
const names = Object.keys(engines);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const secs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${(ms / 1000).toFixed(3)} s`);

// Warm-up, not timed: Node compiles wasm in a quick tier first and optimises it later.
{
  const w = { text: ours.coverExample('queens', '10') };
  w.sparse = sparse(w.text);
  for (let k = 0; k < 3; k++) for (const n of names) if (engines[n](w) !== 724) throw new Error(`warm-up: ${n} on 10 queens`);
}
console.log(`wasm (Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}) against dancing-links ${dlVersion}: ${RUNS} rounds, order rotating`);
const table = [];
for (const p of PROBLEMS) {
  p.text = ours.coverExample(...p.args);
  p.sparse = sparse(p.text);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < RUNS; r++) {
    const order = names.map((_, k) => names[(k + r) % names.length]);
    for (const n of order) {
      const t0 = performance.now();
      const got = engines[n](p);
      const ms = performance.now() - t0;
      if (got !== p.count) throw new Error(`${p.name}: ${n} counted ${got}, expected ${p.count}`);
      times[n].push(ms);
    }
    console.log(`  ${p.name}, round ${r + 1}: ${names.map((n) => `${n} ${secs(times[n][r])}`).join(', ')}`);
  }
  const ratio = (n) => median(times[n].map((t, k) => t / times.ours[k]));
  table.push({ p, med: Object.fromEntries(names.map((n) => [n, median(times[n])])), ratio });
}

console.log(`\n| problem (solutions) | ${names.join(' | ')} |`);
console.log(`|---|${names.map(() => '---:').join('|')}|`);
for (const { p, med, ratio } of table) {
  const cells = names.map((n) => (n === 'ours' ? secs(med[n]) : `${secs(med[n])}: ${ratio(n).toFixed(2)}×`));
  console.log(`| ${p.name} (${p.count.toLocaleString('en')}) | ${cells.join(' | ')} |`);
}
console.log('\nEach cell: the median time; after a colon, that engine\'s time / ours as the median of per-round ratios (above 1×: ours is faster).');
