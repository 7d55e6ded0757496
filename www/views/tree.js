// The search tree, drawn as the search steps: one node per option tried (www/wasm/tree-layout.js places
// what Rust reports, `Trace.tree()`), dead ends red, solutions green, the path the search is
// on highlighted, the branches not yet tried faint. A canvas under a scrolling box (the box
// scrolls, the canvas draws what is in view), with − / + to zoom; a click on a node, or
// the arrow keys and Enter, move the search to the moment that node was tried (through the
// player's seek: Rust moves the search). A <details>, shown or hidden like the pseudocode
// (the page remembers which), whose figure is named "Search tree" and whose caption says
// the counts and the path.

import { readTree, layOut, nodeWords, treeWords, NONE, DEAD_END, SOLUTION } from '../wasm/tree-layout.js';
import { themeColors } from '../core/theme-colors.js';
import { grouped } from '../core/format.js';
import { readPref, writePref } from '../core/prefs.js';

/** A leaf's width and a level's height at zoom 1, in CSS pixels. */
const SLOT = 26, ROW = 30, PAD = 14;
const ZOOMS = [0.125, 0.18, 0.25, 0.35, 0.5, 0.7, 1, 1.4, 2, 3];
/** A tree this big is drawn at most once every LATER_MS while the search moves. */
const BIG = 2000, LATER_MS = 250;
/** Room for a horizontal scroll bar under the tree. */
const BAR = 16;
/** A fitted tree's levels are drawn no closer than this (px): deeper, it scrolls down. */
const MIN_ROW = 2.4;
/** A label's gap from its node, and the most labels tried in one painting. */
const GAP = 4, MAX_LABELS = 400;

