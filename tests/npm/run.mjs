// The npm package as a user gets it: built (scripts/build-npm.sh), packed (`npm pack`), installed
// from the tarball into a fresh project in the system's temporary directory (outside the
// repository: nothing of it is in reach), and run there in Node:
//   - a script that solves a Sudoku, counts the 92 solutions of an 8-queens DLX1 text (made here,
//     not by the crate), lists them and takes the first, rates and generates a puzzle, and steps a
//     trace forwards and back to its start, checking each answer;
//   - every example of the package's README (npm/README.md), each a module of its own: what it
//     prints must be the `// …` line under its console.log;
//   - TypeScript (tsc from the repository's devDependencies) checks a file of that project that
//     imports the package by name (its "types" export, wasm-bindgen's declarations), one wrong
//     call included, which must be refused;
//   - in headless Chromium (tests/e2e/chromium.mjs), a page of that project that imports the
//     package (its browser entry, which fetches the .wasm) solves and counts;
// and checks the tarball's files (the module, its glue, wasm-bindgen's types).
//
//   node tests/npm/run.mjs              (scripts/test.sh's stage `npm`)
//   node tests/npm/run.mjs --no-build   pack target/npm/ as it is

import { launchChromium } from '../e2e/chromium.mjs';
import { serveDist } from '../dist/server.mjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const pkgDir = join(root, 'target/npm');
let passed = 0;
let failed = 0;
const check = (ok, what, detail = '') => {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : `\n     ${detail.replace(/\n/g, '\n     ')}`}`);
};
const run = (cmd, args, cwd) => {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
};

if (!process.argv.includes('--no-build')) {
  const r = spawnSync('bash', [join(root, 'scripts/build-npm.sh')], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const tmp = mkdtempSync(join(tmpdir(), 'dlx-sudoku-npm-'));
try {
  // --- pack, and install the tarball into a fresh project ------------------------------------
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tmp], pkgDir));
  const files = packed.files.map((f) => f.path).sort();
  const version = readFileSync(join(root, 'Cargo.toml'), 'utf8').match(/^version = "(.*)"$/m)[1];
  check(packed.name === 'dlx-sudoku' && packed.version === version, `npm pack: dlx-sudoku ${packed.version} (Cargo.toml: ${version}), ${packed.size} bytes packed`);
  check(['README.md', 'browser.js', 'index.d.ts', 'node.js', 'package.json', 'pkg/dlx_sudoku.d.ts', 'pkg/dlx_sudoku.js', 'pkg/dlx_sudoku_bg.wasm'].every((f) => files.includes(f)),
    `the tarball holds the module, its glue and types: ${files.join(', ')}`);
  const app = join(tmp, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'app', private: true, type: 'module' }, null, 2)}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--offline', join(tmp, packed.filename)], app);
  const types = readFileSync(join(app, 'node_modules/dlx-sudoku/pkg/dlx_sudoku.d.ts'), 'utf8');
  const declared = ['solve', 'countSolutions', 'rate', 'generatePuzzle', 'countCover', 'coverSolutions', 'firstCover'].filter((f) => !new RegExp(`export function ${f}\\(`).test(types));
  check(declared.length === 0 && /export class Trace\b/.test(types), `wasm-bindgen's types declare the functions and Trace${declared.length ? ` (missing: ${declared.join(', ')})` : ''}`);

  // --- a script in the fresh project ------------------------------------------------------------
  writeFileSync(join(app, 'check.mjs'), `import assert from 'node:assert/strict';
import { solve, countSolutions, rate, generatePuzzle, countCover, coverSolutions, firstCover, Trace } from 'dlx-sudoku';
const say = (what, value) => console.log(what + ': ' + JSON.stringify(value));

const puzzle = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const grid = solve(puzzle);
assert.match(grid, /^[1-9]{81}$/);
assert.ok([...puzzle].every((c, k) => c === '.' || c === grid[k]), 'keeps the givens');
for (let u = 0; u < 9; u++) {
  const unit = (f) => new Set(Array.from({ length: 9 }, (_, k) => grid[f(k)])).size;
  assert.equal(unit((k) => u * 9 + k), 9, 'row ' + u);
  assert.equal(unit((k) => k * 9 + u), 9, 'column ' + u);
  assert.equal(unit((k) => (Math.floor(u / 3) * 3 + Math.floor(k / 3)) * 9 + (u % 3) * 3 + (k % 3)), 9, 'box ' + u);
}
say('solve', grid);
assert.equal(countSolutions(puzzle, 10), 1);
assert.equal(countSolutions('.'.repeat(81), 1000), 1000, 'a blank grid counts to the limit');
assert.throws(() => solve('11' + '.'.repeat(79)), /r1c2|row 1/, 'a clash is named');
const r = rate(puzzle);
assert.ok(['easy', 'medium', 'hard', 'expert', 'extreme'].includes(r.level) && r.effort > 0);
assert.throws(() => rate('.'.repeat(81)), /more than one solution/);
say('rate', r);
const made = generatePuzzle('easy', 'rotational', 42);
assert.equal(countSolutions(made.line, 2), 1, 'a generated puzzle has one solution');
assert.deepEqual(generatePuzzle('easy', 'rotational', 42), made, 'the same seed, the same puzzle');
say('generatePuzzle', made);

// 8 queens in DLX1 text: rows and columns primary, the diagonals secondary.
const n = 8;
const range = (k) => Array.from({ length: k }, (_, i) => i);
const queens = [
  [...range(n).map((i) => 'r' + i), ...range(n).map((i) => 'c' + i), '|', ...range(2 * n - 1).map((i) => 'a' + i), ...range(2 * n - 1).map((i) => 'b' + i)].join(' '),
  ...range(n).flatMap((i) => range(n).map((j) => ['r' + i, 'c' + j, 'a' + (i + j), 'b' + (i - j + n - 1)].join(' '))),
].join('\\n');
assert.equal(countCover(queens, 1e9), 92);
assert.equal(countCover(queens, 10), 10, 'counts no further than the limit');
const all = coverSolutions(queens, 1000);
assert.equal(all.length, 92);
assert.equal(new Set(all.map((s) => [...s].sort().join(';'))).size, 92, '92 different solutions');
for (const s of all) {
  assert.equal(s.length, n);
  const cells = s.map((o) => o.match(/^r(\\d) c(\\d) /).slice(1).map(Number));
  for (const [a, [i, j]] of cells.entries()) for (const [k, l] of cells.slice(a + 1)) {
    assert.ok(i !== k && j !== l && Math.abs(i - k) !== Math.abs(j - l), 'queens apart: ' + s);
  }
}
assert.deepEqual(firstCover(queens), all[0]);
assert.equal(firstCover('a b\\na'), undefined, 'no solution: undefined');
assert.throws(() => countCover('a b\\na x', 10), /line 2/, 'a bad option names its line');
say('countCover(8 queens)', 92);

// The trace: forwards to the end, then back to the start, every step undone.
const t = Trace.cover(queens);
let forward = 0;
while (!t.done) forward += t.run(1000, 0);
assert.equal(t.solutions, 92);
assert.equal(t.events, forward);
const back = t.runBack(forward, 0);
assert.equal(back, forward);
assert.ok(t.atStart && t.events === 0 && t.solutions === 0, 'back at the start');
assert.equal(t.run(5, 0), 5);
say('Trace(8 queens)', { forward, back, solutions: 92 });
console.log('check: all passed');
`);
  const r = spawnSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' });
  check(r.status === 0 && r.stdout.includes('check: all passed'), 'in the fresh project, Node solves a Sudoku, counts 92 queens, steps a trace forwards and back',
    `${r.stdout}${r.stderr}`);
  if (r.status === 0) console.log(r.stdout.trimEnd().replace(/^/gm, '     '));

  // --- the README's examples ---------------------------------------------------------------------
  const readme = readFileSync(join(root, 'npm/README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  check(blocks.length >= 8, `the README has an example per function (${blocks.length} blocks)`);
  for (const [k, code] of blocks.entries()) {
    const lines = code.split('\n');
    const expected = lines.filter((l, i) => l.startsWith('// ') && i > 0 && lines[i - 1].includes('console.log(')).map((l) => l.slice(3));
    const file = join(app, `readme-${k + 1}.mjs`);
    writeFileSync(file, code);
    const out = spawnSync(process.execPath, [file], { cwd: app, encoding: 'utf8' });
    const got = out.stdout.trimEnd().split('\n');
    const name = code.match(/import \{ (\w+) \}/)?.[1] ?? `block ${k + 1}`;
    check(out.status === 0 && expected.length > 0 && JSON.stringify(got) === JSON.stringify(expected),
      `README example ${k + 1} (${name}) prints what it says`, `expected ${JSON.stringify(expected)}\ngot      ${JSON.stringify(got)}\n${out.stderr}`);
  }
 
  // --- the types, as a TypeScript project resolves them ---------------------------------------
  writeFileSync(join(app, 'types.ts'), `import { solve, countSolutions, rate, generatePuzzle, countCover, coverSolutions, firstCover, Trace } from 'dlx-sudoku';
const grid: string | undefined = solve('...');
const count: number = countSolutions('...', 2) + countCover('a\\na', 10);
const all: any[] = coverSolutions('a\\na', 10);
const first: any = firstCover('a\\na');
const made: object = generatePuzzle('easy', undefined, 1);
const rated: object = rate('...');
const trace: Trace = Trace.cover('a\\na');
const moved: number = trace.run(10, 0) + trace.runBack(10, 0);
const done: boolean = trace.done;
// @ts-expect-error: countCover needs its limit
countCover('a\\na');
export { grid, count, all, first, made, rated, moved, done };
`);
  writeFileSync(join(app, 'tsconfig.json'), `${JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['esnext', 'dom'], strict: true, noEmit: true, types: [] }, files: ['types.ts'] }, null, 2)}\n`);
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app, encoding: 'utf8' });
  check(tsc.status === 0, 'TypeScript (nodenext) resolves the package\'s types by name and checks calls against them', `${tsc.stdout}${tsc.stderr}`);

  // --- in a browser: the same installed package, imported by a page ----------------------------
  writeFileSync(join(app, 'index.html'), `<!doctype html><meta charset="utf-8"><title>app</title>
<script type="module">
  const { solve, countCover, coverExample } = await import('./node_modules/dlx-sudoku/browser.js');
  document.title = JSON.stringify({ solved: solve('${'4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'}'), queens: countCover(coverExample('queens', '8'), 1e9) });
</script>`);
  const site = await serveDist(app, { prefix: '/app/' });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${site.url}index.html`);
    await page.waitForFunction(() => document.title.startsWith('{'), null, { timeout: 30_000 });
    const got = JSON.parse(await page.title());
    check(got.solved === '417369825632158947958724316825437169791586432346912758289643571573291684164875293' && got.queens === 92 && errors.length === 0,
      'in Chromium, a page importing the installed package (browser.js fetches the .wasm) solves and counts 92 queens', JSON.stringify({ got, errors }));
  } finally {
    await browser.close();
    await site.close();
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`npm: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
