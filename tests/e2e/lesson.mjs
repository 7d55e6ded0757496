// The guided lesson and a teacher's own lesson: their steps, keys, links and words.
// Runs alone: node tests/e2e/lesson.mjs [options of run.mjs]; or with the others: node tests/e2e/run.mjs.

import assert from 'node:assert/strict';
import { POJ1, HARD, test, open, settle, shot, givens, counter, shotOf, galleryPick, lessonState,
  lessonCount, isMain, main, visit, base } from './harness.mjs';

// --- the guided lesson -------------------------------------------------------------------------

test('lesson: the arrow keys go forward and back through every step, each at the moment its words describe', async () => {
  const page = await open(`#p=${POJ1}`);
  // Keyboard alone: to the Lesson button and Enter.
  await page.focus('#tab-sudoku');
  let tabs = 0;
  while (!(await page.evaluate(() => document.activeElement?.id === 'lesson-open')) && tabs++ < 10) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const n = await lessonCount(page);
  assert.ok(n >= 5 && n <= 7, `${n} steps`);
  assert.equal(await page.$eval('#lesson .lesson-live', (e) => e.getAttribute('aria-live')), 'polite');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'lesson-title', 'the lesson takes the focus');
  assert.equal(await page.$eval('#lesson-open', (b) => b.getAttribute('aria-expanded')), 'true');
  const forward = [];
  for (let k = 1; k <= n; k++) {
    if (k > 1) await page.keyboard.press('ArrowRight');
    const s = await lessonState(page);
    assert.equal(s.step, k);
    assert.match(s.title, new RegExp(`^Step ${k} of ${n}: `));
    assert.equal(s.hash, `#lesson=${k}`);
    assert.deepEqual(s.problems, [], `step ${k} (${s.id}): what the words claim`);
    const knuthBefore = forward.filter((x) => x.id !== 'sudoku').at(-1);
    if (s.id !== 'sudoku' && knuthBefore && k > 1) assert.ok(s.events > knuthBefore.events, 'each step on Knuth\'s example is later in its search');
    forward.push(s);
  }
  await page.keyboard.press('ArrowRight'); // past the last: stays
  assert.equal((await lessonState(page)).step, n);
  // [ and ] still step the search inside a step, and the lesson stays where it is.
  await page.keyboard.press('[');
  assert.equal(await page.evaluate(() => window.dlxPage.controller.trace.events), forward[n - 1].events - 1);
  assert.equal((await lessonState(page)).step, n);
  for (let k = n - 1; k >= 1; k--) {
    await page.keyboard.press('ArrowLeft');
    const s = await lessonState(page);
    assert.equal(s.step, k);
    assert.deepEqual(s.problems, [], `back at step ${k}`);
    assert.equal(s.events, forward[k - 1].events, 'the same moment as on the way forward');
  }
  // The buttons do the same, and every one is labelled.
  const unlabelled = await page.$$eval('#lesson button', (bs) => bs.filter((b) => !(b.getAttribute('aria-label') || b.textContent.trim())).length);
  assert.equal(unlabelled, 0);
  await page.click('#lesson .lesson-next');
  assert.equal((await lessonState(page)).step, 2);
  await page.click(`#lesson .lesson-dot >> text="${n}"`);
  assert.equal((await lessonState(page)).step, n);
  // Esc never closes it (a clicker may send it; it closed the lesson, issue 49): Close lesson
  // does, back to the Sudoku and its link.
  await page.keyboard.press('Escape');
  assert.equal((await lessonState(page)).step, n, 'Esc kept the lesson');
  await page.click('#lesson .lesson-close');
  assert.equal(await page.$eval('#lesson', (e) => e.hidden), true);
  assert.equal(await page.evaluate(() => window.dlxPage.controller.mode), 'sudoku');
  assert.match(await page.evaluate(() => location.hash), new RegExp(`^#p=${POJ1.replace(/\./g, '\\.')}`));
  // The button opens it again where it was left; choosing a tab by hand leaves it.
  await page.click('#lesson-open');
  assert.equal((await lessonState(page)).step, n);
  await page.click('#tab-sudoku');
  assert.equal(await page.$eval('#lesson', (e) => e.hidden), true);
  assert.equal(await page.evaluate(() => [window.dlxPage.controller.mode, window.dlxPage.lesson.active].join()), 'sudoku,false');
});

test('lesson: Undo and Redo keys leave the lesson\'s view alone; closed, they undo as before', async () => {
  const page = await open(`#p=${POJ1}`);
  await page.click('#board .cell >> nth=0');
  await page.keyboard.press('5'); // an edit, so there is something to undo
  await page.click('#lesson-open');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const before = await lessonState(page);
  for (const key of ['Control+z', 'Control+Shift+z', 'Control+y']) {
    await page.keyboard.press(key);
    // Before the fix the page went to the Sudoku behind the lesson's words on Knuth's example.
    assert.equal(await page.evaluate(() => window.dlxPage.controller.mode), 'knuth', key);
    const s = await lessonState(page);
    assert.deepEqual([s.step, s.hash, s.events], [before.step, before.hash, before.events], key);
  }
  await page.click('#lesson .lesson-close');
  assert.equal((await givens(page))[0], '5', 'the edit is still there');
  await page.keyboard.press('Control+z');
  assert.equal((await givens(page))[0], '.', 'and Undo takes it back once the lesson is closed');
});

test('lesson: a link opens its step; a hostile step number gets a clear message', async () => {
  const page = await open('#lesson=4');
  let s = await lessonState(page);
  assert.equal(s.step, 4);
  assert.deepEqual(s.problems, []);
  assert.equal(s.error, '');
  const n = await lessonCount(page);
  // The hash changes under the page (typed, or Back): the step follows.
  await page.evaluate(() => { location.hash = '#lesson=2'; });
  await page.waitForFunction(() => window.dlxPage.lesson.step === 2);
  assert.deepEqual((await lessonState(page)).problems, []);
  for (const [hash, message] of [
    ['#lesson=99', `The lesson has steps 1 to ${n}; the link asks for step "99". Showing step 1.`],
    ['#lesson=0', `The lesson has steps 1 to ${n}; the link asks for step "0". Showing step 1.`],
    ['#lesson=-2', `The link's lesson step "-2" is not a step number (1 to ${n}); showing step 1.`],
    ['#lesson=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', `The link's lesson step "<img src=x onerror=a…" is not a step number (1 to ${n}); showing step 1.`],
    [`#lesson=${'9'.repeat(1500)}`, `The link's lesson step "99999999999999999999…" is not a step number (1 to ${n}); showing step 1.`],
  ]) {
    const p = await open(hash);
    s = await lessonState(p);
    assert.equal(s.step, 1, hash);
    assert.equal(s.error, message, hash);
    assert.equal(await p.$eval('#lesson .lesson-error', (e) => e.getAttribute('role')), 'alert');
    assert.equal(await p.$$eval('#lesson img', (i) => i.length), 0);
    assert.equal(s.hash, '#lesson=1', 'the address bar says what is shown');
  }
});

