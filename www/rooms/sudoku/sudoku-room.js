// The Sudoku view: the puzzle on the board and everything done with it (typing, pencil
// marks, the size, examples, paste, undo and redo, hints, new puzzles, Solve and Count in
// the worker, hovering a cell or an item), and the search of the real 729 × 324 matrix
// (or its 4×4, 16×16, 25×25 sizes) drawn on the board, the item panels and the whole
// matrix. It keeps the page's own state of the puzzle (the givens, the puzzle's clues, the
// pencil marks, the undo history, the solver's answer, the hint shown, what the pointer is
// on); the search's state stays in the wasm Trace, and the shell (www/core/shell.js) reads it
// once per movement (a Picture) and hands it here. Logic (hints) and new puzzles come from
// wasm too: the page only draws what they say.

import { Picture } from '../../wasm/picture.js';
import { Cancelled } from '../../wasm/solver.js';
import { readPasted, digitsOf, lineOf, givensCount, emptyLine, sideOfLine } from '../../core/puzzle.js';
import { History } from '../../core/history.js';
import { EXAMPLES, examplesOf } from './examples.js';
import { MARKS_UP_TO, PENCIL_UP_TO } from '../../views/board.js';
import { countProgress, countSpent } from '../../views/result.js';
import { grouped, time } from '../../core/format.js';

const DEFAULT_EXAMPLE = 'poj2';
/** The longest text pasted into a field (the count limit needs 13: "1,000,000,000"). */
const MAX_FIELD_PASTE = 100;

