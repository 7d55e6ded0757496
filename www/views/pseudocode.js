// Algorithm X, step by step: Knuth's steps X1–X8 and the loops of cover and uncover as short
// pseudocode in the page's words, with the line the search is at marked
// (`aria-current="step"`). Which line that is comes from Rust (`Trace.algorithmStep`, and
// after a step back `Trace.undoneStep`, the line whose event was undone): the search's own
// state tells X4's cover from X5's and X6's uncover from X7's; nothing here works it out.
// A <details> element: a teacher can hide it (and the page remembers that).

import { AlgorithmStep as S } from '../pkg/dlx_sudoku.js';
import { readPref, writePref } from '../core/prefs.js';

/** The lines, in order: `[label, step (an AlgorithmStep name) or null, words]`. */
export const LINES = [
  ['X1', 'Start', 'Start: every primary item is in the list of items to cover; level 0, nothing chosen.'],
  ['X2', 'Solution', 'Enter the level. No primary item left to cover? A solution: go to X8.'],
  ['X3', 'Choose', 'Choose the item i with the fewest options left (the first of a tie).'],
  ['', 'DeadEnd', 'It has none left? A dead end: go to X8.'],
  ['X4', 'CoverChosen', 'cover(i): its options are the branches, top to bottom.'],
  ['X5', 'Try', 'No branch left? Go to X7. Else try the next one, x: it joins the partial solution.'],
  ['', 'CoverOthers', 'cover(j) for each other item j of x, rightwards from i, wrapping; down a level: X2.'],
  ['X6', 'UncoverOthers', 'Take x back: uncover(j) for each other item j of x, leftwards from i, wrapping;'],
  ['', 'Untry', 'x leaves the partial solution; on to the next branch: X5.'],
  ['X7', 'UncoverChosen', 'No branch left: uncover(i), and back up.'],
  ['X8', 'Done', 'Leave the level: at level 0 the search is done; else back to X6 one level up.'],
];

/** The loops of cover and uncover, marked while a line above runs them. */
export const PROCEDURES = [
  ['cover', ['cover(i): for each option o in the list of i, top to bottom,', '  hide o: unlink it from the lists of its other items (each list one shorter);', 'then take i out of the list of items.']],
  ['uncover', ['uncover(i): put i back in the list of items;', 'for each option o in the list of i, bottom to top,', '  unhide o: link it back into its other items\' lists, right to left.']],
];

/** Which procedure a line runs. */
const RUNS = { CoverChosen: 'cover', CoverOthers: 'cover', UncoverOthers: 'uncover', UncoverChosen: 'uncover' };

/**
 * What to mark for a picture of the search (www/wasm/picture.js): the line (an AlgorithmStep
 * name), whether it was undone by a step back, and the procedure it runs ('' for none).
 * Null when there is no search.
 */
export function markOf(pic) {
  if (!pic) return null;
  const back = pic.undone >= 0;
  const step = S[back ? pic.undone : pic.step];
  return { step, back, runs: RUNS[step] ?? '' };
}

export class PseudocodeView {
  /** `root`: an empty <details>. */
  constructor(root) {
    this.root = root;
    root.open = readPref('algorithm', 'open') !== 'closed';
    const summary = document.createElement('summary');
    summary.textContent = 'Algorithm X, step by step';
    const lines = document.createElement('ol');
    lines.className = 'algo-lines';
    lines.setAttribute('aria-label', 'Algorithm X');
    this.lines = new Map();
    let of = '';
    for (const [label, step, words] of LINES) {
      const li = document.createElement('li');
      li.dataset.step = step;
      const b = document.createElement('b');
      b.className = 'algo-label';
      b.textContent = label;
      // A line that goes on a step's words names that step where it is shown alone (the
      // presenter layout shows the marked line alone: www/style.css).
      of = label || of;
      b.dataset.of = of;
      const text = document.createElement('span');
      text.textContent = words;
      li.append(b, text);
      lines.append(li);
      this.lines.set(step, li);
    }
    this.procs = new Map();
    const procs = document.createElement('div');
    procs.className = 'algo-procs';
    for (const [name, rows] of PROCEDURES) {
      const pre = document.createElement('pre');
      pre.className = 'algo-proc';
      pre.dataset.proc = name;
      pre.textContent = rows.join('\n');
      procs.append(pre);
      this.procs.set(name, pre);
    }
    this.badge = Object.assign(document.createElement('span'), { className: 'algo-undone', textContent: ' (undone by the step back)' });
    root.append(summary, lines, procs);
    root.addEventListener('toggle', () => {
      writePref('algorithm', root.open ? 'open' : 'closed');
    });
    this.shown = '';
  }

  /** Marks the line of the picture's moment (none without a search). */
  render(pic) {
    const mark = markOf(pic);
    const key = mark ? `${mark.step} ${mark.back}` : '';
    if (key === this.shown) return;
    this.shown = key;
    // Only the line marked before and the one marked now are touched (a write of an
    // attribute, even to the same value, makes the browser match styles again).
    if (this.current) {
      this.current.removeAttribute('aria-current');
      if (this.current.classList.contains('back')) this.current.classList.remove('back');
      this.current = null;
    }
    if (this.badge.isConnected) this.badge.remove();
    for (const [name, pre] of this.procs) {
      if (pre.classList.contains('running') !== (name === mark?.runs)) pre.classList.toggle('running', name === mark?.runs);
    }
    if (this.root.dataset.step !== (mark?.step ?? '')) this.root.dataset.step = mark?.step ?? '';
    if (!mark) return;
    const li = (this.current = this.lines.get(mark.step));
    li.setAttribute('aria-current', 'step');
    if (mark.back) li.classList.add('back');
    if (mark.back) li.lastElementChild.append(this.badge); // in the words, not a grid cell of its own
  }
}
