//! The exact-cover engine against a brute-force oracle, on small matrices built from the
//! fuzzer's bytes (see `fuzz_support::read_problem`): the same solutions, each once; every
//! link and length restored after the search (the whole matrix compares equal), `sanity()`
//! after every event; the fast path (no observer) finds what the stepwise one does; and
//! stepping back over the whole search, or unwinding it anywhere, returns to the start.
//! Then the same checks on a problem with colours (DLX2's XCC) read from the bytes left.
#![no_main]

use dlx_sudoku::exact_cover::{Counters, Event, Matrix, Search, Status, Stepwise};
use fuzz_support::{brute_force, read_coloured_problem, read_problem, Bytes, Problem};
use libfuzzer_sys::fuzz_target;

/// Events recorded for the walk back; a longer search is only checked forwards.
const RECORD: usize = 100_000;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (m, p) = read_problem(&mut bytes);
    check(m, &p, &mut bytes);
    let (m, p) = read_coloured_problem(&mut bytes);
    check(m, &p, &mut bytes);
});

fn check(m: Matrix, p: &Problem, bytes: &mut Bytes) {
    let original = m.clone();
    let expected = brute_force(p);

    // The whole search, one event at a time.
    let mut search = Search::new(m);
    let (mut found, mut events, mut step) = (Vec::new(), Vec::new(), Vec::new());
    let (mut tries, mut balance) = (0u64, 0i64);
    loop {
        step.clear();
        let status = search.step(&mut step);
        assert_eq!(search.matrix().sanity(), Ok(()), "after {:?}", step);
        match step[..] {
            [e] => {
                tries += u64::from(matches!(e, Event::Try { .. }));
                balance += match e {
                    Event::Cover { .. } | Event::Purify { .. } => 1,
                    Event::Uncover { .. } | Event::Unpurify { .. } => -1,
                    _ => 0,
                };
                if events.len() < RECORD {
                    events.push(e);
                }
                assert_eq!(status == Status::Solution, e == Event::Solution);
                assert_eq!(status == Status::Done, e == Event::Done);
            }
            _ => panic!("one step, one event: {step:?}"),
        }
        match status {
            Status::Solution => found.push(search.solution().collect::<Vec<usize>>()),
            Status::Done => break,
            Status::Running => {}
        }
    }
    assert!(search.is_done());
    assert_eq!(
        search.step(&mut Stepwise),
        Status::Done,
        "a finished search stays finished"
    );
    let mut sorted: Vec<Vec<usize>> = found
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort();
            s
        })
        .collect();
    sorted.sort();
    assert_eq!(sorted, expected, "solutions of {p:?}");
    let c = search.counters();
    assert_eq!(c.solutions, expected.len() as u64);
    assert_eq!(c.nodes, tries);
    assert_eq!(balance, 0, "covers and uncovers balance");
    assert_eq!(search.matrix(), &original, "the search left the matrix as it found it");
    for i in 0..original.items() {
        assert_eq!(search.matrix().len(i), original.len(i), "length of item {i}");
    }

    // Back over the whole search: the same events in reverse, to the very start.
    if events.len() < RECORD {
        for (k, &e) in events.iter().enumerate().rev() {
            assert_eq!(search.step_back(&mut Stepwise), Some(e), "undoing event {k}");
            assert_eq!(search.counters().events, k as u64);
            assert_eq!(search.matrix().sanity(), Ok(()), "after undoing event {k}");
        }
        assert!(search.is_at_start());
        assert_eq!(search.step_back(&mut Stepwise), None);
        assert_eq!(search.counters(), Counters::default());
        assert_eq!(search.matrix(), &original);
    }

    // The fast path (no observer, no pause between events): the same solutions in the
    // same order, as many as asked for, and the matrix as it was.
    let limit = bytes.below(8);
    let mut m = original.clone();
    let fast = m.solutions(if limit == 7 { usize::MAX } else { limit });
    assert_eq!(fast[..], found[..fast.len()], "Matrix::solutions({limit})");
    assert_eq!(fast.len(), found.len().min(if limit == 7 { usize::MAX } else { limit }));
    assert_eq!(m, original, "Matrix::solutions left the matrix as it found it");

    // Stopped anywhere, a few steps back, then unwound: back at the start, with nothing
    // to undo, and the next run is the same search again.
    let mut s = Search::new(original.clone());
    let forward = usize::from(bytes.byte()) * (1 + usize::from(bytes.byte()));
    for _ in 0..forward {
        if s.step(&mut Stepwise) == Status::Done {
            break;
        }
    }
    for _ in 0..bytes.below(4) {
        s.step_back(&mut Stepwise);
    }
    assert_eq!(s.matrix().sanity(), Ok(()));
    s.unwind();
    assert!(s.is_at_start());
    assert_eq!(s.counters(), Counters::default());
    assert_eq!(s.step_back(&mut Stepwise), None, "nothing to undo after unwind()");
    assert_eq!(s.matrix(), &original, "unwind() after {forward} steps");
    while s.step(&mut Stepwise) != Status::Done {}
    assert_eq!(s.counters(), c, "a second run after unwind() counts what the first did");
    assert_eq!(s.into_matrix(), original);
}
