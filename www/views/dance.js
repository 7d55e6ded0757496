// Knuth's example drawn as in "Dancing Links": a header row (the root h and the items),
// one row of nodes per option, and their links. Up/down links are the arrows beside
// each column (down on the left, up on the right); the header row has left and right
// links; an option's nodes are linked in a cycle (its right links are drawn; the left
// ones mirror them and never change). A hidden node steps aside while its neighbours
// link past it, and a covered item's header lifts out of the header row. Right after
// the step that moved them, they show the links they kept (dashed): uncover puts every
// node back exactly where those point. That is the dance.
//
// Every link drawn is one of the engine's own (`Trace.nodeLinks`, `Trace.itemLinks`):
// `links()` only renumbers them for the drawing (the root h first, then the items'
// headers, then the option nodes; the engine's spacers are not drawn), and compares
// them with the last drawing to show what the last step changed.

import { EventKind } from '../pkg/dlx_sudoku.js';
import { presenting } from '../core/prefs.js';

const NS = 'http://www.w3.org/2000/svg';

/**
 * The drawing's sizes, in CSS pixels, for a box `box` px wide and `items` columns: the
 * drawing is made for its box and never scaled, so its letters are the sizes set here
 * whatever the screen. Scaled to fit a box, the letters followed the box: 9 px on a
 * 1024 px projector beside the lesson, and on a phone the drawing kept its size and
 * scrolled sideways (750 px in a 353 px box, its labels and h off screen). Letters:
 * names 14 px, lengths and option labels 12 px; 13 and 12 on a phone; in large type 17
 * and 16; in the presenter layout (`present`, www/core/prefs.js `presenting`) 24. Columns are as wide as the box allows, up to a quarter more than the usual
 * width; below the narrowest that keeps the links apart the drawing is wider than its
 * box and scales down (a box narrower than a 375 px phone's).
 */
export function geometry(box, items, large, present = false) {
  const narrow = box < 520 && !present;
  const name = present ? 24 : large ? 17 : narrow ? 13 : 14;
  const len = present ? 24 : large ? 16 : 12;
  const label = present ? 24 : large ? 16 : 12;
  // The presenter layout (large type on a 1024×768 or larger projector, www/style.css) has
  // 24 px letters in a 518 px box no taller than the screen leaves: headers and nodes as
  // narrow as a phone's (relative to the letters), rows closer together.
  const HW = Math.round(name * (present ? 1.1 : narrow ? 1.15 : 1.35)), HH = Math.ceil((name + len) / 2 + 4); // header half sizes
  const NW = Math.round(name * (present ? 0.95 : 1.07)), NH = Math.round(name * (present ? 0.8 : 0.86)); // node half sizes
  const STUB = Math.round(name * (present ? 0.6 : narrow ? 0.7 : 0.9));
  const LIFT = Math.round(name * (present ? 2.4 : 2.6));
  const usual = Math.round(name * 6), least = 2 * HW + 6;
  // A hidden node steps aside, less than half a column (it never covers its neighbour's place).
  // (In the presenter layout a little less, so that its right stub ends in the box's padding.)
  const aside = (c) => Math.min(Math.round(name * 1.85), Math.round(c * (present ? 0.28 : 0.32)));
  // The root's left stub; the last header's right one, or a hidden node stepped aside.
  const edge = (c) => Math.max(HW + STUB + 6, aside(c) + NW + 4);
  // Right of the last column, the stub of a hidden node stepped aside too: it ran 5–9 px past
  // the drawing, cut off at its edge (issue 49). In the presenter layout, whose columns are
  // as narrow as they go, as much of it as the box has room for (the rest is drawn in the
  // box's padding: the drawing's overflow is visible, style.css), so its letters stay 24 px.
  const right = (c) => Math.max(edge(c), aside(c) + NW + STUB + 4);
  const across = (left, e) => Math.floor((box - left - e) / items);
  // The option labels go left of the first column when there is room, else under h.
  let left = Math.max(edge(usual), Math.round(label * 6.5));
  const end = present ? edge : right;
  if (across(left, end(usual)) < usual) left = edge(least);
  let col = Math.max(least, Math.min(Math.round(usual * 1.25), across(left, end(usual))));
  if (across(left, end(col)) < col) col = Math.max(least, across(left, end(col)));
  if (left < Math.round(label * 6.5)) left = edge(col);
  const row = 2 * NH + Math.round(name * (present ? 1.15 : 1.9));
  const top = LIFT + HH + STUB + 8;
  return {
    name, len, label, HW, HH, NW, NH, STUB, LIFT, ASIDE: aside(col),
    COL: col, ROW: row, LEFT: left, TOP: top,
    W: left + items * col + (present ? Math.max(edge(col), Math.min(right(col), box - left - items * col)) : right(col)),
    yName: -HH + (2 * HH - name - len) / 2 + 0.8 * name, yLen: HH - (2 * HH - name - len) / 2 - 0.15 * len,
  };
}

