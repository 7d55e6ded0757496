#!/usr/bin/env node
// The page's frame rate at the top play speed (10,000 events a frame) on an empty grid, with
// the whole-matrix view drawn in every frame, in headless Chromium: frames/s, the median and
// 95th-percentile frame, and the matrix's own ms per draw (Rust fills the pixels, web-sys puts
// them on the canvas). 9×9 and 16×16 on this checkout; with OTHER (another checkout's root,
// its www/pkg built), 9×9 there too, rounds alternating, and the ratio of the medians.
//
//   node bench/matrix-fps.mjs [--rounds N (3)] [--seconds S (4)] [--other DIR]
//
// Numbers only, no pass/fail: the machine is shared, so compare within one run.
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/serve.mjs';
import { sampleFrames } from '../tests/e2e/frames.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(option('--rounds', 3));
const seconds = Number(option('--seconds', 4));
const other = option('--other', null);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const servers = [];
async function baseOf(dir) {
  const s = await serve(dir, 0);
  servers.push(s);
  return `http://127.0.0.1:${s.address().port}/`;
}

/** One run: the page at `url`, played at top speed for `seconds`. */
async function run(url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForSelector('body.ready', { timeout: 15000 });
  await page.evaluate(() => {
    const s = document.querySelector('#speed');
    s.value = s.max;
    s.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.uncheck('#stop-at-solution');
  await page.evaluate(() => document.querySelector('#matrix-area').scrollIntoView());
  await page.click('[data-action="toggle"]');
  await page.waitForTimeout(500);
  const f = await sampleFrames(page, seconds * 1000);
  await ctx.close();
  return { side: f.side, fps: f.fps, median: f.median, p95: f.p95, drawMs: f.drawMs, draws: f.draws, frames: f.frames };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const here = await baseOf(root);
const there = other ? await baseOf(resolve(other)) : null;
const cases = [
  ['this 9×9', `${here}#p=${'.'.repeat(81)}`],
  ['this 16×16', `${here}#p=${'.'.repeat(256)}`],
  ...(there ? [['other 9×9', `${there}#p=${'.'.repeat(81)}`]] : []),
];
const results = Object.fromEntries(cases.map(([name]) => [name, []]));
for (let k = 0; k < rounds; k++) {
  for (const [name, url] of k % 2 ? [...cases].reverse() : cases) results[name].push(await run(url));
}
for (const [name, rs] of Object.entries(results)) {
  const m = (key) => median(rs.map((r) => r[key]));
  console.log(`${name} (side ${rs[0].side}): ${m('fps').toFixed(1)} frames/s, frame median ${m('median').toFixed(1)} ms, p95 ${m('p95').toFixed(1)} ms; matrix ${m('drawMs').toFixed(2)} ms a draw (${rs.map((r) => `${r.draws}/${r.frames}`).join(', ')} frames drawn)`);
}
if (there) {
  const ratio = median(results['this 9×9'].map((r, k) => r.drawMs / results['other 9×9'][k].drawMs));
  const fps = median(results['this 9×9'].map((r, k) => r.fps / results['other 9×9'][k].fps));
  console.log(`9×9, this / other (median of per-round ratios): matrix ms a draw ${ratio.toFixed(2)}×, frames/s ${fps.toFixed(2)}×`);
}
await browser.close();
for (const s of servers) s.close();
