import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { EventKind, decode, decodeAll, encode, kindName, kindOf, bOf } from '../events.js';

test('decodes the first events of Knuth\'s example as the Rust test states them', () => {
  const trace = dlx.Trace.exactCover(7, 0, [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]]);
  const words = trace.nextBatch(1000);
  assert.equal(words.length, 82);
  const events = decodeAll(words);
  assert.deepEqual(events.slice(0, 3), [
    { kind: EventKind.Choose, a: 0, b: 2 },
    { kind: EventKind.Cover, a: 0, b: 0 },
    { kind: EventKind.Try, a: 1, b: 0 },
  ]);
  assert.deepEqual(events.at(-1), { kind: EventKind.Done, a: 0, b: 0 });
  assert.equal(events.filter((e) => e.kind === EventKind.Solution).length, 1);
});

test('kind names come from the exported enum', () => {
  for (const name of ['Choose', 'Cover', 'Uncover', 'Try', 'Untry', 'Solution', 'DeadEnd', 'Done']) {
    assert.equal(kindName(EventKind[name]), name);
  }
  assert.throws(() => kindName(8), /unknown event kind 8/);
});

test('encode and decode are inverse; b takes 28 bits', () => {
  for (const e of [
    { kind: EventKind.Choose, a: 323, b: 9 },
    { kind: EventKind.Try, a: 728, b: 80 },
    { kind: EventKind.Untry, a: 5, b: (1 << 28) - 1 },
    { kind: EventKind.DeadEnd, a: 200, b: 0 },
  ]) {
    const w = encode(e);
    assert.deepEqual(decode(w), e);
    assert.equal(kindOf(w[0]), e.kind);
    assert.equal(bOf(w[0]), e.b);
  }
});

test('malformed batches are refused, naming the event', () => {
  assert.throws(() => decode(Uint32Array.of(9, 0)), /unknown event kind 9 \(event 0\)/);
  assert.throws(() => decodeAll(Uint32Array.of(1, 2, 3)), /even number of words/);
  assert.throws(() => decode(Uint32Array.of(1, 2), 1), /no event 1/);
});

test('a backward batch lists the undone events most recent first', () => {
  const trace = new dlx.Trace('4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........');
  const fwd = decodeAll(trace.nextBatch(50));
  const back = decodeAll(trace.prevBatch(50));
  assert.deepEqual(back, fwd.slice().reverse());
  assert.equal(trace.atStart, true);
});
