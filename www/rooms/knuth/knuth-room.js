// Knuth's 7-item example (his paper's, items A to G and 6 options): the same engine, its
// search drawn as his nodes and links (views/dance.js). Nothing to edit: a search to watch,
// made when the view is first shown and made again by Restart.

import { Picture } from '../../wasm/picture.js';
import { DanceView } from '../../views/dance.js';

export class KnuthRoom {
  /** `notice`: where a link's faults are said (the board's notice, the Sudoku's). */
  constructor({ dlx, shell, notice, $ }) {
    Object.assign(this, { dlx, shell, notice });
    // Drawn again for its box when the box's width changes (a phone turned, large type).
    this.views = { dance: new DanceView($('dance'), { onResize: () => shell.render() }) };
    this.trace = null;
    this.picture = null;
    this.numbering = null; // the narration names items and options as the engine does
    this.noSearchText = '';
  }

  get searchable() {
    return !!this.trace;
  }

  /** The header's words for the exact cover this view shows. */
  taglineWords() {
    return 'Knuth\'s example: 6 options × 7 items';
  }

  watchWords() {
    return 'the same engine on 7 items and 6 options';
  }

  /** What Copy link says its link opens. */
  linkWords() {
    return 'Knuth\'s example at this step';
  }

  /** Its figure, scrolled into view (a lesson step about it). */
  reveal() {
    this.views.dance.reveal();
  }

  maxDepth() {
    return 3;
  }

  /** A fresh search of the example, at its start. */
  load() {
    this.trace?.free();
    this.trace = this.dlx.Trace.knuth();
    this.picture = new Picture(this.trace);
    if (this.shell.mode === 'knuth') this.shell.attach();
  }

  show() {}

  enter() {
    if (!this.trace) this.load();
  }

  restart() {
    this.load();
  }

  render(pic) {
    this.views.dance.render(this.trace, pic);
  }

  link(step) {
    return { mode: 'knuth', step };
  }

  /** A link to a step of the example; what was wrong with it shows in the board's notice. */
  open(h, warnings) {
    this.shell.setMode('knuth', false);
    if (warnings.length) this.notice.show('warn', ...warnings, '');
    if (h.step > 0 && this.trace) {
      this.shell.moved();
      this.shell.seekLink(h.step);
    }
  }
}
