// The Sudoku's edits: digits typed on the board, pencil marks, a whole puzzle put in place
// of another, and Undo / Redo over all of them (www/core/history.js keeps the entries; each
// brings back the board, the clues, the pencil marks, the rating, the example chosen and how
// far the search had got). Also the board's own switches: Play or Watch the search (the
// player's notes or the search's candidates on the board), Pencil mode, Fill notes (from
// wasm's candidates), advancing to the next cell after a digit, and what a selected cell
// lights up (kept as preferences).

import { digitsOf, givensCount, lineOf, sideOfLine } from '../../core/puzzle.js';
import { PENCIL_UP_TO } from '../../views/board.js';
import { boardOf, clearRuledOut, packMarks } from './game.js';
import { readPref, writePref } from '../../core/prefs.js';
import { History } from '../../core/history.js';
import { grouped } from '../../core/format.js';

export class Edits {
  /** `room`: the Sudoku's (sudoku-room.js), whose puzzle this changes. */
  constructor(room) {
    this.room = room;
    this.history = new History();
    const { $, views } = room;
    $('undo').addEventListener('click', () => this.undo());
    $('redo').addEventListener('click', () => this.redo());
    // Pencil keeps the board's focus: pressed with the pointer, the focus stays on the cell
    // (it moved to the button, and the next digit typed went nowhere).
    $('pencil').addEventListener('mousedown', (e) => e.preventDefault());
    $('pencil').addEventListener('click', (e) => {
      this.setPencilMode(!views.board.pencilMode);
      if (e.detail > 0) views.board.focus({ preventScroll: true });
    });
    // Play or Watch the search: the one switch between the player's notes and the search's
    // candidates. Chosen here it is kept; the search stepped, a link's step and "Show the
    // search from here" switch to Watch for the moment only.
    this.modeButtons = [...$('board-mode').querySelectorAll('button')];
    for (const b of this.modeButtons) b.addEventListener('click', () => this.setBoardMode(b.dataset.mode, { keep: true }));
    this.setBoardMode(readPref('boardMode', 'play') === 'watch' ? 'watch' : 'play', { draw: false });
    $('advance').addEventListener('change', (e) => {
      views.board.advance = e.target.checked;
    });
    for (const [id, pref, light] of [['hl-peers', 'lightPeers', 'peers'], ['hl-same', 'lightSame', 'same']]) {
      const box = $(id);
      box.checked = readPref(pref, 'on') === 'on';
      views.board.setLights({ [light]: box.checked });
      box.addEventListener('change', () => {
        writePref(pref, box.checked ? 'on' : 'off');
        views.board.setLights({ [light]: box.checked });
      });
    }
  }

  /** Pencil mode on or off: the Pencil button and the pad's Notes say it, the board obeys it. */
  setPencilMode(on) {
    const { $, views } = this.room;
    if (on) this.setBoardMode('play');
    $('pencil').setAttribute('aria-pressed', String(on));
    views.board.pencilMode = on;
    views.pad.setNotes(on);
    $('board').classList.toggle('pencil-mode', on);
  }

  /**
   * 'play' (the player's notes on the board) or 'watch' (the search's candidates, digits and
   * items). `keep`: chosen on the switch, so stored; `draw`: the board drawn again now.
   */
  setBoardMode(mode, { keep = false, draw = true } = {}) {
    const room = this.room;
    if (keep) writePref('boardMode', mode);
    if (mode === 'play') room.views.pad.picked(); // on a phone the pad comes back
    if (mode === room.boardMode) return;
    room.boardMode = mode;
    for (const b of this.modeButtons) b.setAttribute('aria-pressed', String(b.dataset.mode === mode));
    room.showBoardMode();
    if (draw) room.shell.render();
  }

  /** Fill notes: every empty cell's pencil marks become its candidates (wasm's), one undo entry. */
  fillNotes() {
    const room = this.room;
    if (room.side > PENCIL_UP_TO) return;
    const fits = room.dlx.candidates(room.engineLine());
    const marks = room.marks.map((_, c) => (room.givens[c] ? 0 : fits[c]));
    this.setBoardMode('play');
    if (packMarks(marks) === packMarks(room.marks)) {
      room.views.notice.show('info', 'The notes already hold every candidate.');
      return;
    }
    this.record({ text: 'filling in the notes' });
    room.marks = marks;
    this.marksChanged();
    const cells = marks.filter((m) => m).length;
    room.views.notice.show('info', `Notes filled in ${cells} empty cell${cells === 1 ? '' : 's'} with the digits that clash with none on the board. Undo takes them back.`);
  }

  /** Erase (the pad's button, Delete, 0): the cell's digit, or else its pencil marks. */
  erase(cell) {
    const room = this.room;
    if (room.givens[cell] || !room.marks[cell]) {
      this.edit(cell, 0);
      return;
    }
    this.record({ text: `erasing the pencil marks of ${room.numbering.cellName(cell)}` });
    room.marks[cell] = 0;
    this.marksChanged();
  }

  edit(cell, digit) {
    const room = this.room;
    if (room.givens[cell] === digit) return;
    const name = room.numbering.cellName(cell);
    this.record({ text: digit ? `${room.numbering.symbol(digit)} in ${name}` : `clearing ${name}` });
    room.givens[cell] = digit;
    // A clue typed over or cleared is taken out of the puzzle: what is typed there is an
    // entry, and the puzzle (its rating, its solution) is another one.
    if (room.clues[cell] && room.clues[cell] !== digit) {
      room.clues[cell] = 0;
      room.solving.rating = null;
    }
    // The option "remove the notes a digit rules out": the digit's marks go from its row,
    // column and box (the same undo entry as the digit).
    if (digit && room.play.options.autoNotes) clearRuledOut(room.marks, room.play.peersOf(cell), digit);
    room.sources.selectExample('');
    room.puzzleChanged();
  }

