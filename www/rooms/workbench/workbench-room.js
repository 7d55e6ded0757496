// The exact-cover workbench's view: the search of the problem in its editor (workbench.js
// keeps the text, reads it and counts on every core in workers of its own), drawn as its
// items, its options × items matrix, a picture of its placements and, for a problem as small
// as Knuth's, his nodes and links. Its gallery, its Count, its Copy link, and the limits its
// editor keeps against a paste or a drop. Its links carry the problem itself, packed
// (www/core/cover-link.js).

import { Picture } from '../../wasm/picture.js';
import { CountPool } from '../../wasm/count-pool.js';
import { Workbench, DEFAULT_PROBLEM, GALLERY, MAX_TEXT, MAX_LINES } from './workbench.js';
import { CoverEditor } from './cover-editor.js';
import { CoverItemsView } from './cover-items.js';
import { CoverMatrixView } from './cover-matrix.js';
import { PicturesView } from './pictures.js';
import { DanceView } from '../../views/dance.js';
import { ResultView } from '../../views/result.js';
import { counted, grouped } from '../../core/format.js';

/** The workbench draws the links of problems up to this size, as in Knuth's view. */
const DANCE_ITEMS = 10, DANCE_OPTIONS = 10;

export class WorkbenchRoom {
  /** `numberingFor(side)`: a Sudoku size's numbering, for the names of a Sudoku's options. */
  constructor({ dlx, shell, player, numberingFor, $ }) {
    Object.assign(this, { dlx, shell, numberingFor, $ });
    this.trace = null;
    this.picture = null;
    this.numbering = null;
    /** A problem's option in the page's short words, or null: its own name stands. */
    this.optionLabel = null;
    this.noSearchText = 'Fix the error marked in the problem to watch the search.';
    // Each drawn again for its box when the box's width changes (a phone turned, large type).
    const onResize = () => shell.render();
    this.views = {
      coverDance: new DanceView($('cover-dance'), { onResize }),
      coverItems: new CoverItemsView($('cover-items')),
      coverMatrix: new CoverMatrixView($('cover-matrix'), { onResize }),
      coverPicture: new PicturesView($('cover-picture')),
      coverResult: new ResultView($('cover-result'), { onCancel: () => this.workbench.cancel() }),
    };
    this.editor = new CoverEditor($('cover-editor'), { onInput: () => this.workbench.edited() });
    /** The problem: its text, checks, link and count (workbench.js), in workers of its own,
     *  so that a Sudoku count and a cover count never wait on each other. */
    this.workbench = new Workbench({
      dlx, editor: this.editor, status: $('cover-status'), result: this.views.coverResult, solver: new CountPool(),
      onProblem: (trace) => {
        player.stop();
        this.load(trace);
        this.markGallery();
      },
      onLink: () => shell.router.write(true),
    });
    this.gallery(player);
    $('cover-text').addEventListener('input', () => this.markGallery());
    $('cover-count').addEventListener('click', () => this.workbench.count());
    $('cover-copy').addEventListener('click', () => this.copyLink());
  }

