// The game a player plays on the Sudoku's board, as pure data: which digits are the player's
// entries (not the puzzle's givens), the words that keep the two apart, the clock (paused
// while the page is hidden), the finish, the entries that differ from the solution (the
// solution is wasm's, never worked out here), the pencil marks in a link, and the game kept
// in the browser (one a puzzle). No DOM: play.js wires it to the page, www/test/game.test.js tests it.

import { counted } from '../../core/format.js';
export { digitsWords } from '../../core/format.js';

/** Whether cell `c` holds an entry: a digit that is not the puzzle's own clue there. */
export const isEntry = (digits, clues, c) => digits[c] !== 0 && digits[c] !== clues[c];

/** The cells holding entries. */
export function entryCells(digits, clues) {
  const out = [];
  for (let c = 0; c < digits.length; c++) if (isEntry(digits, clues, c)) out.push(c);
  return out;
}

/** The heading of a clash message: givens clash, or the player's entries do. */
export function clashHeading(clashes, digits, clues) {
  const entered = clashes.some((k) => isEntry(digits, clues, k.cell) || isEntry(digits, clues, k.other));
  return entered
    ? 'These digits clash (your entries among them), so there is no solution and no search to watch:'
    : 'These givens clash, so there is no solution and no search to watch:';
}

/** Whether the board is finished: every cell filled, no clash, and at least one entry of the player's. */
export const isFinished = (digits, clues, clashes) =>
  clashes.length === 0 && digits.every((d) => d !== 0) && digits.some((d, c) => d !== clues[c]);

/** The entries that differ from `solution` (a digit per cell), in cell order. */
export function wrongEntries(digits, clues, solution) {
  const out = [];
  for (let c = 0; c < digits.length; c++) if (isEntry(digits, clues, c) && digits[c] !== solution[c]) out.push(c);
  return out;
}

/** Removes mark `digit` from the cells `peers` (a placed digit rules it out there); returns how many went. */
export function clearRuledOut(marks, peers, digit) {
  let n = 0;
  for (const p of peers) {
    if (marks[p] & (1 << digit)) {
      marks[p] &= ~(1 << digit);
      n++;
    }
  }
  return n;
}

