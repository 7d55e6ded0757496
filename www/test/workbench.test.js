// The exact-cover workbench's logic (www/rooms/workbench/workbench.js), with stand-ins for
// its views and its worker.
import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { packProblem, unpackProblem } from '../core/cover-link.js';
import { Workbench, GALLERY, DEFAULT_PROBLEM, MAX_TEXT, MAX_LINES } from '../rooms/workbench/workbench.js';
import { Cancelled } from '../wasm/solver.js';

function bench({ solver = {} } = {}) {
  const seen = { problems: [], errors: [], results: [], links: 0 };
  const editor = { value: '', showError: (e) => seen.errors.push(e) };
  const status = { dataset: {}, textContent: '' };
  const result = {
    clear: () => seen.results.push(['clear']),
    message: (kind, text) => seen.results.push([kind, text]),
    busy: (text) => seen.results.push(['busy', text]),
    progress: (text, share) => seen.results.push(['progress', text, share]),
  };
  const wb = new Workbench({
    dlx, editor, status, result, solver: { busy: false, cancel() {}, ...solver },
    onProblem: (t) => seen.problems.push(t),
    onLink: () => seen.links++,
  });
  return { wb, seen, editor, status };
}

test('every gallery entry is a problem wasm writes, with its known count', () => {
  const known = { 'queens-4': 2, 'queens-5': 10, 'pentominoes-3x5': 4, 'langford-3': 2, 'langford-4': 2, knuth: 1, 'sudoku-4': 1, 'queens-8': 92, 'queens-12': 14200, 'langford-11': 35584, 'graceful-k3': 6, 'graceful-w7': 938 };
  assert.ok(GALLERY.some((g) => g.id === DEFAULT_PROBLEM));
  for (const g of GALLERY) {
    const { wb, seen, status } = bench();
    assert.equal(wb.example(g.id), true, g.id);
    assert.equal(seen.errors.at(-1), null, `${g.id}: no error`);
    assert.equal(status.dataset.kind, 'ok');
    assert.equal(seen.problems.length, 1);
    if (g.id in known) assert.equal(dlx.countCover(wb.text, Infinity), known[g.id], g.id);
    else assert.equal(g.id, 'pentominoes-6x10', 'only the 16-second count is left to tests/cover_counts.rs');
    seen.problems[0].free();
  }
  assert.equal(bench().wb.example('nonesuch'), false);
});

test('the workbench: errors go to the editor, a good text to a new search, the link is packed', async () => {
  const { wb, seen, editor, status } = bench();
  editor.value = 'a b\na q\n';
  wb.check();
  assert.deepEqual(seen.errors.at(-1), { line: 2, column: 3, message: 'line 2, column 3: unknown item "q"' });
  assert.equal(status.textContent, 'Not a problem yet: line 2, column 3: unknown item "q".');
  assert.deepEqual(seen.problems, [null]);
  // The link keeps a text with an error too: a reload or a shared link loses nothing.
  assert.equal(wb.linkTrouble(), '');
  assert.equal(await unpackProblem(await wb.link()), 'a b\na q\n');
  editor.value = 'a b\na b\n';
  wb.check();
  assert.equal(seen.errors.at(-1), null);
  assert.equal(status.textContent, '2 items (2 primary), 1 option, 2 entries.');
  assert.equal(seen.problems.at(-1).solutions, 0);
  const before = seen.problems.length;
  wb.check(); // the same text: nothing to do
  assert.equal(seen.problems.length, before);
  for (let k = 0; k < 200 && seen.links < 2; k++) await new Promise((ok) => setTimeout(ok, 10));
  assert.equal(seen.links, 2, 'the link is packed, and the page told (the error\'s text, then this one)');
  assert.equal(await unpackProblem(wb.packed), 'a b\na b\n');
  editor.value = 'x'.repeat(MAX_TEXT + 1);
  wb.check();
  assert.match(seen.errors.at(-1).message, /too long for the page \(500,001 characters, at most 500,000\)/);
  assert.equal(wb.packed, null, 'no link to a text a link could not open');
  assert.match(wb.linkTrouble(), /^The problem is too long for the page \(500,001 characters, at most 500,000\), so there is no link to it\.$/);
  // Lines cost the browser's text box its time: at most MAX_LINES, each an option.
  editor.value = `a\n${'a\n'.repeat(MAX_LINES - 1)}`;
  wb.check();
  assert.equal(seen.errors.at(-1), null, 'exactly at the limit');
  editor.value += 'a';
  wb.check();
  assert.equal(seen.errors.at(-1).message, 'the problem is too long for the page (20,001 lines, at most 20,000; a line for each option)');
  assert.equal(seen.problems.at(-1), null);
  editor.value = '';
  wb.check();
  assert.equal(wb.linkTrouble(), 'The editor is empty, so there is no problem to link to.');
  // Typing waits for a pause before reading.
  editor.value = 'a b\na b\n';
  wb.check();
  editor.value = 'a\na\n';
  wb.edited();
  assert.equal(wb.text, 'a b\na b\n', 'not read yet');
  for (let k = 0; k < 200 && wb.text !== 'a\na\n'; k++) await new Promise((ok) => setTimeout(ok, 10));
  assert.equal(wb.text, 'a\na\n');
});

