// Plain backtracking beside dancing links (issue 33, part 3): the same puzzle searched cell by
// cell in reading order, digits in order from 1 (Rust's `PlainSearch`, src/sudoku/dfs.rs: the
// crate's plain DFS itself), kept in step with the dancing-links search: after the DLX search
// has tried N options, the plain one has placed N digits. So the page's controls drive both,
// forwards and backwards (Rust moves the plain search; this only says how far, and draws what
// it reports). "Race" runs both to the end and says how many more nodes the plain one took:
// searches of its own, so the moment on screen (the search's step, the link's s=) stays
// where it is (it ran the page's search to its end, issue 49). Long moves run in slices over
// frames, so the page never freezes; a race past `CAP` nodes stops with a message. A <details>, shown or hidden like the other panels (remembered),
// whose region is named "Plain backtracking" and says its counts as text.

import { counted, factorWords } from '../../core/format.js';
import { readPref, writePref } from '../../core/prefs.js';
import { PlainWord as PW, PlainKind as PK } from '../../pkg/dlx_sudoku.js';

/** Events a slice may move the plain search, and the time it may take. */
const SLICE = 200_000, SLICE_MS = 12;
/** Past this many nodes, a race stops: the plain search could run for hours. */
export const CAP = 10_000_000;
/** The board is drawn up to 9×9 (at 16×16 and 25×25 its cells would be too small to read). */
const MAX_DRAWN = 9;

export class PlainView {
  /** `root`: an empty <details>; `dlx`: the wasm module. */
  constructor(root, { dlx, now = () => performance.now(), raf = (f) => requestAnimationFrame(f) }) {
    Object.assign(this, { root, dlx, now, raf });
    root.open = readPref('plain', 'closed') === 'open';
    const summary = Object.assign(document.createElement('summary'), { textContent: 'Plain backtracking' });
    const region = document.createElement('div');
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', 'Plain backtracking');
    region.className = 'plain-body';
    const intro = Object.assign(document.createElement('p'), {
      className: 'plain-intro',
      textContent: 'The same puzzle, cell by cell in reading order, digits tried in order: no "fewest options first". It keeps pace with the search: after N options tried there, N digits placed here.',
    });
    this.board = Object.assign(document.createElement('div'), { className: 'plain-board' });
    this.board.setAttribute('aria-hidden', 'true');
    this.counts = Object.assign(document.createElement('p'), { className: 'plain-counts' });
    this.vs = Object.assign(document.createElement('p'), { className: 'plain-counts' });
    const bar = Object.assign(document.createElement('div'), { className: 'plain-bar' });
    this.raceButton = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Race to the end' });
    this.raceButton.title = 'Run both searches to the end and compare their nodes';
    this.raceButton.addEventListener('click', () => this.race());
    this.factor = Object.assign(document.createElement('p'), { className: 'plain-factor' });
    this.factor.setAttribute('role', 'status');
    bar.append(this.raceButton);
    region.append(intro, this.board, this.counts, this.vs, bar, this.factor);
    root.append(summary, region);
    root.addEventListener('toggle', () => {
      writePref('plain', root.open ? 'open' : 'closed');
      this.update();
    });
    this.search = null;
    this.trace = null;
    this.side = 0;
    /** A race going on: its own searches, `{dlx, plain}` (a Trace and a PlainSearch), or null. */
    this.racing = null;
    /** How the last race of this puzzle ended: `{plain: {nodes, done}, dlx: {nodes, done}}`, or null. */
    this.raced = null;
    this.pending = false;
  }

  /** A new puzzle (a line any size, or null: no search). */
  load(line, numbering) {
    this.search?.free();
    this.search = null;
    this.stopRace();
    this.raced = null;
    this.line = line;
    this.solved = null;
    this.factor.textContent = '';
    this.numbering = numbering;
    try {
      if (line) this.search = new this.dlx.PlainSearch(line);
    } catch { /* the page shows the puzzle's error itself */ }
    this.givens = this.search ? this.search.state().slice(PW.Cells).map((d) => d !== 0) : [];
    this.side = numbering?.side ?? 0;
    this.cells = [];
    this.board.replaceChildren();
    this.board.hidden = this.side > MAX_DRAWN;
    if (this.search && this.side <= MAX_DRAWN) {
      this.board.style.setProperty('--plain-side', this.side);
      const order = Math.round(Math.sqrt(this.side));
      for (let c = 0; c < this.side * this.side; c++) {
        const span = this.board.appendChild(document.createElement('span'));
        const [r, k] = [Math.floor(c / this.side), c % this.side];
        if (k % order === order - 1 && k < this.side - 1) Object.assign(span.style, { borderRightWidth: '2px', borderRightColor: 'var(--ink)' });
        if (r % order === order - 1 && r < this.side - 1) Object.assign(span.style, { borderBottomWidth: '2px', borderBottomColor: 'var(--ink)' });
        this.cells.push(span);
      }
    }
  }

  /** After every movement of the DLX search (`trace`: the shown Sudoku search, or null). */
  render(trace) {
    this.trace = trace;
    this.update();
  }

