// The Sudoku's work in the worker: Solve (the verdict, the answer shown on the board), Count
// (on every core, www/wasm/count-pool.js, with its progress) and New puzzle (made at a level,
// rated, with its seed). Each is cancellable and a newer one wins: an answer that comes back
// for a job no longer wanted is dropped. The worker starts as the pointer or the focus comes
// near the buttons that use it (www/wasm/solver.js), not with the page.

import { Cancelled } from '../../wasm/solver.js';
import { digitsOf } from '../../core/puzzle.js';
import { grouped, time } from '../../core/format.js';
import { countProgress, countSpent } from '../../views/result.js';

export class Solving {
  /** `room`: the Sudoku's (sudoku-room.js); `solver`: the worker; `counts`: its count pool. */
  constructor(room, { solver, counts }) {
    Object.assign(this, { room, solver, counts });
    /** The solver's answer on the board, or null. */
    this.answer = null;
    /** How the puzzle was rated when it was made (New puzzle), or null. */
    this.rating = null;
    this.job = 0;
    const { $ } = room;
    $('solve').addEventListener('click', () => this.solve());
    $('count').addEventListener('click', () => this.count());
    $('count-limit').addEventListener('keydown', (e) => e.key === 'Enter' && this.count());
    $('new-puzzle').addEventListener('click', () => this.newPuzzle());
    for (const bar of document.querySelectorAll('#sudoku-pane .puzzle-bar')) {
      for (const type of ['pointerover', 'focusin']) bar.addEventListener(type, () => solver.warm(), { once: true });
    }
  }

  /** Cancel: the worker and the count pool stop; the job waiting on them says so. */
  stop() {
    this.solver.cancel();
    this.counts.cancel();
  }

  /** A newer job: whatever the worker and the count pool do for the Sudoku stops, unheard. */
  cancel() {
    this.job++;
    if (this.solver.busy) this.solver.cancel();
    this.counts.cancel();
  }

  clearAnswer() {
    if (!this.answer) return;
    const { views } = this.room;
    this.answer = null;
    document.body.classList.remove('answer-shown');
    views.board.setAnswer(null);
    const kind = views.result.root.dataset.kind;
    if (kind === 'unique' || kind === 'multiple') views.result.clear();
  }

  /** Shows the answer `digits` on the board (`diff`: where a second solution differs). */
  showAnswer(digits, diff) {
    this.answer = digits;
    this.diff = diff;
    document.body.classList.add('answer-shown');
    this.room.views.board.setAnswer(digits, diff);
  }

  refuseIfClashing() {
    if (this.room.searchable) return false;
    this.room.views.result.message('error', 'Fix the clashing digits first (marked in red).');
    return true;
  }

  showError(e) {
    if (e instanceof Cancelled) this.room.views.result.message('info', 'Cancelled. The solver was stopped and is ready again.');
    else this.room.views.result.message('error', `The solver failed: ${e.message}`);
  }

  async solve() {
    if (this.refuseIfClashing()) return;
    this.cancel();
    const room = this.room;
    const { result } = room.views;
    const job = this.job;
    // Solving… is said under the board without scrolling to it: a unique answer is shown on
    // the board, in view, and scrolling to the line took the header off the screen whenever
    // a solve took over 150 ms (a slow phone, a busy machine). The button says it is busy.
    const button = room.$('solve');
    const slow = setTimeout(() => {
      if (job !== this.job) return;
      result.busy('Solving…', { reveal: false });
      button.setAttribute('aria-busy', 'true');
    }, 150);
    try {
      const v = await this.solver.verdict(room.engineLine());
      if (job !== this.job) return;
      const read = (line) => digitsOf(line, room.numberingFor(room.side).symbols);
      room.player.stop();
      if (v.kind === 'none') {
        this.clearAnswer();
        result.message('none', `No solution: the search tried every branch (${time(v.ms)}).`);
      } else if (v.kind === 'unique') {
        room.edits.record({ text: 'Solve' }); // Undo takes the answer off the board
        this.showAnswer(read(v.solutions[0]));
        result.message('unique', `Unique solution, shown in green (${time(v.ms)}). Edit a cell or step the search to go back to the puzzle.`);
      } else {
        const [a, b] = v.solutions.map(read);
        room.edits.record({ text: 'Solve' });
        const diff = result.multiple(room.givens, a, b, v.ms, room.numbering);
        this.showAnswer(a, diff);
      }
      room.shell.render();
    } catch (e) {
      if (job === this.job) this.showError(e);
    } finally {
      clearTimeout(slow);
      button.removeAttribute('aria-busy');
    }
  }

