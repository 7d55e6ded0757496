// The exact-cover workbench's pure parts: a problem packed into a link and back, hostile
// links, and the hash that carries it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { packProblem, unpackProblem, toBase64Url, fromBase64Url, MAX_PACKED } from '../core/cover-link.js';
import { parseHash, formatHash } from '../core/router.js';
import { dlx } from './wasm.js';

test('base64url round-trips every length and byte', () => {
  for (let n = 0; n < 70; n++) {
    const bytes = Uint8Array.from({ length: n }, (_, k) => (k * 151 + n * 7) & 255);
    const text = toBase64Url(bytes);
    assert.match(text, /^[A-Za-z0-9_-]*$/);
    assert.equal(text.length, Math.ceil((n * 8) / 6));
    assert.deepEqual(fromBase64Url(text), bytes, `length ${n}`);
  }
  assert.equal(toBase64Url(new Uint8Array([0xfb, 0xff])), '-_8');
  assert.equal(Buffer.from(fromBase64Url('aGVsbG8')).toString(), 'hello');
});

test('a problem packs into a link and unpacks to the same text', async () => {
  for (const [name, arg] of [['knuth'], ['queens', '8'], ['pentominoes', '3x5'], ['langford', '11'], ['pentominoes', '6x10']]) {
    const text = dlx.coverExample(name, arg);
    const packed = await packProblem(text);
    assert.match(packed, /^[A-Za-z0-9_-]+$/);
    if (text.length > 500) assert.ok(packed.length < 0.7 * text.length, `${name}: packed smaller, in base64url`);
    assert.ok(packed.length <= MAX_PACKED, `${name} ${arg} fits a link (${packed.length})`);
    assert.equal(await unpackProblem(packed), text, name);
    const h = formatHash({ mode: 'cover', packed, step: 17 });
    assert.deepEqual(parseHash(h), { mode: 'cover', puzzle: null, step: 17, errors: [], packed });
  }
  assert.equal(await unpackProblem(await packProblem('a b\nå b\n'.replace('å', 'a'))), 'a b\na b\n');
  assert.equal(await unpackProblem(await packProblem('é ü 😀\n')), 'é ü 😀\n', 'UTF-8 survives');
});

test("a link holds any problem the editor holds: its limit is the editor's, in characters, not bytes", async () => {
  // 300,000 characters are 600,000 bytes of UTF-8 (900,000 for the CJK line): the editor
  // takes them (at most 500,000 characters), and their links are short.
  for (const text of ['é'.repeat(300_000), `${'一'.repeat(500_000 - 1)}\n`]) {
    const packed = await packProblem(text);
    assert.ok(packed.length <= MAX_PACKED, `a short link (${packed.length})`);
    assert.equal(await unpackProblem(packed), text);
  }
  assert.equal((await unpackProblem(await packProblem('x'.repeat(500_000)))).length, 500_000);
});

test('hostile packed problems are errors that say what is wrong', async () => {
  await assert.rejects(unpackProblem('abc$'), /character 4 is not base64url/);
  await assert.rejects(unpackProblem('a'), /cut short/);
  await assert.rejects(unpackProblem('AAAAAAAA'), /does not unpack/);
  await assert.rejects(unpackProblem(toBase64Url(new TextEncoder().encode('plain text, not deflated'))), /does not unpack|not UTF-8/);
  // A bomb: a megabyte of spaces packs into about a kilobyte.
  const bomb = await packProblem(' '.repeat(2_000_000));
  assert.ok(bomb.length < 4000);
  await assert.rejects(unpackProblem(bomb), /^Error: it unpacks to more than 500,000 characters \(the most the editor takes\)$/);
  // Just past the limit, counted in characters as the editor counts them.
  await assert.rejects(unpackProblem(await packProblem('x'.repeat(500_001))), /more than 500,000 characters/);
  // Bytes that are not UTF-8.
  const latin1 = await (async () => {
    const s = new CompressionStream('deflate-raw');
    const w = s.writable.getWriter();
    w.write(new Uint8Array([0x61, 0xff, 0xfe, 0x0a]));
    w.close();
    const chunks = [];
    for await (const c of s.readable) chunks.push(...c);
    return toBase64Url(Uint8Array.from(chunks));
  })();
  await assert.rejects(unpackProblem(latin1), /not UTF-8 text/);
});

test('cover links: the mode, the problem, and what does not belong', () => {
  assert.deepEqual(parseHash('#m=cover'), { mode: 'cover', puzzle: null, step: 0, errors: [] });
  assert.deepEqual(parseHash('#m=sudoku&x=abc').errors, ["the link's problem (x) belongs to the exact-cover view; ignored"]);
  // A problem too big for a link has no problem in its hash, and so no step either.
  assert.equal(formatHash({ mode: 'cover', packed: null, step: 99 }), '#m=cover');
  const long = `#m=cover&x=${'A'.repeat(MAX_PACKED + 100)}`;
  assert.match(parseHash(long).errors[0], /too long to hold a problem \(16,110 characters after the #, at most 16,040\)/);
  assert.equal(parseHash(long).mode, 'cover');
  // The Sudoku's own limit stays.
  assert.match(parseHash(`#p=${'.'.repeat(3000)}`).errors[0], /at most 2,000/);
});

// --- the workbench's logic, with stand-ins for its views and its worker -----------------------
import { Workbench, GALLERY, DEFAULT_PROBLEM, MAX_TEXT, MAX_LINES, countLines } from '../rooms/workbench/workbench.js';
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

test('lines are counted as the parser ends them, a last line without its break too', () => {
  for (const [text, lines] of [['', 0], ['a', 1], ['a\n', 1], ['a\nb', 2], ['a\r\nb\r\n', 2], ['a\rb\r', 2], ['\n\n', 2], ['\r\n\r', 2], ['a\n\r\nb', 3]]) {
    assert.equal(countLines(text), lines, JSON.stringify(text));
  }
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
