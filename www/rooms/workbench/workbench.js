// The exact-cover workbench: the problem's DLX1 text and what follows from it. As the user
// types, wasm's `checkCover` reads it (an error goes to the editor at its line and column)
// and a good text becomes a fresh `Trace.cover` for the player; the text is packed for the
// link; Count runs on every core (www/wasm/count-pool.js) with progress and Cancel. The gallery's problems are
// written by wasm (`coverExample`, the same code as `dlx-sudoku cover --example`).

import { packProblem, unpackProblem, MAX_PACKED, MAX_UNPACKED } from '../../core/cover-link.js';
import { Cancelled } from '../../wasm/solver.js';
import { countProgress, countSpent } from '../../views/result.js';
import { quote } from '../../core/router.js';
import { counted, grouped } from '../../core/format.js';

/** The gallery: small problems to watch, then bigger ones to count. */
export const GALLERY = [
  { id: 'queens-4', label: '4 queens', name: 'queens', arg: '4' },
  { id: 'queens-5', label: '5 queens', name: 'queens', arg: '5' },
  { id: 'pentominoes-3x5', label: 'Pentominoes 3×5 (L, N, V)', name: 'pentominoes', arg: '3x5' },
  { id: 'langford-3', label: 'Langford 3', name: 'langford', arg: '3' },
  { id: 'langford-4', label: 'Langford 4', name: 'langford', arg: '4' },
  { id: 'knuth', label: "Knuth's example", name: 'knuth' },
  { id: 'sudoku-4', label: '4×4 Sudoku', name: 'sudoku', arg: '1....4...12....4' },
  { id: 'graceful-k3', label: 'Graceful labelling of K3 (colours)', name: 'graceful', arg: 'K3' },
  { id: 'queens-8', label: '8 queens', name: 'queens', arg: '8', count: true },
  { id: 'queens-12', label: '12 queens', name: 'queens', arg: '12', count: true },
  { id: 'langford-11', label: 'Langford 11', name: 'langford', arg: '11', count: true },
  { id: 'pentominoes-6x10', label: 'Pentominoes 6×10', name: 'pentominoes', arg: '6x10', count: true },
  { id: 'graceful-w7', label: 'Graceful labellings of the wheel W7 (colours)', name: 'graceful', arg: 'W7', count: true },
];
export const DEFAULT_PROBLEM = 'queens-4';

/** The longest text the workbench reads (a 6×10 pentomino problem is 35,298; 100 queens 170,498). */
export const MAX_TEXT = MAX_UNPACKED;
/**
 * The most lines the editor takes (a line for each option). A textarea costs the browser
 * time in proportion to its lines: about 10 µs a line to fill it and 2 µs a line at each
 * keystroke in headless Chromium here, so 250,000 lines (500,000 characters of one-letter
 * options) froze the tab for 5 s and each keystroke for half a second. At 20,000 a keystroke
 * stays near 50 ms; 100 queens (10,003 lines) and pentominoes 6×10 (2,059) fit.
 */
export const MAX_LINES = 20_000;
const CHECK_MS = 150;

export class Workbench {
  /**
   * `editor`: a CoverEditor; `status`: the element under it; `result`: a ResultView;
   * `solver`: a CountPool of its own (www/wasm/count-pool.js); `onProblem(trace | null)` when the problem changes;
   * `onLink()` when the packed link is ready (or known too big).
   */
  constructor({ dlx, editor, status, result, solver, onProblem, onLink }) {
    Object.assign(this, { dlx, editor, status, result, solver, onProblem, onLink });
    this.source = null; // the editor's text as last read, a problem or not
    this.text = null; // the text of the problem loaded (null: none, the text has an error)
    this.error = null; // what is wrong with `source`, or null
    // The link form of `source`, error or not, so that a link or a reload never loses what
    // the user wrote: null while it is packed, when it is too big (see `tooBig`), and for
    // an empty editor or a text too long for the page (which a link could not open).
    this.packed = null;
    this.tooBig = 0;
    this.packing = null; // {text, done}: the text being packed, and the promise of its end
    this.timer = 0;
    this.job = 0;
    this.exampleId = '';
  }

  /** The text of a gallery entry, from wasm. */
  exampleText(id) {
    const e = GALLERY.find((x) => x.id === id);
    return e ? this.dlx.coverExample(e.name, e.arg) : null;
  }

  /** Loads a gallery entry; false if there is none with this id. */
  example(id) {
    const text = this.exampleText(id);
    if (text === null) return false;
    this.exampleId = id;
    this.setText(text);
    return true;
  }

  /** Puts `text` in the editor and loads it now. */
  setText(text) {
    this.editor.value = text;
    this.check();
  }

