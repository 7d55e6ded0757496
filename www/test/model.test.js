import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import * as m from '../model.js';

test('option items agree with Rust for all 729 options', () => {
  for (let o = 0; o < m.OPTIONS; o++) {
    assert.deepEqual(m.optionItems(o), Array.from(dlx.sudokuOptionItems(o)), `option ${o}`);
    assert.deepEqual(Array.from(m.sudokuProblem.optionItems(o)), m.optionItems(o));
    assert.equal(m.describeOption(o), dlx.describeOption(o));
  }
});

test('item options agree with Rust for all 324 items', () => {
  for (let i = 0; i < m.ITEMS; i++) {
    assert.deepEqual(m.itemOptions(i), Array.from(dlx.sudokuItemOptions(i)), `item ${i}`);
    assert.deepEqual(Array.from(m.sudokuProblem.itemOptions(i)), m.itemOptions(i));
    assert.equal(m.describeItem(i), dlx.describeItem(i));
  }
});

test('the documented formula, 1-based as in seed 004', () => {
  for (let i = 1; i <= 9; i++) {
    for (let j = 1; j <= 9; j++) {
      for (let k = 1; k <= 9; k++) {
        const t = Math.floor((i - 1) / 3) * 3 + Math.floor((j - 1) / 3) + 1;
        const o = m.option((i - 1) * 9 + (j - 1), k);
        assert.equal(o + 1, ((i - 1) * 9 + (j - 1)) * 9 + k);
        assert.deepEqual(m.optionItems(o).map((x) => x + 1), [(i - 1) * 9 + k, 81 + (j - 1) * 9 + k, 162 + (t - 1) * 9 + k, 243 + (i - 1) * 9 + j]);
      }
    }
  }
});

test('items and their parts are inverse; every option is in each of its items', () => {
  for (let n = 0; n < m.ITEMS; n++) {
    const { block, unit, digit } = m.item(n);
    assert.equal(m.itemNumber(block, unit, digit), n);
    for (const o of m.itemOptions(n)) assert.ok(m.optionItems(o).includes(n));
  }
  assert.deepEqual(m.placement(m.option(2 * 9 + 3, 7)), { cell: 21, digit: 7 });
});

test('names', () => {
  assert.equal(m.describeItem(m.itemNumber('row', 2, 7)), 'row 3 has 7');
  assert.equal(m.describeItem(m.itemNumber('box', 4, 2)), 'box 5 has 2');
  assert.equal(m.describeItem(243 + 3 * 9 + 4), 'r4c5 is filled');
  assert.equal(m.describeOption(m.option(2 * 9 + 3, 7)), 'r3c4 = 7');
  assert.equal(m.cellName(80), 'r9c9');
});

test('givens commit in cell order', () => {
  assert.deepEqual(m.givenOptions('1' + '.'.repeat(79) + '9'), [0, 80 * 9 + 8]);
});