export class SudokuRoom {
  /**
   * `views`: board, items, matrix, notice, result, and the rest the shell shares.
   * `numberingFor(side, alphabet)`: the numbering of a size written in an alphabet
   * ('digits' or 'letters'; the size's usual one when undefined). `shell`: www/core/shell.js.
   */
  constructor({ dlx, numberingFor, player, solver, counts, views, shell, $ }) {
    Object.assign(this, { dlx, numberingFor, player, solver, counts, views, shell, $ });
    /** The grid's size and the puzzle's alphabet: the numbering the board is drawn in. */
    this.numbering = numberingFor(9);
    this.givens = new Uint8Array(this.numbering.cells);
    /** The puzzle's own clues (a digit on the board that is not one was entered while solving). */
    this.clues = new Uint8Array(this.numbering.cells);
    /** Pencil marks: bit d for digit d, per cell (0: none). */
    this.marks = new Uint32Array(this.numbering.cells);
    /** Whether a link must say the alphabet (a 16×16 in 1–9, A–G whose clues are all letters). */
    this.linkAlphabet = false;
    /** How the puzzle was rated when it was made (New puzzle), or null. */
    this.rating = null;
    this.history = new History();
    this.hintShown = null; // {h, key}: the hint on show, for the board it was asked for
    this.searchable = false; // the givens do not clash, so there is a search to watch
    this.answer = null;
    this.hoverOn = { pointer: null, focus: null };
    this.solveJob = 0;
    this.trace = null;
    this.picture = null;
    this.exampleId = '';
    this.noSearchText = 'Fix the clashing givens to watch the search.';
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

  /** The board as the engine reads it without being told the alphabet: in the size's usual one. */
  engineLine() {
    return lineOf(this.givens, this.numberingFor(this.side).symbols);
  }

  // --- the size ---------------------------------------------------------------------------------
  /** The size selector: an empty grid of `side`, an undoable change (Undo brings the puzzle back). */
  setSize(side) {
    if (side === this.side) return;
    const old = `${this.side}×${this.side}`;
    this.shell.setMode('sudoku');
    this.selectExample('');
    this.setPuzzle(emptyLine(side), `An empty ${side}×${side} grid: ${typing(this.numberingFor(side))}, paste a puzzle or pick an example.`, { undoable: true, label: `the ${old} puzzle` });
    this.views.board.focus();
  }

  /** Draws the board and the item panels for a size and an alphabet (if they change). */
  setShape(side, alphabet) {
    const n = this.numberingFor(side, alphabet);
    if (n.side === this.side && n.alphabet === this.numbering.alphabet) return;
    this.numbering = n;
    // A hover names a cell, an item or an option of the old size, whose element is gone: a
    // pointer resting where the new board is would keep it (r9c9 at 4×4) until it moved.
    this.hoverOn = { pointer: null, focus: null };
    this.views.board.reshape(n);
    this.views.items.reshape(n);
    this.shapeShown();
    // Read after every write above: a read between them laid a 25×25 board out twice more (a
    // second each on this machine).
    this.views.items.measure();
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

  /** Everything else on the page that says the size: the selector, the examples, the buttons
   *  that are 9×9 only, the candidates, the help, the whole-matrix view. */
  shapeShown() {
    const { $, numbering: n } = this;
    const side = n.side;
    document.body.dataset.side = String(side);
    $('size').value = String(side);
    this.fillExamples();
    const nine = side === 9;
    for (const id of ['hint', 'new-puzzle', 'level']) {
      const el = $(id);
      el.dataset.title ??= el.title;
      el.disabled = !nine;
      el.title = nine ? el.dataset.title : 'Hints and new puzzles are 9×9 only (the logic solver is 9×9)';
    }
    const pencil = $('pencil');
    pencil.disabled = side > PENCIL_UP_TO;
    if (pencil.disabled && pencil.getAttribute('aria-pressed') === 'true') pencil.click();
    // Candidates: drawn up to 16×16, shown by default where they can be read (4×4, 9×9).
    const marks = $('show-marks');
    marks.disabled = side > MARKS_UP_TO;
    marks.checked = side <= 9;
    this.views.board.setMarksShown(marks.checked);
    const note = $('size-note');
    note.hidden = nine;
    note.textContent = nine ? '' : `${side}×${side} in ${range(n.symbols)}: ${typing(n)}.${side > 9 ? ` ${side > MARKS_UP_TO ? 'Candidates are not drawn at this size (they would be too small to read); a cell\'s label lists them.' : 'Candidates are small at this size: tick "candidates" and zoom the page (Ctrl +) to read them.'} Hint and New puzzle are 9×9 only.` : ''}`;
    this.shell.watchSub();
    this.tellMatrix();
  }

  /** Tells the whole-matrix view the grid's shape: the one call it gets when the size changes. */
  tellMatrix() {
    this.views.matrix.setShape(this.numbering);
    this.$('matrix-area').hidden = !this.shown;
  }

  /** The example picker lists the examples of the size shown. */
  fillExamples() {
    const select = this.$('examples');
    const groups = new Map();
    select.replaceChildren(new Option('Choose a puzzle…', ''));
    for (const e of examplesOf(this.side)) {
      if (!groups.has(e.group)) groups.set(e.group, select.appendChild(Object.assign(document.createElement('optgroup'), { label: e.group })));
      groups.get(e.group).append(new Option(e.name, e.id));
    }
    select.value = examplesOf(this.side).some((e) => e.id === this.exampleId) ? this.exampleId : '';
  }

  // --- the puzzle -----------------------------------------------------------------------------
  edit(cell, digit) {
    if (this.givens[cell] === digit) return;
    const name = this.numbering.cellName(cell);
    this.record({ text: digit ? `${this.numbering.symbol(digit)} in ${name}` : `clearing ${name}` });
    this.givens[cell] = digit;
    this.selectExample('');
    this.puzzleChanged();
  }

  /** Toggles pencil mark `digit` in `cell` (an empty cell). */
  pencil(cell, digit) {
    const name = this.numbering.cellName(cell);
    if (this.givens[cell]) {
      this.views.notice.show('info', `${name} holds a digit: clear it (0 or Delete) to pencil in marks.`);
      return;
    }
    const on = !(this.marks[cell] & (1 << digit));
    this.record({ text: `pencil mark ${digit} ${on ? 'in' : 'out of'} ${name}` });
    this.marks[cell] ^= 1 << digit;
    this.marksChanged();
  }

  marksChanged() {
    this.hideHint();
    this.views.board.setPencil(this.marks);
    this.shell.render(); // the cells' labels say their pencil marks
  }

  /**
   * Shows a new puzzle: its clashes, and a fresh search to watch. `note` says where it came
   * from. With `undoable`, the puzzle it replaces can be brought back (a click on an
   * example, a paste or Clear never loses what was typed): by Undo, and by a button in
   * the notice. `rating`: how New puzzle rated it. `line` has 16, 81, 256 or 625 cells (the
   * size follows it) in `alphabet` ('digits' or 'letters'; by default the board's own at
   * the same size, else the size's usual one).
   */
  setPuzzle(line, note = '', { undoable = false, warnings = [], rating = null, label = 'the puzzle', alphabet } = {}) {
    const side = sideOfLine(line);
    const shape = this.numberingFor(side, alphabet ?? (side === this.side ? this.numbering.alphabet : undefined));
    const before = this.shownLine();
    const changes = before !== line || shape.side !== this.side || shape.alphabet !== this.numbering.alphabet || this.marks.some((m) => m !== 0);
    if (undoable && changes) this.record({ text: label, whole: true });
    this.setShape(shape.side, shape.alphabet);
    this.givens = digitsOf(line, shape.symbols);
    this.clues = digitsOf(line, shape.symbols);
    this.marks = new Uint32Array(shape.cells);
    this.rating = rating;
    this.puzzleChanged(note, warnings);
    if (undoable && changes && givensCount(before) > 0) this.views.notice.action('Undo', () => this.undo());
  }

  // --- undo and redo ------------------------------------------------------------------------------
  /** Everything Undo brings back: the board, the clues, the pencil marks, the rating, the
   *  example chosen and how far the search had got. */
  snapshot() {
    return {
      side: this.side,
      alphabet: this.numbering.alphabet,
      line: this.shownLine(),
      clues: this.shownLine(this.clues),
      marks: this.marks.slice(),
      rating: this.rating,
      example: this.exampleId,
      step: this.trace?.events ?? 0,
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
    if (!entry) {
      this.views.notice.show('info', done === 'Undone' ? 'Nothing to undo.' : 'Nothing to redo.');
      return;
    }
    const { label, state } = entry;
    const step = state.step;
    const note = done === 'Undone' && label.whole
      ? (step ? `The previous puzzle is back, at step ${grouped(step)}.` : 'The previous puzzle is back.')
      : `${done}: ${label.text}.`;
    this.shell.setMode('sudoku');
    const boardChanged = state.side !== this.side || state.alphabet !== this.numbering.alphabet || state.line !== this.shownLine() || state.clues !== this.shownLine(this.clues);
    this.setShape(state.side, state.alphabet);
    this.clues = digitsOf(state.clues, this.numbering.symbols);
    this.marks = state.marks.slice();
    this.rating = state.rating;
    if (boardChanged) {
      this.givens = digitsOf(state.line, this.numbering.symbols);
      this.puzzleChanged(note);
      if (step && this.trace) this.player.seek(step);
    } else {
      this.marksChanged();
      this.views.notice.show('info', note);
    }
    this.selectExample(state.example);
    this.updateUndo();
  }

  updateUndo() {
    this.$('undo').disabled = !this.history.canUndo;
    this.$('redo').disabled = !this.history.canRedo;
  }

  // --- new puzzles and hints ----------------------------------------------------------------------
  /** A new puzzle at the level chosen, made in the worker (Cancel stops it). */
  async newPuzzle() {
    if (this.side !== 9) return; // the button is off: the generator's levels are 9×9's
    const level = this.$('level').value;
    this.cancelSolver();
    const job = this.solveJob;
    const seed = randomSeed();
    const { result } = this.views;
    const slow = setTimeout(() => job === this.solveJob && result.busy(`Making a new ${level} puzzle…${level === 'extreme' ? ' (extreme ones can take a few seconds)' : ''}`), 150);
    try {
      const g = await this.solver.generate(level, seed);
      if (job !== this.solveJob) return;
      const givens = givensCount(g.line);
      this.shell.setMode('sudoku');
      this.selectExample('');
      this.setPuzzle(g.line, `New ${g.level} puzzle: ${givens} givens, exactly one solution (made in ${time(g.ms)}). Hint shows the next step.`, {
        undoable: true,
        rating: { ...g, givens },
        label: `the new ${g.level} puzzle`,
      });
      this.views.board.focus();
    } catch (e) {
      if (job === this.solveJob) this.showSolverError(e);
    } finally {
      clearTimeout(slow);
    }
  }

  /** The rating of the puzzle New puzzle made, while it is still that puzzle: digits typed
   * into its empty cells keep it; a clue cleared or changed makes another puzzle. */
  showRating() {
    const el = this.$('rating');
    const r = this.rating && this.clues.every((d, c) => !d || this.givens[c] === d) ? this.rating : null;
    el.replaceChildren();
    el.hidden = !r;
    if (!r) return;
    const effort = r.effort === undefined ? '' : `, search effort ${r.effort.toFixed(0)} nodes`;
    el.append('Level ', Object.assign(document.createElement('strong'), { textContent: r.level }),
      ` · hardest step: ${r.logic}${effort} · ${r.givens} givens · seed ${r.seed}`);
    el.title = `dlx-sudoku generate --count 1 --difficulty ${r.level} --seed ${r.seed} makes the same puzzle`;
  }

  /** What identifies the board a hint was asked for: its digits and pencil marks. */
  boardKey() {
    return `${this.shownLine()}|${this.marks.join(',')}`;
  }

  /** First press: the next logical step (found in the worker, as it checks the board with a
   *  search), shown and not taken. Second press (board unchanged): taken. */
  async hint() {
    this.shell.setMode('sudoku');
    if (this.hintShown?.h.kind === 'step' && this.hintShown.key === this.boardKey()) {
      this.takeHint();
      return;
    }
    if (this.side !== 9) {
      this.views.notice.show('info', 'Hints are 9×9 only: the logic solver knows 9×9 Sudoku.');
      return;
    }
    if (this.refuseIfClashing()) return;
    this.cancelSolver();
    const job = this.solveJob;
    const key = this.boardKey();
    const { result } = this.views;
    const slow = setTimeout(() => job === this.solveJob && result.busy('Looking for a hint…'), 150);
    try {
      const h = await this.solver.hint(lineOf(this.givens), Uint16Array.from(this.marks));
      if (job !== this.solveJob || key !== this.boardKey()) return;
      if (result.root.dataset.kind === 'busy') result.clear();
      this.clearAnswer();
      this.hintShown = { h, key };
      this.views.board.setHint(h);
      this.showHintPanel(h);
    } catch (e) {
      if (job === this.solveJob) this.showSolverError(e);
    } finally {
      clearTimeout(slow);
    }
  }

  showHintPanel(h) {
    const panel = this.$('hint-panel');
    panel.dataset.kind = h.kind;
    const p = (text, cls = '') => Object.assign(document.createElement('p'), { textContent: text, className: cls });
    const button = (text, run, id) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text, id });
      b.addEventListener('click', run);
      return b;
    };
    const parts = [];
    const actions = document.createElement('div');
    actions.className = 'hint-actions';
    if (h.kind === 'step') {
      parts.push(Object.assign(document.createElement('p'), { className: 'hint-title' }));
      parts[0].append(Object.assign(document.createElement('strong'), { textContent: h.technique }), h.place ? ' (places a digit)' : ` (removes ${h.remove.length} candidate${h.remove.length === 1 ? '' : 's'})`);
      parts.push(p(h.why, 'hint-why'));
      actions.append(button(h.place ? 'Place it' : 'Remove them', () => this.hint(), 'hint-take'));
    } else {
      parts.push(p(h.why, 'hint-why'));
      if (h.kind === 'stuck') actions.append(button('Show the search from here', () => this.searchFromHere(), 'hint-search'));
    }
    actions.append(button('Close', () => this.hideHint(), 'hint-close'));
    panel.replaceChildren(...parts, actions);
    panel.hidden = false;
    const calm = matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
  }

