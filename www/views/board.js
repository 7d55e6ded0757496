// The board of any size (4×4, 9×9, 16×16, 25×25): givens (typed or pasted), the solver's
// answer, and the search as it runs: digits placed by the search, and in each empty cell
// its candidates (its live options) as small marks in an n×n grid that vanish when a cover
// hides them (not drawn at 25×25, where they could not be read). That is the board watched;
// the board played (`setPlaying`) shows the player's own pencil marks instead (up to 16×16)
// and nothing of the search: its candidates, digits and items stay in the picture, undrawn.
// A hint lights up its cells and candidates in both. An ARIA grid with one tab stop; arrows move, the puzzle's symbols
// set (digits, or letters in either case), 0 / Delete / Backspace clear; Shift or Alt with
// a digit key, Alt with a letter key (or a symbol alone in pencil mode) toggles a pencil
// mark, and so does a click on the
// mark's place in pencil mode (with a mouse or a pen: a finger's tap only selects, as the pad
// under the board enters its notes). The selected cell lights up its row, column and box and
// the other cells that show its digit, each where the room turns it on. Symbols and sizes
// come from the numbering's tables.

import { OptionState } from '../pkg/dlx_sudoku.js';

/** Candidates are drawn up to this side (at 25×25 they would be 5 px). */
export const MARKS_UP_TO = 16;
/** The player's notes (pencil marks) are kept up to this side: at 25×25 a cell's 25 would be
 *  too small to read (a cell of 14–28 px). */
export const PENCIL_UP_TO = 16;

export class BoardView {
  /**
   * `onEdit(cell, digit)` when a given is typed or cleared; `onPencil(cell, digit)` when a
   * pencil mark is toggled; `onErase(cell)` for Delete and 0 (by default `onEdit(cell, 0)`);
   * `onHover(cell | null)` when the pointer or the focus lights up a cell; `onSelect(cell)`
   * when a cell is selected (a click, a tap, the keyboard).
   */
  constructor(root, numbering, { onEdit, onPencil, onHover, onErase = (cell) => onEdit(cell, 0), onSelect = () => {} }) {
    this.root = root;
    this.numbering = numbering;
    this.onEdit = onEdit;
    this.onPencil = onPencil;
    this.onErase = onErase;
    this.onSelect = onSelect;
    this.onHover = onHover;
    this.pencilMode = false;
    /** Played (the player's notes, nothing of the search) or watched (the search's candidates). */
    this.playing = false;
    this.advance = true;
    /** What the selected cell lights up: its row, column and box (`peers`), its digit elsewhere (`same`). */
    this.lights = { peers: false, same: false };
    this.lit = [];
    this.listen();
    this.reshape(numbering);
    // Out of view while the search plays (the page scrolled down to the tree), the board
    // writes nothing: its ~120 restyled marks and digits a frame cost style and layout for
    // no one. Back in view, it draws the whole moment at once.
    this.inView = true;
    this.stale = false;
    new IntersectionObserver(([entry]) => {
      this.inView = entry.isIntersecting;
      if (this.inView && this.stale && this.pic) this.render(this.pic);
    }).observe(root);
  }

  /** Builds the board for a numbering (a side and an alphabet): an empty grid of that size. */
  reshape(numbering) {
    this.numbering = numbering;
    const side = (this.side = numbering.side);
    const cells = (this.cellCount = numbering.cells);
    this.hinted = [];
    this.cursor = 0;
    this.givens = new Uint8Array(cells);
    this.clues = this.givens;
    this.clashing = new Set();
    this.wrong = new Set();
    this.answer = null;
    this.diff = new Set();
    this.placed = new Uint8Array(cells);
    this.shown = new Uint16Array(cells).fill(0xffff); // what each cell's big digit shows (kind*32 + digit)
    this.highlighted = [];
    this.selected = null; // the cell chosen by a click, a tap or the keyboard (null: none yet)
    this.lit = [];
    this.litNotes = [];
    this.pencilMarks = null;
    this.itemMarked = [];
    this.itemsKey = '';
    this.pic = null; // the last picture rendered or left for later (another board's, after this)
    this.stale = false;
    this.build();
    this.root.setAttribute('aria-label', `Sudoku, ${side} by ${side}`);
  }

