// The search as the views draw it, read from the engine after each movement. Nothing
// here applies or reverts an event: `read()` asks the wasm `Trace` for its state
// (`src/view.rs` computes it) and for what changed since the last read, and the views
// redraw only that.

import { ItemFlag, OptionState } from '../pkg/dlx_sudoku.js';

export { ItemFlag, OptionState };

export class Picture {
  /** `trace`: a wasm `Trace`; `read()` fills the picture from it (the first read reports everything as changed). */
  constructor(trace) {
    this.trace = trace;
  }

  read() {
    const t = this.trace;
    /** True when every item and option must be redrawn. */
    this.all = t.refresh();
    this.changedItems = t.changedItems();
    this.changedOptions = t.changedOptions();
    this.len = t.itemLengths();
    this.flags = t.itemFlags();
    /** Each item's colour while an option of the partial solution gives it one (0: none; `trace.colourName` names it). */
    this.colours = t.itemColours();
    this.options = t.optionStates();
    const c = t.choices();
    /** The open levels, level 0 first: `{item, option (-1 between tries), rank, count, trying}`. */
    this.choices = [];
    for (let k = 0; k < c.length; k += 5) {
      this.choices.push({ item: c[k], option: c[k + 4] ? c[k + 1] : -1, rank: c[k + 2], count: c[k + 3], trying: c[k + 4] === 1 });
    }
    this.solution = t.solution();
    this.depth = t.depth;
    this.events = t.events;
    this.nodes = t.nodes;
    this.linkUpdates = t.updates;
    this.solutions = t.solutions;
    this.deadEnds = t.deadEnds;
    this.backtracks = this.nodes - this.depth;
    this.done = t.done;
    this.levelEnded = t.levelEnded;
    /** The line of Algorithm X (an `AlgorithmStep`) that did the last event; after a step
     *  back, `undone` is the line whose event it undid (-1 after a step forward). */
    this.step = t.algorithmStep;
    this.undone = t.undoneStep;
    const kind = t.lastKind;
    /** The event that brought the search here, or null at the start. */
    this.last = kind < 0 ? null : { kind, a: t.lastA, b: t.lastB };
    return this;
  }

  /** Marks everything to be redrawn at the next read (a view was rebuilt or shown again). */
  forget() {
    this.trace.forget();
  }

  get items() {
    return this.len.length;
  }

  covered(i) {
    return (this.flags[i] & ItemFlag.Covered) !== 0;
  }

  deadEnd(i) {
    return (this.flags[i] & ItemFlag.DeadEnd) !== 0;
  }

  /** The level (from 0) at which an item is the chosen one, or -1. */
  levelOf(i) {
    // Stryker disable next-line ConditionalExpression: equivalent, an item not flagged Chosen is no open level's, so findIndex gives -1 too; the flag only saves the search
    if (!(this.flags[i] & ItemFlag.Chosen)) return -1;
    return this.choices.findIndex((c) => c.item === i);
  }

  /** 'top' for the deepest level's item, 'chosen' for another open level's, else ''. */
  chosenMark(i) {
    return this.flags[i] & ItemFlag.Top ? 'top' : this.flags[i] & ItemFlag.Chosen ? 'chosen' : '';
  }

  isLive(o) {
    return this.options[o] === OptionState.Live;
  }
}
