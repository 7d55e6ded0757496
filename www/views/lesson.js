// The lesson panel: a teacher moves through the steps of www/lesson.js with the arrow keys
// (or Page Up / Page Down, as a presenter's clicker sends, or the buttons). Each step puts
// the page's own trace at the moment it explains, through the controller and the player,
// and its text goes into a live region. While the lesson is open, plain ← → belong to it;
// [ ] and Shift+← → still step the search.

import { STEPS, reach, parseStep } from '../lesson.js';
import { MatrixView } from './matrix.js';

const h = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

export class Lesson {
  /** `root`: the panel (empty, hidden); `opener`: the button that opens it; `quote`: router.js's. */
  constructor(root, opener, { controller, player, dlx, quote, onChange }) {
    Object.assign(this, { root, opener, controller, player, dlx, quote, onChange });
    // A figure drawn whole by the page's own matrix view (views/matrix.js, Rust's pixels):
    // every row and column of a small matrix named; click or + − to zoom.
    const canvas = h('canvas', { tabIndex: 0 });
    canvas.setAttribute('role', 'img');
    const help = h('p', { className: 'help', innerHTML: 'Columns: <b>r1c2</b> cell r1c2 is filled, <b>r1#2</b> row 1 has a 2, <b>c2#2</b> column 2 has a 2, <b>b1#2</b> box 1 has a 2. Shaded columns: covered items; pale rows: hidden options.' });
    this.figure = document.getElementById('knuth-pane').appendChild(h('div', { className: 'cover-figure' }, h('div', { className: 'matrix-scroll' }, canvas), help));
    this.matrix = null; // made when first shown (it measures its panel)
    this.figureTrace = null;
    this.step = 0; // 0: closed
    this.before = 'sudoku';
    const c = this;
    this.title = h('h2', { id: 'lesson-title', tabIndex: -1 });
    this.text = h('div', { className: 'lesson-text' });
    this.live = h('div', { className: 'lesson-live' }, this.title, this.text);
    this.live.setAttribute('aria-live', 'polite');
    this.error = h('p', { className: 'lesson-error', hidden: true });
    this.error.setAttribute('role', 'alert');
    this.dots = STEPS.map((s, k) => {
      const b = h('button', { type: 'button', className: 'lesson-dot', textContent: String(k + 1), title: s.title });
      b.setAttribute('aria-label', `Step ${k + 1}: ${s.title}`);
      b.addEventListener('click', () => c.go(k + 1));
      return h('li', {}, b);
    });
    const nav = (label, aria, delta) => {
      const b = h('button', { type: 'button', className: `lesson-${delta < 0 ? 'prev' : 'next'}`, textContent: label });
      b.setAttribute('aria-label', aria);
      b.setAttribute('aria-keyshortcuts', delta < 0 ? 'ArrowLeft PageUp' : 'ArrowRight PageDown');
      b.addEventListener('click', () => c.go(c.step + delta));
      return b;
    };
    this.prev = nav('← Previous', 'Previous step', -1);
    this.next = nav('Next →', 'Next step', +1);
    const close = h('button', { type: 'button', className: 'lesson-close', textContent: 'Close lesson' });
    close.setAttribute('aria-keyshortcuts', 'Escape');
    close.addEventListener('click', () => c.close());
    const steps = h('ol', { className: 'lesson-steps' }, ...this.dots);
    steps.setAttribute('aria-label', 'Steps of the lesson');
    root.setAttribute('aria-labelledby', 'lesson-title');
    root.replaceChildren(
      h('div', { className: 'lesson-bar' }, h('span', { className: 'lesson-kicker', textContent: 'Lesson' }), steps, close),
      this.error,
      this.live,
      h('div', { className: 'lesson-nav' }, this.prev, this.next,
        h('span', { className: 'lesson-keys', innerHTML: '<kbd>←</kbd> <kbd>→</kbd> move through the lesson; <kbd>[</kbd> <kbd>]</kbd> step the search.' })),
    );
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
    if (!this.active) this.before = this.controller.mode;
    this.root.hidden = false;
    document.body.classList.add('lesson-on');
    this.opener.setAttribute('aria-expanded', 'true');
    this.go(n);
    this.error.textContent = error;
    this.error.hidden = !error;
    this.title.focus({ preventScroll: true });
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
    this.root.hidden = true;
    document.body.classList.remove('lesson-on', 'lesson-figure');
    this.matrix?.detach();
    this.figureTrace?.free();
    this.figureTrace = null;
    this.opener.setAttribute('aria-expanded', 'false');
    if (restore) {
      this.controller.setMode(this.before);
      this.opener.focus();
    }
    this.onChange();
  }

  /** Shows step `n` (from 1; out of range does nothing): the trace at its moment, and its words. */
  go(n) {
    if (n < 1 || n > STEPS.length) return;
    const { controller: c, player } = this;
    this.step = n;
    this.error.hidden = true;
    c.views.watchNotice?.clear(); // a link copied was to another step
    const step = STEPS[n - 1];
    const figure = step.view === 'figure';
    document.body.classList.toggle('lesson-figure', figure);
    c.setMode(figure ? 'knuth' : step.view, false);
    c.restart(); // a fresh search at its start
    if (figure) {
      // A problem of its own, drawn whole: a fresh trace of the step's puzzle.
      this.matrix?.detach();
      this.figureTrace?.free();
      const t = (this.figureTrace = new this.dlx.Trace(step.puzzle));
      const { facts, text } = reach(n, { trace: t, run: (max, mask) => t.run(max, mask), back: (k) => t.runBack(k, 0) });
      t.refresh(); // the picture the view draws
      this.matrix ??= new MatrixView(this.figure);
      this.matrix.caption = step.label(facts);
      this.matrix.setShape({ side: t.side });
      this.matrix.measure();
      this.matrix.render(t, true);
      this.show(n, step, text);
      return;
    }
    const { facts, text } = reach(n, { trace: c.trace, run: (max, mask) => player.run(max, mask), back: (k) => player.runBack(k, 0) });
    // Draw the search first where the diagram's "changed by the last step" should start.
    const at = c.trace.events;
    const from = facts.from ?? Math.max(0, at - 1);
    if (at > from) {
      player.runBack(at - from, 0);
      c.render();
      player.run(at - from, 0);
    }
    c.render();
    if (step.view === 'knuth') c.views.dance.reveal();
    this.show(n, step, text);
  }

  /** The words of step `n` and where it is in the lesson. */
  show(n, step, text) {
    this.title.textContent = `Step ${n} of ${STEPS.length}: ${step.title}`;
    this.text.replaceChildren(...text.map((p) => h('p', { textContent: p })));
    this.dots.forEach((li, k) => {
      const b = li.firstChild;
      if (k === n - 1) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    });
    this.prev.setAttribute('aria-disabled', String(n === 1));
    this.next.setAttribute('aria-disabled', String(n === STEPS.length));
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
