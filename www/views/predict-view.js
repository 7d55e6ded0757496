// Predict mode's panel: the "Predict" switch (beside "Copy link to this step"), and under the transport
// the question, a list of the items still to cover (type a name or choose), "A dead end",
// "Show me", the verdict with its reason and the score. An item's square in the Sudoku's
// item panels, its header in Knuth's diagram, or its chip in the workbench answers too
// (a click, or Enter on it). The state and the judge are www/core/predict-gate.js's.

import { grouped } from '../core/format.js';

const el = (tag, props = {}, ...kids) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
};

/** Where an item's square, header or chip answers a question. */
const PICKABLE = '#items, #cover-items, #dance, #cover-dance';

export class PredictView {
  /** `root`: an empty, hidden element; `toggle`: the "Predict" button; `actions`:
   *  `{toggle(), answer(guess), skip()}` (guess: an item's number or 'dead end'). */
  constructor(root, toggle, actions) {
    Object.assign(this, { root, toggle, actions });
    root.setAttribute('role', 'region');
    root.setAttribute('aria-label', 'Predict');
    this.question = el('p', { className: 'predict-q', id: 'predict-q' });
    this.list = el('select', { id: 'predict-item' });
    this.list.setAttribute('aria-describedby', 'predict-q');
    const label = el('label', { htmlFor: 'predict-item', textContent: 'Item', title: 'Choose it here, or click the item (its square, header or chip)' });
    this.pick = el('button', { type: 'button', textContent: 'Choose it' });
    this.dead = el('button', { type: 'button', textContent: 'A dead end' });
    this.show = el('button', { type: 'button', textContent: 'Show me', title: 'Go on without answering (not scored)' });
    this.form = el('div', { className: 'predict-pick' }, label, this.list, this.pick, this.dead, this.show);
    this.verdict = el('p', { className: 'predict-verdict', id: 'predict-verdict' });
    this.verdict.setAttribute('role', 'status');
    this.score = el('p', { className: 'predict-score', id: 'predict-score' });
    root.append(this.question, this.form, this.verdict, this.score);
    toggle.addEventListener('click', () => actions.toggle());
    this.pick.addEventListener('click', () => this.answer(Number(this.list.value), this.pick));
    this.list.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      this.answer(Number(this.list.value), this.list);
    });
    this.dead.addEventListener('click', () => this.answer('dead end', this.dead));
    this.show.addEventListener('click', () => actions.skip());
    const picked = (e) => {
      if (!this.asking) return null;
      const sq = e.target.closest?.('[data-item]');
      return sq && sq.closest(PICKABLE) ? Number(sq.dataset.item) : null;
    };
    document.addEventListener('click', (e) => {
      const i = picked(e);
      if (i !== null) this.answer(i, null);
    });
    document.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      const i = picked(e);
      if (i === null) return;
      e.preventDefault();
      this.answer(i, null);
    });
    this.asking = false;
    this.key = '';
  }

  answer(guess, from) {
    if (!this.asking || Number.isNaN(guess)) return;
    this.actions.answer(guess);
    // Answered from the list: the focus goes where ] and Space go on ("Step forward").
    if (from === this.list) document.querySelector('[data-action="forward"]')?.focus();
  }

  /** `gate`: www/core/predict-gate.js's; `trace`, `pic`, `w` (narration.js's words): the view shown. */
  render(gate, trace, pic, w) {
    const on = gate.on && !!trace;
    // Only what changed is written (this runs in every frame while the search plays).
    if (this.toggle.getAttribute('aria-pressed') !== String(gate.on)) this.toggle.setAttribute('aria-pressed', String(gate.on));
    if (this.root.hidden !== !on) this.root.hidden = !on;
    if (!on) {
      this.asking = false;
      return;
    }
    const q = gate.pending(trace);
    this.asking = !!q;
    this.root.classList.toggle('asking', this.asking);
    this.question.textContent = q
      ? 'Which item will the search choose next, or is it a dead end?'
      : 'Predict: step or play; the search stops before each choice and asks you.';
    this.form.hidden = !q;
    const key = q ? `${q.at}` : '';
    if (q && (key !== this.key || this.listTrace !== trace)) {
      const opts = [];
      for (let i = 0; i < trace.primary; i++) {
        if (!pic.covered(i)) opts.push(el('option', { value: String(i), textContent: w.item(i).replace(/^item |^'|'$/g, '') }));
      }
      this.list.replaceChildren(...opts);
      this.listTrace = trace;
      const f = document.activeElement;
      if (f === this.toggle || this.root.contains(f) || f?.dataset.action === 'forward') this.list.focus();
    }
    this.key = key;
    const v = gate.verdict;
    this.verdict.textContent = v?.text ?? '';
    this.verdict.dataset.right = v ? String(v.right) : '';
    this.score.textContent = gate.asked ? `Score: ${grouped(gate.right)} right of ${grouped(gate.asked)}` : 'Score: none asked yet';
  }
}
