// The Sudoku view: the puzzle on the board, and the search of the real 729 × 324 matrix (or
// its 4×4, 16×16, 25×25 sizes) drawn on the board, the item panels and the whole matrix.
// The room keeps the page's own state of the puzzle (the givens, the puzzle's clues, the
// pencil marks); the search's state stays in the wasm Trace, and the shell
// (www/core/shell.js) reads it once per movement (a Picture) and hands it here. Its parts,
// each with the controls it answers: the edits and their undo (sudoku-edits.js), where
// puzzles come from (puzzle-sources.js: examples, paste, Clear, links), the size
// (sudoku-size.js), Solve, Count and New puzzle in the worker (solving.js), the hint panel
// (hint-panel.js), what the pointer is on (hover.js), the number pad (pad.js) and the game
// played (play.js: the clock, Check, the finish, the game kept; its rules in game.js). Logic (hints) and new puzzles come
// from wasm too: the page only draws what they say.

import { Picture } from '../../wasm/picture.js';
import { lineOf } from '../../core/puzzle.js';
import { grouped } from '../../core/format.js';
import { BoardView } from '../../views/board.js';
import { ItemsView } from '../../views/items.js';
import { MatrixView } from '../../views/matrix.js';
import { NoticeView, ResultView } from '../../views/result.js';
import { PlainView } from './plain-view.js';
import { Edits } from './sudoku-edits.js';
import { PuzzleSources } from './puzzle-sources.js';
import { SudokuSize } from './sudoku-size.js';
import { Solving } from './solving.js';
import { HintPanel } from './hint-panel.js';
import { Hover } from './hover.js';
import { Pad } from './pad.js';
import { clashHeading, entryCells, entriesLine, packMarks } from './game.js';
import { Play } from './play.js';

export class SudokuRoom {
  /**
   * `numberingFor(side, alphabet)`: the numbering of a size written in an alphabet ('digits'
   * or 'letters'; the size's usual one when undefined). `solver`: the worker (www/wasm/solver.js);
   * `counts`: the Sudoku's count pool; `shell`: www/core/shell.js.
   */
  constructor({ dlx, numberingFor, player, solver, counts, shell, $ }) {
    Object.assign(this, { dlx, numberingFor, player, shell, $ });
    /** The grid's size and the puzzle's alphabet: the numbering the board is drawn in. */
    this.numbering = numberingFor(9);
    this.givens = new Uint8Array(this.numbering.cells);
    /** The puzzle's own clues (a digit on the board that is not one was entered while solving). */
    this.clues = new Uint8Array(this.numbering.cells);
    /** Pencil marks: bit d for digit d, per cell (0: none). */
    this.marks = new Uint32Array(this.numbering.cells);
    /** Whether a link must say the alphabet (a 16×16 in 1–9, A–G whose clues are all letters). */
    this.linkAlphabet = false;
    this.searchable = false; // the givens do not clash, so there is a search to watch
    /** 'play' (the board shows the player's notes) or 'watch' (the search's candidates): sudoku-edits.js's switch. */
    this.boardMode = null;
    this.trace = null;
    this.picture = null;
    this.noSearchText = 'Fix the clashing digits to watch the search.';
    const hover = (src, spec) => this.hover.set(src, spec);
    this.views = {
      board: new BoardView($('board'), this.numbering, {
        onEdit: (cell, d) => this.edits.edit(cell, d),
        onPencil: (cell, d) => this.edits.pencil(cell, d),
        onErase: (cell) => this.edits.erase(cell),
        onSelect: () => this.views.pad.picked(),
        onHover: (cell, src, digit = 0) => hover(src, cell === null ? null : { cell, digit }),
      }),
      items: new ItemsView($('items'), this.numbering, { onHover: (item, src) => hover(src, item === null ? null : { item }) }),
      matrix: new MatrixView($('matrix-area'), { onHover: (option) => hover('pointer', option === null ? null : { option }), line: $('narration') }),
      pad: new Pad(this, $('pad')),
      notice: new NoticeView($('notice')),
      result: new ResultView($('result'), { onCancel: () => this.solving.stop(), cellName: (cell) => this.numbering.cellName(cell) }),
      // Plain backtracking beside DLX: "Race" runs the DLX search to its end.
      plain: new PlainView($('plain'), { dlx }),
    };
    this.edits = new Edits(this);
    this.sources = new PuzzleSources(this);
    this.size = new SudokuSize(this);
    this.solving = new Solving(this, { solver, counts });
    this.hints = new HintPanel(this, { solver });
    this.hover = new Hover(this);
    this.play = new Play(this, { solver });
    /** Where Copy link says what it copied (the shell's hook). */
    this.linkNotice = this.views.notice;
    // The skip link moves the focus, not the URL (whose hash holds the puzzle).
    document.querySelector('.skip').addEventListener('click', (e) => {
      e.preventDefault();
      shell.setMode('sudoku');
      this.views.board.focus();
    });
  }

