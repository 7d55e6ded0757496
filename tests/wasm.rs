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
    candidates, check_cover, check_givens, check_puzzle, count_cover, count_solutions, cover_example, generate_puzzle,
    hint, parse, solve, sudoku_tables, verdict, EventKind, EventWord, ItemFlag, MatrixCanvas, OptionState, PlainSearch,
    Trace,
};
use js_sys::{Array, ArrayBuffer, Object, Reflect, Uint16Array, Uint32Array, Uint8Array, WebAssembly};
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

/// A field of an object that must be a JS array of numbers.
fn numbers(o: &Object, key: &str) -> Vec<u32> {
    let v = get(o, key);
    assert!(Array::is_array(&v), "{key} is an array");
    Array::from(&v)
        .iter()
        .map(|x| {
            let x = x.as_f64().unwrap_or_else(|| panic!("{key}: {x:?} is a number"));
            assert!(x >= 0.0 && x.fract() == 0.0, "{key}: {x}");
            x as u32
        })
        .collect()
}

/// A field of an object that must be a `Uint8Array`.
fn u8s(o: &Object, key: &str) -> Vec<u8> {
    get(o, key)
        .dyn_into::<Uint8Array>()
        .unwrap_or_else(|_| panic!("{key} is a Uint8Array"))
        .to_vec()
}

/// A field of an object that must be a `Uint16Array`.
fn u16s(o: &Object, key: &str) -> Vec<u16> {
    get(o, key)
        .dyn_into::<Uint16Array>()
        .unwrap_or_else(|_| panic!("{key} is a Uint16Array"))
        .to_vec()
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

/// The layout of an event's first word, `kind | b << KIND_BITS`, as exported.
const KIND_BITS: u32 = EventWord::KindBits as u32;
const KIND_MASK: u32 = (1 << KIND_BITS) - 1;

fn kind_of(word: u32) -> u32 {
    word & KIND_MASK
}

fn decode(words: &[u32]) -> Vec<Ev> {
    assert_eq!(words.len() % 2, 0, "two words per event");
    assert_eq!(KIND_BITS + EventWord::BBits as u32, 32, "the layout fills the word");
    words
        .chunks_exact(2)
        .map(|w| {
            let kind = kind_of(w[0]);
            assert!(kind <= EventKind::Done as u32, "unknown kind {kind}");
            (kind, w[1], w[0] >> KIND_BITS)
        })
        .collect()
}

/// The events of a typed array of words.
fn events_of(words: Uint32Array) -> Vec<Ev> {
    decode(&words.to_vec())
}

const CHOOSE: u32 = EventKind::Choose as u32;
const COVER: u32 = EventKind::Cover as u32;
const UNCOVER: u32 = EventKind::Uncover as u32;
const TRY: u32 = EventKind::Try as u32;
const UNTRY: u32 = EventKind::Untry as u32;
const SOLUTION: u32 = EventKind::Solution as u32;
const DEAD_END: u32 = EventKind::DeadEnd as u32;
const DONE: u32 = EventKind::Done as u32;

/// `lastKind`, `lastA` and `lastB` are the last event of the stream (or -1, 0, 0 at the start).
fn assert_last(t: &Trace, last: Option<Ev>, what: &str) {
    let want = last.map_or((-1, 0, 0), |(k, a, b)| (k as i32, a, b));
    assert_eq!(
        (t.last_kind(), t.last_a(), t.last_b()),
        want,
        "{what}: lastKind, lastA, lastB"
    );
}

/// Everything a viewer can read off a Trace between batches (after a `refresh`).
#[derive(Debug, PartialEq)]
struct Snapshot {
    counters: [f64; 5],
    depth: u32,
    done: bool,
    at_start: bool,
    level_ended: bool,
    last: (i32, u32, u32),
    solution: Vec<u32>,
    chosen: Vec<u32>,
    choices: Vec<u32>,
    covered: Vec<u32>,
    lengths: Vec<u32>,
    flags: Vec<u8>,
    states: Vec<u8>,
}

fn snapshot(t: &mut Trace) -> Snapshot {
    t.refresh();
    let choices = t.choices().to_vec();
    assert_eq!(choices.len() % 5, 0, "five numbers per open level");
    Snapshot {
        counters: [t.events(), t.nodes(), t.updates(), t.solutions(), t.dead_ends()],
        depth: t.depth(),
        done: t.done(),
        at_start: t.at_start(),
        level_ended: t.level_ended(),
        last: (t.last_kind(), t.last_a(), t.last_b()),
        solution: t.solution().to_vec(),
        chosen: choices.chunks_exact(5).map(|c| c[0]).collect(),
        choices,
        covered: t.covered_items().to_vec(),
        lengths: t.item_lengths().to_vec(),
        flags: t.item_flags().to_vec(),
        states: t.option_states().to_vec(),
    }
}

/// The counters a viewer shows, [events, nodes, updates, solutions, dead ends], on Knuth's
/// example as worked out by hand (src/exact_cover/tests.rs has the 41 events): none at the
/// start; at the dead end, 11 events, 2 options tried, 10 nodes unlinked (a 3, d 2, g 1,
/// b 2, c 2, f 0); at the end 41, 5, 17, one solution and one dead end.
#[wasm_bindgen_test]
fn knuths_counters_are_the_hand_worked_ones() {
    let mut t = knuth();
    assert_eq!(snapshot(&mut t).counters, [0.0; 5]);
    let mut at_dead_end = None;
    while !t.done() {
        let events = events_of(t.next_batch(1));
        if events.first().map(|e| e.0) == Some(DEAD_END) {
            at_dead_end = Some(snapshot(&mut t).counters);
        }
    }
    assert_eq!(at_dead_end, Some([11.0, 2.0, 10.0, 0.0, 1.0]));
    assert_eq!(snapshot(&mut t).counters, [41.0, 5.0, 17.0, 1.0, 1.0]);
}

/// `levelEnded` (what the narration says "back up" on) is true right after a solution or a
/// dead end, never after a choice, a cover, a try or an untry, and false at the start; an
/// uncover ends a level only when it gives back the item the level chose.
#[wasm_bindgen_test]
fn a_level_ends_at_a_solution_a_dead_end_or_the_chosen_items_uncover() {
    let mut t = knuth();
    assert!(!snapshot(&mut t).level_ended, "at the start");
    let (mut ended, mut chooses) = ([0; 8], 0);
    loop {
        let chosen = snapshot(&mut t).chosen;
        let events = events_of(t.next_batch(1));
        let Some(&(kind, a, _)) = events.first() else { break };
        let now = snapshot(&mut t);
        match kind {
            SOLUTION | DEAD_END => assert!(now.level_ended, "after {events:?}"),
            CHOOSE | COVER | TRY | UNTRY => assert!(!now.level_ended, "after {events:?}"),
            UNCOVER => assert_eq!(now.level_ended, chosen.last() == Some(&a), "after {events:?}"),
            _ => {}
        }
        ended[kind as usize] += usize::from(now.level_ended);
        chooses += usize::from(kind == CHOOSE);
    }
    // Knuth's search: one solution, one dead end, and every level that chose an item ends
    // when its branches run out (the whole search is run).
    assert_eq!((ended[SOLUTION as usize], ended[DEAD_END as usize]), (1, 1));
    assert_eq!(ended[UNCOVER as usize], chooses);
    assert!(chooses > 2, "{chooses} levels");
}

/// The options of Knuth's example, by hand.
const KNUTH_OPTIONS: [&[u32]; 6] = [&[2, 4, 5], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]];

fn knuth_options() -> Array {
    KNUTH_OPTIONS
        .iter()
        .map(|o| o.iter().map(|&i| JsValue::from(i)).collect::<Array>())
        .collect()
}

/// Knuth's example built from its options, with no names.
fn knuth() -> Trace {
    Trace::exact_cover(7, 0, knuth_options(), None).expect("Knuth's example is well formed")
}

/// The Sudoku numbering as `sudokuTables` hands it out.
struct Tables {
    items: usize,
    options: usize,
    option_items: Vec<u16>,
    item_options: Vec<u16>,
    option_cell: Vec<u16>,
    option_digit: Vec<u8>,
    item_kind: Vec<u8>,
    kind_names: Vec<String>,
    item_unit: Vec<u16>,
    item_digit: Vec<u8>,
    item_names: Vec<String>,
    option_names: Vec<String>,
    cell_names: Vec<String>,
}

fn tables() -> Tables {
    let o = sudoku_tables(None, None).expect("the tables build");
    let count = |key: &str| get(&o, key).as_f64().unwrap_or_else(|| panic!("{key} is a number")) as usize;
    let t = Tables {
        items: count("items"),
        options: count("options"),
        option_items: u16s(&o, "optionItems"),
        item_options: u16s(&o, "itemOptions"),
        option_cell: u16s(&o, "optionCell"),
        option_digit: u8s(&o, "optionDigit"),
        item_kind: u8s(&o, "itemKind"),
        kind_names: strings(get(&o, "kindNames")),
        item_unit: u16s(&o, "itemUnit"),
        item_digit: u8s(&o, "itemDigit"),
        item_names: strings(get(&o, "itemNames")),
        option_names: strings(get(&o, "optionNames")),
        cell_names: strings(get(&o, "cellNames")),
    };
    assert_eq!(count("cells"), 81);
    assert_eq!((t.items, t.options), (324, 729));
    assert_eq!(t.option_items.len(), 4 * t.options);
    assert_eq!(t.item_options.len(), 9 * t.items);
    assert_eq!((t.option_cell.len(), t.option_digit.len()), (t.options, t.options));
    assert_eq!(
        (t.item_kind.len(), t.item_unit.len(), t.item_digit.len()),
        (t.items, t.items, t.items)
    );
    assert_eq!(
        (t.item_names.len(), t.option_names.len(), t.cell_names.len()),
        (324, 729, 81)
    );
    t
}

impl Tables {
    fn option_items(&self, o: usize) -> &[u16] {
        &self.option_items[4 * o..4 * o + 4]
    }
    fn item_options(&self, i: usize) -> &[u16] {
        &self.item_options[9 * i..9 * i + 9]
    }
    /// The item of a name, which must be unique.
    fn item_named(&self, name: &str) -> usize {
        let found: Vec<usize> = (0..self.items).filter(|&i| self.item_names[i] == name).collect();
        assert_eq!(found.len(), 1, "one item is named {name:?}");
        found[0]
    }
    /// The item of a kind ("cell", "row", "column", "box"), unit (0-based) and digit (0 for a cell).
    fn item_of(&self, kind: &str, unit: u8, digit: u8) -> usize {
        let k = self.kind_names.iter().position(|n| n == kind).unwrap() as u8;
        let found: Vec<usize> = (0..self.items)
            .filter(|&i| self.item_kind[i] == k && self.item_unit[i] == u16::from(unit) && self.item_digit[i] == digit)
            .collect();
        assert_eq!(found.len(), 1, "one item is ({kind}, {unit}, {digit})");
        found[0]
    }
    /// The option placing `digit` (1..=9) in `cell`.
    fn option_of(&self, cell: usize, digit: u8) -> usize {
        let found: Vec<usize> = (0..self.options)
            .filter(|&o| usize::from(self.option_cell[o]) == cell && self.option_digit[o] == digit)
            .collect();
        assert_eq!(found.len(), 1, "one option places {digit} in cell {cell}");
        found[0]
    }
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

