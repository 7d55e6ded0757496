//! The step-by-step trace: the search's events, encoded compactly for the web page.
//!
//! A [`Trace`] owns a [`Search`] and hands out its events in batches, forwards or
//! backwards. It never keeps the events it has handed out: going back uses
//! [`Search::step_back`], which undoes an event from the search's state alone, so an
//! empty grid (about 6.7×10²¹ solutions) streams forever in constant memory.
//!
//! # Encoding
//!
//! Every event is two `u32` words, `[kind | b << 4, a]`:
//!
//! | kind (`Kind`) | `a`      | `b`                 |
//! |---------------|----------|---------------------|
//! | 0 `Choose`    | item     | its length (≥ 1)    |
//! | 1 `Cover`     | item     | 0                   |
//! | 2 `Uncover`   | item     | 0                   |
//! | 3 `Try`       | option   | level (from 0)      |
//! | 4 `Untry`     | option   | level               |
//! | 5 `Solution`  | 0        | 0                   |
//! | 6 `DeadEnd`   | item     | 0                   |
//! | 7 `Done`      | 0        | 0                   |
//! | 8 `Purify`    | item     | colour (from 1)     |
//! | 9 `Unpurify`  | item     | colour              |
//!
//! A backward batch lists the events it undid, most recent first, in the same encoding.
//! Items and options are the matrix's own numbers; for Sudoku, those of
//! [`model`](crate::sudoku::model). Which options a `Cover` hid is not in the event: it
//! is every option of that item not already hidden (the tests below fold the events to
//! check it). The page does not fold events: it reads [`crate::view`] after each movement.

use crate::exact_cover::{Event, Matrix, Observer, Search, Step, Stepwise};
use crate::tree::Tree;

/// The kinds of event, as numbered in the encoding (exported to JavaScript as `EventKind`).
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen(js_name = EventKind))]
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Choose = 0,
    Cover = 1,
    Uncover = 2,
    Try = 3,
    Untry = 4,
    Solution = 5,
    DeadEnd = 6,
    Done = 7,
    Purify = 8,
    Unpurify = 9,
}

impl Kind {
    /// The kind of an event.
    pub fn of(event: Event) -> Kind {
        match event {
            Event::Choose { .. } => Kind::Choose,
            Event::Cover { .. } => Kind::Cover,
            Event::Uncover { .. } => Kind::Uncover,
            Event::Try { .. } => Kind::Try,
            Event::Untry { .. } => Kind::Untry,
            Event::Solution => Kind::Solution,
            Event::DeadEnd { .. } => Kind::DeadEnd,
            Event::Done => Kind::Done,
            Event::Purify { .. } => Kind::Purify,
            Event::Unpurify { .. } => Kind::Unpurify,
        }
    }

    /// Its bit in a set of kinds (see [`Trace::run`]).
    pub fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// The layout of an event's first word, `kind | b << KindBits` (exported to
/// JavaScript, so that no decoder retypes it).
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EventWord {
    /// Bits of the kind, at the bottom of the first word.
    KindBits = 4,
    /// Bits of the `b` field, above the kind.
    BBits = 28,
}

const KIND_BITS: u32 = EventWord::KindBits as u32;
const KIND_MASK: u32 = (1 << KIND_BITS) - 1;
/// Largest `b` field.
const B_MAX: u32 = (1 << EventWord::BBits as u32) - 1;
const _: () = assert!(EventWord::KindBits as u32 + EventWord::BBits as u32 == 32);

/// The two words of an event.
pub fn encode(event: Event) -> [u32; 2] {
    let (a, b) = fields(event);
    [Kind::of(event) as u32 | b.min(B_MAX) << KIND_BITS, a]
}

/// The `a` and `b` fields of an event (see the table above).
pub fn fields(event: Event) -> (u32, u32) {
    match event {
        Event::Choose { item, len } => (item, len),
        Event::Cover { item } | Event::Uncover { item } | Event::DeadEnd { item } => (item, 0),
        Event::Try { option, level } | Event::Untry { option, level } => (option, level),
        Event::Solution | Event::Done => (0, 0),
        Event::Purify { item, colour } | Event::Unpurify { item, colour } => (item, colour),
    }
}

/// The event of two words, if they encode one. (The trace never reads its words back: its
/// one observer hands each event to the words and the tree at once. This is for their readers.)
pub fn decode(words: [u32; 2]) -> Option<Event> {
    let (kind, b, a) = (words[0] & KIND_MASK, words[0] >> KIND_BITS, words[1]);
    Some(match kind {
        0 => Event::Choose { item: a, len: b },
        1 => Event::Cover { item: a },
        2 => Event::Uncover { item: a },
        3 => Event::Try { option: a, level: b },
        4 => Event::Untry { option: a, level: b },
        5 => Event::Solution,
        6 => Event::DeadEnd { item: a },
        7 => Event::Done,
        8 => Event::Purify { item: a, colour: b },
        9 => Event::Unpurify { item: a, colour: b },
        _ => return None,
    })
}

/// The one observer of a watched search: it is handed each event once, as the search does it
/// or undoes it, and feeds everything that reads events: the batch's words (when a batch asks
/// for them), the tree (unless it saw the event already) and the last event done. (One type for
/// every way of stepping: in wasm each observer's copy of the search's loop is 18 KB.)
struct Feed<'a> {
    words: Option<&'a mut Vec<u32>>,
    tree: Option<&'a mut Tree>,
    /// The last event done since the feed began.
    last: Option<Event>,
}

