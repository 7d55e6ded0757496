// The Sudoku numbering as the page reads it: tables that the wasm module hands over once
// (`sudokuTables`, from `src/sudoku/model.rs`, the one place that defines the items and
// options of every size, with names in the puzzle's alphabet). Nothing here computes an item or an option number; it only looks them up.

export class Numbering {
  /** `tables`: what `dlx.sudokuTables()` returns. */
  constructor(tables) {
    this.t = tables;
    const { order, side, cells, items, options, symbols, optionCell, optionDigit, itemKind, itemUnit, itemDigit, kindNames } = tables;
    Object.assign(this, { order, side, cells, items, options, symbols });
    /** The alphabet's name, as wasm's `sudokuAlphabets` lists them: 'digits' (1–9, then A–G
     *  at 16×16), 'hex' (0–F, 16×16 only) or 'letters' (A–P at 16×16, A–Y at 25×25). */
    this.alphabet = tables.alphabet;
    // Stryker disable next-line UnaryOperator: equivalent, every (cell, digit 1..side) is written below; the fill is never read
    this.optionAt = new Int32Array(cells * (side + 1)).fill(-1);
    // Stryker disable next-line EqualityOperator: equivalent, a read one past a typed array is undefined, and a write at NaN does nothing
    for (let o = 0; o < options; o++) this.optionAt[optionCell[o] * (side + 1) + optionDigit[o]] = o;
    this.itemAt = new Map();
    // Stryker disable next-line EqualityOperator: equivalent, one past the tables adds the key "undefined undefined undefined", which no caller asks for
    for (let i = 0; i < items; i++) this.itemAt.set(`${kindNames[itemKind[i]]} ${itemUnit[i]} ${itemDigit[i]}`, i);
  }

  /** The option that puts `digit` (1..side) in `cell`. */
  option(cell, digit) {
    return this.optionAt[cell * (this.side + 1) + digit];
  }

  /** `{cell, digit}` of an option. */
  placement(o) {
    return { cell: this.t.optionCell[o], digit: this.t.optionDigit[o] };
  }

  /** The four items of an option, in node order. */
  itemsOf(o) {
    return Array.from(this.t.optionItems.subarray(4 * o, 4 * o + 4));
  }

  /** The `side` options of an item, top to bottom. */
  optionsOf(i) {
    return Array.from(this.t.itemOptions.subarray(this.side * i, this.side * (i + 1)));
  }

  /** 'cell' | 'row' | 'column' | 'box' */
  kindOf(i) {
    return this.t.kindNames[this.t.itemKind[i]];
  }

  /** The row, column or box of an item (0..9), or its cell (0..81). */
  unitOf(i) {
    return this.t.itemUnit[i];
  }

  /** The item of a kind, unit and digit (0 for a cell item). */
  item(kind, unit, digit = 0) {
    const i = this.itemAt.get(`${kind} ${unit} ${digit}`);
    if (i === undefined) throw new Error(`no item ${kind} ${unit} ${digit}`);
    return i;
  }

  /** The item that asks for a cell to be filled. */
  cellItem(cell) {
    return this.item('cell', cell);
  }

  itemName(i) {
    return this.t.itemNames[i];
  }

  optionName(o) {
    return this.t.optionNames[o];
  }

  /** The symbol of a digit (1..side) in the puzzle's alphabet: '7', 'G'. */
  symbol(digit) {
    return this.symbols[digit - 1];
  }

  /** "r3c4" */
  cellName(cell) {
    return this.t.cellNames[cell];
  }
}

/** `numberingFor(side, alphabet)`: the numbering of each size and alphabet ('digits',
 *  'letters', or undefined for the size's usual one), read from wasm once, when first asked. */
export function numberings(dlx) {
  const made = new Map();
  return (side, alphabet) => {
    const key = `${side} ${alphabet ?? ''}`;
    if (!made.has(key)) made.set(key, new Numbering(dlx.sudokuTables(side, alphabet)));
    return made.get(key);
  };
}