    let t = tables();
    assert_eq!(t.kind_names, ["cell", "row", "column", "box"]);
    let name = |cell: usize| format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
    for cell in 0..81 {
        assert_eq!(t.cell_names[cell], name(cell));
    }
    assert_eq!(t.cell_names[2 * 9 + 3], "r3c4");
    // Every item's name says what its kind, unit and digit say; every item is named once.
    for i in 0..t.items {
        let (u, d) = (t.item_unit[i], t.item_digit[i]);
        let expected = match t.kind_names[usize::from(t.item_kind[i])].as_str() {
            "cell" => {
                assert_eq!(d, 0, "a cell item has no digit");
                assert!(u < 81);
                format!("{} is filled", t.cell_names[usize::from(u)])
            }
            kind => {
                assert!(u < 9 && (1..=9).contains(&d), "item {i}: {kind} {u} {d}");
                format!("{kind} {} has {d}", u + 1)
            }
        };
        assert_eq!(t.item_names[i], expected, "item {i}");
        assert_eq!(t.item_named(&expected), i);
    }
    // Every option places a digit in a cell, once; its name says so.
    let mut placed = vec![false; 729];
    for o in 0..t.options {
        let (cell, d) = (usize::from(t.option_cell[o]), t.option_digit[o]);
        assert!(cell < 81 && (1..=9).contains(&d), "option {o}");
        assert!(
            !placed[cell * 9 + usize::from(d - 1)],
            "option {o} is the only {cell}, {d}"
        );
        placed[cell * 9 + usize::from(d - 1)] = true;
        assert_eq!(t.option_names[o], format!("{} = {d}", t.cell_names[cell]));
    }
    let option_named = |s: &str| t.option_names.iter().position(|n| n == s).unwrap();
    let names = |items: &[u16]| {
        let mut v: Vec<&str> = items.iter().map(|&i| t.item_names[usize::from(i)].as_str()).collect();
        v.sort_unstable();
        v
    };
    let sorted = |mut v: Vec<&'static str>| {
        v.sort_unstable();
        v
    };
    // r1c1 = 1 and r9c9 = 9 each fill their cell and put their digit in their row, column and box.
    assert_eq!(
        names(t.option_items(t.option_of(0, 1))),
        sorted(vec!["row 1 has 1", "column 1 has 1", "box 1 has 1", "r1c1 is filled"])
    );
    assert_eq!(
        names(t.option_items(t.option_of(80, 9))),
        sorted(vec!["row 9 has 9", "column 9 has 9", "box 9 has 9", "r9c9 is filled"])
    );
    // Row 1 has 1: r1c1 = 1 … r1c9 = 1; r1c1 is filled: r1c1 = 1 … r1c1 = 9, top to bottom.
    let option_names = |i: usize| -> Vec<String> {
        t.item_options(i)
            .iter()
            .map(|&o| t.option_names[usize::from(o)].clone())
            .collect()
    };
    assert_eq!(
        option_names(t.item_named("row 1 has 1")),
        (1..=9).map(|c| format!("r1c{c} = 1")).collect::<Vec<_>>()
    );
    assert_eq!(
        option_names(t.item_named("r1c1 is filled")),
        (1..=9).map(|d| format!("r1c1 = {d}")).collect::<Vec<_>>()
    );
    // Every option is in each of its items' lists, and every item's options have it.
    for o in 0..t.options {
        let items = t.option_items(o);
        for k in 0..4 {
            assert!(!items[..k].contains(&items[k]), "option {o} names an item twice");
        }
        for &i in items {
            assert!(usize::from(i) < t.items);
            assert!(
                t.item_options(usize::from(i)).contains(&(o as u16)),
                "option {o} is in item {i}'s list"
            );
        }
    }
    for i in 0..t.items {
        for &o in t.item_options(i) {
            assert!(
                t.option_items(usize::from(o)).contains(&(i as u16)),
                "item {i} is in option {o}"
            );
        }
    }
    // The kinds: one item of each (cell), (row, digit), (column, digit), (box, digit).
    assert_eq!(t.item_names[t.item_of("row", 2, 7)], "row 3 has 7");
    assert_eq!(t.item_names[t.item_of("cell", 3 * 9 + 4, 0)], "r4c5 is filled");
    assert_eq!(t.option_names[t.option_of(2 * 9 + 3, 7)], "r3c4 = 7");
    assert_eq!(option_named("r3c4 = 7"), t.option_of(2 * 9 + 3, 7));
    // A Sudoku trace names its items and options the same way, and refuses numbers out of range.
    let trace = Trace::new(&js(&empty_grid())).unwrap();
    assert_eq!(trace.item_name(t.item_of("row", 2, 7) as u32), "row 3 has 7");
    assert_eq!(trace.item_name(t.item_named("r4c5 is filled") as u32), "r4c5 is filled");
    assert_eq!(trace.item_name(324), "item 324");
    assert_eq!(trace.option_name(t.option_of(2 * 9 + 3, 7) as u32), "r3c4 = 7");
    assert_eq!(trace.option_name(u32::MAX), format!("option {}", u32::MAX));
    for i in 0..t.items {
        assert_eq!(trace.item_name(i as u32), t.item_names[i]);
        let mut mine: Vec<u32> = trace.item_options(i as u32).unwrap().to_vec();
        mine.sort_unstable();
        let mut theirs: Vec<u32> = t.item_options(i).iter().map(|&o| u32::from(o)).collect();
        theirs.sort_unstable();
        assert_eq!(mine, theirs, "the trace's item {i} has the table's options");
    }
    for o in 0..t.options {
        assert_eq!(trace.option_name(o as u32), t.option_names[o]);
        let mine = trace.option_items(o as u32).unwrap().to_vec();
        let theirs: Vec<u32> = t.option_items(o).iter().map(|&i| u32::from(i)).collect();
        assert_eq!(
            mine, theirs,
            "the trace's option {o} has the table's items, in node order"
        );
    }
    assert_eq!(err(trace.option_items(729)), "there is no option 729");
    assert_eq!(err(trace.item_options(324)), "there is no item 324");
    assert_eq!(
        err(trace.item_options(u32::MAX)),
        format!("there is no item {}", u32::MAX)
    );
}

#[wasm_bindgen_test]
fn check_givens_names_clashes_and_stuck_cells() {
    let clashes = |o: &Object| -> Vec<(u32, u32, String)> {
        Array::from(&get(o, "clashes"))
            .iter()
            .map(|c| {
                let c: Object = c.dyn_into().unwrap();
                (
                    get(&c, "cell").as_f64().unwrap() as u32,
                    get(&c, "other").as_f64().unwrap() as u32,
                    get(&c, "message").as_string().unwrap(),
                )
            })
            .collect()
    };
    // Two 1s in row 1 and box 1: two clashes, both of r1c2 with r1c1; no stuck cell looked for.
    let two_ones = format!("11{}", ".".repeat(79));
    let r = check_givens(&js(&two_ones), None).unwrap();
    assert_eq!(
        clashes(&r),
        vec![
            (1, 0, "r1c2: 1 already in row 1 (r1c1)".to_string()),
            (1, 0, "r1c2: 1 already in box 1 (r1c1)".to_string()),
        ]
    );
    assert_eq!(numbers(&r, "stuck"), Vec::<u32>::new());
    // r1c1 sees 2..9 in its row and 1 in its column: stuck, though nothing clashes.
    // With clashes too (two 5s in row 9 and box 7), only the clashes are named.
    let both = format!(".23456789{}{}55{}", "1", ".".repeat(62), ".".repeat(7));
    let r = check_givens(&js(&both), None).unwrap();
    assert_eq!(clashes(&r).len(), 2);
    assert_eq!(numbers(&r, "stuck"), Vec::<u32>::new(), "no stuck cell looked for");
    let stuck = format!(".23456789{}{}", "1", ".".repeat(71));
    let r = check_givens(&js(&stuck), None).unwrap();
    assert!(clashes(&r).is_empty());
    assert_eq!(numbers(&r, "stuck"), vec![0]);
    // "0" blanks work too; the same line with r1c1 filled in is fine.
    let r = check_givens(&js(&stuck.replace('.', "0")), None).unwrap();
    assert_eq!((clashes(&r).len(), numbers(&r, "stuck")), (0, vec![0]));
    // r1c9 sees 1..8 in its row and the 9 of r3c7 in its box alone: stuck too.
    let by_box = format!("12345678.{}......9..{}", ".".repeat(9), ".".repeat(54));
    let r = check_givens(&js(&by_box), None).unwrap();
    assert_eq!((clashes(&r).len(), numbers(&r, "stuck")), (0, vec![8]));
    for fine in [empty_grid(), SAMPLE.to_string(), HARD.to_string()] {
        let r = check_givens(&js(&fine), None).unwrap();
        assert!(clashes(&r).is_empty() && numbers(&r, "stuck").is_empty(), "{fine}");
    }
    // A column clash, named with the earlier cell.
    let col = format!("5{}5{}", ".".repeat(71), ".".repeat(8));
    assert_eq!(col.len(), 81);
    assert_eq!(
        clashes(&check_givens(&js(&col), None).unwrap()),
        vec![(72, 0, "r9c1: 5 already in column 1 (r1c1)".to_string())]
    );
    // Lines of the wrong length, bad characters and non-strings are errors.
    for bad in [".".repeat(80), ".".repeat(82), String::new()] {
        let m = err(check_givens(&js(&bad), None));
        assert!(m.contains("81"), "{m:?} names 81");
    }
    assert!(err(check_givens(&js(&format!("x{}", ".".repeat(80))), None)).contains('x'));
    for value in [JsValue::from_f64(1.0), JsValue::NULL, JsValue::UNDEFINED] {
        assert_eq!(err(check_givens(&value, None)), "the puzzle must be a string");
    }
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
        (
            "\u{feff}".to_string() + &".".repeat(80),
            "line 1: expected 81 cells, found 80",
        ),
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
    let e = |p: u32, s: u32, o: Array| err(Trace::exact_cover(p, s, o, None).map(|_| ()));
    assert_eq!(e(3, 0, opts(&[&[0.0, 7.0]])), "option 0: there is no item 7");
    assert_eq!(e(3, 0, opts(&[&[1.0, 1.0]])), "option 0: item 1 appears twice");
    assert!(e(3, 0, opts(&[&[-1.0]])).starts_with("option 0:"), "negative item");
    assert!(e(3, 0, opts(&[&[1.5]])).starts_with("option 0:"), "fractional item");
    assert!(e(3, 0, opts(&[&[f64::NAN]])).starts_with("option 0:"), "NaN item");
    // Items are u32s below u32::MAX: from there on a number is no item number at all.
    assert_eq!(
        e(3, 0, opts(&[&[4294967294.0]])),
        "option 0: there is no item 4294967294"
    );
    assert_eq!(
        e(3, 0, opts(&[&[4294967295.0]])),
        "option 0: JsValue(4294967295) is not an item number"
    );
    assert_eq!(e(2, 2, opts(&[&[0.0], &[2.0, 3.0]])), "option 1 has no primary item");
    assert!(e(u32::MAX, u32::MAX, Array::new()).starts_with("too many items"));
    // On wasm32 a usize sum of these wraps around to 1: it must still be refused.
    assert!(e(u32::MAX, 2, Array::new()).starts_with("too many items"));
    assert!(e(1 << 20, 1, Array::new()).starts_with("too many items"));
    // The most it takes: 2^20 items (no options; every primary item is then a dead end).
    assert!(
        Trace::exact_cover(1 << 19, 1 << 19, Array::new(), None).is_ok(),
        "2^20 items"
    );
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
    // Degenerate but valid problems run to Done: no item (one solution, the empty set), items
    // with no option (none), a secondary item (two). An empty option covers no primary item: an error.
    for (p, s, o, solutions) in [
        (0, 0, Array::new(), 1),
        (3, 0, Array::new(), 0),
        (1, 1, opts(&[&[0.0, 1.0], &[0.0]]), 2),
    ] {
        let mut t = Trace::exact_cover(p, s, o, None).expect("a valid problem");
        let events = events_of(t.next_batch(1000));
        assert_eq!(events.last().map(|e| e.0), Some(DONE));
        assert_eq!(
            events.iter().filter(|e| e.0 == SOLUTION).count(),
            solutions,
            "({p}, {s})"
        );
        assert!(t.done());
    }
    assert_eq!(e(1, 0, opts(&[&[]])), "option 0 has no primary item");
    // Item numbers out of range for a trace are errors too.
    assert_eq!(err(knuth().item_options(7)), "there is no item 7");
    assert_eq!(err(knuth().option_items(6)), "there is no option 6");
    assert_eq!(err(Trace::knuth().item_options(7)), "there is no item 7");
}

