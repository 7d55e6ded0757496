// Screenshots of issue 33's views for a person to look at, one by one: the search tree, Algorithm
// X's pseudocode, plain backtracking beside dancing links, the workbench's pictures, Predict and
// a teacher's own lesson, each in the states a class sees, at 1280×800, on a 1024×768 projector
// in large type and on a 375×812 phone, in the light and the dark theme. A tool, not a test: it
// asserts nothing (tests/e2e/run.mjs does), it only prints the files and, after a name, what a
// quick measure saw (the page wider than the screen, the part shot outside it).
//
//   scripts/build-wasm.sh && node scripts/review-shots.mjs [DIR] [--only SUBSTRING]
//
// Writes DIR/VIEW-STATE-SIZE-THEME.png (DIR: /tmp/review-shots), SIZE 1280, 1024large or 375.
// With --file DIST (dist/dlx-sudoku.html, built by scripts/build-dist.mjs) it opens that file by
// file:// with every request off the machine refused, at 1280×800 in the light theme only.

import { launchChromium } from '../tests/e2e/chromium.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { serve } from './serve.mjs';
import { packProblem } from '../www/core/cover-link.js';
import { KEYS } from '../www/core/prefs.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv.splice(argv.indexOf(name), 2)[1] : null);
const only = option('--only');
const file = option('--file');
const dir = resolve(argv[0] ?? '/tmp/review-shots');
mkdirSync(dir, { recursive: true });

const EMPTY = '.'.repeat(81);
const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const POJ1 = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
const POJ2 = '......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.';
const OWN = await packProblem(JSON.stringify({ v: 1, m: [['m=knuth&s=11', 'Item E has no option left: a dead end, so the search backs up and tries the next branch.'], [`p=${HARD}&s=40`, 'Row 4 needs a 3 in one place only.']] }));

const SIZES = [
  { size: '1280', width: 1280, height: 800, large: false },
  { size: '1024large', width: 1024, height: 768, large: true },
  { size: '375', width: 375, height: 812, large: false },
];

// --- how each state is reached (docs/page.md) ------------------------------------------------------
const settle = (page) => page.waitForFunction(() => !window.dlxPage.player.busy, null, { timeout: 60000 });
const stepTo = (page, n) => page.evaluate((n) => { const t = window.dlxPage.shell.trace; t.run(n - t.events, 0); window.dlxPage.shell.render(); }, n);
const solve = (page) => page.evaluate(() => { window.dlxPage.shell.trace.run(1e7, 1 << window.dlxPage.dlx.EventKind.Solution); window.dlxPage.shell.render(); });
const frames = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
async function gallery(page, label) {
  await page.click(`#cover-pane .gallery button:text-is("${label}")`);
  await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
  await settle(page);
}
async function typed(page, text) {
  await page.$eval('#cover-text', (t, v) => { t.value = v; t.dispatchEvent(new Event('input', { bubbles: true })); }, text);
  await page.waitForTimeout(400);
}
/** Pentominoes 6×10 played at top speed for a second, then paused. */
async function playedPentominoes(p) {
  await gallery(p, 'Pentominoes 6×10');
  await p.click('#stop-at-solution');
  await p.$eval('#speed', (s) => { s.value = s.max; s.dispatchEvent(new Event('input', { bubbles: true })); });
  await p.click('.transport [data-action="toggle"]');
  await p.waitForTimeout(1000);
  await p.click('.transport [data-action="toggle"]');
}
const asking = (page) => page.$eval('#predict', (p) => p.classList.contains('asking'));

