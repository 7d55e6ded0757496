import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { Player, DepthLog, SPEEDS } from '../core/player.js';

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

test('the depth log keeps the whole search in a bounded number of samples, and forgets the future on a step back', () => {
  const log = new DepthLog(4);
  for (let k = 1; k <= 10; k++) log.push(k * 10, k, k + 1);
  assert.equal(log.count, 4, 'full at 4 samples, merged in pairs three times');
  assert.equal(log.origin, 10, 'still from the first event');
  assert.deepEqual([log.get(0), log.get(1), log.get(2), log.get(3)], [[60, 1, 7], [80, 7, 9], [90, 9, 10], [100, 10, 11]]);
  assert.equal(log.span, 8, 'each merge doubled the span');
  assert.deepEqual([log.startOf(0), log.startOf(1), log.startOf(2), log.startOf(3)], [10, 60, 80, 90]);
  assert.equal(log.end, 100);
  log.truncate(85);
  assert.equal(log.count, 3, 'the sample after 90 is forgotten; the one from 80 to 90 now ends at 85');
  assert.deepEqual(log.get(2), [85, 9, 10]);
  log.truncate(80);
  assert.equal(log.count, 2, 'a sample that starts at the step is forgotten; the one ending there stays');
  assert.deepEqual(log.get(1), [80, 7, 9]);
  log.truncate(5);
  assert.equal(log.count, 0, 'back before the first sample');
  assert.equal(log.end, log.origin, 'an empty log ends where it starts');
});

test('kinds makes a bit set of event kinds; the speeds are labelled and ordered slowest first', async () => {
  const { kinds } = await import('../core/player.js');
  assert.equal(kinds(), 0);
  assert.equal(kinds(1, 3), 0b1010);
  assert.equal(kinds(EventKind.Try) & (1 << EventKind.Try), 1 << EventKind.Try);
  assert.deepEqual(SPEEDS.map((s) => s.label), [
    '1 step a second', '2 steps a second', '4 steps a second', '8 steps a second', '15 steps a second', '30 steps a second',
    'about 60 steps a second', 'about 180 steps a second', 'about 600 steps a second', 'about 1,800 steps a second',
    'about 6,000 steps a second', 'about 18,000 steps a second', 'about 60,000 steps a second',
    'about 180,000 steps a second', 'about 600,000 steps a second',
  ]);
  assert.ok(SPEEDS.every((s) => (s.perSecond > 0) !== (s.perFrame > 0)));
  const p = new Player({ raf: null });
  assert.equal(SPEEDS[p.speed].label, '2 steps a second', 'a new player plays slowly enough for a class to follow');
  assert.equal(p.stopAtSolution, true);
});

test('the depth log merges a sample into the last while it spans no more than its span, and starts afresh when cleared', () => {
  assert.equal(new DepthLog().capacity, 480);
  const log = new DepthLog(3);
  log.push(1, 0, 1);
  log.push(2, 1, 2);
  assert.equal(log.count, 1, 'events 1 and 2: one event apart, one sample');
  assert.deepEqual(log.get(0), [2, 0, 2]);
  log.push(4, 3, 3);
  assert.equal(log.count, 2, 'two events on: a new sample');
  log.push(5, 2, 6);
  assert.equal(log.count, 3, 'the last sample spans 2 events, more than the span: a new one');
  log.push(7, 1, 1);
  assert.deepEqual([log.count, log.span], [3, 2], 'full: merged in pairs (an odd one alone), then one more');
  assert.deepEqual([log.get(0), log.get(1), log.get(2)], [[4, 0, 3], [5, 2, 6], [7, 1, 1]]);
  log.push(7, 9, 9);
  assert.deepEqual([log.count, log.get(2)], [3, [7, 1, 9]], 'within the span of the last sample: merged, its least and most depth');
  log.clear();
  assert.deepEqual([log.count, log.span, log.end], [0, 1, 0]);
  log.push(4, 1, 1);
  assert.deepEqual([log.origin, log.get(0)], [4, [4, 1, 1]], 'after clear the log starts afresh');
});

