// The exact-cover workbench's views of its search: the item list with each item's length,
// and the options × items matrix. They draw what wasm reports (a `Picture` of the trace, the
// trace's option lists); neither works out a cover.

import { ItemFlag, OptionState } from '../../wasm/picture.js';
import { themeColors } from '../../core/theme-colors.js';
import { grouped } from '../../core/format.js';

/** At most this many items get a chip; the rest are counted. */
const MAX_CHIPS = 1500;

/** The items, each with its length and state: covered, chosen, being chosen, dead end. */
export class CoverItemsView {
  constructor(root) {
    this.root = root;
    this.trace = null;
    /** The items changed since the chips were last written (a Set, or 'all'), or null. */
    this.stale = null;
  }

  build(trace) {
    this.trace = trace;
    const n = Math.min(trace.items, MAX_CHIPS);
    this.chips = [];
    const list = document.createElement('ol');
    list.className = 'cover-items';
    for (let i = 0; i < n; i++) {
      const li = document.createElement('li');
      li.className = i >= trace.primary ? 'secondary' : '';
      li.dataset.item = String(i); // predict mode picks an item by its chip
      const name = Object.assign(document.createElement('span'), { className: 'name', textContent: trace.itemName(i) });
      const colour = Object.assign(document.createElement('span'), { className: 'colour' });
      const len = Object.assign(document.createElement('span'), { className: 'len' });
      li.append(name, colour, len);
      list.append(li);
      this.chips.push([li, len.appendChild(document.createTextNode('')), '', colour]);
    }
    const more = trace.items > n ? [Object.assign(document.createElement('p'), { className: 'more', textContent: `… and ${grouped(trace.items - n)} more items` })] : [];
    this.root.replaceChildren(list, ...more);
  }

  /**
   * Writes the chips of the items that changed. `now` false (the frames between two writes
   * of the words at top speed, see the shell's WORDS_MS): only remembers which changed, and
   * writes them at the next frame that writes. At top speed nearly every chip changed in
   * every frame (its length, its class, its title), and the list's restyle, layout and
   * paint were the largest part of a frame of pentominoes 6×10; lengths that change 60
   * times a second are not read, and the chips still move ten times a second.
   */
  render(trace, pic, now = true) {
    if (!trace) {
      this.root.replaceChildren();
      this.trace = null;
      return;
    }
    if (trace !== this.trace) {
      this.build(trace);
      this.stale = null;
    }
    if (!now) {
      if (pic.all) this.stale = 'all';
      else if (this.stale !== 'all') {
        this.stale ??= new Set();
        for (const i of pic.changedItems) this.stale.add(i);
      }
      return;
    }
    const stale = this.stale;
    this.stale = null;
    const which = pic.all || stale === 'all' ? null : stale ? [...stale, ...pic.changedItems] : pic.changedItems;
    const count = which ? which.length : this.chips.length;
    for (let k = 0; k < count; k++) {
      const i = which ? which[k] : k;
      if (i >= this.chips.length) continue;
      const slot = this.chips[i];
      const f = pic.flags[i];
      // A purified item (a problem with colours) shows the colour an option of the partial solution gave it.
      const colour = pic.colours?.[i] ? trace.colourName(pic.colours[i]) : '';
      const state = `${pic.len[i]}|${f}|${colour}`;
      if (slot[2] === state) continue;
      slot[2] = state;
      // Each part written only if it changed (a length often changes alone).
      if (slot[1].nodeValue !== String(pic.len[i])) slot[1].nodeValue = String(pic.len[i]);
      const li = slot[0];
      const cls = [
        i >= trace.primary && 'secondary',
        f & ItemFlag.Covered && 'covered',
        colour && 'purified',
        f & ItemFlag.Top ? 'top' : f & ItemFlag.Chosen && 'chosen',
        f & ItemFlag.DeadEnd && 'dead',
      ].filter(Boolean).join(' ');
      if (li.className !== cls) li.className = cls;
      if (slot[3].textContent !== (colour ? `:${colour}` : '')) slot[3].textContent = colour ? `:${colour}` : '';
      const title = `${trace.itemName(i)}: ${colour ? `coloured ${colour} by the partial solution; ` : ''}${pic.len[i]} option${pic.len[i] === 1 ? '' : 's'}${f & ItemFlag.Covered ? ' when covered' : ' left'}`;
      if (li.title !== title) li.title = title;
    }
  }
}

