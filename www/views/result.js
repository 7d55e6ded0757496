// The answer area: a verdict (no solution / unique / multiple, with both solutions and
// the cells where they differ), a count, or work in progress with its Cancel button.
// And the notice line: clashes, paste results, errors, each naming the cell or line.

import { counted, roughly, time } from '../core/format.js';

/** Scrolls `el` into view by as little as it needs (none when it is on the screen), smoothly
 *  unless the user asks for less motion. */
function reveal(el) {
  const calm = matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
}

export class NoticeView {
  constructor(root) {
    this.root = root;
  }

  /** `kind`: 'error' | 'warn' | 'info' | 'ok' | 'check' | 'solved'; lines: strings. */
  show(kind, ...lines) {
    clearTimeout(this.timer);
    this.root.classList.remove('floating');
    this.root.style.removeProperty('top');
    this.root.dataset.kind = kind;
    this.root.replaceChildren(...lines.filter(Boolean).map((t) => Object.assign(document.createElement('p'), { textContent: t })));
    this.root.hidden = lines.filter(Boolean).length === 0;
  }

  clear() {
    this.show('info');
  }

  /** Shown for `ms` out of the flow (style.css `.floating`): nothing moves, and clicks go
   *  through it. It stands just above `above` (the button that said it, over the words of
   *  its heading) where the screen has room for it there, else where it is in the page,
   *  over what follows (the controls). */
  float(kind, ms, lines, above = null) {
    this.show(kind, ...lines);
    this.root.classList.add('floating');
    this.timer = setTimeout(() => this.clear(), ms);
    if (!above) return;
    const r = this.root.getBoundingClientRect();
    const top = above.getBoundingClientRect().top - 4 - r.height;
    if (top < 0 && r.bottom <= innerHeight) return;
    const host = this.root.offsetParent?.getBoundingClientRect() ?? r;
    this.root.style.top = `${Math.round(top - host.top)}px`;
  }

  /** Brings the notice into view if it is not (under the board, below a laptop's fold), by
   *  as little as it needs: the board over it stays in view. */
  reveal() {
    reveal(this.root);
  }

  /** Adds a line to the notice (for buttons of its own, `action` after it). */
  add(text) {
    this.root.append(Object.assign(document.createElement('p'), { textContent: text }));
    this.root.hidden = false;
  }

  /** Adds a button to the notice's last line (e.g. Undo). */
  action(label, run) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'notice-action';
    b.textContent = label;
    b.addEventListener('click', run);
    (this.root.lastElementChild ?? this.root).append(' ', b);
    this.root.hidden = false;
  }
}

export class ResultView {
  /** `cellName(cell)`: "r3c4", from the numbering. */
  constructor(root, { onCancel, cellName }) {
    this.root = root;
    this.onCancel = onCancel;
    this.cellName = cellName;
  }

  /** Brings the answer into view (it sits under the board, below the fold on small screens). */
  reveal() {
    reveal(this.root);
  }

  clear() {
    this.root.replaceChildren();
    this.root.hidden = true;
  }

  /** Work in progress, with Cancel; `bar`: with a bar of the share done (see `progress`);
   *  `reveal: false` leaves the page where it is (the answer will be on the board). */
  busy(text, { bar = false, reveal = true } = {}) {
    const p = document.createElement('p');
    p.className = 'busy';
    const span = document.createElement('span');
    span.className = 'busy-text';
    span.textContent = text;
    // The region says "Counting… Cancel" once as it appears, then the answer; the progress,
    // redrawn about ten times a second, is there to read, not to announce (a screen reader
    // queued every figure, long after the count had moved on).
    span.setAttribute('aria-live', 'off');
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.id = 'cancel-solver';
    cancel.addEventListener('click', () => this.onCancel());
    p.append(Object.assign(document.createElement('span'), { className: 'spinner', ariaHidden: 'true' }), span, cancel);
    if (bar) {
      // Without a value it is the browser's "under way" bar, until the first share comes.
      const b = Object.assign(document.createElement('progress'), { className: 'count-bar', max: 1 });
      b.setAttribute('aria-label', 'Share of the search tree counted');
      p.append(b);
    }
    this.root.replaceChildren(p);
    this.root.hidden = false;
    this.root.dataset.kind = 'busy';
    if (reveal) this.reveal();
    return span;
  }

