//! The JS-facing API of `src/wasm.rs`, exercised in a real JS engine with wasm-bindgen-test.
//!
//! Every function is called as JS calls it where that is possible from Rust: inputs as
//! strings, numbers and `js_sys::Array`s, errors inspected as the JS `Error` they become.
//! The same suite runs in Node and in headless Chromium:
//!
//! ```sh
//! # Node
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!     cargo test --target wasm32-unknown-unknown --test wasm
//! # Chromium (the runner reads ./webdriver.json for the extra flags)
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner WASM_BINDGEN_USE_BROWSER=1 \
//!     CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test wasm
//! ```
//!
//! There is deliberately no `wasm_bindgen_test_configure!(run_in_browser)`: the suite is
//! Node-configured, and `WASM_BINDGEN_USE_BROWSER=1` moves it into the browser.
//! On wasm32 a panic is `RuntimeError: unreachable`, which fails the test it happens in;
//! so "returns an error, never panics" is checked simply by calling.
#![cfg(target_arch = "wasm32")]

use dlx_sudoku::wasm::{
    candidates, check_puzzle, count_solutions, describe_item, describe_option, parse, solve, sudoku_item_options,
    sudoku_option_items, verdict, EventKind, Trace,
};
use js_sys::{Array, ArrayBuffer, Object, Reflect, WebAssembly};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

// ---------------------------------------------------------------------------------------------
// Puzzles

/// POJ 3074's first sample and its answer.
const SAMPLE: &str = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const SAMPLE_SOLUTION: &str = "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
/// The first of magictour's top 1465: hard for DLX.
const HARD: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// A 16-clue grid with 1158 solutions.
const SIXTEEN_CLUES: &str = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......";
/// Norvig's "impossible" puzzle: no two givens clash, yet it has no solution.
const IMPOSSIBLE: &str = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

/// A JS string, as the page passes puzzles.
fn js(s: &str) -> JsValue {
    JsValue::from_str(s)
}

fn empty_grid() -> String {
    ".".repeat(81)
}

// ---------------------------------------------------------------------------------------------
// Helpers

/// The message of the JS `Error` a `JsError` becomes in JS.
fn message(e: JsError) -> String {
    let v: JsValue = e.into();
    let error: js_sys::Error = v.dyn_into().expect("errors cross as JS Error objects");
    error.message().into()
}

/// Calls `f`, expects an error, returns its message.
fn err<T: std::fmt::Debug>(r: Result<T, JsError>) -> String {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => message(e),
    }
}

fn get(o: &Object, key: &str) -> JsValue {
    Reflect::get(o, &JsValue::from_str(key)).unwrap()
}

fn strings(v: JsValue) -> Vec<String> {
    Array::from(&v).iter().map(|s| s.as_string().unwrap()).collect()
}

