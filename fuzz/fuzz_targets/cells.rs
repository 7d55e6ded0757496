//! The cells engine (dancing cells) against the brute-force oracle and the links engine, on
//! small matrices built from the fuzzer's bytes (see `fuzz_support::read_problem`; options
//! committed on the way are out of both searches): the same solutions, each once, as the
//! oracle's and the links engine's; the counters agree with the solutions found; a search
//! paused at node limits the bytes choose finds the same solutions in the same order, and a
//! search stopped at a limit counts no further. Searched in pieces as a parallel count
//! searches it (each piece from the arrays as built, below its path, handing the rest over
//! after a budget of nodes the bytes choose): the same solutions, each once, the shares of
//! the tree adding up to 1, and the same pieces with the same counters whichever order they
//! run in.
#![no_main]

use std::collections::VecDeque;

use dlx_sudoku::cells::{Cells, Counters};
use dlx_sudoku::exact_cover::{Branch, Status};
use fuzz_support::{brute_force, read_problem, Bytes};
use libfuzzer_sys::fuzz_target;

fn sorted(mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for s in &mut solutions {
        s.sort();
    }
    solutions.sort();
    solutions
}

/// What a search in pieces found: the solutions (each sorted), the counters summed, the
/// share of the tree done, and the number of pieces.
struct Pieces {
    solutions: Vec<Vec<usize>>,
    counters: Counters,
    done: f64,
    pieces: usize,
}

/// Searches the tree of `start` in pieces of `budget` nodes on one search, restarted for
/// each piece; `lifo` takes the last piece handed over first, else the first.
fn in_pieces(start: &Cells, budget: u64, lifo: bool) -> Pieces {
    let mut search = start.clone();
    let mut out = Pieces {
        solutions: Vec::new(),
        counters: Counters::default(),
        done: 0.0,
        pieces: 0,
    };
    let mut queue: VecDeque<(Vec<Branch>, bool, f64)> = VecDeque::from([(Vec::new(), false, 1.0)]);
    while let Some((path, fresh, share)) = if lifo { queue.pop_back() } else { queue.pop_front() } {
        search.restart(start);
        let tried = search
            .start_below(&path, fresh)
            .expect("a piece's path is one of the tree");
        search.set_pause(budget, usize::MAX);
        let mut rest = Vec::new();
        loop {
            match search.resume() {
                Status::Solution => out.solutions.push(search.solution().collect()),
                Status::Done => break,
                Status::Running => {
                    search
                        .split_rest(|below, fresh, part| rest.push(([&path[..], below].concat(), fresh, share * part)));
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
    out.solutions = sorted(out.solutions);
    out
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (mut m, p) = read_problem(&mut bytes);
    let expected = brute_force(&p);

    let mut cells = Cells::new(&m);
    let found = cells.solutions(usize::MAX);
    assert!(cells.is_done());
    assert!(!cells.next_solution(), "a finished search stays finished");
    assert_eq!(sorted(found.clone()), expected, "solutions of {p:?}");
    let c = cells.counters();
    assert_eq!(c.solutions, expected.len() as u64);
    assert!(c.nodes >= c.solutions);
    assert_eq!(sorted(m.solutions(usize::MAX)), expected, "the links engine on {p:?}");

    // Paused every few nodes: the same solutions, in the same order, the same counters.
    let every = 1 + bytes.below(5) as u64;
    let mut paused = Cells::new(&m);
    let mut again = Vec::new();
    loop {
        match paused.run(paused.counters().nodes + every) {
            Status::Solution => again.push(paused.solution().collect::<Vec<usize>>()),
            Status::Running => {}
            Status::Done => break,
        }
    }
    assert_eq!(again, found, "paused every {every} nodes");
    assert_eq!(paused.counters(), c);

    let limit = bytes.below(4) as u64;
    assert_eq!(Cells::new(&m).count(limit), c.solutions.min(limit));

    // In pieces of a few nodes, taken in two orders.
    let budget = 1 + bytes.below(6) as u64;
    let start = Cells::new(&m);
    let lifo = in_pieces(&start, budget, true);
    assert_eq!(lifo.solutions, expected, "in pieces of {budget} nodes");
    assert_eq!(lifo.counters.solutions, c.solutions);
    assert!((lifo.done - 1.0).abs() < 1e-9, "{} of the tree done", lifo.done);
    let fifo = in_pieces(&start, budget, false);
    assert_eq!(
        (fifo.solutions, fifo.counters, fifo.pieces),
        (lifo.solutions, lifo.counters, lifo.pieces),
        "the pieces in another order"
    );
});