test('status, busy and onChange follow what the player does', () => {
  let changes = 0;
  const frames = [];
  let clock = 0;
  let tick = 0; // how far the clock moves each time it is read
  const player = new Player({ raf: (f) => frames.push(f), now: () => (clock += tick), onChange: () => changes++ });
  assert.deepEqual(player.status, { playing: false, task: null, atStart: true, done: false, stoppedAt: null });
  player.forward(5);
  player.back(5);
  player.play();
  player.nextSolution();
  assert.equal(changes, 0, 'with nothing loaded nothing moves or changes');
  assert.equal(frames.length, 0);
  const trace = new dlx.Trace(SIXTEEN);
  player.load(trace);
  assert.equal(changes, 1);
  assert.equal(player.depthLog.count, 1);
  assert.deepEqual(player.depthLog.get(0), [0, 0, 0]);
  player.forward(40);
  assert.equal(changes, 2);
  assert.deepEqual(player.status, { playing: false, task: null, atStart: false, done: false, stoppedAt: null });
  const [at, lo, hi] = player.depthLog.get(player.depthLog.count - 1);
  assert.deepEqual([at, lo, hi], [40, trace.runMinDepth, trace.runMaxDepth]);
  assert.ok(hi > 0 && lo <= hi);
  player.pause();
  assert.equal(changes, 2, 'pausing what does not play changes nothing');
  player.setSpeed(-4);
  assert.equal(player.speed, 0);
  player.setSpeed(99);
  assert.equal(player.speed, SPEEDS.length - 1);
  assert.equal(changes, 4);
  player.toggle();
  assert.equal(player.playing, true);
  assert.deepEqual(player.status, { playing: true, task: null, atStart: false, done: false, stoppedAt: null });
  assert.equal(frames.length, 1, 'one frame asked for');
  player.play();
  assert.equal(frames.length, 1, 'never two frames at once');
  player.toggle();
  assert.equal(player.playing, false);
  clock += 16;
  frames.shift()();
  assert.equal(trace.events, 40, 'a paused player runs nothing in its frame');
  assert.equal(frames.length, 0, 'and asks for no more frames');
  // A long task (one slice of events a frame when each look at the clock takes 20 ms): busy,
  // named, and stopped where it is.
  tick = 20;
  player.seek(230_000);
  assert.equal(player.busy, true);
  assert.equal(player.status.task, 'to the step');
  assert.equal(frames.length, 1);
  frames.shift()();
  assert.equal(player.busy, true, 'still on its way after two slices');
  const n = changes;
  const there = trace.events;
  assert.equal(there, 200_040, 'two slices of 100,000 events');
  player.stop();
  assert.equal(trace.events, there);
  assert.equal(player.busy, false);
  assert.equal(changes, n + 1);
  player.stop();
  assert.equal(changes, n + 1, 'stopping nothing changes nothing');
  tick = 0;
  player.seek(10);
  assert.equal(player.busy, false, 'a seek that ends within its first slice is no task');
  assert.equal(trace.events, 10);
  player.back(10);
  assert.deepEqual(player.depthLog.get(0), [0, 0, 0], 'back at the start the plot starts again');
  assert.equal(player.depthLog.count, 1);
  player.load(null);
  assert.equal(player.depthLog.count, 0);
  assert.deepEqual(player.status, { playing: false, task: null, atStart: true, done: false, stoppedAt: null });
});

test('a long seek back is named as going back; a frame after the task ends asks for no more', () => {
  const { player, trace, crank } = rig(sudoku(SIXTEEN));
  player.seek(200_000);
  while (player.busy) crank();
  assert.equal(trace.events, 200_000);
  let clock = 0;
  player.now = () => (clock += 20);
  player.seek(1);
  assert.equal(player.status.task, 'back to the step');
  while (player.busy) crank();
  assert.equal(trace.events, 1);
  assert.equal(crank(), false, 'no frame is pending once the task is done');
});