  /** Toggles pencil mark `digit` in `cell` (an empty cell). */
  pencil(cell, digit) {
    const room = this.room;
    if (room.side > PENCIL_UP_TO) return;
    const name = room.numbering.cellName(cell);
    if (room.givens[cell]) {
      room.views.notice.show('info', `${name} holds a digit: clear it (0 or Delete) to pencil in marks.`);
      return;
    }
    const on = !(room.marks[cell] & (1 << digit));
    this.setBoardMode('play'); // a note is the player's: shown where notes are
    this.record({ text: `pencil mark ${room.numbering.symbol(digit)} ${on ? 'in' : 'out of'} ${name}` });
    room.marks[cell] ^= 1 << digit;
    this.marksChanged();
  }

  marksChanged() {
    const room = this.room;
    room.hints.hide();
    room.views.board.setPencil(room.marks);
    room.views.pad.showNoted();
    room.shell.render(); // the cells' labels say their pencil marks
    room.play.save();
  }

  /**
   * Shows a new puzzle: its clashes, and a fresh search to watch. `note` says where it came
   * from. With `undoable`, the puzzle it replaces can be brought back (a click on an
   * example, a paste or Clear never loses what was typed): by Undo, and by a button in
   * the notice. `rating`: how New puzzle rated it. `line` has 16, 81, 256 or 625 cells (the
   * size follows it) in `alphabet` ('digits' or 'letters'; by default the board's own at
   * the same size, else the size's usual one). A game brought back (a link's, the saved
   * one) has `entries` (a line of the player's digits over the puzzle's), `marks` (its
   * pencil marks) and `game` (`{elapsed, mistakes}`, play.js's).
   */
  setPuzzle(line, note = '', { undoable = false, warnings = [], rating = null, label = 'the puzzle', alphabet, entries = null, marks = null, game = undefined } = {}) {
    const room = this.room;
    const side = sideOfLine(line);
    const shape = room.numberingFor(side, alphabet ?? (side === room.side ? room.numbering.alphabet : undefined));
    const before = room.shownLine();
    const board = entries ? boardOf(line, entries, shape.symbols) : digitsOf(line, shape.symbols);
    const changes = before !== lineOf(board, shape.symbols) || room.shownLine(room.clues) !== line || shape.side !== room.side || shape.alphabet !== room.numbering.alphabet
      || packMarks(room.marks) !== packMarks(marks ?? new Uint32Array(shape.cells));
    if (undoable && changes) this.record({ text: label, whole: true });
    room.size.setShape(shape.side, shape.alphabet);
    room.givens = board;
    room.clues = digitsOf(line, shape.symbols);
    room.marks = marks ? marks.slice() : new Uint32Array(shape.cells);
    room.solving.rating = rating;
    room.play.newGame(game);
    room.puzzleChanged(note, warnings);
    if (undoable && changes && givensCount(before) > 0) room.views.notice.action('Undo', () => this.undo());
  }

  // --- undo and redo ------------------------------------------------------------------------------
  /** Everything Undo brings back: the board, the clues, the pencil marks, the rating, the
   *  example chosen, how far the search had got, the solver's answer shown (Solve is undone
   *  as any change) and, for a whole puzzle, its game's time and mistakes. */
  snapshot() {
    const room = this.room;
    return {
      side: room.side,
      alphabet: room.numbering.alphabet,
      line: room.shownLine(),
      clues: room.shownLine(room.clues),
      marks: room.marks.slice(),
      rating: room.solving.rating,
      example: room.sources.exampleId,
      step: room.trace?.events ?? 0,
      answer: room.solving.answer && { digits: room.solving.answer, diff: room.solving.diff },
      game: room.play.state(),
    };
  }

  /** Before every change: `label` is `{text, whole}` (`whole`: the puzzle itself is replaced). */
  record(label) {
    this.history.record(label, this.snapshot());
    this.updateUndo();
  }

  undo() {
    this.travel(this.history.undo(this.snapshot()), 'Undone');
  }

  redo() {
    this.travel(this.history.redo(this.snapshot()), 'Redone');
  }

  travel(entry, done) {
    const room = this.room;
    if (!entry) {
      room.views.notice.show('info', done === 'Undone' ? 'Nothing to undo.' : 'Nothing to redo.');
      return;
    }
    const { label, state } = entry;
    const step = state.step;
    const note = done === 'Undone' && label.whole
      ? (step ? `The previous puzzle is back, at step ${grouped(step)}.` : 'The previous puzzle is back.')
      : `${done}: ${label.text}.`;
    room.shell.setMode('sudoku');
    const boardChanged = state.side !== room.side || state.alphabet !== room.numbering.alphabet || state.line !== room.shownLine() || state.clues !== room.shownLine(room.clues);
    room.size.setShape(state.side, state.alphabet);
    room.clues = digitsOf(state.clues, room.numbering.symbols);
    room.marks = state.marks.slice();
    room.solving.rating = state.rating;
    if (label.whole) room.play.newGame(state.game);
    if (boardChanged) {
      room.givens = digitsOf(state.line, room.numbering.symbols);
      room.puzzleChanged(note);
      if (step && room.trace) room.player.seek(step);
    } else {
      room.solving.clearAnswer();
      this.marksChanged();
      room.views.notice.show('info', note);
    }
    if (state.answer) {
      room.solving.showAnswer(state.answer.digits, state.answer.diff);
      room.shell.render();
    }
    room.sources.selectExample(state.example);
    this.updateUndo();
  }

  updateUndo() {
    this.room.$('undo').disabled = !this.history.canUndo;
    this.room.$('redo').disabled = !this.history.canRedo;
  }
}
