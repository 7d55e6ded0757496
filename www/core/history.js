// Undo and redo for the page: a stack of the states before each change, and of the states
// undone. Each entry is `{label, state}`: `label` says what the change was ("5 in r3c4"),
// `state` is whatever the caller can restore (the Sudoku room's snapshot, www/rooms/sudoku/sudoku-room.js). Pure: no DOM.

export class History {
  constructor(limit = 1000) {
    this.limit = limit;
    this.past = [];
    this.future = [];
  }

  /** Before a change: `state` is how things are now, `label` what is about to change. */
  record(label, state) {
    this.past.push({ label, state });
    if (this.past.length > this.limit) this.past.shift();
    this.future.length = 0;
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  /** Takes back the last change: `{label, state}` to restore, or null. `current` is kept for redo. */
  undo(current) {
    const e = this.past.pop();
    if (!e) return null;
    this.future.push({ label: e.label, state: current });
    return e;
  }

  /** Makes the last change undone again: `{label, state}` to restore, or null. */
  redo(current) {
    const e = this.future.pop();
    if (!e) return null;
    this.past.push({ label: e.label, state: current });
    return e;
  }
}