export class TreeView {
  /** `root`: an empty <details>; `onPick(step)`: move the search to event number `step`;
   *  `onBack(options)`: back to the moment it tried the last of `options` (from level 0) below
   *  the others, for a node whose step a fold did not keep; `onBranch(level, n)`: forward until
   *  the search has tried `n` more options at `level`. */
  constructor(root, { onPick, onBack, onBranch }) {
    this.root = root;
    this.onPick = onPick;
    this.onBack = onBack;
    this.onBranch = onBranch;
    root.open = readPref('tree', 'open') !== 'closed';
    const summary = Object.assign(document.createElement('summary'), { textContent: 'Search tree' });
    const figure = document.createElement('figure');
    figure.className = 'tree-fig';
    figure.setAttribute('aria-label', 'Search tree');
    const bar = document.createElement('div');
    bar.className = 'tree-bar';
    const button = (label, text, f) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text });
      b.setAttribute('aria-label', label);
      b.addEventListener('click', f);
      bar.append(b);
      return b;
    };
    this.zoomOut = button('Zoom the tree out', '−', () => this.zoom(-1));
    this.zoomIn = button('Zoom the tree in', '+', () => this.zoom(1));
    // Finished branches off the path folded into their top node (the page remembers).
    this.fold = readPref('treeFold', 'off') === 'on';
    this.foldButton = button('Fold finished branches', 'Fold finished', () => {
      this.fold = !this.fold;
      this.foldButton.setAttribute('aria-pressed', String(this.fold));
      writePref('treeFold', this.fold ? 'on' : 'off');
      this.redraw(true);
    });
    this.foldButton.setAttribute('aria-pressed', String(this.fold));
    this.legend = Object.assign(document.createElement('span'), { className: 'tree-legend' });
    this.legend.innerHTML = '<span><i class="tree-sw path"></i> path</span> <span><i class="tree-sw dead"></i> dead end</span> <span><i class="tree-sw ok"></i> solution</span> <span><i class="tree-sw ghost"></i> not yet tried</span>';
    bar.append(this.legend);
    this.area = document.createElement('div');
    this.area.className = 'tree-area';
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('aria-hidden', 'true');
    this.scroller = document.createElement('div');
    this.scroller.className = 'tree-scroll';
    this.scroller.tabIndex = 0;
    this.scroller.setAttribute('role', 'group');
    this.scroller.setAttribute('aria-label', 'The nodes: arrow keys pick one, Enter goes to it');
    this.space = document.createElement('div');
    this.space.className = 'tree-space';
    this.scroller.append(this.space);
    this.area.append(this.canvas, this.scroller);
    this.picked = Object.assign(document.createElement('p'), { className: 'tree-picked' });
    this.picked.setAttribute('aria-live', 'polite');
    this.caption = document.createElement('figcaption');
    this.caption.className = 'tree-caption';
    // The caption shows the path's last steps; the figure's description (a hidden paragraph,
    // which aria-describedby still reads) says it whole.
    this.caption.setAttribute('aria-hidden', 'true');
    this.shown = this.caption;
    this.said = Object.assign(document.createElement('p'), { className: 'tree-said', id: `${root.id}-said`, hidden: true });
    figure.setAttribute('aria-describedby', this.said.id);
    figure.append(bar, this.area, this.picked, this.caption, this.said);
    root.append(summary, figure);
    this.ctx = this.canvas.getContext('2d');
    root.addEventListener('toggle', () => {
      writePref('tree', root.open ? 'open' : 'closed');
      if (root.open) this.redraw(true);
    });
    // The scroll position and the box's size are kept here, learnt from events and observers:
    // reading them from the DOM in the middle of a frame would lay out the whole page.
    this.scroll = [0, 0];
    this.written = null; // the position show() last gave the box, until its scroll event comes
    this.scroller.addEventListener('scroll', () => {
      const at = [this.scroller.scrollLeft, this.scroller.scrollTop];
      // The page's own scroll (show()) comes back here a frame later, already drawn. By then
      // a redraw may have moved this.scroll on (under load its timer can run between the
      // write and the event): the stale position then overwrote the new one, painted the
      // tree there, and the follow was lost. So the position last written is passed over too.
      const own = this.written;
      this.written = null;
      if (own && at[0] === own[0] && at[1] === own[1]) return;
      if (at[0] === this.scroll[0] && at[1] === this.scroll[1]) return;
      this.scroll = at;
      this.paint();
    });
    this.scroller.addEventListener('click', (e) => this.click(e));
    this.scroller.addEventListener('mousemove', (e) => this.hover(e));
    this.scroller.addEventListener('keydown', (e) => this.key(e));
    this.css = [0, 0];
    new ResizeObserver(([entry]) => {
      this.css = [entry.contentRect.width, entry.contentRect.height];
      this.place();
    }).observe(this.area);
    // Drawn only while on screen (the page's lower half is often out of view while it plays).
    this.inView = true;
    new IntersectionObserver(([entry]) => {
      this.inView = entry.isIntersecting;
      if (this.inView) this.redraw(true);
    }).observe(root);
    this.z = -1; // fitted until − or + is pressed
    this.drawn = -Infinity;
    this.sel = -1;
    this.key_ = '';
    this.tree = null;
    /** Trees read, laid out and painted, and the ms they took (bench/tree-fps.mjs reads them). */
    this.stats = { draws: 0, ms: 0, paints: 0, paintMs: 0 };
  }

  /** Re-reads the theme's colours (a theme or type-size change). */
  restyle() {
    this.colors = null;
    this.maxTall = null;
    this.widths = null;
    this.place();
    this.paint();
  }

  /**
   * Draws the tree of `trace` at the moment of `pic` (www/wasm/picture.js), its words from `words`
   * (www/core/narration.js `wordsFor`); `label(option)`, a room's short name of an option (a
   * workbench Sudoku's "r1c2 = 3"), or null where its name stands. Only while shown, and only
   * when the search moved.
   */
  render(pic, trace, words, label = null) {
    this.trace = trace;
    this.words = words;
    this.label = label;
    this.pic = pic;
    this.redraw(false);
  }

  redraw(force) {
    const { trace, pic } = this;
    if (!this.root.open || !this.inView || !trace || !pic) return;
    const key = `${pic.events} ${pic.depth}`;
    if (!force && key === this.key_ && trace === this.traceShown) return;
    // A big tree while the search runs fast: drawn a few times a second, and once more after.
    const now = performance.now();
    if (!force && this.tree?.size > BIG && trace === this.traceShown && now - this.drawn < LATER_MS) {
      clearTimeout(this.later);
      this.later = setTimeout(() => this.redraw(false), LATER_MS);
      return;
    }
    this.drawn = now;
    const moved = trace !== this.traceShown || key !== this.key_;
    if (trace !== this.traceShown) this.sel = -1;
    this.key_ = key;
    this.traceShown = trace;
    const folds = this.tree?.folds;
    const t0 = performance.now();
    this.tree = readTree(trace.tree(0));
    this.lay = layOut(this.tree, this.fold);
    this.stats.draws++;
    this.stats.ms += performance.now() - t0;
    // A fold renumbers the nodes: a node picked before is gone.
    if (folds !== this.tree.folds || this.sel >= this.ids || (this.sel >= 0 && this.sel < this.tree.size && this.lay.hidden[this.sel])) this.sel = -1;
    // Read out whole; shown with the path's last steps only (a 9×9's path is dozens long).
    this.said.textContent = this.words ? treeWords(this.tree, this.lay, this.words) : '';
    this.shown.textContent = this.words ? treeWords(this.tree, this.lay, this.words, 3) : '';
    this.root.dataset.nodes = String(this.tree.size);
    this.place(moved);
  }

  /** The zooms across and down: fitted to the box (a small tree spread out, a large one no
   *  smaller than the least zoom), or the one chosen with − and +. */
  scale() {
    if (this.z >= 0) return [ZOOMS[this.z], ZOOMS[this.z]];
    const { slots, levels } = this.lay;
    const across = (this.css[0] - 2 * PAD) / (Math.max(1, slots) * SLOT);
    // The whole depth in the box, as tall as it can grow (its CSS max-height): the root is
    // never scrolled off (a 9×9's long chains of forced moves had their top cut off).
    const down = (this.tallest() - BAR - 2 - 2 * PAD) / Math.max(1, levels * ROW);
    return [Math.max(ZOOMS[0], Math.min(across, 6)), Math.max(MIN_ROW / ROW, Math.min(down, 1.2))];
  }

  /** The box's greatest height (CSS max-height; large type's is taller), read once a style. */
  tallest() {
    this.maxTall ??= parseFloat(getComputedStyle(this.area).maxHeight) || 240;
    return this.maxTall;
  }

  zoom(d) {
    if (!this.lay) return;
    const s = Math.min(...this.scale());
    let z = this.z >= 0 ? this.z : ZOOMS.findIndex((v) => v >= s - 1e-9);
    if (z < 0) z = ZOOMS.length - 1;
    this.z = Math.max(0, Math.min(ZOOMS.length - 1, z + d));
    this.place(true);
  }

  /** Sizes the scrolled space for the tree and the canvas for the box; follows the current node. */
  place(follow = false) {
    // Before the box has a size (the page's first drawing, a link's step), the follow waits
    // for the observer's call: dropped, a link to a deep step showed the root alone.
    if (!this.tree || !this.css[0]) {
      this.followLater ||= follow;
      return;
    }
    follow ||= this.followLater;
    this.followLater = false;
    [this.sx, this.sy] = this.scale();
    this.s = Math.min(this.sx, this.sy);
    const w = Math.max(1, this.lay.slots) * SLOT * this.sx + 2 * PAD;
    const h = this.lay.levels * ROW * this.sy + 2 * PAD;
    // A tree narrower than the box stands in its middle.
    this.left = Math.max(0, (this.css[0] - w) / 2);
    const set = (style, name, px) => {
      if (style[name] !== px) style[name] = px;
    };
    this.spaceSize = [Math.ceil(w), Math.ceil(h)];
    // The old position, clamped to the new size (the browser does so without a scroll event).
    this.scroll = [Math.min(this.scroll[0], Math.max(0, this.spaceSize[0] - this.css[0])), Math.min(this.scroll[1], Math.max(0, this.spaceSize[1] + this.bar() - this.css[1]))];
    set(this.space.style, 'width', `${Math.ceil(w)}px`);
    set(this.space.style, 'height', `${Math.ceil(h)}px`);
    // As tall as the tree (and a scroll bar), up to the box's largest (CSS max-height).
    set(this.area.style, 'height', `${Math.ceil(h + BAR + 2)}px`);
    this.zoomOut.disabled = this.z === 0;
    this.zoomIn.disabled = this.z === ZOOMS.length - 1;
    if (follow) {
      const here = this.tree.path[this.tree.path.length - 1];
      const [x, y] = this.at(this.lay.x[here], this.lay.depth[here]);
      this.show(x, y, PAD);
    }
    this.paint();
  }

  /** Scrolls point (x, y) into the box, `margin` inside it, if it is out. */
  show(x, y, margin) {
    const [cw, ch] = this.css, sc = this.scroller;
    let [left, top] = this.scroll;
    // As the browser clamps it (no scroll event comes when the clamped position is the old one).
    const [w, h] = this.spaceSize;
    if (x < left + margin || x > left + cw - margin) left = Math.round(Math.min(Math.max(0, w - cw), Math.max(0, x - cw / 2)));
    if (y < top + margin || y > top + ch - margin) top = Math.round(Math.min(Math.max(0, h + this.bar() - ch), Math.max(0, y - ch / 2)));
    if (left === this.scroll[0] && top === this.scroll[1]) return;
    this.scroll = [left, top];
    // The box is scrolled at the start of the next frame, not now: a scroll written in the
    // middle of the player's frame made the browser lay out the whole page there and then
    // (and again at the frame's end). The drawing follows this.scroll at once.
    if (!this.scrollSoon) {
      this.scrollSoon = requestAnimationFrame(() => {
        this.scrollSoon = 0;
        const [l, t] = this.scroll;
        // Remembered only when written: no scroll event comes for a position the box has.
        if (sc.scrollLeft !== l || sc.scrollTop !== t) this.written = [l, t];
        if (sc.scrollLeft !== l) sc.scrollLeft = l;
        if (sc.scrollTop !== t) sc.scrollTop = t;
      });
    }
  }

  /** The room a horizontal scroll bar takes under the tree: none when the tree is no wider
   *  than the box (then the box scrolls down no further than the tree; counting a bar there
   *  left the drawing a bar's worth above where the browser had scrolled, the root cut off). */
  bar() {
    return this.spaceSize[0] > this.css[0] ? BAR : 0;
  }

  /** A node's place in the scrolled space (CSS pixels). */
  at(x, depth) {
    return [this.left + PAD + (x + 0.5) * SLOT * this.sx, PAD + (depth + 0.5) * ROW * this.sy];
  }

  paint() {
    const { tree: t, lay } = this;
    if (!t || !this.css[0] || !this.root.open) return;
    const t0 = performance.now();
    this.paintTree(t, lay);
    this.stats.paints++;
    this.stats.paintMs += performance.now() - t0;
  }

  paintTree(t, lay) {
    const dpr = window.devicePixelRatio || 1;
    const [cw, ch] = this.css;
    const W = Math.max(1, Math.round(cw * dpr)), H = Math.max(1, Math.round(ch * dpr));
    if (this.canvas.width !== W || this.canvas.height !== H) {
      this.canvas.width = W;
      this.canvas.height = H;
      this.canvas.style.width = `${cw}px`;
      this.canvas.style.height = `${ch}px`;
    }
    if (!this.colors) this.font = `${getComputedStyle(this.caption).fontSize} system-ui, sans-serif`;
    if (!this.colors) this.colors = themeColors(this.root, ['--ink', '--ink-soft', '--line-strong', '--accent', '--dead', '--ok', '--panel', '--focus']);
    const c = this.colors;
    const ctx = this.ctx;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cw, ch);
    const [ox, oy] = this.scroll;
    ctx.translate(-ox, -oy);
    const r = Math.max(1.5, Math.min(7, 6 * this.s));
    const onPath = new Uint8Array(t.size);
    for (const k of t.path) onPath[k] = 1;
    // Every node's place, once (a big tree is tens of thousands of nodes); what is out of the box is skipped.
    const X = new Float32Array(t.size), Y = new Float32Array(t.size);
    const ax = this.left + PAD + 0.5 * SLOT * this.sx, bx = SLOT * this.sx, ay = PAD + 0.5 * ROW * this.sy, by = ROW * this.sy;
    for (let k = 0; k < t.size; k++) {
      X[k] = ax + lay.x[k] * bx;
      Y[k] = ay + lay.depth[k] * by;
    }
    const visible = (x0, x1) => x1 >= ox - 8 && x0 <= ox + cw + 8;
    const seen = (y0, y1) => y1 >= oy - 8 && y0 <= oy + ch + 8;
    // Edges: the path's thick, the rest thin; the branches not yet tried dashed.
    ctx.lineWidth = Math.max(1, this.s * 1.5);
    ctx.strokeStyle = c['--ink-soft'];
    ctx.beginPath();
    for (let k = 1; k < t.size; k++) {
      if (onPath[k] || lay.hidden[k]) continue;
      const x = X[k], y = Y[k], px = X[t.parent[k]], py = Y[t.parent[k]];
      if (!visible(Math.min(x, px), Math.max(x, px)) || !seen(py, y)) continue;
      ctx.moveTo(px, py);
      ctx.lineTo(x, y);
    }
    ctx.stroke();
    ctx.setLineDash([3, 3]);
    ctx.strokeStyle = c['--line-strong'];
    ctx.beginPath();
    for (const g of lay.ghosts) {
      const [x, y] = this.at(g.x, lay.depth[g.parent] + 1);
      const [px, py] = this.at(lay.x[g.parent], lay.depth[g.parent]);
      ctx.moveTo(px, py);
      ctx.lineTo(x, y);
    }
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.lineWidth = Math.max(2, this.s * 4);
    ctx.strokeStyle = c['--accent'];
    ctx.beginPath();
    for (let j = 1; j < t.path.length; j++) {
      const [x, y] = this.at(lay.x[t.path[j]], lay.depth[t.path[j]]);
      const [px, py] = this.at(lay.x[t.path[j - 1]], lay.depth[t.path[j - 1]]);
      ctx.moveTo(px, py);
      ctx.lineTo(x, y);
    }
    ctx.stroke();
    // Nodes: the branches not yet tried hollow, then every node by how it ended.
    ctx.lineWidth = 1.5;
    ctx.setLineDash([2, 2]);
    ctx.strokeStyle = c['--line-strong'];
    ctx.fillStyle = c['--panel'];
    for (const g of lay.ghosts) {
      const [x, y] = this.at(g.x, lay.depth[g.parent] + 1);
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    }
    ctx.setLineDash([]);
    // One path a colour: the plain nodes, the path's, the dead ends, the solutions.
    const kinds = [[c['--ink-soft'], r], [c['--accent'], r * 1.25], [c['--dead'], r * 1.25], [c['--ok'], r * 1.25]];
    const kindOf = (k) => (t.end[k] === DEAD_END ? 2 : t.end[k] === SOLUTION ? 3 : onPath[k] ? 1 : 0);
    kinds.forEach(([colour, radius], kind) => {
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (let k = 0; k < t.size; k++) {
        const x = X[k], y = Y[k];
        if (lay.hidden[k] || kindOf(k) !== kind || !visible(x - radius, x + radius) || !seen(y - radius, y + radius)) continue;
        ctx.moveTo(x + radius, y);
        ctx.arc(x, y, radius, 0, 2 * Math.PI);
      }
      ctx.fill();
    });
    // A folded branch: a triangle under its node, red if it hides a dead end, green a
    // solution, with how many nodes it holds where there is room. A node that keeps some
    // children has its folded ones left of them, as a triangle on a stalk.
    const triangle = (x, y, e, count) => {
      if (!visible(x - 2 * r, x + 2 * r) || !seen(y, y + 4 * r)) return;
      ctx.fillStyle = e & 2 ? c['--ok'] : e & 1 ? c['--dead'] : c['--ink-soft'];
      ctx.beginPath();
      ctx.moveTo(x, y + r);
      ctx.lineTo(x - 1.6 * r, y + 4 * r);
      ctx.lineTo(x + 1.6 * r, y + 4 * r);
      ctx.closePath();
      ctx.fill();
      if (SLOT * this.sx >= 40) {
        ctx.font = this.font;
        ctx.fillStyle = c['--ink-soft'];
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        ctx.fillText(grouped(count), x, y + 4 * r + 2);
        ctx.textAlign = 'left';
      }
    };
    const endsOf = (k) => (t.belowDead[k] ? 1 : 0) | (t.belowFound[k] ? 2 : 0);
    for (let k = 0; k < t.size; k++) {
      if (lay.folded[k] && !lay.hidden[k] && !lay.shown[k]) triangle(X[k], Y[k], lay.foldEnds[k], lay.folded[k]);
    }
    ctx.lineWidth = Math.max(1, this.s * 1.5);
    ctx.strokeStyle = c['--ink-soft'];
    for (const { node: k, x: slot } of lay.sums) {
      const [x, y] = this.at(slot, lay.depth[k] + 1);
      if (!visible(Math.min(x, X[k]), Math.max(x, X[k])) || !seen(Y[k], y + 4 * r)) continue;
      ctx.beginPath();
      ctx.moveTo(X[k], Y[k]);
      ctx.lineTo(x, y);
      ctx.stroke();
      triangle(x, y - r, endsOf(k), t.belowNodes[k]);
    }
    // The names: each option's right of its node, the item a node branched on left of it (faint).
    if (this.words) this.paintLabels(t, lay, X, Y, r * 1.25, visible, seen);
    // The node the search is at, ringed; the node picked by the keys, ringed in the focus colour.
    const ring = (k, colour, gap) => {
      const [x, y] = this.at(lay.x[k], lay.depth[k]);
      ctx.lineWidth = 2;
      ctx.strokeStyle = colour;
      ctx.beginPath();
      ctx.arc(x, y, r * 1.25 + gap, 0, 2 * Math.PI);
      ctx.stroke();
    };
    ring(t.path[t.path.length - 1], c['--accent'], 3);
    if (this.sel >= 0 && this.sel < this.ids) {
      const [x, y] = this.pos(this.sel);
      ctx.lineWidth = 2;
      ctx.strokeStyle = c['--focus'];
      ctx.beginPath();
      ctx.arc(x, y, r * 1.25 + 6, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }

  /**
   * Places and draws the names where they fit: no name over another or over a node. Tried in
   * a fixed order (the node the search is at, the path from the bottom up, the solutions, the
   * dead ends, then the rest as tried), each in its full form, then shorter ones, or not at
   * all; so the same tree is always named alike. A node's full words are its tooltip and what
   * the keys say (select), and the figure's text reads the path out whole. `this.placed` says
   * what was drawn (`{k, side, text, full, box: [x0, y0, x1, y1]}`, for the tests).
   */
  paintLabels(t, lay, X, Y, R, visible, seen) {
    const ctx = this.ctx, c = this.colors;
    const size = parseFloat(this.font) || 13;
    const tall = size * 1.15;
    ctx.font = this.font;
    if (!this.widths || this.widths.font !== this.font) this.widths = { font: this.font, of: new Map() };
    const measure = (text) => {
      let w = this.widths.of.get(text);
      if (w === undefined) this.widths.of.set(text, (w = ctx.measureText(text).width));
      return w;
    };
    // A grid of what is drawn, to find overlaps fast: the nodes first, then each name placed.
    const CELL = 16, grid = new Map();
    const add = (b) => {
      for (let gx = Math.floor(b[0] / CELL); gx <= Math.floor(b[2] / CELL); gx++) {
        for (let gy = Math.floor(b[1] / CELL); gy <= Math.floor(b[3] / CELL); gy++) {
          const key = gx * 65536 + gy;
          const list = grid.get(key);
          if (list) list.push(b);
          else grid.set(key, [b]);
        }
      }
    };
    const free = (b, own) => {
      for (let gx = Math.floor(b[0] / CELL); gx <= Math.floor(b[2] / CELL); gx++) {
        for (let gy = Math.floor(b[1] / CELL); gy <= Math.floor(b[3] / CELL); gy++) {
          const list = grid.get(gx * 65536 + gy);
          if (!list) continue;
          for (const o of list) if (o.own !== own && o[0] < b[2] && b[0] < o[2] && o[1] < b[3] && b[1] < o[3]) return false;
        }
      }
      return true;
    };
    const shownNodes = [];
    for (let k = 0; k < t.size; k++) {
      if (lay.hidden[k] || !visible(X[k] - R, X[k] + R) || !seen(Y[k] - R, Y[k] + R)) continue;
      shownNodes.push(k);
      const b = [X[k] - R - 3, Y[k] - R - 3, X[k] + R + 3, Y[k] + R + 3]; // and its ring
      b.own = k;
      add(b);
      // A folded branch's triangle under it (see triangle() above).
      if (lay.folded[k] && !lay.shown[k]) add([X[k] - 1.3 * R, Y[k], X[k] + 1.3 * R, Y[k] + 3.2 * R]);
    }
    for (const g of lay.ghosts) {
      const [x, y] = this.at(g.x, lay.depth[g.parent] + 1);
      add([x - R, y - R, x + R, y + R]);
    }
    // The order names are tried in.
    const onPath = new Uint8Array(t.size);
    for (const k of t.path) onPath[k] = 1;
    const rankOf = (k) => (onPath[k] ? 0 : t.end[k] === SOLUTION ? 1 : t.end[k] === DEAD_END ? 2 : 3);
    const depthOnPath = (k) => (onPath[k] ? -lay.depth[k] : 0);
    shownNodes.sort((a, b) => rankOf(a) - rankOf(b) || depthOnPath(a) - depthOnPath(b) || a - b);
    const placed = [];
    const right = Math.max(this.spaceSize[0], this.css[0]); // names stay in the tree's space
    const place = (k, side, forms, colour) => {
      const full = forms[0];
      for (const text of forms) {
        const w = measure(text);
        const x0 = side > 0 ? X[k] + R + GAP : X[k] - R - GAP - w;
        const b = [x0, Y[k] - tall / 2, x0 + w, Y[k] + tall / 2];
        b.own = k;
        if (x0 < 0 || b[2] > right || !free(b, k)) continue;
        add(b);
        placed.push({ k, side, text, full, box: b.slice(0, 4), colour });
        return;
      }
    };
    for (const k of shownNodes.slice(0, MAX_LABELS)) {
      const name = k > 0 ? this.nameOf(t.option[k]) : '';
      if (name) place(k, 1, this.shortForms(name), c['--ink']);
      // The item a node branched on where it was a choice (a forced move's is its child's cell).
      const item = t.item[k] !== NONE && (t.branches[k] > 1 || (onPath[k] && t.branches[k])) ? this.words.item(t.item[k]) : undefined;
      if (item) place(k, -1, [item.replace(/^item /, '')], c['--ink-soft']);
    }
    // On a halo of the panel's colour: a name stays readable over an edge.
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 3;
    ctx.strokeStyle = c['--panel'];
    for (const p of placed) {
      ctx.strokeText(p.text, p.box[0], Y[p.k]);
      ctx.fillStyle = p.colour;
      ctx.fillText(p.text, p.box[0], Y[p.k]);
    }
    this.placed = placed;
  }

  /** An option's name as drawn beside its node: the room's short words, or its own name; ''
   *  where the words know no such option (a resize can paint the tree a size change is about
   *  to replace, with the new puzzle's words already in place). */
  nameOf(o) {
    return this.label?.(o) ?? this.words.option(o)?.replace(/^'|'$/g, '') ?? '';
  }

  /** A name and its shorter forms, longest first: "r3c4 = 3", "r3c4=3", "=3"; "r0 c1 a1 b2",
   *  "r0 c1 a1", "r0 c1", "r0" (an option's first items say the most: a queen's row and
   *  column, a Langford number, a piece). */
  shortForms(name) {
    const m = /^(\S+) = (\S+)$/.exec(name);
    if (m) return [name, `${m[1]}=${m[2]}`, `=${m[2]}`];
    const words = name.split(' ');
    const forms = [name];
    for (let n = words.length - 1; n >= 1; n--) forms.push(words.slice(0, n).join(' '));
    return forms;
  }

  /** Over a node, its full words as the tooltip (a name drawn short, or not drawn, in full). */
  hover(e) {
    if (!this.tree) return;
    const box = this.scroller.getBoundingClientRect();
    const id = this.nodeAt(e.clientX - box.left + this.scroller.scrollLeft, e.clientY - box.top + this.scroller.scrollTop);
    const title = id < 0 ? '' : this.wordsOf(id);
    if (this.scroller.title !== title) this.scroller.title = title;
  }

  /** How many nodes and branches not yet tried there are: ids `size…` are the branches. */
  get ids() {
    return this.tree.size + this.lay.ghosts.length;
  }

  /** The depth of a node or of a branch not yet tried (`id ≥ size`). */
  depthOf(id) {
    const { tree: t, lay } = this;
    return id < t.size ? lay.depth[id] : lay.depth[lay.ghosts[id - t.size].parent] + 1;
  }

  /** Where node or branch `id` is in the scrolled space. */
  pos(id) {
    const { tree: t, lay } = this;
    return this.at(id < t.size ? lay.x[id] : lay.ghosts[id - t.size].x, this.depthOf(id));
  }

  /** The node or branch nearest a point of the scrolled space, if one is near enough. */
  nodeAt(px, py) {
    let best = -1, dist = Infinity;
    for (let id = 0; id < this.ids; id++) {
      if (id < this.tree.size && this.lay.hidden[id]) continue;
      const [x, y] = this.pos(id);
      const d = (x - px) ** 2 + (y - py) ** 2;
      if (d < dist) [best, dist] = [id, d];
    }
    const reach = Math.max(10, Math.min(SLOT * this.sx, ROW * this.sy) * 0.6);
    return dist <= reach * reach ? best : -1;
  }

  click(e) {
    if (!this.tree) return;
    const box = this.scroller.getBoundingClientRect();
    const id = this.nodeAt(e.clientX - box.left + this.scroller.scrollLeft, e.clientY - box.top + this.scroller.scrollTop);
    if (id < 0) return;
    this.select(id);
    this.go(id);
  }

  /** A node's or a branch's words. */
  wordsOf(id) {
    const { tree: t, lay, words } = this;
    if (id < t.size) {
      const hides = lay.folded[id] ? `, folded: ${grouped(lay.folded[id])} more below` : '';
      const step = t.at[id] === NONE ? 'tried before its branch was folded' : `step ${grouped(t.at[id])}`;
      // A room's own name of the option first (a workbench Sudoku's "r1c2 = 3"), as drawn.
      const named = id > 0 && this.label?.(t.option[id]);
      const said = nodeWords(t, lay, id, words);
      return `${named ? `${named}: ${said}` : said} (${step})${hides}`;
    }
    const g = lay.ghosts[id - t.size];
    return `${words.item(t.item[g.parent])}: option ${g.rank + 1} of ${t.branches[g.parent]}, not yet tried`;
  }

  /** Picks node or branch `id` (ringed and said; not yet gone to). */
  select(id) {
    this.sel = id;
    this.picked.textContent = `Picked: ${this.wordsOf(id)}. Enter goes there.`;
    const [x, y] = this.pos(id);
    this.show(x, y, 0);
    this.paint();
  }

  /** To a node: back (or forward) to the step that tried it. To a branch not yet tried: forward
   *  until the search tries it (the options before it at its level, and their subtrees, first). */
  go(id) {
    const { tree: t, lay } = this;
    this.picked.textContent = `Going to ${this.wordsOf(id)}.`;
    if (id < t.size) {
      // Made again from a fold, a node on the path has no step kept: the search steps back
      // until it tries the node's options again (Rust finds the moment).
      if (t.at[id] !== NONE) this.onPick(t.at[id]);
      else {
        const options = [];
        for (let k = id; k > 0; k = t.parent[k]) options.push(t.option[k]);
        this.onBack(options.reverse());
      }
      return;
    }
    const g = lay.ghosts[id - t.size];
    this.onBranch(lay.depth[g.parent], g.rank - t.tried[g.parent] + 1);
  }

  /** Arrows: ↑ the parent, ↓ the first child, ← → the neighbours at the same depth; Home the
   *  root, End the node the search is at; Enter or Space goes there. */
  key(e) {
    const t = this.tree;
    if (!t) return;
    const here = this.sel >= 0 && this.sel < this.ids ? this.sel : t.path[t.path.length - 1];
    let id = -1;
    if (e.key === 'ArrowUp') id = here >= t.size ? this.lay.ghosts[here - t.size].parent : here ? t.parent[here] : -1;
    else if (e.key === 'ArrowDown') id = here < t.size ? this.firstChild(here) : -1;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') id = this.neighbour(here, e.key === 'ArrowRight' ? 1 : -1);
    else if (e.key === 'Home') id = 0;
    else if (e.key === 'End') id = t.path[t.path.length - 1];
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      this.go(here);
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation(); // the page's arrows step the search; here they move in the tree
    if (id >= 0) this.select(id);
  }

  firstChild(k) {
    const { tree: t, lay } = this;
    if (lay.folded[k]) return -1;
    if (k + 1 < t.size && t.parent[k + 1] === k) return k + 1;
    const g = lay.ghosts.findIndex((g) => g.parent === k);
    return g < 0 ? -1 : t.size + g;
  }

  /** The next node or branch to the left or right at the same depth (left to right: the
   *  nodes in the order tried, then the branches not yet tried), or -1. */
  neighbour(id, d) {
    const depth = this.depthOf(id);
    const hidden = (j) => j < this.tree.size && this.lay.hidden[j];
    for (let j = id + d; j >= 0 && j < this.ids; j += d) if (!hidden(j) && this.depthOf(j) === depth) return j;
    return -1;
  }
}
