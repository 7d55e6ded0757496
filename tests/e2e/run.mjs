// End-to-end tests of the web page in headless Chromium (Debian's chromium-headless-shell,
// driven by playwright-core; tests/e2e/chromium.mjs says why). Serves the repository on
// 127.0.0.1 with scripts/serve.mjs, checks what a user does and sees, saves screenshots to screenshots/, and measures the
// frame rate at top speed and how long the main thread is blocked under hostile input (a
// 10 MB paste, huge and scripted links, counting millions, an unsolvable trace): long tasks
// as the page sees them, and each task's CPU time from a Chromium trace.
//
//   node tests/e2e/run.mjs                 every test, one at a time (about 20 minutes: 90 tests); needs www/pkg built
//   node tests/e2e/run.mjs --only paste    the tests whose name contains "paste"
//   node tests/e2e/run.mjs --perf [--minutes 3]   frame rate over 10 s and memory over minutes
//   node tests/e2e/run.mjs --jobs 3        three tests at a time, each in a Chromium of its own
//                                          (most of a test is waiting for the page; scripts/test.sh
//                                          runs it so); each test's lines print when it ends; a test
//                                          that fails then runs once more alone at the end: passing
//                                          alone, it is named FLAKY and the run passes (--no-retry: never)
//   node tests/e2e/run.mjs --only tree --repeat 5 --jobs 3   each chosen test 5 times, 3 at a time
//                                          (a test that may be flaky under load, beside copies of itself)
//   node tests/e2e/run.mjs --save-durations   also writes each test's time to tests/e2e/durations.json,
//                                          which orders the tests longest first (commit it when
//                                          tests were added or got much slower or faster)
//   node tests/e2e/run.mjs --durations-out FILE   the same, into FILE (scripts/test.sh writes
//                                          target/e2e-durations.json: after a green run, copy it)
//   node tests/e2e/run.mjs --cpu-out FILE  each test's CPU seconds into FILE (JSON, most first)
// Each test prints its time and its CPU time: with one job at a time the test's Chromium and
// Node's, with --jobs its worker's Chromium's alone (from /proc); the run then lists the tests
// that took the most, and its last line the whole run's CPU time.
//
// Exits non-zero if any test fails. Any error the page logs fails the test it happens in.

import { launchChromium, dropDownPages, CHROMIUM, WHOLE_BROWSER } from './chromium.mjs';
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import { mkdirSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import assert from 'node:assert/strict';
import { serve } from '../../scripts/serve.mjs';
import { dlx } from '../../www/test/wasm.js';
import * as oracle from './oracle.mjs';
import { sampleFrames } from './frames.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const shots = resolve(root, 'screenshots');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const only = option('--only', null);
const perf = flag('--perf');
const jobs = Math.max(1, Math.floor(Number(option('--jobs', 1))) || 1);

if (!existsSync(resolve(root, 'www/pkg/dlx_sudoku_bg.wasm'))) {
  console.error('e2e: www/pkg is not built: run scripts/build-wasm.sh first');
  process.exit(2);
}
mkdirSync(shots, { recursive: true });

const POJ1 = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const SIXTEEN = '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......';
const HARD1 = '.....6....59.....82....8....45........3........6..3.54...325..6..................';
const EMPTY = '.'.repeat(81);
const POJ2 = '......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.'; // the page's default
const IMPOSSIBLE = '.....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........'; // Norvig's
const THOUSANDS = '.........................293.5692.8...........6.1745.364.......9518...7..8..6534.'; // POJ1 less its first 13 clues
const THOUSANDS_COUNT = '2,554';
const MILLIONS = '.....6....59.....82....8....45........3........6..3.54...325..6................97'; // HARD1 + 2 clues: 2,217,329 solutions
const HDU = '7 1 2 ? 6 ? 3 5 8\n? 6 5 2 ? 7 1 ? 4\n? ? 8 5 1 3 6 7 2\n9 2 4 ? 5 6 ? 3 7\n5 ? 6 ? ? ? 2 4 1\n1 ? 3 7 2 ? 9 ? 5\n? ? 1 9 7 5 4 8 6\n6 ? 7 8 3 ? 5 1 9\n8 5 9 ? 4 ? ? 2 3\n';
const HDU_LINE = '712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23';
const HIHO = '1\n4 0 0 0 7 0 1 0 0\n0 0 1 9 0 4 6 0 5\n0 0 0 0 0 1 0 0 0\n0 0 0 7 0 0 0 0 2\n0 0 2 0 3 0 0 0 0\n8 4 7 0 0 6 0 0 0\n0 1 4 0 0 0 8 0 6\n0 2 0 0 0 0 3 0 0\n6 0 0 0 9 0 0 0 0\n';
const HIHO_LINE = '4...7.1....19.46.5.....1......7....2..2.3....847..6....14...8.6.2....3..6...9....';
const DRAWN = '5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n';
const DRAWN_LINE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

// --- harness ------------------------------------------------------------------------------------
const server = await serve(root, 0);
const base = `http://127.0.0.1:${server.address().port}/`;
// Chromium without the address bar's drop-down pages, which cost each new context more CPU than
// the page under test (tests/e2e/chromium.mjs).
const launch = () => launchChromium(['--enable-precise-memory-info']);

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
/** Pages opened by `open()` in this run (each a fresh context: the biggest share of e2e's CPU). */
let pagesOpened = 0;
/**
 * The running test's own state: its worker's Chromium, the errors its pages log, the browser
 * contexts it opened (closed when it ends) and the lines it prints. With --jobs, tests run side
 * by side; each sees only its own (AsyncLocalStorage follows a test through its awaits).
 */
const running = new AsyncLocalStorage();
const current = () => running.getStore();
const print = console.log.bind(console);
if (jobs > 1) console.log = (...a) => (current() ? current().out.push(format(...a)) : print(...a));

/**
 * Registered in every page before its scripts run: main-thread blocking as the browser
 * sees it. `window.longTasks` gets every 'longtask' entry (a task over 50 ms);
 * `window.longFrames` every 'long-animation-frame' entry with the scripts that ran in it,
 * which tells the page's own work from the rest (garbage collection, layout, or a
 * machine too busy to run the page at all).
 */
function watchBlocking() {
  window.longTasks = [];
  window.longFrames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.longFrames.push({
          start: e.startTime,
          duration: e.duration,
          layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0, // style, layout (and paint)
          scripts: e.scripts.map((s) => ({
            duration: s.duration,
            own: /\/www\//.test(s.sourceURL || ''), // the page's modules, not the test driver's probes
            what: `${s.invoker} ${s.sourceFunctionName || ''} ${(s.sourceURL || '').split('/').pop()}`.trim(),
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // no Long Animation Frames API: the long tasks alone are reported
  }
}

/** The page's clock now (for `blocking(page, since)`). */
const clock = (page) => page.evaluate(() => performance.now());

/**
 * The main thread's long tasks since `since` (the page's clock): `{tasks, longest, script,
 * own}`: `script` is the longest script run in a long animation frame, `own` the longest of
 * the page's own (its modules in www/; not the test driver's probes), each with its name.
 * On a machine shared with other work a long task can be the page waiting for a core;
 * `own` tells whether the page's own work blocked.
 */
async function blocking(page, since = 0) {
  return page.evaluate((since) => {
    const tasks = window.longTasks.filter((t) => t.start + t.duration >= since);
    const frames = window.longFrames.filter((f) => f.start + f.duration >= since);
    let script = { duration: 0, what: 'none' };
    let own = { duration: 0, what: 'none' };
    for (const f of frames) {
      for (const s of f.scripts) {
        if (s.duration > script.duration) script = s;
        if (s.own && s.duration > own.duration) own = s;
      }
    }
    const frame = frames.reduce((a, f) => (f.duration > a.duration ? f : a), { duration: 0, layout: 0, scripts: [] });
    const longestFrame = { duration: frame.duration, layout: frame.layout, scripts: frame.scripts.reduce((n, s) => n + s.duration, 0) };
    return { tasks, longest: Math.max(0, ...tasks.map((t) => t.duration)), script, own, frames: frames.length, longestFrame };
  }, since);
}

/**
 * Runs `fn` while Chromium traces, and returns the tasks of the page's main thread in that
 * time, `{count, wall, cpu}`: the longest task by the clock and the most CPU time any one
 * task took (ms). A long task that took little CPU was the page waiting for a core on a
 * busy machine, not the page's work.
 */
async function mainThreadTasks(page, fn) {
  const browser = page.context().browser(); // one trace at a time per browser: each worker has its own
  await browser.startTracing(page, { categories: ['toplevel', '__metadata'] });
  let buffer;
  try {
    await fn();
  } finally {
    buffer = await browser.stopTracing();
  }
  const events = JSON.parse(buffer.toString()).traceEvents;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}/${e.tid}`));
  const byThread = new Map();
  for (const e of events) {
    const key = `${e.pid}/${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mains.has(key)) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  const tasks = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? []; // the busiest renderer: the page's
  return {
    count: tasks.length,
    wall: Math.max(0, ...tasks.map((e) => e.dur / 1000)),
    cpu: Math.max(0, ...tasks.map((e) => (e.tdur ?? e.dur) / 1000)),
  };
}

const ms = (x) => `${Math.round(x)} ms`;
const describeBlocking = (b) => `${b.tasks.length} long task${b.tasks.length === 1 ? '' : 's'}, longest ${ms(b.longest)}; ${b.frames} long frame${b.frames === 1 ? '' : 's'}${b.frames ? `, longest ${ms(b.longestFrame.duration)} (scripts ${ms(b.longestFrame.scripts)}, style and layout ${ms(b.longestFrame.layout)})` : ''}; longest script ${ms(b.script.duration)} (${b.script.what}), of the page's own ${ms(b.own.duration)} (${b.own.what})`;

/**
 * A fresh page (own context: no shared localStorage) on `hash`, ready to use.
 * `serviceWorkers: 'allow'` for a test of the page kept offline: elsewhere the page's service
 * worker is not registered (the page then says "Keeping a copy of the page…", as it does at
 * every load until the worker is ready). Registered, it fetched every file of the page once
 * more into its cache after each load: about 0.35 s of CPU a page (a fifth of a load),
 * measured on 2026-11-27, for what only the offline test and tests/dist/run.mjs look at.
 */
async function open(hash = '', { width = 1280, height = 800, dark = false, reducedMotion = 'no-preference', init = null, permissions = [], serviceWorkers = 'block' } = {}) {
  const { browser, contexts, errors } = current();
  const ctx = await browser.newContext({ viewport: { width, height }, colorScheme: dark ? 'dark' : 'light', reducedMotion, permissions, serviceWorkers });
  contexts.push(ctx);
  pagesOpened++;
  current().pages++;
  await ctx.addInitScript(watchBlocking);
  if (init) await ctx.addInitScript(init);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  await page.goto(base + hash);
  // 3 s for an empty 25×25 here with the machine idle (4.6 s before its board was laid out
  // once instead of three times); CI's run, three tests at a time beside Miri and the fuzzer,
  // once took more than 15 s.
  await page.waitForSelector('body.ready', { timeout: 30000 });
  await settle(page);
  return page;
}

/** Waits until no long jump runs. */
const settle = (page) => page.waitForFunction(() => !window.dlxPage.player.busy, null, { timeout: 30000 });

const shot = (page, name, opts = {}) => page.screenshot({ path: resolve(shots, `${name}.png`), ...opts });

/** The board as shown: 81 characters, '.' for an empty cell. */
const shown = (page) => page.$$eval('#board .cell', (cs) => cs.map((c) => (c.querySelector('.digit').textContent || c.querySelector('.placed .on')?.textContent || '.')).join(''));
/** The givens only. */
const givens = (page) => page.$$eval('#board .cell', (cs) => cs.map((c) => (c.dataset.kind === 'given' ? c.querySelector('.digit').textContent : '.')).join(''));
/** A counter's exact value, as a person reads it: from its box, or (from a million up, where
 *  the box shows "3.47M") from the box's tooltip. */
const counter = (page, key) => page.$eval(`[data-counter="${key}"]`, (e) => {
  const shown = /^[\d,]+$/.test(e.textContent) ? e.textContent : e.parentElement.title.split(': ').at(-1);
  return Number(shown.replace(/,/g, ''));
});
const narration = (page) => page.$eval('#narration', (e) => e.textContent);
const noticeText = (page) => page.$eval('#notice', (e) => e.textContent);

/** Everything the search views show, for identity checks (the plot is a canvas: not included). */
const snapshot = (page) => page.evaluate(() => [
  ...['#board', '#items', '#counters', '#narration', '.transport'].map((s) => document.querySelector(s).outerHTML),
  window.dlxPage.items.describe(),
  ...[...document.querySelectorAll('.items-canvas')].map((c) => c.toDataURL()),
].join('\n'));

/** Asserts two snapshots are equal, showing where they first differ. */
function sameDom(actual, expected, what) {
  if (actual === expected) return;
  let k = 0;
  while (k < actual.length && actual[k] === expected[k]) k++;
  assert.fail(`${what}: the DOM differs at character ${k}:\n  now:    …${actual.slice(Math.max(0, k - 120), k + 80)}…\n  before: …${expected.slice(Math.max(0, k - 120), k + 80)}…`);
}

/** The matrix canvas's colour at the middle of option `o`'s row and item `i`'s column, as [r, g, b]. */
const matrixPixel = (page, o, i) => page.evaluate(([o, i]) => {
  const v = window.dlxPage.matrix, m = v.mx;
  const [ox, oy] = v.origin;
  const x = ox + (i - m.col0) * m.cellWidth + (m.cellWidth >> 1);
  const y = oy + (m.rowOf(o) - m.row0) * m.cellHeight + (m.cellHeight >> 1);
  return [...v.ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
}, [o, i]);
/** A colour the matrix paints with (a `Paint`), as [r, g, b]. */
const paintOf = (page, name) => page.evaluate((n) => {
  const c = window.dlxPage.matrix.palette[window.dlxPage.dlx.Paint[n]];
  return [c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255];
}, name);
const matrixLabel = (page) => page.$eval('#matrix', (c) => c.getAttribute('aria-label'));
/**
 * Compares a screenshot of `page` (or of `selector` in it) with the committed reference
 * tests/e2e/refs/NAME.png. `UPDATE_REFS=1 node tests/e2e/run.mjs --only pixels` rewrites the
 * references instead (look at them before committing). Tolerant of font antialiasing (per-pixel
 * colour threshold, antialiased pixels ignored, a few hundred stray pixels), not of layout: a
 * view moved by one pixel row changes thousands. On a mismatch the actual image and the
 * difference (red) are kept in screenshots/NAME.actual.png and NAME.diff.png.
 */
const refs = resolve(root, 'tests/e2e/refs');
const MAX_STRAY_PIXELS = 300;
async function matchesReference(page, name, selector = null) {
  await matchesPng(await (selector ? page.locator(selector).screenshot({ animations: 'disabled' }) : page.screenshot({ animations: 'disabled' })), name);
}
/** The same for a screenshot already taken (`png`, a PNG file's bytes). */
async function matchesPng(png, name) {
  const file = resolve(refs, `${name}.png`);
  if (process.env.UPDATE_REFS === '1') {
    mkdirSync(refs, { recursive: true });
    writeFileSync(file, png);
    console.log(`    UPDATE_REFS=1: wrote ${file}`);
    return;
  }
  assert.ok(existsSync(file), `no reference ${file}: make it with UPDATE_REFS=1 node tests/e2e/run.mjs --only pixels`);
  const [want, got] = [PNG.sync.read(readFileSync(file)), PNG.sync.read(png)];
  const keep = () => writeFileSync(resolve(shots, `${name}.actual.png`), png);
  if (want.width !== got.width || want.height !== got.height) {
    keep();
    assert.fail(`${name}: ${got.width}×${got.height} px, the reference is ${want.width}×${want.height} (see screenshots/${name}.actual.png)`);
  }
  const diff = new PNG({ width: want.width, height: want.height });
  const n = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: 0.15 });
  console.log(`    ${name}: ${n} pixels differ from the reference`);
  if (n > MAX_STRAY_PIXELS) {
    keep();
    writeFileSync(resolve(shots, `${name}.diff.png`), PNG.sync.write(diff));
    assert.fail(`${name}: ${n} pixels differ from tests/e2e/refs/${name}.png (at most ${MAX_STRAY_PIXELS}): see screenshots/${name}.diff.png and ${name}.actual.png; if the change is meant, UPDATE_REFS=1 node tests/e2e/run.mjs --only pixels`);
  }
}
const shotOf = (page, selector, name) => page.locator(selector).screenshot({ path: resolve(shots, `${name}.png`) });

async function paste(page, text) {
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

async function setSpeed(page, index = 'max') {
  await page.$eval('#speed', (el, i) => {
    el.value = i === 'max' ? el.max : String(i);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, index);
}

// --- the tests ----------------------------------------------------------------------------------
test('the test browser: a new context loads the page under test and no address-bar drop-down pages (they cost each test more CPU than the page)', async () => {
  // Chromium 156 loads two WebUI pages (chrome://omnibox-popup.top-chrome/) in every new
  // window: about 1.4 s of CPU a context, nearly every test's page. tests/e2e/chromium.mjs
  // turns them off; a Chromium that renames the features would bring them back unseen.
  const page = await open('', { width: 375, height: 400 });
  assert.equal(await page.evaluate(() => document.body.classList.contains('ready')), true);
  assert.deepEqual(await dropDownPages(current().browser), [], 'the drop-down pages are loaded: see tests/e2e/chromium.mjs');
  // The headless shell never loads them; the whole browser (E2E_CHROMIUM, or where the shell is
  // missing) does unless launchChromium leaves them out: check that in the whole browser too.
  if (CHROMIUM !== WHOLE_BROWSER) {
    const whole = await launchChromium([], WHOLE_BROWSER);
    try {
      const ctx = await whole.newContext({ viewport: { width: 375, height: 400 } });
      await (await ctx.newPage()).goto('about:blank');
      assert.deepEqual(await dropDownPages(whole), [], `the drop-down pages are loaded in ${WHOLE_BROWSER}: see tests/e2e/chromium.mjs`);
    } finally {
      await whole.close();
    }
  }
});

test('a browser without WebAssembly SIMD is told so at once, in place of a blank page', async () => {
  // The module's search loop uses SIMD (src/exact_cover/search.rs, Search::step). Here no module
  // validates or compiles, as in a browser without SIMD: the page's check (index.html) must say why.
  const ctx = await current().browser.newContext({ viewport: { width: 800, height: 600 }, serviceWorkers: 'block' });
  current().contexts.push(ctx);
  await ctx.addInitScript(() => {
    const no = () => Promise.reject(new WebAssembly.CompileError('no SIMD (the test says so)'));
    WebAssembly.validate = () => false;
    for (const f of ['compile', 'compileStreaming', 'instantiate', 'instantiateStreaming']) WebAssembly[f] = no;
  });
  const page = await ctx.newPage();
  pagesOpened++;
  current().pages++;
  const t0 = Date.now();
  await page.goto(base);
  await page.waitForSelector('#boot.failed', { timeout: 5000 });
  assert.match(await page.$eval('#boot', (e) => e.textContent), /^The page could not start: this browser does not support WebAssembly SIMD, .*Chrome and Edge 91.*Firefox 89.*Safari 16\.4/);
  assert.ok(Date.now() - t0 < 5000, 'said at once, not after the 8 s load timeout');
  assert.equal(await page.evaluate(() => document.body.classList.contains('ready')), false);
  assert.equal(await page.$eval('#boot', (e) => getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0), true, 'the message is shown');
});

test('the board is an ARIA grid with labelled cells and labelled controls', async () => {
  const page = await open(`#p=${POJ1}`);
  assert.equal(await page.$$eval('[role="grid"]#board', (g) => g.length), 1);
  const labels = await page.$$eval('#board [role="gridcell"]', (cs) => cs.map((c) => c.getAttribute('aria-label')));
  assert.equal(labels.length, 81);
  assert.equal(labels[1], 'row 1, column 2, given 2');
  const cand = oracle.candidates(POJ1);
  labels.forEach((l, c) => {
    const where = `row ${Math.floor(c / 9) + 1}, column ${(c % 9) + 1}`;
    assert.equal(l, POJ1[c] === '.' ? `${where}, empty, candidates ${cand[c].join(' ')}` : `${where}, given ${POJ1[c]}`);
  });
  assert.equal(await page.$$eval('#board [role="row"]', (r) => r.length), 9);
  // one tab stop in the board
  assert.equal(await page.$$eval('#board [tabindex="0"]', (c) => c.length), 1);
  // every button has a name; the narration is live
  const unnamed = await page.$$eval('button', (bs) => bs.filter((b) => !(b.getAttribute('aria-label') || b.textContent.trim())).length);
  assert.equal(unnamed, 0);
  assert.equal(await page.$eval('#narration', (n) => n.getAttribute('aria-live')), 'polite');
  assert.equal(await page.$eval('#speed', (s) => !!s.labels.length), true);
  assert.ok((await page.$eval('[data-action="forward"]', (b) => b.getAttribute('aria-keyshortcuts'))).includes('ArrowRight'));
  // the first Tab reaches "Skip to the board", which moves the focus and leaves the link alone
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'skip');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '0');
  assert.equal(new URL(page.url()).hash, `#p=${POJ1}`);
  await page.focus('#board [role="gridcell"]');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^row 2, column 3, empty, candidates( \d)+$/);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'row 2, column 2, given 1');
});

test('keyboard only: tab to the board, type a puzzle, solve it', async () => {
  const page = await open(`#p=${EMPTY}`);
  // Tab from the top of the page until the focus is in the board
  let tabs = 0;
  while (tabs < 30 && !(await page.evaluate(() => !!document.activeElement.closest?.('#board')))) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  assert.ok(tabs < 30, 'the board is reachable with Tab');
  await page.keyboard.type(POJ1);
  assert.equal(await givens(page), POJ1);
  // editing: arrows move, Backspace erases the digit just typed, Delete and 0 clear in place
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowLeft'); // r9c4, empty
  await page.keyboard.press('7');
  assert.equal((await givens(page))[75], '7');
  await page.keyboard.press('Backspace');
  assert.equal((await givens(page))[75], '.');
  await page.keyboard.press('9');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Delete');
  assert.equal((await givens(page))[75], '.');
  await page.keyboard.press('4');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('0');
  assert.equal(await givens(page), POJ1);
  // Tab on to Solve? Solve is before the board: Shift+Tab back to it
  for (let k = 0; k < 10 && !(await page.evaluate(() => document.activeElement.id === 'solve')); k++) await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'solve');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#result[data-kind="unique"]');
  assert.deepEqual([await shown(page)], oracle.solutions(POJ1), 'the one solution, as a plain backtracking search finds it');
  assert.match(await page.$eval('#result', (r) => r.textContent), /^Unique solution/);
  await shot(page, 'solved-unique');
});

test('keyboard only: a transport button that its own press disables hands the focus to its neighbour', async () => {
  const page = await open(`#p=${POJ1}&s=20`);
  const focused = () => page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  await page.focus('.transport [data-action="restart"]');
  await page.keyboard.press('Enter'); // at the start now: Restart is off
  assert.equal(await counter(page, 'events'), 0);
  // Before the fix the focus fell to the page's body: Enter and Space did nothing more.
  assert.equal(await focused(), 'Play', 'the next button that works');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.dlxPage.player.playing), true, 'and Enter works on it');
  await page.keyboard.press('Enter');
  await page.focus('.transport [data-action="nextSolution"]');
  await page.keyboard.press('Enter');
  await settle(page);
  await page.keyboard.press('Enter'); // the end: every button forward is off
  await settle(page);
  assert.equal(await page.evaluate(() => window.dlxPage.controller.trace.done), true);
  assert.equal(await focused(), 'Step back', 'the nearest that works, looking back');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.dlxPage.controller.trace.done), false, 'one step back from the end');
});

test('paste: every format the CLI reads, and bad pastes leave the board alone', async () => {
  const page = await open(`#p=${EMPTY}`);
  for (const [text, line, note] of [[POJ1, POJ1, /81-character line/], [HDU, HDU_LINE, /HDU 1426/], [HIHO, HIHO_LINE, /hihoCoder 102/], [DRAWN, DRAWN_LINE, /drawn 9×9 grid/], [POJ1.replace(/\./g, '0'), POJ1, /81-character line/]]) {
    await paste(page, text);
    assert.equal(await givens(page), line);
    assert.match(await noticeText(page), note);
  }
  await paste(page, HDU);
  for (const [text, message] of [
    [POJ1.slice(0, 79), /line 1: expected 81 cells, found 79/],
    [POJ1.slice(0, 40) + 'x' + POJ1.slice(41), /line 1, cell 41 \(r5c5\): 'x' is not a digit or a blank/],
    [HDU.replace('9 2 4', '9 2 Q'), /line 4, column 5 \(r4c3\)/],
    ['hello', /line 1/],
    ['   ', /no text/],
  ]) {
    await paste(page, text);
    assert.equal(await givens(page), HDU_LINE, 'the board is unchanged');
    assert.match(await noticeText(page), message);
    assert.match(await noticeText(page), /The board is unchanged/);
    assert.equal(await page.$eval('#notice', (n) => n.dataset.kind), 'error');
  }
  await shot(page, 'paste-error');
  // a paste, an example or Clear can be undone
  await paste(page, POJ1);
  assert.equal(await givens(page), POJ1);
  await page.click('#notice .notice-action');
  assert.equal(await givens(page), HDU_LINE);
  await page.click('#clear');
  assert.equal(await givens(page), EMPTY);
  await page.click('#notice .notice-action');
  assert.equal(await givens(page), HDU_LINE);
});

test('clashing givens are marked as you type, with the reason', async () => {
  const page = await open(`#p=${EMPTY}`);
  await page.click('#board .cell >> nth=0');
  await page.keyboard.type('11');
  assert.deepEqual(await page.$$eval('#board .cell.clash', (cs) => cs.map((c) => c.dataset.cell)), ['0', '1']);
  const text = await noticeText(page);
  assert.match(text, /r1c2: 1 already in row 1 \(r1c1\)/);
  assert.match(text, /r1c2: 1 already in box 1 \(r1c1\)/);
  assert.match(await page.$eval('#board .cell >> nth=1', (c) => c.getAttribute('aria-label')), /given 1, clashes/);
  assert.equal(await page.$eval('[data-action="toggle"]', (b) => b.disabled), true);
  await page.click('#solve');
  assert.match(await page.$eval('#result', (r) => r.textContent), /Fix the clashing givens first/);
  await shot(page, 'clash');
  await page.focus('#board [tabindex="0"]'); // back to the board: the cursor is on r1c3
  await page.keyboard.press('Backspace'); // erases the 1 just typed in r1c2
  assert.equal(await page.$$eval('#board .cell.clash', (cs) => cs.length), 0);
  assert.equal(await page.$eval('[data-action="toggle"]', (b) => b.disabled), false);
});

test('several solutions: both are shown, and the cells where they differ', async () => {
  const page = await open('');
  await page.selectOption('#examples', 'multi');
  assert.equal(await givens(page), SIXTEEN);
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="multiple"]');
  const minis = await page.$$eval('#result .mini-grid', (gs) => gs.map((g) => [...g.children].map((s) => s.textContent).join('')));
  assert.equal(minis.length, 2);
  const diff = [...Array(81).keys()].filter((c) => minis[0][c] !== minis[1][c]);
  assert.ok(diff.length >= 4);
  for (const sol of minis) {
    assert.ok(oracle.solves(sol, SIXTEEN), `a valid grid that keeps the givens: ${sol}`);
  }
  assert.deepEqual(await page.$$eval('#board .cell.diff', (cs) => cs.map((c) => Number(c.dataset.cell))), diff);
  assert.equal(await page.$$eval('#result .mini-grid .diff', (s) => s.length), 2 * diff.length);
  assert.match(await page.$eval('#result', (r) => r.textContent), new RegExp(`differ in ${diff.length} cells`));
  await shot(page, 'multiple-solutions');
  // no solution
  await page.selectOption('#examples', 'impossible');
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="none"]');
});

test('step forward 200 events then back 200: the DOM is as it was', async () => {
  const page = await open(`#p=${HARD}`);
  const start = await snapshot(page);
  for (let k = 0; k < 200; k++) await page.keyboard.press(']');
  assert.equal(await counter(page, 'events'), 200);
  const mid = await snapshot(page);
  assert.notEqual(mid, start);
  // the same step reached another way: a link that jumps there
  sameDom(await snapshot(await open(`#p=${HARD}&s=200`)), mid, '200 steps, and a link to step 200');
  for (let k = 0; k < 200; k++) await page.keyboard.press('[');
  assert.equal(await counter(page, 'events'), 0);
  sameDom(await snapshot(page), start, '200 forward, 200 back');
  // and by choices: forward 10, back 10
  for (let k = 0; k < 10; k++) await page.keyboard.press('}');
  assert.match(await narration(page), /^Try r\dc\d = \d/);
  for (let k = 0; k < 10; k++) await page.keyboard.press('{');
  for (let k = 0; k < 10; k++) await page.keyboard.press('[');
  assert.equal(await counter(page, 'events'), 0);
  sameDom(await snapshot(page), start, '10 choices forward, back');
});

test('play until the first solution: the board is the solver\'s answer', async () => {
  const page = await open(`#p=${HARD}`);
  await setSpeed(page, 9); // 30 events per frame: still an animation
  await page.click('[data-action="toggle"]');
  await page.waitForTimeout(120);
  assert.equal(await page.$eval('[data-action="toggle"]', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.equal(await page.$eval('#narration', (n) => n.getAttribute('aria-live')), 'off', 'no flood of announcements while playing');
  await shot(page, 'mid-animation');
  await page.waitForFunction(() => document.querySelector('[data-counter="solutions"]').textContent === '1', null, { timeout: 60000 });
  await page.waitForFunction(() => !window.dlxPage.player.playing);
  assert.deepEqual([await shown(page)], oracle.solutions(HARD), 'the one solution, as a plain backtracking search finds it');
  assert.match(await narration(page), /^Solution 1/);
  const placed = await page.$$eval('#board .cell[data-kind="placed"]', (c) => c.length);
  assert.equal(placed, [...HARD].filter((ch) => ch === '.').length);
  // Next solution (skips in Rust): the search ends with no other
  await page.keyboard.press('n');
  await settle(page);
  assert.match(await narration(page), /^Search complete: 1 solution/);
});

test('hovering a cell or an item lights up its options and items in every view', async () => {
  const page = await open(`#p=${POJ1}`);
  await page.hover('#board .cell >> nth=1'); // r1c2, a given 2
  assert.equal(await page.$$eval('#items .item.hl', (s) => s.length), 4);
  await page.hover('#board .cell >> nth=0', { position: { x: 1, y: 1 } }); // r1c1, empty, off its candidates
  assert.deepEqual(await page.$$eval('#items .item.hl', (s) => s.map((x) => x.dataset.item)), [await page.$eval('#items', (el) => String(window.dlxPage.numbering.cellItem(0)))]);
  assert.equal(await page.$$eval('#items .item.hl2', (s) => s.length), 27);
  assert.equal(await page.$$eval('#board .m.hl', (s) => s.length), 9);
  const row1has1 = await page.evaluate(() => window.dlxPage.numbering.item('row', 0, 1));
  await page.hover(`#items .item[data-item="${row1has1}"]`); // row 1 has 1
  assert.equal(await page.$$eval('#board .m.hl', (s) => s.length), 9);
  assert.equal(await page.$$eval('#board .cell.hl', (s) => s.length), 9);
  await shot(page, 'hover-item');
});

/** The matrix canvas's colour at option `o`'s row and item `i`'s column (in a downsampled
 *  view, the pixel that sums them up), as [r, g, b]. */
const matrixPixelAt = (page, o, i) => page.evaluate(([o, i]) => {
  const v = window.dlxPage.matrix, m = v.mx;
  const [ox, oy] = v.origin;
  const x = ox + Math.floor((i - m.col0) / m.perColumn) * m.cellWidth + (m.cellWidth >> 1);
  const y = oy + Math.floor((m.rowOf(o) - m.row0) / m.perRow) * m.cellHeight + (m.cellHeight >> 1);
  return [...v.ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
}, [o, i]);
/** What the matrix view shows: size, zoom, cells, labels and their size in CSS px, canvas size. */
const matrixState = (page) => page.evaluate(() => {
  const v = window.dlxPage.matrix, m = v.mx, c = v.canvas.getBoundingClientRect();
  return {
    side: m.side, options: m.options, items: m.items, zoom: m.zoom, cell: m.cellHeight, perRow: m.perRow, perColumn: m.perColumn,
    labels: v.labels, labelPx: v.labelPx, width: c.width, height: c.height, scrollWidth: v.scroll.clientWidth,
    sub: document.querySelector('#matrix-title .sub').textContent,
  };
});
/** The option being tried at the deepest level, and a column of an item neither covered nor on its row. */
const tryingNow = (page) => page.evaluate(() => {
  const { controller, numbering: n } = window.dlxPage;
  const p = controller.pictures.sudoku;
  const o = p.choices.at(-1).option;
  const plain = [...Array(n.items).keys()].find((i) => p.flags[i] === 0 && !n.itemsOf(o).includes(i));
  return { o, plain, items: n.itemsOf(o) };
});

test('the whole matrix at every size: a 4×4 named whole, 16×16 downsampled and zoomed, both following the search', async () => {
  // 4×4 (64 × 64), the teaching size: the whole matrix on screen, every row and column named in 12 px type
  const page = await open(`#p=${'1..4..3.........'}`);
  await page.keyboard.press('}'); // to the first Try
  let s = await matrixState(page);
  assert.deepEqual([s.side, s.options, s.items, s.zoom, s.perRow, s.perColumn], [4, 64, 64, 0, 1, 1]);
  assert.equal(s.labels.length, 128, 'a label for every row and every column');
  assert.ok(s.labels.includes('r4c4 = 4') && s.labels.includes('b4#4'), s.labels.slice(0, 6).join(' '));
  assert.ok(s.labelPx.rows >= 12 && s.labelPx.cols >= 12, `labels of ${JSON.stringify(s.labelPx)} px`);
  assert.ok(s.cell >= 10, `rows ${s.cell} px apart`);
  assert.ok(s.width <= s.scrollWidth && s.height <= 800, `the canvas (${s.width} × ${s.height}) fits in ${s.scrollWidth} × 800`);
  assert.match(s.sub, /^64 options \(rows\) × 64 items/);
  assert.equal(await page.$eval('#matrix-help .column-key', (k) => k.textContent), 'Columns: r2c3 r2c3 is filled, r1#2 row 1 has 2, c3#2 column 3 has 2, b2#2 box 2 has 2.');
  const zoomBack = await page.evaluate(() => window.dlxPage.matrix.mx.zoomLevels);
  assert.equal(zoomBack, 3, 'only zooms that enlarge 10 px cells');
  let t = await tryingNow(page);
  assert.deepEqual(await matrixPixelAt(page, t.o, t.plain), await paintOf(page, 'Trying'));
  for (const i of t.items) assert.deepEqual(await matrixPixelAt(page, t.o, i), await paintOf(page, 'TryingDot'));
  assert.match(await matrixLabel(page), /^The whole matrix, 64 options × 64 items, rows by cell\. \d+ options live, 3 given, 1 tried, \d+ pending, \d+ hidden; \d+ items covered\. Chosen item: .*; trying r\dc\d = \d\.$/);
  // a cell on the board lights its rows; rows by digit
  await page.hover('#board .cell >> nth=5');
  await page.waitForFunction(() => window.dlxPage.matrix.selection.options.length > 0);
  assert.match(await matrixLabel(page), /Highlighted: \d rows? and the column of item r2c2 is filled\.$/);
  await page.click('#matrix-area [data-group="digit"]');
  assert.match(await matrixLabel(page), /rows by digit/);
  assert.deepEqual(await matrixPixelAt(page, t.o, t.plain), await paintOf(page, 'Trying'));
  await shotOf(page, '#matrix-area', 'matrix4-desktop');
  // On a phone it fits its panel whole, its rows and columns named in bands at 12 px (it
  // scrolled sideways, 705 px in 333, its labels and most columns out of sight).
  const phone = await open(`#p=${'1..4..3.........'}`, { width: 375, height: 812 });
  s = await matrixState(phone);
  assert.ok(s.width <= s.scrollWidth && s.width >= 0.85 * s.scrollWidth, `the canvas (${s.width} px) fills its panel (${s.scrollWidth} px)`);
  assert.equal(await phone.$eval('#matrix', (c) => Number(c.dataset.labelPx)), 12, 'labels of 12 px');
  assert.ok(s.labels.includes('cell filled') || s.labels.length < 128, `labelled in bands: ${s.labels.slice(0, 4).join(' | ')}`);
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
  await shotOf(phone, '#matrix-area', 'matrix4-phone');

  // 16×16 (4,096 × 1,024): a pixel for 8 rows × 2 columns, the option tried still in its colour
  const { EXAMPLES } = await import('../../www/examples.js');
  const big = await open(`#p=${EXAMPLES.find((e) => e.id === 'poj3076').line}`);
  s = await matrixState(big);
  assert.deepEqual([s.side, s.options, s.items, s.zoom, s.perRow], [16, 4096, 1024, 0, 8]);
  assert.equal(await big.$eval('#matrix-help .column-key', (k) => k.textContent), 'Columns: r8c9 r8c9 is filled, r7#N row 7 has N, c9#N column 9 has N, b2#N box 2 has N.');
  assert.ok(s.perColumn >= 1 && 1024 / s.perColumn <= s.scrollWidth, `${s.perColumn} columns a pixel`);
  assert.deepEqual(s.labels.slice(0, 3), ['r1', 'r2', 'r3'], 'bands named in the whole view');
  await big.keyboard.press('}');
  await big.keyboard.press('}');
  const before = await matrixLabel(big);
  assert.match(before, /^The whole matrix, 4,096 options × 1,024 items, rows by cell\. .*; trying r\d+c\d+ = [A-P]\. Each pixel sums up 8 rows × \d+ columns? \(the most telling state shows\)\.$/);
  t = await tryingNow(big);
  assert.deepEqual(await matrixPixelAt(big, t.o, t.items[1]), await paintOf(big, 'TryingDot'));
  await shotOf(big, '#matrix-area', 'matrix16-desktop');
  // a step of the search forwards and back shows in the matrix and in its words
  await big.keyboard.press('}');
  const after = await matrixLabel(big);
  assert.notEqual(after, before);
  const t2 = await tryingNow(big);
  assert.notEqual(t2.o, t.o);
  assert.deepEqual(await matrixPixelAt(big, t2.o, t2.items[1]), await paintOf(big, 'TryingDot'));
  await big.keyboard.press('{');
  assert.equal(await matrixLabel(big), before, 'back to the same words');
  assert.deepEqual(await matrixPixelAt(big, t.o, t.items[1]), await paintOf(big, 'TryingDot'));
  // zoom in (about the option tried) down to named rows and columns in the puzzle's letters
  await big.focus('#matrix');
  for (let k = 0; k < 4; k++) await big.keyboard.press('+'); // 1, 4, 8, then 16 px a cell
  s = await matrixState(big);
  assert.deepEqual([s.zoom, s.cell, s.perRow, s.perColumn], [4, 16, 1, 1]);
  assert.ok(s.labels.some((l) => /^r\d+c\d+ = [A-P]$/.test(l)) && s.labels.some((l) => /^[rcb]\d+#[A-P]$/.test(l)), s.labels.slice(0, 4).join(' '));
  assert.ok(s.labels.includes((await big.evaluate((o) => window.dlxPage.matrix.mx.optionLabel(o), t.o))), 'the option tried is in view');
  assert.match(await matrixLabel(big), /Zoomed in: rows [\d,]+ to [\d,]+ \(r\d+c\d+ = [A-P] to r\d+c\d+ = [A-P]\)/);
  // the place in words, its numbers written as the title above writes them ("4,096 options")
  assert.match(await big.$eval('#matrix-area .matrix-where', (w) => w.textContent), /^rows [\d,]+–[\d,]+ of 4,096, columns [\d,]+–[\d,]+ of 1,024$/);
  assert.deepEqual(await matrixPixelAt(big, t.o, t.items[1]), await paintOf(big, 'TryingDot'));
  await shotOf(big, '#matrix-area', 'matrix16-zoomed');
  await big.keyboard.press('0');
  assert.equal((await matrixState(big)).perRow, 8, 'back to the whole view');
  // a 16×16 written in 1–9, A–G: the matrix names its digits so too
  const poj = EXAMPLES.find((e) => e.id === 'poj3076').line;
  const digits = [...poj].map((ch) => (ch === '.' ? '.' : '123456789ABCDEFG'[ch.charCodeAt(0) - 65])).join('');
  const nine = await open(`#p=${POJ1}`);
  await nine.evaluate((d) => { location.hash = `#p=${d}`; }, digits); // from a 9×9 search to this one
  await nine.waitForFunction(() => window.dlxPage.matrix.mx.side === 16);
  assert.deepEqual(await nine.evaluate(() => { const m = window.dlxPage.matrix.mx; return [m.side, m.optionLabel(17 * 16 + 15), m.itemLabel(1023)]; }), [16, 'r2c2 = G', 'b16#G']);
  assert.deepEqual(await big.evaluate(() => { const m = window.dlxPage.matrix.mx; return [m.optionLabel(17 * 16 + 15), m.itemLabel(1023)]; }), ['r2c2 = P', 'b16#P']);
  // back to 9×9 through the size selector: the 729 × 324 matrix again, nothing summed up
  await big.selectOption('#size', '9');
  s = await matrixState(big);
  assert.deepEqual([s.side, s.options, s.items, s.perRow, s.perColumn], [9, 729, 324, 1, 1]);
});

test('the whole matrix: Rust draws each option\'s row, linked to the board, grouped, zoomed, described', async () => {
  // Tall enough that the item panels, below the search tree since issue 33, are in view
  // with the matrix: pointing at one scrolled the matrix away, and a matrix out of view is
  // not described again.
  const page = await open(`#p=${HARD}`, { height: 1200 });
  await page.keyboard.press('}'); // to the first Try
  const { o, name, plain, items } = await page.evaluate(() => {
    const { controller, numbering: n } = window.dlxPage;
    const p = controller.pictures.sudoku;
    const o = p.choices.at(-1).option;
    const items = n.itemsOf(o);
    // a column with no dot in the rows looked at below, of an item not covered nor chosen
    const rows = [o, ...Array.from({ length: 9 }, (_, d) => n.option(1, d + 1)), n.option(2, 1)];
    const plain = [...Array(324).keys()].find((i) => p.flags[i] === 0 && !rows.some((x) => n.itemsOf(x).includes(i)));
    return { o, name: n.optionName(o), plain, items };
  });
  // the option being tried: its own colour along its row, its strongest dots at its 4 items
  assert.deepEqual(await matrixPixel(page, o, plain), await paintOf(page, 'Trying'));
  for (const i of items) assert.deepEqual(await matrixPixel(page, o, i), await paintOf(page, 'TryingDot'));
  // r1c1 holds the given 4: r1c1 = 5 is hidden
  const hidden = await page.evaluate(() => window.dlxPage.numbering.option(0, 5));
  assert.deepEqual(await matrixPixel(page, hidden, plain), await paintOf(page, 'Hidden'));
  // the text alternative says what is shown, renewed at each step while paused
  assert.match(await matrixLabel(page), /^The whole matrix, 729 options × 324 items, rows by cell\. \d+ options live, \d+ given, 1 tried, \d+ pending, \d+ hidden; \d+ items covered\./);
  assert.ok((await matrixLabel(page)).includes(`trying ${name}.`), await matrixLabel(page));
  await page.keyboard.press('}');
  assert.match(await matrixLabel(page), /, 2 tried,/);
  assert.deepEqual(await matrixPixel(page, o, plain), await paintOf(page, 'Tried'), 'a tried option stays lit');
  // hovering an empty cell highlights its 9 rows, and no other
  const opts = await page.evaluate(() => Array.from({ length: 9 }, (_, d) => window.dlxPage.numbering.option(1, d + 1)));
  const other = await page.evaluate(() => window.dlxPage.numbering.option(2, 1));
  const before = await Promise.all([...opts, other].map((x) => matrixPixel(page, x, plain)));
  await page.hover('#board .cell >> nth=1', { position: { x: 1, y: 1 } }); // r1c2, empty, off its candidates
  const after = await Promise.all([...opts, other].map((x) => matrixPixel(page, x, plain)));
  for (let k = 0; k < 9; k++) assert.notDeepEqual(after[k], before[k], `row of ${opts[k]} highlighted`);
  assert.deepEqual(after[9], before[9], 'another row is not');
  assert.match(await matrixLabel(page), /Highlighted: 9 rows and the column of item r1c2 is filled\.$/);
  const row1has1 = await page.evaluate(() => window.dlxPage.numbering.item('row', 0, 1));
  await page.hover(`#items .item[data-item="${row1has1}"]`);
  assert.match(await matrixLabel(page), /Highlighted: 9 rows and the column of item row 1 has 1\.$/);
  // rows by digit: the same picture, the rows permuted
  await page.click('#matrix-area [data-group="digit"]');
  assert.equal(await page.$eval('#matrix-area [data-group="digit"]', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.equal(await page.evaluate((o) => window.dlxPage.matrix.mx.rowOf(o), o), (o % 9) * 81 + Math.floor(o / 9));
  assert.deepEqual(await matrixPixel(page, o, plain), await paintOf(page, 'Tried'));
  assert.match(await matrixLabel(page), /rows by digit/);
  // from the keyboard: zoom in until the rows and columns are labelled, move, group; the search stays put
  const events = await counter(page, 'events');
  await page.focus('#matrix');
  for (let k = 0; k < 3; k++) await page.keyboard.press('+');
  const m = () => page.evaluate(() => { const { mx, labels } = window.dlxPage.matrix; return { zoom: mx.zoom, row0: mx.row0, col0: mx.col0, cell: mx.cellHeight, labels }; });
  let v = await m();
  assert.equal(v.zoom, 3);
  assert.ok(v.labels.some((l) => /^r\dc\d = \d$/.test(l)), 'option names at the left');
  assert.ok(v.labels.some((l) => /^(r\dc\d|[rcb]\d#\d)$/.test(l)), 'item names at the top');
  assert.ok(v.cell >= 16, 'rows tall enough for 12 px labels');
  assert.match(await matrixLabel(page), /Zoomed in: rows \d+ to \d+ \(.* to .*\), columns \d+ to \d+/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const moved = await m();
  assert.ok(moved.row0 > v.row0 || moved.row0 === 729 - 45, 'down');
  assert.ok(moved.col0 > v.col0 || moved.col0 + 40 >= 324, 'right');
  await page.keyboard.press('g');
  assert.match(await matrixLabel(page), /rows by cell/);
  assert.equal(await counter(page, 'events'), events, 'the matrix\'s keys are not the search\'s');
  // a dot where the mapping says, zoomed: the tried option's cell item
  await page.evaluate(([o, i]) => window.dlxPage.matrix.setHighlight([o], [i]), [o, items[0]]);
  assert.deepEqual(await matrixPixel(page, o, items[0]), await paintOf(page, 'TriedDot'));
  await shotOf(page, '#matrix-area', 'matrix-zoomed');
  await page.keyboard.press('0');
  assert.equal((await m()).zoom, 0);
  // a click zooms in where it is
  const box = await page.$eval('#matrix', (c) => { const r = c.getBoundingClientRect(); return [r.left, r.top]; });
  const [ox, oy] = await page.evaluate(() => window.dlxPage.matrix.origin);
  await page.mouse.click(box[0] + ox + 2 * 200 + 1, box[1] + oy + 400);
  v = await m();
  assert.equal(v.zoom, 1);
  assert.deepEqual(await page.evaluate(([x, y]) => Array.from(window.dlxPage.matrix.mx.cellAt(x, y)), [401, 400]), [400, 200]);
  // with nothing selected, the keys zoom in on where the search is: the option tried last
  await page.evaluate(() => window.dlxPage.matrix.setHighlight([], []));
  await page.focus('#matrix');
  await page.keyboard.press('0');
  for (let k = 0; k < 3; k++) await page.keyboard.press('+');
  const last = await page.evaluate(() => window.dlxPage.controller.pictures.sudoku.choices.at(-1).option);
  const near = await page.evaluate((o) => { const { mx } = window.dlxPage.matrix; return [mx.rowOf(o), mx.row0, mx.visibleRows().length]; }, last);
  assert.ok(near[0] >= near[1] && near[0] < near[1] + near[2], `the tried option's row ${near[0]} is in view`);
  // the row under the pointer lights up its digit on the board and its 4 items
  const spot = await page.evaluate((o) => {
    const v = window.dlxPage.matrix, { mx } = v, r = v.canvas.getBoundingClientRect();
    return [r.left + (v.origin[0] + mx.cellWidth / 2) / devicePixelRatio, r.top + (v.origin[1] + (mx.rowOf(o) - mx.row0 + 0.5) * mx.cellHeight) / devicePixelRatio];
  }, last);
  await page.mouse.move(spot[0], spot[1]);
  const cellOfLast = await page.evaluate((o) => window.dlxPage.numbering.placement(o).cell, last);
  assert.deepEqual(await page.$$eval('#board .cell.hl', (cs) => cs.map((c) => Number(c.dataset.cell))), [cellOfLast]);
  assert.equal(await page.$$eval('#items .item.hl', (s) => s.length), 4);
});

test('a shared link restores the puzzle and the step', async () => {
  const page = await open(`#p=${SIXTEEN}`);
  for (let k = 0; k < 7; k++) await page.keyboard.press('}');
  for (let k = 0; k < 3; k++) await page.keyboard.press(']');
  await page.click('#copy-link');
  const url = page.url();
  assert.match(url, /#p=[.1-9]{81}&s=\d+$/);
  const before = await snapshot(page);
  const step = await counter(page, 'events');
  const other = await open(url.slice(base.length));
  assert.equal(await counter(other, 'events'), step);
  sameDom(await snapshot(other), before, 'the shared link');
  // far into the search (skipped in Rust, then rebuilt)
  const far = await open(`#p=${SIXTEEN}&s=123456`);
  assert.equal(await counter(far, 'events'), 123456);
  const text = await narration(far);
  const stepped = await open(`#p=${SIXTEEN}&s=123455`);
  await stepped.keyboard.press(']');
  assert.equal(await counter(stepped, 'events'), 123456);
  assert.equal(text, await narration(stepped), 'a link far into the search says what one step there says');
  assert.doesNotMatch(text, /^Step /);
  // Knuth's example at a step
  const knuth = await open('#m=knuth&s=11');
  assert.equal(await narration(knuth), 'Dead end: item E has no option left; back up.');
  assert.equal(await knuth.$eval('#tab-knuth', (t) => t.getAttribute('aria-selected')), 'true');
  // No clipboard (plain HTTP, or permission refused): the link is shown to copy by hand, and
  // it wraps in its box: its 81 cells are one long word, which widened a phone's page to 800 px.
  for (const [hash, width] of [[`#p=${POJ2}&s=12`, 375], [`#p=${'.'.repeat(624)}A&s=12`, 375], [`#p=${'.'.repeat(624)}A&s=12`, 1280]]) {
    const phone = await open(hash, { width, height: 812 });
    await phone.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('no clipboard here')); });
    await phone.click('#copy-link');
    await phone.waitForFunction(() => /^Copy this link: /.test(document.querySelector('#notice').textContent));
    assert.equal(await noticeText(phone), `Copy this link: ${phone.url()}`);
    const [scroll, client] = await phone.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scroll <= client, `${hash.split('&')[0].length - 3} cells at ${width} px: the page is ${scroll} px wide in a window of ${client}`);
    const box = await phone.$eval('#notice', (n) => [n.scrollWidth, n.clientWidth]);
    assert.ok(box[0] <= box[1], `the link stays in its box (${box})`);
    if (hash.length < 100) await shotOf(phone, '#notice', 'copy-link-by-hand-375');
  }
  // so does the workbench's
  const cover = await open('#m=cover', { width: 375, height: 812 });
  await cover.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('no clipboard here')); });
  await cover.click('#cover-copy');
  await cover.waitForFunction(() => /^Copy this link: /.test(document.querySelector('#cover-result').textContent));
  assert.equal(await cover.$eval('#cover-result', (r) => r.textContent), `Copy this link: ${cover.url()}`);
  const [scroll, client] = await cover.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `the workbench at 375 px: the page is ${scroll} px wide in a window of ${client}`);
});

test('a shared link to a step of Knuth\'s example marks what that step changed, as its sender saw it', async () => {
  // The drawing, each element's classes in one order (toggled in another order, they read the same).
  const dance = (page, sel) => page.$eval(sel, (e) => e.innerHTML.replace(/class="([^"]*)"/g, (_, c) => `class="${c.split(' ').sort().join(' ')}"`));
  for (const [hash, sel] of [['#m=knuth', '#dance'], ['#m=cover', '#cover-dance']]) {
    const page = await open(hash);
    if (hash === '#m=cover') await galleryPick(page, "Knuth's example");
    for (let k = 0; k < 9; k++) await page.keyboard.press(']');
    await page.click('#copy-link');
    const url = page.url();
    assert.match(url, /&s=9$/);
    const other = await open(url.slice(base.length));
    await other.waitForFunction(() => window.dlxPage.controller.trace?.events === 9);
    assert.equal(await narration(other), await narration(page));
    // Before the fix the link's page marked everything since the start as just changed.
    sameDom(await dance(other, sel), await dance(page, sel), `${hash}: the links and nodes marked alike`);
    assert.equal(await other.$$eval(`${sel} [data-kind="stale"]`, (l) => l.length), await page.$$eval(`${sel} [data-kind="stale"]`, (l) => l.length));
  }
});

test('Copy link to this step in Knuth\'s view and in the lesson says so where it is seen, and shows the link when there is no clipboard', async () => {
  const watchNotice = (page) => page.evaluate(() => {
    const n = document.querySelector('#watch-notice');
    const r = n.getBoundingClientRect();
    return { text: n.textContent, seen: !n.hidden && r.width > 0 && r.height > 0 };
  });
  for (const [hash, opens] of [['#m=knuth&s=5', 'Knuth\'s example at this step'], ['#lesson=3', 'the lesson at step 3']]) {
    const page = await open(hash);
    await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('no clipboard here')); });
    await page.click('#copy-link');
    await page.waitForFunction(() => !document.querySelector('#watch-notice').hidden);
    // Before the fix the link went to the board's notice, in the Sudoku's pane, out of view.
    assert.deepEqual(await watchNotice(page), { text: `Copy this link: ${page.url()}`, seen: true }, hash);
    assert.equal(new URL(page.url()).hash, hash);
    await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.resolve(); });
    await page.click('#copy-link');
    await page.waitForFunction(() => /^Link copied/.test(document.querySelector('#watch-notice').textContent));
    assert.deepEqual(await watchNotice(page), { text: `Link copied: it opens ${opens}.`, seen: true }, hash);
    await shotOf(page, '.right', `copy-link-${hash.slice(1, 7).replace('=', '')}`);
    // Another view (or another step of the lesson): what it said is gone.
    await page.click(hash === '#lesson=3' ? '#lesson .lesson-next' : '#tab-sudoku');
    assert.equal((await watchNotice(page)).seen, false, hash);
  }
  // The Sudoku's own link is said in the board's notice, as before.
  const page = await open(`#p=${POJ1}&s=3`);
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.resolve(); });
  await page.click('#copy-link');
  await page.waitForFunction(() => /^Link copied/.test(document.querySelector('#notice').textContent));
  assert.equal(await noticeText(page), 'Link copied: it opens this puzzle at this step.');
  assert.equal((await watchNotice(page)).seen, false);
});

test('Copy link to this step in the Sudoku view: what it says is in view, on a laptop and a phone', async () => {
  // The board's notice sits under the board: at 1280×800 it opened 5 px below the fold, so
  // the button seemed to do nothing.
  for (const [width, height] of [[1280, 800], [1366, 768], [375, 740]]) {
    const page = await open(`#p=${POJ1}&s=3`, { width, height, reducedMotion: 'reduce' });
    await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.resolve(); });
    await page.click('#copy-link');
    await page.waitForFunction(() => /^Link copied/.test(document.querySelector('#notice').textContent));
    const [top, bottom, button] = await page.evaluate(() => [
      ...['top', 'bottom'].map((k) => document.querySelector('#notice').getBoundingClientRect()[k]),
      document.querySelector('#copy-link').getBoundingClientRect().bottom,
    ]);
    assert.ok(top >= 0 && bottom <= height + 1, `${width}×${height}: the notice at ${Math.round(top)}–${Math.round(bottom)} px, the window ${height} px high`);
    assert.ok(button > 0 && button <= height, `${width}×${height}: the button stays in view (its bottom at ${Math.round(button)} px)`);
  }
});

test('hostile links and huge steps: a message, never a freeze', async () => {
  const page = await open('#p=12345&s=-3&x=<b>');
  const text = await noticeText(page);
  assert.match(text, /81/);
  assert.match(text, /not a step number/);
  assert.equal(await counter(page, 'events'), 0);
  assert.equal((await givens(page)).length, 81);
  const { browser, contexts, errors } = current();
  const far = await browser.newContext({ serviceWorkers: 'block' }).then((c) => (contexts.push(c), c.newPage()));
  far.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await far.goto(`${base}#p=${EMPTY}&s=999999999999`);
  await far.waitForSelector('body.ready');
  await far.waitForSelector('#busy:not([hidden])');
  const t0 = Date.now();
  assert.equal(await far.evaluate(() => 1 + 1), 2, 'the page answers while it runs');
  console.log(`    the page answered in ${ms(Date.now() - t0)} while it ran to a huge step`);
  await far.keyboard.press('Escape');
  await far.waitForSelector('#busy[hidden]', { state: 'attached', timeout: 10000 });
  const stopped = await counter(far, 'events');
  assert.ok(stopped > 0 && stopped < 999999999999, `stopped part way: ${stopped}`);
  await far.keyboard.press(']');
  await settle(far);
  await far.waitForFunction((n) => document.querySelector('[data-counter="events"]').parentElement.title.endsWith((n).toLocaleString('en')), stopped + 1, { timeout: 10000 })
    .catch(async () => assert.fail(`] after Escape: ${await counter(far, 'events')} events, expected ${stopped + 1}; focus on ${await far.evaluate(() => document.activeElement.outerHTML.slice(0, 80))}`));
});

test('a new puzzle, a size change or a paste while the page runs to a huge step: the new search is shown, stopped, and steps', async () => {
  // The old search was freed before the player let go of it, and stopping its run read it:
  // "null pointer passed to rust" half-way through the change (a size change's link kept the
  // old puzzle), "Going to the step… Stop" stayed up over a search that would not step.
  const E25 = '.'.repeat(625);
  for (const [from, act, line] of [
    [EMPTY, 'new puzzle', null],
    [E25, 'size 9', EMPTY],
    [E25, 'size 4', '.'.repeat(16)],
    [EMPTY, 'paste', POJ1],
  ]) {
    const { browser, contexts, errors } = current();
    const page = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' }).then((c) => (contexts.push(c), c.newPage()));
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await page.goto(`${base}#p=${from}&s=999999999999`); // not open(): it waits for the run to end
    await page.waitForSelector('body.ready');
    await page.waitForSelector('#busy:not([hidden])');
    if (act === 'new puzzle') {
      await page.click('#new-puzzle');
      await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('New '));
    } else if (act === 'paste') await paste(page, POJ1);
    else await page.selectOption('#size', act.split(' ')[1]);
    await settle(page);
    assert.equal(await page.$eval('#busy', (b) => b.hidden), true, `${act}: no run is shown going on`);
    assert.equal(await counter(page, 'events'), 0, act);
    const shown = line ?? (await givens(page));
    assert.equal(await page.evaluate(() => location.hash), `#p=${shown}`, act);
    await page.keyboard.press('Escape');
    await page.click('[title^="Step forward"]');
    await settle(page);
    assert.equal(await counter(page, 'events'), 1, `${act}: the new search steps`);
  }
});

// --- the page under hostile input (issue 13): a clear message, no freeze, nothing typed lost ---
const TYPED = `53..7${'.'.repeat(76)}`;

/** Types digits from r1c1 on ('.' leaves a cell as it is), as a user would. */
async function typeGivens(page, keys) {
  await page.click('#board .cell >> nth=0');
  await page.keyboard.type(keys);
}

/** Sets the URL hash from inside the page (as typing in the address bar does); resolves once
 *  the page has handled the change and drawn a frame, with the time that took. */
const changeHash = (page, hash) => page.evaluate((h) => new Promise((done) => {
  const t0 = performance.now();
  addEventListener('hashchange', () => requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0))), { once: true });
  location.hash = h;
}), hash);

test('hostile paste: 10 MB is refused at once with a clear message, and the typed givens stay', async () => {
  const page = await open(`#p=${EMPTY}`, { permissions: ['clipboard-read', 'clipboard-write'] });
  await typeGivens(page, '53..7');
  assert.equal(await givens(page), TYPED);
  // A real paste: the text on the system clipboard, then Ctrl+V where the focus is.
  const pasteBig = async (chars, where) => {
    await page.evaluate((n) => navigator.clipboard.writeText('123456789\n'.repeat(Math.ceil(n / 10)).slice(0, n)), chars);
    await page.focus(where);
    const since = await clock(page);
    const t0 = Date.now();
    await page.keyboard.press('Control+V');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))); // the message drawn
    return `${ms(Date.now() - t0)}; ${describeBlocking(await blocking(page, since))}`;
  };
  const onBoard = '#board [tabindex="0"]';
  const tBig = await pasteBig(10_000_000, onBoard);
  assert.equal(await givens(page), TYPED, 'the board is unchanged');
  assert.equal(await page.$eval('#notice', (n) => n.dataset.kind), 'error');
  const text = await noticeText(page);
  assert.match(text, /^Paste not loaded: /);
  assert.match(text, /10,000,000 characters/);
  assert.match(text, /at most 200,000/);
  assert.match(text, /The board is unchanged/);
  await shot(page, 'hostile-paste-10mb');
  // Just under the limit, the text is read (by the wasm parser) and refused, naming the line.
  const tUnder = await pasteBig(199_999, onBoard);
  assert.equal(await givens(page), TYPED, 'the board is unchanged');
  assert.match(await noticeText(page), /^Paste not loaded: line \d+: /);
  // Into the count limit: the browser's own paste into a number field takes time growing with
  // the square of the length (300,000 characters: 5 s), so the page refuses long text there.
  const tField = await pasteBig(10_000_000, '#count-limit');
  assert.equal(await page.$eval('#count-limit', (i) => i.value), '1000000', 'the field is unchanged');
  assert.match(await page.$eval('#result', (r) => r.textContent), /^Count up to: not pasted, 10,000,000 characters is far too long \(at most 100\)\. The field is unchanged\.$/);
  await shot(page, 'hostile-paste-10mb-field');
  // How much of that is the browser reading its clipboard (getData) alone: the same 10 MB
  // paste, caught and stopped before any of the page's code runs.
  await page.evaluate(() => {
    window.clipboardRead = new Promise((done) => addEventListener('paste', (e) => {
      const t0 = performance.now();
      e.clipboardData.getData('text/plain');
      e.stopImmediatePropagation();
      e.preventDefault();
      done(performance.now() - t0);
    }, { capture: true, once: true }));
  });
  await page.focus(onBoard);
  await page.keyboard.press('Control+V');
  const read = await page.evaluate(() => window.clipboardRead);
  console.log(`    reading 10 MB from the clipboard (getData, no page code): ${ms(read)}`);
  console.log(`    10 MB paste on the board: ${tBig}`);
  console.log(`    199,999 characters on the board: ${tUnder}`);
  console.log(`    10 MB paste into the count limit: ${tField}`);
  // A drop (the browser's own, from outside the page) is held to the same limit: a million
  // characters dropped into the field froze the page for 15 s.
  const cdp = await page.context().newCDPSession(page);
  const where = await page.$eval('#count-limit', (t) => {
    const r = t.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  const drop = async (text) => {
    const data = { items: [{ mimeType: 'text/plain', data: text }], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop']) await cdp.send('Input.dispatchDragEvent', { type, ...where, data });
  };
  const since = await clock(page);
  const t0 = Date.now();
  await drop('1'.repeat(1_000_000));
  const tDrop = Date.now() - t0;
  assert.equal(await page.$eval('#count-limit', (i) => i.value), '1000000', 'the field is unchanged');
  assert.equal(await page.$eval('#result', (r) => r.textContent), 'Count up to: not dropped, 1,000,000 characters is far too long (at most 100). The field is unchanged.');
  console.log(`    a million characters dropped into the count limit: ${ms(tDrop)}; ${describeBlocking(await blocking(page, since))}`);
  assert.ok(tDrop < 5000, `refused at once (${ms(tDrop)})`);
  // A short drop or paste into the field is the browser's, as before.
  await page.fill('#count-limit', '');
  await drop('750');
  assert.equal(await page.$eval('#count-limit', (i) => i.value), '750');
  await page.evaluate(() => navigator.clipboard.writeText('2500'));
  await page.fill('#count-limit', '');
  await page.keyboard.press('Control+V');
  assert.equal(await page.$eval('#count-limit', (i) => i.value), '2500');
  // What was typed is still there to edit, and a good paste after a bad one still loads.
  assert.equal(await givens(page), TYPED);
  await paste(page, POJ1);
  assert.equal(await givens(page), POJ1);
  await page.click('#notice .notice-action'); // Undo
  assert.equal(await givens(page), TYPED);
});

test('hostile hash: 100,000 characters, on load and as a change, is refused with a message', async () => {
  const huge = `#p=${'1'.repeat(100_000)}`;
  const page = await open(huge);
  assert.match(await noticeText(page), /^The link is too long to hold a puzzle \(100,002 characters after the #, at most 2,000\); ignored\./);
  assert.equal(await givens(page), POJ2, 'the default example instead');
  assert.equal(new URL(page.url()).hash, `#p=${POJ2}`, 'the address bar shows what the page shows');
  // Typed givens survive a bad hash change, and the address bar is put back.
  await page.click('#clear');
  await typeGivens(page, '53..7');
  const since = await clock(page);
  const t = await changeHash(page, huge);
  assert.equal(await givens(page), TYPED, 'the typed givens are still there');
  assert.equal(await page.$eval('#notice', (n) => n.dataset.kind), 'warn');
  assert.match(await noticeText(page), /link is too long/);
  assert.match(await noticeText(page), /puzzle on the board is unchanged/);
  assert.equal(new URL(page.url()).hash, `#p=${TYPED}`);
  const b = await blocking(page, since);
  console.log(`    100,000-character hash handled in ${ms(t)}; ${describeBlocking(b)}`);
  await shot(page, 'hostile-hash-100k');
  // A good link replaces the puzzle; Undo brings back what was typed.
  await changeHash(page, `#p=${POJ1}`);
  assert.equal(await givens(page), POJ1);
  await page.click('#notice .notice-action');
  assert.equal(await givens(page), TYPED);
});

/** Records, from before the page loads, every element added that could run script
 *  (`window.injected()`: their names, sorted). */
function watchInjection() {
  const seen = new Set();
  const risky = (e) => /^(script|img|iframe|object|embed|link|style|meta|base|form)$/i.test(e.tagName) || [...e.attributes].some((a) => /^on/i.test(a.name));
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        for (const e of [n, ...n.querySelectorAll('*')]) if (risky(e)) seen.add(e);
      }
    }
  }).observe(document, { childList: true, subtree: true });
  window.injected = () => [...seen].map((e) => [e.tagName.toLowerCase(), ...[...e.attributes].map((a) => a.name)].join(' ')).sort();
}

test('hostile hash: HTML and script in a link are quoted as text, never run', async () => {
  const clean = await open(`#p=${POJ1}`, { init: watchInjection });
  const normal = await clean.evaluate(() => window.injected());
  const evil = '#p=<img src=x onerror=window.pwned=1>&<script>window.pwned=2</script>=1&m=<svg/onload=window.pwned=3>&s=<b>9</b>';
  const page = await open(evil, { init: watchInjection });
  const check = async (when) => {
    await page.waitForTimeout(100); // an injected image's onerror would have fired by now
    assert.equal(await page.evaluate(() => window.pwned), undefined, `${when}: no script ran`);
    assert.deepEqual(await page.evaluate(() => window.injected()), normal, `${when}: no element that could run script was added`);
    assert.deepEqual(await page.$$eval('#notice *', (es) => [...new Set(es.map((e) => e.tagName))]), ['P'], `${when}: the notice is paragraphs of text`);
    const text = await noticeText(page);
    assert.ok(text.includes('"<img src=x onerror=w…"'), `${when}: the puzzle is quoted: ${text}`);
    assert.ok(text.includes('"<script>window.pwned" is not understood'), `${when}: the unknown key is quoted: ${text}`);
    assert.ok(text.includes('"<svg/onload=window.p…"'), `${when}: the mode is quoted: ${text}`);
    assert.ok(text.includes('"<b>9</b>"'), `${when}: the step is quoted: ${text}`);
    assert.equal(await page.$eval('#notice', (n) => n.dataset.kind), 'warn');
  };
  await check('on load');
  assert.equal(await givens(page), POJ2);
  assert.equal(await page.title(), await clean.title());
  await shot(page, 'hostile-hash-html', { fullPage: true });
  // As a change, after typing: the same, and the typed givens stay.
  await page.click('#clear');
  await typeGivens(page, '53..7');
  await changeHash(page, `${evil}&`);
  await check('on a change');
  assert.equal(await givens(page), TYPED);
  // Control and direction characters are shown, not obeyed.
  await changeHash(page, '#m=%E2%80%AEevil%00%0A');
  assert.match(await noticeText(page), /Unknown mode "\\u\{202e\}evil\\u\{0\}\\u\{a\}"/);
  assert.equal(await givens(page), TYPED);
});

test('hostile count: millions of solutions to the end: progress, a responsive page, and Cancel', async () => {
  const page = await open(`#p=${MILLIONS}`);
  await page.fill('#count-limit', '10000000');
  // The machine's own noise first: the same page, idle, for 2 s.
  const idle = await clock(page);
  await page.waitForTimeout(2000);
  const noise = await blocking(page, idle);
  // While the worker counts, the test looks at the page rarely (not every frame), so that
  // the main thread's work is the page's.
  const slowly = { timeout: 10000, polling: 250 };
  const since = await clock(page);
  let answered = 0;
  const main = await mainThreadTasks(page, async () => {
    await page.click('#count');
    await page.waitForFunction(() => /so far/.test(document.querySelector('#result').textContent), null, slowly);
    // The page answers and the trace steps while the worker counts.
    const t0 = Date.now();
    await page.keyboard.press(']');
    assert.equal(await counter(page, 'events'), 1);
    answered = Date.now() - t0;
    const progress = [];
    while (progress.length < 3) {
      const m = /Counting… ([\d,]+) solutions so far/.exec(await page.$eval('#result', (r) => r.textContent));
      if (m && m[1] !== progress.at(-1)) progress.push(m[1]);
      await page.waitForTimeout(150);
    }
    await shot(page, 'hostile-count-progress');
    const nums = progress.map((p) => Number(p.replace(/,/g, '')));
    assert.ok(nums[0] < nums[1] && nums[1] < nums[2], `progress grows: ${progress.join(', ')}`);
    await page.waitForFunction(() => /solutions: the whole search tree was explored/.test(document.querySelector('#result').textContent), null, { ...slowly, timeout: 120000 });
  });
  const result = await page.$eval('#result', (r) => r.textContent);
  assert.match(result, /^2,217,329 solutions: the whole search tree was explored \([\d,]+ nodes in [\d.]+ s on \d+ workers?\)\.$/);
  const b = await blocking(page, since);
  console.log(`    ${result}`);
  console.log(`    idle, before: ${describeBlocking(noise)}`);
  console.log(`    while the worker counted: ${describeBlocking(b)}; a key answered in ${ms(answered)}`);
  console.log(`    main-thread tasks traced: ${main.count}, longest ${ms(main.wall)} by the clock, most CPU in one task ${ms(main.cpu)}`);
  await shot(page, 'hostile-count-done');
  // None over 50 ms. On a machine shared with other work a task can take long waiting for a
  // core: then none may have taken 50 ms of CPU, which is the page's own work.
  // A measurement, not a verdict (the machine is shared): printed above.
  // Cancel a count of millions halfway: at once, and the solver works again.
  await page.click('#count');
  await page.waitForFunction(() => /so far/.test(document.querySelector('#result').textContent), null, { timeout: 10000 });
  const t1 = Date.now();
  await page.click('#cancel-solver');
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector('#result').textContent), null, { timeout: 10000 });
  console.log(`    cancelled in ${ms(Date.now() - t1)}`);
  await page.fill('#count-limit', '1000');
  await page.click('#count');
  await page.waitForFunction(() => /^At least 1,000 solutions: stopped at the limit/.test(document.querySelector('#result').textContent), null, { timeout: 10000 });
});

/**
 * Records what a screen reader would be told: each change inside a live region (aria-live
 * polite or assertive, or role status / alert) that no aria-live="off" inside it silences.
 * `window.announced` gets [region id, its text].
 */
function watchAnnouncements() {
  window.announced = [];
  const observer = new MutationObserver((records) => {
    for (const m of records) {
      const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      const region = el?.closest('[aria-live], [role="status"], [role="alert"]');
      if (!region || region.closest('[hidden]') || el.closest('[aria-live="off"]')) continue;
      window.announced.push([region.id, region.textContent.slice(0, 60)]);
    }
  });
  addEventListener('DOMContentLoaded', () => observer.observe(document.body, { subtree: true, childList: true, characterData: true }));
}

test('screen readers: a count\'s progress and top-speed play are not announced at every update', async () => {
  // The progress of a count was redrawn about ten times a second inside a polite live
  // region: 25 announcements in 3 s, queued long after the count had moved on.
  const heard = async (page, start, ms = 2500) => {
    await page.evaluate(() => { window.announced = []; });
    await start();
    await page.waitForTimeout(ms);
    return page.evaluate(() => window.announced);
  };
  const sudoku = await open(`#p=${MILLIONS}`, { init: watchAnnouncements });
  await sudoku.fill('#count-limit', '10000000');
  let told = await heard(sudoku, () => sudoku.click('#count'));
  assert.match(await sudoku.$eval('#result', (r) => r.textContent), /so far/, 'the progress shows');
  assert.ok(told.length <= 3, `${told.length} announcements while counting: ${told.map(([, t]) => t).join(' | ')}`);
  await sudoku.click('#cancel-solver');
  const empty = await open(`#p=${EMPTY}`, { init: watchAnnouncements });
  await setSpeed(empty);
  told = await heard(empty, () => empty.click('[data-action="toggle"]'));
  assert.ok(told.length <= 3, `${told.length} announcements at top speed: ${told.map(([, t]) => t).join(' | ')}`);
  const cover = await openCover('#m=cover', { init: watchAnnouncements });
  await galleryPick(cover, 'Pentominoes 6×10');
  told = await heard(cover, () => cover.click('#cover-count'));
  assert.match(await cover.$eval('#cover-result', (r) => r.textContent), /so far/, 'the workbench\'s progress shows');
  assert.ok(told.length <= 3, `${told.length} announcements while the workbench counted: ${told.map(([, t]) => t).join(' | ')}`);
  await cover.click('#cover-result #cancel-solver');
});

test('hostile trace: an unsolvable puzzle, top speed and Next solution end in "0 solutions", no freeze', async () => {
  const engine = new dlx.Trace(IMPOSSIBLE);
  while (!engine.done) engine.run(1e6, 0);
  const total = engine.events;
  engine.free();
  const page = await open('');
  await page.selectOption('#examples', 'impossible');
  assert.equal(await givens(page), IMPOSSIBLE);
  assert.equal(await page.$eval('[data-action="toggle"]', (b) => b.disabled), false, 'nothing clashes: there is a search to watch');
  await setSpeed(page, 'max');
  const since = await clock(page);
  const main = await mainThreadTasks(page, async () => {
    await page.click('[data-action="toggle"]');
    await page.waitForFunction(() => window.dlxPage.player.trace.done && !window.dlxPage.player.playing, null, { timeout: 60000, polling: 100 });
  });
  const b = await blocking(page, since);
  console.log(`    ${total.toLocaleString('en')} events at top speed: ${describeBlocking(b)}`);
  console.log(`    main-thread tasks traced: ${main.count}, longest ${ms(main.wall)} by the clock, most CPU in one task ${ms(main.cpu)}`);
  assert.match(await narration(page), /^Search complete: 0 solutions/);
  assert.equal(await counter(page, 'events'), total);
  assert.equal(await counter(page, 'solutions'), 0);
  assert.equal(await page.$eval('[data-action="toggle"]', (b) => b.getAttribute('aria-pressed')), 'false');
  await shot(page, 'hostile-impossible-done');
  // Next solution from the start: one long jump, spread over frames, to the same end.
  await page.click('[data-action="restart"]');
  assert.equal(await counter(page, 'events'), 0);
  const since2 = await clock(page);
  const main2 = await mainThreadTasks(page, async () => {
    await page.keyboard.press('n');
    await settle(page);
  });
  const b2 = await blocking(page, since2);
  console.log(`    Next solution to the end: ${describeBlocking(b2)}`);
  console.log(`    main-thread tasks traced: ${main2.count}, longest ${ms(main2.wall)} by the clock, most CPU in one task ${ms(main2.cpu)}`);
  assert.match(await narration(page), /^Search complete: 0 solutions/);
  assert.equal(await counter(page, 'events'), total);
  // Done is not a dead end for the controls: step back, and again forward to the end.
  await page.keyboard.press('[');
  assert.equal(await counter(page, 'events'), total - 1);
  await page.keyboard.press(']');
  assert.match(await narration(page), /^Search complete: 0 solutions/);
  // Solve agrees.
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="none"]');
});

test('hostile trace: the main thread at top speed, measured (3 s on the empty grid)', async () => {
  const page = await open(`#p=${EMPTY}`);
  await setSpeed(page, 'max');
  await page.uncheck('#stop-at-solution');
  const since = await clock(page);
  const main = await mainThreadTasks(page, async () => {
    await page.click('[data-action="toggle"]');
    await page.waitForTimeout(3000);
    await page.click('[data-action="toggle"]');
  });
  const b = await blocking(page, since);
  const events = await counter(page, 'events');
  console.log(`    ${events.toLocaleString('en')} events in 3 s at top speed: ${describeBlocking(b)}`);
  console.log(`    main-thread tasks traced: ${main.count}, longest ${ms(main.wall)} by the clock, most CPU in one task ${ms(main.cpu)}`);
  assert.ok(events > 100_000, 'it played');
});

test('the count field shows its largest value whole, on a desktop, a phone and in large type', async () => {
  // 8.2em held 9 digits and the spin button: 1000000000, the most it takes, lost its last 0.
  for (const [viewport, large] of [[{ width: 1280, height: 800 }, false], [{ width: 375, height: 812 }, false], [{ width: 1280, height: 800 }, true]]) {
    const page = await open('', viewport);
    if (large) await page.click('#large-type');
    await page.fill('#count-limit', '1000000000');
    await page.hover('#count-limit'); // the spin button shows
    const { scroll, client } = await page.$eval('#count-limit', (i) => ({ scroll: i.scrollWidth, client: i.clientWidth }));
    assert.ok(scroll <= client, `${viewport.width} px${large ? ', large type' : ''}: the text is ${scroll} px wide in a field of ${client}`);
    if (viewport.width === 375) await shotOf(page, '#sudoku-pane > .puzzle-bar >> nth=0', 'count-field-375');
  }
});

test('Cancel stays put while the progress text grows, on a desktop and a phone', async () => {
  // The progress text shared a line with Cancel: as its numbers grew, its wrapping moved the
  // button along and from line to line, under the pointer of someone aiming at it.
  for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
    const page = await open(`#p=${HARD1}`, viewport);
    const places = await page.evaluate(() => {
      const result = window.dlxPage.controller.views.result;
      result.busy('Counting…');
      const place = () => {
        const r = document.querySelector('#cancel-solver').getBoundingClientRect();
        return `${Math.round(r.x)},${Math.round(r.y)}`;
      };
      const seen = [place()];
      for (let n = 1; n < 1e12; n = n * 7 + 3) {
        result.progress(`Counting… ${n.toLocaleString('en')} solutions so far (${(n * 137).toLocaleString('en')} steps)`);
        seen.push(place());
      }
      result.clear();
      return [...new Set(seen)];
    });
    assert.equal(places.length, 1, `${viewport.width} px: Cancel at ${places.join(' then ')}`);
    await page.close();
  }
});

test('Cancel stops a long count, and the solver works again', async () => {
  const page = await open(`#p=${HARD1}`);
  await page.fill('#count-limit', '1000000000');
  await page.click('#count');
  await page.waitForFunction(() => /so far/.test(document.querySelector('#result').textContent), null, { timeout: 10000 });
  // the page stays responsive while the worker counts
  await page.keyboard.press(']');
  assert.equal(await counter(page, 'events'), 1);
  await shot(page, 'counting');
  const t0 = Date.now();
  await page.click('#cancel-solver');
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector('#result').textContent), null, { timeout: 10000 });
  console.log(`    cancelled in ${ms(Date.now() - t0)}`);
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="multiple"]');
  // an exact count runs to the end
  await page.selectOption('#examples', 'multi');
  await page.click('#count');
  await page.waitForFunction(() => /1,158 solutions: the whole search tree/.test(document.querySelector('#result').textContent), null, { timeout: 30000 });
});

test('Knuth\'s example: the same engine, the links dance', async () => {
  const page = await open('');
  await page.click('#tab-knuth');
  assert.equal(await page.$eval('#sudoku-pane', (p) => p.hidden), true);
  assert.match(await narration(page), /^Ready: 7 items/);
  for (let k = 0; k < 9; k++) await page.keyboard.press(']');
  assert.equal(await narration(page), "'B C F' covers item C: hides 1 option. Now item E has no option left.");
  assert.ok((await page.$$eval('.dance-svg .node.hidden', (n) => n.length)) > 0);
  assert.ok((await page.$$eval('.dance-svg .link[data-kind="moved"]', (n) => n.length)) > 0);
  assert.equal(await page.$$eval('.dance-svg .node.header.dead', (n) => n.length), 1);
  // Drawn again at the same step (as on a resize), the links still say what the step changed:
  // once, a second drawing compared the step with itself and the highlights went (a flaky
  // pixel test under load).
  const kinds = () => page.$$eval('.dance-svg .link', (ls) => ls.map((l) => l.dataset.kind ?? '').join(' '));
  const drawn = await kinds();
  await page.evaluate(() => window.dlxPage.controller.render());
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.evaluate(() => window.dlxPage.controller.render());
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.equal(await kinds(), drawn);
  await page.waitForTimeout(600); // let the links settle
  await shot(page, 'knuth-dance');
  await page.keyboard.press('n');
  await settle(page);
  assert.equal(await narration(page), "Solution 1: options 'A D', 'C E F', 'B G' cover every item exactly once.");
  await page.keyboard.press('n');
  await settle(page);
  assert.equal(await narration(page), 'Search complete: 1 solution, 1 dead end, 5 tries.');
  assert.equal(await page.$$eval('.dance-svg .node.hidden', (n) => n.length), 0, 'every node is back');
  for (let k = 0; k < 41; k++) await page.keyboard.press('[');
  assert.match(await narration(page), /^Ready/);
  // back to Sudoku: the puzzle is still there
  await page.click('#tab-sudoku');
  assert.equal((await givens(page)).replace(/\./g, '').length > 0, true);
});

// --- the exact-cover workbench ---------------------------------------------------------------
/** Opens the workbench (on `hash`, default: its default problem) and waits for its problem. */
async function openCover(hash = '#m=cover', opts = {}) {
  const page = await open(hash, opts);
  await page.waitForFunction(() => window.dlxPage.controller.mode === 'cover' && (window.dlxPage.workbench.text !== null || document.querySelector('#cover-result:not([hidden])')));
  return page;
}
const coverStatus = (page) => page.$eval('#cover-status', (e) => e.textContent);
const coverResult = (page) => page.$eval('#cover-result', (e) => e.textContent);
const galleryPick = async (page, label) => {
  await page.click(`#cover-pane .gallery button:text-is("${label}")`);
  await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
};
/** Everything the workbench's search views show (the matrix canvas as pixels). */
const coverSnapshot = (page) => page.evaluate(() => [
  ...['#cover-items', '#counters', '#narration', '.transport', '#cover-dance'].map((s) => document.querySelector(s).outerHTML),
  document.querySelector('#cover-matrix canvas').toDataURL(),
].join('\n'));
/** Replaces the editor's text as a paste would, then lets the page read it. */
async function typeProblem(page, text) {
  await page.$eval('#cover-text', (t, v) => {
    t.value = v;
    t.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  await page.waitForTimeout(350);
}

test('workbench: a colour problem of the gallery steps to a purify and back, each purified item\'s colour on its chip, the narration whole in its box', async () => {
  const page = await openCover();
  await galleryPick(page, 'Graceful labelling of K3 (colours)');
  const start = await coverSnapshot(page);
  // Step 14: the option tried at level 1 purifies its coloured items (graceful K3, DLX2's order).
  for (let k = 0; k < 14; k++) await page.keyboard.press(']');
  assert.equal(await narration(page), "'1 0-2 .0:0 .2:1 +0:0 +1:2' gives item +1 the colour 2: options that give it another colour, or none, are hidden.");
  assert.deepEqual(
    await page.$$eval('#cover-items li.purified', (ls) => ls.map((l) => l.textContent)),
    ['.0:010', '.1:310', '.2:11', '+0:02', '+1:21', '+3:12'],
    'each purified item shows its colour (and its length)',
  );
  const cut = await page.$eval('#narration', (b) => b.scrollHeight > b.clientHeight + 1);
  assert.equal(cut, false, 'the purify\'s sentence fits its two lines at 1280 px');
  for (let k = 0; k < 14; k++) await page.keyboard.press('[');
  sameDom(await coverSnapshot(page), start, 'after 14 steps forward and 14 back');
  assert.equal(await page.$$eval('#cover-items li.purified', (ls) => ls.length), 0);
});

test('workbench: the gallery, animate, step back, narration in item and option names, each item\'s length', async () => {
  const page = await openCover();
  assert.equal(await coverStatus(page), '22 items (8 primary, 14 secondary), 16 options, 64 entries.', '4 queens by default');
  assert.equal(await page.$eval('#cover-pane .gallery button[aria-pressed="true"]', (b) => b.textContent), '4 queens');
  // Each item's chip shows its name and its length; secondary items are marked.
  assert.deepEqual(await page.$$eval('#cover-items li', (ls) => ls.slice(0, 3).map((l) => l.textContent)), ['r04', 'r14', 'r24']);
  assert.equal(await page.$$eval('#cover-items li.secondary', (ls) => ls.length), 14);
  // Knuth's example is one entry of the gallery, on the same engine, with its links drawn.
  await galleryPick(page, "Knuth's example");
  assert.match(await narration(page), /^Ready: 7 items to cover with 6 options/);
  assert.equal(await page.$eval('#cover-dance', (d) => d.hidden), false);
  const start = await coverSnapshot(page);
  for (let k = 0; k < 9; k++) await page.keyboard.press(']');
  assert.equal(await narration(page), "'b c f' covers item c: hides 1 option. Now item e has no option left.");
  assert.equal(await page.$eval('#cover-items li:nth-child(3)', (l) => l.className), 'covered');
  assert.equal(await page.$eval('#cover-items li:nth-child(5)', (l) => [l.className, l.textContent].join(' ')), 'dead e0');
  assert.ok((await page.$$eval('#cover-dance .node.hidden', (n) => n.length)) > 0, 'the links dance');
  // Step back: exactly what was shown before.
  for (let k = 0; k < 9; k++) await page.keyboard.press('[');
  sameDom(await coverSnapshot(page), start, 'after 9 steps forward and 9 back');
  // A pentomino board small enough to watch: its first solution, then back and forth.
  await galleryPick(page, 'Pentominoes 3×5 (L, N, V)');
  assert.equal(await page.$eval('#cover-dance', (d) => d.hidden), true, 'too big for the drawing of links');
  await page.keyboard.press('n');
  await settle(page);
  assert.match(await narration(page), /^Solution 1: options 'L (\w\w ){4}\w\w', '/);
  assert.equal(await counter(page, 'solutions'), 1);
  const atSolution = await coverSnapshot(page);
  for (let k = 0; k < 25; k++) await page.keyboard.press('[');
  assert.equal(await counter(page, 'solutions'), 0);
  for (let k = 0; k < 25; k++) await page.keyboard.press(']');
  sameDom(await coverSnapshot(page), atSolution, 'back 25 and forward 25');
  // Play: the search moves by itself, the matrix is redrawn, and the count ends at 4.
  const before = await page.$eval('#cover-matrix canvas', (c) => c.toDataURL());
  await setSpeed(page, 9);
  await page.uncheck('#stop-at-solution');
  await page.click('[data-action="toggle"]');
  await page.waitForFunction(() => window.dlxPage.controller.trace.done, null, { timeout: 10000 });
  assert.equal(await counter(page, 'solutions'), 4, '3x5 with L, N, V: 4 solutions');
  assert.notEqual(await page.$eval('#cover-matrix canvas', (c) => c.toDataURL()), before);
  assert.match(await page.$eval('#cover-matrix canvas', (c) => c.getAttribute('aria-label')), /^The matrix: 44 options \(rows\) × 18 items \(columns\)\./);
  assert.match(await narration(page), /^Search complete: 4 solutions/);
  // Langford 3: every item primary, narration in the problem's names.
  await galleryPick(page, 'Langford 3');
  await page.keyboard.press(']');
  assert.match(await narration(page), /^Branch on item \w+: only/);
  // A big problem's numbers in the narration and the matrix's words, as the page writes numbers.
  await galleryPick(page, 'Pentominoes 6×10');
  await page.waitForFunction(() => /^The matrix: 2,056 options/.test(document.querySelector('#cover-matrix canvas').getAttribute('aria-label')));
  assert.match(await page.$eval('#cover-matrix canvas', (c) => c.getAttribute('aria-label')), /^The matrix: 2,056 options \(rows\) × 72 items \(columns\)\. 2,056 live, 0 in the partial solution/);
  assert.equal(await narration(page), 'Ready: 72 items to cover with 2,056 options. Step or play to start.');
});

test('workbench: parse errors show at their line and column as the user types, and fixing one resumes', async () => {
  const page = await openCover();
  const good = await page.$eval('#cover-text', (t) => t.value);
  await page.click('#cover-text');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('r0 q9');
  await page.waitForTimeout(400);
  assert.equal(await coverStatus(page), 'Not a problem yet: line 20, column 4: unknown item "q9".');
  assert.equal(await page.$eval('#cover-editor .err-msg', (e) => e.textContent), 'line 20, column 4: unknown item "q9"');
  assert.equal(await page.$eval('#cover-text', (t) => t.getAttribute('aria-invalid')), 'true');
  // The mark is on line 20 as drawn: the character the textarea draws at the start of the
  // mark's first row is line 20's first (long lines above it wrap: rows are not lines).
  const where = await page.evaluate(() => {
    const t = document.querySelector('#cover-text'), m = document.querySelector('#cover-editor .err-line'), c = document.querySelector('#cover-editor .err-caret');
    t.scrollIntoView({ block: 'center' }); // the point asked about must be on screen
    const s = getComputedStyle(t), lh = parseFloat(s.lineHeight), r = m.getBoundingClientRect(), box = t.getBoundingClientRect();
    const p = document.caretPositionFromPoint(box.left + t.clientLeft + parseFloat(s.paddingLeft) + 1, r.top + lh / 2);
    const starts = [0, ...[...t.value.matchAll(/\n/g)].map((x) => x.index + 1)];
    return { line: p?.offsetNode === t ? starts.indexOf(p.offset) + 1 : -1, caretX: c.offsetLeft - t.offsetLeft, hidden: m.hidden };
  });
  assert.equal(where.hidden, false);
  assert.equal(where.line, 20);
  assert.ok(where.caretX > 20, `the caret is under column 4 (${where.caretX} px)`);
  assert.equal(await narration(page), 'Fix the error marked in the problem to watch the search.');
  assert.equal(await page.$eval('[data-action="toggle"]', (b) => b.disabled), true);
  await shot(page, 'workbench-error');
  // Each kind of error, live, with its line and column; never a panic.
  for (const [text, message] of [
    ['a b a\na b\n', 'line 1, column 5: item "a" is named twice (first at column 1)'],
    ['a | b\nb a:red\n', 'line 2, column 3: "a:red": a primary item cannot have a colour (only secondary items take DLX2\'s item:colour)'],
    ['a | b\nb\n', 'line 2, column 1: this option has no primary item'],
    ['a b\na b a\n', 'line 2, column 5: item "a" is repeated in this option (first at column 1)'],
    ['', 'empty input: no item line (only blank lines and comments)'],
    [`${'x'.repeat(70)}\n`, `line 1, column 1: "${'x'.repeat(40)}…" is longer than 64 bytes`],
  ]) {
    await typeProblem(page, text);
    assert.equal(await page.$eval('#cover-editor .err-msg', (e) => e.textContent), message, JSON.stringify(text));
  }
  // Fixed: the search is back.
  await typeProblem(page, good);
  assert.equal(await page.$eval('#cover-text', (t) => t.getAttribute('aria-invalid')), 'false');
  assert.equal(await page.$eval('#cover-editor .err-line', (e) => e.hidden), true);
  assert.match(await narration(page), /^Ready: 22 items/);
  // A whole problem pasted into the editor is taken (far more than the Sudoku fields' 100).
  const text = await page.evaluate(() => window.dlxPage.dlx.coverExample('queens', '8'));
  await page.$eval('#cover-text', (t) => { t.value = ''; t.focus(); });
  await page.evaluate((v) => {
    const t = document.querySelector('#cover-text');
    const dt = new DataTransfer();
    dt.setData('text/plain', v);
    const ok = t.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    if (ok) {
      t.value = v; // what the browser's own paste does when the page lets it
      t.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, text);
  await page.waitForTimeout(350);
  assert.match(await coverStatus(page), /^46 items \(16 primary, 30 secondary\), 64 options/);
  // Far too long a paste is refused at once, and the problem stays.
  const refused = await page.evaluate(() => {
    const t = document.querySelector('#cover-text');
    const dt = new DataTransfer();
    dt.setData('text/plain', 'x '.repeat(300_000));
    return !t.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  assert.equal(refused, true, 'the paste is cancelled');
  assert.equal(await coverResult(page), 'Not pasted: 600,000 characters is more than the editor takes (500,000). The problem is unchanged.');
  assert.match(await coverStatus(page), /^46 items/);
  // The tabs: arrows move between the three views.
  await page.focus('#tab-knuth');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.$eval('#tab-cover', (t) => [t.getAttribute('aria-selected'), document.activeElement === t].join()), 'true,true');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.$eval('#tab-sudoku', (t) => t.getAttribute('aria-selected')), 'true');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.$eval('#cover-pane', (p) => p.hidden), false);
  assert.match(await coverStatus(page), /^46 items/, 'the problem is still there after a visit to the Sudoku');
});

test('workbench: the error\'s box sits on its word as drawn, after tabs, accents that combine, emoji, ideographs and a byte-order mark', async () => {
  const page = await openCover();
  // The parser counts characters; drawn, an accent that combines takes no column and an
  // emoji about two. The box was put at (column − 1) character widths: an emoji or a
  // combining accent before the error moved it off its word.
  // A byte-order mark starts the text: the parser skips it, and counts columns after it.
  for (const [head, text] of [['b\ta\t'], ['e\u0301x '], ['😀😀 '], ['漢字 '], ['ü ç ñ '], ['\uFEFFzz b ', '\uFEFFzz b zz\n']]) {
    const line = `${head}zz`;
    await typeProblem(page, text ?? `${head.trim().split(/[ \t]+/).join(' ')}\n${line}\n`);
    assert.match(await page.$eval('#cover-editor .err-msg', (e) => e.textContent), text ? /^line 1, column 6: item "zz" is named twice \(first at column 1\)$/ : /^line 2, column \d+: unknown item "zz"$/, line);
    // Where the textarea draws "zz": the same text, font and spacing in a plain element.
    const got = await page.evaluate((head) => {
      const t = document.querySelector('#cover-text'), c = document.querySelector('#cover-editor .err-caret');
      const s = getComputedStyle(t);
      const probe = document.createElement('div');
      Object.assign(probe.style, { position: 'absolute', whiteSpace: 'pre', font: s.font, tabSize: s.tabSize, letterSpacing: s.letterSpacing, visibility: 'hidden' });
      const word = document.createElement('span');
      word.textContent = 'zz';
      probe.append(head, word);
      document.body.append(probe);
      const drawn = { left: word.getBoundingClientRect().left - probe.getBoundingClientRect().left, width: word.getBoundingClientRect().width };
      probe.remove();
      const box = c.getBoundingClientRect(), area = t.getBoundingClientRect();
      return { drawn, box: { left: box.left - area.left - parseFloat(s.paddingLeft) - t.clientLeft + t.scrollLeft, width: box.width } };
    }, head);
    assert.ok(Math.abs(got.box.left - got.drawn.left) < 1.5, `${JSON.stringify(line)}: the box starts at ${got.box.left} px, "zz" at ${got.drawn.left} px`);
    assert.ok(Math.abs(got.box.width - got.drawn.width) < 1.5, `${JSON.stringify(line)}: the box is ${got.box.width} px wide, "zz" ${got.drawn.width} px`);
  }
  await shotOf(page, '#cover-editor', 'workbench-error-after-ideographs');
});

test('workbench: long item names stay inside their nodes in the drawing of links, the whole name in a tooltip, and inside the item list on a phone', async () => {
  const page = await openCover();
  // Names may be 64 bytes: written in full, they ran across the other nodes and labels.
  const long = 'W'.repeat(64), accents = 'é'.repeat(32);
  await typeProblem(page, `${long} ${accents} row1 | cell12\n${long} ${accents} row1 cell12\n${long} ${accents}\nrow1\n`);
  for (let k = 0; k < 3; k++) await page.keyboard.press(']');
  assert.equal(await page.$eval('#cover-dance', (d) => d.hidden), false);
  const out = await page.$$eval('#cover-dance .node, #cover-dance .band', (gs) => gs.flatMap((g) => {
    const t = g.querySelector('text'), r = g.querySelector('rect');
    if (!t) return [];
    const tb = t.getBBox(), rb = r.getBBox();
    // A node's name within its box; an option's label within the space left of the first
    // column's nodes (the drawing's sizes follow its box: views/dance.js, geometry).
    const firstColumn = Math.min(...[...document.querySelectorAll('#cover-dance .node.option')]
      .map((n) => parseFloat(/translate\(([-\d.]+)px/.exec(n.style.transform)[1]) + n.querySelector('rect').x.baseVal.value));
    const right = g.classList.contains('band') ? firstColumn : rb.x + rb.width;
    return tb.x < rb.x - 0.5 || tb.x + tb.width > right + 0.5 ? [`${t.textContent} (${g.getAttribute('class')}): ${tb.x}..${tb.x + tb.width}, room ${rb.x}..${right}`] : [];
  }));
  assert.deepEqual(out, [], 'every name inside its room');
  const titles = new Set(await page.$$eval('#cover-dance title', (ts) => ts.map((t) => t.textContent)));
  for (const name of [long, accents, `${long} ${accents} row1 cell12`]) assert.ok(titles.has(name), `the whole ${name.slice(0, 10)}… in a tooltip`);
  assert.equal(await page.$$eval('#cover-dance .node.header text.name', (ts) => ts.filter((t) => t.textContent === 'row1').length), 1, 'a short name as it is');
  await shotOf(page, '#cover-dance', 'workbench-dance-long-names');
  // On a phone the item list's chips stay inside the list, each length beside its name. The
  // chip of the item being chosen (class 'top') also took the page header's '.top' rule,
  // whose flex-wrap put its length on a line of its own.
  const phone = await openCover('#m=cover', { width: 375, height: 812 });
  await typeProblem(phone, `${long} ${accents}\n${long} ${accents}\n`);
  await phone.keyboard.press(']');
  await phone.keyboard.press(']');
  assert.equal(await phone.$$eval('#cover-items li.top', (ls) => ls.length), 1);
  const chips = await phone.$$eval('#cover-items li', (ls) => ls.map((li) => {
    const list = li.parentElement.getBoundingClientRect(), b = li.getBoundingClientRect();
    const [name, len] = [li.querySelector('.name').getBoundingClientRect(), li.querySelector('.len').getBoundingClientRect()];
    return { cls: li.className, inside: b.left >= list.left - 0.5 && b.right <= list.right + 0.5, oneLine: Math.abs(name.top - len.top) < 1 };
  }));
  // (The second item has no option left after the cover, but the branch about to be tried
  // covers it: no dead end, as the board and the narration say since 71edebe.)
  assert.deepEqual(chips, [{ cls: 'covered top', inside: true, oneLine: true }, { cls: '', inside: true, oneLine: true }], JSON.stringify(chips));
  await phone.locator('#cover-items').scrollIntoViewIfNeeded();
  await shotOf(phone, '#cover-items', 'workbench-items-long-names-375');
});

test('workbench: a matrix bigger than its canvas says which options it holds', async () => {
  const page = await openCover();
  assert.equal(await page.$eval('#cover-matrix + .matrix-cut', (p) => p.hidden), true, '4 queens fits');
  // 100 queens: 10,000 options, one pixel row each, in a canvas of at most 4,096. The rest
  // were left out with no word of it, and the text alternative said 10,000 rows.
  await page.evaluate(() => window.dlxPage.workbench.setText(window.dlxPage.dlx.coverExample('queens', '100')));
  await page.waitForFunction(() => /^The matrix: 10,000 options/.test(document.querySelector('#cover-matrix canvas').getAttribute('aria-label')));
  const note = 'The picture holds only the first 4,096 of 10,000 options.';
  assert.deepEqual(await page.$eval('#cover-matrix + .matrix-cut', (p) => [p.hidden, p.textContent]), [false, note]);
  assert.ok((await page.$eval('#cover-matrix canvas', (c) => c.getAttribute('aria-label'))).endsWith(` ${note}`));
  await galleryPick(page, 'Langford 4');
  assert.equal(await page.$eval('#cover-matrix + .matrix-cut', (p) => p.hidden), true);
});

test('workbench: the editor made taller by its handle numbers every line it shows, and its error\'s message follows', async () => {
  const page = await openCover();
  await typeProblem(page, `a b\n${'a\n'.repeat(29)}a zz\n${'a\n'.repeat(9)}`);
  // What a drag of the textarea's resize handle does. The gutter kept its first 340 px:
  // numbers stopped at line 21 beside a textarea showing 33 lines.
  await page.$eval('#cover-text', (t) => { t.style.height = '600px'; });
  await page.waitForFunction(() => document.querySelector('#cover-editor .gutter').getBoundingClientRect().height === 600);
  const numbers = await page.$eval('#cover-editor .gutter', (g) => g.textContent.split('\n').map(Number));
  assert.ok(numbers.includes(33), `the gutter numbers the lines in view: ${numbers.join(' ')}`);
  // The message of the error on line 31 is below its line, in the taller box.
  const [line, bubble] = await page.evaluate(() => [document.querySelector('#cover-editor .err-line'), document.querySelector('#cover-editor .err-msg')].map((e) => e.getBoundingClientRect().top));
  assert.ok(bubble > line, `the message (${bubble}) under its line (${line})`);
  await shotOf(page, '#cover-editor', 'workbench-editor-taller');
});

test('workbench: the editor wraps long lines on a phone and a projector, nothing cut at the right; each number on its line\'s first row, an error marked where it is drawn', async () => {
  // Issue 32, point 26: 4 queens' first line ran past the editor's right edge at 375×812
  // and at 1024×768 in large type, the rest of it out of sight. Wrapped, a line takes
  // several rows: its number stands on its first, and an error after it is marked on the
  // row where the textarea draws it (asked of the browser: which character is at a point).
  for (const [width, height, large] of [[375, 812, false], [1024, 768, true]]) {
    const page = await openCover('#m=cover', { width, height });
    if (large) await page.click('#large-type');
    const where = `${width}×${height}${large ? ' large type' : ''}`;
    // How the editor shows its text: what it hides sideways, and each number shown with the
    // character the textarea draws at the start of that row (the browser's own answer) and
    // the start of the line numbered; the character at the error's box, and where "zz" is.
    const look = () => page.evaluate(() => {
      const t = document.querySelector('#cover-text'), s = getComputedStyle(t);
      t.scrollIntoView({ block: 'center' }); // the points asked about must be on screen
      const lh = parseFloat(s.lineHeight), box = t.getBoundingClientRect();
      const x = box.left + t.clientLeft + parseFloat(s.paddingLeft) + 1;
      const at = (px, py) => { const p = document.caretPositionFromPoint(px, py); return p && p.offsetNode === t ? p.offset : -1; };
      const starts = [0, ...[...t.value.matchAll(/\n/g)].map((m) => m.index + 1)];
      const numbers = document.querySelector('#cover-editor .gutter .numbers'), top = numbers.getBoundingClientRect().top;
      const rows = numbers.textContent.split('\n');
      const caret = document.querySelector('#cover-editor .err-caret');
      const c = caret.hidden ? null : caret.getBoundingClientRect();
      return {
        hidden: t.scrollWidth - t.clientWidth,
        numbered: rows.flatMap((n, k) => (n && top + k * lh + lh / 2 < box.bottom - 4 ? [[Number(n), at(x, top + k * lh + lh / 2), starts[Number(n) - 1]]] : [])),
        wrapped: rows.filter((n) => n === '').length,
        caret: c ? at(c.left + 2, c.top + c.height / 2) : null,
        zz: t.value.lastIndexOf('zz'),
      };
    });
    const queens = await look();
    assert.ok(queens.hidden <= 1, `${where}: 4 queens' lines hide ${queens.hidden} px sideways`);
    assert.ok(queens.wrapped >= 2, `${where}: 4 queens' long lines wrap (${queens.wrapped} rows more)`);
    for (const [n, drawn, start] of queens.numbered) assert.equal(drawn, start, `${where}: 4 queens' line ${n}: its number stands on the row where it starts`);
    await typeProblem(page, `a b c\n| ${'a long comment that wraps, '.repeat(5)}\na b\nc\nc zz\n`);
    const r = await look();
    assert.ok(r.hidden <= 1, `${where}: ${r.hidden} px hidden sideways`);
    assert.ok(r.wrapped >= 2, `${where}: the long comment wraps`);
    assert.deepEqual(r.numbered.map(([n]) => n), [1, 2, 3, 4, 5, 6], `${where}: every line numbered once`);
    for (const [n, drawn, start] of r.numbered) assert.equal(drawn, start, `${where}: line ${n}'s number stands on the row where it starts`);
    assert.equal(r.caret, r.zz, `${where}: the error's box is on "zz" as drawn, after a wrapped line`);
    await shotOf(page, '#cover-editor', `workbench-editor-wrapped-${width}`);
  }
});

test('workbench: counting in the worker: known counts, progress on pentominoes 6x10, Cancel, and the page stays live', async () => {
  const page = await openCover();
  for (const [label, expected] of [['8 queens', '92 solutions'], ['Langford 11', '35,584 solutions'], ['12 queens', '14,200 solutions']]) {
    await galleryPick(page, label);
    await page.click('#cover-count');
    await page.waitForFunction(() => document.querySelector('#cover-result').dataset.kind === 'count', null, { timeout: 30000 });
    assert.match(await coverResult(page), new RegExp(`^${expected}: the whole search tree was explored \\([\\d,]+ nodes in `), label);
  }
  await galleryPick(page, 'Pentominoes 6×10');
  assert.equal(await coverStatus(page), '72 items (72 primary), 2,056 options, 12,336 entries.');
  await page.click('#cover-count');
  await page.waitForFunction(() => /so far \([\d,]+ nodes\)/.test(document.querySelector('#cover-result').textContent), null, { timeout: 10000 });
  await page.waitForFunction(() => /Counting… [1-9][\d,]* solutions so far/.test(document.querySelector('#cover-result').textContent), null, { timeout: 20000 });
  // While it counts, the page answers: a step of the search on the main thread, timed in the
  // page from the key's arrival to the counter showing the step (the test's round trips to
  // Chromium, slow when the machine is loaded, are not the page's). A count on the main thread
  // would hold the key until its end: seconds on one core, even at two workers' speed.
  await page.evaluate(() => {
    const box = document.querySelector('[data-counter="events"]');
    window.__step = {};
    addEventListener('keydown', () => { window.__step.key ??= performance.now(); }, { capture: true, once: true });
    new MutationObserver((_, o) => { if (box.textContent === '1') { window.__step.shown = performance.now(); o.disconnect(); } })
      .observe(box, { childList: true, characterData: true, subtree: true });
  });
  await page.keyboard.press(']');
  await page.waitForFunction(() => window.__step.shown !== undefined, null, { timeout: 30000 });
  assert.equal(await counter(page, 'events'), 1);
  const step = await page.evaluate(() => window.__step.shown - window.__step.key);
  assert.ok(step < 1500, `a step while counting is shown ${step.toFixed(0)} ms after its key (at most 1.5 s)`);
  assert.match(await coverResult(page), /^Counting… /, 'the count goes on behind the step');
  await shot(page, 'workbench-counting');
  await page.click('#cover-result button');
  assert.equal(await coverResult(page), 'Cancelled. The count was stopped and the solver is ready again.');
  await galleryPick(page, 'Langford 4');
  await page.click('#cover-count');
  await page.waitForFunction(() => document.querySelector('#cover-result').dataset.kind === 'count');
  assert.match(await coverResult(page), /^2 solutions:/);
  // One solution: it said "1 solutions".
  await typeProblem(page, 'a\na\n');
  await page.click('#cover-count');
  await page.waitForFunction(() => document.querySelector('#cover-result').dataset.kind === 'count');
  assert.match(await coverResult(page), /^1 solution: the whole search tree was explored \([\d,]+ nodes? in /);
  // No solution is said in the colour of "no solution", not in the green of a count.
  await typeProblem(page, 'a b\na\n');
  await page.click('#cover-count');
  await page.waitForFunction(() => document.querySelector('#cover-result').dataset.kind === 'none');
  assert.match(await coverResult(page), /^0 solutions: the whole search tree was explored \([\d,]+ nodes? in /);
});

// --- Count on every core (www/count-pool.js) ------------------------------------------------------
/**
 * An init script: navigator.hardwareConcurrency says `n`, and each Worker the page starts is
 * recorded in window.startedWorkers ({terminated}). window.workerRule = {free, then} makes the
 * workers after the next `free` ones refused: 'throw' (the constructor throws, as a browser that
 * refuses workers does) or 'fail' (it starts, and its script fails at once).
 */
const countInit = (n) => `(${(n) => {
  Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true });
  const Real = window.Worker;
  window.startedWorkers = [];
  window.workerRule = null;
  window.Worker = class extends Real {
    constructor(url, options) {
      const rule = window.workerRule;
      let broken = false;
      if (rule && rule.free > 0) rule.free--;
      else if (rule && rule.then === 'throw') throw new DOMException('the test refuses this worker', 'SecurityError');
      else if (rule) broken = true;
      super(broken ? 'data:text/javascript,throw new Error("this worker fails as it starts")' : url, options);
      const record = { terminated: false };
      window.startedWorkers.push(record);
      const terminate = this.terminate.bind(this);
      this.terminate = () => {
        record.terminated = true;
        terminate();
      };
    }
  };
}})(${n})`;

/**
 * Registered before a count: every value the count's bar takes, in window.barValues (a
 * MutationObserver sees each change, however short the count).
 */
function watchBar() {
  window.barValues = [];
  new MutationObserver((records) => {
    for (const m of records) if (m.target.matches?.('progress.count-bar')) window.barValues.push(Number(m.target.getAttribute('value')));
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['value'] });
}

/** The CPU time (s) Chromium's processes used during `ms` of waiting. */
async function cpuDuring(page, ms) {
  const cdp = await page.context().browser().newBrowserCDPSession();
  const cpu = async () => (await cdp.send('SystemInfo.getProcessInfo')).processInfo.reduce((s, p) => s + p.cpuTime, 0);
  const before = await cpu();
  await page.waitForTimeout(ms);
  const used = (await cpu()) - before;
  await cdp.detach();
  return used;
}

const countDone = (page, sel) => page.waitForFunction((sel) => ['count', 'none'].includes(document.querySelector(sel).dataset.kind), sel, { timeout: 60000 });

test('count in workers: the same counts on 1 and 4 workers (a 9×9, a workbench example); the bar ends full', async () => {
  const counts = [];
  for (const n of [1, 4]) {
    const page = await open(`#p=${THOUSANDS}`, { init: countInit(n) });
    await page.evaluate(watchBar);
    await page.click('#count');
    await countDone(page, '#result');
    const sudoku = await page.$eval('#result', (r) => r.textContent);
    assert.match(sudoku, new RegExp(`^${THOUSANDS_COUNT} solutions: the whole search tree was explored \\([\\d,]+ nodes in [\\d.]+ m?s on ${n} workers?\\)\\.$`), `${n} workers`);
    const cover = await openCover('#m=cover', { init: countInit(n) });
    await galleryPick(cover, 'Langford 11');
    await cover.evaluate(watchBar);
    await cover.click('#cover-count');
    await countDone(cover, '#cover-result');
    const langford = await coverResult(cover);
    assert.match(langford, new RegExp(`^35,584 solutions: the whole search tree was explored \\([\\d,]+ nodes in [\\d.]+ m?s on ${n} workers?\\)\\.$`), `${n} workers`);
    for (const p of [page, cover]) {
      const bar = await p.evaluate(() => window.barValues);
      // (A quick count may end before its first report: the bar is then full at once.)
      assert.ok(bar.every((v, k) => k === 0 || v >= bar[k - 1]), `the bar never goes back: ${bar.join(' ')}`);
      assert.equal(bar.at(-1), 1, 'the bar ends full');
    }
    // The nodes: the same tree, however it is shared.
    counts.push([sudoku, langford].map((t) => t.replace(/ in .*/, '')));
    console.log(`    ${n} worker(s): ${sudoku}; ${langford}`);
  }
  assert.deepEqual(counts[1], counts[0], 'the same solutions and nodes on 1 and on 4 workers');
});

test('count in workers: the bar moves; Cancel stops every worker at once (no CPU after), and no message of the cancelled count lands', async () => {
  const cover = await openCover('#m=cover', { init: countInit(3) });
  await galleryPick(cover, 'Pentominoes 6×10');
  const before = await cover.evaluate(() => window.startedWorkers.length);
  await cover.click('#cover-count');
  await cover.evaluate(watchBar);
  await cover.waitForFunction(() => /% of the tree/.test(document.querySelector('#cover-result').textContent), null, { timeout: 20000 });
  // The bar moves: a share on its way, growing.
  await cover.waitForFunction(() => window.barValues.filter((v) => v > 0 && v < 1).length >= 2, null, { timeout: 20000 });
  const bar = await cover.evaluate(() => window.barValues);
  assert.ok(bar.every((v, k) => k === 0 || v >= bar[k - 1]), `the bar never goes back: ${bar.join(' ')}`);
  await shot(cover, 'count-workers-progress');
  const busy = await cpuDuring(cover, 500);
  const t0 = Date.now();
  await cover.click('#cover-result button');
  assert.equal(await coverResult(cover), 'Cancelled. The count was stopped and the solver is ready again.');
  const took = Date.now() - t0;
  const pool = await cover.evaluate((k) => window.startedWorkers.slice(k), before);
  assert.equal(pool.length, 3, 'three workers counted');
  assert.ok(pool.every((w) => w.terminated), 'every worker of the count is terminated');
  const quiet = await cpuDuring(cover, 1000);
  console.log(`    CPU: ${busy.toFixed(2)} s in 0.5 s while 3 workers counted, ${quiet.toFixed(2)} s in 1 s after Cancel (${took} ms)`);
  assert.ok(quiet < 0.3, `no worker runs on: ${quiet.toFixed(2)} s of CPU in the second after Cancel`);
  assert.equal(await coverResult(cover), 'Cancelled. The count was stopped and the solver is ready again.', 'nothing of the cancelled count lands later');
  await galleryPick(cover, '8 queens');
  await cover.click('#cover-count');
  await countDone(cover, '#cover-result');
  assert.match(await coverResult(cover), /^92 solutions: .* on 3 workers\)\.$/);
  // A Sudoku with millions of solutions, cancelled as it counts.
  const page = await open(`#p=${MILLIONS}`, { init: countInit(3) });
  await page.fill('#count-limit', '10000000');
  await page.click('#count');
  await page.waitForFunction(() => /% of the tree/.test(document.querySelector('#result').textContent), null, { timeout: 20000 });
  await page.click('#cancel-solver');
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector('#result').textContent), null, { timeout: 5000 });
  const still = await cpuDuring(page, 1000);
  assert.ok(still < 0.3, `the Sudoku's workers stopped: ${still.toFixed(2)} s of CPU in the second after Cancel`);
});

test('count in workers: where the browser refuses more workers, the ones it starts count (down to one)', async () => {
  for (const then of ['throw', 'fail']) {
    const cover = await openCover('#m=cover', { init: countInit(4) });
    await galleryPick(cover, '12 queens');
    await cover.evaluate((then) => { window.workerRule = { free: 1, then }; }, then);
    await cover.click('#cover-count');
    await countDone(cover, '#cover-result');
    assert.match(await coverResult(cover), /^14,200 solutions: the whole search tree was explored \([\d,]+ nodes in [\d.]+ m?s on 1 worker\)\.$/, then);
  }
  // None at all: a message, not a freeze.
  const none = await openCover('#m=cover', { init: countInit(2) });
  await none.evaluate(() => { window.workerRule = { free: 0, then: 'throw' }; });
  await none.click('#cover-count');
  await none.waitForFunction(() => document.querySelector('#cover-result').dataset.kind === 'error');
  assert.match(await coverResult(none), /^The solver failed: .*worker/);
});

test('workbench: a link carries the problem and the step; too big and hostile links get clear messages', async () => {
  const page = await openCover();
  await galleryPick(page, '5 queens');
  await typeProblem(page, `| my own five queens\n${await page.$eval('#cover-text', (t) => t.value)}`);
  for (let k = 0; k < 7; k++) await page.keyboard.press(']');
  await page.waitForFunction(() => /&x=[\w-]+&s=7$/.test(location.hash));
  const url = page.url();
  const said = await narration(page);
  const text = await page.$eval('#cover-text', (t) => t.value);
  const other = await openCover(url.slice(url.indexOf('#')));
  await settle(other);
  assert.equal(await other.$eval('#cover-text', (t) => t.value), text, 'the same problem');
  assert.equal(await counter(other, 'events'), 7, 'at the same step');
  assert.equal(await narration(other), said);
  // The Copy link button of the step panel copies it too.
  await page.click('#copy-link');
  await page.waitForFunction(() => !document.querySelector('#cover-result').hidden);
  assert.match(await coverResult(page), /^(Link copied|Copy this link)/);
  // Too big for a link: a message, and the address bar holds no broken link.
  await page.evaluate(() => window.dlxPage.workbench.setText(window.dlxPage.dlx.coverExample('queens', '60')));
  await page.waitForFunction(() => window.dlxPage.workbench.tooBig > 0);
  assert.equal(new URL(page.url()).hash, '#m=cover');
  await page.click('#cover-copy');
  const chars = (await page.$eval('#cover-text', (t) => t.value.length)).toLocaleString('en');
  assert.match(await coverResult(page), new RegExp(`^This problem is too big for a link: its ${chars} characters pack into [\\d,]+ characters of link, and a link holds at most 16,000\\. Save its text instead\\.$`));
  // Hostile links: each is refused with a message, and the editor keeps a problem.
  const { packProblem } = await import('../../www/cover-link.js');
  for (const [hash, message] of [
    ['#m=cover&x=%3Cscript%3E', /^The link's problem "<script>" cannot be read: character 1 is not base64url\. The default problem, 4 queens, is shown instead\.$/],
    ['#m=cover&x=AAAAAAAAAAAA', /cannot be read: it does not unpack/],
    [`#m=cover&x=${await packProblem(' '.repeat(3_000_000))}`, /cannot be read: it unpacks to more than 500,000 characters \(the most the editor takes\)\./],
    [`#m=cover&x=${'A'.repeat(20000)}`, /^The link is too long to hold a problem \(20,010 characters after the #, at most 16,040\); ignored\./],
  ]) {
    const p = await openCover(hash);
    assert.match(await coverResult(p), message, hash.slice(0, 40));
    await p.waitForFunction(() => window.dlxPage.workbench.text !== null);
    assert.match(await coverStatus(p), /^22 items/, 'the default problem instead');
    await p.close();
  }
  // A hostile link typed over an open problem: a message, and the problem stays.
  await other.evaluate(() => { location.hash = '#m=cover&x=!!'; });
  await other.waitForFunction(() => /cannot be read/.test(document.querySelector('#cover-result').textContent));
  assert.equal(await coverResult(other), 'The link\'s problem "!!" cannot be read: character 1 is not base64url. The problem in the editor is unchanged.');
  assert.equal(await other.$eval('#cover-text', (t) => t.value), text);
  // A link whose problem has an error opens it with the error marked.
  const bad = await openCover(`#m=cover&x=${await packProblem('a b\na q\n')}`);
  assert.equal(await bad.$eval('#cover-editor .err-msg', (e) => e.textContent), 'line 2, column 3: unknown item "q"');
  assert.match(await coverResult(bad), /has an error, marked in the editor/);
});

test('workbench: a link still unpacking when Back is pressed changes nothing: the Sudoku search stays at its step', async () => {
  // Unpacking is held until the test lets it go: on a slow machine a Back can come first.
  const page = await open(`#p=${'.'.repeat(81)}&s=50`, { init: () => {
    const Real = window.DecompressionStream;
    window.inflating = null; // a promise: unpacking waits for it
    window.DecompressionStream = class extends Real {
      get readable() {
        return super.readable.pipeThrough(new TransformStream({ transform: async (chunk, out) => {
          await window.inflating;
          out.enqueue(chunk);
        } }));
      }
    };
  } });
  assert.equal(await counter(page, 'events'), 50);
  const { packProblem } = await import('../../www/cover-link.js');
  const cover = `#m=cover&x=${await packProblem('a b c\na\nb c\na b\n')}&s=3`;
  await page.evaluate(() => {
    window.inflating = new Promise((go) => { window.inflate = go; });
  });
  await page.evaluate((h) => { location.hash = h; }, cover);
  await page.waitForFunction(() => window.dlxPage.controller.mode === 'cover');
  await page.goBack();
  await page.waitForFunction(() => window.dlxPage.controller.mode === 'sudoku' && !window.dlxPage.player.busy);
  await page.evaluate(() => window.inflate());
  await page.waitForTimeout(500); // the unpacking ends; before the fix it then moved the Sudoku search to step 3
  await settle(page);
  assert.equal(await page.evaluate(() => window.dlxPage.controller.mode), 'sudoku');
  assert.equal(await counter(page, 'events'), 50, 'the Sudoku search stays at its step');
  assert.match(new URL(page.url()).hash, /&s=50$/);
  assert.doesNotMatch(await page.$eval('#cover-text', (t) => t.value), /^a b c/, 'nor did the dropped link fill the editor');
  // The same link, left to unpack, opens as usual.
  await page.evaluate((h) => { location.hash = h; }, cover);
  await page.waitForFunction(() => window.dlxPage.controller.mode === 'cover' && window.dlxPage.controller.trace?.events === 3 && !window.dlxPage.player.busy);
  assert.equal(await page.$eval('#cover-text', (t) => t.value), 'a b c\na\nb c\na b\n');
});

/** The problem the address bar's link carries, unpacked (null when it carries none). */
async function linkedProblem(page) {
  const { unpackProblem } = await import('../../www/cover-link.js');
  const x = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('x');
  return x === null ? null : unpackProblem(x);
}

test('workbench: a short link to a huge problem is refused at once, naming the limit; a problem at the limit loads and takes typing', async () => {
  const { packProblem } = await import('../../www/cover-link.js');
  const queens4 = await (await openCover()).$eval('#cover-text', (t) => t.value);
  const items = Array.from({ length: 200 }, (_, k) => `a${k}`).join(' ');
  // Each link is a few hundred characters; each problem, 80,001 to 249,001 lines (one a line
  // for each option), took the page 1.4 to 5.3 s to put in its editor, its line numbers and
  // its views, with the tab frozen.
  for (const [name, text, lines] of [
    ['one item, 249,000 options', `a\n${'a\n'.repeat(249_000)}`, '249,001'],
    ['two items, 240,000 options', `a b\n${'a\nb\n'.repeat(120_000)}`, '240,001'],
    ['200 items, 80,000 options', `${items}\n${'a0 a1\n'.repeat(80_000)}`, '80,001'],
  ]) {
    const packed = await packProblem(text);
    const t0 = Date.now();
    const page = await openCover(`#m=cover&x=${packed}`);
    const took = Date.now() - t0;
    assert.equal(await coverResult(page), `The link's problem is too long for the page: ${lines} lines, and the editor takes at most 20,000 (a line for each option). The default problem, 4 queens, is shown instead.`, name);
    await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
    assert.equal(await page.$eval('#cover-text', (t) => t.value), queens4, `${name}: the default problem in the editor`);
    assert.match(await coverStatus(page), /^22 items/);
    console.log(`    ${name} (a link of ${packed.length} characters): refused, the page ready in ${ms(took)}; ${describeBlocking(await blocking(page))}`);
    if (lines === '249,001') await shot(page, 'workbench-link-too-long');
    await page.close();
  }
  // At the limit: 20,000 lines load and the search is there to watch; typing stays quick.
  const near = `${items}\n${'a0 a1\n'.repeat(19_998)}`;
  const t0 = Date.now();
  const page = await openCover(`#m=cover&x=${await packProblem(near)}`);
  const took = Date.now() - t0;
  assert.equal(await coverStatus(page), '200 items (200 primary), 19,998 options, 39,996 entries.');
  assert.equal(await page.$eval('#cover-result', (r) => r.hidden), true, 'no message');
  console.log(`    19,999 lines (a link): the page ready in ${ms(took)}; ${describeBlocking(await blocking(page))}`);
  await page.click('#cover-text');
  await page.keyboard.press('Control+End');
  const since = await clock(page);
  const t1 = Date.now();
  await page.keyboard.type('a2 a3', { delay: 30 });
  // The whole option read: under load the editor may read the line between keystrokes too
  // ("a2" alone is an option of one entry), so wait for the last reading, not the first.
  await page.waitForFunction(() => /19,999 options, 39,998 entries/.test(document.querySelector('#cover-status').textContent));
  console.log(`    typing 5 characters on line 20,000 and reading the problem again: ${ms(Date.now() - t1)}; ${describeBlocking(await blocking(page, since))}`);
  assert.equal(await coverStatus(page), '200 items (200 primary), 19,999 options, 39,998 entries.');
  await shot(page, 'workbench-20000-lines');
  // One line more is refused, saying why, and taking it back loads the problem again.
  await page.keyboard.press('Enter');
  await page.keyboard.type('a4');
  await page.waitForFunction(() => document.querySelector('#cover-status').dataset.kind === 'error');
  assert.equal(await coverStatus(page), 'Not a problem yet: the problem is too long for the page (20,001 lines, at most 20,000; a line for each option).');
  for (let k = 0; k < 3; k++) await page.keyboard.press('Backspace');
  // Read again and no reading pending: under load the page may read the text between two
  // keys (the last line gone, the line break left: already 'ok'), and the last key's reading,
  // coming after the paste below, would clear the paste's message (a FLAKY failure in CI).
  await page.waitForFunction(() => document.querySelector('#cover-status').dataset.kind === 'ok' && !window.dlxPage.workbench.timer);
  // A paste that would take the editor past the limit is refused, and the problem stays.
  const refused = await page.evaluate(() => {
    const t = document.querySelector('#cover-text');
    const dt = new DataTransfer();
    dt.setData('text/plain', 'a0 a1\n'.repeat(30_000));
    return !t.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  assert.equal(refused, true, 'the paste is cancelled');
  assert.equal(await coverResult(page), 'Not pasted: the editor would hold 49,999 lines, and it takes at most 20,000 (a line for each option). The problem is unchanged.');
  assert.match(await coverStatus(page), /19,999 options/);
  // So is a drop (a real one, from outside the page, through the browser's own drag and
  // drop), at the line it drops on: the textarea took 50,000 lines before the limit was
  // checked. One line break more is refused too; a drop within the limit is taken.
  const cdp = await page.context().newCDPSession(page);
  const where = await page.$eval('#cover-text', (t) => {
    const r = t.getBoundingClientRect();
    return { x: r.x + 30, y: r.y + r.height / 2 };
  });
  const drop = async (text) => {
    await page.evaluate(() => document.querySelector('#cover-result').replaceChildren());
    const data = { items: [{ mimeType: 'text/plain', data: text }], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop']) await cdp.send('Input.dispatchDragEvent', { type, ...where, data });
  };
  const before = await page.$eval('#cover-text', (t) => t.value);
  await drop('a0 a1\n'.repeat(30_000));
  assert.equal(await coverResult(page), 'Not dropped: the editor would hold 50,000 lines, and it takes at most 20,000 (a line for each option). The problem is unchanged.');
  await drop('\n');
  assert.equal(await coverResult(page), 'Not dropped: the editor would hold 20,001 lines, and it takes at most 20,000 (a line for each option). The problem is unchanged.');
  await drop(' '.repeat(500_001));
  assert.equal(await coverResult(page), 'Not dropped: 500,001 characters is more than the editor takes (500,000). The problem is unchanged.');
  assert.equal(await page.$eval('#cover-text', (t) => t.value), before, 'nothing dropped');
  await page.waitForTimeout(300);
  assert.match(await coverStatus(page), /19,999 options/);
  await drop('  ');
  await page.waitForFunction((n) => document.querySelector('#cover-text').value.length === n, before.length + 2);
  assert.equal(await coverResult(page), '', 'no message');
  await page.waitForFunction(() => /19,999 options/.test(document.querySelector('#cover-status').textContent));
});

test('workbench: a link to an empty problem says so and shows the default problem, nothing marked', async () => {
  const { packProblem } = await import('../../www/cover-link.js');
  const empty = `#m=cover&x=${await packProblem('')}`;
  assert.equal(empty.length, '#m=cover&x=AwA'.length, 'a 14-character link');
  const page = await openCover(empty);
  assert.equal(await coverResult(page), "The link's problem is empty: it has no items and no options. The default problem, 4 queens, is shown instead.");
  await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
  assert.match(await coverStatus(page), /^22 items/);
  assert.equal(await page.$eval('#cover-pane .gallery button[aria-pressed="true"]', (b) => b.textContent), '4 queens');
  assert.equal(await page.$eval('#cover-text', (t) => t.getAttribute('aria-invalid')), 'false');
  assert.equal(await page.$eval('#cover-editor .err-line', (e) => e.hidden), true, 'nothing marked');
  assert.equal(await linkedProblem(page), await page.$eval('#cover-text', (t) => t.value), 'the address bar holds what is shown');
  await shot(page, 'workbench-link-empty');
  // Over a problem already open: the problem stays.
  await galleryPick(page, "Knuth's example");
  const knuth = await page.$eval('#cover-text', (t) => t.value);
  await page.evaluate((h) => { location.hash = h; }, empty);
  await page.waitForFunction(() => /is empty/.test(document.querySelector('#cover-result').textContent));
  assert.equal(await coverResult(page), "The link's problem is empty: it has no items and no options. The problem in the editor is unchanged.");
  assert.equal(await page.$eval('#cover-text', (t) => t.value), knuth);
  // An editor emptied by hand has no problem to link to: the address holds none, and opens the default.
  await typeProblem(page, '');
  assert.equal(new URL(page.url()).hash, '#m=cover');
});

test('workbench: a problem with an error stays in the editor and in the address, from a link, on reload and as typed', async () => {
  const { packProblem } = await import('../../www/cover-link.js');
  const bad = 'a b\na q\n';
  const page = await openCover(`#m=cover&x=${await packProblem(bad)}`);
  const check = async (what) => {
    assert.equal(await page.$eval('#cover-text', (t) => t.value), bad, `${what}: the link's problem in the editor`);
    assert.equal(await page.$eval('#cover-editor .err-msg', (e) => e.textContent), 'line 2, column 3: unknown item "q"', what);
    assert.equal(await page.$eval('#cover-editor .err-line', (e) => e.hidden), false, `${what}: marked`);
    assert.equal(await coverResult(page), 'The link\'s problem has an error, marked in the editor: line 2, column 3: unknown item "q".', what);
    await page.waitForFunction(() => /^#m=cover&x=/.test(location.hash), null, { timeout: 5000 }).catch(() => {});
    assert.equal(await linkedProblem(page), bad, `${what}: the address bar keeps the problem`);
  };
  await check('opened');
  await shot(page, 'workbench-link-error');
  await page.reload();
  await page.waitForSelector('body.ready');
  await page.waitForFunction(() => !document.querySelector('#cover-result').hidden);
  await check('reloaded');
  // Typed by hand: the address follows the editor, error or not, and Copy link copies it.
  const typed = 'a b c\na b\nc d\n';
  await typeProblem(page, typed);
  assert.equal(await page.$eval('#cover-editor .err-msg', (e) => e.textContent), 'line 3, column 3: unknown item "d"');
  await page.waitForFunction(() => !/x=AwA/.test(location.hash) && /^#m=cover&x=/.test(location.hash));
  for (let k = 0; k < 50 && (await linkedProblem(page)) !== typed; k++) await page.waitForTimeout(50);
  assert.equal(await linkedProblem(page), typed, 'a problem typed with an error is in the address');
  await page.click('#cover-copy');
  await page.waitForFunction(() => !document.querySelector('#cover-result').hidden && !/has an error/.test(document.querySelector('#cover-result').textContent));
  assert.match(await coverResult(page), /^(Link copied|Copy this link)/);
  const fixed = 'a b c\na b\nc\n';
  await typeProblem(page, fixed);
  for (let k = 0; k < 50 && (await linkedProblem(page)) !== fixed; k++) await page.waitForTimeout(50);
  assert.equal(await linkedProblem(page), fixed, 'fixed, the address follows');
});

test('workbench: a long solution in the narration wraps and scrolls inside its box, none of it cut off', async () => {
  // Long item names, one of 60 letters without a break: the solution's text runs to many lines.
  const names = Array.from({ length: 8 }, (_, k) => `item_with_a_rather_long_name_${k}`);
  const long = 'x'.repeat(60);
  const problem = `${names.join(' ')} ${long}\n${names.slice(0, 4).join(' ')}\n${names.slice(4).join(' ')} ${long}\n`;
  for (const [w, h, name] of [[1280, 800, 'workbench-long-narration'], [375, 812, 'workbench-long-narration-phone']]) {
    const page = await openCover('#m=cover', { width: w, height: h });
    await typeProblem(page, problem);
    const height = await page.$eval('#narration', (e) => e.getBoundingClientRect().height);
    await page.keyboard.press('n');
    await settle(page);
    assert.match(await narration(page), new RegExp(`^Solution 1: options '${names[0]} .* ${long}' cover every item exactly once\\.$`));
    const m = await page.$eval('#narration', (e) => {
      const box = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      e.scrollTop = e.scrollHeight;
      const text = e.lastChild;
      const end = document.createRange();
      end.setStart(text, text.length - 1);
      end.setEnd(text, text.length);
      const last = end.getBoundingClientRect();
      return {
        height: box.height, sw: e.scrollWidth, cw: e.clientWidth, sh: e.scrollHeight, ch: e.clientHeight, overflowY: style.overflowY,
        lastInside: last.top >= box.top - 0.5 && last.bottom <= box.bottom + 0.5 && last.right <= box.right + 0.5,
      };
    });
    assert.equal(m.height, height, 'the box keeps its height: the views below do not move');
    assert.ok(m.sh > m.ch, `the text is longer than the box here (${m.sh} > ${m.ch} px), or this test shows nothing`);
    assert.ok(m.sw <= m.cw, `nothing cut off sideways: the 60-letter name wraps (${m.sw} > ${m.cw} px)`);
    assert.ok(['auto', 'scroll'].includes(m.overflowY), `the reader can scroll to the rest (overflow-y: ${m.overflowY})`);
    assert.ok(m.lastInside, 'scrolled to its end, the last character shows inside the box');
    await page.$eval('#narration', (e) => { e.scrollTop = 0; });
    await shotOf(page, '#narration', name);
    await page.close();
  }
});

test('workbench: screenshots at 1280×800 and 375×812, light and dark', async () => {
  // One page: each screen by resizing it, the dark theme as the system's (emulated), large type
  // by its button, the example from its start for each (Restart): 1 page loaded, not 4.
  const page = await openCover('#m=cover', { width: 1280, height: 800 });
  let large = false;
  for (const [w, h, dark, name] of [[1280, 800, false, 'workbench-desktop'], [1280, 800, true, 'workbench-dark'], [1280, 800, false, 'workbench-projector'], [375, 812, false, 'workbench-phone']]) {
    await page.setViewportSize({ width: w, height: h });
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    if (name.endsWith('projector') !== large) {
      await page.click('#large-type');
      large = !large;
    }
    await galleryPick(page, 'Pentominoes 3×5 (L, N, V)'); // picked again it stays at its step: Restart
    await page.evaluate(() => window.dlxPage.controller.trace.events && document.querySelector('.transport [data-action="restart"]').click()); // the focus stays on the example
    assert.equal(await page.evaluate(() => window.dlxPage.controller.trace.events), 0, `${name}: the example from its start`);
    for (let k = 0; k < 14; k++) await page.keyboard.press(']');
    assert.equal(await page.evaluate(() => window.dlxPage.controller.trace.events), 14, `${name}: 14 steps`);
    await page.evaluate(() => new Promise((r) => { scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); }));
    await shot(page, name);
    await page.locator('#cover-watch').screenshot({ path: resolve(shots, `${name}-matrix.png`) });
    if (w < 400) {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 375, `no sideways scroll on a phone (${wide} px)`);
      await typeProblem(page, 'a b c\na b\nc d\n');
      await page.locator('#cover-editor').scrollIntoViewIfNeeded();
      await shot(page, `${name}-error`);
    }
  }
});

test('classroom: the choice stack, ties, and "next dead end" stops at a solution', async () => {
  const page = await open(`#p=${HARD}`);
  for (let k = 0; k < 3; k++) await page.keyboard.press('}');
  // Three levels so far: the breadcrumb lists each with the option tried there, k of n.
  const crumbs = await page.$$eval('#stack li', (l) => l.map((x) => x.textContent));
  assert.equal(crumbs.length, 3, crumbs.join(' | '));
  assert.match(crumbs[2], /^3\. .+ \(\d of \d\)/);
  // The second level branched between 2 candidates: 6 tried first, 8 left to try.
  assert.equal(crumbs[1], '2. r7c1: 6 (1 of 2) · left: 8');
  await page.keyboard.press('{');
  await settle(page);
  // Back at the start of level 2: its Choose said how many tie.
  await page.keyboard.press('[');
  await page.keyboard.press('[');
  assert.match(await narration(page), /^Branch on r7c1: only 2 candidates left \(fewest; \d+ items tie at 2, and the first in item order is taken\)/);
  // 16 clues: after some dead end, a solution comes before the next dead end; "D" stops there.
  const multi = await open(`#p=${SIXTEEN}`);
  let stopped = false;
  for (let k = 0; k < 200 && !stopped; k++) {
    await multi.keyboard.press('d');
    await settle(multi);
    stopped = /^Solution/.test(await narration(multi));
  }
  assert.ok(stopped, '"next dead end" stopped at a solution on the way');
  // It says why, beside the button.
  assert.equal(await multi.$eval('#stop-note', (n) => n.hidden), false, 'a note says why Next dead end stopped at a solution');
  assert.match(await multi.$eval('#stop-note', (n) => n.textContent), /^Stopped at a solution on the way to a dead end: "stop at each solution" is ticked\.$/);
  await multi.uncheck('#stop-at-solution');
  await multi.click('[data-action="nextDeadEnd"]');
  await settle(multi);
  assert.match(await narration(multi), /^Dead end/);
  assert.equal(await multi.$eval('#stop-note', (n) => n.hidden), true, 'at the dead end the note is gone');
});

/** The empty 9×9 (`#p=…`) or the workbench's pentominoes 6×10 (`#m=cover`) playing at top
 *  speed past each solution, 20,000 events in. */
async function playingAtTopSpeed(hash) {
  const page = await open(hash);
  if (hash === '#m=cover') await galleryPick(page, 'Pentominoes 6×10');
  await page.click('#stop-at-solution'); // off: it plays on past each solution
  await setSpeed(page);
  await page.click('.transport [data-action="toggle"]');
  await page.waitForFunction(() => window.dlxPage.player.playing && window.dlxPage.controller.trace.events > 20000);
  return page;
}

test('classroom: at top speed the choice stack says how deep the search is, never a moment long past', async () => {
  for (const hash of [`#p=${EMPTY}`, '#m=cover']) {
    const page = await playingAtTopSpeed(hash);
    // Read in one go, while it plays: the counters and the stack of the same frame.
    const seen = await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done({
      depth: Number(document.querySelector('[data-counter="depth"]').textContent.replace(/,/g, '')),
      stack: document.querySelector('#stack').textContent,
      playing: window.dlxPage.player.playing,
    }))));
    assert.ok(seen.playing && seen.depth > 0, JSON.stringify(seen));
    // Before the fix it still said "no choice made yet", as it did before Play.
    assert.equal(seen.stack, `${seen.depth.toLocaleString('en')} level${seen.depth === 1 ? '' : 's'} of choices: pause to read them`, hash);
    await page.click('.transport [data-action="toggle"]');
    const levels = await page.$$eval('#stack li', (l) => l.map((x) => x.textContent));
    const depth = await counter(page, 'depth');
    // The depth counts the options being tried. Paused between two tries (or with none left),
    // the deepest level has its item chosen and tries nothing: one level more than the depth
    // ("65. r3c5: next: 1 of 2" at depth 64, where a fresh-clone run once paused).
    const last = levels.at(-1);
    const shown = depth + (/ (next: \d+ of \d+|no branch left of \d+)( · left: .*)?$/.test(last) ? 1 : 0);
    // Every level is there again: the deepest that fit, and the rest counted ("levels 1–65").
    const left = Number(levels[0].match(/^levels? 1(?:–(\d+))?$/)?.[1] ?? (/^level 1$/.test(levels[0]) ? 1 : 0));
    assert.equal(left + levels.length - (left ? 1 : 0), shown, `paused: every level shown again, the deepest that fit: ${JSON.stringify(levels)}`);
    assert.match(last, new RegExp(`^${shown}\\. `));
  }
});

test('classroom: each view keeps its own speed; Knuth starts at 2 steps a second, paused', async () => {
  const page = await open(`#p=${POJ1}`);
  await setSpeed(page, 9);
  await page.click('#tab-knuth');
  assert.equal(await page.$eval('#speed-out', (o) => o.textContent), '2 steps a second');
  assert.equal(await page.$eval('[data-action="toggle"]', (b) => b.getAttribute('aria-pressed')), 'false');
  await page.click('#tab-sudoku');
  assert.equal(await page.$eval('#speed-out', (o) => o.textContent), 'about 1,800 steps a second');
});

test('classroom: the Sudoku plays at first at 2 steps a second, and every speed is said in words a class reads', async () => {
  const page = await open(`#p=${POJ1}`);
  assert.equal(await page.$eval('#speed-out', (o) => o.textContent), '2 steps a second');
  const labels = await page.$eval('#speed', (s) => Array.from({ length: Number(s.max) + 1 }, (_, k) => {
    s.value = String(k);
    s.dispatchEvent(new Event('input', { bubbles: true }));
    return `${document.querySelector('#speed-out').textContent}|${s.getAttribute('aria-valuetext')}`;
  }));
  for (const l of labels) assert.match(l, /^(?:about [\d,]+ steps|\d+ steps?) a second\|(?:about [\d,]+ steps|\d+ steps?) a second$/, `a speed in words: ${l}`);
  await setSpeed(page, 1);
  await page.click('[data-action="toggle"]');
  await page.waitForTimeout(1500);
  await page.click('[data-action="toggle"]');
  const steps = await counter(page, 'events');
  assert.ok(steps >= 2 && steps <= 4, `1.5 s of play at the first speed makes 2 to 4 steps, not ${steps}`);
});

/** How much of the depth chart's width its bars cover (0..1), and how many different heights
 *  their tops reach: a chart squeezed into one line covers almost none. */
const plotShape = (page) => page.$eval('#depth-plot', (c) => {
  const [r, g, b] = getComputedStyle(c).color.match(/\d+/g).map(Number);
  const { width: w, height: h } = c;
  const data = c.getContext('2d').getImageData(0, 0, w, h).data;
  const left = Math.round(22 * devicePixelRatio);
  let covered = 0;
  const tops = new Set();
  for (let x = left; x < w; x++) {
    for (let y = 0; y < h; y++) {
      const k = 4 * (y * w + x);
      if (data[k + 3] > 200 && Math.abs(data[k] - r) + Math.abs(data[k + 1] - g) + Math.abs(data[k + 2] - b) < 60) {
        covered++;
        tops.add(Math.round(y / 4));
        break;
      }
    }
  }
  return { covered: covered / (w - left), heights: tops.size };
});

test('classroom: the depth chart shows the search\'s shape after Next solution, Next dead end, top speed and a link', async () => {
  const readable = async (page, after) => {
    const { covered, heights } = await plotShape(page);
    assert.ok(covered > 0.5 && heights >= 5, `after ${after} the chart's bars cover ${Math.round(covered * 100)}% of its width at ${heights} heights: not one line`);
  };
  const page = await open(`#p=${POJ2}`);
  await page.click('[data-action="nextSolution"]');
  await settle(page);
  await readable(page, 'Next solution');
  await page.click('[data-action="restart"]');
  await page.click('[data-action="nextDeadEnd"]');
  await settle(page);
  await readable(page, 'Next dead end');
  await page.click('[data-action="restart"]');
  await setSpeed(page);
  await page.click('[data-action="toggle"]');
  await page.waitForTimeout(1000);
  await page.click('[data-action="toggle"]');
  await readable(page, 'a second at top speed');
  const linked = await open(`#p=${POJ2}&s=600`);
  await readable(linked, 'a link to step 600');
});

test('classroom: the row of choices shows whole steps that fit, never cut, and counts the levels left out in words', async () => {
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    const page = await open(`#p=1..4..3.........`, { width, height });
    // Step by step in the page (a key press a step took 25 s), reading the row after each.
    const rows = await page.evaluate(() => Array.from({ length: 79 }, () => {
      window.dlxPage.player.forward(1);
      const s = document.querySelector('#stack');
      const box = s.getBoundingClientRect();
      return {
        overflow: s.scrollWidth - s.clientWidth,
        cut: [...s.querySelectorAll('li')].filter((li) => { const r = li.getBoundingClientRect(); return r.left < box.left - 0.5 || r.right > box.right + 0.5; }).map((li) => li.textContent),
        first: s.querySelector('li').textContent,
      };
    }));
    for (const [k, row] of rows.entries()) {
      const at = `${width} px, step ${k + 1}`;
      assert.equal(row.overflow, 0, `${at}: the row of choices scrolls sideways`);
      assert.deepEqual(row.cut, [], `${at}: steps cut at the row's ends`);
      assert.doesNotMatch(row.first, /levels 1–1\b|…/, `${at}: the levels left out, in words: ${row.first}`);
    }
    assert.ok(rows.some((r) => /^levels 1–\d+$/.test(r.first)), `${width} px: some levels were left out at depth 13`);
  }
});

test('keys: Space plays and pauses after a click left the focus on a button; it presses a button reached with Tab; shortcuts work on the candidates checkbox', async () => {
  const page = await open(`#p=${POJ2}`);
  const playing = () => page.$eval('[data-action="toggle"]', (b) => b.getAttribute('aria-pressed'));
  await page.click('[data-action="nextSolution"]');
  await settle(page);
  const solutionAt = await counter(page, 'events');
  await page.keyboard.press(' ');
  assert.equal(await playing(), 'true', 'Space after a click on Next solution plays, as the keys say');
  await page.keyboard.press(' ');
  assert.equal(await playing(), 'false', 'and pauses');
  assert.equal(await counter(page, 'solutions'), 1, 'Next solution was not pressed again');
  assert.ok(await counter(page, 'events') - solutionAt <= 3, 'two steps a second: at most a step or two played');
  await page.click('#show-marks');
  assert.equal(await page.$eval('#show-marks', (c) => c.checked), false, 'the click unticked "candidates"');
  const before = await counter(page, 'events');
  await page.keyboard.press(']');
  assert.equal(await counter(page, 'events'), before + 1, '] steps while the checkbox has the focus');
  await page.keyboard.press(' ');
  assert.equal(await playing(), 'true', 'Space plays while the clicked checkbox has the focus');
  assert.equal(await page.$eval('#show-marks', (c) => c.checked), false, 'and leaves it alone');
  await page.keyboard.press('p');
  // Reached with the keyboard, a button takes Space as a press.
  const fresh = await open(`#p=${POJ2}`);
  await fresh.focus('[data-action="toggle"]');
  await fresh.keyboard.press('Tab');
  await fresh.keyboard.press(' ');
  assert.equal(await counter(fresh, 'events'), 1, 'Space pressed "Step forward", reached with the keyboard');
  assert.equal(await fresh.$eval('[data-action="toggle"]', (b) => b.getAttribute('aria-pressed')), 'false');
});

test('Sudoku view: the board marks the item chosen and the dead end\'s item, with its digit', async () => {
  const page = await open('#p=....2..3.4.....1');
  await page.click('[data-action="nextDeadEnd"]');
  await settle(page);
  assert.match(await narration(page), /'column 4 has 4' has no place left/);
  const marked = await page.evaluate(() => {
    const n = window.dlxPage.numbering;
    const cells = (cls) => [...document.querySelectorAll(`#board .cell.${cls}`)].map((c) => n.cellName(Number(c.dataset.cell)));
    const marks = (cls) => [...document.querySelectorAll(`#board .m.${cls}`)].filter((m) => getComputedStyle(m).visibility === 'visible' && m.closest('.cell').dataset.kind === 'empty').map((m) => `${n.cellName(Number(m.closest('.cell').dataset.cell))}:${m.textContent}`);
    return { dead: cells('item-dead'), deadMarks: marks('item-dead'), chosen: cells('item-chosen') };
  });
  assert.deepEqual(marked.dead, ['r1c4', 'r2c4', 'r3c4', 'r4c4'], 'column 4 is framed as the dead end');
  assert.deepEqual(marked.deadMarks, ['r1c4:4', 'r3c4:4'], 'the 4s it had are struck out where they were, in its empty cells');
  const top = await page.evaluate(() => window.dlxPage.numbering.itemName(window.dlxPage.controller.trace.choices()[3 * 5 - 5]));
  assert.ok(marked.chosen.length >= 1, `the deepest level's item (${top}) is marked too`);
  await shotOf(page, '#board', 'board-dead-end-item');
  // A choice among places: the row, column or box with the digit, its places ringed.
  const multi = await open(`#p=${POJ2}`);
  const chosen = await multi.evaluate(() => {
    const { player, dlx } = window.dlxPage;
    const t = player.trace;
    // On to the first choice between two places or more, just chosen (not yet covered).
    while (!(t.lastKind === dlx.EventKind.Choose && t.lastB > 1)) player.forward(1);
    const n = window.dlxPage.numbering;
    const item = t.lastA;
    const cells = n.optionsOf(item).map((o) => n.placement(o).cell);
    const framed = [...document.querySelectorAll('#board .cell.item-chosen')].map((c) => Number(c.dataset.cell));
    const ringed = [...document.querySelectorAll('#board .m.item-chosen[data-s="on"]')].filter((m) => getComputedStyle(m).fontWeight === '700').length;
    return { name: n.itemName(item), same: JSON.stringify(framed.sort((a, b) => a - b)) === JSON.stringify(cells.sort((a, b) => a - b)), ringed };
  });
  assert.ok(chosen.same, `the cells of ${chosen.name} are framed`);
  assert.ok(chosen.ringed >= 1, `its places left are ringed (${chosen.ringed})`);
});

test('Sudoku view: pointing at a candidate lights that option and its 4 items, pointing elsewhere in the cell all of the cell\'s', async () => {
  const page = await open(`#p=${POJ2}`);
  // r1c1 of the default puzzle is empty; its candidates are drawn.
  const mark = await page.evaluate(() => {
    const m = [...document.querySelectorAll('#board .cell')][0].querySelector('.m[data-s="on"]');
    const r = m.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, d: Number(m.dataset.d) };
  });
  await page.mouse.move(mark.x, mark.y);
  const lit = await page.evaluate((d) => {
    const n = window.dlxPage.numbering;
    return {
      strong: [...document.querySelectorAll('#items .item.hl')].map((e) => Number(e.dataset.item)).sort((a, b) => a - b),
      weak: document.querySelectorAll('#items .item.hl2').length,
      want: n.itemsOf(n.option(0, d)).sort((a, b) => a - b),
      marks: [...document.querySelectorAll('#board .m.hl')].map((m) => m.dataset.d),
    };
  }, mark.d);
  assert.deepEqual(lit.strong, lit.want, 'its 4 items light up');
  assert.equal(lit.weak, 0, 'and no other item');
  assert.deepEqual(lit.marks, [String(mark.d)], 'on the board, that candidate');
  const cell = await page.$eval('#board .cell', (c) => { const r = c.getBoundingClientRect(); return { x: r.right - 2, y: r.bottom - 2 }; });
  await page.mouse.move(cell.x, cell.y);
  assert.ok(await page.$$eval('#items .item.hl2', (e) => e.length) > 4, 'the cell\'s edge, off every candidate: all its options\' items');
});

test('Sudoku view: the item panels draw an item of the option being tried as covered, never a blue 0, and tell screen readers each item\'s length and state', async () => {
  const page = await open('#p=....2..3.4.....1');
  await page.click('[data-action="nextDeadEnd"]');
  await settle(page);
  // Step on through the take-backs, looking at every uncovered item with nothing left.
  const seen = await page.evaluate(() => {
    const { items, player } = window.dlxPage;
    const out = [];
    const l1 = getComputedStyle(items.root).getPropertyValue('--l1').trim();
    for (let k = 0; k < 30 && !player.trace.done; k++) {
      player.forward(1);
      const m = items.model;
      for (let i = 0; i < m.items; i++) {
        if (m.covered(i) || m.len[i] !== 0 || m.deadEnd(i)) continue;
        const ctx = items.ctx[items.panelOf[i]];
        const x = Math.round((items.geo[3 * i] + 3) * items.dpr), y = Math.round((items.geo[3 * i + 1] + items.geo[3 * i + 2] / 2) * items.dpr);
        const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
        out.push({ step: m.events, item: window.dlxPage.numbering.itemName(i), pixel: `rgb(${r}, ${g}, ${b})`, l1 });
      }
    }
    return out;
  });
  assert.ok(seen.length > 0, 'the take-backs pass items with nothing left that are no dead end');
  const hex = (c) => c.match(/\d+/g).map(Number);
  const l1 = await page.evaluate(() => { const e = document.createElement('i'); e.style.color = getComputedStyle(window.dlxPage.items.root).getPropertyValue('--l1'); document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c; });
  for (const s of seen) {
    const d = hex(s.pixel).reduce((t, v, k) => t + Math.abs(v - hex(l1)[k]), 0);
    assert.ok(d > 60, `step ${s.step}: ${s.item} (0 left, no dead end) is painted in the "few options left" blue (${s.pixel})`);
  }
  // Screen readers: every item says its length and state, not only the one with the focus.
  await page.waitForTimeout(400);
  const labels = await page.$$eval('#items .item', (sq) => sq.map((e) => e.getAttribute('aria-label') ?? ''));
  assert.equal(labels.length, 64);
  for (const l of labels) assert.match(l, /^\S.*: (covered|length \d+, .*)$/, `an item's label says its length or that it is covered: "${l}"`);
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('d');
  await settle(page);
  await page.waitForTimeout(400);
  const dead = await page.$$eval('#items .item', (sq) => sq.map((e) => e.getAttribute('aria-label')).filter((l) => /dead end/.test(l)));
  assert.deepEqual(dead, ['column 4 has 4: length 0, no option left: dead end']);
  assert.ok((await page.$$eval('#items .item', (sq) => sq.map((e) => e.getAttribute('aria-label')))).some((l) => /chosen item at level \d+ \(the deepest\)/.test(l)), 'the chosen item says so');
});

test('classroom: the 4×4 "no solution" example says the dead end the search shows', async () => {
  const page = await open('');
  await page.selectOption('#size', '4');
  await page.selectOption('#examples', 'four-dead');
  const note = await noticeText(page);
  await page.click('[data-action="nextDeadEnd"]');
  await settle(page);
  const [, unit, digit] = (await narration(page)).match(/^Dead end: '(column \d|row \d|box \d) has (\d)' has no place left/) ?? [];
  assert.ok(unit, `the dead end is a unit with no place for a digit: ${await narration(page)}`);
  assert.ok(note.includes(`${unit} has no place left for a ${digit}`), `the example's words name the dead end shown (${unit}, ${digit}): ${note}`);
  assert.doesNotMatch(note, /leave a cell with none/);
});

test('classroom: the first screen speaks without jargon: no judge names, file formats or WebAssembly', async () => {
  const page = await open('');
  const text = await page.evaluate(() => {
    const out = [];
    const walk = (n) => {
      if (n.nodeType === Node.TEXT_NODE) {
        const el = n.parentElement;
        if (el.closest('select, [hidden], noscript, script, style, .skip')) return;
        if (!el.checkVisibility({ visibilityProperty: true })) return;
        const r = el.getBoundingClientRect();
        if (r.top < innerHeight && r.bottom > 0) out.push(n.nodeValue);
        return;
      }
      for (const c of n.childNodes) walk(c);
    };
    walk(document.body);
    for (const s of document.querySelectorAll('select')) out.push(s.selectedOptions[0]?.textContent ?? '');
    return out.join(' ');
  });
  for (const word of ['POJ', 'HDU', 'hihoCoder', 'seeds', 'DLX1', 'secondary', 'WebAssembly', 'event']) assert.ok(!text.includes(word), `"${word}" on the first screen: ${text.slice(0, 400)}…`);
  await page.click('#tab-cover');
  assert.match(await page.$eval('#cover-pane .intro', (p) => p.textContent), /optional: covered at most once, not necessarily \(Knuth calls them secondary\)/, 'the workbench explains its one technical word');
});

test('offline: the page says how to use it with no network, keeps itself after one visit, and reloads, solves and steps with the network off', async () => {
  const page = await open(`#p=${POJ1}`, { serviceWorkers: 'allow' });
  assert.match(await page.$eval('#offline', (f) => f.textContent), /Offline use/);
  await page.waitForFunction(() => document.querySelector('#offline').dataset.state === 'ready', null, { timeout: 15000 });
  assert.match(await page.$eval('#offline-state', (p) => p.textContent), /^Works offline: .* reloads and solves with no network\.$/);
  assert.equal(await page.$eval('link[rel="manifest"]', (l) => l.href), `${base}manifest.webmanifest`, 'the page links its web app manifest (installable where the browser allows)');
  // The single file is the deploy build's: not in a checkout that has not run it, and the page says so.
  assert.match(await page.$eval('#offline-file-note', (n) => n.textContent), /node scripts\/build-dist\.mjs|one HTML file/);
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForSelector('body.ready', { timeout: 15000 });
  await settle(page);
  assert.equal(await givens(page), POJ1, 'reloaded with the network off: the puzzle of the link');
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelector('#result').dataset.kind === 'unique', null, { timeout: 15000 });
  await page.keyboard.press(']');
  assert.equal(await counter(page, 'events'), 1, 'and the search steps');
  await page.context().setOffline(false);
});

test('layout: the focused skip link hides no title; opening Keys moves nothing; Solve keeps the header in view', async () => {
  const page = await open(`#p=${POJ1}`);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'skip');
  const overlap = await page.evaluate(() => {
    const a = document.querySelector('.skip').getBoundingClientRect(), b = document.querySelector('h1').getBoundingClientRect();
    return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  });
  assert.equal(overlap, 0, 'the focused skip link covers the title');
  await page.keyboard.press('Tab');
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await page.setViewportSize({ width, height });
    const places = () => page.evaluate(() => ['#speed', '#narration', '#stack', '.stats'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return `${s}: ${r.left + scrollX}, ${r.top + scrollY}, ${r.width} × ${r.height}`;
    }));
    const before = await places();
    await page.click('.keys summary');
    assert.deepEqual(await places(), before, `${width} px: opening Keys moved the slider or what is below it`);
    const pop = await page.$eval('.keys-pop', (p) => { const r = p.getBoundingClientRect(); return [r.left, r.right]; });
    assert.ok(pop[0] >= 0 && pop[1] <= width, `${width} px: the keys' list is on the screen (${pop})`);
    await page.click('.keys summary');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="unique"]');
  await page.waitForTimeout(600); // a smooth scroll would have begun
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'Solve scrolled the page: the header went off the screen');
});

test('every size: an arrow key on the Size menu waits for Enter (Esc keeps the grid); after a change the focus stays on the menu and nothing lights up', async () => {
  const page = await open(`#p=${POJ2}`);
  await page.focus('#size');
  await page.keyboard.press('ArrowDown');
  assert.equal(await givens(page), POJ2, 'one arrow key left the board as it was');
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 81);
  assert.match(await page.$eval('#size-confirm', (h) => (h.hidden ? '' : h.textContent)), /^Enter: switch to an empty 16×16 grid .* Esc: keep the 9×9\.$/);
  await page.keyboard.press('Escape');
  assert.equal(await page.$eval('#size', (s) => s.value), '9', 'Esc: the menu says 9×9 again');
  assert.equal(await page.$eval('#size-confirm', (h) => h.hidden), true);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Tab');
  assert.equal(await page.$eval('#size', (s) => s.value), '9', 'leaving the menu keeps the grid');
  assert.equal(await givens(page), POJ2);
  await page.focus('#size');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 16, 'Enter switched to 4×4');
  const after = async () => page.evaluate(() => ({
    focus: document.activeElement.id,
    lit: document.querySelectorAll('#items .item.hl, #items .item.hl2, #board .cell.hl').length,
  }));
  assert.deepEqual(await after(), { focus: 'size', lit: 0 }, 'the focus stays on the menu; no cell selected, no item lit');
  await page.selectOption('#size', '9'); // with the pointer: at once
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 81);
  assert.deepEqual(await after(), { focus: 'size', lit: 0 });
});

test('classroom: a link to an example shows it as that example, with its note; Count of no solution is not green and says steps', async () => {
  const page = await open('#p=1..4..3.........');
  assert.equal(await page.$eval('#examples', (s) => s.value), 'four-many', 'the menu names the example, not "Choose a puzzle…"');
  assert.match(await noticeText(page), /^Example: 4×4, 3 clues, 6 solutions: branches and backtracks\. Exactly 6 solutions: /);
  const plain = await open(`#p=${POJ2.replace(/^\.\.\.\.\.\./, '1.....')}`);
  assert.equal(await plain.$eval('#examples', (s) => s.value), '', 'a puzzle that is no example: no example named');
  assert.match(await noticeText(plain), /^Puzzle from the link\./);
  const none = await open('#p=....2..3.4.....1');
  await none.click('#count');
  await none.waitForFunction(() => ['none', 'count'].includes(document.querySelector('#result').dataset.kind));
  assert.equal(await none.$eval('#result', (r) => r.dataset.kind), 'none', '0 solutions is said in the colour of no solution');
  assert.match(await none.$eval('#result', (r) => r.textContent), /^0 solutions: the whole search tree was explored \([\d,]+ nodes? in /);
});

test('Sudoku view: in a 4×4 solution every cell\'s option is drawn as chosen in the whole matrix, the givens\' too (chosen before the search)', async () => {
  const page = await open('#p=..2.4......1.4..');
  const rows = () => page.evaluate(() => {
    const { numbering: n } = window.dlxPage;
    const cells = [...document.querySelectorAll('#board .cell')];
    return cells.map((c, cell) => {
      const sym = c.querySelector('.digit').textContent || c.querySelector('.placed .on')?.textContent || '';
      return { cell, given: c.dataset.kind === 'given', o: sym ? n.option(cell, n.symbols.indexOf(sym) + 1) : -1, item: n.cellItem(cell) };
    });
  });
  const dot = await paintOf(page, 'TriedDot');
  // Before the search: the givens' rows are chosen already.
  for (const r of (await rows()).filter((x) => x.given)) assert.deepEqual(await matrixPixel(page, r.o, r.item), dot, `r${Math.floor(r.cell / 4) + 1}c${(r.cell % 4) + 1}: a given's row, chosen before the search`);
  await page.click('[data-action="nextSolution"]');
  await settle(page);
  const all = await rows();
  assert.equal(all.filter((r) => r.o >= 0).length, 16, 'the board is full');
  // Chosen: tried, or (the deepest level's) being tried.
  const dots = [JSON.stringify(dot), JSON.stringify(await paintOf(page, 'TryingDot'))];
  const chosen = [];
  for (const r of all) if (dots.includes(JSON.stringify(await matrixPixel(page, r.o, r.item)))) chosen.push(r.cell);
  assert.equal(chosen.length, 16, `one chosen option per cell, the givens' included: ${chosen.length} of 16 rows drawn as chosen`);
  assert.match(await matrixLabel(page), /\b4 given\b/);
});

test('classroom: after Solve the paused search says it is not what the board shows; Undo keeps the example and the step', async () => {
  const page = await open('');
  await page.selectOption('#examples', 'escargot');
  for (let k = 0; k < 5; k++) await page.keyboard.press(']');
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="unique"]');
  assert.match(await narration(page), /^The board shows the solver's answer\. The search is paused at step 5/);
  assert.equal(await page.$eval('body', (b) => b.classList.contains('answer-shown')), true);
  await page.keyboard.press(']');
  assert.equal(await page.$eval('body', (b) => b.classList.contains('answer-shown')), false);
  assert.equal(await counter(page, 'events'), 6);
  // Another example, then Undo: Escargot again, its menu entry and its step.
  await page.selectOption('#examples', 'easter');
  await page.click('.notice-action');
  await settle(page);
  assert.equal(await page.$eval('#examples', (s) => s.value), 'escargot');
  assert.equal(await counter(page, 'events'), 6);
  assert.match(await noticeText(page), /previous puzzle is back, at step 6/);
});

test('classroom: clashing givens explain why no search runs', async () => {
  const page = await open(`#p=11${'.'.repeat(79)}`);
  assert.equal(await page.$eval('#items-off', (p) => p.hidden), false);
  assert.match(await page.$eval('#items-off', (p) => p.textContent), /no search runs/);
  assert.equal(await page.$eval('.items-canvas', (c) => getComputedStyle(c).visibility), 'hidden');
  await shot(page, 'clash-items');
  await page.click('#board .cell >> nth=1');
  await page.keyboard.press('Delete');
  assert.equal(await page.$eval('#items-off', (p) => p.hidden), true);
  // Six clashes are named, the rest counted, with the page's thousands separators.
  const all = await open(`#p=${'A'.repeat(625)}`);
  assert.match(await noticeText(all), /r1c4: A already in box 1 \(r1c1\)\s*… and 1,794 more\.$/);
});

test('classroom: on a 375×812 phone the board and the narration fit about one screen, text 14 px, Knuth\'s letters 12 px or more', async () => {
  const page = await open(`#p=${POJ1}`, { width: 375, height: 812 });
  const span = await page.evaluate(() => document.querySelector('#narration').getBoundingClientRect().bottom - document.querySelector('#board').getBoundingClientRect().top);
  assert.ok(span <= 812, `board top to narration bottom: ${span} px (one 812 px screen)`);
  const small = await page.evaluate(() => [...document.querySelectorAll('p, label, figcaption, .legend span, summary')]
    .filter((el) => el.offsetParent && el.textContent.trim() && parseFloat(getComputedStyle(el).fontSize) < 14)
    .map((el) => `${el.className || el.tagName}: ${getComputedStyle(el).fontSize}`));
  assert.deepEqual(small, [], 'body text under 14 px');
  await page.click('#tab-knuth');
  const letters = await page.$$eval('.dance-svg .node text', (ts) => Math.min(...ts.map((t) => t.getBoundingClientRect().height)));
  assert.ok(letters >= 12, `Knuth's smallest letters: ${letters.toFixed(1)} px`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375, 'no sideways scrolling');
});

/**
 * A view as a classroom sees it, checked in the page in one call (the walk below makes one
 * call a view): returns what is wrong, in words.
 * - Always: the page no wider than the screen; the lesson's buttons inside its box, its
 *   words wide enough to read.
 * - `min` (px): every visible text smaller than that on screen (HTML text and form controls
 *   at their computed size times any CSS scale; SVG text at its size times the drawing's
 *   scale; the canvases' text at the size their view reports in `data-label-px`), and every
 *   box that hides content sideways (it scrolls or clips: scrollWidth past clientWidth).
 * - `oneScreen`: the thing explained (the board, the diagram or the lesson's figure), its
 *   sentence (the narration or the lesson's words) and its controls on one screen, from the
 *   top of the highest to the bottom of the lowest; the playback controls on two rows at most.
 * - `phone`: the lesson's words near their diagram, the sentence saying what an option is
 *   before the matrix, and the matrix as wide as its box.
 */
function classroomCheck({ min = 0, oneScreen = false, phone = false, lengths = false }) {
  scrollTo(0, 0);
  const out = [];
  const W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W) out.push(`the page is ${document.documentElement.scrollWidth} px wide in ${W}`);
  const lesson = document.querySelector('#lesson');
  if (!lesson.hidden) {
    const box = lesson.getBoundingClientRect();
    for (const d of lesson.querySelectorAll('.lesson-dot, .lesson-close, .lesson-nav button')) {
      const r = d.getBoundingClientRect();
      if (r.right > box.right + 0.5) out.push(`"${d.textContent}" ends at ${Math.round(r.right)}, the lesson at ${Math.round(box.right)}`);
    }
    const words = lesson.querySelector('.lesson-text').getBoundingClientRect().width;
    if (words < Math.min(260, 0.8 * W)) out.push(`the lesson's words ${Math.round(words)} px wide`);
  }
  if (min) out.push(...unreadable());
  // The item panels write their lengths where a class reads them (4×4, 9×9): they may leave
  // them out only where a square is too small (a 25×25's on a phone).
  if (lengths && [...document.querySelectorAll('#items canvas')].some((c) => !(Number(c.dataset.labelPx) > 0))) out.push(`the item panels write no lengths (squares of ${Math.round(window.dlxPage.items.geo[2])} px)`);
  if (oneScreen) out.push(...together());
  if (phone) out.push(...phoneOrder());
  return out;

  function unreadable() {
    const found = [];
    const shown = (e) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && e.getClientRects().length > 0;
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`;
    const scales = new Map();
    const scaleOf = (e) => { // what CSS transforms make of a length, the element's own and its ancestors'
      if (!e || e === document.body) return 1;
      if (!scales.has(e)) {
        const t = getComputedStyle(e).transform;
        const m = t === 'none' ? null : new DOMMatrixReadOnly(t);
        scales.set(e, (m ? Math.hypot(m.a, m.b) : 1) * scaleOf(e.parentElement));
      }
      return scales.get(e);
    };
    const small = new Map(); // one line per kind of element, with its smallest size
    const note = (key, px, text) => {
      if (px >= min - 0.05) return;
      const was = small.get(key);
      if (!was || px < was.px) small.set(key, { px, text });
    };
    // Every element drawn, once: a subtree that is not drawn (display: none, as a 25×25's
    // 15,625 candidates are) is passed over whole; one that only lends its children its
    // place (display: contents) is looked into.
    const drawn = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT, {
      acceptNode: (e) => {
        if (e.matches('.skip, svg, script, style, noscript, template, option')) return NodeFilter.FILTER_REJECT;
        if (getComputedStyle(e).display === 'contents') return NodeFilter.FILTER_SKIP;
        return e.checkVisibility() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
      },
    });
    for (let e = walk.nextNode(); e; e = walk.nextNode()) drawn.push(e);
    for (const e of drawn) {
      const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      const control = e.matches('textarea, select, input:not([type="range"], [type="checkbox"], [type="radio"])');
      if ((!own && !control) || !shown(e)) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      note(name(e), parseFloat(getComputedStyle(e).fontSize) * scaleOf(e), String(control ? e.value : e.textContent).trim().slice(0, 20));
    }
    for (const t of document.querySelectorAll('svg text')) {
      if (!shown(t) || !t.textContent.trim()) continue;
      const m = t.getScreenCTM();
      note(`svg text.${t.getAttribute('class') ?? ''} in ${name(t.closest('svg').parentElement)}`, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), t.textContent);
    }
    for (const c of document.querySelectorAll('canvas')) {
      if (!shown(c) || !('labelPx' in c.dataset)) continue;
      const px = Number(c.dataset.labelPx);
      if (px > 0) note(`${name(c)} labels`, px, '');
    }
    for (const [key, { px, text }] of small) found.push(`${key} ${px.toFixed(1)} px${text ? ` ("${text}")` : ''}`);
    for (const e of drawn) {
      const x = getComputedStyle(e).overflowX;
      if (x === 'visible' || e.scrollWidth <= e.clientWidth + 1 || !shown(e)) continue;
      found.push(`${name(e)} hides ${e.scrollWidth - e.clientWidth} px sideways (${e.scrollWidth} in ${e.clientWidth}, overflow ${x})`);
    }
    return found;
  }

  function together() {
    const inLesson = !lesson.hidden;
    const first = (...sel) => sel.map((s) => document.querySelector(s)).find((e) => e && e.checkVisibility() && e.getClientRects().length);
    const parts = {
      shown: first('.cover-figure canvas', '#dance .dance-svg', '#board', '#cover-matrix canvas'),
      sentence: inLesson ? first('#lesson .lesson-text') : first('#narration'),
      controls: inLesson ? first('#lesson .lesson-nav') : first('#controls .transport'),
    };
    const found = [];
    const rects = Object.entries(parts).map(([k, e]) => [k, e?.getBoundingClientRect()]);
    for (const [k, r] of rects) if (!r) found.push(`no ${k} in view`);
    const got = rects.filter(([, r]) => r);
    const top = Math.min(...got.map(([, r]) => r.top)), bottom = Math.max(...got.map(([, r]) => r.bottom));
    if (bottom - top > innerHeight + 0.5) found.push(`${got.map(([k, r]) => `${k} ${Math.round(r.top)}–${Math.round(r.bottom)}`).join(', ')}: ${Math.round(bottom - top)} px for a ${innerHeight} px screen`);
    // On the first screen: the controls and the thing explained whole, its sentence begun.
    // Then scrolled until the sentence's last line is above the controls: the controls and
    // the thing explained still in view (lesson steps 2 and 6 had Previous/Next 100 px down).
    const off = (r, whole) => r && (whole ? r.top < -0.5 || r.bottom > innerHeight + 0.5 : r.top > innerHeight - 40 || r.bottom < 40);
    const at = (k, r) => `${k} at ${Math.round(r.top)}–${Math.round(r.bottom)}`;
    const check = (when) => {
      const now = Object.fromEntries(Object.entries(parts).map(([k, e]) => [k, e?.getBoundingClientRect()]));
      if (off(now.controls, true)) found.push(`${when}: ${at('the controls', now.controls)} on a ${innerHeight} px screen`);
      if (off(now.shown, true)) found.push(`${when}: ${at('what is explained', now.shown)}, not whole on the ${innerHeight} px screen`);
      if (off(now.sentence, false)) found.push(`${when}: ${at('its sentence', now.sentence)}, out of the ${innerHeight} px screen`);
      return now;
    };
    const start = check('the first screen');
    if (start.sentence && start.controls && start.sentence.top < start.controls.top && start.sentence.bottom > start.controls.top + 0.5) {
      scrollBy(0, start.sentence.bottom - start.controls.top + 8);
      const end = check('scrolled to the sentence\'s end');
      if (end.sentence.bottom > end.controls.top + 0.5) found.push(`the sentence's end (${Math.round(end.sentence.bottom)}) stays under the controls (${Math.round(end.controls.top)})`);
      scrollTo(0, 0);
    }
    const transport = document.querySelector('#controls .transport');
    if (transport.checkVisibility()) {
      const rows = new Set([...transport.children].filter((b) => b.checkVisibility()).map((b) => Math.round(b.getBoundingClientRect().top))).size;
      if (rows > 2) found.push(`the playback controls wrap onto ${rows} rows`);
    }
    return found;
  }

  function phoneOrder() {
    const found = [];
    const box = (s) => { const e = document.querySelector(s); return e && e.checkVisibility() && e.getClientRects().length ? e.getBoundingClientRect() : null; };
    const words = box('#lesson .lesson-text'), figure = box('.cover-figure') ?? box('#dance .dance-svg');
    if (words && figure) {
      const gap = Math.max(figure.top - words.bottom, words.top - figure.bottom);
      if (gap > 120) found.push(`the lesson's words are ${Math.round(gap)} px from their figure`);
    }
    const legend = box('.option-legend'), matrix = box('#matrix-area');
    if (legend && matrix && legend.top > matrix.top) found.push('"An option is a digit in a cell…" comes after the matrix');
    // (A whole 9×9 narrower than its 324 columns sums two a pixel: as wide as whole pixels allow.)
    const summed = window.dlxPage.matrix.mx.perColumn > 1;
    for (const [canvas, scroll] of [['#matrix', '#matrix-area .matrix-scroll'], ['.cover-figure canvas', '.cover-figure .matrix-scroll'], ['#cover-matrix canvas', '#cover-matrix']]) {
      const c = box(canvas), s = document.querySelector(scroll);
      if (canvas === '#matrix' && summed) continue;
      if (c && s && c.width < 0.85 * s.clientWidth) found.push(`${canvas} is ${Math.round(c.width)} px wide in a box of ${s.clientWidth}`);
    }
    return found;
  }
}

/**
 * Shows `hash` in `page` in place, as a link typed in the address bar is (the router reads
 * the change): far quicker than loading the page again for each view. Returns once the
 * page has gone there and drawn it.
 */
async function visit(page, hash) {
  await page.evaluate((h) => new Promise((done) => {
    if (location.hash === h) return done();
    addEventListener('hashchange', () => setTimeout(done, 0), { once: true });
    location.hash = h;
  }), hash);
  await page.waitForFunction(() => !window.dlxPage.player.busy && (window.dlxPage.controller.mode !== 'cover' || window.dlxPage.workbench.text !== null), null, { timeout: 60000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

test('layout and pixels: every view and lesson step, on a 1024×768 projector in large type (text 16 px or more; what is explained, its sentence and the controls on one screen), a 375×812 phone (12 px or more) and a 320 px phone; nothing wider than the screen or hidden sideways; the projector\'s and the phone\'s screens as their references', async () => {
  // Each view at each screen, the whole page checked: nothing past the right edge (the page
  // would scroll sideways), and the lesson's step buttons inside its box. At 320 px in large
  // type the tabs were 17 px too wide; at 1024×768 lesson step 2 (the 4×4 matrix beside the
  // words) left the words 196 px and pushed its step buttons 90 px off the page.
  // A classroom's two screens are held to more (issue 32): on the projector in large type
  // Knuth's letters were 9 px, his lengths 7 px, the 4×4 matrix's labels 9–10 px, the
  // board's 9th row below the fold, the lesson's words below it, the playback controls on
  // three rows; on the phone the 9×9 candidates were 9 px, Knuth's diagram 750 px wide in
  // a 353 px box, the 25×25 board 560 px wide, the workbench's editor cut at the right.
  // One page: each view shown in place (a link's change), then on each screen in turn (the
  // page resized, large type switched): the walk took 135 s in CI loading the page again
  // for each of the 65 views and screens, most of it building 16×16 and 25×25 boards. The
  // projector's and the phone's first screens are kept as pixel references
  // (tests/e2e/refs/classroom-*.png, looked at one by one); FULL=1 saves the phone's whole
  // pages in screenshots/ to look at.
  const S25 = data('sudoku25.txt').split('\n')[0].trim();
  const wide = [];
  // Large type on, then off: each view is also drawn again for it (the lesson's step 2 kept
  // its figure's small labels until the step was drawn again).
  const screens = [
    { width: 1024, height: 768, large: true, min: 16, name: 'projector' }, { width: 1280, height: 800, large: true, min: 16 }, { width: 320, height: 640, large: true },
    { width: 1024, height: 768, large: false }, { width: 375, height: 812, large: false, min: 12, name: 'phone' }, { width: 320, height: 640, large: false },
  ];
  const page = await open('', { width: 1024, height: 768, reducedMotion: 'reduce' });
  let large = false;
  const lessons = await page.$$eval('#lesson .lesson-dot', (d) => d.length);
  const views = [
    ['knuth', '#m=knuth&s=9'], ['cover', '#m=cover'], ...Array.from({ length: lessons }, (_, k) => [`lesson-${k + 1}`, `#lesson=${k + 1}`]),
    ['4x4', '#p=..2.4......1.4..&s=6'], ['9x9', `#p=${HARD}&s=40`], ['16x16', `#p=${HARD16}&s=40`], ['25x25', `#p=${S25}&s=40`],
  ];
  for (const [view, hash] of views) {
    await visit(page, hash);
    for (const { width, height, large: big, min, name } of screens) {
      // The same view on another screen: the page laid out again for it, as a window
      // resized or a phone turned is, and large type switched as its button does.
      await page.setViewportSize({ width, height });
      if (big !== large) {
        await page.click('#large-type');
        await page.evaluate(() => document.activeElement.blur());
        large = big;
      }
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await settle(page);
      const where = await page.evaluate(classroomCheck, { min, oneScreen: min === 16 && view !== 'cover', phone: name === 'phone', lengths: !!name && /^(4x4|9x9)$/.test(view) });
      if (name) {
        const png = await page.screenshot({ animations: 'disabled' });
        writeFileSync(resolve(shots, `classroom-${name}-${view}.png`), png);
        // The phone's whole page, to look at (FULL=1: it takes a second a view).
        if (name === 'phone' && process.env.FULL === '1') await shot(page, `classroom-${name}-${view}-full`, { fullPage: true });
        try {
          await matchesPng(png, `classroom-${name}-${view}`);
        } catch (e) {
          where.push(e.message);
        }
      }
      if (where.length) wide.push(`${width}×${height}${large ? ' large type' : ''} ${view}: ${where.join('; ')}`);
    }
  }
  for (const w of wide) console.log(`    ${w}`);
  assert.deepEqual(wide, [], 'views that do not fit the screen or look other than their references');
});

/**
 * Text whose contrast with what is behind it is under WCAG AA (4.5:1, or 3:1 from 24 px or
 * 18.66 px bold), in `page` as shown: every element with text of its own, and the letters of
 * the SVG diagrams against their node's fill. Disabled controls and faded (opacity) parts
 * are left out, as WCAG leaves them.
 */
const lowContrast = (page) => page.evaluate(() => {
  const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const rgba = (css) => { // any CSS colour as the browser resolves it, to [r, g, b, a]
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = css;
    probe.fillRect(0, 0, 1, 1);
    return [...probe.getImageData(0, 0, 1, 1).data];
  };
  const lum = (c) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const behind = (e) => {
    for (let p = e; p; p = p.parentElement) {
      const c = rgba(getComputedStyle(p).backgroundColor);
      if (c[3] > 128) return c;
    }
    return rgba(getComputedStyle(document.documentElement).backgroundColor);
  };
  const faded = (e) => { let o = 1; for (let p = e; p; p = p.parentElement) o *= Number(getComputedStyle(p).opacity); return o < 0.9; };
  const low = [];
  for (const e of document.querySelectorAll('body *')) {
    if (!e.checkVisibility() || e.closest('[disabled], [aria-disabled="true"], svg, .skip') || faded(e)) continue;
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const s = getComputedStyle(e);
    const big = parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.66 && Number(s.fontWeight) >= 700);
    const r = ratio(rgba(s.color), behind(e));
    if (r < (big ? 3 : 4.5)) low.push(`"${e.textContent.trim().slice(0, 24)}" ${r.toFixed(2)}:1`);
  }
  for (const t of document.querySelectorAll('.dance-svg .node text')) {
    const rect = t.closest('.node').querySelector('rect');
    if (!t.checkVisibility() || faded(t)) continue;
    const r = ratio(rgba(getComputedStyle(t).fill), rgba(getComputedStyle(rect).fill));
    if (r < 4.5) low.push(`node "${t.textContent}" (${t.closest('.node').getAttribute('class')}) ${r.toFixed(2)}:1`);
  }
  // The links a hidden node keeps (dashed) are what uncover uses: a thin dashed line has
  // little ink, so it is held to text's 4.5:1 against the diagram's background, not the
  // 3:1 of a solid shape. In the dark theme they were 3.5:1 and barely seen; in the light
  // one 2.6:1.
  for (const l of document.querySelectorAll('.dance-svg .link[data-kind="stale"]')) {
    if (!l.checkVisibility()) continue;
    const r = ratio(rgba(getComputedStyle(l).stroke), behind(l.closest('.dance')));
    if (r < 4.5) low.push(`a hidden node's kept link ${r.toFixed(2)}:1`);
  }
  return low;
});

test('contrast: text in every view, dead ends and the chosen example too, in light and dark', async () => {
  // In the dark theme the workbench's chosen example was white on the light accent
  // (2.5:1), and a dead end's letters white on its light red (3.0:1), in Knuth's diagram
  // and the workbench's items.
  for (const dark of [false, true]) {
    const found = [];
    const sudoku = await open(`#p=${HARD}`, { dark });
    await sudoku.keyboard.press('d');
    await settle(sudoku);
    found.push(...(await lowContrast(sudoku)).map((x) => `Sudoku: ${x}`));
    const knuth = await open('#lesson=5', { dark, reducedMotion: 'reduce' });
    assert.equal(await knuth.$$eval('.dance-svg .node.dead', (n) => n.length), 1, 'the lesson shows a dead end');
    found.push(...(await lowContrast(knuth)).map((x) => `lesson: ${x}`));
    const links = await open('#m=knuth&s=9', { dark, reducedMotion: 'reduce' });
    assert.ok(await links.$$eval('.dance-svg .link[data-kind="stale"]', (n) => n.length) > 0, 'the diagram shows the links hidden nodes kept');
    found.push(...(await lowContrast(links)).map((x) => `Knuth: ${x}`));
    const cover = await openCover('#m=cover', { dark });
    await cover.keyboard.press('d');
    await settle(cover);
    assert.ok(await cover.$$eval('.cover-items li.dead', (n) => n.length) > 0, 'the workbench shows a dead end');
    found.push(...(await lowContrast(cover)).map((x) => `workbench: ${x}`));
    for (const f of found) console.log(`    ${dark ? 'dark' : 'light'}: ${f}`);
    assert.deepEqual(found, [], `${dark ? 'dark' : 'light'} theme: text under 4.5:1 (or a kept link)`);
  }
});

test('contrast: Predict\'s verdicts, right and wrong, in light and dark', async () => {
  // The wrong verdict was #c0392b in both themes (an unset --bad's fallback): 3.0:1 on the
  // dark theme's background.
  for (const dark of [false, true]) {
    const page = await open('#m=knuth', { dark, reducedMotion: 'reduce' });
    await page.click('#predict-toggle');
    await page.focus('#predict-item');
    await page.keyboard.press('b'); // B ties with A at 2 options: A is chosen, B is wrong
    await page.keyboard.press('Enter');
    assert.equal(await page.$eval('#predict .predict-verdict', (e) => e.dataset.right), 'false');
    const wrong = await lowContrast(page);
    for (let k = 0; k < 20 && !(await page.$eval('#predict', (p) => p.classList.contains('asking'))); k++) await page.keyboard.press(']');
    await page.focus('#predict-item');
    await page.keyboard.press('b');
    await page.keyboard.press('Enter');
    assert.equal(await page.$eval('#predict .predict-verdict', (e) => e.dataset.right), 'true');
    const right = await lowContrast(page);
    assert.deepEqual([...wrong, ...right], [], `${dark ? 'dark' : 'light'} theme: text under 4.5:1 with Predict's verdict shown`);
  }
});

test('Predict\'s item list and the own lesson\'s text box are fields like the page\'s others: the panel\'s colour in both themes, a finger\'s height on a phone', async () => {
  // Both were left to the browser: in the dark theme a grey (#3b3b3b) box among the panel's
  // fields, and the item list 22 px tall beside 36 px buttons on a phone.
  for (const dark of [false, true]) {
    const page = await open('#m=knuth', { dark, width: 375, height: 812, reducedMotion: 'reduce' });
    await page.click('#predict-toggle');
    await page.$eval('#own-lesson', (d) => { d.open = true; });
    const got = await page.evaluate(() => {
      const swatch = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'background: var(--panel)' }));
      const panel = getComputedStyle(swatch).backgroundColor;
      swatch.remove();
      return ['#predict-item', '#own-text'].map((sel) => {
        const e = document.querySelector(sel);
        const bg = getComputedStyle(e).backgroundColor;
        return `${sel}: ${bg === panel ? 'panel' : `${bg} (the panel: ${panel})`}, ${e.getBoundingClientRect().height >= 36 ? 'tall enough' : `${e.getBoundingClientRect().height} px tall`}`;
      });
    });
    assert.deepEqual(got, ['#predict-item: panel, tall enough', '#own-text: panel, tall enough'], dark ? 'dark' : 'light');
  }
});

// --- the guided lesson -------------------------------------------------------------------------
/**
 * The lesson as shown, and whether the trace is where its words say: each claim is checked
 * in the page against the engine, worked out apart from www/lesson.js (a fresh trace of the
 * same problem, item lengths and lists read one by one). `problems` lists the claims that fail.
 */
const lessonState = (page) => page.evaluate(() => {
  const { controller: c, dlx, lesson } = window.dlxPage;
  const t = c.trace, K = dlx.EventKind;
  const text = document.querySelector('#lesson .lesson-text').textContent.replace(/\u00a0/g, ' '); // option names are kept on one line
  const opt = (tr, o) => `'${tr.optionName(o)}'`;
  const covered = new Set(t.coveredItems());
  const problems = [];
  const claim = (ok, what) => ok || problems.push(what);
  const fresh = (events) => {
    const f = dlx.Trace.knuth();
    f.run(events, 0);
    return f;
  };
  const exact = (tr, options) => {
    const seen = new Array(tr.primary).fill(0);
    for (const o of options) for (const i of tr.optionItems(o)) seen[i]++;
    return seen.every((n) => n === 1);
  };
  switch (lesson.id) {
    case 'exact-cover': {
      claim(t.events === 0, 'at the start');
      const f = fresh(1e6);
      f.runBack(1e6, 1 << K.Solution); // back to the one solution
      claim(f.lastKind === K.Solution && exact(f, f.solution()), 'the engine finds an exact cover');
      for (const o of f.solution()) claim(text.includes(opt(f, o)), `names ${opt(f, o)}`);
      break;
    }
    case 'sudoku': {
      // Its own trace, drawn whole: a row per option and a column per item, 4 dots a row.
      const f = lesson.figureTrace;
      claim(f && f.events === 0 && f.items === 64 && f.options === 64, 'a 4×4 Sudoku at its start');
      // drawn by the page's own matrix view (Rust's pixels on a canvas)
      const view = lesson.panel.matrix, m = view.mx;
      const canvas = document.querySelector('.cover-figure canvas');
      claim(canvas === view.canvas && canvas.getBoundingClientRect().width > 0 && document.querySelector('#dance').offsetParent === null, 'the figure shows in place of the diagram');
      // Every row and column named where the box has room for them at 12 px; in a narrower box
      // (the projector's, the board beside it) the matrix labels its bands instead, no smaller.
      const named = view.labels.length === 128 && view.labelPx.rows >= 12 && view.labelPx.cols >= 12;
      const bands = view.labelPx.rows === 0 && view.labelPx.cols === 0 && view.labels.length > 0 && Number(canvas.dataset.labelPx) >= 12;
      claim(m.side === 4 && m.zoom === 0 && (named || bands), `every row and column labelled, or its bands, in 12 px type or more (${view.labels.length} labels, ${canvas.dataset.labelPx} px)`);
      const px = (o, i) => {
        const [ox, oy] = view.origin;
        const d = view.ctx.getImageData(ox + i * m.cellWidth + (m.cellWidth >> 1), oy + m.rowOf(o) * m.cellHeight + (m.cellHeight >> 1), 1, 1).data;
        return ((d[0] << 24) | (d[1] << 16) | (d[2] << 8) | 255) >>> 0;
      };
      const { Paint } = window.dlxPage.dlx;
      const [dot, hiddenDot, givenDot] = [view.palette[Paint.Dot], view.palette[Paint.HiddenDot], view.palette[Paint.TriedDot]];
      let dots = 0, pale = 0, given = 0;
      for (let o = 0; o < 64; o++) for (const i of f.optionItems(o)) { const c = px(o, i); dots += c === dot || c === hiddenDot || c === givenDot; pale += c === hiddenDot; given += c === givenDot; }
      claim(dots === 256, `a dot for each 1 (${dots})`);
      const givenCount = f.givens.replace(/[^1-9]/g, '').length;
      claim(given === 4 * givenCount, `the givens' options drawn as chosen before the search (${given} dots)`);
      const coveredF = new Set(f.coveredItems());
      let clash = 0;
      for (let o = 0; o < 64; o++) {
        const n = Array.from(f.optionItems(o)).filter((i) => coveredF.has(i)).length;
        if (n > 0 && n < 4) clash++;
      }
      claim(text.includes(`cover ${coveredF.size} items`) && text.includes(`hide the ${clash} options`), `covers ${coveredF.size}, hides ${clash}`);
      claim(pale === 4 * clash, `pale dots: the hidden options (${pale})`);
      claim(/^The whole matrix of this 4×4 Sudoku: 64 options \(rows\) by 64 items.* The whole matrix, 64 options × 64 items, rows by cell\. /.test(canvas.getAttribute('aria-label')), 'the figure has a text alternative');
      break;
    }
    case 'cover': {
      claim(t.lastKind === K.Cover && covered.has(t.lastA), 'an item was just covered');
      claim(text.includes(`item ${t.itemName(t.lastA)} and covers it`), 'names the item covered');
      const before = fresh(t.events - 1);
      for (let i = 0; i < t.items; i++) {
        const d = before.itemOptions(i).length - t.itemOptions(i).length;
        if (i !== t.lastA && d) claim(text.includes(`${t.itemName(i)} loses ${d}`), `${t.itemName(i)} loses ${d}`);
      }
      break;
    }
    case 'fewest': {
      claim(t.lastKind === K.Choose && t.depth > 0, 'a choice after a try');
      const lens = [];
      for (let i = 0; i < t.primary; i++) if (!covered.has(i)) lens.push([i, t.itemOptions(i).length]);
      const least = Math.min(...lens.map(([, n]) => n));
      claim(t.lastA === lens.find(([, n]) => n === least)[0], 'the first item with the fewest options is chosen');
      claim(text.includes(`takes the item with the fewest options: ${t.itemName(t.lastA)}, with ${least} option`), 'names it and its length');
      for (const [i, n] of lens) claim(text.includes(`${t.itemName(i)} ${n}`), `${t.itemName(i)} has ${n}`);
      break;
    }
    case 'dead-end': {
      claim(t.lastKind === K.DeadEnd && t.deadEnds === 1, 'the first dead end');
      claim(!covered.has(t.lastA) && t.itemOptions(t.lastA).length === 0, 'an open item with 0 options');
      claim(text.includes(`item ${t.itemName(t.lastA)} has 0 options left`), 'names it');
      const dead = [...document.querySelectorAll('.dance-svg .node.header.dead .name')].map((n) => n.textContent);
      claim(dead.length === 1 && dead[0] === t.itemName(t.lastA), `the diagram marks it dead (${dead})`);
      break;
    }
    case 'backtrack': {
      claim(t.lastKind === K.Untry && t.deadEnds === 1, 'a take-back after the dead end');
      const o = t.lastA;
      claim(text.includes(`as it was before ${opt(t, o)} was tried`), 'names the option taken back');
      // The same state as just before that option was first tried.
      const f = dlx.Trace.knuth();
      const state = (tr) => JSON.stringify([Array.from(tr.coveredItems()), Array.from({ length: tr.items }, (_, i) => Array.from(tr.itemOptions(i)))]);
      let before = null;
      while (!f.done && before === null) {
        const s = state(f);
        f.run(1, 0);
        if (f.lastKind === K.Try && f.lastA === o) before = s;
      }
      claim(before === state(t), 'the matrix is as before that try');
      const n = fresh(t.events);
      n.run(1e6, 1 << K.Try);
      claim(text.includes(`next branch, ${opt(n, n.lastA)}`), 'names the next branch tried');
      break;
    }
    case 'solution': {
      claim(t.lastKind === K.Solution && exact(t, t.solution()), 'an exact cover');
      for (const o of t.solution()) claim(text.includes(opt(t, o)), `names ${opt(t, o)}`);
      claim(document.querySelectorAll('.dance-svg .band.in-solution').length === t.solution().length, 'the diagram shades its rows');
      break;
    }
    default:
      problems.push(`no check for step ${lesson.id}`);
  }
  return {
    step: lesson.step, id: lesson.id, events: t.events, mode: c.mode, hash: location.hash, problems,
    title: document.querySelector('#lesson-title').textContent,
    error: document.querySelector('#lesson .lesson-error').hidden ? '' : document.querySelector('#lesson .lesson-error').textContent,
  };
});
const lessonCount = (page) => page.$$eval('#lesson .lesson-dot', (d) => d.length);

test('lesson: the arrow keys go forward and back through every step, each at the moment its words describe', async () => {
  const page = await open(`#p=${POJ1}`);
  // Keyboard alone: to the Lesson button and Enter.
  await page.focus('#tab-sudoku');
  let tabs = 0;
  while (!(await page.evaluate(() => document.activeElement?.id === 'lesson-open')) && tabs++ < 10) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const n = await lessonCount(page);
  assert.ok(n >= 5 && n <= 7, `${n} steps`);
  assert.equal(await page.$eval('#lesson .lesson-live', (e) => e.getAttribute('aria-live')), 'polite');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'lesson-title', 'the lesson takes the focus');
  assert.equal(await page.$eval('#lesson-open', (b) => b.getAttribute('aria-expanded')), 'true');
  const forward = [];
  for (let k = 1; k <= n; k++) {
    if (k > 1) await page.keyboard.press('ArrowRight');
    const s = await lessonState(page);
    assert.equal(s.step, k);
    assert.match(s.title, new RegExp(`^Step ${k} of ${n}: `));
    assert.equal(s.hash, `#lesson=${k}`);
    assert.deepEqual(s.problems, [], `step ${k} (${s.id}): what the words claim`);
    const knuthBefore = forward.filter((x) => x.id !== 'sudoku').at(-1);
    if (s.id !== 'sudoku' && knuthBefore && k > 1) assert.ok(s.events > knuthBefore.events, 'each step on Knuth\'s example is later in its search');
    forward.push(s);
  }
  await page.keyboard.press('ArrowRight'); // past the last: stays
  assert.equal((await lessonState(page)).step, n);
  // [ and ] still step the search inside a step, and the lesson stays where it is.
  await page.keyboard.press('[');
  assert.equal(await page.evaluate(() => window.dlxPage.controller.trace.events), forward[n - 1].events - 1);
  assert.equal((await lessonState(page)).step, n);
  for (let k = n - 1; k >= 1; k--) {
    await page.keyboard.press('ArrowLeft');
    const s = await lessonState(page);
    assert.equal(s.step, k);
    assert.deepEqual(s.problems, [], `back at step ${k}`);
    assert.equal(s.events, forward[k - 1].events, 'the same moment as on the way forward');
  }
  // The buttons do the same, and every one is labelled.
  const unlabelled = await page.$$eval('#lesson button', (bs) => bs.filter((b) => !(b.getAttribute('aria-label') || b.textContent.trim())).length);
  assert.equal(unlabelled, 0);
  await page.click('#lesson .lesson-next');
  assert.equal((await lessonState(page)).step, 2);
  await page.click(`#lesson .lesson-dot >> text="${n}"`);
  assert.equal((await lessonState(page)).step, n);
  // Escape closes it: back to the Sudoku and its link.
  await page.keyboard.press('Escape');
  assert.equal(await page.$eval('#lesson', (e) => e.hidden), true);
  assert.equal(await page.evaluate(() => window.dlxPage.controller.mode), 'sudoku');
  assert.match(await page.evaluate(() => location.hash), new RegExp(`^#p=${POJ1.replace(/\./g, '\\.')}`));
  // The button opens it again where it was left; choosing a tab by hand leaves it.
  await page.click('#lesson-open');
  assert.equal((await lessonState(page)).step, n);
  await page.click('#tab-sudoku');
  assert.equal(await page.$eval('#lesson', (e) => e.hidden), true);
  assert.equal(await page.evaluate(() => [window.dlxPage.controller.mode, window.dlxPage.lesson.active].join()), 'sudoku,false');
});

test('lesson: Undo and Redo keys leave the lesson\'s view alone; closed, they undo as before', async () => {
  const page = await open(`#p=${POJ1}`);
  await page.click('#board .cell >> nth=0');
  await page.keyboard.press('5'); // an edit, so there is something to undo
  await page.click('#lesson-open');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const before = await lessonState(page);
  for (const key of ['Control+z', 'Control+Shift+z', 'Control+y']) {
    await page.keyboard.press(key);
    // Before the fix the page went to the Sudoku behind the lesson's words on Knuth's example.
    assert.equal(await page.evaluate(() => window.dlxPage.controller.mode), 'knuth', key);
    const s = await lessonState(page);
    assert.deepEqual([s.step, s.hash, s.events], [before.step, before.hash, before.events], key);
  }
  await page.keyboard.press('Escape');
  assert.equal((await givens(page))[0], '5', 'the edit is still there');
  await page.keyboard.press('Control+z');
  assert.equal((await givens(page))[0], '.', 'and Undo takes it back once the lesson is closed');
});

test('lesson: a link opens its step; a hostile step number gets a clear message', async () => {
  const page = await open('#lesson=4');
  let s = await lessonState(page);
  assert.equal(s.step, 4);
  assert.deepEqual(s.problems, []);
  assert.equal(s.error, '');
  const n = await lessonCount(page);
  // The hash changes under the page (typed, or Back): the step follows.
  await page.evaluate(() => { location.hash = '#lesson=2'; });
  await page.waitForFunction(() => window.dlxPage.lesson.step === 2);
  assert.deepEqual((await lessonState(page)).problems, []);
  for (const [hash, message] of [
    ['#lesson=99', `The lesson has steps 1 to ${n}; the link asks for step "99". Showing step 1.`],
    ['#lesson=0', `The lesson has steps 1 to ${n}; the link asks for step "0". Showing step 1.`],
    ['#lesson=-2', `The link's lesson step "-2" is not a step number (1 to ${n}); showing step 1.`],
    ['#lesson=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', `The link's lesson step "<img src=x onerror=a…" is not a step number (1 to ${n}); showing step 1.`],
    [`#lesson=${'9'.repeat(1500)}`, `The link's lesson step "99999999999999999999…" is not a step number (1 to ${n}); showing step 1.`],
  ]) {
    const p = await open(hash);
    s = await lessonState(p);
    assert.equal(s.step, 1, hash);
    assert.equal(s.error, message, hash);
    assert.equal(await p.$eval('#lesson .lesson-error', (e) => e.getAttribute('role')), 'alert');
    assert.equal(await p.$$eval('#lesson img', (i) => i.length), 0);
    assert.equal(s.hash, '#lesson=1', 'the address bar says what is shown');
  }
});

test('lesson: step 2 shows the 4×4 board with its matrix (the words say where only where true), the givens\' options chosen before the search', async () => {
  for (const [width, height, large] of [[1024, 768, false], [1024, 768, true], [375, 812, false], [375, 812, true]]) {
    const page = await open('#lesson=2', { width, height });
    if (large) {
      // The figure follows large type by itself: on a phone it kept its 12 px labels until
      // the step was drawn again.
      await page.click('#large-type');
      await page.waitForFunction(() => Number(document.querySelector('.cover-figure canvas').dataset.labelPx) >= 16, null, { timeout: 3000 }).catch(() => {});
      assert.ok(Number(await page.$eval('.cover-figure canvas', (c) => c.dataset.labelPx)) >= 16, `${width}×${height}: the figure's labels in large type`);
    }
    const where = `${width}×${height}${large ? ' large' : ''}`;
    const s = await lessonState(page);
    assert.deepEqual(s.problems, [], where);
    const r = await page.evaluate(() => {
      const board = document.querySelector('.cover-figure .board');
      if (!board) return null;
      const { lesson, dlx } = window.dlxPage;
      const f = lesson.figureTrace;
      const states = f.optionStates();
      const givens = [...f.givens].map((ch, cell) => (/[1-9]/.test(ch) ? { cell, d: Number(ch) } : null)).filter(Boolean);
      const cells = [...board.querySelectorAll('[role="gridcell"]')];
      const b = board.getBoundingClientRect(), m = document.querySelector('.cover-figure canvas').getBoundingClientRect();
      return {
        cells: cells.length,
        shown: cells.map((c) => (c.dataset.kind === 'given' ? c.querySelector('.digit').textContent : '.')).join(''),
        line: f.givens.replace(/[^1-9]/g, '.'),
        // Rust's state: each given's option is chosen before the search, no other option is
        given: givens.every(({ cell, d }) => states[cell * 4 + d - 1] === dlx.OptionState.Given),
        others: states.filter((x) => x === dlx.OptionState.Given).length,
        labels: cells.filter((c) => /given/.test(c.getAttribute('aria-label') ?? '')).length,
        // beside it, or (in the projector's narrower column, where the matrix needs the width
        // to be read) above it: never over it
        beside: b.right <= m.left + 1 || b.bottom <= m.top + 1,
        sideBySide: b.right <= m.left + 1,
        above: b.bottom <= m.top + 1,
        inView: b.width > 100 && b.top >= 0 && b.bottom <= window.innerHeight,
      };
    });
    assert.ok(r, `${where}: a board in the figure`);
    assert.equal(r.cells, 16, where);
    assert.equal(r.shown, r.line, `${where}: the board shows the givens`);
    assert.deepEqual([r.given, r.others, r.labels], [true, 5, 5], `${where}: the givens' options are chosen before the search`);
    if (width === 1024) assert.ok(r.beside, `${where}: the board is beside or above its matrix`);
    // The words say where the matrix is only where that is true: at 1024×768 the board sat
    // above its matrix while the words said "Next to the board is its whole matrix".
    const words = await page.$eval('#lesson .lesson-text', (e) => e.textContent);
    assert.match(words, /board/, where);
    const side = r.sideBySide, above = r.above;
    if (/next to the board|beside the board|right of the board/i.test(words)) assert.ok(side, `${where}: the words put the matrix beside the board, the page does not: ${words}`);
    if (/below the board|under the board/i.test(words)) assert.ok(above, `${where}: the words put the matrix below the board, the page does not`);
    await shot(page, `lesson-2-board-${width}${large ? '-large' : ''}`, { fullPage: width < 500 });
  }
});

test('classroom: the header names the exact cover each view shows, and the lesson\'s figure its own', async () => {
  // Issue 32, point 4: in Knuth's view (and the workbench, and the lesson) the header said
  // "…on the 729 × 324 exact cover": the Sudoku's, not what was shown.
  const page = await open('', { width: 375, height: 812 });
  const tagline = () => page.$eval('.tagline', (s) => s.textContent);
  assert.equal(await tagline(), "Knuth's Algorithm X with dancing links, step by step, on a 9×9 Sudoku: 729 options × 324 items");
  await page.click('#tab-knuth');
  assert.match(await tagline(), /on Knuth's example: 6 options × 7 items$/);
  await page.click('#tab-cover');
  await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
  assert.match(await tagline(), /on the problem in the editor: 16 options × 22 items$/, '4 queens');
  await page.click('#lesson-open');
  assert.match(await tagline(), /on Knuth's example: 6 options × 7 items$/, 'lesson step 1');
  await page.keyboard.press('ArrowRight');
  assert.match(await tagline(), /on a 4×4 Sudoku: 64 options × 64 items$/, 'lesson step 2, its figure');
  await page.keyboard.press('Escape');
  await page.click('#tab-sudoku');
  assert.match(await tagline(), /on a 9×9 Sudoku: 729 options × 324 items$/);
});

test('lesson: step 2 selects no view\'s tab and promises no search keys; ] moves nothing behind it', async () => {
  const page = await open('#lesson=2');
  const selected = () => page.$$eval('.modes [role="tab"]', (ts) => ts.filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.id));
  const keys = () => page.$eval('#lesson .lesson-keys', (e) => e.textContent);
  // Before the fix: "Knuth's 7-item example" stayed selected, and the hint promised "[ ] step the search".
  assert.deepEqual(await selected(), [], 'the figure is the lesson\'s own, no view\'s');
  assert.doesNotMatch(await keys(), /\[|\]|step the search/);
  await page.keyboard.press(']');
  await page.keyboard.press('}');
  assert.equal(await page.evaluate(() => window.dlxPage.controller.trace.events), 0, 'the hidden search did not move');
  assert.equal((await lessonState(page)).step, 2);
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await selected(), ['tab-knuth']);
  assert.match(await keys(), /\[.*\].*step the search/);
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await selected(), []);
});

test('lesson: stepping inside a step, the words say the search has moved on, and go back to their moment', async () => {
  const page = await open('#lesson=3');
  const at = await page.evaluate(() => window.dlxPage.controller.trace.events);
  const state = () => page.evaluate(() => {
    const note = document.querySelector('#lesson .lesson-moved');
    return {
      events: window.dlxPage.controller.trace.events,
      note: note && !note.hidden && note.getBoundingClientRect().height > 0 ? note.textContent : '',
      stale: document.querySelector('#lesson .lesson-text').classList.contains('stale'),
    };
  });
  assert.deepEqual(await state(), { events: at, note: '', stale: false }, 'at the moment');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  // Before the fix the words still said "has chosen item A… D loses 2" under a diagram trying 'B C F'.
  let s = await state();
  await shotOf(page, '#lesson', 'lesson-moved');
  assert.equal(s.events, at + 2);
  assert.ok(s.stale, 'the words are marked as of another moment');
  assert.match(s.note, /^The search has moved on 2 steps from the moment these words describe/);
  assert.match(s.note, /narration/);
  await page.keyboard.press('[');
  assert.match((await state()).note, /moved on 1 step from/);
  await page.keyboard.press('[');
  assert.deepEqual(await state(), { events: at, note: '', stale: false }, 'back at the moment');
  await page.keyboard.press('[');
  assert.match((await state()).note, /^The search is 1 step before the moment these words describe/);
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await page.click('#lesson .lesson-moved button');
  assert.deepEqual(await state(), { events: at, note: '', stale: false }, 'its button goes back to the moment');
});

test('lesson: Copy link to this step gives the moment stepped to, and the link opens there', async () => {
  const page = await open('#lesson=3');
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.resolve(); });
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  const events = await page.evaluate(() => window.dlxPage.controller.trace.events);
  await page.click('#copy-link');
  await page.waitForFunction(() => /^Link copied/.test(document.querySelector('#watch-notice').textContent));
  // Before the fix the link was #lesson=3: the step's start, not what the sender saw.
  const hash = new URL(page.url()).hash;
  assert.equal(hash, `#lesson=3&s=${events}`);
  assert.equal(await page.$eval('#watch-notice', (n) => n.textContent), `Link copied: it opens the lesson at step 3, 2 steps past its moment.`);
  const other = await open(hash);
  const s = await lessonState(other);
  assert.deepEqual([s.step, s.events, s.hash], [3, events, hash]);
  assert.match(await other.$eval('#lesson .lesson-moved', (n) => n.textContent), /moved on 2 steps/);
  // At the moment itself the link is the step's alone.
  await other.click('#lesson .lesson-moved button');
  assert.equal(new URL(other.url()).hash, '#lesson=3');
  // A step past the end of the search is refused with a message, the step shown at its moment.
  const far = await open('#lesson=3&s=999');
  const f = await lessonState(far);
  assert.equal(f.step, 3);
  assert.deepEqual(f.problems, [], 'at the step\'s own moment');
  assert.match(f.error, /step 999/);
});

test('lesson: step 7 shades the solution in one colour; covered headers\' lengths read as covered, not as dead ends', async () => {
  const page = await open('#lesson=7');
  await page.waitForTimeout(450); // the bands' colours fade in
  const r = await page.evaluate(() => {
    const bands = [...document.querySelectorAll('.dance-svg .band')];
    const solution = bands.filter((b) => b.classList.contains('in-solution'));
    const headers = [...document.querySelectorAll('.dance-svg .node.header')].map((g) => ({
      name: g.querySelector('.name')?.textContent, len: g.querySelector('.len')?.textContent,
      covered: g.classList.contains('hidden'), dead: g.classList.contains('dead'),
      lenCovered: g.querySelector('.len')?.classList.contains('covered'),
    })).filter((h) => h.name);
    return {
      solution: solution.length, tried: bands.filter((b) => b.classList.contains('tried')).length,
      fills: [...new Set(solution.map((b) => getComputedStyle(b.querySelector('rect')).fill))],
      headers, legend: document.querySelector('#dance .dance-legend').textContent,
    };
  });
  // Before the fix 'B G' was yellow (being tried) and the other two rows green.
  assert.equal(r.solution, 3);
  assert.equal(r.tried, 0, 'nothing is being tried at a solution');
  assert.equal(r.fills.length, 1, `one colour: ${r.fills}`);
  const zeros = r.headers.filter((h) => h.len === '0');
  assert.deepEqual(zeros.map((h) => h.name), ['C', 'G']);
  for (const h of r.headers) assert.deepEqual([h.covered, h.dead, h.lenCovered], [true, false, true], `${h.name}: covered, its length marked so`);
  assert.match(r.legend, /a covered header's, no dead end/);
  assert.match(await page.$eval('#lesson .lesson-text', (e) => e.textContent), /C and G show 0/);
});

test('lesson: where uncover is shown, the words say why it runs in reverse order', async () => {
  for (const step of [3, 6]) {
    const page = await open(`#lesson=${step}`);
    const text = await page.$eval('#lesson .lesson-text', (e) => e.textContent.replace(/\u00a0/g, ' '));
    // Before the fix: "in the reverse order", never why.
    assert.match(text, /keeps the links it had when it left/, `step ${step}`);
    assert.match(text, /reverse order/, `step ${step}`);
    assert.match(text, /neighbours it remembers are (back )?in place/, `step ${step}`);
  }
});

test('lesson: link updates are explained as Knuth counts them, and why a backtrack adds none', async () => {
  const cover = await open('#lesson=3');
  const text3 = await cover.$eval('#lesson .lesson-text', (e) => e.textContent);
  const u3 = await counter(cover, 'linkUpdates');
  assert.ok(u3 > 0);
  assert.match(text3, new RegExp(`LINK UPDATES counter .*${u3}`), 'step 3 says what the counter counts, and its value');
  const dead = await open('#lesson=5');
  const u5 = await counter(dead, 'linkUpdates');
  const back = await open('#lesson=6');
  const u6 = await counter(back, 'linkUpdates');
  assert.equal(u6, u5, 'the backtrack adds no update');
  const text6 = await back.$eval('#lesson .lesson-text', (e) => e.textContent);
  // Before the fix the counter stood still while the diagram drew the relinks, with no word why.
  assert.match(text6, new RegExp(`stays at ${u6}`));
  assert.match(text6, /Knuth's DLX1/);
  assert.match(text6, /not counted/);
  assert.match(await back.$eval('[data-counter="linkUpdates"]', (e) => e.parentElement.title), /uncover/);
});

test('screenshots: every lesson step at 1280×800, 375×812 and on a 1024×768 projector in large type', async () => {
  let n = 0;
  for (const [name, opts, large] of [['desktop', {}, false], ['phone', { width: 375, height: 812 }, false], ['large', { width: 1024, height: 768 }, true]]) {
    // A page a screen: back at step 1 by its link, the diagram marks other links as just
    // changed than a page loaded at step 1 does.
    const page = await open('#lesson=1', opts);
    n ||= await lessonCount(page); // (a page of its own only to count the steps cost a load)
    if (large) await page.click('#large-type');
    for (let k = 1; k <= n; k++) {
      if (k > 1) await page.keyboard.press('ArrowRight');
      assert.equal((await lessonState(page)).step, k);
      // The nodes glide into place: until the page's transitions have ended (450 ms, waited
      // whole at each step before).
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10000 });
      await shot(page, `lesson-${k}-${name}`, { fullPage: name === 'phone' });
    }
    // Nothing in the lesson is cut off or wider than the screen.
    const wide = await page.$eval('#lesson', (e) => e.getBoundingClientRect().right <= document.documentElement.clientWidth + 0.5);
    assert.ok(wide, `${name}: the lesson fits the width`);
  }
});

test('screenshots: desktop, phone, dark, projector, reduced motion', async () => {
  const desk = await open(`#p=${HARD}`);
  await desk.keyboard.press('d'); // run to the first dead end
  await settle(desk);
  await desk.hover('#board .cell >> nth=10');
  await shot(desk, 'desktop-1280x800');
  await shot(desk, 'desktop-full', { fullPage: true });
  await shotOf(desk, '#matrix-area', 'matrix-desktop');

  const phone = await open(`#p=${HARD}`, { width: 375, height: 740 });
  for (let k = 0; k < 12; k++) await phone.keyboard.press('}');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no sideways scrolling on a 375 px phone');
  await shot(phone, 'phone-375x740');
  await shot(phone, 'phone-full', { fullPage: true });
  await shotOf(phone, '#matrix-area', 'matrix-phone');

  const dark = await open(`#p=${SIXTEEN}`, { dark: true });
  await dark.keyboard.press('n');
  await settle(dark);
  await dark.keyboard.press('}');
  await shot(dark, 'dark-1280x800');
  await dark.focus('#matrix');
  for (let k = 0; k < 3; k++) await dark.keyboard.press('+');
  await shotOf(dark, '#matrix-area', 'matrix-dark-zoomed');
  const bg = await dark.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  assert.equal(bg, 'rgb(18, 20, 26)', 'dark mode follows the system');

  const big = await open(`#p=${HARD}`, { width: 1280, height: 800 });
  await big.click('#large-type');
  assert.equal(await big.evaluate(() => getComputedStyle(document.documentElement).fontSize), '21px');
  for (let k = 0; k < 30; k++) await big.keyboard.press('}');
  await shot(big, 'projector-large-type');
  await shot(big, 'projector-large-type-full', { fullPage: true });
  await shotOf(big, '#matrix-area', 'matrix-large-type');
  await big.focus('#matrix');
  for (let k = 0; k < 4; k++) await big.keyboard.press('+');
  await shotOf(big, '#matrix-area', 'matrix-large-type-zoomed');
  // the choice is remembered
  await big.reload();
  await big.waitForSelector('body.ready');
  assert.equal(await big.$eval('#large-type', (b) => b.getAttribute('aria-pressed')), 'true');

  const calm = await open('#m=knuth&s=9', { reducedMotion: 'reduce' });
  const tr = await calm.$eval('.dance-svg .node', (n) => getComputedStyle(n).transitionDuration);
  assert.equal(tr, '0s', 'no animation when reduced motion is asked for');
  const themed = await open(`#p=${HARD}`);
  await themed.click('#theme'); // light
  await themed.click('#theme'); // dark
  assert.equal(await themed.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), 'rgb(18, 20, 26)');
  // A second tab follows the first's changes at once: it kept its look until a reload.
  const other = await themed.context().newPage();
  await other.goto(themed.url());
  await other.waitForSelector('body.ready');
  assert.equal(await other.$eval('#theme', (b) => b.textContent), 'Theme: dark');
  await themed.click('#theme'); // auto
  await themed.click('#large-type');
  await other.waitForFunction(() => document.querySelector('#theme').textContent === 'Theme: auto' && document.documentElement.classList.contains('large'));
  assert.equal(await other.$eval('#large-type', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.equal(await other.evaluate(() => document.documentElement.dataset.theme), undefined);
  await other.close();
});

/** Frames per second at top speed on a search that never ends (the empty grid). */
async function measureFps(page, ms) {
  await setSpeed(page, 'max');
  await page.uncheck('#stop-at-solution');
  await page.click('[data-action="toggle"]');
  await page.waitForTimeout(500);
  const since = await clock(page);
  const f = await sampleFrames(page, ms);
  return {
    fps: f.fps,
    p95: f.p95,
    worst: f.worst,
    eventsPerSecond: f.events / f.seconds,
    blocking: await blocking(page, since),
    frames: f.frames,
    matrixDraws: f.draws,
    matrixMs: f.drawMs,
  };
}

async function memory(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  const wasm = await page.evaluate(() => window.dlxPage.wasmMemory.buffer.byteLength);
  return { heapMB: usedSize / 2 ** 20, wasmMB: wasm / 2 ** 20, nodes: m.Nodes, listeners: m.JSEventListeners };
}

test('top speed: frame rate, and memory stays flat', async () => {
  const page = await open(`#p=${EMPTY}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const m0 = await memory(page, cdp);
  const f = await measureFps(page, perf ? 10_000 : 5_000);
  console.log(`    fps at ${await page.$eval('#speed-out', (o) => o.textContent)}: ${f.fps.toFixed(1)} frames/s (p95 frame ${f.p95.toFixed(1)} ms, worst ${f.worst.toFixed(1)} ms), ${Math.round(f.eventsPerSecond).toLocaleString('en')} events/s`);
  console.log(`    main thread at top speed: ${describeBlocking(f.blocking)}`);
  console.log(`    the whole matrix: redrawn in ${f.matrixDraws} of ${f.frames} frames, ${f.matrixMs.toFixed(2)} ms each (Rust's pixels put on the canvas)`);
  assert.ok(f.matrixDraws >= f.frames * 0.8, 'the matrix is drawn in (nearly) every frame');
  await shot(page, 'top-speed');
  const minutes = perf ? Number(option('--minutes', 3)) : 0.25;
  const samples = [m0];
  const t0 = Date.now();
  while (Date.now() - t0 < minutes * 60_000) {
    await page.waitForTimeout(Math.min(15_000, minutes * 60_000 / 4));
    samples.push(await memory(page, cdp));
  }
  const events = await page.evaluate(() => window.dlxPage.controller.traces.sudoku.events);
  for (const s of samples) console.log(`    heap ${s.heapMB.toFixed(2)} MB, wasm ${s.wasmMB.toFixed(2)} MB, DOM nodes ${s.nodes}, listeners ${s.listeners}`);
  console.log(`    ${events.toLocaleString('en')} events played in ${((Date.now() - t0) / 60000 + (perf ? 10 : 5) / 60).toFixed(1)} min`);
  const first = samples[1] ?? samples[0], last = samples.at(-1);
  assert.ok(last.heapMB - first.heapMB < 3, `JS heap grows: ${first.heapMB.toFixed(2)} → ${last.heapMB.toFixed(2)} MB`);
  assert.equal(last.wasmMB, first.wasmMB, 'wasm memory does not grow');
  assert.ok(last.nodes <= first.nodes + 200, `DOM nodes grow: ${first.nodes} → ${last.nodes}`);
  // The frame rate is a measurement (printed above), not a verdict: the machine is shared.
  // Millions of steps and link updates by now: every counter still shows its whole number.
  const cut = await page.$$eval('.counters dd', (dds) =>
    dds.filter((dd) => dd.scrollWidth > dd.clientWidth).map((dd) => `${dd.dataset.counter} "${dd.textContent}"`));
  assert.deepEqual(cut, [], 'counters cut off by their boxes');
  const steps = await page.$eval('[data-counter="events"]', (dd) => [dd.textContent, dd.parentElement.title]);
  assert.match(steps[0], /^\d+(\.\d+)?[MB]$/, `steps shown compact: ${steps[0]}`);
  assert.match(steps[1], /^events so far: \d{1,3}(,\d{3})+$/, `exact steps in the tooltip: ${steps[1]}`);
});

// --- new puzzles, hints, pencil marks, undo ------------------------------------------------------
const MEDIUM = '.2154.6...7..9......9.....5.5...89.42...........6.3...1...7.....4....5.9......8.6'; // generate --difficulty medium --seed 5
const EXPERT = '2......5..85..93......8....6.....5.37.1...6.9.2.1.....5....187...42.....8..45....'; // generate --difficulty expert --seed 5: logic stalls after 19 steps
const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme'];

/** The number of solutions of a line, up to `limit`: a plain backtracking solver written
 *  here, so that the page's uniqueness is checked by other code than the page's wasm. */
function countSolutions(line, limit = 2) {
  const g = [...line].map((ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0));
  const ok = (c, d) => {
    const r = Math.floor(c / 9), k = c % 9, br = r - (r % 3), bk = k - (k % 3);
    for (let i = 0; i < 9; i++) {
      if (g[r * 9 + i] === d || g[i * 9 + k] === d || g[(br + Math.floor(i / 3)) * 9 + bk + (i % 3)] === d) return false;
    }
    return true;
  };
  let n = 0;
  const go = () => {
    // the empty cell with the fewest digits that fit
    let best = -1, fits = null;
    for (let c = 0; c < 81; c++) {
      if (g[c]) continue;
      const f = [];
      for (let d = 1; d <= 9; d++) if (ok(c, d)) f.push(d);
      if (!fits || f.length < fits.length) [best, fits] = [c, f];
      if (f.length === 0) return;
    }
    if (best < 0) {
      n++;
      return;
    }
    for (const d of fits) {
      g[best] = d;
      go();
      g[best] = 0;
      if (n >= limit) return;
    }
  };
  go();
  return n;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const pencilOf = (page, cell) => page.$$eval(`#board .cell[data-cell="${cell}"] .m.pm`, (ms) => ms.map((m) => Number(m.dataset.d)));
const hintPanel = (page) => page.$eval('#hint-panel', (p) => (p.hidden ? null : { kind: p.dataset.kind, text: p.textContent }));
/** Asks for a hint (the worker finds it) by `press()`, and returns the panel once shown. */
async function askHint(page, press = () => page.click('#hint')) {
  await press();
  await page.waitForSelector('#hint-panel:not([hidden])', { timeout: 10_000 });
  return hintPanel(page);
}

test('new puzzle: each level made in the worker, unique (by a solver written here), rated; time per level measured', async () => {
  const page = await open(`#p=${POJ1}`);
  for (const level of LEVELS) {
    await page.selectOption('#level', level);
    await page.click('#new-puzzle');
    await page.waitForFunction((l) => document.querySelector('#notice').textContent.startsWith(`New ${l} puzzle`), level, { timeout: 10_000 });
    const line = await givens(page);
    const clues = line.replace(/\./g, '').length;
    assert.ok(clues >= 17 && clues <= 40, `${level}: ${clues} givens`);
    assert.match(await noticeText(page), new RegExp(`^New ${level} puzzle: ${clues} givens, exactly one solution`));
    assert.equal(countSolutions(line), 1, `${level}: ${line} has exactly one solution`);
    const rating = await page.$eval('#rating', (r) => r.textContent);
    assert.match(rating, new RegExp(`^Level ${level} · hardest step: .+ · ${clues} givens · seed \\d+$`));
    if (level === 'expert' || level === 'extreme') assert.match(rating, /needs search .* search effort \d+ nodes/);
    assert.equal(await page.$$eval('#board .cell.entered', (cs) => cs.length), 0, 'every digit is a clue');
    if (level === 'hard') await shot(page, 'new-puzzle-hard');
  }
  // The rating is the made puzzle's: a digit typed into an empty cell keeps it, a clue
  // cleared hides it (another puzzle), and Undo brings it back.
  const made = await givens(page);
  const ratingShown = () => page.$eval('#rating', (r) => !r.hidden && r.textContent.startsWith('Level '));
  await page.click(`#board .cell[data-cell="${made.indexOf('.')}"]`);
  await page.keyboard.press('1');
  assert.ok(await ratingShown(), 'a digit typed into an empty cell keeps the rating');
  await page.click(`#board .cell[data-cell="${made.search(/[1-9]/)}"]`);
  await page.keyboard.press('Delete');
  assert.ok(!(await ratingShown()), 'a clue cleared hides the rating');
  await page.click('#undo');
  assert.ok(await ratingShown(), 'Undo brings the clue and the rating back');
  await page.click('#undo');
  assert.equal(await givens(page), made);
  // Undo brings back the puzzle before, with the example chosen.
  for (let k = 0; k < LEVELS.length; k++) await page.click('#undo');
  assert.equal(await givens(page), POJ1);
  // Time in the worker (wasm) and as the page waits for it (a round trip), 20 seeds per level.
  for (const level of LEVELS) {
    const times = await page.evaluate(async (level) => {
      const out = { worker: [], page: [] };
      for (let seed = 1; seed <= 20; seed++) {
        const t0 = performance.now();
        const g = await window.dlxPage.solver.generate(level, seed);
        out.page.push(performance.now() - t0);
        out.worker.push(g.ms);
      }
      return out;
    }, level);
    console.log(`    New puzzle ${level.padEnd(7)}: median ${median(times.worker).toFixed(1)} ms in the worker, ${median(times.page).toFixed(1)} ms as the page waits (max ${Math.max(...times.page).toFixed(0)} ms), 20 seeds`);
  }
  // The worker's puzzle for a seed is the command line's (tests/wasm.rs pins that natively).
  const g = await page.evaluate(() => window.dlxPage.solver.generate('hard', 2026));
  assert.equal(g.line, '..8.4.3.5..9.2..6...5..74.8..1..2..4.7.65....83.......1..83.9.....7.......3......');
});

test('hint: the first press shows the step and places nothing; the second takes it', async () => {
  const EASY = '..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..';
  const page = await open(`#p=${EASY}`);
  const h = await askHint(page);
  assert.equal(h.kind, 'step');
  assert.match(h.text, /^(Naked|Hidden) single \(places a digit\)(Naked|Hidden) single: \d (is the only candidate left in|can go only in) r\dc\d/);
  assert.equal(await givens(page), EASY, 'nothing placed yet');
  const where = await page.$$eval('#board .cell.hint-cell', (cs) => cs.map((c) => Number(c.dataset.cell)));
  assert.equal(where.length, 1);
  const placing = await page.$$eval('#board .m.hint-place', (ms) => ms.map((m) => [Number(m.closest('.cell').dataset.cell), Number(m.dataset.d)]));
  assert.deepEqual(placing.map((p) => p[0]), where);
  assert.match(h.text, new RegExp(`${placing[0][1]} .*r${Math.floor(where[0] / 9) + 1}c${(where[0] % 9) + 1}`));
  await shot(page, 'hint-single');
  await page.click('#hint'); // the second press
  const after = await givens(page);
  assert.equal(after, EASY.slice(0, where[0]) + placing[0][1] + EASY.slice(where[0] + 1));
  assert.equal(await page.$eval(`#board .cell[data-cell="${where[0]}"]`, (c) => c.classList.contains('entered')), true);
  assert.equal(await hintPanel(page), null);
  assert.match(await noticeText(page), /^Taken: /);
  // A step that removes candidates: they come off the pencil marks.
  const page2 = await open(`#p=${MEDIUM}`);
  let removal = null;
  for (let k = 0; k < 81 && !removal; k++) {
    const p = await askHint(page2, () => page2.keyboard.press('h'));
    if (p.kind !== 'step') break;
    if (/removes/.test(p.text)) removal = p;
    else await page2.keyboard.press('h');
  }
  assert.ok(removal, 'a removal step on the medium puzzle');
  const removed = await page2.$$eval('#board .m.hint-remove', (ms) => ms.map((m) => [Number(m.closest('.cell').dataset.cell), Number(m.dataset.d)]));
  assert.ok(removed.length > 0 && (await page2.$$eval('#board .cell.hint-cell', (cs) => cs.length)) >= 2);
  await shot(page2, 'hint-removal');
  const board = await givens(page2);
  await page2.click('#hint-take');
  assert.equal(await givens(page2), board, 'no digit placed');
  for (const [c, d] of removed) {
    const marks = await pencilOf(page2, c);
    assert.ok(marks.length > 0 && !marks.includes(d), `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}: ${d} is off its pencil marks ${marks}`);
  }
  // Undo takes the step back: no pencil marks.
  await page2.keyboard.press('Control+z');
  for (const [c] of removed) assert.deepEqual(await pencilOf(page2, c), []);
});

test('hint: when logic is stuck it says so and shows the search from that board', async () => {
  const page = await open(`#p=${EXPERT}`);
  let h;
  for (let k = 0; k < 100; k++) {
    h = await askHint(page);
    if (h.kind !== 'step') break;
    await page.click('#hint-take');
  }
  assert.equal(h.kind, 'stuck');
  assert.match(h.text, /^Stuck: none of the 14 techniques finds a step, with 39 cells open\. From here it takes search/);
  const board = await givens(page);
  assert.equal(board.replace(/\./g, '').length, 81 - 39);
  assert.equal(countSolutions(board), 1, 'every step taken was right');
  await shot(page, 'hint-stuck');
  await page.click('#hint-search');
  await settle(page);
  assert.ok(await counter(page, 'events') > 0, 'the search moved');
  assert.equal(await page.evaluate(() => window.dlxPage.controller.traces.sudoku.givens), board, 'the search starts from the board as it is');
  assert.ok(await page.evaluate(() => window.dlxPage.controller.traces.sudoku.depth) >= 1, 'at its first choice');
  assert.match(await noticeText(page), /Logic was stuck, so the search takes over/);
  await shot(page, 'hint-stuck-search');
});

test('pencil marks: Shift/Alt + digit, pencil mode by keyboard and pointer; undo and redo cover every change', async () => {
  const page = await open(`#p=${POJ1}`);
  await page.click('#board .cell >> nth=0');
  await page.keyboard.press('Shift+Digit1');
  await page.keyboard.press('Alt+Digit3');
  assert.deepEqual(await pencilOf(page, 0), [1, 3]);
  assert.match(await page.$eval('#board .cell[data-cell="0"]', (c) => c.getAttribute('aria-label')), /pencil marks 1 3$/);
  // Pencil mode: a digit alone toggles, and so does a click on the mark's place (5: the middle).
  await page.click('#pencil');
  await page.focus('#board .cell >> nth=0'); // (a click in pencil mode would toggle the mark under it)
  await page.keyboard.press('3');
  assert.deepEqual(await pencilOf(page, 0), [1]);
  const box = await page.locator('#board .cell >> nth=0').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width * 0.85, box.y + box.height * 0.85); // 9
  assert.deepEqual(await pencilOf(page, 0), [1, 5, 9]);
  await shot(page, 'pencil-marks');
  await page.click('#pencil');
  assert.equal(await givens(page), POJ1, 'no digit typed');
  // A digit, then undo and redo each change.
  await page.click('#board .cell >> nth=3');
  await page.keyboard.press('4');
  const typed = `${POJ1.slice(0, 3)}4${POJ1.slice(4)}`;
  assert.equal(await givens(page), typed);
  await page.keyboard.press('Control+z');
  assert.equal(await givens(page), POJ1);
  assert.match(await noticeText(page), /^Undone: 4 in r1c4\.$/);
  await page.keyboard.press('Control+z');
  assert.deepEqual(await pencilOf(page, 0), [1, 5]);
  await page.click('#undo');
  await page.click('#undo');
  assert.deepEqual(await pencilOf(page, 0), [1, 3]);
  await page.keyboard.press('Control+Shift+z');
  await page.keyboard.press('Control+y');
  assert.deepEqual(await pencilOf(page, 0), [1, 5]);
  await page.click('#redo');
  await page.click('#redo');
  assert.equal(await givens(page), typed);
  assert.equal(await page.$eval('#redo', (b) => b.disabled), true);
  // Clear and a new puzzle are undone too, with the pencil marks of the board they replaced.
  await page.click('#clear');
  assert.equal(await givens(page), EMPTY);
  await page.click('#new-puzzle');
  await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('New '), null, { timeout: 10_000 });
  await page.keyboard.press('Control+z');
  assert.equal(await givens(page), EMPTY);
  await page.keyboard.press('Control+z');
  assert.equal(await givens(page), typed);
  assert.deepEqual(await pencilOf(page, 0), [1, 5, 9]);
  assert.match(await noticeText(page), /previous puzzle is back/);
  // A digit's cell takes no pencil mark, and says why.
  await page.click('#board .cell >> nth=1');
  await page.keyboard.press('Shift+Digit5');
  assert.deepEqual(await pencilOf(page, 1), []);
  assert.match(await noticeText(page), /r1c2 holds a digit: clear it/);
  // The marks' cell on a phone and in dark mode.
  const phone = await open(`#p=${POJ1}`, { width: 375, height: 812, dark: true });
  await phone.click('#board .cell >> nth=0');
  for (const d of [1, 5, 9]) await phone.keyboard.press(`Shift+Digit${d}`);
  assert.equal((await askHint(phone)).kind, 'step');
  await phone.waitForFunction(() => document.querySelector('#hint-panel').getBoundingClientRect().bottom <= innerHeight + 1, null, { timeout: 3000 });
  await shot(phone, 'pencil-hint-phone-dark');
});

// --- every size (issue 16) -----------------------------------------------------------------------
const data = (name) => readFileSync(resolve(root, 'tests/data', name), 'utf8');
const POJ3076_GRID = data('poj3076.in').split('\n').slice(0, 16).join('\n') + '\n';
const POJ16 = POJ3076_GRID.replace(/\n/g, '').replace(/-/g, '.');
const POJ16_OUT = data('poj3076.out').split('\n').slice(0, 16).join(''); // the judge's expected answer
const HARD16 = data('sudoku16.txt').split('\n')[94].trim(); // line 95: the slowest of the set for DLX
const LETTERS16 = 'ABCDEFGHIJKLMNOP';
const EMPTY16 = '.'.repeat(256);
const sizeShown = (page) => page.$eval('#size', (s) => Number(s.value));

test('every size: a 16×16 typed in letters, a clash named, a POJ 3076 grid pasted and solved; the size change is undone', async () => {
  const page = await open(`#p=${POJ1}`);
  await page.selectOption('#size', '16');
  assert.equal(await page.$$eval('#board [role="row"]', (r) => r.length), 16);
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 256);
  assert.equal(await givens(page), EMPTY16);
  assert.match(await page.$eval('#size-note', (n) => n.textContent), /16×16 in A–P: type A–P \(either case\)/);
  // the 9×9 puzzle typed before is one Undo away (the notice offers it too)
  assert.match(await noticeText(page), /empty 16×16 grid/);
  await page.click('#undo');
  assert.equal(await sizeShown(page), 9);
  assert.equal(await givens(page), POJ1);
  await page.click('#redo');
  assert.equal(await sizeShown(page), 16);
  // keyboard: letters in either case, arrows by a row of 16, Backspace and Delete
  await page.click('#board .cell >> nth=0');
  await page.keyboard.type('aBc');
  await page.keyboard.press('ArrowDown'); // from r1c4 to r2c4
  await page.keyboard.type('p');
  assert.equal((await givens(page)).slice(0, 20), 'ABC................P');
  await page.keyboard.press('Backspace'); // erases the P just typed
  assert.equal((await givens(page))[19], '.');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft'); // r2c2: in box 1 with the A of r1c1
  await page.keyboard.type('a');
  assert.deepEqual(await page.$$eval('#board .cell.clash', (cs) => cs.map((c) => c.dataset.cell)), ['0', '17']);
  assert.match(await noticeText(page), /r2c2: A already in box 1 \(r1c1\)/);
  assert.match(await page.$eval('#board .cell >> nth=17', (c) => c.getAttribute('aria-label')), /row 2, column 2, given A, clashes/);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Delete');
  assert.equal(await page.$$eval('#board .cell.clash', (cs) => cs.length), 0);
  // a POJ 3076 grid pasted: read as 16×16 in letters, the selector follows
  await paste(page, POJ3076_GRID);
  assert.equal(await sizeShown(page), 16);
  assert.equal(await givens(page), POJ16);
  assert.match(await noticeText(page), /POJ 3076/);
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="unique"]', { timeout: 10000 });
  const answer = await shown(page);
  assert.equal(answer, POJ16_OUT, 'the judge\'s expected output');
  assert.ok(oracle.solves(answer, POJ16, LETTERS16), 'a valid 16×16 grid that keeps the givens');
  await shot(page, 'sixteen-solved-1280');
  // a 9×9 paste switches back; Undo brings the 16×16 back
  await paste(page, HDU);
  assert.equal(await sizeShown(page), 9);
  await page.click('#undo');
  assert.equal(await sizeShown(page), 16);
  assert.equal(await givens(page), POJ16);
});

test('every size: a hard 16×16 solved in the page\'s worker (time measured), traced forward and back exactly', async () => {
  const page = await open(`#p=${HARD16}`);
  assert.equal(await sizeShown(page), 16);
  const t0 = Date.now();
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="unique"]', { timeout: 10000 }); // a hang bound, not a goal
  const wall = Date.now() - t0;
  const answer = await shown(page);
  assert.ok(oracle.solves(answer, HARD16, LETTERS16), `a valid 16×16 grid that keeps the givens: ${answer}`);
  const worker = (await page.$eval('#result', (r) => r.textContent)).match(/\(([^)]*)\)/)[1];
  // the worker's own time over 5 runs, the page's clock (what the user waits, minus the click)
  const times = await page.evaluate(async (line) => {
    const out = [];
    for (let k = 0; k < 5; k++) out.push((await window.dlxPage.solver.verdict(line)).ms);
    return out.sort((a, b) => a - b);
  }, await page.evaluate(() => window.dlxPage.sudoku.engineLine()));
  console.log(`     16×16 line 95 of sudoku16.txt in the worker: ${times.map((t) => t.toFixed(1)).join(', ')} ms (median ${times[2].toFixed(1)} ms); first Solve said ${worker}, ${wall} ms from click to answer`);
  // the trace: forward 150 events and back, forward 8 choices and back: exactly as it was
  await page.click('#board .cell >> nth=0'); // a step hides the answer
  await page.keyboard.press('Escape');
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press(']');
  await page.keyboard.press('[');
  const start = await snapshot(page);
  for (let k = 0; k < 150; k++) await page.keyboard.press(']');
  assert.equal(await counter(page, 'events'), 150);
  assert.match(await narration(page), /r\d+c\d+|'(row|column|box) \d+ has [A-P]'/);
  assert.notEqual(await snapshot(page), start);
  const placed = await page.$$eval('#board .cell[data-kind="placed"] .placed .on', (s) => s.map((x) => x.textContent));
  assert.ok(placed.length > 0 && placed.every((x) => /^[A-P]$/.test(x)), `the search's letters: ${placed.join('')}`);
  for (let k = 0; k < 150; k++) await page.keyboard.press('[');
  assert.equal(await counter(page, 'events'), 0);
  sameDom(await snapshot(page), start, '150 forward, 150 back at 16×16');
  for (let k = 0; k < 8; k++) await page.keyboard.press('}');
  // Level 1 first, or the levels left out counted (the row beside a 16×16 holds a few).
  const crumbs = await page.$$eval('#stack li', (l) => l.map((x) => x.textContent));
  assert.match(crumbs[0], /^(1\. |levels? 1(–\d+)?$)/, JSON.stringify(crumbs));
  assert.match(crumbs.at(-1), /^\d+\. /);
  for (let k = 0; k < 8; k++) await page.keyboard.press('{');
  while ((await counter(page, 'events')) > 0) await page.keyboard.press('[');
  sameDom(await snapshot(page), start, '8 choices forward, back at 16×16');
  // the item panels: four of 16×16, headed by the puzzle's letters
  assert.equal(await page.$$eval('#items .item', (s) => s.length), 1024);
  assert.equal(await page.$eval('.panel-row .axis-row', (r) => r.textContent), 'ABCDEFGHIJKLMNOP');
  assert.match(await page.$eval('#watch-sub', (s) => s.textContent), /4,096 × 1,024/);
  assert.equal(await page.$eval('.tagline', (s) => s.textContent), "Knuth's Algorithm X with dancing links, step by step, on a 16×16 Sudoku: 4,096 options × 1,024 items");
  assert.equal(await page.$eval('#matrix-area', (m) => m.hidden), !(await page.evaluate(() => typeof window.dlxPage.matrix.setShape === 'function')));
});

test('every size: 4×4 teaching examples: counted labels, a dead end undone, six solutions; links carry the size', async () => {
  const page = await open('');
  await page.selectOption('#size', '4');
  const names = await page.$$eval('#examples option', (os) => os.filter((o) => o.value).map((o) => o.textContent));
  assert.deepEqual(names, ['4×4, 4 clues (singles only)', '4×4, 5 clues (singles only)', '4×4, no solution: a dead end and the take-backs', '4×4, 3 clues, 6 solutions: branches and backtracks']);
  assert.equal(await page.$$eval('#items .item', (s) => s.length), 64);
  await page.selectOption('#examples', 'four-dead');
  const line = await givens(page);
  assert.equal(line, '....2..3.4.....1');
  assert.deepEqual(oracle.solutions(line, 5, '1234'), [], 'no solution, by the plain search');
  // to the dead end: a cell has been tried, and something is on the board that the search placed
  await page.click('[data-action="nextDeadEnd"]');
  await settle(page);
  assert.match(await narration(page), /^Dead end: .* has no (candidate|place) left; back up\./);
  assert.equal(await counter(page, 'deadEnds'), 1);
  const atDeadEnd = await page.$$eval('#board .cell[data-kind="placed"]', (c) => c.length);
  assert.ok(atDeadEnd > 0, 'the search had placed digits');
  assert.match(await page.$eval('#stack', (s) => s.textContent), /^1\. r\dc\d: \d \(1 of 1\)/, 'forced moves led here');
  await shot(page, 'four-dead-end-1280');
  // then the backtrack: each try is taken back, and the search ends with the board as given
  const seen = [];
  for (let k = 0; k < 60 && !(await page.evaluate(() => window.dlxPage.controller.trace.done)); k++) {
    await page.keyboard.press(']');
    seen.push(await narration(page));
  }
  assert.ok(seen.some((t) => /^Take back r\dc\d = \d/.test(t)), `a try taken back: ${seen.join(' | ')}`);
  assert.match(seen.at(-1), /^Search complete: 0 solutions, 1 dead end/);
  assert.equal(await page.$$eval('#board .cell[data-kind="placed"]', (c) => c.length), 0);
  // several solutions: counted, and Next solution visits them
  await page.selectOption('#examples', 'four-many');
  await page.click('#count');
  await page.waitForSelector('#result[data-kind="count"]');
  assert.match(await page.$eval('#result', (r) => r.textContent), /^6 solutions: the whole search tree/);
  assert.equal(oracle.solutions('1..4..3.........', 100, '1234').length, 6);
  for (let k = 1; k <= 6; k++) {
    await page.click('[data-action="nextSolution"]');
    await settle(page);
    assert.ok(oracle.solves(await shown(page), '1..4..3.........', '1234'), `solution ${k}`);
    // A branch among the open levels (the row of choices may count it among the levels left out).
    if (k === 1) assert.ok(await page.evaluate(() => { const c = window.dlxPage.controller.trace.choices(); for (let j = 3; j < c.length; j += 5) if (c[j] >= 2) return true; return false; }), 'a branch');
  }
  assert.equal(await counter(page, 'solutions'), 6);
  await shot(page, 'four-1280');
  // the link: the size round-trips, at its step
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#p=1\.\.4\.\.3\.{9}&s=\d+$/);
  const again = await open(hash);
  assert.equal(await sizeShown(again), 4);
  assert.equal(await counter(again, 'solutions'), 6);
  assert.equal(await shown(again), await shown(page));
  const phone = await open('#p=....2..3.4.....1&s=20', { width: 375, height: 812 });
  await shot(phone, 'four-375');
});

test('every size: a 16×16 and an empty one round-trip in the link; 1–9, A–G with letters only says its alphabet; bad sizes get a message', async () => {
  const page = await open(`#p=${POJ16}&s=30`);
  assert.deepEqual([await sizeShown(page), await givens(page), await counter(page, 'events')], [16, POJ16, 30]);
  assert.equal(await page.evaluate(() => location.hash), `#p=${POJ16}&s=30`);
  const empty = await open(`#p=${EMPTY16}`);
  assert.deepEqual([await sizeShown(empty), await givens(empty)], [16, EMPTY16]);
  assert.equal(await empty.evaluate(() => location.hash), `#p=${EMPTY16}`);
  // a 16×16 in 1–9, A–G: once only letters are left, the link says the alphabet
  await paste(empty, `1G${'.'.repeat(254)}`);
  assert.match(await page.$eval('#size-note', (n) => n.textContent), /A–P/);
  assert.match(await empty.$eval('#size-note', (n) => n.textContent), /1–9 and A–G/);
  await empty.click('#board .cell >> nth=0');
  await empty.keyboard.press('Delete');
  const hash = await empty.evaluate(() => location.hash);
  assert.equal(hash, `#p=.G${'.'.repeat(254)}&a=digits`);
  const digits = await open(hash);
  assert.equal((await givens(digits)).slice(0, 2), '.G');
  assert.match(await digits.$eval('#board .cell >> nth=1', (c) => c.getAttribute('aria-label')), /given G/);
  assert.match(await digits.$eval('#size-note', (n) => n.textContent), /1–9 and A–G/);
  await digits.click('#board .cell >> nth=0');
  await digits.keyboard.type('g'); // G is 16 here: it clashes with r1c2's G
  assert.match(await noticeText(digits), /r1c2: G already in row 1 \(r1c1\)|G already in row 1/);
  // bad sizes, symbols and alphabets: a clear message, the default puzzle, a page that works
  for (const [bad, message] of [
    [`#p=${'.'.repeat(100)}`, /has 100 characters, not 16, 81, 256 or 625 \(a 4×4, 9×9, 16×16 or 25×25 grid\); ignored/],
    [`#p=Z${'.'.repeat(255)}`, /'Z' is not a symbol of a 16×16 grid/],
    [`#p=5${'.'.repeat(15)}`, /does not read: .*'5'/],
    [`#p=${POJ16}&a=runes`, /alphabet "runes" is not "digits" or "letters"/],
    [`#p=P${'.'.repeat(255)}&a=digits`, /'P'/],
    // an alphabet the size does not have: a 9×9 in letters stopped the page from starting
    [`#p=${POJ1}&a=letters`, /^The link's puzzle does not read: a 9×9 grid is not written in letters; ignored\./],
    [`#p=${'.'.repeat(16)}&a=letters`, /a 4×4 grid is not written in letters; ignored/],
    [`#p=${'.'.repeat(625)}&a=digits`, /a 25×25 grid is not written in digits; ignored/],
    // 16 characters are a 4×4 in a link, never a POJ 3076 row ("puzzle 1 stops after 1 rows")
    [`#p=ABCD${'.'.repeat(12)}`, /^The link's puzzle does not read: cell 1 \(r1c1\): 'A' is not a symbol of a 4×4 grid \(1–4\) or a blank; ignored\./],
  ]) {
    const p = await open(bad);
    assert.match(await noticeText(p), message, bad);
    if (!bad.includes('runes')) {
      assert.equal(await sizeShown(p), 9, bad);
      assert.equal(await givens(p), POJ2, `${bad}: the default puzzle`);
    }
    await p.keyboard.press(']');
  }
});

test('every size: a size change under the pointer, resting on a cell the new size does not have, changes the size whole', async () => {
  // The pointer rests on r9c9 of a 9×9 (on r7c5, cell 100, of a 16×16) and the size goes to
  // 4×4 (9×9) by the keyboard: the board was rebuilt under it, and its hover, still naming
  // cell 80 (100), threw "no item cell 80" from the middle of the change: the link kept the
  // old puzzle and the notice lost its Undo.
  for (const [from, cell, to] of [[POJ1, 80, 4], [POJ16, 100, 9]]) {
    const page = await open(`#p=${from}`);
    await page.hover(`#board .cell >> nth=${cell}`);
    await page.focus('#size');
    await page.selectOption('#size', String(to));
    const empty = '.'.repeat(to * to);
    await page.waitForFunction((e) => location.hash === `#p=${e}`, empty, { timeout: 5000 });
    assert.deepEqual([await sizeShown(page), await givens(page)], [to, empty], `${cell} then ${to}`);
    assert.match(await noticeText(page), new RegExp(`^An empty ${to}×${to} grid: .*Undo$`));
    await page.click('#notice button:text-is("Undo")');
    assert.deepEqual([await sizeShown(page), await givens(page)], [Math.sqrt(from.length), from]);
  }
});

/**
 * Which of the first 201 narrations (steps 0 to 200) overflow their box, each as "step:
 * text". A step renders at once, and reading the box's heights lays it out, so no frame is
 * waited for: on boxes made too small, waiting a frame after each step measured the same
 * heights at every step, in four times the time (40 s of the e2e stage).
 */
const narrationsCut = (page) => page.evaluate(() => {
  const box = document.querySelector('#narration');
  const out = [];
  for (let k = 0; k <= 200; k++) {
    if (k) window.dlxPage.player.forward(1);
    if (box.scrollHeight > box.clientHeight + 1) out.push(`${k}: ${box.textContent}`);
  }
  return out;
});

test('every size: the narration is never cut off beside a 16×16 or 25×25 board, nor in large type', async () => {
  // Its box is a fixed two lines (new text never moves the views below): beside the wider
  // boards, and in large type, a third line was cut through the middle at one step in eight.
  // One page, each case's board by its link's hash (a link followed), large type switched on
  // for the last two: 1 page loaded, not 4.
  let page = null;
  for (const [hash, large] of [[`#p=${'.'.repeat(625)}`, false], [`#p=${EMPTY16}`, false], [`#p=${HARD}`, true], [`#p=${EMPTY}`, true]]) {
    if (!page) page = await open(hash);
    else await visit(page, hash);
    if (large && !(await page.evaluate(() => document.documentElement.classList.contains('large')))) {
      await page.click('#large-type');
      await page.evaluate(() => document.activeElement.blur());
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    assert.deepEqual(await page.evaluate(() => [window.dlxPage.controller.trace.events, location.hash.split('&')[0], document.documentElement.classList.contains('large')]), [0, hash, large], 'the case\'s link, at step 0');
    const cut = await narrationsCut(page);
    assert.deepEqual(cut, [], `${hash.slice(0, 12)}…${large ? ' in large type' : ''}: ${cut.length} of 201 narrations overflow their box`);
    if (hash.length > 600) await shotOf(page, '.right', 'narration-25x25');
  }
});

test('every size: the narration is never cut off on a 1024×768 projector or a 320 px phone, plain or in large type', async () => {
  // Its box's height was set by the screen's width and the grid's size, not by its own
  // width: beside a 9×9 board on a 1024×768 projector two lines cut a third through its
  // middle at one step in seven ("Branch on r1c1: only 9 candidates left (fewest; 324 items
  // tie at 9, …)"), beside a 25×25 in large type at 1280 four lines cut a fifth, and on a
  // 320 px phone four lines cut a fifth (a sixth and seventh in large type).
  // 'stored': large type chosen on an earlier visit. Applied by the page's module after the
  // first layout, the box kept measuring its width in plain type's em (Chromium re-reads a
  // container query's em only when the container's size changes, and on a phone it does
  // not): 4 lines where 6 were needed.
  // Knuth's example on the projector in large type: its step 1 ("Branch on item A: only 2
  // options left (fewest; 5 items tie at 2, and the first in item order is taken): 'A D G' or
  // 'A D'.") needs four lines there, and its box had three (seen in scripts/review-shots.mjs).
  const cases = [[1024, 768, EMPTY, false], [1024, 768, '.'.repeat(625), false], [1024, 768, HARD, true], [1280, 800, '.'.repeat(625), true], [320, 640, EMPTY, false], [320, 640, EMPTY16, true], [360, 740, EMPTY, 'stored'], [1024, 768, 'knuth', true], [320, 640, 'knuth', true]];
  const cut = [];
  // One page for the cases shown by a link and a screen (resized, large type switched, a new
  // link's hash: a window resized or a link followed, as the layout walk does), one loaded for
  // large type stored, which is about the page's first layout: 2 pages loaded, not 9.
  let shared = null, sharedLarge = false;
  for (const [width, height, puzzle, large] of cases) {
    const hash = puzzle === 'knuth' ? '#m=knuth' : `#p=${puzzle}`;
    let page;
    if (large === 'stored') {
      page = await open(hash, { width, height, init: () => localStorage.setItem('dlx-large', 'on') });
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('large')), true, 'large type as stored');
    } else {
      if (!shared) {
        shared = await open(hash, { width, height });
        assert.equal(await shared.evaluate(() => document.documentElement.classList.contains('large')), false, 'large type as stored');
      }
      page = shared;
      await page.setViewportSize({ width, height });
      if (large !== sharedLarge) {
        await page.click('#large-type');
        await page.evaluate(() => document.activeElement.blur());
        sharedLarge = large;
      }
      // The case's link, from step 0 (Knuth's example keeps its step across a change of view: Restart).
      if (!(await page.evaluate((h) => location.hash === h || location.hash.startsWith(`${h}&`), hash))) await visit(page, hash);
      if (await page.evaluate(() => window.dlxPage.controller.trace.events !== 0)) {
        await page.evaluate(() => document.querySelector('.transport [data-action="restart"]').click());
      }
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await settle(page);
      assert.deepEqual(await page.evaluate(() => [window.dlxPage.controller.trace.events, location.hash.split("&")[0]]), [0, hash], `${width}×${height}: the link, at step 0`);
    }
    const over = await narrationsCut(page);
    if (over.length) cut.push(`${width}×${height} ${puzzle === 'knuth' ? "Knuth's example" : `${Math.sqrt(puzzle.length)}×${Math.sqrt(puzzle.length)}`}${large ? ` large type${large === 'stored' ? ' (stored)' : ''}` : ''}: ${over.length} of 201, e.g. ${over[0]}`);
    if (width === 1024 && !large && puzzle === EMPTY) await shotOf(page, '.right', 'narration-1024');
  }
  assert.deepEqual(cut, [], 'narrations that overflow their box');
});

test('every size: screenshots of 4×4, 16×16 and 25×25 at 1280×800 and 375×812', async () => {
  const S25 = data('sudoku25.txt').split('\n')[0].trim();
  // One page a size, laid out again for the phone (as a resized window is, and as the layout
  // walk above does): loading each board again took 40 s of CPU in all, not 23, and the
  // phone's screenshots came out the same (0 to 6 pixels apart).
  for (const [name, hash] of [['four', '#p=..2.4......1.4..&s=12'], ['sixteen', `#p=${HARD16}&s=120`], ['twentyfive', `#p=${S25}&s=60`]]) {
    const page = await open(hash, { width: 1280, height: 800, reducedMotion: 'reduce' });
    for (const [w, h] of [[1280, 800], [375, 812]]) {
      if (w !== 1280) {
        await page.setViewportSize({ width: w, height: h });
        await page.evaluate(() => new Promise((r) => { scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); }));
        await settle(page);
      }
      await shot(page, `size-${name}-${w}`);
      await page.$eval('#items', (e) => e.scrollIntoView());
      await shot(page, `size-${name}-${w}-items`);
    }
  }
  // at 25×25 on a phone the board fits the screen (it was 560 px wide, scrolled sideways)
  // and its letters stay readable
  const phone = await open(`#p=${S25}`, { width: 375, height: 812 });
  const { scroll, client, font } = await phone.$eval('#board-wrap', (w) => ({ scroll: w.scrollWidth, client: w.clientWidth, font: parseFloat(getComputedStyle(w.querySelector('.cell .digit')).fontSize) }));
  assert.ok(scroll <= client, `the 25×25 board fits a phone: ${scroll} px in ${client}`);
  assert.ok(font >= 12, `letters of ${font} px`);
});

// --- issue 33: Algorithm X step by step, and the workbench's solutions as pictures -----------------
/** The pseudocode's marked line: its step (an AlgorithmStep name), and whether a step back undid it. */
const algoMark = (page) => page.evaluate(() => {
  const marked = [...document.querySelectorAll('#algo li[aria-current="step"]')];
  return marked.map((li) => `${li.dataset.step}${li.classList.contains('back') ? ' undone' : ''}`).join(' | ');
});

test('algorithm X: the pseudocode marks the line of five known moments, a step back the line it undid, in every view', async () => {
  // Knuth's example, as his paper walks it: the start (X1); choose A, cover it, try 'A D'…
  // (X5); the first dead end (X3: item E has no option left, after 11 events); a step back
  // from it (X3's dead end undone); the solution (X2, after 30 events).
  const page = await open('#m=knuth');
  assert.equal(await algoMark(page), 'Start');
  assert.equal(await page.$eval('#algo', (d) => d.open), true, 'shown at first');
  for (let k = 0; k < 3; k++) await page.keyboard.press(']');
  assert.equal(await algoMark(page), 'Try');
  assert.match(await narration(page), /^Try option/);
  for (let k = 0; k < 8; k++) await page.keyboard.press(']');
  assert.equal(await algoMark(page), 'DeadEnd');
  assert.match(await narration(page), /^Dead end/);
  assert.equal(await page.$eval('#algo li[aria-current="step"]', (li) => li.textContent), 'It has none left? A dead end: go to X8.');
  await page.keyboard.press('[');
  assert.equal(await algoMark(page), 'DeadEnd undone');
  assert.match(await page.$eval('#algo li[aria-current="step"]', (li) => li.textContent), /undone by the step back/);
  await page.keyboard.press('[');
  assert.equal(await algoMark(page), 'CoverOthers undone');
  assert.equal(await page.$eval('#algo .algo-proc.running', (p) => p.dataset.proc), 'cover', 'cover\'s loops are the ones undone');
  await page.keyboard.press(']');
  assert.equal(await algoMark(page), 'CoverOthers');
  await page.evaluate(() => { const t = window.dlxPage.shell.trace; t.run(30 - t.events, 0); window.dlxPage.shell.render(); });
  assert.equal(await algoMark(page), 'Solution');
  assert.match(await narration(page), /^Solution 1/);
  // The Sudoku: its first event is X3's choice, its second X4's cover; the workbench and the lesson mark theirs.
  const sudoku = await open(`#p=${HARD}&s=2`);
  assert.equal(await algoMark(sudoku), 'CoverChosen');
  assert.equal(await sudoku.$eval('#algo .algo-proc.running', (p) => p.dataset.proc), 'cover');
  const bench = await openCover('#m=cover');
  await galleryPick(bench, '4 queens');
  for (let k = 0; k < 4; k++) await bench.keyboard.press(']');
  assert.equal(await algoMark(bench), 'CoverOthers');
  const lesson = await open('#lesson=6');
  assert.match(await lesson.$eval('#lesson .lesson-text', (e) => e.textContent), /backs up/);
  assert.equal(await algoMark(lesson), 'Untry', 'the backtrack\'s moment: X6 takes the option back');
  // Moved on and back to the moment with the lesson's button: its line again, not a line undone.
  for (let k = 0; k < 2; k++) await lesson.keyboard.press(']');
  assert.equal(await algoMark(lesson), 'CoverOthers');
  await lesson.click('#lesson .lesson-moved button');
  assert.equal(await algoMark(lesson), 'Untry');
  // Shown or hidden, and the page remembers.
  await page.click('#algo > summary');
  assert.equal(await page.$eval('#algo', (d) => d.open), false);
  assert.equal(await page.$eval('#algo .algo-lines', (e) => e.checkVisibility()), false);
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await page.$eval('#algo', (d) => d.open), false, 'still hidden after a reload');
  assert.equal(await page.$$eval('#algo li[aria-current="step"]', (l) => l.length), 1, 'hidden, it still follows the search');
});

/** The search tree as drawn: its nodes' count, the words read out, and where node `k` is on screen. */
const treeShown = (page, k = 0) => page.evaluate(async (k) => {
  const v = window.dlxPage.shell.views.tree;
  v.scroller.scrollIntoView({ block: 'center' }); // drawn only while in view: wait for it
  // Its IntersectionObserver's callback (a task of its own) draws it: under load, after the
  // two frames that were waited for alone (CI: 1 node shown for 6). First that drawing of
  // this step, then two frames.
  for (const t0 = performance.now(); !(v.inView && v.key_ === `${v.pic.events} ${v.pic.depth}`) && performance.now() - t0 < 20000;) {
    await new Promise((ok) => requestAnimationFrame(ok));
  }
  await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const [x, y] = v.at(v.lay.x[k], v.lay.depth[k]);
  const box = v.scroller.getBoundingClientRect();
  return {
    nodes: Number(document.querySelector('#tree').dataset.nodes),
    said: document.querySelector('#tree .tree-said').textContent,
    at: v.tree.at[k],
    x: box.left + x - v.scroller.scrollLeft,
    y: box.top + y - v.scroller.scrollTop,
  };
}, k);
const counters = (page) => page.evaluate(() => {
  const t = window.dlxPage.shell.trace;
  return { events: t.events, nodes: t.nodes, deadEnds: t.deadEnds, solutions: t.solutions, depth: t.depth };
});

test('search tree: its counts are the search\'s, and a click or Enter on a node moves the search there and back', async () => {
  const page = await open('#m=knuth');
  assert.equal(await page.$eval('#tree', (d) => d.open), true, 'shown at first');
  assert.equal(await page.$eval('#tree figure', (f) => f.getAttribute('aria-label')), 'Search tree');
  await page.evaluate(() => { const t = window.dlxPage.shell.trace; t.run(1000, 0); window.dlxPage.shell.render(); });
  let c = await counters(page);
  let shown = await treeShown(page);
  assert.equal(shown.nodes, c.nodes + 1, 'one node per option tried, and the root');
  assert.equal(shown.said, '5 options tried, 1 dead end, 1 solution. The path: the start.');
  // Folded, the finished branches are their top nodes alone ('A D G' hides 1, 'A D' 2); unfolded again.
  await page.click('#tree button[aria-label="Fold finished branches"]');
  assert.deepEqual(await page.evaluate(() => Array.from(window.dlxPage.shell.views.tree.lay.folded)), [0, 1, 0, 2, 0, 0]);
  await page.click('#tree button[aria-label="Fold finished branches"]');
  assert.equal(await page.$eval('#tree button[aria-label="Fold finished branches"]', (b) => b.getAttribute('aria-pressed')), 'false');
  // A click on the dead end ("B C F", node 2, tried at event 8): back to that moment.
  const dead = await treeShown(page, 2);
  await page.mouse.click(dead.x, dead.y);
  await settle(page);
  c = await counters(page);
  assert.deepEqual([c.events, c.depth], [8, 2]);
  assert.match(await narration(page), /^Try option 'B C F'/);
  assert.match((await treeShown(page)).said, /^2 options tried, 0 dead ends, 0 solutions, 1 branch on the path not yet tried\. The path: 'A D G': option 1 of 2 for item A; 'B C F': option 1 of 1 for item B\.$/);
  // Forward, by the keys: the root's second branch, not yet tried (the tree is cut back at
  // event 8): the search runs on until it tries it.
  await page.focus('#tree .tree-scroll');
  for (const key of ['Home', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
  assert.equal(await page.$eval('#tree .tree-picked', (p) => p.textContent), 'Picked: item A: option 2 of 2, not yet tried. Enter goes there.');
  assert.equal((await counters(page)).events, 8, 'the arrows move in the tree, not the search');
  await page.keyboard.press('Enter');
  await settle(page);
  c = await counters(page);
  assert.deepEqual([c.events, c.depth], [19, 1], 'forward to "A D", tried at event 19');
  assert.equal((await treeShown(page)).nodes, 4);
  assert.match(await narration(page), /^Try option 'A D'/);
  // And back to the start by a click on the root.
  const root = await treeShown(page, 0);
  await page.mouse.click(root.x, root.y);
  await settle(page);
  assert.equal((await counters(page)).events, 0);
  // A 9×9: the tree's counts against the search's after 3,000 steps.
  const sudoku = await open(`#p=${HARD}&s=3000`);
  c = await counters(sudoku);
  shown = await treeShown(sudoku);
  assert.equal(shown.nodes, c.nodes + 1);
  assert.match(shown.said, new RegExp(`^${c.nodes} options tried, ${c.deadEnds} dead ends, 0 solutions, `));
  assert.match(shown.said, new RegExp(`The path: (.*?: option \\d+ of \\d+ for [^;]*; ){${c.depth - 1}}[^;]*\\.$`), 'one step a level');
  // Hidden, and remembered.
  await sudoku.click('#tree > summary');
  await sudoku.reload();
  await sudoku.waitForSelector('body.ready');
  assert.equal(await sudoku.$eval('#tree', (d) => d.open), false, 'still hidden after a reload');
});

test('search tree: past 16,384 nodes finished branches fold into counts that add up to the search\'s, and a step back through a fold', async () => {
  // The empty grid at event 400,000 has tried tens of thousands of options.
  const page = await open(`#p=${EMPTY}&s=400000`);
  const c = await counters(page);
  // A tree this big is drawn a few times a second while the search moves: the last draw comes
  // within 250 ms.
  const drawnAt = (nodes) => page.waitForFunction((nodes) => document.querySelector('#tree .tree-said').textContent.startsWith(`${nodes.toLocaleString('en-US')} options tried`), nodes, { timeout: 5000 });
  await page.$eval('#tree', (t) => t.scrollIntoView());
  await drawnAt(c.nodes);
  const shown = await treeShown(page);
  assert.ok(shown.nodes <= 16384 + 82, `${shown.nodes} nodes kept`);
  assert.ok(c.nodes + 1 > 2 * shown.nodes, `${c.nodes} options tried`);
  const n = (x) => x.toLocaleString('en-US');
  assert.ok(shown.said.startsWith(`${n(c.nodes)} options tried, ${n(c.deadEnds)} dead ends, ${n(c.solutions)} solutions`), shown.said.slice(0, 120));
  assert.match(shown.said, new RegExp(`Finished branches are drawn as counts \\(${n(shown.nodes)} nodes kept of ${n(c.nodes + 1)} nodes\\)\\.$`));
  // What is drawn as counts: every node kept or folded is in the picture once.
  const drawn = await page.evaluate(() => {
    const { tree, lay } = window.dlxPage.shell.views.tree;
    let all = 0;
    for (let k = 0; k < tree.size; k++) all += 1 + lay.folded[k];
    return { all, sums: lay.sums.length, leaves: [...lay.folded].filter((f, k) => f && !lay.shown[k]).length };
  });
  assert.equal(drawn.all, c.nodes + 1);
  assert.ok(drawn.sums + drawn.leaves > 0, 'folded branches drawn');
  // Back 30,000 events, into folded branches: the counts follow the search exactly.
  await page.evaluate(() => { const t = window.dlxPage.shell.trace; t.runBack(30000, 0); window.dlxPage.shell.render(); });
  const back = await counters(page);
  await drawnAt(back.nodes);
  const then = await treeShown(page);
  assert.ok(then.said.startsWith(`${n(back.nodes)} options tried, ${n(back.deadEnds)} dead ends, ${n(back.solutions)} solutions`), then.said);
  await shotOf(page, '#tree', 'tree-folded');
  // A node on the path made again from a fold has no step kept: picked from the keyboard (End,
  // then up to it), Enter takes the search back to the moment it tried that node. (Back to
  // event 150,000: a branch finished and folded long before event 370,000.)
  await page.evaluate(() => { const t = window.dlxPage.shell.trace; t.runBack(t.events - 150000, 0); window.dlxPage.shell.render(); });
  const deep = await counters(page);
  await drawnAt(deep.nodes);
  const path = () => page.evaluate(() => {
    const { tree: t } = window.dlxPage.shell.views.tree;
    return { ids: [...t.path], at: [...t.path].map((k) => t.at[k]), options: [...t.path].map((k) => t.option[k]) };
  });
  const before = await path();
  const k = before.at.findIndex((at, j) => j > 0 && at === 0xffffffff);
  assert.ok(k > 0, `a node on the path was made again from a fold (steps: ${before.at.join(' ')})`);
  await page.focus('#tree .tree-scroll');
  await page.keyboard.press('End');
  for (let j = before.ids.length - 1; j > k; j--) await page.keyboard.press('ArrowUp');
  assert.match(await page.$eval('#tree', (t) => t.textContent), /Picked: .*tried before its branch was folded/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !window.dlxPage.shell.player.busy, null, { timeout: 30000 });
  const there = await counters(page);
  assert.ok(there.events < deep.events, `back: ${there.events} < ${deep.events}`);
  await drawnAt(there.nodes);
  const after = await path();
  assert.deepEqual(after.options, before.options.slice(0, k + 1), 'the search is at the node picked, its options the path');
  assert.equal(await page.evaluate(() => window.dlxPage.shell.trace.lastKind), await page.evaluate(() => window.dlxPage.dlx.EventKind.Try), 'right after it was tried');
});

test('plain backtracking: its node count is the plain DFS\'s, it steps with the search forwards and back, and a race shows the factor', async () => {
  const page = await open(`#p=${POJ1}`);
  assert.equal(await page.$eval('#plain', (d) => d.open), false, 'hidden at first');
  await page.click('#plain > summary');
  assert.equal(await page.$eval('#plain [role="region"]', (r) => r.getAttribute('aria-label')), 'Plain backtracking');
  // Read after two frames: the panel follows the search in the page's render loop.
  const shown = () => page.evaluate(async () => {
    await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
    return {
      said: Array.from(document.querySelectorAll('#plain .plain-counts'), (p) => p.textContent),
      placed: document.querySelectorAll('#plain .plain-board .pb-placed').length,
      board: Array.from(document.querySelectorAll('#plain .plain-board span'), (c) => c.textContent || '.').join(''),
      factor: document.querySelector('#plain .plain-factor').textContent,
    };
  });
  let got = await shown();
  assert.equal(got.said[0], 'Plain backtracking: 0 nodes, 0 dead ends, 0 solutions.');
  assert.equal(got.said[1], 'Dancing links: 0 nodes, 0 dead ends, 0 solutions.');
  // Forward three choices: three options tried there, three digits placed here; one back: two.
  for (let k = 0; k < 3; k++) {
    await page.click('[data-action="nextChoice"]');
    await settle(page);
  }
  let c = await counters(page);
  assert.equal(c.nodes, 3);
  got = await shown();
  assert.match(got.said[0], /^Plain backtracking: 3 nodes, /);
  assert.equal(got.placed, 3);
  await page.click('[data-action="prevChoice"]');
  await settle(page);
  got = await shown();
  assert.match(got.said[0], /^Plain backtracking: 2 nodes, /);
  assert.equal(got.placed, 2);
  // The race: both to the end. 330 nodes and 68 dead ends: the plain DFS's own count of this
  // puzzle (src/sudoku/dfs.rs, the_counts_the_page_shows_for_contest_puzzle_1, which checks it
  // against the seed's recursion).
  await page.click('#plain .plain-bar button');
  await page.waitForFunction(() => / more\.$| fewer\.$| as many\.$/.test(document.querySelector('#plain .plain-factor').textContent), null, { timeout: 20000 });
  c = await counters(page);
  got = await shown();
  assert.equal(got.said[0], 'Plain backtracking: 330 nodes, 68 dead ends, 1 solution (done).');
  const m = got.factor.match(/^Plain backtracking: 330 nodes; dancing links: (\d+) nodes; ([\d.,]+)× more\.$/);
  assert.ok(m, got.factor);
  assert.equal(Number(m[1]), c.nodes);
  assert.ok(Math.abs(Number(m[2]) - 330 / c.nodes) < 0.06, `${m[2]} is 330 / ${c.nodes}`);
  // Ended, the plain search has taken every digit back; its board shows the solution it found.
  assert.deepEqual([got.board], oracle.solutions(POJ1), 'the plain board at the end: the solution');
  assert.equal(got.placed, [...POJ1].filter((ch) => !/[1-9]/.test(ch)).length, 'its digits placed, the givens apart');
  // A step back afterwards: the plain search follows again, to the DLX search's node count.
  await page.click('[data-action="prevChoice"]');
  await settle(page);
  c = await counters(page);
  got = await shown();
  assert.match(got.said[0], new RegExp(`^Plain backtracking: ${c.nodes} nodes?, `));
  assert.equal(got.factor, '');
  // Shown, and remembered.
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await page.$eval('#plain', (d) => d.open), true, 'still shown after a reload');
});

/** The picture's filled cells: `{cell: option}`, and the caption. */
const pictureCells = (page) => page.evaluate(() => {
  const cells = {};
  for (const r of document.querySelectorAll('#cover-picture rect[data-option]')) cells[r.dataset.cell] = Number(r.dataset.option);
  return { cells, caption: document.querySelector('#cover-picture figcaption').textContent, name: document.querySelector('#cover-picture svg').getAttribute('aria-label') };
});
/** The workbench's search: its partial solution's options and their names. */
const coverSolution = (page) => page.evaluate(() => {
  const t = window.dlxPage.shell.trace;
  return Array.from(t.solution(), (o) => ({ o, name: t.optionName(o) }));
});

test('workbench pictures: the queens board shows each queen on its square, as the search moves and at a solution', async () => {
  const page = await openCover('#m=cover');
  await galleryPick(page, '5 queens');
  assert.equal(await page.$eval('#cover-picture', (f) => f.hidden), false);
  let got = await pictureCells(page);
  assert.equal(got.name, '5 queens: the board');
  assert.deepEqual(got.cells, {});
  assert.equal(got.caption, '5 queens: the board: nothing placed yet.');
  // Partial placements: after each choice, a queen per option tried, on square row × 5 + column.
  const square = (name) => { const [r, c] = name.split(' '); return Number(r.slice(1)) * 5 + Number(c.slice(1)); };
  for (let k = 0; k < 3; k++) {
    await page.keyboard.press('}');
    const sol = await coverSolution(page);
    got = await pictureCells(page);
    assert.deepEqual(got.cells, Object.fromEntries(sol.map(({ o, name }) => [square(name), o])), `after ${k + 1} choices`);
    assert.equal(await page.$$eval('#cover-picture text.pic-label', (ts) => ts.filter((t) => t.textContent === '♛').length), sol.length);
  }
  await page.click('[data-action="nextSolution"]');
  await settle(page);
  const sol = await coverSolution(page);
  assert.equal(sol.length, 5);
  got = await pictureCells(page);
  assert.deepEqual(got.cells, Object.fromEntries(sol.map(({ o, name }) => [square(name), o])));
  assert.match(got.caption, /^A solution, 5 queens: row 1, column \d; row 2, column \d; row 3, column \d; row 4, column \d; row 5, column \d\.$/);
  // Back one step: the last queen is being taken back, still on the board until X6 takes it out.
  for (let k = 0; k < 6; k++) await page.keyboard.press('[');
  assert.equal(Object.keys((await pictureCells(page)).cells).length, (await coverSolution(page)).length);
});

test('workbench pictures: the pentomino tiling colours each piece on its cells; a problem typed by hand keeps the text view', async () => {
  const page = await openCover('#m=cover');
  await galleryPick(page, 'Pentominoes 3×5 (L, N, V)');
  await page.click('[data-action="nextSolution"]');
  await settle(page);
  const sol = await coverSolution(page);
  assert.equal(sol.length, 3);
  const got = await pictureCells(page);
  assert.match(got.name, /^the pentomino tiling of the 3×5 board$/);
  // An option's name is its piece, then its cells as row and column digits: "L 00 10 20 21".
  const want = {};
  for (const { o, name } of sol) for (const c of name.split(' ').slice(1)) want[Number(c[0]) * 5 + Number(c[1])] = o;
  assert.deepEqual(got.cells, want);
  assert.equal(Object.keys(got.cells).length, 15, 'every cell of the board tiled');
  // Each piece in a colour of its own, the same on all its cells.
  const colours = await page.evaluate(() => {
    const by = {};
    for (const r of document.querySelectorAll('#cover-picture rect[data-option]')) (by[r.dataset.option] ??= new Set()).add(getComputedStyle(r).fill);
    return Object.values(by).map((s) => [...s]);
  });
  assert.ok(colours.every((c) => c.length === 1), 'one colour a piece');
  assert.equal(new Set(colours.map((c) => c[0])).size, 3, 'three pieces, three colours');
  assert.match(got.caption, /^A solution, 3 pieces: [LNV] on \(\d, \d\)/);
  // Typed by hand, no picture fits: the figure goes, the narration still says the options.
  await typeProblem(page, 'a b c\na b\nc\n');
  assert.equal(await page.$eval('#cover-picture', (f) => f.hidden), true);
  await page.click('[data-action="nextSolution"]');
  await settle(page);
  assert.match(await narration(page), /^Solution 1: options 'a b', 'c' cover every item/);
});

test('screenshots: Algorithm X step by step and the workbench\'s pictures at 1280×800, on a 1024×768 projector in large type and a 375×812 phone, light and dark', async () => {
  const bad = [];
  for (const dark of [false, true]) {
    const theme = dark ? '-dark' : '';
    // One page a theme, laid out again for each screen (resized, large type switched, as the
    // layout walk does) and moved from view to view by its link's hash: 2 pages loaded, not 6
    // and 12 more loads of a view's link (each load about 2 s of CPU; 95 s for the test in all).
    const page = await open(`#p=${HARD}&s=40`, { width: 1280, height: 800, dark, reducedMotion: 'reduce' });
    let large = false;
    for (const { width, height, large: big, min, name } of [
      { width: 1280, height: 800, large: false, min: 0, name: '1280' }, { width: 1024, height: 768, large: true, min: 16, name: 'projector' }, { width: 375, height: 812, large: false, min: 12, name: 'phone' },
    ]) {
      await page.setViewportSize({ width, height });
      if (big !== large) {
        await page.click('#large-type');
        large = big;
      }
      await visit(page, `#p=${HARD}&s=40`);
      await settle(page);
      // Straight to a step, drawn once (a key press a step waits for each frame).
      const stepTo = (n) => page.evaluate((n) => { const t = window.dlxPage.shell.trace; t.run(n - t.events, 0); window.dlxPage.shell.render(); }, n);
      const solve = () => page.evaluate(() => { window.dlxPage.shell.trace.run(1e6, 1 << window.dlxPage.dlx.EventKind.Solution); window.dlxPage.shell.render(); });
      for (const [what, prep] of [
        ['algo-sudoku', null], ['algo-knuth', async () => { await visit(page, '#m=knuth&s=11'); await page.keyboard.press('['); }],
        ['picture-queens', async () => { await visit(page, '#m=cover'); await galleryPick(page, '5 queens'); await solve(); }],
        ['picture-pentominoes', async () => { await galleryPick(page, 'Pentominoes 3×5 (L, N, V)'); await stepTo(40); }],
        ['picture-langford', async () => { await galleryPick(page, 'Langford 4'); await solve(); }],
        ['picture-sudoku', async () => { await galleryPick(page, '4×4 Sudoku'); await solve(); }],
        ['picture-knuth', async () => { await galleryPick(page, 'Knuth\'s example'); await stepTo(24); }],
      ]) {
        if (prep) await prep();
        await settle(page);
        const part = what.startsWith('algo') ? '#algo' : '#cover-picture';
        await page.$eval(part, (e) => e.scrollIntoView({ block: 'center' }));
        await shot(page, `issue33-${what}-${name}${theme}`);
        const where = (await page.evaluate(classroomCheck, { min })).filter((w) => /algo|pic|cover-picture/.test(w));
        if (where.length) bad.push(`${what} ${name}${theme}: ${where.join('; ')}`);
      }
    }
    await page.close();
  }
  for (const b of bad) console.log(`    ${b}`);
  assert.deepEqual(bad, []);
});

test('pixels: the key states look as the committed references do', async () => {
  const still = { reducedMotion: 'reduce' };
  const board = await open(`#p=${HARD}&s=200`, still);
  await matchesReference(board, 'board-1280');
  await matchesReference(board, 'items', '#items');
  const knuth = await open('#m=knuth&s=11', still);
  await matchesReference(knuth, 'knuth-1280');
  const phone = await open(`#p=${HARD}&s=200`, { ...still, width: 375, height: 812 });
  await matchesReference(phone, 'board-375');
  const dark = await open(`#p=${HARD}&s=200`, { ...still, dark: true });
  await matchesReference(dark, 'board-dark');
  const big = await open(`#p=${HARD}&s=200`, still);
  await big.click('#large-type');
  await big.evaluate(() => document.activeElement.blur());
  await settle(big);
  await matchesReference(big, 'board-large-type');
});

// --- issue 33 part 5: predict the next step ------------------------------------------------------
const predictState = (page) => page.evaluate(() => {
  const p = document.querySelector('#predict');
  return {
    shown: !p.hidden,
    asking: p.classList.contains('asking') && !p.querySelector('.predict-pick').hidden,
    verdict: p.querySelector('.predict-verdict').textContent,
    right: p.querySelector('.predict-verdict').dataset.right,
    score: p.querySelector('.predict-score').textContent,
    events: window.dlxPage.shell.trace.events,
    focus: document.activeElement?.id || document.activeElement?.dataset.action || document.activeElement?.tagName,
  };
});

test('predict: keyboard only in Knuth\'s example: a choice scored right, a tie scored wrong with its reason, a dead end predicted, the score', async () => {
  // Knuth's example: A to G all have 2 or 3 options: A is chosen (a tie at 2, the first in item
  // order). After 'A D G': B and E have 1 each, B is chosen. After 'B C F', E has none: a dead end.
  const page = await open('#m=knuth');
  let found = false;
  for (let k = 0; k < 40 && !found; k++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate(() => document.activeElement?.id === 'predict-toggle');
  }
  assert.ok(found, 'Tab reaches the Predict button');
  await page.keyboard.press('Enter');
  let s = await predictState(page);
  assert.equal(await page.$eval('#predict-toggle', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.ok(s.shown && s.asking, 'at the start, before the first choice, it asks');
  assert.equal(s.events, 0, 'the search waits before its choice');
  assert.equal(s.focus, 'predict-item', 'the list of items has the focus');
  assert.equal(await page.$eval('#predict', (e) => e.getAttribute('aria-label')), 'Predict');
  assert.deepEqual(await page.$$eval('#predict-item option', (os) => os.map((o) => o.textContent)), ['A', 'B', 'C', 'D', 'E', 'F', 'G']);
  // ] asks again: the search does not move on without an answer.
  await page.evaluate(() => document.querySelector('[data-action="forward"]').focus());
  await page.keyboard.press(']');
  assert.equal((await predictState(page)).events, 0);
  await page.evaluate(() => document.querySelector('#predict-item').focus());
  await page.keyboard.press('a');
  await page.keyboard.press('Enter');
  s = await predictState(page);
  assert.equal(s.right, 'true');
  assert.match(s.verdict, /^Right: item A, with 2 options left: the fewest; 5 items tie at 2, and the first in item order is taken\.$/);
  assert.equal(s.score, 'Score: 1 right of 1');
  assert.equal(s.events, 1, 'the search made its choice');
  assert.match(await narration(page), /^Branch on item A/);
  assert.equal(s.focus, 'forward', 'the focus went on to Step forward');
  // Step on to the next choice: the search stops before it and asks.
  for (let k = 0; k < 20 && !(await predictState(page)).asking; k++) await page.keyboard.press(']');
  s = await predictState(page);
  assert.ok(s.asking);
  assert.equal(s.focus, 'predict-item');
  assert.equal(await page.evaluate(() => window.dlxPage.shell.trace.depth), 1, 'after \'A D G\'');
  assert.deepEqual(await page.$$eval('#predict-item option', (os) => os.map((o) => o.textContent)), ['B', 'C', 'E', 'F'], 'the items still to cover');
  await page.keyboard.press('e');
  await page.keyboard.press('Enter');
  s = await predictState(page);
  assert.equal(s.right, 'false');
  assert.equal(s.verdict, 'No: Item E has 1 option too, a tie: the first in item order is taken. It chooses item B, with 1 option left.');
  assert.equal(s.score, 'Score: 1 right of 2');
  // The dead end: 'B C F' leaves E with none.
  for (let k = 0; k < 20 && !(await predictState(page)).asking; k++) await page.keyboard.press(']');
  assert.ok((await predictState(page)).asking);
  await page.keyboard.press('Tab'); // Choose it
  await page.keyboard.press('Tab'); // A dead end
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'A dead end');
  await page.keyboard.press('Enter');
  s = await predictState(page);
  assert.equal(s.right, 'true');
  assert.equal(s.verdict, 'Right: a dead end. Item E has no option left, so the search backs up.');
  assert.equal(s.score, 'Score: 2 right of 3');
  assert.match(await narration(page), /^Dead end/);
  // Off again: ] steps as before, nothing asked.
  await page.click('#predict-toggle');
  assert.equal((await predictState(page)).shown, false);
  const at = (await predictState(page)).events;
  for (let k = 0; k < 12; k++) await page.keyboard.press(']');
  assert.equal((await predictState(page)).events, at + 12);
});

test('predict: in the Sudoku, the workbench and the lesson, a click on an item\'s square or chip answers; wrong says the fewest options rule', async () => {
  // The answer, from a search of the test's own: its first event, and the lengths before it.
  const t = new dlx.Trace(HARD);
  t.refresh(); // the lengths are read after a refresh
  const len = t.itemLengths(), covered = new Set(t.coveredItems());
  t.run(1, 0);
  assert.equal(t.lastKind, dlx.EventKind.Choose);
  const chosen = t.lastA, fewest = t.lastB;
  let longer = -1;
  for (let i = 0; i < t.primary && longer < 0; i++) if (!covered.has(i) && len[i] > fewest) longer = i;
  t.free();
  const page = await open(`#p=${HARD}`);
  await page.click('#predict-toggle');
  assert.ok((await predictState(page)).asking);
  await page.click(`#items [data-item="${longer}"]`);
  let s = await predictState(page);
  assert.equal(s.right, 'false');
  assert.match(s.verdict, new RegExp(`^No: .* has ${len[longer]} (candidates|places) left; the search takes the item with the fewest\\. It chooses .*, with ${fewest} (candidate|place)s? left`));
  assert.equal(s.score, 'Score: 0 right of 1');
  assert.equal(await page.evaluate(() => window.dlxPage.shell.trace.lastA), chosen, 'the search chose its own item');
  // On to the next choice; the item the search will choose, clicked, is right.
  for (let k = 0; k < 30 && !(await predictState(page)).asking; k++) await page.keyboard.press(']');
  const next = await page.evaluate(() => Number(window.dlxPage.shell.trace.peek() >> 32n));
  await page.click(`#items [data-item="${next}"]`);
  s = await predictState(page);
  assert.equal(s.right, 'true');
  assert.match(s.verdict, /^Right: .*: the fewest/);
  assert.equal(s.score, 'Score: 1 right of 2');
  // The workbench: 4 queens; a chip picked.
  const bench = await openCover('#m=cover');
  await galleryPick(bench, '4 queens');
  await bench.click('#predict-toggle');
  assert.ok((await predictState(bench)).asking);
  const first = await bench.evaluate(() => Number(window.dlxPage.shell.trace.peek() >> 32n));
  await bench.click(`#cover-items li[data-item="${first}"]`);
  assert.equal((await predictState(bench)).right, 'true');
  // Knuth's diagram: a header clicked.
  const knuth = await open('#m=knuth');
  await knuth.click('#predict-toggle');
  await knuth.click('#dance .node.header[data-item="1"]');
  s = await predictState(knuth);
  assert.equal(s.verdict, 'No: Item B has 2 options too, a tie: the first in item order is taken. It chooses item A, with 2 options left.');
  // The lesson: its step's search asks too, and its words stay.
  const lesson = await open('#lesson=3');
  await lesson.click('#predict-toggle');
  for (let k = 0; k < 40 && !(await predictState(lesson)).asking; k++) await lesson.keyboard.press(']');
  assert.ok((await predictState(lesson)).asking, 'the lesson\'s search stops before a choice');
  await lesson.click('#predict .predict-pick button:text-is("Show me")');
  s = await predictState(lesson);
  assert.equal(s.asking, false);
  assert.equal(s.score, 'Score: none asked yet', 'Show me is not scored');
  assert.equal(await lesson.$eval('#lesson', (e) => e.hidden), false, 'the lesson is still open');
  // With predict on, the lesson's next step still goes to its own moment (its way there asks nothing).
  await lesson.keyboard.press('Escape');
  await lesson.click('#lesson-open');
  await lesson.click('#lesson .lesson-dot:text-is("4")');
  assert.match(await lesson.$eval('#lesson-title', (e) => e.textContent), /^Step 4 of 7/);
  assert.equal(await lesson.$eval('#lesson .lesson-moved', (e) => e.hidden), true, 'at the step\'s moment');
});

// --- issue 33 part 6: a teacher's own lesson -------------------------------------------------------
test('own lesson: moments of a Sudoku, Knuth\'s example and a workbench problem, each with its sentence, shared as one link, open in a fresh page as a lesson', async () => {
  const page = await open(`#p=${HARD}`);
  await page.click('#own-lesson > summary');
  for (let k = 0; k < 3; k++) await page.keyboard.press(']');
  const line = await page.evaluate(() => window.dlxPage.shell.link().puzzle);
  await page.fill('#own-text', 'The Sudoku\'s first cover: "é" and <b>tags</b> stay as typed.');
  await page.click('#own-add');
  assert.equal(await page.$eval('#own-status', (e) => e.textContent), `Moment 1 added: the 9×9 Sudoku ${HARD.slice(0, 9)}…, step 3.`);
  await page.click('#tab-knuth');
  for (let k = 0; k < 5; k++) await page.keyboard.press(']');
  await page.fill('#own-text', 'Item A is chosen: the fewest options, and the first of a tie.');
  await page.click('#own-add');
  assert.match(await page.$eval('#own-status', (e) => e.textContent), /^Moment 2 added: Knuth's example, step 5\.$/);
  // A workbench problem, just opened from the gallery (its link is packed meanwhile).
  await page.click('#tab-cover');
  await galleryPick(page, '4 queens');
  for (let k = 0; k < 4; k++) await page.keyboard.press(']');
  await page.fill('#own-text', 'Four queens: the first queen placed.');
  await page.click('#own-add');
  await page.waitForFunction(() => /^Moment 3 added: an exact-cover problem, step 4\.$/.test(document.querySelector('#own-status').textContent));
  const queens = await page.evaluate(() => window.dlxPage.workbench.text);
  assert.equal(await page.$$eval('#own-lesson .own-moments li', (l) => l.length), 3);
  await page.click('#own-copy');
  await page.waitForSelector('#own-link:not([hidden])');
  const url = await page.$eval('#own-link', (e) => e.value);
  assert.match(url, /#own=[A-Za-z0-9_-]+$/);
  // A fresh page: the lesson's panel, moment 1, then moment 2 with the → key.
  const fresh = await open(url.slice(url.indexOf('#')));
  await fresh.waitForFunction(() => window.dlxPage.shell.mode === 'sudoku' && window.dlxPage.shell.trace?.events === 3);
  await settle(fresh);
  const lesson = () => fresh.evaluate(() => ({
    shown: !document.querySelector('#lesson').hidden,
    title: document.querySelector('#lesson-title').textContent,
    text: document.querySelector('#lesson .lesson-text').textContent,
    kicker: document.querySelector('#lesson .lesson-kicker').textContent,
    dots: document.querySelectorAll('#lesson .lesson-dot').length,
    mode: window.dlxPage.shell.mode,
    events: window.dlxPage.shell.trace?.events,
  }));
  let l = await lesson();
  assert.equal(l.title, `Step 1 of 3: the 9×9 Sudoku ${line.slice(0, 9)}…, step 3`);
  assert.equal(l.text, 'The Sudoku\'s first cover: "é" and <b>tags</b> stay as typed.');
  assert.deepEqual([l.shown, l.kicker, l.dots], [true, 'Your lesson', 3]);
  assert.equal(await fresh.evaluate(() => window.dlxPage.shell.link().puzzle), line, 'the moment\'s puzzle');
  await fresh.keyboard.press('ArrowRight');
  await fresh.waitForFunction(() => window.dlxPage.shell.mode === 'knuth' && window.dlxPage.shell.trace?.events === 5);
  l = await lesson();
  assert.deepEqual(l, { shown: true, title: 'Step 2 of 3: Knuth\'s example, step 5', text: 'Item A is chosen: the fewest options, and the first of a tie.', kicker: 'Your lesson', dots: 3, mode: 'knuth', events: 5 });
  await fresh.keyboard.press('ArrowRight');
  await fresh.waitForFunction(() => window.dlxPage.shell.mode === 'cover' && window.dlxPage.shell.trace?.events === 4);
  l = await lesson();
  assert.equal(l.title, 'Step 3 of 3: an exact-cover problem, step 4');
  assert.equal(l.text, 'Four queens: the first queen placed.');
  assert.equal(await fresh.evaluate(() => window.dlxPage.workbench.text), queens, 'the moment\'s problem, in the editor');
  assert.match(fresh.url(), /#own=/, 'the address bar keeps the lesson');
  // Closed, the Lesson button opens the built-in lesson again.
  await fresh.click('#lesson .lesson-close');
  await fresh.click('#lesson-open');
  assert.match((await lesson()).title, /^Step 1 of 7: /);
});

test('own lesson: a hostile or oversized link is refused with a message, and the page goes on', async () => {
  const page = await open('#m=knuth');
  const notice = () => page.$eval('#watch-notice', (e) => (e.hidden ? '' : e.textContent));
  const go = async (hash, why) => {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForFunction(() => !document.querySelector('#watch-notice').hidden);
    assert.match(await notice(), why, hash.slice(0, 40));
    assert.equal(await page.$eval('#lesson', (e) => e.hidden), true, 'no lesson opened');
    await page.evaluate(() => window.dlxPage.shell.views.watchNotice.clear());
  };
  await go('#own=%3Cscript%3E', /own lesson could not be opened: character 1 is not base64url\./);
  await go('#own=AAAAAAAAAAAA', /own lesson could not be opened: it does not unpack/);
  const { packProblem } = await import('../../www/cover-link.js');
  await go(`#own=${await packProblem(JSON.stringify({ v: 1, m: [['p=<img src=x onerror=alert(1)>', 'hi']] }))}`, /moment 1's link: the link's puzzle/);
  await go(`#own=${'A'.repeat(17000)}`, /own lesson could not be opened: it is too long \(17,000 characters, at most 16,000\)/);
  // The page still works: Knuth's example steps.
  await page.evaluate(() => { location.hash = '#m=knuth'; });
  await page.waitForFunction(() => window.dlxPage.shell.mode === 'knuth');
  await page.keyboard.press(']');
  assert.equal(await page.evaluate(() => window.dlxPage.shell.trace.events), 1);
});

test('screenshots: predict mode and a teacher\'s own lesson at 1280×800, on a 1024×768 projector in large type and a 375×812 phone, light and dark', async () => {
  const bad = [];
  const { packProblem } = await import('../../www/cover-link.js');
  const own = await packProblem(JSON.stringify({ v: 1, m: [['m=knuth&s=11', 'Item E has no option left: a dead end, so the search backs up and tries the next branch.'], [`p=${HARD}&s=40`, 'Row 4 needs a 3 in one place only.']] }));
  for (const { width, height, large, min, name } of [
    { width: 1280, height: 800, large: false, min: 0, name: '1280' }, { width: 1024, height: 768, large: true, min: 16, name: 'projector' }, { width: 375, height: 812, large: false, min: 12, name: 'phone' },
  ]) {
    // One page a screen, each moment shot in both themes (the page's theme follows the system's).
    const page = await open('#m=knuth', { width, height, reducedMotion: 'reduce' });
    if (large) await page.click('#large-type');
    const both = async (what, part) => {
      for (const dark of [false, true]) {
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
        await shot(page, `issue33-${what}-${name}${dark ? '-dark' : ''}`);
        const where = (await page.evaluate(classroomCheck, { min })).filter((w) => part.test(w));
        if (where.length) bad.push(`${what} ${name}${dark ? ' dark' : ''}: ${where.join('; ')}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };
    await page.click('#predict-toggle');
    await page.click('#dance .node.header[data-item="1"]'); // a tie, wrong
    for (let k = 0; k < 20 && !(await page.$eval('#predict', (p) => p.classList.contains('asking'))); k++) await page.keyboard.press(']');
    await settle(page);
    await page.$eval('#controls', (e) => e.scrollIntoView({ block: 'start' }));
    await both('predict', /predict/);
    // The builder, with two moments.
    await page.click('#predict-toggle');
    // Opened as the page would remember it (a click on its heading landed elsewhere once in
    // CI's run under load, while the predict panel closed above it; the round-trip test
    // clicks the heading).
    await page.$eval('#own-lesson', (d) => { d.open = true; });
    await page.waitForSelector('#own-text', { state: 'visible' });
    await page.fill('#own-text', 'A is chosen first.');
    await page.click('#own-add');
    await page.keyboard.press(']');
    await page.fill('#own-text', 'Then B, the fewest.');
    await page.click('#own-add');
    await page.$eval('#own-lesson', (e) => e.scrollIntoView({ block: 'center' }));
    await both('own-builder', /own/);
    // The lesson opened from its link.
    await page.goto(`${base}#own=${own}`);
    await page.waitForSelector('body.ready');
    await page.waitForFunction(() => window.dlxPage.shell.trace?.events === 11);
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await both('own-lesson', /lesson/);
    await page.close();
  }
  for (const b of bad) console.log(`    ${b}`);
  assert.deepEqual(bad, []);
});

// --- issue 33: the frames at top speed: only what changed is written --------------------------------
test('top speed: no attribute is written with the value it already has; the pseudocode and the picture change at most 10 times a second', async () => {
  for (const hash of [`#p=${EMPTY}`, '#m=cover']) {
    const page = await playingAtTopSpeed(hash);
    // One second of frames watched: each write of an attribute, and each change of the words.
    const r = await page.evaluate(() => new Promise((done) => {
      const records = [];
      const mo = new MutationObserver((ms) => records.push(...ms));
      mo.observe(document.body, { subtree: true, attributes: true, attributeOldValue: true, childList: true, characterData: true });
      const t0 = performance.now();
      let frames = 0;
      const frame = () => {
        frames++;
        if (performance.now() - t0 < 1000) return requestAnimationFrame(frame);
        records.push(...mo.takeRecords());
        mo.disconnect();
        const ms = performance.now() - t0;
        const name = (el) => el.id || `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} in #${el.closest('[id]')?.id}`;
        // A write that left the attribute as it was: the value after it (the next write's old
        // value, or the value now) equals the value before it.
        const same = new Map();
        const last = new Map();
        for (const m of records.filter((m) => m.type === 'attributes')) {
          const key = m.target;
          const byName = last.get(key) ?? last.set(key, new Map()).get(key);
          const before = byName.get(m.attributeName);
          if (before && before.oldValue === m.oldValue) same.set(`${name(key)} [${m.attributeName}]`, true); // A -> A, then on
          byName.set(m.attributeName, m);
        }
        for (const [el, byName] of last) {
          for (const [attr, m] of byName) if (m.oldValue === el.getAttribute(attr)) same.set(`${name(el)} [${attr}]`, true);
        }
        done({ frames, ms, same: [...same.keys()], picture: records.filter((m) => m.type === 'childList' && m.target.localName === 'svg' && m.target.parentElement?.id === 'cover-picture' && m.removedNodes.length > 0).length, algo: records.filter((m) => m.attributeName === 'aria-current' && m.target.closest('#algo') && m.target.hasAttribute('aria-current')).length, playing: window.dlxPage.player.playing });
      };
      requestAnimationFrame(frame);
    }));
    assert.ok(r.playing, hash);
    // Before: #busy, #stop-note and #predict [hidden], #predict-toggle [aria-pressed], the
    // narration's [aria-live], #stack's [class] (and the workbench's #cover-dance) in every frame.
    assert.deepEqual(r.same, [], `${hash}: written with the value it had (${r.frames} frames)`);
    // Before, the pseudocode's line and the picture were written in every frame.
    const most = Math.ceil(r.ms / 100) + 1;
    assert.ok(r.algo <= most, `${hash}: the pseudocode's line marked ${r.algo} times in ${Math.round(r.ms)} ms`);
    if (hash === '#m=cover') assert.ok(r.picture <= most, `${hash}: the picture redrawn ${r.picture} times in ${Math.round(r.ms)} ms`);
    // Paused, the words say the moment at once (not 100 ms later).
    await page.click('.transport [data-action="toggle"]');
    const paused = await page.evaluate(() => ({ algo: document.querySelector('#algo').dataset.step, narration: document.querySelector('#narration').textContent }));
    assert.ok(paused.algo !== '' && !/^Searching at/.test(paused.narration), JSON.stringify(paused));
  }
});

// The workbench at top speed (issue 33, helper h33q): the picture's SVG was rebuilt whole at
// each change (about 100 elements of pentominoes 6×10 out and back in), and every chip of the
// item list was rewritten in every frame (the largest part of its frame).
test('top speed: the workbench picture keeps its elements, the chips are written ten times a second; paused and stepped back, both show the search', async () => {
  const page = await playingAtTopSpeed('#m=cover');
  const r = await page.evaluate(() => new Promise((done) => {
    const svg = document.querySelector('#cover-picture svg');
    const items = document.querySelector('#cover-items');
    const rebuilt = [];
    let changed = 0, frames = 0;
    const pic = new MutationObserver((ms) => {
      for (const m of ms) {
        if (m.type === 'childList' && m.target === svg) rebuilt.push(m.addedNodes.length + m.removedNodes.length);
        if (m.type === 'attributes' && m.target.localName === 'rect') changed++;
      }
    });
    pic.observe(svg, { subtree: true, childList: true, attributes: true, characterData: true });
    // Each write is timed by the start of the shell's render that made it, the clock the page's
    // own WORDS_MS is measured on: its records are taken at the end of that render. (Records
    // reach the callback only at the end of the script: under load 20-30 ms later in one frame
    // than in another (CI saw a 76 ms gap), and after a second render in the same task, whose
    // start then stamped the first one's write (CI saw 67 ms).) A write outside a render, which
    // the throttle would not govern, reaches the callback and is timed when it comes.
    const written = [];
    const chips = new MutationObserver(() => written.push(performance.now()));
    chips.observe(items, { subtree: true, childList: true, attributes: true, characterData: true });
    const { shell } = window.dlxPage;
    const render = shell.render;
    shell.render = function (...a) {
      const at = performance.now();
      try {
        return render.apply(this, a);
      } finally {
        if (chips.takeRecords().length) written.push(at);
      }
    };
    const t0 = performance.now();
    const frame = () => {
      frames++;
      if (performance.now() - t0 < 1000) return requestAnimationFrame(frame);
      pic.disconnect();
      chips.disconnect();
      delete shell.render;
      done({ rebuilt, changed, written, frames, ms: performance.now() - t0, playing: window.dlxPage.player.playing });
    };
    requestAnimationFrame(frame);
  }));
  assert.ok(r.playing, JSON.stringify(r));
  // Before: the SVG's children taken out and put back at each change (6 to 10 times a second).
  assert.deepEqual(r.rebuilt, [], `the picture's elements rebuilt while playing (${r.frames} frames)`);
  assert.ok(r.changed > 0, 'the picture still moves, by its cells\' attributes');
  // Before: the chips written in every frame (26 of 26 frames in a second, 38 ms apart); now
  // with the words, WORDS_MS (100 ms) apart by the frames' clock.
  const gaps = r.written.slice(1).map((t, k) => Math.round(t - r.written[k]));
  assert.ok(r.written.length > 1, `chips written ${r.written.length} times in ${r.frames} frames`);
  assert.ok(Math.min(...gaps) >= 95, `chips written ${r.written.length} times in ${r.frames} frames, ${gaps.join(', ')} ms apart`);
  /** What the chips and the picture show, against the search's own state. */
  const check = async (when) => {
    const got = await page.evaluate(() => {
      const t = window.dlxPage.shell.trace;
      const { ItemFlag } = window.dlxPage.dlx;
      const len = t.itemLengths(), flags = t.itemFlags();
      const chips = [...document.querySelectorAll('#cover-items li')].map((li, i) => ({
        i, len: li.querySelector('.len').textContent, covered: li.classList.contains('covered'), dead: li.classList.contains('dead'),
        top: li.classList.contains('top'), want: { len: String(len[i]), covered: (flags[i] & ItemFlag.Covered) !== 0, dead: (flags[i] & ItemFlag.DeadEnd) !== 0, top: (flags[i] & ItemFlag.Top) !== 0 },
      })).filter((c) => c.len !== c.want.len || c.covered !== c.want.covered || c.dead !== c.want.dead || c.top !== c.want.top);
      const cells = {};
      for (const rect of document.querySelectorAll('#cover-picture rect[data-option]')) cells[rect.dataset.cell] = Number(rect.dataset.option);
      const labels = [...document.querySelectorAll('#cover-picture text.pic-label')].filter((x) => x.textContent).map((x) => Number(x.dataset.cell)).sort((a, b) => a - b);
      const want = {};
      for (const o of t.solution()) for (const c of t.optionName(o).split(' ').slice(1)) want[Number(c[0]) * 10 + Number(c.slice(1))] = o;
      return { chips, cells, want, labels };
    });
    assert.deepEqual(got.chips, [], `${when}: chips that disagree with the search`);
    assert.deepEqual(got.cells, got.want, `${when}: the picture's cells`);
    assert.deepEqual(got.labels, Object.keys(got.want).map(Number).sort((a, b) => a - b), `${when}: a label on each filled cell, none elsewhere`);
    assert.ok(Object.keys(got.want).length > 0, `${when}: pieces placed`);
  };
  await page.click('.transport [data-action="toggle"]');
  await settle(page);
  await check('paused');
  for (let k = 0; k < 8; k++) await page.keyboard.press('[');
  await check('8 steps back');
});

test('search tree: as it grows, the drawing scrolls where the box does, and a tree no wider than its box keeps its root in view', async () => {
  const page = await open(`#p=${POJ2}`);
  const seen = [];
  for (const n of [40, 400]) {
    await page.evaluate((n) => window.dlxPage.player.forward(n), n);
    await page.evaluate(() => document.querySelector('#tree').scrollIntoView());
    // The tree is drawn only in view: scrolled to it, it waits for its IntersectionObserver,
    // whose callback (a task of its own) then draws this step and follows its node with the
    // box's old size. Under load that task came after the two frames counted below, and the
    // follow's scroll (148) was read before the box's new size clamped it (0): CI's flaky
    // failure, three at a time. So: first the drawing of this step, then two frames.
    await page.waitForFunction(() => {
      const t = window.dlxPage.shell.views.tree;
      return t.inView && t.key_ === `${t.pic.events} ${t.pic.depth}`;
    }, null, { timeout: 30000 });
    // After the box's new size has come back through its observer: two frames.
    seen.push(await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const t = window.dlxPage.shell.views.tree;
      const sc = document.querySelector('#tree .tree-scroll');
      const root = t.at(t.lay.x[0], 0)[1];
      done({ events: t.trace.events, model: t.scroll[1], box: sc.scrollTop, root, height: sc.clientHeight, wide: t.spaceSize[0] > t.css[0] });
    })))));
  }
  for (const s of seen) assert.equal(s.model, s.box, `the tree is drawn for the box's scroll: ${JSON.stringify(s)}`);
  // At 40 steps (8 levels) the tree fits its box: the root is in view. Before, the drawing
  // counted a horizontal scroll bar the box did not have and drew 6 px above the box's place.
  const first = seen[0];
  assert.ok(!first.wide && first.root >= first.box && first.root <= first.box + first.height, JSON.stringify(first));
});

// The box's own scroll comes back as an event after the frame that wrote it. A redraw in a
// task between (the tree's timer, the worker's message) moved the model on to a newer follow;
// the stale event then put the old position back, painted the tree there, and the newer
// follow was lost until the next redraw (CI: "12 paints for 9 redraws" in the test below,
// three at a time under load).
test('search tree: the box\'s own scroll coming back after a newer follow does not undo it', async () => {
  const page = await open(`#p=${POJ2}`);
  await page.evaluate(() => window.dlxPage.player.forward(400));
  await treeShown(page);
  // Three times over: the first time the event came before the task in every run, later times after.
  const rs = await page.evaluate(async () => {
    const t = window.dlxPage.shell.views.tree;
    const sc = document.querySelector('#tree .tree-scroll');
    const frame = () => new Promise((go) => requestAnimationFrame(go));
    const out = [];
    for (let k = 0; k < 3; k++) {
      await frame();
      await frame();
      const [w, h] = t.spaceSize;
      t.show(w, h, 0); // the far corner: the box is scrolled there at the next frame
      const a = [...t.scroll];
      await frame();
      await new Promise((go) => setTimeout(go, 0)); // a task after that frame, before the event
      t.show(0, 0, 0); // a newer follow
      const b = [...t.scroll];
      const paints = t.stats.paints;
      for (let f = 0; f < 4; f++) await frame();
      out.push({ k, a, b, model: [...t.scroll], box: [sc.scrollLeft, sc.scrollTop], paints: t.stats.paints - paints });
    }
    return out;
  });
  for (const r of rs) {
    assert.ok(r.a[0] !== r.b[0] || r.a[1] !== r.b[1], `the tree scrolls in its box: ${JSON.stringify(r)}`);
    assert.deepEqual(r.model, r.b, `the drawing keeps the newer follow: ${JSON.stringify(r)}`);
    assert.deepEqual(r.box, r.b, `the box keeps the newer follow: ${JSON.stringify(r)}`);
    assert.equal(r.paints, 0, `no paint for the box's own scrolls: ${JSON.stringify(r)}`);
  }
});

test('search tree: at top speed its box is scrolled between frames, never inside the player\'s (a forced layout), and each redraw paints once', async () => {
  const page = await playingAtTopSpeed(`#p=${EMPTY}`);
  const r = await page.evaluate(() => new Promise((done) => {
    document.querySelector('#tree').open = true;
    document.querySelector('#tree').scrollIntoView();
    const { shell } = window.dlxPage;
    const t = shell.views.tree;
    const sc = document.querySelector('#tree .tree-scroll');
    // Each write of the box's scroll, and whether the player's frame (the shell's render) made it.
    let inRender = false, inside = 0, outside = 0;
    const render = shell.render;
    shell.render = function (...a) {
      inRender = true;
      try { return render.apply(this, a); } finally { inRender = false; }
    };
    for (const name of ['scrollLeft', 'scrollTop']) {
      const d = Object.getOwnPropertyDescriptor(Element.prototype, name);
      Object.defineProperty(sc, name, { configurable: true, get() { return d.get.call(this); }, set(v) { if (inRender) inside++; else outside++; d.set.call(this, v); } });
    }
    // Past the first second (the box comes into view and settles), two seconds counted.
    setTimeout(() => {
      const s0 = { ...t.stats };
      setTimeout(() => {
        delete shell.render;
        done({ inside, outside, draws: t.stats.draws - s0.draws, paints: t.stats.paints - s0.paints, playing: window.dlxPage.player.playing, model: t.scroll, box: [sc.scrollLeft, sc.scrollTop] });
      }, 2000);
    }, 1000);
  }));
  assert.ok(r.playing, JSON.stringify(r));
  // Before: every scroll was written inside the shell's render (and laid out the page there).
  assert.equal(r.inside, 0, `scrolls written in the player's frame: ${JSON.stringify(r)}`);
  assert.ok(r.outside > 0 && r.draws >= 2, `the tree was redrawn and its box followed it: ${JSON.stringify(r)}`);
  // Before: each redraw painted the tree twice, the second time for its own scroll event.
  assert.ok(r.paints <= r.draws + 1, `${r.paints} paints for ${r.draws} redraws`);
});

test('top speed: the board out of view writes nothing, and back in view shows the moment\'s candidates and digits', async () => {
  const page = await playingAtTopSpeed(`#p=${EMPTY}`);
  // The page scrolled down to the tree: the board is above the screen.
  await page.evaluate(() => { document.querySelector('#tree').open = true; document.querySelector('#tree').scrollIntoView(); });
  const writes = await page.evaluate(() => new Promise((done) => {
    let n = 0;
    const mo = new MutationObserver((ms) => { n += ms.length; });
    // Two frames for the observer to see the board leave, then half a second watched.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      mo.observe(document.querySelector('#board'), { subtree: true, attributes: true, childList: true, characterData: true });
      setTimeout(() => { n += mo.takeRecords().length; mo.disconnect(); done({ n, playing: window.dlxPage.player.playing }); }, 500);
    }));
  }));
  assert.ok(writes.playing);
  // Before: hundreds (the marks' data-s, the placed digits, the chosen item's frame).
  assert.equal(writes.n, 0, 'writes to the board while it is out of view');
  // Back in view, still playing: after two frames it shows what the search's picture says.
  const seen = await page.evaluate(() => new Promise((done) => {
    document.querySelector('#board').scrollIntoView();
    requestAnimationFrame(() => requestAnimationFrame(() => {
      window.dlxPage.player.pause();
      const { shell, numbering: n } = window.dlxPage;
      const pic = shell.room.picture;
      const S = window.dlxPage.dlx.OptionState;
      const want = [], got = [];
      for (let o = 0; o < n.options; o++) {
        const { cell, digit } = n.placement(o);
        const m = document.querySelector(`#board .cell[data-cell="${cell}"] .m[data-d="${digit}"]`);
        want.push(pic.options[o] === S.Live ? 'on' : pic.options[o] === S.Pending ? 'pend' : '');
        got.push(m.dataset.s ?? '');
      }
      const placed = new Array(n.cells).fill(0);
      for (const o of pic.solution) placed[n.placement(o).cell] = n.placement(o).digit;
      const shown = [...document.querySelectorAll('#board .cell')].map((c) => { const on = c.querySelector('.placed > span.on'); return on ? n.symbols.indexOf(on.textContent) + 1 : 0; });
      done({ want: want.join(','), got: got.join(','), placed: placed.join(''), shown: shown.join(''), depth: pic.depth });
    }));
  }));
  assert.ok(seen.depth > 0, JSON.stringify(seen.depth));
  assert.equal(seen.got, seen.want, 'the marks are the picture\'s candidates');
  assert.equal(seen.shown, seen.placed, 'the placed digits are the picture\'s');
});

test('search tree: a link to a deep step shows the node the search is at, and a phone too', async () => {
  // The page's first drawing of the tree comes before its box has a size: the follow to the
  // current node was dropped, and the empty grid's link to step 400 showed the root, the
  // node the search is at (depth 67) 480 px below the box's foot.
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    const page = await open(`#p=${EMPTY}&s=400`, { width, height });
    await page.evaluate(() => document.querySelector('#tree').scrollIntoView());
    const got = await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const t = window.dlxPage.shell.views.tree;
      const sc = document.querySelector('#tree .tree-scroll');
      const [x, y] = t.at(t.lay.x[t.tree.path.at(-1)], t.lay.depth[t.tree.path.at(-1)]);
      done({ x: Math.round(x - sc.scrollLeft), y: Math.round(y - sc.scrollTop), width: sc.clientWidth, height: sc.clientHeight });
    }))));
    assert.ok(got.x >= 0 && got.x <= got.width && got.y >= 0 && got.y <= got.height, `${width} px: the node the search is at, in the box: ${JSON.stringify(got)}`);
  }
});

// --- run ---------------------------------------------------------------------------------------------
// `jobs` workers, each with its own Chromium, take the next test from the list until none is left.
// The longest go first, by their durations in tests/e2e/durations.json (a test not listed counts
// as 10 s), so that no long test starts last and runs alone while the other workers idle.
// `--save-durations` writes this run's durations into that file (review the diff, then commit it).
const durationsFile = resolve(root, 'tests/e2e/durations.json');
const known = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
const guess = (t) => known[t.name] ?? 10;
const chosen = tests
  .filter((t) => (!only || t.name.includes(only)) && (!perf || t.name.startsWith('top speed')))
  .map((t, order) => ({ ...t, order }))
  .sort((a, b) => guess(b) - guess(a) || a.order - b.order)
  // `--repeat N`: each chosen test N times (with --jobs, copies side by side: a flaky test's check).
  .flatMap((t) => Array(Math.max(1, Number(option('--repeat', 1)) || 1)).fill(t));
const took = {};

/**
 * CPU seconds (user + sys) used so far by this process and everything under it: the workers'
 * Chromiums with their renderers, those already ended too (in their parents' cutime and cstime).
 * Linux's /proc; null elsewhere.
 */
function cpuSeconds(under = process.pid) {
  try {
    const parent = new Map(), ticks = new Map();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      let stat;
      try { stat = readFileSync(`/proc/${name}/stat`, 'utf8'); } catch { continue; } // ended meanwhile
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // f[0] is field 3, the state
      parent.set(Number(name), Number(f[1]));
      ticks.set(Number(name), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
    }
    let sum = 0;
    for (const [pid, t] of ticks) {
      for (let p = pid; p > 0; p = parent.get(p) ?? 0) if (p === under) { sum += t; break; }
    }
    return sum / 100; // USER_HZ on Linux
  } catch {
    return null;
  }
}
const cpu0 = cpuSeconds();

let failed = 0, next = 0;
const t0 = Date.now();
/** Runs test `t` in `browser`, prints its lines and verdict; true if it passed. */
async function runOne(t, browser) {
  const me = { browser, errors: [], contexts: [], out: [], pages: 0 };
  const t1 = Date.now();
  // One test at a time: all the CPU used meanwhile is this test's (its pages, its Chromium).
  // Several at a time: its worker's Chromium's (that Chromium runs only this test meanwhile;
  // the test's Node work, shared with the others, is left out: said "Chromium CPU").
  const own = jobs === 1 ? process.pid : chromiumPid.get(browser);
  const c1 = own ? cpuSeconds(own) : null;
  let verdict;
  await running.run(me, async () => {
    try {
      await t.fn();
      assert.deepEqual(me.errors, [], 'the page logged errors');
      verdict = 'ok  ';
    } catch (e) {
      verdict = `FAIL ${t.name}\n     ${String(e.stack || e).split('\n').slice(0, 6).join('\n     ')}`;
      if (me.errors.length) verdict += `\n     page errors: ${me.errors.join(' | ')}`;
    }
    while (me.contexts.length) await me.contexts.pop().close();
  });
  const s = (Date.now() - t1) / 1000;
  took[t.name] = Math.round(s * 10) / 10;
  const c2 = c1 === null ? null : cpuSeconds(own);
  if (c2 !== null) cpuOf[t.name] = Math.round((c2 - c1) * 10) / 10;
  const times = `${s.toFixed(1)} s${c2 === null ? '' : `, ${(c2 - c1).toFixed(1)} s ${own === process.pid ? '' : 'Chromium '}CPU`}, ${me.pages} page${me.pages === 1 ? '' : 's'}`;
  for (const line of me.out) print(line);
  print(verdict === 'ok  ' ? `ok   ${t.name} (${times})` : verdict);
  return verdict === 'ok  ';
}
const browsers = [];
const failures = [];
/** Each worker's Chromium's process id (its browser process, from /proc), for its tests' CPU. */
const chromiumPid = new Map();
const cpuOf = {};
/** The Chromium browser processes now children of this process (Linux's /proc; [] elsewhere). */
function chromiumChildren() {
  try {
    return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number).filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid
          && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--remote-debugging-pipe');
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}
/** The workers' Chromiums, launched one after another so that each one's process is known. */
async function launchAll(n) {
  for (let k = 0; k < n; k++) {
    const before = new Set(chromiumChildren());
    const browser = await launch();
    const pids = chromiumChildren().filter((p) => !before.has(p));
    if (pids.length === 1) chromiumPid.set(browser, pids[0]);
    browsers.push(browser);
  }
}
async function worker(browser) {
  while (next < chosen.length) {
    const t = chosen[next++];
    if (!(await runOne(t, browser))) failures.push(t);
  }
}
// Several at a time, a test shares two cores with the others' pages (and, in scripts/test.sh,
// with Miri and the fuzzer): one that waits on the page can run out of time there. A test that
// failed so runs once more, alone, once the others are done: it passes the stage only if it
// passes then, and the summary names it as flaky under load, with its first failure printed
// above. A test that fails alone fails the stage. `--no-retry` (or one job) never retries.
const flaky = [];
let cpu = null;
try {
  await launchAll(Math.min(jobs, chosen.length));
  await Promise.all(browsers.map(worker));
  if (failures.length && jobs > 1 && !flag('--no-retry')) {
    print(`e2e: ${failures.length} failed with ${jobs} at a time; running ${failures.length === 1 ? 'it' : 'them'} again, alone`);
    for (const t of failures.splice(0)) {
      if (await runOne(t, browsers[0])) flaky.push(t.name);
      else failures.push(t);
    }
  }
  failed = failures.length;
  // Read before the Chromiums close: a renderer's time then still counts (in its zygote's, live).
  cpu = cpu0 === null ? null : cpuSeconds() - cpu0;
} finally {
  await Promise.all(browsers.map((b) => b.close()));
}
server.close();
for (const name of flaky) print(`e2e: FLAKY under load (failed ${jobs} at a time, passed alone): ${name}`);
print(`e2e: ${chosen.length - failed} passed${flaky.length ? ` (${flaky.length} of them only alone)` : ''}, ${failed} failed, in ${((Date.now() - t0) / 1000).toFixed(0)} s${jobs > 1 ? ` (${jobs} at a time)` : ''}${cpu === null ? '' : `, ${cpu.toFixed(0)} s CPU`}, ${pagesOpened} page${pagesOpened === 1 ? '' : 's'} opened; screenshots in ${shots}`);
// The tests that took the most CPU (with --jobs: their Chromium's alone), where the stage's time goes.
const byCpu = Object.entries(cpuOf).sort(([, a], [, b]) => b - a);
if (byCpu.length > 1) {
  const sum = byCpu.reduce((a, [, c]) => a + c, 0);
  print(`e2e: CPU by test${jobs > 1 ? ' (their Chromium\'s)' : ''}, ${sum.toFixed(0)} s in all; the most: ${byCpu.slice(0, 12).map(([n, c]) => `${c.toFixed(1)} s ${n.slice(0, 60)}`).join('; ')}`);
}
// `--cpu-out FILE`: every test's CPU seconds, as above, into FILE (JSON; scripts/test.sh: target/e2e-cpu.json).
if (option('--cpu-out', null)) writeFileSync(resolve(option('--cpu-out', null)), `${JSON.stringify(Object.fromEntries(byCpu), null, 1)}\n`);
// `--durations-out FILE` writes the same to FILE instead (scripts/test.sh: target/e2e-durations.json,
// so that any green run's times can replace tests/e2e/durations.json without a run of their own).
const durationsOut = option('--durations-out', null);
if (flag('--save-durations') || durationsOut) {
  // Kept: the tests that did not run this time. Dropped: names no test has any more.
  const names = new Set(tests.map((t) => t.name));
  const all = Object.fromEntries(Object.entries({ ...known, ...took }).filter(([n]) => names.has(n)).sort(([a], [b]) => (a < b ? -1 : 1)));
  const file = durationsOut ? resolve(durationsOut) : durationsFile;
  writeFileSync(file, `${JSON.stringify(all, null, 1)}\n`);
  print(`e2e: wrote the durations of ${Object.keys(took).length} tests to ${file}`);
}
process.exit(failed ? 1 : 0);
