// The Sudoku's size (4×4, 9×9, 16×16, 25×25) and its alphabet: the Size menu, and everything
// on the page that says the size (the board and the item panels drawn for it, the examples
// listed, the buttons that are 9×9 only, the candidates, the help line, the whole matrix).

import { emptyLine } from '../../core/puzzle.js';
import { PENCIL_UP_TO } from '../../views/board.js';
import { sizeMenu } from './size-menu.js';

export class SudokuSize {
  /** `room`: the Sudoku's (sudoku-room.js). */
  constructor(room) {
    this.room = room;
    sizeMenu(room.$('size'), { current: () => room.side, choose: (side) => this.setSize(side), hint: room.$('size-confirm') });
  }

  /** The size selector: an empty grid of `side`, an undoable change (Undo brings the puzzle back). */
  setSize(side) {
    const room = this.room;
    if (side === room.side) return;
    const old = `${room.side}×${room.side}`;
    room.shell.setMode('sudoku');
    room.sources.selectExample('');
    room.edits.setPuzzle(emptyLine(side), `An empty ${side}×${side} grid: ${typing(room.numberingFor(side))}, paste a puzzle or pick an example.`, { undoable: true, label: `the ${old} puzzle` });
    room.views.board.focus();
  }

  /** Draws the board and the item panels for a size and an alphabet (if they change). */
  setShape(side, alphabet) {
    const room = this.room;
    const n = room.numberingFor(side, alphabet);
    if (n.side === room.side && n.alphabet === room.numbering.alphabet) return;
    room.numbering = n;
    // A hover names a cell, an item or an option of the old size, whose element is gone: a
    // pointer resting where the new board is would keep it (r9c9 at 4×4) until it moved.
    room.hover.forget();
    room.views.board.reshape(n);
    room.views.items.reshape(n);
    this.shown();
    // Read after every write above: a read between them laid a 25×25 board out twice more (a
    // second each on this machine).
    room.views.items.measure();
  }

  /** Everything else on the page that says the size: the selector, the examples, the buttons
   *  that are 9×9 only, the candidates, the help, the whole-matrix view. */
  shown() {
    const room = this.room;
    const { $, numbering: n } = room;
    const side = n.side;
    document.body.dataset.side = String(side);
    $('size').value = String(side);
    room.sources.fillExamples();
    const nine = side === 9;
    for (const id of ['hint', 'new-puzzle', 'level']) {
      const el = $(id);
      el.dataset.title ??= el.title;
      el.disabled = !nine;
      el.title = nine ? el.dataset.title : 'Hints and new puzzles are 9×9 only (the logic solver is 9×9)';
    }
    const pencil = $('pencil');
    pencil.disabled = side > PENCIL_UP_TO;
    if (pencil.disabled && room.views.board.pencilMode) room.edits.setPencilMode(false);
    room.views.pad.reshape(n);
    room.showBoardMode(); // the new board played or watched, as the switch says
    // Candidates: drawn where they can be read (4×4, 9×9); at 16×16 a cell's label lists them.
    room.views.board.setMarksShown(side <= 9);
    const note = $('size-note');
    note.hidden = nine;
    note.textContent = nine ? '' : `${side}×${side} in ${range(n.symbols)}: ${typing(n)}.${side > 9 ? ` Candidates are not drawn at this size (they would be too small to read); a cell's label lists them. Hint and New puzzle are 9×9 only.` : ''}`;
    room.shell.watchSub();
    // The whole-matrix view is told the grid's shape: the one call it gets when the size changes.
    room.views.matrix.setShape(n);
    $('matrix-area').hidden = !room.shown;
  }
}

/** The symbols as ranges: "1–4", "1–9 and A–G", "A–P". */
function range(symbols) {
  const runs = symbols.match(/[1-9]+|[A-Z]+/g);
  return runs.map((r) => (r.length > 1 ? `${r[0]}–${r.at(-1)}` : r)).join(' and ');
}

/** How to type a size's symbols. */
function typing(n) {
  return `type ${range(n.symbols)}${n.alphabet === 'letters' || n.side > 9 ? ' (either case)' : ''} to fill a cell, 0 or Delete to clear`;
}
