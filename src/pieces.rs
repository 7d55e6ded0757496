//! Counting one problem's solutions in pieces that any number of threads or workers share.
//!
//! The subtrees below different nodes of the search tree are independent searches whose
//! counts add. [`first_split`] enumerates the nodes at the shallowest depth that gives enough
//! of them ([`top`]); a [`Runner`] counts below one [`Piece`] for a budget of nodes and, if the
//! subtree is larger, pauses there and hands the rest of it back as new pieces
//! ([`Search::split_rest`]), so that nobody waits on one long subtree while the others idle.
//!
//! Either engine runs pieces ([`Piecewise`]): dancing links ([`Search`]), whose tree below a
//! node is the same however the search got there, and dancing cells ([`Cells`]), whose is not
//! (a restored set holds its nodes in another order, and the order breaks ties in SSXC1's
//! choice of item): each cells piece starts from the arrays as built ([`Cells::restart`]), so
//! its work depends on its path only, and the tree of a count in pieces on where the pieces
//! start: the same for every number of threads if the first split is ([`Piecewise::PATH_ONLY`]),
//! but not node for node the tree of one search from the root (SSXC1's).
//!
//! The module `parallel` (feature `parallel`) runs the pieces on rayon's pool, for the command
//! line and any native program. The page hands them out to Web Workers, each with a [`Counter`]
//! on the links engine (`src/wasm/pieces.rs`, `www/wasm/count-pool.js`); there pieces cross from
//! one worker to another as `u32` words ([`encode`], [`decode`]).
//!
//! Each piece carries its share of the tree, estimated as Knuth's programs do from "option k
//! of d" at each level, in units of [`WHOLE`]: what a piece does not hand back is done, so the
//! shares done add up to exactly `WHOLE` when the count ends.

use std::fmt;
use std::sync::Arc;

use crate::cells::{self, Cells};
use crate::exact_cover::{Branch, Counters, Matrix, MatrixError, Pausing, Search, Status};

/// The nodes a piece searches before it hands the rest of its subtree over: pieces of at
/// most this many nodes (a millisecond or so) keep every thread busy to the end, and the
/// split (a few allocations and covers) costs little beside them. (The links engine's nodes
/// are options tried, the cells engine's levels entered: see [`Piecewise::BUDGET`].)
pub const BUDGET: u64 = 1 << 12;
/// The whole tree, in the fixed-point units the shares done are added in.
pub const WHOLE: u64 = 1 << 60;

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

impl Top {
    /// The subtrees below the nodes at `depth`, as pieces to count.
    pub fn pieces(&self) -> Vec<Piece> {
        let mut left = WHOLE;
        self.nodes
            .iter()
            .map(|(path, share)| Piece {
                path: path.clone(),
                fresh: false,
                units: part(&mut left, WHOLE, *share),
            })
            .collect()
    }

    /// The share of the tree done above `depth`, in units: what the pieces leave of the whole.
    pub fn done(&self) -> u64 {
        WHOLE - self.pieces().iter().map(|p| p.units).sum::<u64>()
    }
}

/// The nodes at `depth` of the search tree of `start` (a search not started): the search runs
/// down to that depth and skips what is below each node. `limit` stops it early, once so
/// many solutions are found.
pub fn top<E: Piecewise>(start: &E, depth: usize, limit: u64) -> Top {
    let mut search = start.clone();
    search.set_pause(u64::MAX, depth);
    let mut top = Top {
        depth,
        nodes: Vec::new(),
        by_depth: vec![0; search.primary() + 1],
        counters: Counters::default(),
    };
    let mut found = 0;
    loop {
        match search.resume() {
            Status::Solution => {
                top.by_depth[search.depth()] += 1;
                found += 1;
                if found >= limit {
                    break;
                }
            }
            Status::Running => {
                top.nodes.push((search.path(), search.share_below()));
                search.skip();
            }
            Status::Done => break,
        }
    }
    top.counters = search.counters();
    top
}