  get shown() {
    return this.shell.mode === 'sudoku';
  }

  get side() {
    return this.numbering.side;
  }

  /** The board (or `digits`) as a line in the puzzle's own alphabet: links, undo, clash messages. */
  shownLine(digits = this.givens) {
    return lineOf(digits, this.numbering.symbols);
  }

  /** How many of the board's digits are the player's entries (the narration counts them apart). */
  entryCount() {
    return entryCells(this.givens, this.clues).length;
  }

  /** The board as the engine reads it without being told the alphabet: in the size's usual one. */
  engineLine() {
    return lineOf(this.givens, this.numberingFor(this.side).symbols);
  }

  /** The alphabet a line reads as when nobody says which (wasm's `parse`); null if it does not read. */
  alphabetRead(line) {
    try {
      return this.dlx.parse(line).alphabet;
    } catch {
      return null;
    }
  }

  /** `warnings`: lines shown first (what was wrong with a link), the notice then a warning at least. */
  puzzleChanged(note = '', warnings = []) {
    const { board, notice, result } = this.views;
    this.solving.cancel();
    this.solving.clearAnswer();
    result.clear();
    const line = this.shownLine();
    const { clashes, stuck } = this.dlx.checkGivens(line, this.numbering.alphabet);
    this.linkAlphabet = this.alphabetRead(this.shownLine(this.clues)) !== this.numbering.alphabet;
    this.hints.hide();
    board.setGivens(this.givens, new Set(clashes.flatMap((c) => [c.cell, c.other])), this.clues);
    board.setPencil(this.marks);
    this.views.pad.showNoted();
    this.views.pad.showDone(this.givens);
    this.solving.showRating();
    const lines = [...warnings, note];
    this.searchable = clashes.length === 0;
    if (!this.searchable) {
      lines.push(clashHeading(clashes, this.givens, this.clues), ...clashes.slice(0, 6).map((c) => c.message));
      if (clashes.length > 6) lines.push(`… and ${grouped(clashes.length - 6)} more.`);
      notice.show('error', ...lines);
      this.loadSudoku(null);
    } else {
      const names = stuck.slice(0, 5).map((c) => this.numbering.cellName(c));
      if (stuck.length) lines.push(`No digit fits ${names.join(', ')}${stuck.length > 5 ? ', …' : ''}: there is no solution.`);
      notice.show(stuck.length || warnings.length ? 'warn' : 'info', ...lines);
      this.loadSudoku(this.engineLine());
    }
    board.setSearchShown(this.searchable);
    this.play.changed(clashes);
    this.$('items').classList.toggle('off', !this.searchable);
    this.$('items-off').hidden = this.searchable;
    this.shell.render();
    this.shell.router.write(true);
  }

  /** A fresh search of `line` (null: none, the givens clash). */
  loadSudoku(line) {
    this.trace?.free();
    this.trace = line ? new this.dlx.Trace(line) : null;
    this.picture = this.trace && new Picture(this.trace);
    this.views.plain.load(line, this.numbering);
    if (this.shown) this.shell.attach();
  }

  // --- the shell's hooks ---------------------------------------------------------------------
  /** Once: the controls that say the size, before the link is read. */
  start() {
    this.size.shown();
  }

