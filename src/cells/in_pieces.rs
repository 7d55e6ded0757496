//! A tree searched in pieces on one thread, as a parallel count searches it: the check that
//! the cells engine's unit tests and its fuzz target (`fuzz/fuzz_targets/cells.rs`) share.
//! Not part of the engine's API (hidden from the docs); the parallel count itself is
//! `crate::pieces`.

use std::collections::VecDeque;

use super::{Cells, Counters};
use crate::exact_cover::Status;

/// What searching a tree in pieces found: every solution (its options sorted, the list
/// sorted), the counters summed over the pieces, the share of the tree the pieces reported
/// done, and the number of pieces.
#[derive(Debug, Default)]
pub struct InPieces {
    pub solutions: Vec<Vec<usize>>,
    pub counters: Counters,
    pub done: f64,
    pub pieces: usize,
}

/// Searches the tree of `start` (a search not started) as a parallel count does, on one
/// search made new for each piece (`restart`): a piece starts below its path, pauses once
/// it has entered `budget` nodes and hands the rest over (`split_rest`). `lifo` runs the
/// pieces handed over last first (depth first), else first first: two orders in which
/// threads could take them.
///
/// # Panics
/// When the engine breaks a rule of pieces: a restarted search that is not new, a piece's
/// path that is not one of the tree, a pause anywhere but at the budget, a search not done
/// once it has handed its rest over. Those are the checks.
pub fn search_in_pieces(start: &Cells, budget: u64, lifo: bool) -> InPieces {
    let mut search = start.clone();
    let mut out = InPieces::default();
    let mut queue = VecDeque::from([(Vec::new(), false, 1.0)]);
    while let Some((path, fresh, share)) = if lifo { queue.pop_back() } else { queue.pop_front() } {
        search.restart(start);
        // (The arrays' whole state is readable in unit tests only.)
        #[cfg(test)]
        assert_eq!(
            search.dance.state(),
            start.dance.state(),
            "restart() makes the search new"
        );
        let tried = search
            .start_below(&path, fresh)
            .expect("a piece's path is one of the tree");
        search.set_pause(budget, usize::MAX);
        let mut rest = Vec::new();
        loop {
            match search.resume() {
                Status::Solution => {
                    let mut s: Vec<usize> = search.solution().collect();
                    s.sort();
                    out.solutions.push(s);
                }
                Status::Done => break,
                Status::Running => {
                    assert_eq!(search.counters().nodes, budget, "paused at the budget");
                    search
                        .split_rest(|below, fresh, part| rest.push(([&path[..], below].concat(), fresh, share * part)));
                    assert!(search.is_done(), "done once the rest is handed over");
                    break;
                }
            }
        }
        let c = search.counters();
        out.counters.nodes += tried.nodes + c.nodes;
        out.counters.updates += tried.updates + c.updates;
        out.counters.solutions += c.solutions;
        out.done += share - rest.iter().map(|r| r.2).sum::<f64>();
        out.pieces += 1;
        queue.extend(rest);
    }
    out.solutions.sort();
    out
}
