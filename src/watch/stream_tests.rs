//! The stream of a watched search, both ways, against the events themselves: folded into a
//! viewer's model of the Sudoku numbering, replayed after any way back, fed to a tree grown
//! apart, and walked line by line of Algorithm X. Also run under wasm32 (Node), as every unit
//! test.

use super::events::{decode, Kind};
use super::*;
use crate::exact_cover::Status;
use crate::sudoku::model;

/// The next `max` events, their words appended to `out`; how many.
fn batch(t: &mut Watch, max: usize, out: &mut Vec<u32>) -> usize {
    let words = t.next_batch(max);
    out.extend_from_slice(words);
    words.len() / 2
}

/// Undoes `max` events, their words appended to `out`, most recent first; how many.
fn batch_back(t: &mut Watch, max: usize, out: &mut Vec<u32>) -> usize {
    let words = t.prev_batch(max);
    out.extend_from_slice(words);
    words.len() / 2
}

/// A viewer's model built only from the events and the numbering: which items are
/// covered, which options are hidden and by which cover, and the partial solution.
struct Fold {
    covered: Vec<bool>,
    hidden_by: Vec<Option<usize>>,
    solution: Vec<usize>,
}

impl Fold {
    fn new(puzzle: &Puzzle) -> Fold {
        let mut f = Fold {
            covered: vec![false; model::ITEMS],
            hidden_by: vec![None; model::OPTIONS],
            solution: vec![],
        };
        // The givens' items start covered, and with them every option that uses one.
        for (cell, &d) in puzzle.givens().cells().iter().enumerate() {
            if d != 0 {
                for i in model::option_items(model::option(cell, d)) {
                    f.cover(i);
                }
            }
        }
        f
    }
    fn cover(&mut self, item: usize) {
        self.covered[item] = true;
        for o in model::item_options(item) {
            if self.hidden_by[o].is_none() {
                self.hidden_by[o] = Some(item);
            }
        }
    }
    fn uncover(&mut self, item: usize) {
        self.covered[item] = false;
        for o in model::item_options(item) {
            if self.hidden_by[o] == Some(item) {
                self.hidden_by[o] = None;
            }
        }
    }
    fn apply(&mut self, e: Event) {
        match e {
            Event::Cover { item } => self.cover(item as usize),
            Event::Uncover { item } => self.uncover(item as usize),
            Event::Try { option, level } => {
                assert_eq!(level as usize, self.solution.len());
                self.solution.push(option as usize);
            }
            Event::Untry { option, .. } => assert_eq!(self.solution.pop(), Some(option as usize)),
            _ => {}
        }
    }
    fn revert(&mut self, e: Event) {
        match e {
            Event::Cover { item } => self.uncover(item as usize),
            Event::Uncover { item } => self.cover(item as usize),
            Event::Try { option, .. } => assert_eq!(self.solution.pop(), Some(option as usize)),
            Event::Untry { option, .. } => self.solution.push(option as usize),
            _ => {}
        }
    }
    fn check(&self, search: &Search, at: usize) {
        let m = search.matrix();
        for i in 0..model::ITEMS {
            assert_eq!(self.covered[i], m.is_covered(i), "event {at}: item {i} covered?");
            if !m.is_covered(i) {
                let live: Vec<usize> = m.item_options(i).collect();
                let folded: Vec<usize> = model::item_options(i)
                    .into_iter()
                    .filter(|&o| self.hidden_by[o].is_none())
                    .collect();
                assert_eq!(live, folded, "event {at}: options of item {i}");
            }
        }
        assert_eq!(
            self.solution,
            search.solution().collect::<Vec<_>>(),
            "event {at}: partial solution"
        );
    }
}

fn decode_all(words: &[u32]) -> Vec<Event> {
    words.chunks_exact(2).map(|w| decode([w[0], w[1]]).unwrap()).collect()
}

