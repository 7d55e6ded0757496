// A measuring tool, not a test: how many elements the page has once loaded (body.ready, the
// player at rest), and which parts hold them: each element with an id whose subtree is large.
//
//   node tests/e2e/dom-count.mjs [HASH or -] [WIDTHxHEIGHT]   e.g. `node tests/e2e/dom-count.mjs - 375x812`
// Also prints Chromium's counts of nodes, layout objects, layouts and style recalculations
// (Performance.getMetrics). Needs www/pkg built.
import { launchChromium } from './chromium.mjs';
import { serve } from '../../scripts/serve.mjs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
const root = resolve(fileURLToPath(import.meta.url), '../../..');
const [hash = '', size = '1280x800'] = process.argv.slice(2);
const [width, height] = size.split('x').map(Number);
const server = await serve(root, 0);
const browser = await launchChromium([]);
const ctx = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Performance.enable');
await page.goto(`http://127.0.0.1:${server.address().port}/${hash === '-' ? '' : hash}`);
await page.waitForSelector('body.ready', { timeout: 30000 });
await page.waitForFunction(() => !window.dlxPage.player.busy, null, { timeout: 30000 });
const parts = await page.evaluate(() => {
  const all = document.querySelectorAll('*').length;
  const rows = [];
  for (const e of document.querySelectorAll('[id]')) {
    const n = e.querySelectorAll('*').length;
    if (n >= 50) rows.push([e.id, n, e.closest('[hidden]') ? 'hidden' : e.checkVisibility() ? 'shown' : 'not rendered']);
  }
  return { all, rows };
});
console.log(`${parts.all} elements`);
for (const [id, n, how] of parts.rows) console.log(`  #${id}: ${n} (${how})`);
const m = await cdp.send('Performance.getMetrics');
if (m) for (const x of m.metrics) if (/Nodes|LayoutCount|RecalcStyleCount|LayoutObjects/.test(x.name)) console.log(`  ${x.name}: ${x.value}`);
await browser.close();
server.close();