  hideHint() {
    if (!this.hintShown) return;
    this.hintShown = null;
    this.views.board.setHint(null);
    this.$('hint-panel').hidden = true;
  }

  /** The second press: the hint's digit goes on the board, or its candidates come off the
   *  pencil marks (a cell without marks gets every candidate that fits but those). */
  takeHint() {
    const { h } = this.hintShown;
    this.record({ text: `the hint (${h.technique})` });
    const line = lineOf(this.givens);
    const fits = h.remove.length ? this.dlx.candidates(line) : null;
    for (const [c, d] of h.remove) {
      if (!this.marks[c]) this.marks[c] = fits[c];
      this.marks[c] &= ~(1 << d);
    }
    if (h.place) {
      this.givens[h.place[0]] = h.place[1];
      this.selectExample('');
      this.puzzleChanged(`Taken: ${h.why}`);
    } else {
      this.marksChanged();
      this.views.notice.show('ok', `Taken: ${h.why}`);
    }
    this.hideHint();
  }

  /** Logic is stuck: the search from the board as it is, run to its first choice. */
  searchFromHere() {
    this.clearAnswer();
    this.shell.restart();
    this.player.nextChoice();
    this.$('watch-title').scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    this.views.notice.show('info', 'Logic was stuck, so the search takes over from this board: it picks the item with the fewest options left and tries each in turn. Step on with → or Play.');
  }

