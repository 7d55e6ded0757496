// The player owns time: the animation loop, the speed, and "run until". It holds no
// state of the search: it tells the wasm `Trace` to run N events per frame (or until an
// event of some kind), and Rust moves the search, forwards or, undoing events from the
// search's own state, backwards; nothing is recorded, so memory stays flat however long
// it plays. Long jumps (to the next solution, the next dead end, a step from a link)
// run as tasks spread over frames, so the page never freezes; `stop()` ends them where
// they are. After every movement `onChange()` lets the views read the search.

import { EventKind as K } from './pkg/dlx_sudoku.js';
import { grouped } from './grouped.js';

/** The set of event kinds (for `Trace.run` and `Trace.runBack`). */
export const kinds = (...ks) => ks.reduce((m, k) => m | (1 << k), 0);

/** Speeds, slowest first: events per second, then events per frame. */
export const SPEEDS = [
  ...[1, 2, 4, 8, 15, 30].map((n) => ({ perSecond: n, label: `${n} event${n > 1 ? 's' : ''} / s` })),
  ...[1, 3, 10, 30, 100, 300, 1000, 3000, 10000].map((n) => ({ perFrame: n, label: `${grouped(n)} event${n > 1 ? 's' : ''} / frame` })),
];

/** Depth samples for the plot: a small ring, never more than `capacity`. */
export class DepthLog {
  constructor(capacity = 480) {
    this.capacity = capacity;
    this.at = new Float64Array(capacity);
    this.lo = new Int32Array(capacity);
    this.hi = new Int32Array(capacity);
    this.clear();
  }

  clear() {
    this.start = 0;
    this.count = 0;
  }

  push(at, lo, hi) {
    const k = (this.start + this.count) % this.capacity;
    this.at[k] = at;
    this.lo[k] = lo;
    this.hi[k] = hi;
    if (this.count < this.capacity) this.count++;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** Forgets the samples after event `at` (the search went back). */
  truncate(at) {
    while (this.count > 0 && this.at[(this.start + this.count - 1) % this.capacity] > at) this.count--;
  }

  /** The k-th sample, oldest first: [at, lo, hi]. */
  get(k) {
    const j = (this.start + k) % this.capacity;
    return [this.at[j], this.lo[j], this.hi[j]];
  }
}

/** Events a task runs between two looks at the clock. */
const CHUNK = 100_000;
const TASK_MS = 12;

export class Player {
  /**
   * `onChange()` is called after every movement (at most once per frame while playing);
   * `raf` and `now` are injectable for tests.
   */
  constructor({ onChange = () => {}, raf = globalThis.requestAnimationFrame?.bind(globalThis), now = () => performance.now() } = {}) {
    Object.assign(this, { onChange, raf, now });
    this.speed = 6;
    this.stopAtSolution = true;
    this.depthLog = new DepthLog();
    this.trace = null;
    this.playing = false;
    this.task = null;
    this.frameId = 0;
    this.due = 0;
    this.lastTime = 0;
    this.frame = this.frame.bind(this);
  }

  /** Starts watching a trace (null: nothing to watch). The one it watched may be freed
   *  already: it is let go of without a look (stopping a run tells the views, which read it). */
  load(trace) {
    this.task = null;
    this.playing = false;
    this.trace = trace;
    this.depthLog.clear();
    if (trace) this.depthLog.push(trace.events, trace.depth, trace.depth);
    this.onChange();
  }

  get busy() {
    return this.task !== null;
  }

  get status() {
    const t = this.trace;
    return { playing: this.playing, task: this.task?.name ?? null, atStart: !t || t.events === 0, done: !!t?.done };
  }

  // --- single movements (stop whatever runs first) -----------------------------------------
  forward(n = 1) {
    if (!this.trace) return;
    this.stop();
    this.run(n, 0);
    this.onChange();
  }

  back(n = 1) {
    if (!this.trace) return;
    this.stop();
    this.runBack(n, 0);
    this.onChange();
  }

  /** Forward to just after the next Try: the next option placed. */
  nextChoice() {
    this.runUntil('to the next choice', kinds(K.Try));
  }