  /** The user typed: check again shortly. */
  edited() {
    this.exampleId = '';
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), CHECK_MS);
  }

  /** Reads the editor's text now: an error at its place, or a new search. */
  check() {
    clearTimeout(this.timer);
    this.timer = 0;
    const text = this.editor.value;
    if (text === this.source) return;
    this.source = text;
    this.cancel(false);
    this.result.clear();
    const tooLong = tooLongFor(text, this.dlx);
    if (tooLong) {
      this.fail(text, { line: 1, column: 0, message: `the problem is too long for the page (${tooLong})` }, false);
      return;
    }
    const r = this.dlx.checkCover(text);
    if (r.error) {
      this.fail(text, r.error);
      return;
    }
    this.error = null;
    this.editor.showError(null);
    const sec = r.items - r.primary;
    this.status.dataset.kind = 'ok';
    this.status.textContent = `${counted(r.items, 'item')} (${grouped(r.primary)} primary${sec ? `, ${grouped(sec)} secondary` : ''}), ${counted(r.options, 'option')}, ${counted(r.entries, 'entry', 'entries')}.`;
    this.text = text;
    this.packed = null;
    this.tooBig = 0;
    this.onProblem(this.dlx.Trace.cover(text));
    this.pack(text);
  }

  /** `text` has `error`: no search, the error at its place; the link (`linked`) keeps the text. */
  fail(text, error, linked = true) {
    this.text = null;
    this.error = error;
    this.packed = null;
    this.tooBig = 0;
    this.editor.showError(error);
    this.status.dataset.kind = 'error';
    this.status.textContent = `Not a problem yet: ${error.message}.`;
    this.onProblem(null);
    if (linked && text) this.pack(text);
  }

  /** Packs `text` for the link, then tells `onLink` (a second call while it packs waits for the first). */
  pack(text) {
    if (this.packing?.text !== text) {
      const done = packProblem(text).then((packed) => {
        if (this.packing?.done === done) this.packing = null;
        if (text !== this.source) return;
        this.packed = packed.length <= MAX_PACKED ? packed : null;
        this.tooBig = this.packed ? 0 : packed.length;
        this.onLink();
      });
      this.packing = { text, done };
    }
    return this.packing.done;
  }

  /** Why there is no link to the editor's text, or '' when there is one (or it is on its way). */
  linkTrouble() {
    if (!this.source) return 'The editor is empty, so there is no problem to link to.';
    const tooLong = tooLongFor(this.source, this.dlx);
    if (tooLong) return `The problem is too long for the page (${tooLong}), so there is no link to it.`;
    // Two measures, both in characters: the link's packed text, and the editor's own text.
    if (this.tooBig) return `This problem is too big for a link: its ${grouped(this.source.length)} characters pack into ${grouped(this.tooBig)} characters of link, and a link holds at most ${grouped(MAX_PACKED)}. Save its text instead.`;
    return '';
  }

  /**
   * Opens a link's packed problem. Returns what went wrong, in words, or '' when its
   * problem is in the editor and loaded. `wanted()`, asked once it is unpacked: false when
   * the page has moved on (another link), and the editor is left alone.
   */
  async open(packed, wanted = () => true) {
    const job = ++this.job;
    let text;
    try {
      text = await unpackProblem(packed);
    } catch (e) {
      return `The link's problem ${quote(packed)} cannot be read: ${e.message}.`;
    }
    if (job !== this.job || !wanted()) return 'Another problem was opened meanwhile.';
    if (text === '') return 'The link\'s problem is empty: it has no items and no options.';
    const lines = this.dlx.countLines(text);
    if (lines > MAX_LINES) return `The link's problem is too long for the page: ${grouped(lines)} lines, and the editor takes at most ${grouped(MAX_LINES)} (a line for each option).`;
    this.exampleId = '';
    this.setText(text);
    // The address keeps the link as it came until the text is packed again.
    if (this.source === text && !this.packed && packed.length <= MAX_PACKED) this.packed = packed;
    return this.error ? `The link's problem has an error, marked in the editor: ${this.error.message}.` : '';
  }

  /** Counts every solution in the workers, with progress; Cancel stops it. */
  async count() {
    if (this.text === null) {
      this.result.message('error', 'Fix the error marked in the problem first.');
      return;
    }
    this.cancel(false);
    const job = ++this.job;
    this.result.busy('Counting…', { bar: true });
    try {
      const r = await this.solver.coverCount(this.text, Number.MAX_SAFE_INTEGER, (p) => {
        if (job === this.job) this.result.progress(countProgress(p), p.done);
      });
      if (job !== this.job) return;
      // No solution is no good news (not green).
      this.result.message(r.count ? 'count' : 'none', `${counted(r.count, 'solution')}: the whole search tree was explored ${countSpent(r)}.`);
    } catch (e) {
      if (job !== this.job) return;
      if (e instanceof Cancelled) this.result.message('info', 'Cancelled. The count was stopped and the solver is ready again.');
      else this.result.message('error', `The solver failed: ${e.message}`);
    }
  }

  /** The link of the editor's text, packed now if it is not yet (null: see `linkTrouble`). */
  async link() {
    if (!this.packed && !this.linkTrouble()) await this.pack(this.source);
    return this.packed;
  }

  /** Stops a count (`say`: with a message). */
  cancel(say = true) {
    if (!this.solver.busy) return;
    if (!say) this.job++;
    this.solver.cancel();
  }
}

/** What makes `text` too long for the editor, in words ('' when nothing does); `dlx`: the
 *  wasm module, which counts the lines as its reader ends them. */
function tooLongFor(text, dlx) {
  if (text.length > MAX_TEXT) return `${grouped(text.length)} characters, at most ${grouped(MAX_TEXT)}`;
  const lines = dlx.countLines(text);
  return lines > MAX_LINES ? `${grouped(lines)} lines, at most ${grouped(MAX_LINES)}; a line for each option` : '';
}