  /** `warnings`: lines shown first (what was wrong with a link), the notice then a warning at least. */
  puzzleChanged(note = '', warnings = []) {
    const { board, notice, result } = this.views;
    this.cancelSolver();
    this.clearAnswer();
    result.clear();
    const line = this.shownLine();
    const { clashes, stuck } = this.dlx.checkGivens(line, this.numbering.alphabet);
    this.linkAlphabet = this.alphabetRead(line) !== this.numbering.alphabet;
    this.hideHint();
    board.setGivens(this.givens, new Set(clashes.flatMap((c) => [c.cell, c.other])), this.clues);
    board.setPencil(this.marks);
    this.showRating();
    const lines = [...warnings, note];
    this.searchable = clashes.length === 0;
    if (!this.searchable) {
      lines.push('These givens clash, so there is no solution and no search to watch:', ...clashes.slice(0, 6).map((c) => c.message));
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
    this.$('items').classList.toggle('off', !this.searchable);
    this.$('items-off').hidden = this.searchable;
    this.shell.render();
    this.shell.router?.write(true);
  }

  /** A fresh search of `line` (null: none, the givens clash). */
  loadSudoku(line) {
    this.trace?.free();
    this.trace = line ? new this.dlx.Trace(line) : null;
    this.picture = this.trace && new Picture(this.trace);
    this.views.plain?.load(line, this.numbering);
    if (this.shown) this.shell.attach();
  }

  restart() {
    if (this.searchable) this.loadSudoku(this.engineLine());
  }

  /** Loads the example with id `id`. */
  example(id) {
    const e = EXAMPLES.find((x) => x.id === id);
    if (!e) return;
    this.shell.setMode('sudoku');
    this.setPuzzle(e.line, `Example: ${e.name}.${e.note ? ` ${e.note}` : ''}`, { undoable: true, label: `the example ${e.name}`, alphabet: this.alphabetRead(e.line) });
    this.selectExample(id);
  }

  /** The example shown in the menu ('' for none): the puzzle on the board is that example. */
  selectExample(id) {
    this.exampleId = id;
    this.$('examples').value = id;
  }

  clear() {
    const empty = givensCount(this.shownLine()) === 0;
    this.setPuzzle(emptyLine(this.side), empty ? '' : 'Cleared. Paste or pick an example, or type a puzzle.', { undoable: true, label: 'Clear' });
    this.selectExample('');
    this.views.board.focus();
  }

  paste(text) {
    try {
      const { line, note, alphabet } = readPasted(text, this.dlx.parse);
      this.shell.setMode('sudoku');
      this.selectExample('');
      this.setPuzzle(line, `Pasted: ${note}.`, { undoable: true, label: 'the paste', alphabet });
    } catch (err) {
      this.views.notice.show('error', `Paste not loaded: ${err.message}.`, 'The board is unchanged.');
    }
  }

  /**
   * A paste (or, `verb` 'dropped', a drop) into a text field: true to let the browser take
   * it. Far too long a text is refused, since the browser's own paste into a number field
   * takes time that grows with the square of the length (300,000 characters: 5 s; 10 MB:
   * the page hangs for hours), and so does its drop.
   */
  pasteIntoField(field, text, verb = 'pasted') {
    if (text.length <= MAX_FIELD_PASTE) return true;
    const name = field.dataset.name || field.getAttribute('aria-label') || 'This field';
    this.views.result.message('error', `${name}: not ${verb}, ${grouped(text.length)} characters is far too long (at most ${MAX_FIELD_PASTE}). The field is unchanged.`);
    return false;
  }

  // --- solving in the worker --------------------------------------------------------------------
  clearAnswer() {
    if (!this.answer) return;
    this.answer = null;
    document.body.classList.remove('answer-shown');
    this.views.board.setAnswer(null);
    const kind = this.views.result.root.dataset.kind;
    if (kind === 'unique' || kind === 'multiple') this.views.result.clear();
  }

  cancelSolver() {
    this.solveJob++;
    if (this.solver.busy) this.solver.cancel();
    this.counts.cancel();
  }

  refuseIfClashing() {
    if (this.searchable) return false;
    this.views.result.message('error', 'Fix the clashing givens first (marked in red).');
    return true;
  }

  async solve() {
    if (this.refuseIfClashing()) return;
    this.cancelSolver();
    const { board, result } = this.views;
    const job = this.solveJob;
    const slow = setTimeout(() => job === this.solveJob && result.busy('Solving…'), 150);
    try {
      const v = await this.solver.verdict(this.engineLine());
      if (job !== this.solveJob) return;
      const read = (line) => digitsOf(line, this.numberingFor(this.side).symbols);
      this.player.stop();
      if (v.kind === 'none') {
        this.clearAnswer();
        result.message('none', `No solution: the search tried every branch (${time(v.ms)}).`);
      } else if (v.kind === 'unique') {
        this.answer = read(v.solutions[0]);
        document.body.classList.add('answer-shown');
        board.setAnswer(this.answer);
        result.message('unique', `Unique solution, shown in green (${time(v.ms)}). Edit a cell or step the search to go back to the puzzle.`);
      } else {
        const [a, b] = v.solutions.map(read);
        const diff = result.multiple(this.givens, a, b, v.ms, this.numbering);
        this.answer = a;
        document.body.classList.add('answer-shown');
        board.setAnswer(a, diff);
      }
      this.shell.render();
    } catch (e) {
      if (job === this.solveJob) this.showSolverError(e);
    } finally {
      clearTimeout(slow);
    }
  }

  async count() {
    if (this.refuseIfClashing()) return;
    const { result } = this.views;
    const input = this.$('count-limit');
    const limit = Number(input.value);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1e9) {
      result.message('error', 'Count up to: a whole number from 1 to 1,000,000,000.');
      input.focus();
      return;
    }
    this.cancelSolver();
    const job = this.solveJob;
    result.busy('Counting…', { bar: true });
    try {
      const r = await this.counts.sudokuCount(this.engineLine(), limit, (p) => {
        if (job === this.solveJob) result.progress(countProgress(p), p.done);
      });
      if (job !== this.solveJob) return;
      const n = grouped(r.count);
      const what = r.count === 1 ? 'solution' : 'solutions';
      // No solution is no good news: not in the green of a count.
      result.message(r.count === 0 && r.complete ? 'none' : 'count', r.complete
        ? `${n} ${what}: the whole search tree was explored ${countSpent(r)}.`
        : `At least ${n} ${what}: stopped at the limit (${time(r.ms)}).`);
    } catch (e) {
      if (job === this.solveJob) this.showSolverError(e);
    }
  }

