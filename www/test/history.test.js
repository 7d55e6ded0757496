import { test } from 'node:test';
import assert from 'node:assert/strict';
import { History } from '../core/history.js';

test('undo gives back the states in reverse order, redo replays them', () => {
  const h = new History();
  assert.equal(h.undo('a'), null);
  h.record('first', 'a');
  h.record('second', 'b');
  assert.deepEqual(h.undo('c'), { label: 'second', state: 'b' });
  assert.deepEqual(h.undo('b'), { label: 'first', state: 'a' });
  assert.equal(h.canUndo, false);
  assert.deepEqual(h.redo('a'), { label: 'first', state: 'b' });
  assert.deepEqual(h.redo('b'), { label: 'second', state: 'c' });
  assert.equal(h.canRedo, false);
  assert.deepEqual(h.undo('c'), { label: 'second', state: 'b' });
});

test('a new change after undo drops what could be redone', () => {
  const h = new History();
  h.record('one', 1);
  h.undo(2);
  assert.equal(h.canRedo, true);
  h.record('other', 1);
  assert.equal(h.canRedo, false);
  assert.equal(h.redo(5), null);
});

test('the oldest entries go past the limit', () => {
  const h = new History(3);
  for (let k = 0; k < 5; k++) h.record(`c${k}`, k);
  assert.deepEqual([h.undo(9).state, h.undo(4).state, h.undo(3).state], [4, 3, 2]);
  assert.equal(h.undo(2), null);
});
