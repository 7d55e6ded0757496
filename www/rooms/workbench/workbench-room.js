// The exact-cover workbench's view: the search of the problem in its editor (www/rooms/workbench/workbench.js
// keeps the text, reads it and counts in a worker), drawn as its items, its options × items
// matrix and, for a problem as small as Knuth's, his nodes and links. Its links carry the
// problem itself, packed (cover-link.js).

import { Picture } from '../../wasm/picture.js';
import { DEFAULT_PROBLEM, GALLERY } from './workbench.js';
import { counted } from '../../core/format.js';

/** The workbench draws the links of problems up to this size, as in Knuth's view. */
const DANCE_ITEMS = 10, DANCE_OPTIONS = 10;

export class WorkbenchRoom {
  constructor({ dlx, shell, views, $ }) {
    Object.assign(this, { dlx, shell, views, $ });
    this.trace = null;
    this.picture = null;
    this.workbench = null; // the exact-cover workbench (workbench.js), set by the composition root
    this.numbering = null;
    this.noSearchText = 'Fix the error marked in the problem to watch the search.';
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
    this.views.coverPicture.setDrawing(trace?.drawing() ?? null); // queens, pentominoes, …: a picture (src/dlx1/pictures.rs)
    if (this.shell.mode === 'cover') {
      this.shell.attach();
      this.shell.render();
      this.shell.router?.write(true);
    }
  }

  show(on) {
    this.$('cover-watch').hidden = !on;
  }

  /** `fill`: the default problem goes into an empty editor. */
  enter({ fill }) {
    if (fill && !this.trace && !this.workbench.editor.value) this.workbench.example(DEFAULT_PROBLEM);
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
    if (!pic) views.counters.render({ events: 0, depth: 0, nodes: 0, backtracks: 0, deadEnds: 0, solutions: 0, linkUpdates: 0 });
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
    shell.router?.write(true);
  }
}
