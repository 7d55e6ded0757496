// Tests of the deployable build (scripts/build-dist.mjs) in headless Chromium (Debian's
// chromium-headless-shell driven by playwright-core, as tests/e2e/chromium.mjs launches it):
//   0. esbuild's bundles: a fixture page of tricky JavaScript (tests/dist/tricky/: `i++ / 2`,
//      regular expressions and template literals with slashes, quotes and backticks), built
//      as dist/ is, served and from file://, computes what Node computes, in the page and in
//      its worker;
//   1. the files: hashed names that match their contents, relative URLs only, the service
//      worker's list = the folder, CSP hashes of the single file = its inline code;
//   2. dist/ served under a sub-path: loads, solves, animates; the service worker activates,
//      precaches, deletes its own old caches (not other apps'); the manifest is installable;
//   3. the server stopped and the browser offline: reload, solve, animate, restart the solver
//      worker, open a second tab: all from the service worker's cache;
//   4. an update: open tabs keep the old version whole; once they are closed, the new one;
//   5. dist/dlx-sudoku.html opened from file:// (browser offline too): solves and animates.
// Everywhere: no console error or warning, no page error, no CSP violation, no failed request.
// First of all, the size budget (tests/dist/sizes.mjs): the wasm module's and the single file's
// sizes are printed (and kept in target/dist-sizes.txt for scripts/test.sh's summary), and the
// run fails at once when the module is past 160 KiB gzipped (DIST_MAX_WASM_GZ=BYTES to try another).
// Screenshots: screenshots/dist-*.png.
//
//   node tests/dist/run.mjs               builds dist/ first (node scripts/build-dist.mjs --no-wasm)
//   node tests/dist/run.mjs --no-build    tests dist/ as it is
//   node tests/dist/run.mjs --only TEXT   only the tests whose name contains TEXT (the sizes too)

import { launchChromium } from '../e2e/chromium.mjs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import { serveDist } from './server.mjs';
import { checkSizes } from './sizes.mjs';
import { givens, isSolution, shown } from './board.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const dist = join(root, 'dist');
const shots = join(root, 'screenshots');
mkdirSync(shots, { recursive: true });
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

if (!process.argv.includes('--no-build')) {
  const r = spawnSync(process.execPath, [join(root, 'scripts/build-dist.mjs'), '--no-wasm'], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('dist: the build failed');
    process.exit(1);
  }
}
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist: dist/ is not built: node scripts/build-dist.mjs');
  process.exit(2);
}
{
  const tooBig = checkSizes(dist, root);
  if (tooBig) {
    console.error(`dist: FAIL size: ${tooBig}`);
    process.exit(1);
  }
}

// --- harness -----------------------------------------------------------------------------------
const tests = [];
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt < 0 ? null : process.argv[onlyAt + 1];
const test = (name, fn) => (only === null || name.includes(only)) && tests.push({ name, fn });
let problems = []; // console errors, page errors, CSP violations, failed requests of the current test

const files = (() => {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(relative(dist, join(d, e.name)).split(sep).join('/'));
    }
  };
  walk(dist);
  return out.sort();
})();
const read = (p) => readFileSync(join(dist, p), 'utf8');
const sha256 = (data, enc = 'hex') => createHash('sha256').update(data).digest(enc);

// Without the address bar's drop-down pages in each new context (tests/e2e/chromium.mjs).
const browser = await launchChromium();

