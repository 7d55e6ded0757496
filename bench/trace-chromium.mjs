#!/usr/bin/env node
// Trace throughput of the WebAssembly build in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core): serves the repository on 127.0.0.1, opens bench/trace.html, and
// prints events/s through Trace.nextBatch (batches of 1k, 16k, 256k events) on the empty grid
// and a hard puzzle, then memory before and after a long stream (default 100M events): wasm
// memory, performance.memory (JS heap) and the RSS of Chromium's processes.
//
//   scripts/build-wasm.sh && node bench/trace-chromium.mjs [--quick] [--runs N] [--events N]
//
// Also run by `node bench/wasm.mjs` (its part 4). Not part of scripts/test.sh.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const k = argv.indexOf(name);
  return k >= 0 ? Number(argv[k + 1]) : dflt;
};
const quick = argv.includes('--quick');
const RUNS = opt('--runs', quick ? 2 : 5);
const EVENTS = opt('--events', quick ? 10e6 : 100e6);
const SECONDS = quick ? 0.3 : 1;
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

if (!fs.existsSync(path.join(root, 'www/pkg/dlx_sudoku_bg.wasm'))) {
  console.error('trace-chromium: www/pkg/ is missing: run scripts/build-wasm.sh first');
  process.exit(2);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`trace-chromium: ${CHROMIUM} not found (apt-get install chromium, or set CHROMIUM=)`);
  process.exit(2);
}
const { chromium } = await import('playwright-core');

// --- a tiny static server for the repository, 127.0.0.1 only ------------------------------------
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json', '.css': 'text/css' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  const file = path.resolve(root, '.' + decodeURIComponent(url.pathname));
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}`;

// --- the RSS of a process tree, from /proc --------------------------------------------------------
function treeRss(pid) {
  const children = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    } catch { /* gone */ }
  }
  let total = 0, count = 0;
  const walk = (p) => {
    try {
      const m = fs.readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
      if (m) (total += Number(m[1]) * 1024, count++);
    } catch { /* gone */ }
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return { bytes: total, processes: count };
}

const mb = (b) => `${(b / 1048576).toFixed(1)} MiB`;
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

// launchServer, so that we know the browser's pid (for RSS); then connect to it.
const browserServer = await chromium.launchServer({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run',
    '--enable-precise-memory-info', '--js-flags=--expose-gc'],
});
const browserPid = browserServer.process().pid;
let status = 0;
try {
  const browser = await chromium.connect(browserServer.wsEndpoint());
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${base}/bench/trace.html`);
  await page.waitForFunction(() => window.benchReady === true, null, { timeout: 30_000 }).catch((e) => {
    throw new Error(`bench/trace.html did not load: ${errors.join('; ') || e.message}`);
  });
  console.log(`   ${browser.version()} (${CHROMIUM}), headless; events/s through Trace.nextBatch, median of ${RUNS} runs of ~${SECONDS}s`);

  const rows = await page.evaluate((o) => window.throughput(o), { runs: RUNS, seconds: SECONDS });
  for (const r of rows) {
    console.log(`   ${pad(r.puzzle, 44)} batch ${lpad(r.batch >> 10, 3)}k  ${lpad((r.median / 1e6).toFixed(1), 6)} M events/s` +
      `  (min ${(r.min / 1e6).toFixed(1)} .. max ${(r.max / 1e6).toFixed(1)})`);
  }

  const before = await page.evaluate(() => window.memoryStart());
  const rssBefore = treeRss(browserPid);
  const after = await page.evaluate((n) => window.memoryRun(n), EVENTS);
  const rssAfter = treeRss(browserPid);
  console.log(`   memory over ${after.events.toLocaleString('en-US')} events (empty grid, nextBatch(64k)) in ` +
    `${after.seconds.toFixed(1)} s (${(after.rate / 1e6).toFixed(1)} M/s); trace: solutions=${after.solutions.toLocaleString('en-US')} depth=${after.depth}`);
  console.log(`   wasm memory                ${lpad(mb(before.wasm), 10)} -> ${lpad(mb(after.wasm), 10)}`);
  console.log(`   performance.memory used    ${lpad(mb(before.jsUsed), 10)} -> ${lpad(mb(after.jsUsed), 10)}   (total ${mb(before.jsTotal)} -> ${mb(after.jsTotal)})`);
  console.log(`   Chromium RSS (${rssAfter.processes} processes) ${lpad(mb(rssBefore.bytes), 10)} -> ${lpad(mb(rssAfter.bytes), 10)}`);
  console.log(`   ${after.wasm === before.wasm ? 'flat: wasm memory did not grow' : 'WASM MEMORY GREW'}`);
  if (errors.length) {
    console.log(`   page errors: ${errors.join('; ')}`);
    status = 1;
  }
  await browser.close();
} catch (e) {
  console.error(`trace-chromium: ${e.stack ?? e}`);
  status = 1;
} finally {
  await browserServer.close();
  server.close();
}
process.exit(status);
