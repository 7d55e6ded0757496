import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { STEPS, reach, parseStep, openItems } from '../rooms/lesson/lesson-steps.js';
import { quote, parseHash, formatHash } from '../core/router.js';

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
  // The diagram marks what the take-back restored: from just before it uncovered the option's
  // other items (X6), one event each, then took the option back.
  const others = trace.optionItems(option).length - 1;
  assert.deepEqual(facts.restored, ['G', 'D']);
  assert.equal(trace.events - facts.from, others + 1);
  for (let k = 1; k <= others; k++) {
    const r = replay(facts.from + k);
    assert.equal(r.lastKind, K.Uncover);
    assert.ok(trace.optionItems(option).includes(r.lastA));
  }
  assert.notEqual(replay(facts.from).lastKind, K.DeadEnd, 'not every change since the dead end');
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

test('the URL hash of a lesson step: written as #lesson=N (and &s= once its search moved on), read back unchecked (parseStep checks it)', () => {
  assert.equal(formatHash({ lesson: 3, mode: 'knuth', puzzle: null, step: 0 }), '#lesson=3');
  assert.equal(formatHash({ lesson: 3, mode: 'knuth', puzzle: null, step: 12 }), '#lesson=3&s=12');
  assert.deepEqual([parseHash('#lesson=3&s=12').lesson, parseHash('#lesson=3&s=12').step], ['3', 12]);
  assert.equal(parseHash('#lesson=3').lesson, '3');
  assert.deepEqual(parseHash('#lesson=3').errors, []);
  assert.equal(parseHash('#lesson=%3Cb%3E').lesson, '<b>');
  assert.equal(parseHash('#lesson=').lesson, '');
  assert.equal('lesson' in parseHash('#m=knuth&s=4'), false);
});

