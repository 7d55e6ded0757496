// The player owns time: the animation loop, the speed, and "run until". It holds no
// state of the search: it tells the wasm `Trace` to run N events per frame (or until an
// event of some kind), and Rust moves the search, forwards or, undoing events from the
// search's own state, backwards; nothing is recorded, so memory stays flat however long
// it plays. Long jumps (to the next solution, the next dead end, a step from a link)
// run as tasks spread over frames, so the page never freezes; `stop()` ends them where
// they are. After every movement `onChange()` lets the views read the search.

import { EventKind as K } from '../pkg/dlx_sudoku.js';
import { grouped } from './format.js';

/** The set of event kinds (for `Trace.run` and `Trace.runBack`). */
export const kinds = (...ks) => ks.reduce((m, k) => m | (1 << k), 0);

/** Frames a second on a usual screen: what "per frame" means in words. */
const FRAMES_PER_SECOND = 60;

/**
 * Speeds, slowest first: events per second, then events per frame. Labelled in the page's
 * words (the counters call an event a step) and in seconds, which a class reads; a frame
 * is a screen's refresh, so those are "about" (60 a second on most screens).
 */
export const SPEEDS = [
  ...[1, 2, 4, 8, 15, 30].map((n) => ({ perSecond: n, label: `${n} step${n > 1 ? 's' : ''} a second` })),
  ...[1, 3, 10, 30, 100, 300, 1000, 3000, 10000].map((n) => ({ perFrame: n, label: `about ${grouped(n * FRAMES_PER_SECOND)} steps a second` })),
];

/** A new player's speed: 2 steps a second, slow enough for a class to follow each step's words. */
export const FIRST_SPEED = SPEEDS.findIndex((s) => s.perSecond === 2);

/**
 * The depth over the whole search since it was loaded, for the plot: at most `capacity`
 * samples, each the shallowest and deepest level over a stretch of events (sample k covers
 * the events after sample k − 1's up to its own `at`; the first starts at `origin`). A
 * sample spans at most `span` events; when the log is full, neighbours merge in pairs and
 * `span` doubles. So the plot shows the search from its start to now at any length, in
 * bounded memory; the player runs long jumps in pieces of `span` events (see
 * `Player.run`), so that a jump leaves its shape, not one bar.
 */
export class DepthLog {
  constructor(capacity = 480) {
    this.capacity = capacity;
    this.at = new Float64Array(capacity);
    this.lo = new Int32Array(capacity);
    this.hi = new Int32Array(capacity);
    this.clear();
  }

  clear() {
    this.count = 0;
    this.span = 1;
    this.origin = 0;
  }

  /** The event where sample `k` starts. */
  startOf(k) {
    return k === 0 ? this.origin : this.at[k - 1];
  }

  /** The last event the samples reach (the origin when there are none). */
  get end() {
    return this.count ? this.at[this.count - 1] : this.origin;
  }

  /** The search passed depths `lo` to `hi` on its way to event `at`. */
  push(at, lo, hi) {
    if (this.count === 0) {
      this.origin = at;
      this.span = 1;
    } else {
      const k = this.count - 1;
      if (at - this.startOf(k) <= this.span) {
        this.at[k] = at;
        this.lo[k] = Math.min(this.lo[k], lo);
        this.hi[k] = Math.max(this.hi[k], hi);
        return;
      }
      if (this.count === this.capacity) this.halve();
    }
    const k = this.count++;
    this.at[k] = at;
    this.lo[k] = lo;
    this.hi[k] = hi;
  }

  /** Merges neighbours in pairs: half as many samples, each twice as long. */
  halve() {
    let j = 0;
    for (let k = 0; k < this.count; k += 2, j++) {
      const m = Math.min(k + 1, this.count - 1);
      this.at[j] = this.at[m];
      this.lo[j] = Math.min(this.lo[k], this.lo[m]);
      this.hi[j] = Math.max(this.hi[k], this.hi[m]);
    }
    this.count = j;
    this.span *= 2;
  }

  /** Forgets the samples after event `at` (the search went back); one that began before it now ends there. */
  truncate(at) {
    while (this.count > 0 && this.at[this.count - 1] > at) {
      if (this.startOf(this.count - 1) < at) {
        this.at[this.count - 1] = at;
        return;
      }
      this.count--;
    }
  }

  /** The k-th sample, oldest first: [at, lo, hi]. */
  get(k) {
    return [this.at[k], this.lo[k], this.hi[k]];
  }
}

/** Events a task runs between two looks at the clock. */
const CHUNK = 100_000;
const TASK_MS = 12;

