// The player: owns the animation loop and every movement through the trace.
//
// It pulls events from the wasm `Trace` in batches and hands each to its followers (the
// view model first; the Knuth dance too), N events per frame at the chosen speed.
// Going back uses `Trace.prevBatch`, which undoes events in Rust from the search state:
// nothing is recorded, so memory stays flat however long it plays. Long jumps (to the
// next solution, the next dead end, a step from a link) run as tasks spread over
// frames, so the page never freezes; `stop()` ends them where they are.

import { kindOf, bOf, EventKind as K } from './events.js';

/** Speeds, slowest first: events per second, then events per frame. */
export const SPEEDS = [
  ...[1, 2, 4, 8, 15, 30].map((n) => ({ perSecond: n, label: `${n} event${n > 1 ? 's' : ''} / s` })),
  ...[1, 3, 10, 30, 100, 300, 1000, 3000, 10000].map((n) => ({ perFrame: n, label: `${n.toLocaleString('en')} event${n > 1 ? 's' : ''} / frame` })),
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

const CHUNK = 4096;
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
    this.followers = [];
    this.playing = false;
    this.task = null;
    this.frameId = 0;
    this.due = 0;
    this.lastTime = 0;
    this.frame = this.frame.bind(this);
  }

  /** Starts watching a trace; followers[0] is the view model. `canRebuild`: the model can
   * resync after `Trace.skip` (Sudoku); otherwise long jumps fold every event. */
  load(trace, followers, { canRebuild = false } = {}) {
    this.stop();
    this.trace = trace;
    this.followers = followers;
    this.model = followers[0];
    this.canRebuild = canRebuild;
    this.depthLog.clear();
    this.depthLog.push(0, this.model.depth, this.model.depth);
    this.onChange();
  }

  get busy() {
    return this.task !== null;
  }

  get status() {
    return { playing: this.playing, task: this.task?.name ?? null, atStart: this.model?.events === 0, done: !!this.model?.done };
  }

  // --- single movements (stop whatever runs first) -----------------------------------------
  forward(n = 1) {
    this.stop();
    this.advance(n, null);
    this.onChange();
  }

  back(n = 1) {
    this.stop();
    this.retreat(n, null);
    this.onChange();
  }

  /** Forward to just after the next Try: the next digit placed. */
  nextChoice() {
    this.startTask('to the next choice', () => this.advance(Infinity, (k) => k === K.Try, TASK_MS));
  }

  /** Back to just after the Try before the current event. */
  prevChoice() {
    this.startTask('back to the previous choice', () => this.retreat(Infinity, (k) => k === K.Try, TASK_MS));
  }

  nextDeadEnd() {
    this.startTask('to the next dead end', () => this.advance(Infinity, (k) => k === K.DeadEnd, TASK_MS));
  }

  nextSolution() {
    if (!this.canRebuild) {
      this.startTask('to the next solution', () => this.advance(Infinity, (k) => k === K.Solution, TASK_MS));
      return;
    }
    const target = this.trace.solutions + 1;
    this.startTask('to the next solution', () => {
      const t0 = this.now();
      while (this.now() - t0 < TASK_MS) {
        this.trace.skip(200_000);
        if (this.trace.solutions >= target || this.trace.done) {
          this.resync();
          return true;
        }
      }
      return false;
    }, () => this.resync());
  }

  /** Goes to event number `step` (from a shared link): forward from where it is, or back. */
  seek(step) {
    const here = this.model.events;
    if (step < here) {
      this.startTask('back to the step', () => this.retreat(this.model.events - step, null, TASK_MS) || this.model.events <= step);
      return;
    }
    if (!this.canRebuild) {
      this.startTask('to the step', () => this.advance(step - this.model.events, null, TASK_MS) || this.model.events >= step);
      return;
    }
    this.startTask('to the step', () => {
      const t0 = this.now();
      while (this.now() - t0 < TASK_MS) {
        const left = step - this.trace.events;
        if (left <= 0 || this.trace.done) {
          this.resync();
          return true;
        }
        this.trace.skip(Math.min(left, 500_000));
      }
      return false;
    }, () => this.resync());
  }

  // --- playing ---------------------------------------------------------------------------------
  play() {
    if (!this.trace || this.model.done) return;
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

  /** Stops playing and any task, leaving the model in step with the trace. */
  stop() {
    this.stopTask();
    this.playing = false;
  }

  // --- the loop --------------------------------------------------------------------------------
  schedule() {
    if (!this.frameId && this.raf) this.frameId = this.raf(this.frame);
  }

  frame(time) {
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
      const stopAt = this.stopAtSolution ? (k) => k === K.Solution : null;
      const stopped = this.advance(n, stopAt);
      if (stopped || this.model.done) this.playing = false;
      this.onChange();
    }
    if (this.playing) this.schedule();
  }

  /** Runs `step` (one frame's worth of work; true when finished) now, then once per frame. */
  startTask(name, step, onStop = null) {
    if (!this.trace) return;
    this.stop();
    if (step()) {
      this.onChange();
      return;
    }
    this.task = { name, step, onStop };
    this.onChange();
    this.schedule();
  }

  stopTask() {
    if (!this.task) return;
    const { onStop } = this.task;
    this.task = null;
    if (onStop) onStop();
    this.onChange();
  }

  // --- the moves themselves ---------------------------------------------------------------------
  /**
   * Applies up to `max` events; stops after one for which `stopAfter(kind)` holds, or when
   * `ms` milliseconds have passed. Returns true when it stopped for `stopAfter` or at the end
   * of the search (not for `max` or `ms`).
   */
  advance(max, stopAfter, ms = Infinity) {
    const { trace, followers } = this;
    const t0 = ms === Infinity ? 0 : this.now();
    let left = max;
    let lo = this.model.depth, hi = lo;
    let result = false;
    while (left > 0) {
      const want = Math.min(left, CHUNK);
      const words = trace.nextBatch(want);
      const got = words.length >> 1;
      let j = 0;
      for (; j < got; j++) {
        const w0 = words[2 * j], a = words[2 * j + 1], kind = kindOf(w0), b = bOf(w0);
        for (let f = 0; f < followers.length; f++) followers[f].apply(kind, a, b);
        const d = this.model.depth;
        if (d < lo) lo = d;
        if (d > hi) hi = d;
        if (stopAfter && stopAfter(kind)) break;
      }
      if (j < got) {
        trace.prevBatch(got - j - 1); // handed out but not shown: take them back
        left -= j + 1;
        result = true;
        break;
      }
      left -= got;
      if (got < want) {
        result = true; // the search is over
        break;
      }
      if (ms !== Infinity && this.now() - t0 > ms) break;
    }
    this.depthLog.push(this.model.events, lo, hi);
    return result;
  }

  /**
   * Reverts up to `max` events; stops early when the next event to revert satisfies
   * `stopBefore(kind)` (after at least one), or after `ms`. The event it stops at becomes
   * the model's current event. Returns true when done (stopped, reached `max`, or the start).
   */
  retreat(max, stopBefore, ms = Infinity) {
    const { trace, followers, model } = this;
    const t0 = ms === Infinity ? 0 : this.now();
    let done = 0;
    let result = false;
    while (true) {
      const want = Math.min(max - done, CHUNK) + 1;
      const words = trace.prevBatch(want);
      const got = words.length >> 1;
      let j = 0;
      for (; j < got; j++) {
        const w0 = words[2 * j], kind = kindOf(w0);
        if (done === max || (done > 0 && stopBefore && stopBefore(kind))) break;
        for (let f = 0; f < followers.length; f++) followers[f].revert(kind, words[2 * j + 1], bOf(w0));
        done++;
      }
      if (j < got) {
        // Undone in Rust, not in the model: redo them; the first is now the current event.
        trace.nextBatch(got - j);
        model.setLast(kindOf(words[2 * j]), words[2 * j + 1], bOf(words[2 * j]));
        result = true;
        break;
      }
      if (got < want) {
        result = true; // at the start
        break;
      }
      if (ms !== Infinity && this.now() - t0 > ms) {
        this.learnLast();
        break;
      }
    }
    this.depthLog.truncate(model.events);
    if (this.depthLog.count === 0) this.depthLog.push(model.events, model.depth, model.depth);
    return result;
  }

  /** Which event came last, asked of the trace: one back and one forward again. */
  learnLast() {
    const w = this.trace.prevBatch(1);
    if (w.length === 0) return;
    this.trace.nextBatch(1);
    this.model.setLast(kindOf(w[0]), w[1], bOf(w[0]));
  }

  /** Rebuilds the model from the engine after `Trace.skip`. */
  resync() {
    const t = this.trace;
    const state = {
      committed: this.model.committed,
      chosen: t.chosenItems(),
      solution: t.solution(),
      covered: t.coveredItems(),
      counters: { events: t.events, nodes: t.nodes, updates: t.updates, solutions: t.solutions, deadEnds: t.deadEnds },
      done: t.done,
    };
    this.model.rebuild(state, null);
    this.learnLast();
    if (this.model.last?.kind === K.Untry) this.model.rebuild(state, this.model.last);
    this.depthLog.push(this.model.events, this.model.depth, this.model.depth);
  }
}