  build() {
    const root = this.root;
    const { side, order, symbols } = this.numbering;
    const cells = side * side;
    const drawMarks = side <= MARKS_UP_TO;
    root.setAttribute('role', 'grid');
    root.classList.add('board');
    root.classList.toggle('marks-off', !drawMarks);
    root.style.setProperty('--side', side);
    root.style.setProperty('--order', order);
    root.replaceChildren();
    this.cells = [];
    this.digits = [];
    this.placedDigits = [];
    this.marks = new Array(cells * side);
    const mark = document.createElement('span');
    mark.className = 'm';
    for (let r = 0; r < side; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      for (let c = 0; c < side; c++) {
        const cell = r * side + c;
        const el = document.createElement('div');
        el.setAttribute('role', 'gridcell');
        // The right and bottom edges of boxes and of the board, for the thick lines.
        const edge = (k) => (k === side - 1 ? 'last' : k % order === order - 1 ? 'box' : '');
        el.className = `cell r${r} c${c}${edge(c) && ` ${edge(c)}-c`}${edge(r) && ` ${edge(r)}-r`}`;
        el.tabIndex = cell === 0 ? 0 : -1;
        el.dataset.cell = cell;
        const digit = document.createElement('span');
        digit.className = 'digit';
        digit.append(document.createTextNode(''));
        // The search's digits, all laid out once and shown one at a time: placing and
        // taking back a digit at top speed then only repaints, it never lays out again.
        const placed = document.createElement('span');
        placed.className = 'placed';
        placed.setAttribute('aria-hidden', 'true');
        for (let d = 1; d <= side; d++) placed.append(Object.assign(document.createElement('span'), { textContent: symbols[d - 1] }));
        el.append(digit, placed);
        if (drawMarks) {
          const marks = document.createElement('span');
          marks.className = 'marks';
          marks.setAttribute('aria-hidden', 'true');
          for (let d = 1; d <= side; d++) {
            const m = mark.cloneNode();
            m.dataset.d = d;
            m.textContent = symbols[d - 1];
            marks.append(m);
            this.marks[cell * side + d - 1] = m;
          }
          el.append(marks);
        }
        row.append(el);
        this.cells.push(el);
        this.digits.push(digit);
        this.placedDigits.push(placed.children);
      }
      root.append(row);
    }
    /** The candidate mark of each option (none at sizes whose marks are not drawn). */
    this.markOf = drawMarks
      ? Array.from({ length: this.numbering.options }, (_, o) => {
        const p = this.numbering.placement(o);
        return this.marks[p.cell * side + p.digit - 1];
      })
      : [];
  }

  listen() {
    const root = this.root;
    root.addEventListener('keydown', (e) => this.key(e));
    root.addEventListener('pointerdown', (e) => {
      const el = e.target.closest('.cell');
      this.typed = false;
      if (!el) return;
      const cell = Number(el.dataset.cell);
      this.moveTo(cell);
      if (this.pencilMode && this.side <= PENCIL_UP_TO && e.pointerType !== 'touch') {
        // The mark's place in the cell's n×n grid of marks says which digit.
        const n = this.numbering.order;
        const r = el.getBoundingClientRect();
        const col = Math.min(n - 1, Math.floor(((e.clientX - r.left) / r.width) * n));
        const row = Math.min(n - 1, Math.floor(((e.clientY - r.top) / r.height) * n));
        this.onPencil(cell, row * n + col + 1);
      }
    });
    // On a candidate: that one option (a digit in the cell) and its 4 items; elsewhere in the
    // cell: all its options. The marks take no pointer events (a click in pencil mode falls
    // through them to the cell): the pointer's place in the cell's n×n grid of marks says which.
    let pointed = '';
    root.addEventListener('pointermove', (e) => {
      const el = e.target.closest('.cell');
      if (!el) return;
      const cell = Number(el.dataset.cell);
      const digit = this.candidateAt(el, e.clientX, e.clientY);
      const key = `${cell} ${digit}`;
      if (key === pointed) return;
      pointed = key;
      this.onHover(cell, 'pointer', digit);
    });
    root.addEventListener('pointerleave', () => {
      pointed = '';
      this.onHover(null, 'pointer');
    });
    root.addEventListener('focusin', (e) => {
      const el = e.target.closest('.cell');
      if (!el) return;
      this.select(Number(el.dataset.cell));
      this.onHover(Number(el.dataset.cell), 'focus');
    });
    root.addEventListener('focusout', (e) => {
      if (!root.contains(e.relatedTarget)) this.onHover(null, 'focus');
    });
  }