// The matrix's colours: the whole-matrix view's own CSS variables (style.css).
const VARS = ['--mx-bg', '--mx-dot', '--mx-hidden', '--mx-hidden-dot', '--mx-tried', '--mx-tried-dot', '--mx-trying', '--mx-trying-dot',
  '--mx-pending', '--mx-pending-dot', '--mx-covered', '--mx-top', '--mx-chosen', '--mx-dead', '--mx-grid'];
/** The canvas is kept below this many pixels a side. */
const MAX_SIDE = 4096;
/** Canvases bigger than this are not repainted while the search plays. */
const MAX_PLAYING_PIXELS = 1_000_000;
/** The strip of item marks above the rows, in CSS pixels. */
const STRIP = 5;

/**
 * One row per option, one column per item, a block for each 1: its option's state (live,
 * hidden, in the partial solution, being tried, a branch still to try) colours the row,
 * its item's state (covered, chosen, dead end) the column.
 */
export class CoverMatrixView {
  /** `onResize()`: the box changed width, and the matrix wants drawing again for it. */
  constructor(root, { onResize = () => {} } = {}) {
    this.root = root;
    this.canvas = root.querySelector('canvas');
    this.ctx = this.canvas.getContext('2d');
    this.trace = null;
    this.colors = null;
    this.box = 0;
    // Sized for its box's width when drawn: a narrower box (a window made narrower, a phone
    // turned) kept the wider matrix, 76 px of it out of sight.
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        if (!this.box || !this.root.clientWidth || this.boxWidth() === this.box) return;
        this.built = '';
        onResize();
      }).observe(root);
    }
    // What does not fit in the canvas (at most MAX_SIDE pixels a side) is not drawn: said here.
    this.note = Object.assign(document.createElement('p'), { className: 'matrix-cut', hidden: true });
    root.after(this.note);
    this.cut = '';
  }

  restyle() {
    const css = themeColors(this.root, [...VARS, '--panel', '--ink']);
    const rgb = (s) => (s.match(/\d+(\.\d+)?/g) ?? [0, 0, 0]).slice(0, 3).map(Number);
    this.colors = Object.fromEntries(VARS.map((v) => [v, rgb(css[v])]));
    this.colors.panel = css['--panel'];
    this.colors.ink = css['--ink'];
    this.key = '';
    this.built = ''; // large type changes the labels' size
  }

  /**
   * Sizes the canvas for the box's width: the columns share the whole width (they were at
   * most 28 px, a 7-item problem used a fifth of its box). A small problem's rows are tall
   * enough to name each option at the left, and its columns wide enough to name each item
   * above (it had no labels at all); the labels are 12 px, 16 px in large type (the
   * canvas's `data-label-px` says which, for tests).
   */
  build(trace) {
    this.trace = trace;
    const items = trace.items, options = trace.options;
    this.optionItems = Array.from({ length: options }, (_, o) => trace.optionItems(o));
    const style = getComputedStyle(this.root);
    const font = Math.max(12, Math.round(parseFloat(style.fontSize) * 0.75));
    this.font = `${font}px ${style.fontFamily}`;
    this.ctx.font = this.font;
    const width = (t) => this.ctx.measureText(t).width;
    const box = this.boxWidth();
    this.box = box;
    const pitch = Math.ceil(font * 1.3);
    // Names at the left (at most 40% of the box, longer ones cut with '…') when each row can be one.
    const nameRows = options * pitch <= 1600;
    const longest = nameRows ? Math.max(...Array.from({ length: options }, (_, o) => width(trace.optionName(o)))) : 0;
    const left = nameRows ? Math.ceil(Math.min(box * 0.4, longest + 8)) : 0;
    const cw = Math.max(1, Math.min(64, Math.floor((box - left) / items)));
    const nameCols = cw >= pitch;
    const top = nameCols ? Math.ceil(Math.min(120, Math.max(...Array.from({ length: items }, (_, i) => width(trace.itemName(i)))) + 8)) : 0;
    const rh = nameRows ? pitch : Math.max(1, Math.min(cw, 18, Math.floor(MAX_SIDE / options)));
    this.cell = [cw, rh];
    this.margin = [left, top];
    this.labelPx = nameRows || nameCols ? font : 0;
    this.canvas.dataset.labelPx = String(this.labelPx);
    const rows = Math.min(options, Math.floor(MAX_SIDE / rh)), cols = Math.min(items, Math.floor(MAX_SIDE / cw));
    const cut = [rows < options && `the first ${grouped(rows)} of ${grouped(options)} options`, cols < items && `the first ${grouped(cols)} of ${grouped(items)} items`].filter(Boolean);
    this.cut = cut.length ? `The picture holds only ${cut.join(' and ')}.` : '';
    this.note.textContent = this.cut;
    const scale = Math.min(2, Math.max(1, Math.round(devicePixelRatio || 1)));
    this.scale = scale;
    const w = Math.min(MAX_SIDE, items * cw), h = STRIP + Math.min(MAX_SIDE, options * rh);
    this.canvas.width = (left + w) * scale;
    this.canvas.height = (top + h) * scale;
    this.canvas.style.width = `${left + w}px`;
    this.canvas.style.height = `${top + h}px`;
    this.image = this.ctx.createImageData(w * scale, h * scale);
    this.built = `${box} ${font}`;
    this.key = '';
  }

  /** The option names at the left and the item names above, in the margins. */
  drawLabels() {
    const [left, top] = this.margin;
    if (!left && !top) return;
    const { ctx, scale: s, trace } = this;
    const [cw, rh] = this.cell;
    ctx.save();
    ctx.scale(s, s);
    ctx.fillStyle = this.colors.panel;
    ctx.fillRect(0, 0, this.canvas.width / s, top);
    ctx.fillRect(0, 0, left, this.canvas.height / s);
    ctx.fillStyle = this.colors.ink;
    ctx.font = this.font;
    ctx.textBaseline = 'middle';
    const fitted = (text, room) => {
      if (ctx.measureText(text).width <= room) return text;
      const chars = Array.from(text);
      while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > room) chars.pop();
      return `${chars.join('')}…`;
    };
    if (left) {
      ctx.textAlign = 'right';
      for (let o = 0; o < this.optionItems.length; o++) {
        const y = top + STRIP + o * rh + rh / 2;
        if (y > this.canvas.height / s) break;
        ctx.fillText(fitted(trace.optionName(o), left - 8), left - 4, y);
      }
    }
    if (top) {
      ctx.textAlign = 'left';
      for (let i = 0; i < trace.items; i++) {
        const x = left + i * cw + cw / 2;
        if (x > this.canvas.width / s) break;
        ctx.save();
        ctx.translate(x, top - 4);
        ctx.rotate(-Math.PI / 2);
        ctx.fillText(fitted(trace.itemName(i), top - 8), 0, 0);
        ctx.restore();
      }
    }
    ctx.restore();
  }

  /** The canvas's text alternative: what it shows, in numbers. */
  describe(pic) {
    const n = {};
    for (const k in OptionState) n[OptionState[k]] = 0;
    for (const s of pic.options) n[s]++;
    let covered = 0;
    for (let i = 0; i < pic.items; i++) covered += pic.covered(i) ? 1 : 0;
    return `The matrix: ${grouped(pic.options.length)} options (rows) × ${grouped(pic.items)} items (columns). ` +
      `${grouped(n[OptionState.Live])} live, ${n[OptionState.Given] ? `${grouped(n[OptionState.Given])} chosen before the search, ` : ''}${grouped(n[OptionState.Tried])} in the partial solution, ${grouped(n[OptionState.Pending])} still to try, ` +
      `${grouped(n[OptionState.Hidden] + n[OptionState.Spent])} hidden or spent; ${grouped(covered)} items covered.${this.cut ? ` ${this.cut}` : ''}`;
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
    if (!this.colors) this.restyle();
    if (trace !== this.trace || !this.built) this.build(trace);
    hide(this.note, !this.cut);
    // A big canvas is painted when the search stops, not in every frame of a run.
    if (!idle && this.canvas.width * this.canvas.height > MAX_PLAYING_PIXELS) return;
    const key = `${pic.events}`;
    if (key === this.key) return;
    this.key = key;
    const c = this.colors;
    const { width, height, data } = this.image;
    const [cw0, rh0] = this.cell;
    const s = this.scale, cw = cw0 * s, rh = rh0 * s;
    const fill = (x0, y0, w, h, [r, g, b]) => {
      for (let y = y0; y < Math.min(height, y0 + h); y++) {
        let p = (y * width + x0) * 4;
        for (let x = x0; x < Math.min(width, x0 + w); x++, p += 4) {
          data[p] = r;
          data[p + 1] = g;
          data[p + 2] = b;
          data[p + 3] = 255;
        }
      }
    };
    // A strip above the rows marks each item's state; a chosen item's column is tinted too.
    fill(0, 0, width, height, c['--mx-bg']);
    const G = STRIP * s;
    const tints = new Array(pic.items);
    for (let i = 0; i < pic.items; i++) {
      const f = pic.flags[i];
      tints[i] = f & ItemFlag.DeadEnd ? c['--mx-dead'] : f & ItemFlag.Top ? c['--mx-top'] : f & ItemFlag.Chosen ? c['--mx-chosen'] : f & ItemFlag.Covered ? c['--mx-covered'] : null;
      fill(i * cw, 0, cw, G - s, tints[i] ?? c['--mx-grid']);
    }
    const top = pic.choices.length ? pic.choices[pic.choices.length - 1] : null;
    const trying = top?.trying ? top.option : -1;
    // By OptionState; Given (chosen before the search) as tried.
    const bgOf = [];
    bgOf[OptionState.Hidden] = bgOf[OptionState.Spent] = c['--mx-hidden'];
    bgOf[OptionState.Live] = c['--mx-bg'];
    bgOf[OptionState.Tried] = bgOf[OptionState.Given] = c['--mx-tried'];
    bgOf[OptionState.Pending] = c['--mx-pending'];
    const dotOf = [c['--mx-hidden-dot'], c['--mx-dot'], c['--mx-tried-dot'], c['--mx-pending-dot'], c['--mx-hidden-dot'], c['--mx-tried-dot']];
    const gap = rh >= 4 * s ? s : 0, gapX = cw >= 4 * s ? s : 0;
    for (let o = 0; o < this.optionItems.length; o++) {
      const y = G + o * rh;
      if (y >= height) break;
      const st = pic.options[o];
      const bg = o === trying ? c['--mx-trying'] : bgOf[st];
      const dot = o === trying ? c['--mx-trying-dot'] : dotOf[st];
      if (bg !== c['--mx-bg']) fill(0, y, width, rh, bg);
      for (const i of this.optionItems[o]) {
        // A live option's 1 in a chosen or dead item's column takes the column's colour.
        const d = st === OptionState.Live && tints[i] && !(pic.flags[i] & ItemFlag.Covered) ? tints[i] : dot;
        fill(i * cw + gapX, y + gap, cw - 2 * gapX || 1, rh - 2 * gap || 1, d);
      }
    }
    this.ctx.putImageData(this.image, this.margin[0] * s, this.margin[1] * s);
    this.drawLabels();
    if (idle) this.canvas.setAttribute('aria-label', this.describe(pic));
  }
}
