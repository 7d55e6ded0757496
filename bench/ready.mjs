#!/usr/bin/env node
// How soon a player on a phone can play: the page opened at 375×812 (touch) in headless
// Chromium, its CPU throttled 1× and 4× (the DevTools protocol's Emulation.setCPUThrottlingRate,
// as Chromium's "4× slowdown"), each load in a fresh context (nothing cached, no service worker).
// For each load, milliseconds from navigation:
//   paint      the largest contentful paint (what Lighthouse calls LCP)
//   playable   the board answers a tap: body.ready is set (the board, the pad and their
//              handlers are wired; www/main.js) and a tap on an empty cell selects it (the
//              tap's time is taken when the selection shows)
//   ready      the narration says "Ready: …" (the search is built and drawn)
//   cpu        the CPU time of the page's main thread until it was playable (from a Chromium
//              trace: the tasks' thread time, so a busy machine changes it little, where it
//              stretches every wall-clock column; under 4× throttling, the same work)
// Median of --rounds loads (5) for each throttle and each page: this checkout's
// scripts/serve.sh page (the repository root), --dist its dist/ (node scripts/build-dist.mjs
// first), --other DIR another checkout's root (its www/pkg built), rounds interleaved.
//
//   node bench/ready.mjs [--rounds N] [--dist] [--other DIR] [--throttle 1,4]
//
// Numbers only, no pass/fail: the machine is shared, so compare within one run.
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/serve.mjs';
import { launchChromium } from '../tests/e2e/chromium.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(option('--rounds', 5));
const throttles = option('--throttle', '1,4').split(',').map(Number);
const pages = [['this', root]];
if (args.includes('--dist')) {
  const dist = resolve(root, 'dist');
  if (!existsSync(resolve(dist, 'index.html'))) throw new Error('no dist/index.html: run node scripts/build-dist.mjs first');
  pages.push(['dist', dist]);
}
if (option('--other', null)) pages.push(['other', resolve(option('--other'))]);

const browser = await launchChromium();
const bases = {};
const servers = [];
for (const [name, dir] of pages) {
  const s = await serve(dir, 0);
  servers.push(s);
  bases[name] = `http://127.0.0.1:${s.address().port}/`;
}

/** Before the page's own scripts: the largest paint and the moment body.ready is set. */
function watch() {
  window.__ready = { paint: 0, body: 0, narration: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__ready.paint = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const seen = () => {
    if (!window.__ready.body && document.body?.classList.contains('ready')) {
      window.__ready.body = performance.now();
      performance.mark('bench:playable');
    }
    const n = document.getElementById('narration');
    if (!window.__ready.narration && n && n.textContent.startsWith('Ready')) window.__ready.narration = performance.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

async function load(base, rate) {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  await ctx.addInitScript(watch);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', 'devtools.timeline'] });
  await page.goto(base, { waitUntil: 'commit' });
  await page.waitForSelector('body.ready', { timeout: 60000 });
  const cpu = mainThreadCpu(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
  // The first empty cell, tapped as soon as the board is ready; its time is when it shows selected.
  const cell = page.locator('#board [data-kind="empty"]').first();
  const which = await cell.getAttribute('data-cell');
  const tapped = await page.evaluate(() => performance.now());
  await cell.tap();
  await page.waitForFunction((c) => document.activeElement?.dataset.cell === c, which, { timeout: 60000 });
  const selected = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => window.__ready.narration > 0, null, { timeout: 60000 });
  const r = await page.evaluate(() => window.__ready);
  await ctx.close();
  return { paint: r.paint, playable: r.body, tap: selected - tapped, ready: r.narration, cpu };
}

/** The main thread's CPU ms until the mark `bench:playable` (the renderer's main thread: the one
 *  that made the mark): the thread time of its outermost events (tasks, and the microtask
 *  checkpoints that run the page's modules), each counted once. */
function mainThreadCpu(events) {
  const mark = events.find((e) => e.name === 'bench:playable');
  if (!mark) return NaN;
  const own = events
    .filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X' && e.ts <= mark.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let sum = 0, end = -Infinity;
  for (const e of own) {
    if (e.ts < end) continue; // inside one counted already
    sum += e.tdur ?? 0;
    end = e.ts + e.dur;
  }
  return sum / 1000;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const results = {};
for (let round = 0; round < rounds; round++) {
  for (const rate of throttles) {
    for (const [name] of pages) {
      const key = `${name} ${rate}×`;
      (results[key] ??= []).push(await load(bases[name], rate));
    }
  }
}
console.log(`page, throttle: median of ${rounds} loads at 375×812 (ms from navigation; tap = a tap's answer)`);
console.log('page      paint  playable  tap  ready    cpu   (each load: playable)');
for (const [key, rs] of Object.entries(results)) {
  const m = (f) => String(Math.round(median(rs.map((r) => r[f])))).padStart(6);
  console.log(`${key.padEnd(9)}${m('paint')}  ${m('playable')}${m('tap')}  ${m('ready')} ${m('cpu')}   (${rs.map((r) => Math.round(r.playable)).join(' ')})`);
}
await browser.close();
for (const s of servers) s.close();
