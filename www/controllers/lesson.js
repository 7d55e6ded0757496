// The guided lesson: a teacher moves through the steps of www/lesson.js with the arrow keys
// (or Page Up / Page Down, as a presenter's clicker sends, or the panel's buttons). Each step
// puts a view's own search at the moment it explains, through the shell and the player (or,
// for a step with a figure, a trace of its own, drawn whole), and its words go into the
// panel (views/lesson.js). While the lesson is open, plain ← → belong to it; [ ] and
// Shift+← → still step the search.

import { STEPS, reach, parseStep } from '../lesson.js';
import { LessonPanel } from '../views/lesson.js';

export class Lesson {
  /** `root`: the panel (empty, hidden); `opener`: the button that opens it; `quote`: router.js's;
   *  `shell`: www/shell.js; `onChange`: the address bar should follow. */
  constructor(root, opener, { shell, player, dlx, quote, onChange }) {
    Object.assign(this, { opener, shell, player, dlx, quote, onChange });
    this.panel = new LessonPanel(root, document.getElementById('knuth-pane'), {
      go: (n) => this.go(n),
      move: (delta) => this.go(this.step + delta),
      close: () => this.close(),
    });
    this.figureTrace = null;
    this.step = 0; // 0: closed
    this.before = 'sudoku';
    this.last = 1; // the step shown when the lesson was closed: the button opens it again there
    opener.addEventListener('click', () => (this.step ? this.close() : this.open(this.last)));
    // A tab chosen by hand leaves the lesson (whose words would speak of another view).
    for (const tab of document.querySelectorAll('.modes [role="tab"]')) {
      tab.addEventListener('click', () => this.close(false));
      tab.addEventListener('keydown', (e) => (e.key === 'ArrowLeft' || e.key === 'ArrowRight') && this.close(false));
    }
    // Capture: before the transport's own keys, which give way to a handled event.
    document.addEventListener('keydown', (e) => this.key(e), true);
  }

  get active() {
    return this.step > 0;
  }

  /** The id of the step shown ('' when closed). */
  get id() {
    return this.active ? STEPS[this.step - 1].id : '';
  }

  /** Opens the lesson at step `n` (1 if left out), with `error` (a link's) shown above it. */
  open(n = 1, error = '') {
    if (!this.active) this.before = this.shell.mode;
    this.panel.setOpen(true);
    this.opener.setAttribute('aria-expanded', 'true');
    this.go(n);
    this.panel.setError(error);
    this.panel.focus();
  }

  /** What a link asked for (`raw`: the text after `lesson=`; `errors`: the link's other faults). */
  openFromLink(raw, errors = []) {
    const { step, error } = parseStep(raw, this.quote);
    this.open(step, [error, ...errors].filter(Boolean).join(' '));
  }

  close(restore = true) {
    if (!this.active) return;
    this.last = this.step;
    this.step = 0;
    this.panel.setOpen(false);
    this.freeFigure();
    this.opener.setAttribute('aria-expanded', 'false');
    if (restore) {
      this.shell.setMode(this.before);
      this.opener.focus();
    }
    this.onChange();
  }

  freeFigure() {
    this.panel.detachFigure();
    this.figureTrace?.free();
    this.figureTrace = null;
  }

  /** Shows step `n` (from 1; out of range does nothing): the trace at its moment, and its words. */
  go(n) {
    if (n < 1 || n > STEPS.length) return;
    const { shell, player } = this;
    this.step = n;
    this.panel.setError();
    shell.views.watchNotice?.clear(); // a link copied was to another step
    const step = STEPS[n - 1];
    const figure = step.view === 'figure';
    this.panel.setFigure(figure);
    shell.setMode(figure ? 'knuth' : step.view, false);
    shell.restart(); // a fresh search at its start
    if (figure) {
      // A problem of its own, drawn whole: a fresh trace of the step's puzzle.
      this.freeFigure();
      const t = (this.figureTrace = new this.dlx.Trace(step.puzzle));
      const { facts, text } = reach(n, { trace: t, run: (max, mask) => t.run(max, mask), back: (k) => t.runBack(k, 0) });
      t.refresh(); // the picture the view draws
      this.panel.drawFigure(t, step.label(facts));
      this.show(n, step, text);
      return;
    }
    const { facts, text } = reach(n, { trace: shell.trace, run: (max, mask) => player.run(max, mask), back: (k) => player.runBack(k, 0) });
    // Draw the search first where the diagram's "changed by the last step" should start.
    const at = shell.trace.events;
    const from = facts.from ?? Math.max(0, at - 1);
    if (at > from) {
      player.runBack(at - from, 0);
      shell.render();
      player.run(at - from, 0);
    }
    shell.render();
    if (step.view === 'knuth') shell.views.dance.reveal();
    this.show(n, step, text);
  }

  /** The words of step `n` and where it is in the lesson. */
  show(n, step, text) {
    this.panel.show(n, step, text);
    this.onChange();
  }

  key(e) {
    if (!this.active || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
    if (e.target.closest?.('input, textarea, select, [contenteditable="true"], .board, canvas, [role="tab"]')) return;
    let to = 0;
    if (e.key === 'ArrowRight' || e.key === 'PageDown') to = this.step + 1;
    else if (e.key === 'ArrowLeft' || e.key === 'PageUp') to = this.step - 1;
    else if (e.key === 'Escape' && !this.player.busy) {
      e.preventDefault();
      this.close();
      return;
    } else return;
    e.preventDefault();
    this.go(to);
  }
}