  async count() {
    if (this.refuseIfClashing()) return;
    const room = this.room;
    const { result } = room.views;
    const input = room.$('count-limit');
    const limit = Number(input.value);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1e9) {
      result.message('error', 'Count up to: a whole number from 1 to 1,000,000,000.');
      input.focus();
      return;
    }
    this.cancel();
    const job = this.job;
    result.busy('Counting…', { bar: true });
    try {
      const r = await this.counts.sudokuCount(room.engineLine(), limit, (p) => {
        if (job === this.job) result.progress(countProgress(p), p.done);
      });
      if (job !== this.job) return;
      const n = grouped(r.count);
      const what = r.count === 1 ? 'solution' : 'solutions';
      // No solution is no good news: not in the green of a count.
      result.message(r.count === 0 && r.complete ? 'none' : 'count', r.complete
        ? `${n} ${what}: the whole search tree was explored ${countSpent(r)}.`
        : `At least ${n} ${what}: stopped at the limit (${time(r.ms)}).`);
    } catch (e) {
      if (job === this.job) this.showError(e);
    }
  }

  /** A new puzzle of the board's size and alphabet, made in the worker (Cancel stops it): at
   *  the level chosen at 9×9; at 4×4 and 16×16 of any level, rated as it comes. */
  async newPuzzle() {
    const room = this.room;
    const { side, alphabet } = room.numbering;
    if (side > NEW_UP_TO) return; // the button is off
    const level = side === 9 ? room.$('level').value : undefined;
    this.cancel();
    const job = this.job;
    const seed = randomSeed();
    const { result } = room.views;
    const what = side === 9 ? level : `${side}×${side}`;
    const slow = setTimeout(() => job === this.job && result.busy(`Making a new ${what} puzzle…${level === 'extreme' ? ' (extreme ones can take a few seconds)' : ''}`), 150);
    try {
      const g = await this.solver.generate(level, seed, side, alphabet);
      if (job !== this.job) return;
      // (Counted here: '0' is a digit in 0–F, and the generator writes blanks as '.'.)
      const givens = g.line.replace(/\./g, '').length;
      room.shell.setMode('sudoku');
      room.sources.selectExample('');
      const size = side === 9 ? '' : ` ${side}×${side}`;
      room.edits.setPuzzle(g.line, `New ${g.level}${size} puzzle: ${givens} givens, exactly one solution (made in ${time(g.ms)}). Hint shows the next step.`, {
        undoable: true,
        rating: { ...g, givens, side },
        label: `the new ${g.level}${size} puzzle`,
        alphabet,
      });
      room.views.board.focus();
    } catch (e) {
      if (job === this.job) this.showError(e);
    } finally {
      clearTimeout(slow);
    }
  }

  /** The rating of the puzzle New puzzle made, while it is still that puzzle: digits typed
   * into its empty cells keep it; a clue cleared or changed makes another puzzle. */
  showRating() {
    const room = this.room;
    const el = room.$('rating');
    const r = this.rating && room.clues.every((d, c) => !d || room.givens[c] === d) ? this.rating : null;
    el.replaceChildren();
    el.hidden = !r;
    if (!r) return;
    const effort = r.effort === undefined ? '' : `, search effort ${r.effort.toFixed(0)} nodes`;
    el.append('Level ', Object.assign(document.createElement('strong'), { textContent: r.level }),
      ` · hardest step: ${r.logic}${effort} · ${r.givens} givens · seed ${r.seed}`);
    el.title = r.side === 9 ? `dlx-sudoku generate --count 1 --difficulty ${r.level} --seed ${r.seed} makes the same puzzle` : `Made on the page with seed ${r.seed}: each uniqueness check within a budget of DLX nodes`;
  }
}

/** The largest side New puzzle and Hint serve: a 16×16 takes 0.1–0.3 s in the worker; a
 *  25×25 about 0.9 s in wasm, and comes out easy (docs/benchmarks.md, "New puzzle at every
 *  size"), so it is left off. */
export const NEW_UP_TO = 16;

/** A random seed for New puzzle: a whole number below 2^53, as the command line's --seed takes. */
function randomSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0x1fffff) * 2 ** 32 + lo;
}