  /** The candidate drawn at a point of cell element `el`, or 0 (a filled cell, marks not shown, or between marks). */
  candidateAt(el, x, y) {
    const cell = Number(el.dataset.cell);
    const root = this.root;
    if (!this.markOf.length || el.dataset.kind !== 'empty' || root.classList.contains('no-marks') || root.classList.contains('no-search')) return 0;
    const n = this.numbering.order;
    const r = el.getBoundingClientRect();
    const col = Math.floor(((x - r.left) / r.width) * n);
    const row = Math.floor(((y - r.top) / r.height) * n);
    if (col < 0 || row < 0 || col >= n || row >= n) return 0;
    const d = row * n + col + 1;
    const m = this.marks[cell * this.side + d - 1];
    // Only on a mark that is drawn: a candidate of the search watched, a pencil mark played.
    if (this.playing ? !m.classList.contains('pm') : !m.dataset.s) return 0;
    const b = m.getBoundingClientRect();
    return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom ? d : 0;
  }

  // --- input -------------------------------------------------------------------------------
  key(e) {
    // Backspace right after a digit that moved the cursor on erases that digit, as in a text field.
    const typed = this.typed;
    this.typed = false;
    const mark = this.markKey(e);
    if (mark) {
      this.onPencil(this.cursor, mark);
      e.preventDefault();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) {
      if (e.ctrlKey && (e.key === 'Home' || e.key === 'End')) {
        this.moveTo(e.key === 'Home' ? 0 : this.cellCount - 1);
        e.preventDefault();
      }
      return;
    }
    const c = this.cursor;
    const side = this.side, last = this.cellCount - 1;
    const r = Math.floor(c / side), col = c % side;
    let handled = true;
    switch (e.key) {
      case 'ArrowUp': if (!e.shiftKey) this.moveTo(r > 0 ? c - side : c); else handled = false; break;
      case 'ArrowDown': if (!e.shiftKey) this.moveTo(r < side - 1 ? c + side : c); else handled = false; break;
      case 'ArrowLeft': if (!e.shiftKey) this.moveTo(col > 0 ? c - 1 : c); else handled = false; break;
      case 'ArrowRight': if (!e.shiftKey) this.moveTo(col < side - 1 ? c + 1 : c); else handled = false; break;
      case 'Home': this.moveTo(r * side); break;
      case 'End': this.moveTo(r * side + side - 1); break;
      case 'Delete': this.onErase(c); break;
      case 'Backspace':
        if (c > 0 && (typed || !this.givens[c])) {
          // erase the cell before: the digit just typed, or (from an empty cell) the one behind
          this.moveTo(c - 1);
          this.onEdit(c - 1, 0);
        } else this.onEdit(c, 0);
        break;
      case '.':
        this.onEdit(c, 0);
        if (c < last) this.moveTo(c + 1);
        break;
      default: {
        // A symbol of the puzzle's alphabet (a letter in either case).
        const d = e.key.length === 1 ? this.numbering.symbols.indexOf(e.key.toUpperCase()) + 1 : 0;
        if (d === 0 && e.key === '0') this.onErase(c); // a blank, except where 0 is a digit (0–F)
        else if (d > 0) {
          this.onEdit(c, d);
          if (this.advance && c < last) {
            this.moveTo(c + 1);
            this.typed = true;
          }
        } else handled = false;
      }
    }
    if (handled) e.preventDefault();
  }

  /**
   * The pencil mark a key toggles (0: none): Shift or Alt and a digit key (by the key's place:
   * Shift+1 types "!"), Alt and a letter key (Shift and a letter types a capital: a digit at
   * 16×16), or in pencil mode a symbol of the alphabet alone.
   */
  markKey(e) {
    if (this.side > PENCIL_UP_TO || e.ctrlKey || e.metaKey) return 0;
    const digit = /^(?:Digit|Numpad)(\d)$/.exec(e.code)?.[1];
    const ch = digit ?? /^Key([A-Z])$/.exec(e.code)?.[1];
    const d = ch ? this.numbering.symbols.indexOf(ch) + 1 : 0;
    if (!d) return 0;
    if (e.altKey || (digit && e.shiftKey)) return d;
    return this.pencilMode && !e.shiftKey && e.key.toUpperCase() === ch ? d : 0;
  }

  moveTo(cell) {
    if (cell !== this.cursor) {
      this.cells[this.cursor].tabIndex = -1;
      this.cursor = cell;
      this.cells[cell].tabIndex = 0;
    }
    this.select(cell);
    this.cells[cell].focus({ preventScroll: false });
  }