/// The shallowest depth with at least `wanted` nodes, or the depth where the tree ends (no
/// node deeper), or where `limit` solutions are found above it; the top of the tree is small,
/// so trying each depth in turn costs little.
pub fn first_split<E: Piecewise>(start: &E, wanted: usize, limit: u64) -> Top {
    let mut depth = 1;
    loop {
        let found = top(start, depth, limit);
        let above: u64 = found.by_depth.iter().sum();
        if found.nodes.len() >= wanted || found.nodes.is_empty() || above >= limit || depth >= start.primary() {
            return found;
        }
        depth += 1;
    }
}

/// `whole` times `share`, in units.
fn units(whole: u64, share: f64) -> u64 {
    (whole as f64 * share) as u64
}

/// `whole` times `share`, in units, but no more than is `left` of it (taken from `left`): the
/// parts of a whole never add up to more than it, however the products round.
fn part(left: &mut u64, whole: u64, share: f64) -> u64 {
    let units = units(whole, share).min(*left);
    *left -= units;
    units
}

/// The next step of a links search observed by [`Pausing`]: to the next solution, pause (see
/// [`Search::set_pause`]; none is set, none is made) or the end. Not inlined: the search's
/// loop is large (18 KB of wasm), and the split, the pieces and wasm's `countCover` share one copy.
#[inline(never)]
pub fn step(search: &mut Search) -> Status {
    search.step(&mut Pausing)
}

/// Runs `search` on to its end or its `limit`-th solution from here, and says how many it
/// found: the plain search with no trace, as `dlx-sudoku cover --count` runs it on one thread
/// (and the page's `countCover`).
pub fn count(search: &mut Search, limit: u64) -> u64 {
    let mut found = 0u64;
    while found < limit {
        match step(search) {
            Status::Solution => found += 1,
            Status::Done => break,
            Status::Running => {}
        }
    }
    found
}

/// A subproblem: the subtree below `path`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Piece {
    pub path: Vec<Branch>,
    /// True if the last option of `path` is not tried yet: running the piece tries it (and
    /// counts the try: the links engine's node, the cells engine's updates).
    pub fresh: bool,
    /// Its share of the tree, in units of [`WHOLE`].
    pub units: u64,
}

/// What the pieces a [`Runner`] ran found, added up.
#[derive(Clone, Default, Debug)]
pub struct Tally {
    /// Solutions by depth (the number of options in them).
    pub by_depth: Vec<u64>,
    pub counters: Counters,
    /// The nodes of each piece run.
    pub pieces: Vec<u64>,
}

/// What one run of a piece did.
#[derive(Clone, Debug)]
pub struct Ran {
    pub found: u64,
    /// Its work, the options of a fresh piece's path tried included.
    pub counters: Counters,
    /// The rest of its subtree, if it paused: the node it paused at first, then the options
    /// left at each level, deepest first.
    pub rest: Vec<Piece>,
    /// The share of the tree it finished, in units: its own, less what it handed back.
    pub done: u64,
}

/// Runs pieces on one copy of a problem's search: each goes down its path, counts below it,
/// and comes back to the start (links: uncovers what it covered; cells: copies the arrays of
/// `start`, which the runners of one count share).
pub struct Runner<E = Search> {
    search: E,
    start: Arc<E>,
    tally: Tally,
}

impl<E: Piecewise> Runner<E> {
    /// A runner with its own copy of `start`, a search not started.
    pub fn new(start: Arc<E>) -> Runner<E> {
        Runner {
            search: E::clone(&start),
            tally: Tally {
                by_depth: vec![0; start.primary() + 1],
                ..Tally::default()
            },
            start,
        }
    }