/** A time as a clock shows it: "0:07", "12:34", "1:02:03". */
export function clockText(ms) {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const two = (x) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** A time in words, for the finish: "4 minutes 5 seconds". */
export function durationWords(ms) {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const parts = [];
  if (h) parts.push(counted(h, 'hour'));
  if (m) parts.push(counted(m, 'minute'));
  if (sec || !parts.length) parts.push(counted(sec, 'second'));
  return parts.join(' ');
}

/**
 * The time a game has taken: it runs only while the game is on and the page is seen.
 * `now()` gives milliseconds (performance.now in the page; a fake in the tests).
 */
export class Clock {
  constructor(now, elapsed = 0) {
    this.now = now;
    this.base = elapsed;
    this.since = null; // when it last started running, or null: stopped
  }

  get running() {
    return this.since !== null;
  }

  elapsed() {
    return this.base + (this.since === null ? 0 : this.now() - this.since);
  }

  start() {
    if (this.since === null) this.since = this.now();
  }

  stop() {
    if (this.since === null) return;
    this.base += this.now() - this.since;
    this.since = null;
  }

  /** Back to `elapsed` ms, stopped. */
  reset(elapsed = 0) {
    this.base = elapsed;
    this.since = null;
  }
}

// --- pencil marks in a link: base-32 characters, bit d for digit d -------------------------------
// Two a cell up to 9×9 (bits 1..9), four at 16×16 (bits 1..16).
const B32 = '0123456789abcdefghijklmnopqrstuv';

/** The characters a cell's marks take in a link, for a board of `cells` cells. */
const markWidth = (cells) => (cells > 81 ? 4 : 2);

/** The marks of a board as link text, or '' when there are none (or the size has none). */
export function packMarks(marks) {
  if (!marks.some((m) => m !== 0)) return '';
  const w = markWidth(marks.length);
  let s = '';
  for (const m of marks) for (let k = w - 1; k >= 0; k--) s += B32[(m >>> (5 * k)) & 31];
  return s;
}

/** Marks read back from `packMarks`' text for `cells` cells of side `side`; throws saying what is wrong. */
export function unpackMarks(text, cells, side) {
  const w = markWidth(cells);
  if (text.length !== w * cells) throw new Error(`the link's pencil marks have ${text.length} characters, not ${w * cells}`);
  const out = new Uint32Array(cells);
  const allowed = (2 ** (side + 1) - 1) & ~1; // bits 1..side
  for (let c = 0; c < cells; c++) {
    const part = text.slice(w * c, w * c + w);
    let m = 0;
    for (const ch of part) {
      const v = B32.indexOf(ch);
      if (v < 0) throw new Error(`the link's pencil marks have ${JSON.stringify(part)} for cell ${c + 1}`);
      m = m * 32 + v;
    }
    if (m & ~allowed) throw new Error(`the link's pencil marks for cell ${c + 1} are not digits 1–${side}`);
    out[c] = m;
  }
  return out;
}

/** The entries of a board as a line ('.' where a cell holds none), for a link and the saved game. */
export function entriesLine(digits, clues, symbols) {
  let s = '';
  for (let c = 0; c < digits.length; c++) s += isEntry(digits, clues, c) ? symbols[digits[c] - 1] : '.';
  return s;
}

// --- the games kept in the browser ------------------------------------------------------------
const VERSION = 1;
/** At most this many games are kept (one a puzzle); past it the one played longest ago goes. */
export const GAMES_KEPT = 10;

const count = (n) => (Number.isInteger(n) && n >= 0 ? n : 0);

/** The finish in words: "Solved in 4 minutes 5 seconds, with 1 mistake, 2 hints and 1 check." */
export function finishWords(ms, { mistakes = 0, hints = 0, checks = 0 } = {}) {
  const said = (n, one, many) => (n ? counted(n, one, many) : `no ${many ?? `${one}s`}`);
  return `Solved in ${durationWords(ms)}, with ${said(mistakes, 'mistake')}, ${said(hints, 'hint')} and ${said(checks, 'check')}.`;
}

/** A saved game as plain data: `{side, alphabet, clues, entries, marks, elapsed, mistakes, hints, checks, solved}`. */
const gameData = (game) => ({ v: VERSION, ...game, marks: packMarks(game.marks) });

/** The saved game as text (the one game an older page kept, `dlx-game`, was this). */
export const gameText = (game) => JSON.stringify(gameData(game));

/** A saved game's data read back, or null when it does not read (an older page's, a hand edit). */
function gameOf(g) {
  if (!g || g.v !== VERSION || ![4, 9, 16, 25].includes(g.side)) return null;
  const cells = g.side * g.side;
  if (typeof g.clues !== 'string' || typeof g.entries !== 'string' || g.clues.length !== cells || g.entries.length !== cells) return null;
  if (!['digits', 'letters'].includes(g.alphabet)) return null;
  let marks = new Uint32Array(cells);
  if (g.marks) {
    try {
      marks = unpackMarks(g.marks, cells, g.side);
    } catch {
      return null;
    }
  }
  const elapsed = Number.isFinite(g.elapsed) && g.elapsed >= 0 ? g.elapsed : 0;
  const mistakes = Array.isArray(g.mistakes) ? g.mistakes.filter((m) => typeof m === 'string') : [];
  return { side: g.side, alphabet: g.alphabet, clues: g.clues, entries: g.entries, marks, elapsed, mistakes,
    hints: count(g.hints), checks: count(g.checks), solved: g.solved === true };
}

/** A saved game read back from `gameText`, or null when there is none or it does not read. */
export function readGame(text) {
  try {
    return gameOf(JSON.parse(text));
  } catch {
    return null;
  }
}

/** What a game is kept under: its puzzle (the givens' line, in its alphabet). */
export const gameKey = (g) => `${g.alphabet}:${g.clues}`;

/** Whether a game has been played at all: an entry, a mark, a mistake, a hint or a check. */
export const played = (g) => /[^.]/.test(g.entries) || g.marks.some((m) => m !== 0) || g.mistakes.length > 0 || g.hints > 0 || g.checks > 0;

/** The games kept, as text: the one played last first. */
export const gamesText = (games) => JSON.stringify({ v: VERSION, games: games.map(gameData) });

/**
 * The games kept, read back from `gamesText` (the one played last first), those that do not
 * read left out. With no such text, an older page's one game (`legacy`, `gameText`'s) is the
 * list: nothing saved is lost to the change.
 */
export function readGames(text, legacy = '') {
  if (!text) {
    const g = readGame(legacy);
    return g ? [g] : [];
  }
  let list;
  try {
    list = JSON.parse(text);
  } catch {
    return [];
  }
  if (!list || list.v !== VERSION || !Array.isArray(list.games)) return [];
  return list.games.map(gameOf).filter(Boolean);
}

/** The games kept once `game` is played: it first (in place of its puzzle's older game), at most `cap`. */
export function keepGame(games, game, cap = GAMES_KEPT) {
  const key = gameKey(game);
  return [game, ...games.filter((g) => gameKey(g) !== key)].slice(0, cap);
}

/** The games kept once the game of the puzzle `key` is no longer played (every entry erased). */
export const dropGame = (games, key) => games.filter((g) => gameKey(g) !== key);

/** The board's digits: the clues with the entries over them (both lines in the puzzle's `symbols`). */
export function boardOf(clues, entries, symbols) {
  const out = new Uint8Array(clues.length);
  for (let c = 0; c < clues.length; c++) {
    const e = entries[c] && entries[c] !== '.' ? entries[c] : clues[c];
    out[c] = symbols.indexOf(e.toUpperCase()) + 1;
  }
  return out;
}
