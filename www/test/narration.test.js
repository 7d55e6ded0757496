import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { Picture } from '../picture.js';
import { Numbering } from '../numbering.js';
import { narrate } from '../narration.js';

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
  assert.equal(out[3], 'Try r9c3 = 7 (the only choice): covers 4 items, hides 11 candidates.');
  assert.equal(out[4], 'r9c3 = 7 covers r9c3: hides 5 candidates.');
  assert.equal(out[7], 'Branch on r7c1: only 2 candidates left (fewest; 19 items tie at 2, and the first in item order is taken): 6 or 8.');
  assert.equal(out[9], 'Try r7c1 = 6 (1st of 2): covers 4 items, hides 10 candidates.');
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
  assert.match(out.at(-1), /^Search complete: 1 solution, \d+ dead ends, \d+ tries\.$/);
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
  assert.equal(out[3], "Try option 'A D G' (1st of 2): covers 3 items, hides 2 options.");
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
