//! Counting one problem's solutions in pieces that any number of threads or workers share.
//!
//! The subtrees below different nodes of the search tree are independent searches whose
//! counts add. [`first_split`] enumerates the nodes at the shallowest depth that gives enough
//! of them ([`top`]); a [`Runner`] counts below one [`Piece`] for a budget of nodes and, if the
//! subtree is larger, pauses there and hands the rest of it back as new pieces
//! ([`Search::split_rest`]), so that nobody waits on one long subtree while the others idle.
//!
//! The command line runs the pieces on rayon's pool (`src/cli/parallel.rs`).
//!
//! Each piece carries its share of the tree, estimated as Knuth's programs do from "option k
//! of d" at each level, in units of [`WHOLE`]: what a piece does not hand back is done, so the
//! shares done add up to exactly `WHOLE` when the count ends.

use crate::exact_cover::{Branch, Counters, Matrix, MatrixError, Pausing, Search, Status};

/// The options a piece tries before it hands the rest of its subtree over: pieces of at most
/// this many nodes (a millisecond or so) keep every thread busy to the end, and the split
/// (a few allocations and covers) costs little beside them.
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

/// The shallowest depth with at least `wanted` nodes, or the depth where the tree ends (no
/// node deeper), or where `limit` solutions are found above it; the top of the tree is small,
/// so trying each depth in turn costs little.
pub fn first_split(matrix: &Matrix, wanted: usize, limit: u64) -> Top {
    let mut depth = 1;
    loop {
        let found = top(matrix, depth, limit);
        let above: u64 = found.by_depth.iter().sum();
        if found.nodes.len() >= wanted || found.nodes.is_empty() || above >= limit || depth >= matrix.primary() {
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
    /// counts its node).
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

/// Runs pieces on one copy of a problem's matrix: each covers its path's options, counts
/// below them, and uncovers them, leaving the matrix as it was.
pub struct Runner {
    search: Search,
    tally: Tally,
}

impl Runner {
    pub fn new(template: &Matrix) -> Runner {
        Runner {
            search: Search::new(template.clone()),
            tally: Tally {
                by_depth: vec![0; template.primary() + 1],
                ..Tally::default()
            },
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
    /// piece's path is not one of this matrix (an option it does not have, or options that
    /// clash).
    pub fn run(&mut self, piece: &Piece, budget: u64, mut stop: impl FnMut(u64) -> bool) -> Result<Ran, MatrixError> {
        let search = &mut self.search;
        let tried = search.start_below(&piece.path, piece.fresh)?;
        search.set_pause(budget, usize::MAX);
        let base = piece.path.len();
        let mut found = 0;
        let mut rest = Vec::new();
        let counters = loop {
            match search.step(&mut Pausing) {
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
        search.lift(&piece.path);
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