#[wasm_bindgen_test]
fn exact_cover_items_can_be_named() {
    let names = |v: &[&str]| -> Array { v.iter().map(|&s| JsValue::from_str(s)).collect() };
    let abc = ["a", "b", "c", "d", "e", "f", "g"];
    let t = Trace::exact_cover(7, 0, knuth_options(), Some(names(&abc))).unwrap();
    for (i, n) in abc.iter().enumerate() {
        assert_eq!(t.item_name(i as u32), *n);
    }
    assert_eq!(t.item_name(7), "item 7");
    assert_eq!(t.item_name(u32::MAX), format!("item {}", u32::MAX));
    // An option is named by its items, in node order.
    let option_names: Vec<String> = (0..6).map(|o| t.option_name(o)).collect();
    assert_eq!(option_names, ["c e f", "a d g", "b c f", "a d", "b g", "d e g"]);
    assert_eq!(t.option_name(6), "option 6");
    // Without names, items are named by their numbers.
    let u = knuth();
    assert_eq!(
        (u.item_name(0), u.item_name(6), u.item_name(7)),
        ("0".into(), "6".into(), "item 7".into())
    );
    assert_eq!(u.option_name(1), "0 3 6");
    // Names with secondary items: one per item, primary first.
    let m = Trace::exact_cover(
        1,
        1,
        [Array::of2(&JsValue::from(0), &JsValue::from(1))].iter().collect(),
        Some(names(&["p", "s"])),
    )
    .unwrap();
    assert_eq!((m.item_name(1), m.option_name(0)), ("s".to_string(), "p s".to_string()));
    assert_eq!((m.items(), m.primary(), m.options()), (2, 1, 1));
    // Too few, too many, or names that are not strings: clean errors.
    let e = |n: Array| err(Trace::exact_cover(7, 0, knuth_options(), Some(n)).map(|_| ()));
    assert_eq!(e(names(&abc[..6])), "6 names for 7 items");
    assert_eq!(
        e(names(&["a", "b", "c", "d", "e", "f", "g", "h"])),
        "8 names for 7 items"
    );
    assert_eq!(e(Array::new()), "0 names for 7 items");
    let mut bad: Vec<JsValue> = abc.iter().map(|&s| JsValue::from_str(s)).collect();
    bad[2] = JsValue::from(3);
    assert_eq!(e(bad.iter().collect()), "the name of item 2 is not a string");
    bad[2] = JsValue::NULL;
    assert_eq!(e(bad.iter().collect()), "the name of item 2 is not a string");
    bad[2] = JsValue::from_str("c");
    bad[6] = JsValue::UNDEFINED;
    assert_eq!(e(bad.iter().collect()), "the name of item 6 is not a string");
}

/// The node arrays a viewer draws Knuth's example from, against the layout worked out from
/// the options by hand: item headers 0..7, a spacer, then each option's nodes and a spacer;
/// each item's list runs down its nodes in order, each option's `right` round its nodes. The
/// item list is a, b, … g between the primary root (7); the secondary root (8) is alone.
/// Then the most nodes handed out, 4096, and one option more.
#[wasm_bindgen_test]
fn the_node_arrays_are_knuths_layout() {
    const NONE: u32 = u32::MAX;
    let (mut top, mut option) = (vec![0, 1, 2, 3, 4, 5, 6, NONE], vec![NONE; 8]);
    let mut right = vec![NONE; 8];
    for (o, items) in KNUTH_OPTIONS.iter().enumerate() {
        let first = top.len() as u32;
        for (k, &i) in items.iter().enumerate() {
            top.push(i);
            option.push(o as u32);
            right.push(first + ((k + 1) % items.len()) as u32);
        }
        top.push(NONE);
        option.push(NONE);
        right.push(NONE);
    }
    assert_eq!(top.len(), 7 + 1 + 16 + 6);
    let t = knuth();
    let links = t.node_links().unwrap().to_vec();
    assert_eq!(links.len(), 4 * top.len());
    assert_eq!(t.node_options().to_vec(), option);
    for (q, node) in links.chunks_exact(4).enumerate() {
        let (up, down, tp, r) = (node[0], node[1], node[2], node[3]);
        assert_eq!(tp, top[q], "node {q}'s item");
        if top[q] == NONE {
            continue; // a spacer's up and down are the engine's own business
        }
        let item = top[q];
        let list: Vec<u32> = (8..top.len() as u32).filter(|&p| top[p as usize] == item).collect();
        let at = list.iter().position(|&p| p == q as u32);
        let (above, below) = match at {
            None => (*list.last().unwrap(), list[0]), // the header: up to the last, down to the first
            Some(k) => (
                if k == 0 { item } else { list[k - 1] },
                list.get(k + 1).copied().unwrap_or(item),
            ),
        };
        assert_eq!((up, down), (above, below), "node {q}'s up and down");
        if at.is_some() {
            assert_eq!(r, right[q], "node {q}'s right");
        }
    }
    let expected: Vec<u32> = (0..9u32)
        .flat_map(|i| match i {
            0 => [7, 1],
            6 => [5, 7],
            7 => [6, 0],
            8 => [8, 8],
            _ => [i - 1, i + 1],
        })
        .collect();
    assert_eq!(t.item_links().to_vec(), expected);
    // One item and its one-node options: 1 header, 1 spacer, 2 nodes an option.
    let singles = |n: usize| -> Array { (0..n).map(|_| Array::of1(&JsValue::from(0))).collect() };
    let most = Trace::exact_cover(1, 0, singles(2047), None).unwrap();
    assert_eq!(most.node_options().length(), 4096);
    assert_eq!(most.node_links().unwrap().length(), 4 * 4096);
    let over = Trace::exact_cover(1, 0, singles(2048), None).unwrap();
    assert_eq!(err(over.node_links()), "too many nodes to draw (more than 4096)");
}

#[wasm_bindgen_test]
fn knuth_is_knuths_example_event_for_event() {
    let mut k = Trace::knuth();
    let mut h = knuth();
    assert_eq!(
        (k.items(), k.primary(), k.options(), k.givens()),
        (h.items(), h.primary(), h.options(), h.givens())
    );
    assert_eq!((k.items(), k.primary(), k.options()), (7, 7, 6));
    let names: Vec<String> = (0..7).map(|i| k.item_name(i)).collect();
    assert_eq!(names, ["A", "B", "C", "D", "E", "F", "G"]);
    assert_eq!(k.option_name(3), "A D");
    assert_eq!(k.option_name(0), "C E F");
    for o in 0..6 {
        assert_eq!(k.option_items(o).unwrap().to_vec(), h.option_items(o).unwrap().to_vec());
    }
    assert_eq!(k.node_links().unwrap().to_vec(), h.node_links().unwrap().to_vec());
    assert_eq!(k.node_options().to_vec(), h.node_options().to_vec());
    assert_eq!(k.item_links().to_vec(), h.item_links().to_vec());
    assert_eq!(snapshot(&mut k), snapshot(&mut h));
    let mut n = 0;
    loop {
        let (a, b) = (k.next_batch(1).to_vec(), h.next_batch(1).to_vec());
        assert_eq!(a, b, "event {n}");
        if a.is_empty() {
            break;
        }
        n += 1;
        assert_eq!(snapshot(&mut k), snapshot(&mut h), "after event {n}");
    }
    assert_eq!(n, 41);
    assert!(k.done());
    // And back, event for event.
    loop {
        let (a, b) = (k.prev_batch(1).to_vec(), h.prev_batch(1).to_vec());
        assert_eq!(a, b, "back at event {n}");
        if a.is_empty() {
            break;
        }
        n -= 1;
        assert_eq!(snapshot(&mut k), snapshot(&mut h), "back at event {n}");
    }
    assert_eq!(n, 0);
    assert!(k.at_start());
}

// ---------------------------------------------------------------------------------------------
// The trace

