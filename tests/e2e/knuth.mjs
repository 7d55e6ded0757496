// Knuth's example: the 7-item problem of "Dancing Links" drawn as nodes and links, its links to a
// step, its speed, and predicting its next step by keyboard.
// Runs alone: node tests/e2e/knuth.mjs [options of run.mjs]; or with the others: node tests/e2e/run.mjs.

import assert from 'node:assert/strict';
import { POJ1, HARD, HARD16, data, base, test, open, settle, shot, givens, narration, sameDom, shotOf,
  setSpeed, galleryPick, predictState, visit, isMain, main } from './harness.mjs';

test('a shared link to a step of Knuth\'s example marks what that step changed, as its sender saw it', async () => {
  // The drawing, each element's classes in one order (toggled in another order, they read the same).
  const dance = (page, sel) => page.$eval(sel, (e) => e.innerHTML.replace(/class="([^"]*)"/g, (_, c) => `class="${c.split(' ').sort().join(' ')}"`));
  for (const [hash, sel] of [['#m=knuth', '#dance'], ['#m=cover', '#cover-dance']]) {
    const page = await open(hash);
    if (hash === '#m=cover') await galleryPick(page, "Knuth's example");
    for (let k = 0; k < 9; k++) await page.keyboard.press(']');
    await page.click('#copy-link');
    const url = page.url();
    assert.match(url, /&s=9$/);
    const other = await open(url.slice(base.length));
    await other.waitForFunction(() => window.dlxPage.controller.trace?.events === 9);
    assert.equal(await narration(other), await narration(page));
    // Before the fix the link's page marked everything since the start as just changed.
    sameDom(await dance(other, sel), await dance(page, sel), `${hash}: the links and nodes marked alike`);
    assert.equal(await other.$$eval(`${sel} [data-kind="stale"]`, (l) => l.length), await page.$$eval(`${sel} [data-kind="stale"]`, (l) => l.length));
  }
});

test('Copy link to this step in Knuth\'s view and in the lesson says so where it is seen, and shows the link when there is no clipboard', async () => {
  const watchNotice = (page) => page.evaluate(() => {
    const n = document.querySelector('#watch-notice');
    const r = n.getBoundingClientRect();
    return { text: n.textContent, seen: !n.hidden && r.width > 0 && r.height > 0 };
  });
  for (const [hash, opens] of [['#m=knuth&s=5', 'Knuth\'s example at this step'], ['#lesson=3', 'the lesson at step 3']]) {
    const page = await open(hash);
    await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('no clipboard here')); });
    await page.click('#copy-link');
    await page.waitForFunction(() => !document.querySelector('#watch-notice').hidden);
    // Before the fix the link went to the board's notice, in the Sudoku's pane, out of view.
    assert.deepEqual(await watchNotice(page), { text: `Copy this link: ${page.url()}`, seen: true }, hash);
    assert.equal(new URL(page.url()).hash, hash);
    await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.resolve(); });
    await page.click('#copy-link');
    await page.waitForFunction(() => /^Link copied/.test(document.querySelector('#watch-notice').textContent));
    assert.deepEqual(await watchNotice(page), { text: `Link copied: it opens ${opens}.`, seen: true }, hash);
    await shotOf(page, '.right', `copy-link-${hash.slice(1, 7).replace('=', '')}`);
    // Another view (or another step of the lesson): what it said is gone.
    await page.click(hash === '#lesson=3' ? '#lesson .lesson-next' : '#tab-sudoku');
    assert.equal((await watchNotice(page)).seen, false, hash);
  }
  // The Sudoku's own link is said under the button too, floating (issue 49: it moves nothing).
  const page = await open(`#p=${POJ1}&s=3`);
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.resolve(); });
  await page.click('#copy-link');
  await page.waitForFunction(() => /^Link copied/.test(document.querySelector('#watch-notice').textContent));
  assert.deepEqual(await watchNotice(page), { text: 'Link copied: it opens this puzzle at this step.', seen: true });
  // It goes after a few seconds.
  await page.waitForFunction(() => document.querySelector('#watch-notice').hidden, null, { timeout: 10000 });
});

