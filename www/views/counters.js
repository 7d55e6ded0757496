// The search's counters, as numbers that update together with the views.

import { grouped, formatCount } from '../core/format.js';

/** Each counter: its key in the picture (www/wasm/picture.js), its name shown, its tooltip. */
export const FIELDS = [
  ['events', 'steps', 'events so far'],
  ['depth', 'depth', 'options in the partial solution'],
  ['nodes', 'tries', 'options tried (X5)'],
  ['backtracks', 'backtracks', 'options taken back (X6)'],
  ['deadEnds', 'dead ends', 'items found with no option left'],
  ['solutions', 'solutions', 'solutions found'],
  ['linkUpdates', 'link updates', 'nodes unlinked by covers (3 per hidden Sudoku option); uncover relinks them one for one and adds none, as in Knuth\'s DLX1'],
];


export class CountersView {
  constructor(root) {
    this.values = {};
    root.classList.add('counters');
    for (const [key, label, title] of FIELDS) {
      const div = document.createElement('div');
      div.title = title;
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.dataset.counter = key;
      dd.textContent = '0';
      div.append(dt, dd);
      root.append(div);
      // A text node, updated in place and never replaced; the box, for its tooltip.
      this.values[key] = [dd.firstChild, '0', div, title, undefined, title];
    }
  }

  render(model) {
    for (const key in this.values) {
      const n = model[key];
      const v = formatCount(n);
      const slot = this.values[key];
      if (slot[1] !== v) {
        slot[1] = v;
        slot[0].nodeValue = v;
      }
      // The exact number, from a million up: it changes while the compact text ("23.3M") stays.
      // Written only when the words change: below a million they never do.
      if (slot[4] !== n) {
        slot[4] = n;
        const title = n < 1e6 ? slot[3] : `${slot[3]}: ${grouped(n)}`;
        if (slot[5] !== title) slot[5] = slot[2].title = title;
      }
    }
  }
}
