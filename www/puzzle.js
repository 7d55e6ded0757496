// Puzzles as the page holds them: an 81-character line, '.' for a blank, and reading
// pasted text (through the wasm parser, which knows the CLI's formats). Which givens
// clash, and why, the page asks the wasm module (`checkGivens`). Pure: no DOM.

export const CELLS = 81;
export const EMPTY = '.'.repeat(CELLS);
const MAX_PASTE = 200_000;

/** The digit (0 for a blank) of each cell of a line. */
export function digitsOf(line) {
  const out = new Uint8Array(CELLS);
  // Stryker disable next-line EqualityOperator: equivalent, a typed array ignores a write at index 81
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

/**
 * Reads a pasted puzzle: any format the CLI reads (through `parse`, the wasm module's),
 * or failing that a 9×9 grid drawn with separators (exactly 81 of `1-9 . 0 ?` once the
 * rest is dropped). Returns `{line, note}`; throws an Error naming the line and cell.
 */
export function readPasted(text, parse) {
  const t = String(text ?? '');
  // Refused on its length alone, read no further: a 10 MB paste costs nothing more here.
  if (t.length > MAX_PASTE) throw new Error(`the text is too long to be a puzzle (${t.length.toLocaleString('en')} characters; at most ${MAX_PASTE.toLocaleString('en')} are read)`);
  if (!t.trim()) throw new Error('there is no text to read');
  let error;
  try {
    const { format, puzzles } = parse(t);
    if (puzzles.length === 0) throw new Error('no puzzle found');
    const more = puzzles.length > 1 ? `; ${puzzles.length} puzzles, loaded the first` : '';
    // Stryker disable next-line StringLiteral: equivalent, parse() already writes blanks as '.'
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

