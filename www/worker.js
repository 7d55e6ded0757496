// The solver's thread: verdicts, solution counts, new puzzles and hints run here, never on the page's
// thread. Cancelling is the page terminating this worker and starting a new one.
//
// Messages in:  {id, op: 'verdict', puzzle} | {id, op: 'count', puzzle, limit}
//               | {id, op: 'generate', level, seed} | {id, op: 'hint', puzzle, marks}
//               | {id, op: 'coverCount', problem, limit}  (problem: DLX1 text)
// Messages out: {id, progress: {solutions, events, nodes}}  (counting, about every 100 ms)
//               {id, result} | {id, error}

import init, * as dlx from './pkg/dlx_sudoku.js';

const ready = init();

self.onmessage = async ({ data }) => {
  const { id, op, puzzle } = data;
  try {
    await ready;
    const t0 = performance.now();
    let result;
    if (op === 'verdict') {
      const v = dlx.verdict(puzzle);
      result = { kind: v.kind, solutions: Array.from(v.solutions) };
    } else if (op === 'generate') {
      const g = dlx.generatePuzzle(data.level, 'none', data.seed);
      result = { line: g.line, level: g.level, logic: g.logic, effort: g.effort, seed: data.seed };
    } else if (op === 'hint') {
      result = dlx.hint(puzzle, data.marks); // a plain object: it crosses as it is
    } else if (op === 'count') {
      result = count(id, new dlx.Trace(puzzle), data.limit);
    } else if (op === 'coverCount') {
      result = count(id, dlx.Trace.cover(data.problem), data.limit);
    } else {
      throw new Error(`unknown operation ${op}`);
    }
    result.ms = performance.now() - t0;
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};

/** Counts the solutions of a Trace up to `limit`, reporting progress; frees the trace. */
function count(id, trace, limit) {
  try {
    let shown = performance.now();
    while (trace.solutions < limit && !trace.done) {
      trace.run(1 << 20, 1 << dlx.EventKind.Solution);
      const now = performance.now();
      if (now - shown > 100) {
        shown = now;
        self.postMessage({ id, progress: { solutions: trace.solutions, events: trace.events, nodes: trace.nodes } });
      }
    }
    return { count: trace.solutions, complete: trace.done, events: trace.events, nodes: trace.nodes };
  } finally {
    trace.free();
  }
}
