// The items (324 at 9×9; 4·side² at every size) as four labelled side×side panels. Each
// square is one item: shaded by its
// length (options left), dimmed once covered, outlined while it is a level's chosen
// item, flagged red at a dead end (an uncovered item with no option left). Which item
// sits where comes from the numbering's tables; what it shows, from the search's picture.
//
// The squares are painted on a canvas behind each panel: at top speed nearly every
// item changes every frame, and repainting a few hundred squares costs far less than
// laying out a few hundred changed elements. Over the canvas sit transparent
// elements, one per item, that never change while the search runs: they take the
// pointer, the focus and the screen reader's questions (an ARIA grid per panel).

import { themeColors } from '../core/theme-colors.js';

// Panel row r, column k: the cell in row r, column k; or unit r with digit k + 1.
const PANELS = [
  { block: 'cell', title: 'Cell r,c is filled', rows: 'rows', cols: 'columns', item: (n, r, k) => n.cellItem(r * n.side + k) },
  { block: 'row', title: 'Row r has digit d', rows: 'rows', cols: 'digits', item: (n, r, k) => n.item('row', r, k + 1) },
  { block: 'column', title: 'Column c has digit d', rows: 'columns', cols: 'digits', item: (n, r, k) => n.item('column', r, k + 1) },
  { block: 'box', title: 'Box b has digit d', rows: 'boxes', cols: 'digits', item: (n, r, k) => n.item('box', r, k + 1) },
];

// Paint styles: background variable, text style index (see GLYPHS), alpha.
const GLYPHS = ['--on-dark', '--ink', '--ink-soft', '--dead-ink'];
const LEN_STYLE = [null, [0, true], [0, false], [0, false], [1, false], [1, false], [1, false], [1, false], [2, false], [2, false]];
/** The shade and text style of a length: 9 and more look alike (16×16 and 25×25 go up to 16 and 25). */
const shade = (len) => Math.min(9, Math.max(1, len));

/** An uncovered item with no option left that is not a dead end: an item of the option tried. */
const byTried = (pic, i) => !pic.covered(i) && pic.len[i] === 0 && !pic.deadEnd(i); // (every Sudoku item is primary)

export class ItemsView {
  /** `onHover(item | null, source)` when the pointer or the focus is on an item. */
  constructor(root, numbering, { onHover }) {
    this.root = root;
    this.onHover = onHover;
    this.listen();
    this.reshape(numbering);
    // Measured by the ResizeObserver (listen()), after the browser's first layout: reading the
    // squares' places here would force one more layout of the whole page before it can be
    // played (bench/ready.mjs). Until then `render` keeps the picture it is given.
  }

  /** Builds the panels for a numbering (a side and an alphabet); `measure()` places them. */
  reshape(numbering) {
    this.numbering = numbering;
    this.side = numbering.side;
    this.n = numbering.items;
    this.squares = new Array(this.n);
    this.panelOf = new Uint8Array(this.n);
    this.geo = new Float32Array(this.n * 3); // x, y, size in CSS px within the panel's grid
    this.highlighted = [];
    this.model = null;
    this.full = true;
    this.atlas = null;
    this.root.replaceChildren();
    this.root.style.setProperty('--side', this.side);
    this.build();
  }

