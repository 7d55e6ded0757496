//! Misuse of the exact-cover API found by fuzzing (issue 13): each is impossible or a clean
//! answer, never an overflow, in debug and release builds alike.

use dlx_sudoku::exact_cover::{Event, Matrix, Nothing, Search, Status, Stepwise};

/// Knuth's example from "Dancing Links": items a..g, six options, one solution.
fn knuth() -> Matrix {
    let mut m = Matrix::new(7, 0);
    for option in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
        m.add_option(option).unwrap();
    }
    m
}

#[test]
fn stepping_back_after_unwind_finds_nothing_to_undo() {
    let start = knuth();
    // Unwinding at every point of the search, including before it and after its end.
    let mut events = 0;
    loop {
        let mut search = Search::new(start.clone());
        let mut done = false;
        for _ in 0..events {
            done = search.step(&mut Stepwise) == Status::Done;
        }
        search.unwind();
        assert_eq!(search.matrix(), &start, "after {events} events");
        assert!(search.is_at_start(), "after {events} events");
        assert_eq!(search.counters(), Default::default());
        assert_eq!(search.step_back(&mut Nothing), None, "after {events} events");
        assert_eq!(search.step_back(&mut Nothing), None);
        search.unwind();
        // Stepping on runs the whole search again, to the same one solution.
        let mut solutions = 0;
        while search.step(&mut Nothing) != Status::Done {
            solutions += 1;
        }
        assert_eq!(solutions, 1, "after {events} events");
        assert_eq!(search.step_back(&mut Stepwise), Some(Event::Done));
        if done {
            break;
        }
        events += 1;
    }
    assert!(events > 20, "the search has {events} events");
}

#[test]
#[should_panic(expected = "too many items")]
fn matrix_sizes_that_overflow_are_refused() {
    Matrix::new(usize::MAX, 2);
}

#[test]
#[should_panic(expected = "too many items")]
fn matrix_sizes_past_the_link_range_are_refused() {
    Matrix::new(1 << 29, 1 << 29);
}

/// Node links are byte offsets of 16-byte nodes in a `u32`: 2^28 items would overflow them,
/// and must be refused before anything is allocated.
#[test]
#[should_panic(expected = "too many items")]
fn matrix_sizes_past_the_byte_offsets_are_refused() {
    Matrix::new(1 << 28, 0);
}
