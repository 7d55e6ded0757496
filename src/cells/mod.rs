//! Exact cover by dancing cells: Knuth's SSXC1, sparse sets instead of linked lists.
//!
//! The second engine. The [`exact_cover`](crate::exact_cover) engine (dancing links) is the
//! one the page traces and teaches, stepping forwards and backwards; this one only runs
//! forwards, to count solutions or find them, where it is faster.
//!
//! **The method** (D. E. Knuth, `ssxc1.w`, 2020, after Christine Solnon's
//! XCC-WITH-DANCING-CELLS). A *sparse set* is a permutation of its universe and a size: the
//! members are the first `size` entries, and deleting one swaps it with the last member and
//! shrinks the size. Undoing a deletion needs no work but the old size, because the deleted
//! entry is still where the swap left it. Each item keeps the nodes of its active options
//! as such a set, in one shared array `set`, behind two header words (its size and its place
//! in the list of items); the active items are another sparse set, `item`. Covering an item
//! swaps it out of the active items and *hides* each option in its set: swaps that
//! option's other nodes out of their items' sets, one swap each. Before it tries the
//! options of the item it branched on, a level saves the size of every active item; going
//! back to try the next option (or leaving the level) restores them, which undoes every
//! deletion made below at once: nothing is unhidden node by node. A hide that empties the
//! set of an active primary item stops right there (the option cannot lead anywhere), which
//! dancing links only finds at the next level.
//!
//! The choice is SSXC1's: the active primary item with the fewest options, the first in the
//! active list (whose order the swaps change) on ties, stopping at the first with one. So
//! this engine meets the solutions in another order than the links engine, and its tree can
//! differ in size; its counters are SSXC1's: *nodes* are the levels entered (the root and
//! every solution included), *updates* the items swapped out of the active list plus the
//! nodes swapped out of a set.
//!
//! The arrays and the search live in `arrays.rs`, the one module here with `unsafe`; this
//! one builds the engine from a [`Matrix`] and reads what the search found.

mod arrays;
#[doc(hidden)]
pub mod in_pieces;

use crate::exact_cover::{Branch, Matrix, MatrixError, Status};
use arrays::{Dance, Refused, Stop};

/// The counters of a cells search, as Knuth's SSXC1 reports them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Counters {
    /// Levels entered: the root, every node of the tree below it, every solution.
    pub nodes: u64,
    /// Items swapped out of the active list and nodes swapped out of a set.
    pub updates: u64,
    pub solutions: u64,
}

/// A dancing-cells search over the problem of a [`Matrix`].
#[derive(Clone, Debug)]
pub struct Cells {
    dance: Dance,
    solutions: u64,
    /// The matrix's number of each item of the search (the items it has not covered).
    items: Vec<u32>,
    /// Where [`Cells::resume`] pauses: the nodes entered.
    pause_nodes: u64,
}

impl Cells {
    /// A search of `m`'s problem as it stands: the items it has covered (by
    /// [`Matrix::commit`]) are left out, and so are the options that use one of them, as in a
    /// links search of `m`; solutions name options by their numbers in `m`.
    pub fn new(m: &Matrix) -> Cells {
        // Items neither covered nor purified (given a colour by a commit), numbered anew:
        // the primary ones first, as in `m`. A purified item is out of the search too: the
        // options kept, which agree with its colour, pass over it.
        let out = |i: usize| m.is_covered(i) || m.item_colour(i) != 0;
        let mut number = vec![u32::MAX; m.items()];
        let (mut primary, mut items) = (0, 0);
        for (i, n) in number.iter_mut().enumerate() {
            if !out(i) {
                *n = items;
                items += 1;
                primary += u32::from(i < m.primary());
            }
        }
        let kept = (0..m.items() as u32).filter(|&i| !out(i as usize)).collect();
        let coloured = m.is_coloured();
        let options: Vec<(u32, Vec<u32>, Vec<u32>)> = (0..m.options())
            .filter(|&o| m.blocked_by(o).is_none())
            .map(|o| {
                let (items, colours) = m
                    .option_items(o)
                    .zip(m.option_colours(o))
                    .filter(|&(i, _)| !out(i))
                    .map(|(i, c)| (number[i], c))
                    .unzip::<_, _, Vec<u32>, Vec<u32>>();
                (o as u32, items, if coloured { colours } else { Vec::new() })
            })
            // (An option of purified items alone, which no primary item leads to.)
            .filter(|(_, items, _)| !items.is_empty())
            .collect();
        let dance = Dance::new(
            primary,
            items,
            options.iter().map(|(o, items, colours)| (*o, &items[..], &colours[..])),
        );
        Cells {
            dance,
            solutions: 0,
            items: kept,
            pause_nodes: u64::MAX,
        }
    }

    /// Runs on to the next solution: true, and [`Cells::solution`] holds it; or false at the end.
    pub fn next_solution(&mut self) -> bool {
        self.run(u64::MAX) == Status::Solution
    }