  build() {
    const side = this.side;
    this.grids = [];
    this.canvases = [];
    PANELS.forEach((p, pi) => {
      const fig = document.createElement('figure');
      fig.className = `panel panel-${p.block}`;
      const cap = document.createElement('figcaption');
      // The title wraps, where it must, between its phrases ("Column c / has digit d"), never
      // inside one ("Column c has digit / d" in a 4×4's narrow panel).
      const [what, has] = p.title.split(/ (?=is |has )/);
      cap.innerHTML = `<strong><span class="phrase">${what}</span> <span class="phrase">${has}</span></strong> <span class="axes">${p.rows} ↓, ${p.cols} →</span>`;
      const grid = document.createElement('div');
      grid.className = 'items-grid';
      grid.setAttribute('role', 'grid');
      grid.setAttribute('aria-label', `Items: ${p.title.toLowerCase()}`);
      const canvas = document.createElement('canvas');
      canvas.className = 'items-canvas';
      canvas.setAttribute('aria-hidden', 'true');
      grid.append(canvas);
      const head = document.createElement('div');
      head.className = 'axis-row';
      head.setAttribute('aria-hidden', 'true');
      head.append(document.createElement('span'));
      // Columns are numbered, digits written in the puzzle's alphabet.
      for (let k = 0; k < side; k++) head.append(Object.assign(document.createElement('span'), { textContent: p.block === 'cell' ? String(k + 1) : this.numbering.symbol(k + 1) }));
      grid.append(head);
      for (let r = 0; r < side; r++) {
        const row = document.createElement('div');
        row.setAttribute('role', 'row');
        row.className = 'items-row';
        row.append(Object.assign(document.createElement('span'), { className: 'axis', textContent: String(r + 1), ariaHidden: 'true' }));
        for (let k = 0; k < side; k++) {
          const item = p.item(this.numbering, r, k);
          const sq = document.createElement('span');
          sq.setAttribute('role', 'gridcell');
          sq.className = 'item';
          sq.dataset.item = item;
          sq.tabIndex = r === 0 && k === 0 ? 0 : -1;
          sq.title = this.numbering.itemName(item);
          row.append(sq);
          this.squares[item] = sq;
          this.panelOf[item] = pi;
        }
        grid.append(row);
      }
      grid.addEventListener('keydown', (e) => this.key(e, grid));
      fig.append(cap, grid);
      this.root.append(fig);
      this.grids.push(grid);
      this.canvases.push(canvas);
    });
    this.ctx = this.canvases.map((c) => c.getContext('2d'));
  }

  listen() {
    // Geometry is read when the panels change size, never during a frame.
    new ResizeObserver(() => this.measure()).observe(this.root);
    const itemOf = (e) => e.target.closest?.('.item');
    this.root.addEventListener('pointerover', (e) => {
      const sq = itemOf(e);
      if (!sq) return;
      sq.title = this.label(Number(sq.dataset.item)); // its length too, where the square is too small to write it
      this.onHover(Number(sq.dataset.item), 'pointer');
    });
    this.root.addEventListener('pointerleave', () => this.onHover(null, 'pointer'));
    this.root.addEventListener('focusin', (e) => {
      const sq = itemOf(e);
      if (!sq) return;
      sq.setAttribute('aria-label', this.label(Number(sq.dataset.item)));
      this.onHover(Number(sq.dataset.item), 'focus');
    });
    this.root.addEventListener('focusout', (e) => {
      if (!this.root.contains(e.relatedTarget)) this.onHover(null, 'focus');
    });
  }

