import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { STEPS, reach, parseStep, openItems } from '../lesson.js';
import { quote, parseHash, formatHash } from '../router.js';

const K = dlx.EventKind;

/** A fresh trace (Knuth's, or of `puzzle`) and a mover on it, as the page's player moves it. */
function knuth(puzzle) {
  const trace = puzzle ? new dlx.Trace(puzzle) : dlx.Trace.knuth();
  return { trace, run: (max, mask) => trace.run(max, mask), back: (n) => trace.runBack(n, 0) };
}

/** Step `id` reached on a fresh trace: `{trace, facts, text}`. */
function at(id) {
  const n = STEPS.findIndex((s) => s.id === id) + 1;
  assert.ok(n > 0, id);
  const m = knuth(STEPS[n - 1].puzzle);
  const { facts, text } = reach(n, m);
  return { trace: m.trace, facts: JSON.parse(JSON.stringify(facts).replace(/\u00a0/g, ' ')), text: text.join('\n').replace(/\u00a0/g, ' ') };
}

/** The same search, on its own, after exactly `events` events. */
function replay(events) {
  const t = dlx.Trace.knuth();
  t.run(events, 0);
  assert.equal(t.events, events);
  return t;
}

/** Everything a cover changes: which items are covered, and every item's list. */
const state = (t) => JSON.stringify([Array.from(t.coveredItems()), Array.from({ length: t.items }, (_, i) => Array.from(t.itemOptions(i)))]);
const name = (t, o) => `'${t.optionName(o)}'`;

/** True when `options` hold every primary item exactly once. */
function exactCover(t, options) {
  const seen = new Array(t.primary).fill(0);
  for (const o of options) for (const i of t.optionItems(o)) seen[i]++;
  return seen.every((n) => n === 1);
}