/// A filled grid that obeys the rules and keeps every given of `puzzle`.
fn assert_solves(solution: &str, puzzle: &str) {
    let s: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
    assert_eq!(s.len(), 81, "{solution}");
    for (k, (g, &d)) in puzzle.bytes().zip(&s).enumerate() {
        assert!((1..=9).contains(&d), "cell {k} of {solution}");
        if g.is_ascii_digit() && g != b'0' {
            assert_eq!(g - b'0', d, "given at cell {k} kept");
        }
    }
    for unit in 0..9 {
        let mut row = [false; 10];
        let mut col = [false; 10];
        let mut bx = [false; 10];
        for k in 0..9 {
            row[s[unit * 9 + k] as usize] = true;
            col[s[k * 9 + unit] as usize] = true;
            bx[s[(unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3] as usize] = true;
        }
        assert!(
            row[1..].iter().all(|&x| x) && col[1..].iter().all(|&x| x) && bx[1..].iter().all(|&x| x),
            "{solution}"
        );
    }
}

fn memory_bytes() -> f64 {
    let memory: WebAssembly::Memory = wasm_bindgen::memory().dyn_into().unwrap();
    memory.buffer().dyn_into::<ArrayBuffer>().unwrap().byte_length() as f64
}

/// A decoded event: (kind, a, b).
type Ev = (u32, u32, u32);

fn decode(words: &[u32]) -> Vec<Ev> {
    assert_eq!(words.len() % 2, 0, "two words per event");
    words
        .chunks_exact(2)
        .map(|w| {
            let kind = w[0] & 15;
            assert!(kind <= EventKind::Done as u32, "unknown kind {kind}");
            (kind, w[1], w[0] >> 4)
        })
        .collect()
}

const CHOOSE: u32 = EventKind::Choose as u32;
const COVER: u32 = EventKind::Cover as u32;
const UNCOVER: u32 = EventKind::Uncover as u32;
const TRY: u32 = EventKind::Try as u32;
const UNTRY: u32 = EventKind::Untry as u32;
const SOLUTION: u32 = EventKind::Solution as u32;
const DEAD_END: u32 = EventKind::DeadEnd as u32;
const DONE: u32 = EventKind::Done as u32;

/// Everything a viewer can read off a Trace between batches.
#[derive(Debug, PartialEq)]
struct Snapshot {
    counters: [f64; 5],
    depth: u32,
    done: bool,
    at_start: bool,
    solution: Vec<u32>,
    chosen: Vec<u32>,
    covered: Vec<u32>,
    lengths: Vec<u32>,
}

fn snapshot(t: &Trace) -> Snapshot {
    Snapshot {
        counters: [t.events(), t.nodes(), t.updates(), t.solutions(), t.dead_ends()],
        depth: t.depth(),
        done: t.done(),
        at_start: t.at_start(),
        solution: t.solution(),
        chosen: t.chosen_items(),
        covered: t.covered_items(),
        lengths: t.item_lengths(),
    }
}

fn knuth() -> Trace {
    let options = [&[2u32, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]];
    let array: Array = options
        .iter()
        .map(|o| o.iter().map(|&i| JsValue::from(i)).collect::<Array>())
        .collect();
    Trace::exact_cover(7, 0, array).expect("Knuth's example is well formed")
}

// ---------------------------------------------------------------------------------------------
// Solving

#[wasm_bindgen_test]
fn solve_count_and_verdict_on_a_known_puzzle() {
    assert_eq!(solve(&js(SAMPLE)).unwrap().as_deref(), Some(SAMPLE_SOLUTION));
    assert_eq!(count_solutions(&js(SAMPLE), 10.0).unwrap(), 1.0);
    let v = verdict(&js(SAMPLE)).unwrap();
    assert_eq!(get(&v, "kind").as_string().as_deref(), Some("unique"));
    assert_eq!(strings(get(&v, "solutions")), vec![SAMPLE_SOLUTION.to_string()]);
    assert_eq!(check_puzzle(&js(SAMPLE)).unwrap(), SAMPLE);

    let hard = solve(&js(HARD)).unwrap().unwrap();
    assert_solves(&hard, HARD);
    assert_eq!(count_solutions(&js(HARD), 2.0).unwrap(), 1.0);

    assert_eq!(solve(&js(IMPOSSIBLE)).unwrap(), None, "no solution is undefined");
    assert_eq!(count_solutions(&js(IMPOSSIBLE), 2.0).unwrap(), 0.0);
    assert_eq!(
        get(&verdict(&js(IMPOSSIBLE)).unwrap(), "kind").as_string().as_deref(),
        Some("none")
    );
    assert_eq!(strings(get(&verdict(&js(IMPOSSIBLE)).unwrap(), "solutions")).len(), 0);
}

#[wasm_bindgen_test]
fn sixteen_clues_have_1158_solutions() {
    assert_eq!(count_solutions(&js(SIXTEEN_CLUES), 1e6).unwrap(), 1158.0);
    assert_eq!(
        count_solutions(&js(SIXTEEN_CLUES), 2.0).unwrap(),
        2.0,
        "counting stops at the limit"
    );
    assert_eq!(count_solutions(&js(SIXTEEN_CLUES), 0.0).unwrap(), 0.0);
    assert_eq!(
        count_solutions(&js(SIXTEEN_CLUES), f64::INFINITY).unwrap(),
        1158.0,
        "an infinite limit is clamped"
    );
    let v = verdict(&js(SIXTEEN_CLUES)).unwrap();
    assert_eq!(get(&v, "kind").as_string().as_deref(), Some("multiple"));
    let two = strings(get(&v, "solutions"));
    assert_eq!(two.len(), 2);
    assert_ne!(two[0], two[1]);
    for s in &two {
        assert_solves(s, SIXTEEN_CLUES);
    }
    assert_solves(&solve(&js(SIXTEEN_CLUES)).unwrap().unwrap(), SIXTEEN_CLUES);
    // The empty grid: the first solution, and counting stops at the limit.
    assert_solves(&solve(&js(&empty_grid())).unwrap().unwrap(), &empty_grid());
    assert_eq!(count_solutions(&js(&empty_grid()), 1000.0).unwrap(), 1000.0);
}

#[wasm_bindgen_test]
fn every_input_format_is_accepted() {
    // "0" blanks, trailing newline, the `end` line of POJ 3074.
    let zeros = SAMPLE.replace('.', "0");
    assert_eq!(
        solve(&js(&format!("{zeros}\n"))).unwrap().as_deref(),
        Some(SAMPLE_SOLUTION)
    );
    assert_eq!(
        solve(&js(&format!("{SAMPLE}\nend\n"))).unwrap().as_deref(),
        Some(SAMPLE_SOLUTION)
    );
    // HDU 1426: nine lines of nine tokens, `?` blanks.
    let hdu: String = SAMPLE
        .as_bytes()
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&b| {
                    if b == b'.' {
                        "?".to_string()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    assert_eq!(solve(&js(&hdu)).unwrap().as_deref(), Some(SAMPLE_SOLUTION));
    let p = parse(&js(&hdu)).unwrap();
    assert_eq!(get(&p, "format").as_string().as_deref(), Some("hdu"));
    assert_eq!(strings(get(&p, "puzzles")), vec![SAMPLE.to_string()]);
    // hihoCoder 102: a count, then grids of integers with 0 blanks.
    let hiho = format!("1\n{}", hdu.replace('?', "0"));
    assert_eq!(
        get(&parse(&js(&hiho)).unwrap(), "format").as_string().as_deref(),
        Some("hiho")
    );
    assert_eq!(solve(&js(&hiho)).unwrap().as_deref(), Some(SAMPLE_SOLUTION));
    // Several puzzles parse, but the solving functions want exactly one.
    let two = format!("{SAMPLE}\n{HARD}\n");
    let p = parse(&js(&two)).unwrap();
    assert_eq!(get(&p, "format").as_string().as_deref(), Some("line"));
    assert_eq!(strings(get(&p, "puzzles")), vec![SAMPLE.to_string(), HARD.to_string()]);
    assert_eq!(err(solve(&js(&two))), "expected one puzzle, found 2");
    assert_eq!(err(Trace::new(&js(&two)).map(|_| ())), "expected one puzzle, found 2");
}

#[wasm_bindgen_test]
fn candidates_and_the_numbering() {
    let c = candidates(&js(SAMPLE)).unwrap();
    assert_eq!(c.len(), 81);
    // r1c2 is a given 2: its own digit only.
    assert_eq!(c[1], 1 << 2);
    // r1c1 sees 2,7,3,8,1 in row 1, 3,6,9 in column 1, 2,7,1 in box 1: 4 and 5 are left.
    let blank = c[0];
    for d in 1..=9u16 {
        assert_eq!(blank & (1 << d) != 0, [4, 5].contains(&d), "digit {d} in r1c1");
    }
    assert!(candidates(&js(&empty_grid()))
        .unwrap()
        .iter()
        .all(|&m| m == 0b11_1111_1110));

    assert_eq!(sudoku_option_items(0).unwrap(), vec![0, 81, 162, 243]);
    assert_eq!(sudoku_option_items(728).unwrap(), vec![80, 161, 242, 323]);
    assert_eq!(sudoku_item_options(0).unwrap(), vec![0, 9, 18, 27, 36, 45, 54, 63, 72]);
    assert_eq!(sudoku_item_options(243).unwrap(), (0..9).collect::<Vec<u32>>());
    for o in 0..729u32 {
        for i in sudoku_option_items(o).unwrap() {
            assert!(
                sudoku_item_options(i).unwrap().contains(&o),
                "option {o} is in item {i}'s list"
            );
        }
    }
    assert_eq!(err(sudoku_option_items(729)), "there is no option 729");
    assert_eq!(err(sudoku_item_options(324)), "there is no item 324");
    assert_eq!(
        err(sudoku_item_options(u32::MAX)),
        format!("there is no item {}", u32::MAX)
    );
    assert_eq!(describe_item(2 * 9 + 6), "row 3 has 7");
    assert_eq!(describe_item(243 + 3 * 9 + 4), "r4c5 is filled");
    assert_eq!(describe_item(324), "item 324");
    assert_eq!(describe_option((2 * 9 + 3) * 9 + 6), "r3c4 = 7");
    assert_eq!(describe_option(u32::MAX), format!("option {}", u32::MAX));
}

// ---------------------------------------------------------------------------------------------
// Bad input: an Error naming the line or cell, never a panic

#[wasm_bindgen_test]
fn arguments_that_are_not_strings_throw_instead_of_trapping() {
    for value in [
        JsValue::from_f64(123.0),
        JsValue::NULL,
        JsValue::UNDEFINED,
        Object::new().into(),
    ] {
        assert_eq!(err(solve(&value)), "the puzzle must be a string");
        assert_eq!(err(count_solutions(&value, 2.0)), "the puzzle must be a string");
        assert_eq!(err(verdict(&value)), "the puzzle must be a string");
        assert_eq!(err(candidates(&value)), "the puzzle must be a string");
        assert_eq!(err(check_puzzle(&value)), "the puzzle must be a string");
        assert_eq!(err(Trace::new(&value).map(|_| ())), "the puzzle must be a string");
        assert_eq!(err(parse(&value)), "the text must be a string");
    }
}

#[wasm_bindgen_test]
fn bad_puzzles_throw_errors_naming_line_and_cell() {
    let short = ".".repeat(79);
    let mut letter = ".".repeat(81);
    letter.replace_range(11..12, "x");
    let clash = format!("11{}", ".".repeat(79));
    let cases: [(&str, &str); 5] = [
        (&short, "line 1: expected 81 cells, found 79"),
        (&letter, "line 1, cell 12 (r2c3): 'x' is not a digit or a blank"),
        (&clash, "line 1: r1c2: 1 already in row 1"),
        ("", "empty input: no puzzle found"),
        (" \n\r\n\t", "empty input: no puzzle found"),
    ];
    for (input, expected) in cases {
        assert_eq!(err(solve(&js(input))), expected, "solve(&js({input:?}))");
        assert_eq!(
            err(count_solutions(&js(input), 2.0)),
            expected,
            "countSolutions({input:?})"
        );
        assert_eq!(err(verdict(&js(input))), expected, "verdict(&js({input:?}))");
        assert_eq!(err(candidates(&js(input))), expected, "candidates(&js({input:?}))");
        assert_eq!(err(check_puzzle(&js(input))), expected, "checkPuzzle({input:?})");
        assert_eq!(
            err(Trace::new(&js(input)).map(|_| ())),
            expected,
            "new Trace({input:?})"
        );
    }
    // parse(&js()) reads the grid only; clashing givens are the solver's business.
    assert_eq!(
        strings(get(&parse(&js(&clash)).unwrap(), "puzzles")),
        vec![clash.clone()]
    );
    assert_eq!(
        err(parse(&js(&letter))),
        "line 1, cell 12 (r2c3): 'x' is not a digit or a blank"
    );
    // The error is on the line where it is.
    assert_eq!(
        err(solve(&js(&format!("\n\n{clash}\n")))),
        "line 3: r1c2: 1 already in row 1"
    );
    // Bad limits.
    assert_eq!(
        err(count_solutions(&js(SAMPLE), -1.0)),
        "the limit must be a number ≥ 0"
    );
    assert_eq!(
        err(count_solutions(&js(SAMPLE), f64::NAN)),
        "the limit must be a number ≥ 0"
    );
}

#[wasm_bindgen_test]
fn hostile_strings_are_errors_not_panics() {
    let ten_mb = "x".repeat(10 << 20);
    let ten_mb_lines = format!("{}\n", ".".repeat(80)).repeat(10 << 20 >> 7);
    let hostile: Vec<(String, &str)> = vec![
        (ten_mb, "line 1"),
        (ten_mb_lines, "line 1: expected 81 cells, found 80"),
        ("\0".repeat(81), "line 1, cell 1 (r1c1)"),
        ("\0".to_string(), "line 1"),
        (format!("{}\0", ".".repeat(80)), "line 1, cell 81 (r9c9)"),
        ("é".repeat(81), "line 1, cell 1 (r1c1): 'é'"),
        ("١".repeat(81), "line 1, cell 1 (r1c1)"), // Arabic-Indic digit one: not a digit here
        ("😀".repeat(81), "line 1, cell 1 (r1c1)"),
        (format!("{}😀", ".".repeat(80)), "line 1, cell 81 (r9c9)"),
        // A byte-order mark at the start is dropped, so it is not a cell.
        ("\u{feff}".to_string() + &".".repeat(80), "line 1: expected 81 cells, found 80"),
        ("\u{202e}".repeat(3), "line 1"),
        ("9\n".repeat(100_000), "line "), // a hiho count of 9, then rows of one token
        ("end".to_string(), "no puzzle found"),
        (format!("{}\r\n{}", ".".repeat(81), "?".repeat(81)), "line 2"),
        ("-1\n".to_string(), "line 1"),
        ("99999999999999999999999\n".to_string(), "line 1"),
        ("1\n1 2 3\n".to_string(), "line 2"),
    ];
    for (input, expected) in &hostile {
        let shown: String = input.chars().take(20).collect();
        let m = err(solve(&js(input)));
        assert!(
            m.contains(expected),
            "solve(&js({shown:?}…)) → {m:?}, expected it to contain {expected:?}"
        );
        let m = err(Trace::new(&js(input)).map(|_| ()));
        assert!(m.contains(expected), "new Trace({shown:?}…) → {m:?}");
        assert!(!m.is_empty() && m.len() < 200, "short messages: {m:?}");
        if !expected.contains("no puzzle") {
            assert!(m.starts_with("line "), "{m:?} names the line");
        }
    }
    // parse(&js()) of the same strings either throws or returns something well formed.
    for (input, _) in &hostile {
        if let Ok(p) = parse(&js(input)) {
            for s in strings(get(&p, "puzzles")) {
                assert_eq!(s.len(), 81);
            }
        }
    }
}

#[wasm_bindgen_test]
fn bad_exact_cover_problems_are_errors() {
    fn opts(options: &[&[f64]]) -> Array {
        options
            .iter()
            .map(|o| o.iter().map(|&i| JsValue::from(i)).collect::<Array>())
            .collect()
    }
    let e = |p: u32, s: u32, o: Array| err(Trace::exact_cover(p, s, o).map(|_| ()));
    assert!(e(3, 0, opts(&[&[0.0, 7.0]])).contains('7'), "item out of range");
    assert!(e(3, 0, opts(&[&[1.0, 1.0]])).contains("1"), "repeated item");
    assert!(e(3, 0, opts(&[&[-1.0]])).starts_with("option 0:"), "negative item");
    assert!(e(3, 0, opts(&[&[1.5]])).starts_with("option 0:"), "fractional item");
    assert!(e(3, 0, opts(&[&[f64::NAN]])).starts_with("option 0:"), "NaN item");
    assert!(
        e(2, 2, opts(&[&[0.0], &[2.0, 3.0]])).contains('1'),
        "option 1 has no primary item"
    );
    assert!(e(u32::MAX, u32::MAX, Array::new()).starts_with("too many items"));
    // On wasm32 a usize sum of these wraps around to 1: it must still be refused.
    assert!(e(u32::MAX, 2, Array::new()).starts_with("too many items"));
    assert!(e(1 << 20, 1, Array::new()).starts_with("too many items"));
    let not_arrays: Array = [JsValue::from(1), JsValue::from_str("abc")].iter().collect();
    assert_eq!(e(3, 0, not_arrays), "option 0 is not an array");
    let mixed: Array = [JsValue::from(Array::of1(&JsValue::from(0))), JsValue::NULL]
        .iter()
        .collect();
    assert_eq!(e(3, 0, mixed), "option 1 is not an array");
    for not_an_array in [
        JsValue::NULL,
        JsValue::UNDEFINED,
        JsValue::from(3),
        JsValue::from_str("abc"),
        Object::new().into(),
    ] {
        assert_eq!(
            e(3, 0, not_an_array.unchecked_into()),
            "the options must be an array of arrays of item numbers"
        );
    }
    let strs: Array = [JsValue::from(Array::of1(&JsValue::from_str("0")))].iter().collect();
    assert!(e(3, 0, strs).starts_with("option 0:"));
    // Degenerate but valid problems run to Done.
    for (p, s, o) in [(0, 0, Array::new()), (3, 0, Array::new()), (1, 0, opts(&[&[]]))] {
        if let Ok(mut t) = Trace::exact_cover(p, s, o) {
            let events = decode(&t.next_batch(1000));
            assert_eq!(events.last().map(|e| e.0), Some(DONE));
            assert!(t.done());
        }
    }
    // Item numbers out of range for a trace are errors too.
    assert_eq!(err(knuth().item_options(7)), "there is no item 7");
}

// ---------------------------------------------------------------------------------------------
// The trace

#[wasm_bindgen_test]
fn knuths_example_streams_41_events_ending_with_done() {
    let mut t = knuth();
    assert!(t.at_start() && !t.done());
    assert_eq!((t.items(), t.options(), t.givens()), (7, 6, None));
    let mut events = Vec::new();
    let mut solution = None;
    loop {
        let batch = decode(&t.next_batch(1));
        if batch.is_empty() {
            break;
        }
        assert_eq!(batch.len(), 1);
        if batch[0].0 == SOLUTION {
            solution = Some(t.solution());
        }
        events.extend(batch);
    }
    assert_eq!(events.len(), 41);
    assert_eq!(
        &events[..3],
        &[(CHOOSE, 0, 2), (COVER, 0, 0), (TRY, 1, 0)],
        "choose a (2 options), cover a, try option 1"
    );
    assert_eq!(events.last(), Some(&(DONE, 0, 0)));
    assert_eq!(events.iter().filter(|e| e.0 == DONE).count(), 1);
    assert_eq!(
        solution,
        Some(vec![3, 0, 4]),
        "Knuth's one solution: options a d, c e f, b g"
    );
    let count = |k| events.iter().filter(|e| e.0 == k).count();
    assert_eq!(count(COVER), count(UNCOVER), "covers and uncovers balance");
    assert_eq!(count(TRY), count(UNTRY), "tries and untries balance");
    assert_eq!(count(SOLUTION), 1);
    assert_eq!((t.events(), t.solutions()), (41.0, 1.0));
    assert_eq!(t.dead_ends() as usize, count(DEAD_END));
    assert_eq!(t.nodes() as usize, count(TRY));
    assert!(t.done() && t.depth() == 0 && t.covered_items().is_empty());
    assert_eq!(t.item_lengths(), vec![2, 2, 2, 3, 2, 2, 3], "every list restored");
    assert!(t.next_batch(10).is_empty(), "nothing after done");
    // In one batch the same events; and all the way back gives them in reverse.
    let mut u = knuth();
    let words = u.next_batch(1_000_000);
    assert_eq!(decode(&words), events);
    let mut back = decode(&u.prev_batch(1_000_000));
    back.reverse();
    assert_eq!(back, events);
    assert!(u.at_start() && u.events() == 0.0);
    assert!(u.prev_batch(5).is_empty(), "nothing before the start");
}

#[wasm_bindgen_test]
fn back_n_then_forward_n_is_the_identity() {
    // HARD's whole search is 7,931 events; the empty grid's never ends.
    for (puzzle, total) in [(HARD.to_string(), 5_000u32), (empty_grid(), 20_000)] {
        let mut t = Trace::new(&js(&puzzle)).unwrap();
        assert_eq!(t.givens().as_deref(), Some(puzzle.as_str()));
        assert_eq!((t.items(), t.options()), (324, 729));
        let first = t.next_batch(total);
        assert_eq!(first.len() as u32, 2 * total);
        let at = snapshot(&t);
        for n in [0u32, 1, 2, 3, 7, 41, 100, 999, 4_999, 5_000, 19_999, 20_000, 25_000] {
            let back = t.prev_batch(n);
            let undone = n.min(total);
            assert_eq!(back.len() as u32, 2 * undone, "n = {n}");
            assert_eq!(t.events(), (total - undone) as f64);
            assert_eq!(t.at_start(), undone == total);
            let fwd = t.next_batch(undone);
            let mut replay = decode(&back);
            replay.reverse();
            assert!(
                decode(&fwd) == replay,
                "n = {n}: forward replays the undone events in order"
            );
            // (assert! rather than assert_eq!: the Debug of 20,000 events drowns the output)
            let tail = &first[first.len() - fwd.len()..];
            if let Some(k) = (0..fwd.len()).find(|&k| fwd[k] != tail[k]) {
                panic!(
                    "n = {n}: word {k} of the replay differs from the first pass: {:?} vs {:?}",
                    &fwd[k & !1..(k & !1) + 8],
                    &tail[k & !1..(k & !1) + 8]
                );
            }
            assert_eq!(snapshot(&t), at, "n = {n}: the same counters and state");
        }
        // Forward then back is the identity too.
        let more = t.next_batch(3_000);
        let mut back = decode(&t.prev_batch(more.len() as u32 / 2));
        back.reverse();
        assert!(back == decode(&more), "forward then back");
        assert_eq!(snapshot(&t), at);
    }
}

#[wasm_bindgen_test]
fn a_whole_search_balances_and_counts_its_solutions() {
    // The 16-clue grid end to end through the trace: 1158 solutions, covers and uncovers balance.
    let mut t = Trace::new(&js(SIXTEEN_CLUES)).unwrap();
    let (mut covers, mut uncovers, mut solutions, mut total) = (0u64, 0u64, 0u64, 0u64);
    let mut last = None;
    loop {
        let batch = decode(&t.next_batch(1 << 16));
        if batch.is_empty() {
            break;
        }
        for &(kind, a, _) in &batch {
            match kind {
                COVER => covers += 1,
                UNCOVER => uncovers += 1,
                SOLUTION => solutions += 1,
                _ => {}
            }
            if kind == COVER || kind == UNCOVER || kind == DEAD_END {
                assert!(a < 324);
            }
        }
        total += batch.len() as u64;
        last = batch.last().copied();
    }
    assert_eq!(last, Some((DONE, 0, 0)));
    assert_eq!(solutions, 1158);
    assert_eq!(covers, uncovers);
    assert_eq!((t.events(), t.solutions()), (total as f64, 1158.0));
    // skip() runs to each solution without reporting events.
    let mut s = Trace::new(&js(SIXTEEN_CLUES)).unwrap();
    let mut found = 0;
    while !s.done() {
        s.skip(1e18);
        if !s.done() {
            found += 1;
            assert_eq!(s.depth() as usize + 16, 81, "skip stops right after a solution");
        }
    }
    assert_eq!(found, 1158);
    assert_eq!(s.events(), total as f64);
    assert_eq!(s.skip(f64::NAN), 0.0);
}

#[wasm_bindgen_test]
fn the_empty_grid_streams_a_million_events_in_flat_memory() {
    let mut t = Trace::new(&js(&empty_grid())).unwrap();
    const BATCH: u32 = 1 << 14;
    // Warm up: the allocator settles on its batch buffers.
    for _ in 0..4 {
        assert_eq!(t.next_batch(BATCH).len() as u32, 2 * BATCH);
    }
    let before = memory_bytes();
    let mut events = 4 * BATCH as u64;
    let mut solutions = 0;
    while events < 1_000_000 {
        let words = t.next_batch(BATCH);
        assert_eq!(words.len() as u32, 2 * BATCH, "the empty grid never runs dry");
        solutions += words.chunks_exact(2).filter(|w| w[0] & 15 == SOLUTION).count();
        events += BATCH as u64;
    }
    assert_eq!(t.events(), events as f64);
    assert!(solutions > 100, "solutions keep coming: {solutions}");
    assert!(t.depth() <= 81);
    assert_eq!(memory_bytes(), before, "wasm memory did not grow over {events} events");
    // The biggest batch (capped at 2^20 events) and back again, then memory stays put.
    let big = t.next_batch(u32::MAX);
    assert_eq!(big.len(), 2 << 20, "batches are capped at 2^20 events");
    drop(big);
    let back = t.prev_batch(u32::MAX);
    assert_eq!(back.len(), 2 << 20);
    drop(back);
    let after_big = memory_bytes();
    for _ in 0..8 {
        t.next_batch(1 << 20);
        t.prev_batch(1 << 20);
    }
    assert_eq!(memory_bytes(), after_big);
    assert_eq!(t.events(), events as f64);
}

// ---------------------------------------------------------------------------------------------
// What each cover hid, from the events and the numbering alone

/// A viewer's model, as `www/model.js` keeps it: folded from the events and the numbering
/// (`sudokuItemOptions`, `sudokuOptionItems`), never reading the engine's links.
struct Fold {
    covered: Vec<bool>,
    /// For each option, the item whose cover hid it.
    hidden_by: Vec<Option<u32>>,
    solution: Vec<u32>,
    item_options: Vec<Vec<u32>>,
}

impl Fold {
    fn new(givens: &str) -> Fold {
        let item_options = (0..324).map(|i| sudoku_item_options(i).unwrap()).collect();
        let mut f = Fold {
            covered: vec![false; 324],
            hidden_by: vec![None; 729],
            solution: vec![],
            item_options,
        };
        for (cell, b) in givens.bytes().enumerate() {
            if b.is_ascii_digit() && b != b'0' {
                for i in sudoku_option_items(cell as u32 * 9 + u32::from(b - b'1')).unwrap() {
                    f.cover(i);
                }
            }
        }
        f
    }
    fn cover(&mut self, item: u32) {
        assert!(!self.covered[item as usize], "item {item} covered twice");
        self.covered[item as usize] = true;
        for &o in &self.item_options[item as usize] {
            if self.hidden_by[o as usize].is_none() {
                self.hidden_by[o as usize] = Some(item);
            }
        }
    }
    fn uncover(&mut self, item: u32) {
        assert!(self.covered[item as usize], "item {item} uncovered but not covered");
        self.covered[item as usize] = false;
        for &o in &self.item_options[item as usize] {
            if self.hidden_by[o as usize] == Some(item) {
                self.hidden_by[o as usize] = None;
            }
        }
    }
    fn apply(&mut self, (kind, a, b): Ev) {
        match kind {
            COVER => self.cover(a),
            UNCOVER => self.uncover(a),
            TRY => {
                assert_eq!(b as usize, self.solution.len(), "try at the next level");
                self.solution.push(a);
            }
            UNTRY => assert_eq!(self.solution.pop(), Some(a)),
            _ => {}
        }
    }
    fn revert(&mut self, (kind, a, _): Ev) {
        match kind {
            COVER => self.uncover(a),
            UNCOVER => self.cover(a),
            TRY => assert_eq!(self.solution.pop(), Some(a)),
            UNTRY => self.solution.push(a),
            _ => {}
        }
    }
    /// The fold against what the Trace says of itself.
    fn check(&self, t: &Trace, at: usize) {
        let covered: Vec<u32> = (0..324).filter(|&i| self.covered[i as usize]).collect();
        assert_eq!(t.covered_items(), covered, "event {at}: coveredItems");
        let lengths = t.item_lengths();
        for i in 0..324u32 {
            if !self.covered[i as usize] {
                let live: Vec<u32> = self.item_options[i as usize]
                    .iter()
                    .copied()
                    .filter(|&o| self.hidden_by[o as usize].is_none())
                    .collect();
                assert_eq!(t.item_options(i).unwrap(), live, "event {at}: itemOptions({i})");
                assert_eq!(lengths[i as usize] as usize, live.len(), "event {at}: itemLengths[{i}]");
            }
        }
        assert_eq!(t.solution(), self.solution, "event {at}: solution");
        assert_eq!(t.depth() as usize, self.solution.len());
    }
}

#[wasm_bindgen_test]
fn which_options_a_cover_hid_follows_from_the_numbering() {
    for (puzzle, steps) in [
        (HARD.to_string(), 4_000usize),
        (empty_grid(), 2_000),
        (SIXTEEN_CLUES.to_string(), 2_000),
    ] {
        let mut t = Trace::new(&js(&puzzle)).unwrap();
        let mut fold = Fold::new(&t.givens().unwrap());
        fold.check(&t, 0);
        let mut history = Vec::new();
        for at in 1..=steps {
            let batch = decode(&t.next_batch(1));
            assert_eq!(batch.len(), 1);
            let e = batch[0];
            if e.0 == CHOOSE {
                // The choice is the first uncovered item with the fewest options (MRV).
                let lengths = t.item_lengths();
                let min = (0..324)
                    .filter(|&i| !fold.covered[i])
                    .map(|i| lengths[i])
                    .min()
                    .unwrap();
                let first = (0..324).find(|&i| !fold.covered[i] && lengths[i] == min).unwrap();
                assert_eq!((e.1, e.2), (first as u32, min), "event {at}: choose");
            }
            fold.apply(e);
            history.push(e);
            fold.check(&t, at);
        }
        // And backwards: each prevBatch event reverted from the fold matches the Trace again.
        for at in (steps / 2..steps).rev() {
            let back = decode(&t.prev_batch(1));
            assert_eq!(back, vec![history[at]], "step back {at}");
            fold.revert(back[0]);
            fold.check(&t, at);
        }
    }
}