#[wasm_bindgen_test]
fn knuths_example_streams_41_events_ending_with_done() {
    let mut t = knuth();
    assert!(t.at_start() && !t.done());
    assert_eq!((t.items(), t.options(), t.givens()), (7, 6, None));
    assert_last(&t, None, "at the start");
    let mut events = Vec::new();
    let mut solution = None;
    loop {
        let batch = events_of(t.next_batch(1));
        if batch.is_empty() {
            break;
        }
        assert_eq!(batch.len(), 1);
        assert_last(&t, Some(batch[0]), "forwards");
        if batch[0].0 == SOLUTION {
            solution = Some(t.solution().to_vec());
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
    assert!(t.done() && t.depth() == 0 && t.covered_items().length() == 0);
    t.refresh();
    assert_eq!(
        t.item_lengths().to_vec(),
        vec![2, 2, 2, 3, 2, 2, 3],
        "every list restored"
    );
    assert_eq!(t.choices().length(), 0, "no level open at the end");
    assert_eq!(t.next_batch(10).length(), 0, "nothing after done");
    assert_last(&t, Some((DONE, 0, 0)), "after done");
    // In one batch the same events; and all the way back gives them in reverse.
    let mut u = knuth();
    let words = u.next_batch(1_000_000);
    assert_eq!(events_of(words), events);
    assert_last(&u, events.last().copied(), "one batch");
    let mut back = events_of(u.prev_batch(1_000_000));
    back.reverse();
    assert_eq!(back, events);
    assert!(u.at_start() && u.events() == 0.0);
    assert_last(&u, None, "all the way back");
    assert_eq!(u.prev_batch(5).length(), 0, "nothing before the start");
    // One event back at a time: the last event is always the one before.
    u.next_batch(1_000_000);
    for k in (0..events.len()).rev() {
        assert_eq!(events_of(u.prev_batch(1)), vec![events[k]]);
        assert_last(&u, k.checked_sub(1).map(|j| events[j]), "one back");
    }
}

#[wasm_bindgen_test]
fn back_n_then_forward_n_is_the_identity() {
    // HARD's whole search is 7,931 events; the empty grid's never ends.
    for (puzzle, total) in [(HARD.to_string(), 5_000u32), (empty_grid(), 20_000)] {
        let mut t = Trace::new(&js(&puzzle)).unwrap();
        assert_eq!(t.givens().as_deref(), Some(puzzle.as_str()));
        assert_eq!((t.items(), t.options()), (324, 729));
        let first = t.next_batch(total).to_vec();
        assert_eq!(first.len() as u32, 2 * total);
        let stream = decode(&first);
        assert_last(&t, stream.last().copied(), "after the first pass");
        let at = snapshot(&mut t);
        for n in [0u32, 1, 2, 3, 7, 41, 100, 999, 4_999, 5_000, 19_999, 20_000, 25_000] {
            let back = t.prev_batch(n).to_vec();
            let undone = n.min(total);
            assert_eq!(back.len() as u32, 2 * undone, "n = {n}");
            assert_eq!(t.events(), (total - undone) as f64);
            assert_eq!(t.at_start(), undone == total);
            let before = (total - undone) as usize;
            assert_last(&t, before.checked_sub(1).map(|k| stream[k]), "back");
            let fwd = t.next_batch(undone).to_vec();
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
            assert!(snapshot(&mut t) == at, "n = {n}: the same counters and state");
        }
        // Forward then back is the identity too.
        let more = t.next_batch(3_000).to_vec();
        let mut back = events_of(t.prev_batch(more.len() as u32 / 2));
        back.reverse();
        assert!(back == decode(&more), "forward then back");
        assert!(snapshot(&mut t) == at);
    }
}

#[wasm_bindgen_test]
fn a_whole_search_balances_and_counts_its_solutions() {
    // The 16-clue grid end to end through the trace: 1158 solutions, covers and uncovers balance.
    let mut t = Trace::new(&js(SIXTEEN_CLUES)).unwrap();
    let (mut covers, mut uncovers, mut solutions, mut total) = (0u64, 0u64, 0u64, 0u64);
    let mut last = None;
    loop {
        let batch = events_of(t.next_batch(1 << 16));
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
        assert_last(&t, last, "after a batch");
    }
    assert_eq!(last, Some((DONE, 0, 0)));
    assert_eq!(solutions, 1158);
    assert_eq!(covers, uncovers);
    assert_eq!((t.events(), t.solutions()), (total as f64, 1158.0));
    // run() with Solution in the stop set runs to each solution without reporting events.
    let stop_at_solution = 1 << EventKind::Solution as u32;
    let mut s = Trace::new(&js(SIXTEEN_CLUES)).unwrap();
    let mut found = 0;
    let mut ran = 0.0;
    while !s.done() {
        let start_depth = s.depth();
        let n = s.run(1e18, stop_at_solution);
        ran += n;
        assert!(s.stopped(), "a run with no limit stops for a solution or at the end");
        assert!(s.run_min_depth() <= start_depth.min(s.depth()) && s.run_max_depth() >= start_depth.max(s.depth()));
        if !s.done() {
            found += 1;
            assert_eq!(s.depth() as usize + 16, 81, "run stops right after a solution");
            assert_last(&s, Some((SOLUTION, 0, 0)), "run to a solution");
            assert_eq!(s.run_max_depth(), 65, "the deepest point of the run is the solution");
            assert_eq!(s.solutions(), found as f64);
        } else {
            assert_last(&s, Some((DONE, 0, 0)), "run to the end");
            assert_eq!(s.run_min_depth(), 0);
        }
    }
    assert_eq!(found, 1158);
    assert_eq!(s.events(), total as f64);
    assert_eq!(ran, total as f64);
    assert_eq!(s.run(f64::NAN, stop_at_solution), 0.0);
    assert_eq!(s.run(1e18, stop_at_solution), 0.0);
    assert!(s.stopped(), "a finished search stops at once");
    // A limit: exactly that many events, and not stopped.
    let mut u = Trace::new(&js(SIXTEEN_CLUES)).unwrap();
    assert_eq!(u.run(10.0, stop_at_solution), 10.0);
    assert!(!u.stopped());
    assert_eq!(u.events(), 10.0);
    assert_eq!(u.run(-5.0, 0), 0.0, "a negative limit runs nothing");
    assert_eq!(u.run(0.0, 0), 0.0);
    assert!(!u.stopped());
    assert_eq!(u.events(), 10.0);
}

/// The stream of a trace, one event at a time: each event and the depth after it.
fn stream(mut t: Trace, n: usize) -> (f64, Vec<(Ev, u32)>) {
    let start = t.depth() as f64;
    let mut out = Vec::new();
    while out.len() < n {
        let e = events_of(t.next_batch(1));
        if e.is_empty() {
            break;
        }
        out.push((e[0], t.depth()));
    }
    (start, out)
}

/// Runs `make()`'s trace forward to the `n`th Try with `run`, then back to the one
/// before with `runBack`, and checks every step against a plain stream of its events.
fn run_to_the_nth_try_and_back(make: &dyn Fn() -> Trace, n: usize, what: &str) {
    let (start_depth, events) = stream(make(), 1_000_000);
    let tries: Vec<usize> = (0..events.len()).filter(|&k| events[k].0 .0 == TRY).collect();
    assert!(tries.len() >= n && n >= 2, "{what}: {} tries", tries.len());
    let depth_after = |k: Option<usize>| k.map_or(start_depth as u32, |k| events[k].1);
    let depths = |from: Option<usize>, to: usize| {
        // The depths from just after event `from` to just after event `to`.
        let first = from.map_or(0, |f| f + 1);
        let all = std::iter::once(depth_after(from)).chain(events[first..=to].iter().map(|e| e.1));
        (all.clone().min().unwrap(), all.max().unwrap())
    };
    let try_bit = 1 << EventKind::Try as u32;
    let mut t = make();
    let mut at: Option<usize> = None;
    for (j, &k) in tries[..n].iter().enumerate() {
        let ran = t.run(1e18, try_bit);
        assert_eq!(
            ran as usize,
            k - at.map_or(0, |a| a + 1) + 1,
            "{what}: run to try {}",
            j + 1
        );
        assert!(t.stopped());
        assert_eq!(t.events() as usize, k + 1);
        assert_last(&t, Some(events[k].0), what);
        assert_eq!(
            (t.run_min_depth(), t.run_max_depth()),
            depths(at, k),
            "{what}: run depths"
        );
        at = Some(k);
    }
    // Back to the previous Try: the events after it undone, it stays done.
    let (prev, last) = (tries[n - 2], tries[n - 1]);
    let undone = t.run_back(1e18, try_bit);
    assert_eq!(undone as usize, last - prev, "{what}: runBack");
    assert!(t.stopped());
    assert_eq!(t.events() as usize, prev + 1, "{what}: right after try {}", n - 1);
    assert_last(&t, Some(events[prev].0), what);
    assert_eq!(
        (t.run_min_depth(), t.run_max_depth()),
        depths(Some(prev), last),
        "{what}: runBack depths"
    );
    // Exactly where a second trace is after the events up to that Try.
    let mut u = make();
    let words = u.next_batch(prev as u32 + 1);
    let upto: Vec<Ev> = events[..=prev].iter().map(|e| e.0).collect();
    assert_eq!(events_of(words), upto);
    assert_eq!(
        snapshot(&mut t),
        snapshot(&mut u),
        "{what}: runBack lands after try {}",
        n - 1
    );
    // And both go on alike.
    assert_eq!(t.next_batch(50).to_vec(), u.next_batch(50).to_vec());
    assert_eq!(snapshot(&mut t), snapshot(&mut u));
    // A limited runBack stops at its limit, not stopped; an unlimited one at the start.
    let before = t.events();
    assert_eq!(t.run_back(3.0, 0), 3.0);
    assert!(!t.stopped());
    assert_eq!(t.events(), before - 3.0);
    assert_eq!(t.run_back(f64::NAN, 0), 0.0);
    assert_eq!(t.run_back(1e18, 0), before - 3.0);
    assert!(t.stopped() && t.at_start());
    assert_eq!(t.run_min_depth(), 0);
    assert_last(&t, None, "runBack to the start");
    assert_eq!(t.run_back(1e18, try_bit), 0.0);
    assert!(t.stopped());
    assert_eq!(snapshot(&mut t), snapshot(&mut make()), "{what}: back at the start");
}

#[wasm_bindgen_test]
fn run_to_the_fifth_try_then_back_to_the_fourth() {
    run_to_the_nth_try_and_back(&|| Trace::new(&js(HARD)).unwrap(), 5, "HARD, try 5");
    run_to_the_nth_try_and_back(&|| Trace::new(&js(&empty_grid())).unwrap(), 5, "empty grid, try 5");
    run_to_the_nth_try_and_back(&Trace::knuth, 5, "Knuth, try 5");
    // Further in, where the search has backed up between the tries.
    run_to_the_nth_try_and_back(&|| Trace::new(&js(HARD)).unwrap(), 200, "HARD, try 200");
    run_to_the_nth_try_and_back(&|| Trace::new(&js(IMPOSSIBLE)).unwrap(), 30, "IMPOSSIBLE, try 30");
}

#[wasm_bindgen_test]
fn the_empty_grid_streams_a_million_events_in_flat_memory() {
    let mut t = Trace::new(&js(&empty_grid())).unwrap();
    const BATCH: u32 = 1 << 14;
    // Warm up: the allocator settles on its batch buffers, and the search tree the page draws
    // (src/tree.rs) grows to its limit of 2^14 nodes and folds its finished branches into
    // counts, twice (the second word of its header counts the folds).
    let mut events = 0u64;
    let folds = |t: &Trace| t.tree(u32::MAX).to_vec()[1];
    while events < 4 * BATCH as u64 || folds(&t) < 2 {
        let words = t.next_batch(BATCH).to_vec();
        assert_eq!(words.len() as u32, 2 * BATCH);
        events += BATCH as u64;
        assert!(events < 1_000_000, "the tree folds within a million events");
    }
    let before = memory_bytes();
    let warm = events;
    let mut solutions = 0;
    while events < warm + 1_000_000 {
        let words = t.next_batch(BATCH).to_vec();
        assert_eq!(words.len() as u32, 2 * BATCH, "the empty grid never runs dry");
        solutions += words.chunks_exact(2).filter(|w| kind_of(w[0]) == SOLUTION).count();
        events += BATCH as u64;
    }
    assert_eq!(t.events(), events as f64);
    assert!(solutions > 100, "solutions keep coming: {solutions}");
    assert!(t.depth() <= 81);
    assert_eq!(memory_bytes(), before, "wasm memory did not grow over {events} events");
    // The biggest batch (capped at 2^20 events) and back again, then memory stays put.
    let big = t.next_batch(u32::MAX);
    assert_eq!(big.length(), 2 << 20, "batches are capped at 2^20 events");
    drop(big);
    let back = t.prev_batch(u32::MAX);
    assert_eq!(back.length(), 2 << 20);
    drop(back);
    let after_big = memory_bytes();
    for _ in 0..8 {
        t.next_batch(1 << 20);
        t.prev_batch(1 << 20);
    }
    assert_eq!(memory_bytes(), after_big);
    assert_eq!(t.events(), events as f64);
}

#[wasm_bindgen_test]
fn refresh_reports_exactly_what_changed() {
    for puzzle in [HARD.to_string(), empty_grid(), IMPOSSIBLE.to_string()] {
        let mut t = Trace::new(&js(&puzzle)).unwrap();
        let (items, options) = (t.items() as usize, t.options() as usize);
        let everything = |t: &Trace| {
            assert_eq!(t.changed_items().to_vec(), (0..items as u32).collect::<Vec<_>>());
            assert_eq!(t.changed_options().to_vec(), (0..options as u32).collect::<Vec<_>>());
        };
        assert!(t.refresh(), "the first picture is all new");
        everything(&t);
        let picture = |t: &Trace| {
            (
                t.item_lengths().to_vec(),
                t.item_flags().to_vec(),
                t.option_states().to_vec(),
            )
        };
        let mut before = picture(&t);
        assert_eq!(
            (before.0.len(), before.1.len(), before.2.len()),
            (items, items, options)
        );
        let mut check = |t: &mut Trace, what: String| {
            assert!(!t.refresh(), "{what}: only the first refresh is all new");
            let now = picture(t);
            let items_differ: Vec<u32> = (0..items)
                .filter(|&i| now.0[i] != before.0[i] || now.1[i] != before.1[i])
                .map(|i| i as u32)
                .collect();
            let options_differ: Vec<u32> = (0..options)
                .filter(|&o| now.2[o] != before.2[o])
                .map(|o| o as u32)
                .collect();
            assert_eq!(t.changed_items().to_vec(), items_differ, "{what}: changedItems");
            assert_eq!(t.changed_options().to_vec(), options_differ, "{what}: changedOptions");
            before = now;
            !(items_differ.is_empty() && options_differ.is_empty())
        };
        // Forwards one event at a time, then in steps of 1 to 9 back and forth.
        let mut changes = 0;
        for k in 1..=300 {
            assert_eq!(t.next_batch(1).length(), 2);
            changes += usize::from(check(&mut t, format!("{puzzle}: event {k}")));
        }
        assert!(changes > 200, "most events change something: {changes}");
        for k in 1..=150u32 {
            t.prev_batch(k % 9 + 1);
            check(&mut t, format!("{puzzle}: back {k}"));
            if k % 3 == 0 {
                t.next_batch(k % 5 + 1);
                check(&mut t, format!("{puzzle}: forward {k}"));
            }
        }
        // Nothing moved: nothing changed.
        check(&mut t, format!("{puzzle}: again"));
        assert_eq!((t.changed_items().length(), t.changed_options().length()), (0, 0));
        // After forget, everything again.
        t.forget();
        assert!(t.refresh());
        everything(&t);
        assert!(!t.refresh());
        assert_eq!((t.changed_items().length(), t.changed_options().length()), (0, 0));
    }
}

// ---------------------------------------------------------------------------------------------
// What each cover hid, from the events and the numbering alone

/// A viewer's model folded from the events and the numbering (`sudokuTables`) alone,
/// never reading the engine's links: an independent account to check the Trace against.
struct Fold {
    t: Tables,
    covered: Vec<bool>,
    /// For each option, the item whose cover hid it.
    hidden_by: Vec<Option<u32>>,
    /// The givens' options: chosen before the search.
    given: Vec<bool>,
    solution: Vec<u32>,
    /// The open levels, level 0 first: the item chosen, and the last option tried there.
    levels: Vec<(u32, Option<u32>)>,
}

impl Fold {
    fn new(givens: &str) -> Fold {
        let t = tables();
        let mut f = Fold {
            covered: vec![false; t.items],
            hidden_by: vec![None; t.options],
            given: vec![false; t.options],
            solution: vec![],
            levels: vec![],
            t,
        };
        for (cell, b) in givens.bytes().enumerate() {
            if b.is_ascii_digit() && b != b'0' {
                let o = f.t.option_of(cell, b - b'0');
                f.given[o] = true;
                for i in f.t.option_items(o).to_vec() {
                    f.cover(u32::from(i));
                }
            }
        }
        f
    }
    fn options_of(&self, item: u32) -> Vec<u32> {
        self.t
            .item_options(item as usize)
            .iter()
            .map(|&o| u32::from(o))
            .collect()
    }
    fn cover(&mut self, item: u32) {
        assert!(!self.covered[item as usize], "item {item} covered twice");
        self.covered[item as usize] = true;
        for o in self.options_of(item) {
            if self.hidden_by[o as usize].is_none() {
                self.hidden_by[o as usize] = Some(item);
            }
        }
    }
    fn uncover(&mut self, item: u32) {
        assert!(self.covered[item as usize], "item {item} uncovered but not covered");
        self.covered[item as usize] = false;
        for o in self.options_of(item) {
            if self.hidden_by[o as usize] == Some(item) {
                self.hidden_by[o as usize] = None;
            }
        }
    }
    fn apply(&mut self, (kind, a, b): Ev) {
        match kind {
            CHOOSE => self.levels.push((a, None)),
            COVER => self.cover(a),
            UNCOVER => {
                self.uncover(a);
                if self.levels.last().is_some_and(|l| l.0 == a) && self.solution.len() < self.levels.len() {
                    self.levels.pop(); // X7: the level ran out of options
                }
            }
            TRY => {
                assert_eq!(b as usize, self.solution.len(), "try at the next level");
                assert_eq!(b as usize + 1, self.levels.len(), "try at the open level");
                self.levels[b as usize].1 = Some(a);
                self.solution.push(a);
            }
            UNTRY => {
                assert_eq!(self.solution.pop(), Some(a));
                assert_eq!(b as usize, self.solution.len(), "untry at the top level");
            }
            _ => {}
        }
    }
    /// Takes back an event; the open levels are restored from before it.
    fn revert(&mut self, (kind, a, _): Ev, levels: &[(u32, Option<u32>)]) {
        match kind {
            COVER => self.uncover(a),
            UNCOVER => self.cover(a),
            TRY => assert_eq!(self.solution.pop(), Some(a)),
            UNTRY => self.solution.push(a),
            _ => {}
        }
        self.levels = levels.to_vec();
    }
    /// The options of an item still in its list: for a covered item, those its cover hid.
    fn list(&self, item: u32) -> Vec<u32> {
        let by = if self.covered[item as usize] { Some(item) } else { None };
        self.options_of(item)
            .into_iter()
            .filter(|&o| self.hidden_by[o as usize] == by)
            .collect()
    }
    fn expected_state(&self, o: usize) -> u8 {
        if self.given[o] {
            return OptionState::Given as u8;
        }
        let Some(h) = self.hidden_by[o] else {
            return OptionState::Live as u8;
        };
        (match self.levels.iter().position(|l| l.0 == h) {
            None => OptionState::Hidden,
            Some(k) => {
                let branches = self.list(h);
                let pos = |x: u32| branches.iter().position(|&b| b == x).unwrap();
                if self.solution.get(k) == Some(&(o as u32)) {
                    OptionState::Tried
                } else if self.levels[k].1.is_some_and(|t| pos(o as u32) <= pos(t)) {
                    OptionState::Spent
                } else {
                    OptionState::Pending
                }
            }
        }) as u8
    }
    /// The fold against what the Trace says of itself (after a refresh).
    fn check(&self, t: &mut Trace, at: usize) {
        t.refresh();
        let items = self.t.items;
        let covered: Vec<u32> = (0..items as u32).filter(|&i| self.covered[i as usize]).collect();
        assert_eq!(t.covered_items().to_vec(), covered, "event {at}: coveredItems");
        let lengths = t.item_lengths().to_vec();
        let flags = t.item_flags().to_vec();
        let states = t.option_states().to_vec();
        assert_eq!(
            (lengths.len(), flags.len(), states.len()),
            (items, items, self.t.options)
        );
        // The deepest level's branch being tried, or the next one it will try (between the
        // cover of its item, or a take-back, and the try): its items are no dead end.
        let tried = self.levels.last().and_then(|&(item, last)| {
            let o = if self.solution.len() == self.levels.len() {
                self.solution.last().copied()
            } else {
                let branches = self.list(item);
                let at = last.map_or(0, |t| branches.iter().position(|&b| b == t).unwrap() + 1);
                branches.get(at).copied()
            };
            o.map(|o| self.t.option_items(o as usize).to_vec())
        });
        for i in 0..items as u32 {
            let f = flags[i as usize];
            assert_eq!(
                f & ItemFlag::Covered as u8 != 0,
                self.covered[i as usize],
                "event {at}: item {i} covered?"
            );
            let level = self.levels.iter().position(|l| l.0 == i);
            assert_eq!(
                f & ItemFlag::Chosen as u8 != 0,
                level.is_some(),
                "event {at}: item {i} chosen?"
            );
            assert_eq!(
                f & ItemFlag::Top as u8 != 0,
                level.is_some_and(|k| k + 1 == self.levels.len()),
                "event {at}: item {i} on top?"
            );
            if !self.covered[i as usize] {
                let live = self.list(i);
                assert_eq!(
                    t.item_options(i).unwrap().to_vec(),
                    live,
                    "event {at}: itemOptions({i})"
                );
                assert_eq!(lengths[i as usize] as usize, live.len(), "event {at}: itemLengths[{i}]");
                let dead = live.is_empty() && !tried.as_ref().is_some_and(|its| its.contains(&(i as u16)));
                assert_eq!(
                    f & ItemFlag::DeadEnd as u8 != 0,
                    dead,
                    "event {at}: item {i} a dead end?"
                );
            } else {
                assert_eq!(
                    f & ItemFlag::DeadEnd as u8,
                    0,
                    "event {at}: covered item {i} is no dead end"
                );
            }
        }
        for (o, &state) in states.iter().enumerate() {
            assert_eq!(state, self.expected_state(o), "event {at}: optionStates[{o}]");
        }
        assert_eq!(t.solution().to_vec(), self.solution, "event {at}: solution");
        assert_eq!(t.depth() as usize, self.solution.len());
        // The open levels: the item chosen, the option tried, its rank, the branches.
        let choices = t.choices().to_vec();
        assert_eq!(choices.len(), 5 * self.levels.len(), "event {at}: choices");
        let chosen: Vec<u32> = choices.chunks_exact(5).map(|c| c[0]).collect();
        let folded: Vec<u32> = self.levels.iter().map(|l| l.0).collect();
        assert_eq!(chosen, folded, "event {at}: chosen items");
        for (k, (c, &(item, last))) in choices.chunks_exact(5).zip(&self.levels).enumerate() {
            let branches = self.list(item);
            let pos = |x: u32| branches.iter().position(|&b| b == x).unwrap() as u32;
            let trying = k < self.solution.len();
            let (option, rank) = if trying {
                (self.solution[k], pos(self.solution[k]) + 1)
            } else {
                (u32::MAX, last.map_or(1, |t| pos(t) + 2))
            };
            assert_eq!(
                c,
                [item, option, rank, branches.len() as u32, u32::from(trying)],
                "event {at}: level {k} (item, option, rank, count, trying)"
            );
            assert_eq!(
                t.branches(k as u32).unwrap().to_vec(),
                branches,
                "event {at}: branches({k})"
            );
        }
        let open = self.levels.len();
        assert_eq!(
            err(t.branches(open as u32)),
            format!("level {open} is not open ({open} are)")
        );
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
        assert_eq!(t.primary(), 324, "every Sudoku item is primary");
        let mut fold = Fold::new(&t.givens().unwrap());
        fold.check(&mut t, 0);
        let mut history = Vec::new();
        for at in 1..=steps {
            let batch = events_of(t.next_batch(1));
            assert_eq!(batch.len(), 1);
            let e = batch[0];
            assert_last(&t, Some(e), &format!("event {at}"));
            if e.0 == CHOOSE {
                // The choice is the first uncovered item with the fewest options (MRV).
                t.refresh();
                let lengths = t.item_lengths().to_vec();
                let min = (0..324)
                    .filter(|&i| !fold.covered[i])
                    .map(|i| lengths[i])
                    .min()
                    .unwrap();
                let first = (0..324).find(|&i| !fold.covered[i] && lengths[i] == min).unwrap();
                assert_eq!((e.1, e.2), (first as u32, min), "event {at}: choose");
            }
            history.push((e, fold.levels.clone()));
            fold.apply(e);
            fold.check(&mut t, at);
        }
        // And backwards: each prevBatch event reverted from the fold matches the Trace again.
        for at in (steps / 2..steps).rev() {
            let back = events_of(t.prev_batch(1));
            let (e, levels) = &history[at];
            assert_eq!(back, vec![*e], "step back {at}");
            assert_last(&t, Some(history[at - 1].0), &format!("back at {at}"));
            fold.revert(back[0], levels);
            fold.check(&mut t, at);
        }
    }
}

/// `dlx-sudoku generate --count 1 --difficulty hard --seed 2026` writes this puzzle natively;
/// the page's generator must give the very same one.
#[wasm_bindgen_test]
fn the_page_generates_the_command_lines_puzzle_for_a_seed() {
    let made = generate_puzzle(&"hard".into(), &JsValue::UNDEFINED, 2026.0).unwrap();
    let get = |k: &str| Reflect::get(&made, &k.into()).unwrap().as_string().unwrap();
    assert_eq!(
        get("line"),
        "..8.4.3.5..9.2..6...5..74.8..1..2..4.7.65....83.......1..83.9.....7.......3......"
    );
    assert_eq!(get("level"), "hard");
    assert_eq!(get("logic"), "XY-Wing");
    assert!(generate_puzzle(&"insane".into(), &JsValue::UNDEFINED, 1.0).is_err());
    assert!(generate_puzzle(&JsValue::UNDEFINED, &"spiral".into(), 1.0).is_err());
    assert!(generate_puzzle(&JsValue::UNDEFINED, &JsValue::UNDEFINED, -1.0).is_err());
    assert!(generate_puzzle(&JsValue::UNDEFINED, &JsValue::UNDEFINED, 0.5).is_err());
    // A missing level or symmetry is any level, no symmetry, undefined or null alike; one
    // that is not a string is an error.
    let line = |made: Object| Reflect::get(&made, &"line".into()).unwrap().as_string().unwrap();
    let any = line(generate_puzzle(&JsValue::UNDEFINED, &JsValue::UNDEFINED, 5.0).unwrap());
    assert_eq!(line(generate_puzzle(&JsValue::NULL, &JsValue::NULL, 5.0).unwrap()), any);
    assert_eq!(line(generate_puzzle(&JsValue::NULL, &"none".into(), 5.0).unwrap()), any);
    assert_eq!(
        err(generate_puzzle(&3.into(), &JsValue::UNDEFINED, 1.0)),
        "the level must be a string"
    );
    assert_eq!(
        err(generate_puzzle(&JsValue::UNDEFINED, &3.into(), 1.0)),
        "the symmetry must be a string"
    );
    // Where logic stalls, the page is told how far it got.
    let expert = generate_puzzle(&"expert".into(), &JsValue::UNDEFINED, 2026.0).unwrap();
    let logic = Reflect::get(&expert, &"logic".into()).unwrap().as_string().unwrap();
    assert!(
        logic.starts_with("needs search (") && logic.ends_with(" cells open)"),
        "{logic}"
    );
}

#[wasm_bindgen_test]
fn hints_name_the_technique_and_never_place_it() {
    let get = |h: &Object, k: &str| Reflect::get(h, &k.into()).unwrap();
    let kind = |h: &Object| get(h, "kind").as_string().unwrap();
    // r1c1 sees 2-4 in its row, 5-7 in its column, 8 and 9 in its box: only 1 is left.
    let line = "...234....8.........9......5........6........7...................................";
    let h = hint(&line.into(), None).unwrap();
    assert_eq!(kind(&h), "step");
    assert_eq!(get(&h, "technique").as_string().unwrap(), "Naked single");
    assert_eq!(
        get(&h, "why").as_string().unwrap(),
        "Naked single: 1 is the only candidate left in r1c1."
    );
    let place: Array = get(&h, "place").dyn_into().unwrap();
    assert_eq!((place.get(0).as_f64(), place.get(1).as_f64()), (Some(0.0), Some(1.0)));
    let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    assert_eq!(kind(&hint(&solved.into(), None).unwrap()), "solved");
    let empty = hint(&".".repeat(81).as_str().into(), None).unwrap();
    assert_eq!(kind(&empty), "stuck");
    assert_eq!(get(&empty, "open").as_f64(), Some(81.0));
    assert!(get(&empty, "why").as_string().unwrap().starts_with("Stuck: "));
    assert!(hint(&format!("11{}", ".".repeat(79)).as_str().into(), None).is_err());
    // Pencil marks count: a unique puzzle whose one blank is r1c1 (= 5), marked 1/2 only.
    let mut marks = vec![0u16; 81];
    marks[0] = 0b110;
    let one_blank = format!(".{}", &solved[1..]);
    let h = hint(&one_blank.as_str().into(), Some(marks.clone())).unwrap();
    assert_eq!(kind(&h), "markedOut");
    assert_eq!(
        (get(&h, "cell").as_f64(), get(&h, "digit").as_f64()),
        (Some(0.0), Some(5.0))
    );
    marks[0] = 1 << 5;
    assert_eq!(kind(&hint(&one_blank.as_str().into(), Some(marks)).unwrap()), "step");
    assert!(hint(&line.into(), Some(vec![0; 80])).is_err(), "80 marks");
    // A wrong digit in a cell that clashes with nothing: no solution from here.
    let wrong = format!("1{}", &one_blank[1..]);
    assert!(hint(&wrong.as_str().into(), None).is_err(), "1 clashes in its row");
    // Norvig's: nothing clashes, yet there is no solution.
    let norvig = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
    let h = hint(&norvig.into(), None).unwrap();
    assert_eq!(kind(&h), "noSolution");
    assert!(get(&h, "why").as_string().unwrap().starts_with("No solution from here"));
}

// ---------------------------------------------------------------------------------------------
// Any exact-cover problem in Knuth's DLX1 format (the page's workbench)

/// Counts the solutions of a trace by running it to the end.
fn run_out(t: &mut Trace) -> f64 {
    while !t.done() {
        t.run(1e6, 0);
    }
    t.solutions()
}

#[wasm_bindgen_test]
fn cover_examples_have_their_known_counts_in_the_page_s_engine() {
    for (name, arg, items, options, count) in [
        ("queens", Some("4"), 4 + 4 + 7 + 7, 16, 2.0),
        ("queens", Some("5"), 5 + 5 + 9 + 9, 25, 10.0),
        ("queens", Some("8"), 8 + 8 + 15 + 15, 64, 92.0),
        ("langford", Some("3"), 3 + 6, 9, 2.0),
        ("langford", Some("4"), 4 + 8, 18, 2.0),
        ("pentominoes", Some("3x5"), 3 + 15, 44, 4.0),
        ("pentominoes", Some("3x20"), 12 + 60, 0, 8.0),
        ("knuth", None, 7, 6, 1.0),
    ] {
        let arg = arg.map_or(JsValue::UNDEFINED, js);
        let text = cover_example(&js(name), &arg).unwrap();
        assert!(text.starts_with("| "), "{name}: a comment says what it is");
        let checked = check_cover(&js(&text)).unwrap();
        assert!(get(&checked, "error").is_null(), "{name}");
        assert_eq!(get(&checked, "items").as_f64(), Some(items as f64), "{name}");
        if options > 0 {
            assert_eq!(get(&checked, "options").as_f64(), Some(options as f64), "{name}");
        }
        let mut t = Trace::cover(&js(&text)).unwrap();
        assert_eq!(t.items(), items, "{name}");
        assert_eq!(run_out(&mut t), count, "{name} {arg:?}");
        // Back to the start by undoing, and the same count again.
        while !t.at_start() {
            t.run_back(1e6, 0);
        }
        assert_eq!((t.solutions(), t.events()), (0.0, 0.0), "{name}");
        assert_eq!(run_out(&mut t), count, "{name}, second time");
    }
}

/// A problem with colours (DLX2's example) steps forwards and backwards: its options named with
/// their colours, a purified item's colour in `itemColours` while an option gives it one (and
/// gone when stepped back), DLX2's cleansings, and its one solution.
#[wasm_bindgen_test]
fn a_colour_problem_steps_both_ways_showing_each_item_s_colour() {
    let text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n";
    let mut t = Trace::cover(&js(text)).unwrap();
    assert!(t.coloured());
    assert_eq!(t.option_name(1), "A C X:1 Y:1");
    let mut seen = Vec::new();
    while !t.done() {
        t.next_batch(1);
        t.refresh();
        let colours = t.item_colours().to_vec();
        if colours[3] != 0 {
            seen.push(t.colour_name(colours[3]));
        }
    }
    assert_eq!((t.solutions(), t.cleansings()), (1.0, 5.0));
    assert!(
        seen.contains(&"0".to_string()) && seen.contains(&"1".to_string()),
        "{seen:?}"
    );
    while !t.at_start() {
        t.prev_batch(1);
    }
    t.refresh();
    assert!(t.item_colours().to_vec().iter().all(|&c| c == 0));
    assert_eq!(t.cleansings(), 0.0);
    // The graceful example of the gallery: K3's 6 labellings.
    let mut g = Trace::cover(&js(&cover_example(&js("graceful"), &js("K3")).unwrap())).unwrap();
    assert_eq!(run_out(&mut g), 6.0);
}

#[wasm_bindgen_test]
fn a_dlx1_text_names_items_and_options_as_written() {
    let text = cover_example(&js("queens"), &js("4")).unwrap();
    let t = Trace::cover(&js(&text)).unwrap();
    assert_eq!((t.items(), t.primary(), t.options()), (22, 8, 16));
    assert_eq!(t.item_name(0), "r0");
    assert_eq!(t.item_name(8), "a0");
    assert_eq!(t.option_name(1), "r0 c1 a1 b2");
    // Knuth's example read as text is the engine's own example, event for event.
    let mut k = Trace::cover(&js(&cover_example(&js("knuth"), &JsValue::UNDEFINED).unwrap())).unwrap();
    let mut h = Trace::knuth();
    assert_eq!(k.item_name(0), "a");
    assert_eq!(k.option_name(0), "c e f");
    assert_eq!(k.node_links().unwrap().to_vec(), h.node_links().unwrap().to_vec());
    loop {
        let (a, b) = (k.next_batch(1).to_vec(), h.next_batch(1).to_vec());
        assert_eq!(a, b);
        if a.is_empty() {
            break;
        }
    }
    assert_eq!(k.events(), 41.0);
}

#[wasm_bindgen_test]
fn bad_dlx1_texts_give_the_line_and_column() {
    let check = |text: &str| -> (f64, f64, String) {
        let o = check_cover(&js(text)).unwrap();
        let e: Object = get(&o, "error").dyn_into().expect("an error object");
        (
            get(&e, "line").as_f64().unwrap(),
            get(&e, "column").as_f64().unwrap(),
            get(&e, "message").as_string().unwrap(),
        )
    };
    assert_eq!(
        check("a b\na q\n"),
        (2.0, 3.0, "line 2, column 3: unknown item \"q\"".into())
    );
    assert_eq!(
        check("| only a comment\n\n"),
        (
            2.0,
            0.0,
            "empty input: no item line (only blank lines and comments)".into()
        )
    );
    assert_eq!(check("a b a\n").0, 1.0);
    assert_eq!(check("a b a\n").1, 5.0);
    assert_eq!(
        check("a | b\nb\n"),
        (2.0, 1.0, "line 2, column 1: this option has no primary item".into())
    );
    assert_eq!(
        check("a | b\nb a:red\n"),
        (
            2.0,
            3.0,
            "line 2, column 3: \"a:red\": a primary item cannot have a colour (only secondary items take DLX2's item:colour)"
                .into()
        )
    );
    assert!(check("a b\n\u{e9}a a\n").2.starts_with("line 2, column"));
    // The same errors from the constructor, as thrown JS errors; never a panic.
    assert_eq!(
        err(Trace::cover(&js("a b\na q\n")).map(|_| ())),
        "line 2, column 3: unknown item \"q\""
    );
    assert_eq!(
        err(Trace::cover(&JsValue::from_f64(3.0)).map(|_| ())),
        "the problem must be a string"
    );
    assert_eq!(
        err(check_cover(&JsValue::NULL).map(|_| ())),
        "the problem must be a string"
    );
    let long = format!("{}\n", "x".repeat(100_000));
    assert!(check(&long).2.contains("is longer than 64 bytes"));
}

#[wasm_bindgen_test]
fn count_cover_counts_with_the_plain_search_up_to_a_limit() {
    let queens8 = cover_example(&js("queens"), &js("8")).unwrap();
    assert_eq!(count_cover(&js(&queens8), 1e9).unwrap(), 92.0);
    assert_eq!(count_cover(&js(&queens8), 10.0).unwrap(), 10.0);
    assert_eq!(count_cover(&js(&queens8), 0.0).unwrap(), 0.0);
    assert_eq!(count_cover(&js(&queens8), f64::NAN).unwrap(), 0.0);
    assert_eq!(count_cover(&js(&queens8), -5.0).unwrap(), 0.0);
    assert_eq!(
        count_cover(&js(&queens8), 2.7).unwrap(),
        2.0,
        "a limit's fraction is cut off"
    );
    let langford7 = cover_example(&js("langford"), &js("7")).unwrap();
    assert_eq!(count_cover(&js(&langford7), f64::INFINITY).unwrap(), 52.0);
    assert_eq!(
        err(count_cover(&js("a b\na q\n"), 1.0)),
        "line 2, column 3: unknown item \"q\""
    );
    assert_eq!(
        err(count_cover(&JsValue::UNDEFINED, 1.0)),
        "the problem must be a string"
    );
}

#[wasm_bindgen_test]
fn bad_example_names_say_what_was_expected() {
    assert_eq!(
        err(cover_example(&js("queens"), &js("0"))),
        "queens takes N (1 to 1000)"
    );
    assert_eq!(
        err(cover_example(&js("chess"), &JsValue::UNDEFINED)),
        "unknown example \"chess\" (expected queens, pentominoes, langford, knuth, sudoku, word-squares, graceful)"
    );
    // The page has no files: a word list by name is an error, not a panic.
    assert_eq!(
        err(cover_example(&js("word-squares"), &js("words.txt"))),
        "word-squares: the word list is a file, which only the command line reads (dlx-sudoku cover --example word-squares FILE)"
    );
    assert_eq!(
        err(cover_example(&js("graceful"), &js("Q3"))),
        err(cover_example(&js("graceful"), &JsValue::UNDEFINED))
    );
    assert_eq!(
        err(cover_example(&js("queens"), &JsValue::from_f64(5.0))),
        "the argument must be a string"
    );
    assert_eq!(
        err(cover_example(&JsValue::TRUE, &JsValue::UNDEFINED)),
        "the example's name must be a string"
    );
}

// ---------------------------------------------------------------------------------------------
// Every size

/// POJ 3076's sample (16×16, letters A–P, `-` blank) and its answer, as one line each.
const POJ3076: &str = include_str!("data/poj3076.in");
const POJ3076_OUT: &str = include_str!("data/poj3076.out");

fn one_line(grid: &str) -> String {
    grid.split_whitespace().collect()
}

#[wasm_bindgen_test]
fn tables_of_every_size_are_the_model_s() {
    for (side, items, options) in [
        (4u32, 64usize, 64usize),
        (9, 324, 729),
        (16, 1024, 4096),
        (25, 2500, 15625),
    ] {
        let o = sudoku_tables(Some(side), None).unwrap();
        let n = |key: &str| get(&o, key).as_f64().unwrap() as usize;
        assert_eq!(
            (n("side"), n("cells"), n("items"), n("options")),
            (side as usize, (side * side) as usize, items, options)
        );
        let (option_items, item_options) = (u16s(&o, "optionItems"), u16s(&o, "itemOptions"));
        let (cell, digit) = (u16s(&o, "optionCell"), u8s(&o, "optionDigit"));
        assert_eq!(
            (option_items.len(), item_options.len()),
            (4 * options, side as usize * items)
        );
        // Every option is in the list of each of its four items, and the last option is the
        // last cell's last digit.
        for opt in 0..options {
            for &i in &option_items[4 * opt..4 * opt + 4] {
                let list = &item_options[side as usize * i as usize..side as usize * (i as usize + 1)];
                assert!(list.contains(&(opt as u16)), "side {side}: option {opt} in item {i}");
            }
        }
        assert_eq!(
            (cell[options - 1] as u32, digit[options - 1] as u32),
            (side * side - 1, side)
        );
        let symbols = get(&o, "symbols").as_string().unwrap();
        assert_eq!(symbols.chars().count(), side as usize);
        assert_eq!(strings(get(&o, "optionNames")).len(), options);
    }
    assert_eq!(
        get(&sudoku_tables(Some(16), None).unwrap(), "symbols")
            .as_string()
            .unwrap(),
        "ABCDEFGHIJKLMNOP"
    );
    let e = sudoku_tables(Some(10), None).unwrap_err();
    assert_eq!(message(e), "no Sudoku of side 10 (4, 9, 16 or 25)");
}

#[wasm_bindgen_test]
fn solve_count_verdict_and_check_at_16x16() {
    let (grid, answer) = (js(POJ3076), one_line(POJ3076_OUT));
    assert_eq!(solve(&grid).unwrap(), Some(answer.clone()));
    assert_eq!(solve(&js(&one_line(POJ3076))).unwrap(), Some(answer.clone()));
    assert_eq!(count_solutions(&grid, 5.0).unwrap(), 1.0);
    let v = verdict(&grid).unwrap();
    assert_eq!(get(&v, "kind").as_string().unwrap(), "unique");
    assert_eq!(strings(get(&v, "solutions")), std::slice::from_ref(&answer));
    // A 4×4 with several solutions; a 16×16 clash named in POJ's letters.
    assert_eq!(count_solutions(&js("1..4..3........."), 100.0).unwrap(), 6.0);
    let mut line = one_line(POJ3076);
    line.replace_range(0..1, "A");
    let e = solve(&js(&line)).unwrap_err();
    assert_eq!(message(e), "line 1: r1c3: A already in row 1");
    let checked = check_givens(&js(&line), None).unwrap();
    let clashes = Array::from(&get(&checked, "clashes"));
    let first = Object::from(clashes.get(0));
    assert_eq!(
        get(&first, "message").as_string().unwrap(),
        "r1c3: A already in row 1 (r1c1)"
    );
    assert_eq!(get(&first, "cell").as_f64(), Some(2.0));
    let fine = check_givens(&js(&one_line(POJ3076)), None).unwrap();
    assert_eq!(Array::from(&get(&fine, "clashes")).length(), 0);
    let e = check_givens(&js(&format!("Q{}", &one_line(POJ3076)[1..])), None).unwrap_err();
    assert_eq!(
        message(e),
        "cell 1 (r1c1): 'Q' is not a symbol of a 16×16 grid (A–P) or a blank"
    );
}

#[wasm_bindgen_test]
fn tables_clashes_and_pastes_in_the_puzzle_s_own_alphabet() {
    // 16×16 has two alphabets: the names follow the one asked for.
    let digits = sudoku_tables(Some(16), Some("digits".into())).unwrap();
    assert_eq!(get(&digits, "symbols").as_string().unwrap(), "123456789ABCDEFG");
    assert_eq!(strings(get(&digits, "itemNames"))[1023], "box 16 has G");
    assert_eq!(strings(get(&digits, "optionNames"))[15], "r1c1 = G");
    let letters = sudoku_tables(Some(16), Some("letters".into())).unwrap();
    assert_eq!(strings(get(&letters, "itemNames"))[1023], "box 16 has P");
    assert_eq!(
        message(sudoku_tables(Some(9), Some("letters".into())).unwrap_err()),
        "a 9×9 grid is not written in letters"
    );
    assert_eq!(
        message(sudoku_tables(Some(16), Some("runes".into())).unwrap_err()),
        "no alphabet \"runes\" (digits or letters)"
    );
    // A line of letters A–G only is ambiguous at 16×16: the alphabet named decides.
    let two_as = format!("AA{}", ".".repeat(254));
    let said = |alphabet: &str| {
        let r = check_givens(&js(&two_as), Some(alphabet.into())).unwrap();
        get(&Object::from(Array::from(&get(&r, "clashes")).get(0)), "message")
            .as_string()
            .unwrap()
    };
    assert_eq!(said("digits"), "r1c2: A already in row 1 (r1c1)");
    assert_eq!(said("letters"), "r1c2: A already in row 1 (r1c1)");
    // A size's alphabets only, at 9×9 too (whose line is read by the 9×9 reader).
    for (cells, alphabet, side) in [(81, "letters", 9), (16, "letters", 4), (625, "digits", 25)] {
        assert_eq!(
            message(check_givens(&js(&".".repeat(cells)), Some(alphabet.into())).unwrap_err()),
            format!("a {side}×{side} grid is not written in {alphabet}")
        );
    }
    assert!(check_givens(&js(&".".repeat(81)), Some("digits".into())).is_ok());
    let ten_in_digits = check_givens(&js(&format!("G{}", ".".repeat(255))), Some("digits".into())).unwrap();
    assert_eq!(Array::from(&get(&ten_in_digits, "clashes")).length(), 0);
    assert!(
        message(check_givens(&js(&format!("P{}", ".".repeat(255))), Some("digits".into())).unwrap_err())
            .contains("'P'")
    );
    // parse reads every size and says which, and in what alphabet.
    let p = parse(&js(POJ3076)).unwrap();
    assert_eq!(get(&p, "format").as_string().unwrap(), "poj");
    assert_eq!(get(&p, "side").as_f64(), Some(16.0));
    assert_eq!(get(&p, "alphabet").as_string().unwrap(), "letters");
    assert_eq!(strings(get(&p, "puzzles")), [one_line(POJ3076).replace('-', ".")]);
    let four = parse(&js("1..4..3.........")).unwrap();
    assert_eq!(
        (get(&four, "side").as_f64(), get(&four, "alphabet").as_string().unwrap()),
        (Some(4.0), "digits".into())
    );
    let nine = parse(&js(&".".repeat(81))).unwrap();
    assert_eq!(get(&nine, "side").as_f64(), Some(9.0));
    let mixed = format!("1G{}", ".".repeat(254));
    assert_eq!(
        get(&parse(&js(&mixed)).unwrap(), "alphabet").as_string().unwrap(),
        "digits"
    );
    assert!(message(parse(&js(&".".repeat(255))).unwrap_err()).contains("256"));
}

#[wasm_bindgen_test]
fn a_16x16_trace_runs_to_its_solution_and_back_with_16x16_names() {
    let mut t = Trace::new(&js(POJ3076)).unwrap();
    assert_eq!((t.side(), t.items(), t.options()), (16, 1024, 4096));
    assert_eq!(t.givens().unwrap(), one_line(POJ3076).replace('-', "."));
    assert_eq!(t.item_name(1023), "box 16 has P");
    assert_eq!(t.option_name(17 * 16 + 15), "r2c2 = P");
    t.run(1e9, 1 << EventKind::Solution as u32);
    assert_eq!(t.solutions(), 1.0);
    // The partial solution plus the givens is the answer.
    let tables = sudoku_tables(Some(16), None).unwrap();
    let (cells, digits) = (u16s(&tables, "optionCell"), u8s(&tables, "optionDigit"));
    let mut grid: Vec<char> = t.givens().unwrap().chars().collect();
    for o in t.solution().to_vec() {
        grid[cells[o as usize] as usize] = char::from(b'A' + digits[o as usize] - 1);
    }
    assert_eq!(grid.into_iter().collect::<String>(), one_line(POJ3076_OUT));
    t.run_back(1e9, 0);
    assert!(t.at_start());
    let small = Trace::new(&js("1..4..3.........")).unwrap();
    assert_eq!((small.side(), small.items(), small.options()), (4, 64, 64));
    assert_eq!(small.item_name(16), "row 1 has 1");
}

// ---------------------------------------------------------------------------------------------
// The whole matrix on a canvas (a browser's: the wasm-chromium stage runs these; Node has no
// canvas, so there they end at once)

/// A fresh canvas of the page's document, or `None` outside a browser.
fn canvas(width: u32, height: u32) -> Option<web_sys::HtmlCanvasElement> {
    let made = js_sys::eval("typeof document === 'undefined' ? null : document.createElement('canvas')").ok()?;
    let canvas: web_sys::HtmlCanvasElement = made.dyn_into().ok()?;
    canvas.set_width(width);
    canvas.set_height(height);
    Some(canvas)
}

/// Whether any pixel of the canvas's rectangle is painted (not fully transparent).
fn painted(canvas: &web_sys::HtmlCanvasElement, x: f64, y: f64, w: f64, h: f64) -> bool {
    let ctx: web_sys::CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    let data = ctx.get_image_data(x, y, w, h).unwrap().data();
    data.chunks_exact(4).any(|p| p[3] != 0)
}

/// `MatrixCanvas`, what the page's whole-matrix view calls, against the Sudoku model's own
/// numbering (options `cell × 9 + digit − 1`, items cells first): its size and names, the
/// fit of a small canvas, the two row orders, drawing only what changed (at its origin, with
/// its gutter of marks), zoom, pan and reveal, the pixel under the pointer, and another size.
#[wasm_bindgen_test]
fn the_matrix_canvas_draws_the_whole_matrix_as_the_model_numbers_it() {
    let Some(c) = canvas(800, 600) else { return };
    let mut m = MatrixCanvas::new(&c).unwrap();
    assert_eq!((m.side(), m.options(), m.items()), (9, 729, 324));
    assert_eq!(
        (m.option_label(0), m.option_label(728)),
        ("r1c1 = 1".into(), "r9c9 = 9".into())
    );
    assert_eq!((m.item_label(0), m.item_label(81)), ("r1c1".into(), "r1#1".into()));
    assert_eq!(m.item_words(0), "r1c1 is filled");
    // Past the last option, item or row: the last.
    assert_eq!(
        (m.option_label(5000), m.item_label(5000), m.item_label(323)),
        ("r9c9 = 9".into(), "b9#9".into(), "b9#9".into())
    );
    assert_eq!(
        (m.item_words(5000), m.item_words(323)),
        (m.item_words(323), "box 9 has 9".into())
    );
    assert_eq!(m.option_at(5000), 728);
    // r4c5, r3#7, c5#7, b2#7: cells from 0, row digits from 81, columns' from 162, boxes' from 243.
    assert_eq!(m.column_key(), vec![31, 81 + 2 * 9 + 6, 162 + 4 * 9 + 6, 243 + 9 + 6]);
    // 9×9's whole view is a pixel a cell (the page scrolls it), with no room for labels.
    m.resize(400, 300, 1, 12);
    assert!(!m.labelled());
    assert_eq!((m.width(), m.height(), m.per_row(), m.per_column()), (324, 729, 1, 1));
    assert_eq!((m.zoom(), m.row0(), m.col0()), (0, 0, 0));
    // Zooms of 4, 8, 16, 24 and 32 pixels a cell, all bigger than the whole view's 1.
    assert_eq!(m.zoom_levels(), 5);
    let band_sum = |bands: Vec<u32>| bands.chunks_exact(2).map(|b| b[1]).sum::<u32>();
    assert_eq!((band_sum(m.row_bands()), band_sum(m.col_bands())), (729, 324));
    assert_eq!(m.col_bands().len(), 2 * 4, "cells, rows, columns, boxes");
    assert_eq!(
        (m.row_band_label(0), m.row_band_label(8), m.row_band_label(9)),
        ("r1".into(), "r9".into(), String::new())
    );
    let kinds = ["cell filled", "row has digit", "column has digit", "box has digit", ""];
    assert_eq!((0..5).map(|k| m.col_band_label(k)).collect::<Vec<_>>(), kinds);
    // Rows by cell, then by digit: row 1 is r1c1 = 2, then r1c2 = 1 (option 9).
    assert!(!m.by_digit());
    assert_eq!((m.option_at(1), m.row_of(1)), (1, 1));
    m.set_by_digit(true);
    assert!(m.by_digit());
    assert_eq!((m.option_at(1), m.row_of(9)), (9, 1));
    assert_eq!(m.row_band_label(8), "digit 9");
    assert!(
        (0..729).all(|o| m.option_at(m.row_of(o)) == o),
        "rows and options, both ways"
    );
    assert_eq!(m.row_of(5000), m.row_of(728), "an option past the last is the last");
    m.set_by_digit(false);
    // Drawing: the first picture is put on the canvas at the origin, marks in the gutter left
    // of it; the same picture again changes nothing; so do a new palette and a selection.
    let mut t = Trace::new(&js(SAMPLE)).unwrap();
    t.refresh();
    let g = m.gutter();
    assert!(g > 0);
    m.set_origin(50.0, 40.0);
    assert!(m.draw(&t).unwrap());
    assert!(!m.draw(&t).unwrap(), "nothing new to draw");
    let (w, h) = (f64::from(m.width()), f64::from(m.height()));
    assert!(painted(&c, 50.0, 40.0, w, h), "the matrix at its origin");
    assert!(
        !painted(&c, 0.0, 0.0, 50.0 - f64::from(g), 600.0),
        "nothing left of the gutter"
    );
    assert!(
        !painted(&c, 50.0 + w, 0.0, 800.0 - 50.0 - w, 600.0),
        "nothing right of the matrix"
    );
    m.set_palette((0..16).map(|k| 0x1020_30ff + k).collect());
    assert!(m.draw(&t).unwrap(), "a new palette repaints");
    m.select(vec![0, 1, 2], vec![0]);
    assert!(m.draw(&t).unwrap(), "a selection tints");
    t.next_batch(12);
    t.refresh();
    assert!(!t.done());
    assert!(m.draw(&t).unwrap(), "the search moved");
    // Marks for the rows tried and the items chosen, in the gutters left of and above it.
    let gut = f64::from(g);
    assert!(painted(&c, 50.0 - gut, 40.0, gut, h), "row marks left of the matrix");
    assert!(painted(&c, 50.0, 40.0 - gut, w, gut), "column marks above it");
    let focus = m.focus();
    assert_eq!(focus.len(), 2);
    assert!(
        focus[0] >= 0 && focus[1] >= 0,
        "something was tried and chosen: {focus:?}"
    );
    let words = m.describe(&t);
    assert!(
        words.starts_with("The whole matrix, 729 options × 324 items"),
        "{words}"
    );
    // Zoom in at the top left: whole cells, fewer rows in view; pan and reveal move it.
    m.set_zoom(m.zoom_levels(), 0, 0);
    assert_eq!(m.zoom(), m.zoom_levels());
    assert_eq!((m.cell_width(), m.cell_height()), (32, 32));
    assert!(m.shown_rows() < 729 && m.visible_cols() < 324);
    assert_eq!(m.visible_rows().len() as u32, m.shown_rows());
    let at = (m.row0(), m.col0());
    m.reveal(-1, -1);
    m.reveal(729, 324);
    assert_eq!((m.row0(), m.col0()), at, "no option or item, nothing to reveal");
    m.reveal(728, 323);
    assert!(m.visible_rows().contains(&728));
    assert!(m.col0() + m.visible_cols() > 323 && m.col0() <= 323);
    assert_eq!(m.cell_at(0, 0), Some(vec![m.row0(), m.col0()]));
    m.pan(-10_000, -10_000);
    assert_eq!((m.row0(), m.col0()), (0, 0));
    assert_eq!(m.visible_rows()[0], 0);
    m.set_zoom(0, 0, 0);
    assert_eq!(m.zoom(), 0);
    // Another size: 4×4's 64 × 64 fits with labels; the 9×9 trace no longer fits the view.
    assert!(m.set_shape(4, None).unwrap());
    assert!(!m.set_shape(4, None).unwrap(), "already 4×4");
    assert_eq!((m.side(), m.options(), m.items()), (4, 64, 64));
    m.resize(800, 600, 1, 12);
    assert!(m.labelled());
    assert_eq!((m.per_row(), m.per_column()), (1, 1));
    assert!(err(m.draw(&t)).contains("setShape first"));
    assert!(m.set_shape(16, Some("letters".into())).unwrap());
    assert_eq!((m.side(), m.options(), m.items()), (16, 4096, 1024));
    assert_eq!(m.option_label(4095), "r16c16 = P", "in POJ 3076's letters");
    // 4,096 rows in 600 pixels: downsampled.
    m.resize(800, 600, 1, 12);
    assert!(!m.labelled());
    assert!(
        m.height() <= 600 && m.per_row() >= 7 && m.per_row() * m.height() >= 4096,
        "{} rows a pixel",
        m.per_row()
    );
    assert!(m.per_column() * m.width() >= 1024);
    assert!(err(m.set_shape(7, None)).contains("no Sudoku of side 7"));
    assert_eq!(m.side(), 16, "a bad size changes nothing");
}

// ---------------------------------------------------------------------------------------------
// The search tree

/// `Trace.tree(from)` split into its header, its path and its nodes (eleven words each).
fn tree_of(t: &Trace, from: u32) -> (u32, u32, Vec<u32>, Vec<[u32; 11]>) {
    let w = t.tree(from).to_vec();
    let path_len = w[2] as usize;
    let path = w[3..3 + path_len].to_vec();
    let nodes = w[3 + path_len..]
        .chunks_exact(11)
        .map(|c| c.try_into().unwrap())
        .collect();
    (w[0], w[1], path, nodes)
}

#[wasm_bindgen_test]
fn the_tree_follows_the_search_both_ways() {
    const NONE: u32 = u32::MAX;
    let mut t = knuth();
    assert_eq!(
        tree_of(&t, 0),
        (1, 0, vec![0], vec![[NONE, NONE, NONE, 0, 0, 0, 0, 0, 0, 0, 0]])
    );
    // Forward to the dead end: a (2 branches), "a d g" (option 1), b (1 branch), "b c f"
    // (option 2), dead on e; the path is root, "a d g", "b c f".
    t.run(1e6, 1 << EventKind::DeadEnd as u32);
    let (size, folds, path, nodes) = tree_of(&t, 0);
    assert_eq!((size, folds, path), (3, 0, vec![0, 1, 2]));
    assert_eq!(
        nodes,
        [
            [NONE, NONE, 0, 2, 0, 0, 0, 1, 0, 0, 0],
            [0, 1, 1, 1, 0, 3, 0, 1, 0, 0, 0],
            [1, 2, 4, 0, 1, 8, 0, 0, 0, 0, 0]
        ]
    );
    assert_eq!(tree_of(&t, 2).3, nodes[2..], "from a node on");
    assert_eq!(t.nodes() as u32 + 1, size);
    // To the end: six nodes, one solution; then back to event 8, the tree of event 8.
    run_out(&mut t);
    let (size, _, path, nodes) = tree_of(&t, 0);
    assert_eq!((size, path), (6, vec![0]));
    assert_eq!(nodes.iter().filter(|n| n[4] == 2).count() as f64, t.solutions());
    assert_eq!(nodes.iter().filter(|n| n[4] == 1).count() as f64, t.dead_ends());
    t.run_back(t.events() - 8.0, 0);
    let (size, _, path, nodes) = tree_of(&t, 0);
    assert_eq!(
        (size, path, nodes[2]),
        (3, vec![0, 1, 2], [1, 2, NONE, 0, 0, 8, 0, 0, 0, 0, 0])
    );
    assert_eq!(t.prev_batch(5).length(), 10, "five events, two words each");
    assert_eq!(tree_of(&t, 0).0, 2, "\"b c f\" undone");
}

#[wasm_bindgen_test]
fn a_big_tree_folds_into_counts_that_add_up_to_the_searchs() {
    // The empty grid's search tries options without end: past 2^14 nodes kept, the finished
    // branches fold into their top nodes' counts (words 8-10 of a node).
    let mut t = Trace::new(&js(&empty_grid())).unwrap();
    // (To the first fold only: in a debug build under chromedriver, a test that runs for
    // tens of seconds on a loaded machine lets the driver time out on the page.)
    while tree_of(&t, 0).1 < 1 {
        t.run(20_000.0, 0);
        assert!(t.events() < 5e6, "the tree folds");
    }
    t.run(1234.0, 0);
    let (size, _, path, nodes) = tree_of(&t, 0);
    assert!(size <= 1 << 14 | 128, "{size} nodes kept");
    assert_eq!(nodes.len() as u32, size);
    // Each node, kept or folded into word `k`, that `is` counts.
    let sum = |k: usize, is: &dyn Fn(&[u32; 11]) -> bool| {
        nodes
            .iter()
            .map(|n| f64::from(n[k]) + f64::from(u8::from(is(n))))
            .sum::<f64>()
    };
    assert_eq!(
        sum(8, &|_| true),
        t.nodes() + 1.0,
        "nodes kept and folded (and the root)"
    );
    assert_eq!(sum(9, &|n| n[4] == 1), t.dead_ends(), "dead ends");
    assert_eq!(sum(10, &|n| n[4] == 2), t.solutions(), "solutions");
    assert!(nodes.iter().any(|n| n[8] > 0), "some nodes hold folded counts");
    assert_eq!(path.len() as u32, t.depth() + 1);
}

/// Plain backtracking as the page drives it: to the end (Contest puzzle 1: 330 nodes, 68 dead
/// ends, 1 solution, the plain DFS's own count, src/sudoku/dfs.rs), back to a node, and bad
/// input refused with a message.
#[wasm_bindgen_test]
fn plain_search_runs_to_the_end_and_back() {
    let line = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    let mut s = PlainSearch::new(&js(line)).unwrap();
    let start = s.state();
    assert_eq!(start.len(), 8 + 81);
    assert_eq!(start[..5], [0.0; 5]);
    assert!(s.seek(f64::INFINITY, 1e9));
    let end = s.state();
    assert_eq!(end[..6], [330.0, 68.0, 1.0, end[3], 1.0, 5.0]);
    let solved = s.solution();
    assert_eq!(solved.len(), 81);
    assert!(
        solved
            .iter()
            .zip(line.bytes())
            .all(|(&d, b)| d != 0 && (b == b'.' || d == b - b'0')),
        "{solved:?}"
    );
    let digits: String = solved.iter().map(|d| char::from(b'0' + d)).collect();
    assert_eq!(
        solve(&js(line)).ok().flatten(),
        Some(digits),
        "the one solution, as the DLX search finds it"
    );
    assert!(!s.seek(2.0, 10.0), "ten events are not enough to get back");
    assert!(s.seek(2.0, 1e9));
    assert_eq!(
        (s.state()[0], s.state()[5]),
        (2.0, 1.0),
        "just after the second digit placed"
    );
    assert!(s.seek(0.0, 1e9));
    assert_eq!(s.state(), start);
    assert!(s.solution().is_empty(), "back at the start: no solution reached");
    assert!(err(PlainSearch::new(&js("11")).map(|_| ())).len() > 3);
    assert!(err(PlainSearch::new(&JsValue::from(5)).map(|_| ())).contains("string"));
}
