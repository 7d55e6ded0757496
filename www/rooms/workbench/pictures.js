// The workbench's solutions as pictures: queens on a chessboard, the pentomino tiling with each
// piece coloured, a Langford sequence, a Sudoku board, Knuth's example as its rows. What each
// option draws is Rust's (`Trace.drawing()`, src/dlx1/pictures.rs, read from the names the
// example generators write); this view draws the options of the partial solution at each step,
// the one being tried outlined, as an SVG image named for what it is, with a caption listing
// the placement. A problem no picture fits has no drawing: the figure stays hidden, and the
// text views (the narration, the matrix) say what is placed, as before.

import { counted } from '../../core/format.js';
import { EventKind as K } from '../../pkg/dlx_sudoku.js';

const SVG = 'http://www.w3.org/2000/svg';

/** What a placed option is called, by kind. */
const NOUNS = { queens: 'queen', pentominoes: 'piece', langford: 'pair', sudoku: 'digit', rows: 'option' };

/** What a drawing (see `Trace.drawing`) is, as its image's accessible name: "8 queens: the board". */
export function titleOf(d) {
  switch (d.kind) {
    case 'queens': return `${d.rows} queens: the board`;
    case 'pentominoes': return `the pentomino tiling of the ${d.rows}×${d.cols} board`;
    case 'langford': return `Langford pairs for n = ${d.cols / 2}: the sequence`;
    case 'sudoku': return `the ${d.rows}×${d.cols} Sudoku: its board`;
    default: return 'Knuth\'s example: its rows';
  }
}

/** Option `o`'s cells in drawing `d`, as `[row, column]` from 0. */
const cellsOf = (d, o) => Array.from(d.cells.subarray(d.starts[o], d.starts[o + 1]), (c) => [Math.floor(c / d.cols), c % d.cols]);

/** Option `o`'s placement in words, for the text alternative (rows and columns from 1). */
export function placeText(d, o) {
  const at = cellsOf(d, o);
  const label = d.labels[o];
  switch (d.kind) {
    case 'queens': return `row ${at[0][0] + 1}, column ${at[0][1] + 1}`;
    case 'pentominoes': return `${label} on ${at.map(([r, c]) => `(${r + 1}, ${c + 1})`).join(' ')}`;
    case 'langford': return `${label} in places ${at.map(([, c]) => c + 1).join(' and ')}`;
    case 'sudoku': return `r${at[0][0] + 1}c${at[0][1] + 1} = ${label}`;
    default: return `option ${o + 1}: ${at.map(([, c]) => d.heads[c]).join(' ')}`;
  }
}

/**
 * What the partial solution `options` fills in drawing `d`: a Map from cell to `{option,
 * label, group}`, and each option's words, in the order placed.
 */
export function placement(d, options) {
  const cells = new Map();
  const texts = [];
  for (const o of options) {
    for (let k = d.starts[o]; k < d.starts[o + 1]; k++) cells.set(d.cells[k], { option: o, label: d.labels[o], group: d.groups[o] });
    texts.push(placeText(d, o));
  }
  return { cells, texts };
}

/** The text alternative: how many are placed, and where. `solved`: the search is at a solution. */
export function describe(d, options, solved = false) {
  const { texts } = placement(d, options);
  if (!texts.length) return `${titleOf(d)}: nothing placed yet.`;
  const head = solved ? `A solution, ${counted(texts.length, NOUNS[d.kind])}` : `${counted(texts.length, NOUNS[d.kind])} placed`;
  return `${head}: ${texts.join('; ')}.`;
}

/** Pixels: the largest cell, and the least. */
const MAX_CELL = 56, MIN_CELL = 14;