  /** `opts`: focus()'s (`{preventScroll: true}` from the pad: a tap there scrolls nothing). */
  focus(opts) {
    this.cells[this.cursor].focus(opts);
  }

  // --- the selected cell's lights -------------------------------------------------------------
  select(cell) {
    this.onSelect(cell);
    if (this.selected === cell) return;
    this.selected = cell;
    this.drawLights();
  }

  /** Which lights the selected cell turns on: `{peers, same}`, each true or false. */
  setLights(lights) {
    this.lights = { ...this.lights, ...lights };
    this.drawLights();
  }

  /**
   * Marks the selected cell (`sel`), the cells of its row, column and box (`peer`: read from
   * the numbering's items, the cell's row, column and box items of its digit 1), and the other
   * cells that show its digit (`same`). Only the classes that change are touched: a placed
   * digit of the search changes the same-digit cells in many frames.
   */
  drawLights() {
    const want = new Map();
    const notes = [];
    const c = this.selected;
    if (c !== null) {
      const n = this.numbering;
      if (this.lights.peers) {
        for (const i of n.itemsOf(n.option(c, 1))) {
          if (n.kindOf(i) === 'cell') continue;
          for (const o of n.optionsOf(i)) want.set(n.placement(o).cell, 'peer');
        }
      }
      const digit = this.shown[c] >> 5 ? this.shown[c] & 31 : 0;
      if (this.lights.same && digit) {
        for (let k = 0; k < this.cellCount; k++) if (this.shown[k] >> 5 && (this.shown[k] & 31) === digit) want.set(k, 'same');
        // The same digit among the player's notes: its mark ringed in every cell that has it.
        if (this.pencilMarks && this.side <= PENCIL_UP_TO) {
          for (let k = 0; k < this.cellCount; k++) if (this.pencilMarks[k] & (1 << digit)) notes.push(this.marks[k * this.side + digit - 1]);
        }
      }
      want.set(c, 'sel');
    }
    const now = [];
    for (const [k, cls] of this.lit) {
      if (want.get(k) !== cls) this.cells[k].classList.remove(cls);
    }
    const had = new Map(this.lit);
    for (const [k, cls] of want) {
      if (had.get(k) !== cls) this.cells[k].classList.add(cls);
      now.push([k, cls]);
    }
    this.lit = now;
    for (const m of this.litNotes ?? []) if (!notes.includes(m)) m.classList.remove('same-note');
    for (const m of notes) m.classList.add('same-note');
    this.litNotes = notes;
  }

  // --- what to show -----------------------------------------------------------------------------
  /** The givens, the cells whose givens clash, and the puzzle's own clues (a digit not among
   *  them was entered while solving, and is drawn so). */
  setGivens(digits, clashing, clues = digits) {
    this.givens.set(digits);
    this.clues = clues;
    this.clashing = clashing;
    for (let c = 0; c < this.cellCount; c++) {
      this.cells[c].classList.toggle('clash', clashing.has(c));
      this.cells[c].classList.toggle('entered', digits[c] !== 0 && clues[c] !== digits[c]);
    }
    this.refreshDigits();
  }

  /** The entries Check (or "show mistakes") found wrong: drawn struck, and said in their labels. */
  setWrong(cells) {
    for (const c of this.wrong) this.cells[c]?.classList.remove('wrong');
    this.wrong = new Set(cells);
    for (const c of this.wrong) this.cells[c].classList.add('wrong');
  }

  /** The user's pencil marks: `marks[cell]` has bit `d` for digit `d` (0: none in that cell). */
  setPencil(marks) {
    this.pencilMarks = Uint32Array.from(marks);
    for (let c = 0; c < this.cellCount; c++) {
      this.cells[c].classList.toggle('pencilled', marks[c] !== 0);
      if (this.side > PENCIL_UP_TO) continue;
      // How many: what a cell too small for its notes shows (a 16×16 on a phone, style.css).
      let n = 0;
      for (let m = marks[c]; m; m &= m - 1) n++;
      if (n) this.cells[c].dataset.notes = n;
      else delete this.cells[c].dataset.notes;
      for (let d = 1; d <= this.side; d++) this.marks[c * this.side + d - 1].classList.toggle('pm', (marks[c] & (1 << d)) !== 0);
    }
    this.drawLights(); // the notes of the selected cell's digit
  }

