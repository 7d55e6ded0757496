import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { Picture } from '../wasm/picture.js';
import { Numbering } from '../wasm/numbering.js';
import { narrate, noneLeft } from '../core/narration.js';
import { grouped } from '../core/format.js';

const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const sudoku = new Numbering(dlx.sudokuTables());

/** The narration at the start and after each of the next `n` events (`numbering`: null for a generic problem). */
function lines(trace, numbering, n) {
  const pic = new Picture(trace);
  const out = [narrate(pic.read(), trace, numbering)];
  for (let k = 0; k < n && !trace.done; k++) {
    trace.run(1, 0);
    out.push(narrate(pic.read(), trace, numbering));
  }
  return out;
}

test('Sudoku narration speaks of places, candidates and singles', () => {
  const out = lines(new dlx.Trace(HARD), sudoku, 40);
  assert.match(out[0], /^Ready: 63 empty cells, 283 candidates; the 18 givens already cover 72 of the 324 items/);
  assert.equal(out[1], "Single: 'box 7 has 7' has only one place left, r9c3.");
  assert.equal(out[3], 'Try r9c3 = 7 (the only choice): it joins the partial solution; next, cover its 3 other items, one step each.');
  assert.equal(out[4], 'r9c3 = 7 covers r9c3: hides 5 candidates.');
  assert.equal(out[7], 'Branch on r7c1: only 2 candidates left (fewest; 19 items tie at 2, and the first in item order is taken): 6 or 8.');
  assert.equal(out[9], 'Try r7c1 = 6 (1st of 2): it joins the partial solution; next, cover its 3 other items, one step each.');
  assert.equal(out[13], 'Single: r7c2 can only be 4 (its last candidate).');
  // an item of the option being tried is about to be covered: not called a dead end
  assert.equal(out[17], "r7c2 = 4 covers 'column 2 has 4': hides 2 candidates.");
  assert.equal(out[18], "r7c2 = 4 covers 'box 7 has 4': nothing left to hide.");
});

test('Sudoku narration: dead ends, taking back, solutions', () => {
  const out = lines(new dlx.Trace(HARD), sudoku, 1e6);
  assert.ok(out.some((l) => /^Dead end: '(row|column|box) \d has \d' has no place left; back up\.$/.test(l)));
  assert.ok(out.some((l) => /^Take back r\dc\d = \d; next branch: r\dc\d = \d\.$/.test(l)));
  assert.ok(out.includes('Solution 1: every cell is filled and every item covered exactly once.'));
  assert.match(out.at(-1), /^Search complete: 1 solution, [\d,]+ dead ends, [\d,]+ tries\.$/);
});

test('a cell item with one candidate is a naked single', () => {
  // r1c1 sees 2-4 in its row, 5-7 in its column, 8 and 9 in its box: only 1 is left
  const line = '...234....8.........9......5........6........7...................................';
  const out = lines(new dlx.Trace(line), sudoku, 2);
  assert.equal(out[1], 'Single: r1c1 can only be 1 (its last candidate).');
  assert.equal(out[2], 'Cover r1c1: 1 is its only candidate, the one branch to try.');
});

test("Knuth's example, as the paper tells it", () => {
  const out = lines(dlx.Trace.knuth(), null, 100);
  assert.equal(out[0], 'Ready: 7 items to cover with 6 options. Step or play to start.');
  // A, B, C, E and F each have two options: A is first.
  assert.equal(out[1], "Branch on item A: only 2 options left (fewest; 5 items tie at 2, and the first in item order is taken): 'A D G' or 'A D'.");
  assert.equal(out[3], "Try option 'A D G' (1st of 2): it joins the partial solution; next, cover D, then G.");
  assert.equal(out[9], "'B C F' covers item C: hides 1 option. Now item E has no option left.");
  assert.equal(out[11], 'Dead end: item E has no option left; back up.');
  assert.equal(out[15], 'No more branches for item B: uncover it (1 option comes back) and back up.');
  assert.equal(out[30], "Solution 1: options 'A D', 'C E F', 'B G' cover every item exactly once.");
  assert.equal(out[41], 'Search complete: 1 solution, 1 dead end, 5 tries.');
});

test('going back, each step is told as it was told going forward', () => {
  const trace = new dlx.Trace(HARD);
  const forward = lines(trace, sudoku, 3000);
  const pic = new Picture(trace);
  for (let k = forward.length - 1; k > 0; k--) {
    trace.runBack(1, 0);
    assert.equal(narrate(pic.read(), trace, sudoku), forward[k - 1], `back at step ${k - 1}`);
  }
});

/** A generic problem's narration, start and every event to the end. */
const generic = (primary, secondary, options, names) => lines(dlx.Trace.exactCover(primary, secondary, options, names), null, 1000);

