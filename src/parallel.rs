//! Counting one problem's solutions on many threads (feature `parallel`, native only).
//!
//! ```
//! use std::time::Duration;
//! use dlx_sudoku::dlx1::examples::Example;
//! use dlx_sudoku::exact_cover::Search;
//! // The 8 queens (Knuth's DLX1 example), counted by the links engine on two threads.
//! let problem = Example::Queens(8).problem();
//! let count = dlx_sudoku::parallel::count::<Search>(problem.matrix(), 2, u64::MAX, Duration::MAX, None)?;
//! assert_eq!(count.found, 92);
//! # Ok::<(), dlx_sudoku::parallel::ThreadsError>(())
//! ```
//!
//! The pieces are [`crate::pieces`]', run by either engine: [`count`] splits
//! the tree at the shallowest depth that gives many more nodes than threads
//! ([`pieces::first_split`]; for dancing cells, as many as for 16 threads whatever their
//! number, so that its tree is the same for any: see [`Piecewise::PATH_ONLY`]), and counts below
//! each on rayon's pool. A piece that turns out large pauses after [`pieces::BUDGET`] nodes
//! and hands the rest of its subtree over as new tasks, so no thread waits on one long subtree
//! while the others idle.
//!
//! Each thread keeps one copy of the problem's search (a [`Runner`], made at its first task,
//! reused for the next: a task goes down its path, counts, and comes back), and its own tally.
//! Nothing is shared in the search's loop: a task adds its solutions, nodes and share of the tree
//! to three atomic counters when it ends (for the progress line and the limit), and the tallies
//! are added up at the end. A limit stops every thread through one flag, which a task reads
//! when it starts, at each pause, and at each solution when there is a limit.

use std::any::Any;
use std::cell::RefCell;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use std::fmt;

use crate::exact_cover::{Counters, Matrix};
use crate::pieces::{self, Piece, Piecewise, Runner, Tally, WHOLE};

/// Subproblems to start with, per thread.
const PER_THREAD: usize = 16;
/// The threads whose subproblems an engine whose tree depends on where its pieces start
/// (dancing cells) starts with, whatever the number of threads.
const SAME_SPLIT_FOR: usize = 16;

/// What a parallel count found.
pub struct Count {
    /// Solutions found (with a limit, at least the limit once it is reached).
    pub found: u64,
    pub by_depth: Vec<u64>,
    /// Every thread's counters, added (and the work above the first split).
    pub counters: Counters,
    /// The first split: its depth and its number of subproblems.
    pub depth: usize,
    pub subproblems: usize,
    /// The nodes of the work before the threads start (above the first split).
    pub serial: u64,
    /// The nodes of each piece the threads ran: a subproblem, or the part of one before it
    /// paused and handed the rest over.
    pub pieces: Vec<u64>,
}

/// What a count shows while it runs: solutions and nodes so far, and the share of the tree
/// done, as the tasks that ended report them.
pub struct Progress {
    pub found: u64,
    pub nodes: u64,
    pub done: f64,
}

/// The threads of a count could not be started (the system refused them).
#[derive(Debug)]
pub struct ThreadsError(rayon::ThreadPoolBuildError);

