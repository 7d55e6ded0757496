// Takes the README's picture of the page: docs/img/page.png, 1280×800, in headless Chromium
// (Debian's /usr/bin/chromium, driven by playwright-core as tests/e2e does), a 9×9 puzzle
// part-way through its search so the board, the items and the whole matrix all show state.
//
//   scripts/build-wasm.sh && node scripts/screenshot.mjs [OUT.png]

import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { serve } from './serve.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = resolve(process.argv[2] ?? `${root}/docs/img/page.png`);
// Arto Inkala's "world's hardest" puzzle (in ../shared's famous_hard set), at step 400 of its search.
const PUZZLE = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
const server = await serve(root, 0);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:${server.address().port}/#p=${PUZZLE}&s=400`);
  await page.waitForFunction(() => /[1-9]/.test(document.querySelector('[role="status"], .narration')?.textContent ?? ''), null, { timeout: 20000 }).catch(() => {});
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out });
  console.log(`screenshot: ${out}`);
} finally {
  await browser.close();
  server.close();
}