test('slow speeds carry the fraction of an event over, and a long pause counts as at most 250 ms', () => {
  const { player, trace, crank } = rig(sudoku(HARD));
  player.setSpeed(SPEEDS.findIndex((s) => s.perSecond === 30));
  player.play();
  crank(1000); // 250 ms at 30/s: 7.5 events
  assert.equal(trace.events, 7);
  crank(10); // 0.5 + 0.3
  assert.equal(trace.events, 7);
  crank(10); // 0.8 + 0.3
  assert.equal(trace.events, 8);
  player.setSpeed(SPEEDS.findIndex((s) => s.perFrame === 10));
  crank();
  assert.equal(trace.events, 18);
  crank();
  assert.equal(trace.events, 28);
});

test('play does nothing once the search is done; seeking past the end stops at the end', () => {
  const { player, trace, runTasks } = rig(() => dlx.Trace.knuth());
  player.stopAtSolution = false;
  player.seek(1000);
  runTasks();
  assert.equal(trace.done, true);
  assert.equal(player.status.done, true);
  const end = trace.events;
  assert.ok(end < 1000);
  player.play();
  assert.equal(player.playing, false);
  player.seek(0);
  runTasks();
  assert.equal(trace.events, 0);
  assert.equal(player.status.atStart, true);
  player.prevChoice();
  runTasks();
  assert.equal(trace.events, 0, 'no choice before the start');
  player.nextDeadEnd();
  runTasks();
  assert.equal(trace.lastKind, EventKind.DeadEnd);
  assert.equal(trace.events, 11);
});

/** Every pair of 13 items: no exact cover, and about 440,000 events to learn it. */
const oddPairs = () => {
  const pairs = [];
  for (let i = 0; i < 13; i++) for (let j = i + 1; j < 13; j++) pairs.push([i, j]);
  return dlx.Trace.exactCover(13, 0, pairs);
};

test('a search with no solution: "next solution" runs in slices, by name, to the end', () => {
  const frames = [];
  let clock = 0;
  const player = new Player({ raf: (f) => frames.push(f), now: () => (clock += 20) });
  const trace = oddPairs();
  player.load(trace);
  player.nextSolution();
  assert.equal(player.status.task, 'to the next solution');
  assert.equal(trace.events, 100_000, 'one slice of events per frame when the clock runs fast');
  while (frames.length) frames.shift()();
  assert.equal(player.busy, false);
  assert.equal(trace.done, true);
  assert.equal(trace.solutions, 0);
  assert.ok(trace.events > 100_000, `${trace.events}`);
  // With a clock that stands still (at any time of day), one call runs it all.
  const still = new Player({ raf: (f) => frames.push(f), now: () => 5000 });
  const again = oddPairs();
  still.load(again);
  still.nextSolution();
  assert.equal(still.busy, false);
  assert.equal(again.events, trace.events);
});

test('seeking near the end or a little way back lands on the step itself', () => {
  const { player, trace, runTasks } = rig(sudoku(SIXTEEN));
  player.seek(241_000); // the search ends at 241,804
  runTasks();
  assert.equal(trace.events, 241_000);
  player.seek(1000);
  runTasks();
  assert.equal(trace.events, 1000);
  player.seek(500);
  runTasks();
  assert.equal(trace.events, 500);
});

test('a frame that plays no event changes nothing; playing that stops at a solution asks for no more frames', () => {
  let changes = 0;
  const frames = [];
  let clock = 0;
  const player = new Player({ raf: (f) => frames.push(f), now: () => clock, onChange: () => changes++ });
  const trace = new dlx.Trace(HARD);
  player.load(trace);
  player.setSpeed(0); // 1 event a second
  player.play();
  const n = changes;
  clock += 16;
  frames.shift()();
  assert.equal(trace.events, 0);
  assert.equal(changes, n, 'no event, no redraw');
  assert.equal(player.depthLog.count, 1, 'and no depth sample');
  assert.equal(frames.length, 1, 'still playing');
  player.setSpeed(SPEEDS.length - 1);
  while (player.playing) frames.shift()();
  assert.equal(trace.lastKind, EventKind.Solution);
  assert.equal(frames.length, 0, 'stopped at the solution: no frame pending');
  player.seek(5);
  player.load(null);
  player.seek(5);
  assert.equal(player.busy, false, 'nothing to seek in');
});

