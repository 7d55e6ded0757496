// Count on every core: one problem's search tree shared by Web Workers (www/wasm/worker.js), as
// `dlx-sudoku cover --count --jobs N` shares it between threads (src/pieces.rs). One worker
// splits the tree into pieces; this module hands them out, one to each worker with nothing to
// do, moves pieces a busy worker has not started to an idle one, adds up what each found and
// reports the share of the tree done. It never looks inside a piece: the split, the searching
// and the share are Rust's (PieceCounter in src/wasm/pieces.rs).
//
// As many workers as navigator.hardwareConcurrency says (at most MAX_WORKERS); those the browser
// refuses to start are left out, down to one. Cancel terminates every worker at once; the next
// count starts fresh ones. A count's messages carry its number, so none from a cancelled
// count is read.

import { Cancelled } from './solver.js';

/** Workers at most, however many cores the browser reports. */
export const MAX_WORKERS = 16;
/** Pieces the first split makes per worker (as the CLI's per thread). */
const PER_WORKER = 16;
/** How long a worker runs pieces before it reports (the progress' pace). */
const SLICE_MS = 50;
/** How often the progress is reported. */
const SHOW_MS = 100;

/** The workers a count uses: the cores the browser reports, at least 1, at most MAX_WORKERS. */
export function workersWanted() {
  const n = Math.floor(Number(navigator.hardwareConcurrency)) || 1;
  return Math.max(1, Math.min(MAX_WORKERS, n));
}

export class CountPool {
  constructor(url = new URL('./worker.js', import.meta.url)) {
    this.url = url;
    /** The live workers: {worker, call: {resolve, reject} | null}. */
    this.workers = [];
    this.job = 0;
    /** The count running: {reject} */
    this.run = null;
    this.nextId = 1;
  }

  get busy() {
    return this.run !== null;
  }

  /** Counts a Sudoku's solutions (any size, any format) up to `limit`: see `count`. */
  sudokuCount(puzzle, limit, onProgress) {
    return this.count({ kind: 'sudoku', text: puzzle }, limit, onProgress);
  }

  /** The same for an exact-cover problem in DLX1 text. */
  coverCount(problem, limit, onProgress) {
    return this.count({ kind: 'cover', text: problem }, limit, onProgress);
  }

  /**
   * `{count, complete, nodes, ms, workers}`; `onProgress({solutions, nodes, done, ms, workers})`
   * about ten times a second (`done`: the share of the tree searched, 0 to 1). Rejects with
   * Cancelled when cancelled, and with an Error when no worker starts or one fails.
   */
  async count(problem, limit, onProgress) {
    this.stop(new Cancelled());
    const job = ++this.job;
    const run = { job, reject: null, over: false };
    this.run = run;
    const t0 = performance.now();
    try {
      return await new Promise((resolve, reject) => {
        run.reject = reject;
        this.start(run, problem, limit, onProgress, t0).then(resolve, (e) => {
          // A worker failed: the others' work is of no use without its pieces.
          if (!run.over) this.kill();
          reject(e);
        });
      });
    } finally {
      if (this.run === run) this.run = null;
    }
  }

  /** Stops the count running, if any: every worker terminated; its promise rejects. */
  cancel() {
    this.stop(new Cancelled());
  }

  stop(error) {
    const run = this.run;
    if (!run) return;
    run.over = true;
    this.run = null;
    this.kill();
    run.reject?.(error);
  }

  kill() {
    for (const w of this.workers) w.worker.terminate();
    this.workers = [];
  }

  /** Starts workers up to `n`; those the browser refuses (it throws) are left out. */
  spawn(n) {
    while (this.workers.length < n) {
      let worker;
      try {
        worker = new Worker(this.url, { type: 'module' });
      } catch {
        break;
      }
      const w = { worker, call: null, failed: null };
      worker.onmessage = ({ data }) => {
        const call = w.call;
        if (!call || data.id !== call.id) return;
        w.call = null;
        if (data.error !== undefined) call.reject(new Error(data.error));
        else call.resolve(data.result);
      };
      worker.onerror = (e) => {
        e.preventDefault?.();
        w.failed = new Error(`the solver stopped: ${e.message || 'it could not start'}`);
        w.call?.reject(w.failed);
        w.call = null;
      };
      this.workers.push(w);
    }
  }

