// The search's counters, as numbers that update together with the views.

const FIELDS = [
  ['events', 'steps', 'events so far'],
  ['depth', 'depth', 'options in the partial solution'],
  ['nodes', 'tries', 'options tried (X5)'],
  ['backtracks', 'backtracks', 'options taken back (X6)'],
  ['deadEnds', 'dead ends', 'items found with no option left'],
  ['solutions', 'solutions', 'solutions found'],
  ['linkUpdates', 'link updates', 'nodes unlinked by covers (3 per hidden Sudoku option)'],
];

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });
/** Exact up to ten million, then "12.35M": the boxes stay one line wide. */
export const formatCount = (n) => (n < 1e7 ? n.toLocaleString('en') : compact.format(n));

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
      this.values[key] = [dd.firstChild, '0']; // a text node: updated in place, never replaced
    }
  }

  render(model) {
    for (const key in this.values) {
      const v = formatCount(model[key]);
      const slot = this.values[key];
      if (slot[1] !== v) {
        slot[1] = v;
        slot[0].nodeValue = v;
      }
    }
  }
}
