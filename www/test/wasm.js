// Loads the wasm module in Node, with the exports only tests call (build it first:
// scripts/build-wasm.sh --test-exports; the modules under test read the enums from ../pkg).
import { readFileSync } from 'node:fs';
import init, * as dlx from '../pkg-test/dlx_sudoku.js';

await init({ module_or_path: readFileSync(new URL('../pkg-test/dlx_sudoku_bg.wasm', import.meta.url)) });

export { dlx };

/** The engine's view of a trace, in the shape `SearchModel.snapshot()` returns (plus lengths). */
export function engineState(trace) {
  return {
    chosen: Array.from(trace.chosenItems()),
    solution: Array.from(trace.solution()),
    covered: Array.from(trace.coveredItems()),
    counters: { events: trace.events, nodes: trace.nodes, updates: trace.updates, solutions: trace.solutions, deadEnds: trace.deadEnds },
    done: trace.done,
    len: Array.from(trace.itemLengths()),
  };
}

/** The model's view, comparable with `engineState`. */
export function modelState(model) {
  const s = model.snapshot();
  delete s.committed;
  s.len = Array.from(model.len);
  return s;
}

/** Everything a model holds that a view could show (for identity checks). */
export function fullState(model) {
  return JSON.stringify({
    covered: Array.from(model.covered), hiddenBy: Array.from(model.hiddenBy), len: Array.from(model.len),
    open: model.open, chosen: Array.from(model.chosen.subarray(0, model.open)),
    tried: Array.from(model.tried.subarray(0, model.open)), cursor: Array.from(model.cursor.subarray(0, model.open)),
    solution: Array.from(model.solution.subarray(0, model.depth)), live: model.liveOptions,
    counters: [model.events, model.nodes, model.updates, model.solutions, model.deadEnds, model.done],
  });
}
