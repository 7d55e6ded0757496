// The Sudoku exact-cover model: the 324/729 numbering, computed here and only here on
// the JS side, from the same formula as `src/sudoku/model.rs` (a test compares the two
// through the wasm module's `sudokuOptionItems` / `sudokuItemOptions`).
//
// Options (729): "put digit d in row r, column c", with r, c in 0..9 and d in 1..9:
//     option = (r * 9 + c) * 9 + (d - 1)
// Items (324), four blocks of 81; each option covers one item of each block:
//     0..81     row r has d       r * 9 + (d - 1)
//     81..162   column c has d    81 + c * 9 + (d - 1)
//     162..243  box b has d       162 + b * 9 + (d - 1)
//     243..324  cell r,c filled   243 + r * 9 + c
// where b = floor(r / 3) * 3 + floor(c / 3). An option's items are listed in that order
// (row, column, box, cell) and an item's options in increasing option number; the
// search's tie-breaks, and so its trace, follow from these two orders.

export const ITEMS = 324;
export const OPTIONS = 729;
export const CELLS = 81;

/** The four blocks of items, in number order. */
export const BLOCKS = ['row', 'column', 'box', 'cell'];

export const boxOf = (cell) => Math.floor(cell / 27) * 3 + Math.floor((cell % 9) / 3);

/** The option that puts `digit` (1..9) in `cell` (0..81). */
export const option = (cell, digit) => cell * 9 + (digit - 1);

/** `{cell, digit}` of an option. */
export const placement = (o) => ({ cell: Math.floor(o / 9), digit: (o % 9) + 1 });

/** The four items of an option, in node order: row, column, box, cell. */
export function optionItems(o) {
  const cell = Math.floor(o / 9), d = o % 9;
  const r = Math.floor(cell / 9), c = cell % 9;
  return [r * 9 + d, 81 + c * 9 + d, 162 + boxOf(cell) * 9 + d, 243 + cell];
}

/**
 * What item `n` asks for: `{block, unit, digit}` where `block` is one of BLOCKS,
 * `unit` the row, column or box (0..9) or, for a cell item, the cell (0..81), and
 * `digit` 1..9 (0 for a cell item).
 */
export function item(n) {
  const block = Math.floor(n / 81), k = n % 81;
  if (block === 3) return { block: 'cell', unit: k, digit: 0 };
  return { block: BLOCKS[block], unit: Math.floor(k / 9), digit: (k % 9) + 1 };
}

/** The number of an item from its parts (the inverse of `item`). */
export function itemNumber(block, unit, digit = 0) {
  const b = BLOCKS.indexOf(block);
  if (b < 0) throw new Error(`no item block ${block}`);
  return b === 3 ? 243 + unit : b * 81 + unit * 9 + (digit - 1);
}

/** The cell (0..81) of the k-th place (0..9) of a row, column or box. */
export function unitCell(block, unit, k) {
  switch (block) {
    case 'row': return unit * 9 + k;
    case 'column': return k * 9 + unit;
    case 'box': return (Math.floor(unit / 3) * 3 + Math.floor(k / 3)) * 9 + (unit % 3) * 3 + (k % 3);
    default: throw new Error(`no unit block ${block}`);
  }
}

/** The nine options of an item, in increasing option number. */
export function itemOptions(n) {
  const { block, unit, digit } = item(n);
  const out = new Array(9);
  for (let k = 0; k < 9; k++) {
    out[k] = block === 'cell' ? option(unit, k + 1) : option(unitCell(block, unit, k), digit);
  }
  return out;
}

/** "r3c4" for cell 2 * 9 + 3. */
export const cellName = (cell) => `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;

/** An item in words, e.g. "row 3 has 7", "r4c5 is filled". */
export function describeItem(n) {
  const { block, unit, digit } = item(n);
  return block === 'cell' ? `${cellName(unit)} is filled` : `${block} ${unit + 1} has ${digit}`;
}

/** An option in words, e.g. "r3c4 = 7". */
export function describeOption(o) {
  const { cell, digit } = placement(o);
  return `${cellName(cell)} = ${digit}`;
}

// Tables, built once: the problem's option and item lists as the search sees them.
const OPTION_ITEMS = Array.from({ length: OPTIONS }, (_, o) => Int32Array.from(optionItems(o)));
const ITEM_OPTIONS = Array.from({ length: ITEMS }, (_, i) => Int32Array.from(itemOptions(i)));

/**
 * The Sudoku model as an exact-cover problem, in the shape `viewmodel.js` folds events
 * over (the generic Knuth example has the same shape, see `knuth.js`).
 */
export const sudokuProblem = Object.freeze({
  kind: 'sudoku',
  items: ITEMS,
  primary: ITEMS,
  options: OPTIONS,
  optionItems: (o) => OPTION_ITEMS[o],
  itemOptions: (i) => ITEM_OPTIONS[i],
  itemName: describeItem,
  optionName: describeOption,
});

/** The options that a puzzle's givens commit, in cell order (the order Rust commits them). */
export function givenOptions(line) {
  const out = [];
  for (let cell = 0; cell < CELLS; cell++) {
    const d = line.charCodeAt(cell) - 48;
    if (d >= 1 && d <= 9) out.push(option(cell, d));
  }
  return out;
}
