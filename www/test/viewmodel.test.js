import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx, engineState, modelState, fullState } from './wasm.js';
import { SearchModel } from '../viewmodel.js';
import { sudokuProblem, givenOptions } from '../model.js';
import { knuthProblem } from '../knuth.js';
import { Dance } from '../dance.js';
import { kindOf, bOf, EventKind } from '../events.js';

const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const IMPOSSIBLE = '.....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........';
const SIXTEEN = '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......';
const EMPTY = '.'.repeat(81);

function sudoku(line) {
  const trace = new dlx.Trace(line);
  const model = new SearchModel(sudokuProblem);
  model.start(givenOptions(line));
  return { trace, model };
}

function knuth() {
  const trace = dlx.Trace.exactCover(knuthProblem.items, 0, knuthProblem.optionLists);
  return { trace, model: new SearchModel(knuthProblem) };
}

const applyAll = (model, words) => {
  for (let k = 0; k < words.length; k += 2) model.apply(kindOf(words[k]), words[k + 1], bOf(words[k]));
};
const revertAll = (model, words) => {
  for (let k = 0; k < words.length; k += 2) model.revert(kindOf(words[k]), words[k + 1], bOf(words[k]));
};

/** The live options of every uncovered item, as the engine's links have them. */
function checkLists(model, trace, at) {
  for (let i = 0; i < model.problem.items; i++) {
    if (model.covered[i]) continue;
    assert.deepEqual(model.liveOptionsOf(i), Array.from(trace.itemOptions(i)), `event ${at}: options of item ${i}`);
  }
}

/** Folds the trace one event at a time and compares with the engine after every event. */
function foldAndCheck({ trace, model }, maxEvents, listsEvery = 97) {
  assert.deepEqual(modelState(model), engineState(trace), 'at the start');
  checkLists(model, trace, 0);
  let at = 0;
  while (at < maxEvents) {
    const words = trace.nextBatch(1);
    if (words.length === 0) break;
    applyAll(model, words);
    at++;
    assert.deepEqual(modelState(model), engineState(trace), `after event ${at}`);
    if (at % listsEvery === 0) checkLists(model, trace, at);
  }
  checkLists(model, trace, at);
  return at;
}

test('fold vs engine at every step: a hard puzzle, to the end', () => {
  const run = sudoku(HARD);
  const n = foldAndCheck(run, Infinity);
  assert.ok(n > 1000, `${n} events`);
  assert.equal(run.model.done, true);
  assert.equal(run.model.solutions, 1);
});

test('fold vs engine at every step: no solution, to the end', () => {
  const run = sudoku(IMPOSSIBLE);
  foldAndCheck(run, Infinity);
  assert.equal(run.model.solutions, 0);
  assert.ok(run.model.deadEnds > 0);
});

test('fold vs engine at every step: many solutions and the empty grid', () => {
  const multi = sudoku(SIXTEEN);
  foldAndCheck(multi, 20000, 499);
  assert.ok(multi.model.solutions > 0);
  foldAndCheck(sudoku(EMPTY), 3000, 301);
});

test('fold vs engine at every step: Knuth\'s example', () => {
  const run = knuth();
  assert.equal(foldAndCheck(run, Infinity, 1), 41);
  assert.equal(run.model.solutions, 1);
});

test('link updates are 3 per hidden Sudoku option', () => {
  const { trace, model } = sudoku(HARD);
  applyAll(model, trace.nextBatch(2));
  // Choose then Cover of the chosen item: it hid `len` options.
  const first = trace.chosenItems()[0];
  const hid = sudokuProblem.itemOptions(first).filter((o) => model.hiddenBy[o] === first).length;
  assert.equal(model.linkUpdates, 3 * hid);
  assert.equal(model.linkUpdates, trace.updates);
});

