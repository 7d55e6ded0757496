// The URL hash: which view, which puzzle, which step. `#p=<cells>&s=<step>` for a Sudoku
// (16, 81, 256 or 625 cells: the length says the size; `&e=<cells>` the player's entries
// apart from the puzzle's givens and `&n=<marks>` the pencil marks, two base-32 characters a
// cell, both only when there are any; an older link's `p` alone has every digit as a given;
// `&a=<alphabet>` (digits, hex or letters: wasm's `sudokuAlphabets` names them, and the
// Sudoku room checks the name) only where the cells alone would read in another alphabet,
// a 16×16 in 1–9, A–G with letters only or in 0–F, whose 0s are then digits, not blanks), `#m=knuth&s=<step>` for Knuth's example, `#m=cover&x=<packed>&s=<step>` for an
// exact-cover problem (its DLX1 text packed by cover-link.js), `#lesson=<n>` for a step of
// the guided lesson (www/rooms/lesson/lesson-steps.js checks the number), `#lesson=<n>&s=<step>` for that step
// with its search moved on to another moment. Any of them may end in `&look=large,dark`: the
// sender's look where it is not the default (large type, the theme light or dark), which the
// link gives the page it opens (a link without it leaves the reader's own look). A link shows
// what its sender saw.
// Reading never throws: anything malformed is reported and ignored.

import { CELLS, SIDES, sideOfLine } from './puzzle.js';
import { MAX_PACKED } from './cover-link.js';
import { grouped } from './format.js';

const MAX_STEP = 1e12;
const MAX_HASH = 2000;
/** A link to an exact-cover problem may be longer: it carries the problem. */
const MAX_COVER_HASH = MAX_PACKED + 40;
const MODES = ['sudoku', 'knuth', 'cover'];
/** The words of a link's look (`&look=`): large type, and the theme where it is not 'auto'. */
const LOOKS = ['large', 'light', 'dark'];

/**
 * A piece of what a link said, fit to quote in a message: in quotes, at most `max`
 * characters and then "…", with control and text-direction characters written as
 * `\u{…}` so that they show instead of acting. (Messages are set as text, never as HTML.)
 */
export function quote(s, max = 20) {
  const chars = Array.from(String(s).slice(0, 4 * max));
  const shown = chars.slice(0, max).join('').replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
  return `"${shown}${chars.length > max ? '…' : ''}"`;
}

/**
 * What a URL hash asks for: `{mode: 'sudoku' | 'knuth' | 'cover', puzzle, entries, marks, alphabet, step, errors}`,
 * `packed` (the problem, still packed) for a cover link that has one, and `lesson` (the
 * text after `lesson=`, unchecked) when the link has one.
 * `cellName(cell, side)` names a cell in an error ("r1c3"). The puzzle's symbols are
 * checked here only for 9×9; at the other sizes the page asks wasm (which knows each
 * size's alphabets).
 */
