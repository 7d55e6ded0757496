//! The search as the page watches it, tested natively: what `tests/wasm.rs` once tested through
//! the wasm `Trace`. Here the stream, both ways, and runs and their stops, against the events
//! and hand-worked examples; in `tests/view.rs` what a viewer reads after a refresh, the names,
//! the node links of a small matrix and the tree. Also run under wasm32 (Node), as every unit
//! test.

use super::events::{EventWord, Kind as EventKind};
use super::*;
use crate::dlx1::examples::Example;
use crate::formats::any::any_puzzle;
use crate::sudoku::model;
use crate::sudoku::Alphabet;
use crate::tree::{TreeHeader, TreeWord};
use crate::view::{ItemFlag, OptionState};

const SIXTEEN_CLUES: &str = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......";
/// The first of magictour's top 1465: hard for DLX.
const HARD: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// Norvig's "impossible" puzzle: no two givens clash, yet it has no solution.
const IMPOSSIBLE: &str = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

fn empty_grid() -> String {
    ".".repeat(81)
}

/// The Sudoku search of a puzzle in any format, as the page makes it.
fn sudoku(text: &str) -> Watch {
    let (puzzle, alphabet) = any_puzzle(text).expect("a puzzle");
    Watch::sudoku(&puzzle, alphabet)
}

/// A problem in DLX1 text, as the workbench makes it.
fn cover(text: &str) -> Watch {
    Watch::cover(&Problem::parse(text).expect("a problem"))
}

/// The DLX1 text of one of the examples.
fn example(name: &str, arg: Option<&str>) -> String {
    Example::from_args(name, arg).expect("an example").to_dlx1()
}

/// What the page reads off a search besides the arrays, as its getters give it.
trait Reads {
    fn events(&self) -> u64;
    fn nodes(&self) -> u64;
    fn updates(&self) -> u64;
    fn solutions(&self) -> u64;
    fn dead_ends(&self) -> u64;
    fn cleansings(&self) -> u64;
    fn depth(&self) -> u32;
    fn done(&self) -> bool;
    fn at_start(&self) -> bool;
    fn level_ended(&self) -> bool;
    fn items(&self) -> u32;
    fn primary(&self) -> u32;
    fn options(&self) -> u32;
    fn coloured(&self) -> bool;
    fn stopped(&self) -> bool;
    fn run_min_depth(&self) -> u32;
    fn run_max_depth(&self) -> u32;
    fn last_kind(&self) -> i32;
    fn last_a(&self) -> u32;
    fn last_b(&self) -> u32;
    fn node_options(&self) -> Vec<u32>;
    fn item_colours(&self) -> Vec<u32>;
    fn item_lengths(&self) -> Vec<u32>;
    fn item_flags(&self) -> Vec<u8>;
    fn option_states(&self) -> Vec<u8>;
}

impl Reads for Watch {
    fn events(&self) -> u64 {
        self.counters().events
    }
    fn nodes(&self) -> u64 {
        self.counters().nodes
    }
    fn updates(&self) -> u64 {
        self.counters().updates
    }
    fn solutions(&self) -> u64 {
        self.counters().solutions
    }
    fn dead_ends(&self) -> u64 {
        self.counters().dead_ends
    }
    fn cleansings(&self) -> u64 {
        self.counters().cleansings
    }
    fn depth(&self) -> u32 {
        self.search().depth() as u32
    }
    fn done(&self) -> bool {
        self.search().is_done()
    }
    fn at_start(&self) -> bool {
        self.search().is_at_start()
    }
    fn level_ended(&self) -> bool {
        self.search().level_ended()
    }
    fn items(&self) -> u32 {
        self.matrix().items() as u32
    }
    fn primary(&self) -> u32 {
        self.matrix().primary() as u32
    }
    fn options(&self) -> u32 {
        self.matrix().options() as u32
    }
    fn coloured(&self) -> bool {
        self.matrix().is_coloured()
    }
    fn stopped(&self) -> bool {
        self.last_run().stopped
    }
    fn run_min_depth(&self) -> u32 {
        self.last_run().min_depth as u32
    }
    fn run_max_depth(&self) -> u32 {
        self.last_run().max_depth as u32
    }
    fn last_kind(&self) -> i32 {
        self.last_fields().0
    }
    fn last_a(&self) -> u32 {
        self.last_fields().1
    }
    fn last_b(&self) -> u32 {
        self.last_fields().2
    }
    fn node_options(&self) -> Vec<u32> {
        self.matrix().node_options().to_vec()
    }
    fn item_colours(&self) -> Vec<u32> {
        self.picture().colours.clone()
    }
    fn item_lengths(&self) -> Vec<u32> {
        self.picture().len.clone()
    }
    fn item_flags(&self) -> Vec<u8> {
        self.picture().flags.clone()
    }
    fn option_states(&self) -> Vec<u8> {
        self.picture().options.clone()
    }
}

