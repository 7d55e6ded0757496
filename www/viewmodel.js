// The view model: what the search looks like now, folded from its events alone.
//
// `apply(kind, a, b)` moves it one event forward and `revert(kind, a, b)` one event back
// (the trace hands back undone events, most recent first, in the same encoding). The
// links themselves stay in Rust; what a viewer needs follows from the events and the
// problem's option lists:
//   * a Cover(i) hides every option of item i not already hidden, and remembers that i
//     hid it (`hiddenBy`); its Uncover brings back exactly those;
//   * hiding an option takes one from the length of each of its other items, and
//     unlinks those nodes ("link updates": 3 per hidden Sudoku option);
//   * Choose opens a level, Try / Untry put an option in and out of the partial
//     solution, and the Uncover of a level's chosen item with no option tried (X7)
//     closes the level.
// The same fold works for Sudoku (`model.sudokuProblem`) and for any exact-cover
// problem of that shape (Knuth's example in `knuth.js`).
//
// Views do not re-render everything per event: each change marks the items and options
// it touched as dirty, and a view redraws only those (`dirty`, then `clearDirty()`).

import { EventKind as K } from './events.js';

export class SearchModel {
  /** `problem`: {items, primary, options, optionItems(o), itemOptions(i)}. */
  constructor(problem) {
    this.problem = problem;
    const { items, options, primary } = problem;
    this.covered = new Uint8Array(items);
    /** The item whose cover hid each option, or -1 while the option is live. */
    this.hiddenBy = new Int32Array(options);
    /** Options left in each item's list (a covered item keeps its length at the cover). */
    this.len = new Int32Array(items);
    const levels = primary + 1;
    /** The item branched on at each open level. */
    this.chosen = new Int32Array(levels);
    /** The option being tried at each open level, or -1 between tries. */
    this.tried = new Int32Array(levels);
    /** The last option tried at each level (-1 before the first): later ones are still to come. */
    this.cursor = new Int32Array(levels);
    /** The level at which an item is the chosen one, or -1. */
    this.levelOf = new Int32Array(items);
    /** The options of the partial solution, level 0 first (`depth` of them). */
    this.solution = new Int32Array(levels);
    this.dirty = {
      items: new Int32Array(items), nItems: 0, itemFlag: new Uint8Array(items),
      options: new Int32Array(options), nOptions: 0, optionFlag: new Uint8Array(options),
      all: true,
    };
    this.start([]);
  }

  /** Back to the start of a search in which `committed` options (the givens) are placed. */
  start(committed) {
    const { items, itemOptions } = this.problem;
    this.covered.fill(0);
    this.hiddenBy.fill(-1);
    for (let i = 0; i < items; i++) this.len[i] = itemOptions(i).length;
    this.chosen.fill(-1);
    this.tried.fill(-1);
    this.cursor.fill(-1);
    this.levelOf.fill(-1);
    this.open = 0;
    this.depth = 0;
    this.liveOptions = this.problem.options;
    this.events = 0;
    this.nodes = 0;
    this.updates = 0;
    this.solutions = 0;
    this.deadEnds = 0;
    this.done = false;
    this.committed = Int32Array.from(committed);
    for (const o of committed) {
      for (const i of this.problem.optionItems(o)) {
        if (this.covered[i]) throw new Error(`option ${o}: item ${i} is already covered`);
        this.cover(i);
      }
    }
    this.clearLast();
    this.markAll();
  }

  /** Options unlinked by the search's covers so far: nodes, as DLX1 counts "updates". */
  get linkUpdates() {
    return this.updates;
  }

  /** Options taken back (Untry events) so far: every try not still in the partial solution. */
  get backtracks() {
    return this.nodes - this.depth;
  }

  /** The item chosen at the deepest open level, or -1. */
  get topChosen() {
    return this.open > 0 ? this.chosen[this.open - 1] : -1;
  }

  clearLast() {
    this.lastKind = -1;
    this.lastA = 0;
    this.lastB = 0;
  }

  /** The most recent event, or null (at the start, or after a step back whose predecessor is unknown). */
  get last() {
    return this.lastKind < 0 ? null : { kind: this.lastKind, a: this.lastA, b: this.lastB };
  }

  setLast(kind, a, b) {
    this.lastKind = kind;
    this.lastA = a;
    this.lastB = b;
  }