const el = (name, attrs = {}, parent = null) => {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.append(e);
  return e;
};

const NONE = 0xffffffff;

/** The diagram's zooms (views/dance.js `zoom`), and the index of its own size. */
const DANCE_ZOOMS = [0.75, 1, 1.25, 1.5, 2];
const DANCE_ZOOM_1 = 1;

/**
 * Writes `name` into the text element `t` so that it stays inside `width` px of its box:
 * names of up to `fits` characters (as many as `width` holds, wide letters and bold) as they are, longer ones squeezed to the width, and past
 * twice that many cut with '…'; the group `g` then gets the whole name as its tooltip. Names
 * may be 64 bytes long; written in full they ran across the other nodes and their labels.
 */
function fitName(g, t, name, fits, width) {
  const chars = Array.from(name);
  if (chars.length <= fits) {
    t.textContent = name;
    return;
  }
  t.textContent = chars.length <= 2 * fits ? name : `${chars.slice(0, 2 * fits - 1).join('')}…`;
  t.setAttribute('textLength', width);
  t.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  el('title', {}, g).textContent = name;
}

/**
 * The engine's links of a small matrix, numbered for the drawing: 0 is the root h, 1 + i
 * the header of item i, then the option nodes in order. `U`, `D`, `L`, `R` are links,
 * `C` the item of each node (-1 for h), `optionOf` the option of each option node.
 */
export function links(trace) {
  const items = trace.items;
  const raw = trace.nodeLinks(); // [up, down, top, right] per engine node
  const horizontal = trace.itemLinks(); // [prev, next] per item, then the two roots
  const engineOptions = trace.nodeOptions();
  const nodes = raw.length / 4;
  const id = new Int32Array(nodes).fill(-1);
  let n = 1 + items;
  for (let x = 0; x < nodes; x++) {
    if (x < items) id[x] = 1 + x;
    else if (raw[4 * x + 2] !== NONE) id[x] = n++;
  }
  const L = new Int32Array(n), R = new Int32Array(n), U = new Int32Array(n), D = new Int32Array(n), C = new Int32Array(n);
  const optionOf = new Int32Array(n).fill(-1);
  const head = (k) => (k >= items ? 0 : 1 + k); // an index of the horizontal list: an item, or the root
  for (let k = 0; k <= items; k++) {
    const d = head(k);
    L[d] = head(horizontal[2 * k]);
    R[d] = head(horizontal[2 * k + 1]);
    C[d] = k < items ? k : -1;
  }
  for (let x = 0; x < nodes; x++) {
    const d = id[x];
    if (d < 1) continue;
    U[d] = id[raw[4 * x]];
    D[d] = id[raw[4 * x + 1]];
    if (x >= items) {
      C[d] = raw[4 * x + 2];
      R[d] = id[raw[4 * x + 3]];
      L[R[d]] = d;
      optionOf[d] = engineOptions[x];
    }
  }
  return { size: n, items, L, R, U, D, C, optionOf };
}

/** True while node x is in its list (a header: in the header list; the root always). */
const linked = (k, x) => (x === 0 ? true : x <= k.items ? k.R[k.L[x]] === x : k.D[k.U[x]] === x);