/// The error of a result that must be one.
fn err<T: std::fmt::Debug>(r: Result<T, String>) -> String {
    r.expect_err("an error")
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
fn events_of(words: &[u32]) -> Vec<Ev> {
    decode(words)
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
fn assert_last(t: &Watch, last: Option<Ev>, what: &str) {
    let want = last.map_or((-1, 0, 0), |(k, a, b)| (k as i32, a, b));
    assert_eq!(
        (t.last_kind(), t.last_a(), t.last_b()),
        want,
        "{what}: lastKind, lastA, lastB"
    );
}

/// Everything a viewer can read off a Watch between batches (after a `refresh`).
#[derive(Debug, PartialEq)]
struct Snapshot {
    counters: [u64; 5],
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

fn snapshot(t: &mut Watch) -> Snapshot {
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
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn knuths_counters_are_the_hand_worked_ones() {
    let mut t = knuth();
    assert_eq!(snapshot(&mut t).counters, [0; 5]);
    let mut at_dead_end = None;
    while !t.done() {
        let events = events_of(t.next_batch(1));
        if events.first().map(|e| e.0) == Some(DEAD_END) {
            at_dead_end = Some(snapshot(&mut t).counters);
        }
    }
    assert_eq!(at_dead_end, Some([11, 2, 10, 0, 1]));
    assert_eq!(snapshot(&mut t).counters, [41, 5, 17, 1, 1]);
}

/// `levelEnded` (what the narration says "back up" on) is true right after a solution or a
/// dead end, never after a choice, a cover, a try or an untry, and false at the start; an
/// uncover ends a level only when it gives back the item the level chose.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
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

/// Options as the page hands them over: lists of item numbers.
fn options_of(options: &[&[u32]]) -> Vec<Result<Vec<usize>, String>> {
    options
        .iter()
        .map(|o| Ok(o.iter().map(|&i| i as usize).collect()))
        .collect()
}

fn names(v: &[&str]) -> Option<Vec<String>> {
    Some(v.iter().map(|&s| s.to_owned()).collect())
}

/// Knuth's example built from its options, with no names.
fn knuth() -> Watch {
    Watch::exact_cover(7, 0, options_of(&KNUTH_OPTIONS), None).expect("Knuth's example is well formed")
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn exact_cover_items_can_be_named() {
    let abc = ["a", "b", "c", "d", "e", "f", "g"];
    let t = Watch::exact_cover(7, 0, options_of(&KNUTH_OPTIONS), names(&abc)).unwrap();
    for (i, n) in abc.iter().enumerate() {
        assert_eq!(t.item_name(i), *n);
    }
    assert_eq!(t.item_name(7), "item 7");
    assert_eq!(t.item_name(u32::MAX as usize), format!("item {}", u32::MAX));
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
    let m = Watch::exact_cover(1, 1, options_of(&[&[0, 1]]), names(&["p", "s"])).unwrap();
    assert_eq!((m.item_name(1), m.option_name(0)), ("s".to_string(), "p s".to_string()));
    assert_eq!((m.items(), m.primary(), m.options()), (2, 1, 1));
    // Too few or too many: clean errors (names that are not strings: tests/wasm.rs).
    let e = |n| err(Watch::exact_cover(7, 0, options_of(&KNUTH_OPTIONS), n).map(|_| ()));
    assert_eq!(e(names(&abc[..6])), "6 names for 7 items");
    assert_eq!(
        e(names(&["a", "b", "c", "d", "e", "f", "g", "h"])),
        "8 names for 7 items"
    );
    assert_eq!(e(names(&[])), "0 names for 7 items");
}

/// The node arrays a viewer draws Knuth's example from, against the layout worked out from
/// the options by hand: item headers 0..7, a spacer, then each option's nodes and a spacer;
/// each item's list runs down its nodes in order, each option's `right` round its nodes. The
/// item list is a, b, … g between the primary root (7); the secondary root (8) is alone.
/// Then the most nodes handed out, 4096, and one option more.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
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
    let singles = |n: usize| (0..n).map(|_| Ok(vec![0]));
    let most = Watch::exact_cover(1, 0, singles(2047), None).unwrap();
    assert_eq!(most.node_options().len(), 4096);
    assert_eq!(most.node_links().unwrap().len(), 4 * 4096);
    let over = Watch::exact_cover(1, 0, singles(2048), None).unwrap();
    assert_eq!(err(over.node_links()), "too many nodes to draw (more than 4096)");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn knuth_is_knuths_example_event_for_event() {
    let mut k = Watch::knuth();
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

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
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
    assert_eq!((t.events(), t.solutions()), (41, 1));
    assert_eq!(t.dead_ends() as usize, count(DEAD_END));
    assert_eq!(t.nodes() as usize, count(TRY));
    assert!(t.done() && t.depth() == 0 && t.covered_items().is_empty());
    t.refresh();
    assert_eq!(
        t.item_lengths().to_vec(),
        vec![2, 2, 2, 3, 2, 2, 3],
        "every list restored"
    );
    assert_eq!(t.choices().len(), 0, "no level open at the end");
    assert_eq!(t.next_batch(10).len(), 0, "nothing after done");
    assert_last(&t, Some((DONE, 0, 0)), "after done");
    // In one batch the same events; and all the way back gives them in reverse.
    let mut u = knuth();
    let words = u.next_batch(1_000_000);
    assert_eq!(events_of(words), events);
    assert_last(&u, events.last().copied(), "one batch");
    let mut back = events_of(u.prev_batch(1_000_000));
    back.reverse();
    assert_eq!(back, events);
    assert!(u.at_start() && u.events() == 0);
    assert_last(&u, None, "all the way back");
    assert_eq!(u.prev_batch(5).len(), 0, "nothing before the start");
    // One event back at a time: the last event is always the one before.
    u.next_batch(1_000_000);
    for k in (0..events.len()).rev() {
        assert_eq!(events_of(u.prev_batch(1)), vec![events[k]]);
        assert_last(&u, k.checked_sub(1).map(|j| events[j]), "one back");
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn back_n_then_forward_n_is_the_identity() {
    // HARD's whole search is 7,931 events; the empty grid's never ends.
    for (puzzle, total) in [(HARD.to_string(), 5_000usize), (empty_grid(), 20_000)] {
        let mut t = sudoku(&puzzle);
        assert_eq!(t.givens(), Some(puzzle.as_str()));
        assert_eq!((t.items(), t.options()), (324, 729));
        let first = t.next_batch(total).to_vec();
        assert_eq!(first.len(), 2 * total);
        let stream = decode(&first);
        assert_last(&t, stream.last().copied(), "after the first pass");
        let at = snapshot(&mut t);
        for n in [0usize, 1, 2, 3, 7, 41, 100, 999, 4_999, 5_000, 19_999, 20_000, 25_000] {
            let back = t.prev_batch(n).to_vec();
            let undone = n.min(total);
            assert_eq!(back.len(), 2 * undone, "n = {n}");
            assert_eq!(t.events(), (total - undone) as u64);
            assert_eq!(t.at_start(), undone == total);
            let before = total - undone;
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
        let mut back = events_of(t.prev_batch(more.len() / 2));
        back.reverse();
        assert!(back == decode(&more), "forward then back");
        assert!(snapshot(&mut t) == at);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_whole_search_balances_and_counts_its_solutions() {
    // The 16-clue grid end to end through the trace: 1158 solutions, covers and uncovers balance.
    let mut t = sudoku(SIXTEEN_CLUES);
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
    assert_eq!((t.events(), t.solutions()), (total, 1158));
    // run() with Solution in the stop set runs to each solution without reporting events.
    let stop_at_solution = 1 << EventKind::Solution as u32;
    let mut s = sudoku(SIXTEEN_CLUES);
    let mut found = 0;
    let mut ran = 0;
    while !s.done() {
        let start_depth = s.depth();
        let n = s.run(u64::MAX, stop_at_solution).events;
        ran += n;
        assert!(s.stopped(), "a run with no limit stops for a solution or at the end");
        assert!(s.run_min_depth() <= start_depth.min(s.depth()) && s.run_max_depth() >= start_depth.max(s.depth()));
        if !s.done() {
            found += 1;
            assert_eq!(s.depth() as usize + 16, 81, "run stops right after a solution");
            assert_last(&s, Some((SOLUTION, 0, 0)), "run to a solution");
            assert_eq!(s.run_max_depth(), 65, "the deepest point of the run is the solution");
            assert_eq!(s.solutions(), found);
        } else {
            assert_last(&s, Some((DONE, 0, 0)), "run to the end");
            assert_eq!(s.run_min_depth(), 0);
        }
    }
    assert_eq!(found, 1158);
    assert_eq!(s.events(), total);
    assert_eq!(ran, total);
    assert_eq!(s.run(u64::MAX, stop_at_solution).events, 0);
    assert!(s.stopped(), "a finished search stops at once");
    // A limit: exactly that many events, and not stopped.
    let mut u = sudoku(SIXTEEN_CLUES);
    assert_eq!(u.run(10, stop_at_solution).events, 10);
    assert!(!u.stopped());
    assert_eq!(u.events(), 10);
    assert_eq!(u.run(0, 0).events, 0);
    assert!(!u.stopped());
    assert_eq!(u.events(), 10);
}

/// The stream of a trace, one event at a time: each event and the depth after it.
fn stream(mut t: Watch, n: usize) -> (u32, Vec<(Ev, u32)>) {
    let start = t.depth();
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
fn run_to_the_nth_try_and_back(make: &dyn Fn() -> Watch, n: usize, what: &str) {
    let (start_depth, events) = stream(make(), 1_000_000);
    let tries: Vec<usize> = (0..events.len()).filter(|&k| events[k].0 .0 == TRY).collect();
    assert!(tries.len() >= n && n >= 2, "{what}: {} tries", tries.len());
    let depth_after = |k: Option<usize>| k.map_or(start_depth, |k| events[k].1);
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
        let ran = t.run(u64::MAX, try_bit).events;
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
    let undone = t.run_back(u64::MAX, try_bit).events;
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
    let words = u.next_batch(prev + 1);
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
    assert_eq!(t.run_back(3, 0).events, 3);
    assert!(!t.stopped());
    assert_eq!(t.events(), before - 3);
    assert_eq!(t.run_back(u64::MAX, 0).events, before - 3);
    assert!(t.stopped() && t.at_start());
    assert_eq!(t.run_min_depth(), 0);
    assert_last(&t, None, "runBack to the start");
    assert_eq!(t.run_back(u64::MAX, try_bit).events, 0);
    assert!(t.stopped());
    assert_eq!(snapshot(&mut t), snapshot(&mut make()), "{what}: back at the start");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn run_to_the_fifth_try_then_back_to_the_fourth() {
    run_to_the_nth_try_and_back(&|| sudoku(HARD), 5, "HARD, try 5");
    run_to_the_nth_try_and_back(&|| sudoku(&empty_grid()), 5, "empty grid, try 5");
    run_to_the_nth_try_and_back(&Watch::knuth, 5, "Knuth, try 5");
    // Further in, where the search has backed up between the tries.
    run_to_the_nth_try_and_back(&|| sudoku(HARD), 200, "HARD, try 200");
    run_to_the_nth_try_and_back(&|| sudoku(IMPOSSIBLE), 30, "IMPOSSIBLE, try 30");
}

mod view;
