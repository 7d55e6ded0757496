// The lesson's panel: its title and words (a live region), the step dots, Previous, Next and
// Close, the note that says when the search has moved on from the moment the words describe,
// and the figure a step may draw whole: its board (the page's own board view, read-only) beside
// its matrix (the page's own matrix view, views/matrix.js, Rust's pixels). It draws what the
// lesson (www/rooms/lesson/lesson-room.js) says and reports the buttons pressed.

import { STEPS } from './lesson-steps.js';
import { counted, grouped } from '../../core/format.js';
import { FIELDS as COUNTERS } from '../../views/counters.js';
import { BoardView } from '../../views/board.js';
import { MatrixView } from '../../views/matrix.js';

const h = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

export class LessonPanel {
  /** `root`: the panel (empty, hidden); `figureHost`: where a step's figure goes (Knuth's pane);
   *  `on`: `{go(n), move(delta), close(), back()}`, what the buttons ask for;
   *  `numberingFor(side)`: a size's numbering, for the figure's board. */
  constructor(root, figureHost, on, numberingFor) {
    Object.assign(this, { root, numberingFor });
    // A figure drawn whole: the puzzle's board, and every row and column of its small matrix
    // named (click the matrix or + − to zoom).
    const canvas = h('canvas', { tabIndex: 0 });
    canvas.setAttribute('role', 'img');
    this.boardHost = h('div', { className: 'lesson-board' });
    this.boardHost.setAttribute('aria-label', 'The puzzle');
    this.board = null; // made when first shown
    const help = h('p', { className: 'help', innerHTML: 'Columns: <b>r1c2</b> cell r1c2 is filled, <b>r1#2</b> row 1 has a 2, <b>c2#2</b> column 2 has a 2, <b>b1#2</b> box 1 has a 2. Shaded columns: covered items; green rows: the givens\' options, chosen before the search; pale rows: hidden options.' });
    this.figure = figureHost.appendChild(h('div', { className: 'cover-figure' }, this.boardHost, h('div', { className: 'matrix-scroll' }, canvas), help));
    this.matrix = null; // made when first shown (it measures its panel)
    this.title = h('h2', { id: 'lesson-title', tabIndex: -1 });
    this.text = h('div', { className: 'lesson-text' });
    this.live = h('div', { className: 'lesson-live' }, this.title, this.text);
    this.live.setAttribute('aria-live', 'polite');
    this.error = h('p', { className: 'lesson-error', hidden: true });
    this.error.setAttribute('role', 'alert');
    // Said when the search was stepped away from the moment the words describe.
    this.movedText = document.createTextNode('');
    const back = h('button', { type: 'button', className: 'lesson-back', textContent: 'Back to this step\'s moment' });
    back.addEventListener('click', () => on.back());
    this.movedNote = h('p', { className: 'lesson-moved', hidden: true }, this.movedText, ' ', back);
    this.movedNote.setAttribute('role', 'status');
    this.moved = 0;
    this.on = on;
    const nav = (label, aria, delta) => {
      const b = h('button', { type: 'button', className: `lesson-${delta < 0 ? 'prev' : 'next'}`, textContent: label });
      b.setAttribute('aria-label', aria);
      b.setAttribute('aria-keyshortcuts', delta < 0 ? 'ArrowLeft PageUp' : 'ArrowRight PageDown');
      b.addEventListener('click', () => on.move(delta));
      return b;
    };
    this.prev = nav('← Previous', 'Previous step', -1);
    this.next = nav('Next →', 'Next step', +1);
    const close = h('button', { type: 'button', className: 'lesson-close', textContent: 'Close lesson' });
    close.title = 'Close the lesson (no key closes it: a clicker\'s Esc only stops a long run)';
    close.addEventListener('click', () => on.close());
    const steps = (this.steps = h('ol', { className: 'lesson-steps' }));
    steps.setAttribute('aria-label', 'Steps of the lesson');
    this.setSteps(null);
    root.setAttribute('aria-labelledby', 'lesson-title');
    root.replaceChildren(
      h('div', { className: 'lesson-bar' }, (this.kicker = h('span', { className: 'lesson-kicker', textContent: 'Lesson' })), steps, close),
      this.error,
      // At the top of the box, where it is seen: under the words, it was below the fold.
      this.movedNote,
      this.live,
      (this.nav = h('div', { className: 'lesson-nav' }, this.prev, this.next, (this.keys = h('span', { className: 'lesson-keys' })))),
    );
    this.setKeys(true);
  }

  /** The step dots: the built-in lesson's (`titles` null), or a teacher's own lesson's. */
  setSteps(titles) {
    const list = titles ?? STEPS.map((s) => s.title);
    this.count = list.length;
    if (this.kicker) this.kicker.textContent = titles ? 'Your lesson' : 'Lesson';
    this.dots = list.map((title, k) => {
      const b = h('button', { type: 'button', className: 'lesson-dot', textContent: String(k + 1), title });
      b.setAttribute('aria-label', `Step ${k + 1}: ${title}`);
      b.addEventListener('click', () => this.on.go(k + 1));
      return h('li', {}, b);
    });
    this.steps.replaceChildren(...this.dots);
  }

  /** The keys hint: [ ] only where there is a search to step (`search`). */
  setKeys(search) {
    this.keys.innerHTML = `<kbd>←</kbd> <kbd>→</kbd> or <kbd>Page Up</kbd> <kbd>Page Down</kbd> move through the lesson${search ? '; <kbd>[</kbd> <kbd>]</kbd> step the search' : ''}.`;
  }