  showSolverError(e) {
    if (e instanceof Cancelled) this.views.result.message('info', 'Cancelled. The solver was stopped and is ready again.');
    else this.views.result.message('error', `The solver failed: ${e.message}`);
  }

  // --- hover: one cell's or one item's options and items light up everywhere -----------------
  hover(source, spec) {
    this.hoverOn[source] = spec;
    this.highlight();
  }

  highlight() {
    const { board, items } = this.views;
    // A hidden whole-matrix view (a size it does not draw yet) is left alone.
    const matrix = this.views.matrix;
    const n = this.numbering;
    const h = this.hoverOn.pointer ?? this.hoverOn.focus;
    if (!h || !this.shown) {
      board.setHighlight();
      items.setHighlight();
      matrix.setHighlight();
      return;
    }
    if (h.cell !== undefined) {
      const cell = h.cell;
      const shown = h.digit || this.givens[cell] || board.placed[cell] || (this.answer ? this.answer[cell] : 0);
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

  // --- the shell's calls -------------------------------------------------------------------------
  /** Its parts of the page around the tabs: the item panels and the whole matrix. */
  show(on) {
    this.$('items-area').hidden = !on;
    this.$('matrix-area').hidden = !on;
    if (this.views.plain) this.views.plain.root.hidden = !on;
  }

  enter() {}

  maxDepth() {
    return Math.max(1, this.givens.filter((d) => d === 0).length);
  }

  /** The search drawn on the board, the item panels and the whole matrix. */
  render(pic, paused) {
    const { board, items, matrix } = this.views;
    if (pic) {
      board.render(pic, !paused);
      items.render(pic);
    }
    matrix.render(pic ? this.trace : null, paused);
    this.views.plain?.render(this.trace);
  }

  /** What the narration says, paused, while the board shows the solver's answer. */
  pausedText(pic) {
    return this.answer ? `The board shows the solver's answer. The search is paused at step ${grouped(pic.events)}: step or play to go back to it.` : '';
  }

  /** Paused: the cells' and the items' labels say what the search has done to them. */
  paused(pic) {
    this.views.board.refreshLabels(pic, this.searchable);
    if (pic) this.views.items.refreshLabels();
  }

  /** The address bar: the puzzle, and the step where the givens leave a search to watch. */
  link(step) {
    return {
      mode: 'sudoku',
      puzzle: this.shownLine(),
      alphabet: this.linkAlphabet ? this.numbering.alphabet : undefined,
      step: this.searchable ? step : 0,
    };
  }

  /** The alphabet a line reads as when nobody says which (wasm's `parse`); null if it does not read. */
  alphabetRead(line) {
    try {
      return this.dlx.parse(line).alphabet;
    } catch {
      return null;
    }
  }

  /**
   * A link's puzzle, checked: `{alphabet}`, or throws naming the cell (wasm's messages).
   * Checked as a line of cells first: `parse` would read 16 characters with a letter as a
   * POJ 3076 row ("puzzle 1 stops after 1 rows") where the link means a 4×4.
   */
  readLink(line, alphabet) {
    this.dlx.checkGivens(line, alphabet); // a symbol outside the alphabet throws; clashes are shown later
    return { alphabet: alphabet ?? this.dlx.parse(line).alphabet };
  }

  /**
   * A link to a puzzle (see `router.js`), on load (`changed` false), or when the hash changes
   * under the page (`changed`: typed in the address bar, Back, a link). A change never loses
   * the puzzle on the board: a link without a usable puzzle leaves it as it is, and one with
   * a puzzle can be undone. `warnings`: what was wrong with the link.
   */
  open(h, warnings, changed) {
    this.shell.setMode('sudoku', false);
    let read = null;
    if (h.puzzle) {
      try {
        read = this.readLink(h.puzzle, h.alphabet);
      } catch (e) {
        warnings.push(`The link's puzzle does not read: ${e.message}; ignored.`);
      }
    }
    // A link to an example's puzzle shows it as that example, with its note (it said "Choose a puzzle…").
    const example = read && EXAMPLES.find((e) => e.line === h.puzzle && this.alphabetRead(e.line) === read.alphabet);
    if (example) {
      this.setPuzzle(h.puzzle, `Example: ${example.name}.${example.note ? ` ${example.note}` : ''}`, { undoable: changed, warnings, label: 'the link', alphabet: read.alphabet });
      this.selectExample(example.id);
    } else if (read) {
      this.setPuzzle(h.puzzle, 'Puzzle from the link.', { undoable: changed, warnings, label: 'the link', alphabet: read.alphabet });
    } else if (!changed) {
      const ex = EXAMPLES.find((e) => e.id === DEFAULT_EXAMPLE);
      this.setPuzzle(ex.line, `Example: ${ex.name}. Type over it, pick another, or paste your own.`, { warnings });
      this.selectExample(ex.id);
    } else if (warnings.length) {
      this.views.notice.show('warn', ...warnings, 'The puzzle on the board is unchanged.');
    }
    if (h.step > 0 && this.trace) {
      this.clearAnswer();
      this.shell.seekLink(h.step);
    }
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

/** A random seed for New puzzle: a whole number below 2^53, as the command line's --seed takes. */
function randomSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0x1fffff) * 2 ** 32 + lo;
}
