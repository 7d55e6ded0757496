// The harness of the page's end-to-end tests (tests/e2e/run.mjs says how to run them): serves
// the repository on 127.0.0.1 with scripts/serve.mjs, runs the tests registered by the rooms'
// files (`test(name, fn)`), each in a Chromium of its worker's (Debian's chromium-headless-shell,
// driven by playwright-core; tests/e2e/chromium.mjs says why), longest first by
// tests/e2e/durations.json, and accounts each test's time and CPU; and what the tests share: a
// fresh page (`open`), screenshots to screenshots/ and the pixel references in tests/e2e/refs/,
// the main thread's long tasks as the page sees them and each task's CPU time from a Chromium
// trace, and the helpers and puzzles used in more than one room.
//
// Any error a page logs fails the test it happens in.

import { launchChromium } from './chromium.mjs';
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import { mkdirSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import assert from 'node:assert/strict';
import { serve } from '../../scripts/serve.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
export const shots = resolve(root, 'screenshots');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
export const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const only = option('--only', null);
export const perf = flag('--perf');
const jobs = Math.max(1, Math.floor(Number(option('--jobs', 1))) || 1);
/** The arguments that are neither a switch nor a switch's value: the rooms to run (run.mjs). */
const VALUED = ['--only', '--minutes', '--jobs', '--repeat', '--durations-out', '--cpu-out'];
export const rooms = args.filter((a, k) => !a.startsWith('--') && !VALUED.includes(args[k - 1]));
/** Whether the module at `url` (a room's import.meta.url) is the one node was asked to run. */
export const isMain = (url) => Boolean(process.argv[1]) && resolve(process.argv[1]) === fileURLToPath(url);


export const POJ1 = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
export const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
export const SIXTEEN = '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......';
export const EMPTY = '.'.repeat(81);
export const POJ2 = '......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.'; // the page's default
export const MILLIONS = '.....6....59.....82....8....45........3........6..3.54...325..6................97'; // HARD1 + 2 clues: 2,217,329 solutions

// --- harness ------------------------------------------------------------------------------------
/** The server of the page under test, and its address (both set when `main()` starts). */
let server;
export let base;
// Chromium without the address bar's drop-down pages, which cost each new context more CPU than
// the page under test (tests/e2e/chromium.mjs).
const launch = () => launchChromium(['--enable-precise-memory-info']);

/** What a failed test's pages were doing, a line each: whether the page still answers (its
 *  main thread), whether it still draws frames (an action's "stable" check waits for two
 *  animation frames, and says nothing while none comes), its visibility, and the answer box.
 *  Each probe is bounded: a hung page is said to be hung, never waited on. */
async function pagesState(contexts) {
  const within = (p, ms) => Promise.race([p, new Promise((ok) => setTimeout(() => ok('no answer in ' + ms + ' ms'), ms))]);
  const lines = [];
  for (const ctx of contexts) {
    for (const page of ctx.pages()) {
      const state = await within(page.evaluate(() => new Promise((ok) => {
        const t0 = performance.now();
        let frames = 0;
        const said = () => ok(`${frames} animation frame${frames === 1 ? '' : 's'} in ${Math.round(performance.now() - t0)} ms, ${document.visibilityState}${document.hasFocus() ? ', focused' : ''}; ${location.hash.slice(0, 40)}; result: ${(document.querySelector('#result:not([hidden])')?.textContent ?? '(none)').slice(0, 100)}`);
        const frame = () => (++frames === 5 ? said() : requestAnimationFrame(frame));
        requestAnimationFrame(frame);
        setTimeout(said, 1500);
      })).catch((e) => `no answer: ${String(e.message || e).split('\n')[0]}`), 4000);
      lines.push(`page: ${state}`);
    }
  }
  return lines;
}

const tests = [];
export const test = (name, fn) => tests.push({ name, fn });
/** Pages opened by `open()` in this run (each a fresh context: the biggest share of e2e's CPU). */
let pagesOpened = 0;
/** Counts a page opened without `open()`. */
export const countPage = () => pagesOpened++;
/**
 * The running test's own state: its worker's Chromium, the errors its pages log, the browser
 * contexts it opened (closed when it ends) and the lines it prints. With --jobs, tests run side
 * by side; each sees only its own (AsyncLocalStorage follows a test through its awaits).
 */
const running = new AsyncLocalStorage();
export const current = () => running.getStore();
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
export const clock = (page) => page.evaluate(() => performance.now());

/**
 * The main thread's long tasks since `since` (the page's clock): `{tasks, longest, script,
 * own}`: `script` is the longest script run in a long animation frame, `own` the longest of
 * the page's own (its modules in www/; not the test driver's probes), each with its name.
 * On a machine shared with other work a long task can be the page waiting for a core;
 * `own` tells whether the page's own work blocked.
 */
export async function blocking(page, since = 0) {
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
export async function mainThreadTasks(page, fn) {
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

export const ms = (x) => `${Math.round(x)} ms`;
export const describeBlocking = (b) => `${b.tasks.length} long task${b.tasks.length === 1 ? '' : 's'}, longest ${ms(b.longest)}; ${b.frames} long frame${b.frames === 1 ? '' : 's'}${b.frames ? `, longest ${ms(b.longestFrame.duration)} (scripts ${ms(b.longestFrame.scripts)}, style and layout ${ms(b.longestFrame.layout)})` : ''}; longest script ${ms(b.script.duration)} (${b.script.what}), of the page's own ${ms(b.own.duration)} (${b.own.what})`;

/**
 * A fresh page (own context: no shared localStorage) on `hash`, ready to use.
 * `serviceWorkers: 'allow'` for a test of the page kept offline: elsewhere the page's service
 * worker is not registered (the page then says "Keeping a copy of the page…", as it does at
 * every load until the worker is ready). Registered, it fetched every file of the page once
 * more into its cache after each load: about 0.35 s of CPU a page (a fifth of a load),
 * measured on 2026-11-27, for what only the offline test and tests/dist/run.mjs look at.
 * `welcome: true` for a first visit as a newcomer makes it: the page's welcome (www/core/
 * welcome.js) above the board. Without it the page is told it was visited before (the stored
 * flag, by an init script), so that a page opened with no hash shows the first screen the
 * tests expect, without the welcome; nothing else is stored.
 */
export async function open(hash = '', { width = 1280, height = 800, dark = false, reducedMotion = 'no-preference', init = null, permissions = [], serviceWorkers = 'block', touch = false, welcome = false } = {}) {
  const { browser, contexts, errors } = current();
  // `touch`: a phone's browser (touch events, `page.tap`, a mobile viewport).
  const ctx = await browser.newContext({ viewport: { width, height }, colorScheme: dark ? 'dark' : 'light', reducedMotion, permissions, serviceWorkers, hasTouch: touch, isMobile: touch });
  contexts.push(ctx);
  pagesOpened++;
  current().pages++;
  await ctx.addInitScript(watchBlocking);
  if (!welcome) await ctx.addInitScript(visitedBefore);
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

/** Registered in a page opened without `welcome`: the page's welcome of a first visit is not shown
 *  (www/core/prefs.js KEYS.welcomed). */
function visitedBefore() {
  try {
    if (localStorage.getItem('dlx-welcomed') === null) localStorage.setItem('dlx-welcomed', 'yes');
  } catch { /* no storage */ }
}

/** Waits until no long jump runs. */
export const settle = (page) => page.waitForFunction(() => !window.dlxPage.player.busy, null, { timeout: 30000 });

export const shot = (page, name, opts = {}) => page.screenshot({ path: resolve(shots, `${name}.png`), ...opts });

/** The board as shown: 81 characters, '.' for an empty cell. */
export const shown = (page) => page.$$eval('#board .cell', (cs) => cs.map((c) => (c.querySelector('.digit').textContent || c.querySelector('.placed .on')?.textContent || '.')).join(''));
/** The givens only. */
export const givens = (page) => page.$$eval('#board .cell', (cs) => cs.map((c) => (c.dataset.kind === 'given' ? c.querySelector('.digit').textContent : '.')).join(''));
/** A counter's exact value, as a person reads it: from its box, or (from a million up, where
 *  the box shows "3.47M") from the box's tooltip. */
export const counter = (page, key) => page.$eval(`[data-counter="${key}"]`, (e) => {
  const shown = /^[\d,]+$/.test(e.textContent) ? e.textContent : e.parentElement.title.split(': ').at(-1);
  return Number(shown.replace(/,/g, ''));
});
export const narration = (page) => page.$eval('#narration', (e) => e.textContent);
export const noticeText = (page) => page.$eval('#notice', (e) => e.textContent);

/** Asserts two snapshots are equal, showing where they first differ. */
export function sameDom(actual, expected, what) {
  if (actual === expected) return;
  let k = 0;
  while (k < actual.length && actual[k] === expected[k]) k++;
  assert.fail(`${what}: the DOM differs at character ${k}:\n  now:    …${actual.slice(Math.max(0, k - 120), k + 80)}…\n  before: …${expected.slice(Math.max(0, k - 120), k + 80)}…`);
}
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
export async function matchesReference(page, name, selector = null) {
  await matchesPng(await (selector ? page.locator(selector).screenshot({ animations: 'disabled' }) : page.screenshot({ animations: 'disabled' })), name);
}
/** The same for a screenshot already taken (`png`, a PNG file's bytes). */
export async function matchesPng(png, name) {
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
export const shotOf = (page, selector, name) => page.locator(selector).screenshot({ path: resolve(shots, `${name}.png`) });

export async function paste(page, text) {
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

export async function setSpeed(page, index = 'max') {
  await page.$eval('#speed', (el, i) => {
    el.value = i === 'max' ? el.max : String(i);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, index);
}
/** Opens the workbench (on `hash`, default: its default problem) and waits for its problem. */
export async function openCover(hash = '#m=cover', opts = {}) {
  const page = await open(hash, opts);
  await page.waitForFunction(() => window.dlxPage.controller.mode === 'cover' && (window.dlxPage.workbench.text !== null || document.querySelector('#cover-result:not([hidden])')));
  return page;
}
export const coverResult = (page) => page.$eval('#cover-result', (e) => e.textContent);
export const galleryPick = async (page, label) => {
  await page.click(`#cover-pane .gallery button:text-is("${label}")`);
  await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
};

/** The empty 9×9 (`#p=…`) or the workbench's pentominoes 6×10 (`#m=cover`) playing at top
 *  speed past each solution, 20,000 events in. */
export async function playingAtTopSpeed(hash) {
  const page = await open(hash);
  if (hash === '#m=cover') await galleryPick(page, 'Pentominoes 6×10');
  await page.click('#stop-at-solution'); // off: it plays on past each solution
  await setSpeed(page);
  await page.click('.transport [data-action="toggle"]');
  await page.waitForFunction(() => window.dlxPage.player.playing && window.dlxPage.controller.trace.events > 20000);
  return page;
}

/**
 * Shows `hash` in `page` in place, as a link typed in the address bar is (the router reads
 * the change): far quicker than loading the page again for each view. Returns once the
 * page has gone there and drawn it.
 */
export async function visit(page, hash) {
  await page.evaluate((h) => new Promise((done) => {
    if (location.hash === h) return done();
    addEventListener('hashchange', () => setTimeout(done, 0), { once: true });
    location.hash = h;
  }), hash);
  await page.waitForFunction(() => !window.dlxPage.player.busy && (window.dlxPage.controller.mode !== 'cover' || window.dlxPage.workbench.text !== null), null, { timeout: 60000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}
/**
 * The lesson as shown, and whether the trace is where its words say: each claim is checked
 * in the page against the engine, worked out apart from www/rooms/lesson/lesson-steps.js (a fresh trace of the
 * same problem, item lengths and lists read one by one). `problems` lists the claims that fail.
 */
export const lessonState = (page) => page.evaluate(() => {
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
export const lessonCount = (page) => page.$$eval('#lesson .lesson-dot', (d) => d.length);
export const data = (name) => readFileSync(resolve(root, 'tests/data', name), 'utf8');
export const HARD16 = data('sudoku16.txt').split('\n')[94].trim(); // line 95: the slowest of the set for DLX
export const predictState = (page) => page.evaluate(() => {
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

// --- run ---------------------------------------------------------------------------------------------
// `jobs` workers, each with its own Chromium, take the next test from the list until none is left.
// The longest go first, by their durations in tests/e2e/durations.json (a test not listed counts
// as 10 s), so that no long test starts last and runs alone while the other workers idle.
// `--save-durations` writes this run's durations into that file (review the diff, then commit it).
export async function main() {
  if (flag('--help')) {
    // The usage: run.mjs's opening comment.
    const usage = readFileSync(resolve(root, 'tests/e2e/run.mjs'), 'utf8').split('\n');
    print(usage.slice(0, usage.findIndex((l) => !l.startsWith('//'))).map((l) => l.slice(3)).join('\n'));
    process.exit(0);
  }
  if (!existsSync(resolve(root, 'www/pkg/dlx_sudoku_bg.wasm'))) {
    console.error('e2e: www/pkg is not built: run scripts/build-wasm.sh first');
    process.exit(2);
  }
  mkdirSync(shots, { recursive: true });
  server = await serve(root, 0);
  base = `http://127.0.0.1:${server.address().port}/`;
  const durationsFile = resolve(root, 'tests/e2e/durations.json');
  const known = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
  const guess = (t) => known[t.name] ?? 10;
  const chosen = tests
    .filter((t) => (!only || t.name.includes(only)) && (!perf || t.name.startsWith('top speed')))
    .map((t, order) => ({ ...t, order }))
    .sort((a, b) => guess(b) - guess(a) || a.order - b.order)
    // `--repeat N`: each chosen test N times (with --jobs, copies side by side: a flaky test's check).
    .flatMap((t) => Array(Math.max(1, Number(option('--repeat', 1)) || 1)).fill(t));
  if (flag('--list')) {
    for (const t of chosen) print(t.name);
    print(`e2e: ${chosen.length} test${chosen.length === 1 ? '' : 's'}`);
    server.close();
    process.exit(0);
  }
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
        for (const line of await pagesState(me.contexts)) verdict += `\n     ${line}`;
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
}
