// The Keys panel (a <details> beside the speed): the keys for the view shown, as the page
// takes them (views/controls.js, rooms/lesson/lesson-keys.js). On a Sudoku the search tries
// digits, elsewhere options; while the lesson is open its keys come first, and under a step's
// own figure the search keys rest. Open, the list stands beside the search's column, over
// the picture, never over the narration (it hung under the speed and covered it, issue 49);
// on a screen of one column it stands over the controls above the Keys button. Either way
// nothing moves when it opens.

const k = (...keys) => keys.map((x) => `<kbd>${x}</kbd>`).join(' ');

/**
 * The panel's rows `[keys, words]` and notes for what is shown: `what`, the word for a
 * choice ('digit' on a Sudoku, 'option' elsewhere); `lesson`: null, 'search' (a step on a
 * view's search) or 'figure' (a step's own figure); `board`: a Sudoku's board is shown.
 */
export function keyRows({ what, lesson, board }) {
  const rows = [];
  if (lesson) {
    rows.push(
      [k('Page Down'), 'the rest of a long step\'s words, then the next step of the lesson'],
      [k('Page Up'), 'back up the step\'s words, then the step before'],
      [`${k('→')} ${k('←')}`, 'the next / the previous step of the lesson'],
    );
  }
  if (lesson !== 'figure') {
    rows.push(
      lesson ? [k(']'), 'step the search forward one event'] : [k('→', ']'), 'step forward one event'],
      lesson ? [k('['), 'step the search back one event'] : [k('←', '['), 'step back one event'],
      [`${k('Shift')}+${k('→')} ${k('}')}`, `forward to the next ${what} tried`],
      [`${k('Shift')}+${k('←')} ${k('{')}`, `back to the previous ${what} tried`],
      [k('Space', 'P'), `play / pause (on a button reached with ${k('Tab')}, Space presses it)`],
      [`${k('+')} ${k('−')}`, 'faster / slower'],
      [k('N'), 'run to the next solution'],
      [k('D'), 'run to the next dead end'],
      [k('R', 'Home'), 'restart'],
    );
  }
  rows.push([k('Esc'), lesson ? 'stop a long run (it never closes the lesson: "Close lesson" does)' : 'stop a long run']);
  const notes = [];
  if (lesson === 'figure') notes.push('This step\'s figure has no search to step: the search keys rest.');
  if (board && lesson !== 'figure') notes.push(`In the board, arrows move the cursor; use ${k(']')} and ${k('[')} to step.`);
  if (lesson !== 'figure') notes.push(`In the search tree, arrows pick a node and ${k('Enter')} moves the search there.`);
  notes.push(`The view tabs take no arrows: ${k('Tab')} reaches each, ${k('Enter')} shows its view.`);
  return { rows, notes };
}

export class KeysView {
  /** `root`: the <details class="keys">, its list in `.keys-pop`; `column`: the search's column. */
  constructor(root, column) {
    Object.assign(this, { root, column });
    this.pop = root.querySelector('.keys-pop');
    this.said = '';
    root.addEventListener('toggle', () => this.place());
    addEventListener('resize', () => this.place());
  }

  /** Writes the rows for what is shown (see `keyRows`); only when they change. */
  render(shown) {
    const { rows, notes } = keyRows(shown);
    const html = `<dl>${rows.map(([keys, words]) => `<dt>${keys}</dt><dd>${words}</dd>`).join('')}</dl>${notes.map((n) => `<p>${n}</p>`).join('')}`;
    if (html === this.said) return;
    this.said = html;
    this.pop.innerHTML = html;
    this.place();
  }

  /** Open, beside the search's column (over the picture) where there are two columns, at the
   *  height of the Keys button as far as the screen allows; above that button where there is one. */
  place() {
    const { pop, root } = this;
    pop.classList.remove('beside');
    pop.classList.remove('above');
    pop.style.removeProperty('right');
    pop.style.removeProperty('top');
    pop.style.removeProperty('max-width');
    if (!root.open) return;
    const col = this.column.getBoundingClientRect();
    if (col.left < 320) { // one column: the list over the controls above the Keys button
      pop.classList.add('above');
      return;
    }
    const host = pop.offsetParent?.getBoundingClientRect();
    if (!host) return;
    pop.classList.add('beside');
    pop.style.maxWidth = `${Math.round(col.left - 24)}px`;
    pop.style.right = `${Math.round(host.right - col.left + 12)}px`;
    const summary = root.querySelector('summary').getBoundingClientRect();
    const h = pop.getBoundingClientRect().height;
    const top = Math.max(8, Math.min(summary.top - h / 3, innerHeight - h - 8));
    pop.style.top = `${Math.round(top - host.top)}px`;
  }
}