  /** Lights up a hint (null: none): its cells, the digits of its pattern in them, the digit it
   *  places and the candidates it removes. */
  setHint(h) {
    for (const [el, cls] of this.hinted) el.classList.remove(cls);
    this.hinted = [];
    if (!h) return;
    const add = (el, cls) => {
      el.classList.add(cls);
      this.hinted.push([el, cls]);
    };
    const mark = (cell, d) => {
      add(this.cells[cell], 'hint-on');
      return this.marks[cell * this.side + d - 1];
    };
    for (const c of h.cells ?? []) {
      add(this.cells[c], 'hint-cell');
      for (const d of h.digits ?? []) add(mark(c, d), 'hint-keep');
    }
    for (const [c, d] of h.remove ?? []) add(mark(c, d), 'hint-remove');
    if (h.place) add(mark(h.place[0], h.place[1]), 'hint-place');
    if (h.kind === 'markedOut') add(this.cells[h.cell], 'hint-cell');
  }

  /** The solver's answer shown over the board (null: none), and the cells that differ between two solutions. */
  setAnswer(digits, diff = new Set()) {
    this.answer = digits;
    this.diff = diff;
    this.root.classList.toggle('has-answer', !!digits);
    for (let c = 0; c < this.cellCount; c++) this.cells[c].classList.toggle('diff', diff.has(c));
    this.refreshDigits();
  }

  /** Whether the search's state (placed digits, candidates) is shown. */
  setSearchShown(on) {
    this.root.classList.toggle('no-search', !on);
    if (!on) {
      this.pic = null;
      this.stale = false;
      this.placed.fill(0);
      for (const [el, cls] of this.itemMarked ?? []) el.classList.remove(cls);
      this.itemMarked = [];
      this.itemsKey = '';
      delete this.root.dataset.item;
    }
    this.refreshDigits();
  }

  /** Whether the candidates are drawn (not at 16×16, where they are too small to read). */
  setMarksShown(on) {
    this.root.classList.toggle('no-marks', !on);
  }

  /**
   * Played (true: the player's notes, none of the search's candidates, digits or items) or
   * watched (false: the search as it stands, its candidates in every empty cell).
   */
  setPlaying(on) {
    if (on === this.playing) return;
    this.playing = on;
    this.root.classList.toggle('playing', on);
    this.itemsKey = null; // the search's items framed again, or taken off
    if (this.pic) this.markItems(this.pic);
    this.refreshDigits();
  }

  /**
   * Draws what changed in the search since the last picture (`pic`: a Picture just read).
   * `playing`: the search moves on by itself, so an unseen board may wait until it is seen.
   */
  render(pic, playing = false) {
    this.pic = pic;
    if (playing && !this.inView) {
      this.stale = true;
      return;
    }
    const all = pic.all || this.stale;
    this.stale = false;
    if (all) {
      for (let o = 0; o < this.markOf.length; o++) this.renderMark(pic, o);
    } else if (this.markOf.length) {
      for (const o of pic.changedOptions) this.renderMark(pic, o);
    }
    const placed = new Uint8Array(this.cellCount);
    for (const o of pic.solution) {
      const { cell, digit } = this.numbering.placement(o);
      placed[cell] = digit;
    }
    this.markItems(pic);
    let changed = false;
    for (let c = 0; c < this.cellCount; c++) {
      if (placed[c] !== this.placed[c]) {
        this.placed[c] = placed[c];
        changed = true;
      }
    }
    if (changed || all) this.refreshDigits();
  }

  /**
   * Marks on the board the item the search works on, as the item panels do: the deepest
   * level's chosen item (its row, column or box with the digit it needs, or its cell) in the
   * chosen colour, and an item with no option left (a dead end) in red. The item's cells are
   * framed, and its digit's marks in them are drawn: the places left ringed, and at a dead
   * end the places gone struck out. Only what changed is touched.
   */
  markItems(pic) {
    const dead = [];
    for (let i = 0; i < pic.items; i++) if (pic.deadEnd(i)) dead.push(i);
    const top = pic.choices.at(-1)?.item;
    const want = this.playing ? [] : dead.map((i) => [i, 'dead']);
    if (!this.playing && top !== undefined && !dead.includes(top)) want.push([top, 'chosen']);
    const key = want.join(';');
    if (key === this.itemsKey) return;
    this.itemsKey = key;
    // The marks wanted now; of those drawn, only the ones that change are touched (at top
    // speed the chosen item changes in every frame, and its cells often stay marked).
    const next = new Map();
    const marked = [];
    const add = (el, cls) => {
      let s = next.get(el);
      if (!s) next.set(el, (s = new Set()));
      if (!s.has(cls)) marked.push([el, cls]);
      s.add(cls);
    };
    const n = this.numbering;
    for (const [i, how] of want) {
      for (const o of n.optionsOf(i)) {
        add(this.cells[n.placement(o).cell], `item-${how}`);
        if (this.markOf[o]) add(this.markOf[o], `item-${how}`);
      }
    }
    const had = new Map();
    for (const [el, cls] of this.itemMarked ?? []) {
      if (!next.get(el)?.has(cls)) el.classList.remove(cls);
      else (had.get(el) ?? had.set(el, new Set()).get(el)).add(cls);
    }
    for (const [el, cls] of marked) if (!had.get(el)?.has(cls)) el.classList.add(cls);
    this.itemMarked = marked;
    const words = want.map(([i, how]) => `${how}: ${n.itemName(i)}`).join('; ');
    if (words && this.root.dataset.item !== words) this.root.dataset.item = words;
    else if (!words && 'item' in this.root.dataset) delete this.root.dataset.item;
  }

