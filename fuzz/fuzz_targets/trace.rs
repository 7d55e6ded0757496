//! The watched search (`watch::Watch`), moved forwards and backwards as the fuzzer's bytes say
//! (`next_batch`, `prev_batch`, `run`, `run_back`, `skip`), on a small exact-cover matrix or a
//! Sudoku puzzle. The search is a function of how many events it has run: every time it comes back
//! to a number of events it has been at before, its state must be exactly the one recorded
//! there (the matrix's links and lengths, the `view::Picture`, the counters, the partial
//! solution, the last event), and every event handed out at a position must be the one
//! handed out there before. `sanity()` runs after every move.
#![no_main]

use std::collections::HashMap;

use dlx_sudoku::exact_cover::{Counters, Event};
use dlx_sudoku::sudoku::{Alphabet, Board, Puzzle, Shape, CELLS};
use dlx_sudoku::view::Picture;
use dlx_sudoku::watch::events::{decode, Kind};
use dlx_sudoku::watch::Watch;
use fuzz_support::{read_problem, Bytes};
use libfuzzer_sys::fuzz_target;

const SOLVED: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const HARD: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// At most this many moves, and events in all, per input: each input stays fast.
const MOVES: usize = 48;
const EVENTS: u64 = 20_000;

/// Everything a viewer or a caller can see of the search at one position.
#[derive(PartialEq, Debug)]
struct State {
    counters: Counters,
    /// A hash of every link, length and cover mark of the matrix.
    links: u64,
    picture: Picture,
    solution: Vec<usize>,
    chosen: Vec<u32>,
    depth: usize,
    flags: [bool; 3],
    last: Option<Event>,
}

fn state(trace: &Watch) -> State {
    let s = trace.search();
    let m = s.matrix();
    // A multiply-and-add fold: SipHash, instrumented for the fuzzer, took half the time.
    let mut h = 0u64;
    let mut mix = |x: u32| h = (h ^ u64::from(x)).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(5);
    m.node_links().flatten().for_each(&mut mix);
    m.item_links().for_each(|(p, n)| {
        mix(p);
        mix(n)
    });
    (0..m.items()).for_each(|i| mix(m.len(i) as u32 | u32::from(m.is_covered(i)) << 31));
    State {
        counters: s.counters(),
        links: h,
        picture: Picture::of(s),
        solution: s.solution().collect(),
        chosen: s.chosen().to_vec(),
        depth: s.depth(),
        flags: [s.is_at_start(), s.is_done(), s.level_ended()],
        last: trace.last(),
    }
}

fn sudoku(bytes: &mut Bytes) -> Puzzle {
    let mut grid = Board::empty(Shape::NINE);
    match bytes.below(3) {
        // A solved grid with about a half, a quarter or an eighth of its digits kept.
        0 => {
            let solved = Board::parse_line(SOLVED).unwrap();
            let masks: Vec<[u8; 11]> = (0..1 + bytes.below(3))
                .map(|_| [(); 11].map(|_| bytes.byte()))
                .collect();
            for cell in 0..CELLS {
                if masks.iter().all(|m| m[cell / 8] >> (cell % 8) & 1 == 1) {
                    grid.set(cell, solved.get(cell));
                }
            }
        }
        // Givens anywhere, those that clash left out: often no solution, or very many.
        1 => {
            for _ in 0..bytes.below(30) {
                let (cell, digit) = (bytes.below(CELLS), 1 + bytes.below(9) as u8);
                let before = grid.get(cell);
                grid.set(cell, digit);
                if !grid.clashes().is_empty() {
                    grid.set(cell, before);
                }
            }
        }
        _ => grid = Board::parse_line(HARD).unwrap(),
    }
    Puzzle::new(grid).expect("no clash")
}

fn decode_all(words: &[u32]) -> Vec<Event> {
    assert_eq!(words.len() % 2, 0);
    words
        .chunks_exact(2)
        .map(|w| decode([w[0], w[1]]).expect("a known kind"))
        .collect()
}

