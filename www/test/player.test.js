import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { Player, DepthLog, SPEEDS } from '../player.js';

const { EventKind, EventWord } = dlx;
const SIXTEEN = '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......';
const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

/** The first `n` events of a search, from a trace of its own: `[{kind, a, b}]`. */
function reference(makeTrace, n) {
  const t = makeTrace();
  const w = t.nextBatch(n);
  t.free();
  const mask = (1 << EventWord.KindBits) - 1;
  return Array.from({ length: w.length / 2 }, (_, k) => ({ kind: w[2 * k] & mask, a: w[2 * k + 1], b: w[2 * k] >>> EventWord.KindBits }));
}

/** Everything a view could draw of a trace now. */
function state(trace) {
  trace.refresh();
  return JSON.stringify({
    len: Array.from(trace.itemLengths()), flags: Array.from(trace.itemFlags()), options: Array.from(trace.optionStates()),
    choices: Array.from(trace.choices()), solution: Array.from(trace.solution()),
    counters: [trace.events, trace.nodes, trace.updates, trace.solutions, trace.deadEnds, trace.done],
    last: [trace.lastKind, trace.lastA, trace.lastB],
  });
}

/** A player on a fake clock and a hand-cranked animation frame. */
function rig(makeTrace) {
  const frames = [];
  let clock = 0;
  const player = new Player({ raf: (f) => frames.push(f), now: () => clock });
  const trace = makeTrace();
  player.load(trace);
  const crank = (ms = 16) => {
    clock += ms;
    const f = frames.shift();
    if (f) f(clock);
    return !!f;
  };
  const runTasks = () => {
    while (player.busy && crank());
  };
  return { player, trace, crank, runTasks };
}

const sudoku = (line) => () => new dlx.Trace(line);
const last = (trace) => ({ kind: trace.lastKind, a: trace.lastA, b: trace.lastB });

test('forward n then back n is the identity, and the current event is always known', () => {
  const events = reference(sudoku(HARD), 300);
  const { player, trace } = rig(sudoku(HARD));
  const start = state(trace);
  player.forward(200);
  assert.equal(trace.events, 200);
  assert.deepEqual(last(trace), events[199]);
  const at200 = state(trace);
  player.back(1);
  assert.deepEqual(last(trace), events[198]);
  player.forward(1);
  assert.equal(state(trace), at200);
  player.back(200);
  assert.equal(state(trace), start);
  assert.equal(trace.lastKind, -1);
  player.forward(150);
  player.back(50);
  assert.deepEqual(last(trace), events[99]);
});

test('next and previous choice stop just after a Try', () => {
  const events = reference(sudoku(HARD), 5000);
  const tryAt = events.flatMap((e, k) => (e.kind === EventKind.Try ? [k + 1] : []));
  const { player, trace, runTasks } = rig(sudoku(HARD));
  for (let k = 0; k < 6; k++) {
    player.nextChoice();
    runTasks();
    assert.equal(trace.events, tryAt[k]);
    assert.equal(trace.lastKind, EventKind.Try);
  }
  for (let k = 4; k >= 0; k--) {
    player.prevChoice();
    runTasks();
    assert.equal(trace.events, tryAt[k]);
    assert.deepEqual(last(trace), events[tryAt[k] - 1]);
  }
});

test('next solution runs in Rust, at any distance', () => {
  const events = reference(sudoku(SIXTEEN), 1 << 20);
  const solutionAt = events.flatMap((e, k) => (e.kind === EventKind.Solution ? [k + 1] : []));
  const { player, trace, runTasks } = rig(sudoku(SIXTEEN));
  for (let s = 1; s <= 3; s++) {
    player.nextSolution();
    runTasks();
    assert.equal(trace.solutions, s);
    assert.equal(trace.events, solutionAt[s - 1]);
    assert.equal(trace.depth, 81 - 16);
  }
});

test('the next dead end; a solution on the way stops it when "stop at each solution" is on', () => {
  const events = reference(sudoku(HARD), 1 << 20);
  const firstDead = events.findIndex((e) => e.kind === EventKind.DeadEnd) + 1;
  const { player, trace, crank, runTasks } = rig(sudoku(HARD));
  player.nextDeadEnd();
  runTasks();
  assert.equal(trace.events, firstDead);
  assert.equal(trace.lastKind, EventKind.DeadEnd);
  // On the 16-clue puzzle, find a dead end after which a solution comes before the next dead end.
  const ev16 = reference(sudoku(SIXTEEN), 1 << 20);
  const at = (kind, from) => ev16.findIndex((e, k) => k >= from && e.kind === kind) + 1;
  let from = 0;
  while (at(EventKind.Solution, from) > at(EventKind.DeadEnd, from)) from = at(EventKind.DeadEnd, from);
  const [sol, dead] = [at(EventKind.Solution, from), at(EventKind.DeadEnd, from)];
  assert.ok(from > 0 && sol < dead, `found ${from} ${sol} ${dead}`);
  const s = rig(sudoku(SIXTEEN));
  s.player.seek(from);
  s.runTasks();
  s.player.nextDeadEnd();
  s.runTasks();
  assert.equal(s.trace.events, sol, 'stopped at the solution');
  s.player.stopAtSolution = false;
  s.player.nextDeadEnd();
  s.runTasks();
  assert.equal(s.trace.events, dead);
  // Playing stops at a solution, and runs to the end without the stop.
  player.setSpeed(SPEEDS.length - 1);
  player.play();
  while (player.playing) crank();
  assert.equal(trace.lastKind, EventKind.Solution);
  assert.equal(trace.solutions, 1);
  player.stopAtSolution = false;
  player.play();
  while (player.playing) crank();
  assert.equal(trace.done, true);
});

test('slow speeds play the right number of events per second', () => {
  const { player, trace, crank } = rig(sudoku(HARD));
  player.setSpeed(SPEEDS.findIndex((s) => s.perSecond === 4));
  player.play();
  for (let k = 0; k < 125; k++) crank(16); // 2 s
  assert.ok(trace.events >= 7 && trace.events <= 8, `${trace.events} events`);
  player.pause();
  const n = trace.events;
  crank();
  assert.equal(trace.events, n);
});

test('seek goes to a step, forwards or back, and stop leaves it where it is', () => {
  const { player, trace, runTasks, crank } = rig(sudoku(SIXTEEN));
  player.seek(123456);
  runTasks();
  assert.equal(trace.events, 123456);
  const there = state(trace);
  player.seek(100000);
  runTasks();
  assert.equal(trace.events, 100000);
  player.seek(123456);
  runTasks();
  assert.equal(state(trace), there);
  player.seek(50_000_000);
  crank();
  player.stop();
  assert.ok(trace.events > 123456 && trace.events < 50_000_000);
});

test("Knuth's example: its one solution, and back to the start", () => {
  const { player, trace, runTasks } = rig(() => dlx.Trace.knuth());
  player.nextSolution();
  runTasks();
  assert.equal(trace.events, 30);
  assert.deepEqual(Array.from(trace.solution()).sort(), [0, 3, 4]);
  player.back(30);
  assert.equal(trace.atStart, true);
});

test('the depth log keeps a bounded window and forgets the future on a step back', () => {
  const log = new DepthLog(4);
  for (let k = 1; k <= 10; k++) log.push(k * 10, k, k + 1);
  assert.equal(log.count, 4);
  assert.deepEqual(log.get(0), [70, 7, 8]);
  log.truncate(85);
  assert.equal(log.count, 2);
  assert.deepEqual(log.get(1), [80, 8, 9]);
  log.truncate(80);
  assert.equal(log.count, 2, 'a sample at the step itself stays');
});