  /** Back to just after the Try before the current event. */
  prevChoice() {
    const mask = kinds(K.Try);
    let first = true;
    this.startTask('back to the previous choice', () => {
      const t0 = this.now();
      do {
        // A later slice stops before any Try: the first slice has undone the one it may start on.
        if (!first && mask & (1 << this.trace.lastKind)) return true;
        first = false;
        if (this.runBack(CHUNK, mask)) return true;
      } while (this.now() - t0 < TASK_MS);
      return false;
    });
  }

  /** To the next dead end; with "stop at each solution", a solution on the way stops it too. */
  nextDeadEnd() {
    this.runUntil('to the next dead end', kinds(K.DeadEnd) | (this.stopAtSolution ? kinds(K.Solution) : 0));
  }

  nextSolution() {
    this.runUntil('to the next solution', kinds(K.Solution));
  }

  /** Goes to event number `step` (from a shared link): forward from where it is, or back;
   *  then `arrived()`, if given, before the views are told. */
  seek(step, arrived = () => {}) {
    const done = () => {
      arrived();
      return true;
    };
    this.startTask(step < (this.trace?.events ?? 0) ? 'back to the step' : 'to the step', () => {
      const t0 = this.now();
      do {
        const here = this.trace.events;
        if (here === step) return done();
        const moved = here < step ? this.run(Math.min(step - here, CHUNK), 0) : this.runBack(Math.min(here - step, CHUNK), 0);
        if (moved && this.trace.events !== step) return done(); // the search ended (or began) first
      } while (this.now() - t0 < TASK_MS);
      return false;
    });
  }

  // --- playing ---------------------------------------------------------------------------------
  play() {
    if (!this.trace || this.trace.done) return;
    this.stopTask();
    this.playing = true;
    this.due = 0;
    this.lastTime = this.now();
    this.schedule();
    this.onChange();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.onChange();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  setSpeed(index) {
    this.speed = Math.max(0, Math.min(SPEEDS.length - 1, index));
    this.onChange();
  }

  /** Stops playing and any task. */
  stop() {
    this.stopTask();
    this.playing = false;
  }

  // --- the loop --------------------------------------------------------------------------------
  schedule() {
    if (!this.frameId && this.raf) this.frameId = this.raf(this.frame);
  }

  frame() {
    this.frameId = 0;
    if (!this.trace) return;
    if (this.task) {
      const finished = this.task.step();
      if (finished) this.task = null;
      this.onChange();
      if (this.task) this.schedule();
      return;
    }
    if (!this.playing) return;
    const t = this.now();
    const s = SPEEDS[this.speed];
    let n;
    if (s.perFrame) n = s.perFrame;
    else {
      this.due += (Math.min(t - this.lastTime, 250) * s.perSecond) / 1000;
      n = Math.floor(this.due);
      this.due -= n;
    }
    this.lastTime = t;
    if (n > 0) {
      if (this.run(n, this.stopAtSolution ? kinds(K.Solution) : 0)) this.playing = false;
      this.onChange();
    }
    if (this.playing) this.schedule();
  }

  /** Runs `step` (one frame's worth of work; true when finished) now, then once per frame. */
  startTask(name, step) {
    if (!this.trace) return;
    this.stop();
    if (step()) {
      this.onChange();
      return;
    }
    this.task = { name, step };
    this.onChange();
    this.schedule();
  }

  stopTask() {
    if (!this.task) return;
    this.task = null;
    this.onChange();
  }

  /** A task that runs forward until an event of `mask` (or the end). */
  runUntil(name, mask) {
    this.startTask(name, () => {
      const t0 = this.now();
      do {
        if (this.run(CHUNK, mask)) return true;
      } while (this.now() - t0 < TASK_MS);
      return false;
    });
  }

  // --- the moves themselves: Rust runs them; the depth plot learns what they passed ------------
  /** Runs up to `max` events, stopping after one of `mask`; true if it stopped so (or at the end). */
  run(max, mask) {
    const t = this.trace;
    t.run(max, mask);
    this.depthLog.push(t.events, t.runMinDepth, t.runMaxDepth);
    return t.stopped;
  }

  /** Undoes up to `max` events, stopping before a second one of `mask`; true if it stopped so (or at the start). */
  runBack(max, mask) {
    const t = this.trace;
    t.runBack(max, mask);
    this.depthLog.truncate(t.events);
    if (this.depthLog.count === 0) this.depthLog.push(t.events, t.depth, t.depth);
    return t.stopped;
  }
}
