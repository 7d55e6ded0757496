// The whole matrix of the trace's Sudoku (4×4: 64 options × 64 items, 9×9: 729 × 324,
// 16×16: 4,096 × 1,024, 25×25: 15,625 × 2,500): one row per option, one column per item, a
// dot for each 1. Rust draws the pixels (src/matrix_view.rs) and puts them on the canvas
// itself (the wasm `MatrixCanvas`), labelling a small matrix's every row and column and
// downsampling a big one's whole view; this view follows the trace's size (`setShape`),
// sizes the canvas when the panel changes size, hands Rust the theme's colours, writes the
// labels in the margins around the
// matrix (only when the view moves or the selection changes, never in a frame), and turns
// keys, clicks and drags into zoom and pan; the row under the pointer lights up its digit on
// the board and its items (through the Sudoku's room, www/rooms/sudoku/sudoku-room.js). Its text alternative is Rust's description of
// what it shows, renewed whenever the search is not playing.
//
// "Full width" (a projector's view, issue 49) lays the panel over the whole page, the matrix
// as wide as the window and its zoom as before, with a line that repeats the narration
// (`line`) over it; the search's step keys go on stepping; Esc or "Back" leaves it.

import { MatrixCanvas } from '../pkg/dlx_sudoku.js';
import { PAINT_VARS, paletteOf } from '../wasm/matrix-palette.js';
import { themeColors } from '../core/theme-colors.js';
import { grouped } from '../core/format.js';

export class MatrixView {
  /**
   * `root`: the panel (#matrix-area, or the lesson's figure) holding a canvas in a
   * `.matrix-scroll`, and perhaps zoom and grouping buttons and an output saying where it is
   * (index.html); `onHover(option | null)` when the pointer is on a row; `caption` goes
   * before the description in the canvas's text alternative; `line`: the element whose words
   * the full-width view repeats over the matrix (the narration).
   */
  constructor(root, { onHover = () => {}, caption = '', line = null } = {}) {
    this.root = root;
    this.onHover = onHover;
    this.caption = caption;
    this.hovered = null;
    this.canvas = root.querySelector('canvas');
    this.scroll = root.querySelector('.matrix-scroll');
    this.where = root.querySelector('.matrix-where');
    this.groupButtons = [...root.querySelectorAll('[data-group]')];
    this.sub = root.querySelector('.matrix-head h3 .sub');
    this.mx = new MatrixCanvas(this.canvas);
    this.ctx = this.canvas.getContext('2d');
    this.trace = null;
    this.selection = { options: [], items: [] };
    this.label = '';
    this.labels = []; // the labels drawn last, for tests
    this.stats = { draws: 0, ms: 0 };
    this.margin = { left: 0, top: 0 };
    this.dpr = 1;
    this.css = 0;
    this.origin = null; // where Rust puts the matrix on the canvas; null until measured
    new ResizeObserver(([entry]) => {
      const box = entry.contentBoxSize?.[0];
      const w = box ? box.inlineSize : entry.contentRect.width;
      if (w > 0 && w !== this.css) {
        this.css = w;
        this.measure();
      }
    }).observe(this.scroll);
    // The height matters to a small matrix, sized to fit the window whole.
    // (Read at the first resize, not here: reading it now would force a layout of the whole
    // page before it can be played; measure() reads it after the browser's own layout.)
    this.innerHeight = null;
    window.addEventListener('resize', () => {
      if (window.innerHeight === this.innerHeight) return;
      this.innerHeight = window.innerHeight;
      this.measure();
    });
    this.zoomButtons = Object.fromEntries([...root.querySelectorAll('[data-zoom]')].map((b) => [b.dataset.zoom, b]));
    this.zoomButtons.in?.addEventListener('click', () => this.zoomBy(1));
    this.zoomButtons.out?.addEventListener('click', () => this.zoomBy(-1));
    this.zoomButtons.all?.addEventListener('click', () => this.zoomTo(0));
    for (const b of this.groupButtons) b.addEventListener('click', () => this.setByDigit(b.dataset.group === 'digit'));
    this.canvas.addEventListener('keydown', (e) => this.key(e));
    this.bindPointer();
    this.bindFull(line);
  }