    /// Runs on to the next solution, the end, or the point where the search has entered
    /// `max_nodes` nodes in all ([`Status::Running`]: call again with a higher limit to go on).
    pub fn run(&mut self, max_nodes: u64) -> Status {
        match self.dance.run(max_nodes) {
            Stop::Solution => {
                self.solutions += 1;
                Status::Solution
            }
            Stop::Paused => Status::Running,
            Stop::Done => Status::Done,
        }
    }

    /// Runs on to the end, or to the point where the search has entered `max_nodes` nodes in
    /// all ([`Status::Running`]: call again with a higher limit to go on), counting every
    /// solution at `by_depth[depth]` instead of stopping at it: the way to count them all
    /// ([`Cells::run`] returns at each, which costs problems with many solutions a fifth of
    /// their time). `by_depth` needs a place for every depth: [`Cells::primary`] + 1 at least.
    ///
    /// # Panics
    /// If `by_depth` is shorter than that.
    pub fn tally(&mut self, max_nodes: u64, by_depth: &mut [u64]) -> Status {
        let before: u64 = by_depth.iter().sum();
        let stop = self.dance.count(max_nodes, by_depth);
        self.solutions += by_depth.iter().sum::<u64>() - before;
        status_of_count(stop)
    }

    /// The options of the solution just found (or the partial one), in the order the
    /// search chose them.
    pub fn solution(&self) -> impl Iterator<Item = usize> + '_ {
        self.dance.chosen().map(|o| o as usize)
    }

    /// The number of options in the solution just found (or the partial one), the path of
    /// [`Cells::start_below`] included.
    pub fn depth(&self) -> usize {
        self.dance.depth()
    }

    /// The number of primary items the search has to cover (the matrix's, less those
    /// covered before it started): at least the number of options of any solution.
    pub fn primary(&self) -> usize {
        self.dance.primary()
    }

    /// The number of options in the path of [`Cells::start_below`].
    pub fn start_depth(&self) -> usize {
        self.dance.floor()
    }

    pub fn is_done(&self) -> bool {
        self.dance.is_done()
    }

    /// The share of the tree searched so far, as Knuth's programs estimate it from "option k
    /// of d" at each level of the partial solution.
    pub fn share_done(&self) -> f64 {
        let (mut share, mut done) = (1.0, 0.0);
        for (k, d) in self.dance.places() {
            share /= f64::from(d.max(1));
            done += share * f64::from(k);
        }
        done.min(1.0)
    }

    pub fn counters(&self) -> Counters {
        Counters {
            nodes: self.dance.nodes,
            updates: self.dance.updates,
            solutions: self.solutions,
        }
    }

    /// Makes [`Cells::resume`] pause on entering a level once the search has entered `nodes`
    /// nodes, or on entering the level `level` options below its start (`u64::MAX` and
    /// `usize::MAX`: never). A paused search pauses again at once: go on with
    /// [`Cells::skip`], [`Cells::split_rest`], or a later pause.
    pub fn set_pause(&mut self, nodes: u64, level: usize) {
        self.pause_nodes = nodes;
        let level = u32::try_from(level).unwrap_or(u32::MAX);
        self.dance
            .pause_at_level(level.saturating_add(self.dance.floor() as u32));
    }

    /// Runs on to the next solution, the end, or the pause of [`Cells::set_pause`]
    /// ([`Status::Running`]).
    pub fn resume(&mut self) -> Status {
        self.run(self.pause_nodes)
    }

    /// [`Cells::resume`], counting the solutions on the way as [`Cells::tally`] does.
    pub fn resume_tally(&mut self, by_depth: &mut [u64]) -> Status {
        self.tally(self.pause_nodes, by_depth)
    }

    /// The path from the search's start to where it is: the option tried at each level,
    /// with the item branched on, in the matrix's numbers. Paused, the path to the node
    /// about to be entered.
    pub fn path(&self) -> Vec<Branch> {
        (self.dance.floor()..self.dance.depth())
            .map(|l| self.branch(l))
            .collect()
    }

    /// The option tried at level `l`, and the item it was tried for.
    fn branch(&self, l: usize) -> Branch {
        let (item, mut options, at) = self.dance.level(l);
        Branch {
            item: self.items[item as usize],
            option: options.nth(at).expect("the option tried is in its item's set"),
        }
    }

    /// The share of the tree below the node the search is at (or paused at): each level
    /// from the start splits its share evenly among its branches.
    pub fn share_below(&self) -> f64 {
        self.dance
            .places()
            .skip(self.dance.floor())
            .fold(1.0, |share, (_, d)| share / f64::from(d.max(1)))
    }

    /// Leaves the subtree the search paused at unsearched, as if it had ended there: the next
    /// run backs up to the level above (enumerating the nodes at a depth, with a pause there).
    pub fn skip(&mut self) {
        self.dance.skip();
    }

    /// Hands over the rest of a search paused on entering a level as subproblems, and ends
    /// it. `branch(path, fresh, share)` gets each, the path below the search's start:
    /// - the node paused at: the options tried on the way, already counted (`fresh` false);
    /// - each option not yet tried at each open level: the path to that level and the
    ///   option, which nobody has tried or counted yet (`fresh` true; its item was covered,
    ///   and counted, here).
    ///
    /// `share` is each one's share of this search's tree; what they leave of 1 is the share
    /// done here.
    pub fn split_rest(&mut self, mut branch: impl FnMut(&[Branch], bool, f64)) {
        assert!(self.dance.is_entering(), "split_rest() only where a search pauses");
        let floor = self.dance.floor();
        let mut path = self.path();
        let mut share = 1.0;
        let mut shares = Vec::with_capacity(path.len());
        for (_, d) in self.dance.places().skip(floor) {
            share /= f64::from(d);
            shares.push(share);
        }
        branch(&path, false, share);
        for k in (0..path.len()).rev() {
            path.truncate(k + 1);
            let (item, options, at) = self.dance.level(floor + k);
            let item = self.items[item as usize];
            for option in options.skip(at + 1) {
                path[k] = Branch { item, option };
                branch(&path, true, shares[k]);
            }
        }
        self.dance.end();
    }

    /// Starts the search (at its start) on the subproblem below `path`: its options, each
    /// tried for its item as the search tries it, are in every solution. If `fresh`, the
    /// last option counts as tried here (the updates of hiding its other items' options, not
    /// those of its item, counted by the level that branched on it), and the counters
    /// returned say so. Whatever the path, the search below it counts from 0. Fails if an
    /// item is not an uncovered primary item, or an option does not have its item, or
    /// clashes with one before it: the search is then over, and [`Cells::restart`] makes it
    /// new.
    ///
    /// The search below starts from the arrays' order as built, not the order a search
    /// from the start would have left when it got there, so its tree can differ from that
    /// search's where SSXC1's choice breaks a tie: the same solutions, but not
    /// necessarily the same nodes and updates.
    ///
    /// # Panics
    /// If the search has started.
    pub fn start_below(&mut self, path: &[Branch], fresh: bool) -> Result<Counters, MatrixError> {
        assert!(
            self.dance.is_entering() && self.dance.depth() == 0,
            "start_below() after the search started"
        );
        let mut tried = Counters::default();
        for (k, b) in path.iter().enumerate() {
            let (option, item) = (b.option as usize, b.item as usize);
            let descended = match self.items.binary_search(&b.item) {
                Ok(i) => self.dance.descend(i as u32, b.option),
                Err(_) => Err(Refused::NoItem),
            };
            let (updates, alive) = descended.map_err(|e| {
                self.dance.end();
                match e {
                    Refused::NoOption => MatrixError::NoSuchOption { option },
                    Refused::NoItem | Refused::NotInOption => MatrixError::NoSuchItem { option, item },
                    Refused::Covered => MatrixError::Conflict { option, item },
                }
            })?;
            if fresh && k + 1 == path.len() {
                tried.updates = updates;
            }
            if !alive {
                break;
            }
        }
        self.dance.nodes = 0;
        self.dance.updates = 0;
        Ok(tried)
    }

    /// Back to the start, with every array as `start` (this problem's search, not started)
    /// has it, reusing this search's memory: what it does next depends on nothing it did
    /// before.
    ///
    /// # Panics
    /// If `start` is another problem's search, or has started.
    pub fn restart(&mut self, start: &Cells) {
        self.dance.restart(&start.dance);
        self.solutions = 0;
        self.pause_nodes = start.pause_nodes;
    }

    /// Counts solutions up to `limit`.
    pub fn count(&mut self, limit: u64) -> u64 {
        if limit == u64::MAX {
            let before = self.solutions;
            let mut by_depth = vec![0; self.primary() + 1];
            // Like `next_solution`'s loop, it ends at a pause (`Cells::set_pause`'s level).
            self.tally(u64::MAX, &mut by_depth);
            return self.solutions - before;
        }
        let mut n = 0;
        while n < limit && self.next_solution() {
            n += 1;
        }
        n
    }

    /// Up to `limit` solutions, each the list of its options in the order the search chose them.
    pub fn solutions(&mut self, limit: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        while out.len() < limit && self.next_solution() {
            out.push(self.solution().collect());
        }
        out
    }
}

/// Where a counting search ([`Dance::count`]) stopped: paused or done, never at a solution.
fn status_of_count(stop: Stop) -> Status {
    match stop {
        Stop::Paused => Status::Running,
        Stop::Done => Status::Done,
        Stop::Solution => unreachable!("a counting search stopped at a solution"),
    }
}

#[cfg(test)]
mod tests;