test('Knuth\'s example: the same engine, the links dance', async () => {
  const page = await open('');
  await page.click('#tab-knuth');
  assert.equal(await page.$eval('#sudoku-pane', (p) => p.hidden), true);
  assert.match(await narration(page), /^Ready: 7 items/);
  for (let k = 0; k < 9; k++) await page.keyboard.press(']');
  assert.equal(await narration(page), "'B C F' covers item C: hides 1 option. Now item E has no option left.");
  assert.ok((await page.$$eval('.dance-svg .node.hidden', (n) => n.length)) > 0);
  assert.ok((await page.$$eval('.dance-svg .link[data-kind="moved"]', (n) => n.length)) > 0);
  assert.equal(await page.$$eval('.dance-svg .node.header.dead', (n) => n.length), 1);
  // Drawn again at the same step (as on a resize), the links still say what the step changed:
  // once, a second drawing compared the step with itself and the highlights went (a flaky
  // pixel test under load).
  const kinds = () => page.$$eval('.dance-svg .link', (ls) => ls.map((l) => l.dataset.kind ?? '').join(' '));
  const drawn = await kinds();
  await page.evaluate(() => window.dlxPage.controller.render());
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.evaluate(() => window.dlxPage.controller.render());
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.equal(await kinds(), drawn);
  await page.waitForTimeout(600); // let the links settle
  await shot(page, 'knuth-dance');
  await page.keyboard.press('n');
  await settle(page);
  assert.equal(await narration(page), "Solution 1: options 'A D', 'C E F', 'B G' cover every item exactly once.");
  await page.keyboard.press('n');
  await settle(page);
  assert.equal(await narration(page), 'Search complete: 1 solution, 1 dead end, 5 tries.');
  assert.equal(await page.$$eval('.dance-svg .node.hidden', (n) => n.length), 0, 'every node is back');
  for (let k = 0; k < 41; k++) await page.keyboard.press('[');
  assert.match(await narration(page), /^Ready/);
  // back to Sudoku: the puzzle is still there
  await page.click('#tab-sudoku');
  assert.equal((await givens(page)).replace(/\./g, '').length > 0, true);
});

test('classroom: each view keeps its own speed; Knuth starts at 2 steps a second, paused', async () => {
  const page = await open(`#p=${POJ1}`);
  await setSpeed(page, 9);
  await page.click('#tab-knuth');
  assert.equal(await page.$eval('#speed-out', (o) => o.textContent), '2 steps a second');
  assert.equal(await page.$eval('[data-action="toggle"]', (b) => b.getAttribute('aria-pressed')), 'false');
  await page.click('#tab-sudoku');
  assert.equal(await page.$eval('#speed-out', (o) => o.textContent), 'about 1,800 steps a second');
});

// --- issue 33 part 5: predict the next step ------------------------------------------------------

