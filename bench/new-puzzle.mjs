// New puzzle at every size in wasm, as the page's worker runs it (`generatePuzzle` with no
// level, from seeds 0, 1, …): the time of each, and the median, in Node on www/pkg-test
// (scripts/build-wasm.sh --test-exports). `examples/new_puzzle.rs` times the same natively.
//   node bench/new-puzzle.mjs [COUNT] [SIDES, e.g. 4,16,25]

import { dlx } from '../www/test/wasm.js';

const count = Number(process.argv[2] ?? 7);
const sides = (process.argv[3] ?? '4,9,16').split(',').map(Number);
for (const side of sides) {
  const times = [];
  for (let seed = 0; seed < count; seed++) {
    const t0 = performance.now();
    const g = dlx.generatePuzzle(undefined, 'none', seed, side);
    times.push(performance.now() - t0);
    const givens = g.line.replace(/\./g, '').length;
    console.log(`${side}×${side} seed ${seed}: ${times.at(-1).toFixed(1)} ms, ${givens} givens, ${g.level} (${g.logic})`);
  }
  times.sort((a, b) => a - b);
  console.log(`${side}×${side}: median of ${count} ${times[count >> 1].toFixed(1)} ms`);
}