export class PicturesView {
  /** `root`: a hidden <figure> holding an <svg> and a <figcaption>. */
  constructor(root) {
    this.root = root;
    this.svg = root.querySelector('svg');
    this.caption = root.querySelector('figcaption');
    this.drawing = null;
    this.width = 0;
    this.shown = '';
    new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w === this.width || !w) return;
      this.width = w;
      this.shown = '';
      if (this.last) this.render(this.last);
    }).observe(root);
  }

  /** The picture of a new problem (null: none fits, the figure hides). */
  setDrawing(d) {
    this.drawing = d;
    this.shown = '';
    this.last = null;
    this.root.hidden = !d;
    if (!d) return;
    this.svg.setAttribute('aria-label', titleOf(d));
    this.root.dataset.kind = d.kind;
  }

  render(pic) {
    const d = this.drawing;
    if (!d || !pic) return;
    this.last = pic;
    const options = Array.from(pic.solution);
    const top = pic.choices[pic.choices.length - 1];
    const trying = top?.trying ? top.option : -1;
    const key = `${options.join(',')} ${trying} ${pic.last?.kind === K.Solution}`;
    if (key === this.shown) return;
    this.shown = key;
    this.draw(d, options, trying);
    this.caption.textContent = describe(d, options, pic.last?.kind === K.Solution);
  }

  /** Sizes for the box's width: the cell, the label and the small text (headings, numbers). */
  sizes(d) {
    const style = getComputedStyle(document.documentElement);
    const min = parseFloat(style.getPropertyValue('--min-text')) || 0;
    const small = Math.max(min, 12);
    const extra = d.kind === 'rows' ? 2 * small + 8 : 0; // a column of option numbers
    const avail = Math.max(120, (this.width || this.root.clientWidth || 320) - 4 - extra);
    const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(avail / d.cols)));
    return { cell, label: Math.max(min, Math.round(cell * 0.6)), small };
  }

  /**
   * Draws the placement. The frame (the board's cells, their labels, the headings, the
   * option's 1s, the box lines, the pieces' outline) is built once for a drawing and a size;
   * each later placement changes only the attributes and words that differ (a cell's class
   * and option, its label, a 1 shown or not, the outline's path). At top speed the picture
   * was rebuilt whole ten times a second: about 100 elements of pentominoes 6×10 taken out
   * and put back, each restyled and laid out again.
   */
  draw(d, options, trying) {
    const { cell, label, small } = this.sizes(d);
    const { cells } = placement(d, options);
    const left = d.kind === 'rows' ? 2 * small + 8 : 0;
    const top = d.kind === 'rows' ? small + 8 : 0;
    const below = d.kind === 'langford' ? small + 6 : 0;
    const w = left + d.cols * cell + 2, h = top + d.rows * cell + below + 2;
    const x0 = left + 1, y0 = top + 1;
    const frame = `${cell} ${label} ${small}`;
    if (this.frame?.d !== d || this.frame.key !== frame) this.build(d, { cell, label, small, left, top, w, h, x0, y0 }, frame);
    const f = this.frame;
    const labelled = d.kind === 'queens' || d.kind === 'sudoku' || d.kind === 'langford' || d.kind === 'pentominoes';
    for (let at = 0; at < d.rows * d.cols; at++) {
      const got = cells.get(at);
      let cls = f.base[at];
      if (got && d.kind !== 'queens' && d.kind !== 'sudoku') cls += ` g${got.group % 12}`;
      if (got && got.option === trying) cls += ' trying';
      const rect = f.rects[at];
      if (f.cls[at] !== cls) rect.setAttribute('class', f.cls[at] = cls);
      const option = got ? got.option : -1;
      if (f.option[at] !== option) {
        f.option[at] = option;
        if (got) rect.dataset.option = option;
        else delete rect.dataset.option;
      }
      const text = got && labelled ? got.label : '';
      if (f.text[at] !== text) f.labels[at].textContent = f.text[at] = text;
      const one = f.ones[at];
      if (one && one.shown !== !got) {
        one.shown = !got;
        one.el.setAttribute('visibility', got ? 'hidden' : 'visible');
      }
    }
    if (f.edge) {
      const path = this.outline(d, cells, cell, x0, y0);
      if (f.path !== path) f.edge.setAttribute('d', f.path = path);
    }
  }

  /** The picture's frame for drawing `d` at size `s`: every element the placements change, built once. */
  build(d, s, key) {
    const { cell, label, small, left, w, h, x0, y0 } = s;
    const svg = this.svg;
    svg.replaceChildren();
    const set = (name, v) => {
      if (svg.getAttribute(name) !== String(v)) svg.setAttribute(name, v);
    };
    set('width', w);
    set('height', h);
    set('viewBox', `0 0 ${w} ${h}`);
    const el = (name, attrs, text) => {
      const e = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      svg.append(e);
      return e;
    };
    const n = d.rows * d.cols;
    const f = { d, key, rects: [], labels: [], base: [], cls: [], option: new Int32Array(n).fill(-1), text: new Array(n).fill(''), ones: [], edge: null, path: '' };
    for (let r = 0; r < d.rows; r++) {
      for (let c = 0; c < d.cols; c++) {
        const at = r * d.cols + c;
        const base = d.kind === 'queens' ? `pic-cell ${(r + c) % 2 ? 'dark' : 'light'}` : 'pic-cell';
        f.base.push(base);
        f.cls.push(base);
        f.rects.push(el('rect', { x: x0 + c * cell, y: y0 + r * cell, width: cell, height: cell, class: base, 'data-cell': at }));
        f.labels.push(el('text', { x: x0 + (c + 0.5) * cell, y: y0 + (r + 0.5) * cell, 'font-size': label, class: 'pic-label', 'data-cell': at }));
      }
    }
    if (d.kind === 'rows') {
      // Every option's 1s, faint, where no chosen option fills the cell.
      for (let o = 0; o < d.starts.length - 1; o++) {
        for (let k = d.starts[o]; k < d.starts[o + 1]; k++) {
          const at = d.cells[k];
          const r = Math.floor(at / d.cols), c = at % d.cols;
          f.ones[at] = { el: el('circle', { cx: x0 + (c + 0.5) * cell, cy: y0 + (r + 0.5) * cell, r: cell * 0.18, class: 'pic-one' }), shown: true };
        }
        el('text', { x: left - 4, y: y0 + (o + 0.5) * cell, 'font-size': small, class: 'pic-head', 'text-anchor': 'end' }, String(o + 1));
      }
      d.heads.forEach((name, c) => el('text', { x: x0 + (c + 0.5) * cell, y: small / 2 + 2, 'font-size': small, class: 'pic-head' }, name));
    }
    if (d.kind === 'langford') {
      for (let c = 0; c < d.cols; c++) el('text', { x: x0 + (c + 0.5) * cell, y: y0 + cell + small / 2 + 4, 'font-size': small, class: 'pic-head' }, String(c + 1));
    }
    const box = Math.round(Math.sqrt(d.cols));
    if (d.kind === 'sudoku' && box * box === d.cols) {
      for (let k = 0; k <= d.cols; k += box) {
        el('line', { x1: x0 + k * cell, y1: y0, x2: x0 + k * cell, y2: y0 + d.rows * cell, class: 'pic-box' });
        el('line', { x1: x0, y1: y0 + k * cell, x2: x0 + d.cols * cell, y2: y0 + k * cell, class: 'pic-box' });
      }
    }
    if (d.kind === 'pentominoes') f.edge = el('path', { d: '', class: 'pic-edge' });
    this.frame = f;
  }

  /** Thick lines between cells of different pieces (and round the board), so that each piece reads as one shape: a path's `d`. */
  outline(d, cells, cell, x0, y0) {
    const of = (r, c) => (r < 0 || c < 0 || r >= d.rows || c >= d.cols ? -2 : cells.get(r * d.cols + c)?.option ?? -1);
    let path = '';
    for (let r = 0; r <= d.rows; r++) {
      for (let c = 0; c < d.cols; c++) if (of(r - 1, c) !== of(r, c)) path += `M${x0 + c * cell} ${y0 + r * cell}h${cell}`;
    }
    for (let c = 0; c <= d.cols; c++) {
      for (let r = 0; r < d.rows; r++) if (of(r, c - 1) !== of(r, c)) path += `M${x0 + c * cell} ${y0 + r * cell}v${cell}`;
    }
    return path;
  }
}
