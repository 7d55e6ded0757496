// What the pointer (or the focus) is on, lit everywhere: a cell's options and items on the
// board, the item panels and the whole matrix; an item's options; a row of the matrix, its
// digit in its cell and its 4 items. The pointer wins over the focus.

export class Hover {
  /** `room`: the Sudoku's (sudoku-room.js). */
  constructor(room) {
    this.room = room;
    this.on = { pointer: null, focus: null };
  }

  /** `source`: 'pointer' or 'focus'; `spec`: `{cell, digit}`, `{item}`, `{option}` or null. */
  set(source, spec) {
    this.on[source] = spec;
    this.draw();
  }

  /** The size changed: what was hovered named a cell, an item or an option of the old size. */
  forget() {
    this.on = { pointer: null, focus: null };
  }

  /** Draws the marks (none while the Sudoku's view is not shown). */
  draw() {
    const { views, numbering: n, givens } = this.room;
    const { board, items, matrix } = views;
    const h = this.on.pointer ?? this.on.focus;
    if (!h || !this.room.shown) {
      board.setHighlight();
      items.setHighlight();
      matrix.setHighlight();
      return;
    }
    if (h.cell !== undefined) {
      const cell = h.cell;
      const answer = this.room.solving.answer;
      const shown = h.digit || givens[cell] || board.placed[cell] || (answer ? answer[cell] : 0);
      if (shown) {
        const o = n.option(cell, shown);
        board.setHighlight([o], [cell]);
        items.setHighlight(n.itemsOf(o));
        matrix.setHighlight([o], n.itemsOf(o));
      } else {
        const opts = Array.from({ length: n.side }, (_, d) => n.option(cell, d + 1));
        const cellItem = n.cellItem(cell);
        board.setHighlight(opts, [cell]);
        items.setHighlight([cellItem], opts.flatMap((o) => n.itemsOf(o).filter((i) => i !== cellItem)));
        matrix.setHighlight(opts, [cellItem]);
      }
    } else if (h.option !== undefined) {
      // a row of the whole matrix: its digit in its cell, and its 4 items
      const o = h.option;
      board.setHighlight([o], [n.placement(o).cell]);
      items.setHighlight(n.itemsOf(o));
      matrix.setHighlight([o], n.itemsOf(o), false);
    } else {
      const opts = n.optionsOf(h.item);
      board.setHighlight(opts, opts.map((o) => n.placement(o).cell));
      items.setHighlight([h.item]);
      matrix.setHighlight(opts, [h.item]);
    }
  }
}
