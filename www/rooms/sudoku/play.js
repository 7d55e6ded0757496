// The Sudoku played as a game: the clock (from the puzzle's start, paused while the page is
// hidden, shown beside the board unless turned off), the finish ("Solved" with the time, the
// mistakes, the hints and the checks), Check (the entries that differ from the puzzle's one
// solution, which wasm's `verdict` gives: nothing is searched here), the mistakes counted as
// Check or "show mistakes as I play" finds them, the hints and checks used, and the games in
// progress kept in the browser (www/core/prefs.js, one a puzzle) at every change, offered back
// when the page opens again or the puzzle's link is opened again, and offered in the notice
// when it is pasted or picked again (puzzle-sources.js). The rules are game.js's.

import { readPref, removePref, writePref } from '../../core/prefs.js';
import { counted } from '../../core/format.js';
import { lineOf } from '../../core/puzzle.js';
import { Cancelled } from '../../wasm/solver.js';
import { Clock, clockText, dropGame, entriesLine, entryCells, finishWords, gameKey, gamesText, isFinished, keepGame, played, readGames, wrongEntries } from './game.js';

/** Above this side the solution is asked of the worker, not of the page's own module. */
const SOLVE_HERE_UP_TO = 16;

export class Play {
  /** `room`: the Sudoku's (sudoku-room.js); `solver`: the worker (for a 25×25's solution). */
  constructor(room, { solver }) {
    Object.assign(this, { room, solver });
    this.clock = new Clock(() => performance.now());
    /** The mistakes found: `cell:digit`, each counted once. */
    this.mistakes = new Set();
    /** The hints shown and the Checks run on this game. */
    this.hints = 0;
    this.checks = 0;
    /** The puzzle (game.js's `gameKey`) whose game this page last kept as played, or null. */
    this.keptKey = null;
    this.solved = false;
    /** `{line, digits, why}`: the solution of the puzzle's clues (digits null: `why` says why none). */
    this.known = null;
    const { $ } = room;
    this.status = $('game-status');
    this.timeText = this.status.querySelector('.game-time').appendChild(document.createTextNode(''));
    this.mistakeText = this.status.querySelector('.game-mistakes').appendChild(document.createTextNode(''));
    $('check').addEventListener('mousedown', (e) => e.preventDefault()); // the focus stays on the board
    $('check').addEventListener('click', () => this.check());
    this.options = {};
    for (const [id, pref, fallback] of [['opt-timer', 'timer', 'on'], ['opt-live', 'liveMistakes', 'off'], ['opt-notes', 'autoNotes', 'on']]) {
      const box = $(id);
      box.checked = readPref(pref, fallback) === 'on';
      this.options[pref] = box.checked;
      box.addEventListener('change', () => {
        writePref(pref, box.checked ? 'on' : 'off');
        this.options[pref] = box.checked;
        if (pref === 'liveMistakes' && box.checked) this.markLive();
        this.draw();
      });
    }
    document.addEventListener('visibilitychange', () => {
      if (document.hidden) {
        this.clock.stop();
        this.save();
      } else this.run();
    });
    addEventListener('pagehide', () => this.save());
    setInterval(() => this.clock.running && this.options.timer && this.draw(), 1000);
    this.draw();
  }

  /** The clock runs while the game is on and the page is seen. */
  run() {
    if (!this.solved && !document.hidden) this.clock.start();
  }

  /** A new puzzle's game: `elapsed` ms already played, the `mistakes` found, the `hints` and
   *  `checks` used (a saved game's, or what Undo brings back). */
  newGame({ elapsed = 0, mistakes = [], hints = 0, checks = 0 } = {}) {
    this.clock.reset(elapsed);
    this.mistakes = new Set(mistakes);
    this.hints = hints;
    this.checks = checks;
    this.solved = false;
    // Another puzzle's game (or this one's afresh): what this page kept as played was the
    // game before. Kept, a paste of A, then B, then A again took A's game as "played here and
    // emptied" and dropped it unasked.
    this.keptKey = null;
    this.room.views.board.setWrong([]);
    this.run();
  }

  /** What Undo of a whole puzzle, and the saved game, bring back of the game. */
  state() {
    return { elapsed: this.clock.elapsed(), mistakes: [...this.mistakes], hints: this.hints, checks: this.checks };
  }

