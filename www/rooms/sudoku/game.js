// The game a player plays on the Sudoku's board, as pure data: which digits are the player's
// entries (not the puzzle's givens), the words that keep the two apart, the clock (paused
// while the page is hidden), the finish, the entries that differ from the solution (the
// solution is wasm's, never worked out here), the pencil marks in a link, and the game kept
// in the browser. No DOM: play.js wires it to the page, www/test/game.test.js tests it.

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

// --- pencil marks in a link: two base-32 characters a cell (bit d for digit d, d ≤ 9) ---------
const B32 = '0123456789abcdefghijklmnopqrstuv';

/** The marks of a board as link text, or '' when there are none (or the size has none). */
export function packMarks(marks) {
  if (!marks.some((m) => m !== 0)) return '';
  let s = '';
  for (const m of marks) s += B32[(m >> 5) & 31] + B32[m & 31];
  return s;
}

/** Marks read back from `packMarks`' text for `cells` cells of side `side`; throws saying what is wrong. */
export function unpackMarks(text, cells, side) {
  if (text.length !== 2 * cells) throw new Error(`the link's pencil marks have ${text.length} characters, not ${2 * cells}`);
  const out = new Uint32Array(cells);
  const allowed = ((1 << (side + 1)) - 1) & ~1; // bits 1..side
  for (let c = 0; c < cells; c++) {
    const [hi, lo] = [B32.indexOf(text[2 * c]), B32.indexOf(text[2 * c + 1])];
    if (hi < 0 || lo < 0) throw new Error(`the link's pencil marks have ${JSON.stringify(text.slice(2 * c, 2 * c + 2))} for cell ${c + 1}`);
    const m = hi * 32 + lo;
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

// --- the game kept in the browser --------------------------------------------------------------
const VERSION = 1;

/** The saved game as text: `{side, alphabet, clues, entries, marks, elapsed, mistakes, solved}`. */
export function gameText(game) {
  return JSON.stringify({ v: VERSION, ...game, marks: packMarks(game.marks) });
}

/** A saved game read back, or null when there is none or it does not read (an older page's, a hand edit). */
export function readGame(text) {
  let g;
  try {
    g = JSON.parse(text);
  } catch {
    return null;
  }
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
  return { side: g.side, alphabet: g.alphabet, clues: g.clues, entries: g.entries, marks, elapsed, mistakes, solved: g.solved === true };
}

/** The board's digits: the clues with the entries over them (both lines in the puzzle's `symbols`). */
export function boardOf(clues, entries, symbols) {
  const out = new Uint8Array(clues.length);
  for (let c = 0; c < clues.length; c++) {
    const e = entries[c] && entries[c] !== '.' ? entries[c] : clues[c];
    out[c] = symbols.indexOf(e.toUpperCase()) + 1;
  }
  return out;
}
