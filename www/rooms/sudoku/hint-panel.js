// Hint: the next logical step, found in the worker (which also checks the board with a
// search), shown on the board and in a panel without being taken: its technique, its cells,
// one sentence of why. A second press (or "Place it") takes it; when logic is stuck the
// panel offers the search from the board as it is. The words and the step are wasm's
// (src/sudoku/logic.rs); this only draws them.

import { NEW_UP_TO } from './solving.js';
import { clearRuledOut } from './game.js';

const calm = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export class HintPanel {
  /** `room`: the Sudoku's (sudoku-room.js); `solver`: the worker that finds hints. */
  constructor(room, { solver }) {
    Object.assign(this, { room, solver });
    this.panel = room.$('hint-panel');
    /** `{h, key}`: the hint on show, for the board it was asked for; or null. */
    this.shown = null;
    /** The board the last hint counted (play.js's `hints`) was asked for. */
    this.counted = null;
    room.$('hint').addEventListener('click', () => this.hint());
  }

  /** What identifies the board a hint was asked for: its digits and pencil marks. */
  boardKey() {
    return `${this.room.shownLine()}|${this.room.marks.join(',')}`;
  }

  /** First press: the next logical step (found in the worker, as it checks the board with a
   *  search), shown and not taken. Second press (board unchanged): taken. */
  async hint() {
    const room = this.room;
    const { solving } = room;
    room.shell.setMode('sudoku');
    if (this.shown?.h.kind === 'step' && this.shown.key === this.boardKey()) {
      this.take();
      return;
    }
    if (room.side > NEW_UP_TO) {
      room.views.notice.show('info', `Hints are up to ${NEW_UP_TO}×${NEW_UP_TO} on the page.`);
      return;
    }
    if (solving.refuseIfClashing()) return;
    solving.cancel();
    const job = solving.job;
    const key = this.boardKey();
    const { result } = room.views;
    const slow = setTimeout(() => job === solving.job && result.busy('Looking for a hint…'), 150);
    try {
      const h = this.named(await this.solver.hint(room.engineLine(), Uint32Array.from(room.marks), room.numbering.alphabet));
      if (job !== solving.job || key !== this.boardKey()) return;
      if (result.root.dataset.kind === 'busy') result.clear();
      solving.clearAnswer();
      this.shown = { h, key };
      // A hint that tells the player something (a step, or the wrong entries named) is counted
      // for the finish, once for the board it was asked for.
      if ((h.kind === 'step' || h.named) && key !== this.counted) {
        this.counted = key;
        room.play.hinted();
      }
      room.views.board.setHint(h);
      this.draw(h);
    } catch (e) {
      if (job === solving.job) solving.showError(e);
    } finally {
      clearTimeout(slow);
    }
  }

  /** A board that cannot be finished though nothing clashes: the hint names the entries that
   *  differ from the puzzle's solution (play.js asks wasm for it), instead of "Undo back". */
  named(h) {
    if (h.kind !== 'noSolution') return h;
    const wrong = this.room.play.wrongNow();
    if (!wrong.length) return h;
    const names = wrong.slice(0, 5).map((c) => this.room.numbering.cellName(c));
    const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}${wrong.length > 5 ? ' (and more)' : ''}`;
    const one = wrong.length === 1;
    return { ...h, named: true, cells: wrong, why: `No solution from here: your ${one ? 'entry' : 'entries'} in ${list} ${one ? 'is' : 'are'} not the solution's digit${one ? '' : 's'}. Erase ${one ? 'it' : 'them'} (Check marks every wrong entry).` };
  }

  /** The panel for hint `h`: its technique and why, and what can be done with it. */
  draw(h) {
    const panel = this.panel;
    panel.dataset.kind = h.kind;
    const p = (text, cls = '') => Object.assign(document.createElement('p'), { textContent: text, className: cls });
    const button = (text, run, id) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text, id });
      b.addEventListener('click', run);
      return b;
    };
    const parts = [];
    const actions = document.createElement('div');
    actions.className = 'hint-actions';
    if (h.kind === 'step') {
      parts.push(Object.assign(document.createElement('p'), { className: 'hint-title' }));
      parts[0].append(Object.assign(document.createElement('strong'), { textContent: h.technique }), h.place ? ' (places a digit)' : ` (removes ${h.remove.length} candidate${h.remove.length === 1 ? '' : 's'})`);
      parts.push(p(h.why, 'hint-why'));
      actions.append(button(h.place ? 'Place it' : 'Remove them', () => this.hint(), 'hint-take'));
    } else {
      parts.push(p(h.why, 'hint-why'));
      if (h.kind === 'stuck') actions.append(button('Show the search from here', () => this.searchFromHere(), 'hint-search'));
    }
    actions.append(button('Close', () => this.hide(), 'hint-close'));
    panel.replaceChildren(...parts, actions);
    panel.hidden = false;
    panel.scrollIntoView({ block: 'nearest', behavior: calm() ? 'auto' : 'smooth' });
  }

  hide() {
    if (!this.shown) return;
    this.shown = null;
    this.room.views.board.setHint(null);
    this.panel.hidden = true;
  }

  /** The second press: the hint's digit goes on the board, or its candidates come off the
   *  pencil marks (a cell without marks gets every candidate that fits but those). */
  take() {
    const room = this.room;
    const { h } = this.shown;
    room.edits.record({ text: `the hint (${h.technique})` });
    const fits = h.remove.length ? room.dlx.candidates(room.engineLine()) : null;
    for (const [c, d] of h.remove) {
      if (!room.marks[c]) room.marks[c] = fits[c];
      room.marks[c] &= ~(1 << d);
    }
    if (h.place) {
      room.givens[h.place[0]] = h.place[1];
      if (room.play.options.autoNotes) clearRuledOut(room.marks, room.play.peersOf(h.place[0]), h.place[1]);
      room.sources.selectExample('');
      room.puzzleChanged(`Taken: ${h.why}`);
    } else {
      room.edits.marksChanged();
      room.views.notice.show('ok', `Taken: ${h.why}`);
    }
    this.hide();
  }

  /** Logic is stuck: the search from the board as it is, run to its first choice. */
  searchFromHere() {
    const room = this.room;
    room.solving.clearAnswer();
    room.edits.setBoardMode('watch');
    room.shell.restart();
    room.player.nextChoice();
    room.$('watch-title').scrollIntoView({ block: 'start', behavior: calm() ? 'auto' : 'smooth' });
    room.views.notice.show('info', 'Logic was stuck, so the search takes over from this board: it picks the item with the fewest options left and tries each in turn. Step on with → or Play.');
  }
}