export class Player {
  /**
   * `onChange()` is called after every movement (at most once per frame while playing);
   * `gate`: predict mode's (www/core/predict-gate.js), or null; `raf` and `now` are
   * injectable for tests.
   */
  constructor({ onChange = () => {}, gate = null, raf = globalThis.requestAnimationFrame?.bind(globalThis), now = () => performance.now() } = {}) {
    Object.assign(this, { onChange, gate, raf, now });
    this.speed = FIRST_SPEED;
    this.stopAtSolution = true;
    this.depthLog = new DepthLog();
    this.trace = null;
    this.playing = false;
    this.task = null;
    /** Why the last run stopped where it did, when that needs saying: 'solution' or null. */
    this.stoppedAt = null;
    this.frameId = 0;
    this.due = 0;
    this.lastTime = 0;
    this.frame = this.frame.bind(this);
  }

  /** Starts watching a trace (null: nothing to watch). The one it watched may be freed
   *  already: it is let go of without a look (stopping a run tells the views, which read it). */
  load(trace) {
    this.task = null;
    this.stoppedAt = null;
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
    return { playing: this.playing, task: this.task?.name ?? null, atStart: !t || t.events === 0, done: !!t?.done, stoppedAt: this.stoppedAt };
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

  /** To the next dead end; with "stop at each solution", a solution on the way stops it too,
   *  and `status.stoppedAt` then says 'solution'; with no dead end left, the search runs to
   *  its end and it says 'end' (the page says why it stopped there: it landed on a solution,
   *  or on the end, in a search with no dead end, without a word). */
  nextDeadEnd() {
    this.runUntil('to the next dead end', kinds(K.DeadEnd) | (this.stopAtSolution ? kinds(K.Solution) : 0), () => {
      if (this.trace.lastKind === K.Solution) this.stoppedAt = 'solution';
      else if (this.trace.lastKind !== K.DeadEnd && this.trace.done) this.stoppedAt = 'end';
    });
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
        const moved = here < step ? this.run(Math.min(step - here, CHUNK), 0, false) : this.runBack(Math.min(here - step, CHUNK), 0);
        if (moved && this.trace.events !== step) return done(); // the search ended (or began) first
      } while (this.now() - t0 < TASK_MS);
      return false;
    });
  }

  /** Back to the moment the search tried the last of `options` (from level 0) below the
   *  others: a search tree node whose step was folded away (Rust finds it, stepping back). */
  backTo(options) {
    const path = Uint32Array.from(options);
    this.startTask('back to the node', () => {
      const t0 = this.now(), t = this.trace;
      do {
        t.backTo(path, CHUNK);
        this.depthLog.truncate(t.events);
        if (this.depthLog.count === 0) this.depthLog.push(t.events, t.depth, t.depth);
        if (t.stopped) return true;
      } while (this.now() - t0 < TASK_MS);
      return false;
    });
  }

  /** Forward until the search has tried `n` more options at `level` (a branch the search tree
   *  shows not yet tried), or the level ends first, or the search. */
  toBranch(level, n) {
    let left = n;
    this.startTask('to the branch', () => {
      const t0 = this.now();
      do {
        if (!this.run(CHUNK, kinds(K.Try))) continue;
        const t = this.trace;
        if (this.gate?.pending(t)) return true; // stopped to ask (predict mode)
        if (t.done || t.depth <= level) return true;
        if (t.lastKind === K.Try && t.lastB === level && --left <= 0) return true;
      } while (this.now() - t0 < TASK_MS);
      return false;
    });
  }

  // --- playing ---------------------------------------------------------------------------------
  play() {
    if (!this.trace || this.trace.done) return;
    this.stopTask();
    this.stoppedAt = null;
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
    this.stoppedAt = null;
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

  /** A task that runs forward until an event of `mask` (or the end), then `arrived()`. */
  runUntil(name, mask, arrived = () => {}) {
    this.startTask(name, () => {
      const t0 = this.now();
      do {
        if (this.run(CHUNK, mask)) {
          arrived();
          return true;
        }
      } while (this.now() - t0 < TASK_MS);
      return false;
    });
  }

  // --- the moves themselves: Rust runs them; the depth plot learns what they passed ------------
  /** Runs up to `max` events, stopping after one of `mask`; true if it stopped so (or at the
   *  end). In pieces of one depth sample's span: a long run leaves its shape on the plot.
   *  With `gated` false predict mode's gate is not asked (a lesson going to its moment). */
  run(max, mask, gated = true) {
    const t = this.trace, log = this.depthLog;
    if (gated && this.gate?.on) return this.runGated(max, mask);
    for (let left = max; ;) {
      const before = t.events;
      t.run(Math.min(left, log.span), mask);
      log.push(t.events, t.runMinDepth, t.runMaxDepth);
      left -= t.events - before;
      if (t.stopped || left <= 0 || t.events === before) return t.stopped;
    }
  }

  /** `run` in predict mode: one event at a time, stopping (true) where the gate asks first. */
  runGated(max, mask) {
    const t = this.trace;
    for (let left = max; left > 0; left--) {
      if (this.gate.holds(t)) {
        if (this.playing) this.gate.question.resume = true; // play on once it is answered
        return true;
      }
      const before = t.events;
      t.run(1, mask);
      this.depthLog.push(t.events, t.runMinDepth, t.runMaxDepth);
      if (t.stopped || t.events === before) return t.stopped;
    }
    return false;
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