  restart() {
    if (this.searchable) this.loadSudoku(this.engineLine());
  }

  /** Its parts of the page around the tabs: the item panels, the whole matrix, plain backtracking. */
  show(on) {
    this.$('items-area').hidden = !on;
    this.$('matrix-area').hidden = !on;
    this.views.plain.root.hidden = !on;
    if (!on) this.views.matrix.setFull(false); // another view: the page is its own again
  }

  enter() {}

  /** Another view is shown: the hover marks go. */
  onLeave() {
    this.hover.draw();
  }

  /** Any movement of a search puts the board back to the puzzle (the solver's answer goes),
   *  and the board shows the search: it is watched. */
  onMove() {
    this.solving.clearAnswer();
    this.edits.setBoardMode('watch');
    this.views.pad.moved();
  }

  /** Whether the board is played (the player's notes) rather than watched: the lesson's steps
   *  on this board are always watched. */
  get playing() {
    return this.boardMode === 'play' && !this.shell.lesson?.active;
  }

  /** The switch's mode on the board. */
  showBoardMode() {
    this.views.board.setPlaying(this.playing);
  }

  onRestyle() {
    this.views.items.restyle();
    this.views.matrix.measure();
  }

  /** The header's words for the exact cover this view shows. */
  taglineWords() {
    const n = this.numbering;
    return `a ${n.side}×${n.side} Sudoku: ${grouped(n.options)} options × ${grouped(n.items)} items`;
  }

  /** The words under "Watch the search": what the search of this view runs on. */
  watchWords() {
    const n = this.numbering;
    return `dancing links on the real ${grouped(n.options)} × ${grouped(n.items)} matrix`;
  }

  /** What Copy link says its link opens. */
  linkWords() {
    return 'this puzzle at this step';
  }

  maxDepth() {
    return Math.max(1, this.givens.filter((d) => d === 0).length);
  }

  /** The search drawn on the board, the item panels and the whole matrix. */
  render(pic, paused) {
    const { board, items, matrix, plain, pad } = this.views;
    pad.watch(pic ? pic.events : 0);
    board.setPlaying(this.playing); // a lesson begun or ended over the board
    if (pic) {
      board.render(pic, !paused);
      items.render(pic);
    }
    matrix.render(pic ? this.trace : null, paused);
    plain.render(this.trace);
  }

  /** What the narration says, paused, while the board shows the solver's answer. */
  pausedText(pic) {
    if (this.play.solved && pic.events === 0 && !this.solving.answer) return 'Solved: every cell is filled and no digit clashes. Step or play to watch the search of this board.';
    return this.solving.answer ? `The board shows the solver's answer. The search is paused at step ${grouped(pic.events)}: step or play to go back to it.` : '';
  }

  /** Paused: the cells' and the items' labels say what the search has done to them, and
   *  the hover marks are drawn again. */
  paused(pic) {
    this.views.board.setPlaying(this.playing);
    this.views.board.refreshLabels(pic, this.searchable);
    if (pic) this.views.items.refreshLabels();
    this.hover.draw();
  }

  /** The address bar: the puzzle's givens, the player's entries and pencil marks apart, and
   *  the step where the digits leave a search to watch. */
  link(step) {
    const entries = entriesLine(this.givens, this.clues, this.numbering.symbols);
    return {
      mode: 'sudoku',
      puzzle: this.shownLine(this.clues),
      entries: /[^.]/.test(entries) ? entries : undefined,
      marks: packMarks(this.marks) || undefined,
      alphabet: this.linkAlphabet ? this.numbering.alphabet : undefined,
      step: this.searchable ? step : 0,
    };
  }

  /** A link to a puzzle (see `router.js`): puzzle-sources.js opens it. */
  open(h, warnings, changed) {
    this.sources.open(h, warnings, changed);
  }

  /** Copy, from the board: the puzzle as one line (www/core/input.js). */
  copyFrom(target) {
    if (!target.closest?.('.board')) return null;
    const line = this.shownLine();
    this.views.notice.show('ok', `Puzzle copied as a ${line.length}-character line.`);
    return line;
  }
}