test('predict: keyboard only in Knuth\'s example: a choice scored right, a tie scored wrong with its reason, a dead end predicted, the score', async () => {
  // Knuth's example: A to G all have 2 or 3 options: A is chosen (a tie at 2, the first in item
  // order). After 'A D G': B and E have 1 each, B is chosen. After 'B C F', E has none: a dead end.
  const page = await open('#m=knuth');
  let found = false;
  for (let k = 0; k < 40 && !found; k++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate(() => document.activeElement?.id === 'predict-toggle');
  }
  assert.ok(found, 'Tab reaches the Predict button');
  await page.keyboard.press('Enter');
  let s = await predictState(page);
  assert.equal(await page.$eval('#predict-toggle', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.ok(s.shown && s.asking, 'at the start, before the first choice, it asks');
  assert.equal(s.events, 0, 'the search waits before its choice');
  assert.equal(s.focus, 'predict-item', 'the list of items has the focus');
  assert.equal(await page.$eval('#predict', (e) => e.getAttribute('aria-label')), 'Predict');
  assert.deepEqual(await page.$$eval('#predict-item option', (os) => os.map((o) => o.textContent)), ['A', 'B', 'C', 'D', 'E', 'F', 'G']);
  // ] asks again: the search does not move on without an answer.
  await page.evaluate(() => document.querySelector('[data-action="forward"]').focus());
  await page.keyboard.press(']');
  assert.equal((await predictState(page)).events, 0);
  await page.evaluate(() => document.querySelector('#predict-item').focus());
  await page.keyboard.press('a');
  await page.keyboard.press('Enter');
  s = await predictState(page);
  assert.equal(s.right, 'true');
  assert.match(s.verdict, /^Right: item A, with 2 options left: the fewest; 5 items tie at 2, and the first in item order is taken\.$/);
  assert.equal(s.score, 'Score: 1 right of 1');
  assert.equal(s.events, 1, 'the search made its choice');
  assert.match(await narration(page), /^Branch on item A/);
  assert.equal(s.focus, 'forward', 'the focus went on to Step forward');
  // Step on to the next choice: the search stops before it and asks.
  for (let k = 0; k < 20 && !(await predictState(page)).asking; k++) await page.keyboard.press(']');
  s = await predictState(page);
  assert.ok(s.asking);
  assert.equal(s.focus, 'predict-item');
  assert.equal(await page.evaluate(() => window.dlxPage.shell.trace.depth), 1, 'after \'A D G\'');
  assert.deepEqual(await page.$$eval('#predict-item option', (os) => os.map((o) => o.textContent)), ['B', 'C', 'E', 'F'], 'the items still to cover');
  await page.keyboard.press('e');
  await page.keyboard.press('Enter');
  s = await predictState(page);
  assert.equal(s.right, 'false');
  assert.equal(s.verdict, 'No: Item E has 1 option too, a tie: the first in item order is taken. It chooses item B, with 1 option left.');
  assert.equal(s.score, 'Score: 1 right of 2');
  // The dead end: 'B C F' leaves E with none.
  for (let k = 0; k < 20 && !(await predictState(page)).asking; k++) await page.keyboard.press(']');
  assert.ok((await predictState(page)).asking);
  await page.keyboard.press('Tab'); // Choose it
  await page.keyboard.press('Tab'); // A dead end
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'A dead end');
  await page.keyboard.press('Enter');
  s = await predictState(page);
  assert.equal(s.right, 'true');
  assert.equal(s.verdict, 'Right: a dead end. Item E has no option left, so the search backs up.');
  assert.equal(s.score, 'Score: 2 right of 3');
  assert.match(await narration(page), /^Dead end/);
  // Off again: ] steps as before, nothing asked.
  await page.click('#predict-toggle');
  assert.equal((await predictState(page)).shown, false);
  const at = (await predictState(page)).events;
  for (let k = 0; k < 12; k++) await page.keyboard.press(']');
  assert.equal((await predictState(page)).events, at + 12);
});

/** The page at 1024×768 in large type, reduced motion (the presenter layout), `dark` or light. */
async function presenter(dark) {
  const page = await open('', { width: 1024, height: 768, dark, reducedMotion: 'reduce' });
  await page.click('#large-type');
  await page.evaluate(() => document.activeElement.blur());
  return page;
}

/** Where `sel`s are in the viewport and how large their letters are, as drawn. */
const presented = (page, sels) => page.evaluate((sels) => {
  const out = {};
  for (const [name, sel] of Object.entries(sels)) {
    const e = document.querySelector(sel);
    if (!e) { out[name] = null; continue; }
    const b = e.getBoundingClientRect();
    // An SVG letter's size on screen: its font size times the drawing's scale.
    const svg = e.closest('svg');
    const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
    out[name] = { top: Math.round(b.top), bottom: Math.round(b.bottom), left: Math.round(b.left), right: Math.round(b.right), px: Math.round(parseFloat(getComputedStyle(e).fontSize) * scale * 10) / 10 };
  }
  return { out, scrollY: window.scrollY, vw: innerWidth, vh: innerHeight };
}, sels);

const S25 = data('sudoku25.txt').split('\n')[0].trim();

test('presenter: at 1024×768 in large type, Knuth\'s diagram and the Sudoku board, the marked line of Algorithm X and the narration are on one screen, their letters 24 px or more', async () => {
  // Before (issue 49): the marked line was at y = 1,037 under Knuth's diagram (1,099 beside a
  // 9×9 board), the diagram's letters 17 px, its lengths 16, the pseudocode 18.9 px, the
  // narration 23.5, the lesson's words 20.
  const page = await presenter(false);
  const views = [
    ['knuth', '#m=knuth&s=9', { picture: '#dance svg', name: '#dance .node.header .name', len: '#dance .node.header .len', label: '#dance .band-label' }],
    ['knuth, a dead end', '#m=knuth&s=11', { picture: '#dance svg', name: '#dance .node.option .name' }],
    ['9×9', `#p=${HARD}&s=40`, { picture: '#board' }],
    ['4×4', '#p=..2.4......1.4..&s=6', { picture: '#board' }],
    ['16×16', `#p=${HARD16}&s=40`, { picture: '#board' }],
    ['25×25', `#p=${S25}&s=40`, { picture: '#board' }],
  ];
  const bad = [];
  for (const [view, hash, sels] of views) {
    await visit(page, hash);
    await settle(page);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { out, scrollY, vw, vh } = await presented(page, { ...sels, line: '#algo li[aria-current="step"]', narration: '#narration' });
    if (scrollY !== 0) bad.push(`${view}: scrolled to ${scrollY}`);
    for (const [what, r] of Object.entries(out)) {
      if (!r) { bad.push(`${view}: no ${what}`); continue; }
      if (r.top < 0 || r.left < 0 || r.bottom > vh || r.right > vw) bad.push(`${view}: the ${what} at ${r.left},${r.top}–${r.right},${r.bottom}, past the ${vw}×${vh} screen`);
      if (what !== 'picture' && r.px < 24) bad.push(`${view}: the ${what}'s letters ${r.px} px`);
    }
  }
  // At every step of Knuth's whole search and the first 150 of a 9×9, the marked line stays
  // on the screen and the narration is never cut (Knuth's first choice, "Branch on item A:
  // only 2 options left (fewest; 5 items tie at 2, …", took a line more than three).
  for (const [view, hash, steps] of [['knuth', '#m=knuth', 45], ['9×9', `#p=${HARD}`, 150]]) {
    await visit(page, hash);
    await settle(page);
    for (let k = 0; k < steps; k++) {
      await page.keyboard.press(']');
      const at = await page.evaluate(() => {
        const n = document.querySelector('#narration'), line = document.querySelector('#algo li[aria-current="step"]');
        return { cut: n.scrollHeight - n.clientHeight, text: n.textContent, bottom: line ? line.getBoundingClientRect().bottom : Infinity };
      });
      if (at.cut > 0) bad.push(`${view} step ${k + 1}: "${at.text}" cut by ${at.cut} px`);
      if (at.bottom > 768) bad.push(`${view} step ${k + 1}: the marked line ends at ${Math.round(at.bottom)}`);
    }
  }
  // The lesson's words too.
  await visit(page, '#lesson=3');
  const p = await page.$eval('.lesson-text p', (e) => parseFloat(getComputedStyle(e).fontSize));
  if (p < 24) bad.push(`lesson step 3's words ${p} px`);
  assert.deepEqual(bad, []);
  // Out of the presenter layout (1280×1024, or large type off) the diagram is drawn as before.
  await visit(page, '#m=knuth&s=9');
  await page.setViewportSize({ width: 1280, height: 1024 });
  await page.waitForFunction(() => parseFloat(getComputedStyle(document.querySelector('#dance .node .name')).fontSize) === 17);
});

test('presenter: Knuth\'s diagram zooms with − and +, its letters with it, and scrolls in its box', async () => {
  const page = await presenter(false);
  await visit(page, '#m=knuth&s=9');
  const size = () => page.evaluate(() => {
    const t = document.querySelector('#dance .node.header .name').getBoundingClientRect();
    const box = document.querySelector('#dance');
    return { h: t.height, says: box.querySelector('.dance-zoom-says').textContent, scrolls: box.scrollWidth > box.clientWidth, bottom: box.getBoundingClientRect().bottom };
  });
  const at1 = await size();
  assert.equal(at1.says, '100 %');
  assert.equal(at1.scrolls, false);
  await page.click('[aria-label="Zoom the diagram in"]');
  await page.click('[aria-label="Zoom the diagram in"]');
  const at15 = await size();
  assert.equal(at15.says, '150 %');
  assert.ok(at15.h > at1.h * 1.4, `the letters ${at1.h} px, then ${at15.h} px high`);
  assert.ok(at15.scrolls, 'the zoomed drawing scrolls in its box');
  for (let k = 0; k < 5; k++) await page.click('[aria-label="Zoom the diagram out"]', { force: true });
  const at075 = await size();
  assert.equal(at075.says, '75 %');
  assert.equal(await page.$eval('[aria-label="Zoom the diagram out"]', (b) => b.disabled), true);
  // A step keeps the zoom.
  await page.keyboard.press(']');
  assert.equal((await size()).says, '75 %');
});

test('presenter: the hidden state reads on a projector: a hidden node\'s letter and dashed edge and its kept links 4.5:1 or more, light and dark, and unlike a shown node', async () => {
  // Before: hidden nodes at opacity 0.55, their letters about 3.5:1.
  for (const dark of [false, true]) {
    const page = await presenter(dark);
    await visit(page, '#m=knuth&s=9');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const got = await page.evaluate(() => {
      const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      const rgba = (css) => { probe.clearRect(0, 0, 1, 1); probe.fillStyle = css; probe.fillRect(0, 0, 1, 1); return [...probe.getImageData(0, 0, 1, 1).data]; };
      const lum = (c) => { const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4); return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
      const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
      const opacity = (e) => { let o = 1; for (let p = e; p && p.nodeType === 1; p = p.parentNode) o *= Number(getComputedStyle(p).opacity); return o; };
      const panel = rgba(getComputedStyle(document.querySelector('#dance')).backgroundColor);
      const hidden = [...document.querySelectorAll('#dance .node.option.hidden:not(.moved)')];
      const shown = document.querySelector('#dance .node.option:not(.hidden):not(.moved):not(.chosen)');
      const text = (n) => getComputedStyle(n.querySelector('text')).fill;
      const rect = (n) => getComputedStyle(n.querySelector('rect'));
      return {
        hidden: hidden.length,
        letter: Math.min(...hidden.map((n) => ratio(rgba(text(n)), rgba(rect(n).fill)))),
        edge: Math.min(...hidden.map((n) => ratio(rgba(rect(n).stroke), panel))),
        faded: Math.min(...hidden.map(opacity)),
        dashed: hidden.every((n) => rect(n).strokeDasharray !== 'none'),
        kept: Math.min(...[...document.querySelectorAll('#dance .link[data-kind="stale"]')].map((l) => ratio(rgba(getComputedStyle(l).stroke), panel))),
        keptWidth: parseFloat(getComputedStyle(document.querySelector('#dance .link[data-kind="stale"]')).strokeWidth),
        unlike: text(shown) !== text(hidden[0]) && rect(shown).fill !== rect(hidden[0]).fill && rect(shown).strokeDasharray === 'none',
      };
    });
    const theme = dark ? 'dark' : 'light';
    assert.ok(got.hidden >= 3, `${theme}: ${got.hidden} hidden nodes`);
    assert.equal(got.faded, 1, `${theme}: hidden nodes drawn at opacity ${got.faded}`);
    assert.ok(got.letter >= 4.5, `${theme}: a hidden node's letter ${got.letter.toFixed(2)}:1`);
    assert.ok(got.edge >= 4.5, `${theme}: a hidden node's edge ${got.edge.toFixed(2)}:1`);
    assert.ok(got.kept >= 4.5, `${theme}: a kept link ${got.kept.toFixed(2)}:1`);
    assert.ok(got.keptWidth >= 2.4, `${theme}: kept links ${got.keptWidth} px wide`);
    assert.ok(got.dashed && got.unlike, `${theme}: hidden nodes dashed, in colours of their own`);
    await shot(page, `presenter-knuth-${theme}`);
    await visit(page, `#p=${HARD}&s=40`);
    await shot(page, `presenter-9x9-${theme}`);
  }
});

test('presenter: large type keeps the teaching text: the header\'s and the search\'s subtitles and Knuth\'s heading and introduction', async () => {
  // Before: large type on a projector left out both subtitles (display: none).
  const page = await presenter(false);
  for (const [hash, size] of [['#m=knuth&s=9', /6 options × 7 items/], [`#p=${HARD}&s=40`, /729 options × 324 items/]]) {
    await visit(page, hash);
    const seen = await page.evaluate(() => Object.fromEntries(['.tagline', '#watch-sub', '#knuth-pane > h2', '#knuth-pane > .intro'].map((s) => [s, document.querySelector(s).checkVisibility() ? document.querySelector(s).textContent : null])));
    assert.match(seen['.tagline'] ?? '', size, hash);
    assert.ok(seen['#watch-sub'], `${hash}: the search's subtitle`);
    if (hash.startsWith('#m=knuth')) {
      assert.match(seen['#knuth-pane > h2'] ?? '', /Knuth's example/);
      assert.match(seen['#knuth-pane > .intro'] ?? '', /Seven items A–G/);
    }
  }
});

// --- issue 49, items 23 and 26: the chosen items' look, and the end of the search -------------------

test('Knuth\'s diagram fits its box at 1024 without large type, at 1280, on a phone and on a projector: nothing of it cut off at its right edge, at any step', async () => {
  // Before (issue 49): at 1024 and on a phone a hidden node stepped aside in the last column
  // had its right stub drawn 5 px past the drawing's edge, where the SVG cut it off.
  const bad = [];
  for (const [w, h, large] of [[1024, 768], [1280, 800], [375, 812], [1024, 768, true]]) {
    const page = await open('#m=knuth', { width: w, height: h, reducedMotion: 'reduce' });
    if (large) await page.click('#large-type');
    await page.evaluate(() => document.activeElement.blur());
    for (let step = 0; step < 80; step++) {
      const out = await page.evaluate(() => {
        // What clips the drawing: the SVG itself unless its overflow is visible, else its box
        // (inside its border).
        const svg = document.querySelector('#dance svg'), dance = svg.closest('.dance');
        const box = dance.getBoundingClientRect();
        const r = getComputedStyle(svg).overflow === 'visible' ? { left: box.left + dance.clientLeft, right: box.left + dance.clientLeft + dance.clientWidth } : svg.getBoundingClientRect();
        const cut = [];
        for (const e of svg.querySelectorAll('.node, .link')) {
          if (!e.checkVisibility() || e.dataset.kind === 'gone') continue;
          const b = e.getBoundingClientRect();
          if (!b.width && !b.height) continue;
          if (b.right > r.right + 0.5 || b.left < r.left - 0.5) cut.push(`${e.getAttribute('class')} at ${Math.round(b.left)}–${Math.round(b.right)}, the drawing ${Math.round(r.left)}–${Math.round(r.right)}`);
        }
        if (box.right > innerWidth) cut.push(`the box ends at ${box.right}, the window at ${innerWidth}`);
        return { cut, events: window.dlxPage.controller.trace.events, done: document.querySelector('#knuth-pane [data-action="forward"], [data-action="forward"]').disabled };
      });
      bad.push(...out.cut.map((c) => `${w}${large ? ' large' : ''}, step ${out.events}: ${c}`));
      if (out.done) break;
      await page.keyboard.press(']');
      await page.waitForFunction((at) => window.dlxPage.controller.trace.events > at, out.events);
    }
    await page.goto(`${page.url().replace(/#.*/, '')}#m=knuth&s=5`);
    await page.waitForSelector('body.ready');
    await page.$eval('#dance', (e) => e.scrollIntoView());
    await shot(page, `knuth-fits-${w}${large ? '-large' : ''}`);
  }
  assert.deepEqual([...new Set(bad)].slice(0, 12), []);
});

test('Knuth\'s diagram: a chosen item\'s header has a look of its own, not the orange of "changed by the last step", and the legend says it', async () => {
  for (const [width, height, large] of [[1280, 800, false], [1024, 768, true]]) {
    const page = await open('#m=knuth', { width, height, reducedMotion: 'reduce' });
    if (large) await page.click('#large-type');
    await visit(page, '#m=knuth&s=9'); // A and B chosen, their headers lifted; C's just lifted (orange)
    await settle(page);
    const look = await page.evaluate(() => {
      const edge = (e) => { const cs = getComputedStyle(e); return { stroke: cs.stroke, dash: cs.strokeDasharray }; };
      const chosen = [...document.querySelectorAll('#dance .node.header.chosen rect')].map(edge);
      const moved = getComputedStyle(document.querySelector('#dance .link[data-kind="moved"]')).stroke;
      const hidden = edge(document.querySelector('#dance .node.header.hidden:not(.chosen) rect'));
      const key = document.querySelector('#dance .dance-legend .node-key.chosen');
      return { chosen, moved, hidden, key: key && getComputedStyle(key).borderTopColor, says: key?.parentElement.textContent.trim() };
    });
    const at = `${width}×${height}`;
    // Before: orange (the moved links' colour), dotted as a hidden node is, and in no legend.
    assert.equal(look.chosen.length, 2, at);
    for (const c of look.chosen) {
      assert.notEqual(c.stroke, look.moved, `${at}: a chosen header is not orange`);
      assert.equal(c.dash, 'none', `${at}: nor dotted as a hidden one`);
      assert.notEqual(c.stroke, look.hidden.stroke, at);
      assert.equal(c.stroke, look.key, `${at}: the legend's key is drawn in the same colour`);
    }
    assert.equal(look.says, 'an item chosen to branch on (thickest: the deepest level\'s)');
    await shot(page, `knuth-chosen-${width}`);
  }
});

test('Knuth\'s example at its end says the search is over, in the row of choices and over the diagram; the depth chart marks now, at its right end; the row of choices takes two rows before it folds', async () => {
  for (const [width, height, large] of [[1280, 800, false], [1024, 768, true]]) {
    const page = await open('#m=knuth', { width, height, reducedMotion: 'reduce' });
    if (large) await page.click('#large-type');
    const at = `${width}×${height}`;
    const state = () => page.evaluate(() => {
      const plot = document.querySelector('#depth-plot').getBoundingClientRect();
      const now = document.querySelector('.plot-now');
      const r = now.getBoundingClientRect();
      const stack = document.querySelector('#stack');
      return {
        stack: [...stack.querySelectorAll('li')].map((li) => li.textContent),
        rows: new Set([...stack.querySelectorAll('li')].map((li) => li.offsetTop)).size,
        end: document.querySelector('#dance .dance-end').hidden ? null : document.querySelector('#dance .dance-end').textContent,
        now: now.hidden ? null : { text: now.textContent, line: parseFloat(now.style.left) / plot.width, inside: r.left >= plot.left - 1 && r.right <= plot.right + 1 },
      };
    });
    // Step 25: two levels open. In large type at 1024 the two steps take two rows; before, the
    // first was folded into "level 1" with the screen's room below.
    await visit(page, '#m=knuth&s=25');
    await settle(page);
    let s = await state();
    assert.deepEqual(s.stack, ["1. item A: 'A D' (2 of 2)", "2. item E: 'C E F' (1 of 1)"], at);
    assert.ok(s.rows <= 2, `${at}: ${s.rows} rows`);
    assert.equal(s.end, null, `${at}: the search is not over`);
    // 25 of Knuth's 41 steps: now is part-way, and marked there (the chart spans 60 steps).
    assert.equal(s.now.text, 'now');
    assert.ok(s.now.line > 0.3 && s.now.line < 0.8, `${at}: now marked at ${s.now.line}`);
    await shot(page, `knuth-step25-${width}`);
    // The end: before, "no choice made yet" as at the start, the diagram the start's with no word
    // of why, and the chart's last bar two thirds across under "to now (right)".
    await page.keyboard.press('n');
    await settle(page);
    await page.keyboard.press('n');
    await settle(page);
    assert.match(await narration(page), /^Search complete/);
    s = await state();
    assert.deepEqual(s.stack, ['search over: every choice taken back'], at);
    assert.equal(s.end, 'Search over: every cover undone, as at the start.', at);
    assert.ok(s.now.line > 0.97 && s.now.inside, `${at}: now at ${s.now.line} of the chart`);
    await shot(page, `knuth-end-${width}`);
  }
});

if (isMain(import.meta.url)) await main();