  renderMark(pic, o) {
    const s = pic.options[o];
    const v = s === OptionState.Live ? 'on' : s === OptionState.Pending ? 'pend' : '';
    const m = this.markOf[o];
    if (m.dataset.s !== v) m.dataset.s = v;
  }

  refreshDigits() {
    let changed = false;
    for (let c = 0; c < this.cellCount; c++) {
      let kind, digit;
      if (this.givens[c]) [kind, digit] = [1, this.givens[c]];
      else if (this.answer && this.answer[c]) [kind, digit] = [2, this.answer[c]];
      else if (this.placed[c] && !this.playing) [kind, digit] = [3, this.placed[c]];
      else [kind, digit] = [0, 0];
      const code = kind * 32 + digit;
      const was = this.shown[c];
      if (was === code) continue;
      this.shown[c] = code;
      changed = true;
      const el = this.cells[c];
      if (was >> 5 !== kind) el.dataset.kind = ['empty', 'given', 'answer', 'placed'][kind];
      if (was >> 5 === 3) this.placedDigits[c][(was & 31) - 1].removeAttribute('class');
      if (kind === 3) this.placedDigits[c][digit - 1].className = 'on';
      const text = kind === 1 || kind === 2 ? this.numbering.symbol(digit) : '';
      const node = this.digits[c].firstChild;
      if (node.nodeValue !== text) node.nodeValue = text;
    }
    if (changed && this.selected !== null && this.lights.same) this.drawLights();
  }

  /** Lights up options (their marks, even hidden ones) and cells. */
  setHighlight(options = [], cells = []) {
    for (const el of this.highlighted) el.classList.remove('hl');
    this.highlighted = [...options.map((o) => this.markOf[o]).filter(Boolean), ...cells.map((c) => this.cells[c])];
    for (const el of this.highlighted) el.classList.add('hl');
  }

  /** Screen-reader labels for every cell (not per frame: on pause, edit or focus). */
  refreshLabels(model, searchShown) {
    for (let c = 0; c < this.cellCount; c++) this.cells[c].setAttribute('aria-label', this.label(c, model, searchShown));
  }

  label(c, model, searchShown) {
    const side = this.side, sym = (d) => this.numbering.symbol(d);
    const where = `row ${Math.floor(c / side) + 1}, column ${(c % side) + 1}`;
    if (this.givens[c]) {
      const what = this.givens[c] === this.clues[c] ? 'given' : 'your entry';
      return `${where}, ${what} ${sym(this.givens[c])}${this.clashing.has(c) ? ', clashes' : ''}${this.wrong.has(c) ? ', wrong' : ''}`;
    }
    if (this.answer && this.answer[c]) return `${where}, answer ${sym(this.answer[c])}${this.diff.has(c) ? ', differs between the two solutions' : ''}`;
    if (this.placed[c] && !this.playing) return `${where}, placed by the search ${sym(this.placed[c])}`;
    // Played: the player's notes; watched: the search's candidates.
    if (this.playing || !searchShown || !model) {
      const pencil = [...this.marks.slice(c * side, c * side + side)].filter((m) => m?.classList.contains('pm')).map((m) => m.textContent);
      return pencil.length ? `${where}, empty, pencil marks ${pencil.join(' ')}` : `${where}, empty`;
    }
    const cands = [];
    for (let d = 1; d <= side; d++) if (model.isLive(this.numbering.option(c, d))) cands.push(sym(d));
    return `${where}, empty, ${cands.length ? `candidates ${cands.join(' ')}` : 'no candidate left'}`;
  }
}