impl fmt::Display for ThreadsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ThreadsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// Counts `matrix`'s solutions with the engine `E` (the links engine,
/// [`Search`](crate::exact_cover::Search), or dancing cells, [`Cells`](crate::cells::Cells)) on
/// `jobs` threads, up to `limit`; calls `watch` every `every` while it runs.
/// Fails if the threads cannot be started.
pub fn count<E: Piecewise>(
    matrix: &Matrix,
    jobs: usize,
    limit: u64,
    every: Duration,
    mut watch: Option<&mut dyn FnMut(Progress)>,
) -> Result<Count, ThreadsError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(ThreadsError)?;
    let start = Arc::new(E::start(matrix));
    let threads = if E::PATH_ONLY { jobs } else { SAME_SPLIT_FOR };
    let top = pieces::first_split(&*start, PER_THREAD * threads, limit);
    let above: u64 = top.by_depth.iter().sum();
    let shared = Shared {
        start,
        id: RUN.fetch_add(1, Relaxed),
        limit,
        stop: AtomicBool::new(above >= limit),
        found: AtomicU64::new(above),
        nodes: AtomicU64::new(top.counters.nodes),
        done: AtomicU64::new(top.done()),
    };
    let tasks = top.pieces();
    let shared = &shared;
    let work = || {
        pool.scope(|scope| {
            for task in tasks {
                scope.spawn(move |scope| run(scope, shared, task));
            }
        })
    };
    match watch.as_mut() {
        None => work(),
        Some(watch) => std::thread::scope(|s| {
            let (finished, wait) = mpsc::channel::<()>();
            s.spawn(move || {
                work();
                drop(finished);
            });
            while let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(every) {
                watch(Progress {
                    found: shared.found.load(Relaxed),
                    nodes: shared.nodes.load(Relaxed),
                    done: shared.done.load(Relaxed) as f64 / WHOLE as f64,
                });
            }
        }),
    }
    let mut count = Count {
        found: 0,
        by_depth: top.by_depth,
        counters: top.counters,
        depth: top.depth,
        subproblems: top.nodes.len(),
        serial: top.counters.nodes,
        pieces: Vec::new(),
    };
    for tally in pool.broadcast(|_| take_tally::<E>(shared.id)).into_iter().flatten() {
        count.counters = count.counters + tally.counters;
        for (all, n) in count.by_depth.iter_mut().zip(&tally.by_depth) {
            *all += n;
        }
        count.pieces.extend(tally.pieces);
    }
    count.found = count.by_depth.iter().sum::<u64>().min(limit);
    Ok(count)
}

/// What every task of one count reads.
struct Shared<E> {
    /// The search at its start, which each thread copies.
    start: Arc<E>,
    /// This count's number: a thread's copy of the search serves this count only.
    id: u64,
    limit: u64,
    stop: AtomicBool,
    /// Added to as each task ends.
    found: AtomicU64,
    nodes: AtomicU64,
    done: AtomicU64,
}

/// Counts run so far in this process.
static RUN: AtomicU64 = AtomicU64::new(0);

/// A thread's copy of the problem, with what its tasks found, for count `id`: a
/// [`Runner`] of the count's engine.
struct Worker {
    id: u64,
    runner: Box<dyn Any>,
}

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// This thread's tally of count `id`, taken (with its copy of the problem, freed).
fn take_tally<E: Piecewise>(id: u64) -> Option<Tally> {
    WORKER
        .with(|w| w.borrow_mut().take())
        .filter(|w| w.id == id)
        .and_then(|w| w.runner.downcast::<Runner<E>>().ok())
        .map(|runner| runner.into_tally())
}

/// Runs one task on this thread's copy of the problem, and spawns what it hands over.
fn run<'s, E: Piecewise>(scope: &rayon::Scope<'s>, shared: &'s Shared<E>, task: Piece) {
    if shared.stop.load(Relaxed) {
        return;
    }
    let rest = WORKER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let worker = match &mut *cell {
            Some(w) if w.id == shared.id => w,
            slot => slot.insert(Worker {
                id: shared.id,
                runner: Box::new(Runner::new(Arc::clone(&shared.start))),
            }),
        };
        let runner = worker
            .runner
            .downcast_mut::<Runner<E>>()
            .expect("a count's workers run its engine");
        piece(runner, shared, &task)
    });
    for child in rest {
        scope.spawn(move |scope| run(scope, shared, child));
    }
}

/// Searches below the task's path for at most the engine's budget of nodes; returns the rest
/// of its subtree as tasks if it paused there.
fn piece<E: Piecewise>(runner: &mut Runner<E>, shared: &Shared<E>, task: &Piece) -> Vec<Piece> {
    let ran = if shared.limit == u64::MAX {
        runner.count(task, E::BUDGET)
    } else {
        runner.run(task, E::BUDGET, |found| {
            if found + shared.found.load(Relaxed) >= shared.limit {
                shared.stop.store(true, Relaxed);
            }
            shared.stop.load(Relaxed)
        })
    }
    .expect("a task's path is a path of the search tree");
    shared.found.fetch_add(ran.found, Relaxed);
    shared.nodes.fetch_add(ran.counters.nodes, Relaxed);
    shared.done.fetch_add(ran.done, Relaxed);
    ran.rest
}