  /** A hint shown (hint-panel.js): counted, and the game saved. */
  hinted() {
    this.hints++;
    this.save();
  }

  /** After every change of the board (`clashes`: wasm's): the wrong marks that still hold,
   *  the mistakes found as the player plays, the finish, and the game saved. */
  changed(clashes) {
    const room = this.room;
    const { board } = room.views;
    board.setWrong([...board.wrong].filter((c) => this.mistakes.has(`${c}:${room.givens[c]}`)));
    if (this.options.liveMistakes) this.markLive();
    const finished = isFinished(room.givens, room.clues, clashes);
    if (finished && !this.solved) {
      this.solved = true;
      this.clock.stop();
      room.views.notice.show('solved', finishWords(this.clock.elapsed(), { mistakes: this.mistakes.size, hints: this.hints, checks: this.checks }));
      // Under a laptop's board it began below the fold. Brought into view once the rest of
      // this change is in the page: at once, the scroll was aimed short, and a 375×812
      // phone's two-line finish stayed 21 px under the screen's edge.
      requestAnimationFrame(() => room.views.notice.reveal());
    } else if (!finished && this.solved) {
      this.solved = false;
      this.run();
    }
    this.draw();
    this.save();
  }

  /** The puzzle's clues as the engine reads them: the key of the solution kept. */
  cluesLine() {
    const room = this.room;
    return lineOf(room.clues, room.numberingFor(room.side).symbols);
  }

  /** Keeps wasm's verdict `v` on the clues `line` as the solution known. */
  learn(line, v) {
    const symbols = this.room.numberingFor(this.room.side).symbols;
    this.known = {
      line,
      digits: v.kind === 'unique' ? Uint8Array.from(v.solutions[0], (ch) => symbols.indexOf(ch) + 1) : null,
      why: v.kind === 'none' ? 'The puzzle\'s givens have no solution, so there is nothing to check your entries against.'
        : v.kind === 'multiple' ? 'The puzzle\'s givens have more than one solution, so no entry can be called wrong.' : '',
    };
    return this.known;
  }

  /** The solution of the puzzle's own clues, when there is exactly one: `{digits}` or `{why}`.
   *  Asked of wasm's `verdict` (in the worker above 16×16); kept while the clues stay. */
  async solution() {
    const line = this.cluesLine();
    if (this.known?.line === line) return this.known;
    try {
      return this.learn(line, this.room.side <= SOLVE_HERE_UP_TO ? this.room.dlx.verdict(line) : await this.solver.verdict(line));
    } catch (e) {
      return { digits: null, why: e instanceof Cancelled ? 'Check was stopped: press it again.' : `The solver failed: ${e.message}.` };
    }
  }

  /** The solution now, if it can be had without waiting (a 25×25's waits for Check), or null. */
  solutionNow() {
    const line = this.cluesLine();
    if (this.known?.line === line) return this.known;
    if (this.room.side > SOLVE_HERE_UP_TO) return null;
    try {
      return this.learn(line, this.room.dlx.verdict(line));
    } catch {
      return null;
    }
  }

  /** Marks `cells` wrong and counts each (cell, digit) once as a mistake. */
  found(cells) {
    const room = this.room;
    for (const c of cells) this.mistakes.add(`${c}:${room.givens[c]}`);
    room.views.board.setWrong(new Set([...room.views.board.wrong, ...cells]));
  }

  /** "Show mistakes as I play": every wrong entry marked as soon as it is made. */
  markLive() {
    const sol = this.solutionNow();
    if (!sol?.digits) return;
    this.found(wrongEntries(this.room.givens, this.room.clues, sol.digits));
  }

  /** The entries that differ from the solution, if it is known now (for Hint). */
  wrongNow() {
    const sol = this.solutionNow();
    return sol?.digits ? wrongEntries(this.room.givens, this.room.clues, sol.digits) : [];
  }

