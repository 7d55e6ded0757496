#!/usr/bin/env node
// Where a frame's time goes at the top play speed: a Chrome trace (devtools.timeline) of the
// page playing, summed per frame by kind of work on the renderer's main thread (self times:
// script, style, layout, paint, commit...), and, with --why, which elements the style and
// layout invalidations name (the DOM writes that make the renderer work). CPU ms per frame
// is what to compare on a loaded machine; frames/s swings with the load.
//
//   node bench/frame-trace.mjs [--case 9x9|pento|matrix] [--closed] [--seconds S (3)]
//                              [--rounds N (1)] [--why] [--writes] [--out trace.json]
//                              [--root DIR] [--hide SELECTOR] [--css 'RULES']
//
// Cases: the empty 9×9 with the search tree shown and in view (--closed: the tree closed),
// the workbench's pentominoes 6×10 likewise, and `matrix`: bench/matrix-fps.mjs's 9×9 (the
// whole matrix in view). --writes: after the trace, the DOM writes of 60 frames (a
// MutationObserver), counted by kind and element. Numbers only, no pass/fail.
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/serve.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const root = resolve(option('--root', resolve(fileURLToPath(import.meta.url), '../..')));
const which = option('--case', '9x9');
const shown = !args.includes('--closed');
const seconds = Number(option('--seconds', 3));
const rounds = Number(option('--rounds', 1));
const why = args.includes('--why');
const writes = args.includes('--writes');
const out = option('--out', null);
/** Selectors hidden (display: none) before playing: what the rest costs without them. */
const hide = option('--hide', '');
/** A style sheet added before playing (to try a CSS change without editing the page). */
const css = option('--css', '');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const server = await serve(root, 0);
const base = `http://127.0.0.1:${server.address().port}/`;

const KIND = {
  FunctionCall: 'script', EvaluateScript: 'script', FireAnimationFrame: 'script', TimerFire: 'script', EventDispatch: 'script', RunMicrotasks: 'script', 'v8.compile': 'script', 'v8.run': 'script', 'V8.Execute': 'script', FireIdleCallback: 'script', 'v8.callFunction': 'script', 'V8.GCScavenger': 'gc', MinorGC: 'gc', MajorGC: 'gc', 'BlinkGC.AtomicPhase': 'gc',
  UpdateLayoutTree: 'style', RecalculateStyles: 'style', ParseAuthorStyleSheet: 'style',
  Layout: 'layout', UpdateLayerTree: 'layout', HitTest: 'layout', IntersectionObserverController: 'layout', 'IntersectionObserverController::computeIntersections': 'layout', ResizeObserver: 'layout', 'LocalFrameView::RunResizeObserverSteps': 'layout', 'ResizeObserverController::DeliverObservations': 'layout',
  PrePaint: 'paint', Paint: 'paint', PaintImage: 'paint', Layerize: 'paint', 'LocalFrameView::RunPaintLifecyclePhase': 'paint', UpdateLayer: 'paint',
  Commit: 'commit', CompositeLayers: 'commit',
};

/** Names not in KIND, by their look (Blink's and cc's own trace names). */
function kindOf(name) {
  if (/recalcStyle|Style|Invalidat/i.test(name)) return 'style';
  if (/Layout|Shape|HitTest|Intersection|ResizeObserver|Text/i.test(name)) return 'layout';
  if (/Paint|Raster|Canvas|Compositing|Layer|Image|Record/i.test(name)) return 'paint';
  if (/commit|Commit|BeginMainFrame/i.test(name)) return 'commit';
  if (/v8|V8|Script|Function|Microtask|Animation|Timer|Event|wasm/i.test(name)) return 'script';
  if (/GC/.test(name)) return 'gc';
  return 'other';
}

