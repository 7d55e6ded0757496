// The exact-cover workbench's item list, each item with its length and state. It draws what
// wasm reports (a `Picture` of the trace, the trace's names); it works out no cover. The
// options × items matrix is cover-matrix.js.

import { ItemFlag } from '../../wasm/picture.js';
import { grouped } from '../../core/format.js';

/** At most this many items get a chip; the rest are counted. */
const MAX_CHIPS = 1500;

/** The items, each with its length and state: covered, chosen, being chosen, dead end. */
export class CoverItemsView {
  constructor(root) {
    this.root = root;
    this.trace = null;
    /** The items changed since the chips were last written (a Set, or 'all'), or null. */
    this.stale = null;
  }

  build(trace) {
    this.trace = trace;
    const n = Math.min(trace.items, MAX_CHIPS);
    this.chips = [];
    const list = document.createElement('ol');
    list.className = 'cover-items';
    for (let i = 0; i < n; i++) {
      const li = document.createElement('li');
      li.className = i >= trace.primary ? 'secondary' : '';
      li.dataset.item = String(i); // predict mode picks an item by its chip
      const name = Object.assign(document.createElement('span'), { className: 'name', textContent: trace.itemName(i) });
      const colour = Object.assign(document.createElement('span'), { className: 'colour' });
      const len = Object.assign(document.createElement('span'), { className: 'len' });
      li.append(name, colour, len);
      list.append(li);
      this.chips.push([li, len.appendChild(document.createTextNode('')), '', colour]);
    }
    const more = trace.items > n ? [Object.assign(document.createElement('p'), { className: 'more', textContent: `… and ${grouped(trace.items - n)} more items` })] : [];
    this.root.replaceChildren(list, ...more);
  }

  /**
   * Writes the chips of the items that changed. `now` false (the frames between two writes
   * of the words at top speed, see the shell's WORDS_MS): only remembers which changed, and
   * writes them at the next frame that writes. At top speed nearly every chip changed in
   * every frame (its length, its class, its title), and the list's restyle, layout and
   * paint were the largest part of a frame of pentominoes 6×10; lengths that change 60
   * times a second are not read, and the chips still move ten times a second.
   */
  render(trace, pic, now = true) {
    if (!trace) {
      this.root.replaceChildren();
      this.trace = null;
      return;
    }
    if (trace !== this.trace) {
      this.build(trace);
      this.stale = null;
    }
    if (!now) {
      if (pic.all) this.stale = 'all';
      else if (this.stale !== 'all') {
        this.stale ??= new Set();
        for (const i of pic.changedItems) this.stale.add(i);
      }
      return;
    }
    const stale = this.stale;
    this.stale = null;
    const which = pic.all || stale === 'all' ? null : stale ? [...stale, ...pic.changedItems] : pic.changedItems;
    const count = which ? which.length : this.chips.length;
    for (let k = 0; k < count; k++) {
      const i = which ? which[k] : k;
      if (i >= this.chips.length) continue;
      const slot = this.chips[i];
      const f = pic.flags[i];
      // A purified item (a problem with colours) shows the colour an option of the partial solution gave it.
      const colour = pic.colours?.[i] ? trace.colourName(pic.colours[i]) : '';
      const state = `${pic.len[i]}|${f}|${colour}`;
      if (slot[2] === state) continue;
      slot[2] = state;
      // Each part written only if it changed (a length often changes alone).
      if (slot[1].nodeValue !== String(pic.len[i])) slot[1].nodeValue = String(pic.len[i]);
      const li = slot[0];
      const cls = [
        i >= trace.primary && 'secondary',
        f & ItemFlag.Covered && 'covered',
        colour && 'purified',
        f & ItemFlag.Top ? 'top' : f & ItemFlag.Chosen && 'chosen',
        f & ItemFlag.DeadEnd && 'dead',
      ].filter(Boolean).join(' ');
      if (li.className !== cls) li.className = cls;
      if (slot[3].textContent !== (colour ? `:${colour}` : '')) slot[3].textContent = colour ? `:${colour}` : '';
      const title = `${trace.itemName(i)}: ${colour ? `coloured ${colour} by the partial solution; ` : ''}${pic.len[i]} option${pic.len[i] === 1 ? '' : 's'}${f & ItemFlag.Covered ? ' when covered' : ' left'}`;
      if (li.title !== title) li.title = title;
    }
  }
}