  key(e, grid) {
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    const mv = moves[e.key];
    if (!mv || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
    const all = [...grid.querySelectorAll('.item')];
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    const side = this.side;
    const r = Math.min(side - 1, Math.max(0, Math.floor(at / side) + mv[0]));
    const c = Math.min(side - 1, Math.max(0, (at % side) + mv[1]));
    all[at].tabIndex = -1;
    all[r * side + c].tabIndex = 0;
    all[r * side + c].focus();
    e.preventDefault();
  }

  /** Reads the squares' places, sizes the canvases, and repaints everything. */
  measure() {
    if (!this.grids[0].offsetWidth) return; // hidden (Knuth mode): measured when shown
    const dpr = window.devicePixelRatio || 1;
    this.dpr = dpr;
    this.grids.forEach((grid, pi) => {
      const c = this.canvases[pi];
      c.width = Math.round(grid.clientWidth * dpr);
      c.height = Math.round(grid.clientHeight * dpr);
    });
    for (let i = 0; i < this.n; i++) {
      const sq = this.squares[i];
      this.geo[3 * i] = sq.offsetLeft;
      this.geo[3 * i + 1] = sq.offsetTop;
      this.geo[3 * i + 2] = sq.offsetWidth;
    }
    this.restyle();
  }

  /** Re-reads the theme's colours (and redraws the digits' glyphs) for the next render. */
  restyle() {
    const vars = ['--l1', '--l2', '--l3', '--l4', '--l5', '--l6', '--l7', '--l8', '--l9', '--covered', '--dead', '--chosen', ...GLYPHS];
    this.colors = themeColors(this.root, vars);
    this.font = getComputedStyle(this.root).fontFamily;
    this.makeGlyphs();
    this.full = true;
    if (this.model) this.render(this.model);
  }

  /**
   * The lengths 0..side in each text style, drawn once: painting a length is then one
   * drawImage. A length is written at 0.56 of its square (0.46 for two digits), and never
   * under the page's least text size (`--min-text`: 12 px on a phone, 16 px in large type;
   * they were 9 px on a phone); where that does not fit in a square (a 25×25's on a phone),
   * the lengths are not written: the shade says them, and pointing at a square or focusing it
   * tells it. The canvases say the size of their digits on screen in `data-label-px` (0:
   * none), for the e2e tests, which cannot read text off a canvas.
   */
  makeGlyphs() {
    const dpr = this.dpr || 1;
    const square = this.geo[2] || 14; // CSS px
    // 12 px at least for a 9×9's or a 4×4's lengths (they were 8 px at 1280: 0.56 of 14 px squares).
    const least = Math.max(parseFloat(getComputedStyle(this.root).getPropertyValue('--min-text')) || 0, this.side <= 9 ? 12 : 0);
    const sizes = [Math.max(least, square * 0.56), Math.max(least, square * 0.46)]; // one digit, two
    const size = Math.max(4, Math.round(square * dpr));
    const atlas = document.createElement('canvas');
    atlas.width = size * (this.side + 1);
    atlas.height = size * GLYPHS.length * 2;
    const g = atlas.getContext('2d');
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    const font = (bold, d) => `${bold ? 700 : 400} ${Math.round(sizes[d < 10 ? 0 : 1] * dpr)}px ${this.font}`;
    // The widest length in bold fits its square, with a little room around it.
    g.font = font(true, this.side);
    const widest = g.measureText(String(this.side)).width / dpr;
    // (A digit's ink is about 0.73 of its size tall: a 12 px one fits a 13 px square.)
    this.written = sizes[this.side < 10 ? 0 : 1] <= (this.side < 10 ? 1 : 0.9) * square && widest <= 0.94 * square;
    const shown = this.side < 10 ? sizes[0] : Math.min(...sizes);
    const onScreen = this.written ? Math.round(shown * dpr) / dpr * (Math.round(square * dpr) / size) : 0;
    for (const c of this.canvases) c.dataset.labelPx = onScreen.toFixed(2).replace(/\.?0+$/, '');
    const note = document.getElementById('items-unwritten');
    if (note) note.hidden = this.written;
    GLYPHS.forEach((v, row) => {
      for (const bold of [false, true]) {
        g.fillStyle = this.colors[v];
        for (let d = 0; d <= this.side; d++) {
          g.font = font(bold, d);
          g.fillText(String(d), d * size + size / 2, (row * 2 + (bold ? 1 : 0)) * size + size * 0.54);
        }
      }
    });
    this.atlas = atlas;
    this.glyph = size;
  }

  /** Paints the items that changed since the last picture (`pic`: a Picture just read). */
  render(pic) {
    this.model = pic;
    if (!this.atlas) return;
    if (this.full || pic.all) {
      for (const ctx of this.ctx) ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
      for (let i = 0; i < this.n; i++) this.paint(pic, i);
      this.full = false;
      return;
    }
    for (const i of pic.changedItems) this.paint(pic, i);
  }

  paint(pic, i) {
    const ctx = this.ctx[this.panelOf[i]];
    const dpr = this.dpr;
    const x = Math.round(this.geo[3 * i] * dpr), y = Math.round(this.geo[3 * i + 1] * dpr);
    const s = Math.round(this.geo[3 * i + 2] * dpr);
    const c = this.colors;
    ctx.clearRect(x, y, s, s);
    const len = pic.len[i];
    // An uncovered item with no option left that is no dead end is an item of the option
    // being tried, about to be covered by it or just uncovered in its take-back: drawn as
    // covered, which it is by that option (a dark-blue "0" contradicted the legend's red).
    const covered = pic.covered(i) || byTried(pic, i);
    let bg, glyph = -1, bold = false;
    if (covered) bg = c['--covered'];
    else if (pic.deadEnd(i)) [bg, glyph, bold] = [c['--dead'], 3, true];
    else {
      bg = c[`--l${shade(len)}`];
      [glyph, bold] = LEN_STYLE[shade(len)];
    }
    ctx.globalAlpha = covered ? 0.55 : 1;
    ctx.fillStyle = bg;
    ctx.beginPath();
    ctx.roundRect(x, y, s, s, 3 * dpr);
    ctx.fill();
    ctx.globalAlpha = 1;
    if (glyph >= 0 && this.written) {
      const g = this.glyph;
      ctx.drawImage(this.atlas, Math.min(this.side, len) * g, (glyph * 2 + (bold ? 1 : 0)) * g, g, g, x, y, s, s);
    }
    const chosen = pic.chosenMark(i);
    if (chosen) {
      const w = (chosen === 'top' ? 3 : 2) * dpr;
      ctx.strokeStyle = c['--chosen'];
      ctx.lineWidth = w;
      ctx.strokeRect(x + w / 2, y + w / 2, s - w, s - w);
    }
  }

  /** Lights up items: `strong` ones more than `weak` ones. */
  setHighlight(strong = [], weak = []) {
    for (const el of this.highlighted) el.classList.remove('hl', 'hl2');
    this.highlighted = [];
    for (const i of weak) {
      this.squares[i].classList.add('hl2');
      this.highlighted.push(this.squares[i]);
    }
    for (const i of strong) {
      this.squares[i].classList.add('hl');
      this.highlighted.push(this.squares[i]);
    }
  }

  /** What a screen reader hears for item `i`: its name, its length and its state. */
  label(i) {
    const m = this.model;
    const name = this.numbering.itemName(i);
    if (!m) return name;
    const len = m.len[i];
    const state = m.covered(i) ? 'covered'
      : m.deadEnd(i) ? 'length 0, no option left: dead end'
        : byTried(m, i) ? 'length 0, covered by the option being tried'
          : `length ${len}, ${len} option${len === 1 ? '' : 's'} left`;
    const level = m.levelOf(i);
    const chosen = level >= 0 ? `, chosen item at level ${level + 1}${m.chosenMark(i) === 'top' ? ' (the deepest)' : ''}` : '';
    return `${name}: ${state}${chosen}`;
  }

  /**
   * Every item's label, when the search rests (the Sudoku's room calls it on pause, as the
   * board's): a screen reader browsing the panels (not only one moving the focus) hears each
   * item's length and state, not just its name. Not per frame.
   */
  refreshLabels() {
    for (let i = 0; i < this.n; i++) {
      const text = this.label(i);
      if (this.squares[i].getAttribute('aria-label') !== text) this.squares[i].setAttribute('aria-label', text);
    }
  }

  /** What the panels show, as text (for tests: the canvas has no DOM to compare). */
  describe() {
    const m = this.model;
    if (!m) return '';
    let out = '';
    const sep = this.side > 9 ? ',' : ''; // lengths of two digits are told apart
    for (let i = 0; i < this.n; i++) out += (i ? sep : '') + (m.covered(i) ? '-' : m.deadEnd(i) ? 'x' : String(m.len[i]));
    return `${out} ${m.choices.map((c, k) => `${c.item}${k === m.choices.length - 1 ? '*' : ''}`).join(',')}`;
  }
}
