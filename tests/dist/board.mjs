// What the page's Sudoku board shows, read in Chromium (playwright pages), and a check of a
// solution: shared by tests/dist/run.mjs and tests/deploy/run.mjs.

/** The 81 cells as the board shows them: a digit, or '.' for an empty cell. */
export const shown = (page) => page.$$eval('#board .cell', (cs) => cs.map((c) => (c.querySelector('.digit').textContent || c.querySelector('.placed .on')?.textContent || '.')).join(''));
/** The givens on the board, '.' elsewhere. */
export const givens = (page) => page.$$eval('#board .cell', (cs) => cs.map((c) => (c.dataset.kind === 'given' ? c.querySelector('.digit').textContent : '.')).join(''));

/** True if `grid` (81 digits) is a Sudoku solution that keeps the givens of `puzzle`. */
export function isSolution(grid, puzzle) {
  if (!/^[1-9]{81}$/.test(grid) || ![...puzzle].every((c, k) => c === '.' || c === grid[k])) return false;
  for (let u = 0; u < 9; u++) {
    const row = new Set();
    const col = new Set();
    const box = new Set();
    for (let k = 0; k < 9; k++) {
      row.add(grid[u * 9 + k]);
      col.add(grid[k * 9 + u]);
      box.add(grid[(Math.floor(u / 3) * 3 + Math.floor(k / 3)) * 9 + (u % 3) * 3 + (k % 3)]);
    }
    if (row.size !== 9 || col.size !== 9 || box.size !== 9) return false;
  }
  return true;
}