/** [name, hash, prepare(page), the part to bring into view ('top': the page's top)]. */
const STATES = [
  ['tree-sudoku-empty', `#p=${EMPTY}&s=400`, null, '#tree'],
  ['tree-sudoku-hard', `#p=${HARD}&s=3000`, null, '#tree'],
  ['tree-knuth', '#m=knuth&s=30', null, '#tree'],
  ['tree-pentominoes', '#m=cover', async (p) => { await gallery(p, 'Pentominoes 6×10'); await stepTo(p, 400000); }, '#tree'],
  ['algo-sudoku', `#p=${HARD}&s=40`, null, '#algo'],
  ['algo-knuth', '#m=knuth&s=11', async (p) => { await p.keyboard.press('['); }, '#algo'],
  ['algo-workbench', '#m=cover', async (p) => { await gallery(p, '4 queens'); await stepTo(p, 4); }, '#algo'],
  ['algo-lesson', '#lesson=6', null, '#algo'],
  ['race-stepping', `#p=${POJ1}&s=120`, null, '#plain'],
  ['race-done', `#p=${POJ2}`, async (p) => {
    await p.click('#plain .plain-bar button');
    await p.waitForFunction(() => / more\.$| fewer\.$| as many\.$|stops|stopped/.test(document.querySelector('#plain .plain-factor').textContent), null, { timeout: 120000 });
  }, '#plain'],
  // Played at top speed for a second and paused (the chips and the picture are written ten times a second while playing).
  ['workbench-pentominoes-played', '#m=cover', playedPentominoes, '#cover-items'],
  ['picture-pentominoes-played', '#m=cover', playedPentominoes, '#cover-picture'],
  ['picture-queens8', '#m=cover', async (p) => { await gallery(p, '8 queens'); await solve(p); }, '#cover-picture'],
  ['picture-pentominoes', '#m=cover', async (p) => { await gallery(p, 'Pentominoes 6×10'); await solve(p); }, '#cover-picture'],
  ['picture-langford', '#m=cover', async (p) => { await gallery(p, 'Langford 4'); await solve(p); }, '#cover-picture'],
  ['picture-sudoku', '#m=cover', async (p) => { await gallery(p, '4×4 Sudoku'); await solve(p); }, '#cover-picture'],
  ['picture-knuth', '#m=cover', async (p) => { await gallery(p, 'Knuth\'s example'); await stepTo(p, 24); }, '#cover-picture'],
  ['picture-typed', '#m=cover', async (p) => { await typed(p, 'a b c\na b\nc\n'); await solve(p); }, '#narration'],
  ['predict-asking', '#m=knuth', async (p) => { await p.click('#predict-toggle'); }, '#predict'],
  ['predict-right', '#m=knuth', async (p) => {
    await p.click('#predict-toggle');
    await p.focus('#predict-item');
    await p.keyboard.press('a');
    await p.keyboard.press('Enter');
  }, '#predict'],
  ['predict-wrong', `#p=${HARD}&s=40`, async (p) => {
    await p.click('#predict-toggle');
    for (let k = 0; k < 40 && !(await asking(p)); k++) await p.keyboard.press(']');
    await p.$eval('#predict-item', (s) => { s.selectedIndex = s.options.length - 1; s.dispatchEvent(new Event('change', { bubbles: true })); });
    await p.click('#predict .predict-pick button:text-is("Choose it")');
  }, '#predict'],
  ['own-builder', '#m=knuth', async (p) => {
    await p.$eval('#own-lesson', (d) => { d.open = true; });
    await p.waitForSelector('#own-text', { state: 'visible' });
    await p.fill('#own-text', 'A is chosen first.');
    await p.click('#own-add');
    await p.keyboard.press(']');
    await p.fill('#own-text', 'Then B, the fewest.');
    await p.click('#own-add');
  }, '#own-lesson'],
  ['own-lesson', `#own=${OWN}`, async (p) => { await p.waitForFunction(() => window.dlxPage.shell.trace?.events === 11); }, 'top'],
];

async function shoot(context, base, [name, hash, prep, part], out) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(base + hash);
    await page.waitForSelector('body.ready', { timeout: 60000 });
    await settle(page);
    if (prep) await prep(page);
    await settle(page);
    await page.evaluate((part) => {
      document.activeElement?.blur?.();
      if (part === 'top') window.scrollTo(0, 0);
      else document.querySelector(part)?.scrollIntoView({ block: 'start' });
    }, part);
    await frames(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: out });
    const seen = await page.evaluate((part) => {
      const notes = [];
      const w = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > w) notes.push(`page ${document.documentElement.scrollWidth} px wide on a ${w} px screen`);
      const e = part === 'top' ? null : document.querySelector(part);
      if (part !== 'top' && (!e || !e.checkVisibility())) notes.push(`${part} not shown`);
      else if (e) {
        const r = e.getBoundingClientRect();
        if (r.left < 0 || r.right > w + 0.5) notes.push(`${part} spans ${Math.round(r.left)}–${Math.round(r.right)} px`);
      }
      return notes;
    }, part);
    return [...seen, ...errors.map((m) => `page error: ${m}`)];
  } finally {
    await page.close();
  }
}

const server = file ? null : await serve(root, 0);
const browser = await launchChromium();
const written = [];
try {
  const base = file ? pathToFileURL(resolve(file)).href : `http://127.0.0.1:${server.address().port}/`;
  for (const { size, width, height, large } of file ? [SIZES[0]] : SIZES) {
    for (const theme of file ? ['light'] : ['light', 'dark']) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme, reducedMotion: 'reduce' });
      // The page's own preferences (www/core/prefs.js and the panels' remembered state).
      await context.addInitScript(({ theme, large, KEYS }) => {
        localStorage.setItem(KEYS.theme, theme);
        localStorage.setItem(KEYS.large, large ? 'on' : 'off');
        localStorage.setItem(KEYS.plain, 'open');
      }, { theme, large, KEYS });
      if (file) await context.route(/^https?:/, (r) => r.abort());
      for (const state of STATES) {
        const out = resolve(dir, `${state[0]}-${size}-${theme}.png`);
        if (only && !out.includes(only)) continue;
        let notes;
        try {
          notes = await shoot(context, base, state, out);
        } catch (e) {
          notes = [`failed: ${e.message.split('\n')[0]}`];
        }
        written.push(out);
        console.log(`${out}${notes.length ? `: ${notes.join('; ')}` : ''}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server?.close();
}
console.log(`review-shots: ${written.length} screenshots in ${dir}`);