test('one item with five options: five branches, counted in order, then no other branch', () => {
  const out = generic(1, 0, [[0], [0], [0], [0], [0]], ['x']);
  assert.deepEqual(out.slice(0, 7), [
    'Ready: 1 item to cover with 5 options. Step or play to start.',
    'Branch on item x: only 5 options left (fewest).',
    'Cover item x: its 5 options are the branches to try, in order.',
    "Try option 'x' (1st of 5): it joins the partial solution; it has no other item to cover.",
    "Solution 1: options 'x' cover every item exactly once.",
    "Take back 'x'; next branch: 'x'.",
    "Try option 'x' (2nd of 5): it joins the partial solution; it has no other item to cover.",
  ]);
  assert.equal(out[9], "Try option 'x' (3rd of 5): it joins the partial solution; it has no other item to cover.");
  assert.equal(out[12], "Try option 'x' (4th of 5): it joins the partial solution; it has no other item to cover.");
  assert.deepEqual(out.slice(15), [
    "Try option 'x' (5th of 5): it joins the partial solution; it has no other item to cover.",
    "Solution 5: options 'x' cover every item exactly once.",
    "Take back 'x': no other branch for item x.",
    'No more branches for item x: uncover it (5 options come back) and back up.',
    'Search complete: 5 solutions, 0 dead ends, 5 tries.',
  ]);
});

test('ordinals: 11th, 12th and 13th, but 21st, 22nd, 23rd and 101st', () => {
  const out = generic(1, 0, Array.from({ length: 101 }, () => [0]), ['x']);
  const ranks = out.flatMap((l) => l.match(/^Try option 'x' \((\w+) of 101\)/)?.[1] ?? []);
  assert.equal(ranks.length, 101);
  assert.deepEqual([1, 2, 3, 4, 10, 11, 12, 13, 14, 21, 22, 23, 24, 100, 101].map((r) => ranks[r - 1]),
    ['1st', '2nd', '3rd', '4th', '10th', '11th', '12th', '13th', '14th', '21st', '22nd', '23rd', '24th', '100th', '101st']);
});

test('a forced move, and a cover that hides nothing', () => {
  assert.deepEqual(generic(2, 0, [[0, 1]], ['a', 'b']), [
    'Ready: 2 items to cover with 1 option. Step or play to start.',
    "Branch on item a: only 'a b' is left (a forced move).",
    "Cover item a: 'a b' is its only option, the one branch to try.",
    "Try option 'a b' (the only choice): it joins the partial solution; next, cover b.",
    "'a b' covers item b: nothing left to hide.",
    "Solution 1: options 'a b' cover every item exactly once.",
    'Uncover item b: nothing comes back.',
    "Take back 'a b': no other branch for item a.",
    'No more branches for item a: uncover it (1 option comes back) and back up.',
    'Search complete: 1 solution, 0 dead ends, 1 try.',
  ]);
});

test('a secondary item: what its cover hides comes back one option at a time', () => {
  const out = generic(2, 1, [[0, 2], [1, 2], [1], [0]], ['a', 'b', 's']);
  // primary where only primary items are meant: they are what is left to cover, and what a solution covers exactly once
  assert.equal(out[0], 'Ready: 2 primary items to cover (1 secondary), 4 options. Step or play to start.');
  assert.equal(out[1], "Branch on item a: only 2 options left (fewest; 2 items tie at 2, and the first in item order is taken): 'a s' or 'a'.");
  assert.equal(out[3], "Try option 'a s' (1st of 2): it joins the partial solution; next, cover s.");
  assert.equal(out[4], "'a s' covers item s: hides 1 option.");
  assert.equal(out[11], 'Uncover item s: 1 option comes back.');
  assert.equal(out[14], "Branch on item b: only 2 options left (fewest): 'b s' or 'b'.");
  assert.equal(out[22], "Solution 3: options 'a', 'b' cover every primary item exactly once, each secondary item at most once.");
  assert.equal(out[24], 'No more branches for item b: uncover it (2 options come back) and back up.');
});