  // --- full width -------------------------------------------------------------------------------
  /** The Full width / Back button, Esc, and the narration's line over the matrix. */
  bindFull(line) {
    this.full = false;
    this.fullButton = this.root.querySelector('[data-full]');
    if (!this.fullButton) return;
    this.line = this.root.querySelector('.matrix-line');
    this.fullButton.addEventListener('click', () => this.setFull(!this.full));
    // Heard before the page's keys: Esc leaves the full view (and nothing else: not the
    // lesson, not a long run); the other keys go on to step the search.
    document.addEventListener('keydown', (e) => {
      if (!this.full || e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      e.stopPropagation();
      this.setFull(false);
    }, true);
    if (line && this.line) {
      const copy = () => {
        if (this.full && this.line.textContent !== line.textContent) this.line.textContent = line.textContent;
      };
      this.copyLine = copy;
      new MutationObserver(copy).observe(line, { childList: true, characterData: true, subtree: true });
    }
  }

  /** Shows the matrix over the whole page (`on`) or back in its place. */
  setFull(on) {
    if (on === this.full || !this.fullButton) return;
    this.full = on;
    this.root.classList.toggle('full', on);
    document.documentElement.classList.toggle('matrix-full', on);
    this.fullButton.textContent = on ? 'Back' : 'Full width';
    this.fullButton.setAttribute('aria-pressed', String(on));
    this.copyLine?.();
    this.measure();
    if (!on) this.root.scrollIntoView({ block: 'nearest' });
    this.fullButton.focus({ preventScroll: true });
  }

  // --- size, colours ----------------------------------------------------------------------------
  /**
   * Draws the matrix of a grid of `side`, its digits named in `alphabet` ('digits' or
   * 'letters'; the size's usual one if left out), from now on: the one call that hands the
   * view a new size (the Sudoku's room makes it with its numbering when the size changes).
   */
  setShape({ side, alphabet }) {
    if (!this.mx.setShape(side, alphabet)) return;
    const m = this.mx;
    this.trace = null; // a search of the old size: not drawn again
    this.selection = { options: [], items: [] };
    if (this.sub) this.sub.textContent = `${grouped(m.options)} options (rows) × ${grouped(m.items)} items (columns), a dot for each 1`;
    const key = this.root.querySelector('.column-key');
    if (key) {
      key.replaceChildren('Columns:');
      Array.from(m.columnKey()).forEach((item, k) => {
        const b = document.createElement('b');
        b.textContent = m.itemLabel(item);
        key.append(k ? ', ' : ' ', b, ` ${m.itemWords(item)}`);
      });
      key.append('.');
    }
    if (this.palette) this.mx.setPalette(this.palette);
    this.measure();
  }

  /** Sizes the canvas for the panel's width (read here, on resize, never in a frame). */
  measure() {
    if (!this.scroll.clientWidth) return; // hidden: measured when shown
    const dpr = window.devicePixelRatio || 1;
    this.dpr = dpr;
    const font = parseFloat(getComputedStyle(this.root).fontSize) || 16;
    this.font = Math.round(font * 0.75);
    this.fontFamily = getComputedStyle(this.root).fontFamily;
    const m = this.mx;
    const scale = Math.max(1, Math.round(dpr));
    const g = MatrixCanvas.gutterAt(scale) / dpr; // Rust's strips of marks, in CSS px
    // The longest row label (the last option's, "r16c16 = G") and column label set the margins.
    this.ctx.font = `${this.font}px ${this.fontFamily}`;
    const width = (text) => this.ctx.measureText(text).width;
    const rowLabel = width(m.optionLabel(m.options - 1)) + 6;
    const colLabel = Math.max(...[0, 1, 2, 3].map((k) => width(m.itemLabel((k + 1) * (m.items / 4) - 1)))) + 6;
    const labelled = { left: Math.ceil(rowLabel + g), top: Math.ceil(colLabel + g) }; // every row and column named
    // A small matrix fits the window's height (less its heading), with rows tall enough to name:
    // 12 px labels (at 16 px type) in rows of 10 px or more.
    // (In the full view, the window less the tools and the narration's line over the matrix.)
    const over = this.full ? this.scroll.getBoundingClientRect().top - this.root.getBoundingClientRect().top + 12 : 72;
    const availH = Math.max(0, Math.floor((window.innerHeight - labelled.top - over) * dpr));
    this.pitch = Math.ceil(this.font * dpr * 0.8);
    const fit = (left) => m.resize(Math.max(1, Math.floor((this.scroll.clientWidth - left - 2) * dpr)), availH, scale, this.pitch);
    fit(labelled.left);
    this.margin = labelled;
    if (!m.labelled) {
      this.margin = { left: Math.ceil(Math.max(this.font * 5.4, rowLabel) + g), top: Math.ceil(this.font * 3.6 + g) };
      fit(this.margin.left);
    }
    const ox = Math.round(this.margin.left * dpr), oy = Math.round(this.margin.top * dpr);
    m.setOrigin(ox, oy);
    this.origin = [ox, oy];
    this.canvas.width = ox + m.width;
    this.canvas.height = oy + m.height + 2;
    this.canvas.style.width = `${this.canvas.width / dpr}px`;
    this.canvas.style.height = `${this.canvas.height / dpr}px`;
    this.restyle();
  }

  /** Re-reads the theme's colours, redraws the labels, and repaints at the next render. */
  restyle() {
    const css = themeColors(this.root, [...Object.values(PAINT_VARS), '--ink-soft', '--ink', '--panel', '--hl']);
    const palette = paletteOf(css);
    this.palette = palette;
    this.inkSoft = css['--ink-soft'];
    this.ink = css['--ink'];
    this.panel = css['--panel'];
    this.hl = css['--hl'];
    this.mx.setPalette(palette);
    this.moved();
  }

  // --- drawing ------------------------------------------------------------------------------------
  /** Draws the trace's picture (just refreshed); `quiet` (not playing): renew the text alternative. */
  render(trace, quiet) {
    this.trace = trace;
    this.root.classList.toggle('off', !trace);
    if (!trace) {
      this.setLabel('The whole matrix: no search to show until the clashing givens are fixed.');
      return;
    }
    if (trace.side !== this.mx.side) this.setShape({ side: trace.side }); // not told: the size's usual alphabet
    if (!this.origin) return; // not measured yet: drawn when it is
    const t0 = performance.now();
    if (this.mx.draw(trace)) {
      this.stats.draws++;
      this.stats.ms += performance.now() - t0;
    }
    if (quiet) this.describe();
  }

  /** Lets go of the trace drawn (which its owner is about to free); the next `render` brings one. */
  detach() {
    this.trace = null;
  }

  describe() {
    if (this.trace) this.setLabel(`${this.caption ? `${this.caption} ` : ''}${this.mx.describe(this.trace)}`);
  }

  setLabel(text) {
    if (text === this.label) return;
    this.label = text;
    this.canvas.setAttribute('aria-label', text);
  }

  /** After a zoom, a pan, a new grouping or selection: labels, the place in words, the pixels. */
  moved() {
    this.drawLabels();
    const m = this.mx;
    const per = m.perRow > 1 || m.perColumn > 1 ? `, a pixel for ${m.perRow} × ${m.perColumn}` : '';
    if (this.where) this.where.textContent = m.zoom === 0
      ? `all rows and columns${per}`
      : `rows ${grouped(m.row0 + 1)}–${grouped(m.row0 + m.shownRows)} of ${grouped(m.options)}, columns ${grouped(m.col0 + 1)}–${grouped(m.col0 + m.visibleCols)} of ${grouped(m.items)}`;
    for (const b of this.groupButtons) b.setAttribute('aria-pressed', String((b.dataset.group === 'digit') === m.byDigit));
    const { in: zoomIn, out, all } = this.zoomButtons;
    if (zoomIn) zoomIn.disabled = m.zoom >= m.zoomLevels;
    if (out) out.disabled = m.zoom === 0;
    if (all) all.disabled = m.zoom === 0;
    if (this.trace) {
      this.render(this.trace, false);
      this.describe();
    }
  }

  /** The labels in the margins: each row's and column's name when they are big enough to read, else the bands. */
  drawLabels() {
    const { ctx, mx: m, dpr } = this;
    if (!this.origin) return;
    const [mx0, my0] = this.origin;
    const W = this.canvas.width, H = this.canvas.height;
    const g = m.gutter;
    const ox = mx0 - g, oy = my0 - g; // the labels end where Rust's marks begin
    ctx.fillStyle = this.panel;
    ctx.fillRect(0, 0, W, oy);
    ctx.fillRect(0, 0, ox, H);
    const cw = m.cellWidth, ch = m.cellHeight;
    const perR = m.perRow, perC = m.perColumn;
    const font = Math.round(this.font * dpr);
    const each = (size) => size >= this.pitch; // a whole row (column) per label, readable
    const size = (cell) => Math.round(Math.min(font, cell * 1.25)); // 12 px type in 10 px rows
    ctx.textBaseline = 'middle';
    this.labels = [];
    this.labelPx = { rows: 0, cols: 0 }; // the size of each row's and column's own label, CSS px (0: bands only)
    const drawn = []; // the sizes of the labels drawn, CSS px
    const sel = new Set(this.selection.options), selItems = new Set(this.selection.items);
    // left: options
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, my0, ox, H - my0);
    ctx.clip();
    if (each(ch)) {
      ctx.font = `${size(ch)}px ${this.fontFamily}`;
      this.labelPx.rows = size(ch) / dpr;
      drawn.push(size(ch) / dpr);
      ctx.textAlign = 'right';
      m.visibleRows().forEach((o, r) => {
        const text = m.optionLabel(o);
        ctx.fillStyle = sel.has(o) ? this.ink : this.inkSoft;
        ctx.fillText(text, ox - 3 * dpr, my0 + r * ch + ch / 2);
        this.labels.push(text);
      });
    } else {
      ctx.font = `${font}px ${this.fontFamily}`;
      ctx.textAlign = 'left';
      drawn.push(font / dpr);
      const b = m.rowBands();
      for (let k = 0; k < b.length / 2; k++) {
        const y0 = my0 + (b[2 * k] - m.row0) / perR * ch, y1 = y0 + b[2 * k + 1] / perR * ch;
        if (y1 < my0 || y0 > H) continue;
        ctx.fillStyle = this.inkSoft;
        ctx.fillRect(2 * dpr, Math.max(my0, y0), 1 * dpr, Math.min(H, y1) - Math.max(my0, y0) - 2 * dpr);
        const text = m.rowBandLabel(k);
        const y = (Math.max(my0, y0) + Math.min(H, y1)) / 2;
        ctx.fillText(text, 6 * dpr, y);
        this.labels.push(text);
      }
    }
    // markers: the selected rows
    ctx.fillStyle = this.hl;
    for (const o of this.selection.options) {
      const y = my0 + Math.floor((m.rowOf(o) - m.row0) / perR) * ch;
      if (y >= my0 && y < H) ctx.fillRect(ox - 3 * dpr, y, 3 * dpr, Math.max(ch, dpr));
    }
    ctx.restore();
    // top: items
    ctx.save();
    ctx.beginPath();
    ctx.rect(mx0, 0, W - mx0, oy);
    ctx.clip();
    if (each(cw)) {
      ctx.font = `${size(cw)}px ${this.fontFamily}`;
      this.labelPx.cols = size(cw) / dpr;
      drawn.push(size(cw) / dpr);
      ctx.textAlign = 'left';
      for (let c = 0; c < m.visibleCols; c++) {
        const i = m.col0 + c;
        const text = m.itemLabel(i);
        ctx.save();
        ctx.translate(mx0 + c * cw + cw / 2, oy - 3 * dpr);
        ctx.rotate(-Math.PI / 2);
        ctx.fillStyle = selItems.has(i) ? this.ink : this.inkSoft;
        ctx.fillText(text, 0, 0);
        ctx.restore();
        this.labels.push(text);
      }
    } else {
      ctx.font = `${font}px ${this.fontFamily}`;
      ctx.textAlign = 'center';
      drawn.push(font / dpr);
      const b = m.colBands();
      for (let k = 0; k < b.length / 2; k++) {
        const x0 = mx0 + (b[2 * k] - m.col0) / perC * cw, x1 = x0 + b[2 * k + 1] / perC * cw;
        if (x1 < mx0 || x0 > W) continue;
        const [a, z] = [Math.max(mx0, x0), Math.min(W, x1)];
        ctx.fillStyle = this.inkSoft;
        ctx.fillRect(a, oy - 5 * dpr, z - a - 2 * dpr, 1 * dpr);
        // A band too narrow for its words ("column has digit") is named by the first
        // ("column"), or its first three letters ("col."): squeezed to fit, the words were
        // narrower than their size says (as narrow as 10 px letters at 16 px). A word still
        // too wide is squeezed, and its size counted as drawn.
        const room = z - a - 4 * dpr;
        const full = m.colBandLabel(k), first = full.split(' ')[0];
        const text = [full, first, `${first.slice(0, 3)}.`].find((t) => ctx.measureText(t).width <= room) ?? `${first.slice(0, 3)}.`;
        const wide = ctx.measureText(text).width;
        if (wide > room) drawn.push(font / dpr * room / wide);
        ctx.fillText(text, (a + z) / 2, oy - 5 * dpr - font * 0.8, room);
        this.labels.push(text);
      }
    }
    // The smallest label's size on screen, for tests (large type makes them 16 px).
    this.canvas.dataset.labelPx = String(Math.min(...drawn));
    ctx.fillStyle = this.hl;
    for (const i of this.selection.items) {
      const x = mx0 + Math.floor((i - m.col0) / perC) * cw;
      if (x >= mx0 && x < W) ctx.fillRect(x, oy - 3 * dpr, Math.max(cw, dpr), 3 * dpr);
    }
    ctx.restore();
  }