test('back then forward is the identity at any distance', () => {
  const { trace, model } = sudoku(HARD);
  const start = fullState(model);
  applyAll(model, trace.nextBatch(5000));
  const at5000 = fullState(model);
  for (const n of [0, 1, 2, 7, 100, 999, 5000, 6000]) {
    const back = trace.prevBatch(n);
    revertAll(model, back);
    const undone = back.length / 2;
    assert.equal(undone, Math.min(n, 5000));
    const { len, ...engine } = engineState(trace);
    const { len: mlen, ...folded } = modelState(model);
    assert.deepEqual(folded, engine, `back ${n}`);
    assert.deepEqual(mlen, len);
    if (undone === 5000) assert.equal(fullState(model), start, 'all the way back is the start');
    applyAll(model, trace.nextBatch(undone));
    assert.equal(fullState(model), at5000, `back ${n} then forward`);
  }
});

test('stepping back event by event reproduces every earlier state', () => {
  const { trace, model } = sudoku(SIXTEEN);
  const states = [fullState(model)];
  for (let k = 0; k < 3000; k++) {
    applyAll(model, trace.nextBatch(1));
    states.push(fullState(model));
  }
  for (let k = 3000; k > 0; k--) {
    revertAll(model, trace.prevBatch(1));
    assert.equal(fullState(model), states[k - 1], `back to ${k - 1}`);
  }
});

test('rebuild from the engine equals the fold, wherever the search is', () => {
  const { trace, model } = sudoku(SIXTEEN);
  const fresh = new SearchModel(sudokuProblem);
  for (let k = 0; k < 60; k++) {
    applyAll(model, trace.nextBatch(37 + k * 11));
    const { len, ...state } = engineState(trace);
    fresh.rebuild({ committed: givenOptions(SIXTEEN), ...state }, model.last);
    assert.equal(fullState(fresh), fullState(model), `after ${trace.events} events`);
  }
});

test('rebuild after skip lands on a solution the engine reports', () => {
  const { trace, model } = sudoku(EMPTY);
  for (let s = 1; s <= 5; s++) {
    const before = trace.solutions;
    trace.skip(1e9);
    assert.equal(trace.solutions, before + 1);
    const { len, ...state } = engineState(trace);
    model.rebuild({ committed: [], ...state }, { kind: EventKind.Solution, a: 0, b: 0 });
    assert.equal(model.solutions, before + 1);
    assert.equal(model.depth, 81);
    assert.deepEqual(Array.from(model.len), len);
    // and the fold continues from there in step with the engine
    foldAndCheck({ trace, model }, 400, 200);
  }
});

test('the dance follows the engine\'s links on Knuth\'s example, forwards and back', () => {
  const { trace } = knuth();
  const dance = new Dance(knuthProblem);
  const check = (at) => {
    const lens = trace.itemLengths();
    for (let i = 0; i < 7; i++) {
      assert.deepEqual(dance.itemList(i), Array.from(trace.itemOptions(i)), `event ${at}: list of ${i}`);
      assert.equal(dance.len[i], lens[i], `event ${at}: len of ${i}`);
    }
    assert.deepEqual(dance.activeItems(), Array.from({ length: 7 }, (_, i) => i).filter((i) => !trace.coveredItems().includes(i)));
  };
  const snap = () => JSON.stringify(['L', 'R', 'U', 'D', 'len'].map((f) => Array.from(dance[f])));
  const states = [snap()];
  check(0);
  for (let at = 1; ; at++) {
    const w = trace.nextBatch(1);
    if (!w.length) break;
    dance.apply(kindOf(w[0]), w[1]);
    check(at);
    states.push(snap());
  }
  for (let k = states.length - 1; k > 0; k--) {
    const w = trace.prevBatch(1);
    dance.revert(kindOf(w[0]), w[1]);
    assert.equal(snap(), states[k - 1]);
  }
});

test('a model refuses events that do not fit it', () => {
  const m = new SearchModel(knuthProblem);
  assert.throws(() => m.apply(EventKind.Try, 0, 0), /Try at level 0, but 0 levels are open/);
  assert.throws(() => m.apply(EventKind.Uncover, 3, 0), /uncover 3: not covered/);
  assert.throws(() => m.apply(99, 0, 0), /unknown event kind 99/);
});