  // --- one event forward -----------------------------------------------------------------
  apply(kind, a, b) {
    switch (kind) {
      case K.Choose: {
        const l = this.open;
        this.chosen[l] = a;
        this.tried[l] = -1;
        this.cursor[l] = -1;
        this.levelOf[a] = l;
        this.open = l + 1;
        this.markItem(a);
        break;
      }
      case K.Cover:
        this.updates += this.cover(a);
        break;
      case K.Uncover: {
        this.uncover(a);
        const l = this.open - 1;
        if (l >= 0 && this.chosen[l] === a && this.tried[l] < 0) this.closeLevel(l); // X7
        break;
      }
      case K.Try:
        this.checkLevel(b, 'Try');
        this.tried[b] = a;
        this.cursor[b] = a;
        this.solution[this.depth++] = a;
        this.nodes++;
        this.markTry(a, b);
        break;
      case K.Untry:
        this.checkLevel(b, 'Untry');
        if (this.depth === 0 || this.solution[this.depth - 1] !== a) throw new Error(`Untry ${a}: not the last option tried`);
        this.tried[b] = -1;
        this.depth--;
        this.markTry(a, b);
        break;
      case K.Solution:
        this.solutions++;
        break;
      case K.DeadEnd:
        this.deadEnds++;
        break;
      case K.Done:
        this.done = true;
        break;
      default:
        throw new Error(`unknown event kind ${kind}`);
    }
    this.events++;
    this.setLast(kind, a, b);
  }

  // --- one event back ----------------------------------------------------------------------
  revert(kind, a, b) {
    switch (kind) {
      case K.Choose: {
        const l = --this.open;
        if (this.chosen[l] !== a) throw new Error(`revert Choose ${a}: level ${l} chose ${this.chosen[l]}`);
        this.levelOf[a] = -1;
        this.markItem(a);
        break;
      }
      case K.Cover:
        this.updates -= this.uncover(a);
        break;
      case K.Uncover: {
        // Either X6 (an item of the option tried at the top level) or X7 (the chosen
        // item of a level that ran out of options): reopen that level.
        const l = this.open - 1;
        const o = l >= 0 ? this.tried[l] : -1;
        const x6 = o >= 0 && this.problem.optionItems(o).includes(a) && this.chosen[l] !== a;
        this.cover(a);
        if (!x6) {
          const k = this.open++;
          this.chosen[k] = a;
          this.tried[k] = -1;
          this.levelOf[a] = k;
          // X7 follows the last try: the cursor is the item's last option it hid.
          this.cursor[k] = this.lastHiddenBy(a, Infinity);
          this.markItem(a);
        }
        break;
      }
      case K.Try:
        if (this.depth === 0 || this.solution[this.depth - 1] !== a) throw new Error(`revert Try ${a}: not the last option tried`);
        this.depth--;
        this.tried[b] = -1;
        this.cursor[b] = this.lastHiddenBy(this.chosen[b], a);
        this.nodes--;
        this.markTry(a, b);
        break;
      case K.Untry:
        this.tried[b] = a;
        this.cursor[b] = a;
        this.solution[this.depth++] = a;
        this.markTry(a, b);
        break;
      case K.Solution:
        this.solutions--;
        break;
      case K.DeadEnd:
        this.deadEnds--;
        break;
      case K.Done:
        this.done = false;
        break;
      default:
        throw new Error(`unknown event kind ${kind}`);
    }
    this.events--;
    this.clearLast();
  }

  /**
   * Resynchronises with the search after events it was not told about (`Trace.skip`, or
   * restoring a step from a link): the givens, the chosen item per open level, the
   * partial solution, the covered items and the engine's counters. `last` is the most
   * recent event if known (an Untry tells where its level's cursor is).
   */
  rebuild({ committed, chosen, solution, covered, counters, done = false }, last = null) {
    this.start(committed);
    const want = new Uint8Array(this.problem.items);
    for (const i of covered) want[i] = 1;
    for (let k = 0; k < chosen.length; k++) {
      const item = chosen[k];
      this.chosen[k] = item;
      this.tried[k] = -1;
      this.cursor[k] = -1;
      this.levelOf[item] = k;
      this.open = k + 1;
      if (want[item]) this.cover(item);
      if (k < solution.length) {
        const o = solution[k];
        this.tried[k] = o;
        this.cursor[k] = o;
        this.solution[this.depth++] = o;
        // X5 covers the option's other items cyclically from the node after the chosen one.
        const its = this.problem.optionItems(o);
        const at = its.indexOf(item);
        for (let t = 1; t < its.length; t++) {
          const j = its[(at + t) % its.length];
          if (want[j] && !this.covered[j]) this.cover(j);
        }
      }
    }
    for (let i = 0; i < this.problem.items; i++) {
      if (this.covered[i] !== want[i]) throw new Error(`rebuild: item ${i} should ${want[i] ? '' : 'not '}be covered`);
    }
    if (last && last.kind === K.Untry && last.b < this.open) this.cursor[last.b] = last.a;
    ({ events: this.events, nodes: this.nodes, updates: this.updates, solutions: this.solutions, deadEnds: this.deadEnds } = counters);
    this.done = done;
    if (last) this.setLast(last.kind, last.a, last.b);
    else this.clearLast();
    this.markAll();
  }

  // --- what a view asks ----------------------------------------------------------------------
  /** 'live', 'tried' (in the partial solution), 'pending' (a later branch of an open
   * level), 'spent' (an earlier branch of an open level) or 'hidden'. */
  optionState(o) {
    const h = this.hiddenBy[o];
    if (h < 0) return 'live';
    const k = this.levelOf[h];
    if (k < 0) return 'hidden';
    if (this.tried[k] === o) return 'tried';
    return o > this.cursor[k] ? 'pending' : 'spent';
  }