async function run() {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const hash = which === 'pento' ? '#m=cover' : `#p=${'.'.repeat(81)}`;
  await page.goto(base + hash);
  await page.waitForSelector('body.ready', { timeout: 30000 });
  if (which === 'pento') {
    await page.click('#cover-pane .gallery button:text-is("Pentominoes 6×10")');
    await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
  }
  await page.evaluate(() => {
    const s = document.querySelector('#speed');
    s.value = s.max;
    s.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.uncheck('#stop-at-solution');
  if (which === 'matrix') await page.evaluate(() => document.querySelector('#matrix-area').scrollIntoView());
  await page.click('[data-action="toggle"]');
  if (which !== 'matrix') {
    await page.evaluate((shown) => {
      const t = document.querySelector('#tree');
      t.open = shown;
      t.scrollIntoView();
    }, shown);
  }
  if (hide) await page.addStyleTag({ content: `${hide} { display: none !important; }` });
  if (css) await page.addStyleTag({ content: css });
  await page.waitForTimeout(1000);
  const cdp = await ctx.newCDPSession(page);
  const chunks = [];
  cdp.on('Tracing.dataCollected', (e) => chunks.push(...e.value));
  const finished = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'cc', 'disabled-by-default-devtools.timeline.frame'];
  if (why) categories.push('disabled-by-default-devtools.timeline.invalidationTracking');
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' });
  const frames = await page.evaluate((ms) => new Promise((done) => {
    const ts = [];
    const frame = (t) => {
      ts.push(t);
      if (t - ts[0] < ms) requestAnimationFrame(frame);
      else done(ts.length - 1);
    };
    requestAnimationFrame(frame);
  }), seconds * 1000);
  await cdp.send('Tracing.end');
  await finished;
  const written = writes ? await page.evaluate(() => new Promise((done) => {
    const tally = new Map();
    const name = (n) => {
      const parts = [];
      for (let e = n.nodeType === 1 ? n : n.parentElement; e && parts.length < 3; e = e.parentElement) parts.unshift(e.id ? `#${e.id}` : `${e.localName}${e.classList[0] ? `.${e.classList[0]}` : ''}`);
      return parts.join('>');
    };
    const mo = new MutationObserver((ms) => {
      for (const m of ms) {
        const k = `${m.type}${m.attributeName ? ` [${m.attributeName}]` : ''} ${name(m.target)}`;
        tally.set(k, (tally.get(k) ?? 0) + 1);
      }
    });
    mo.observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    let n = 0;
    const f = () => {
      if (++n < 60) return requestAnimationFrame(f);
      mo.disconnect();
      done([...tally].sort((a, b) => b[1] - a[1]).slice(0, 30));
    };
    requestAnimationFrame(f);
  })) : null;
  await ctx.close();
  return { chunks, frames, written };
}

function analyse(events, frames) {
  // The renderer's main thread: the thread named CrRendererMain of the process that ran the frames.
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const byThread = new Map();
  for (const e of events) {
    if (!names.some((n) => n.pid === e.pid && n.tid === e.tid)) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  // The busiest main thread is the page's.
  const [, main] = [...byThread].sort((a, b) => b[1].length - a[1].length)[0];
  // Self times in thread CPU time (tdur, tts: what the thread ran, not the wall clock, which
  // a loaded machine stretches); an event without them is left out.
  const xs = main.filter((e) => e.ph === 'X' && e.tdur !== undefined && e.tts !== undefined).sort((a, b) => a.tts - b.tts || b.tdur - a.tdur);
  const self = new Map();
  const stack = [];
  const add = (e, d) => self.set(e.name, (self.get(e.name) ?? 0) + d);
  for (const e of xs) {
    while (stack.length && stack.at(-1).tts + stack.at(-1).tdur <= e.tts) stack.pop();
    if (stack.length) add(stack.at(-1), -Math.min(e.tdur, stack.at(-1).tts + stack.at(-1).tdur - e.tts));
    add(e, e.tdur);
    stack.push(e);
  }
  const kinds = {};
  for (const [name, us] of self) {
    const k = KIND[name] ?? kindOf(name);
    kinds[k] = (kinds[k] ?? 0) + us;
  }
  // The renderer's other threads (compositor, raster workers): time at their top level.
  const pid = main[0].pid;
  const others = {};
  const tnames = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid).map((e) => [e.tid, e.args.name]));
  for (const e of events) {
    if (e.pid !== pid || e.tid === main[0].tid || e.ph !== 'X' || !e.tdur) continue;
    const n = (tnames.get(e.tid) ?? '?').replace(/\d+$/, '');
    if (!['ThreadControllerImpl::RunTask', 'ThreadPool_RunTask', 'RunTask'].includes(e.name)) continue;
    others[n] = (others[n] ?? 0) + e.tdur;
  }
  const count = (name) => xs.filter((e) => e.name === name).length;
  // How much the renderer redid, whatever the load: elements whose style was recalculated,
  // objects laid out again (both as Blink's trace events say).
  let styled = 0, laidOut = 0;
  for (const e of main) {
    if (e.name === 'UpdateLayoutTree' && e.args?.elementCount) styled += e.args.elementCount;
    if (e.name === 'Layout' && e.args?.beginData?.dirtyObjects) laidOut += e.args.beginData.dirtyObjects;
  }
  return { styled, laidOut, kinds, others, self, paints: count('Paint'), layouts: count('Layout'), styles: count('UpdateLayoutTree'), frames, main };
}