impl<'a> Feed<'a> {
    fn new(words: Option<&'a mut Vec<u32>>, tree: Option<&'a mut Tree>) -> Feed<'a> {
        Feed {
            words,
            tree,
            last: None,
        }
    }

    /// An event the search just undid (`search` is the search after undoing it): its words, and
    /// the tree cut back.
    fn undone(&mut self, event: Event, search: &Search) {
        if let Some(words) = self.words.as_deref_mut() {
            words.extend_from_slice(&encode(event));
        }
        if let Some(tree) = self.tree.as_deref_mut() {
            tree.revert(event, search);
        }
    }
}

impl Observer for Feed<'_> {
    /// An event the search just did. Natively inlined into each event of the search's loop,
    /// where the event is known and most of the work folds away; in wasm one copy, called:
    /// inlined there, its tests and the tree's call at every event cost V8 more than they save.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn event(&mut self, event: Event) {
        if let Some(words) = self.words.as_deref_mut() {
            words.extend_from_slice(&encode(event));
        }
        if let Some(tree) = self.tree.as_deref_mut() {
            tree.apply(event);
        }
        self.last = Some(event);
    }
}

/// What a [`Trace::run`] or [`Trace::run_back`] did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Run {
    /// Events run (or undone).
    pub events: u64,
    /// True when it stopped for an event of the kinds asked, or at the end (or start)
    /// of the search; false when it ran the whole `max`.
    pub stopped: bool,
    /// The least and greatest depth (options in the partial solution) it passed.
    pub min_depth: usize,
    pub max_depth: usize,
}

/// A search being watched: it moves forwards and backwards, one event or many at a time,
/// and always knows the last event.
#[derive(Clone, Debug)]
pub struct Trace {
    search: Search,
    last: Option<Event>,
    /// After a movement backwards, the line of Algorithm X whose event it undid last (the
    /// event a step forward would do again); `None` after a movement forwards.
    undone: Option<Step>,
    /// The search tree so far, grown and cut back by the same events.
    tree: Tree,
}

impl Trace {
    /// The search of any exact-cover problem.
    pub fn exact_cover(matrix: Matrix) -> Trace {
        Trace::new(Search::new(matrix))
    }

    /// The trace of `search` as it stands (the Sudoku's, givens committed, is made in
    /// [`crate::sudoku::dlx`]).
    pub(crate) fn new(search: Search) -> Trace {
        Trace {
            search,
            last: None,
            undone: None,
            tree: Tree::default(),
        }
    }

    /// The search tree so far ([`crate::tree`]).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// Keeps at most `limit` nodes of the search tree (at least the root). Only before the
    /// search's first event: later, it does nothing.
    pub fn set_tree_limit(&mut self, limit: usize) {
        if self.search.is_at_start() {
            self.tree = Tree::with_limit(limit);
        }
    }