test('without injected clock and frames, the player uses the page clock', () => {
  const player = new Player();
  assert.ok(Math.abs(player.now() - performance.now()) < 1000);
  assert.equal(player.raf, undefined, 'node has no requestAnimationFrame');
  player.load(new dlx.Trace(HARD));
  player.play();
  assert.equal(player.playing, true, 'playing, though no frame will come');
});

test('a long run leaves its shape in the depth log, and back at the start the plot starts again from the start', () => {
  const { player, trace } = rig(sudoku(HARD));
  player.forward(100_000);
  const log = player.depthLog;
  assert.ok(log.count > log.capacity / 2, `one run of 100,000 events fills the log with samples (${log.count}), not one`);
  assert.equal(log.origin, 0);
  assert.equal(log.end, trace.events);
  const spans = Array.from({ length: log.count - 1 }, (_, k) => log.get(k + 1)[0] - log.get(k)[0]);
  assert.ok(spans.every((s) => s <= log.span), 'no sample spans more than the span');
  assert.ok(new Set(Array.from({ length: log.count }, (_, k) => log.get(k)[2])).size > 5, 'the depths vary along the run');
  player.back(100_000);
  assert.equal(trace.events, 0);
  assert.equal(player.depthLog.count, 1);
  assert.deepEqual(player.depthLog.get(0), [0, 0, 0]);
});

test('load lets go of a freed trace mid-run without reading it, and tells the views once', () => {
  // The page frees a search before it hands the player the next; stopping the old run told
  // the views, which read the freed one ("null pointer passed to rust").
  const seen = [];
  const frames = [];
  let clock = 0;
  const player = new Player({ raf: (f) => frames.push(f), now: () => (clock += 20), onChange: () => seen.push(player.status) });
  const old = new dlx.Trace(SIXTEEN);
  player.load(old);
  player.seek(50_000_000);
  assert.equal(player.busy, true);
  old.free();
  seen.length = 0;
  const next = new dlx.Trace(HARD);
  player.load(next);
  assert.deepEqual(seen, [{ playing: false, task: null, atStart: true, done: false, stoppedAt: null }]);
  assert.equal(player.busy, false);
  while (frames.length) frames.shift()();
  assert.equal(next.events, 0, 'the old run does not go on in the new search');
  player.forward(3);
  assert.equal(next.events, 3);
  next.free();
});

test('Next dead end that stops at a solution (stop at each solution on) says so in its status; any movement forgets it', () => {
  const { player, trace, runTasks } = rig(sudoku(SIXTEEN));
  let stopped = false;
  for (let k = 0; k < 200 && !stopped; k++) {
    player.nextDeadEnd();
    runTasks();
    stopped = trace.lastKind === EventKind.Solution;
    assert.equal(player.status.stoppedAt, stopped ? 'solution' : null, `at event ${trace.events}`);
  }
  assert.ok(stopped, 'a solution came before a dead end');
  player.forward(1);
  assert.equal(player.status.stoppedAt, null, 'a step forgets it');
  player.stopAtSolution = false;
  player.nextDeadEnd();
  runTasks();
  assert.equal(trace.lastKind, EventKind.DeadEnd);
  assert.equal(player.status.stoppedAt, null);
});

test('issue 49: Next dead end in a search with none left says it found none: it stops at the solution, then at the end', () => {
  // POJ 3074's first puzzle: singles all the way, one solution, no dead end. Before, the second
  // press ran to the end and said nothing (the status had no word for it).
  const { player, trace, runTasks } = rig(sudoku('.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.'));
  player.nextDeadEnd();
  runTasks();
  assert.equal(trace.lastKind, EventKind.Solution);
  assert.equal(player.status.stoppedAt, 'solution');
  player.nextDeadEnd();
  runTasks();
  assert.equal(trace.done, true);
  assert.equal(trace.deadEnds, 0);
  assert.equal(player.status.stoppedAt, 'end');
});
