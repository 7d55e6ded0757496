// Renders the app icons (PNG) from icon.svg and icon-maskable.svg with Debian's Chromium.
// Run by hand after editing an SVG; the PNGs are committed, so a build needs no browser.
//
//   node scripts/dist/make-icons.mjs

import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const here = resolve(fileURLToPath(import.meta.url), '..');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const [svg, png, size] of [
    ['icon.svg', 'icon-192.png', 192],
    ['icon.svg', 'icon-512.png', 512],
    ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const data = readFileSync(resolve(here, svg), 'utf8');
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${data}`);
    await page.screenshot({ path: resolve(here, png), omitBackground: true });
    await page.close();
    console.log(`make-icons: ${png} (${size}×${size}) from ${svg}`);
  }
} finally {
  await browser.close();
}