    /// Appends up to `max` events (two words each) to `out`; fewer only when the
    /// search ends. Returns how many.
    pub fn next_batch(&mut self, max: usize, out: &mut Vec<u32>) -> usize {
        let mut n = 0;
        let mut feed = Feed::new(Some(out), Some(&mut self.tree));
        while n < max && !self.search.is_done() {
            self.search.step(&mut feed);
            n += 1;
        }
        let last = feed.last;
        self.learn_done(last);
        n
    }

    /// After a movement forwards: its last event, if it did one.
    fn learn_done(&mut self, last: Option<Event>) {
        if last.is_some() {
            self.last = last;
            self.undone = None;
        }
    }

    /// Undoes the last event, feeding it to the tree and to `words` if given; `None` at the
    /// start.
    fn back(&mut self, words: Option<&mut Vec<u32>>) -> Option<Event> {
        let e = self.search.step_back(&mut Stepwise)?;
        Feed::new(words, Some(&mut self.tree)).undone(e, &self.search);
        Some(e)
    }

    /// Undoes up to `max` events, appending each undone event to `out`, most recent
    /// first; fewer only at the start. Returns how many.
    pub fn prev_batch(&mut self, max: usize, out: &mut Vec<u32>) -> usize {
        let mut n = 0;
        while n < max && self.back(Some(out)).is_some() {
            n += 1;
        }
        if n > 0 {
            self.learn_undone();
            self.learn_last();
        }
        n
    }

    /// Runs up to `max` events, stopping right after one whose kind is in `stop_after`
    /// (a set of [`Kind::bit`]s) or at the end of the search.
    pub fn run(&mut self, max: u64, stop_after: u32) -> Run {
        let mut depth = (self.search.depth(), self.search.depth());
        let mut run = Run::default();
        let mut feed = Feed::new(None, Some(&mut self.tree));
        while run.events < max {
            if self.search.is_done() {
                run.stopped = true;
                break;
            }
            self.search.step(&mut feed);
            run.events += 1;
            let d = self.search.depth();
            depth = (depth.0.min(d), depth.1.max(d));
            if feed.last.is_some_and(|e| stop_after & Kind::of(e).bit() != 0) {
                run.stopped = true;
                break;
            }
        }
        let last = feed.last;
        self.learn_done(last);
        (run.min_depth, run.max_depth) = depth;
        run
    }

    /// Undoes up to `max` events, stopping at the start, or before undoing a second
    /// event whose kind is in `stop_before`: that event stays done, and is the last.
    /// (So "back to the previous Try" undoes the events after the Try before the last.)
    pub fn run_back(&mut self, max: u64, stop_before: u32) -> Run {
        self.undo(max, |e, _, undone| undone > 0 && stop_before & Kind::of(e).bit() != 0)
    }

    /// Undoes up to `max` events, stopping at the moment right after the search tried the
    /// last option of `path` (options from level 0 down) with the others above it: the moment
    /// of a tree node made again from a fold, whose event count was not kept. Stops at the
    /// start if no such moment lies behind (then `stopped` is true and the search is at its
    /// start); else `stopped` says whether it was found.
    pub fn back_to(&mut self, max: u64, path: &[u32]) -> Run {
        let Some((&last, above)) = path.split_last() else {
            return Run::default(); // the root: no Try to stop after
        };
        let tried = Event::Try {
            option: last,
            level: above.len() as u32,
        };
        self.undo(max, |e, search, _| {
            e == tried && search.solution().eq(above.iter().map(|&o| o as usize))
        })
    }

    /// Undoes up to `max` events, stopping at the start or where `stop(event, search after
    /// undoing it, events undone before it)` says so: that event is done again and stays the
    /// last.
    fn undo(&mut self, max: u64, mut stop: impl FnMut(Event, &Search, u64) -> bool) -> Run {
        let mut depth = (self.search.depth(), self.search.depth());
        let mut run = Run::default();
        while run.events < max {
            let Some(e) = self.search.step_back(&mut Stepwise) else {
                run.stopped = true;
                break;
            };
            if stop(e, &self.search, run.events) {
                self.redo(); // it is where we stop
                run.stopped = true;
                break;
            }
            Feed::new(None, Some(&mut self.tree)).undone(e, &self.search);
            run.events += 1;
            let d = self.search.depth();
            depth = (depth.0.min(d), depth.1.max(d));
        }
        if run.events > 0 {
            self.learn_undone();
        }
        self.learn_last();
        (run.min_depth, run.max_depth) = depth;
        run
    }