// Every step as a reader sees it: its view, title, paragraphs (and the figure's label), and
// the event it stops at. The facts in them are checked against the engine by the tests above;
// this pins the words around them, which nothing else reads.
const WORDS = [
  {
    id: "exact-cover",
    view: "knuth",
    title: "What an exact cover is",
    text: [
      "Knuth's example has 7 items, A to G, and 6 options; each option is a set of items: 'C\u00a0E\u00a0F', 'A\u00a0D\u00a0G', 'B\u00a0C\u00a0F', 'A\u00a0D', 'B\u00a0G' and 'D\u00a0E\u00a0G'. In the diagram each item is a column and each option a row, with a node where the option has the item.",
      "An exact cover is a choice of options that contains every item exactly once: no item left out, none twice. Here there is one, 'A\u00a0D', 'C\u00a0E\u00a0F' and 'B\u00a0G', and the steps that follow watch the search find it.",
    ],
    events: 0,
  },
  {
    id: "sudoku",
    view: "figure",
    title: "A Sudoku as items and options",
    text: [
      "A Sudoku is an exact cover too. The board shows a 4×4 one, with 64 items: each of its 16 cells is filled once, and each row, column and box has each digit once. Its 64 options are a digit in a cell, and each has exactly 4 items: 'r1c2\u00a0=\u00a02' covers \"r1c2 is filled\", \"row 1 has 2\", \"column 2 has 2\" and \"box 1 has 2\". The figure draws the board and its whole matrix: a row per option, a column per item, a dot for each 1.",
      "The board's 5 givens are options chosen before the search starts, drawn as chosen (green rows): they cover 20 items (shaded columns) and hide the 37 options that clash with them (pale rows), leaving 22 for the search. The next steps watch the search on Knuth's smaller example.",
    ],
    label: "The whole matrix of this 4×4 Sudoku: 64 options (rows) by 64 items (columns); the givens cover 20 items and hide 37 options.",
    events: 0,
  },
  {
    id: "cover",
    view: "knuth",
    title: "What cover does to the matrix",
    text: [
      "The search has chosen item A and covers it. Cover takes A's header out of the header row, and for each option in A's column ('A\u00a0D\u00a0G' and 'A\u00a0D') unlinks that option's other nodes from their columns: D loses 2 and G loses 1. The numbers under the headers are the lengths, the options left in each column. The LINK UPDATES counter (beside this sentence) counts every node a cover unlinks: this cover unlinked 3, and it reads 3.",
      "Nothing is deleted or copied. A hidden node keeps the links it had when it left (drawn dashed), and uncover uses exactly those to put every node back, in the reverse order: the nodes that left after it go back first, so that when a node returns, the neighbours it remembers are back in place.",
    ],
    events: 2,
  },
  {
    id: "fewest",
    view: "knuth",
    title: "Why the item with the fewest options goes first",
    text: [
      "With 'A\u00a0D\u00a0G' in the partial solution, the items left have these lengths: B 1, C 2, E 1 and F 2. The search takes the item with the fewest options: B, with 1 option ('B\u00a0C\u00a0F'). B and E tie at 1; the first in item order is taken.",
      "Every item must be covered by one of its options, so the search must try them all. The shortest list gives the fewest branches: an item with 1 option is a forced move, no guess at all, and an item with 0 shows at once that this branch is dead.",
    ],
    events: 6,
  },
  {
    id: "dead-end",
    view: "knuth",
    title: "A dead end",
    text: [
      "The search has tried 'A\u00a0D\u00a0G' and 'B\u00a0C\u00a0F', which cover A, B, C, D, F and G. Now item E has 0 options left, but it is not covered: no option that is left contains it, so no solution can come from this branch.",
      "This is a dead end (the red header). The search sees it at once, without going deeper: looking for the item with the fewest options, it finds E with 0, the fewest there can be.",
    ],
    events: 11,
  },
  {
    id: "backtrack",
    view: "knuth",
    title: "The backtrack that undoes it",
    text: [
      "From the dead end the search backs up, undoing its steps in exactly the reverse order: it uncovered F, uncovered C, took back 'B\u00a0C\u00a0F', uncovered B, uncovered G, uncovered D and took back 'A\u00a0D\u00a0G'. The way back puts the hidden nodes back in the reverse order they left: a node keeps the links it had when it left, so once the nodes that left after it are back, the neighbours it remembers are in place again. In orange, the diagram singles out what the last take-back restored: uncovering G and D put their headers back in the header row and the nodes of the options their covers had hidden back in their columns.",
      "The matrix is now exactly as it was before 'A\u00a0D\u00a0G' was tried, and the search goes on with the next branch, 'A\u00a0D'. LINK UPDATES stays at 10: it counts the nodes a cover unlinks, and linking one back only undoes such a step, so it is not counted.",
    ],
    events: 18,
  },
  {
    id: "solution",
    view: "knuth",
    title: "A solution is a set of rows",
    text: [
      "A solution: the rows 'A\u00a0D', 'C\u00a0E\u00a0F' and 'B\u00a0G', shaded in the diagram. Together they hold all 7 items, each exactly once (A and D in 'A\u00a0D'; C, E and F in 'C\u00a0E\u00a0F'; B and G in 'B\u00a0G'), and every header has been covered. C and G show 0, yet this is no dead end: a covered header (lifted, its number in italics) needs no option any more. A dead end is an item not covered with 0 options left (a red header).",
      "A Sudoku is solved the same way: its options are \"digit d in cell c\", each covering 4 items (the cell, and d in its row, its column and its box), and a solution is one option per cell that covers every item once.",
    ],
    events: 30,
  },
];

test('every step\'s words, as the panel shows them', () => {
  assert.equal(STEPS.length, WORDS.length);
  STEPS.forEach((s, k) => {
    const m = knuth(s.puzzle);
    const { facts, text } = reach(k + 1, m);
    const seen = { id: s.id, view: s.view, title: s.title, text, ...(s.label ? { label: s.label(facts) } : {}), events: m.trace.events };
    assert.deepEqual(seen, WORDS[k], s.id);
  });
});
