import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { Picture } from '../wasm/picture.js';
import { markOf, LINES } from '../views/pseudocode.js';

/** The mark after each of Knuth's example's first `n` events: "Step" or "Step back" (undone). */
function marks(trace, moves) {
  const pic = new Picture(trace);
  const out = [];
  for (const m of moves) {
    if (m > 0) trace.run(m, 0);
    else trace.runBack(-m, 0);
    const mark = markOf(pic.read());
    out.push(`${mark.step}${mark.back ? ' back' : ''}${mark.runs ? ` (${mark.runs})` : ''}`);
  }
  return out;
}

test('every line the search can be at is a line of the pseudocode, once', () => {
  const steps = Object.keys(dlx.AlgorithmStep).filter((k) => Number.isNaN(Number(k)));
  assert.deepEqual(LINES.map((l) => l[1]).sort(), steps.sort());
});

test('Knuth\'s example: each event marks its line, and a step back the line it undid', () => {
  const trace = dlx.Trace.knuth();
  assert.equal(markOf(new Picture(trace).read()).step, 'Start');
  assert.deepEqual(marks(trace, [1, 1, 1, 1, 1, 1]), [
    'Choose', 'CoverChosen (cover)', 'Try', 'CoverOthers (cover)', 'CoverOthers (cover)', 'Choose',
  ]);
  // On to the first dead end, then X6 and X7 back out of it.
  assert.deepEqual(marks(trace, [4, 1, 1, 1, 1, 1]), ['CoverOthers (cover)', 'DeadEnd', 'UncoverOthers (uncover)', 'UncoverOthers (uncover)', 'Untry', 'UncoverChosen (uncover)']);
  // Back one: X7's uncover is undone; back again: the take-back, then X6's second uncover; forward two.
  assert.deepEqual(marks(trace, [-1, -1, -1, 2]), ['UncoverChosen back (uncover)', 'Untry back', 'UncoverOthers back (uncover)', 'Untry']);
  trace.run(1000, 0);
  assert.equal(markOf(new Picture(trace).read()).step, 'Done');
  assert.equal(markOf(null), null);
});

test('issue 49: X5 and X6 say the order the engine takes an option\'s other items in: from the chosen item\'s node, wrapping around', () => {
  // 'C E F', chosen through E: X5 covers F, then C (not "left to right"); X6 uncovers C, then F.
  const trace = dlx.Trace.knuth();
  const items = [];
  while (!trace.done) {
    trace.run(1, 0);
    const step = dlx.AlgorithmStep[trace.algorithmStep];
    if ((step === 'CoverOthers' || step === 'UncoverOthers') && trace.events > 20 && trace.events < 37) items.push(`${step} ${trace.itemName(trace.lastA)}`);
  }
  assert.deepEqual(items, ['CoverOthers F', 'CoverOthers C', 'CoverOthers G', 'UncoverOthers G', 'UncoverOthers C', 'UncoverOthers F']);
  const words = Object.fromEntries(LINES.map(([, step, w]) => [step, w]));
  assert.equal(words.CoverOthers, 'cover(j) for each other item j of x, rightwards from i, wrapping; down a level: X2.');
  assert.equal(words.UncoverOthers, 'Take x back: uncover(j) for each other item j of x, leftwards from i, wrapping;');
});