  /** The progress' words; `share` (0 to 1), if given, on the bar. */
  progress(text, share) {
    const span = this.root.querySelector('.busy-text');
    if (span) span.textContent = text;
    const bar = this.root.querySelector('.count-bar');
    if (bar && share !== undefined) bar.value = share;
  }

  message(kind, text) {
    const p = document.createElement('p');
    p.className = 'verdict';
    p.textContent = text;
    this.root.replaceChildren(p);
    this.root.hidden = false;
    this.root.dataset.kind = kind;
    // Brought into view, a unique solution's line too: at 1280×800 it began at the screen's
    // foot. The page scrolls only as far as the line needs, so the board stays in view.
    this.reveal();
  }

  /** Two solutions side by side, the cells where they differ marked; `numbering` gives the
   *  grid's side, box order and symbols. */
  multiple(givens, a, b, ms, numbering) {
    const diff = [];
    for (let c = 0; c < a.length; c++) if (a[c] !== b[c]) diff.push(c);
    const p = document.createElement('p');
    p.className = 'verdict';
    p.textContent = `Several solutions (${time(ms)}). Two of them differ in ${diff.length} cells: ${diff.slice(0, 12).map(this.cellName).join(', ')}${diff.length > 12 ? ', …' : ''}.`;
    const pair = document.createElement('div');
    pair.className = 'solution-pair';
    pair.append(mini('Solution 1', givens, a, diff, numbering), mini('Solution 2', givens, b, diff, numbering));
    this.root.replaceChildren(p, pair);
    this.root.hidden = false;
    this.root.dataset.kind = 'multiple';
    this.reveal();
    return new Set(diff);
  }
}

function mini(title, givens, digits, diff, { side, order, symbols }) {
  const fig = document.createElement('figure');
  fig.className = 'mini';
  const cap = document.createElement('figcaption');
  cap.textContent = title;
  const grid = document.createElement('div');
  grid.className = `mini-grid${side > 9 ? ' big' : ''}`;
  grid.style.setProperty('--side', side);
  grid.setAttribute('role', 'img');
  const rows = [];
  const sym = (d) => symbols[d - 1];
  for (let r = 0; r < side; r++) rows.push(Array.from(digits.slice(r * side, r * side + side), sym).join(''));
  grid.setAttribute('aria-label', `${title}: ${rows.join(', ')}`);
  const diffs = new Set(diff);
  const edge = (k) => (k % order === order - 1 && k < side - 1 ? 'box' : '');
  for (let c = 0; c < side * side; c++) {
    const s = document.createElement('span');
    s.textContent = sym(digits[c]);
    const r = Math.floor(c / side), col = c % side;
    s.className = `${edge(col) && 'box-c '}${edge(r) && 'box-r '}${givens[c] ? 'given' : ''}${diffs.has(c) ? ' diff' : ''}`.trim();
    grid.append(s);
  }
  fig.append(cap, grid);
  return fig;
}

/** A count's progress (www/wasm/count-pool.js) in words: "Counting… 1,234 solutions so far (56,789
 *  nodes): 45% of the tree, about 3 s left, on 2 workers". The time left is the time so far
 *  stretched by the share of the tree left, as Knuth's programs estimate it. */
export function countProgress(p) {
  const left = p.done >= 0.01 && p.ms >= 500 ? `, about ${roughly((p.ms * (1 - p.done)) / p.done)} left` : '';
  return `Counting… ${counted(p.solutions, 'solution')} so far (${counted(p.nodes, 'node')}): ${Math.floor(100 * p.done)}% of the tree${left}, on ${counted(p.workers, 'worker')}`;
}

/** What a whole count took: "(56,789 nodes in 1.2 s on 2 workers)". */
export const countSpent = (r) => `(${counted(r.nodes, 'node')} in ${time(r.ms)} on ${counted(r.workers, 'worker')})`;

