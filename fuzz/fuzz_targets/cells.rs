//! The cells engine (dancing cells) against the brute-force oracle and the links engine, on
//! small matrices built from the fuzzer's bytes (see `fuzz_support::read_problem`; options
//! committed on the way are out of both searches): the same solutions, each once, as the
//! oracle's and the links engine's; the counters agree with the solutions found; a search
//! paused at node limits the bytes choose finds the same solutions in the same order, and a
//! search stopped at a limit counts no further. Searched in pieces as a parallel count
//! searches it (each piece from the arrays as built, below its path, handing the rest over
//! after a budget of nodes the bytes choose): the same solutions, each once, the shares of
//! the tree adding up to 1, and the same pieces with the same counters whichever order they
//! run in. Then the same checks on a problem with colours (DLX2's XCC, which the cells engine
//! searches as Knuth's SSXCC) read from the bytes left, with an option or two committed
//! (purifying the items it gives a colour) when the bytes say so.
#![no_main]

use dlx_sudoku::cells::in_pieces::search_in_pieces;
use dlx_sudoku::cells::Cells;
use dlx_sudoku::exact_cover::{Matrix, Status};
use fuzz_support::{brute_force, read_coloured_problem, read_problem, Bytes, Problem};
use libfuzzer_sys::fuzz_target;

fn sorted(mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for s in &mut solutions {
        s.sort();
    }
    solutions.sort();
    solutions
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (m, p) = read_problem(&mut bytes);
    check(m, &p, &mut bytes);
    let (mut m, mut p) = read_coloured_problem(&mut bytes);
    for _ in 0..bytes.below(3) {
        if p.options.is_empty() {
            break;
        }
        let o = bytes.below(p.options.len());
        if m.commit(o).is_ok() {
            p.committed.push(o);
        }
    }
    check(m, &p, &mut bytes);
});

fn check(mut m: Matrix, p: &Problem, bytes: &mut Bytes) {
    let expected = brute_force(p);

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
    let lifo = search_in_pieces(&start, budget, true);
    assert_eq!(lifo.solutions, expected, "in pieces of {budget} nodes");
    assert_eq!(lifo.counters.solutions, c.solutions);
    assert!((lifo.done - 1.0).abs() < 1e-9, "{} of the tree done", lifo.done);
    let fifo = search_in_pieces(&start, budget, false);
    assert_eq!(
        (fifo.solutions, fifo.counters, fifo.pieces),
        (lifo.solutions, lifo.counters, lifo.pieces),
        "the pieces in another order"
    );
}
