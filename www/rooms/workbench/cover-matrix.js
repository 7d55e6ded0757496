// The exact-cover workbench's options × items matrix: one row per option, one column per item,
// a dot for each 1, coloured by what the search does to it. Rust draws the pixels and the
// strips of marks, and says the words, as for the Sudoku's matrix (src/matrix_view.rs, the wasm
// MatrixCanvas, www/views/matrix.js); this view sizes the canvas for its box's width, writes
// the names in the margins of a small problem, says what the picture of a big one leaves out,
// and hands Rust the theme's colours.

import { MatrixCanvas } from '../../pkg/dlx_sudoku.js';
import { PAINT_VARS, paletteOf } from '../../wasm/matrix-palette.js';
import { themeColors } from '../../core/theme-colors.js';

/** Canvases bigger than this are not repainted while the search plays. */
const MAX_PLAYING_PIXELS = 1_000_000;

export class CoverMatrixView {
  /** `onResize()`: the box changed width, and the matrix wants drawing again for it. */
  constructor(root, { onResize = () => {} } = {}) {
    this.root = root;
    this.canvas = root.querySelector('canvas');
    this.ctx = this.canvas.getContext('2d');
    this.mx = new MatrixCanvas(this.canvas);
    this.trace = null;
    this.palette = null;
    this.box = 0;
    this.label = '';
    // Sized for its box's width when drawn: a narrower box (a window made narrower, a phone
    // turned) kept the wider matrix, 76 px of it out of sight.
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        if (!this.box || !this.root.clientWidth || this.boxWidth() === this.box) return;
        this.built = '';
        onResize();
      }).observe(root);
    }
    // What does not fit in the canvas is not drawn: said here (Rust's words, `cut`).
    this.note = Object.assign(document.createElement('p'), { className: 'matrix-cut', hidden: true });
    root.after(this.note);
    this.cut = '';
  }

  /** Re-reads the theme's colours; the matrix is sized and drawn again at the next render. */
  restyle() {
    const css = themeColors(this.root, [...Object.values(PAINT_VARS), '--panel', '--ink']);
    this.palette = paletteOf(css);
    this.mx.setPalette(this.palette);
    this.panel = css['--panel'];
    this.ink = css['--ink'];
    this.built = ''; // large type changes the labels' size
  }

  /**
   * Sizes the canvas for the box's width (Rust's fit for a cover: the columns share the
   * width, a small problem's rows are tall enough to name each option at the left, and its
   * columns, when wide enough, name each item above); the names are 12 px, 16 px in large
   * type (the canvas's `data-label-px` says which, for tests).
   */
  build(trace) {
    const m = this.mx;
    if (trace !== this.trace) m.setCover(trace);
    this.trace = trace;
    const style = getComputedStyle(this.root);
    const font = Math.max(12, Math.round(parseFloat(style.fontSize) * 0.75));
    this.font = `${font}px ${style.fontFamily}`;
    this.ctx.font = this.font;
    const width = (t) => this.ctx.measureText(t).width;
    const box = this.boxWidth();
    this.box = box;
    const scale = Math.min(2, Math.max(1, Math.round(devicePixelRatio || 1)));
    this.scale = scale;
    const fit = (left) => m.resize(Math.max(1, Math.floor((box - left) * scale)), 0, scale, Math.ceil(font * 1.3) * scale);
    fit(0); // whether the rows are named does not depend on the width
    const g = m.gutter / scale; // Rust's strips of marks, left of and above the matrix
    let names = 0; // the names at the left: at most 40% of the box, longer ones cut with '…'
    if (m.rowsNamed) {
      let longest = 0;
      for (let o = 0; o < m.options; o++) longest = Math.max(longest, width(m.optionLabel(o)));
      names = Math.ceil(Math.min(box * 0.4, longest + 8));
    }
    fit(names + g);
    let heads = 0;
    if (m.columnsNamed) {
      let longest = 0;
      for (let i = 0; i < m.items; i++) longest = Math.max(longest, width(m.itemLabel(i)));
      heads = Math.ceil(Math.min(120, longest + 8));
    }
    this.margin = [names, heads, g];
    this.labelPx = names || heads ? font : 0;
    this.canvas.dataset.labelPx = String(this.labelPx);
    const ox = (names + g) * scale, oy = (heads + g) * scale;
    m.setOrigin(ox, oy);
    this.canvas.width = ox + m.width;
    this.canvas.height = oy + m.height;
    this.canvas.style.width = `${this.canvas.width / scale}px`;
    this.canvas.style.height = `${this.canvas.height / scale}px`;
    this.cut = m.cut;
    this.note.textContent = this.cut;
    this.built = `${box} ${font}`;
    this.drawLabels();
  }

  /** The option names at the left and the item names above, in the margins. */
  drawLabels() {
    const { ctx, scale: s, mx: m } = this;
    const [names, heads, g] = this.margin;
    const W = this.canvas.width / s, H = this.canvas.height / s;
    const cw = m.cellWidth / s, rh = m.cellHeight / s;
    ctx.save();
    ctx.setTransform(s, 0, 0, s, 0, 0);
    ctx.fillStyle = this.panel;
    ctx.fillRect(0, 0, W, heads);
    ctx.fillRect(0, 0, names, H);
    ctx.fillStyle = this.ink;
    ctx.font = this.font;
    ctx.textBaseline = 'middle';
    const fitted = (text, room) => {
      if (ctx.measureText(text).width <= room) return text;
      const chars = Array.from(text);
      while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > room) chars.pop();
      return `${chars.join('')}…`;
    };
    if (names) {
      ctx.textAlign = 'right';
      for (let r = 0; r < m.shownRows; r++) ctx.fillText(fitted(m.optionLabel(r), names - 8), names - 4, heads + g + r * rh + rh / 2);
    }
    if (heads) {
      ctx.textAlign = 'left';
      for (let i = 0; i < m.visibleCols; i++) {
        ctx.save();
        ctx.translate(names + g + i * cw + cw / 2, heads - 4);
        ctx.rotate(-Math.PI / 2);
        ctx.fillText(fitted(m.itemLabel(i), heads - 8), 0, 0);
        ctx.restore();
      }
    }
    ctx.restore();
  }

  /** The width the matrix is drawn for. */
  boxWidth() {
    return Math.max(120, this.root.clientWidth - 4);
  }

  /** Draws the picture; `idle`: the search is not moving (the text alternative is renewed then). */
  render(trace, pic, idle) {
    // Written only when they change (this runs in every frame while the search plays).
    const hide = (el, v) => {
      if (el.hidden !== v) el.hidden = v;
    };
    hide(this.canvas, !trace || !pic);
    if (!trace || !pic) {
      hide(this.note, true);
      return;
    }
    if (!this.palette) this.restyle();
    if (trace !== this.trace || !this.built) this.build(trace);
    hide(this.note, !this.cut);
    // A big canvas is painted when the search stops, not in every frame of a run.
    if (!idle && this.canvas.width * this.canvas.height > MAX_PLAYING_PIXELS) return;
    this.mx.draw(trace);
    if (idle) {
      const label = this.mx.describe(trace);
      if (label !== this.label) this.canvas.setAttribute('aria-label', (this.label = label));
    }
  }
}