test('lines are counted as the parser ends them, a last line without its break too (by wasm)', () => {
  for (const [text, lines] of [['', 0], ['a', 1], ['a\n', 1], ['a\nb', 2], ['a\r\nb\r\n', 2], ['a\rb\r', 2], ['\n\n', 2], ['\r\n\r', 2], ['a\n\r\nb', 3]]) {
    assert.equal(dlx.countLines(text), lines, JSON.stringify(text));
  }
  assert.throws(() => dlx.countLines(7), /text/, 'not a text');
});

test('a link opens its problem, error or not; an empty one or one too long for the editor says so', async () => {
  const { wb, editor, seen } = bench();
  assert.equal(await wb.open(await packProblem('')), 'The link\'s problem is empty: it has no items and no options.');
  assert.equal(editor.value, '', 'the editor is left alone');
  const huge = `a\n${'a\n'.repeat(249_000)}`;
  assert.equal(await wb.open(await packProblem(huge)), 'The link\'s problem is too long for the page: 249,001 lines, and the editor takes at most 20,000 (a line for each option).');
  assert.equal(editor.value, '');
  assert.deepEqual(seen.problems, [], 'nothing loaded');
  const packed = await packProblem('a b\na q\n');
  assert.equal(await wb.open(packed), 'The link\'s problem has an error, marked in the editor: line 2, column 3: unknown item "q".');
  assert.equal(editor.value, 'a b\na q\n');
  assert.equal(wb.packed, packed, 'the address keeps the link at once');
  assert.equal(await wb.open(await packProblem('a b\na b\n')), '');
  assert.equal(wb.text, 'a b\na b\n');
});

test('the workbench counts in its worker, shows progress, and a cancel says so', async () => {
  let progress;
  const { wb, seen } = bench({ solver: { coverCount: (text, limit, onProgress) => { progress = onProgress; return new Promise(() => {}); } } });
  wb.example('queens-8');
  wb.count();
  progress({ solutions: 12, nodes: 3456, done: 0.25, ms: 100, workers: 2 });
  assert.deepEqual(seen.results.slice(-2), [['busy', 'Counting…'], ['progress', 'Counting… 12 solutions so far (3,456 nodes): 25% of the tree, on 2 workers', 0.25]]);
  // The time left, once a share of the tree and half a second are behind: 2 s for 20% took 8 s more.
  progress({ solutions: 1, nodes: 1, done: 0.2, ms: 2000, workers: 1 });
  assert.deepEqual(seen.results.at(-1), ['progress', 'Counting… 1 solution so far (1 node): 20% of the tree, about 8 s left, on 1 worker', 0.2]);
  const done = bench({ solver: { coverCount: async () => ({ count: 92, nodes: 1965, ms: 12, workers: 2 }) } });
  done.wb.example('queens-8');
  await done.wb.count();
  assert.deepEqual(done.seen.results.at(-1), ['count', '92 solutions: the whole search tree was explored (1,965 nodes in 12 ms on 2 workers).']);
  const none = bench({ solver: { coverCount: async () => ({ count: 0, nodes: 7, ms: 1, workers: 1 }) } });
  none.wb.example('queens-8');
  await none.wb.count();
  assert.deepEqual(none.seen.results.at(-1), ['none', '0 solutions: the whole search tree was explored (7 nodes in 1 ms on 1 worker).'], 'no solution: not the green of a count');
  const stopped = bench({ solver: { coverCount: async () => { throw new Cancelled(); } } });
  stopped.wb.example('queens-8');
  await stopped.wb.count();
  assert.deepEqual(stopped.seen.results.at(-1), ['info', 'Cancelled. The count was stopped and the solver is ready again.']);
});