export function parseHash(hash, cellName = (c) => `cell ${c + 1}`) {
  const out = { mode: 'sudoku', puzzle: null, step: 0, errors: [] };
  const h = String(hash ?? '').replace(/^#/, '');
  if (!h) return out;
  const cover = h.startsWith('m=cover&') || h === 'm=cover';
  const own = h.startsWith('own='); // a teacher's own lesson (own-lesson.js) carries its moments
  const max = cover || own ? MAX_COVER_HASH : MAX_HASH;
  if (h.length > max) {
    if (own) { // refused where an own lesson's faults are said (own-lesson.js checks its length)
      out.own = h.slice(4);
      return out;
    }
    out.errors.push(`the link is too long to hold a ${cover ? 'problem' : 'puzzle'} (${grouped(h.length)} characters after the #, at most ${grouped(max)}); ignored`);
    if (cover) out.mode = 'cover';
    return out;
  }
  let params;
  try {
    params = new URLSearchParams(h);
  } catch {
    out.errors.push('the link could not be read; ignored');
    return out;
  }
  const unknown = [...params.keys()].filter((k) => !['m', 'p', 'e', 'n', 'a', 's', 'x', 'lesson', 'own', 'look'].includes(k));
  if (unknown.length) out.errors.push(`the link's ${quote(unknown[0])} is not understood; ignored`);
  if (params.has('lesson')) out.lesson = params.get('lesson');
  if (params.has('own')) out.own = params.get('own');
  const mode = params.get('m');
  if (MODES.includes(mode)) out.mode = mode;
  else if (mode !== null) out.errors.push(`unknown mode ${quote(mode)} in the link`);
  const x = params.get('x');
  if (x !== null && out.mode === 'cover') out.packed = x;
  else if (x !== null) out.errors.push('the link\'s problem (x) belongs to the exact-cover view; ignored');
  // With an alphabet named, a 0 is left for it to read (a digit in 0–F, a blank elsewhere).
  const a = params.get('a');
  const blanks = a === null ? /[0-]/g : /-/g;
  const p = params.get('p');
  if (p !== null) {
    const line = p.replace(blanks, '.');
    const side = sideOfLine(line);
    const bad = line.search(line.length === CELLS ? /[^0-9.]/ : /[^0-9A-Za-z.]/);
    if (!side) out.errors.push(`the link's puzzle ${quote(p)} has ${grouped(line.length)} characters, not ${SIDES.map((n) => n * n).join(', ').replace(/, (\d+)$/, ' or $1')} (a ${SIDES.map((n) => `${n}×${n}`).join(', ').replace(/, ([^,]+)$/, ' or $1')} grid); ignored`);
    else if (bad >= 0) out.errors.push(`the link's puzzle has ${quote(line[bad])} in ${cellName(bad, side)}; ignored`);
    else out.puzzle = line.toUpperCase();
  }
  // The player's entries (a line as long as the puzzle's, '.' where none) and pencil marks
  // (checked by the Sudoku room, which knows the size's digits: game.js's unpackMarks).
  const e = params.get('e');
  if (e !== null && out.puzzle) {
    const line = e.replace(blanks, '.');
    const bad = line.search(line.length === CELLS ? /[^0-9.]/ : /[^0-9A-Za-z.]/);
    if (line.length !== out.puzzle.length) out.errors.push(`the link's entries have ${grouped(line.length)} characters, not the puzzle's ${grouped(out.puzzle.length)}; ignored`);
    else if (bad >= 0) out.errors.push(`the link's entries have ${quote(line[bad])} in ${cellName(bad, sideOfLine(line))}; ignored`);
    else out.entries = line.toUpperCase();
  }
  const n = params.get('n');
  if (n !== null && out.puzzle) out.marks = n;
  if (a !== null && /^[a-z]{1,20}$/.test(a)) out.alphabet = a;
  else if (a !== null) out.errors.push(`the link's alphabet ${quote(a)} is not a name; ignored`);
  const look = params.get('look');
  if (look !== null) {
    const words = look.split(',');
    const bad = words.find((w) => !LOOKS.includes(w));
    if (bad !== undefined) out.errors.push(`the link's look ${quote(bad)} is not ${LOOKS.join(', ').replace(/, (\w+)$/, ' or $1')}; ignored`);
    else out.look = { large: words.includes('large'), theme: words.includes('dark') ? 'dark' : words.includes('light') ? 'light' : 'auto' };
  }
  const s = params.get('s');
  if (s !== null) {
    const n = Number(s);
    if (!/^\d{1,13}$/.test(s) || !(n <= MAX_STEP)) out.errors.push(`the link's step ${quote(s)} is not a step number; starting at 0`);
    else out.step = n;
  }
  return out;
}

/** The hash for a puzzle (or Knuth's example, or a packed exact-cover problem) at a step,
 *  or for a step of the lesson; `look` (`{large, theme}`, optional) the page's look, said where
 *  it is not the default. */
export function formatHash(link) {
  const words = link.look ? [...(link.look.large ? ['large'] : []), ...(link.look.theme === 'auto' ? [] : [link.look.theme])] : [];
  return `${hashOf(link)}${words.length ? `&look=${words.join(',')}` : ''}`;
}

function hashOf({ mode, puzzle, entries, marks, alphabet, packed, step, lesson, own }) {
  if (own) return `#own=${own}`; // a teacher's own lesson: its moments are in the link
  // A lesson's step, and the search's step where it was moved on from the step's moment.
  if (lesson) return `#lesson=${lesson}${step > 0 ? `&s=${step}` : ''}`;
  const parts = mode === 'knuth' ? ['m=knuth'] : mode === 'cover' ? ['m=cover', ...(packed ? [`x=${packed}`] : [])] : [`p=${puzzle}`, ...(entries ? [`e=${entries}`] : []), ...(marks ? [`n=${marks}`] : []), ...(alphabet ? [`a=${alphabet}`] : [])];
  // A problem too big for a link has none: its step would be a step of another problem.
  if (step > 0 && (mode !== 'cover' || packed)) parts.push(`s=${step}`);
  return `#${parts.join('&')}`;
}

/**
 * Keeps the address bar in step with the page. `current()` gives `{mode, puzzle, step}`;
 * `busy()` is true while the search moves (the hash is then written once a second at
 * most); `open(link, {changed})` shows what a link asks for (on load, and when the hash
 * changes under the page).
 */
export class Router {
  constructor({ current, busy, open, cellName }) {
    Object.assign(this, { current, busy, open, cellName });
    this.last = '';
    this.timer = 0;
    this.opened = false; // nothing is written before the page has read what its link asks for
    window.addEventListener('hashchange', () => {
      if (location.hash !== this.last) this.read(true);
    });
  }

  /** Opens what the hash asks for (`changed`: the hash changed under the page), then puts
   *  the page's own link in the address bar, in place of anything it did not take. */
  read(changed = false) {
    this.opened = true;
    this.last = location.hash;
    this.open(parseHash(location.hash, this.cellName), { changed });
    this.write(true);
  }

  /** Writes the hash now, or (`now` false, while the search moves) within a second. */
  write(now) {
    if (!this.opened) return;
    if (!now && this.busy()) {
      if (!this.timer) this.timer = setTimeout(() => {
        this.timer = 0;
        this.write(true);
      }, 1000);
      return;
    }
    const h = formatHash(this.current());
    if (h !== this.last) {
      this.last = h;
      history.replaceState(null, '', h);
    }
  }
}