  /** Moves the plain search one slice toward where it belongs, and a race one slice on;
   *  true once both are there. */
  slice() {
    const s = this.search, t = this.trace;
    if (!s || !t) return true;
    const t0 = this.now();
    let there;
    do {
      there = s.seek(t.nodes, SLICE);
    } while (!there && this.now() - t0 < SLICE_MS);
    return this.raceSlice() && there;
  }

  /** A slice of the race: its DLX search to its end (or CAP nodes), then its plain one; true once over. */
  raceSlice() {
    const r = this.racing;
    if (!r) return true;
    const t0 = this.now();
    const dlxOver = () => r.dlx.done || r.dlx.nodes >= CAP;
    while (!dlxOver() && this.now() - t0 < SLICE_MS) r.dlx.run(SLICE, 0);
    if (!dlxOver()) return false;
    let there = false;
    while (!there && this.now() - t0 < SLICE_MS) there = r.plain.seek(CAP, SLICE);
    if (!there) return false;
    const st = r.plain.state();
    this.raced = { plain: { nodes: st[PW.Nodes], done: !!st[PW.Done] }, dlx: { nodes: r.dlx.nodes, done: r.dlx.done } };
    this.stopRace();
    return true;
  }

  stopRace() {
    this.racing?.dlx.free();
    this.racing?.plain.free();
    this.racing = null;
  }

  update() {
    if (!this.root.open || this.root.hidden) return;
    const there = this.slice();
    this.draw();
    if (!there && !this.pending) {
      this.pending = true;
      this.raf(() => {
        this.pending = false;
        this.update();
      });
    }
  }

  /** Both searches to the end, each a fresh search of the puzzle: the one shown stays at its moment. */
  race() {
    if (!this.search || !this.trace || this.racing) return;
    this.root.open = true;
    this.racing = { dlx: new this.dlx.Trace(this.line), plain: new this.dlx.PlainSearch(this.line) };
    this.factor.textContent = 'Racing…';
    this.update();
  }

  draw() {
    const s = this.search, t = this.trace;
    this.raceButton.disabled = !s || !t || !!this.racing;
    if (!s || !t) {
      this.counts.textContent = 'No search: enter a puzzle whose givens do not clash.';
      this.vs.textContent = this.factor.textContent = '';
      return;
    }
    const st = s.state();
    const [nodes, deadEnds, solutions, done, kind, cell] = [PW.Nodes, PW.DeadEnds, PW.Solutions, PW.Done, PW.Kind, PW.Cell].map((w) => st[w]);
    const capped = !done && nodes >= CAP;
    this.counts.textContent = `Plain backtracking: ${counted(nodes, 'node')}, ${counted(deadEnds, 'dead end')}, ${counted(solutions, 'solution')}${done ? ' (done)' : capped ? ' (stopped)' : ''}.`;
    this.vs.textContent = `Dancing links: ${counted(t.nodes, 'node')}, ${counted(t.deadEnds, 'dead end')}, ${counted(t.solutions, 'solution')}${t.done ? ' (done)' : ''}.`;
    const r = this.racing;
    if (r) {
      const n = r.dlx.done ? r.plain.state()[PW.Nodes] : 0;
      this.factor.textContent = r.dlx.done ? `Racing… plain backtracking: ${counted(n, 'node')} so far.` : `Racing… dancing links: ${counted(r.dlx.nodes, 'node')} so far.`;
    } else if (this.raced) {
      const { plain: p, dlx: d } = this.raced;
      const ended = `dancing links: ${counted(d.nodes, 'node')}${d.done ? '' : ' (stopped)'}`;
      if (p.done && d.done) this.factor.textContent = `Plain backtracking: ${counted(p.nodes, 'node')}; ${ended}; ${factorWords(p.nodes, d.nodes)}.`;
      else if (!p.done) this.factor.textContent = `Stopped at ${counted(p.nodes, 'node')}: the plain search would take too long to finish here. D${ended.slice(1)}${d.done ? `; at least ${factorWords(p.nodes, d.nodes)}` : ''}.`;
      else this.factor.textContent = `Plain backtracking: ${counted(p.nodes, 'node')}; ${ended}: the dancing-links search would take too long to finish here.`;
    } else this.factor.textContent = '';
    if (!this.cells.length) return;
    const mark = { [PK.Place]: ' pb-last', [PK.TakeBack]: ' pb-last pb-back', [PK.DeadEnd]: ' pb-last pb-dead' }[kind] ?? '';
    const lastCell = mark ? cell : -1;
    // Ended, the search has taken every digit back: the board shows the solution it found.
    if (done && solutions > 0) this.solved ??= s.solution();
    else this.solved = null;
    this.cells.forEach((span, c) => {
      const d = this.solved ? this.solved[c] : st[PW.Cells + c];
      const text = d ? this.numbering.symbol(d) : '';
      if (span.textContent !== text) span.textContent = text;
      const cls = (this.givens[c] ? 'pb-given' : d ? 'pb-placed' : '') + (c === lastCell ? mark : '');
      if (span.className !== cls) span.className = cls;
    });
  }
}
