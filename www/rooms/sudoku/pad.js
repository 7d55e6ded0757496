// The number pad under the board, for touch: a button for each symbol of the size (1–4,
// 1–9, the 16×16's and 25×25's own symbols in the puzzle's alphabet), Erase, and Notes (the
// same pencil mode as the Pencil button). A tap puts its digit in the selected cell through
// the board's own edit path (sudoku-edits.js: the same undo entry as the typed key), toggles
// a pencil mark in Notes mode, and leaves the focus on the board, so a digit typed next goes
// to the board too. Fill notes fills every empty cell's notes from the candidates (up to
// 16×16). In Notes mode the digits pressed are the selected cell's notes (`aria-pressed`): on
// a phone a 16×16's cell shows only how many it has. At 25×25 there are no notes (a cell's 25
// would be too small to read): Notes says so, on a tap and in its title. The pad names its
// buttons for screen readers ("5", "Fill notes", "Erase", "Notes"). A symbol placed in every
// row is marked done.

import { PENCIL_UP_TO } from '../../views/board.js';

/** A pad's columns: on a wide board and on a phone (each button at least 44 px). */
const COLUMNS = { 4: [6, 6], 9: [6, 6], 16: [9, 6], 25: [14, 7] };

/** What Notes says at 25×25 (its title, and a tap on it). */
const NO_NOTES = 'Notes are up to 16×16: at 25×25 a cell\'s 25 notes would be too small to read.';

export class Pad {
  /** `room`: the Sudoku's (sudoku-room.js); `root`: the pad's element (index.html's #pad). */
  constructor(room, root) {
    this.room = room;
    this.root = root;
    this.digits = root.querySelector('.pad-digits');
    this.notes = root.querySelector('[data-pad="notes"]');
    this.erase = root.querySelector('[data-pad="erase"]');
    this.fill = root.querySelector('[data-pad="fill"]');
    // A press with the pointer leaves the focus where it was (the board's cell): the focus
    // moving to the button is what lost the next typed digit.
    root.addEventListener('mousedown', (e) => {
      if (e.target.closest('button')) e.preventDefault();
    });
    root.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b || b.disabled) return;
      if (b === this.notes && b.getAttribute('aria-disabled') === 'true') room.views.notice.show('info', NO_NOTES);
      else if (b === this.notes) room.edits.setPencilMode(!room.views.board.pencilMode);
      else if (b === this.erase) room.edits.erase(room.views.board.cursor);
      else if (b === this.fill) room.edits.fillNotes();
      else this.press(Number(b.dataset.digit));
      // A pointer's press (a click's detail counts its clicks; a key's is 0) gives the board
      // the focus: the cell stays selected and the keyboard goes on typing into it.
      if (e.detail > 0) room.views.board.focus({ preventScroll: true });
    });
  }

  /** Digit `d` (1..side) in the selected cell, or its pencil mark in Notes mode. */
  press(d) {
    const { board } = this.room.views;
    const cell = board.cursor;
    if (board.pencilMode && this.room.side <= PENCIL_UP_TO) this.room.edits.pencil(cell, d);
    else this.room.edits.edit(cell, d);
  }

  /** The buttons of a size (`numbering`: its side and symbols). */
  reshape(numbering) {
    const { side, symbols } = numbering;
    const [wide, narrow] = COLUMNS[side] ?? [Math.min(side + 2, 9), 6];
    this.root.style.setProperty('--pad-cols', wide);
    this.root.style.setProperty('--pad-cols-narrow', narrow);
    this.root.dataset.side = String(side);
    const buttons = [];
    for (let d = 1; d <= side; d++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'pad-digit';
      b.dataset.digit = String(d);
      b.textContent = symbols[d - 1];
      b.setAttribute('aria-label', symbols[d - 1]);
      buttons.push(b);
    }
    this.digits.replaceChildren(...buttons);
    const notes = side <= PENCIL_UP_TO;
    // Not disabled: a tap at 25×25 says why there are no notes (a title is not seen on a phone).
    if (notes) this.notes.removeAttribute('aria-disabled');
    else this.notes.setAttribute('aria-disabled', 'true');
    this.fill.hidden = !notes; // where there are no pencil marks, no row is added for it
    this.notes.title = notes ? 'Notes: a symbol tapped toggles its pencil mark (on a keyboard, Shift or Alt + a digit, Alt + a letter)' : NO_NOTES;
    this.showNoted();
    this.showDone(this.room.givens ?? []);
  }

  /** A symbol on the board `side` times (the givens with the player's entries: `digits`, one
   *  a cell, 0 for empty) is marked done on its button, as the best sites mark it: drawn
   *  fainter, its title saying so. Still a button: a digit placed wrongly elsewhere may move. */
  showDone(digits) {
    const side = this.room.side;
    const count = new Uint16Array(side + 1);
    for (const d of digits) if (d > 0 && d <= side) count[d]++;
    for (const b of this.digits.children) {
      const done = count[Number(b.dataset.digit)] >= side;
      if (b.classList.contains('done') === done) continue;
      b.classList.toggle('done', done);
      if (done) b.title = `Every ${b.textContent} is on the board`;
      else b.removeAttribute('title');
    }
  }

  /** In Notes mode the digits pressed are the selected cell's notes; else none is pressed. */
  showNoted() {
    const { board } = this.room.views;
    const on = board.pencilMode;
    const m = on ? (this.room.marks[board.cursor] ?? 0) : 0;
    for (const b of this.digits.children) {
      const noted = (m & (1 << Number(b.dataset.digit))) !== 0;
      b.classList.toggle('noted', noted);
      if (on) b.setAttribute('aria-pressed', String(noted));
      else b.removeAttribute('aria-pressed');
    }
  }

  // --- on a phone, folded while the search is watched ---------------------------------------------
  // The pad between the board and the narration took a phone's class off its one screen (the
  // board's top to the narration's foot: 1,057 px of 812). So there it folds away while the
  // search is away from its start (moved by its controls, or opened at a link's step), and a
  // cell selected brings it back until the search is moved again.

  /** The search is at event `events` (0: its start, or no search). */
  watch(events) {
    this.events = events;
    const folded = events > 0 && !this.chosen;
    if (folded === this.folded) return;
    this.folded = folded;
    this.root.classList.toggle('folded', folded);
  }

  /** A cell was selected: the player plays. */
  picked() {
    this.chosen = true;
    this.showNoted();
    this.watch(this.events ?? 0);
  }

  /** The search was moved by hand: the player watches. */
  moved() {
    this.chosen = false;
  }

  /** Notes on or off, as the Pencil button says. */
  setNotes(on) {
    this.notes.setAttribute('aria-pressed', String(on));
    this.root.classList.toggle('notes', on);
    this.showNoted();
  }
}