  /** Check: the entries that differ from the solution, marked and counted. */
  async check() {
    const room = this.room;
    const { notice } = room.views;
    room.shell.setMode('sudoku');
    const entries = entryCells(room.givens, room.clues);
    const sol = await this.solution();
    if (!sol.digits) {
      notice.show('info', `Check: ${sol.why}`);
      return;
    }
    const wrong = wrongEntries(room.givens, room.clues, sol.digits);
    if (entries.length) this.checks++;
    this.found(wrong);
    const names = wrong.slice(0, 8).map((c) => room.numbering.cellName(c)).join(', ') + (wrong.length > 8 ? ', …' : '');
    if (!entries.length) notice.show('info', 'Check: there are no entries of yours to check yet.');
    else if (wrong.length) notice.show('warn', `Check: ${counted(wrong.length, 'entry', 'entries')} of your ${entries.length} ${wrong.length === 1 ? 'differs' : 'differ'} from the solution, marked in red: ${names}.`);
    else notice.show('check', `Check: ${entries.length === 1 ? 'your entry agrees' : `all ${entries.length} of your entries agree`} with the solution.`);
    notice.reveal();
    room.shell.render(); // the cells' labels say "wrong"
    this.draw();
    this.save();
  }

  /** The clock and the mistakes beside the board. */
  draw() {
    const time = this.options.timer ? clockText(this.clock.elapsed()) : '';
    const m = this.mistakes.size;
    const said = `${this.solved ? 'Solved · ' : ''}${time}`;
    if (this.timeText.nodeValue !== said) this.timeText.nodeValue = said;
    const ms = m ? `${said ? '· ' : ''}${counted(m, 'mistake')}` : '';
    if (this.mistakeText.nodeValue !== ms) this.mistakeText.nodeValue = ms;
    // Shown once the player has played (an entry, a mistake, the finish): watching, no clock.
    // Its line is kept when it is not shown, so that the first entry moves no cell under a finger.
    const off = (!said && !ms) || !(this.solved || m || entryCells(this.room.givens, this.room.clues).length);
    if (this.status.classList.contains('off') !== off) this.status.classList.toggle('off', off);
    const title = this.options.timer ? 'Time on this puzzle (paused while the page is hidden)' : '';
    if (this.status.title !== title) this.status.title = title; // drawn every frame: written only when it changes
  }

  /** The cells that share a row, column or box with `cell` (the numbering's items say which). */
  peersOf(cell) {
    const n = this.room.numbering;
    const out = new Set();
    for (const i of n.itemsOf(n.option(cell, 1))) {
      if (n.kindOf(i) === 'cell') continue;
      for (const o of n.optionsOf(i)) out.add(n.placement(o).cell);
    }
    out.delete(cell);
    return out;
  }

  // --- kept in the browser ------------------------------------------------------------------------
  /** The games kept (the one played last first), an older page's one game read in. */
  games() {
    return readGames(readPref('games', ''), readPref('game', ''));
  }

  /** The game as it is now, kept first among the games (or, played here and no more: every
   *  entry erased, no mark, mistake, hint or check, no longer kept). */
  save() {
    const room = this.room;
    const { symbols, alphabet } = room.numbering;
    const game = {
      side: room.side,
      alphabet,
      clues: lineOf(room.clues, symbols),
      entries: entriesLine(room.givens, room.clues, symbols),
      marks: room.marks,
      ...this.state(),
      solved: this.solved,
    };
    const key = gameKey(game);
    if (played(game)) {
      writePref('games', gamesText(keepGame(this.games(), game)));
      this.keptKey = key;
    } else if (this.keptKey === key) {
      // Played here and now no longer: its game goes. (A puzzle shown afresh, an example or
      // a paste of one played before, leaves that puzzle's game kept until it is played.)
      writePref('games', gamesText(dropGame(this.games(), key)));
      this.keptKey = null;
    } else return;
    removePref('game'); // an older page's, now among the games
  }

  /** Game `g`'s puzzle kept no more (Start over, when its game was offered back). */
  forget(g) {
    const key = gameKey(g);
    writePref('games', gamesText(dropGame(this.games(), key)));
    if (this.keptKey === key) this.keptKey = null;
  }

  /** The game played last, or null (none has been played). */
  saved() {
    return this.games().find(played) ?? null;
  }

  /** The game kept for the puzzle `clues` (a line) in `alphabet`, or null. */
  savedFor(clues, alphabet) {
    const key = gameKey({ clues, alphabet });
    return this.games().find((g) => gameKey(g) === key && played(g)) ?? null;
  }
}
