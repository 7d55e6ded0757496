// The trace-throughput measurement shared by bench/wasm.mjs (Node) and bench/trace.html
// (Chromium, driven by bench/trace-chromium.mjs), so that both report the same thing.

export const EMPTY = '.'.repeat(81);
// The longest DLX search among forum_hardest's first 20,000 puzzles: 373,901 events to Done.
export const HARD = '.....8.3..4.....9...3.9.5....9.6...5.....1...42.........6.3..5.2.....7...8.1..6..';
/** The searches measured, by name, and the batch sizes (events per nextBatch call). */
export const TRACE_PUZZLES = [['empty grid', EMPTY], ['hard puzzle (374k-event search, restarted)', HARD]];
export const BATCHES = [1 << 10, 1 << 14, 1 << 18];

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Events per second through `new Trace(puzzle).nextBatch(batch)` for about `seconds`; a
 *  finished search restarts. `sink` depends on every batch, so no engine can skip reading them. */
export function traceRate(Trace, puzzle, batch, seconds) {
  let t = new Trace(puzzle);
  let events = 0, sink = 0;
  const t0 = performance.now();
  let now = t0;
  while (now - t0 < seconds * 1000) {
    for (let k = 0; k < 8; k++) {
      const words = t.nextBatch(batch);
      const n = words.length >> 1;
      if (n < batch) {
        t.free();
        t = new Trace(puzzle);
      }
      events += n;
      sink ^= words[words.length - 2] | 0;
    }
    now = performance.now();
  }
  t.free();
  return { rate: events / ((now - t0) / 1000), sink };
}