    /// Runs up to `max` events without reporting them, stopping after a solution or at
    /// the end. Returns how many ran.
    pub fn skip(&mut self, max: u64) -> u64 {
        self.run(max, Kind::Solution.bit()).events
    }

    /// The event that brought the search where it is (`None` at the start).
    pub fn last(&self) -> Option<Event> {
        self.last
    }

    /// The line of Algorithm X that did the last event ([`Step::Start`] at the start).
    pub fn step(&self) -> Step {
        self.search.step_of(self.last)
    }

    /// After a movement backwards, the line of Algorithm X whose event it undid last (the
    /// event that a step forward does again); `None` after a movement forwards.
    pub fn undone(&self) -> Option<Step> {
        self.undone
    }

    /// Finds the line of the event just undone: one step forward, where [`Search::step_of`]
    /// reads it, and back again. (Back again can leave the search at the same moment told
    /// another way: after a level's end, an untry one level up that is yet to come rather
    /// than the level's end just passed. [`Trace::learn_last`], a step back and forward,
    /// puts it as a step forward leaves it: call that after this.)
    fn learn_undone(&mut self) {
        // Through `run`, not a `step` of its own: each call of `step` inlines the whole search
        // (18 KB of wasm), and `run` has it already.
        self.undone = match self.run(1, 0).events {
            0 => None,
            _ => {
                let undone = self.step();
                self.back(None);
                Some(undone)
            }
        };
    }

    /// The event a step forward would do next (`None` at the end), the search left as it was:
    /// its moment, its last event, what a step back undid, its tree. (Predict mode asks the
    /// student for it before the search does it: the answer is the search's own next move.)
    pub fn peek(&mut self) -> Option<Event> {
        let (last, undone) = (self.last, self.undone);
        // Through `run`, as `learn_undone`: no second copy of the search's step in wasm.
        let next = match self.run(1, 0).events {
            0 => None,
            _ => {
                let e = self.last;
                self.back(None);
                self.learn_last();
                e
            }
        };
        (self.last, self.undone) = (last, undone);
        next
    }

    /// Finds the last event from the search's state: one step back and forward again.
    fn learn_last(&mut self) {
        self.last = self.search.step_back(&mut Stepwise);
        if self.last.is_some() {
            self.redo();
        }
    }

    /// Does again the event just undone, unseen by the tree (which did not see its undoing).
    /// Through the one [`Feed`], fed nothing, not [`Stepwise`]: in wasm each observer's copy
    /// of the search's loop is 18 KB of the module.
    fn redo(&mut self) {
        self.search.step(&mut Feed::new(None, None));
    }