/** A fresh context whose pages report problems, CSP violations and a boot failure message. */
async function newContext(label, options = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', ...options });
  await ctx.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
    // index.html's boot line turns red ('failed') if the page could not start: record it.
    window.__bootFailed = null;
    new MutationObserver(() => {
      const boot = document.getElementById('boot');
      if (boot?.classList.contains('failed') && !window.__bootFailed) window.__bootFailed = boot.textContent;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  ctx.on('page', (page) => watch(page, label));
  ctx.on('weberror', (e) => problems.push(`${label}: uncaught: ${e.error().message}`));
  return ctx;
}

function watch(page, label) {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${label}: console error: ${m.text()}`);
    else if (m.type() === 'warning') problems.push(`${label}: console warning: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${label}: page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`${label}: request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('worker', (w) => w.on?.('console', (m) => m.type() === 'error' && problems.push(`${label}: worker console error: ${m.text()}`)));
}

/** CSP violations and a boot failure seen by the page so far. */
async function pageProblems(page, label) {
  const { csp, boot } = await page.evaluate(() => ({ csp: window.__csp, boot: window.__bootFailed }));
  for (const v of csp) problems.push(`${label}: CSP violation: ${v}`);
  if (boot) {
    problems.push(`${label}: #boot said the page could not start, yet it did: "${boot}"` + (label === 'file'
      ? ' (index.html\'s inline boot script takes every file:// page for broken; the single file is not: test for an external module script too, e.g. location.protocol === \'file:\' && document.querySelector(\'script[type="module"][src]\'))'
      : ''));
  }
}

/** Evaluates `fn(arg)` in the page (it may be async) until it is truthy. */
async function poll(page, fn, arg, what, timeout = 10000) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(fn, arg)) return;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

const shot = (page, name) => page.screenshot({ path: join(shots, `${name}.png`) });

// --- what a user does: pick a puzzle, solve it, watch the search --------------------------------
const events = (page) => page.$eval('[data-counter="events"]', (e) => Number(e.textContent.replace(/,/g, '')));
const boardHtml = (page) => page.$eval('#board', (b) => b.innerHTML);

/** Loads, solves an example with the Solve button, steps and plays the search. */
async function solveAndAnimate(page, label, example = 'poj1') {
  await page.waitForSelector('body.ready', { timeout: 20000 });
  await page.selectOption('#examples', example);
  const puzzle = await givens(page);
  assert.ok((puzzle.match(/[1-9]/g) ?? []).length >= 17, `${label}: the example ${example} is on the board`);
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="unique"]', { timeout: 20000 });
  const grid = await shown(page);
  assert.ok(isSolution(grid, puzzle), `${label}: the board shows a solution of the puzzle (got ${grid})`);
  await shot(page, `dist-${label}-solved`);

  // step through the search: each step is one event, and the board follows
  await page.click('[data-action="forward"]');
  assert.equal(await events(page), 1, `${label}: one step forward`);
  const first = await boardHtml(page);
  for (let k = 0; k < 8; k++) await page.click('[data-action="forward"]');
  assert.equal(await events(page), 9, `${label}: nine steps forward`);
  const ninth = await boardHtml(page);
  assert.notEqual(ninth, first, `${label}: the board changes as the search steps`);
  // play: events run on by themselves and the board keeps changing (at about 60 steps a
  // second, one a frame: faster than the first speed, 2 a second, made for a class)
  await page.$eval('#speed', (el) => {
    el.value = '6';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.click('[data-action="toggle"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-counter="events"]').textContent.replace(/,/g, '')) > 40, null, { timeout: 10000 });
  assert.equal(await page.$eval('[data-action="toggle"]', (b) => b.getAttribute('aria-pressed')), 'true', `${label}: playing`);
  await shot(page, `dist-${label}-playing`);
  const played = await boardHtml(page);
  assert.notEqual(played, ninth, `${label}: the board changes while playing`);
  await page.click('[data-action="toggle"]');
  await page.waitForFunction(() => document.querySelector('[data-action="toggle"]').getAttribute('aria-pressed') === 'false');
  return puzzle;
}

/** Stops the solver's worker (as Cancel does: a new worker starts), then solves again. */
async function restartWorkerAndSolve(page, label) {
  await page.evaluate(() => window.dlxPage.solver.cancel());
  await page.selectOption('#examples', 'hdu');
  const puzzle = await givens(page);
  await page.click('#solve');
  await page.waitForSelector('#result[data-kind="unique"]', { timeout: 20000 });
  assert.ok(isSolution(await shown(page), puzzle), `${label}: the restarted solver worker solves`);
}