  /** Sends `message` to worker `w`; resolves with its result. */
  ask(w, message) {
    if (w.failed) return Promise.reject(w.failed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      w.call = { id, resolve, reject };
      w.worker.postMessage({ id, ...message });
    });
  }

  async start(run, problem, limit, onProgress, t0) {
    this.spawn(workersWanted());
    // Each worker reads the problem; one that fails to (it could not start) is left out.
    const loaded = await Promise.all(this.workers.map((w) => this.ask(w, { op: 'pieces', ...problem }).then(() => w, (e) => e)));
    if (run.over) return new Promise(() => {});
    const live = loaded.filter((w) => !(w instanceof Error));
    if (live.length === 0) {
      this.kill();
      throw loaded[0] ?? new Error('the browser refused to start a worker');
    }
    // A worker that could not load goes; the reason is the problem's if all failed alike.
    for (const w of this.workers) if (!live.includes(w)) w.worker.terminate();
    this.workers = live;
    const top = await this.ask(live[0], { op: 'split', wanted: PER_WORKER * live.length, limit });
    if (run.over) return new Promise(() => {});
    const queue = [...top.pieces];
    const sum = { solutions: top.solutions, nodes: top.nodes, done: top.done };
    const each = live.map(() => ({ solutions: 0, nodes: 0, done: 0, queued: 0 }));
    const total = (key) => sum[key] + each.reduce((s, e) => s + e[key], 0);
    let waiting = []; // resolvers of workers with nothing to do
    let shown = 0;
    const wake = () => {
      const w = waiting;
      waiting = [];
      for (const ok of w) ok();
    };
    const progress = (force) => {
      const now = performance.now();
      if (!onProgress || (!force && now - shown < SHOW_MS)) return;
      shown = now;
      onProgress({ solutions: Math.min(total('solutions'), limit), nodes: total('nodes'), done: Math.min(1, total('done')), ms: now - t0, workers: live.length });
    };
    const finished = () => queue.length === 0 && each.every((e) => e.queued === 0) && waiting.length === live.length - 1;
    let ended = null;
    const drive = async (w, k) => {
      for (;;) {
        if (run.over || ended) return;
        let piece = null;
        if (each[k].queued === 0) {
          piece = queue.shift() ?? null;
          if (!piece) {
            if (finished()) {
              ended = 'complete';
              wake();
              return;
            }
            await new Promise((ok) => waiting.push(ok));
            continue;
          }
        }
        // Pieces for the workers waiting for one, from this worker's queue at its next report.
        const give = Math.max(0, waiting.length - queue.length);
        const r = await this.ask(w, { op: 'work', piece, left: limit - total('solutions'), give, ms: SLICE_MS });
        if (run.over) return;
        Object.assign(each[k], { solutions: r.solutions, nodes: r.nodes, done: r.done, queued: r.queued });
        if (r.spare.length) {
          queue.push(...r.spare);
          wake();
        }
        if (total('solutions') >= limit) {
          ended = 'limit';
          wake();
          return;
        }
        progress(false);
      }
    };
    if (total('solutions') < limit) await Promise.all(live.map(drive));
    if (run.over) return new Promise(() => {});
    const found = total('solutions');
    const complete = found < limit;
    if (!complete) this.kill(); // the others may be mid-slice: their work is not wanted
    else {
      sum.done = 1 - each.reduce((s, e) => s + e.done, 0); // the bar's end, whatever the rounding
      progress(true);
    }
    return { count: Math.min(found, limit), complete, nodes: total('nodes'), ms: performance.now() - t0, workers: live.length };
  }
}