  /** An item's live options, top to bottom. */
  liveOptionsOf(i) {
    return Array.from(this.problem.itemOptions(i)).filter((o) => this.hiddenBy[o] < 0);
  }

  /** True for an uncovered primary item with no option left: the search must back up.
   * (An item of the option being tried is about to be covered by it: not a dead end.) */
  isDeadEnd(i) {
    if (this.covered[i] || this.len[i] !== 0 || i >= this.problem.primary) return false;
    const o = this.open > 0 ? this.tried[this.open - 1] : -1;
    return !(o >= 0 && this.problem.optionItems(o).includes(i));
  }

  /** The options a cover of each of `items` would hide, counted once each. */
  wouldHide(items) {
    const seen = new Set();
    for (const i of items) {
      if (this.covered[i]) continue;
      for (const o of this.problem.itemOptions(i)) if (this.hiddenBy[o] < 0) seen.add(o);
    }
    return seen.size;
  }

  /** The state `rebuild` takes, as the model has it (for tests and for checks). */
  snapshot() {
    const covered = [];
    for (let i = 0; i < this.problem.items; i++) if (this.covered[i]) covered.push(i);
    return {
      committed: Array.from(this.committed),
      chosen: Array.from(this.chosen.subarray(0, this.open)),
      solution: Array.from(this.solution.subarray(0, this.depth)),
      covered,
      counters: { events: this.events, nodes: this.nodes, updates: this.updates, solutions: this.solutions, deadEnds: this.deadEnds },
      done: this.done,
    };
  }

  // --- dirty sets ------------------------------------------------------------------------------
  markItem(i) {
    const d = this.dirty;
    if (!d.itemFlag[i]) {
      d.itemFlag[i] = 1;
      d.items[d.nItems++] = i;
    }
  }

  markOption(o) {
    const d = this.dirty;
    if (!d.optionFlag[o]) {
      d.optionFlag[o] = 1;
      d.options[d.nOptions++] = o;
    }
  }

  markAll() {
    this.dirty.all = true;
  }

  clearDirty() {
    const d = this.dirty;
    for (let k = 0; k < d.nItems; k++) d.itemFlag[d.items[k]] = 0;
    for (let k = 0; k < d.nOptions; k++) d.optionFlag[d.options[k]] = 0;
    d.nItems = 0;
    d.nOptions = 0;
    d.all = false;
  }

  // --- internals -----------------------------------------------------------------------------
  /** Hides every live option of item i; returns the nodes unlinked. */
  cover(i) {
    if (this.covered[i]) throw new Error(`cover ${i}: already covered`);
    const { itemOptions, optionItems } = this.problem;
    this.covered[i] = 1;
    this.markItem(i);
    let updates = 0;
    for (const o of itemOptions(i)) {
      if (this.hiddenBy[o] >= 0) continue;
      this.hiddenBy[o] = i;
      this.liveOptions--;
      this.markOption(o);
      for (const j of optionItems(o)) {
        if (j === i) continue;
        this.len[j]--;
        this.markItem(j);
        updates++;
      }
    }
    return updates;
  }

  /** Exactly undoes `cover(i)`; returns the nodes relinked. */
  uncover(i) {
    if (!this.covered[i]) throw new Error(`uncover ${i}: not covered`);
    const { itemOptions, optionItems } = this.problem;
    this.covered[i] = 0;
    this.markItem(i);
    let updates = 0;
    for (const o of itemOptions(i)) {
      if (this.hiddenBy[o] !== i) continue;
      this.hiddenBy[o] = -1;
      this.liveOptions++;
      this.markOption(o);
      for (const j of optionItems(o)) {
        if (j === i) continue;
        this.len[j]++;
        this.markItem(j);
        updates++;
      }
    }
    return updates;
  }

  closeLevel(l) {
    this.levelOf[this.chosen[l]] = -1;
    this.markItem(this.chosen[l]);
    this.open = l;
  }

  checkLevel(level, what) {
    if (level >= this.open) throw new Error(`${what} at level ${level}, but ${this.open} levels are open`);
  }

  /** A try changes which branches of its level are spent or pending, and which of its
   * items could look like dead ends: redraw them all. */
  markTry(o, level) {
    this.markOption(o);
    for (const i of this.problem.optionItems(o)) this.markItem(i);
    const item = this.chosen[level];
    if (item >= 0) for (const p of this.problem.itemOptions(item)) this.markOption(p);
  }

  /** The last option before `below` in item i's list that i's cover hid (-1 if none). */
  lastHiddenBy(i, below) {
    let best = -1;
    for (const o of this.problem.itemOptions(i)) if (o < below && this.hiddenBy[o] === i) best = o;
    return best;
  }
}