    /// What the pieces run so far found.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    pub fn into_tally(self) -> Tally {
        self.tally
    }

    /// Counts below `piece` for at most `budget` nodes, then hands the rest of its subtree
    /// back. `stop(found)`, asked with the piece's solutions so far at each solution and where
    /// the piece pauses, ends it there when it says true (the rest is then neither counted
    /// nor handed back: for a limit reached). Fails, leaving the runner as it was, if the
    /// piece's path is not one of this problem's (an option it does not have, or options that
    /// clash).
    pub fn run(&mut self, piece: &Piece, budget: u64, mut stop: impl FnMut(u64) -> bool) -> Result<Ran, MatrixError> {
        self.go(piece, budget, Some(&mut stop))
    }

    /// [`Runner::run`] with no limit: every solution below `piece` counted, by the search
    /// itself where the engine can ([`Piecewise::tally`]).
    pub fn count(&mut self, piece: &Piece, budget: u64) -> Result<Ran, MatrixError> {
        self.go(piece, budget, None)
    }

    /// `run` (with `stop`) or `count` (without).
    fn go(
        &mut self,
        piece: &Piece,
        budget: u64,
        mut stop: Option<&mut dyn FnMut(u64) -> bool>,
    ) -> Result<Ran, MatrixError> {
        let search = &mut self.search;
        let tried = match search.start_below(&piece.path, piece.fresh) {
            Ok(tried) => tried,
            Err(e) => {
                search.lift(&[], &self.start);
                return Err(e);
            }
        };
        search.set_pause(budget, usize::MAX);
        let base = piece.path.len();
        let mut found = 0;
        let mut rest = Vec::new();
        let mut left = piece.units;
        let counters = loop {
            let status = match stop {
                Some(_) => search.resume(),
                None => {
                    let before: u64 = self.tally.by_depth.iter().sum();
                    let status = search.tally(&mut self.tally.by_depth, base);
                    found += self.tally.by_depth.iter().sum::<u64>() - before;
                    status
                }
            };
            match status {
                Status::Solution => {
                    self.tally.by_depth[base + search.depth()] += 1;
                    found += 1;
                    if stop.as_mut().is_some_and(|stop| stop(found)) {
                        break search.counters();
                    }
                }
                Status::Done => break search.counters(),
                Status::Running => {
                    let counters = search.counters();
                    if !stop.as_mut().is_some_and(|stop| stop(found)) {
                        search.split_rest(|below, fresh, share| {
                            rest.push(Piece {
                                path: [&piece.path[..], below].concat(),
                                fresh,
                                units: part(&mut left, piece.units, share),
                            })
                        });
                    }
                    break counters;
                }
            }
        };
        search.lift(&piece.path, &self.start);
        let counters = tried + counters;
        self.tally.counters = self.tally.counters + counters;
        self.tally.pieces.push(counters.nodes);
        Ok(Ran {
            found,
            counters,
            rest,
            done: left,
        })
    }
}

/// What a count in pieces needs of an engine: a search that starts below a path of choices,
/// pauses after a number of nodes or on entering a depth, and hands the rest of its tree over
/// as new pieces. The names are the links engine's ([`Search`]); [`Cells`] has the same.
pub trait Piecewise: Clone + Send + Sync + 'static {
    /// The nodes a piece searches before it hands the rest over (see [`BUDGET`]).
    const BUDGET: u64;
    /// True if the tree below a node is the same however the search got there: the links
    /// engine's covers undo exactly. The cells engine's do not, so the tree of its count in
    /// pieces depends on where the pieces start: on the first split, which for the same
    /// nodes and updates on any number of threads must then not depend on their number.
    const PATH_ONLY: bool;
    /// The search of `matrix`'s problem, not started.
    fn start(matrix: &Matrix) -> Self;
    /// At least the number of options in any solution.
    fn primary(&self) -> usize;
    /// Pause on entering a level once `nodes` nodes are counted, or on entering the level
    /// `level` options below the start (see [`Search::set_pause`]).
    fn set_pause(&mut self, nodes: u64, level: usize);
    /// On to the next solution ([`Status::Solution`]), the pause ([`Status::Running`]) or
    /// the end.
    fn resume(&mut self) -> Status;
    /// On to the pause or the end ([`Status::Running`] or [`Status::Done`]), each solution
    /// counted on the way at `by_depth[base + depth()]`, where `base` is the length of the
    /// path the search started below. This one stops at each solution to count it; an engine
    /// that can count inside its search does so.
    fn tally(&mut self, by_depth: &mut [u64], base: usize) -> Status {
        loop {
            match self.resume() {
                Status::Solution => by_depth[base + self.depth()] += 1,
                status => return status,
            }
        }
    }
    /// The options of the partial solution below the start.
    fn depth(&self) -> usize;
    /// The path from the start to the node paused at.
    fn path(&self) -> Vec<Branch>;
    /// The share of the tree below the node paused at, from "option k of d" at each level.
    fn share_below(&self) -> f64;
    /// Leaves the subtree paused at unsearched (see [`Search::skip`]).
    fn skip(&mut self);
    /// Hands the rest of the tree over (see [`Search::split_rest`]).
    fn split_rest(&mut self, branch: impl FnMut(&[Branch], bool, f64));
    /// Starts below `path` (see [`Search::start_below`]).
    fn start_below(&mut self, path: &[Branch], fresh: bool) -> Result<Counters, MatrixError>;
    /// Back to the start from below `path` (or from a failed [`Piecewise::start_below`], with
    /// an empty path); `start` is this problem's search, not started.
    fn lift(&mut self, path: &[Branch], start: &Self);
    fn counters(&self) -> Counters;
}

