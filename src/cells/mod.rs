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

use crate::exact_cover::{Matrix, Status};
use arrays::{Dance, Stop};

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
}

impl Cells {
    /// A search of `m`'s problem as it stands: the items it has covered (by
    /// [`Matrix::commit`]) are left out, and so are the options that use one of them, as in a
    /// links search of `m`; solutions name options by their numbers in `m`.
    pub fn new(m: &Matrix) -> Cells {
        // Uncovered items, numbered anew: the primary ones first, as in `m`.
        let mut number = vec![u32::MAX; m.items()];
        let (mut primary, mut items) = (0, 0);
        for (i, n) in number.iter_mut().enumerate() {
            if !m.is_covered(i) {
                *n = items;
                items += 1;
                primary += u32::from(i < m.primary());
            }
        }
        let options: Vec<(u32, Vec<u32>)> = (0..m.options())
            .filter(|&o| m.option_items(o).all(|i| !m.is_covered(i)))
            .map(|o| (o as u32, m.option_items(o).map(|i| number[i]).collect()))
            .collect();
        let dance = Dance::new(primary, items, options.iter().map(|(o, items)| (*o, &items[..])));
        Cells { dance, solutions: 0 }
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

    /// The options of the solution just found (or the partial one), in the order the
    /// search chose them.
    pub fn solution(&self) -> impl Iterator<Item = usize> + '_ {
        self.dance.chosen().map(|o| o as usize)
    }

    /// The number of options in the solution just found.
    pub fn depth(&self) -> usize {
        self.dance.depth()
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

    /// Counts solutions up to `limit`.
    pub fn count(&mut self, limit: u64) -> u64 {
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

#[cfg(test)]
mod tests;