/// The fuzzer's record of one search: the state and the event at each position seen.
struct Seen {
    states: HashMap<u64, State>,
    /// `events[p]`: the event that brought the search from position `p - 1` to `p`.
    events: HashMap<u64, Event>,
}

impl Seen {
    fn event(&mut self, at: u64, e: Event) {
        assert!(at > 0);
        let known = *self.events.entry(at).or_insert(e);
        assert_eq!(known, e, "event {at}");
    }

    fn check(&mut self, trace: &Watch, after: &str) {
        let m = trace.search().matrix();
        if let Err(e) = m.sanity() {
            panic!("sanity after {after}: {e}");
        }
        let now = state(trace);
        let at = now.counters.events;
        assert_eq!(now.last.is_none(), at == 0, "last() at event {at}, after {after}");
        if let Some(e) = now.last {
            self.event(at, e);
        }
        match self.states.get(&at) {
            Some(before) => assert_eq!(&now, before, "state at event {at}, after {after}"),
            None => {
                self.states.insert(at, now);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mut trace = match bytes.below(4) {
        0 | 1 => Watch::of_matrix(read_problem(&mut bytes).0),
        _ => Watch::sudoku(&sudoku(&mut bytes), Alphabet::Digits),
    };
    let mut seen = Seen {
        states: HashMap::new(),
        events: HashMap::new(),
    };
    seen.check(&trace, "the start");
    let mut spent = 0u64;
    for _ in 0..MOVES {
        if bytes.is_empty() || spent >= EVENTS {
            break;
        }
        let (op, arg) = (bytes.byte(), bytes.byte());
        // Mostly one to four events; sometimes up to a few thousand.
        let n = if op & 8 == 0 {
            1 + u64::from(arg % 4)
        } else {
            u64::from(arg) * (1 + u64::from(op >> 4))
        }
        .min(EVENTS - spent);
        let at = trace.search().counters().events;
        let depth = trace.search().depth();
        let what = match op % 8 {
            0 | 1 => {
                let events = decode_all(trace.next_batch(n as usize));
                let k = events.len() as u64;
                assert!(k <= n && (k == n || trace.search().is_done()));
                for (j, &e) in events.iter().enumerate() {
                    seen.event(at + 1 + j as u64, e);
                }
                assert_eq!(trace.search().counters().events, at + k);
                spent += k;
                format!("next_batch({n}) at {at}")
            }
            2 | 3 => {
                let events = decode_all(trace.prev_batch(n as usize));
                let k = events.len() as u64;
                assert!(k <= n && (k == n || k == at));
                for (j, &e) in events.iter().enumerate() {
                    seen.event(at - j as u64, e);
                }
                assert_eq!(trace.search().counters().events, at - k);
                spent += k;
                format!("prev_batch({n}) at {at}")
            }
            4 | 5 => {
                let (back, kinds) = (op % 8 == 5, u32::from(bytes.byte()));
                let run = if back {
                    trace.run_back(n, kinds)
                } else {
                    trace.run(n, kinds)
                };
                let now = trace.search().counters().events;
                assert!(run.events <= n && (run.stopped || run.events == n), "{run:?}");
                assert_eq!(now, if back { at - run.events } else { at + run.events }, "{run:?}");
                let d = trace.search().depth();
                assert!(
                    run.min_depth <= depth.min(d) && run.max_depth >= depth.max(d),
                    "{run:?}"
                );
                if run.stopped && now > 0 && !trace.search().is_done() {
                    let last = trace.last().expect("a last event");
                    assert!(kinds & Kind::of(last).bit() != 0, "stopped at {last:?}: {run:?}");
                }
                spent += run.events;
                format!("{}({n}, {kinds:#b}) at {at}", if back { "run_back" } else { "run" })
            }
            6 => {
                let k = trace.skip(n);
                assert_eq!(trace.search().counters().events, at + k);
                spent += k;
                format!("skip({n}) at {at}")
            }
            _ => {
                // A copy goes its own way, and the original must not notice.
                let mut copy = trace.clone();
                spent += copy.next_batch(n as usize).len() as u64 / 2;
                drop(copy);
                format!("a copy's next_batch({n}) at {at}")
            }
        };
        seen.check(&trace, &what);
    }
});