// --- 0. the bundler ------------------------------------------------------------------------------
test('esbuild: a page of tricky JavaScript (i++ / 2, regexps, templates), built, gives what Node gives, served and from file://', async () => {
  // tests/dist/tricky/: a page whose module and worker run tricky(), and load the real wasm.
  const fixture = join(root, 'tests/dist/tricky');
  const out = join(root, 'target/dist-tricky');
  const r = spawnSync(process.execPath, [join(root, 'scripts/build-dist.mjs'), '--no-wasm', '--page', join(fixture, 'index.html'), '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, `the fixture builds:\n${r.stdout}${r.stderr}`);
  assert.doesNotMatch(r.stdout + r.stderr, /warning/, 'the fixture builds without warnings');
  const { tricky } = await import(pathToFileURL(join(fixture, 'tricky.js')).href);
  const expected = {
    page: tricky(),
    worker: tricky(),
    wasm: true,
    data: readFileSync(join(fixture, 'data.txt'), 'utf8'),
  };
  assert.equal(expected.page.a, 2.5, 'i++ / 2 is a division');
  // it went through esbuild: minified (no comment left), no import left
  const main = readdirSync(join(out, 'assets/tests/dist/tricky')).find((f) => /^main\.[0-9a-f]{8}\.js$/.test(f));
  const built = readFileSync(join(out, 'assets/tests/dist/tricky', main), 'utf8');
  assert.doesNotMatch(built, /a comment between divisions|import\s*\{/, 'the module is bundled and minified');

  const results = async (page, label) => {
    await page.waitForSelector('body.ready', { timeout: 20000 });
    const got = JSON.parse(await page.$eval('#out', (e) => e.textContent));
    assert.deepEqual(got, expected, `${label}: the page and its worker compute what Node computes`);
    await pageProblems(page, label);
  };
  const site = await serveDist(out, { prefix: '/tricky/' });
  try {
    const ctx = await newContext('tricky served');
    try {
      const page = await ctx.newPage();
      await page.goto(site.url);
      await results(page, 'tricky served');
      await shot(page, 'dist-tricky-served');
    } finally {
      await ctx.close();
    }
  } finally {
    await site.close();
  }
  const ctx = await newContext('tricky file', { offline: true });
  try {
    const page = await ctx.newPage();
    await page.goto(pathToFileURL(join(out, 'dlx-sudoku.html')).href);
    await results(page, 'tricky file');
    await shot(page, 'dist-tricky-file');
  } finally {
    await ctx.close();
  }
});

// --- 1. the files ------------------------------------------------------------------------------
test('dist/: hashed names match contents; URLs relative; sw.js lists the folder; single file self-contained', async () => {
  for (const f of ['index.html', 'sw.js', 'manifest.webmanifest', 'dlx-sudoku.html']) assert.ok(files.includes(f), `dist/${f} exists`);
  const assets = files.filter((f) => f.startsWith('assets/'));
  assert.ok(assets.some((f) => /\.wasm$/.test(f)) && assets.some((f) => /\.css$/.test(f)) && assets.some((f) => /^assets\/main\.[0-9a-f]{8}\.js$/.test(f)));
  for (const f of assets) {
    const m = f.match(/\.([0-9a-f]{8})\.[a-z]+$/);
    assert.ok(m, `${f} has a content hash in its name`);
    assert.equal(m[1], sha256(readFileSync(join(dist, f))).slice(0, 8), `${f}: the hash in the name is the content's`);
  }
  // relative URLs only, and each one resolves to a file of dist/
  const html = read('index.html');
  const refs = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]).filter((u) => !u.startsWith('data:') && !u.startsWith('#'));
  assert.ok(refs.length >= 5);
  for (const u of refs) assert.ok(files.includes(u), `index.html: ${u} is a relative URL of a file in dist/`);
  // esbuild's bundles: the page's module and its worker, each starting or fetching files by
  // new URL("./…", import.meta.url), and importing nothing (all is in the bundle)
  const bundles = assets.filter((f) => f.endsWith('.js') && !/^assets\/(sw-register|index\.inline-)/.test(f));
  assert.ok(bundles.length >= 2, 'the solver\'s worker is a bundle of its own');
  const urls = [];
  for (const f of bundles) {
    assert.doesNotMatch(read(f), /(?:^|[;}])\s*import\s*(?:[{*"']|[\w$]+\s*(?:,|from))|\bimport\(/, `${f}: imports nothing`);
    for (const m of read(f).matchAll(/new URL\("([^"]+)",import\.meta\.url\)/g)) {
      urls.push(m[1]);
      assert.ok(m[1].startsWith('./') || m[1].startsWith('../'), `${f}: '${m[1]}' is relative`);
      assert.ok(files.includes(relative(dist, resolve(dist, f, '..', m[1])).split(sep).join('/')), `${f}: '${m[1]}' exists`);
    }
  }
  assert.ok(urls.some((u) => /\.[0-9a-f]{8}\.js$/.test(u)) && urls.some((u) => /\.[0-9a-f]{8}\.wasm$/.test(u)), 'the worker and the wasm are found by new URL(…, import.meta.url)');
  const manifest = JSON.parse(read('manifest.webmanifest'));
  for (const icon of manifest.icons) assert.ok(files.includes(icon.src), `manifest icon ${icon.src}`);
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512') && manifest.icons.some((i) => i.sizes === '192x192'));
  // the service worker precaches exactly the folder, but for itself and the single file
  const sw = read('sw.js');
  const listed = JSON.parse(sw.match(/const ASSETS = (\[[\s\S]*?\]);/)[1]).map((u) => u.replace(/^\.\//, '')).sort();
  assert.deepEqual(listed, files.filter((f) => f !== 'sw.js' && f !== 'dlx-sudoku.html'));
  // its VERSION is a hash of every file it caches: any change to any of them installs a new one
  const all = createHash('sha256');
  for (const p of listed) all.update(p).update('\0').update(readFileSync(join(dist, p))).update('\0');
  assert.equal(sw.match(/const VERSION = "([0-9a-f]{16})";/)?.[1], all.digest('hex').slice(0, 16), 'sw.js VERSION = hash of the files');
  // CSP: the site's is strict; the single file's hashes are those of its inline code
  const csp = (h) => h.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)[1].replace(/&#39;|&apos;/g, "'");
  assert.match(csp(html), /script-src 'self' 'wasm-unsafe-eval';/);
  assert.doesNotMatch(csp(html), /'unsafe-inline'|'unsafe-eval'/);
  const single = read('dlx-sudoku.html');
  assert.doesNotMatch(single, /\s(?:src|href)="(?!data:|#)[^"]*"/, 'the single file loads nothing from outside itself');
  const singleCsp = csp(single);
  assert.doesNotMatch(singleCsp, /'unsafe-inline'|'unsafe-eval'|'self'/);
  const scripts = [...single.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const styles = [...single.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  assert.ok(scripts.length >= 1 && styles.length === 1);
  const hashes = (dir) => [...singleCsp.match(new RegExp(`${dir} ([^;]*)`))[1].matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]).sort();
  assert.deepEqual(hashes('script-src'), scripts.map((s) => sha256(s, 'base64')).sort(), 'script-src hashes = the inline scripts');
  assert.deepEqual(hashes('style-src'), styles.map((s) => sha256(s, 'base64')), 'style-src hash = the inline style');
  assert.match(singleCsp, /worker-src data:;/);
});

// --- 2 and 3. dist/ under a sub-path, then offline ----------------------------------------------
test('dist/ under a sub-path: solves, animates, service worker precaches; then offline: reload, solve, animate', async () => {
  const site = await serveDist(dist, { prefix: '/some/sub/path/' });
  const ctx = await newContext('online');
  let closed = false;
  try {
    // Before the first visit: a cache an older version of this copy left, and another app's.
    const origin = new URL(site.url).origin;
    const before = problems.length;
    const probe = await ctx.newPage();
    await probe.goto(`${origin}/nothing-here`);
    await probe.evaluate(async (scope) => {
      await (await caches.open(`dlx-sudoku:${scope}:0000000000000000`)).put(`${scope}old.js`, new Response('old'));
      await (await caches.open('another-app')).put('/x', new Response('x'));
    }, site.url);
    await probe.close();
    problems.length = before; // the probe's 404s are on purpose

    const page = await ctx.newPage();
    await page.goto(site.url);
    await solveAndAnimate(page, 'online');

    // the service worker: active, controlling the page, cache = this version's files
    const version = read('sw.js').match(/const VERSION = "([0-9a-f]+)"/)[1];
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10000 });
    const sw = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const keys = await caches.keys();
      const entries = {};
      for (const k of keys) entries[k] = (await (await caches.open(k)).keys()).length;
      return { scope: reg.scope, state: reg.active?.state, script: reg.active?.scriptURL, entries };
    });
    assert.equal(sw.scope, site.url, 'the worker\'s scope is the sub-path');
    assert.equal(sw.state, 'activated');
    assert.equal(sw.script, `${site.url}sw.js`);
    const precached = JSON.parse(read('sw.js').match(/const ASSETS = (\[[\s\S]*?\]);/)[1]).length;
    assert.deepEqual(sw.entries, { [`dlx-sudoku:${site.url}:${version}`]: precached, 'another-app': 1 },
      'one cache of this version with every file; the old version\'s deleted; another app\'s kept');
    // no request outside the sub-path, none missing
    assert.deepEqual(site.requests.filter((r) => r.status !== 200 && r.path !== '/nothing-here' && r.path !== '/favicon.ico'), [], 'every request found its file');

    // the page says so, and offers the single file for download
    await page.waitForFunction(() => document.querySelector('#offline').dataset.state === 'ready', null, { timeout: 10000 });
    assert.match(await page.$eval('#offline-state', (p) => p.textContent), /^Works offline: /);
    assert.deepEqual(await page.$eval('#offline-file', (a) => [a.hidden, a.getAttribute('href'), a.hasAttribute('download'), a.textContent]), [false, 'dlx-sudoku.html', true, 'Download for offline use']);
    assert.equal(await page.$$eval('link[rel="manifest"]', (l) => l.length), 1, 'the build\'s manifest, not a second one');

    // installable: Chromium reads the manifest and finds nothing missing
    const cdp = await ctx.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.equal(manifest.url, `${site.url}manifest.webmanifest`);
    assert.deepEqual(manifest.errors, [], 'the manifest parses without errors');
    // ('in-incognito': Playwright's contexts are incognito-like; not about the app)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors.filter((e) => e.errorId !== 'in-incognito'), [], 'Chromium sees no installability error');
    await pageProblems(page, 'online');

    // the single file works from a web server too (its worker is a data: URL, its CSP has no 'self')
    const one = await ctx.newPage();
    await one.goto(`${site.url}dlx-sudoku.html`);
    await one.waitForSelector('body.ready', { timeout: 20000 });
    await one.selectOption('#examples', 'hiho');
    const hiho = await givens(one);
    await one.click('#solve');
    await one.waitForSelector('#result[data-kind="unique"]', { timeout: 20000 });
    assert.ok(isSolution(await shown(one), hiho), 'the single file, served: solves');
    await pageProblems(one, 'single file served');
    await one.close();

    // the network gone: the server stopped and the browser offline
    const served = site.requests.length;
    await site.close();
    closed = true;
    await ctx.setOffline(true);
    await page.reload();
    await solveAndAnimate(page, 'offline', 'poj2');
    await restartWorkerAndSolve(page, 'offline');
    // a second tab, straight to index.html with a puzzle in the link
    const line = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    const tab = await ctx.newPage();
    await tab.goto(`${site.url}index.html#p=${line}`);
    await tab.waitForSelector('body.ready', { timeout: 20000 });
    assert.equal(await givens(tab), line, 'offline: a link with a puzzle opens it');
    await tab.click('#solve');
    await tab.waitForSelector('#result[data-kind="unique"]', { timeout: 20000 });
    assert.ok(isSolution(await shown(tab), line));
    await shot(tab, 'dist-offline-second-tab');
    assert.equal(site.requests.length, served, 'offline: nothing reached the server');
    await pageProblems(page, 'offline');
    await pageProblems(tab, 'offline tab');
  } finally {
    await ctx.close();
    if (!closed) await site.close();
  }
});

// --- 4. an update -------------------------------------------------------------------------------
test('an update: an open tab keeps the old version whole; after it closes, the new version, old cache gone', async () => {
  // version 2: the same build with another title (so another index.html, so another VERSION)
  const tmp = join(root, 'target/dist-update');
  rmSync(tmp, { recursive: true, force: true });
  cpSync(dist, join(tmp, 'v1'), { recursive: true });
  cpSync(dist, join(tmp, 'v2'), { recursive: true });
  const v2 = (p) => join(tmp, 'v2', p);
  writeFileSync(v2('index.html'), readFileSync(v2('index.html'), 'utf8').replace('<title>', '<title>v2 '));
  const oldVersion = read('sw.js').match(/const VERSION = "([0-9a-f]+)"/)[1];
  const newVersion = 'feedfacefeedface';
  writeFileSync(v2('sw.js'), readFileSync(v2('sw.js'), 'utf8').replace(oldVersion, newVersion));
  let current = join(tmp, 'v1');
  const site = await serveDist(() => current, { prefix: '/app/' });
  const ctx = await newContext('update');
  try {
    const page = await ctx.newPage();
    await page.goto(site.url);
    await page.waitForSelector('body.ready', { timeout: 20000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10000 });
    current = join(tmp, 'v2'); // deployed
    await page.reload();
    await page.waitForSelector('body.ready', { timeout: 20000 });
    assert.equal(await page.title(), 'Dancing Links Sudoku', 'the open tab still runs version 1');
    await poll(page, async () => (await navigator.serviceWorker.getRegistration()).waiting !== null, null, 'version 2 installed and waiting');
    const keys = await page.evaluate(() => caches.keys());
    assert.deepEqual(keys.sort(), [`dlx-sudoku:${site.url}:${newVersion}`, `dlx-sudoku:${site.url}:${oldVersion}`].sort(), 'both versions cached while the old tab is open');
    await solveAndAnimate(page, 'update-old-tab', 'easy');
    await page.close();
    // The waiting worker takes over once no tab uses the old one, a moment later (seconds on a
    // busy machine). A tab opened before that is the old one's again and keeps it waiting: such a
    // tab is closed and another opened, for at most 30 s; the tab that stays must show version 2.
    // A tab whose navigation races the switch itself can be aborted by Chromium (net::ERR_ABORTED
    // on /app/, then no load event: seen once in CI on a loaded machine): as a person would, it
    // is closed and the page opened again; what it logged is printed, not counted as a problem.
    let next;
    const excused = [];
    for (const end = Date.now() + 30000; ;) {
      next = await ctx.newPage();
      const before = problems.length;
      try {
        await next.goto(site.url, { timeout: 15000 });
        await next.waitForSelector('body.ready', { timeout: 20000 });
        if ((await next.title()) === 'v2 Dancing Links Sudoku' || Date.now() > end) break;
      } catch (e) {
        if (Date.now() > end) throw e;
        excused.push(`a tab opened during the switch did not load (${e.message.split('\n')[0]})`, ...problems.splice(before));
      }
      await next.close();
      await new Promise((ok) => setTimeout(ok, 250));
    }
    if (excused.length) console.log(`     update: opened again after\n       ${excused.join('\n       ')}`);
    assert.equal(await next.title(), 'v2 Dancing Links Sudoku', 'a new tab gets version 2');
    await poll(next, async (v) => {
      const k = await caches.keys();
      return k.length === 1 && k[0].endsWith(v);
    }, newVersion, 'version 1\'s cache deleted');
    await pageProblems(next, 'update-new-tab');
  } finally {
    await ctx.close();
    await site.close();
    rmSync(tmp, { recursive: true, force: true });
  }
});

// --- 5. the single file from disk ---------------------------------------------------------------
test('dist/dlx-sudoku.html from file:// (no server, browser offline): solves and animates; the workbench counts on 3 workers and its link round-trips', async () => {
  const ctx = await newContext('file', { offline: true });
  // Three cores, whatever the machine has: Count starts three workers, each from a data: URL.
  await ctx.addInitScript(() => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 3 }));
  try {
    const page = await ctx.newPage();
    const urls = [];
    page.on('request', (r) => urls.push(r.url()));
    await page.goto(pathToFileURL(join(dist, 'dlx-sudoku.html')).href);
    await solveAndAnimate(page, 'file', 'escargot');
    assert.equal(await page.$eval('#offline', (f) => f.dataset.state), 'file', 'the single file says it is the offline copy');
    assert.equal(await page.$eval('#offline-file', (a) => a.hidden), true, 'and offers no download of itself');
    await restartWorkerAndSolve(page, 'file');
    // the theme and the Knuth tab work too (localStorage, the other trace)
    await page.click('#theme'); // auto → dark (the other colours than the light system's)
    await page.click('#tab-knuth');
    await page.waitForSelector('#knuth-pane:not([hidden])');
    for (let k = 0; k < 5; k++) await page.click('[data-action="forward"]');
    assert.equal(await events(page), 5);
    await shot(page, 'dist-file-knuth-dark');
    // Issue 33's views in the single file: Algorithm X's current line, the search tree and
    // Predict (a choice asked, answered and scored), all from the same inlined module.
    assert.equal(await page.$$eval('#algo [aria-current="step"]', (l) => l.length), 1, 'one line of Algorithm X marked');
    await page.waitForFunction(() => /^\d+ options? tried/.test(document.querySelector('#tree .tree-said')?.textContent ?? ''));
    await page.click('#predict-toggle');
    for (let k = 0; k < 30 && !(await page.$eval('#predict', (p) => p.classList.contains('asking'))); k++) await page.click('[data-action="forward"]');
    const asked = await events(page);
    await page.focus('#predict-item');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^Score: [01] right of 1$/.test(document.querySelector('#predict .predict-score').textContent));
    assert.match(await page.$eval('#predict .predict-verdict', (v) => v.textContent), /^(Right|No): /);
    assert.equal(await events(page), asked + 1, 'the search made its choice once answered');
    await page.click('#predict-toggle');
    // The workbench: its problem is packed into the link (CompressionStream works on file://
    // too), its count runs in workers of its own, and the link opens it again.
    await page.click('#tab-cover');
    await page.click('#cover-pane .gallery button:text-is("5 queens")');
    await page.waitForFunction(() => /^#m=cover&x=[\w-]+&look=dark$/.test(location.hash)); // the theme set above travels
    for (let k = 0; k < 6; k++) await page.click('[data-action="forward"]');
    assert.equal(await events(page), 6);
    await page.click('#cover-count');
    await page.waitForFunction(() => document.querySelector('#cover-result').dataset.kind === 'count');
    assert.match(await page.$eval('#cover-result', (e) => e.textContent), /^10 solutions: .* on 3 workers\)\.$/);
    await page.waitForFunction(() => /&s=6&look=dark$/.test(location.hash));
    const link = page.url();
    const again = await ctx.newPage();
    again.on('request', (r) => urls.push(r.url()));
    await again.goto(link);
    await again.waitForFunction(() => window.dlxPage?.controller.trace?.events === 6, null, { timeout: 15000 });
    assert.equal(await again.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the link\'s look');
    assert.equal(await again.$eval('#cover-text', (t) => t.value), await page.$eval('#cover-text', (t) => t.value));
    await pageProblems(again, 'file, second tab');
    const elsewhere = urls.filter((u) => !/^(file|data):/.test(u));
    assert.deepEqual(elsewhere, [], 'the single file loads only itself and data: URLs');
    await pageProblems(page, 'file');
  } finally {
    await ctx.close();
  }
});

// --- run ----------------------------------------------------------------------------------------
let failed = 0;
try {
  for (const t of tests) {
    problems = [];
    const t0 = Date.now();
    try {
      await t.fn();
      assert.deepEqual(problems, [], 'no console error or warning, page error, CSP violation or failed request');
      console.log(`ok   ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${t.name}\n     ${(e.stack ?? String(e)).split('\n').slice(0, 12).join('\n     ')}`);
      if (problems.length) console.log(`     problems seen:\n       ${problems.join('\n       ')}`);
    }
  }
} finally {
  await browser.close();
}
console.log(`dist: ${tests.length - failed} passed, ${failed} failed; screenshots in ${relative(root, shots)}/dist-*.png`);
process.exit(failed ? 1 : 0);