  /**
   * Page Down (`down`) or Page Up on a step whose words run past their box (the presenter
   * layout's, which scrolls) or past the screen: shows the next (or the previous) screenful
   * of them and returns true; false once their end (or start) is in view, when the key goes
   * to the next (or previous) step. A line of the words stays in view across each move.
   */
  scrollWords(down) {
    const box = this.text;
    const sign = down ? 1 : -1;
    const line = parseFloat(getComputedStyle(box).fontSize) * 1.5 || 24;
    if (box.scrollHeight > box.clientHeight + 1) {
      const left = down ? box.scrollHeight - box.clientHeight - box.scrollTop : box.scrollTop;
      if (left < 1) return false;
      const was = box.scrollTop;
      box.scrollTop += sign * Math.min(left, Math.max(line, box.clientHeight - line));
      return box.scrollTop !== was;
    }
    // The words scroll with the page: what of them is under Previous / Next (sticky at the
    // screen's foot in large type) or the screen's edge.
    const r = box.getBoundingClientRect();
    const foot = Math.min(innerHeight, this.nav.getBoundingClientRect().top);
    const left = down ? r.bottom - foot : -r.top;
    const seen = down ? r.top < foot : r.bottom > 0; // some of the words on the screen
    if (left < 1 || !seen) return false;
    const was = scrollY;
    window.scrollBy({ top: sign * Math.min(left, Math.max(line, foot - line)), behavior: 'instant' });
    return scrollY !== was; // at the page's end it cannot: the next step
  }

  /** The counter the step's words name, from the search's own picture (`pic`: what the
   *  counters under "Watch the search" show). */
  setCounter(pic) {
    const c = this.counter;
    if (!c || !pic) return;
    const v = grouped(pic[c.key]);
    if (v !== c.shown) c.shown = c.value.textContent = v;
  }

  /** The search is `d` events past (negative: before) the moment the words describe; 0: at it. */
  setMoved(d) {
    if (d === this.moved) return;
    this.moved = d;
    this.movedNote.hidden = d === 0;
    this.text.classList.toggle('stale', d !== 0);
    if (d === 0) return;
    const n = counted(Math.abs(d), 'step');
    this.movedText.nodeValue = `${d > 0 ? `The search has moved on ${n} from` : `The search is ${n} before`} the moment these words describe; the narration under "Watch the search" follows each step.`;
  }

  /** Shown or hidden; `error`: a link's fault, shown above the step. */
  setOpen(on) {
    this.root.hidden = !on;
    document.body.classList.toggle('lesson-on', on);
    if (!on) document.body.classList.remove('lesson-figure');
  }

  setError(error = '') {
    this.error.textContent = error;
    this.error.hidden = !error;
  }

  /** Whether the step shows a figure (in place of Knuth's diagram, with no search to step). */
  setFigure(on) {
    document.body.classList.toggle('lesson-figure', on);
    this.setKeys(!on);
  }

  /** Draws the figure's puzzle (`line`, its givens) on its board, with what the search's
   *  picture `pic` says of each option (the givens' chosen before the search). */
  drawBoard(line, pic) {
    const n = this.numberingFor(Math.sqrt(line.length));
    const none = () => {};
    if (this.board?.numbering !== n) this.board = new BoardView(this.boardHost.appendChild(h('div')), n, { onEdit: none, onPencil: none, onHover: none });
    if (this.boardHost.children.length > 1) this.boardHost.firstChild.remove();
    const givens = Uint8Array.from(line, (ch) => n.symbols.indexOf(ch.toUpperCase()) + 1);
    this.board.setGivens(givens, new Set());
    this.board.setSearchShown(true);
    this.board.render(pic);
    this.board.refreshLabels(pic, true);
  }

  /** Lets go of the trace the figure drew (before it is freed). */
  detachFigure() {
    this.matrix?.detach();
  }

  /** Draws `trace` whole in the figure (its picture refreshed), described by `caption`. */
  drawFigure(trace, caption) {
    this.matrix ??= new MatrixView(this.figure);
    this.matrix.caption = caption;
    this.matrix.setShape({ side: trace.side });
    this.matrix.measure();
    this.matrix.render(trace, true);
  }

  /** The words of step `n` (`paragraphs`) and where it is in the lesson. A step whose words
   *  name a counter (`step.counter`: `[key, paragraph]`) shows its value in a box of its own at
   *  the end of that paragraph, kept live by `setCounter` (the counters are far below). */
  show(n, step, paragraphs) {
    this.title.textContent = `Step ${n} of ${this.count}: ${step.title}`;
    const ps = paragraphs.map((p) => h('p', { textContent: p }));
    this.counter = null;
    if (step.counter) {
      const [key, at] = step.counter;
      const value = h('b', { textContent: '' });
      value.dataset.lessonCounter = key;
      const box = h('span', { className: 'lesson-counter' }, h('span', { textContent: COUNTERS.find((f) => f[0] === key)[1] }), ' ', value);
      ps[at].append(' ', box);
      this.counter = { key, value, shown: null };
    }
    this.text.replaceChildren(...ps);
    this.text.scrollTop = 0; // a new step's words from their start
    this.dots.forEach((li, k) => {
      const b = li.firstChild;
      if (k === n - 1) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    });
    this.prev.setAttribute('aria-disabled', String(n === 1));
    this.next.setAttribute('aria-disabled', String(n === this.count));
  }

  focus() {
    this.title.focus({ preventScroll: true });
  }
}