impl Piecewise for Search {
    const BUDGET: u64 = BUDGET;
    const PATH_ONLY: bool = true;

    fn start(matrix: &Matrix) -> Search {
        Search::new(matrix.clone())
    }

    fn primary(&self) -> usize {
        self.matrix().primary()
    }

    fn set_pause(&mut self, nodes: u64, level: usize) {
        Search::set_pause(self, nodes, level);
    }

    fn resume(&mut self) -> Status {
        step(self)
    }

    fn depth(&self) -> usize {
        Search::depth(self)
    }

    fn path(&self) -> Vec<Branch> {
        Search::path(self)
    }

    fn share_below(&self) -> f64 {
        self.choices()
            .iter()
            .fold(1.0, |share, c| share / c.branches.len() as f64)
    }

    fn skip(&mut self) {
        Search::skip(self);
    }

    fn split_rest(&mut self, branch: impl FnMut(&[Branch], bool, f64)) {
        Search::split_rest(self, branch);
    }

    fn start_below(&mut self, path: &[Branch], fresh: bool) -> Result<Counters, MatrixError> {
        Search::start_below(self, path, fresh)
    }

    fn lift(&mut self, path: &[Branch], _: &Search) {
        Search::lift(self, path);
    }

    fn counters(&self) -> Counters {
        Search::counters(self)
    }
}

impl Piecewise for Cells {
    const BUDGET: u64 = BUDGET;
    const PATH_ONLY: bool = false;

    fn start(matrix: &Matrix) -> Cells {
        Cells::new(matrix)
    }

    fn primary(&self) -> usize {
        Cells::primary(self)
    }

    fn set_pause(&mut self, nodes: u64, level: usize) {
        Cells::set_pause(self, nodes, level);
    }

    fn resume(&mut self) -> Status {
        Cells::resume(self)
    }

    fn tally(&mut self, by_depth: &mut [u64], base: usize) -> Status {
        // The search counts by its depth with the path it started below (`start_depth`
        // options of the `base` of the piece's path: the last can be the option paused at).
        Cells::resume_tally(self, &mut by_depth[base - self.start_depth()..])
    }

    fn depth(&self) -> usize {
        Cells::depth(self) - self.start_depth()
    }

    fn path(&self) -> Vec<Branch> {
        Cells::path(self)
    }

    fn share_below(&self) -> f64 {
        Cells::share_below(self)
    }

    fn skip(&mut self) {
        Cells::skip(self);
    }

    fn split_rest(&mut self, branch: impl FnMut(&[Branch], bool, f64)) {
        Cells::split_rest(self, branch);
    }

    fn start_below(&mut self, path: &[Branch], fresh: bool) -> Result<Counters, MatrixError> {
        Cells::start_below(self, path, fresh).map(links_counters)
    }

    fn lift(&mut self, _: &[Branch], start: &Cells) {
        self.restart(start);
    }

    fn counters(&self) -> Counters {
        links_counters(Cells::counters(self))
    }
}

/// A cells search's counters in the links engine's type (nodes, updates and solutions; the
/// rest 0).
fn links_counters(c: cells::Counters) -> Counters {
    Counters {
        nodes: c.nodes,
        updates: c.updates,
        solutions: c.solutions,
        ..Counters::default()
    }
}

/// One worker's part of a count that several share: the pieces it was given, run one after
/// another (the rest of a large one kept to run next, last in first out), and what they found.
/// Another worker with nothing to do can [`Counter::take`] the pieces not started, the largest
/// first. On either engine; the page's workers count on dancing links (`src/wasm/pieces.rs`
/// says why).
pub struct Counter<E = Search> {
    runner: Runner<E>,
    /// The nodes a piece runs before it hands the rest back ([`BUDGET`]).
    budget: u64,
    /// Pieces to run; the last is next.
    queue: Vec<Piece>,
    found: u64,
    /// Units of the tree done.
    done: u64,
}

