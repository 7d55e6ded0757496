// The choice stack as a breadcrumb: one step per open level, "r7c1 = 6 (1 of 2)", with
// what is left to try there. Branches not yet tried stay visible here even when a later
// level fills their cell. It reads the picture's levels and the trace's branch lists.
// The row never scrolls or cuts a step: it shows the deepest levels that fit in its width
// (two rows of it in the presenter layout, where it comes under the marked line of Algorithm
// X: on one row, levels were left out with the screen's room below; elsewhere one row, so
// that Algorithm X under it never jumps), and one step before them counts the levels left
// out ("levels 1–4"); a deepest step wider than the row alone wraps its words. Once the search has ended it says so: every choice was taken
// back (it said "no choice made yet", as at the start).

import { grouped } from '../core/format.js';
import { presenting } from '../core/prefs.js';

const MAX_SHOWN = 12; // the deepest levels; the rest is counted
/** The rows the steps may take before the oldest are counted instead. */
const maxRows = () => (presenting() ? 2 : 1);

export class StackView {
  constructor(root) {
    this.root = root;
    this.shown = '';
    this.width = 0;
    // A new width fits another number of steps (read here, never during a frame).
    new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w === this.width) return;
      this.width = w;
      if (this.parts) this.draw(this.parts);
    }).observe(root);
  }

  /** `words`: {item(i), entry(i, o)} as the narration names them (an option in an item's list: for a cell, its digit). */
  render(pic, trace, words) {
    const levels = pic?.choices ?? [];
    const parts = [];
    const from = Math.max(0, levels.length - MAX_SHOWN);
    for (let k = from; k < levels.length; k++) {
      const c = levels[k];
      const branches = trace.branches(k);
      // Left to try: the branches after the one tried now, or from the next one between tries.
      const left = Array.from(branches.subarray(c.trying ? c.rank : c.rank - 1), (o) => words.entry(c.item, o));
      const doing = c.trying ? `${words.entry(c.item, c.option)} (${c.rank} of ${c.count})` : c.rank > c.count ? `no branch left of ${c.count}` : `next: ${c.rank} of ${c.count}`;
      parts.push({ level: k + 1, item: words.item(c.item), doing, left });
    }
    const ended = !!pic?.done;
    const key = JSON.stringify([from, parts, ended]);
    if (key === this.shown) return;
    this.shown = key;
    this.parts = { from, parts, ended };
    this.draw(this.parts);
  }

  /** Lays the steps out, then leaves out the oldest until the row fits its box. */
  draw({ from, parts, ended }) {
    const list = document.createElement('ol');
    list.className = 'crumbs';
    const before = Object.assign(document.createElement('li'), { className: 'more' });
    const chips = parts.map((p) => {
      const li = document.createElement('li');
      li.value = p.level;
      const head = Object.assign(document.createElement('span'), { className: 'crumb-head', textContent: `${p.level}. ${p.item}: ${p.doing}` });
      li.append(head);
      if (p.left.length) li.append(Object.assign(document.createElement('span'), { className: 'crumb-left', textContent: ` · left: ${p.left.join(', ')}` }));
      return list.appendChild(li);
    });
    if (!parts.length) list.append(more(ended ? 'search over: every choice taken back' : 'no choice made yet'));
    this.root.classList.remove('wraps');
    this.root.replaceChildren(list);
    this.depthText = null;
    let hidden = from;
    const say = () => {
      if (hidden && !before.isConnected) list.prepend(before);
      before.textContent = hidden === 1 ? 'level 1' : `levels 1–${hidden}`;
      before.title = `${hidden === 1 ? 'Level 1 is' : `Levels 1 to ${hidden} are`} left out here: the row shows the deepest levels that fit`;
    };
    say();
    const width = this.root.clientWidth;
    const rows = () => new Set(Array.from(list.children, (li) => li.offsetTop)).size;
    const most = maxRows();
    while (chips.length > 1 && (list.scrollWidth > width || rows() > most)) {
      chips.shift().remove();
      hidden++;
      say();
    }
    if (list.scrollWidth > width) this.root.classList.add('wraps');
  }

  /** While the search runs too fast to read: how deep it is, not the levels of a past moment. */
  depth(depth) {
    this.parts = null;
    const text = depth ? `${grouped(depth)} level${depth === 1 ? '' : 's'} of choices: pause to read them` : 'no choice made yet';
    if (text === this.shown) return;
    // In every frame at top speed: the class only if set, the words in place when the
    // row already says a depth (no new list, no new elements).
    if (this.root.classList.contains('wraps')) this.root.classList.remove('wraps');
    const was = this.shown;
    this.shown = text;
    if (this.depthText && this.depthText.isConnected && this.depthShown === was) {
      this.depthText.nodeValue = text;
      this.depthShown = text;
      return;
    }
    const list = Object.assign(document.createElement('ol'), { className: 'crumbs' });
    const li = more(text);
    list.append(li);
    this.root.replaceChildren(list);
    this.depthText = li.firstChild;
    this.depthShown = text;
  }
}

const more = (text) => Object.assign(document.createElement('li'), { className: 'more', textContent: text });