test('Sudoku: a branch lists up to four candidates, a thousandth solution has its comma', () => {
  const empty = '.'.repeat(81);
  const first = lines(new dlx.Trace(empty), sudoku, 1);
  assert.equal(first[0], 'Ready: 81 empty cells, 729 candidates; no givens, so none of the 324 items is covered yet. Step or play to start.');
  assert.equal(first[1], 'Branch on r1c1: only 9 candidates left (fewest; 324 items tie at 9, and the first in item order is taken).');
  // one given, r1c1 = 1: itself and the 28 options it clashes with (8 in its cell, row and column each, 4 more in its box) leave 700
  const one = lines(new dlx.Trace('1' + '.'.repeat(80)), sudoku, 1);
  assert.equal(one[0], 'Ready: 80 empty cells, 700 candidates; the 1 given already covers 4 of the 324 items. Step or play to start.');
  // r1c1 sees 1-6 in its row: 7, 8 or 9 is left
  const three = lines(new dlx.Trace('.123456' + '.'.repeat(74)), sudoku, 1);
  assert.match(three[0], /^Ready: 75 empty cells, \d+ candidates; the 6 givens already cover 24 of the 324 items/);
  assert.match(three[1], /^Branch on r1c1: only 3 candidates left \(fewest; \d+ items tie at 3, and the first in item order is taken\): 7, 8 or 9\.$/);
  const trace = new dlx.Trace('.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......');
  const pic = new Picture(trace);
  while (trace.solutions < 1000) trace.run(1 << 20, 1 << dlx.EventKind.Solution);
  assert.equal(narrate(pic.read(), trace, sudoku), 'Solution 1,000: every cell is filled and every item covered exactly once.');
});

test('numbers of a thousand and more have their commas, as everywhere else on the page', () => {
  // a 16×16: 4,096 candidates, 1,024 items, and 1,024 items tie at 16
  const sixteen = new Numbering(dlx.sudokuTables(16, 'letters'));
  const big = lines(new dlx.Trace('.'.repeat(256)), sixteen, 1);
  assert.equal(big[0], 'Ready: 256 empty cells, 4,096 candidates; no givens, so none of the 1,024 items is covered yet. Step or play to start.');
  assert.equal(big[1], 'Branch on r1c1: only 16 candidates left (fewest; 1,024 items tie at 16, and the first in item order is taken).');
  const given = lines(new dlx.Trace(`A${'.'.repeat(255)}`), sixteen, 0);
  assert.match(given[0], /^Ready: 255 empty cells, 4,\d{3} candidates; the 1 given already covers 4 of the 1,024 items/);
  // a generic problem of 2,000 options, tried in turn: the 1,000th of 2,000
  const many = lines(dlx.Trace.exactCover(1, 0, Array.from({ length: 2000 }, () => [0]), ['x']), null, 3000);
  assert.equal(many[0], 'Ready: 1 item to cover with 2,000 options. Step or play to start.');
  assert.ok(many.includes("Try option 'x' (1,000th of 2,000): it joins the partial solution; it has no other item to cover."));
  // a search that ends after thousands of tries
  const trace = new dlx.Trace(HARD);
  trace.run(1e9, 0);
  const done = narrate(new Picture(trace).read(), trace, sudoku);
  assert.ok(trace.nodes >= 1000, `HARD takes ${trace.nodes} tries`);
  assert.equal(done, `Search complete: 1 solution, ${grouped(trace.deadEnds)} dead ends, ${grouped(trace.nodes)} tries.`);
  assert.match(done, /\d,\d{3} tries/);
});

test('before the first event, and an event of no known kind, there is nothing to tell of it', () => {
  const trace = dlx.Trace.knuth();
  const pic = new Picture(trace).read();
  const start = narrate(pic, trace, null);
  assert.equal(start, 'Ready: 7 items to cover with 6 options. Step or play to start.');
  Object.assign(pic, { events: 5, last: null });
  assert.equal(narrate(pic, trace, null), start);
  pic.last = { kind: 99, a: 0, b: 0 };
  assert.equal(narrate(pic, trace, null), '');
});

test('a branch on a place lists its cells; a cell with no candidate left is a dead end; four options are listed', () => {
  const line = '......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.';
  const out = lines(new dlx.Trace(line), sudoku, 967);
  assert.equal(out[37], "Branch on 'row 4 has 7': only 2 places left (fewest; 15 items tie at 2, and the first in item order is taken): r4c2 or r4c8.");
  assert.equal(out[967], 'Dead end: r6c2 has no candidate left; back up.');
  assert.equal(generic(1, 0, [[0], [0], [0], [0]], ['x'])[1], "Branch on item x: only 4 options left (fewest): 'x', 'x', 'x' or 'x'.");
});

