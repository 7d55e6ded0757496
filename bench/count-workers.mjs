// The page's Count on several Web Workers against one (issue 35: >= 1.7x with 2 workers on
// pentominoes 6x10): headless Chromium (Debian's /usr/bin/chromium), the workbench's gallery
// problem counted with navigator.hardwareConcurrency set to each number of workers before the
// page's scripts run. Each round counts once on each page, in turn; the time is the page's own,
// from the click on Count to the answer. A benchmark, not a test: it prints medians and the
// ratio, and the machine's load before and after (run it on a quiet machine).
//
//   node bench/count-workers.mjs                          5 rounds, 1 and 2 workers, pentominoes 6×10
//   node bench/count-workers.mjs --rounds 7 --workers 1,2,4 --problem 'Langford 11'
//
// Needs www/pkg built (scripts/build-wasm.sh).

import { chromium } from 'playwright-core';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/serve.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Math.max(1, Number(option('--rounds', 5)));
const workers = option('--workers', '1,2').split(',').map(Number);
const problem = option('--problem', 'Pentominoes 6×10');
const root = resolve(fileURLToPath(import.meta.url), '../..');

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`count-workers: ${problem}, ${rounds} rounds, workers ${workers.join(', ')}; load before: ${load()}`);
const server = await serve(root, 0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
try {
  const pages = [];
  for (const n of workers) {
    const ctx = await browser.newContext();
    await ctx.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), n);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(`${base}#m=cover`);
    await page.waitForSelector('body.ready');
    await page.click(`#cover-pane .gallery button:text-is("${problem}")`);
    await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
    pages.push({ n, page, times: [], answer: '' });
  }
  /** One count on `page`: ms from the click to the answer, by the page's clock; and the answer. */
  const count = (page) => page.evaluate(() => new Promise((done) => {
    const result = document.querySelector('#cover-result');
    const t0 = performance.now();
    const watch = new MutationObserver(() => {
      if (result.dataset.kind !== 'count') return;
      watch.disconnect();
      done([performance.now() - t0, result.textContent]);
    });
    watch.observe(result, { attributes: true, childList: true, subtree: true });
    document.querySelector('#cover-count').click();
  }));
  for (const p of pages) await count(p.page); // the workers started and the wasm compiled, once
  for (let r = 0; r < rounds; r++) {
    const line = [];
    for (const p of pages) {
      const [ms, answer] = await count(p.page);
      p.times.push(ms);
      p.answer = answer.replace(/ in .*/, '');
      line.push(`${p.n}: ${(ms / 1000).toFixed(2)} s`);
    }
    console.log(`round ${r + 1}: ${line.join(', ')}; load ${load()}`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const one = median(pages[0].times);
  for (const p of pages) {
    const m = median(p.times);
    console.log(`${String(p.n).padStart(2)} worker(s): median ${(m / 1000).toFixed(3)} s (${p.times.map((t) => (t / 1000).toFixed(2)).join(' ')}), ${(one / m).toFixed(2)}x; ${p.answer}`);
  }
  if (new Set(pages.map((p) => p.answer)).size !== 1) throw new Error('the counts differ');
} finally {
  await browser.close();
  server.close();
  console.log(`count-workers: load after: ${load()}`);
}