    pub fn search(&self) -> &Search {
        &self.search
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::Status;
    use crate::sudoku::model;
    use crate::sudoku::Puzzle;

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_event_survives_encoding() {
        let events = [
            Event::Choose { item: 323, len: 9 },
            Event::Cover { item: 0 },
            Event::Uncover { item: 17 },
            Event::Try { option: 728, level: 80 },
            Event::Untry { option: 5, level: 3 },
            Event::Solution,
            Event::DeadEnd { item: 200 },
            Event::Done,
            Event::Purify { item: 12, colour: 3 },
            Event::Unpurify { item: 7, colour: 1 },
        ];
        for (k, e) in events.into_iter().enumerate() {
            let words = encode(e);
            assert_eq!(words[0] & 15, k as u32, "kind numbers follow Kind");
            assert_eq!(decode(words), Some(e));
        }
        assert_eq!(decode([10, 0]), None);
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
        let mut trace = Trace::sudoku(&puzzle);
        let mut fold = Fold::new(&puzzle);
        fold.check(trace.search(), 0);
        let (mut covers, mut uncovers, mut at) = (0, 0, 0);
        let mut words = Vec::new();
        loop {
            words.clear();
            if trace.next_batch(1, &mut words) == 0 {
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
        let mut trace = Trace::sudoku(&puzzle);
        let mut fold = Fold::new(&puzzle);
        let mut words = Vec::new();
        trace.next_batch(5000, &mut words);
        for e in decode_all(&words) {
            fold.apply(e);
        }
        for n in [0, 1, 2, 7, 100, 999, 5000, 6000] {
            let before = trace.search().clone();
            let mut back = Vec::new();
            let undone = trace.prev_batch(n, &mut back);
            assert_eq!(undone, n.min(5000));
            for e in decode_all(&back) {
                fold.revert(e);
            }
            fold.check(trace.search(), 5000 - undone);
            let mut fwd = Vec::new();
            trace.next_batch(undone, &mut fwd);
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
        let mut trace = Trace::sudoku(&puzzle);
        trace.set_tree_limit(LIMIT);
        let mut tree = Tree::with_limit(LIMIT);
        let mut words = Vec::new();
        let mut ended = false;
        for round in 0..40 {
            words.clear();
            let n = trace.next_batch(300 + 37 * round, &mut words);
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
                if trace.prev_batch(1, &mut words) == 0 {
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
        let mut trace = Trace::exact_cover(crate::exact_cover::knuth_example());
        let mut words = Vec::new();
        assert_eq!(trace.next_batch(1000, &mut words), 41);
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
        assert_eq!(trace.next_batch(10, &mut words), 0, "nothing after done");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_empty_grid_streams_in_constant_memory() {
        let puzzle: Puzzle = ".".repeat(81).parse().unwrap();
        let mut trace = Trace::sudoku(&puzzle);
        let mut words = Vec::with_capacity(2 * 4096);
        let mut solutions = 0;
        for _ in 0..200 {
            words.clear();
            assert_eq!(trace.next_batch(4096, &mut words), 4096);
            solutions += decode_all(&words).iter().filter(|e| **e == Event::Solution).count();
            assert_eq!(words.capacity(), 2 * 4096, "the batch buffer never grows");
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
        let mut trace = Trace::sudoku(&puzzle);
        assert_eq!(trace.last(), None);
        let mut reference = Trace::sudoku(&puzzle);
        let mut words = Vec::new();
        reference.next_batch(20_000, &mut words);
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
        trace.next_batch(3, &mut Vec::new());
        assert_eq!(trace.last(), Some(events[2]));
        trace.prev_batch(1, &mut Vec::new());
        assert_eq!(trace.last(), Some(events[1]));
    }

    fn depth_after(puzzle: &Puzzle, k: usize) -> usize {
        let mut t = Trace::sudoku(puzzle);
        t.next_batch(k, &mut Vec::new());
        t.search().depth()
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn run_stops_at_the_end_of_the_search() {
        let mut trace = Trace::exact_cover(crate::exact_cover::knuth_example());
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
        trace.prev_batch(1, &mut Vec::new());
        let undone = trace.undone();
        assert!(undone.is_some());
        assert_eq!(trace.next_batch(0, &mut Vec::new()), 0);
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
        let mut trace = Trace::exact_cover(crate::exact_cover::knuth_example());
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
        let mut trace = Trace::sudoku(&puzzle);
        let mut before = None;
        // The moment before, as the step forward left it: its line, and whether its level ended.
        let mut moment = (Step::Start, false);
        let mut seen = std::collections::HashSet::new();
        for k in 0..20_000 {
            let mut words = Vec::new();
            if trace.next_batch(1, &mut words) == 0 {
                break;
            }
            let e = decode_all(&words)[0];
            let step = trace.step();
            assert_eq!(step, step_by_neighbours(before, e), "event {k}: {e:?} after {before:?}");
            assert_eq!(trace.undone(), None, "a step forward undid nothing");
            seen.insert(step);
            // One step back marks the line it undid; the line of the event before is the step.
            let mut back = Vec::new();
            trace.prev_batch(1, &mut back);
            assert_eq!(trace.undone(), Some(step), "event {k}: back one undoes {e:?}");
            assert_eq!(trace.last(), before);
            assert_eq!(
                (trace.step(), trace.search().level_ended()),
                moment,
                "event {k}: back at the moment before"
            );
            trace.next_batch(1, &mut Vec::new());
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
        let mut trace = Trace::sudoku(&puzzle);
        let moment = |t: &Trace| {
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
            if trace.next_batch(1, &mut words) == 0 {
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
                trace.prev_batch(1, &mut back);
                let undone = moment(&trace);
                assert_eq!(trace.peek(), next, "event {k}: after a step back, the event undone");
                assert_eq!(moment(&trace), undone);
                trace.next_batch(1, &mut Vec::new());
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
}