export class DanceView {
  /** `root`: the box to draw in; `onResize()` when its width or the type size changes (the
   *  drawing is made again for it at the next `render`). */
  constructor(root, { onResize = () => {} } = {}) {
    this.root = root;
    this.width = 0;
    this.reset();
    new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w === this.width || w === 0) return;
      this.width = w;
      if (this.built && this.fit !== this.key()) onResize();
    }).observe(root);
  }

  /** What the drawing is made for: its box's width and the type size. */
  key() {
    return `${this.width} ${document.documentElement.classList.contains('large')} ${presenting()}`;
  }

  /** Forgets the drawing: the next `render` draws a new trace from scratch. */
  reset() {
    this.built = false;
    this.before = null;
    this.beforeAt = -1;
    this.was = null;
    this.lenText = null;
    this.root.replaceChildren();
  }

  build(trace, k) {
    const p = { items: trace.items, options: trace.options };
    this.p = p;
    this.fit = this.key();
    const g = (this.g = geometry(this.width || this.root.clientWidth || 720, p.items, document.documentElement.classList.contains('large'), presenting()));
    const { COL, ROW, LEFT, TOP, HW, HH, NW, NH, W } = g;
    const H = TOP + p.options * ROW + Math.round(ROW * 0.6);
    const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: 'dance-svg', role: 'img' });
    svg.style.setProperty('--dance-name', `${g.name}px`);
    svg.style.setProperty('--dance-len', `${g.len}px`);
    svg.style.setProperty('--dance-label', `${g.label}px`);
    svg.setAttribute('aria-label', `Dancing links: the root h, items ${Array.from({ length: p.items }, (_, i) => trace.itemName(i)).join(' ')}, and ${p.options} options as rows of nodes`);
    const defs = el('defs', {}, svg);
    for (const kind of ['live', 'stale', 'moved', 'row']) {
      const m = el('marker', { id: `arrow-${kind}`, viewBox: '0 0 8 8', refX: 7, refY: 4, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse', class: `mk-${kind}` }, defs);
      el('path', { d: 'M0,0 L8,4 L0,8 z' }, m);
    }
    this.bands = el('g', { class: 'bands' }, svg);
    this.linkLayer = el('g', { class: 'links' }, svg);
    this.nodeLayer = el('g', { class: 'nodes' }, svg);
    // option rows: a band and a label each
    this.band = [];
    for (let o = 0; o < p.options; o++) {
      const y = TOP + (o + 1) * ROW;
      const band = el('g', { class: 'band' }, this.bands);
      el('rect', { x: 4, y: y - ROW / 2 + 3, width: W - 8, height: ROW - 6, rx: 8 }, band);
      const t = el('text', { x: 10, y: y + g.label * 0.36, class: 'band-label' }, band);
      // Up to the first column's nodes.
      const room = LEFT + COL - NW - 16;
      fitName(band, t, trace.optionName(o), Math.max(3, Math.floor(room / (g.label * 0.62))), room);
      this.band.push(band);
    }
    // nodes: headers (with their names and lengths) then option nodes
    this.nodes = [];
    for (let x = 0; x < k.size; x++) {
      const node = el('g', { class: x === 0 ? 'node root' : x <= p.items ? 'node header' : 'node option' }, this.nodeLayer);
      if (x > 0 && x <= p.items) node.dataset.item = String(x - 1); // predict mode picks an item by its header
      if (x <= p.items) {
        el('rect', { x: -HW, y: -HH, width: 2 * HW, height: 2 * HH, rx: 5 }, node);
        const name = el('text', { y: x === 0 ? g.name * 0.36 : g.yName, class: 'name' }, node);
        fitName(node, name, x === 0 ? 'h' : trace.itemName(x - 1), Math.floor((2 * HW - 6) / (0.7 * g.name)), 2 * HW - 6);
        if (x > 0) this.lenText = [...(this.lenText ?? []), el('text', { y: g.yLen, class: 'len' }, node)];
      } else {
        el('rect', { x: -NW, y: -NH, width: 2 * NW, height: 2 * NH, rx: NH - 1 }, node);
        const t = el('text', { y: g.name * 0.36, class: 'name' }, node);
        fitName(node, t, trace.itemName(k.C[x]), Math.max(1, Math.floor((2 * NW - 4) / (0.7 * g.name))), 2 * NW - 4);
      }
      this.nodes.push(node);
    }
    // four links per node
    this.links = { U: [], D: [], L: [], R: [] };
    for (let x = 0; x < k.size; x++) {
      for (const f of ['U', 'D', 'L', 'R']) {
        const row = x > p.items && (f === 'L' || f === 'R');
        const path = el('path', { class: row ? 'link row-link' : 'link', d: 'M0,0 L0,0' }, this.linkLayer);
        // The root has no column, and an option's left links mirror its right ones.
        if ((x === 0 && (f === 'U' || f === 'D')) || (row && f === 'L')) path.style.display = 'none';
        this.links[f].push(path);
      }
    }
    const legend = document.createElement('p');
    legend.className = 'dance-legend';
    legend.innerHTML = '<span><span class="key live"></span> a link in use</span> <span><span class="key moved"></span> changed by the last step</span> <span><span class="key stale"></span> kept by a node just hidden</span> <span><span class="node-key"></span> hidden (stepped aside)</span>' +
      ' <span><span class="node-key chosen"></span> an item chosen to branch on (thickest: the deepest level\'s)</span>' +
      ' <span><span class="stub-key"></span> a short stub: the link wraps around (to the header, or to h)</span>' +
      ' <span><b class="len-key">2</b> under a header: its length, the options left in its column</span>' +
      ' <span><b class="len-key covered">0</b> in italics: a covered header\'s, no dead end</span>' +
      ' <span><span class="band-key tried"></span> the option being tried</span> <span><span class="band-key in-solution"></span> an option in the partial solution</span>';
    this.root.replaceChildren(this.zoomBar(), svg, legend);
    this.svg = svg;
    this.built = true;
    this.applyZoom();
  }

  /** The − / + buttons: the drawing at 75 % to 200 % of its size (its box scrolls past 100 %),
   *  as the whole matrix and the search tree zoom; a projector's back row reads it bigger. */
  zoomBar() {
    const bar = document.createElement('div');
    bar.className = 'dance-zoom';
    bar.setAttribute('role', 'group');
    bar.setAttribute('aria-label', 'Zoom the diagram');
    const button = (label, text, d) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text, title: label });
      b.setAttribute('aria-label', label);
      b.addEventListener('click', () => this.zoom(d));
      bar.append(b);
      return b;
    };
    this.zoomOut = button('Zoom the diagram out', '−', -1);
    this.zoomIn = button('Zoom the diagram in', '+', 1);
    this.zoomSays = Object.assign(document.createElement('output'), { className: 'dance-zoom-says' });
    // At the end the drawing is the start's again: said where it is seen, in the bar's spare room.
    this.endNote = Object.assign(document.createElement('p'), { className: 'dance-end', hidden: true,
      textContent: 'Search over: every cover undone, as at the start.', title: 'The search has ended: each cover was undone by its uncover, so the links are as they were at the start.' });
    bar.prepend(this.endNote);
    bar.append(this.zoomSays);
    return bar;
  }

  zoom(d) {
    this.z = Math.max(0, Math.min(DANCE_ZOOMS.length - 1, (this.z ?? DANCE_ZOOM_1) + d));
    this.applyZoom();
  }

  applyZoom() {
    const z = DANCE_ZOOMS[this.z ?? DANCE_ZOOM_1];
    const { W } = this.g;
    const H = this.svg.viewBox.baseVal.height;
    this.svg.setAttribute('width', String(Math.round(W * z)));
    this.svg.setAttribute('height', String(Math.round(H * z)));
    this.root.classList.toggle('zoomed', z > 1);
    this.zoomOut.disabled = this.z === 0;
    this.zoomIn.disabled = this.z === DANCE_ZOOMS.length - 1;
    this.zoomSays.textContent = `${Math.round(z * 100)} %`;
  }

  /** When the diagram scrolls sideways (a phone), brings the dead or the chosen item's
   *  column to the middle (where the last `render` put it, not where it is gliding from),
   *  or with neither, back to the left edge. */
  reveal() {
    const box = this.root;
    if (!this.svg || box.scrollWidth <= box.clientWidth) return;
    const node = this.svg.querySelector('.node.header.dead') ?? this.svg.querySelector('.node.header.top');
    if (!node) {
      box.scrollLeft = 0;
      return;
    }
    const x = parseFloat(/translate\(([-\d.]+)px/.exec(node.style.transform)?.[1] ?? 'NaN');
    const scale = this.svg.getBoundingClientRect().width / this.svg.viewBox.baseVal.width;
    if (Number.isFinite(x)) box.scrollLeft = x * scale - box.clientWidth / 2;
  }

  /** Column and row of node x in the drawing (row 0 is the header row). */
  place(k, x) {
    if (x <= k.items) return [x, 0];
    return [1 + k.C[x], 1 + k.optionOf[x]];
  }

  /** Draws the engine's links now (`pic`: a Picture of the same trace, just read). */
  render(trace, pic) {
    const dance = links(trace);
    if (this.built && this.fit !== this.key()) {
      const { before, beforeAt, was } = this; // what the last step changed stays shown
      this.reset();
      Object.assign(this, { before, beforeAt, was });
    }
    if (!this.built) this.build(trace, dance);
    const { COL, ROW, LEFT, TOP, HW, HH, NW, NH, STUB, ASIDE, LIFT } = this.g;
    // What the last movement changed: links rewritten, and nodes that left or rejoined a list.
    // Against the drawing of the step shown before this one: drawing the same step again (the
    // page renders again on a resize or a settings change) keeps what the movement changed.
    if (pic.events !== this.beforeAt) {
      this.was = this.before ?? dance;
      this.before = dance;
      this.beforeAt = pic.events;
    }
    const was = this.was;
    const rewritten = new Set();
    const moved = new Set();
    for (let x = 0; x < dance.size; x++) {
      for (const f of ['U', 'D', 'L', 'R']) if (dance[f][x] !== was[f][x]) rewritten.add(f + x);
      if (linked(dance, x) !== linked(was, x)) moved.add(x);
    }
    const p = this.p;
    const n = dance.size;
    const pos = new Array(n);
    const linkedNow = (x) => linked(dance, x);
    const isLinked = new Array(n);
    for (let x = 0; x < n; x++) {
      const [c, r] = this.place(dance, x);
      isLinked[x] = linkedNow(x);
      let px = LEFT + c * COL, py = TOP + r * ROW;
      if (!isLinked[x]) {
        if (x <= p.items) py -= LIFT;
        else px += ASIDE;
      }
      pos[x] = [px, py, c, r];
    }
    if (this.endNote.hidden !== !pic.done) this.endNote.hidden = !pic.done;
    const inSolution = new Set(pic.solution);
    const top = pic.choices.length ? pic.choices[pic.choices.length - 1] : null;
    for (let x = 0; x < n; x++) {
      const g = this.nodes[x];
      const [px, py] = pos[x];
      g.style.transform = `translate(${px}px, ${py}px)`;
      const item = x > 0 && x <= p.items ? x - 1 : -1;
      g.classList.toggle('hidden', !isLinked[x]);
      g.classList.toggle('moved', moved.has(x));
      g.classList.toggle('chosen', item >= 0 && pic.levelOf(item) >= 0);
      g.classList.toggle('top', item >= 0 && item === top?.item);
      g.classList.toggle('dead', item >= 0 && pic.deadEnd(item));
      g.classList.toggle('solution', x > p.items && inSolution.has(dance.optionOf[x]));
      if (item >= 0) {
        this.lenText[item].textContent = String(pic.len[item]);
        // A covered item's number no longer counts: its 0 is no dead end.
        this.lenText[item].classList.toggle('covered', pic.covered(item));
      }
    }
    // At a solution nothing is being tried any more: its rows are shaded alike.
    const solved = pic.last?.kind === EventKind.Solution;
    for (let o = 0; o < p.options; o++) {
      this.band[o].classList.toggle('in-solution', inSolution.has(o));
      this.band[o].classList.toggle('tried', !solved && !!top?.trying && top.option === o);
    }
    for (let x = 0; x < n; x++) {
      const stale = !isLinked[x];
      const [px, py, c, r] = pos[x];
      const hw = x <= p.items ? HW : NW, hh = x <= p.items ? HH : NH;
      const set = (f, d) => {
        const path = this.links[f][x];
        if (path.style.display === 'none') return;
        // A hidden node's kept links are shown right after the step that hid it.
        const kind = stale ? (moved.has(x) ? 'stale' : 'gone')
          : rewritten.has(f + x) || (moved.has(x) && !path.classList.contains('row-link')) ? 'moved'
          : path.classList.contains('row-link') ? 'row' : 'live';
        path.style.d = `path("${d}")`;
        if (path.dataset.kind !== kind) {
          path.dataset.kind = kind;
          path.setAttribute('marker-end', kind === 'gone' ? '' : `url(#arrow-${kind})`);
        }
      };
      // down: to the next node below in the column, or a stub (the list wraps to the header)
      const dn = dance.D[x], up = dance.U[x];
      const [dx, dy, , dr] = pos[dn];
      set('D', dr > r ? `M${px - 5},${py + hh} L${dx - 5},${dy - (dn <= p.items ? HH : NH)}` : `M${px - 5},${py + hh} L${px - 5},${py + hh + STUB}`);
      const [ux, uy, , ur] = pos[up];
      set('U', ur < r ? `M${px + 5},${py - hh} L${ux + 5},${uy + (up <= p.items ? HH : NH)}` : `M${px + 5},${py - hh} L${px + 5},${py - hh - STUB}`);
      const rt = dance.R[x], lt = dance.L[x];
      const [rx, ry, rc] = pos[rt];
      const rhw = rt <= p.items ? HW : NW;
      set('R', rc > c ? `M${px + hw},${py - 4} L${rx - rhw},${ry - 4}` : `M${px + hw},${py - 4} L${px + hw + STUB},${py - 4}`);
      const [lx, ly, lc] = pos[lt];
      const lhw = lt <= p.items ? HW : NW;
      set('L', lc < c ? `M${px - hw},${py + 4} L${lx + lhw},${ly + 4}` : `M${px - hw},${py + 4} L${px - hw - STUB},${py + 4}`);
    }
  }
}
