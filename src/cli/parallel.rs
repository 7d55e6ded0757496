//! Counting one problem's solutions on many threads, and the subproblems that make it possible.
//!
//! The subtrees below different nodes of the search tree are independent searches whose counts
//! add. [`count`] enumerates the nodes at the shallowest depth that gives many more of them
//! than threads ([`top`]), and counts below each on rayon's pool. A subproblem that turns out
//! large is split again as it runs: after [`BUDGET`] nodes its search pauses and hands the rest
//! of its subtree over as new tasks ([`Search::split_rest`]), so no thread waits on one long
//! subtree while the others idle.
//!
//! Each thread keeps one copy of the matrix (made at its first task, reused for the next:
//! a task covers its path's options, counts, and uncovers them), and its own tally. Nothing is
//! shared in the search's loop: a task adds its solutions, nodes and share of the tree to
//! three atomic counters when it ends (for the progress line and the limit), and the tallies
//! are added up at the end. A limit stops every thread through one flag, which a task reads
//! when it starts, at each pause, and at each solution when there is a limit.

use std::cell::RefCell;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::Duration;

use dlx_sudoku::exact_cover::{Branch, Counters, Matrix, Pausing, Search, Status};

/// The options a task tries before it hands the rest of its subtree over: pieces of at most
/// this many nodes (a millisecond or so) keep every thread busy to the end, and the split
/// (a few allocations and covers) costs little beside them.
pub const BUDGET: u64 = 1 << 12;
/// Subproblems to start with, per thread.
const PER_THREAD: usize = 16;
/// The whole tree, in the fixed-point units the shares done are added in.
const WHOLE: u64 = 1 << 60;

/// The nodes at one depth of the search tree, and what the search found above them.
pub struct Top {
    pub depth: usize,
    /// The path to each node at `depth`, and its share of the tree ("option k of d").
    pub nodes: Vec<(Vec<Branch>, f64)>,
    /// Solutions found above `depth` (fewer options), by depth.
    pub by_depth: Vec<u64>,
    /// The search's work above `depth`, the nodes at `depth` tried.
    pub counters: Counters,
}

/// The nodes at `depth` of `matrix`'s search tree: the search runs down to that depth and
/// skips what is below each node. `limit` stops it early, once so many solutions are found.
pub fn top(matrix: &Matrix, depth: usize, limit: u64) -> Top {
    let mut search = Search::new(matrix.clone());
    search.set_pause(u64::MAX, depth);
    let mut top = Top {
        depth,
        nodes: Vec::new(),
        by_depth: vec![0; matrix.primary() + 1],
        counters: Counters::default(),
    };
    let mut found = 0;
    loop {
        match search.step(&mut Pausing) {
            Status::Solution => {
                top.by_depth[search.depth()] += 1;
                found += 1;
                if found >= limit {
                    break;
                }
            }
            Status::Running => {
                let share = search
                    .choices()
                    .iter()
                    .fold(1.0, |share, c| share / c.branches.len() as f64);
                top.nodes.push((search.path(), share));
                search.skip();
            }
            Status::Done => break,
        }
    }
    top.counters = search.counters();
    top
}

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

/// Counts `matrix`'s solutions on `jobs` threads, up to `limit`; calls `watch` every `every`
/// while it runs. Fails if the threads cannot be started.
pub fn count(
    matrix: &Matrix,
    jobs: usize,
    limit: u64,
    every: Duration,
    mut watch: Option<&mut dyn FnMut(Progress)>,
) -> Result<Count, rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let top = first_split(matrix, jobs, limit);
    let above: u64 = top.by_depth.iter().sum();
    let shared = Shared {
        template: matrix,
        id: RUN.fetch_add(1, Relaxed),
        limit,
        stop: AtomicBool::new(above >= limit),
        found: AtomicU64::new(above),
        nodes: AtomicU64::new(top.counters.nodes),
        done: AtomicU64::new(WHOLE.saturating_sub(top.nodes.iter().map(|(_, s)| units(WHOLE, *s)).sum())),
    };
    let tasks: Vec<Task> = top
        .nodes
        .iter()
        .map(|(path, share)| Task {
            path: path.clone(),
            fresh: false,
            units: units(WHOLE, *share),
        })
        .collect();
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
    for tally in pool.broadcast(|_| take_tally(shared.id)).into_iter().flatten() {
        count.counters = count.counters + tally.counters;
        for (all, n) in count.by_depth.iter_mut().zip(&tally.by_depth) {
            *all += n;
        }
        count.pieces.extend(tally.pieces);
    }
    count.found = count.by_depth.iter().sum::<u64>().min(limit);
    Ok(count)
}

