import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { wordsFor } from '../core/narration.js';
import { Picture } from '../wasm/picture.js';
import { Player } from '../core/player.js';
import { PredictGate, judge, nextEvent } from '../core/predict-gate.js';

const K = dlx.EventKind;
const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

test('nextEvent is the event a step forward does, and moves nothing', () => {
  const t = new dlx.Trace(HARD);
  for (let k = 0; k < 300; k++) {
    const before = [t.events, t.depth, t.lastKind, t.algorithmStep, t.undoneStep];
    const next = nextEvent(t);
    assert.deepEqual([t.events, t.depth, t.lastKind, t.algorithmStep, t.undoneStep], before);
    t.run(1, 0);
    assert.deepEqual(next, { kind: t.lastKind, a: t.lastA, b: t.lastB }, `event ${k}`);
  }
  t.run(1e9, 0);
  assert.equal(nextEvent(t), null, 'none at the end');
  t.free();
});

test("judge, in Knuth's example: right, a tie, a longer item, a covered one, a dead end", () => {
  const t = dlx.Trace.knuth();
  const w = wordsFor(t, null);
  const pic = () => new Picture(t).read();
  const first = nextEvent(t);
  assert.deepEqual(first, { kind: K.Choose, a: 0, b: 2 });
  assert.deepEqual(judge(first, 0, pic(), t.primary, w), { right: true, text: 'Right: item A, with 2 options left: the fewest; 5 items tie at 2, and the first in item order is taken.' });
  assert.deepEqual(judge(first, 4, pic(), t.primary, w), { right: false, text: 'No: Item E has 2 options too, a tie: the first in item order is taken. It chooses item A, with 2 options left.' });
  assert.equal(judge(first, 3, pic(), t.primary, w).text, 'No: Item D has 3 options left; the search takes the item with the fewest. It chooses item A, with 2 options left; 5 items tie at 2, and the first in item order is taken.');
  assert.equal(judge(first, 'dead end', pic(), t.primary, w).right, false);
  t.run(100, 1 << K.Try); // 'A D G' covers A, D and G
  while (nextEvent(t).kind !== K.Choose) t.run(1, 0);
  assert.equal(judge(nextEvent(t), 3, pic(), t.primary, w).text, 'No: Item D is covered already: it is no longer in the list of items to cover. It chooses item B, with 1 option left; 2 items tie at 1, and the first in item order is taken.');
  t.run(100, 1 << K.Try);
  while (nextEvent(t).kind !== K.DeadEnd) t.run(1, 0);
  const dead = nextEvent(t);
  assert.deepEqual(judge(dead, 'dead end', pic(), t.primary, w), { right: true, text: 'Right: a dead end. Item E has no option left, so the search backs up.' });
  assert.equal(judge(dead, 4, pic(), t.primary, w).right, true, 'the empty item itself names the dead end');
  assert.deepEqual(judge(dead, 1, pic(), t.primary, w), { right: false, text: 'No: it is a dead end. Item E has no option left, so the search chooses no item and backs up.' });
  t.free();
});

test('the player stops before each choice and dead end in predict mode, scores, and goes on once answered', () => {
  const t = dlx.Trace.knuth();
  const gate = new PredictGate();
  const player = new Player({ raf: null, now: () => 0 });
  player.gate = gate;
  player.load(t);
  player.forward(5); // off: no question
  assert.equal(t.events, 5);
  player.load(null);
  t.runBack(5, 0);
  player.load(t);
  gate.on = true;
  player.forward(5);
  assert.equal(t.events, 0, 'it stopped before the first choice');
  assert.ok(gate.pending(t));
  const w = wordsFor(t, null);
  assert.equal(gate.answer(1, new Picture(t).read(), t, w).right, false);
  player.forward(1);
  assert.equal(t.lastKind, K.Choose);
  assert.equal(t.lastA, 0);
  player.nextSolution(); // a long run stops at the next question too
  assert.ok(gate.pending(t));
  assert.equal(nextEvent(t).kind, K.Choose);
  gate.skip(t);
  player.forward(1);
  player.nextDeadEnd();
  assert.equal(nextEvent(t).kind, K.DeadEnd, 'stopped before the dead end');
  assert.equal(gate.answer('dead end', new Picture(t).read(), t, w).right, true);
  assert.deepEqual([gate.right, gate.asked], [1, 2]);
  // A step back leaves the question behind; a seek (a link, the tree) does not ask.
  player.forward(1);
  player.seek(30);
  assert.equal(t.events, 30);
  t.free();
});
