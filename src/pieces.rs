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
//! The command line runs the pieces on rayon's pool (`src/cli/parallel.rs`).
//!
//! Each piece carries its share of the tree, estimated as Knuth's programs do from "option k
//! of d" at each level, in units of [`WHOLE`]: what a piece does not hand back is done, so the
//! shares done add up to exactly `WHOLE` when the count ends.

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
        self.nodes
            .iter()
            .map(|(path, share)| Piece {
                path: path.clone(),
                fresh: false,
                units: units(WHOLE, *share),
            })
            .collect()
    }

    /// The share of the tree done above `depth`, in units: what the pieces leave of the whole.
    pub fn done(&self) -> u64 {
        WHOLE.saturating_sub(self.nodes.iter().map(|(_, s)| units(WHOLE, *s)).sum())
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
pub fn units(whole: u64, share: f64) -> u64 {
    (whole as f64 * share) as u64
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
        let counters = loop {
            match search.resume() {
                Status::Solution => {
                    self.tally.by_depth[base + search.depth()] += 1;
                    found += 1;
                    if stop(found) {
                        break search.counters();
                    }
                }
                Status::Done => break search.counters(),
                Status::Running => {
                    let counters = search.counters();
                    if !stop(found) {
                        search.split_rest(|below, fresh, share| {
                            rest.push(Piece {
                                path: [&piece.path[..], below].concat(),
                                fresh,
                                units: units(piece.units, share),
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
        let handed: u64 = rest.iter().map(|p| p.units).sum();
        Ok(Ran {
            found,
            counters,
            rest,
            done: piece.units.saturating_sub(handed),
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
        self.step(&mut Pausing)
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
