// The Sudoku's size (4×4, 9×9, 16×16, 25×25) and its alphabet: the Size menu, the Symbols
// menu (16×16's 1–9 A–G, 0–F or A–P: wasm's `sudokuAlphabets` lists them, with their labels),
// and everything on the page that says the size (the board and the item panels drawn for it,
// the examples listed, the buttons a size lacks, the candidates, the help line, the whole
// matrix).

import { emptyLine } from '../../core/puzzle.js';
import { PENCIL_UP_TO } from '../../views/board.js';
import { sizeMenu } from './size-menu.js';
import { NEW_UP_TO } from './solving.js';
import { examplesOf, exampleById } from './examples.js';

/** The 4×4 shown when 4×4 is chosen: one solution, every clue needed, to play or to step. */
export const FIRST_FOUR = 'four-play1';

export class SudokuSize {
  /** `room`: the Sudoku's (sudoku-room.js). */
  constructor(room) {
    this.room = room;
    sizeMenu(room.$('size'), { current: () => room.side, choose: (side) => this.setSize(side), hint: room.$('size-confirm') });
    /** Each side's alphabets (`{name, label, symbols}`), as wasm lists them. */
    this.alphabets = new Map();
    room.$('alphabet').addEventListener('change', (e) => this.setAlphabet(e.target.value));
    room.$('all-marks').addEventListener('change', () => this.drawMarks());
  }

  /** Whether the watched board draws every candidate: at 4×4 and 9×9, and at 16×16 if asked. */
  drawMarks() {
    const { side } = this.room;
    this.room.views.board.setMarksShown(side <= 9 || (side === 16 && this.room.$('all-marks').checked));
  }

  /** The alphabets a grid of `side` may be written in (wasm's list, read once a side). */
  alphabetsOf(side) {
    if (!this.alphabets.has(side)) this.alphabets.set(side, Array.from(this.room.dlx.sudokuAlphabets(side)));
    return this.alphabets.get(side);
  }

  /** The Symbols menu: the same digits written in another alphabet (the board, the pad, the
   *  names and the link follow). */
  setAlphabet(name) {
    const room = this.room;
    if (name === room.numbering.alphabet) return;
    const label = this.alphabetsOf(room.side).find((a) => a.name === name)?.label ?? name;
    this.setShape(room.side, name);
    room.puzzleChanged(`The ${room.side}×${room.side} is written in ${label} now: ${typing(room.numbering, this)}.`);
    room.views.board.focus({ preventScroll: true });
  }

  /** The size selector: an undoable change (Undo brings the puzzle back) to a grid of `side`:
   *  at 4×4, the teaching size, a puzzle with givens to play or step (FIRST_FOUR; an empty 4×4
   *  has nothing to watch), at the other sizes an empty grid. The page does not scroll: the
   *  menu keeps the focus where it is (focusing the board scrolled a phone and a projector's
   *  page to it, the menu then back into view). */
  setSize(side) {
    const room = this.room;
    if (side === room.side) return;
    const old = `${room.side}×${room.side}`;
    room.shell.setMode('sudoku');
    const first = side === 4 ? exampleById(FIRST_FOUR) : null;
    if (first) {
      room.edits.setPuzzle(first.line, `A 4×4 to play or step: ${first.name}. ${first.note} Examples has more, New puzzle makes another.`, { undoable: true, label: `the ${old} puzzle` });
      room.sources.selectExample(first.id);
      return;
    }
    room.sources.selectExample('');
    const examples = examplesOf(side).length;
    const offer = side <= NEW_UP_TO ? `New puzzle makes one to play${side === 4 && examples ? `, or pick one of the ${examples} examples` : ''}` : 'paste a puzzle or pick an example';
    room.edits.setPuzzle(emptyLine(side), `An empty ${side}×${side} grid: ${typing(room.numberingFor(side), this)}; ${offer}.`, { undoable: true, label: `the ${old} puzzle` });
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
    const playable = side <= NEW_UP_TO;
    for (const [id, on, off] of [
      ['hint', playable, 'Hints are up to 16×16 on the page'],
      ['new-puzzle', playable, 'New puzzles are up to 16×16 on the page (a 25×25 takes about a second and comes out easy)'],
      ['level', nine, `Levels are 9×9's: at ${side}×${side} New puzzle makes one of any level and says which`],
    ]) {
      const el = $(id);
      el.dataset.title ??= el.title;
      el.disabled = !on;
      el.title = on ? el.dataset.title : off;
    }
    // The Symbols menu, where a size has more than one alphabet (16×16).
    const alphabets = this.alphabetsOf(side);
    const menu = $('alphabet');
    menu.closest('label').hidden = alphabets.length < 2;
    if (menu.dataset.side !== String(side)) {
      menu.dataset.side = String(side);
      menu.replaceChildren(...alphabets.map((a) => Object.assign(document.createElement('option'), { value: a.name, textContent: a.label })));
    }
    menu.value = n.alphabet;
    const pencil = $('pencil');
    pencil.disabled = side > PENCIL_UP_TO;
    pencil.dataset.title ??= pencil.title;
    pencil.title = pencil.disabled ? 'Pencil marks are up to 16×16: at 25×25 a cell\'s 25 would be too small to read' : pencil.dataset.title;
    if (pencil.disabled && room.views.board.pencilMode) room.edits.setPencilMode(false);
    room.views.pad.reshape(n);
    room.showBoardMode(); // the new board played or watched, as the switch says
    // Candidates: drawn where they can be read (4×4, 9×9); at 16×16 a cell's label lists them,
    // and "every candidate" draws them all, small, for whoever zooms in (at 25×25 they would
    // be 5 px and are never drawn).
    $('all-marks-label').hidden = side !== 16;
    this.drawMarks();
    const note = $('size-note');
    note.hidden = nine;
    note.textContent = nine ? '' : `${side}×${side} in ${this.label(n)}: ${typing(n, this)}.${side > 9 ? ` Candidates are not drawn at this size (they would be too small to read); a cell's label lists them.${playable ? '' : ' Hint and New puzzle are up to 16×16.'}` : ''}`;
    room.shell.watchSub();
    // The whole-matrix view is told the grid's shape: the one call it gets when the size changes.
    room.views.matrix.setShape(n);
    $('matrix-area').hidden = !room.shown;
  }

  /** A numbering's symbols as ranges, as wasm labels its alphabet: "1–4", "1–9, A–G", "0–F". */
  label(n) {
    return this.alphabetsOf(n.side).find((a) => a.name === n.alphabet)?.label ?? n.symbols;
  }
}

/** How to type a size's symbols (`size`: the SudokuSize, for the labels). */
function typing(n, size) {
  const blank = n.symbols.includes('0') ? 'Delete' : '0 or Delete';
  return `type ${size.label(n)}${n.alphabet === 'letters' || n.side > 9 ? ' (either case)' : ''} to fill a cell, ${blank} to clear`;
}