  // --- what the user does -------------------------------------------------------------------------
  /**
   * The rows of `options` and the columns of `items` light up (the Sudoku room's selection);
   * with `reveal`, a zoomed view moves to show the first of them.
   */
  setHighlight(options = [], items = [], reveal = true) {
    const same = (a, b) => a.length === b.length && a.every((x, k) => x === b[k]);
    if (same(options, this.selection.options) && same(items, this.selection.items)) return;
    this.selection = { options: [...options], items: [...items] };
    this.mx.select(Uint32Array.from(options), Uint32Array.from(items));
    if (reveal && this.mx.zoom > 0 && (options.length || items.length)) this.mx.reveal(options[0] ?? -1, items[0] ?? -1);
    this.moved();
  }

  /** The pointer is on the row of `option` (null: on no row). */
  hover(option) {
    if (option === this.hovered) return;
    this.hovered = option;
    this.onHover(option);
  }

  setByDigit(on) {
    if (this.mx.byDigit === on) return;
    this.mx.setByDigit(on);
    if (this.mx.zoom > 0 && this.selection.options.length) this.mx.reveal(this.selection.options[0], -1);
    this.moved();
  }

  /**
   * Zooms one level in or out about the pixel (`x`, `y`) of the matrix; without one, about
   * the selection's first row and column, or else where the search is (the option tried
   * last, the item chosen last), if they are in view; else the middle.
   */
  zoomBy(step, x, y) {
    this.zoomTo(this.mx.zoom + step, x, y);
  }

