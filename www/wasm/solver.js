// The page's side of the solver worker: promises for verdicts, new puzzles and hints, and
// Cancel (terminate the worker; the next request starts a fresh one). Counts run in several
// workers: www/wasm/count-pool.js.
//
// The worker starts when first needed (`warm()`, when the pointer or the focus reaches the
// puzzle bar, or the first request), not with the page: a worker loads and compiles the wasm
// module a second time, about a tenth of a page load's CPU, which a visit that only watches
// the search never uses.

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

export class Solver {
  constructor(url = new URL('./worker.js', import.meta.url)) {
    this.url = url;
    this.pending = new Map();
    this.nextId = 1;
    this.worker = null; // started by warm() or the first request
  }

  /** Starts the worker now if none runs, so that a request about to come finds it ready. */
  warm() {
    if (!this.worker) this.spawn();
  }

  spawn() {
    this.worker = new Worker(this.url, { type: 'module' });
    this.worker.onmessage = ({ data }) => {
      const job = this.pending.get(data.id);
      if (!job) return;
      this.pending.delete(data.id);
      if (data.error !== undefined) job.reject(new Error(data.error));
      else job.resolve(data.result);
    };
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      this.failAll(new Error(`the solver stopped: ${e.message || 'it could not start'}`));
      // Started again on the next request, not now: a worker that cannot start would loop.
      this.worker.terminate();
      this.worker = null;
    };
  }

  get busy() {
    return this.pending.size > 0;
  }

  /** `{kind: 'none' | 'unique' | 'multiple', solutions, ms}` */
  verdict(puzzle) {
    return this.run({ op: 'verdict', puzzle });
  }

  /** A new puzzle of `side` (9 by default) written in `alphabet` (the side's usual one by
   *  default): `{line, level, logic, effort, seed, ms}` (at 9×9 `dlx-sudoku generate --seed`
   *  gives the same). */
  generate(level, seed, side, alphabet) {
    return this.run({ op: 'generate', level, seed, side, alphabet });
  }

  /** The next logical step for a board and its pencil marks, worded in `alphabet` (see `hint`
   *  in src/wasm/sudoku.rs), plus `ms`. */
  hint(puzzle, marks, alphabet) {
    return this.run({ op: 'hint', puzzle, marks, alphabet });
  }

  run(message) {
    const id = this.nextId++;
    if (!this.worker) this.spawn();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  /** Stops whatever runs: its promise rejects with `Cancelled`. */
  cancel() {
    this.failAll(new Cancelled());
    this.restart();
  }

  restart() {
    this.worker?.terminate();
    this.spawn();
  }

  failAll(error) {
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const j of jobs) j.reject(error);
  }
}
