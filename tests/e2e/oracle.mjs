// Sudoku expectations the e2e tests work out for themselves, so that the page is never checked
// only against the wasm module it runs: plain rules and a plain backtracking search, written
// from the rules of the game, sharing no code with src/ or www/. Every size: a grid of side
// n² (4, 9, 16, 25) written in `symbols` (one character per digit; '1'–'9' by default).

const NINE = '123456789';

/** Row, column and box of each cell of a grid of `side`: unit numbers 0..3·side. */
function unitsOf(side) {
  const n = Math.round(Math.sqrt(side));
  return Array.from({ length: side * side }, (_, c) => {
    const r = Math.floor(c / side), col = c % side;
    return [r, side + col, 2 * side + Math.floor(r / n) * n + Math.floor(col / n)];
  });
}

/** The digit (1..side) of each cell of a line, 0 for a blank (anything not a symbol). */
const digits = (line, symbols) => [...line].map((ch) => symbols.indexOf(ch.toUpperCase()) + 1);

/** The digits (1..9) each cell of an 81-character line ('.' or '0' blank) can take: a filled
 *  cell its own digit; an empty one every digit no row, column or box holds. */
export function candidates(line) {
  const units = unitsOf(9);
  const used = Array.from({ length: 27 }, () => new Set());
  for (let c = 0; c < 81; c++) if (line[c] >= '1' && line[c] <= '9') for (const u of units[c]) used[u].add(Number(line[c]));
  return [...line].map((ch, c) => (ch >= '1' && ch <= '9'
    ? [Number(ch)]
    : [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => units[c].every((u) => !used[u].has(d)))));
}

/** True when `grid` is full, repeats no symbol in a row, column or box, and keeps every given of `puzzle`. */
export function solves(grid, puzzle, symbols = NINE) {
  const side = symbols.length;
  if (grid.length !== side * side || puzzle.length !== grid.length) return false;
  const units = unitsOf(side);
  const g = digits(grid, symbols), p = digits(puzzle, symbols);
  const seen = Array.from({ length: 3 * side }, () => new Set());
  for (let c = 0; c < side * side; c++) {
    if (!g[c]) return false;
    for (const u of units[c]) {
      if (seen[u].has(g[c])) return false;
      seen[u].add(g[c]);
    }
    if (p[c] && p[c] !== g[c]) return false;
  }
  return true;
}

/** The solutions of `line`, at most `limit`, by backtracking on the cell with fewest candidates
 *  (the used digits of each row, column and box kept as bits), written in `symbols`. */
export function solutions(line, limit = 2, symbols = NINE) {
  const side = symbols.length, cells = side * side;
  const out = [];
  const grid = digits(line, symbols);
  const unitOf = unitsOf(side);
  const used = new Array(3 * side).fill(0);
  for (let c = 0; c < cells; c++) {
    if (!grid[c]) continue;
    for (const u of unitOf[c]) {
      if (used[u] & (1 << grid[c])) return out; // clashing givens: no solution
      used[u] |= 1 << grid[c];
    }
  }
  const all = (2 ** (side + 1) - 2) | 0; // bits 1..side
  const free = (c) => all & ~(used[unitOf[c][0]] | used[unitOf[c][1]] | used[unitOf[c][2]]);
  const bits = (m) => { let n = 0; for (; m; m &= m - 1) n++; return n; };
  const go = () => {
    let best = -1, bestFree = 0, bestCount = side + 1;
    for (let c = 0; c < cells; c++) {
      if (grid[c]) continue;
      const f = free(c), n = bits(f);
      if (n === 0) return;
      if (n < bestCount) [best, bestFree, bestCount] = [c, f, n];
    }
    if (best < 0) {
      out.push(grid.map((d) => symbols[d - 1]).join(''));
      return;
    }
    for (let d = 1; d <= side && out.length < limit; d++) {
      if (!(bestFree & (1 << d))) continue;
      grid[best] = d;
      for (const u of unitOf[best]) used[u] |= 1 << d;
      go();
      for (const u of unitOf[best]) used[u] &= ~(1 << d);
    }
    grid[best] = 0;
  };
  go();
  return out;
}