impl<E: Piecewise> Counter<E> {
    pub fn new(matrix: &Matrix) -> Counter<E> {
        Counter {
            runner: Runner::new(Arc::new(E::start(matrix))),
            budget: BUDGET,
            queue: Vec::new(),
            found: 0,
            done: 0,
        }
    }

    /// The top of the tree on this counter's engine, from its start ([`first_split`]): the
    /// pieces a count hands out first.
    pub fn first_split(&self, wanted: usize, limit: u64) -> Top {
        first_split(&*self.runner.start, wanted, limit)
    }

    /// Pieces to run, after those it has.
    pub fn give(&mut self, pieces: Vec<Piece>) {
        let mut pieces = pieces;
        pieces.reverse();
        pieces.append(&mut self.queue);
        self.queue = pieces;
    }

    /// Runs pieces until about `nodes` nodes are searched (whole pieces of at most [`BUDGET`]),
    /// none is left, or `limit` more solutions are found; then the pieces still queued are
    /// dropped, the count being over. Fails on a piece whose path is not one of the matrix's
    /// (the piece is dropped).
    pub fn work(&mut self, nodes: u64, limit: u64) -> Result<(), MatrixError> {
        if limit == 0 {
            self.queue.clear();
            return Ok(());
        }
        let start = self.tally().counters.nodes;
        let mut found = 0;
        while let Some(piece) = self.queue.pop() {
            let left = limit - found;
            let ran = if limit == u64::MAX {
                self.runner.count(&piece, self.budget)?
            } else {
                self.runner.run(&piece, self.budget, |f| f >= left)?
            };
            found += ran.found;
            self.found += ran.found;
            self.done += ran.done;
            if found >= limit {
                self.queue.clear();
                break;
            }
            self.queue.extend(ran.rest.into_iter().rev());
            if self.tally().counters.nodes - start >= nodes {
                break;
            }
        }
        Ok(())
    }

    /// Up to `n` of the pieces not started, the largest (the shallowest) first, keeping one to
    /// go on with.
    pub fn take(&mut self, n: usize) -> Vec<Piece> {
        let n = n.min(self.queue.len().saturating_sub(1));
        self.queue.drain(..n).collect()
    }

    /// The pieces not run yet.
    pub fn queued(&self) -> usize {
        self.queue.len()
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// The share of the tree done so far, in units of [`WHOLE`].
    pub fn done(&self) -> u64 {
        self.done
    }

    /// What the pieces run so far found (nodes, updates, solutions by depth).
    pub fn tally(&self) -> &Tally {
        self.runner.tally()
    }
}

/// Pieces as `u32` words, one after another: for each, the length of its path, 1 if it is
/// fresh (else 0), its units (the high word, then the low one), then the item and the option of
/// each branch of its path.
pub fn encode(pieces: &[Piece]) -> Vec<u32> {
    let mut words = Vec::with_capacity(pieces.iter().map(|p| 4 + 2 * p.path.len()).sum());
    for p in pieces {
        words.extend([
            p.path.len() as u32,
            u32::from(p.fresh),
            (p.units >> 32) as u32,
            p.units as u32,
        ]);
        for b in &p.path {
            words.extend([b.item, b.option]);
        }
    }
    words
}

/// Why words are not pieces.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BadPieces {
    /// The index of the first word of the piece that is wrong.
    pub at: usize,
    pub why: &'static str,
}

impl fmt::Display for BadPieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the pieces' word {}: {}", self.at, self.why)
    }
}

impl std::error::Error for BadPieces {}