test('lesson: step 2 shows the 4×4 board with its matrix (the words say where only where true), the givens\' options chosen before the search', async () => {
  for (const [width, height, large] of [[1024, 768, false], [1024, 768, true], [375, 812, false], [375, 812, true]]) {
    const page = await open('#lesson=2', { width, height });
    if (large) {
      // The figure follows large type by itself: on a phone it kept its 12 px labels until
      // the step was drawn again.
      await page.click('#large-type');
      await page.waitForFunction(() => Number(document.querySelector('.cover-figure canvas').dataset.labelPx) >= 16, null, { timeout: 3000 }).catch(() => {});
      assert.ok(Number(await page.$eval('.cover-figure canvas', (c) => c.dataset.labelPx)) >= 16, `${width}×${height}: the figure's labels in large type`);
    }
    const where = `${width}×${height}${large ? ' large' : ''}`;
    const s = await lessonState(page);
    assert.deepEqual(s.problems, [], where);
    const r = await page.evaluate(() => {
      const board = document.querySelector('.cover-figure .board');
      if (!board) return null;
      const { lesson, dlx } = window.dlxPage;
      const f = lesson.figureTrace;
      const states = f.optionStates();
      const givens = [...f.givens].map((ch, cell) => (/[1-9]/.test(ch) ? { cell, d: Number(ch) } : null)).filter(Boolean);
      const cells = [...board.querySelectorAll('[role="gridcell"]')];
      const b = board.getBoundingClientRect(), m = document.querySelector('.cover-figure canvas').getBoundingClientRect();
      return {
        cells: cells.length,
        shown: cells.map((c) => (c.dataset.kind === 'given' ? c.querySelector('.digit').textContent : '.')).join(''),
        line: f.givens.replace(/[^1-9]/g, '.'),
        // Rust's state: each given's option is chosen before the search, no other option is
        given: givens.every(({ cell, d }) => states[cell * 4 + d - 1] === dlx.OptionState.Given),
        others: states.filter((x) => x === dlx.OptionState.Given).length,
        labels: cells.filter((c) => /given/.test(c.getAttribute('aria-label') ?? '')).length,
        // beside it, or (in the projector's narrower column, where the matrix needs the width
        // to be read) above it: never over it
        beside: b.right <= m.left + 1 || b.bottom <= m.top + 1,
        sideBySide: b.right <= m.left + 1,
        above: b.bottom <= m.top + 1,
        inView: b.width > 100 && b.top >= 0 && b.bottom <= window.innerHeight,
      };
    });
    assert.ok(r, `${where}: a board in the figure`);
    assert.equal(r.cells, 16, where);
    assert.equal(r.shown, r.line, `${where}: the board shows the givens`);
    assert.deepEqual([r.given, r.others, r.labels], [true, 5, 5], `${where}: the givens' options are chosen before the search`);
    if (width === 1024) assert.ok(r.beside, `${where}: the board is beside or above its matrix`);
    // The words say where the matrix is only where that is true: at 1024×768 the board sat
    // above its matrix while the words said "Next to the board is its whole matrix".
    const words = await page.$eval('#lesson .lesson-text', (e) => e.textContent);
    assert.match(words, /board/, where);
    const side = r.sideBySide, above = r.above;
    if (/next to the board|beside the board|right of the board/i.test(words)) assert.ok(side, `${where}: the words put the matrix beside the board, the page does not: ${words}`);
    if (/below the board|under the board/i.test(words)) assert.ok(above, `${where}: the words put the matrix below the board, the page does not`);
    await shot(page, `lesson-2-board-${width}${large ? '-large' : ''}`, { fullPage: width < 500 });
  }
});

test('classroom: the header names the exact cover each view shows, and the lesson\'s figure its own', async () => {
  // Issue 32, point 4: in Knuth's view (and the workbench, and the lesson) the header said
  // "…on the 729 × 324 exact cover": the Sudoku's, not what was shown.
  const page = await open('', { width: 375, height: 812 });
  const tagline = () => page.$eval('.tagline', (s) => s.textContent);
  assert.equal(await tagline(), "Knuth's Algorithm X with dancing links, step by step, on a 9×9 Sudoku: 729 options × 324 items");
  await page.click('#tab-knuth');
  assert.match(await tagline(), /on Knuth's example: 6 options × 7 items$/);
  await page.click('#tab-cover');
  await page.waitForFunction(() => window.dlxPage.workbench.text !== null);
  assert.match(await tagline(), /on the problem in the editor: 16 options × 22 items$/, '4 queens');
  await page.click('#lesson-open');
  assert.match(await tagline(), /on Knuth's example: 6 options × 7 items$/, 'lesson step 1');
  await page.keyboard.press('ArrowRight');
  assert.match(await tagline(), /on a 4×4 Sudoku: 64 options × 64 items$/, 'lesson step 2, its figure');
  await page.click('#lesson .lesson-close');
  await page.click('#tab-sudoku');
  assert.match(await tagline(), /on a 9×9 Sudoku: 729 options × 324 items$/);
});

test('lesson: step 2 marks the Sudoku\'s tab (its figure is a Sudoku) and promises no search keys; ] moves nothing behind it', async () => {
  const page = await open('#lesson=2');
  const selected = () => page.$$eval('.modes [role="tab"]', (ts) => ts.filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.id));
  const keys = () => page.$eval('#lesson .lesson-keys', (e) => e.textContent);
  // Before the fix: "Knuth's 7-item example" stayed selected, and the hint promised "[ ] step the search";
  // then no tab at all was marked while the step showed a 4×4 Sudoku (issue 49).
  assert.deepEqual(await selected(), ['tab-sudoku'], 'the figure is a Sudoku: its tab is marked');
  assert.doesNotMatch(await keys(), /\[|\]|step the search/);
  await page.keyboard.press(']');
  await page.keyboard.press('}');
  assert.equal(await page.evaluate(() => window.dlxPage.controller.trace.events), 0, 'the hidden search did not move');
  assert.equal((await lessonState(page)).step, 2);
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await selected(), ['tab-knuth']);
  assert.match(await keys(), /\[.*\].*step the search/);
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await selected(), ['tab-sudoku']);
});