/// The shallowest depth with at least `PER_THREAD` subproblems per thread, or the depth where
/// the tree ends (no node deeper); the top of the tree is small, so trying each depth in turn
/// costs little.
fn first_split(matrix: &Matrix, jobs: usize, limit: u64) -> Top {
    let mut depth = 1;
    loop {
        let found = top(matrix, depth, limit);
        let above: u64 = found.by_depth.iter().sum();
        if found.nodes.len() >= PER_THREAD * jobs
            || found.nodes.is_empty()
            || above >= limit
            || depth >= matrix.primary()
        {
            return found;
        }
        depth += 1;
    }
}

/// `whole` times `share`, in units.
fn units(whole: u64, share: f64) -> u64 {
    (whole as f64 * share) as u64
}

/// A subproblem: the subtree below `path`; `fresh` if its last option is not tried yet.
struct Task {
    path: Vec<Branch>,
    fresh: bool,
    /// Its share of the tree, in units of `WHOLE`.
    units: u64,
}

/// What every task of one count reads.
struct Shared<'a> {
    template: &'a Matrix,
    /// This count's number: a thread's copy of the matrix serves this count only.
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

/// A thread's copy of the problem and what its tasks found.
struct Worker {
    id: u64,
    search: Search,
    tally: Tally,
}

#[derive(Default)]
struct Tally {
    by_depth: Vec<u64>,
    counters: Counters,
    pieces: Vec<u64>,
}

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// This thread's tally of count `id`, taken (with its copy of the matrix, freed).
fn take_tally(id: u64) -> Option<Tally> {
    WORKER
        .with(|w| w.borrow_mut().take())
        .filter(|w| w.id == id)
        .map(|w| w.tally)
}

/// Runs one task on this thread's copy of the matrix, and spawns what it hands over.
fn run<'s>(scope: &rayon::Scope<'s>, shared: &'s Shared<'s>, task: Task) {
    if shared.stop.load(Relaxed) {
        return;
    }
    let rest = WORKER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let worker = match &mut *cell {
            Some(w) if w.id == shared.id => w,
            slot => slot.insert(Worker {
                id: shared.id,
                search: Search::new(shared.template.clone()),
                tally: Tally {
                    by_depth: vec![0; shared.template.primary() + 1],
                    ..Tally::default()
                },
            }),
        };
        worker.piece(shared, &task)
    });
    for child in rest {
        scope.spawn(move |scope| run(scope, shared, child));
    }
}

impl Worker {
    /// Searches below the task's path for at most `BUDGET` nodes; returns the rest of its
    /// subtree as tasks if it paused there.
    fn piece(&mut self, shared: &Shared, task: &Task) -> Vec<Task> {
        let search = &mut self.search;
        let tried = search
            .start_below(&task.path, task.fresh)
            .expect("a task's path is a path of the search tree");
        search.set_pause(BUDGET, usize::MAX);
        let base = task.path.len();
        let mut found = 0;
        let mut rest = Vec::new();
        let counters = loop {
            match search.step(&mut Pausing) {
                Status::Solution => {
                    self.tally.by_depth[base + search.depth()] += 1;
                    found += 1;
                    if shared.limit != u64::MAX && found + shared.found.load(Relaxed) >= shared.limit {
                        shared.stop.store(true, Relaxed);
                        break search.counters();
                    }
                }
                Status::Done => break search.counters(),
                Status::Running => {
                    let counters = search.counters();
                    if !shared.stop.load(Relaxed) {
                        search.split_rest(|below, fresh, share| {
                            rest.push(Task {
                                path: [&task.path[..], below].concat(),
                                fresh,
                                units: units(task.units, share),
                            })
                        });
                    }
                    break counters;
                }
            }
        };
        search.lift(&task.path);
        let counters = tried + counters;
        self.tally.counters = self.tally.counters + counters;
        self.tally.pieces.push(counters.nodes);
        shared.found.fetch_add(found, Relaxed);
        shared.nodes.fetch_add(counters.nodes, Relaxed);
        let handed: u64 = rest.iter().map(|t| t.units).sum();
        shared.done.fetch_add(task.units.saturating_sub(handed), Relaxed);
        rest
    }
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
    use dlx_sudoku::dlx1::examples::Example;

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

    #[test]
    fn counts_are_the_same_on_any_number_of_threads() {
        let problem = Example::Queens(8).problem();
        let m = problem.matrix();
        let one = top(m, usize::MAX, u64::MAX);
        assert_eq!(one.by_depth[8], 92);
        for jobs in [1, 2, 3, 8] {
            let c = count(m, jobs, u64::MAX, Duration::from_secs(1), None).unwrap();
            assert_eq!((c.found, c.by_depth[8]), (92, 92), "{jobs} jobs");
            assert_eq!(
                (c.counters.nodes, c.counters.updates),
                (one.counters.nodes, one.counters.updates),
                "{jobs} jobs"
            );
            assert_eq!(c.serial + c.pieces.iter().sum::<u64>(), one.counters.nodes);
        }
        let c = count(m, 2, 5, Duration::from_secs(1), None).unwrap();
        assert_eq!(c.found, 5, "a limit is a limit");
    }
}
