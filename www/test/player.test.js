import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx, fullState, engineState, modelState } from './wasm.js';
import { Player, DepthLog, SPEEDS } from '../player.js';
import { SearchModel } from '../viewmodel.js';
import { sudokuProblem, givenOptions } from '../model.js';
import { knuthProblem } from '../knuth.js';
import { Dance } from '../dance.js';
import { EventKind } from '../events.js';

const SIXTEEN = '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......';
const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

/** A player on a fake clock and a hand-cranked animation frame. */
function rig(line) {
  const frames = [];
  let clock = 0;
  const player = new Player({ raf: (f) => frames.push(f), now: () => clock });
  const model = new SearchModel(sudokuProblem);
  model.start(givenOptions(line));
  const trace = new dlx.Trace(line);
  player.load(trace, [model], { canRebuild: true });
  const crank = (ms = 16) => {
    clock += ms;
    const f = frames.shift();
    if (f) f(clock);
    return !!f;
  };
  const runTasks = () => {
    let n = 0;
    while (player.busy && crank()) n++;
    return n;
  };
  return { player, model, trace, crank, runTasks };
}

const inSync = (model, trace, what) => assert.deepEqual(modelState(model), engineState(trace), what);

test('forward n then back n is the identity, and the current event is known', () => {
  const { player, model, trace } = rig(HARD);
  const start = fullState(model);
  player.forward(200);
  assert.equal(model.events, 200);
  const at200 = fullState(model);
  const last = model.last;
  player.back(1);
  player.forward(1);
  assert.equal(fullState(model), at200);
  assert.deepEqual(model.last, last);
  player.back(200);
  assert.equal(fullState(model), start);
  assert.equal(model.last, null);
  inSync(model, trace);
  player.forward(150);
  player.back(50);
  inSync(model, trace);
  assert.notEqual(model.last, null, 'after a step back the current event is re-learnt');
});

test('next and previous choice stop just after a Try', () => {
  const { player, model, trace, runTasks } = rig(HARD);
  const tries = [];
  for (let k = 0; k < 6; k++) {
    player.nextChoice();
    runTasks();
    assert.equal(model.last.kind, EventKind.Try);
    tries.push([model.events, model.last.a]);
  }
  inSync(model, trace);
  for (let k = 4; k >= 0; k--) {
    player.prevChoice();
    runTasks();
    assert.deepEqual([model.events, model.last.a], tries[k]);
    inSync(model, trace);
  }
});

test('next solution skips in Rust and rebuilds, and the fold goes on from there', () => {
  const { player, model, trace, runTasks } = rig(SIXTEEN);
  for (let s = 1; s <= 3; s++) {
    player.nextSolution();
    runTasks();
    assert.equal(model.solutions, s);
    assert.equal(model.last.kind, EventKind.Solution);
    assert.equal(model.depth, 81 - 16);
    inSync(model, trace);
  }
  player.forward(500);
  inSync(model, trace);
  player.back(1000);
  inSync(model, trace);
});

test('the next dead end, and playing stops at a solution', () => {
  const { player, model, trace, crank, runTasks } = rig(HARD);
  player.nextDeadEnd();
  runTasks();
  assert.equal(model.last.kind, EventKind.DeadEnd);
  assert.equal(model.deadEnds, 1);
  inSync(model, trace);
  player.setSpeed(SPEEDS.length - 1);
  player.play();
  while (player.playing) crank();
  assert.equal(model.last.kind, EventKind.Solution);
  assert.equal(model.solutions, 1);
  inSync(model, trace);
  player.stopAtSolution = false;
  player.play();
  while (player.playing) crank();
  assert.equal(model.done, true);
  assert.equal(trace.done, true);
});

test('slow speeds play the right number of events per second', () => {
  const { player, model, crank } = rig(HARD);
  player.setSpeed(SPEEDS.findIndex((s) => s.perSecond === 4));
  player.play();
  for (let k = 0; k < 125; k++) crank(16); // 2 s
  assert.ok(model.events >= 7 && model.events <= 8, `${model.events} events`);
  player.pause();
  const n = model.events;
  crank();
  assert.equal(model.events, n);
});

test('seek goes to a step, forwards or back, and stop leaves the model in step', () => {
  const { player, model, trace, runTasks, crank } = rig(SIXTEEN);
  player.seek(123456);
  runTasks();
  assert.equal(model.events, 123456);
  inSync(model, trace);
  player.seek(100000);
  runTasks();
  assert.equal(model.events, 100000);
  inSync(model, trace);
  player.seek(5_000_000);
  crank();
  player.stop();
  inSync(model, trace, 'interrupted seek');
  assert.ok(model.events > 100000 && model.events < 5_000_000);
});

test('Knuth mode: the dance follows, and long jumps fold every event', () => {
  const frames = [];
  const player = new Player({ raf: (f) => frames.push(f), now: () => 0 });
  const model = new SearchModel(knuthProblem);
  const dance = new Dance(knuthProblem);
  const trace = dlx.Trace.exactCover(7, 0, knuthProblem.optionLists);
  player.load(trace, [model, dance]);
  player.nextSolution();
  while (player.busy) frames.shift()(0);
  assert.equal(model.events, 30);
  assert.deepEqual(dance.activeItems(), []);
  player.back(30);
  assert.deepEqual(dance.activeItems(), [0, 1, 2, 3, 4, 5, 6]);
});

test('the depth log keeps a bounded window and forgets the future on a step back', () => {
  const log = new DepthLog(4);
  for (let k = 1; k <= 10; k++) log.push(k * 10, k, k + 1);
  assert.equal(log.count, 4);
  assert.deepEqual(log.get(0), [70, 7, 8]);
  log.truncate(85);
  assert.equal(log.count, 2);
  assert.deepEqual(log.get(1), [80, 8, 9]);
});