test('layout: the header\'s controls keep their place in every view and lesson step, Close lesson stays on its line, one tab is always marked (1280×800, a projector, a phone)', async () => {
  // Before: the Lesson button moved from under the title to the top right on the 4×4 views
  // (the shorter tagline left it room), the bold tab moved its neighbours, Close lesson
  // dropped to a line of its own in step 2, and no tab was marked while step 2 showed a Sudoku.
  for (const [width, height, large, touch] of [[1280, 800, false, false], [1024, 768, true, false], [375, 812, false, true]]) {
    const page = await open('', { width, height, touch, init: large ? () => localStorage.setItem('dlx-large', 'on') : null });
    const where = `${width}×${height}${large ? ' large' : ''}`;
    const state = () => page.evaluate(() => {
      const at = (el) => {
        const r = el.getBoundingClientRect();
        return `${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.width)}`;
      };
      const lesson = document.querySelector('#lesson');
      const close = lesson.querySelector('.lesson-close');
      return {
        controls: ['lesson-open', 'large-type', 'theme', 'tab-sudoku', 'tab-knuth', 'tab-cover'].map((id) => `${id} ${at(document.getElementById(id))}`).join('; '),
        selected: [...document.querySelectorAll('.modes [role="tab"]')].filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.id),
        // Close lesson's line: the bar's first line (the kicker, or the first step button); they overlap.
        close: lesson.hidden ? null : (() => {
          const c = close.getBoundingClientRect();
          const line = [...lesson.querySelectorAll('.lesson-kicker, .lesson-dot')].filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect()).sort((a, b) => a.top - b.top)[0];
          return { close: `${Math.round(c.top)}–${Math.round(c.bottom)}`, line: `${Math.round(line.top)}–${Math.round(line.bottom)}`, on: c.top < line.bottom && c.bottom > line.top };
        })(),
      };
    });
    const first = await state();
    const views = [['', 'tab-sudoku'], ['#p=1..3.....32.....', 'tab-sudoku'], ['#m=knuth', 'tab-knuth'], ['#m=cover', 'tab-cover'], ['#lesson=1', 'tab-knuth'], ['#lesson=2', 'tab-sudoku'], ['#lesson=3', 'tab-knuth']];
    for (const [hash, tab] of views) {
      if (hash) await visit(page, hash);
      const now = await state();
      assert.equal(now.controls, first.controls, `${where} ${hash || 'first screen'}: the header's controls in their place`);
      assert.deepEqual(now.selected, [tab], `${where} ${hash}: one tab marked, for what is shown`);
      if (hash.startsWith('#lesson')) {
        assert.ok(now.close.on, `${where} ${hash}: Close lesson on the bar's first line (at ${now.close.close}, the line at ${now.close.line})`);
      }
    }
    await visit(page, '#lesson=2');
    if (width === 1280) await shot(page, 'lesson-2-header-1280');
  }
});

test('lesson: stepping inside a step, the words say the search has moved on, and go back to their moment', async () => {
  const page = await open('#lesson=3');
  const at = await page.evaluate(() => window.dlxPage.controller.trace.events);
  const state = () => page.evaluate(() => {
    const note = document.querySelector('#lesson .lesson-moved');
    return {
      events: window.dlxPage.controller.trace.events,
      note: note && !note.hidden && note.getBoundingClientRect().height > 0 ? note.textContent : '',
      stale: document.querySelector('#lesson .lesson-text').classList.contains('stale'),
    };
  });
  assert.deepEqual(await state(), { events: at, note: '', stale: false }, 'at the moment');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  // Before the fix the words still said "has chosen item A… D loses 2" under a diagram trying 'B C F'.
  let s = await state();
  await shotOf(page, '#lesson', 'lesson-moved');
  assert.equal(s.events, at + 2);
  assert.ok(s.stale, 'the words are marked as of another moment');
  assert.match(s.note, /^The search has moved on 2 steps from the moment these words describe/);
  assert.match(s.note, /narration/);
  await page.keyboard.press('[');
  assert.match((await state()).note, /moved on 1 step from/);
  await page.keyboard.press('[');
  assert.deepEqual(await state(), { events: at, note: '', stale: false }, 'back at the moment');
  await page.keyboard.press('[');
  assert.match((await state()).note, /^The search is 1 step before the moment these words describe/);
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await page.click('#lesson .lesson-moved button');
  assert.deepEqual(await state(), { events: at, note: '', stale: false }, 'its button goes back to the moment');
});

test('lesson: Copy link to this step gives the moment stepped to, and the link opens there', async () => {
  const page = await open('#lesson=3');
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.resolve(); });
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  const events = await page.evaluate(() => window.dlxPage.controller.trace.events);
  await page.click('#copy-link');
  await page.waitForFunction(() => /^Link copied/.test(document.querySelector('#watch-notice').textContent));
  // Before the fix the link was #lesson=3: the step's start, not what the sender saw.
  const hash = new URL(page.url()).hash;
  assert.equal(hash, `#lesson=3&s=${events}`);
  assert.equal(await page.$eval('#watch-notice', (n) => n.textContent), `Link copied: it opens the lesson at step 3, 2 steps past its moment.`);
  const other = await open(hash);
  const s = await lessonState(other);
  assert.deepEqual([s.step, s.events, s.hash], [3, events, hash]);
  assert.match(await other.$eval('#lesson .lesson-moved', (n) => n.textContent), /moved on 2 steps/);
  // At the moment itself the link is the step's alone.
  await other.click('#lesson .lesson-moved button');
  assert.equal(new URL(other.url()).hash, '#lesson=3');
  // A step past the end of the search is refused with a message, the step shown at its moment.
  const far = await open('#lesson=3&s=999');
  const f = await lessonState(far);
  assert.equal(f.step, 3);
  assert.deepEqual(f.problems, [], 'at the step\'s own moment');
  assert.match(f.error, /step 999/);
});

