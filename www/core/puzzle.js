// Puzzles as the page holds them: a line of n⁴ cells (16, 81, 256 or 625) in the puzzle's
// alphabet, '.' for a blank, and reading
// pasted text (through the wasm parser, which knows the CLI's formats). Which givens
// clash, and why, the page asks the wasm module (`checkGivens`). Pure: no DOM.

import { grouped } from './format.js';

export const CELLS = 81;
export const EMPTY = '.'.repeat(CELLS);
/** The sides the page shows: 4×4, 9×9, 16×16 and 25×25 (orders 2 to 5). */
export const SIDES = [4, 9, 16, 25];
const NINE = '123456789';
const MAX_PASTE = 200_000;

/** The empty grid of a side. */
export const emptyLine = (side) => '.'.repeat(side * side);

/** The side of a line of cells (16, 81, 256 or 625 of them), or 0 for any other length. */
export const sideOfLine = (line) => SIDES.find((s) => s * s === line.length) ?? 0;

/**
 * The digit (1..side, 0 for a blank) of each cell of a line written in `symbols` (the
 * puzzle's alphabet, one character per digit, as `sudokuTables` gives it).
 */
export function digitsOf(line, symbols = NINE) {
  const cells = symbols.length * symbols.length;
  const out = new Uint8Array(cells);
  const up = line.toUpperCase();
  for (let c = 0; c < cells; c++) out[c] = symbols.indexOf(up[c] ?? '.') + 1;
  return out;
}

/** The line of a grid's digits (0 = blank, written '.') in `symbols`. */
export function lineOf(digits, symbols = NINE) {
  let s = '';
  for (let c = 0; c < digits.length; c++) s += digits[c] ? symbols[digits[c] - 1] : '.';
  return s;
}

/** How many cells of a line hold a clue (anything but a blank `.`, `0` or `-`). */
export const givensCount = (line) => line.replace(/[.0-]/g, '').length;

/**
 * Reads a pasted puzzle: any format the CLI reads at any size, or the one puzzle found among
 * the paste's lines (a title above it, a line below it; a grid drawn with separators, its
 * rows spaced or separated by commas; `_`, `*` and `?` blanks too), all through `parse`, the
 * wasm module's one reader. Returns `{line, side, alphabet, note}` (`line` in the puzzle's
 * own alphabet, `.` for a blank; `note` says what was read and which lines were skipped);
 * throws an Error naming the line and cell.
 */
export function readPasted(text, parse) {
  const t = String(text ?? '');
  // Refused on its length alone, read no further: a 10 MB paste costs nothing more here.
  if (t.length > MAX_PASTE) throw new Error(`the text is too long to be a puzzle (${grouped(t.length)} characters; at most ${grouped(MAX_PASTE)} are read)`);
  if (!t.trim()) throw new Error('there is no text to read');
  let read;
  try {
    read = parse(t);
  } catch (e) {
    throw e instanceof Error ? e : new Error(String(e));
  }
  const { format, side, alphabet, puzzles, skipped = [] } = read;
  if (puzzles.length === 0) throw new Error('no puzzle found');
  const more = puzzles.length > 1 ? `; ${grouped(puzzles.length)} puzzles, loaded the first` : '';
  const skip = skipped.length ? `; skipped ${lineNames(skipped)}, not part of the puzzle` : '';
  // Stryker disable next-line StringLiteral: equivalent, parse() already writes blanks as '.'
  return { line: puzzles[0].replace(/0/g, '.'), side, alphabet, note: `read as ${formatName(format, side, alphabet)}${more}${skip}` };
}

/** "line 1", "lines 1 and 12", "lines 1, 2 and 12". */
function lineNames(lines) {
  if (lines.length === 1) return `line ${lines[0]}`;
  return `lines ${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]}`;
}

/** The words for what `parse` read. */
function formatName(format, side, alphabet) {
  const size = `${side}×${side}`;
  const symbols = side === 16 ? (alphabet === 'letters' ? ' in letters A–P' : ' in 1–9 and A–G') : '';
  if (format === 'line') return `${side === 9 ? 'an' : 'a'} ${grouped(side * side)}-character line${side === 9 ? '' : ` (${size}${symbols})`}`;
  if (format === 'grid') return `a drawn ${size} grid (separators ignored)`;
  if (format === 'poj') return `a ${size} grid of ${side} lines${side === 16 ? ` (POJ 3076${symbols})` : ''}`;
  return FORMAT_NAMES[format] ?? format;
}

const FORMAT_NAMES = {
  hdu: 'an HDU 1426 grid (? for blanks)',
  hiho: 'a hihoCoder 102 grid (0 for blanks)',
};
