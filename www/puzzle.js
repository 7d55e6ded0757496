// Puzzles as the page holds them: an 81-character line, '.' for a blank. Reading pasted
// text (through the wasm parser, which knows the CLI's formats), the clashes between
// givens with their reasons, and the URL hash. Pure: no DOM.

import { CELLS, boxOf, cellName } from './model.js';

export const EMPTY = '.'.repeat(CELLS);
const MAX_PASTE = 200_000;
const MAX_STEP = 1e12;

/** The digit (0 for a blank) of each cell of a line. */
export function digitsOf(line) {
  const out = new Uint8Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    const d = line.charCodeAt(c) - 48;
    out[c] = d >= 1 && d <= 9 ? d : 0;
  }
  return out;
}

/** The line of 81 digits (0 = blank). */
export function lineOf(digits) {
  let s = '';
  for (let c = 0; c < CELLS; c++) s += digits[c] ? String(digits[c]) : '.';
  return s;
}

export const givensCount = (line) => digitsOf(line).reduce((n, d) => n + (d ? 1 : 0), 0);

const UNITS = [
  ['row', (c) => Math.floor(c / 9)],
  ['column', (c) => c % 9],
  ['box', boxOf],
];

/**
 * Every clash between givens: for each cell that repeats a digit of an earlier cell in
 * its row, column or box, `{cell, digit, unit, other}` ("r1c2: 1 already in row 1 (r1c1)"),
 * in cell order. The earlier cell is in `other`; both are "clashing".
 */
export function clashes(line) {
  const d = digitsOf(line);
  const out = [];
  for (let c = 0; c < CELLS; c++) {
    if (!d[c]) continue;
    for (const [unit, of] of UNITS) {
      for (let e = 0; e < c; e++) {
        if (d[e] === d[c] && of(e) === of(c)) {
          out.push({ cell: c, digit: d[c], unit: `${unit} ${of(c) + 1}`, other: e });
          break;
        }
      }
    }
  }
  return out;
}

export const clashMessage = ({ cell, digit, unit, other }) => `${cellName(cell)}: ${digit} already in ${unit} (${cellName(other)})`;

/** Empty cells in which no digit fits the givens: no solution, though nothing clashes. */
export function stuckCells(line) {
  const d = digitsOf(line);
  const out = [];
  for (let c = 0; c < CELLS; c++) {
    if (d[c]) continue;
    let seen = 0;
    for (let e = 0; e < CELLS; e++) {
      if (d[e] && UNITS.some(([, of]) => of(e) === of(c))) seen |= 1 << d[e];
    }
    if (seen === 0b1111111110) out.push(c);
  }
  return out;
}

/**
 * Reads a pasted puzzle: any format the CLI reads (through `parse`, the wasm module's),
 * or failing that a 9×9 grid drawn with separators (exactly 81 of `1-9 . 0 ?` once the
 * rest is dropped). Returns `{line, note}`; throws an Error naming the line and cell.
 */
export function readPasted(text, parse) {
  const t = String(text ?? '');
  if (t.length > MAX_PASTE) throw new Error(`the text is too long to be a puzzle (${t.length.toLocaleString('en')} characters)`);
  if (!t.trim()) throw new Error('there is no text to read');
  let error;
  try {
    const { format, puzzles } = parse(t);
    if (puzzles.length === 0) throw new Error('no puzzle found');
    const more = puzzles.length > 1 ? `; ${puzzles.length} puzzles, loaded the first` : '';
    return { line: puzzles[0].replace(/0/g, '.'), note: `read as ${FORMAT_NAMES[format] ?? format}${more}` };
  } catch (e) {
    error = e;
  }
  const cells = t.replace(/[^1-9.0?]/g, '');
  if (cells.length === CELLS && /[|+\-\n]/.test(t)) {
    return { line: cells.replace(/[0?]/g, '.'), note: 'read as a drawn 9×9 grid (separators ignored)' };
  }
  throw error instanceof Error ? error : new Error(String(error));
}

const FORMAT_NAMES = {
  line: 'an 81-character line',
  hdu: 'an HDU 1426 grid (? for blanks)',
  hiho: 'a hihoCoder 102 grid (0 for blanks)',
};

/**
 * What a URL hash asks for: `{mode: 'sudoku' | 'knuth', puzzle, step, errors}`.
 * `#p=<81 chars>&s=<step>`; `#m=knuth&s=<step>`. Anything malformed is reported in
 * `errors` and ignored, never thrown.
 */
export function parseHash(hash) {
  const out = { mode: 'sudoku', puzzle: null, step: 0, errors: [] };
  const h = String(hash ?? '').replace(/^#/, '');
  if (!h) return out;
  if (h.length > 2000) {
    out.errors.push('the link is too long to hold a puzzle; ignored');
    return out;
  }
  let params;
  try {
    params = new URLSearchParams(h);
  } catch {
    out.errors.push('the link could not be read; ignored');
    return out;
  }
  const unknown = [...params.keys()].filter((k) => !['m', 'p', 's'].includes(k));
  if (unknown.length) out.errors.push(`the link's "${unknown[0].slice(0, 20)}" is not understood; ignored`);
  const mode = params.get('m');
  if (mode === 'knuth') out.mode = 'knuth';
  else if (mode !== null && mode !== 'sudoku') out.errors.push(`unknown mode "${mode.slice(0, 20)}" in the link`);
  const p = params.get('p');
  if (p !== null) {
    const line = p.replace(/0/g, '.');
    const bad = line.search(/[^1-9.]/);
    if (line.length !== CELLS) out.errors.push(`the link's puzzle has ${line.length} cells, not 81; ignored`);
    else if (bad >= 0) out.errors.push(`the link's puzzle has '${line[bad]}' in ${cellName(bad)}; ignored`);
    else out.puzzle = line;
  }
  const s = params.get('s');
  if (s !== null) {
    const n = Number(s);
    if (!/^\d{1,13}$/.test(s) || !(n <= MAX_STEP)) out.errors.push(`the link's step "${s.slice(0, 20)}" is not a step number; starting at 0`);
    else out.step = n;
  }
  return out;
}

/** The hash for a puzzle (or Knuth's example) at a step. */
export function formatHash({ mode, puzzle, step }) {
  const parts = mode === 'knuth' ? ['m=knuth'] : [`p=${puzzle}`];
  if (step > 0) parts.push(`s=${step}`);
  return `#${parts.join('&')}`;
}