  /** The gallery's buttons: problems to watch, then problems to count. */
  gallery(player) {
    const galleries = document.querySelectorAll('#cover-pane .gallery');
    for (const g of GALLERY) {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: g.label });
      b.dataset.example = g.id;
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => {
        player.stop();
        this.workbench.example(g.id);
        this.markGallery();
      });
      galleries[g.count ? 1 : 0].append(b);
    }
  }

  markGallery() {
    for (const b of document.querySelectorAll('#cover-pane .gallery button')) b.setAttribute('aria-pressed', String(b.dataset.example === this.workbench.exampleId));
  }

  /** Copy link (its own button, and the page's in this view): the problem's link, said in its
   *  result box; `copied(text)`, when the page's button asked, says "Link copied" by that button. */
  async copyLink(copied = null) {
    const wb = this.workbench;
    const trouble = wb.linkTrouble();
    if (trouble) {
      this.views.coverResult.message('error', trouble);
      return;
    }
    await wb.link();
    const opens = wb.error ? 'this problem as it is, its error marked' : 'this problem at this step';
    await this.shell.copyHref(opens, (kind, text) => (kind === 'ok' && copied ? copied(text) : this.views.coverResult.message(kind === 'ok' ? 'count' : kind, text)));
  }

  /** A moment of a teacher's own lesson in this view: its link carries the packed problem
   *  (packed in the background: waited for, a problem just opened). */
  async lessonLink(l) {
    const wb = this.workbench;
    l.packed = await wb.link();
    if (!l.packed) throw new Error(`${wb.linkTrouble() || 'This problem has no link.'} It cannot be a moment of a lesson.`);
  }

  /**
   * The editor takes whole problems, up to the page's limits (www/core/input.js asks, for a
   * paste or a drop): false (and a message saying why, `verb` naming what was refused) when
   * `text` put in place of `start`..`end` would take it past them; undefined for a field
   * that is not the editor. Checked before the textarea takes the text, which costs time.
   */
  fieldTakes(field, text, start, end, verb) {
    if (field.id !== 'cover-text') return undefined;
    const say = (why) => this.views.coverResult.message('error', `Not ${verb}: ${why} The problem is unchanged.`);
    if (text.length > MAX_TEXT) {
      say(`${grouped(text.length)} characters is more than the editor takes (${grouped(MAX_TEXT)}).`);
      return false;
    }
    const lines = this.dlx.countLines(field.value.slice(0, start) + text + field.value.slice(end));
    if (lines > MAX_LINES) {
      say(`the editor would hold ${grouped(lines)} lines, and it takes at most ${grouped(MAX_LINES)} (a line for each option).`);
      return false;
    }
    return true;
  }

  onRestyle() {
    this.views.coverMatrix.restyle();
    this.editor.place();
  }

  get searchable() {
    return !!this.trace;
  }

  /** The header's words for the exact cover this view shows. */
  taglineWords() {
    const t = this.trace;
    return t ? `the problem in the editor: ${counted(t.options, 'option')} × ${counted(t.items, 'item')}` : 'the problem in the editor';
  }

  watchWords() {
    return 'the same engine on the problem in the editor';
  }

  maxDepth() {
    return Math.max(1, this.trace?.primary ?? 1);
  }

  /** The workbench's problem changed: its new search (null while the text has an error). */
  load(trace) {
    this.trace?.free();
    this.trace = trace;
    this.picture = trace && new Picture(trace);
    this.views.coverDance.reset();
    const drawing = trace?.drawing() ?? null;
    this.views.coverPicture.setDrawing(drawing); // queens, pentominoes, …: a picture (src/dlx1/pictures.rs)
    this.optionLabel = this.sudokuNames(drawing);
    if (this.shell.mode === 'cover') {
      this.shell.attach();
      this.shell.render();
      this.shell.router.write(true);
    }
  }

  /** A Sudoku's options named as the Sudoku view names them ("r1c2 = 3"), from the cell and
   *  digit Rust's drawing reads off their items (src/dlx1/pictures.rs); null for any other
   *  problem, or a size the page has no numbering of. */
  sudokuNames(d) {
    if (d?.kind !== 'sudoku') return null;
    let n;
    try {
      n = this.numberingFor(d.rows);
    } catch {
      return null;
    }
    return (o) => {
      const digit = n.symbols.indexOf(d.labels[o]) + 1;
      const named = digit > 0 ? n.option(d.cells[d.starts[o]], digit) : -1;
      return named >= 0 ? n.optionName(named) : null;
    };
  }

  show(on) {
    this.$('cover-watch').hidden = !on;
  }

  /** `fill`: the default problem goes into an empty editor. */
  enter({ fill }) {
    if (fill && !this.trace && !this.editor.value) this.workbench.example(DEFAULT_PROBLEM);
  }

  restart() {
    this.load(this.workbench.text === null ? null : this.dlx.Trace.cover(this.workbench.text));
  }

  /** `words`: the shell's; false in the frames between two writes of the words at top speed. */
  render(pic, paused, words = true) {
    const { views, trace } = this;
    views.coverItems.render(trace, pic, words); // at top speed, with the words (ten times a second)
    views.coverMatrix.render(trace, pic, paused);
    if (words) views.coverPicture.render(pic); // its SVG updated in place where the placement changed
    // A problem as small as Knuth's is also drawn as his nodes and links.
    const small = !!pic && trace.items <= DANCE_ITEMS && trace.options <= DANCE_OPTIONS;
    const dance = this.$('cover-dance');
    if (dance.hidden !== !small) dance.hidden = !small;
    if (small) views.coverDance.render(trace, pic);
    if (!pic) this.shell.shared.counters.render({ events: 0, depth: 0, nodes: 0, backtracks: 0, deadEnds: 0, solutions: 0, linkUpdates: 0 });
  }

  link(step) {
    return { mode: 'cover', packed: this.workbench.packed, step };
  }

  /**
   * A link to the workbench: its packed problem, then its step. A link that cannot be read
   * leaves the editor as it is, or (on a page with no problem yet) opens the default one.
   * Unpacking takes a moment: a link opened meanwhile (Back, Forward, one typed) wins, and
   * this one then changes nothing (its step would move the search of that link's view).
   */
  async open(h, warnings) {
    const { shell, workbench: wb } = this;
    const link = shell.links;
    shell.setMode('cover', false, false);
    const before = wb.editor.value;
    const trouble = h.packed ? await wb.open(h.packed, () => link === shell.links) : '';
    if (link !== shell.links) return;
    const fallback = !wb.editor.value;
    if (fallback) wb.example(DEFAULT_PROBLEM);
    const lines = [...warnings, trouble].filter(Boolean);
    if (lines.length) {
      const then = fallback ? `The default problem, ${GALLERY.find((g) => g.id === DEFAULT_PROBLEM).label}, is shown instead.` : wb.editor.value === before ? 'The problem in the editor is unchanged.' : '';
      this.views.coverResult.message('error', [...lines, then].join(' ').trim());
    }
    if (!trouble && h.step > 0 && shell.mode === 'cover' && this.trace) shell.seekLink(h.step);
    shell.router.write(true);
  }
}