const HARD: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn folding_the_events_reproduces_the_engine_at_every_step() {
    let puzzle: Puzzle = HARD.parse().unwrap();
    let mut trace = Watch::sudoku(&puzzle, Alphabet::Digits);
    let mut fold = Fold::new(&puzzle);
    fold.check(trace.search(), 0);
    let (mut covers, mut uncovers, mut at) = (0, 0, 0);
    let mut words = Vec::new();
    loop {
        words.clear();
        if batch(&mut trace, 1, &mut words) == 0 {
            break;
        }
        let e = decode_all(&words)[0];
        covers += usize::from(matches!(e, Event::Cover { .. }));
        uncovers += usize::from(matches!(e, Event::Uncover { .. }));
        fold.apply(e);
        at += 1;
        fold.check(trace.search(), at);
        // The whole search has 17,180 events; a bound, so that a broken numbering (whose
        // givens fail to commit, leaving a nearly empty grid) fails here in seconds
        // instead of searching for ever.
        assert!(at < 100_000, "the search did not end within {at} events");
    }
    assert_eq!(covers, uncovers, "covers and uncovers balance over a whole search");
    assert!(at > 1000);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn back_then_forward_is_the_identity_at_any_distance() {
    let puzzle: Puzzle = HARD.parse().unwrap();
    let mut trace = Watch::sudoku(&puzzle, Alphabet::Digits);
    let mut fold = Fold::new(&puzzle);
    let mut words = Vec::new();
    batch(&mut trace, 5000, &mut words);
    for e in decode_all(&words) {
        fold.apply(e);
    }
    for n in [0, 1, 2, 7, 100, 999, 5000, 6000] {
        let before = trace.search().clone();
        let mut back = Vec::new();
        let undone = batch_back(&mut trace, n, &mut back);
        assert_eq!(undone, n.min(5000));
        for e in decode_all(&back) {
            fold.revert(e);
        }
        fold.check(trace.search(), 5000 - undone);
        let mut fwd = Vec::new();
        batch(&mut trace, undone, &mut fwd);
        // Forward again replays exactly the undone events, in the original order.
        let mut replay = decode_all(&back);
        replay.reverse();
        assert_eq!(decode_all(&fwd), replay);
        for e in replay {
            fold.apply(e);
        }
        fold.check(trace.search(), 5000);
        assert_eq!(trace.search().matrix(), before.matrix());
        assert_eq!(trace.search().counters(), before.counters());
    }
}

/// The tree is fed the very events the words say, forwards and back: a tree grown apart from
/// the decoded words of the batches (and cut back by them, one event at a time) is the
/// trace's own at every stop, folds and all, and the last event is the last word's.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_tree_and_the_words_tell_the_same_events_both_ways() {
    const LIMIT: usize = 300;
    let puzzle: Puzzle = HARD.parse().unwrap();
    let mut trace = Watch::sudoku(&puzzle, Alphabet::Digits);
    trace.set_tree_limit(LIMIT);
    let mut tree = Tree::with_limit(LIMIT);
    let mut words = Vec::new();
    let mut ended = false;
    for round in 0..40 {
        words.clear();
        let n = batch(&mut trace, 300 + 37 * round, &mut words);
        let events = decode_all(&words);
        assert_eq!(events.len(), n);
        for &e in &events {
            tree.apply(e);
        }
        assert_eq!(&tree, trace.tree(), "round {round}: forwards");
        if let Some(&e) = events.last() {
            assert_eq!(trace.last(), Some(e), "round {round}: the last event");
        }
        ended |= trace.search().is_done();
        for k in 0..100 + 13 * round {
            words.clear();
            if batch_back(&mut trace, 1, &mut words) == 0 {
                break;
            }
            tree.revert(decode_all(&words)[0], trace.search());
            assert_eq!(&tree, trace.tree(), "round {round}: back {k}");
        }
    }
    assert!(ended, "the search reached its end");
    assert!(tree.folds() >= 2, "the tree folded: {} folds", tree.folds());
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn knuths_example_streams_its_hand_worked_events() {
    let mut trace = Watch::of_matrix(crate::exact_cover::knuth_example());
    let mut words = Vec::new();
    assert_eq!(batch(&mut trace, 1000, &mut words), 41);
    assert_eq!(words.len(), 82);
    assert_eq!(
        &words[..6],
        &[
            Kind::Choose as u32 | 2 << 4,
            0,
            Kind::Cover as u32,
            0,
            Kind::Try as u32,
            1
        ],
        "choose a (len 2), cover a, try option 1 at level 0"
    );
    assert_eq!(&words[80..], &[7, 0], "ends with done");
    assert_eq!(batch(&mut trace, 10, &mut words), 0, "nothing after done");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_empty_grid_streams_in_constant_memory() {
    let puzzle: Puzzle = ".".repeat(81).parse().unwrap();
    let mut trace = Watch::sudoku(&puzzle, Alphabet::Digits);
    let mut words = Vec::with_capacity(2 * 4096);
    let mut solutions = 0;
    let mut capacity = None;
    for _ in 0..200 {
        words.clear();
        assert_eq!(batch(&mut trace, 4096, &mut words), 4096);
        solutions += decode_all(&words).iter().filter(|e| **e == Event::Solution).count();
        let now = trace.buf.capacity();
        assert_eq!(*capacity.get_or_insert(now), now, "the batch buffer never grows");
        assert_eq!(words.capacity(), 2 * 4096);
    }
    assert!(solutions > 100, "solutions keep coming: {solutions}");
    assert!(trace.search().depth() <= 81);
    let before = trace.search().counters().events;
    let ran = trace.skip(u64::MAX);
    assert_eq!(trace.search().counters().events, before + ran);
    assert_eq!(trace.search().depth(), 81, "skip stops right after a solution");
    let mut s = trace.search().clone();
    assert_ne!(s.step(&mut Stepwise), Status::Done);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn run_stops_after_the_kinds_asked_and_knows_the_last_event() {
    let puzzle: Puzzle = HARD.parse().unwrap();
    let mut trace = Watch::sudoku(&puzzle, Alphabet::Digits);
    assert_eq!(trace.last(), None);
    let mut reference = Watch::sudoku(&puzzle, Alphabet::Digits);
    let mut words = Vec::new();
    batch(&mut reference, 20_000, &mut words);
    let events = decode_all(&words);
    // Forward to each Try in turn: the run stops right after it.
    let mut at = 0;
    for _ in 0..50 {
        let run = trace.run(u64::MAX, Kind::Try.bit());
        assert!(run.stopped);
        at += run.events as usize;
        assert!(matches!(events[at - 1], Event::Try { .. }));
        assert_eq!(trace.last(), Some(events[at - 1]));
        assert_eq!(trace.search().counters().events, at as u64);
        let depths: Vec<usize> = (at - run.events as usize..=at)
            .map(|k| depth_after(&puzzle, k))
            .collect();
        assert_eq!(run.min_depth, *depths.iter().min().unwrap());
        assert_eq!(run.max_depth, *depths.iter().max().unwrap());
    }
    // Back to the previous Try: that Try stays done and is the last event.
    let run = trace.run_back(u64::MAX, Kind::Try.bit());
    assert!(run.stopped);
    let back_at = at - run.events as usize;
    assert!(matches!(events[back_at - 1], Event::Try { .. }));
    assert!(events[back_at..at - 1].iter().all(|e| !matches!(e, Event::Try { .. })));
    assert_eq!(trace.last(), Some(events[back_at - 1]));
    // A plain count back, then forward: the same events.
    let run = trace.run_back(7, 0);
    assert_eq!((run.events, run.stopped), (7, false));
    assert_eq!(trace.last(), Some(events[back_at - 8]));
    assert_eq!(trace.run(7, 0).events, 7);
    assert_eq!(trace.last(), Some(events[back_at - 1]));
    // All the way back: stopped at the start, nothing before.
    let run = trace.run_back(u64::MAX, 0);
    assert!(run.stopped);
    assert_eq!(run.events as usize, back_at);
    assert_eq!(trace.last(), None);
    assert!(trace.search().is_at_start());
    // Batches keep the last event too.
    batch(&mut trace, 3, &mut Vec::new());
    assert_eq!(trace.last(), Some(events[2]));
    batch_back(&mut trace, 1, &mut Vec::new());
    assert_eq!(trace.last(), Some(events[1]));
}

fn depth_after(puzzle: &Puzzle, k: usize) -> usize {
    let mut t = Watch::sudoku(puzzle, Alphabet::Digits);
    batch(&mut t, k, &mut Vec::new());
    t.search().depth()
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn run_stops_at_the_end_of_the_search() {
    let mut trace = Watch::of_matrix(crate::exact_cover::knuth_example());
    let run = trace.run(1000, 0);
    assert_eq!((run.events, run.stopped), (41, true));
    assert_eq!(trace.last(), Some(Event::Done));
    assert_eq!((run.min_depth, run.max_depth), (0, 3));
    assert_eq!(
        trace.run(10, 0),
        Run {
            events: 0,
            stopped: true,
            min_depth: 0,
            max_depth: 0
        }
    );
    assert_eq!(trace.last(), Some(Event::Done), "a movement of no event keeps the last");
    batch_back(&mut trace, 1, &mut Vec::new());
    let undone = trace.undone();
    assert!(undone.is_some());
    assert_eq!(batch(&mut trace, 0, &mut Vec::new()), 0);
    assert_eq!(trace.run(0, 0).events, 0);
    assert_eq!(trace.undone(), undone, "and what the step back undid");
}

/// The lines of Algorithm X, said by the events around them alone: X4's cover follows X3's
/// choice, X7's uncover follows the untry of the last branch; every other cover is X5's
/// and every other uncover X6's.
fn step_by_neighbours(before: Option<Event>, e: Event) -> Step {
    match e {
        Event::Solution => Step::Solution,
        Event::Choose { .. } => Step::Choose,
        Event::DeadEnd { .. } => Step::DeadEnd,
        Event::Cover { .. } if matches!(before, Some(Event::Choose { .. })) => Step::CoverChosen,
        Event::Cover { .. } | Event::Purify { .. } => Step::CoverOthers,
        Event::Try { .. } => Step::Try,
        Event::Uncover { .. } if matches!(before, Some(Event::Untry { .. })) => Step::UncoverChosen,
        Event::Uncover { .. } | Event::Unpurify { .. } => Step::UncoverOthers,
        Event::Untry { .. } => Step::Untry,
        Event::Done => Step::Done,
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn knuths_example_walks_the_lines_of_algorithm_x_as_his_paper_does() {
    use Step::*;
    let mut trace = Watch::of_matrix(crate::exact_cover::knuth_example());
    assert_eq!(trace.step(), Start);
    let mut steps = Vec::new();
    while trace.run(1, 0).events == 1 {
        steps.push(trace.step());
    }
    #[rustfmt::skip]
    let want = [
        // X3 chooses a (2 options), X4 covers it, X5 tries "a d g" and covers d and g
        Choose, CoverChosen, Try, CoverOthers, CoverOthers,
        // b (1 option), "b c f": c and f; then e has none left
        Choose, CoverChosen, Try, CoverOthers, CoverOthers, DeadEnd,
        // X6 takes "b c f" back (f, c, then the option), X7 uncovers b
        UncoverOthers, UncoverOthers, Untry, UncoverChosen,
        // X6 takes "a d g" back (g, d), X5 tries "a d" and covers d
        UncoverOthers, UncoverOthers, Untry, Try, CoverOthers,
        // e (1 option), "c e f"; b (1 option), "b g": X2 finds every item covered
        Choose, CoverChosen, Try, CoverOthers, CoverOthers,
        Choose, CoverChosen, Try, CoverOthers, Solution,
        // and backs out of every level: X6, X7 for b, e and a; X8 at level 0 ends it
        UncoverOthers, Untry, UncoverChosen,
        UncoverOthers, UncoverOthers, Untry, UncoverChosen,
        UncoverOthers, Untry, UncoverChosen, Done,
    ];
    assert_eq!(steps, want);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn each_event_has_its_line_of_algorithm_x_forwards_and_undone() {
    let puzzle: Puzzle = HARD.parse().unwrap();
    let mut trace = Watch::sudoku(&puzzle, Alphabet::Digits);
    let mut before = None;
    // The moment before, as the step forward left it: its line, and whether its level ended.
    let mut moment = (Step::Start, false);
    let mut seen = std::collections::HashSet::new();
    for k in 0..20_000 {
        let mut words = Vec::new();
        if batch(&mut trace, 1, &mut words) == 0 {
            break;
        }
        let e = decode_all(&words)[0];
        let step = trace.step();
        assert_eq!(step, step_by_neighbours(before, e), "event {k}: {e:?} after {before:?}");
        assert_eq!(trace.undone(), None, "a step forward undid nothing");
        seen.insert(step);
        // One step back marks the line it undid; the line of the event before is the step.
        let mut back = Vec::new();
        batch_back(&mut trace, 1, &mut back);
        assert_eq!(trace.undone(), Some(step), "event {k}: back one undoes {e:?}");
        assert_eq!(trace.last(), before);
        assert_eq!(
            (trace.step(), trace.search().level_ended()),
            moment,
            "event {k}: back at the moment before"
        );
        batch(&mut trace, 1, &mut Vec::new());
        assert_eq!(trace.step(), step);
        before = Some(e);
        moment = (step, trace.search().level_ended());
    }
    use Step::*;
    for s in [
        Choose,
        DeadEnd,
        CoverChosen,
        Try,
        CoverOthers,
        UncoverOthers,
        Untry,
        UncoverChosen,
    ] {
        assert!(seen.contains(&s), "{s:?} never came up");
    }
    // A longer way back marks the earliest event it undid, as a plain count or to a choice.
    trace.run_back(5, 0);
    let mut again = trace.clone();
    again.run(1, 0);
    assert_eq!(trace.undone(), Some(again.step()));
    trace.run_back(u64::MAX, Kind::Try.bit());
    let mut again = trace.clone();
    again.run(1, 0);
    assert_eq!(trace.undone(), Some(again.step()));
    assert_ne!(trace.undone(), Some(Try), "the Try it stopped at stays done");
    trace.run(3, 0);
    assert_eq!(trace.undone(), None);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn peek_tells_the_next_event_and_leaves_the_search_as_it_was() {
    let puzzle: Puzzle = HARD.parse().unwrap();
    let mut trace = Watch::sudoku(&puzzle, Alphabet::Digits);
    let moment = |t: &Watch| {
        (
            t.last(),
            t.step(),
            t.undone(),
            t.search().level_ended(),
            t.search().depth(),
            t.tree().nodes().len(),
        )
    };
    let (mut chooses, mut dead_ends) = (0, 0);
    for k in 0..5_000 {
        let before = moment(&trace);
        let next = trace.peek();
        assert_eq!(moment(&trace), before, "event {k}: peek moved nothing");
        assert_eq!(trace.peek(), next, "event {k}: twice the same");
        let mut words = Vec::new();
        if batch(&mut trace, 1, &mut words) == 0 {
            assert_eq!(next, None, "at the end there is no next event");
            break;
        }
        assert_eq!(
            Some(decode_all(&words)[0]),
            next,
            "event {k}: the next event is the one peeked"
        );
        match next {
            Some(Event::Choose { .. }) => chooses += 1,
            Some(Event::DeadEnd { .. }) => dead_ends += 1,
            _ => {}
        }
        // After a step back, peek tells the event undone, and the step back stays marked.
        if k % 7 == 3 {
            let mut back = Vec::new();
            batch_back(&mut trace, 1, &mut back);
            let undone = moment(&trace);
            assert_eq!(trace.peek(), next, "event {k}: after a step back, the event undone");
            assert_eq!(moment(&trace), undone);
            batch(&mut trace, 1, &mut Vec::new());
        }
    }
    assert!(
        chooses > 10 && dead_ends > 10,
        "{chooses} choices, {dead_ends} dead ends"
    );
    // At the end: nothing next, and still at the end.
    trace.run(u64::MAX, 0);
    assert!(trace.search().is_done());
    assert_eq!(trace.peek(), None);
    assert!(trace.search().is_done());
}
