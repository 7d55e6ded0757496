// A measuring tool, not a test: the CPU of N loads of the page (its Chromium's, every process
// under it, from Linux's /proc), each to body.ready and the player at rest, one after another.
//
//   node tests/e2e/load-cpu.mjs N HASH [--chromium-flag...]   HASH '-' for none, e.g.
//   node tests/e2e/load-cpu.mjs 6 - --js-flags=--no-wasm-tier-up
//   MODE=context (default: each load in a fresh browser context, as e2e's open() does) |
//   MODE=page (a new page in one context) | MODE=reload (one page, navigated away and back)
//
// Needs www/pkg built. Alternate the variants in rounds (the machine's load moves the numbers).
import { launchChromium } from './chromium.mjs';
import { serve } from '../../scripts/serve.mjs';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
const root = resolve(fileURLToPath(import.meta.url), '../../..');
const [n, hash, ...flags] = process.argv.slice(2);
function cpu(under) {
  const parent = new Map(), ticks = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat; try { stat = readFileSync(`/proc/${name}/stat`, 'utf8'); } catch { continue; }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parent.set(Number(name), Number(f[1])); ticks.set(Number(name), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
  }
  let sum = 0;
  for (const [pid, t] of ticks) for (let p = pid; p > 0; p = parent.get(p) ?? 0) if (p === under) { sum += t; break; }
  return sum / 100;
}
const server = await serve(root, 0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium(['--enable-precise-memory-info', ...flags]);
const c0 = cpu(process.pid), t0 = Date.now();
const mode = process.env.MODE ?? 'context';
const shared = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
const kept = mode === 'reload' ? await shared.newPage() : null;
for (let k = 0; k < Number(n); k++) {
  const ctx = mode === 'context' ? await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' }) : shared;
  const page = kept ?? await ctx.newPage();
  if (kept) await page.goto('about:blank');
  await page.goto(base + (hash === '-' ? '' : hash));
  await page.waitForSelector('body.ready', { timeout: 30000 });
  await page.waitForFunction(() => !window.dlxPage.player.busy, null, { timeout: 30000 });
  if (mode === 'context') await ctx.close();
  else if (mode === 'page') await page.close();
}
const c1 = cpu(process.pid);
console.log(`${mode}: ${n} loads of ${hash} with [${flags.join(' ')}]: ${((c1 - c0) / n).toFixed(3)} s CPU a load, ${((Date.now() - t0) / n / 1000).toFixed(2)} s wall`);
await browser.close();
server.close();