test('every step says one or two paragraphs and stops on the engine\'s own event', () => {
  assert.ok(STEPS.length >= 5 && STEPS.length <= 7, `${STEPS.length} steps`);
  for (const s of STEPS) {
    const m = knuth(s.puzzle);
    const { text } = reach(STEPS.indexOf(s) + 1, m);
    assert.ok(text.length >= 1 && text.length <= 2, s.id);
    for (const p of text) assert.ok(p.length > 40 && !/undefined|NaN|\[object/.test(p), `${s.id}: ${p}`);
  }
});

test('step "exact cover": at the start, and the cover it names is the engine\'s first solution, exact', () => {
  const { trace, facts, text } = at('exact-cover');
  assert.equal(trace.events, 0);
  const solved = dlx.Trace.knuth();
  solved.run(1e6, 1 << K.Solution);
  assert.equal(solved.lastKind, K.Solution);
  assert.ok(exactCover(solved, solved.solution()));
  assert.deepEqual(facts.solution, Array.from(solved.solution(), (o) => name(solved, o)));
  assert.match(text, /7 items, A to G, and 6 options/);
  assert.ok(text.includes("'A D', 'C E F' and 'B G'"), text);
});

test('step "sudoku": a 4×4 Sudoku from the engine, 64 items and 64 options of 4 items each, and what its givens cover and hide', () => {
  const { trace, facts, text } = at('sudoku');
  const tables = dlx.sudokuTables(4);
  assert.equal(trace.events, 0);
  assert.deepEqual([trace.items, trace.options, facts.items, facts.options, facts.side], [tables.items, tables.options, 64, 64, 4]);
  const givenLine = STEPS.find((s) => s.id === 'sudoku').puzzle;
  const givens = [...givenLine].filter((ch) => ch !== '.').length;
  assert.equal(facts.givens, givens);
  const covered = new Set(trace.coveredItems());
  assert.equal(covered.size, 4 * givens, 'each given covers its 4 items');
  let clash = 0, free = 0;
  for (let o = 0; o < trace.options; o++) {
    const its = Array.from(trace.optionItems(o));
    assert.equal(its.length, 4, `option ${o} has 4 items`);
    const touched = its.filter((i) => covered.has(i)).length;
    if (touched === 0) free++;
    else if (touched < 4) clash++;
  }
  assert.deepEqual([facts.covered, facts.hidden, facts.live], [covered.size, clash, free]);
  assert.ok(text.includes(`cover ${4 * givens} items`) && text.includes(`hide the ${clash} options`) && text.includes(`leaving ${free} for the search`), text);
  assert.equal(facts.exampleItems.length, 4);
  for (const n of facts.exampleItems) assert.ok(text.includes(`"${n}"`), n);
});

test('step "cover": the item named was just covered, and each "loses n" is what its length lost', () => {
  const { trace, facts, text } = at('cover');
  assert.equal(trace.lastKind, K.Cover);
  const item = trace.lastA;
  assert.equal(trace.itemName(item), facts.item);
  assert.ok(Array.from(trace.coveredItems()).includes(item));
  const before = replay(trace.events - 1);
  const lost = [];
  for (let i = 0; i < trace.items; i++) {
    const d = before.itemOptions(i).length - trace.itemOptions(i).length;
    if (i !== item && d) lost.push({ name: trace.itemName(i), n: d });
  }
  assert.ok(lost.length > 0);
  assert.deepEqual(facts.loses, lost);
  for (const l of lost) assert.ok(text.includes(`${l.name} loses ${l.n}`), text);
});

test('step "fewest": the item chosen has the fewest options of the items left, the first of any tie', () => {
  const { trace, facts, text } = at('fewest');
  assert.equal(trace.lastKind, K.Choose);
  assert.ok(trace.depth > 0, 'a choice made after an option was tried');
  const lens = [];
  const covered = new Set(trace.coveredItems());
  for (let i = 0; i < trace.primary; i++) if (!covered.has(i)) lens.push([i, trace.itemOptions(i).length]);
  const least = Math.min(...lens.map(([, n]) => n));
  const tying = lens.filter(([, n]) => n === least).map(([i]) => i);
  assert.equal(trace.lastA, tying[0]);
  assert.equal(trace.lastB, least);
  assert.ok(lens.some(([, n]) => n > least), 'some item has more: the rule decides something');
  assert.equal(facts.item, trace.itemName(tying[0]));
  assert.deepEqual(facts.ties, tying.map((i) => trace.itemName(i)));
  assert.deepEqual(openItems(trace).map((x) => [x.item, x.len]), lens);
  if (tying.length > 1) assert.ok(text.includes(`tie at ${least}; the first in item order is taken`), text);
});

test('step "dead end": the first dead end, at an item not covered with no option left', () => {
  const { trace, facts, text } = at('dead-end');
  assert.equal(trace.lastKind, K.DeadEnd);
  assert.equal(trace.deadEnds, 1);
  assert.equal(replay(trace.events - 1).deadEnds, 0);
  const item = trace.lastA;
  assert.equal(facts.item, trace.itemName(item));
  assert.ok(!Array.from(trace.coveredItems()).includes(item));
  assert.equal(trace.itemOptions(item).length, 0);
  assert.ok(text.includes(`item ${facts.item} has 0 options left`), text);
});

test('step "backtrack": the matrix is as it was before the option taken back was tried, and the next branch is the next one tried', () => {
  const { trace, facts, text } = at('backtrack');
  assert.equal(trace.lastKind, K.Untry);
  const option = trace.lastA;
  assert.equal(facts.takenBack, name(trace, option));
  assert.ok(facts.from < trace.events && replay(facts.from).lastKind === K.DeadEnd);
  // Independently: the same search, stopped just before that option was first tried.
  const t = dlx.Trace.knuth();
  let before = null;
  while (!t.done) {
    const s = state(t);
    t.run(1, 0);
    if (t.lastKind === K.Try && t.lastA === option) {
      before = s;
      break;
    }
  }
  assert.ok(before, 'the option was tried');
  assert.equal(state(trace), before);
  const next = replay(trace.events);
  next.run(1e6, 1 << K.Try);
  assert.equal(facts.next, name(next, next.lastA));
  assert.ok(text.includes(`before ${facts.takenBack} was tried`) && text.includes(`next branch, ${facts.next}`), text);
});

test('step "solution": the rows named are the first solution, and they cover every item once', () => {
  const { trace, facts, text } = at('solution');
  assert.equal(trace.lastKind, K.Solution);
  assert.equal(trace.solutions, 1);
  const rows = Array.from(trace.solution());
  assert.ok(exactCover(trace, rows));
  assert.deepEqual(facts.rows.map((r) => r.name), rows.map((o) => name(trace, o)));
  for (const r of facts.rows) assert.ok(text.includes(r.name), text);
});

test('a link\'s step: 1 to the count, anything else a message quoting it and step 1', () => {
  const n = STEPS.length;
  for (let k = 1; k <= n; k++) assert.deepEqual(parseStep(String(k), quote), { step: k });
  assert.deepEqual(parseStep(`0${n}`, quote), { step: n });
  for (const bad of ['0', String(n + 1), '99', '999999']) {
    const r = parseStep(bad, quote);
    assert.equal(r.step, 1);
    assert.equal(r.error, `The lesson has steps 1 to ${n}; the link asks for step "${bad}". Showing step 1.`);
  }
  for (const bad of ['', '-1', 'abc', '2.5', '1e3', ' 3', '1234567', '<b>x</b>', 'a\u202eb\n']) {
    const r = parseStep(bad, quote);
    assert.equal(r.step, 1, bad);
    assert.match(r.error, new RegExp(`^The link's lesson step ".*" is not a step number \\(1 to ${n}\\); showing step 1\\.$`), bad);
  }
  assert.equal(parseStep('a\u202eb\n', quote).error.includes('\u202e'), false, 'control characters are shown, not acted on');
  assert.ok(parseStep('x'.repeat(5000), quote).error.length < 150, 'a long link is quoted short');
});

test('the URL hash of a lesson step: written as #lesson=N, read back unchecked (parseStep checks it)', () => {
  assert.equal(formatHash({ lesson: 3, mode: 'knuth', puzzle: null, step: 12 }), '#lesson=3');
  assert.equal(parseHash('#lesson=3').lesson, '3');
  assert.deepEqual(parseHash('#lesson=3').errors, []);
  assert.equal(parseHash('#lesson=%3Cb%3E').lesson, '<b>');
  assert.equal(parseHash('#lesson=').lesson, '');
  assert.equal('lesson' in parseHash('#m=knuth&s=4'), false);
});
