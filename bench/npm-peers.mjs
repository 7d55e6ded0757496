#!/usr/bin/env node
// The npm package (scripts/build-npm.sh, packed) against the npm exact-cover packages
// `dancing-links` and `dlxlib`, in one Node run, as a user of each gets it: the three installed
// from their tarballs (ours packed here, theirs from the registry at the versions below) into a
// fresh project in the system's temporary directory, and imported from there.
//
// Problems, each counting every solution (each engine's count is checked):
//   8, 10 and 12 queens   rows and columns primary, diagonals secondary (92, 724, 14,200)
//   a Sudoku              the 729 × 324 exact cover of a hard puzzle (one solution)
// Engines:
//   ours           countCover(text, Infinity) on the problem's DLX1 text
//   dancing-links  createSolver + addSparseConstraints + findAll() (it has no count-only call)
//   dlxlib         solve(matrix): a dense 0/1 matrix; it has no secondary items, so each
//                  secondary item gets a row of its own that covers it alone (the usual slack
//                  rows: the solutions and their number stay the same, the search grows)
// All are given the same matrix: ours read back from our own trace (items in DLX1 order).
// Rounds rotate the engines' order; in each, an engine runs a problem `reps` times (the small
// ones more, so that a time is not a fraction of a millisecond) and its time is the mean. Each
// cell is the median of the rounds' times, and each ratio the median of the per-round ratios to
// ours (above 1×: ours is faster).
//
//   scripts/build-npm.sh && node bench/npm-peers.mjs [--runs N (5)] [--only NAME]
//
// Needs the npm registry (or npm's cache) for the peers. Not part of scripts/test.sh.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PEERS = { 'dancing-links': '4.3.10', dlxlib: '1.0.3' };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const RUNS = Number(opt('--runs', 5));
const ONLY = opt('--only', null);

const run = (cmd, args, cwd) => {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
};

// --- the three packages, installed as a user installs them ------------------------------------------
const tmp = mkdtempSync(path.join(os.tmpdir(), 'dlx-sudoku-npm-peers-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tmp], path.join(root, 'target/npm')));
const app = path.join(tmp, 'app');
mkdirSync(app);
writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
run('npm', ['install', '--no-audit', '--no-fund', path.join(tmp, packed.filename), ...Object.entries(PEERS).map(([n, v]) => `${n}@${v}`)], app);
// Imported from a module of that project, so that each resolves as the project's own import would.
writeFileSync(path.join(app, 'packages.mjs'), "export * as ours from 'dlx-sudoku';\nexport { DancingLinks } from 'dancing-links';\nexport { default as dlxlib } from 'dlxlib';\n");
const { ours, DancingLinks, dlxlib } = await import(pathToFileURL(path.join(app, 'packages.mjs')).href);
const sizeOf = (name) => {
  const du = run('du', ['-sb', path.join(app, 'node_modules', name)], app);
  return Number(du.split('\t')[0]);
};

// --- the problems, and each engine's form of them ----------------------------------------------------
const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const PROBLEMS = [
  { name: '8 queens', text: ours.coverExample('queens', '8'), count: 92, reps: 20 },
  { name: '10 queens', text: ours.coverExample('queens', '10'), count: 724, reps: 3 },
  { name: '12 queens', text: ours.coverExample('queens', '12'), count: 14200, reps: 1 },
  { name: 'Sudoku (hard)', text: ours.coverExample('sudoku', HARD), count: 1, reps: 10 },
].filter((p) => !ONLY || p.name.includes(ONLY));

/** The matrix as our trace holds it: the number of primary and secondary items, each option's items. */
function matrix(text) {
  const t = ours.Trace.cover(text);
  try {
    const options = [];
    for (let o = 0; o < t.options; o++) options.push(Array.from(t.optionItems(o)));
    return { primary: t.primary, secondary: t.items - t.primary, options };
  } finally {
    t.free();
  }
}
for (const p of PROBLEMS) {
  const { primary, secondary, options } = matrix(p.text);
  p.sparse = options.map((items, o) => (secondary
    ? { data: o, columnIndices: { primary: items.filter((i) => i < primary), secondary: items.filter((i) => i >= primary).map((i) => i - primary) } }
    : { data: o, columnIndices: items }));
  const width = primary + secondary;
  const row = (items) => {
    const r = new Array(width).fill(0);
    for (const i of items) r[i] = 1;
    return r;
  };
  p.dense = [...options.map(row), ...Array.from({ length: secondary }, (_, k) => row([primary + k]))];
  Object.assign(p, { primary, secondary, shape: `${options.length} options, ${primary}+${secondary} items` });
}

const dl = new DancingLinks();
const engines = {
  ours: (p) => ours.countCover(p.text, Infinity),
  'dancing-links': (p) => {
    const solver = dl.createSolver(p.secondary ? { primaryColumns: p.primary, secondaryColumns: p.secondary } : { columns: p.primary });
    solver.addSparseConstraints(p.sparse);
    return solver.findAll().length;
  },
  dlxlib: (p) => dlxlib.solve(p.dense).length,
};
const names = Object.keys(engines);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const secs = (ms) => `${(ms / 1000).toFixed(ms >= 1000 ? 2 : 4)} s`;

// Warm-up, not timed: Node compiles in a quick tier first and optimises later.
for (let k = 0; k < 3; k++) for (const n of names) if (engines[n](PROBLEMS[0]) !== PROBLEMS[0].count) throw new Error(`warm-up: ${n} on ${PROBLEMS[0].name}`);

console.log(`npm packages in Node ${process.version} (${os.cpus()[0]?.model ?? 'cpu'}): dlx-sudoku ${packed.version} (packed here), ${Object.entries(PEERS).map(([n, v]) => `${n} ${v}`).join(', ')}; ${RUNS} rounds, order rotating`);
const table = [];
for (const p of PROBLEMS) {
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < RUNS; r++) {
    for (const n of names.map((_, k) => names[(k + r) % names.length])) {
      const t0 = performance.now();
      let got;
      for (let k = 0; k < p.reps; k++) got = engines[n](p);
      const ms = (performance.now() - t0) / p.reps;
      if (got !== p.count) throw new Error(`${p.name}: ${n} counted ${got}, expected ${p.count}`);
      times[n].push(ms);
    }
    console.log(`  ${p.name}, round ${r + 1}: ${names.map((n) => `${n} ${secs(times[n][r])}`).join(', ')}`);
  }
  table.push({ p, med: Object.fromEntries(names.map((n) => [n, median(times[n])])), ratio: (n) => median(times[n].map((t, k) => t / times.ours[k])) });
}

console.log(`\n| problem (solutions; matrix) | ${names.join(' | ')} |`);
console.log(`|---|${names.map(() => '---:').join('|')}|`);
for (const { p, med, ratio } of table) {
  const cells = names.map((n) => (n === 'ours' ? secs(med[n]) : `${secs(med[n])}: ${ratio(n).toFixed(1)}×`));
  console.log(`| ${p.name} (${p.count.toLocaleString('en')}; ${p.shape}) | ${cells.join(' | ')} |`);
}
console.log(`| installed size (node_modules/NAME) | ${[packed.name, ...Object.keys(PEERS)].map((n) => `${sizeOf(n).toLocaleString('en')} B`).join(' | ')} |`);
console.log('\nEach cell: the median time; after a colon, that engine\'s time / ours, the median of per-round ratios (above 1×: ours is faster).');
