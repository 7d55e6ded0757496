// Sudoku expectations the e2e tests work out for themselves, so that the page is never checked
// only against the wasm module it runs: plain rules and a plain backtracking search, written
// from the rules of the game, sharing no code with src/ or www/.

const units = (c) => [Math.floor(c / 9), 9 + (c % 9), 18 + Math.floor(c / 27) * 3 + Math.floor((c % 9) / 3)];

/** The digits (1..9) each cell of an 81-character line ('.' or '0' blank) can take: a filled
 *  cell its own digit; an empty one every digit no row, column or box holds. */
export function candidates(line) {
  const used = Array.from({ length: 27 }, () => new Set());
  for (let c = 0; c < 81; c++) if (line[c] >= '1' && line[c] <= '9') for (const u of units(c)) used[u].add(Number(line[c]));
  return [...line].map((ch, c) => (ch >= '1' && ch <= '9'
    ? [Number(ch)]
    : [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => units(c).every((u) => !used[u].has(d)))));
}

/** True when `grid` is full, repeats no digit in a row, column or box, and keeps every given of `puzzle`. */
export function solves(grid, puzzle) {
  if (!/^[1-9]{81}$/.test(grid)) return false;
  const seen = Array.from({ length: 27 }, () => new Set());
  for (let c = 0; c < 81; c++) {
    for (const u of units(c)) {
      if (seen[u].has(grid[c])) return false;
      seen[u].add(grid[c]);
    }
    if (puzzle[c] !== '.' && puzzle[c] !== '0' && puzzle[c] !== grid[c]) return false;
  }
  return true;
}

/** The solutions of `line`, at most `limit`, by backtracking on the cell with fewest candidates
 *  (the used digits of each row, column and box kept as bits). */
export function solutions(line, limit = 2) {
  const out = [];
  const grid = [...line].map((ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0));
  const used = new Array(27).fill(0);
  for (let c = 0; c < 81; c++) {
    if (!grid[c]) continue;
    for (const u of units(c)) {
      if (used[u] & (1 << grid[c])) return out; // clashing givens: no solution
      used[u] |= 1 << grid[c];
    }
  }
  const unitsOf = Array.from({ length: 81 }, (_, c) => units(c));
  const free = (c) => 0b1111111110 & ~(used[unitsOf[c][0]] | used[unitsOf[c][1]] | used[unitsOf[c][2]]);
  const bits = (m) => { let n = 0; for (; m; m &= m - 1) n++; return n; };
  const go = () => {
    let best = -1, bestFree = 0, bestCount = 10;
    for (let c = 0; c < 81; c++) {
      if (grid[c]) continue;
      const f = free(c), n = bits(f);
      if (n === 0) return;
      if (n < bestCount) [best, bestFree, bestCount] = [c, f, n];
    }
    if (best < 0) {
      out.push(grid.join(''));
      return;
    }
    for (let d = 1; d <= 9 && out.length < limit; d++) {
      if (!(bestFree & (1 << d))) continue;
      grid[best] = d;
      for (const u of unitsOf[best]) used[u] |= 1 << d;
      go();
      for (const u of unitsOf[best]) used[u] &= ~(1 << d);
    }
    grid[best] = 0;
  };
  go();
  return out;
}
