// The page's Numbering at every size: it only looks up what sudokuTables(side) hands over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { Numbering } from '../wasm/numbering.js';

test('the numbering of every size finds each option and item from the tables', () => {
  for (const [side, items, options] of [[4, 64, 64], [9, 324, 729], [16, 1024, 4096], [25, 2500, 15625]]) {
    const n = new Numbering(dlx.sudokuTables(side));
    assert.deepEqual([n.side, n.cells, n.items, n.options], [side, side * side, items, options]);
    for (let o = 0; o < options; o += 7) {
      const { cell, digit } = n.placement(o);
      assert.equal(n.option(cell, digit), o, `side ${side}, option ${o}`);
      for (const i of n.itemsOf(o)) assert.ok(n.optionsOf(i).includes(o));
    }
    const last = n.item('box', side - 1, side);
    assert.equal(n.optionsOf(last).length, side);
    assert.equal(n.itemName(last), `box ${side} has ${dlx.sudokuTables(side).symbols.at(-1)}`);
    assert.equal(n.kindOf(n.cellItem(side * side - 1)), 'cell');
  }
  assert.equal(new Numbering(dlx.sudokuTables()).side, 9);
  // the alphabet the tables were written in: what the page compares when a link or a paste
  // asks for the other one
  for (const [side, alphabet, want] of [[9, undefined, 'digits'], [16, 'digits', 'digits'], [16, 'letters', 'letters'], [25, undefined, 'letters'], [4, undefined, 'digits']]) {
    const n = new Numbering(dlx.sudokuTables(side, alphabet));
    assert.equal(n.alphabet, want, `side ${side} ${alphabet}`);
    assert.equal(n.symbol(1), want === 'digits' ? '1' : 'A');
  }
  // an item that no size has is an error that names it
  assert.throws(() => new Numbering(dlx.sudokuTables(4)).item('box', 4, 1), /^Error: no item box 4 1$/);
});