test('the picture: what it reads at the start, after forget(), and of the open levels', () => {
  const trace = new dlx.Trace('.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......');
  const pic = new Picture(trace);
  let p = pic.read();
  assert.equal(p.last, null, 'no event yet');
  assert.deepEqual([p.changedItems.length, p.depth, p.backtracks], [324, 0, 0]);
  assert.equal(pic.read().changedItems.length, 0, 'nothing changed since the last read');
  pic.forget();
  assert.equal(pic.read().changedItems.length, 324, 'forget(): everything again');
  // Step to the first moment, two tries deep, that a level is open between two tries.
  let steps = 0;
  do {
    trace.run(1, 0);
    p = pic.read();
  } while (!(p.depth >= 2 && p.choices.some((c) => !c.trying)) && ++steps < 5000);
  assert.equal(p.depth, 2);
  const open = p.choices.findIndex((c) => !c.trying);
  assert.ok(open >= 0, 'a level between tries');
  assert.equal(p.choices[open].option, -1, 'no option while between tries');
  assert.ok(p.choices.every((c, k) => k === open || c.option >= 0));
  assert.deepEqual(p.last, { kind: trace.lastKind, a: trace.lastA, b: trace.lastB });
  assert.equal(p.backtracks, p.nodes - p.depth);
  assert.equal(p.nodes, p.depth, 'no backtrack yet: every node tried is on the path');
  // Each open level's item is chosen at that level; the deepest is the top one.
  p.choices.forEach((c, k) => {
    assert.equal(p.levelOf(c.item), k);
    assert.equal(p.chosenMark(c.item), k === p.choices.length - 1 ? 'top' : 'chosen', `level ${k}`);
  });
  const other = [...Array(324).keys()].find((i) => !p.choices.some((c) => c.item === i));
  assert.deepEqual([p.levelOf(other), p.chosenMark(other)], [-1, '']);
});

test('the start counts the player\'s entries apart from the givens', () => {
  const line = `12${'.'.repeat(79)}`;
  const trace = new dlx.Trace(line);
  const pic = new Picture(trace).read();
  assert.match(narrate(pic, trace, sudoku, 1), /; the 1 given and your 1 entry already cover 8 of the 324 items\./);
  assert.match(narrate(pic, trace, sudoku, 2), /; your 2 entries already cover 8 of the 324 items\./);
  assert.match(narrate(pic, trace, sudoku), /; the 2 givens already cover 8 of the 324 items\./);
});

test('issue 49: a try says what it does (the option joins the partial solution), and names the covers to come in the order they come, wrapping from the chosen item', () => {
  // Before: "Try option 'A D G' (1st of 2): covers 3 items, hides 2 options." on a step that
  // covers and hides nothing, and "left to right" where 'C E F' chosen through E covers F, then C.
  const trace = dlx.Trace.knuth();
  const pic = new Picture(trace);
  let tries = 0;
  while (!trace.done) {
    trace.run(1, 0);
    const p = pic.read();
    if (p.last.kind !== dlx.EventKind.Try) continue;
    tries++;
    const said = narrate(p, trace, null);
    assert.doesNotMatch(said, /covers \d|hides/, said);
    const named = said.match(/next, cover ([A-G](, then [A-G])*)/)[1].split(', then ');
    // The covers that follow, as the engine does them.
    const covered = [];
    const back = trace.events;
    for (;;) {
      trace.run(1, 0);
      if (trace.lastKind !== dlx.EventKind.Cover) break;
      covered.push(trace.itemName(trace.lastA));
    }
    trace.runBack(trace.events - back, 0);
    assert.deepEqual(named, covered, said);
  }
  assert.equal(tries, 5);
  const out = lines(dlx.Trace.knuth(), null, 25);
  assert.equal(out[23], "Try option 'C E F' (the only choice): it joins the partial solution; next, cover F, then C (right of E, wrapping).");
  assert.deepEqual([out[24], out[25]], ["'C E F' covers item F: hides 1 option.", "'C E F' covers item C: nothing left to hide."]);
});

test('issue 49: a dead end names every item left with no option, as the board and the matrix mark them', () => {
  // The page's first puzzle at step 187: 'column 8 has 6' and 'box 9 has 6' are both left with
  // no place (the board frames both, the matrix says "2 items with no option left"); the
  // narration named the first alone.
  const line = '......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.';
  const out = lines(new dlx.Trace(line), sudoku, 187);
  assert.equal(out[185], "r3c9 = 6 covers 'column 9 has 6': hides 1 candidate. Now 'column 8 has 6' and 'box 9 has 6' have no place left.");
  assert.equal(out[187], "Dead end: 'column 8 has 6' and 'box 9 has 6' have no place left; back up.");
  // Past three, counted, with three of them; the item chosen at the dead end first; a cell
  // and a unit each with its own noun.
  const w = { item: (i) => `item ${'ABCDEFG'[i]}`, none: (i) => (i < 2 ? 'candidate' : 'place') };
  assert.equal(noneLeft(w, [0, 2, 3, 4, 5], 4), '5 items have no place or candidate left, e.g. item E, item A and item C');
  assert.equal(noneLeft(w, [0, 2, 3]), 'item A has no candidate left, and item C and item D have no place left');
  assert.equal(noneLeft(w, [2, 3], 3), 'item D and item C have no place left');
  assert.equal(noneLeft(w, [1]), 'item B has no candidate left');
});