/// The speed-up a greedy schedule of the pieces would reach on `cores` cores, after the
/// `serial` work before them: each piece, largest first, goes to the core with the least work
/// so far. Bounded by the largest piece; weighs the pieces by their nodes.
pub fn greedy_speedup(serial: u64, pieces: &[u64], cores: usize) -> f64 {
    let mut sorted = pieces.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let mut loads: BinaryHeap<std::cmp::Reverse<u64>> = (0..cores).map(|_| std::cmp::Reverse(0)).collect();
    for piece in sorted {
        let std::cmp::Reverse(least) = loads.pop().expect("at least one core");
        loads.push(std::cmp::Reverse(least + piece));
    }
    let span = loads.into_iter().map(|r| r.0).max().unwrap_or(0);
    let total = serial + pieces.iter().sum::<u64>();
    if total == 0 {
        1.0
    } else {
        total as f64 / (serial + span) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::Cells;
    use crate::dlx1::examples::Example;
    use crate::exact_cover::Search;

    #[test]
    fn a_greedy_schedule_is_bounded_by_the_largest_piece_and_the_serial_part() {
        assert_eq!(greedy_speedup(0, &[10; 16], 16), 16.0);
        assert_eq!(greedy_speedup(0, &[10; 16], 4), 4.0);
        // One piece of half the work: at most 2×, however many cores.
        assert_eq!(greedy_speedup(0, &[8, 1, 1, 1, 1, 1, 1, 1, 1], 64), 2.0);
        // Largest first: 5 and 4 on two cores, then 3 on the 4 (not 5+3 against 4).
        assert_eq!(greedy_speedup(0, &[3, 4, 5], 2), 12.0 / 7.0);
        assert_eq!(greedy_speedup(4, &[1; 4], 4), 8.0 / 5.0);
        assert_eq!(greedy_speedup(0, &[], 16), 1.0);
    }

    /// The count, the solutions by depth, the nodes and the updates are the same on any
    /// number of threads, for each engine: the links engine's those of its one search from the
    /// root; the cells engine's those of its tree in pieces, the same whatever the number of
    /// threads that run them (see `Piecewise::PATH_ONLY`).
    #[test]
    fn counts_are_the_same_on_any_number_of_threads() {
        for example in [Example::Queens(8), Example::Langford(7), Example::Knuth] {
            let problem = example.problem();
            same_on_any_threads::<Search>(problem.matrix());
            same_on_any_threads::<Cells>(problem.matrix());
        }
    }

    fn same_on_any_threads<E: Piecewise>(m: &Matrix) {
        let whole = pieces::top(&E::start(m), usize::MAX, u64::MAX);
        let first = count::<E>(m, 1, u64::MAX, Duration::from_secs(1), None).unwrap();
        let solutions: u64 = whole.by_depth.iter().sum();
        assert_eq!(first.by_depth, whole.by_depth);
        let work = |c: Counters| (c.nodes, c.updates, c.solutions);
        if E::PATH_ONLY {
            assert_eq!(work(first.counters), work(whole.counters));
        }
        for jobs in [1, 2, 3, 8] {
            let c = count::<E>(m, jobs, u64::MAX, Duration::from_secs(1), None).unwrap();
            assert_eq!((c.found, &c.by_depth), (solutions, &whole.by_depth), "{jobs} jobs");
            assert_eq!(work(c.counters), work(first.counters), "{jobs} jobs");
            assert_eq!(c.serial + c.pieces.iter().sum::<u64>(), c.counters.nodes);
        }
        if solutions > 5 {
            let c = count::<E>(m, 2, 5, Duration::from_secs(1), None).unwrap();
            assert_eq!(c.found, 5, "a limit is a limit");
        }
    }
}