  zoomTo(level, x, y) {
    const m = this.mx;
    const z = Math.max(0, Math.min(m.zoomLevels, level));
    if (z === m.zoom) return;
    if (x === undefined) {
      const { options, items } = this.selection;
      const [focusRow, focusCol] = m.focus();
      const row = options.length ? m.rowOf(options[0]) : focusRow;
      const col = items.length ? items[0] : focusCol;
      const inView = (v, n) => v >= 0 && v < n;
      const sy = row >= 0 ? Math.floor((row - m.row0) / m.perRow) * m.cellHeight + m.cellHeight / 2 : -1;
      const sx = col >= 0 ? Math.floor((col - m.col0) / m.perColumn) * m.cellWidth + m.cellWidth / 2 : -1;
      y = inView(sy, m.height) ? sy : m.height / 2;
      x = inView(sx, m.width) ? sx : m.width / 2;
    }
    m.setZoom(z, Math.round(x), Math.round(y));
    this.moved();
  }

  /** Moves by a fraction of the window (`fx`, `fy` in windows), at least one cell. */
  panBy(fx, fy) {
    const m = this.mx;
    const cols = Math.floor(m.width / m.cellWidth), rows = Math.floor(m.height / m.cellHeight);
    const step = (f, n) => (f === 0 ? 0 : Math.sign(f) * Math.max(1, Math.round(Math.abs(f) * n)));
    const before = [m.col0, m.row0];
    m.pan(step(fx, cols), step(fy, rows));
    if (m.col0 !== before[0] || m.row0 !== before[1]) this.moved();
  }