/// The pieces of [`encode`]'s words. Checks only their layout: a path that is not one of the
/// problem's fails where it is run ([`Runner::run`]).
pub fn decode(words: &[u32]) -> Result<Vec<Piece>, BadPieces> {
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let Some(&[len, fresh, high, low]) = words.get(at..at + 4) else {
            return Err(BadPieces {
                at,
                why: "a piece cut short in its head",
            });
        };
        if fresh > 1 {
            return Err(BadPieces {
                at,
                why: "its second word is not 0 or 1",
            });
        }
        let end = (len as usize).checked_mul(2).and_then(|n| n.checked_add(at + 4));
        let Some(branches) = end.and_then(|end| words.get(at + 4..end)) else {
            return Err(BadPieces {
                at,
                why: "a piece cut short in its path",
            });
        };
        pieces.push(Piece {
            path: branches
                .chunks_exact(2)
                .map(|b| Branch {
                    item: b[0],
                    option: b[1],
                })
                .collect(),
            fresh: fresh == 1,
            units: u64::from(high) << 32 | u64::from(low),
        });
        at += 4 + branches.len();
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx1::examples::Example;
    use crate::exact_cover::tests::{random_options, rounds, Rng};

    /// The links engine's search of `m`, not started.
    fn links(m: &Matrix) -> Search {
        Search::new(m.clone())
    }

    /// The whole count of `m` on one search: solutions by depth and counters.
    fn whole(m: &Matrix) -> (Vec<u64>, Counters) {
        let t = top(&links(m), usize::MAX, u64::MAX);
        (t.by_depth, t.counters)
    }

    /// Counts `m` as the page does, on `workers` counters on the engine `E`: one splits, each runs pieces for
    /// `slice` nodes at a time, and one with nothing to do takes pieces another has not
    /// started, through their words. Returns the solutions by depth, the nodes, and the units
    /// done, of the top and every counter added.
    fn shared<E: Piecewise>(m: &Matrix, workers: usize, budget: u64, slice: u64) -> (Vec<u64>, u64, u64) {
        let mut counters: Vec<Counter<E>> = (0..workers)
            .map(|_| Counter {
                budget,
                ..Counter::new(m)
            })
            .collect();
        let top = counters[0].first_split(4 * workers, u64::MAX);
        let mut queue: Vec<Vec<u32>> = top.pieces().iter().map(|p| encode(std::slice::from_ref(p))).collect();
        loop {
            let mut idle = 0;
            for counter in counters.iter_mut() {
                if counter.queued() == 0 {
                    match queue.pop() {
                        Some(words) => counter.give(decode(&words).unwrap()),
                        None => {
                            idle += 1;
                            continue;
                        }
                    }
                }
                counter.work(slice, u64::MAX).unwrap();
                // The rest of a busy one's pieces go to the others when they run out.
                if queue.is_empty() {
                    queue.extend(counter.take(workers).iter().map(|p| encode(std::slice::from_ref(p))));
                }
            }
            if idle == workers {
                break;
            }
        }
        let mut by_depth = top.by_depth.clone();
        let mut nodes = top.counters.nodes;
        let mut done = top.done();
        for c in &counters {
            for (all, n) in by_depth.iter_mut().zip(&c.tally().by_depth) {
                *all += n;
            }
            nodes += c.tally().counters.nodes;
            done += c.done();
            assert_eq!(c.found(), c.tally().by_depth.iter().sum::<u64>());
        }
        (by_depth, nodes, done)
    }

    /// [`count`]: the plain search, to its end or its limit.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn count_counts_with_the_plain_search_up_to_a_limit() {
        let problem = |name: &str, arg: &str| {
            crate::dlx1::Problem::parse(&Example::from_args(name, Some(arg)).unwrap().to_dlx1()).unwrap()
        };
        let queens8 = problem("queens", "8");
        assert_eq!(count(&mut queens8.search(), 1_000_000_000), 92);
        assert_eq!(count(&mut queens8.search(), 10), 10);
        assert_eq!(count(&mut queens8.search(), 2), 2);
        assert_eq!(count(&mut queens8.search(), 0), 0);
        assert_eq!(count(&mut problem("langford", "7").search(), u64::MAX), 52);
        // Counting on from where a search is: the rest of it.
        let mut s = queens8.search();
        assert_eq!(count(&mut s, 90), 90);
        assert_eq!(count(&mut s, u64::MAX), 2);
        assert!(s.is_done());
    }
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn counts_shared_by_counters_are_the_whole_count() {
        let mut problems: Vec<Matrix> = [Example::Queens(6), Example::Queens(8), Example::Langford(7)]
            .iter()
            .map(|e| e.problem().matrix().clone())
            .collect();
        let mut rng = Rng(35);
        for _ in 0..rounds(60) {
            problems.push(random_options(&mut rng, 8, 2, 16, 3).0);
        }
        for (n, m) in problems.iter().enumerate() {
            let (by_depth, counters) = whole(m);
            for (workers, budget, slice) in [(1, BUDGET, u64::MAX), (2, 3, 10), (3, 1, 1), (4, 7, 50)] {
                let (shared_by_depth, nodes, done) = shared::<Search>(m, workers, budget, slice);
                let what = format!("problem {n}, {workers} counters, budget {budget}");
                assert_eq!(shared_by_depth, by_depth, "{what}");
                assert_eq!(nodes, counters.nodes, "{what}");
                assert_eq!(done, WHOLE, "{what}: the shares done add up to the whole tree");
                // On dancing cells a piece's tree depends on where it starts (not node for
                // node the links engine's): the same solutions at each depth, the whole tree done.
                let (shared_by_depth, _, done) = shared::<Cells>(m, workers, budget, slice);
                assert_eq!(shared_by_depth, by_depth, "{what}, dancing cells");
                assert_eq!(
                    done, WHOLE,
                    "{what}, dancing cells: the shares done add up to the whole tree"
                );
            }
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_counter_stops_at_its_limit_and_drops_the_rest() {
        let problem = Example::Queens(8).problem();
        let m = problem.matrix();
        stops_at_its_limit::<Search>(m);
        stops_at_its_limit::<Cells>(m);
    }

    fn stops_at_its_limit<E: Piecewise>(m: &Matrix) {
        let engine = std::any::type_name::<E>();
        let mut c = Counter::<E> {
            budget: 5,
            ..Counter::new(m)
        };
        c.give(c.first_split(4, u64::MAX).pieces());
        c.work(u64::MAX, 10).unwrap();
        assert!(c.found() >= 10, "{engine}: {} found", c.found());
        assert!(c.found() < 92, "{engine}");
        assert_eq!(c.queued(), 0, "{engine}: the count is over: nothing is left to run");
        c.give(c.first_split(4, u64::MAX).pieces());
        c.work(u64::MAX, 0).unwrap();
        assert_eq!(c.queued(), 0, "{engine}: a limit of 0 wants nothing more");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn pieces_cross_as_words_and_bad_words_or_paths_are_errors() {
        let problem = Example::Queens(6).problem();
        let m = problem.matrix();
        let top = first_split(&links(m), 10, u64::MAX);
        let mut pieces = top.pieces();
        pieces[0].fresh = true;
        pieces[1].units = u64::MAX - 5;
        let words = encode(&pieces);
        assert_eq!(decode(&words).unwrap(), pieces);
        assert_eq!(decode(&[]).unwrap(), vec![]);
        assert_eq!(decode(&words[..3]).unwrap_err().at, 0, "cut in its head");
        assert_eq!(
            decode(&words[..words.len() - 1]).unwrap_err().why,
            "a piece cut short in its path"
        );
        assert_eq!(
            decode(&[1, 2, 0, 0, 0, 0]).unwrap_err().why,
            "its second word is not 0 or 1"
        );
        assert!(decode(&[u32::MAX, 0, 0, 0]).is_err(), "a path longer than the words");
        // Paths that are not the problem's fail where they run, and the counter goes on.
        let mut c = Counter::<Search>::new(m);
        for bad in [
            vec![Branch { item: 0, option: 999 }],
            vec![Branch { item: 99, option: 0 }],
        ] {
            c.give(vec![Piece {
                path: bad,
                fresh: false,
                units: 1,
            }]);
            assert!(c.work(u64::MAX, u64::MAX).is_err());
        }
        let clash = pieces[0].path[0];
        c.give(vec![Piece {
            path: vec![clash, clash],
            fresh: false,
            units: 1,
        }]);
        assert!(
            c.work(u64::MAX, u64::MAX).is_err(),
            "an option that clashes with the one before"
        );
        c.give(top.pieces());
        c.work(u64::MAX, u64::MAX).unwrap();
        assert_eq!(c.found() + top.by_depth.iter().sum::<u64>(), 4, "6 queens: 4 solutions");
    }
}
