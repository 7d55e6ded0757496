// The solver's thread: verdicts, new puzzles and hints run here, never on the page's thread;
// and a count's pieces, in as many of these workers as the page starts (www/wasm/count-pool.js).
// Cancelling is the page terminating this worker (and starting a new one when it needs one).
//
// Messages in:  {id, op: 'verdict', puzzle} | {id, op: 'generate', level, seed, side, alphabet}
//               | {id, op: 'hint', puzzle, marks, alphabet}
//               a count in pieces (PieceCounter in src/wasm/pieces.rs):
//               | {id, op: 'pieces', kind: 'sudoku' | 'cover', text}   this worker's copy of the problem
//               | {id, op: 'split', wanted, limit}   the top of the tree: {pieces, solutions, nodes, done}
//               | {id, op: 'work', piece, left, give, ms}   runs `piece` (a Uint32Array, or null: go on
//                 with those it has) and the rest of it for about `ms`, or until `left` more solutions;
//                 then {solutions, nodes, done, queued, spare}: its totals so far, the pieces it has not
//                 run, and up to `give` of them (`spare`) for other workers
// Messages out: {id, result} | {id, error}

import init, * as dlx from '../pkg/dlx_sudoku.js';

const ready = init();
/** This worker's part of a count shared by several (a PieceCounter), once one is asked for. */
let counter = null;

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
      const g = dlx.generatePuzzle(data.level, 'none', data.seed, data.side, data.alphabet);
      result = { line: g.line, level: g.level, logic: g.logic, effort: g.effort, seed: data.seed };
    } else if (op === 'hint') {
      result = dlx.hint(puzzle, data.marks, data.alphabet); // a plain object: it crosses as it is
    } else if (op === 'pieces') {
      counter?.free();
      counter = null;
      counter = data.kind === 'sudoku' ? dlx.PieceCounter.sudoku(data.text) : dlx.PieceCounter.cover(data.text);
      result = {};
    } else if (op === 'split') {
      const top = counter.split(data.wanted, data.limit);
      result = { pieces: top.pieces, solutions: top.solutions, nodes: top.nodes, done: top.done };
    } else if (op === 'work') {
      result = work(counter, data);
    } else {
      throw new Error(`unknown operation ${op}`);
    }
    result.ms = performance.now() - t0;
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};

/** Nodes searched between two looks at the clock. */
const NODES = 1 << 15;

/** Runs pieces for `ms`, or until `left` more solutions are found; see 'work' above. */
function work(counter, { piece, left, give, ms }) {
  if (piece) counter.give(piece);
  const end = performance.now() + ms;
  const before = counter.solutions;
  while (counter.queued > 0) {
    const wanted = left - (counter.solutions - before);
    if (wanted <= 0) break;
    counter.work(NODES, wanted);
    if (performance.now() >= end) break;
  }
  return { solutions: counter.solutions, nodes: counter.nodes, done: counter.done, queued: counter.queued, spare: give > 0 ? counter.take(give) : [] };
}