  key(e) {
    // Taken already: Page Up / Page Down are the lesson's while it is open (lesson-keys.js).
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const big = e.shiftKey ? 1 : 0.25;
    const act = {
      '+': () => this.zoomBy(1), '=': () => this.zoomBy(1), '-': () => this.zoomBy(-1), _: () => this.zoomBy(-1),
      0: () => this.zoomTo(0), Enter: () => this.zoomBy(1),
      ArrowLeft: () => this.panBy(-big, 0), ArrowRight: () => this.panBy(big, 0),
      ArrowUp: () => this.panBy(0, -big), ArrowDown: () => this.panBy(0, big),
      PageUp: () => this.panBy(0, -1), PageDown: () => this.panBy(0, 1),
      Home: () => this.panBy(-1e4, -1e4), End: () => this.panBy(1e4, 1e4),
      g: () => this.setByDigit(!this.mx.byDigit), G: () => this.setByDigit(!this.mx.byDigit),
    }[e.key];
    if (!act) return;
    e.preventDefault(); // not a step of the search: the page's keys look at defaultPrevented
    act();
  }

  /** A click zooms in where it is (Shift+click out); a drag pans a zoomed view. */
  bindPointer() {
    const c = this.canvas;
    let down = null;
    const at = (e) => {
      const r = c.getBoundingClientRect(); // on a pointer event, not in a frame
      return [(e.clientX - r.left) * this.dpr - this.origin[0], (e.clientY - r.top) * this.dpr - this.origin[1]];
    };
    c.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || !this.origin) return;
      down = { x: e.clientX, y: e.clientY, col0: this.mx.col0, row0: this.mx.row0, dragged: false, at: at(e) };
      c.setPointerCapture(e.pointerId);
    });
    c.addEventListener('pointermove', (e) => {
      if (!this.origin) return;
      if (!down) {
        const [x, y] = at(e);
        const hit = x >= 0 && y >= 0 ? this.mx.cellAt(x, y) : undefined;
        const option = hit ? this.mx.optionAt(hit[0]) : null;
        const title = hit ? `${this.mx.optionLabel(option)} × ${this.mx.itemLabel(hit[1])}` : '';
        if (c.title !== title) c.title = title;
        this.hover(option);
        return;
      }
      const dx = (e.clientX - down.x) * this.dpr, dy = (e.clientY - down.y) * this.dpr;
      if (!down.dragged && Math.hypot(dx, dy) < 5 * this.dpr) return;
      down.dragged = true;
      if (this.mx.zoom === 0) return;
      const m = this.mx;
      m.pan(down.col0 - Math.round(dx / m.cellWidth) - m.col0, down.row0 - Math.round(dy / m.cellHeight) - m.row0);
      this.moved();
    });
    c.addEventListener('pointerup', (e) => {
      if (!down) return;
      const d = down;
      down = null;
      if (d.dragged) return;
      const [x, y] = d.at;
      if (x < 0 || y < 0) return;
      this.zoomBy(e.shiftKey ? -1 : 1, x, y);
    });
    c.addEventListener('pointercancel', () => {
      down = null;
    });
    c.addEventListener('pointerleave', () => this.hover(null));
  }
}
