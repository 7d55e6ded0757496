#!/usr/bin/env node
// The page's frame rate at the top play speed with the search tree shown and in view, in
// headless Chromium: frames/s, the median and 95th-percentile frame, the events played a
// second, and the tree's own cost (ms to read and lay out a tree from Rust, ms to paint
// it, how many of each). Cases: the empty 9×9 grid (its tree passes 2^14 nodes within
// seconds and folds; a hard 9×9 ends too soon at this speed) and the workbench's
// pentominoes 6×10 (millions of nodes, drawn by level of detail: finished branches as counts).
//
//   node bench/tree-fps.mjs [--rounds N (3)] [--seconds S (6)] [--root DIR] [--only SUBSTRING]
//
// --root: serve another copy of the page (main's worktree, to compare in the same hour);
// --only: the cases whose name contains it (`--only pento`).
//
// Numbers only, no pass/fail: the machine is shared, so read them with its load.
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/serve.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const root = resolve(option('--root', resolve(fileURLToPath(import.meta.url), '../..')));
const only = option('--only', '');
const rounds = Number(option('--rounds', 3));
const seconds = Number(option('--seconds', 6));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const server = await serve(root, 0);
const base = `http://127.0.0.1:${server.address().port}/`;

/** One run: the page at `hash` (with `gallery`, that workbench example), played at top speed. */
async function run(hash, gallery, shown = true) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(base + hash);
  await page.waitForSelector('body.ready', { timeout: 30000 });
  if (gallery) {
    await page.click(`#cover-pane .gallery button:text-is("${gallery}")`);
    await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
  }
  await page.evaluate(() => {
    const s = document.querySelector('#speed');
    s.value = s.max;
    s.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.uncheck('#stop-at-solution');
  await page.click('[data-action="toggle"]');
  // In view after Play's button (a click scrolls its button into view): drawn only while seen.
  await page.evaluate((shown) => {
    const t = document.querySelector('#tree');
    t.open = shown;
    t.scrollIntoView();
  }, shown);
  await page.waitForTimeout(1000);
  const r = await page.evaluate((ms) => new Promise((done) => {
    const ts = [];
    const tree = window.dlxPage.shell.views.tree;
    const s0 = { ...tree.stats };
    const e0 = tree.trace.events;
    const frame = (t) => {
      ts.push(t);
      if (t - ts[0] < ms) requestAnimationFrame(frame);
      else {
        const s1 = tree.stats;
        done({ ts, events: tree.trace.events - e0, draws: s1.draws - s0.draws, ms: s1.ms - s0.ms, paints: s1.paints - s0.paints, paintMs: s1.paintMs - s0.paintMs, nodes: tree.tree.size, folds: tree.tree.folds, said: document.querySelector('#tree .tree-said').textContent });
      }
    };
    requestAnimationFrame(frame);
  }), seconds * 1000);
  await ctx.close();
  const gaps = r.ts.slice(1).map((t, k) => t - r.ts[k]).sort((a, b) => a - b);
  const secs = (r.ts.at(-1) - r.ts[0]) / 1000;
  return {
    fps: gaps.length / secs,
    median: gaps[gaps.length >> 1],
    p95: gaps[Math.floor(gaps.length * 0.95)],
    events: r.events / secs,
    draws: r.draws,
    drawMs: r.draws ? r.ms / r.draws : 0,
    paints: r.paints,
    paintMs: r.paints ? r.paintMs / r.paints : 0,
    nodes: r.nodes,
    folds: r.folds,
    total: Number((/^([\d,]+) options tried/.exec(r.said)?.[1] ?? '0').replace(/,/g, '')) + 1,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
// Each with the tree shown, and closed (the same page and play without it: its cost, as a
// ratio within the round).
const cases = [
  ['empty 9×9', `#p=${'.'.repeat(81)}`],
  ['empty 9×9, tree closed', `#p=${'.'.repeat(81)}`, null, false],
  ['pentominoes 6×10', '#m=cover', 'Pentominoes 6×10'],
  ['pentominoes 6×10, tree closed', '#m=cover', 'Pentominoes 6×10', false],
].filter(([name]) => name.includes(only));
const results = Object.fromEntries(cases.map(([name]) => [name, []]));
for (let k = 0; k < rounds; k++) {
  for (const [name, hash, gallery, shown] of k % 2 ? [...cases].reverse() : cases) results[name].push(await run(hash, gallery, shown));
}
for (const [name, rs] of Object.entries(results)) {
  const m = (key) => median(rs.map((r) => r[key]));
  if (name.endsWith('closed')) {
    const open = results[name.replace(', tree closed', '')];
    const ratio = open ? ` with the tree shown ${median(rs.map((r, k) => open[k].fps / r.fps)).toFixed(2)}× the frames/s (median of per-round ratios)` : '';
    console.log(`${name}: ${m('fps').toFixed(1)} frames/s (rounds: ${rs.map((r) => r.fps.toFixed(1)).join(', ')}), ${Math.round(m('events')).toLocaleString('en-US')} events/s;${ratio}`);
    continue;
  }
  console.log(`${name}: ${m('fps').toFixed(1)} frames/s (rounds: ${rs.map((r) => r.fps.toFixed(1)).join(', ')}), frame median ${m('median').toFixed(1)} ms, p95 ${m('p95').toFixed(1)} ms; ${Math.round(m('events')).toLocaleString('en-US')} events/s; tree read+laid out ${m('drawMs').toFixed(1)} ms x${m('draws')}, painted ${m('paintMs').toFixed(1)} ms x${m('paints')}; at the end ${m('nodes').toLocaleString('en-US')} nodes kept of ${m('total').toLocaleString('en-US')}, ${m('folds')} folds`);
}
await browser.close();
server.close();