test('lesson: step 7 shades the solution in one colour; covered headers\' lengths read as covered, not as dead ends', async () => {
  const page = await open('#lesson=7');
  await page.waitForTimeout(450); // the bands' colours fade in
  const r = await page.evaluate(() => {
    const bands = [...document.querySelectorAll('.dance-svg .band')];
    const solution = bands.filter((b) => b.classList.contains('in-solution'));
    const headers = [...document.querySelectorAll('.dance-svg .node.header')].map((g) => ({
      name: g.querySelector('.name')?.textContent, len: g.querySelector('.len')?.textContent,
      covered: g.classList.contains('hidden'), dead: g.classList.contains('dead'),
      lenCovered: g.querySelector('.len')?.classList.contains('covered'),
    })).filter((h) => h.name);
    return {
      solution: solution.length, tried: bands.filter((b) => b.classList.contains('tried')).length,
      fills: [...new Set(solution.map((b) => getComputedStyle(b.querySelector('rect')).fill))],
      headers, legend: document.querySelector('#dance .dance-legend').textContent,
    };
  });
  // Before the fix 'B G' was yellow (being tried) and the other two rows green.
  assert.equal(r.solution, 3);
  assert.equal(r.tried, 0, 'nothing is being tried at a solution');
  assert.equal(r.fills.length, 1, `one colour: ${r.fills}`);
  const zeros = r.headers.filter((h) => h.len === '0');
  assert.deepEqual(zeros.map((h) => h.name), ['C', 'G']);
  for (const h of r.headers) assert.deepEqual([h.covered, h.dead, h.lenCovered], [true, false, true], `${h.name}: covered, its length marked so`);
  assert.match(r.legend, /a covered header's, no dead end/);
  assert.match(await page.$eval('#lesson .lesson-text', (e) => e.textContent), /C and G show 0/);
});

test('lesson: where uncover is shown, the words say why it runs in reverse order', async () => {
  for (const step of [3, 6]) {
    const page = await open(`#lesson=${step}`);
    const text = await page.$eval('#lesson .lesson-text', (e) => e.textContent.replace(/\u00a0/g, ' '));
    // Before the fix: "in the reverse order", never why.
    assert.match(text, /keeps the links it had when it left/, `step ${step}`);
    assert.match(text, /reverse order/, `step ${step}`);
    assert.match(text, /neighbours it remembers are (back )?in place/, `step ${step}`);
  }
});

test('lesson: link updates are explained as Knuth counts them, and why a backtrack adds none', async () => {
  const cover = await open('#lesson=3');
  const text3 = await cover.$eval('#lesson .lesson-text', (e) => e.textContent);
  const u3 = await counter(cover, 'linkUpdates');
  assert.ok(u3 > 0);
  assert.match(text3, new RegExp(`LINK UPDATES counter .*${u3}`), 'step 3 says what the counter counts, and its value');
  const dead = await open('#lesson=5');
  const u5 = await counter(dead, 'linkUpdates');
  const back = await open('#lesson=6');
  const u6 = await counter(back, 'linkUpdates');
  assert.equal(u6, u5, 'the backtrack adds no update');
  const text6 = await back.$eval('#lesson .lesson-text', (e) => e.textContent);
  // Before the fix the counter stood still while the diagram drew the relinks, with no word why.
  assert.match(text6, new RegExp(`stays at ${u6}`));
  assert.match(text6, /counts the nodes a cover unlinks/);
  assert.match(text6, /not counted/);
  // In words for a class: no program's name or option (issue 49).
  assert.doesNotMatch(text6, /DLX1|cover --stats|the page and/);
  assert.match(await back.$eval('[data-counter="linkUpdates"]', (e) => e.parentElement.title), /uncover/);
});

// --- issue 49: what a step names, and what its picture singles out ----------------------------------

/** Knuth's diagram at the lesson's step: the nodes and links drawn in the "changed" colour. */
const changed = (page) => page.evaluate(() => {
  const dance = document.querySelector('#dance');
  const shown = [...dance.querySelectorAll('path')].filter((p) => p.style.display !== 'none');
  return {
    links: shown.filter((p) => p.dataset.kind === 'moved').length,
    shown: shown.length,
    // Headers are drawn with their length under the letter ("D1").
    headers: [...dance.querySelectorAll('.moved')].map((g) => g.textContent.trim()).filter((t) => /^[A-G]\d+$/.test(t)).map((t) => t[0]).sort(),
  };
});

test('lesson: step 6 marks in orange only what the last take-back restored, opened by Next or by its link', async () => {
  const next = await open('#lesson=5');
  await next.click('#lesson .lesson-next');
  await next.waitForFunction(() => window.dlxPage.lesson.step === 6 && window.dlxPage.lesson.at >= 0);
  const byNext = await changed(next);
  const link = await open('#lesson=6');
  const byLink = await changed(link);
  assert.deepEqual(byLink, byNext, 'the link shows what Next shows');
  // Before the fix: 43 of the 82 links drawn marked by Next (every uncover since the dead
  // end: nothing singled out), and by the link none.
  assert.ok(byNext.links > 0 && byNext.links < byNext.shown / 3, `${byNext.links} links marked of ${byNext.shown}`);
  // Uncovering 'A D G''s other items, G and D: their headers are back, marked, and no other.
  assert.deepEqual(byNext.headers, ['D', 'G']);
  const text = await link.$eval('#lesson .lesson-text', (e) => e.textContent.replace(/\u00a0/g, ' '));
  assert.match(text, /what the last take-back restored: uncovering G and D/);
  await shot(link, 'lesson-6-restored');
});

test('lesson: stepped on, the "moved on" note is at the top of the step, on screen on a projector and a phone', async () => {
  for (const [width, height, look] of [[1024, 768, '&look=large'], [375, 812, ''], [1280, 800, '']]) {
    const page = await open(`#lesson=6${look}`, { width, height });
    await page.keyboard.press(']');
    await page.waitForSelector('#lesson .lesson-moved:not([hidden])');
    const where = await page.evaluate(() => {
      const note = document.querySelector('#lesson .lesson-moved').getBoundingClientRect();
      const title = document.querySelector('#lesson-title').getBoundingClientRect();
      const box = document.querySelector('#lesson').getBoundingClientRect();
      return { top: note.top, bottom: note.bottom, title: title.top, box: box.top, height: innerHeight };
    });
    // Before the fix it came after the step's words: at 1024×768 under the words' scrolling box.
    assert.ok(where.bottom <= where.title, `${width}: above the step's title (${JSON.stringify(where)})`);
    assert.ok(where.top >= 0 && where.bottom <= where.height, `${width}: on screen (${JSON.stringify(where)})`);
  }
});

test('lesson: the LINK UPDATES counter a step names is shown beside its sentence, live from the search', async () => {
  for (const step of [3, 6]) {
    const page = await open(`#lesson=${step}&look=large`, { width: 1024, height: 768 });
    const box = () => page.evaluate(() => {
      const b = document.querySelector('#lesson .lesson-text .lesson-counter');
      if (!b) return null;
      b.scrollIntoView({ block: 'nearest' });
      const r = b.getBoundingClientRect(), p = b.closest('p');
      const text = p.getBoundingClientRect(), view = b.closest('.lesson-text').getBoundingClientRect();
      return { r: [r.top, r.bottom], view: [view.top, view.bottom], text: text.bottom, words: b.textContent, value: b.querySelector('[data-lesson-counter="linkUpdates"]').textContent, names: /LINK UPDATES/.test(p.textContent), inView: r.top >= Math.max(0, view.top) - 1 && r.bottom <= Math.min(innerHeight, view.bottom) + 1 && r.bottom <= text.bottom + 1 };
    });
    // Before the fix the counter stood about 2,000 px below the words that named it.
    const b = await box();
    assert.ok(b, `step ${step}: a box beside the sentence`);
    assert.equal(b.names, true, 'in the paragraph that names it');
    assert.equal(b.inView, true, JSON.stringify(b));
    assert.equal(b.value, String(await counter(page, 'linkUpdates')));
    assert.match(b.words, /^link updates \d+$/i);
    // Live: the search stepped on, it says what the counters say.
    for (let k = 0; k < 4; k++) await page.keyboard.press(']');
    await page.waitForFunction(() => window.dlxPage.lesson.moved === 4);
    assert.equal((await box()).value, String(await counter(page, 'linkUpdates')));
    if (step === 3) assert.notEqual((await box()).value, b.value, 'the covers that follow unlink more');
  }
});

// --- issue 33 part 6: a teacher's own lesson -------------------------------------------------------
test('own lesson: moments of a Sudoku, Knuth\'s example and a workbench problem, each with its sentence, shared as one link, open in a fresh page as a lesson', async () => {
  const page = await open(`#p=${HARD}`);
  await page.click('#own-lesson > summary');
  for (let k = 0; k < 3; k++) await page.keyboard.press(']');
  const line = await page.evaluate(() => window.dlxPage.shell.link().puzzle);
  await page.fill('#own-text', 'The Sudoku\'s first cover: "é" and <b>tags</b> stay as typed.');
  await page.click('#own-add');
  assert.equal(await page.$eval('#own-status', (e) => e.textContent), `Moment 1 added: the 9×9 Sudoku ${HARD.slice(0, 9)}…, step 3.`);
  await page.click('#tab-knuth');
  for (let k = 0; k < 5; k++) await page.keyboard.press(']');
  // A moment may have a title of its own (issue 49: it could only be said where it was).
  await page.fill('#own-title', 'Why item A first');
  await page.fill('#own-text', 'Item A is chosen: the fewest options, and the first of a tie.');
  await page.click('#own-add');
  assert.match(await page.$eval('#own-status', (e) => e.textContent), /^Moment 2 added: "Why item A first", Knuth's example, step 5\.$/);
  // A workbench problem, just opened from the gallery (its link is packed meanwhile).
  await page.click('#tab-cover');
  await galleryPick(page, '4 queens');
  for (let k = 0; k < 4; k++) await page.keyboard.press(']');
  await page.fill('#own-text', 'Four queens: the first queen placed.');
  await page.click('#own-add');
  await page.waitForFunction(() => /^Moment 3 added: an exact-cover problem, step 4\.$/.test(document.querySelector('#own-status').textContent));
  const queens = await page.evaluate(() => window.dlxPage.workbench.text);
  assert.equal(await page.$$eval('#own-lesson .own-moments li', (l) => l.length), 3);
  await page.click('#own-copy');
  await page.waitForSelector('#own-link:not([hidden])');
  const url = await page.$eval('#own-link', (e) => e.value);
  assert.match(url, /#own=[A-Za-z0-9_-]+$/);
  // A fresh page: the lesson's panel, moment 1, then moment 2 with the → key.
  const fresh = await open(url.slice(url.indexOf('#')));
  await fresh.waitForFunction(() => window.dlxPage.shell.mode === 'sudoku' && window.dlxPage.shell.trace?.events === 3);
  await settle(fresh);
  const lesson = () => fresh.evaluate(() => ({
    shown: !document.querySelector('#lesson').hidden,
    title: document.querySelector('#lesson-title').textContent,
    text: document.querySelector('#lesson .lesson-text').textContent,
    kicker: document.querySelector('#lesson .lesson-kicker').textContent,
    dots: document.querySelectorAll('#lesson .lesson-dot').length,
    mode: window.dlxPage.shell.mode,
    events: window.dlxPage.shell.trace?.events,
  }));
  let l = await lesson();
  assert.equal(l.title, `Step 1 of 3: the 9×9 Sudoku ${line.slice(0, 9)}…, step 3`);
  assert.equal(l.text, 'The Sudoku\'s first cover: "é" and <b>tags</b> stay as typed.');
  assert.deepEqual([l.shown, l.kicker, l.dots], [true, 'Your lesson', 3]);
  assert.equal(await fresh.evaluate(() => window.dlxPage.shell.link().puzzle), line, 'the moment\'s puzzle');
  await fresh.keyboard.press('ArrowRight');
  await fresh.waitForFunction(() => window.dlxPage.shell.mode === 'knuth' && window.dlxPage.shell.trace?.events === 5);
  l = await lesson();
  assert.deepEqual(l, { shown: true, title: 'Step 2 of 3: Why item A first', text: 'Item A is chosen: the fewest options, and the first of a tie.', kicker: 'Your lesson', dots: 3, mode: 'knuth', events: 5 });
  await fresh.keyboard.press('ArrowRight');
  await fresh.waitForFunction(() => window.dlxPage.shell.mode === 'cover' && window.dlxPage.shell.trace?.events === 4);
  l = await lesson();
  assert.equal(l.title, 'Step 3 of 3: an exact-cover problem, step 4');
  assert.equal(l.text, 'Four queens: the first queen placed.');
  assert.equal(await fresh.evaluate(() => window.dlxPage.workbench.text), queens, 'the moment\'s problem, in the editor');
  assert.match(fresh.url(), /#own=/, 'the address bar keeps the lesson');
  // Closed, the Lesson button opens the built-in lesson again.
  await fresh.click('#lesson .lesson-close');
  await fresh.click('#lesson-open');
  assert.match((await lesson()).title, /^Step 1 of 7: /);
});

test('own lesson: a hostile or oversized link is refused with a message, and the page goes on', async () => {
  const page = await open('#m=knuth');
  const notice = () => page.$eval('#watch-notice', (e) => (e.hidden ? '' : e.textContent));
  const go = async (hash, why) => {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForFunction(() => !document.querySelector('#watch-notice').hidden);
    assert.match(await notice(), why, hash.slice(0, 40));
    assert.equal(await page.$eval('#lesson', (e) => e.hidden), true, 'no lesson opened');
    await page.evaluate(() => window.dlxPage.shell.views.watchNotice.clear());
  };
  await go('#own=%3Cscript%3E', /own lesson could not be opened: character 1 is not base64url\./);
  await go('#own=AAAAAAAAAAAA', /own lesson could not be opened: it does not unpack/);
  const { packProblem } = await import('../../www/core/cover-link.js');
  await go(`#own=${await packProblem(JSON.stringify({ v: 1, m: [['p=<img src=x onerror=alert(1)>', 'hi']] }))}`, /moment 1's link: the link's puzzle/);
  await go(`#own=${'A'.repeat(17000)}`, /own lesson could not be opened: it is too long \(17,000 characters, at most 16,000\)/);
  // The page still works: Knuth's example steps.
  await page.evaluate(() => { location.hash = '#m=knuth'; });
  await page.waitForFunction(() => window.dlxPage.shell.mode === 'knuth');
  await page.keyboard.press(']');
  assert.equal(await page.evaluate(() => window.dlxPage.shell.trace.events), 1);
});


// --- issue 49: the clicker and the keyboard -----------------------------------------------------

/** The page at 1024×768 in large type (the presenter layout), reduced motion. */
async function projector(hash) {
  const page = await open(hash, { width: 1024, height: 768, reducedMotion: 'reduce' });
  await page.click('#large-type');
  await page.evaluate(() => document.activeElement.blur());
  await settle(page);
  return page;
}

/** What a key may change: the lesson's step, the view, the search's step, the address bar. */
const moment = (page) => page.evaluate(() => {
  const { shell, lesson, player } = window.dlxPage;
  return { step: lesson.step, mode: shell.mode, events: shell.trace?.events ?? -1, hash: decodeURIComponent(location.hash), playing: player.playing };
});

/** The Keys panel's rows as shown, `{keys: words}`, and its notes, after opening it. */
const keysPanel = (page) => page.evaluate(async () => {
  const box = document.querySelector('#controls .keys');
  box.open = true;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const rows = {};
  const dts = box.querySelectorAll('dt');
  for (const dt of dts) rows[dt.textContent.replace(/\s+/g, ' ').trim()] = dt.nextElementSibling.textContent.replace(/\s+/g, ' ').trim();
  const notes = Array.from(box.querySelectorAll('.keys-pop > p'), (p) => p.textContent.replace(/\s+/g, ' ').trim());
  const r = (e) => { const b = e.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; };
  const out = { rows, notes, pop: r(box.querySelector('.keys-pop')), narration: r(document.querySelector('.narration-box')), vw: innerWidth, vh: innerHeight };
  box.open = false;
  return out;
});

/** A click on the page's background: the tagline's words, which are no control. */
async function clickBackground(page) {
  const b = await page.$eval('header .tagline', (e) => { const r = e.getBoundingClientRect(); return [r.left + 4, r.top + r.height / 2]; });
  await page.mouse.click(b[0], b[1]);
  assert.equal(await page.evaluate(() => document.activeElement === document.body), true, 'the click left the focus on the page');
}

test('keys: after a tab is clicked, → and ← step the search and the moment stays in the link; each tab is a stop of Tab, Enter shows its view', async () => {
  // Before (issue 49): → on a clicked tab switched to the next tab, and the URL became #m=cover&x=….
  const page = await open('#m=knuth&s=5');
  await page.click('#tab-knuth');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-knuth');
  await page.keyboard.press('ArrowRight');
  let m = await moment(page);
  assert.deepEqual([m.mode, m.events, m.hash], ['knuth', 6, '#m=knuth&s=6']);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  m = await moment(page);
  assert.deepEqual([m.mode, m.events, m.hash], ['knuth', 4, '#m=knuth&s=4']);
  // The Sudoku's tab too.
  await visit(page, `#p=${POJ1}&s=2`);
  await page.click('#tab-sudoku');
  await page.keyboard.press('ArrowRight');
  m = await moment(page);
  assert.deepEqual([m.mode, m.events, m.hash], ['sudoku', 3, `#p=${POJ1}&s=3`]);
  // The tabs are reached with Tab, one by one, and Enter shows a view.
  assert.deepEqual(await page.$$eval('.modes [role="tab"]', (ts) => ts.map((t) => t.tabIndex)), [0, 0, 0]);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-knuth');
  await page.keyboard.press('Enter');
  assert.equal((await moment(page)).mode, 'knuth');
  // The Keys panel says how the tabs are reached.
  assert.ok((await keysPanel(page)).notes.some((n) => /tabs take no arrows: Tab reaches each, Enter shows its view/.test(n)));
});

test('keys: Esc never closes the lesson (a clicker may send it) and the Keys panel says so; Close lesson does', async () => {
  // Before (issue 49): Esc closed the guided lesson; the Keys panel said Esc "stops a long run".
  const page = await open('#lesson=3');
  await page.click('#lesson .lesson-next');
  await page.click('#lesson .lesson-prev');
  for (const from of ['button', 'background']) {
    if (from === 'background') await clickBackground(page);
    await page.keyboard.press('Escape');
    const m = await moment(page);
    assert.deepEqual([m.step, m.hash], [3, '#lesson=3'], `Esc from the ${from}`);
  }
  const keys = await keysPanel(page);
  assert.equal(keys.rows.Esc, 'stop a long run (it never closes the lesson: "Close lesson" does)');
  assert.equal(await page.$eval('#lesson .lesson-close', (b) => b.getAttribute('aria-keyshortcuts')), null, 'no key is said to close it');
  await page.click('#lesson .lesson-close');
  assert.equal((await moment(page)).step, 0);
});

test('keys: in the presenter layout Page Down shows the rest of every long lesson step before the next, Page Up goes back up it', async () => {
  // Before (issue 49): steps 2, 3 and 6 ran under Previous / Next, and Page Down went to the
  // next step: a clicker never reached their last lines.
  const page = await projector('#lesson=1');
  const n = await lessonCount(page);
  const words = () => page.evaluate(() => {
    const box = document.querySelector('#lesson .lesson-text'), last = box.lastElementChild;
    const nav = document.querySelector('#lesson .lesson-nav').getBoundingClientRect();
    const b = box.getBoundingClientRect(), l = last.getBoundingClientRect();
    const foot = Math.min(innerHeight, nav.top, b.bottom);
    return { step: window.dlxPage.lesson.step, lastSeen: l.bottom <= foot + 1 && l.bottom > Math.max(0, b.top), scrolled: box.scrollTop, long: box.scrollHeight > box.clientHeight + 1 };
  });
  const long = [];
  for (let k = 1; k <= n; k++) {
    let w = await words();
    assert.equal(w.step, k);
    if (w.long) long.push(k);
    let presses = 0;
    while (!w.lastSeen && presses++ < 10) {
      await page.keyboard.press('PageDown');
      w = await words();
      assert.equal(w.step, k, `step ${k}: Page Down went on before its last line was shown`);
    }
    assert.ok(w.lastSeen, `step ${k}: its last line never came into view`);
    if (k < n) {
      await page.keyboard.press('PageDown');
      w = await words();
      assert.deepEqual([w.step, w.scrolled], [k + 1, 0], `step ${k + 1} from its start`);
    }
  }
  assert.ok(long.filter((x) => x > 1).length >= 1, `no step after the first was longer than its box (${long}): the test tests nothing`);
  // Page Up: back up a long step's words, then the step before.
  const k = long.find((x) => x > 1);
  await visit(page, `#lesson=${k}`);
  while (!(await words()).lastSeen) await page.keyboard.press('PageDown');
  assert.ok((await words()).scrolled > 0);
  let presses = 0;
  while ((await words()).scrolled > 0 && presses++ < 10) {
    await page.keyboard.press('PageUp');
    assert.equal((await words()).step, k);
  }
  await page.keyboard.press('PageUp');
  assert.equal((await words()).step, k - 1);
  await shot(page, 'presenter-lesson-pagedown');
});

test('keys: the Keys panel lists the keys of the view shown, and covers no narration', async () => {
  // Before (issue 49): "the next digit tried" on Knuth's example, and the list over the narration.
  const page = await projector('#m=knuth&s=9');
  const bad = [];
  for (const [hash, what, lesson] of [['#m=knuth&s=9', 'option', false], [`#p=${POJ1}&s=3`, 'digit', false], ['#m=cover', 'option', false], ['#lesson=4', 'option', true], ['#lesson=2', null, true]]) {
    await visit(page, hash);
    const k = await keysPanel(page);
    const rows = Object.entries(k.rows).map(([a, b]) => `${a}: ${b}`).join('\n');
    if (what && k.rows['Shift+→ }'] !== `forward to the next ${what} tried`) bad.push(`${hash}: Shift+→ says "${k.rows['Shift+→ }']}"`);
    if (!what && /Shift/.test(rows)) bad.push(`${hash}: search keys listed under the step's own figure`);
    if (lesson !== /^Page Down: /m.test(rows)) bad.push(`${hash}: Page Down ${lesson ? 'not ' : ''}listed`);
    if (/digit/.test(rows) && what !== 'digit') bad.push(`${hash}: speaks of digits`);
    if (!/^In the board/.test(k.notes.join('\n')) === (what === 'digit')) bad.push(`${hash}: the board's note ${what === 'digit' ? 'missing' : 'shown'}`);
    const { pop: p, narration: r } = k;
    if (p.left < 0 || p.top < 0 || p.right > k.vw || p.bottom > k.vh) bad.push(`${hash}: the list at ${Math.round(p.left)},${Math.round(p.top)}–${Math.round(p.right)},${Math.round(p.bottom)}, off the screen`);
    const over = Math.max(0, Math.min(p.right, r.right) - Math.max(p.left, r.left)) * Math.max(0, Math.min(p.bottom, r.bottom) - Math.max(p.top, r.top));
    if (over > 0 && r.bottom > 0 && r.top < k.vh) bad.push(`${hash}: the list covers ${Math.round(over)} px² of the narration`);
  }
  assert.deepEqual(bad, []);
  await visit(page, '#m=knuth&s=9');
  await page.click('#controls .keys summary');
  await shot(page, 'presenter-keys-knuth');
  await page.click('#controls .keys summary');
  await visit(page, '#lesson=4');
  await page.$eval('#controls', (c) => c.scrollIntoView());
  await page.click('#controls .keys summary');
  await shot(page, 'presenter-keys-lesson');
});

test('keys: "Link copied" moves nothing: the controls stay where they were, in every view, on a projector and a phone', async () => {
  // Before (issue 49): the notice pushed the controls about 95 px down for seconds.
  const bad = [];
  for (const [width, height, large] of [[1024, 768, true], [1280, 800, false], [375, 812, false]]) {
    const page = await open('', { width, height, reducedMotion: 'reduce', permissions: ['clipboard-read', 'clipboard-write'] });
    if (large) await page.click('#large-type');
    for (const hash of ['#m=knuth&s=5', '#lesson=3', `#p=${POJ1}&s=3`, '#m=cover']) {
      await visit(page, hash);
      await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.resolve(); });
      await page.$eval('#copy-link', (b) => b.scrollIntoView({ block: 'center' }));
      const y = () => page.evaluate(() => ['#controls', '.transport', '.narration-box'].map((s) => Math.round(document.querySelector(s).getBoundingClientRect().top + scrollY)));
      const before = await y();
      await page.click('#copy-link');
      await page.waitForFunction(() => /^Link copied/.test(document.querySelector('#watch-notice').textContent));
      const after = await y();
      if (after.join() !== before.join()) bad.push(`${width}×${height} ${hash}: the controls, transport and narration at y ${before} moved to ${after}`);
      const seen = await page.$eval('#watch-notice', (n) => { const r = n.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; });
      if (!seen) bad.push(`${width}×${height} ${hash}: "Link copied" is not on the screen`);
      // Clicks go through it to the controls under it.
      const at = (await moment(page)).events;
      const f = await page.$eval('[data-action="forward"]', (b) => { const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; });
      await page.mouse.click(f[0], f[1]);
      if ((await moment(page)).events !== at + 1) bad.push(`${width}×${height} ${hash}: a click on Step forward under the notice did not step`);
      if (width === 1024 && hash === '#m=knuth&s=5') await shot(page, 'presenter-link-copied');
    }
  }
  assert.deepEqual(bad, []);
});

test('keys: links carry large type and the theme, and a link\'s look is the page\'s', async () => {
  // Before (issue 49): links carried neither; `look` was "not understood".
  const page = await open('#m=knuth&s=5&look=large,dark');
  const look = () => page.evaluate(() => ({ large: document.documentElement.classList.contains('large'), theme: document.documentElement.dataset.theme ?? 'auto', hash: location.hash }));
  assert.deepEqual(await look(), { large: true, theme: 'dark', hash: '#m=knuth&s=5&look=large,dark' });
  assert.equal(await page.$eval('#watch-notice', (n) => n.hidden), true, 'no complaint about the link');
  await page.click('#large-type');
  assert.deepEqual(await look(), { large: false, theme: 'dark', hash: '#m=knuth&s=5&look=dark' });
  await page.click('#theme'); // dark → light (the system's, kept)
  assert.deepEqual(await look(), { large: false, theme: 'light', hash: '#m=knuth&s=5&look=light' });
  await page.click('#theme'); // light → auto
  assert.deepEqual(await look(), { large: false, theme: 'auto', hash: '#m=knuth&s=5' });
  // The lesson's link and a teacher's own lesson's carry it too.
  await page.click('#large-type');
  await page.click('#lesson-open');
  assert.equal((await look()).hash, '#lesson=1&look=large');
  const fresh = await open('#lesson=3&look=light');
  assert.deepEqual(await fresh.evaluate(() => [document.documentElement.classList.contains('large'), document.documentElement.dataset.theme, window.dlxPage.lesson.step]), [false, 'light', 3]);
  // A look that is no look is said, and ignored.
  const odd = await open('#m=knuth&look=huge');
  assert.match(await odd.$eval('#notice', (n) => n.textContent), /The link's look "huge" is not large, light or dark; ignored\./);
});

test('clicker: from a tab, a button or the page, Page Down, Page Up, → ← Space and Esc do what the Keys panel says, and the moment is never lost', async () => {
  const page = await projector('#m=knuth&s=5');
  // A view: → ← step, Space plays and pauses, Esc and Page Up / Down move no moment.
  let keys = await keysPanel(page);
  assert.equal(keys.rows['→ ]'], 'step forward one event');
  assert.equal(keys.rows['← ['], 'step back one event');
  assert.match(keys.rows['Space P'], /^play \/ pause/);
  assert.equal(keys.rows.Esc, 'stop a long run');
  assert.equal(keys.rows['Page Down'], undefined, 'no Page Down outside the lesson');
  const froms = {
    tab: () => page.click('#tab-knuth'),
    button: () => page.click('#copy-link'),
    page: () => clickBackground(page),
  };
  const expect = async (key, want, from) => {
    const before = await moment(page);
    await page.keyboard.press(key);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const after = await moment(page);
    const lost = !/^#(m=knuth&s=\d+|lesson=\d+(&s=\d+)?)(&look=large)?$/.test(after.hash) || (after.step === 0 && before.step > 0);
    assert.ok(!lost, `${key} from the ${from}: the moment was lost (${before.hash} → ${after.hash})`);
    want(before, after, `${key} from the ${from}`);
    return after;
  };
  const same = (b, a, what) => assert.deepEqual([a.step, a.mode, a.events, a.hash], [b.step, b.mode, b.events, b.hash], what);
  for (const [from, click] of Object.entries(froms)) {
    await click();
    await expect('ArrowRight', (b, a, w) => assert.equal(a.events, b.events + 1, w), from);
    await expect('ArrowLeft', (b, a, w) => assert.equal(a.events, b.events - 1, w), from);
    await expect('Escape', same, from);
    await expect('PageDown', same, from);
    await expect('PageUp', same, from);
    await expect(' ', (b, a, w) => assert.equal(a.playing, true, w), from);
    await expect(' ', (b, a, w) => assert.equal(a.playing, false, w), from);
  }
  // The lesson: Page Down / Page Up and → ← move through it, Space plays its search (the link
  // keeps the step and the search's step), Esc keeps it.
  await visit(page, '#lesson=4');
  keys = await keysPanel(page);
  assert.equal(keys.rows['Page Down'], 'the rest of a long step\'s words, then the next step of the lesson');
  assert.equal(keys.rows['Page Up'], 'back up the step\'s words, then the step before');
  assert.equal(keys.rows['→ ←'], 'the next / the previous step of the lesson');
  assert.match(keys.rows['Space P'], /^play \/ pause/);
  const lessonFroms = {
    'lesson\'s button': () => page.click('#lesson .lesson-dot:text-is("4")'),
    'transport\'s button': async () => { // back and forward again: at the step's moment, the focus on Step forward
      await page.click('[data-action="back"]');
      await page.click('[data-action="forward"]');
      assert.equal(await page.evaluate(() => document.activeElement.dataset.action), 'forward');
    },
    page: () => clickBackground(page),
  };
  const words = () => page.$eval('#lesson .lesson-text', (b) => b.scrollHeight - b.clientHeight - b.scrollTop > 1);
  for (const [from, click] of Object.entries(lessonFroms)) {
    await visit(page, '#lesson=4');
    await click();
    if ((await moment(page)).hash !== '#lesson=4&look=large') await page.click('#lesson .lesson-back');
    while (await words()) await expect('PageDown', (b, a, w) => assert.equal(a.step, 4, w), from);
    await expect('PageDown', (b, a, w) => assert.equal(a.step, 5, w), from);
    await expect('PageUp', (b, a, w) => assert.equal(a.step, 4, w), from);
    await expect('ArrowRight', (b, a, w) => assert.equal(a.step, 5, w), from);
    await expect('ArrowLeft', (b, a, w) => assert.equal(a.step, 4, w), from);
    await expect('Escape', same, from);
    await expect(' ', (b, a, w) => assert.equal(a.playing, true, w), from);
    const paused = await expect(' ', (b, a, w) => assert.deepEqual([a.step, a.playing], [4, false], w), from);
    if (paused.events !== (await page.evaluate(() => window.dlxPage.lesson.at))) assert.match(paused.hash, /^#lesson=4&s=\d+/, `Space from the ${from}: the link keeps the search's step`);
  }
  // Step 2's figure: no search keys, the lesson's keys still.
  await visit(page, '#lesson=2');
  await clickBackground(page);
  await expect(' ', (b, a, w) => assert.deepEqual([a.step, a.playing], [2, false], w), 'page, step 2');
  await expect('ArrowRight', (b, a, w) => assert.equal(a.step, 3, w), 'page, step 2');
});

// --- a start, for a student alone (issue 49, item 15) -----------------------------------------------
const welcomeShown = (page) => page.$eval('#welcome', (w) => !w.hidden && w.checkVisibility());

test('welcome: a first visit offers the lesson first, then playing and exact cover; a link never shows it; a return shows none and comes back where it was', async () => {
  const page = await open('', { welcome: true });
  assert.equal(await welcomeShown(page), true, 'a first visit, no link: the welcome');
  const ways = await page.$$eval('#welcome .welcome-ways button', (bs) => bs.map((b) => `${b.textContent}${b.classList.contains('primary') ? ' (primary)' : ''}`));
  assert.deepEqual(ways, ['Start the lesson (primary)', 'Play a Sudoku', 'Explore exact cover']);
  const box = await page.$eval('#welcome', (w) => w.getBoundingClientRect().toJSON());
  assert.ok(box.top < 200 && box.height <= 110, `near the top and small: ${JSON.stringify(box)}`);
  await shot(page, 'welcome-1280');
  await page.click('#welcome [data-way="lesson"]');
  assert.equal(await welcomeShown(page), false, 'chosen: gone');
  assert.equal((await lessonState(page)).step, 1, 'the lesson, from its first step');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal((await lessonState(page)).step, 3);
  // A return: a reload (the page's own link), then the page's address with no link at all.
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await welcomeShown(page), false, 'a reload: no welcome');
  assert.equal((await lessonState(page)).step, 3);
  await page.goto(base);
  await page.waitForSelector('body.ready');
  await settle(page);
  assert.equal(await welcomeShown(page), false, 'a return with no link: no welcome');
  assert.equal((await lessonState(page)).step, 3, 'back at the lesson\'s step (it opened on the 9×9 before)');
  // The view, when no lesson was open.
  await page.click('#lesson .lesson-close');
  await page.click('#tab-cover');
  await page.goto(base);
  await page.waitForSelector('body.ready');
  await settle(page);
  assert.deepEqual([await welcomeShown(page), await page.evaluate(() => window.dlxPage.shell.mode), (await lessonState(page)).step], [false, 'cover', 0], 'back in the workbench, no welcome');
  // A link never shows the welcome over what it links to, on a first visit too.
  for (const hash of ['#lesson=3', '#m=knuth', '#p=1..3.....32.....']) {
    const linked = await open(hash, { welcome: true });
    assert.equal(await welcomeShown(linked), false, `${hash}: no welcome over it`);
  }
  // Closed with its ×, it stays closed, and the page is as it was.
  const closed = await open('', { welcome: true });
  await closed.click('#welcome .welcome-close');
  assert.equal(await welcomeShown(closed), false);
  assert.equal(await closed.evaluate(() => document.activeElement.id), 'lesson-open', 'the focus where the lesson still is');
  assert.equal(await closed.evaluate(() => window.dlxPage.shell.mode), 'sudoku');
  await closed.goto(base);
  await closed.waitForSelector('body.ready');
  assert.equal(await welcomeShown(closed), false, 'closed once: never again');
});

test('welcome: small on a 375×812 phone, and Play puts the board and its pad on the first screen; on a projector in large type, Explore opens the workbench', async () => {
  const phone = await open('', { welcome: true, width: 375, height: 812, touch: true });
  assert.equal(await welcomeShown(phone), true);
  const box = await phone.$eval('#welcome', (w) => w.getBoundingClientRect().toJSON());
  assert.ok(box.height <= 110, `two lines at most: ${box.height} px`);
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth), 375, 'nothing wider than the phone');
  await shot(phone, 'welcome-phone');
  await phone.tap('#welcome [data-way="play"]');
  assert.equal(await welcomeShown(phone), false);
  const at = await phone.evaluate(() => ({
    y: scrollY,
    board: document.querySelector('#board').getBoundingClientRect().top,
    pad: document.querySelector('#pad').getBoundingClientRect().bottom,
    mode: document.querySelector('#board-mode [aria-pressed="true"]').dataset.mode,
  }));
  assert.ok(at.board >= 0 && at.pad <= 812, `the board and its pad on the first screen: ${JSON.stringify(at)}`);
  assert.equal(at.mode, 'play');
  const projector = await open('', { welcome: true, width: 1024, height: 768, init: () => localStorage.setItem('dlx-large', 'on') });
  assert.equal(await welcomeShown(projector), true);
  assert.ok(await projector.$eval('#welcome', (w) => w.getBoundingClientRect().height) <= 160);
  await shot(projector, 'welcome-projector');
  await projector.click('#welcome [data-way="explore"]');
  assert.deepEqual([await welcomeShown(projector), await projector.evaluate(() => window.dlxPage.shell.mode)], [false, 'cover']);
});

if (isMain(import.meta.url)) await main();