const sum = [];
for (let r = 0; r < rounds; r++) {
  const { chunks, frames, written } = await run();
  if (out) writeFileSync(out, JSON.stringify({ traceEvents: chunks }));
  const a = analyse(chunks, frames);
  sum.push(a);
  const per = (us) => (us / 1000 / frames).toFixed(2);
  const total = Object.values(a.kinds).reduce((x, y) => x + y, 0);
  console.log(`${which}${shown ? '' : ' (tree closed)'}${hide ? ` hiding ${hide}` : ''}${css ? ` with ${css}` : ''} round ${r + 1}: ${frames} frames in ${seconds} s (${(frames / seconds).toFixed(1)}/s); main thread ${per(total)} ms a frame: ${Object.entries(a.kinds).sort((x, y) => y[1] - x[1]).map(([k, us]) => `${k} ${per(us)} ms`).join(', ')}; ${a.paints} Paint, ${a.layouts} Layout, ${a.styles} UpdateLayoutTree events`);
  console.log(`  a frame: ${(a.styled / frames).toFixed(0)} elements' style recalculated, ${(a.laidOut / frames).toFixed(0)} layout objects dirty`);
  console.log(`  other threads, ms a frame: ${Object.entries(a.others).map(([n, us]) => `${n} ${per(us)}`).join(', ')}`);
  const top = [...a.self].sort((x, y) => y[1] - x[1]).slice(0, 24);
  console.log(`  top self: ${top.map(([n, us]) => `${n} ${per(us)}`).join(', ')}`);
  if (written) console.log(`  DOM writes in 60 frames:\n${written.map(([k, n]) => `    ${String(n).padStart(6)} ${k}`).join('\n')}`);
  if (why) {
    const tally = (name, keyOf) => {
      const m = new Map();
      for (const e of a.main.filter((e) => e.name === name)) {
        const k = keyOf(e.args?.data ?? {});
        m.set(k, (m.get(k) ?? 0) + 1);
      }
      return [...m].sort((x, y) => y[1] - x[1]).slice(0, 25).map(([k, n]) => `    ${n}× ${k}`).join('\n');
    };
    console.log('  style invalidations:\n' + tally('StyleRecalcInvalidationTracking', (d) => `${d.nodeName} ${d.reason ?? ''} ${d.extraData ?? ''}`));
    console.log('  style invalidator:\n' + tally('StyleInvalidatorInvalidationTracking', (d) => `${d.nodeName} ${d.reason ?? ''} ${d.invalidationList?.map((i) => JSON.stringify(i)).join(' ') ?? ''}`));
    console.log('  layout invalidations:\n' + tally('LayoutInvalidationTracking', (d) => `${d.nodeName} ${d.reason ?? ''}`));
    console.log('  paint invalidations:\n' + tally('PaintInvalidationTracking', (d) => `${d.nodeName} ${d.reason ?? ''}`));
    const layouts = a.main.filter((e) => e.name === 'Layout');
    const roots = new Map();
    for (const e of layouts) {
      const d = e.args?.beginData ?? {};
      const k = `dirty ${d.dirtyObjects}/${d.totalObjects} partial ${d.partialLayout}`;
      roots.set(k, (roots.get(k) ?? 0) + 1);
    }
    console.log('  layouts:\n' + [...roots].sort((x, y) => y[1] - x[1]).slice(0, 10).map(([k, n]) => `    ${n}× ${k}`).join('\n'));
  }
}
await browser.close();
server.close();
